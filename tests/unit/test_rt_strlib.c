/* test_rt_strlib.c — unit tests of the string and path builtins
 * (rt/strlib.c) and Python's case mapping (rt/unicode.c). Expected values
 * and messages were measured on the reference (geno run --unsafe) and on
 * python3.11's str methods. */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "geno/rt.h"
#include "run.h"
#include "str.h"
#include "rt_test_support.h"

static void set_limit(int64_t n) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = n;
    geno_rt_init(&cfg);
}

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }
static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }
static GenoInt I(int64_t v) { return GENO_INT_SMALL(v); }
static GenoInt BIG(const char *d) { return geno_int_from_dec(d, 0); }

static const GenoType *str_params[] = { &geno_t_string };
static const GenoType list_string = { .kind = GT_LIST, .nparams = 1, .params = str_params };

/* A list of strings, printed in the canonical form. */
static const char *L(GenoList *l) { return geno_repr(W(l), &list_string)->data; }

static GenoList *strs(int n, ...) {
    GenoWord items[32];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) items[i] = W(S(va_arg(ap, const char *)));
    va_end(ap);
    return geno_list_of(n, items, 0);
}

/* The result string, checking its code-point count on the way. */
static const char *T(GenoStr *s) {
    ck_assert_int_eq(s->cplen, geno_utf8_count(s->data, s->len));
    ck_assert_int_eq((int64_t)strlen(s->data), s->len);
    return s->data;
}

START_TEST(split_join) {
    ck_assert_str_eq(L(geno_split(S("a,b,,c"), S(","), 0)), "[\"a\", \"b\", \"\", \"c\"]");
    ck_assert_str_eq(L(geno_split(S(""), S(","), 0)), "[\"\"]");
    ck_assert_str_eq(L(geno_split(S("abc"), S("x"), 0)), "[\"abc\"]");
    ck_assert_str_eq(L(geno_split(S("a--b----c"), S("--"), 0)), "[\"a\", \"b\", \"\", \"c\"]");
    ck_assert_str_eq(L(geno_split(S("é☃é☃"), S("☃"), 0)), "[\"é\", \"é\", \"\"]");
    ck_assert_int_eq(((GenoStr *)geno_list_get(geno_split(S("é☃éé"), S("☃"), 0), 1))->cplen, 2);
    ck_assert_str_eq(L(geno_split(S("aaa"), S("aa"), 0)), "[\"\", \"a\"]");
    ASSERT_RAISES("E499", "split: delimiter cannot be empty", geno_split(S("abc"), S(""), 0));
    ASSERT_RAISES("E499", "string_split: delimiter cannot be empty", geno_string_split(S("abc"), S(""), 0));
    ck_assert_str_eq(T(geno_join(strs(2, "a", "b"), S(", "), 0)), "a, b");
    ck_assert_str_eq(T(geno_join(strs(0), S(", "), 0)), "");
    ck_assert_str_eq(T(geno_join(strs(1, "x"), S(", "), 0)), "x");
    ck_assert_str_eq(T(geno_string_join(strs(3, "é", "", "☃"), S("·"), 0)), "é··☃");
    set_limit(10);
    ck_assert_int_eq(geno_list_len(geno_split(S(",,,,,,,,,"), S(","), 0)), 10);
    ASSERT_RAISES("E499", "List size exceeds limit (11 > 10)", geno_split(S(",,,,,,,,,,"), S(","), 0));
    ASSERT_RAISES("E499", "join: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_join(strs(2, "abcd", "efgh"), S("---"), 0));
    ASSERT_RAISES("E499", "string_join: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_string_join(strs(2, "abcd", "efgh"), S("---"), 0));
    ck_assert_str_eq(T(geno_join(strs(2, "abcd", "efgh"), S("é☃"), 0)), "abcdé☃efgh");
}
END_TEST

START_TEST(trim_family) {
    /* U+3000 ideographic space, U+0085 NEL, U+200B is not whitespace */
    ck_assert_str_eq(T(geno_trim(S("\xe3\x80\x80\t\n x y \xc2\x85"))), "x y");
    ck_assert_str_eq(T(geno_trim(S("\xe2\x80\x8bx"))), "\xe2\x80\x8bx");
    ck_assert_str_eq(T(geno_trim(S("   "))), "");
    ck_assert_str_eq(T(geno_trim(S(""))), "");
    ck_assert_str_eq(T(geno_string_trim(S("\x1c\x1f a\v\f\r"))), "a");
    ck_assert_str_eq(T(geno_string_trim_start(S("  é  "))), "é  ");
    ck_assert_str_eq(T(geno_string_trim_end(S("  é\xc2\xa0 "))), "  é");
    GenoStr *same = S("abc");
    ck_assert_ptr_eq(geno_trim(same), same);
}
END_TEST

START_TEST(case_mapping) {
    ck_assert_str_eq(T(geno_to_upper(S("straße"), 0)), "STRASSE");
    ck_assert_str_eq(T(geno_to_lower(S("ÀB"), 0)), "àb");
    ck_assert_str_eq(T(geno_to_upper(S("hello, World 1"), 0)), "HELLO, WORLD 1");
    ck_assert_str_eq(T(geno_to_lower(S("HELLO, World 1"), 0)), "hello, world 1");
    ck_assert_str_eq(T(geno_to_upper(S("ŉ"), 0)), "ʼN");
    ck_assert_str_eq(T(geno_to_upper(S("ﬃ"), 0)), "FFI");
    ck_assert_str_eq(T(geno_to_upper(S("ΐ"), 0)), "\xce\x99\xcc\x88\xcc\x81");
    ck_assert_str_eq(T(geno_to_lower(S("İ"), 0)), "i̇");
    ck_assert_int_eq(geno_to_lower(S("İ"), 0)->cplen, 2);
    ck_assert_str_eq(T(geno_to_upper(S("ǅ"), 0)), "Ǆ");
    ck_assert_str_eq(T(geno_to_lower(S("ǅ"), 0)), "ǆ");
    ck_assert_str_eq(T(geno_to_upper(S("ɐ"), 0)), "Ɐ");      /* 2 bytes -> 3 */
    ck_assert_str_eq(T(geno_to_upper(S("😀a"), 0)), "😀A");
    ck_assert_str_eq(T(geno_to_upper(S("𐐨"), 0)), "𐐀");      /* Deseret, 4-byte */
    /* final sigma (lower only) */
    ck_assert_str_eq(T(geno_to_lower(S("ΣΑΣ"), 0)), "σας");
    ck_assert_str_eq(T(geno_to_lower(S("AΣ"), 0)), "aς");
    ck_assert_str_eq(T(geno_to_lower(S("AΣB"), 0)), "aσb");
    ck_assert_str_eq(T(geno_to_lower(S("Σ"), 0)), "σ");
    ck_assert_str_eq(T(geno_to_lower(S("ΟΔΟΣ ΟΔΟΣ."), 0)), "οδος οδος.");
    ck_assert_str_eq(T(geno_to_lower(S("A'Σ"), 0)), "a'ς");      /* ' is case-ignorable */
    ck_assert_str_eq(T(geno_to_lower(S("AΣ'B"), 0)), "aσ'b");
    ck_assert_str_eq(T(geno_to_lower(S("AΣ'"), 0)), "aς'");
    ck_assert_str_eq(T(geno_to_lower(S("1Σ"), 0)), "1σ");
    ck_assert_str_eq(T(geno_to_upper(S("ς"), 0)), "Σ");
    ck_assert_str_eq(T(geno_string_to_upper(S("aé"), 0)), "AÉ");
    ck_assert_str_eq(T(geno_string_to_lower(S("AÉ"), 0)), "aé");
    /* a surrogate (from_char_code(0xD800)) maps to itself */
    ck_assert_str_eq(T(geno_to_upper(S("\xed\xa0\x80x"), 0)), "\xed\xa0\x80X");
    GenoStr *up = S("ABC");
    ck_assert_ptr_eq(geno_to_upper(up, 0), up);
    /* the result is held to the limit after mapping */
    set_limit(10);
    ck_assert_str_eq(T(geno_to_upper(S("ßßßßß"), 0)), "SSSSSSSSSS");
    ASSERT_RAISES("E499", "String size exceeds limit (12 > 10)", geno_to_upper(S("ßßßßßß"), 0));
}
END_TEST

START_TEST(split_once_and_predicates) {
    GenoStr *a = NULL, *b = NULL;
    ck_assert(geno_split_once(S("a=b=c"), S("="), &a, &b, 0));
    ck_assert_str_eq(T(a), "a");
    ck_assert_str_eq(T(b), "b=c");
    ck_assert(geno_string_split_once(S("é::☃::x"), S("::"), &a, &b, 0));
    ck_assert_str_eq(T(a), "é");
    ck_assert_str_eq(T(b), "☃::x");
    a = b = NULL;
    ck_assert(!geno_split_once(S("abc"), S("="), &a, &b, 0));
    ck_assert(!geno_split_once(S("a"), S("abc"), &a, &b, 0));
    ck_assert_ptr_null(a);
    ASSERT_RAISES("E499", "split_once: delimiter cannot be empty", geno_split_once(S("abc"), S(""), &a, &b, 0));
    ASSERT_RAISES("E499", "string_split_once: delimiter cannot be empty",
                  geno_string_split_once(S("abc"), S(""), &a, &b, 0));
    ck_assert(geno_starts_with(S("hello"), S("he")));
    ck_assert(geno_starts_with(S("hello"), S("")));
    ck_assert(!geno_starts_with(S("he"), S("hello")));
    ck_assert(geno_ends_with(S("héllo"), S("llo")));
    ck_assert(!geno_string_ends_with(S("héllo"), S("hé")));
    ck_assert(geno_string_starts_with(S("héllo"), S("hé")));
    ck_assert(geno_contains_substring(S("héllo"), S("él")));
    ck_assert(geno_contains_substring(S(""), S("")));
    ck_assert(!geno_string_contains(S("abc"), S("abcd")));
    ck_assert(!geno_string_contains(S("abc"), S("d")));
}
END_TEST

START_TEST(chars_and_sorting) {
    ck_assert_str_eq(L(geno_to_chars(S("héllo"), 0)), "[\"h\", \"é\", \"l\", \"l\", \"o\"]");
    ck_assert_str_eq(L(geno_to_chars(S("a😀"), 0)), "[\"a\", \"😀\"]");
    ck_assert_int_eq(geno_list_len(geno_to_chars(S(""), 0)), 0);
    ck_assert_str_eq(L(geno_sort_strings(strs(5, "b", "a", "é", "B", "A"), 0)), "[\"A\", \"B\", \"a\", \"b\", \"é\"]");
    ck_assert_str_eq(L(geno_sort_strings(strs(4, "aa", "a", "", "😀"), 0)), "[\"\", \"a\", \"aa\", \"😀\"]");
    /* larger input: merge path, stability of equal strings by identity */
    GenoWord items[40];
    for (int i = 0; i < 40; i++) {
        char buf[8];
        snprintf(buf, sizeof buf, "k%02d", (i * 7) % 20);
        items[i] = W(S(buf));
    }
    GenoList *sorted = geno_sort_strings(geno_list_of(40, items, 0), 0);
    for (int i = 0; i + 1 < 40; i++)
        ck_assert(geno_str_cmp((GenoStr *)geno_list_get(sorted, i), (GenoStr *)geno_list_get(sorted, i + 1)) <= 0);
    /* equal keys keep input order: first "k00" is items[0], then items[20] */
    ck_assert_ptr_eq((void *)geno_list_get(sorted, 0), (void *)items[0]);
    ck_assert_ptr_eq((void *)geno_list_get(sorted, 1), (void *)items[20]);
    GenoList *big = geno_list_range(I(0), I(100001), I(1), 0);
    ASSERT_RAISES("E499", "sort_strings: list too large (max 100,000 elements)", geno_sort_strings(big, 0));
}
END_TEST

START_TEST(repeat_and_replace) {
    ck_assert_str_eq(T(geno_repeat_string(S("ab"), I(3), 0)), "ababab");
    ck_assert_str_eq(T(geno_repeat_string(S("é"), I(5), 0)), "ééééé");
    ck_assert_str_eq(T(geno_repeat_string(S("ab"), I(0), 0)), "");
    ck_assert_str_eq(T(geno_string_repeat(S(""), I(1000000000), 0)), "");
    ASSERT_RAISES("E499", "repeat_string: count must be non-negative", geno_repeat_string(S("ab"), I(-1), 0));
    ASSERT_RAISES("E499", "string_repeat: count must be non-negative",
                  geno_string_repeat(S("ab"), BIG("-100000000000000000000000"), 0));
    ASSERT_RAISES("E499", "repeat_string: result would exceed collection size limit (100000000000000000000000 > 10000000)",
                  geno_repeat_string(S("a"), BIG("100000000000000000000000"), 0));
    ASSERT_RAISES("E499", "cannot fit 'int' into an index-sized integer",
                  geno_repeat_string(S(""), BIG("100000000000000000000000"), 0));
    ck_assert_str_eq(T(geno_replace(S("abc"), S(""), S("-"), 0)), "-a-b-c-");
    ck_assert_str_eq(T(geno_replace(S(""), S(""), S("-"), 0)), "-");
    ck_assert_str_eq(T(geno_replace(S("é☃"), S(""), S("·"), 0)), "·é·☃·");
    ck_assert_str_eq(T(geno_replace(S("aaaa"), S("aa"), S("b"), 0)), "bb");
    ck_assert_str_eq(T(geno_replace(S("aaa"), S("aa"), S("b"), 0)), "ba");
    ck_assert_str_eq(T(geno_string_replace(S("héllo héllo"), S("é"), S("e"), 0)), "hello hello");
    ck_assert_str_eq(T(geno_replace(S("abc"), S("x"), S("y"), 0)), "abc");
    ck_assert_str_eq(T(geno_replace(S("abc"), S("abcd"), S("y"), 0)), "abc");
    set_limit(10);
    ck_assert_str_eq(T(geno_repeat_string(S("ab"), I(5), 0)), "ababababab");
    ASSERT_RAISES("E499", "repeat_string: result would exceed collection size limit (12 > 10)",
                  geno_repeat_string(S("ab"), I(6), 0));
    ASSERT_RAISES("E499", "string_repeat: result would exceed collection size limit (12 > 10)",
                  geno_string_repeat(S("ab"), I(6), 0));
    ASSERT_RAISES("E499", "replace: Runtime Error: String size exceeds limit (12 > 10)",
                  geno_replace(S("aaaa"), S("a"), S("bbb"), 0));
    ASSERT_RAISES("E499", "string_replace: Runtime Error: String size exceeds limit (12 > 10)",
                  geno_string_replace(S("aaaa"), S("a"), S("bbb"), 0));
    ASSERT_RAISES("E499", "replace: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_replace(S("abcde"), S(""), S("x"), 0));
    ck_assert_str_eq(T(geno_replace(S("aaaaaaa"), S(""), S(""), 0)), "aaaaaaa");
}
END_TEST

START_TEST(substring_and_indexing) {
    GenoStr *h = S("hello");
    ck_assert_str_eq(T(geno_substring(h, I(1), I(3))), "el");
    ck_assert_str_eq(T(geno_substring(h, I(3), I(100))), "lo");
    ck_assert_str_eq(T(geno_substring(h, I(-3), I(5))), "hello");
    ck_assert_str_eq(T(geno_substring(h, I(4), I(2))), "");
    ck_assert_str_eq(T(geno_substring(h, I(0), I(-1))), "hell");
    ck_assert_str_eq(T(geno_substring(h, I(0), I(-10))), "");
    ck_assert_str_eq(T(geno_substring(h, I(7), I(9))), "");
    ck_assert_str_eq(T(geno_substring(h, BIG("-100000000000000000000000"), BIG("100000000000000000000001"))), "hello");
    ck_assert_str_eq(T(geno_string_substring(S("héllo😀"), I(1), I(6))), "éllo😀");
    ck_assert_str_eq(T(geno_string_substring(S("héllo😀"), I(1), I(-1))), "éllo");
    ck_assert_str_eq(T(geno_string_char_at(S("héllo"), I(1))), "é");
    ck_assert_str_eq(T(geno_string_char_at(S("héllo"), I(10))), "");
    ck_assert_str_eq(T(geno_string_char_at(S("héllo"), I(-1))), "");
    ck_assert_str_eq(T(geno_string_char_at(S("hello"), BIG("100000000000000000000000"))), "");
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_index_of(S("héllo"), S("l"))), 2);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("héllo"), S("l"))), 3);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_index_of(S("héllo"), S(""))), 0);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("héllo"), S(""))), 5);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_index_of(S("héllo"), S("x"))), -1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("héllo"), S("x"))), -1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("abab"), S("ab"))), 2);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("aaa"), S("aa"))), 1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_last_index_of(S("ab"), S("abc"))), -1);
    ck_assert_int_eq(GENO_INT_VALUE(geno_string_index_of(S("☃☃x☃"), S("x☃"))), 2);
}
END_TEST

START_TEST(format_and_pad) {
    ck_assert_str_eq(T(geno_format(S("{} and {}"), strs(2, "x", "y"), 0)), "x and y");
    ck_assert_str_eq(T(geno_format(S("{{}}"), strs(1, "x"), 0)), "{x}");
    ck_assert_str_eq(T(geno_format(S("{}"), strs(1, "{}"), 0)), "{}");
    ck_assert_str_eq(T(geno_format(S(""), strs(0), 0)), "");
    ck_assert_str_eq(T(geno_format(S("é{}☃{}"), strs(2, "ü", ""), 0)), "éü☃");
    ASSERT_RAISES("E499", "format: expected 2 values, got 1", geno_format(S("{} and {}"), strs(1, "x"), 0));
    ASSERT_RAISES("E499", "format: expected 0 values, got 1", geno_format(S("{ }"), strs(1, "x"), 0));
    ck_assert_str_eq(T(geno_string_pad_left(S("ab"), I(5), S("*"), 0)), "***ab");
    ck_assert_str_eq(T(geno_string_pad_right(S("ab"), I(5), S("*"), 0)), "ab***");
    ck_assert_str_eq(T(geno_string_pad_left(S("héllo"), I(7), S("é"), 0)), "ééhéllo");
    ck_assert_str_eq(T(geno_string_pad_right(S("ab"), I(-5), S("é"), 0)), "ab");
    ck_assert_str_eq(T(geno_string_pad_left(S("abcdef"), I(2), S("*"), 0)), "abcdef");
    ASSERT_RAISES("E499", "string_pad_left: fill_char must be a single character",
                  geno_string_pad_left(S("ab"), I(5), S("xy"), 0));
    ASSERT_RAISES("E499", "string_pad_right: fill_char must be a single character",
                  geno_string_pad_right(S("ab"), I(5), S(""), 0));
    ASSERT_RAISES("E499", "string_pad_left: Runtime Error: String size exceeds limit (100000000000000000000000 > 10000000)",
                  geno_string_pad_left(S("ab"), BIG("100000000000000000000000"), S("*"), 0));
    set_limit(10);
    ASSERT_RAISES("E499", "format: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_format(S("{}{}{}"), strs(3, "abcd", "efgh", "ijk"), 0));
    ASSERT_RAISES("E499", "string_pad_left: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_string_pad_left(S("ab"), I(11), S("*"), 0));
    ASSERT_RAISES("E499", "string_pad_right: Runtime Error: String size exceeds limit (11 > 10)",
                  geno_string_pad_right(S("ab"), I(11), S("*"), 0));
    ck_assert_str_eq(T(geno_string_pad_right(S("ab"), I(10), S("é"), 0)), "abéééééééé");
}
END_TEST

START_TEST(codes_and_numbers) {
    ck_assert_int_eq(GENO_INT_VALUE(geno_char_code(S("é"), 0)), 233);
    ck_assert_int_eq(GENO_INT_VALUE(geno_char_code(S("😀"), 0)), 128512);
    ck_assert_int_eq(GENO_INT_VALUE(geno_char_code(S("ab"), 0)), 97);
    ASSERT_RAISES("E499", "char_code: empty string", geno_char_code(S(""), 0));
    ck_assert_str_eq(T(geno_from_char_code(I(233), 0)), "é");
    ck_assert_str_eq(T(geno_from_char_code(I(0x10FFFF), 0)), "\xf4\x8f\xbf\xbf");
    ck_assert_str_eq(T(geno_from_char_code(I(65), 0)), "A");
    ck_assert_int_eq(geno_from_char_code(I(0xD800), 0)->len, 3);
    ASSERT_RAISES("E499", "from_char_code: code point -1 out of range", geno_from_char_code(I(-1), 0));
    ASSERT_RAISES("E499", "from_char_code: code point 1114112 out of range", geno_from_char_code(I(0x110000), 0));
    ASSERT_RAISES("E499", "from_char_code: code point 100000000000000000000000 out of range",
                  geno_from_char_code(BIG("100000000000000000000000"), 0));
    ck_assert(geno_is_numeric_string(S(" -12 ")));
    ck_assert(geno_is_numeric_string(S("007")));
    ck_assert(!geno_is_numeric_string(S("+1")));
    ck_assert(!geno_is_numeric_string(S("-")));
    ck_assert(!geno_is_numeric_string(S("")));
    ck_assert(!geno_is_numeric_string(S("٣")));
    ck_assert(!geno_is_numeric_string(S("1.0")));

    GenoInt v = 0;
    ck_assert(geno_parse_int(S(" 42 "), &v, 0) && v == I(42));
    ck_assert(geno_parse_int(S("007"), &v, 0) && v == I(7));
    ck_assert(geno_parse_int(S("-7"), &v, 0) && v == I(-7));
    ck_assert(geno_parse_int(S("-0"), &v, 0) && v == I(0));
    ck_assert(geno_parse_int(S("\xe3\x80\x80-0042\n"), &v, 0) && v == I(-42));
    ck_assert(geno_parse_int(S("9007199254740991"), &v, 0) && v == I(9007199254740991LL));
    ck_assert(geno_parse_int(S("-9007199254740991"), &v, 0) && v == I(-9007199254740991LL));
    ck_assert(geno_parse_int(S("0000000000000000000000001"), &v, 0) && v == I(1));
    v = I(99);
    const char *bad_ints[] = { "+7", "4.0", "", "1_000", "٣", "0x10", "9007199254740992", "--1", "-",
                               "99999999999999999999999", " ", "1 2" };
    for (size_t i = 0; i < sizeof bad_ints / sizeof *bad_ints; i++) {
        ck_assert_msg(!geno_parse_int(S(bad_ints[i]), &v, 0), "parse_int(\"%s\")", bad_ints[i]);
        ck_assert(v == I(99));
    }
    char long_text[1002];
    memset(long_text, '1', 1001);
    long_text[1001] = 0;
    ASSERT_RAISES("E499", "parse_int: input string too long (max 1000 characters)", geno_parse_int(S(long_text), &v, 0));
    ASSERT_RAISES("E499", "parse_float: input string too long (max 1000 characters)",
                  { double d; geno_parse_float(S(long_text), &d, 0); });

    double d = 0;
    ck_assert(geno_parse_float(S("1.5"), &d, 0) && d == 1.5);
    ck_assert(geno_parse_float(S(" 2 "), &d, 0) && d == 2.0);
    ck_assert(geno_parse_float(S("1"), &d, 0) && d == 1.0);
    ck_assert(geno_parse_float(S(".5"), &d, 0) && d == 0.5);
    ck_assert(geno_parse_float(S("-5."), &d, 0) && d == -5.0);
    ck_assert(geno_parse_float(S("-.5"), &d, 0) && d == -0.5);
    ck_assert(geno_parse_float(S("0.1"), &d, 0) && d == 0.1);
    ck_assert(geno_parse_float(S("-0.0"), &d, 0) && d == 0.0 && signbit(d));
    ck_assert(geno_parse_float(S("٣.5"), &d, 0) && d == 3.5);              /* any Nd digit */
    ck_assert(geno_parse_float(S("１２"), &d, 0) && d == 12.0);             /* fullwidth */
    memset(long_text, '9', 400);
    strcpy(long_text + 400, ".0");
    const char *bad_floats[] = { "1e3", "nan", "inf", "abc", "1.5.", "-", " .", "+1.0", "", "1,5", "1 .5",
                                 "--1", "Infinity", long_text };
    d = 7.0;
    for (size_t i = 0; i < sizeof bad_floats / sizeof *bad_floats; i++) {
        ck_assert_msg(!geno_parse_float(S(bad_floats[i]), &d, 0), "parse_float(\"%s\")", bad_floats[i]);
        ck_assert(d == 7.0);
    }
}
END_TEST

START_TEST(paths) {
    ck_assert_str_eq(T(geno_path_join(S("a"), S("b"), 0)), "a/b");
    ck_assert_str_eq(T(geno_path_join(S("a"), S("/b"), 0)), "/b");
    ck_assert_str_eq(T(geno_path_join(S(""), S("b"), 0)), "b");
    ck_assert_str_eq(T(geno_path_join(S("a/"), S("b"), 0)), "a/b");
    ck_assert_str_eq(T(geno_path_join(S("a"), S(""), 0)), "a/");
    ck_assert_str_eq(T(geno_path_join(S("é"), S("☃"), 0)), "é/☃");
    ck_assert_str_eq(T(geno_path_parent(S("/"))), "/");
    ck_assert_str_eq(T(geno_path_parent(S("a"))), "");
    ck_assert_str_eq(T(geno_path_parent(S("//a//b"))), "//a");
    ck_assert_str_eq(T(geno_path_parent(S("a/b/"))), "a/b");
    ck_assert_str_eq(T(geno_path_parent(S("///"))), "///");
    ck_assert_str_eq(T(geno_path_parent(S("/usr/lib/x.so"))), "/usr/lib");
    ck_assert_str_eq(T(geno_path_filename(S("a/b/"))), "");
    ck_assert_str_eq(T(geno_path_filename(S(""))), "");
    ck_assert_str_eq(T(geno_path_filename(S("a/bé.txt"))), "bé.txt");
    ck_assert_str_eq(T(geno_path_filename(S("name"))), "name");
    ck_assert_str_eq(T(geno_path_extension(S("a/b.tar.gz"))), ".gz");
    ck_assert_str_eq(T(geno_path_extension(S(".bashrc"))), "");
    ck_assert_str_eq(T(geno_path_extension(S("a/..b"))), "");
    ck_assert_str_eq(T(geno_path_extension(S("a.b/c"))), "");
    ck_assert_str_eq(T(geno_path_extension(S("a/b."))), ".");
    ck_assert_str_eq(T(geno_path_extension(S("...x"))), "");
    ck_assert_str_eq(T(geno_path_extension(S("x.é"))), ".é");
    ck_assert(geno_path_is_absolute(S("/x")));
    ck_assert(geno_path_is_absolute(S("C:/x")));
    ck_assert(geno_path_is_absolute(S("é:/x")));
    ck_assert(!geno_path_is_absolute(S("C:\\x")));
    ck_assert(!geno_path_is_absolute(S("1:/x")));
    ck_assert(!geno_path_is_absolute(S("")));
    ck_assert(!geno_path_is_absolute(S("C:")));
    ck_assert(!geno_path_is_absolute(S("x/y")));
    set_limit(4);
    ASSERT_RAISES("E499", "String size exceeds limit (5 > 4)", geno_path_join(S("ab"), S("cd"), 0));
}
END_TEST

static const GenoType *rows_params[] = { &list_string };
static const GenoType list_rows = { .kind = GT_LIST, .nparams = 1, .params = rows_params };
static const char *CSV(const char *text) { return geno_repr(W(geno_csv_parse(S(text), 0)), &list_rows)->data; }

START_TEST(csv) {
    ck_assert_str_eq(CSV("a,b\nc,d"), "[[\"a\", \"b\"], [\"c\", \"d\"]]");
    ck_assert_str_eq(CSV("a\n\nb"), "[[\"a\"], [], [\"b\"]]");
    ck_assert_str_eq(CSV(""), "[]");
    ck_assert_str_eq(CSV("\n"), "[[]]");
    ck_assert_str_eq(CSV("\r\n\r\n"), "[[], []]");
    ck_assert_str_eq(CSV("a,"), "[[\"a\", \"\"]]");
    ck_assert_str_eq(CSV("a,\"b"), "[[\"a\", \"b\"]]");            /* unterminated quote */
    ck_assert_str_eq(CSV("\"a\"b,c"), "[[\"ab\", \"c\"]]");
    ck_assert_str_eq(CSV("\"a\"\"b\",c\r\nd\re"), "[[\"a\\\"b\", \"c\"], [\"d\"], [\"e\"]]");
    ck_assert_str_eq(CSV("\"a\nb\",é"), "[[\"a\\nb\", \"é\"]]");
    ck_assert_str_eq(CSV("\"\""), "[[\"\"]]");
    ck_assert_str_eq(CSV(" \"a\""), "[[\" \\\"a\\\"\"]]");
    ck_assert_str_eq(CSV("a\"b\""), "[[\"a\\\"b\\\"\"]]");
    ck_assert_str_eq(CSV("\"a\" ,b"), "[[\"a \", \"b\"]]");
    ck_assert_str_eq(CSV("a\r\n"), "[[\"a\"]]");
    GenoList *rows = geno_csv_parse(S("x,é☃\n"), 0);
    ck_assert_int_eq(((GenoStr *)geno_list_get((GenoList *)geno_list_get(rows, 0), 1))->cplen, 2);
    /* csv.field_size_limit() */
    GenoStr *big = geno_repeat_string(S("a"), I(131073), 0);
    ASSERT_RAISES("E499", "field larger than field limit (131072)", geno_csv_parse(big, 0));
    ck_assert_int_eq(geno_list_len(geno_csv_parse(geno_repeat_string(S("é"), I(131072), 0), 0)), 1);
    set_limit(3);
    ck_assert_int_eq(geno_list_len(geno_csv_parse(S("a\nb\nc"), 0)), 3);
    ASSERT_RAISES("E499", "List size exceeds limit (4 > 3)", geno_csv_parse(S("a\nb\nc\nd"), 0));
    ASSERT_RAISES("E499", "List size exceeds limit (4 > 3)", geno_csv_parse(S("a,b,c,d"), 0));
    ASSERT_RAISES("E499", "csv_parse: Runtime Error: String size exceeds limit (4 > 3)", geno_csv_parse(S("a,bcde"), 0));
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_strlib");
    TCase *tc = tcase_create("strlib");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, split_join);
    tcase_add_test(tc, trim_family);
    tcase_add_test(tc, case_mapping);
    tcase_add_test(tc, split_once_and_predicates);
    tcase_add_test(tc, chars_and_sorting);
    tcase_add_test(tc, repeat_and_replace);
    tcase_add_test(tc, substring_and_indexing);
    tcase_add_test(tc, format_and_pad);
    tcase_add_test(tc, codes_and_numbers);
    tcase_add_test(tc, paths);
    tcase_add_test(tc, csv);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
