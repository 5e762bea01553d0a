/* test_builtins_table.c — the builtin table (frontend/builtins_table.c):
 * size and order, exact entries for a sample of builtins (as the reference
 * geno-lang 0.4.3 defines them), lookup misses, and that every signature
 * parses with the ordinary type grammar. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"

static int n_params(const BuiltinSig *b) {
    int n = 0;
    while (n < 6 && b->params[n]) n++;
    return n;
}

/* Checks one entry field by field; params is NULL-terminated. */
static void expect(const char *name, const char *sig, const char *const *params,
                   int min_args, const char *cap, const char *effect) {
    const BuiltinSig *b = builtin_lookup(name);
    ck_assert_msg(b != NULL, "builtin %s not found", name);
    ck_assert_str_eq(b->name, name);
    ck_assert_str_eq(b->sig, sig);
    int n = 0;
    for (; params[n]; n++) {
        ck_assert_msg(b->params[n] != NULL, "%s: missing param %s", name, params[n]);
        ck_assert_str_eq(b->params[n], params[n]);
    }
    ck_assert_int_eq(n_params(b), n);
    ck_assert_int_eq(b->min_args, min_args);
    if (cap) ck_assert_str_eq(b->capability, cap);
    else ck_assert_ptr_null(b->capability);
    if (effect) ck_assert_str_eq(b->effect, effect);
    else ck_assert_ptr_null(b->effect);
}

#define P(...) ((const char *const[]){__VA_ARGS__, NULL})
#define P0 ((const char *const[]){NULL})

START_TEST(test_count_and_order) {
    ck_assert_int_eq(builtin_count(), 231);
    for (int i = 0; i < builtin_count(); i++) {
        const BuiltinSig *b = builtin_at(i);
        ck_assert_ptr_nonnull(b);
        ck_assert_ptr_nonnull(b->name);
        ck_assert_ptr_nonnull(b->sig);
        if (i > 0) ck_assert_msg(strcmp(builtin_at(i - 1)->name, b->name) < 0,
                                 "not sorted at %d: %s >= %s", i,
                                 builtin_at(i - 1)->name, b->name);
        ck_assert_ptr_eq(builtin_lookup(b->name), b);
        ck_assert_int_le(n_params(b), 5);
        ck_assert_int_ge(b->min_args, 0);
        ck_assert_int_le(b->min_args, n_params(b));
        /* an effect exactly when a capability */
        ck_assert_int_eq(b->capability != NULL, b->effect != NULL);
    }
    ck_assert_ptr_null(builtin_at(-1));
    ck_assert_ptr_null(builtin_at(231));
    ck_assert_str_eq(builtin_at(0)->name, "abs");
    ck_assert_str_eq(builtin_at(230)->name, "zip");
}
END_TEST

START_TEST(test_entries) {
    expect("print", "(T) -> Unit with io", P("value"), 1, "print", "io");
    expect("filter", "(List[T], (T) -> Bool) -> List[T]", P("list", "predicate"), 2,
           NULL, NULL);
    expect("fold", "(List[T], U, (U, T) -> U) -> U", P("list", "initial", "reducer"), 3,
           NULL, NULL);
    expect("range", "(Int, Int) -> List[Int]", P("start", "end"), 2, NULL, NULL);
    expect("length", "(List[T]) -> Int", P("list"), 1, NULL, NULL);
    expect("math_min", "(Num, Num) -> Num", P("a", "b"), 2, NULL, NULL);
    expect("clamp", "(Num, Num, Num) -> Num", P("value", "min", "max"), 3, NULL, NULL);
    expect("math_clamp", "(Num, Num, Num) -> Num", P("value", "lo", "hi"), 3, NULL, NULL);
    expect("math_pi", "() -> Float", P0, 0, NULL, NULL);
    expect("mutable_map_new", "() -> MutableMap[K, V]", P0, 0, NULL, NULL);
    expect("enumerate", "(List[T]) -> List[(Int, T)]", P("list"), 1, NULL, NULL);
    expect("split_once", "(String, String) -> Option[(String, String)]",
           P("text", "delimiter"), 2, NULL, NULL);
    expect("result_map_err", "(Result[T, E], (E) -> F) -> Result[T, F]", P("result", "f"),
           2, NULL, NULL);
    expect("fs_read_text", "(String) -> String with fs", P("path"), 1, "fs", "fs");
    expect("clock_now", "() -> Int with clock", P0, 0, "clock", "clock");
    expect("random_int", "(Int, Int) -> Int with random", P("min", "max"), 2, "random",
           "random");
    expect("cli_args", "() -> List[String] with env", P0, 0, "env", "env");
    expect("stdin_read_all", "() -> Result[String, String] with stdin", P0, 0, "stdin",
           "stdin");
    expect("regex_replace", "(String, String, String) -> String with regex",
           P("pattern", "replacement", "text"), 3, "regex", "regex");
    expect("exec", "(String) -> Result[ProcessResult, String] with process", P("command"),
           1, "process", "process");
    expect("http_fetch", "(String) -> String with http", P("url"), 1, "http", "http");
    expect("http_listen", "(Int) -> Unit with http", P("port"), 1, "serve", "http");
    expect("http_route",
           "(String, String, (HttpRequest) -> HttpResponse with http) -> Unit with http",
           P("method", "path", "handler"), 3, "serve", "http");
    expect("draw_text", "(String, Int, Int, Int, String) -> Unit",
           P("text", "x", "y", "size", "color"), 5, NULL, NULL);
    expect("zip", "(List[A], List[B]) -> List[(A, B)]", P("list1", "list2"), 2, NULL, NULL);
}
END_TEST

START_TEST(test_special) {
    const char *special[] = {"length", "range", "print", "to_string", "json_to_string",
                             "abs", "max", "clamp", "square", "math_min",
                             "mutable_map_new", "vec_new", "set_new", "zip", "http_route"};
    for (size_t i = 0; i < sizeof special / sizeof *special; i++) {
        const BuiltinSig *b = builtin_lookup(special[i]);
        ck_assert_ptr_nonnull(b);
        ck_assert_msg(b->special != NULL, "%s should have a special note", special[i]);
    }
    ck_assert_ptr_null(builtin_lookup("filter")->special);
    ck_assert_ptr_null(builtin_lookup("string_trim")->special);
}
END_TEST

START_TEST(test_unknown) {
    ck_assert_ptr_null(builtin_lookup("min"));       /* only math_min exists */
    ck_assert_ptr_null(builtin_lookup("print_"));    /* runtime helper name */
    ck_assert_ptr_null(builtin_lookup(""));
    ck_assert_ptr_null(builtin_lookup("aaa"));
    ck_assert_ptr_null(builtin_lookup("zzz"));
    ck_assert_ptr_null(builtin_lookup("Print"));
    ck_assert_ptr_null(builtin_lookup("length "));
}
END_TEST

/* Every sig parses as a function type: `type B = <sig>` is an alias. */
START_TEST(test_sigs_parse) {
    for (int i = 0; i < builtin_count(); i++) {
        const BuiltinSig *b = builtin_at(i);
        char src[512];
        snprintf(src, sizeof src, "type BuiltinSig = %s\n", b->sig);
        Diags d;
        memset(&d, 0, sizeof d);
        Program *p = parse_program("sig.geno", xstrdup(src), &d);
        ck_assert_msg(d.errors == 0, "%s: sig does not parse: %s", b->name, b->sig);
        ck_assert_int_eq(p->defs.len, 1);
        Def *def = p->defs.items[0];
        ck_assert_int_eq(def->kind, DEF_ALIAS);
        ck_assert_int_eq(def->alias_of->kind, TE_FUNC);
        ck_assert_int_eq(def->alias_of->args.len, b->min_args);
        if (b->effect) {
            ck_assert_msg(def->alias_of->effects.len == 1, "%s: expected one effect",
                          b->name);
            ck_assert_str_eq(def->alias_of->effects.items[0], b->effect);
        } else {
            ck_assert_int_eq(def->alias_of->effects.len, 0);
        }
    }
}
END_TEST

int main(void) {
    Suite *s = suite_create("builtins_table");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_count_and_order);
    tcase_add_test(tc, test_entries);
    tcase_add_test(tc, test_special);
    tcase_add_test(tc, test_unknown);
    tcase_add_test(tc, test_sigs_parse);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
