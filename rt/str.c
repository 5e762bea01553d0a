/* str.c — immutable UTF-8 strings and the GenoBuf string builder.
 *
 * A GenoStr stores its byte length and its code-point length: Geno counts
 * and indexes strings by code point, as the reference (Python str) does.
 * When the two lengths are equal the text is ASCII and indexing is O(1);
 * otherwise indexing walks the UTF-8. Comparing UTF-8 bytewise orders
 * strings by code point, so comparison is memcmp.
 *
 * Sizes are held to cfg.max_collection_size counted in code points, with the
 * reference's E499 "String size exceeds limit (N > L)".
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <gc/gc.h>

#include "geno/rt.h"
#include "alloc.h"
#include "errors.h"
#include "int.h"
#include "list.h"
#include "run.h"
#include "str.h"
#include "strlib.h"

int64_t geno_utf8_count(const char *s, int64_t len) {
    int64_t n = 0;
    for (int64_t i = 0; i < len; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Not cleared (every caller writes all len bytes): clearing would double
 * the memory traffic of building long strings. */
static GenoStr *str_alloc(int64_t len) {
    GenoStr *s = GC_MALLOC_ATOMIC(sizeof(GenoStr) + (size_t)len + 1);
    if (!s) geno_memory_exceeded();
    s->data = (char *)(s + 1);
    s->len = len;
    s->data[len] = 0;
    return s;
}

/* n <= 16 bytes from s to d (not overlapping) without a call: f-string
 * parts are mostly a few bytes, and libc's memcpy costs ~25 instructions
 * of dispatch before it copies them. */
static inline void copy_short(char *d, const char *s, int64_t n) {
    if (n >= 8) {
        uint64_t x, y;
        memcpy(&x, s, 8);
        memcpy(&y, s + n - 8, 8);
        memcpy(d, &x, 8);
        memcpy(d + n - 8, &y, 8);
    } else if (n >= 4) {
        uint32_t x, y;
        memcpy(&x, s, 4);
        memcpy(&y, s + n - 4, 4);
        memcpy(d, &x, 4);
        memcpy(d + n - 4, &y, 4);
    } else if (n > 0) {
        char x = s[0], y = s[n / 2], z = s[n - 1];
        d[0] = x;
        d[n / 2] = y;
        d[n - 1] = z;
    }
}

GenoStr *geno_str_new(const char *bytes, int64_t len) {
    GenoStr *s = str_alloc(len);
    memcpy(s->data, bytes, (size_t)len);
    s->cplen = geno_utf8_count(bytes, len);
    return s;
}

GenoStr *geno_str_from_cstr(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }

static void check_size(int64_t size, GenoLoc loc) {
    int64_t limit = geno_cfg.max_collection_size;
    if (size > limit)
        geno_raise("E499", loc, "String size exceeds limit (%lld > %lld)", (long long)size, (long long)limit);
}

/* ---- concatenation ----------------------------------------------------------
 *
 * `s = s + x` in a loop must not copy s every time. A long concatenation
 * result gets its bytes in a Store with spare room, and its header points at
 * store->bytes (headers of inline strings point just past themselves, which
 * is how the two kinds are told apart). A later a + b where a ends exactly at
 * store->used (no other string has bytes beyond a's end) writes b's bytes
 * there and returns a new header over the longer prefix: the bytes a and
 * older strings see never change, so strings stay immutable, and appending is
 * amortised O(len b). Every string sharing a store starts at store->bytes. */
typedef GenoStrStore Store;   /* geno/rt.h: GENO_STR_APPEND_OWNED writes it too */
_Static_assert(offsetof(GenoStrStore, bytes) == sizeof(GenoStrStore), "GENO_STR_APPEND_OWNED finds the store so");

#define STORE_MIN 64        /* shorter results are plain inline strings */

static int str_in_store(const GenoStr *s) { return s->data != (const char *)(s + 1); }
static Store *store_of(const GenoStr *s) { return (Store *)(void *)(s->data - offsetof(Store, bytes)); }

/* A header over the first len bytes of st (pointerful: it keeps st alive). */
static GenoStr *store_str(Store *st, int64_t len, int64_t cplen) {
    GenoStr *s = GC_MALLOC(sizeof(GenoStr));
    if (!s) geno_memory_exceeded();
    s->len = len;
    s->cplen = cplen;
    s->data = st->bytes;
    return s;
}

/* A new store holding a's bytes then b's, with room to grow (twice the
 * length). */
static Store *store_concat(GenoStr *a, GenoStr *b) {
    int64_t len = a->len + b->len, cap = 2 * len + 16;
    Store *st = GC_MALLOC_ATOMIC(sizeof(Store) + (size_t)cap);
    if (!st) geno_memory_exceeded();
    memcpy(st->bytes, a->data, (size_t)a->len);
    memcpy(st->bytes + a->len, b->data, (size_t)b->len);
    st->used = len;
    st->cap = cap;
    return st;
}

/* Store st of a (str_in_store) with b's bytes appended in place, or NULL
 * when a does not own its end (st->used == a->len: only the newest header
 * of a store ends there) or the store is full. */
static Store *store_append(Store *st, GenoStr *a, GenoStr *b) {
    int64_t len = a->len + b->len;
    if (st->used != a->len || len > st->cap) return NULL;
    memcpy(st->bytes + a->len, b->data, (size_t)b->len);
    st->used = len;
    return st;
}

/* a + b as a new header over a store: a's, grown in place, or a new one. */
static GenoStr *concat_in_store(GenoStr *a, GenoStr *b) {
    Store *st = str_in_store(a) ? store_append(store_of(a), a, b) : NULL;
    if (!st) st = store_concat(a, b);
    return store_str(st, a->len + b->len, a->cplen + b->cplen);
}

GenoStr *geno_str_concat(GenoStr *a, GenoStr *b, GenoLoc loc) {
    check_size(a->cplen + b->cplen, loc);
    if (b->len == 0) return a;
    if (a->len == 0) return b;
    int64_t len = a->len + b->len;
    if (str_in_store(a) || len >= STORE_MIN) return concat_in_store(a, b);
    GenoStr *s = str_alloc(len);
    memcpy(s->data, a->data, (size_t)a->len);
    memcpy(s->data + a->len, b->data, (size_t)b->len);
    s->cplen = a->cplen + b->cplen;
    return s;
}

/* ---- owned concatenation (codegen: `s = s + x` on an owned String var) ----
 *
 * An owned String local holds a header no other value shares (its flag,
 * codegen/emit.c, is cleared by any read that may keep it). Such a header
 * is always a pointerful one made here over a Store whose end it owns, so
 * `s = s + x` may grow it in place: the bytes other strings see stay as
 * they were, and no header is allocated per append. Errors are raised
 * before anything changes, as geno_str_concat raises them. */

/* a + b as a new header (never a or b) whose store has room to grow. */
GenoStr *geno_str_concat_owned(GenoStr *a, GenoStr *b, GenoLoc loc) {
    check_size(a->cplen + b->cplen, loc);
    return concat_in_store(a, b);
}

/* *s (owned) += b. */
void geno_str_append_owned(GenoStr *s, GenoStr *b, GenoLoc loc) {
    check_size(s->cplen + b->cplen, loc);
    if (b->len == 0) return;
    Store *st = store_append(store_of(s), s, b);   /* an owned header is always in a store */
    if (!st) st = store_concat(s, b);
    s->data = st->bytes;
    s->len += b->len;
    s->cplen += b->cplen;
}

int geno_str_eq(GenoStr *a, GenoStr *b) {
    return a == b || (a->len == b->len && memcmp(a->data, b->data, (size_t)a->len) == 0);
}

int geno_str_cmp(GenoStr *a, GenoStr *b) {
    int64_t n = a->len < b->len ? a->len : b->len;
    if (n <= 16) {      /* short keys (sort_by's names): no memcmp call */
        const unsigned char *p = (const unsigned char *)a->data, *q = (const unsigned char *)b->data;
        for (int64_t i = 0; i < n; i++)
            if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
    } else {
        int c = memcmp(a->data, b->data, (size_t)n);
        if (c) return (c > 0) - (c < 0);
    }
    return (a->len > b->len) - (a->len < b->len);
}

static int utf8_seq_len(unsigned char lead) {
    return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
}

GenoStr *geno_str_index(GenoStr *s, GenoInt i, GenoLoc loc) {
    int64_t idx;
    GenoInt shown = i;                  /* the message shows i + length when i < 0 */
    int ok = geno_int_get_i64(i, &idx);
    if (ok && idx < 0) idx += s->cplen;
    if (!ok || idx < 0 || idx >= s->cplen) {
        if (geno_int_sign(i) < 0) shown = geno_int_add_slow(i, geno_int_from_i64(s->cplen), loc);
        geno_raise("E401", loc, "Index %s out of bounds for string of length %lld",
                   geno_int_cstr(shown), (long long)s->cplen);
    }
    if (s->len == s->cplen) return geno_str_make(s->data + idx, 1, 1);   /* ASCII: no allocation */
    const char *p = s->data;
    for (int64_t k = 0; k < idx; k++) p += utf8_seq_len((unsigned char)*p);
    return geno_str_new(p, utf8_seq_len((unsigned char)*p));
}

GenoInt geno_str_length(GenoStr *s) { return GENO_INT_SMALL(s->cplen); }

/* ---- GenoBuf ------------------------------------------------------------------ */

/* A buffer's bytes live after room for a string header, so that finishing
 * can turn the buffer into the string in place instead of copying it. */
#define HDR ((int64_t)sizeof(GenoStr))

/* Such a store (GenoBuf, GenoJoinAcc) with len bytes used: room for `more`
 * bytes and a NUL, growing by cap >> grow_shift at a time; a copy when a
 * string has taken the bytes over (*given). */
static __attribute__((noinline)) void store_grow(char **data, int64_t *cap, int64_t *given, int64_t len, int64_t more, int grow_shift);
static inline void store_reserve(char **data, int64_t *cap, int64_t *given, int64_t len, int64_t more, int grow_shift) {
    if (GENO_LIKELY(len + more + 1 <= *cap && *given != 1)) return;
    store_grow(data, cap, given, len, more, grow_shift);   /* out of line: the callers stay leaves */
}

static void store_grow(char **data, int64_t *cap, int64_t *given, int64_t len, int64_t more, int grow_shift) {
    int64_t c = *cap + (*cap >> grow_shift);
    while (c < len + more + 1) c += c >> grow_shift;
    if (*given) {                       /* the bytes belong to a string now, or to a caller's stack: copy */
        char *d = (char *)geno_alloc_atomic((size_t)(HDR + c)) + HDR;
        memcpy(d, *data, (size_t)len);
        *data = d;
        *given = 0;
    } else {
        *data = (char *)geno_realloc_atomic(*data - HDR, (size_t)(HDR + c)) + HDR;
    }
    *cap = c;
}

/* The string of a store's len bytes: the store itself (then *given), or a
 * copy when a string already has it or more than len / slack_div + 64 bytes
 * of it would sit empty. */
static GenoStr *store_to_str(char *data, int64_t len, int64_t cplen, int64_t cap, int64_t *given, int slack_div) {
    if (*given || cap - len > len / slack_div + 64) {
        GenoStr *s = str_alloc(len);
        if (len <= 16) copy_short(s->data, data, len);
        else memcpy(s->data, data, (size_t)len);
        s->cplen = cplen;
        return s;
    }
    GenoStr *s = (GenoStr *)(void *)(data - HDR);
    s->data = data;
    s->len = len;
    s->cplen = cplen;
    s->data[len] = 0;                   /* len + 1 <= cap always */
    *given = 1;
    return s;
}

/* An f-string's builder in the caller's stack frame (codegen/emit_expr.c):
 * the GenoBuf, then its first bytes. given = 2 marks bytes that are not
 * the collector's: growing copies them to the heap (store_reserve) and so
 * does finishing (store_to_str), so a short f-string allocates only its
 * result (string_build: three allocations per f-string to one). */
_Static_assert(GENO_FBUF_WORDS * sizeof(GenoWord) >= sizeof(GenoBuf) + 32, "room for some bytes");
GenoBuf *geno_buf_on_stack(GenoWord *space, int64_t bytes) {
    GenoBuf *b = (GenoBuf *)(void *)space;
    *b = (GenoBuf){.data = (char *)(b + 1), .given = 2, .cap = bytes - (int64_t)sizeof *b, .limit = -1};
    return b;
}

GenoBuf *geno_buf_new(void) {
    GenoBuf *b = geno_alloc(sizeof *b);
    b->cap = 64 - HDR;
    b->data = (char *)geno_alloc_atomic((size_t)(HDR + b->cap)) + HDR;
    b->limit = -1;
    return b;
}

static __attribute__((noinline, cold)) _Noreturn void buf_over_limit(GenoBuf *b, int64_t cplen) {
    geno_raise("E499", 0, "%sString size exceeds limit (%lld > %lld)", b->limit_what,
               (long long)(b->cplen - b->limit_base + cplen), (long long)b->limit);
}

void geno_buf_add_bytes(GenoBuf *b, const char *s, int64_t len, int64_t cplen) {
    if (GENO_UNLIKELY(b->limit >= 0) && b->cplen - b->limit_base + cplen > b->limit) buf_over_limit(b, cplen);
    store_reserve(&b->data, &b->cap, &b->given, b->len, len, 0);   /* doubling */
    if (len <= 16) copy_short(b->data + b->len, s, len);
    else memcpy(b->data + b->len, s, (size_t)len);
    b->len += len;
    b->cplen += cplen;
}

void geno_buf_add_ascii(GenoBuf *b, const char *s, int64_t len) { geno_buf_add_bytes(b, s, len, len); }

void geno_buf_add_utf8(GenoBuf *b, const char *s, int64_t len) { geno_buf_add_bytes(b, s, len, geno_utf8_count(s, len)); }

void geno_buf_add_cstr(GenoBuf *b, const char *s) { geno_buf_add_utf8(b, s, (int64_t)strlen(s)); }

void geno_buf_add_str(GenoBuf *b, GenoStr *s) { geno_buf_add_bytes(b, s->data, s->len, s->cplen); }

/* The whole quoted form is one append, as in the reference's to_string. */
void geno_buf_add_quoted(GenoBuf *b, const GenoStr *s) {
    int64_t extra = 2;
    for (int64_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if (c == '\\' || c == '"' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f') extra += 1;
        else if (c < 0x20) extra += 5;
    }
    char *q = geno_alloc_atomic((size_t)(s->len + extra));
    char *o = q;
    *o++ = '"';
    for (int64_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        const char *esc = NULL;
        switch (c) {
        case '\\': esc = "\\\\"; break;
        case '"': esc = "\\\""; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        }
        if (esc) { *o++ = esc[0]; *o++ = esc[1]; }
        else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            memcpy(o, "\\u00", 4);
            o[4] = hex[c >> 4];
            o[5] = hex[c & 15];
            o += 6;
        } else *o++ = (char)c;
    }
    *o++ = '"';
    geno_buf_add_bytes(b, q, o - q, s->cplen + extra);
}

GenoStr *geno_buf_to_str(GenoBuf *b) {
    /* A short text in its own 32-byte object rather than keeping the
     * buffer's 64 (string_split_join keeps 72,000 such f-strings). */
    if (!b->given && HDR + b->len + 1 <= 32 && b->cap + HDR > 32) {
        GenoStr *s = str_alloc(b->len);
        memcpy(s->data, b->data, (size_t)b->len);
        s->cplen = b->cplen;
        return s;
    }
    return store_to_str(b->data, b->len, b->cplen, b->cap, &b->given, 2);   /* copy when mostly empty */
}

/* ---- join accumulators (GENO_JOIN_ADD) -------------------------------------------
 * The bytes of join(parts, sep) kept as the parts come, in the layout of a
 * GenoBuf so that the join can take them over without a copy. */

/* Counts the one-byte parts GENO_JOIN_ADD stored since the last call. */
static void join_acc_sync(GenoJoinAcc *a) {
    a->n += a->len - a->synced;
    a->cplen += a->len - a->synced;
    a->synced = a->len;
}

static void join_acc_set_room(GenoJoinAcc *a) {
    int64_t limit = geno_cfg.max_collection_size, r = a->cap - 1 - a->len;
    if (limit - a->cplen < r) r = limit - a->cplen;     /* code points left */
    if (limit - a->n < r) r = limit - a->n;             /* parts left */
    a->room = (a->n == 0 || a->sep->len || a->given || r <= 0) ? 0 : a->len + r;
}

GenoJoinAcc *geno_join_acc_new(GenoStr *sep) {
    GenoJoinAcc *a = geno_alloc(sizeof *a);
    a->cap = 64 - HDR;
    a->data = (char *)geno_alloc_atomic((size_t)(HDR + a->cap)) + HDR;
    a->sep = sep ? sep : geno_str_empty();
    join_acc_set_room(a);
    return a;
}

void geno_join_acc_add(GenoJoinAcc *a, GenoStr *s, GenoLoc loc) {
    join_acc_sync(a);
    geno_check_collection_size("List", a->n + 1, loc);   /* append's check */
    GenoStr *sep = a->n ? a->sep : NULL;
    if (a->n++ == 0) a->first = s;
    a->cplen += s->cplen + (sep ? sep->cplen : 0);
    if (a->cplen <= geno_cfg.max_collection_size) {      /* else join fails: count only */
        /* 1.5x: less slack in the heap than doubling */
        store_reserve(&a->data, &a->cap, &a->given, a->len, s->len + (sep ? sep->len : 0), 1);
        if (sep) { memcpy(a->data + a->len, sep->data, (size_t)sep->len); a->len += sep->len; }
        memcpy(a->data + a->len, s->data, (size_t)s->len);
        a->len += s->len;
    }
    a->synced = a->len;
    join_acc_set_room(a);
}

/* A loop that adds a part per iteration, `left` of them to go: when the
 * storage is full, it grows to hold at least a byte per part left (capped
 * by the size limit), so a loop of one-character parts grows it once instead
 * of by 1.5x steps, each a copy, and join can hand the bytes over without
 * one more copy. */
void geno_join_acc_add_sized(GenoJoinAcc *a, GenoStr *s, int64_t left, GenoLoc loc) {
    join_acc_sync(a);
    int64_t more = s->len + a->sep->len * (a->n != 0) + (left > 1 ? (left - 1) * (1 + a->sep->len) : 0);
    int64_t most = geno_cfg.max_collection_size - a->cplen;   /* bytes >= code points */
    if (more > most) more = most;           /* past the limit (most < 0) the bytes are not kept */
    if (!a->given && more > 0 && a->len + more + 1 > a->cap) {
        int64_t c = a->len + more + 1;
        if (c < a->cap + (a->cap >> 1)) c = a->cap + (a->cap >> 1);   /* the estimate was short: 1.5x */
        a->data = (char *)geno_realloc_atomic(a->data - HDR, (size_t)(HDR + c)) + HDR;
        a->cap = c;
        join_acc_set_room(a);
    }
    geno_join_acc_add(a, s, loc);
}

GenoStr *geno_join_acc_join(GenoJoinAcc *a, const char *fname, GenoLoc loc) {
    join_acc_sync(a);
    if (a->n == 0) return geno_str_empty();
    if (a->n == 1) return a->first;
    geno_check_result_size(fname, a->cplen, loc);
    GenoStr *s = store_to_str(a->data, a->len, a->cplen, a->cap, &a->given, 8);   /* copy when an eighth empty */
    join_acc_set_room(a);
    return s;
}

/* The f-string result: the reference checks the joined length. */
GenoStr *geno_buf_finish(GenoBuf *b, GenoLoc loc) {
    check_size(b->cplen, loc);
    return geno_buf_to_str(b);
}

/* The f-string as geno_buf_finish checks it, but as a header in the
 * caller's frame over the builder's bytes (valid while both are): for a
 * string the caller copies at once (`s = s + f"..."`, codegen/emit_strcat.c). */
GenoStr *geno_buf_view(GenoBuf *b, GenoStr *view, GenoLoc loc) {
    check_size(b->cplen, loc);
    view->len = b->len;
    view->cplen = b->cplen;
    view->data = b->data;
    return view;
}

/* Python's repr of a str: single quotes unless the text has a ' and no ". */
void geno_py_repr_str(GenoBuf *b, const GenoStr *s) {
    char q = (memchr(s->data, '\'', (size_t)s->len) && !memchr(s->data, '"', (size_t)s->len)) ? '"' : '\'';
    geno_buf_add_ascii(b, &q, 1);
    for (int64_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        char esc[8];
        if (c == (unsigned char)q || c == '\\') { esc[0] = '\\'; esc[1] = (char)c; geno_buf_add_ascii(b, esc, 2); }
        else if (c == '\n') geno_buf_add_ascii(b, "\\n", 2);
        else if (c == '\r') geno_buf_add_ascii(b, "\\r", 2);
        else if (c == '\t') geno_buf_add_ascii(b, "\\t", 2);
        else if (c < 0x20 || c == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            esc[0] = '\\'; esc[1] = 'x'; esc[2] = hex[c >> 4]; esc[3] = hex[c & 15];
            geno_buf_add_ascii(b, esc, 4);
        } else {
            int64_t j = i + 1;                  /* one whole UTF-8 sequence */
            while (j < s->len && ((unsigned char)s->data[j] & 0xC0) == 0x80) j++;
            geno_buf_add_bytes(b, s->data + i, j - i, 1);
            i = j - 1;
        }
    }
    geno_buf_add_ascii(b, &q, 1);
}
