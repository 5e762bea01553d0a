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

#include "jit.h"

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

int main(void) {
    Suite *s = suite_create("jit");
    TCase *tc = tcase_create("link");
    tcase_add_test(tc, runtime_symbols_resolve);
    tcase_add_test(tc, setjmp_and_memcpy_resolve);
    tcase_add_test(tc, libc_functions_do_not_link);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
