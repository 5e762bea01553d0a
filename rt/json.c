/* json.c — json_parse, json_stringify, json_stringify_pretty, json_to_string.
 *
 * The reference implements these with Python's json module (json.loads,
 * json.dumps) plus its own conversion to and from JsonValue, and Geno code
 * sees Python's error texts verbatim (`Expecting ',' delimiter: line 1
 * column 6 (char 5)`). No C JSON library reproduces those texts and
 * positions, so the parser here is written from scratch to follow the
 * decisions of CPython 3.11's C scanner step by step: which character is
 * looked at, when a number stops, where an error is reported. Positions are
 * Python string indices (code points); the parser works on the UTF-8 bytes
 * (every character that decides anything is ASCII) and turns a byte offset
 * into `line L column C (char P)` only when it reports an error.
 *
 * json_parse(text) -> Result[JsonValue, String], in the reference's order:
 *   1. more than 128 unclosed '[' / '{' outside strings anywhere in the text
 *      -> Err("json_parse: input nested too deeply (max 128)") (a pre-scan
 *      that ignores validity);
 *   2. json.loads: a leading U+FEFF, syntax errors, NaN / Infinity /
 *      -Infinity (rejected: "Invalid JSON constant: NaN"), integers of more
 *      than 4300 digits (Python's int conversion limit) -> Err(message);
 *      numbers with a fraction or exponent are JsonFloat, others JsonInt
 *      (any size); a repeated object key keeps its first position and its
 *      last value (a dict); \uD83D\uDE00 pairs join, a lone surrogate is
 *      kept (stored as its 3-byte WTF-8 form);
 *   3. the conversion walk: String / List / Map sizes over the collection
 *      limit raise E499 "<Kind> size exceeds limit (N > L)" (not an Err), a
 *      float that overflowed (1e400) -> Err("json_parse: non-finite JSON
 *      number").
 *
 * json_stringify is json.dumps(separators=(",", ":")): ASCII only (\uXXXX,
 * lowercase, surrogate pairs above U+FFFF; DEL is escaped too), floats in
 * repr form, a repeated key written once (first position, last value).
 * json_stringify_pretty(v, indent): indent <= 0 is the compact form without
 * ASCII escaping; otherwise json.dumps(indent=n, ensure_ascii=False): one
 * item per line, `"key": value`, "[]" / "{}" when empty. A non-finite
 * JsonFloat raises E499 "json_stringify: JsonFloat must be finite" (the
 * same text from all three), a result over the limit "<name>: String size
 * exceeds limit (N > L)".
 *
 * json_to_string(value of any type): JsonValue as json_stringify; None ->
 * null, Some(x) and Ok(x) -> x, Err(e) -> {"error": e}; any other
 * constructor -> {"_tag": "Name", "field": ...}; List, Tuple -> array; Unit
 * -> [] (the reference's Unit is an empty tuple); Map -> object whose keys
 * are Python's str() of the key (String raw, Int decimal, Bool
 * "True"/"False", Float repr, tuples as Python prints them); Set, Array, Vec,
 * MutableMap -> their printed form as a JSON string; a non-finite Float ->
 * E499 "json_to_string: Float must be finite".
 *
 * Integers are printed with Python's 4300-digit str() limit: a longer one
 * raises E499 with Python's ValueError text.
 *
 * Costs: parse O(n) (object keys deduplicated with a hash table); the
 * writers make one checking walk, one counting walk (the size check comes
 * before anything is built) and one writing walk.
 */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "dataformats.h"
#include "floats.h"
#include "int.h"
#include "run.h"
#include "str.h"
#include "strlib.h"

#define JSON_MAX_NESTING 128
#define PY_INT_MAX_STR_DIGITS 4300

static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }
static void *P(GenoWord w) { return (void *)(uintptr_t)w; }

/* ---- the JsonValue type ------------------------------------------------------------ */

static const GenoType *const jv_one[] = { &geno_t_json_value };
static const GenoType jv_items_t = { .kind = GT_LIST, .nparams = 1, .params = jv_one };
static const GenoType *const jv_pair[] = { &geno_t_string, &geno_t_json_value };
static const GenoType jv_entry_t = { .kind = GT_TUPLE, .nparams = 2, .params = jv_pair };
static const GenoType *const jv_entry_one[] = { &jv_entry_t };
static const GenoType jv_entries_t = { .kind = GT_LIST, .nparams = 1, .params = jv_entry_one };
static const char *const fn_value[] = { "value" }, *const fn_items[] = { "items" },
                  *const fn_entries[] = { "entries" }, *const fn_error[] = { "error" };
static const GenoType *const ft_string[] = { &geno_t_string }, *const ft_int[] = { &geno_t_int },
                      *const ft_float[] = { &geno_t_float }, *const ft_bool[] = { &geno_t_bool },
                      *const ft_items[] = { &jv_items_t }, *const ft_entries[] = { &jv_entries_t },
                      *const ft_jv[] = { &geno_t_json_value };
static const GenoVariant jv_variants[7] = {
    { "JsonString", 1, fn_value, ft_string },
    { "JsonInt", 1, fn_value, ft_int },
    { "JsonFloat", 1, fn_value, ft_float },
    { "JsonBool", 1, fn_value, ft_bool },
    { "JsonNull", 0, NULL, NULL },
    { "JsonArray", 1, fn_items, ft_items },
    { "JsonObject", 1, fn_entries, ft_entries },
};
const GenoType geno_t_json_value = { .kind = GT_ADT, .name = "JsonValue", .nvariants = 7, .variants = jv_variants };
static const GenoVariant jr_variants[2] = {
    { "Ok", 1, fn_value, ft_jv },
    { "Err", 1, fn_error, ft_string },
};
static const GenoType *const jr_params[] = { &geno_t_json_value, &geno_t_string };
const GenoType geno_t_json_result = { .kind = GT_ADT, .nparams = 2, .params = jr_params, .name = "Result",
                                      .nvariants = 2, .variants = jr_variants };

int64_t geno_df_limit(void) {
    int64_t l = geno_cfg.max_collection_size;
    return l < 10000000 ? l : 10000000;
}

GenoAdt *geno_jv_make(int64_t tag, GenoWord field) { return geno_adt1(tag, field); }

static GenoStr *cstr(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }

static _Noreturn void size_error(const char *kind, int64_t n, int64_t limit, GenoLoc loc) {
    geno_raise("E499", loc, "%s size exceeds limit (%lld > %lld)", kind, (long long)n, (long long)limit);
}

/* ---- object entries (dict semantics) ----------------------------------------------- */

static uint64_t hash_bytes(const char *s, int64_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (int64_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

/* first[i] = 1 when keys[i] is the first occurrence of its key; last[i] =
 * index of the last occurrence of keys[i]'s key (for a first occurrence). */
static int64_t dedupe(GenoStr **keys, int64_t n, int64_t *last) {
    int64_t distinct = 0;
    if (n <= 16) {
        for (int64_t i = 0; i < n; i++) {
            last[i] = i;
            for (int64_t j = 0; j < i; j++)
                if (last[j] >= 0 && geno_str_eq(keys[i], keys[j])) { last[j] = i; last[i] = -1; break; }
            if (last[i] >= 0) distinct++;
        }
        return distinct;
    }
    int64_t cap = 32;
    while (cap < 2 * n) cap *= 2;
    int64_t *slot = malloc(sizeof(int64_t) * (size_t)cap);
    if (!slot) geno_raise_fatal("E504", 0, "Memory limit exceeded");
    for (int64_t i = 0; i < cap; i++) slot[i] = -1;
    for (int64_t i = 0; i < n; i++) {
        uint64_t h = hash_bytes(keys[i]->data, keys[i]->len) & (uint64_t)(cap - 1);
        for (;;) {
            int64_t j = slot[h];
            if (j < 0) { slot[h] = i; last[i] = i; distinct++; break; }
            if (geno_str_eq(keys[i], keys[j])) { last[j] = i; last[i] = -1; break; }
            h = (h + 1) & (uint64_t)(cap - 1);
        }
    }
    free(slot);
    return distinct;
}

GenoAdt *geno_jv_object(GenoStr **keys, GenoWord *values, int64_t n, int64_t limit, int *walk, GenoLoc loc) {
    int64_t *last = geno_alloc_atomic(sizeof(int64_t) * (size_t)(n ? n : 1));
    int64_t distinct = dedupe(keys, n, last);
    if (distinct > limit) {             /* the conversion walk reports it, in its turn */
        *walk = 1;
        return geno_jv_make(GENO_JV_OVERSIZE_MAP, (GenoWord)distinct);
    }
    GenoWord *pairs = geno_alloc(sizeof(GenoWord) * (size_t)(distinct ? distinct : 1));
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (last[i] >= 0) pairs[k++] = W(geno_tuple2(W(keys[i]), values[last[i]]));
    return geno_jv_make(GENO_TAG_JSON_OBJECT, W(geno_list_of(k, pairs, loc)));
}

GenoAdt *geno_jv_array(GenoWord *items, int64_t n, int64_t limit, int *walk, GenoLoc loc) {
    if (n > limit) {
        *walk = 1;
        return geno_jv_make(GENO_JV_OVERSIZE_LIST, (GenoWord)n);
    }
    return geno_jv_make(GENO_TAG_JSON_ARRAY, W(geno_list_of(n, items, loc)));
}

/* ---- the conversion walk of a parsed document ---------------------------------------- */

int geno_jv_conversion_check(GenoAdt *v, int64_t limit, GenoLoc loc) {
    switch (v->tag) {
    case GENO_JV_OVERSIZE_LIST:
        size_error("List", (int64_t)v->fields[0], limit, loc);
    case GENO_JV_OVERSIZE_MAP:
        size_error("Map", (int64_t)v->fields[0], limit, loc);
    case GENO_TAG_JSON_FLOAT:
        return isfinite(geno_w2f(v->fields[0]));
    case GENO_TAG_JSON_STRING: {
        GenoStr *s = P(v->fields[0]);
        if (s->cplen > limit) size_error("String", s->cplen, limit, loc);
        return 1;
    }
    case GENO_TAG_JSON_ARRAY: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        if (n > limit) size_error("List", n, limit, loc);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++)
                if (!geno_jv_conversion_check(P(c[j]), limit, loc)) return 0;
        }
        return 1;
    }
    case GENO_TAG_JSON_OBJECT: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        if (n > limit) size_error("Map", n, limit, loc);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) {
                GenoTuple *e = P(c[j]);
                GenoStr *key = P(e[0]);
                if (key->cplen > limit) size_error("String", key->cplen, limit, loc);
                if (!geno_jv_conversion_check(P(e[1]), limit, loc)) return 0;
            }
        }
        return 1;
    }
    default:
        return 1;
    }
}

/* ---- json_parse ------------------------------------------------------------------------ */

typedef struct {
    const unsigned char *s;
    int64_t len;                /* bytes */
    GenoLoc loc;
    int64_t limit;
    int walk;                   /* the conversion walk may have something to say */
    jmp_buf fail;
    const char *msg;            /* a JSONDecodeError: message and byte position */
    int64_t pos;
    GenoStr *plain;             /* a ValueError without position */
} JParser;

static _Noreturn void jfail(JParser *p, const char *msg, int64_t pos) {
    p->msg = msg;
    p->pos = pos;
    longjmp(p->fail, 1);
}

static _Noreturn void jfail_plain(JParser *p, GenoStr *msg) {
    p->plain = msg;
    longjmp(p->fail, 1);
}

#define IS_WS(c) ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')

static GenoWord scan_value(JParser *p, int64_t idx, int64_t *next);

static int utf8_encode(uint32_t c, char *out) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12)); out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18)); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The string whose opening quote is at end - 1; *next is after its closing
 * quote. */
static GenoStr *scan_string(JParser *p, int64_t end, int64_t *next_out) {
    const unsigned char *s = p->s;
    int64_t len = p->len, begin = end - 1, next;
    GenoBuf *b = NULL;          /* made at the first escape */
    for (;;) {
        unsigned c = 0;
        for (next = end; next < len; next++) {
            c = s[next];
            if (c == '"' || c == '\\') break;
            if (c <= 0x1f) jfail(p, "Invalid control character at", next);
        }
        if (next >= len) c = 0;
        if (c != '"' && c != '\\') jfail(p, "Unterminated string starting at", begin);
        if (c == '"' && !b) {             /* no escapes: the slice itself */
            *next_out = next + 1;
            int64_t n = next - end;
            GenoStr *r = geno_str_make((const char *)s + end, n, geno_utf8_count((const char *)s + end, n));
            if (r->cplen > p->limit) p->walk = 1;
            return r;
        }
        if (!b) b = geno_buf_new();
        geno_buf_add_utf8(b, (const char *)s + end, next - end);
        next++;
        if (c == '"') { end = next; break; }
        if (next == len) jfail(p, "Unterminated string starting at", begin);
        c = s[next];
        uint32_t cp;
        if (c != 'u') {
            end = next + 1;
            switch (c) {
            case '"': case '\\': case '/': cp = c; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            default: jfail(p, "Invalid \\escape", end - 2);
            }
        } else {
            next++;
            end = next + 4;
            if (end >= len) jfail(p, "Invalid \\uXXXX escape", next - 1);
            cp = 0;
            for (; next < end; next++) {
                int h = hexval(s[next]);
                if (h < 0) jfail(p, "Invalid \\uXXXX escape", end - 5);
                cp = (cp << 4) | (uint32_t)h;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF && end + 6 < len && s[next] == '\\' && s[next + 1] == 'u') {
                next += 2;
                end += 6;
                uint32_t c2 = 0;
                for (; next < end; next++) {
                    int h = hexval(s[next]);
                    if (h < 0) jfail(p, "Invalid \\uXXXX escape", end - 5);
                    c2 = (c2 << 4) | (uint32_t)h;
                }
                if (c2 >= 0xDC00 && c2 <= 0xDFFF) cp = 0x10000 + ((cp - 0xD800) << 10) + (c2 - 0xDC00);
                else end -= 6;
            }
        }
        char enc[4];
        geno_buf_add_bytes(b, enc, utf8_encode(cp, enc), 1);
    }
    *next_out = end;
    GenoStr *r = geno_buf_to_str(b);
    if (r->cplen > p->limit) p->walk = 1;
    return r;
}

static _Noreturn void stop(JParser *p, int64_t idx) { jfail(p, "Expecting value", idx); }

static int is_digit(const JParser *p, int64_t i) { return i < p->len && p->s[i] >= '0' && p->s[i] <= '9'; }

static GenoWord scan_number(JParser *p, int64_t start, int64_t *next) {
    const unsigned char *s = p->s;
    int64_t idx = start, end_idx = p->len - 1;
    int is_float = 0;
    if (s[idx] == '-') {
        idx++;
        if (idx > end_idx) stop(p, start);
    }
    if (s[idx] >= '1' && s[idx] <= '9') {
        idx++;
        while (is_digit(p, idx)) idx++;
    } else if (s[idx] == '0') {
        idx++;
    } else {
        stop(p, start);
    }
    if (idx < end_idx && s[idx] == '.' && is_digit(p, idx + 1)) {
        is_float = 1;
        idx += 2;
        while (is_digit(p, idx)) idx++;
    }
    if (idx < end_idx && (s[idx] == 'e' || s[idx] == 'E')) {
        int64_t e_start = idx;
        idx++;
        if (idx < end_idx && (s[idx] == '-' || s[idx] == '+')) idx++;
        while (is_digit(p, idx)) idx++;
        if (s[idx - 1] >= '0' && s[idx - 1] <= '9') is_float = 1;
        else idx = e_start;
    }
    *next = idx;
    int64_t n = idx - start;
    char small[64];
    char *text = n < (int64_t)sizeof small ? small : geno_alloc_atomic((size_t)n + 1);
    memcpy(text, s + start, (size_t)n);
    text[n] = 0;
    if (is_float) {
        double d = strtod(text, NULL);
        if (!isfinite(d)) p->walk = 1;
        return W(geno_jv_make(GENO_TAG_JSON_FLOAT, geno_f2w(d)));
    }
    int64_t digits = n - (text[0] == '-');
    if (digits > PY_INT_MAX_STR_DIGITS) {
        char buf[200];
        snprintf(buf, sizeof buf, "Exceeds the limit (%d digits) for integer string conversion: value has %lld "
                 "digits; use sys.set_int_max_str_digits() to increase the limit",
                 PY_INT_MAX_STR_DIGITS, (long long)digits);
        jfail_plain(p, cstr(buf));
    }
    GenoInt v = digits <= 18 ? geno_int_from_i64(strtoll(text, NULL, 10)) : geno_int_from_dec(text, p->loc);
    return W(geno_jv_make(GENO_TAG_JSON_INT, (GenoWord)v));
}

static int match(const JParser *p, int64_t idx, const char *word) {
    size_t n = strlen(word);
    return idx + (int64_t)n <= p->len && memcmp(p->s + idx, word, n) == 0;
}

static _Noreturn void bad_constant(JParser *p, const char *name) {
    char buf[64];
    snprintf(buf, sizeof buf, "Invalid JSON constant: %s", name);
    jfail_plain(p, cstr(buf));
}

static int64_t skip_ws(const JParser *p, int64_t idx) {
    while (idx < p->len && IS_WS(p->s[idx])) idx++;
    return idx;
}

static GenoWord scan_array(JParser *p, int64_t idx, int64_t *next) {
    GenoWord *items = NULL;
    int64_t n = 0, cap = 0;
    idx = skip_ws(p, idx);
    if (idx >= p->len || p->s[idx] != ']') {
        for (;;) {
            int64_t nx;
            GenoWord v = scan_value(p, idx, &nx);
            if (n == cap) {
                cap = cap ? cap * 2 : 8;
                GenoWord *i2 = geno_alloc(sizeof *i2 * (size_t)cap);
                if (n) memcpy(i2, items, sizeof *i2 * (size_t)n);
                items = i2;
            }
            items[n++] = v;
            idx = skip_ws(p, nx);
            if (idx < p->len && p->s[idx] == ']') break;
            if (idx >= p->len || p->s[idx] != ',') jfail(p, "Expecting ',' delimiter", idx);
            idx = skip_ws(p, idx + 1);
        }
    }
    *next = idx + 1;
    return W(geno_jv_array(items, n, p->limit, &p->walk, p->loc));
}

static GenoWord scan_object(JParser *p, int64_t idx, int64_t *next) {
    GenoStr **keys = NULL;
    GenoWord *vals = NULL;
    int64_t n = 0, cap = 0;
    idx = skip_ws(p, idx);
    if (idx >= p->len || p->s[idx] != '}') {
        for (;;) {
            if (idx >= p->len || p->s[idx] != '"')
                jfail(p, "Expecting property name enclosed in double quotes", idx);
            int64_t nx;
            GenoStr *key = scan_string(p, idx + 1, &nx);
            idx = skip_ws(p, nx);
            if (idx >= p->len || p->s[idx] != ':') jfail(p, "Expecting ':' delimiter", idx);
            idx = skip_ws(p, idx + 1);
            GenoWord v = scan_value(p, idx, &nx);
            if (n == cap) {
                cap = cap ? cap * 2 : 8;
                GenoStr **k2 = geno_alloc(sizeof *k2 * (size_t)cap);
                GenoWord *v2 = geno_alloc(sizeof *v2 * (size_t)cap);
                if (n) { memcpy(k2, keys, sizeof *k2 * (size_t)n); memcpy(v2, vals, sizeof *v2 * (size_t)n); }
                keys = k2;
                vals = v2;
            }
            keys[n] = key;
            vals[n++] = v;
            idx = skip_ws(p, nx);
            if (idx < p->len && p->s[idx] == '}') break;
            if (idx >= p->len || p->s[idx] != ',') jfail(p, "Expecting ',' delimiter", idx);
            idx = skip_ws(p, idx + 1);
        }
    }
    *next = idx + 1;
    return W(geno_jv_object(keys, vals, n, p->limit, &p->walk, p->loc));
}

static GenoWord scan_value(JParser *p, int64_t idx, int64_t *next) {
    if (idx >= p->len) stop(p, idx);
    switch (p->s[idx]) {
    case '"':
        return W(geno_jv_make(GENO_TAG_JSON_STRING, W(scan_string(p, idx + 1, next))));
    case '{':
        return scan_object(p, idx + 1, next);
    case '[':
        return scan_array(p, idx + 1, next);
    case 'n':
        if (match(p, idx, "null")) { *next = idx + 4; return W(GENO_NULLARY(GENO_TAG_JSON_NULL)); }
        break;
    case 't':
        if (match(p, idx, "true")) { *next = idx + 4; return W(geno_jv_make(GENO_TAG_JSON_BOOL, 1)); }
        break;
    case 'f':
        if (match(p, idx, "false")) { *next = idx + 5; return W(geno_jv_make(GENO_TAG_JSON_BOOL, 0)); }
        break;
    case 'N':
        if (match(p, idx, "NaN")) bad_constant(p, "NaN");
        break;
    case 'I':
        if (match(p, idx, "Infinity")) bad_constant(p, "Infinity");
        break;
    case '-':
        if (match(p, idx, "-Infinity")) bad_constant(p, "-Infinity");
        break;
    }
    return scan_number(p, idx, next);
}

/* JSONDecodeError's text: "msg: line L column C (char P)", P in code points. */
static GenoStr *decode_error(const JParser *p) {
    int64_t line = 1, last_nl = -1, cp = 0;     /* last_nl: code-point index of the last '\n' */
    for (int64_t i = 0; i < p->pos && i < p->len; i++) {
        unsigned char c = p->s[i];
        if ((c & 0xC0) == 0x80) continue;
        if (c == '\n') { line++; last_nl = cp; }
        cp++;
    }
    char head[96];
    snprintf(head, sizeof head, ": line %lld column %lld (char %lld)", (long long)line,
             (long long)(cp - last_nl), (long long)cp);
    GenoBuf *b = geno_buf_new();
    geno_buf_add_cstr(b, p->msg);
    geno_buf_add_cstr(b, head);
    return geno_buf_to_str(b);
}

static int too_deep(const GenoStr *text) {
    int64_t depth = 0;
    int in_string = 0, escaped = 0;
    for (int64_t i = 0; i < text->len; i++) {
        unsigned char c = (unsigned char)text->data[i];
        if (in_string) {
            if ((c & 0xC0) == 0x80) continue;   /* a continuation byte is part of the character before */
            if (escaped) escaped = 0;
            else if (c == '\\') escaped = 1;
            else if (c == '"') in_string = 0;
            continue;
        }
        if (c == '"') in_string = 1;
        else if (c == '[' || c == '{') {
            if (++depth > JSON_MAX_NESTING) return 1;
        } else if ((c == ']' || c == '}') && depth) depth--;
    }
    return 0;
}

GenoAdt *geno_json_parse(GenoStr *text, GenoLoc loc) {
    if (too_deep(text)) return geno_err(W(cstr("json_parse: input nested too deeply (max 128)")));
    JParser p = { .s = (const unsigned char *)text->data, .len = text->len, .loc = loc, .limit = geno_df_limit() };
    if (setjmp(p.fail)) return geno_err(W(p.plain ? p.plain : decode_error(&p)));
    if (p.len >= 3 && memcmp(p.s, "\xEF\xBB\xBF", 3) == 0)
        jfail(&p, "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    int64_t end;
    GenoWord v = scan_value(&p, skip_ws(&p, 0), &end);
    end = skip_ws(&p, end);
    if (end != p.len) jfail(&p, "Extra data", end);
    if (p.walk && !geno_jv_conversion_check(P(v), p.limit, loc))
        return geno_err(W(cstr("json_parse: non-finite JSON number")));
    return geno_ok(v);
}

/* ---- writing ------------------------------------------------------------------------- */

/* Output either counted (code points, saturating) or written. */
typedef struct {
    int counting;
    int ascii;                  /* ensure_ascii */
    int64_t indent;             /* > 0: pretty */
    int64_t cp;
    char *d;
    int64_t len, cap;
    int depth;
    GenoLoc loc;
} Out;

static int64_t sat_add(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

static void out_raw(Out *o, const char *s, int64_t n, int64_t cp) {
    o->cp = sat_add(o->cp, cp);
    if (o->counting) return;
    memcpy(o->d + o->len, s, (size_t)n);
    o->len += n;
}

static void out_ascii(Out *o, const char *s) { int64_t n = (int64_t)strlen(s); out_raw(o, s, n, n); }

static void out_newline(Out *o, int level) {
    if (o->counting) {
        o->cp = sat_add(o->cp, 1);
        int64_t spaces = o->indent;
        for (int i = 0; i < level; i++) o->cp = sat_add(o->cp, spaces);
        return;
    }
    o->d[o->len++] = '\n';
    int64_t n = o->indent * level;
    memset(o->d + o->len, ' ', (size_t)n);
    o->len += n;
    o->cp += n + 1;
}

static void out_string(Out *o, const char *s, int64_t len) {
    out_raw(o, "\"", 1, 1);
    int64_t i = 0;
    while (i < len) {
        int64_t j = i;      /* a run of characters written as they are */
        while (j < len) {
            unsigned char c = (unsigned char)s[j];
            if (c < 0x20 || c == '"' || c == '\\' || (o->ascii && c >= 0x7f)) break;
            j++;
        }
        if (j > i) { out_raw(o, s + i, j - i, o->ascii ? j - i : geno_utf8_count(s + i, j - i)); i = j; }
        if (i >= len) break;
        unsigned char c = (unsigned char)s[i];
        char esc[16];
        switch (c) {
        case '"': out_raw(o, "\\\"", 2, 2); i++; continue;
        case '\\': out_raw(o, "\\\\", 2, 2); i++; continue;
        case '\n': out_raw(o, "\\n", 2, 2); i++; continue;
        case '\r': out_raw(o, "\\r", 2, 2); i++; continue;
        case '\t': out_raw(o, "\\t", 2, 2); i++; continue;
        case '\b': out_raw(o, "\\b", 2, 2); i++; continue;
        case '\f': out_raw(o, "\\f", 2, 2); i++; continue;
        }
        uint32_t cp;
        int k;
        if (c < 0x80) { cp = c; k = 1; }
        else if (c >= 0xF0 && i + 3 < len) {
            cp = ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(s[i + 1] & 0x3F) << 12) |
                 ((uint32_t)(s[i + 2] & 0x3F) << 6) | (uint32_t)(s[i + 3] & 0x3F);
            k = 4;
        } else if (c >= 0xE0 && i + 2 < len) {
            cp = ((uint32_t)(c & 0x0F) << 12) | ((uint32_t)(s[i + 1] & 0x3F) << 6) | (uint32_t)(s[i + 2] & 0x3F);
            k = 3;
        } else if (c >= 0xC0 && i + 1 < len) {
            cp = ((uint32_t)(c & 0x1F) << 6) | (uint32_t)(s[i + 1] & 0x3F);
            k = 2;
        } else { cp = 0xFFFD; k = 1; }
        if (cp >= 0x10000) {
            uint32_t v = cp - 0x10000;
            snprintf(esc, sizeof esc, "\\u%04x\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF));
        } else {
            snprintf(esc, sizeof esc, "\\u%04x", cp);
        }
        out_ascii(o, esc);
        i += k;
    }
    out_raw(o, "\"", 1, 1);
}

static void out_str(Out *o, const GenoStr *s) { out_string(o, s->data, s->len); }

static void out_int(Out *o, GenoInt v) {
    char buf[32];
    const char *t;
    if (GENO_INT_IS_SMALL(v)) {
        snprintf(buf, sizeof buf, "%lld", (long long)GENO_INT_VALUE(v));
        t = buf;
    } else {
        t = geno_int_cstr(v);
        if ((int64_t)strlen(t) - (t[0] == '-') > PY_INT_MAX_STR_DIGITS)
            geno_raise("E499", o->loc, "Exceeds the limit (%d digits) for integer string conversion; "
                       "use sys.set_int_max_str_digits() to increase the limit", PY_INT_MAX_STR_DIGITS);
    }
    out_ascii(o, t);
}

static void out_float(Out *o, double d) {
    char buf[GENO_FLOAT_REPR_MAX];
    int n = geno_float_repr(d, buf);
    out_raw(o, buf, n, n);
}

static void enter(Out *o) {
    if (++o->depth > 100000) geno_raise("E499", o->loc, "maximum recursion depth exceeded while encoding a JSON object");
}

/* A list of JSON items: open, items (via the callback), close. */
static void out_open(Out *o, char open) { out_raw(o, &open, 1, 1); }
static void out_sep(Out *o, int first) {
    if (!first) out_raw(o, ",", 1, 1);
    if (o->indent > 0) out_newline(o, o->depth);
}
static void out_close(Out *o, char close, int empty) {
    if (!empty && o->indent > 0) out_newline(o, o->depth - 1);
    out_raw(o, &close, 1, 1);
}
static void out_key(Out *o, const char *s, int64_t len) {
    out_string(o, s, len);
    if (o->indent > 0) out_raw(o, ": ", 2, 2);
    else out_raw(o, ":", 1, 1);
}

static void write_json(Out *o, GenoAdt *v) {
    switch (v->tag) {
    case GENO_TAG_JSON_STRING: out_str(o, P(v->fields[0])); return;
    case GENO_TAG_JSON_INT: out_int(o, (GenoInt)v->fields[0]); return;
    case GENO_TAG_JSON_FLOAT: out_float(o, geno_w2f(v->fields[0])); return;
    case GENO_TAG_JSON_BOOL: out_ascii(o, v->fields[0] ? "true" : "false"); return;
    case GENO_TAG_JSON_NULL: out_ascii(o, "null"); return;
    case GENO_TAG_JSON_ARRAY: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        enter(o);
        out_open(o, '[');
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) { out_sep(o, i + j == 0); write_json(o, P(c[j])); }
        }
        out_close(o, ']', n == 0);
        o->depth--;
        return;
    }
    case GENO_TAG_JSON_OBJECT: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        GenoStr **keys = geno_alloc(sizeof *keys * (size_t)(n ? n : 1));
        GenoWord *vals = geno_alloc(sizeof *vals * (size_t)(n ? n : 1));
        for (int64_t i = 0; i < n; i++) {
            GenoTuple *e = P(geno_list_get(l, i));
            keys[i] = P(e[0]);
            vals[i] = e[1];
        }
        int64_t *last = geno_alloc_atomic(sizeof(int64_t) * (size_t)(n ? n : 1));
        dedupe(keys, n, last);
        enter(o);
        out_open(o, '{');
        int first = 1;
        for (int64_t i = 0; i < n; i++) {
            if (last[i] < 0) continue;
            out_sep(o, first);
            first = 0;
            out_key(o, keys[i]->data, keys[i]->len);
            write_json(o, P(vals[last[i]]));
        }
        out_close(o, '}', n == 0);
        o->depth--;
        return;
    }
    }
}

/* _json_value_to_python's checks, in its order. */
static void check_json(GenoAdt *v, int64_t limit, int depth, GenoLoc loc) {
    if (depth > 100000) geno_raise("E499", loc, "maximum recursion depth exceeded while encoding a JSON object");
    switch (v->tag) {
    case GENO_TAG_JSON_FLOAT:
        if (!isfinite(geno_w2f(v->fields[0]))) geno_raise("E499", loc, "json_stringify: JsonFloat must be finite");
        return;
    case GENO_TAG_JSON_STRING: {
        GenoStr *s = P(v->fields[0]);
        if (s->cplen > limit) size_error("String", s->cplen, limit, loc);
        return;
    }
    case GENO_TAG_JSON_ARRAY: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        if (n > limit) size_error("List", n, limit, loc);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) check_json(P(c[j]), limit, depth + 1, loc);
        }
        return;
    }
    case GENO_TAG_JSON_OBJECT: {
        GenoList *l = P(v->fields[0]);
        int64_t n = geno_list_len(l);
        if (n > limit) size_error("Map", n, limit, loc);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) {
                GenoTuple *e = P(c[j]);
                GenoStr *key = P(e[0]);
                if (key->cplen > limit) size_error("String", key->cplen, limit, loc);
                check_json(P(e[1]), limit, depth + 1, loc);
            }
        }
        return;
    }
    }
}

/* Counts, checks the size, then writes. */
typedef void (*WriteFn)(Out *o, GenoWord v, const GenoType *t);

static GenoStr *render(Out *o, WriteFn fn, GenoWord v, const GenoType *t, const char *fname) {
    o->counting = 1;
    o->cp = 0;
    o->depth = 0;
    fn(o, v, t);
    int64_t limit = geno_df_limit();
    if (o->cp > limit)
        geno_raise("E499", o->loc, "%s: Runtime Error: String size exceeds limit (%lld > %lld)", fname, (long long)o->cp,
                   (long long)limit);
    int64_t total = o->cp;
    o->counting = 0;
    o->cp = 0;
    o->depth = 0;
    o->cap = total * 4 + 1;
    o->d = geno_alloc_atomic((size_t)o->cap);
    o->len = 0;
    fn(o, v, t);
    return geno_str_make(o->d, o->len, o->cp);
}

static void write_json_fn(Out *o, GenoWord v, const GenoType *t) { (void)t; write_json(o, P(v)); }

GenoStr *geno_json_stringify(GenoAdt *v, GenoLoc loc) {
    check_json(v, geno_df_limit(), 0, loc);
    Out o = { .ascii = 1, .loc = loc };
    return render(&o, write_json_fn, W(v), NULL, "json_stringify");
}

GenoStr *geno_json_stringify_pretty(GenoAdt *v, GenoInt indent, GenoLoc loc) {
    check_json(v, geno_df_limit(), 0, loc);
    Out o = { .ascii = 0, .loc = loc };
    if (geno_int_sign(indent) > 0) {
        int64_t n;
        if (!geno_int_get_i64(indent, &n) || n > geno_df_limit()) n = geno_df_limit() + 1;
        o.indent = n;       /* any larger indent overflows the size limit all the same */
    }
    return render(&o, write_json_fn, W(v), NULL, "json_stringify_pretty");
}

/* ---- json_to_string ------------------------------------------------------------------- */

static int is_json_variant(const char *name) { return strncmp(name, "Json", 4) == 0; }

/* _geno_value_to_python's checks, in its order. */
static void check_any(GenoWord v, const GenoType *t, int64_t limit, int depth, GenoLoc loc) {
    if (depth > 100000) geno_raise("E499", loc, "maximum recursion depth exceeded while encoding a JSON object");
    switch (t->kind) {
    case GT_FLOAT:
        if (!isfinite(geno_w2f(v))) geno_raise("E499", loc, "json_to_string: Float must be finite");
        return;
    case GT_STRING: {
        GenoStr *s = P(v);
        if (s->cplen > limit) size_error("String", s->cplen, limit, loc);
        return;
    }
    case GT_LIST: {
        GenoList *l = P(v);
        int64_t n = geno_list_len(l);
        if (n > limit) size_error("List", n, limit, loc);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) check_any(c[j], t->params[0], limit, depth + 1, loc);
        }
        return;
    }
    case GT_TUPLE: {
        if (t->nparams > limit) size_error("Tuple", t->nparams, limit, loc);
        GenoTuple *tu = P(v);
        for (int i = 0; i < t->nparams; i++) check_any(tu[i], t->params[i], limit, depth + 1, loc);
        return;
    }
    case GT_MAP: {
        GenoMap *m = P(v);
        int64_t n = geno_map_size(m);
        if (n > limit) size_error("Map", n, limit, loc);
        if (n == 0) return;
        GenoList *vals = geno_map_values(m);
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(vals, i, &k);
            for (int64_t j = 0; j < k; j++) check_any(c[j], t->params[1], limit, depth + 1, loc);
        }
        return;
    }
    case GT_ADT: {
        GenoAdt *a = P(v);
        const GenoVariant *var = &t->variants[a->tag];
        if (is_json_variant(var->name) && strcmp(t->name, "JsonValue") == 0) {
            check_json(a, limit, depth, loc);
            return;
        }
        for (int i = 0; i < var->nfields; i++) check_any(a->fields[i], var->field_types[i], limit, depth + 1, loc);
        return;
    }
    default:
        return;
    }
}

/* Python's repr() of a value inside a tuple key. */
static void py_repr(GenoBuf *b, GenoWord v, const GenoType *t);

static void py_str(GenoBuf *b, GenoWord v, const GenoType *t) {
    switch (t->kind) {
    case GT_STRING: geno_buf_add_str(b, P(v)); return;
    case GT_BOOL: geno_buf_add_cstr(b, v ? "True" : "False"); return;
    case GT_UNIT: geno_buf_add_cstr(b, "()"); return;
    case GT_TUPLE: {
        GenoTuple *tu = P(v);
        geno_buf_add_cstr(b, "(");
        for (int i = 0; i < t->nparams; i++) {
            if (i) geno_buf_add_cstr(b, ", ");
            py_repr(b, tu[i], t->params[i]);
        }
        geno_buf_add_cstr(b, t->nparams == 1 ? ",)" : ")");
        return;
    }
    default: geno_buf_add_value(b, v, t); return;
    }
}

static void py_repr(GenoBuf *b, GenoWord v, const GenoType *t) {
    if (t->kind != GT_STRING) py_str(b, v, t);
    else geno_py_repr_str(b, P(v));
}

static GenoStr *key_text(GenoWord k, const GenoType *t) {
    switch (t->kind) {
    case GT_STRING: return P(k);
    case GT_INT: return geno_int_to_str((GenoInt)k);
    case GT_FLOAT: return geno_float_to_str(geno_w2f(k));
    default: {
        GenoBuf *b = geno_buf_new();
        py_str(b, k, t);
        return geno_buf_to_str(b);
    }
    }
}

static void write_any(Out *o, GenoWord v, const GenoType *t) {
    switch (t->kind) {
    case GT_UNIT: out_ascii(o, "[]"); return;
    case GT_BOOL: out_ascii(o, v ? "true" : "false"); return;
    case GT_INT: out_int(o, (GenoInt)v); return;
    case GT_FLOAT: out_float(o, geno_w2f(v)); return;
    case GT_STRING: out_str(o, P(v)); return;
    case GT_LIST: {
        GenoList *l = P(v);
        int64_t n = geno_list_len(l);
        enter(o);
        out_open(o, '[');
        for (int64_t i = 0, k; i < n; i += k) {
            const GenoWord *c = geno_list_chunk(l, i, &k);
            for (int64_t j = 0; j < k; j++) { out_sep(o, i + j == 0); write_any(o, c[j], t->params[0]); }
        }
        out_close(o, ']', n == 0);
        o->depth--;
        return;
    }
    case GT_TUPLE: {
        GenoTuple *tu = P(v);
        enter(o);
        out_open(o, '[');
        for (int i = 0; i < t->nparams; i++) { out_sep(o, i == 0); write_any(o, tu[i], t->params[i]); }
        out_close(o, ']', t->nparams == 0);
        o->depth--;
        return;
    }
    case GT_MAP: {
        GenoMap *m = P(v);
        int64_t n = geno_map_size(m);
        enter(o);
        out_open(o, '{');
        if (n > 0) {
            GenoList *ks = geno_map_keys(m), *vs = geno_map_values(m);
            GenoStr **keys = geno_alloc(sizeof *keys * (size_t)n);
            for (int64_t i = 0; i < n; i++) keys[i] = key_text(geno_list_get(ks, i), t->params[0]);
            int64_t *last = geno_alloc_atomic(sizeof(int64_t) * (size_t)n);
            dedupe(keys, n, last);          /* str() can make two keys one (rare) */
            int first = 1;
            for (int64_t i = 0; i < n; i++) {
                if (last[i] < 0) continue;
                out_sep(o, first);
                first = 0;
                out_key(o, keys[i]->data, keys[i]->len);
                write_any(o, geno_list_get(vs, last[i]), t->params[1]);
            }
        }
        out_close(o, '}', n == 0);
        o->depth--;
        return;
    }
    case GT_ADT: {
        GenoAdt *a = P(v);
        const GenoVariant *var = &t->variants[a->tag];
        const char *name = var->name;
        if (is_json_variant(name) && strcmp(t->name, "JsonValue") == 0) { write_json(o, a); return; }
        if (strcmp(t->name, "Option") == 0 || strcmp(t->name, "Result") == 0) {
            if (strcmp(name, "None") == 0) { out_ascii(o, "null"); return; }
            if (strcmp(name, "Some") == 0 || strcmp(name, "Ok") == 0) { write_any(o, a->fields[0], var->field_types[0]); return; }
            if (strcmp(name, "Err") == 0) {
                enter(o);
                out_open(o, '{');
                out_sep(o, 1);
                out_key(o, "error", 5);
                write_any(o, a->fields[0], var->field_types[0]);
                out_close(o, '}', 0);
                o->depth--;
                return;
            }
        }
        /* {"_tag": name, fields...}; a field called _tag replaces the tag's value */
        enter(o);
        out_open(o, '{');
        out_sep(o, 1);
        out_key(o, "_tag", 4);
        int tag_field = -1;
        for (int i = 0; i < var->nfields; i++)
            if (strcmp(var->field_names[i], "_tag") == 0) tag_field = i;
        if (tag_field >= 0) write_any(o, a->fields[tag_field], var->field_types[tag_field]);
        else out_string(o, name, (int64_t)strlen(name));
        for (int i = 0; i < var->nfields; i++) {
            if (i == tag_field) continue;
            out_sep(o, 0);
            out_key(o, var->field_names[i], (int64_t)strlen(var->field_names[i]));
            write_any(o, a->fields[i], var->field_types[i]);
        }
        out_close(o, '}', 0);
        o->depth--;
        return;
    }
    default: {      /* Set, Array, Vec, MutableMap, functions: their printed form */
        GenoStr *s = geno_to_string(v, t);
        out_str(o, s);
        return;
    }
    }
}

GenoStr *geno_json_to_string(GenoWord v, const GenoType *t, GenoLoc loc) {
    check_any(v, t, geno_df_limit(), 0, loc);
    Out o = { .ascii = 1, .loc = loc };
    return render(&o, write_any, v, t, "json_to_string");
}
