/* strlib.c — the string builtins (split, join, trim, replace, format, ...)
 * and the pure path builtins, with the reference's results and messages.
 *
 * Strings are UTF-8 with a code-point count (GenoStr). Everything that only
 * looks for or cuts at a substring works on bytes: UTF-8 is
 * self-synchronising, so a byte match of valid UTF-8 always starts and ends
 * on code-point boundaries, and code points are counted only where the
 * result needs them. When len == cplen the text is ASCII and byte offsets
 * are code-point indices.
 *
 * Size limits follow the reference builtin by builtin (cfg.max_collection_size,
 * counted in code points, checked before the result is built):
 *   split             List size exceeds limit (N > L)
 *   join, replace, format, string_pad_*
 *                     <name>: Runtime Error: String size exceeds limit (N > L)
 *                     (the reference wraps its own error's text, prefix and all)
 *   repeat_string     <name>: result would exceed collection size limit (N > L)
 *   path_join         String size exceeds limit (N > L)  (its post-call check)
 * Builtins with a `string_` twin differ from it only in the name their
 * messages show; both names are exported.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "int.h"
#include "list.h"
#include "run.h"
#include "str.h"
#include "strlib.h"
#include "unicode.h"

/* ---- string construction ------------------------------------------------------ */

/* Statically initialised (no first-use check on the inline paths). */
#define C1(c) { 1, 1, geno_ascii_chars[c].b_, { (char)(c), 0 } }
#define C4(c) C1(c), C1(c + 1), C1(c + 2), C1(c + 3)
#define C16(c) C4(c), C4(c + 4), C4(c + 8), C4(c + 12)
#define C64(c) C16(c), C16(c + 16), C16(c + 32), C16(c + 48)
GenoAsciiChar geno_ascii_chars[128] = { C64(0), C64(64) };
_Static_assert(sizeof geno_ascii_chars == 4096, "GENO_STR_EQ ORs two offsets into it");
#define ascii_chars geno_ascii_chars
static GENO_STR_STATIC(1) empty_str = { 0, 0, empty_str.b_, "" };


GenoStr *geno_str_empty(void) { return (GenoStr *)&empty_str; }

static GenoStr *str_alloc(int64_t len, int64_t cplen) {
    GenoStr *s = geno_alloc_atomic(sizeof(GenoStr) + (size_t)len + 1);
    s->data = (char *)(s + 1);
    s->len = len;
    s->cplen = cplen;
    return s;
}

GenoStr *geno_str_make(const char *bytes, int64_t len, int64_t cplen) {
    if (len == 0) return geno_str_empty();
    if (len == 1 && (unsigned char)bytes[0] < 0x80) {
        return (GenoStr *)&ascii_chars[(unsigned char)bytes[0]];
    }
    GenoStr *s = str_alloc(len, cplen);
    memcpy(s->data, bytes, (size_t)len);
    return s;
}

/* Bytes [off, off+len) of s as a string; cplen counted unless s is ASCII. */
static GenoStr *sub_bytes(const GenoStr *s, int64_t off, int64_t len) {
    int64_t cp = s->len == s->cplen ? len : geno_utf8_count(s->data + off, len);
    return geno_str_make(s->data + off, len, cp);
}

GenoStr *geno_str_cp_at(GenoStr *s, int64_t off) {
    int n = geno_utf8_len((unsigned char)s->data[off]);
    if (n > s->len - off) n = (int)(s->len - off);
    return geno_str_make(s->data + off, n, 1);
}

int64_t geno_str_byte_offset(const GenoStr *s, int64_t i) {
    if (s->len == s->cplen) return i;
    int64_t off = 0;
    while (i-- > 0 && off < s->len) off += geno_utf8_len((unsigned char)s->data[off]);
    return off < s->len ? off : s->len;
}

static int64_t cp_index(const GenoStr *s, int64_t off) {
    return s->len == s->cplen ? off : geno_utf8_count(s->data, off);
}

/* ---- limits --------------------------------------------------------------------- */

static int64_t limit(void) { return geno_cfg.max_collection_size; }

/* _check_result_string_size: the reference wraps its own error's text. */
void geno_check_result_size(const char *fname, int64_t size, GenoLoc loc) {
    if (size > limit())
        geno_raise("E499", loc, "%s: Runtime Error: String size exceeds limit (%lld > %lld)",
                   fname, (long long)size, (long long)limit());
}
#define check_result_size geno_check_result_size

static void check_list_size(int64_t size, GenoLoc loc) {
    if (size > limit())
        geno_raise("E499", loc, "List size exceeds limit (%lld > %lld)", (long long)size, (long long)limit());
}

/* ---- searching -------------------------------------------------------------------- */

static const char *find(const GenoStr *h, int64_t from, const GenoStr *n) {
    if (n->len == 1) return memchr(h->data + from, n->data[0], (size_t)(h->len - from));
    return memmem(h->data + from, (size_t)(h->len - from), n->data, (size_t)n->len);
}

/* Non-overlapping occurrences of a non-empty needle, left to right. */
static int64_t count_occurrences(const GenoStr *h, const GenoStr *n) {
    int64_t count = 0, pos = 0;
    const char *p;
    while (pos <= h->len - n->len && (p = find(h, pos, n)) != NULL) {
        count++;
        pos = (p - h->data) + n->len;
    }
    return count;
}

/* The last occurrence's byte offset, or -1 (needle non-empty). */
static int64_t rfind(const GenoStr *h, const GenoStr *n) {
    if (n->len > h->len) return -1;
    for (int64_t i = h->len - n->len; i >= 0; i--) {
        const char *p = memrchr(h->data, n->data[0], (size_t)(i + 1));
        if (!p) return -1;
        i = p - h->data;
        if (memcmp(p, n->data, (size_t)n->len) == 0) return i;
    }
    return -1;
}

/* ---- split / join ------------------------------------------------------------------- */

static GenoList *split(GenoStr *text, GenoStr *delim, const char *fname, GenoLoc loc) {
    if (delim->len == 0) geno_raise("E499", loc, "%s: delimiter cannot be empty", fname);
    int64_t n = count_occurrences(text, delim) + 1;
    check_list_size(n, loc);
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)n);
    int64_t pos = 0;
    for (int64_t k = 0; k < n - 1; k++) {
        const char *p = find(text, pos, delim);
        int64_t at = p - text->data;
        items[k] = (GenoWord)(uintptr_t)sub_bytes(text, pos, at - pos);
        pos = at + delim->len;
    }
    items[n - 1] = (GenoWord)(uintptr_t)sub_bytes(text, pos, text->len - pos);
    return geno_list_of(n, items, loc);
}

GenoList *geno_split(GenoStr *text, GenoStr *delim, GenoLoc loc) { return split(text, delim, "split", loc); }
GenoList *geno_string_split(GenoStr *text, GenoStr *delim, GenoLoc loc) {
    return split(text, delim, "string_split", loc);
}

static GenoStr *join(GenoList *parts, GenoStr *sep, const char *fname, GenoLoc loc) {
    int64_t n = geno_list_len(parts);
    if (n == 0) return geno_str_empty();
    if (n == 1) return (GenoStr *)(uintptr_t)geno_list_get(parts, 0);
    int64_t len = sep->len * (n - 1), cplen = sep->cplen * (n - 1);
    for (int64_t i = 0, k; i < n; i += k) {          /* a chunk at a time */
        const GenoWord *c = geno_list_chunk(parts, i, &k);
        for (int64_t j = 0; j < k; j++) {
            const GenoStr *p = (const GenoStr *)(uintptr_t)c[j];
            len += p->len;
            cplen += p->cplen;
        }
    }
    check_result_size(fname, cplen, loc);
    GenoStr *r = str_alloc(len, cplen);
    char *o = r->data;
    for (int64_t i = 0, k; i < n; i += k) {
        const GenoWord *c = geno_list_chunk(parts, i, &k);
        for (int64_t j = 0; j < k; j++) {
            const GenoStr *p = (const GenoStr *)(uintptr_t)c[j];
            if (i + j > 0 && sep->len) { memcpy(o, sep->data, (size_t)sep->len); o += sep->len; }
            if (p->len == 1) *o++ = p->data[0];
            else { memcpy(o, p->data, (size_t)p->len); o += p->len; }
        }
    }
    return r;
}

GenoStr *geno_join(GenoList *parts, GenoStr *sep, GenoLoc loc) { return join(parts, sep, "join", loc); }
GenoStr *geno_string_join(GenoList *parts, GenoStr *sep, GenoLoc loc) {
    return join(parts, sep, "string_join", loc);
}

/* ---- trim ------------------------------------------------------------------------------ */

/* geno_uc_is_space below 0x80: \t..\r, 0x1C..0x1F and the space. */
static inline int ascii_space(unsigned char c) { return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20); }

static GenoStr *trim(GenoStr *s, int left, int right) {
    int64_t a = 0, b = s->len;
    uint32_t cp;
    if (s->len == s->cplen) {           /* ASCII (parse_int's tokens): bytes, no decoding */
        const unsigned char *d = (const unsigned char *)s->data;
        if (left) while (a < b && ascii_space(d[a])) a++;
        if (right) while (b > a && ascii_space(d[b - 1])) b--;
    } else {
        if (left)
            while (a < b) {
                int n = geno_utf8_decode(s->data + a, b - a, &cp);
                if (!geno_uc_is_space(cp)) break;
                a += n;
            }
        if (right)
            while (b > a) {
                int64_t p = b - 1;
                while (p > a && ((unsigned char)s->data[p] & 0xC0) == 0x80 && b - p < 4) p--;
                geno_utf8_decode(s->data + p, b - p, &cp);
                if (!geno_uc_is_space(cp)) break;
                b = p;
            }
    }
    if (a == 0 && b == s->len) return s;
    return sub_bytes(s, a, b - a);
}

GenoStr *geno_trim(GenoStr *s) { return trim(s, 1, 1); }
GenoStr *geno_string_trim(GenoStr *s) { return trim(s, 1, 1); }
GenoStr *geno_string_trim_start(GenoStr *s) { return trim(s, 1, 0); }
GenoStr *geno_string_trim_end(GenoStr *s) { return trim(s, 0, 1); }

/* ---- case ---------------------------------------------------------------------------------- */

GenoStr *geno_to_upper(GenoStr *s, GenoLoc loc) { return geno_uc_upper(s, loc); }
GenoStr *geno_to_lower(GenoStr *s, GenoLoc loc) { return geno_uc_lower(s, loc); }
GenoStr *geno_string_to_upper(GenoStr *s, GenoLoc loc) { return geno_uc_upper(s, loc); }
GenoStr *geno_string_to_lower(GenoStr *s, GenoLoc loc) { return geno_uc_lower(s, loc); }

/* ---- split_once, predicates --------------------------------------------------------------- */

static int split_once(GenoStr *text, GenoStr *delim, GenoStr **before, GenoStr **after,
                      const char *fname, GenoLoc loc) {
    if (delim->len == 0) geno_raise("E499", loc, "%s: delimiter cannot be empty", fname);
    const char *p = delim->len <= text->len ? find(text, 0, delim) : NULL;
    if (!p) return 0;
    int64_t at = p - text->data;
    *before = sub_bytes(text, 0, at);
    *after = sub_bytes(text, at + delim->len, text->len - at - delim->len);
    return 1;
}

int geno_split_once(GenoStr *text, GenoStr *delim, GenoStr **before, GenoStr **after, GenoLoc loc) {
    return split_once(text, delim, before, after, "split_once", loc);
}
int geno_string_split_once(GenoStr *text, GenoStr *delim, GenoStr **before, GenoStr **after, GenoLoc loc) {
    return split_once(text, delim, before, after, "string_split_once", loc);
}

int geno_starts_with(GenoStr *text, GenoStr *prefix) {
    return prefix->len <= text->len && memcmp(text->data, prefix->data, (size_t)prefix->len) == 0;
}
int geno_ends_with(GenoStr *text, GenoStr *suffix) {
    return suffix->len <= text->len
        && memcmp(text->data + text->len - suffix->len, suffix->data, (size_t)suffix->len) == 0;
}
int geno_contains_substring(GenoStr *text, GenoStr *sub) {
    if (sub->len == 0) return 1;
    return sub->len <= text->len && find(text, 0, sub) != NULL;
}
int geno_string_starts_with(GenoStr *text, GenoStr *prefix) { return geno_starts_with(text, prefix); }
int geno_string_ends_with(GenoStr *text, GenoStr *suffix) { return geno_ends_with(text, suffix); }
int geno_string_contains(GenoStr *text, GenoStr *sub) { return geno_contains_substring(text, sub); }

/* ---- to_chars, sort_strings --------------------------------------------------------------- */

int64_t geno_chars_count(GenoStr *s, GenoLoc loc) {
    if (s->cplen) check_list_size(s->cplen, loc);
    return s->cplen;
}

GenoStr *geno_char_at_byte(GenoStr *s, int64_t o) { return geno_str_cp_at(s, o); }

GenoStr *geno_char_next(GenoStr *s, int64_t *o) {
    GenoStr *c = geno_str_cp_at(s, *o);
    *o += c->len;
    return c;
}

GenoList *geno_to_chars(GenoStr *s, GenoLoc loc) {
    int64_t n = s->cplen;
    if (n == 0) return geno_list_empty();
    check_list_size(n, loc);
    GenoListBuilder b;                  /* straight into the list, 32 at a time */
    geno_list_builder_init(&b);
    GenoWord buf[32];
    int64_t off = 0, k = 0;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s->data[off];
        if (c < 0x80) {
            buf[k++] = (GenoWord)(uintptr_t)&ascii_chars[c];
            off++;
        } else {
            GenoStr *cs = geno_str_cp_at(s, off);
            buf[k++] = (GenoWord)(uintptr_t)cs;
            off += cs->len;
        }
        if (k == 32 || i == n - 1) {
            geno_list_builder_add_many(&b, buf, k, loc);
            k = 0;
        }
    }
    return geno_list_builder_finish(&b);
}

static int str_le(GenoWord a, GenoWord b) {
    return geno_str_cmp((GenoStr *)(uintptr_t)a, (GenoStr *)(uintptr_t)b) <= 0;
}

/* Stable merge sort of a[0..n) using tmp[0..n). */
static void merge_sort(GenoWord *a, GenoWord *tmp, int64_t n) {
    if (n < 2) return;
    if (n <= 16) {                       /* insertion sort: stable */
        for (int64_t i = 1; i < n; i++) {
            GenoWord x = a[i];
            int64_t j = i;
            while (j > 0 && !str_le(a[j - 1], x)) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    int64_t h = n / 2;
    merge_sort(a, tmp, h);
    merge_sort(a + h, tmp, n - h);
    if (str_le(a[h - 1], a[h])) return;  /* already in order */
    memcpy(tmp, a, sizeof(GenoWord) * (size_t)h);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = str_le(tmp[i], a[j]) ? tmp[i++] : a[j++];
    while (i < h) a[k++] = tmp[i++];
}

GenoList *geno_sort_strings(GenoList *l, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    if (n > 100000) geno_raise("E499", loc, "sort_strings: list too large (max 100,000 elements)");
    if (n < 2) return l;
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)n);
    GenoWord *tmp = geno_alloc(sizeof(GenoWord) * (size_t)(n / 2 + 1));
    for (int64_t i = 0; i < n; i++) items[i] = geno_list_get(l, i);
    merge_sort(items, tmp, n);
    return geno_list_of(n, items, loc);
}

/* ---- repeat, replace ------------------------------------------------------------------------ */

static GenoStr *repeat(GenoStr *s, GenoInt count, const char *fname, GenoLoc loc) {
    if (geno_int_sign(count) < 0) geno_raise("E499", loc, "%s: count must be non-negative", fname);
    int64_t c;
    int fits = geno_int_get_i64(count, &c);
    __int128 product = fits ? (__int128)s->cplen * c : 0;
    if (s->cplen > 0 && (!fits || product > limit())) {
        mpz_t t, p;
        mpz_init(p);
        mpz_mul_si(p, geno_int_mpz(count, t), (long)s->cplen);
        char *text = mpz_get_str(NULL, 10, p);
        geno_raise("E499", loc, "%s: result would exceed collection size limit (%s > %lld)",
                   fname, text, (long long)limit());
    }
    if (!fits) geno_raise("E499", loc, "cannot fit 'int' into an index-sized integer");
    if (s->len == 0 || c == 0) return geno_str_empty();
    if (c == 1) return s;
    int64_t total = s->len * c;
    GenoStr *r = str_alloc(total, s->cplen * c);
    memcpy(r->data, s->data, (size_t)s->len);
    int64_t done = s->len;
    while (done < total) {               /* double the copied prefix */
        int64_t n = done < total - done ? done : total - done;
        memcpy(r->data + done, r->data, (size_t)n);
        done += n;
    }
    return r;
}

GenoStr *geno_repeat_string(GenoStr *s, GenoInt count, GenoLoc loc) { return repeat(s, count, "repeat_string", loc); }
GenoStr *geno_string_repeat(GenoStr *s, GenoInt count, GenoLoc loc) { return repeat(s, count, "string_repeat", loc); }

static GenoStr *replace(GenoStr *text, GenoStr *old, GenoStr *new_, const char *fname, GenoLoc loc) {
    if (old->len == 0) {
        /* new before every code point and at the end */
        int64_t n = text->cplen;
        check_result_size(fname, n + (n + 1) * new_->cplen, loc);
        if (new_->len == 0) return text;
        GenoStr *r = str_alloc(text->len + (n + 1) * new_->len, n + (n + 1) * new_->cplen);
        char *o = r->data;
        int64_t i = 0;
        for (;;) {
            memcpy(o, new_->data, (size_t)new_->len);
            o += new_->len;
            if (i >= text->len) break;
            int k = geno_utf8_len((unsigned char)text->data[i]);
            if (k > text->len - i) k = (int)(text->len - i);
            memcpy(o, text->data + i, (size_t)k);
            o += k;
            i += k;
        }
        return r;
    }
    int64_t count = old->len <= text->len ? count_occurrences(text, old) : 0;
    check_result_size(fname, text->cplen + count * (new_->cplen - old->cplen), loc);
    if (count == 0) return text;
    GenoStr *r = str_alloc(text->len + count * (new_->len - old->len),
                           text->cplen + count * (new_->cplen - old->cplen));
    char *o = r->data;
    int64_t pos = 0;
    for (int64_t k = 0; k < count; k++) {
        int64_t at = find(text, pos, old) - text->data;
        memcpy(o, text->data + pos, (size_t)(at - pos));
        o += at - pos;
        memcpy(o, new_->data, (size_t)new_->len);
        o += new_->len;
        pos = at + old->len;
    }
    memcpy(o, text->data + pos, (size_t)(text->len - pos));
    return r;
}

GenoStr *geno_replace(GenoStr *text, GenoStr *old, GenoStr *new_, GenoLoc loc) {
    return replace(text, old, new_, "replace", loc);
}
GenoStr *geno_string_replace(GenoStr *text, GenoStr *old, GenoStr *new_, GenoLoc loc) {
    return replace(text, old, new_, "string_replace", loc);
}

/* ---- substring, char_at, index_of ------------------------------------------------------------ */

/* An Int as int64, saturated at the int64 range. */
static int64_t saturate(GenoInt a) {
    int64_t v;
    if (geno_int_get_i64(a, &v)) return v;
    return geno_int_sign(a) < 0 ? INT64_MIN : INT64_MAX;
}

/* max(0, start), min(len, stop), then Python's slice (a negative stop counts
 * from the end). */
GenoStr *geno_substring(GenoStr *s, GenoInt start, GenoInt stop) {
    int64_t n = s->cplen, a = saturate(start), b = saturate(stop);
    if (a < 0) a = 0;
    if (a > n) a = n;
    if (b > n) b = n;
    if (b < 0) { b = b < -n ? 0 : b + n; }
    if (a >= b) return geno_str_empty();
    if (a == 0 && b == n) return s;
    int64_t oa = geno_str_byte_offset(s, a), ob = b;
    if (s->len != s->cplen) {
        ob = oa;
        for (int64_t i = a; i < b && ob < s->len; i++) ob += geno_utf8_len((unsigned char)s->data[ob]);
        if (ob > s->len) ob = s->len;
    }
    return geno_str_make(s->data + oa, ob - oa, b - a);
}

GenoStr *geno_string_substring(GenoStr *s, GenoInt start, GenoInt stop) { return geno_substring(s, start, stop); }

GenoStr *geno_string_char_at(GenoStr *s, GenoInt index) {
    int64_t i = saturate(index);
    if (i < 0 || i >= s->cplen) return geno_str_empty();
    return geno_str_cp_at(s, geno_str_byte_offset(s, i));
}

GenoInt geno_string_index_of(GenoStr *s, GenoStr *sub) {
    if (sub->len == 0) return GENO_INT_SMALL(0);
    const char *p = sub->len <= s->len ? find(s, 0, sub) : NULL;
    return GENO_INT_SMALL(p ? cp_index(s, p - s->data) : -1);
}

GenoInt geno_string_last_index_of(GenoStr *s, GenoStr *sub) {
    if (sub->len == 0) return GENO_INT_SMALL(s->cplen);
    int64_t at = rfind(s, sub);
    return GENO_INT_SMALL(at < 0 ? -1 : cp_index(s, at));
}

/* ---- format ------------------------------------------------------------------------------------ */

GenoStr *geno_format(GenoStr *tmpl, GenoList *values, GenoLoc loc) {
    static GENO_STR_STATIC(3) braces = { 2, 2, braces.b_, "{}" };
    GenoStr *ph = (GenoStr *)&braces;
    int64_t holes = tmpl->len >= 2 ? count_occurrences(tmpl, ph) : 0;
    int64_t n = geno_list_len(values);
    if (holes != n)
        geno_raise("E499", loc, "format: expected %lld values, got %lld", (long long)holes, (long long)n);
    if (n == 0) return tmpl;
    int64_t len = tmpl->len - 2 * holes, cplen = tmpl->cplen - 2 * holes;
    for (int64_t i = 0; i < n; i++) {
        GenoStr *v = (GenoStr *)(uintptr_t)geno_list_get(values, i);
        len += v->len;
        cplen += v->cplen;
    }
    check_result_size("format", cplen, loc);
    GenoStr *r = str_alloc(len, cplen);
    char *o = r->data;
    int64_t pos = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t at = find(tmpl, pos, ph) - tmpl->data;
        memcpy(o, tmpl->data + pos, (size_t)(at - pos));
        o += at - pos;
        GenoStr *v = (GenoStr *)(uintptr_t)geno_list_get(values, i);
        memcpy(o, v->data, (size_t)v->len);
        o += v->len;
        pos = at + 2;
    }
    memcpy(o, tmpl->data + pos, (size_t)(tmpl->len - pos));
    return r;
}

/* ---- pad ------------------------------------------------------------------------------------------ */

static GenoStr *pad(GenoStr *s, GenoInt width, GenoStr *fill, int left, const char *fname, GenoLoc loc) {
    if (fill->cplen != 1) geno_raise("E499", loc, "%s: fill_char must be a single character", fname);
    int64_t w;
    if (!geno_int_get_i64(width, &w)) {
        if (geno_int_sign(width) > 0)
            geno_raise("E499", loc, "%s: Runtime Error: String size exceeds limit (%s > %lld)",
                       fname, geno_int_cstr(width), (long long)limit());
        w = -1;
    }
    check_result_size(fname, w > s->cplen ? w : s->cplen, loc);     /* max(len, width) */
    if (w <= s->cplen) return s;
    int64_t k = w - s->cplen;
    GenoStr *r = str_alloc(s->len + k * fill->len, w);
    char *o = r->data;
    if (!left) { memcpy(o, s->data, (size_t)s->len); o += s->len; }
    if (fill->len == 1) memset(o, fill->data[0], (size_t)k);
    else
        for (int64_t i = 0; i < k; i++) memcpy(o + i * fill->len, fill->data, (size_t)fill->len);
    o += k * fill->len;
    if (left) memcpy(o, s->data, (size_t)s->len);
    return r;
}

GenoStr *geno_string_pad_left(GenoStr *s, GenoInt width, GenoStr *fill, GenoLoc loc) {
    return pad(s, width, fill, 1, "string_pad_left", loc);
}
GenoStr *geno_string_pad_right(GenoStr *s, GenoInt width, GenoStr *fill, GenoLoc loc) {
    return pad(s, width, fill, 0, "string_pad_right", loc);
}

/* ---- characters and codes --------------------------------------------------------------------- */

GenoInt geno_char_code(GenoStr *s, GenoLoc loc) {
    if (s->len == 0) geno_raise("E499", loc, "char_code: empty string");
    uint32_t cp;
    geno_utf8_decode(s->data, s->len, &cp);
    return GENO_INT_SMALL(cp);
}

GenoStr *geno_from_char_code(GenoInt code, GenoLoc loc) {
    int64_t v;
    if (!geno_int_get_i64(code, &v) || v < 0 || v > 0x10FFFF)
        geno_raise("E499", loc, "from_char_code: code point %s out of range", geno_int_cstr(code));
    char buf[4];
    int n = geno_utf8_encode((uint32_t)v, buf);
    return geno_str_make(buf, n, 1);
}

/* ---- numbers in strings ---------------------------------------------------------------------- */

/* The ASCII `-?[0-9]+` test after a Python strip(). */
int geno_is_numeric_string(GenoStr *s) {
    GenoStr *t = trim(s, 1, 1);
    const char *p = t->data, *e = t->data + t->len;
    if (p < e && *p == '-') p++;
    if (p == e) return 0;
    for (; p < e; p++)
        if (*p < '0' || *p > '9') return 0;
    return 1;
}

#define MAX_SAFE_INT 9007199254740991LL   /* 2^53 - 1 */

int geno_parse_int(GenoStr *s, GenoInt *out, GenoLoc loc) {
    if (s->cplen > 1000) geno_raise("E499", loc, "parse_int: input string too long (max 1000 characters)");
    GenoStr *t = trim(s, 1, 1);
    const char *p = t->data, *e = t->data + t->len;
    int neg = 0;
    if (p < e && *p == '-') { neg = 1; p++; }
    if (p == e) return 0;
    while (p < e - 1 && *p == '0') p++;
    if (e - p > 16) return 0;        /* not digits, or >= 10^16 > 2^53 */
    int64_t v = 0;
    for (; p < e; p++) {
        unsigned d = (unsigned)(unsigned char)*p - '0';
        if (d > 9) return 0;
        v = v * 10 + d;
    }
    if (v > MAX_SAFE_INT) return 0;
    *out = GENO_INT_SMALL(neg ? -v : v);
    return 1;
}

/* The reference: strip, match ^-?(\d+\.?\d*|\.\d+)$ with Unicode decimal
 * digits, then Python's float() (which reads any Nd digit), finite only. */
int geno_parse_float(GenoStr *s, double *out, GenoLoc loc) {
    if (s->cplen > 1000) geno_raise("E499", loc, "parse_float: input string too long (max 1000 characters)");
    GenoStr *t = trim(s, 1, 1);
    char buf[1024];
    int64_t n = 0, i = 0, int_digits = 0, frac_digits = 0;
    int dot = 0;
    if (i < t->len && t->data[i] == '-') buf[n++] = t->data[i++];
    while (i < t->len) {
        uint32_t cp;
        int k = geno_utf8_decode(t->data + i, t->len - i, &cp);
        int d = geno_uc_decimal(cp);
        if (d >= 0) {
            buf[n++] = (char)('0' + d);
            if (dot) frac_digits++; else int_digits++;
        } else if (cp == '.' && !dot) {
            buf[n++] = '.';
            dot = 1;
        } else return 0;
        i += k;
    }
    if (int_digits == 0 && frac_digits == 0) return 0;
    buf[n] = 0;
    double d = strtod(buf, NULL);
    if (!isfinite(d)) return 0;
    *out = d;
    return 1;
}

/* ---- paths (Python's posixpath, as the reference) ---------------------------------------------- */

GenoStr *geno_path_join(GenoStr *base, GenoStr *child, GenoLoc loc) {
    if ((child->len > 0 && child->data[0] == '/') || base->len == 0) {
        if (child->cplen > limit())
            geno_raise("E499", loc, "String size exceeds limit (%lld > %lld)", (long long)child->cplen, (long long)limit());
        return child;
    }
    int slash = base->data[base->len - 1] != '/';
    int64_t cplen = base->cplen + slash + child->cplen;
    if (cplen > limit())
        geno_raise("E499", loc, "String size exceeds limit (%lld > %lld)", (long long)cplen, (long long)limit());
    GenoStr *r = str_alloc(base->len + slash + child->len, cplen);
    memcpy(r->data, base->data, (size_t)base->len);
    if (slash) r->data[base->len] = '/';
    memcpy(r->data + base->len + slash, child->data, (size_t)child->len);
    return r;
}

static int64_t last_slash(const GenoStr *p) {
    const char *s = memrchr(p->data, '/', (size_t)p->len);
    return s ? s - p->data : -1;
}

GenoStr *geno_path_parent(GenoStr *path) {
    int64_t head = last_slash(path) + 1;     /* dirname: everything up to the last '/' */
    int64_t end = head;
    while (end > 0 && path->data[end - 1] == '/') end--;
    if (end == 0) end = head;                /* all slashes: kept as they are */
    return sub_bytes(path, 0, end);
}

GenoStr *geno_path_filename(GenoStr *path) {
    int64_t from = last_slash(path) + 1;
    if (from == 0) return path;
    return sub_bytes(path, from, path->len - from);
}

GenoStr *geno_path_extension(GenoStr *path) {
    int64_t sep = last_slash(path);
    const char *d = memrchr(path->data, '.', (size_t)path->len);
    if (!d) return geno_str_empty();
    int64_t dot = d - path->data;
    if (dot <= sep) return geno_str_empty();
    for (int64_t i = sep + 1; i < dot; i++)   /* a name of only dots has none */
        if (path->data[i] != '.') return sub_bytes(path, dot, path->len - dot);
    return geno_str_empty();
}

int geno_path_is_absolute(GenoStr *path) {
    if (path->len > 0 && path->data[0] == '/') return 1;
    if (path->cplen < 3) return 0;
    uint32_t cp;
    int k = geno_utf8_decode(path->data, path->len, &cp);
    return geno_uc_is_alpha(cp) && path->len >= k + 2 && path->data[k] == ':' && path->data[k + 1] == '/';
}

/* ---- csv_parse (Python's csv.reader, excel dialect) ------------------------------------------ */

/* The reader's states (CPython's Modules/_csv.c, excel dialect: ',' and '"',
 * doubled quotes, no escape character, not strict). The text is fed line by
 * line as io.StringIO(newline="") splits it (after "\n", "\r\n" or a lone
 * "\r"), each line followed by an end-of-line event; a row is complete when
 * the state is back at START_RECORD after a line. A blank line gives an
 * empty row; an unterminated quoted field runs to the end of the text.
 * Fields are limited to 131072 characters (csv.field_size_limit()). */
enum { START_RECORD, START_FIELD, IN_FIELD, IN_QUOTED_FIELD, QUOTE_IN_QUOTED_FIELD, EAT_CRNL };
#define CSV_EOL (-1)
#define CSV_FIELD_LIMIT 131072

typedef struct {
    char *field;
    int64_t flen, fcap, fcp;            /* bytes, capacity, code points */
    GenoWord *row;
    int64_t rlen, rcap;
    int state;
    GenoLoc loc;
} CsvReader;

static void csv_add(CsvReader *r, char c) {
    if (((unsigned char)c & 0xC0) != 0x80) {
        if (r->fcp >= CSV_FIELD_LIMIT)
            geno_raise("E499", r->loc, "field larger than field limit (%d)", CSV_FIELD_LIMIT);
        r->fcp++;
    }
    if (r->flen + 1 > r->fcap) {
        r->fcap = r->fcap ? r->fcap * 2 : 64;
        char *f = geno_alloc_atomic((size_t)r->fcap);
        if (r->flen) memcpy(f, r->field, (size_t)r->flen);
        r->field = f;
    }
    r->field[r->flen++] = c;
}

static void csv_save(CsvReader *r) {
    if (r->rlen + 1 > r->rcap) {
        r->rcap = r->rcap ? r->rcap * 2 : 8;
        GenoWord *row = geno_alloc(sizeof(GenoWord) * (size_t)r->rcap);
        if (r->rlen) memcpy(row, r->row, sizeof(GenoWord) * (size_t)r->rlen);
        r->row = row;
    }
    r->row[r->rlen++] = (GenoWord)(uintptr_t)geno_str_make(r->field, r->flen, r->fcp);
    r->flen = r->fcp = 0;
}

static void csv_char(CsvReader *r, int c) {
    int eol = c == '\n' || c == '\r' || c == CSV_EOL;
    switch (r->state) {
    case START_RECORD:
        if (c == CSV_EOL) break;
        if (c == '\n' || c == '\r') { r->state = EAT_CRNL; break; }
        r->state = START_FIELD;
        /* fall through */
    case START_FIELD:
        if (eol) { csv_save(r); r->state = c == CSV_EOL ? START_RECORD : EAT_CRNL; }
        else if (c == '"') r->state = IN_QUOTED_FIELD;
        else if (c == ',') csv_save(r);
        else { csv_add(r, (char)c); r->state = IN_FIELD; }
        break;
    case IN_FIELD:
        if (eol) { csv_save(r); r->state = c == CSV_EOL ? START_RECORD : EAT_CRNL; }
        else if (c == ',') { csv_save(r); r->state = START_FIELD; }
        else csv_add(r, (char)c);
        break;
    case IN_QUOTED_FIELD:
        if (c == CSV_EOL) break;
        if (c == '"') r->state = QUOTE_IN_QUOTED_FIELD;
        else csv_add(r, (char)c);
        break;
    case QUOTE_IN_QUOTED_FIELD:
        if (c == '"') { csv_add(r, '"'); r->state = IN_QUOTED_FIELD; }
        else if (c == ',') { csv_save(r); r->state = START_FIELD; }
        else if (eol) { csv_save(r); r->state = c == CSV_EOL ? START_RECORD : EAT_CRNL; }
        else { csv_add(r, (char)c); r->state = IN_FIELD; }
        break;
    case EAT_CRNL:
        if (c == CSV_EOL) r->state = START_RECORD;
        /* '\n' and '\r' are eaten; nothing else can follow them in a line */
        break;
    }
}

GenoList *geno_csv_parse(GenoStr *text, GenoLoc loc) {
    CsvReader r = { .state = START_RECORD, .loc = loc };
    GenoWord *rows = NULL;
    int64_t nrows = 0, cap = 0, pos = 0;
    for (;;) {
        r.rlen = 0;
        r.flen = r.fcp = 0;
        r.state = START_RECORD;
        int have_row = 0;
        do {
            if (pos >= text->len) {             /* end of input */
                if (r.flen != 0 || r.state == IN_QUOTED_FIELD) { csv_save(&r); have_row = 1; }
                break;
            }
            while (pos < text->len) {           /* one line, with its terminator */
                char c = text->data[pos++];
                csv_char(&r, (unsigned char)c);
                if (c == '\n') break;
                if (c == '\r') {
                    if (pos < text->len && text->data[pos] == '\n') csv_char(&r, text->data[pos++]);
                    break;
                }
            }
            csv_char(&r, CSV_EOL);
            if (r.state == START_RECORD) have_row = 1;
        } while (r.state != START_RECORD);
        if (!have_row) break;
        check_list_size(nrows + 1, loc);
        check_list_size(r.rlen, loc);
        for (int64_t i = 0; i < r.rlen; i++)
            check_result_size("csv_parse", ((GenoStr *)(uintptr_t)r.row[i])->cplen, loc);
        if (nrows + 1 > cap) {
            cap = cap ? cap * 2 : 16;
            GenoWord *n = geno_alloc(sizeof(GenoWord) * (size_t)cap);
            if (nrows) memcpy(n, rows, sizeof(GenoWord) * (size_t)nrows);
            rows = n;
        }
        rows[nrows++] = (GenoWord)(uintptr_t)geno_list_of(r.rlen, r.row, loc);
    }
    return geno_list_of(nrows, rows, loc);
}
