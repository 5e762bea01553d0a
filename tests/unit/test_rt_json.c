/* test_rt_json.c — unit tests of the data-format builtins (rt/json.c,
 * rt/toml.c, rt/csv_headers.c): json_parse results and every Python error
 * text it reproduces, json_stringify / _pretty / json_to_string output,
 * toml_parse with tomllib's messages, csv_parse_with_headers. Expected
 * texts were measured with the reference. */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "geno/rt.h"
#include "run.h"
#include "rt_test_support.h"

static void setup_small_limit(void) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = 3;
    geno_rt_init(&cfg);
}

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }
static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }
static void *P(GenoWord w) { return (void *)(uintptr_t)w; }

/* The printed form of json_parse(text) / toml_parse(text). */
static const char *parse(const char *text) {
    return geno_repr(W(geno_json_parse(S(text), 0)), &geno_t_json_result)->data;
}
static const char *toml(const char *text) {
    return geno_repr(W(geno_toml_parse(S(text), 0)), &geno_t_json_result)->data;
}
static GenoAdt *value(const char *text) {
    GenoAdt *r = geno_json_parse(S(text), 0);
    ck_assert_int_eq(r->tag, GENO_TAG_OK);
    return P(r->fields[0]);
}
static const char *compact(const char *text) { return geno_json_stringify(value(text), 0)->data; }
static const char *pretty(const char *text, int64_t indent) {
    return geno_json_stringify_pretty(value(text), GENO_INT_SMALL(indent), 0)->data;
}

START_TEST(parse_values) {
    ck_assert_str_eq(parse("{\"a\": [1, 2.5, true, null, \"s\"]}"),
                     "Ok(value: JsonObject(entries: [(\"a\", JsonArray(items: [JsonInt(value: 1), JsonFloat(value: 2.5), "
                     "JsonBool(value: true), JsonNull, JsonString(value: \"s\")]))]))");
    ck_assert_str_eq(parse(" \n\t42 \r\n"), "Ok(value: JsonInt(value: 42))");
    ck_assert_str_eq(parse("-0"), "Ok(value: JsonInt(value: 0))");
    ck_assert_str_eq(parse("-0.0"), "Ok(value: JsonFloat(value: -0.0))");
    ck_assert_str_eq(parse("1e3"), "Ok(value: JsonFloat(value: 1000.0))");
    ck_assert_str_eq(parse("1E-7"), "Ok(value: JsonFloat(value: 1e-07))");
    ck_assert_str_eq(parse("[]"), "Ok(value: JsonArray(items: []))");
    ck_assert_str_eq(parse("{}"), "Ok(value: JsonObject(entries: []))");
    ck_assert_str_eq(parse("\"\""), "Ok(value: JsonString(value: \"\"))");
    /* a repeated key: first position, last value */
    ck_assert_str_eq(parse("{\"a\": 1, \"b\": 2, \"a\": 3}"),
                     "Ok(value: JsonObject(entries: [(\"a\", JsonInt(value: 3)), (\"b\", JsonInt(value: 2))]))");
}
END_TEST

START_TEST(parse_big_ints) {
    ck_assert_str_eq(parse("123456789012345678901234567890"), "Ok(value: JsonInt(value: 123456789012345678901234567890))");
    ck_assert_str_eq(parse("-9223372036854775809"), "Ok(value: JsonInt(value: -9223372036854775809))");
    GenoAdt *v = value("2305843009213693952");      /* 2^61: just past the small range */
    ck_assert_int_eq(v->tag, GENO_TAG_JSON_INT);
    ck_assert_str_eq(geno_int_to_str((GenoInt)v->fields[0])->data, "2305843009213693952");
    char big[4400];
    memset(big, '7', 4301);
    big[4301] = 0;
    ck_assert_str_eq(parse(big), "Err(error: \"Exceeds the limit (4300 digits) for integer string conversion: value has "
                                 "4301 digits; use sys.set_int_max_str_digits() to increase the limit\")");
    big[4300] = 0;
    ck_assert_int_eq(geno_json_parse(S(big), 0)->tag, GENO_TAG_OK);
}
END_TEST

START_TEST(parse_strings) {
    ck_assert_str_eq(parse("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\""), "Ok(value: JsonString(value: \"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\"))");
    GenoAdt *v = value("\"\\u00e9\\u2603\\ud83d\\ude00x\"");
    GenoStr *s = P(v->fields[0]);
    ck_assert_str_eq(s->data, "é☃😀x");
    ck_assert_int_eq(s->cplen, 4);
    v = value("\"é☃\"");
    ck_assert_int_eq(((GenoStr *)P(v->fields[0]))->cplen, 2);
    /* a lone surrogate is kept (3-byte form); a high one before a non-low escape stays alone */
    v = value("\"\\ud800\"");
    ck_assert_int_eq(((GenoStr *)P(v->fields[0]))->len, 3);
    v = value("\"\\ud800\\u0041\"");
    ck_assert_str_eq(((GenoStr *)P(v->fields[0]))->data + 3, "A");
}
END_TEST

START_TEST(parse_errors) {
    ck_assert_str_eq(parse("[1, 2 3]"), "Err(error: \"Expecting ',' delimiter: line 1 column 7 (char 6)\")");
    ck_assert_str_eq(parse("{\"a\": 1 \"b\"}"), "Err(error: \"Expecting ',' delimiter: line 1 column 9 (char 8)\")");
    ck_assert_str_eq(parse(""), "Err(error: \"Expecting value: line 1 column 1 (char 0)\")");
    ck_assert_str_eq(parse("[1,]"), "Err(error: \"Expecting value: line 1 column 4 (char 3)\")");
    ck_assert_str_eq(parse("["), "Err(error: \"Expecting value: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("{"), "Err(error: \"Expecting property name enclosed in double quotes: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("{\"a\":1,}"), "Err(error: \"Expecting property name enclosed in double quotes: line 1 column 8 (char 7)\")");
    ck_assert_str_eq(parse("{\"a\" 1}"), "Err(error: \"Expecting ':' delimiter: line 1 column 6 (char 5)\")");
    ck_assert_str_eq(parse("1 2"), "Err(error: \"Extra data: line 1 column 3 (char 2)\")");
    ck_assert_str_eq(parse("01"), "Err(error: \"Extra data: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("1.e5"), "Err(error: \"Extra data: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("[\"abc"), "Err(error: \"Unterminated string starting at: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("\"a\nb\""), "Err(error: \"Invalid control character at: line 1 column 3 (char 2)\")");
    ck_assert_str_eq(parse("\"\\x\""), "Err(error: \"Invalid \\\\escape: line 1 column 2 (char 1)\")");
    ck_assert_str_eq(parse("\"\\u12\""), "Err(error: \"Invalid \\\\uXXXX escape: line 1 column 3 (char 2)\")");
    ck_assert_str_eq(parse("\"\\ud800\\uzzzz\""), "Err(error: \"Invalid \\\\uXXXX escape: line 1 column 9 (char 8)\")");
    ck_assert_str_eq(parse("\xEF\xBB\xBF[]"), "Err(error: \"Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)\")");
    ck_assert_str_eq(parse("[NaN]"), "Err(error: \"Invalid JSON constant: NaN\")");
    ck_assert_str_eq(parse("Infinity"), "Err(error: \"Invalid JSON constant: Infinity\")");
    ck_assert_str_eq(parse("-Infinity"), "Err(error: \"Invalid JSON constant: -Infinity\")");
    ck_assert_str_eq(parse("[1e400]"), "Err(error: \"json_parse: non-finite JSON number\")");
    /* positions count code points and lines */
    ck_assert_str_eq(parse("[\"é☃\",\n  x]"), "Err(error: \"Expecting value: line 2 column 3 (char 9)\")");
    ck_assert_str_eq(parse("\n\n  ]"), "Err(error: \"Expecting value: line 3 column 3 (char 4)\")");
}
END_TEST

START_TEST(parse_nesting_limit) {
    char deep[300];
    memset(deep, '[', 129);
    deep[129] = 0;
    ck_assert_str_eq(parse(deep), "Err(error: \"json_parse: input nested too deeply (max 128)\")");
    memset(deep, '[', 128);
    memset(deep + 128, ']', 128);
    deep[256] = 0;
    ck_assert_int_eq(geno_json_parse(S(deep), 0)->tag, GENO_TAG_OK);
}
END_TEST

START_TEST(stringify_compact) {
    ck_assert_str_eq(compact("{\"a\": 1.0, \"b\": \"x\\\"y\\n\"}"), "{\"a\":1.0,\"b\":\"x\\\"y\\n\"}");
    ck_assert_str_eq(compact("[1e20, 0.1, -0.0, 1e-7, 100, true, false, null]"),
                     "[1e+20,0.1,-0.0,1e-07,100,true,false,null]");
    ck_assert_str_eq(compact("\"\\u00e9\\u2603\\ud83d\\ude00\\u007f\\u0001\""), "\"\\u00e9\\u2603\\ud83d\\ude00\\u007f\\u0001\"");
    ck_assert_str_eq(compact("[[], {}, [{}]]"), "[[],{},[{}]]");
    ck_assert_str_eq(compact("123456789012345678901234567890"), "123456789012345678901234567890");
    /* a repeated key in a built JsonObject is written once */
    GenoWord entries[3] = {
        W(geno_tuple2(W(S("a")), W(geno_adt1(GENO_TAG_JSON_INT, GENO_INT_SMALL(1))))),
        W(geno_tuple2(W(S("b")), W(geno_adt1(GENO_TAG_JSON_INT, GENO_INT_SMALL(2))))),
        W(geno_tuple2(W(S("a")), W(geno_adt1(GENO_TAG_JSON_INT, GENO_INT_SMALL(3))))),
    };
    GenoAdt *obj = geno_adt1(GENO_TAG_JSON_OBJECT, W(geno_list_of(3, entries, 0)));
    ck_assert_str_eq(geno_json_stringify(obj, 0)->data, "{\"a\":3,\"b\":2}");
    ck_assert_str_eq(geno_json_stringify(GENO_NULLARY(GENO_TAG_JSON_NULL), 0)->data, "null");
}
END_TEST

START_TEST(stringify_pretty) {
    ck_assert_str_eq(pretty("{\"a\": [1, [], {}], \"b\": \"é\"}", 2),
                     "{\n  \"a\": [\n    1,\n    [],\n    {}\n  ],\n  \"b\": \"é\"\n}");
    ck_assert_str_eq(pretty("[{\"k\": [null]}]", 4), "[\n    {\n        \"k\": [\n            null\n        ]\n    }\n]");
    ck_assert_str_eq(pretty("{\"a\": [1, \"é\\u007f\"]}", 0), "{\"a\":[1,\"é\x7f\"]}");
    ck_assert_str_eq(pretty("\"\\u0001\"", -1), "\"\\u0001\"");
    ck_assert_str_eq(pretty("[]", 3), "[]");
}
END_TEST

/* Out of line: inlined beside ASSERT_RAISES's setjmp, the allocator's
 * locals would draw cc's -Wclobbered. */
static __attribute__((noinline)) GenoAdt *json_node(int64_t tag, GenoWord w) { return geno_adt1(tag, w); }

START_TEST(stringify_errors) {
    GenoAdt *inf = json_node(GENO_TAG_JSON_FLOAT, geno_f2w(INFINITY));
    GenoWord items[1] = { W(inf) };
    GenoAdt *arr = json_node(GENO_TAG_JSON_ARRAY, W(geno_list_of(1, items, 0)));
    ASSERT_RAISES("E499", "json_stringify: JsonFloat must be finite", geno_json_stringify(arr, 0));
    ASSERT_RAISES("E499", "json_stringify: JsonFloat must be finite", geno_json_stringify_pretty(arr, GENO_INT_SMALL(2), 0));
    ASSERT_RAISES("E499", "json_stringify: JsonFloat must be finite", geno_json_to_string(W(arr), &geno_t_json_value, 0));
    ASSERT_RAISES("E499", "json_to_string: Float must be finite", geno_json_to_string(geno_f2w(NAN), &geno_t_float, 0));
}
END_TEST

/* ---- json_to_string over typed values ---- */

static const GenoType *const int_str[] = { &geno_t_int, &geno_t_string };
static const GenoType tup_int_str = { .kind = GT_TUPLE, .nparams = 2, .params = int_str };
static const GenoType *const map_tup_int_p[] = { &tup_int_str, &geno_t_int };
static const GenoType map_tup_int = { .kind = GT_MAP, .nparams = 2, .params = map_tup_int_p };
static const GenoType *const float_p[] = { &geno_t_float };
static const GenoType list_float = { .kind = GT_LIST, .nparams = 1, .params = float_p };
static const char *const radius_n[] = { "radius" };
static const GenoType *const radius_t[] = { &geno_t_float };
static const GenoVariant shape_v[2] = { { "Circle", 1, radius_n, radius_t }, { "Dot", 0, NULL, NULL } };
static const GenoType shape = { .kind = GT_ADT, .name = "Shape", .nvariants = 2, .variants = shape_v };
static const GenoType *const shape_p[] = { &shape };
static const GenoType list_shape = { .kind = GT_LIST, .nparams = 1, .params = shape_p };
static const char *const value_n[] = { "value" }, *const error_n[] = { "error" };
static const GenoType *const jv_t[] = { &geno_t_json_value };
static const GenoVariant opt_jv_v[2] = { { "Some", 1, value_n, jv_t }, { "None", 0, NULL, NULL } };
static const GenoType opt_jv = { .kind = GT_ADT, .nparams = 1, .params = jv_t, .name = "Option", .nvariants = 2, .variants = opt_jv_v };
static const GenoType *const opt_jv_p[] = { &opt_jv };
static const GenoType list_opt_jv = { .kind = GT_LIST, .nparams = 1, .params = opt_jv_p };
static const GenoType *const map_str_list_p[] = { &geno_t_string, &list_opt_jv };
static const GenoType map_str_list = { .kind = GT_MAP, .nparams = 2, .params = map_str_list_p };
static const GenoType *const int_t[] = { &geno_t_int }, *const str_t[] = { &geno_t_string };
static const GenoVariant res_v[2] = { { "Ok", 1, value_n, int_t }, { "Err", 1, error_n, str_t } };
static const GenoType res_int_str = { .kind = GT_ADT, .nparams = 2, .params = int_str, .name = "Result", .nvariants = 2, .variants = res_v };
static const GenoType *const bool_str[] = { &geno_t_bool, &geno_t_string };
static const GenoType map_bool_str = { .kind = GT_MAP, .nparams = 2, .params = bool_str };
static const GenoType set_int = { .kind = GT_SET, .nparams = 1, .params = int_t };
static const GenoType *const str_str[] = { &geno_t_string, &geno_t_string };
static const GenoType map_str_str = { .kind = GT_MAP, .nparams = 2, .params = str_str };
static const GenoType *const float_int_str[] = { &geno_t_int, &geno_t_string, &geno_t_float };
static const GenoType tup3 = { .kind = GT_TUPLE, .nparams = 3, .params = float_int_str };

START_TEST(to_string_values) {
    GenoMap *m = geno_map_empty();
    m = geno_map_insert(m, W(geno_tuple2(GENO_INT_SMALL(1), W(S("a")))), GENO_INT_SMALL(1), &map_tup_int, 0);
    m = geno_map_insert(m, W(geno_tuple2(GENO_INT_SMALL(2), W(S("it's")))), GENO_INT_SMALL(2), &map_tup_int, 0);
    ck_assert_str_eq(geno_json_to_string(W(m), &map_tup_int, 0)->data, "{\"(1, 'a')\":1,\"(2, \\\"it's\\\")\":2}");

    GenoWord shapes[2] = { W(geno_adt1(0, geno_f2w(1.5))), W(GENO_NULLARY(1)) };
    ck_assert_str_eq(geno_json_to_string(W(geno_list_of(2, shapes, 0)), &list_shape, 0)->data,
                     "[{\"_tag\":\"Circle\",\"radius\":1.5},{\"_tag\":\"Dot\"}]");

    GenoWord opts[2] = { W(geno_some(W(GENO_NULLARY(GENO_TAG_JSON_NULL)))), W(geno_none()) };
    GenoMap *m2 = geno_map_insert(geno_map_empty(), W(S("k")), W(geno_list_of(2, opts, 0)), &map_str_list, 0);
    ck_assert_str_eq(geno_json_to_string(W(m2), &map_str_list, 0)->data, "{\"k\":[null,null]}");

    ck_assert_str_eq(geno_json_to_string(W(S("é☃😀\t")), &geno_t_string, 0)->data, "\"\\u00e9\\u2603\\ud83d\\ude00\\t\"");
    GenoInt big = geno_int_from_dec("1180591620717411303424", 0);
    ck_assert_str_eq(geno_json_to_string((GenoWord)big, &geno_t_int, 0)->data, "1180591620717411303424");
    GenoWord fl[4] = { geno_f2w(1e20), geno_f2w(0.1 + 0.2), geno_f2w(-0.0), geno_f2w(1e-7) };
    ck_assert_str_eq(geno_json_to_string(W(geno_list_of(4, fl, 0)), &list_float, 0)->data,
                     "[1e+20,0.30000000000000004,-0.0,1e-07]");
    ck_assert_str_eq(geno_json_to_string(1, &geno_t_bool, 0)->data, "true");
    ck_assert_str_eq(geno_json_to_string(0, &geno_t_unit, 0)->data, "[]");
    ck_assert_str_eq(geno_json_to_string(W(geno_ok(GENO_INT_SMALL(1))), &res_int_str, 0)->data, "1");
    ck_assert_str_eq(geno_json_to_string(W(geno_err(W(S("bad")))), &res_int_str, 0)->data, "{\"error\":\"bad\"}");
    GenoMap *mb = geno_map_insert(geno_map_empty(), 1, W(S("a")), &map_bool_str, 0);
    ck_assert_str_eq(geno_json_to_string(W(mb), &map_bool_str, 0)->data, "{\"True\":\"a\"}");
    GenoWord three_one[2] = { GENO_INT_SMALL(3), GENO_INT_SMALL(1) };
    GenoSet *set = geno_set_from_list(geno_list_of(2, three_one, 0), &set_int, 0);
    ck_assert_str_eq(geno_json_to_string(W(set), &set_int, 0)->data, "\"Set({1, 3})\"");
    GenoTuple *t3 = geno_alloc(3 * sizeof(GenoWord));
    t3[0] = GENO_INT_SMALL(1);
    t3[1] = W(S("a"));
    t3[2] = geno_f2w(2.5);
    ck_assert_str_eq(geno_json_to_string(W(t3), &tup3, 0)->data, "[1,\"a\",2.5]");
    ck_assert_str_eq(geno_json_to_string(W(value("{\"a\": [1, 2.5]}")), &geno_t_json_value, 0)->data, "{\"a\":[1,2.5]}");
}
END_TEST

/* ---- limits ---- */

START_TEST(collection_limits) {
    ASSERT_RAISES("E499", "List size exceeds limit (4 > 3)", geno_json_parse(S("[1, 2, 3, 4]"), 0));
    ASSERT_RAISES("E499", "Map size exceeds limit (4 > 3)", geno_json_parse(S("{\"a\":1,\"b\":1,\"c\":1,\"d\":1}"), 0));
    ASSERT_RAISES("E499", "String size exceeds limit (4 > 3)", geno_json_parse(S("[\"abcd\"]"), 0));
    /* the conversion walk runs in document order: a non-finite number first is an Err */
    ck_assert_str_eq(parse("[1e400, \"abcd\"]"), "Err(error: \"json_parse: non-finite JSON number\")");
    /* a repeated key counts once */
    ck_assert_int_eq(geno_json_parse(S("{\"a\":1,\"a\":1,\"a\":1,\"a\":1}"), 0)->tag, GENO_TAG_OK);
    ASSERT_RAISES("E499", "json_stringify: Runtime Error: String size exceeds limit (5 > 3)",
                  geno_json_stringify(value("[1, 2]"), 0));
}
END_TEST

/* ---- toml_parse ---- */

START_TEST(toml_values) {
    ck_assert_str_eq(toml("a = 1\n[t]\nb = \"x\"\nc = [1, 2.5]\n"),
                     "Ok(value: JsonObject(entries: [(\"a\", JsonInt(value: 1)), (\"t\", JsonObject(entries: [(\"b\", "
                     "JsonString(value: \"x\")), (\"c\", JsonArray(items: [JsonInt(value: 1), JsonFloat(value: 2.5)]))]))]))");
    ck_assert_str_eq(toml("x = 0xff\ny = 0o17\nz = 0b101\nw = 1_000\nv = +7\n"),
                     "Ok(value: JsonObject(entries: [(\"x\", JsonInt(value: 255)), (\"y\", JsonInt(value: 15)), "
                     "(\"z\", JsonInt(value: 5)), (\"w\", JsonInt(value: 1000)), (\"v\", JsonInt(value: 7))]))");
    ck_assert_str_eq(toml("a.b.c = true\n'q.k' = 'lit\\n'\n\"e\" = \"\\u00e9\\U0001F600\""),
                     "Ok(value: JsonObject(entries: [(\"a\", JsonObject(entries: [(\"b\", JsonObject(entries: [(\"c\", "
                     "JsonBool(value: true))]))])), (\"q.k\", JsonString(value: \"lit\\\\n\")), (\"e\", JsonString(value: \"é😀\"))]))");
    ck_assert_str_eq(toml("[[p]]\nn = 1\n[[p]]\nn = 2\n"),
                     "Ok(value: JsonObject(entries: [(\"p\", JsonArray(items: [JsonObject(entries: [(\"n\", JsonInt(value: 1))]), "
                     "JsonObject(entries: [(\"n\", JsonInt(value: 2))])]))]))");
    ck_assert_str_eq(toml("s = \"\"\"\nline1\\\n   line2\"\"\"\nt = { x = 1, y.z = [] }"),
                     "Ok(value: JsonObject(entries: [(\"s\", JsonString(value: \"line1line2\")), (\"t\", JsonObject(entries: "
                     "[(\"x\", JsonInt(value: 1)), (\"y\", JsonObject(entries: [(\"z\", JsonArray(items: []))]))]))]))");
    ck_assert_str_eq(toml("f = 1e3\ng = -0.0\r\n# done"),
                     "Ok(value: JsonObject(entries: [(\"f\", JsonFloat(value: 1000.0)), (\"g\", JsonFloat(value: -0.0))]))");
    ck_assert_str_eq(toml(""), "Ok(value: JsonObject(entries: []))");
}
END_TEST

/* Found by tests/fuzz (fuzz_toml): an empty basic string appended zero
 * bytes to a still-NULL buffer (NULL + 0, undefined: UBSan in the
 * GENOC_SANITIZE build). */
START_TEST(toml_empty_strings) {
    ck_assert_str_eq(toml("a = \"\"\n\"\" = 1\nb = \"\"\"\"\"\"\n"),
                     "Ok(value: JsonObject(entries: [(\"a\", JsonString(value: \"\")), (\"\", JsonInt(value: 1)), "
                     "(\"b\", JsonString(value: \"\"))]))");
}
END_TEST

START_TEST(toml_errors) {
    ck_assert_str_eq(toml("x = 1\nx = 2"), "Err(error: \"Cannot overwrite a value (at end of document)\")");
    ck_assert_str_eq(toml("a b = 1"), "Err(error: \"Expected '=' after a key in a key/value pair (at line 1, column 3)\")");
    ck_assert_str_eq(toml("a = 1 x"), "Err(error: \"Expected newline or end of document after a statement (at line 1, column 7)\")");
    ck_assert_str_eq(toml("[a]\n[a]"), "Err(error: \"Cannot declare ('a',) twice (at line 2, column 3)\")");
    ck_assert_str_eq(toml("a = \"x"), "Err(error: \"Unterminated string (at end of document)\")");
    ck_assert_str_eq(toml("a = 'x"), "Err(error: \"Expected \\\"'\\\" (at end of document)\")");
    ck_assert_str_eq(toml("a = [1 2]"), "Err(error: \"Unclosed array (at line 1, column 8)\")");
    ck_assert_str_eq(toml("a = {x=1, x=2}"), "Err(error: \"Duplicate inline table key 'x' (at line 1, column 14)\")");
    ck_assert_str_eq(toml("a = {x=1}\n[a.b]"), "Err(error: \"Cannot declare ('a', 'b') twice (at line 2, column 5)\")");
    ck_assert_str_eq(toml("a = \"\\x\""), "Err(error: \"Unescaped '\\\\' in a string (at line 1, column 8)\")");
    ck_assert_str_eq(toml("a = \"\\ud800\""), "Err(error: \"Escaped character is not a Unicode scalar value (at line 1, column 12)\")");
    ck_assert_str_eq(toml("a = \"\\u12\""), "Err(error: \"Invalid hex value (at line 1, column 8)\")");
    ck_assert_str_eq(toml("a = \"x\x01\""), "Err(error: \"Illegal character '\\\\x01' (at line 1, column 7)\")");
    ck_assert_str_eq(toml("# c\x01"), "Err(error: \"Found invalid character '\\\\x01' (at line 1, column 4)\")");
    ck_assert_str_eq(toml("a = 2000-02-30"), "Err(error: \"Invalid date or datetime (at line 1, column 5)\")");
    ck_assert_str_eq(toml("a = ?"), "Err(error: \"Invalid value (at line 1, column 5)\")");
    ck_assert_str_eq(toml("?"), "Err(error: \"Invalid statement (at line 1, column 1)\")");
    ck_assert_str_eq(toml("[a\n"), "Err(error: \"Expected ']' at the end of a table declaration (at line 1, column 3)\")");
    ck_assert_str_eq(toml("a = nan"), "Err(error: \"json_parse: non-finite JSON number\")");
    ASSERT_RAISES("E499", "json_parse: unsupported JSON value type: date", geno_toml_parse(S("d = 1979-05-27"), 0));
    ASSERT_RAISES("E499", "json_parse: unsupported JSON value type: datetime", geno_toml_parse(S("d = 1979-05-27T07:32:00Z"), 0));
    ASSERT_RAISES("E499", "json_parse: unsupported JSON value type: time", geno_toml_parse(S("d = 07:32:00"), 0));
}
END_TEST

/* ---- csv_parse_with_headers ---- */

START_TEST(csv_headers) {
    static const GenoType *const p1[] = { &map_str_str };
    static const GenoType list_map = { .kind = GT_LIST, .nparams = 1, .params = p1 };
    GenoList *l = geno_csv_parse_with_headers(S("a,b,a\n1,2,3\n\n4\n5,6,7,8"), &map_str_str, 0);
    ck_assert_str_eq(geno_repr(W(l), &list_map)->data,
                     "[{\"a\": \"3\", \"b\": \"2\"}, {\"a\": \"\", \"b\": \"\"}, {\"a\": \"\", \"b\": \"\"}, {\"a\": \"7\", \"b\": \"6\"}]");
    l = geno_csv_parse_with_headers(S("name,age\n\"Smith, J\",42\r\nDoe\n"), &map_str_str, 0);
    ck_assert_str_eq(geno_repr(W(l), &list_map)->data, "[{\"name\": \"Smith, J\", \"age\": \"42\"}, {\"name\": \"Doe\", \"age\": \"\"}]");
    ck_assert_int_eq(geno_list_len(geno_csv_parse_with_headers(S("only,header\n"), &map_str_str, 0)), 0);
    ck_assert_int_eq(geno_list_len(geno_csv_parse_with_headers(S(""), &map_str_str, 0)), 0);
}
END_TEST

static Suite *suite(void) {
    Suite *s = suite_create("rt_json");
    TCase *tc = tcase_create("json");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, parse_values);
    tcase_add_test(tc, parse_big_ints);
    tcase_add_test(tc, parse_strings);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, parse_nesting_limit);
    tcase_add_test(tc, stringify_compact);
    tcase_add_test(tc, stringify_pretty);
    tcase_add_test(tc, stringify_errors);
    tcase_add_test(tc, to_string_values);
    tcase_add_test(tc, toml_values);
    tcase_add_test(tc, toml_errors);
    tcase_add_test(tc, toml_empty_strings);
    tcase_add_test(tc, csv_headers);
    suite_add_tcase(s, tc);
    TCase *lim = tcase_create("limits");
    tcase_add_checked_fixture(lim, setup_small_limit, NULL);
    tcase_add_test(lim, collection_limits);
    suite_add_tcase(s, lim);
    return s;
}

int main(void) {
    return rt_test_run(suite());
}
