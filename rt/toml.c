/* toml.c — toml_parse(text) -> Result[JsonValue, String].
 *
 * The reference calls Python's tomllib.loads (TOML 1.0) and converts the
 * resulting dict to a JsonValue with the same walk json_parse uses. Its Err
 * texts are tomllib's: "<message> (at line L, column C)" or "(at end of
 * document)". This parser is written from scratch to make the same
 * decisions in the same order as tomllib (CPython 3.11): statement by
 * statement, "\r\n" read as "\n", the same rules for which table or key may
 * be declared or extended (the "explicitly created" and "frozen" marks on
 * key paths, dotted keys marking their parents only once the next table
 * header is seen), and the same position for each error. Positions are code
 * points (Python string indices); the parser works on UTF-8 bytes and
 * converts an offset when it reports an error.
 *
 * Values: strings (basic, literal, multi-line, with \uXXXX / \UXXXXXXXX
 * escapes and line-ending backslashes) -> JsonString; integers (decimal with
 * '_' separators, 0x / 0o / 0b, any size) -> JsonInt; floats -> JsonFloat;
 * booleans -> JsonBool; arrays -> JsonArray; tables and inline tables ->
 * JsonObject in insertion order.
 *
 * After a successful parse the conversion walk runs in document order:
 *   - inf / nan floats -> Err("json_parse: non-finite JSON number");
 *   - offset date-times, local date-times, dates and times are parsed and
 *     validated (an impossible date is the parse error "Invalid date or
 *     datetime") but have no JsonValue: reaching one raises E499
 *     "json_parse: unsupported JSON value type: datetime" (or date, time),
 *     as the reference does;
 *   - String / List / Map sizes over the collection limit raise E499.
 * A decimal integer of more than 4300 digits is Python's int() ValueError,
 * an Err.
 *
 * Left out: Python's repr() of keys in messages ("Cannot declare ('a',
 * 'b') twice") is reproduced for printable text and ASCII controls, not
 * for every non-printable Unicode character. Tables are searched linearly
 * (O(keys) per lookup).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <gmp.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "dataformats.h"
#include "int.h"
#include "str.h"
#include "strlib.h"

static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }

/* ---- the document tree while parsing ------------------------------------------------ */

enum { TV_STR, TV_INT, TV_FLOAT, TV_BOOL, TV_DATE, TV_TABLE, TV_ARRAY };

typedef struct TNode TNode;
struct TNode {
    int kind;
    GenoWord w;                 /* scalars; TV_DATE: the Python type name (const char *) */
    GenoStr **keys;             /* TV_TABLE */
    TNode **vals;               /* TV_TABLE and TV_ARRAY */
    int64_t n, cap;
};

static TNode *node(int kind, GenoWord w) {
    TNode *t = geno_alloc(sizeof *t);
    t->kind = kind;
    t->w = w;
    return t;
}

static void node_push(TNode *t, GenoStr *key, TNode *v) {
    if (t->n == t->cap) {
        int64_t cap = t->cap ? t->cap * 2 : 4;
        TNode **vals = geno_alloc(sizeof *vals * (size_t)cap);
        if (t->n) memcpy(vals, t->vals, sizeof *vals * (size_t)t->n);
        t->vals = vals;
        if (t->kind == TV_TABLE) {
            GenoStr **keys = geno_alloc(sizeof *keys * (size_t)cap);
            if (t->n) memcpy(keys, t->keys, sizeof *keys * (size_t)t->n);
            t->keys = keys;
        }
        t->cap = cap;
    }
    if (t->kind == TV_TABLE) t->keys[t->n] = key;
    t->vals[t->n++] = v;
}

static TNode *table_get(TNode *t, GenoStr *key) {
    for (int64_t i = 0; i < t->n; i++)
        if (geno_str_eq(t->keys[i], key)) return t->vals[i];
    return NULL;
}

/* A key path. */
typedef struct { GenoStr **k; int64_t n; } Key;

static Key key_cat(Key a, Key b, int64_t bn) {
    Key r = { geno_alloc(sizeof(GenoStr *) * (size_t)(a.n + bn + 1)), a.n + bn };
    if (a.n) memcpy(r.k, a.k, sizeof(GenoStr *) * (size_t)a.n);
    if (bn) memcpy(r.k + a.n, b.k, sizeof(GenoStr *) * (size_t)bn);
    return r;
}

/* ---- flags on key paths (tomllib's Flags) -------------------------------------------- */

enum { FL_FROZEN = 1, FL_EXPLICIT = 2 };

typedef struct FNode FNode;
struct FNode {
    unsigned flags, rflags;
    GenoStr **keys;
    FNode **kids;
    int64_t n, cap;
};

static FNode *fl_child(FNode *f, GenoStr *k, int create) {
    for (int64_t i = 0; i < f->n; i++)
        if (geno_str_eq(f->keys[i], k)) return f->kids[i];
    if (!create) return NULL;
    if (f->n == f->cap) {
        int64_t cap = f->cap ? f->cap * 2 : 4;
        GenoStr **keys = geno_alloc(sizeof *keys * (size_t)cap);
        FNode **kids = geno_alloc(sizeof *kids * (size_t)cap);
        if (f->n) { memcpy(keys, f->keys, sizeof *keys * (size_t)f->n); memcpy(kids, f->kids, sizeof *kids * (size_t)f->n); }
        f->keys = keys;
        f->kids = kids;
        f->cap = cap;
    }
    FNode *c = geno_alloc(sizeof *c);
    f->keys[f->n] = k;
    f->kids[f->n++] = c;
    return c;
}

static void fl_set(FNode *root, Key key, unsigned flag, int recursive) {
    FNode *f = root;
    for (int64_t i = 0; i < key.n; i++) f = fl_child(f, key.k[i], 1);
    if (recursive) f->rflags |= flag;
    else f->flags |= flag;
}

static int fl_is(FNode *root, Key key, unsigned flag) {
    if (key.n == 0) return 0;
    FNode *f = root;
    for (int64_t i = 0; i < key.n - 1; i++) {
        f = fl_child(f, key.k[i], 0);
        if (!f) return 0;
        if (f->rflags & flag) return 1;
    }
    f = fl_child(f, key.k[key.n - 1], 0);
    return f && ((f->flags | f->rflags) & flag);
}

static void fl_unset_all(FNode *root, Key key) {
    FNode *f = root;
    for (int64_t i = 0; i < key.n - 1; i++) {
        f = fl_child(f, key.k[i], 0);
        if (!f) return;
    }
    for (int64_t i = 0; i < f->n; i++)
        if (geno_str_eq(f->keys[i], key.k[key.n - 1])) {
            memmove(f->keys + i, f->keys + i + 1, sizeof *f->keys * (size_t)(f->n - i - 1));
            memmove(f->kids + i, f->kids + i + 1, sizeof *f->kids * (size_t)(f->n - i - 1));
            f->n--;
            return;
        }
}

/* ---- the parser ---------------------------------------------------------------------- */

typedef struct {
    const char *s;
    int64_t len;
    GenoLoc loc;
    jmp_buf fail;
    GenoStr *err;
    TNode *root;
    FNode *flags;
    Key *pending;               /* dotted-key parents marked at the next header */
    int64_t npending, cappending;
} TP;

static int64_t cp_of(const TP *p, int64_t pos) { return geno_utf8_count(p->s, pos < p->len ? pos : p->len); }

static _Noreturn void terr(TP *p, int64_t pos, const char *msg) {
    char where[80];
    if (pos >= p->len) snprintf(where, sizeof where, " (at end of document)");
    else {
        int64_t line = 1, last_nl = -1;
        for (int64_t i = 0; i < pos; i++)
            if (p->s[i] == '\n') { line++; last_nl = i; }
        int64_t col = line == 1 ? cp_of(p, pos) + 1 : cp_of(p, pos) - cp_of(p, last_nl);
        snprintf(where, sizeof where, " (at line %lld, column %lld)", (long long)line, (long long)col);
    }
    GenoBuf *b = geno_buf_new();
    geno_buf_add_cstr(b, msg);
    geno_buf_add_cstr(b, where);
    p->err = geno_buf_to_str(b);
    longjmp(p->fail, 1);
}

static const char *key_repr(Key k) {
    GenoBuf *b = geno_buf_new();
    geno_buf_add_cstr(b, "(");
    for (int64_t i = 0; i < k.n; i++) {
        if (i) geno_buf_add_cstr(b, ", ");
        geno_py_repr_str(b, k.k[i]);
    }
    geno_buf_add_cstr(b, k.n == 1 ? ",)" : ")");
    return geno_buf_to_str(b)->data;
}

static _Noreturn void terr_key(TP *p, int64_t pos, const char *pre, Key k, const char *post) {
    GenoBuf *b = geno_buf_new();
    geno_buf_add_cstr(b, pre);
    geno_buf_add_cstr(b, key_repr(k));
    geno_buf_add_cstr(b, post);
    terr(p, pos, geno_buf_to_str(b)->data);
}

static const char *char_repr(char c) {
    static char buf[16];
    switch (c) {
    case '\n': return "'\\n'";
    case '\r': return "'\\r'";
    case '\t': return "'\\t'";
    }
    snprintf(buf, sizeof buf, "'\\x%02x'", (unsigned char)c);
    return buf;
}

static int at(const TP *p, int64_t pos) { return pos < p->len ? (unsigned char)p->s[pos] : -1; }
static int starts(const TP *p, int64_t pos, const char *w) {
    size_t n = strlen(w);
    return pos + (int64_t)n <= p->len && memcmp(p->s + pos, w, n) == 0;
}
static int is_ctrl(int c) { return (c >= 0 && c < 32) || c == 127; }
/* ILLEGAL_*_CHARS: ASCII controls except tab (and newline in multi-line). */
static int illegal(int c, int multiline) { return is_ctrl(c) && c != '\t' && !(multiline && c == '\n'); }
static int is_bare(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}
static int is_hex(int c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_dig(int c) { return c >= '0' && c <= '9'; }

static int64_t skip_ws(const TP *p, int64_t pos) {
    while (at(p, pos) == ' ' || at(p, pos) == '\t') pos++;
    return pos;
}
static int64_t skip_ws_nl(const TP *p, int64_t pos) {
    while (at(p, pos) == ' ' || at(p, pos) == '\t' || at(p, pos) == '\n') pos++;
    return pos;
}

/* skip_until: the offset of `expect` from pos (or the end), after checking
 * that no illegal character comes before it. */
static int64_t skip_until(TP *p, int64_t pos, const char *expect, int multiline, int error_on_eof) {
    size_t n = strlen(expect);
    int64_t found = p->len;
    const char *hit = memmem(p->s + pos, (size_t)(p->len - pos), expect, n);
    if (hit) found = hit - p->s;
    else if (error_on_eof) terr(p, p->len, n == 1 ? "Expected \"'\"" : "Expected \"'''\"");
    for (int64_t i = pos; i < found; i++)
        if (illegal((unsigned char)p->s[i], multiline)) {
            char msg[64];
            snprintf(msg, sizeof msg, "Found invalid character %s", char_repr(p->s[i]));
            terr(p, i, msg);
        }
    return found;
}

static int64_t skip_comment(TP *p, int64_t pos) {
    if (at(p, pos) == '#') return skip_until(p, pos + 1, "\n", 0, 0);
    return pos;
}

static int64_t skip_comments_and_array_ws(TP *p, int64_t pos) {
    for (;;) {
        int64_t before = pos;
        pos = skip_ws_nl(p, pos);
        pos = skip_comment(p, pos);
        if (pos == before) return pos;
    }
}

/* ---- strings ---- */

static GenoStr *slice(const TP *p, int64_t a, int64_t b) {
    return geno_str_make(p->s + a, b - a, geno_utf8_count(p->s + a, b - a));
}

static int utf8_put(uint32_t c, char *out) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12)); out[1] = (char)(0x80 | ((c >> 6) & 0x3F)); out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18)); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* The escape at pos (a backslash); appends its text to b. */
static int64_t basic_escape(TP *p, int64_t pos, GenoBuf *b, int multiline) {
    int e = at(p, pos + 1);
    pos += 2;
    if (multiline && (e == ' ' || e == '\t' || e == '\n')) {
        if (e != '\n') {
            pos = skip_ws(p, pos);
            if (pos >= p->len) return pos;
            if (p->s[pos] != '\n') terr(p, pos, "Unescaped '\\' in a string");
            pos++;
        }
        return skip_ws_nl(p, pos);
    }
    if (e == 'u' || e == 'U') {
        int n = e == 'u' ? 4 : 8;
        /* src[pos:pos+n] must be n hex digits (counted in characters) */
        uint64_t v = 0;
        for (int i = 0; i < n; i++) {
            int c = at(p, pos + i);
            if (!is_hex(c)) terr(p, pos, "Invalid hex value");
            v = v * 16 + (uint64_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        }
        pos += n;
        if (!(v <= 0xD7FF || (v >= 0xE000 && v <= 0x10FFFF)))
            terr(p, pos, "Escaped character is not a Unicode scalar value");
        char enc[4];
        geno_buf_add_bytes(b, enc, utf8_put((uint32_t)v, enc), 1);
        return pos;
    }
    char c;
    switch (e) {
    case 'b': c = '\b'; break;
    case 't': c = '\t'; break;
    case 'n': c = '\n'; break;
    case 'f': c = '\f'; break;
    case 'r': c = '\r'; break;
    case '"': c = '"'; break;
    case '\\': c = '\\'; break;
    default: terr(p, pos, "Unescaped '\\' in a string");
    }
    geno_buf_add_ascii(b, &c, 1);
    return pos;
}

static int64_t basic_str(TP *p, int64_t pos, int multiline, GenoStr **out) {
    GenoBuf *b = geno_buf_new();
    int64_t start = pos;
    for (;;) {
        int c = at(p, pos);
        if (c < 0) terr(p, pos, "Unterminated string");
        if (c == '"') {
            if (!multiline) { geno_buf_add_utf8(b, p->s + start, pos - start); *out = geno_buf_to_str(b); return pos + 1; }
            if (starts(p, pos, "\"\"\"")) { geno_buf_add_utf8(b, p->s + start, pos - start); *out = geno_buf_to_str(b); return pos + 3; }
            pos++;
            continue;
        }
        if (c == '\\') {
            geno_buf_add_utf8(b, p->s + start, pos - start);
            pos = basic_escape(p, pos, b, multiline);
            start = pos;
            continue;
        }
        if (illegal(c, multiline)) {
            char msg[48];
            snprintf(msg, sizeof msg, "Illegal character %s", char_repr((char)c));
            terr(p, pos, msg);
        }
        pos++;
    }
}

static int64_t literal_str(TP *p, int64_t pos, GenoStr **out) {
    pos++;
    int64_t start = pos;
    pos = skip_until(p, pos, "'", 0, 1);
    *out = slice(p, start, pos);
    return pos + 1;
}

static int64_t multiline_str(TP *p, int64_t pos, int literal, GenoStr **out) {
    pos += 3;
    if (at(p, pos) == '\n') pos++;
    GenoStr *r;
    char delim = literal ? '\'' : '"';
    if (literal) {
        int64_t end = skip_until(p, pos, "'''", 1, 1);
        r = slice(p, pos, end);
        pos = end + 3;
    } else {
        pos = basic_str(p, pos, 1, &r);
    }
    int extra = 0;
    if (at(p, pos) == delim) { pos++; extra++; if (at(p, pos) == delim) { pos++; extra++; } }
    if (extra) {            /* no size check here: the conversion walk makes it */
        char d[2] = { delim, delim };
        GenoBuf *b = geno_buf_new();
        geno_buf_add_utf8(b, r->data, r->len);
        geno_buf_add_utf8(b, d, extra);
        r = geno_buf_to_str(b);
    }
    *out = r;
    return pos;
}

/* ---- keys ---- */

static int64_t key_part(TP *p, int64_t pos, GenoStr **out) {
    int c = at(p, pos);
    if (c >= 0 && is_bare(c)) {
        int64_t start = pos;
        while (is_bare(at(p, pos))) pos++;
        *out = slice(p, start, pos);
        return pos;
    }
    if (c == '\'') return literal_str(p, pos, out);
    if (c == '"') return basic_str(p, pos + 1, 0, out);
    terr(p, pos, "Invalid initial character for a key part");
}

static int64_t parse_key(TP *p, int64_t pos, Key *key) {
    int64_t n = 0, cap = 4;
    GenoStr **k = geno_alloc(sizeof *k * (size_t)cap);
    pos = key_part(p, pos, &k[n++]);
    pos = skip_ws(p, pos);
    while (at(p, pos) == '.') {
        pos = skip_ws(p, pos + 1);
        if (n == cap) {
            GenoStr **k2 = geno_alloc(sizeof *k2 * (size_t)(cap *= 2));
            memcpy(k2, k, sizeof *k * (size_t)n);
            k = k2;
        }
        pos = key_part(p, pos, &k[n++]);
        pos = skip_ws(p, pos);
    }
    key->k = k;
    key->n = n;
    return pos;
}

/* ---- numbers, dates, times ---- */

/* [0-9](?:_?[0-9])* style runs: returns the end, or -1 when no digit at pos. */
static int64_t digit_run(const TP *p, int64_t pos, int (*ok)(int)) {
    if (!ok(at(p, pos))) return -1;
    pos++;
    for (;;) {
        if (ok(at(p, pos))) pos++;
        else if (at(p, pos) == '_' && ok(at(p, pos + 1))) pos += 2;
        else return pos;
    }
}
static int is_oct(int c) { return c >= '0' && c <= '7'; }
static int is_bin(int c) { return c == '0' || c == '1'; }

static int64_t digits_n(const TP *p, int64_t pos, int n) {
    for (int i = 0; i < n; i++)
        if (!is_dig(at(p, pos + i))) return -1;
    return pos + n;
}
static int num2(const TP *p, int64_t pos) { return (p->s[pos] - '0') * 10 + (p->s[pos + 1] - '0'); }

/* _TIME_RE_STR at pos: HH:MM:SS(.frac)?; returns the end or -1. */
static int64_t match_time(const TP *p, int64_t pos) {
    if (digits_n(p, pos, 2) < 0 || at(p, pos + 2) != ':' || digits_n(p, pos + 3, 2) < 0 || at(p, pos + 5) != ':' ||
        digits_n(p, pos + 6, 2) < 0)
        return -1;
    if (num2(p, pos) > 23 || num2(p, pos + 3) > 59 || num2(p, pos + 6) > 59) return -1;
    int64_t e = pos + 8;
    if (at(p, e) == '.' && is_dig(at(p, e + 1))) {
        e += 2;
        while (is_dig(at(p, e))) e++;
    }
    return e;
}

/* RE_DATETIME; *kind: "date" or "datetime". Returns the end or -1;
 * *invalid when the numbers make no date (Python's ValueError). */
static int64_t match_datetime(const TP *p, int64_t pos, const char **kind, int *invalid) {
    if (digits_n(p, pos, 4) < 0 || at(p, pos + 4) != '-' || digits_n(p, pos + 5, 2) < 0 || at(p, pos + 7) != '-' ||
        digits_n(p, pos + 8, 2) < 0)
        return -1;
    int year = num2(p, pos) * 100 + num2(p, pos + 2), month = num2(p, pos + 5), day = num2(p, pos + 8);
    if (month < 1 || month > 12 || day < 1 || day > 31) return -1;
    static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    *invalid = year < 1 || day > mdays[month - 1] + (month == 2 && leap);
    int64_t e = pos + 10;
    *kind = "date";
    int sep = at(p, e);
    if (sep == 'T' || sep == 't' || sep == ' ') {
        int64_t te = match_time(p, e + 1);
        if (te >= 0) {
            *kind = "datetime";
            e = te;
            int z = at(p, e);
            if (z == 'Z' || z == 'z') e++;
            else if ((z == '+' || z == '-') && digits_n(p, e + 1, 2) >= 0 && num2(p, e + 1) <= 23 &&
                     at(p, e + 3) == ':' && digits_n(p, e + 4, 2) >= 0 && num2(p, e + 4) <= 59)
                e += 6;
        }
    }
    return e;
}

static TNode *make_number(TP *p, int64_t start, int64_t end, int is_float) {
    int64_t n = end - start;
    char *t = geno_alloc_atomic((size_t)n + 1);
    int64_t k = 0, digits = 0;
    for (int64_t i = start; i < end; i++)
        if (p->s[i] != '_') { t[k++] = p->s[i]; digits += is_dig((unsigned char)p->s[i]); }
    t[k] = 0;
    if (is_float) return node(TV_FLOAT, geno_f2w(strtod(t, NULL)));
    int base = 10;
    const char *d = t;
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'o' || t[1] == 'b')) {
        base = t[1] == 'x' ? 16 : t[1] == 'o' ? 8 : 2;
        d = t + 2;
    } else if (digits > 4300) {
        char msg[200];
        snprintf(msg, sizeof msg, "Exceeds the limit (4300 digits) for integer string conversion: value has %lld "
                 "digits; use sys.set_int_max_str_digits() to increase the limit", (long long)digits);
        p->err = geno_str_make(msg, (int64_t)strlen(msg), (int64_t)strlen(msg));
        longjmp(p->fail, 1);
    }
    if (*d == '+') d++;
    mpz_t z;
    mpz_init_set_str(z, d, base);
    return node(TV_INT, (GenoWord)geno_int_from_mpz(z, p->loc));
}

/* RE_NUMBER at pos: the end, or -1; *is_float when it has a float part. */
static int64_t match_number(const TP *p, int64_t pos, int *is_float) {
    *is_float = 0;
    if (at(p, pos) == '0') {
        int c = at(p, pos + 1);
        int64_t e = c == 'x' ? digit_run(p, pos + 2, is_hex) : c == 'b' ? digit_run(p, pos + 2, is_bin)
                  : c == 'o' ? digit_run(p, pos + 2, is_oct) : -1;
        if (e >= 0) return e;
    }
    int64_t e = pos;
    if (at(p, e) == '+' || at(p, e) == '-') e++;
    if (at(p, e) == '0') e++;
    else if (at(p, e) >= '1' && at(p, e) <= '9') e = digit_run(p, e, is_dig);
    else return -1;
    if (at(p, e) == '.' && is_dig(at(p, e + 1))) { e = digit_run(p, e + 1, is_dig); *is_float = 1; }
    if (at(p, e) == 'e' || at(p, e) == 'E') {
        int64_t x = e + 1;
        if (at(p, x) == '+' || at(p, x) == '-') x++;
        if (is_dig(at(p, x))) { e = digit_run(p, x, is_dig); *is_float = 1; }
    }
    return e;
}

/* ---- values ---- */

static int64_t parse_value(TP *p, int64_t pos, TNode **out);

static int64_t parse_array(TP *p, int64_t pos, TNode **out) {
    TNode *a = node(TV_ARRAY, 0);
    *out = a;
    pos = skip_comments_and_array_ws(p, pos + 1);
    if (at(p, pos) == ']') return pos + 1;
    for (;;) {
        TNode *v;
        pos = parse_value(p, pos, &v);
        node_push(a, NULL, v);
        pos = skip_comments_and_array_ws(p, pos);
        int c = at(p, pos);
        if (c == ']') return pos + 1;
        if (c != ',') terr(p, pos, "Unclosed array");
        pos = skip_comments_and_array_ws(p, pos + 1);
        if (at(p, pos) == ']') return pos + 1;
    }
}

static int64_t parse_kv(TP *p, int64_t pos, Key *key, TNode **value) {
    pos = parse_key(p, pos, key);
    if (at(p, pos) != '=') terr(p, pos, "Expected '=' after a key in a key/value pair");
    pos = skip_ws(p, pos + 1);
    return parse_value(p, pos, value);
}

/* NestedDict.get_or_create_nest; NULL for its KeyError. */
static TNode *get_or_create_nest(TNode *root, Key key, int access_lists) {
    TNode *cont = root;
    for (int64_t i = 0; i < key.n; i++) {
        TNode *next = table_get(cont, key.k[i]);
        if (!next) { next = node(TV_TABLE, 0); node_push(cont, key.k[i], next); }
        cont = next;
        if (access_lists && cont->kind == TV_ARRAY) {
            if (cont->n == 0) return NULL;
            cont = cont->vals[cont->n - 1];
        }
        if (cont->kind != TV_TABLE) return NULL;
    }
    return cont;
}

static int64_t parse_inline_table(TP *p, int64_t pos, TNode **out) {
    TNode *root = node(TV_TABLE, 0);
    FNode *flags = geno_alloc(sizeof *flags);
    *out = root;
    pos = skip_ws(p, pos + 1);
    if (at(p, pos) == '}') return pos + 1;
    for (;;) {
        Key key;
        TNode *value;
        pos = parse_kv(p, pos, &key, &value);
        Key parent = { key.k, key.n - 1 };
        GenoStr *stem = key.k[key.n - 1];
        if (fl_is(flags, key, FL_FROZEN)) terr_key(p, pos, "Cannot mutate immutable namespace ", key, "");
        TNode *nest = get_or_create_nest(root, parent, 0);
        if (!nest) terr(p, pos, "Cannot overwrite a value");
        if (table_get(nest, stem)) {
            GenoBuf *b = geno_buf_new();
            geno_buf_add_cstr(b, "Duplicate inline table key ");
            geno_py_repr_str(b, stem);
            terr(p, pos, geno_buf_to_str(b)->data);
        }
        node_push(nest, stem, value);
        pos = skip_ws(p, pos);
        int c = at(p, pos);
        if (c == '}') return pos + 1;
        if (c != ',') terr(p, pos, "Unclosed inline table");
        if (value->kind == TV_TABLE || value->kind == TV_ARRAY) fl_set(flags, key, FL_FROZEN, 1);
        pos = skip_ws(p, pos + 1);
    }
}

static int64_t parse_value(TP *p, int64_t pos, TNode **out) {
    int c = at(p, pos);
    GenoStr *s;
    if (c == '"') {
        pos = starts(p, pos, "\"\"\"") ? multiline_str(p, pos, 0, &s) : basic_str(p, pos + 1, 0, &s);
        *out = node(TV_STR, W(s));
        return pos;
    }
    if (c == '\'') {
        pos = starts(p, pos, "'''") ? multiline_str(p, pos, 1, &s) : literal_str(p, pos, &s);
        *out = node(TV_STR, W(s));
        return pos;
    }
    if (c == 't' && starts(p, pos, "true")) { *out = node(TV_BOOL, 1); return pos + 4; }
    if (c == 'f' && starts(p, pos, "false")) { *out = node(TV_BOOL, 0); return pos + 5; }
    if (c == '[') return parse_array(p, pos, out);
    if (c == '{') return parse_inline_table(p, pos, out);
    const char *kind;
    int invalid;
    int64_t e = match_datetime(p, pos, &kind, &invalid);
    if (e >= 0) {
        if (invalid) terr(p, pos, "Invalid date or datetime");
        *out = node(TV_DATE, W(kind));
        return e;
    }
    e = match_time(p, pos);
    if (e >= 0) { *out = node(TV_DATE, W("time")); return e; }
    int is_float;
    e = match_number(p, pos, &is_float);
    if (e >= 0) { *out = make_number(p, pos, e, is_float); return e; }
    if (starts(p, pos, "inf") || starts(p, pos, "nan")) {
        *out = node(TV_FLOAT, geno_f2w(p->s[pos] == 'i' ? INFINITY : NAN));
        return pos + 3;
    }
    if (starts(p, pos, "-inf") || starts(p, pos, "+inf") || starts(p, pos, "-nan") || starts(p, pos, "+nan")) {
        double d = p->s[pos + 1] == 'i' ? INFINITY : NAN;
        *out = node(TV_FLOAT, geno_f2w(p->s[pos] == '-' ? -d : d));
        return pos + 4;
    }
    terr(p, pos, "Invalid value");
}

/* ---- statements ---- */

static void finalize_pending(TP *p) {
    for (int64_t i = 0; i < p->npending; i++) fl_set(p->flags, p->pending[i], FL_EXPLICIT, 0);
    p->npending = 0;
}

static int64_t create_dict_rule(TP *p, int64_t pos, Key *header) {
    pos = skip_ws(p, pos + 1);
    Key key;
    pos = parse_key(p, pos, &key);
    if (fl_is(p->flags, key, FL_EXPLICIT) || fl_is(p->flags, key, FL_FROZEN))
        terr_key(p, pos, "Cannot declare ", key, " twice");
    fl_set(p->flags, key, FL_EXPLICIT, 0);
    if (!get_or_create_nest(p->root, key, 1)) terr(p, pos, "Cannot overwrite a value");
    if (at(p, pos) != ']') terr(p, pos, "Expected ']' at the end of a table declaration");
    *header = key;
    return pos + 1;
}

static int64_t create_list_rule(TP *p, int64_t pos, Key *header) {
    pos = skip_ws(p, pos + 2);
    Key key;
    pos = parse_key(p, pos, &key);
    if (fl_is(p->flags, key, FL_FROZEN)) terr_key(p, pos, "Cannot mutate immutable namespace ", key, "");
    fl_unset_all(p->flags, key);
    fl_set(p->flags, key, FL_EXPLICIT, 0);
    Key parent = { key.k, key.n - 1 };
    TNode *cont = get_or_create_nest(p->root, parent, 1);
    if (!cont) terr(p, pos, "Cannot overwrite a value");
    GenoStr *last = key.k[key.n - 1];
    TNode *list = table_get(cont, last);
    if (list) {
        if (list->kind != TV_ARRAY) terr(p, pos, "Cannot overwrite a value");
        node_push(list, NULL, node(TV_TABLE, 0));
    } else {
        list = node(TV_ARRAY, 0);
        node_push(list, NULL, node(TV_TABLE, 0));
        node_push(cont, last, list);
    }
    if (!starts(p, pos, "]]")) terr(p, pos, "Expected ']]' at the end of an array declaration");
    *header = key;
    return pos + 2;
}

static int64_t key_value_rule(TP *p, int64_t pos, Key header) {
    Key key;
    TNode *value;
    pos = parse_kv(p, pos, &key, &value);
    GenoStr *stem = key.k[key.n - 1];
    Key abs_parent = key_cat(header, key, key.n - 1);
    for (int64_t i = 1; i < key.n; i++) {
        Key cont_key = key_cat(header, key, i);
        if (fl_is(p->flags, cont_key, FL_EXPLICIT)) terr_key(p, pos, "Cannot redefine namespace ", cont_key, "");
        if (p->npending == p->cappending) {
            int64_t cap = p->cappending ? p->cappending * 2 : 8;
            Key *k2 = geno_alloc(sizeof *k2 * (size_t)cap);
            if (p->npending) memcpy(k2, p->pending, sizeof *k2 * (size_t)p->npending);
            p->pending = k2;
            p->cappending = cap;
        }
        p->pending[p->npending++] = cont_key;
    }
    if (fl_is(p->flags, abs_parent, FL_FROZEN)) terr_key(p, pos, "Cannot mutate immutable namespace ", abs_parent, "");
    TNode *nest = get_or_create_nest(p->root, abs_parent, 1);
    if (!nest) terr(p, pos, "Cannot overwrite a value");
    if (table_get(nest, stem)) terr(p, pos, "Cannot overwrite a value");
    if (value->kind == TV_TABLE || value->kind == TV_ARRAY) fl_set(p->flags, key_cat(header, key, key.n), FL_FROZEN, 1);
    node_push(nest, stem, value);
    return pos;
}

static void parse_document(TP *p) {
    int64_t pos = 0;
    Key header = { NULL, 0 };
    for (;;) {
        pos = skip_ws(p, pos);
        int c = at(p, pos);
        if (c < 0) break;
        if (c == '\n') { pos++; continue; }
        if (is_bare(c) || c == '"' || c == '\'') {
            pos = key_value_rule(p, pos, header);
            pos = skip_ws(p, pos);
        } else if (c == '[') {
            finalize_pending(p);
            pos = at(p, pos + 1) == '[' ? create_list_rule(p, pos, &header) : create_dict_rule(p, pos, &header);
            pos = skip_ws(p, pos);
        } else if (c != '#') {
            terr(p, pos, "Invalid statement");
        }
        pos = skip_comment(p, pos);
        c = at(p, pos);
        if (c < 0) break;
        if (c != '\n') terr(p, pos, "Expected newline or end of document after a statement");
        pos++;
    }
}

/* ---- conversion to JsonValue (the reference's walk, in its order) ------------------- */

typedef struct { int64_t limit; GenoLoc loc; int nonfinite; } Conv;

static GenoAdt *convert(Conv *c, TNode *t) {
    if (c->nonfinite) return NULL;
    switch (t->kind) {
    case TV_STR: {
        GenoStr *s = (GenoStr *)(uintptr_t)t->w;
        if (s->cplen > c->limit)
            geno_raise("E499", c->loc, "String size exceeds limit (%lld > %lld)", (long long)s->cplen, (long long)c->limit);
        return geno_jv_make(GENO_TAG_JSON_STRING, t->w);
    }
    case TV_INT: return geno_jv_make(GENO_TAG_JSON_INT, t->w);
    case TV_BOOL: return geno_jv_make(GENO_TAG_JSON_BOOL, t->w);
    case TV_FLOAT:
        if (!isfinite(geno_w2f(t->w))) { c->nonfinite = 1; return NULL; }
        return geno_jv_make(GENO_TAG_JSON_FLOAT, t->w);
    case TV_DATE:
        geno_raise("E499", c->loc, "json_parse: unsupported JSON value type: %s", (const char *)(uintptr_t)t->w);
    case TV_ARRAY: {
        if (t->n > c->limit)
            geno_raise("E499", c->loc, "List size exceeds limit (%lld > %lld)", (long long)t->n, (long long)c->limit);
        GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)(t->n ? t->n : 1));
        for (int64_t i = 0; i < t->n; i++) {
            GenoAdt *v = convert(c, t->vals[i]);
            if (!v) return NULL;
            items[i] = W(v);
        }
        int walk = 0;
        return geno_jv_array(items, t->n, c->limit, &walk, c->loc);
    }
    case TV_TABLE: {
        if (t->n > c->limit)
            geno_raise("E499", c->loc, "Map size exceeds limit (%lld > %lld)", (long long)t->n, (long long)c->limit);
        GenoWord *vals = geno_alloc(sizeof(GenoWord) * (size_t)(t->n ? t->n : 1));
        for (int64_t i = 0; i < t->n; i++) {
            GenoStr *k = t->keys[i];
            if (k->cplen > c->limit)
                geno_raise("E499", c->loc, "String size exceeds limit (%lld > %lld)", (long long)k->cplen, (long long)c->limit);
            GenoAdt *v = convert(c, t->vals[i]);
            if (!v) return NULL;
            vals[i] = W(v);
        }
        int walk = 0;
        return geno_jv_object(t->keys, vals, t->n, c->limit, &walk, c->loc);
    }
    }
    return NULL;
}

GenoAdt *geno_toml_parse(GenoStr *text, GenoLoc loc) {
    /* src = s.replace("\r\n", "\n") */
    char *src = geno_alloc_atomic((size_t)text->len + 1);
    int64_t n = 0;
    for (int64_t i = 0; i < text->len; i++) {
        if (text->data[i] == '\r' && i + 1 < text->len && text->data[i + 1] == '\n') continue;
        src[n++] = text->data[i];
    }
    TP p = { .s = src, .len = n, .loc = loc };
    p.root = node(TV_TABLE, 0);
    p.flags = geno_alloc(sizeof *p.flags);
    if (setjmp(p.fail)) return geno_err(W(p.err));
    parse_document(&p);
    Conv c = { .limit = geno_df_limit(), .loc = loc };
    GenoAdt *v = convert(&c, p.root);
    if (!v) return geno_err(W(geno_str_from_cstr("json_parse: non-finite JSON number")));
    return geno_ok(W(v));
}
