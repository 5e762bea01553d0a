/* test_rt_str.c — unit tests of String (rt/str.c) and of the quoted form
 * strings take inside structures (rt/value.c): code-point length and
 * indexing of UTF-8, concatenation and its size limit, code-point order,
 * the reference's escapes, and the f-string builder. */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <string.h>

#include "geno/rt.h"
#include "run.h"
#include "rt_test_support.h"
#include "str.h"

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }
static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }

START_TEST(code_point_length) {
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length(S("hello"))), 5);
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length(S("héllo"))), 5);
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length(S("😀"))), 1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length(S(""))), 0);
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length(S("é☃😀a"))), 4);
    GenoStr *s = S("é☃😀a");
    ck_assert_int_eq(s->len, 2 + 3 + 4 + 1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_length(W(s), &geno_t_string)), 4);
    GENO_STR_LIT(lit, 6, 5, "h\xc3\xa9llo");
    ck_assert_int_eq(GENO_INT_VALUE(geno_str_length((GenoStr *)&lit)), 5);
}
END_TEST

START_TEST(indexing_by_code_point) {
    GenoStr *s = S("héllo");
    ck_assert_str_eq(geno_str_index(s, GENO_INT_SMALL(1), 0)->data, "é");
    ck_assert_str_eq(geno_str_index(s, GENO_INT_SMALL(-1), 0)->data, "o");
    ck_assert_str_eq(geno_str_index(s, GENO_INT_SMALL(0), 0)->data, "h");
    ck_assert_str_eq(geno_str_index(s, GENO_INT_SMALL(-5), 0)->data, "h");
    GenoStr *e = S("a😀b");
    ck_assert_str_eq(geno_str_index(e, GENO_INT_SMALL(1), 0)->data, "😀");
    ck_assert_int_eq(geno_str_index(e, GENO_INT_SMALL(1), 0)->cplen, 1);
    ck_assert_str_eq(geno_str_index(e, GENO_INT_SMALL(2), 0)->data, "b");
    ck_assert_str_eq(geno_str_index(S("abc"), GENO_INT_SMALL(2), 0)->data, "c");    /* ASCII path */
    ASSERT_RAISES("E401", "Index 3 out of bounds for string of length 3", geno_str_index(S("abc"), GENO_INT_SMALL(3), 0));
    ASSERT_RAISES("E401", "Index -1 out of bounds for string of length 3", geno_str_index(S("abc"), GENO_INT_SMALL(-4), 0));
    ASSERT_RAISES("E401", "Index 5 out of bounds for string of length 5", geno_str_index(s, GENO_INT_SMALL(5), 0));
    ASSERT_RAISES("E401", "Index 0 out of bounds for string of length 0", geno_str_index(S(""), GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E401", "Index 100000000000000000000 out of bounds for string of length 3",
                  geno_str_index(S("abc"), geno_int_from_dec("100000000000000000000", 0), 0));
    ASSERT_RAISES("E401", "Index -99999999999999999997 out of bounds for string of length 3",
                  geno_str_index(S("abc"), geno_int_from_dec("-100000000000000000000", 0), 0));
}
END_TEST

START_TEST(concatenation) {
    GenoStr *r = geno_str_concat(S("hé"), S("llo☃"), 0);
    ck_assert_str_eq(r->data, "héllo☃");
    ck_assert_int_eq(r->cplen, 6);
    ck_assert_int_eq(r->len, (int64_t)strlen("héllo☃"));
    ck_assert_str_eq(geno_str_concat(S(""), S("x"), 0)->data, "x");
    ck_assert_str_eq(geno_str_concat(S("x"), S(""), 0)->data, "x");
    /* the limit counts code points */
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = 5;
    geno_rt_init(&cfg);
    ck_assert_int_eq(geno_str_concat(S("ééé"), S("éé"), 0)->cplen, 5);
    ASSERT_RAISES("E499", "String size exceeds limit (6 > 5)", geno_str_concat(S("ééé"), S("abc"), 0));
}
END_TEST

START_TEST(code_point_order) {
    ck_assert_int_eq(geno_str_cmp(S("B"), S("a")), -1);
    ck_assert_int_eq(geno_str_cmp(S("ab"), S("abc")), -1);
    ck_assert_int_eq(geno_str_cmp(S("abc"), S("ab")), 1);
    ck_assert_int_eq(geno_str_cmp(S("é"), S("z")), 1);
    ck_assert_int_eq(geno_str_cmp(S("😀"), S("\xef\xbf\xbf")), 1);     /* U+1F600 > U+FFFF */
    ck_assert_int_eq(geno_str_cmp(S("same"), S("same")), 0);
    ck_assert_int_eq(geno_str_cmp(S(""), S("")), 0);
    ck_assert(geno_str_eq(S("héllo"), S("héllo")));
    ck_assert(!geno_str_eq(S("héllo"), S("hello")));
    ck_assert(!geno_str_eq(S("ab"), S("abc")));
    ck_assert(geno_equal(W(S("x")), W(S("x")), &geno_t_string));
}
END_TEST

START_TEST(repr_escapes) {
    /* REFERENCE.md §5: ["a", "b\"c", "new\nline", "tab\t", "é☃", "\\"] */
    GenoWord items[] = { W(S("a")), W(S("b\"c")), W(S("new\nline")), W(S("tab\t")), W(S("é☃")), W(S("\\")) };
    const GenoType *params[] = { &geno_t_string };
    GenoType list_string = { .kind = GT_LIST, .nparams = 1, .params = params };
    GenoWord l = W(geno_list_of(6, items, 0));
    const char *want = "[\"a\", \"b\\\"c\", \"new\\nline\", \"tab\\t\", \"é☃\", \"\\\\\"]";
    ck_assert_str_eq(geno_to_string(l, &list_string)->data, want);
    ck_assert_str_eq(geno_repr(l, &list_string)->data, want);
    /* \b \f \r, other controls as \u00XX, DEL and non-ASCII pass through */
    GenoStr *ctl = geno_str_new("\x01\b\f\r\x1f\x7f\xc3\xa9", 8);
    GenoStr *r = geno_repr(W(ctl), &geno_t_string);
    ck_assert_str_eq(r->data, "\"\\u0001\\b\\f\\r\\u001f\x7f\xc3\xa9\"");
    ck_assert_int_eq(r->cplen, 2 + 6 + 2 + 2 + 2 + 6 + 1 + 1);
    /* top level: to_string is raw, repr quoted */
    ck_assert_str_eq(geno_to_string(W(S("plain \"q\" str")), &geno_t_string)->data, "plain \"q\" str");
    ck_assert_str_eq(geno_repr(W(S("a\"b")), &geno_t_string)->data, "\"a\\\"b\"");
}
END_TEST

START_TEST(fstring_builder) {
    /* f"n={n} xs={xs} s={s}!" with n = -7, xs = ["é"], s = "raw\"" */
    GenoWord items[] = { W(S("é")) };
    const GenoType *params[] = { &geno_t_string };
    GenoType list_string = { .kind = GT_LIST, .nparams = 1, .params = params };
    GenoBuf *b = geno_buf_new();
    geno_buf_add_str(b, S("n="));
    geno_buf_add_value(b, (GenoWord)GENO_INT_SMALL(-7), &geno_t_int);
    geno_buf_add_str(b, S(" xs="));
    geno_buf_add_value(b, W(geno_list_of(1, items, 0)), &list_string);
    geno_buf_add_str(b, S(" s="));
    geno_buf_add_value(b, W(S("raw\"")), &geno_t_string);
    geno_buf_add_value(b, geno_f2w(1.0), &geno_t_float);
    geno_buf_add_value(b, 1, &geno_t_bool);
    geno_buf_add_value(b, 0, &geno_t_unit);
    GenoStr *r = geno_buf_finish(b, 0);
    ck_assert_str_eq(r->data, "n=-7 xs=[\"é\"] s=raw\"1.0true()");
    ck_assert_int_eq(r->cplen, (int64_t)strlen("n=-7 xs=[\"e\"] s=raw\"1.0true()"));
    /* a long result is refused with the reference's f-string message */
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = 4;
    geno_rt_init(&cfg);
    GenoBuf *c = geno_buf_new();
    geno_buf_add_str(c, S("abc"));
    geno_buf_add_str(c, S("de"));
    ASSERT_RAISES("E499", "String size exceeds limit (5 > 4)", geno_buf_finish(c, 0));
}
END_TEST

START_TEST(builder_reuse_after_finish) {
    /* the finished string may take over the buffer's bytes: adding more to
     * the buffer afterwards must leave it alone; big Int extremes print */
    GenoBuf *b = geno_buf_new();
    geno_buf_add_str(b, S("abc"));
    GenoStr *first = geno_buf_to_str(b);
    geno_buf_add_str(b, S("def"));
    GenoStr *second = geno_buf_to_str(b);
    geno_buf_add_value(b, (GenoWord)GENO_INT_SMALL(0), &geno_t_int);
    geno_buf_add_value(b, (GenoWord)GENO_INT_SMALL(-4611686018427387904LL), &geno_t_int);
    geno_buf_add_value(b, (GenoWord)GENO_INT_SMALL(4611686018427387903LL), &geno_t_int);
    GenoStr *third = geno_buf_to_str(b);
    ck_assert_str_eq(first->data, "abc");
    ck_assert_int_eq(first->len, 3);
    ck_assert_str_eq(second->data, "abcdef");
    ck_assert_str_eq(third->data, "abcdef0-46116860184273879044611686018427387903");
    GenoBuf *big = geno_buf_new();
    for (int i = 0; i < 1000; i++) geno_buf_add_str(big, S("xyz"));
    GenoStr *r = geno_buf_to_str(big);
    ck_assert_int_eq(r->len, 3000);
    ck_assert_int_eq(r->cplen, 3000);
    ck_assert_int_eq(r->data[3000], 0);
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_str");
    TCase *tc = tcase_create("str");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, code_point_length);
    tcase_add_test(tc, indexing_by_code_point);
    tcase_add_test(tc, concatenation);
    tcase_add_test(tc, code_point_order);
    tcase_add_test(tc, repr_escapes);
    tcase_add_test(tc, fstring_builder);
    tcase_add_test(tc, builder_reuse_after_finish);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
