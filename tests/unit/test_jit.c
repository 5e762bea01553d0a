/* test_jit.c — what libtcc lets a `genoc run` program link against
 * (driver/jit.c and the generated runtime_symbols.c, compiled in here).
 *
 * The emitter never produces calls outside the runtime ABI; this pins the
 * second line: C that names libc or system functions anyway fails to
 * relocate, while the runtime, the five listed libc functions and tcc's
 * own helpers resolve. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hugeheap.h"
#include "jit.h"
#include "prelude.h"
#include "runtime_symbols.h"
#include "rt_test_support.h"

/* A complete program around `body`, a statement list of main_fn. */
static const GenoProgram *compile_main(const char *decls, const char *body, char **error) {
    static char src[4096];
    snprintf(src, sizeof src,
             "#include <geno/rt.h>\n%s\n"
             "static GenoWord f_main(void) { %s return 0; }\n"
             "const GenoProgram geno_program = {\"t.geno\", f_main, &geno_t_unit, 0, 0, 0, 0};\n",
             decls, body);
    *error = NULL;
    return jit_compile(src, error);
}

START_TEST(runtime_symbols_resolve) {
    char *error;
    const GenoProgram *p = compile_main("", "GenoInt x = geno_int_from_i64(41); (void)x;", &error);
    ck_assert_msg(p != NULL, "%s", error ? error : "");
    ck_assert_ptr_nonnull(p->main_fn);
}
END_TEST

START_TEST(setjmp_and_memcpy_resolve) {
    char *error;
    const GenoProgram *p = compile_main("", "jmp_buf jb; if (setjmp(jb) == 0) {} "
                                            "struct { char b[256]; } a = {{0}}, c; c = a; (void)c;", &error);
    ck_assert_msg(p != NULL, "%s", error ? error : "");
}
END_TEST

START_TEST(libc_functions_do_not_link) {
    const char *forbidden[] = {"system", "open", "execve", "dlopen", "fork", "geno_no_such_symbol"};
    for (size_t i = 0; i < sizeof forbidden / sizeof forbidden[0]; i++) {
        char decl[128], call[128];
        snprintf(decl, sizeof decl, "extern int %s(const char *);", forbidden[i]);
        snprintf(call, sizeof call, "%s(\"x\");", forbidden[i]);
        char *error;
        const GenoProgram *p = compile_main(decl, call, &error);
        ck_assert_msg(p == NULL, "%s linked", forbidden[i]);
        ck_assert_msg(error && strstr(error, "undefined symbol") && strstr(error, forbidden[i]),
                      "%s: %s", forbidden[i], error ? error : "(no message)");
    }
}
END_TEST


/* Under tcc the Int macros are aliases of the runtime calls (rt.h): nested,
 * on small operands, across the small/big boundary and back, they must give
 * what gcc's inline versions give. */
#define INT_EXPR(a, b) GENO_INT_SUB(GENO_INT_ADD(GENO_INT_MUL(a, b, 0), GENO_INT_DIV(a, b, 0), 0), \
                                    GENO_INT_NEG(GENO_INT_MOD(a, b, 0), 0), 0)
#define INT_EXPR_TEXT "GENO_INT_SUB(GENO_INT_ADD(GENO_INT_MUL(a_, b_, 0), GENO_INT_DIV(a_, b_, 0), 0), " \
                      "GENO_INT_NEG(GENO_INT_MOD(a_, b_, 0), 0), 0)"

START_TEST(int_aliases_match_inline_macros) {
    rt_default_setup();
    static const int64_t cases[][2] = {{7, 3}, {-7, 3}, {7, -3}, {1LL << 40, 1LL << 40},
                                       {(1LL << 61) - 1, 2}, {-(1LL << 61), -1}, {123456789, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char decl[256], body[512], *error;
        snprintf(decl, sizeof decl, "static GenoInt a_ = 0, b_ = 0;");
        snprintf(body, sizeof body, "a_ = geno_int_from_i64(%lldLL); b_ = geno_int_from_i64(%lldLL); "
                 "return (GenoWord)(" INT_EXPR_TEXT ");",
                 (long long)cases[i][0], (long long)cases[i][1]);
        const GenoProgram *p = compile_main(decl, body, &error);
        ck_assert_msg(p != NULL, "%s", error ? error : "");
        GenoInt a = geno_int_from_i64(cases[i][0]), b = geno_int_from_i64(cases[i][1]);
        GenoInt want = INT_EXPR(a, b), got = (GenoInt)p->main_fn();
        ck_assert_msg(geno_int_cmp_slow(want, got) == 0, "case %zu: %s vs %s", i,
                      geno_int_to_str(want)->data, geno_int_to_str(got)->data);
    }
}
END_TEST

/* The prelude cut (driver/prelude.c): names declared in each form rt.h uses
 * (an enum constant, a middle declarator of an extern list, a function
 * pointer typedef, a macro whose body names a variable) bring their
 * declarations along, and what the program never names stays out. */
START_TEST(prelude_keeps_what_the_program_names) {
    char *error;
    const GenoProgram *p = compile_main(
        "static GenoFn2 fn_; static GenoTypeKind kind_ = GT_MAP;",
        "unsigned caps = GENO_CAP_FS; int64_t d = GENO_DEPTH() + geno_max_depth; (void)fn_; (void)kind_; "
        "return (GenoWord)(caps + (uint64_t)d * 0 + (geno_t_float.kind == GT_FLOAT));", &error);
    ck_assert_msg(p != NULL, "%s", error ? error : "");
    ck_assert_int_eq((int)p->main_fn(), 8 + 1);

    static bool used[4096];
    ck_assert_int_le(runtime_symbol_count, 4096);
    const char *src = "#include <geno/rt.h>\nstatic int f(void) { return GENO_CAP_FS; }\n";
    char *text = prelude_expand(src, used);
    ck_assert_ptr_nonnull(text);
    ck_assert_ptr_nonnull(strstr(text, "GENO_CAP_FS = 1 << 3"));
    ck_assert_ptr_null(strstr(text, "geno_map_get"));
    ck_assert_ptr_nonnull(strstr(text, "static int f(void)"));
    ck_assert_ptr_null(prelude_expand("static int g;\n", used));

    /* Past PRELUDE_SCAN_MAX the whole header goes in, unscanned. */
    size_t big = (size_t)200 << 10;
    char *large = malloc(strlen(src) + big + 8);   /* src, then a comment of `big` bytes */
    strcpy(large, src);
    size_t at = strlen(large);
    memcpy(large + at, "/*", 2);
    memset(large + at + 2, 'x', big);
    strcpy(large + at + 2 + big, "*/\n");
    char *whole = prelude_expand(large, used);
    ck_assert_ptr_nonnull(strstr(whole, "geno_map_get"));
    free(large);
}
END_TEST

/* The compile heap: allocations work inside and past the reservation. */
START_TEST(hugeheap_reserve_and_release) {
    hugeheap_reserve((size_t)8 << 20);
    char *small = malloc(1000), *big = malloc((size_t)12 << 20);
    ck_assert_ptr_nonnull(small);
    ck_assert_ptr_nonnull(big);
    memset(big, 1, (size_t)12 << 20);
    ck_assert_int_eq(big[((size_t)12 << 20) - 1], 1);
    free(big);
    free(small);
    hugeheap_release();
    ck_assert_ptr_nonnull(malloc(100));
}
END_TEST

int main(void) {
    Suite *s = suite_create("jit");
    TCase *tc = tcase_create("link");
    tcase_add_test(tc, runtime_symbols_resolve);
    tcase_add_test(tc, setjmp_and_memcpy_resolve);
    tcase_add_test(tc, libc_functions_do_not_link);
    tcase_add_test(tc, int_aliases_match_inline_macros);
    tcase_add_test(tc, prelude_keeps_what_the_program_names);
    tcase_add_test(tc, hugeheap_reserve_and_release);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
