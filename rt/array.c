/* array.c — Geno's Array: fixed size, mutable, shared by reference.
 *
 * REPRESENTATION: one GC object, the length, a layout flag, then the
 * elements inline (GenoArray in rt.h, so emitted code may read a->items
 * directly). An Array[Bool] is `compact`: one byte (0/1) per element
 * instead of a word, so a sieve of 8 million flags takes 8 MB, not 64; the
 * flag is set from the descriptor at creation, and codegen, which knows the
 * element type statically, reads the bytes inline (GENO_BARRAY_*). Generic
 * paths (printing, equality, hashing, ordering) see words through
 * geno_array_words. An array whose elements hold no pointers (Float, Bool,
 * Unit) is allocated atomic, so the collector never scans it. Costs: get/set O(1); new, from_list,
 * to_list, copy, fill O(n).
 *
 * Errors as the reference. The builtins array_get/array_set refuse negative
 * indexes with E499 "array_get index -1 out of bounds (length 3)"; the
 * syntax a[i] accepts a negative index (from the end) and reports E401
 * "Index -1 out of bounds for array of length 3" showing the index after
 * adding the length; `a[i] = v` takes no negative index and shows it as
 * written. array_new: "array_new size must be non-negative, got -1",
 * "Array size exceeds limit (N > L)".
 */
#include <string.h>

#include "geno/rt.h"
#include "int.h"
#include "alloc.h"
#include "list.h"
#include "run.h"
#include "strlib.h"

static int pointer_free(const GenoType *t) {
    GenoTypeKind k = t->params[0]->kind;
    return k == GT_FLOAT || k == GT_BOOL || k == GT_UNIT;
}

/* Element k as a word and element k set, for both layouts. */
static inline GenoWord load(const GenoArray *a, int64_t k) {
    return a->compact ? (GenoWord)GENO_ARRAY_BYTES(a)[k] : a->items[k];
}
static inline void store(GenoArray *a, int64_t k, GenoWord v) {
    if (a->compact) GENO_ARRAY_BYTES(a)[k] = (uint8_t)(v != 0);
    else a->items[k] = v;
}

/* Uninitialised elements: every caller fills them at once. */
/* filled: every item is written before anything else runs (geno_array_new),
 * so a large scanned array need not be cleared first. */
static GenoArray *array_alloc_filled(int64_t n, const GenoType *t, int filled) {
    int compact = t && t->params[0]->kind == GT_BOOL;
    size_t size = sizeof(GenoArray) + (size_t)n * (compact ? 1 : sizeof(GenoWord));
    GenoArray *a = t && pointer_free(t) ? geno_alloc_atomic_uncleared(size)
                 : filled && !compact && size >= 4096 ? geno_alloc_uncleared(size) : geno_alloc(size);
    a->len = n;
    a->compact = compact;
    return a;
}

static GenoArray *array_alloc(int64_t n, const GenoType *t) { return array_alloc_filled(n, t, 0); }

void geno_array_fill(GenoArray *a, GenoWord v) {
    if (a->compact) {
        memset(a->items, v != 0, (size_t)a->len);
        return;
    }
    for (int64_t i = 0; i < a->len; i++) a->items[i] = v;
}

GenoArray *geno_array_new(GenoInt size, GenoWord dflt, const GenoType *t, GenoLoc loc) {
    if (geno_int_sign(size) < 0)
        geno_raise("E499", loc, "array_new size must be non-negative, got %s", geno_int_cstr(size));
    int64_t n;
    if (!geno_int_get_i64(size, &n) || n > geno_cfg.max_collection_size)
        geno_raise("E499", loc, "Array size exceeds limit (%s > %lld)", geno_int_cstr(size),
                   (long long)geno_cfg.max_collection_size);
    GenoArray *a = array_alloc_filled(n, t, 1);
    geno_array_fill(a, dflt);
    return a;
}

/* array_from_list(to_chars(s)) without the list: to_chars's size check at
 * its own call, then array_from_list's (the same count), then the
 * characters as to_chars makes them (rt/strlib.c). */
GenoArray *geno_array_from_chars(GenoStr *s, const GenoType *t, GenoLoc chars_loc, GenoLoc loc) {
    int64_t n = geno_chars_count(s, chars_loc);
    geno_check_collection_size("Array", n, loc);
    GenoArray *a = array_alloc(n, t);
    if (s->len == n) {
        for (int64_t i = 0; i < n; i++)
            a->items[i] = (GenoWord)(uintptr_t)GENO_ASCII_CHAR((unsigned char)s->data[i]);
        return a;
    }
    for (int64_t i = 0, off = 0; i < n; i++) {
        GenoStr *c = (unsigned char)s->data[off] < 0x80 ? GENO_ASCII_CHAR((unsigned char)s->data[off])
                                                        : geno_str_cp_at(s, off);
        a->items[i] = (GenoWord)(uintptr_t)c;
        off += c->len;
    }
    return a;
}

GenoArray *geno_array_from_list(GenoList *l, const GenoType *t, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    geno_check_collection_size("Array", n, loc);
    GenoArray *a = array_alloc(n, t);
    if (!a->compact) {
        geno_list_copy_out(l, 0, n, a->items);
        return a;
    }
    for (int64_t i = 0, k; i < n; i += k) {
        const GenoWord *c = geno_list_chunk(l, i, &k);
        for (int64_t j = 0; j < k; j++) GENO_ARRAY_BYTES(a)[i + j] = (uint8_t)(c[j] != 0);
    }
    return a;
}

int64_t geno_array_length(GenoArray *a) { return a->len; }

/* i as an index in [0, len), or -1. */
static int64_t in_range(GenoInt i, int64_t len) {
    int64_t v;
    return geno_int_get_i64(i, &v) && v >= 0 && v < len ? v : -1;
}

GenoWord geno_array_get(GenoArray *a, GenoInt i, GenoLoc loc) {
    int64_t k = in_range(i, a->len);
    if (k < 0)
        geno_raise("E499", loc, "array_get index %s out of bounds (length %lld)", geno_int_cstr(i), (long long)a->len);
    return load(a, k);
}

void geno_array_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc) {
    int64_t k = in_range(i, a->len);
    if (k < 0)
        geno_raise("E499", loc, "array_set index %s out of bounds (length %lld)", geno_int_cstr(i), (long long)a->len);
    store(a, k, v);
}

GenoWord geno_array_index(GenoArray *a, GenoInt i, GenoLoc loc) {
    int64_t v;
    int ok = geno_int_get_i64(i, &v);
    if (ok && v < 0) v += a->len;
    if (ok && v >= 0 && v < a->len) return load(a, v);
    GenoInt shown = geno_int_sign(i) < 0 ? geno_int_add_slow(i, geno_int_from_i64(a->len), loc) : i;
    geno_raise("E401", loc, "Index %s out of bounds for array of length %lld", geno_int_cstr(shown), (long long)a->len);
}

void geno_array_index_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc) {
    int64_t k = in_range(i, a->len);
    if (k < 0)
        geno_raise("E401", loc, "Index %s out of bounds for array of length %lld", geno_int_cstr(i), (long long)a->len);
    store(a, k, v);
}

const GenoWord *geno_array_words(const GenoArray *a) {
    if (!a->compact) return a->items;
    GenoWord *w = geno_alloc_atomic_uncleared((size_t)(a->len ? a->len : 1) * sizeof(GenoWord));
    for (int64_t i = 0; i < a->len; i++) w[i] = GENO_ARRAY_BYTES(a)[i];
    return w;
}

GenoList *geno_array_to_list(GenoArray *a, GenoLoc loc) { return geno_list_of(a->len, geno_array_words(a), loc); }

GenoArray *geno_array_copy(GenoArray *a, const GenoType *t) {
    GenoArray *c = array_alloc(a->len, t);
    memcpy(c->items, a->items, (size_t)a->len * (a->compact ? 1 : sizeof(GenoWord)));
    return c;
}
