/* array.c — Geno's Array: fixed size, mutable, shared by reference.
 *
 * REPRESENTATION: one GC object, the length then the elements inline
 * (GenoArray in rt.h, so emitted code may read a->items directly). An array
 * whose elements hold no pointers (Float, Bool, Unit) is allocated atomic,
 * so the collector never scans it. Costs: get/set O(1); new, from_list,
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
#include "list.h"
#include "run.h"

static int pointer_free(const GenoType *t) {
    GenoTypeKind k = t->params[0]->kind;
    return k == GT_FLOAT || k == GT_BOOL || k == GT_UNIT;
}

static GenoArray *array_alloc(int64_t n, const GenoType *t) {
    size_t size = sizeof(GenoArray) + (size_t)n * sizeof(GenoWord);
    GenoArray *a = t && pointer_free(t) ? geno_alloc_atomic(size) : geno_alloc(size);
    a->len = n;
    return a;
}

GenoArray *geno_array_new(GenoInt size, GenoWord dflt, const GenoType *t, GenoLoc loc) {
    if (geno_int_sign(size) < 0)
        geno_raise("E499", loc, "array_new size must be non-negative, got %s", geno_int_cstr(size));
    int64_t n;
    if (!geno_int_get_i64(size, &n) || n > geno_cfg.max_collection_size)
        geno_raise("E499", loc, "Array size exceeds limit (%s > %lld)", geno_int_cstr(size),
                   (long long)geno_cfg.max_collection_size);
    GenoArray *a = array_alloc(n, t);
    for (int64_t i = 0; i < n; i++) a->items[i] = dflt;
    return a;
}

GenoArray *geno_array_from_list(GenoList *l, const GenoType *t, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    geno_check_collection_size("Array", n, loc);
    GenoArray *a = array_alloc(n, t);
    geno_list_copy_out(l, 0, n, a->items);
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
    return a->items[k];
}

void geno_array_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc) {
    int64_t k = in_range(i, a->len);
    if (k < 0)
        geno_raise("E499", loc, "array_set index %s out of bounds (length %lld)", geno_int_cstr(i), (long long)a->len);
    a->items[k] = v;
}

GenoWord geno_array_index(GenoArray *a, GenoInt i, GenoLoc loc) {
    int64_t v;
    int ok = geno_int_get_i64(i, &v);
    if (ok && v < 0) v += a->len;
    if (ok && v >= 0 && v < a->len) return a->items[v];
    GenoInt shown = geno_int_sign(i) < 0 ? geno_int_add_slow(i, geno_int_from_i64(a->len), loc) : i;
    geno_raise("E401", loc, "Index %s out of bounds for array of length %lld", geno_int_cstr(shown), (long long)a->len);
}

void geno_array_index_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc) {
    int64_t k = in_range(i, a->len);
    if (k < 0)
        geno_raise("E401", loc, "Index %s out of bounds for array of length %lld", geno_int_cstr(i), (long long)a->len);
    a->items[k] = v;
}

GenoList *geno_array_to_list(GenoArray *a, GenoLoc loc) { return geno_list_of(a->len, a->items, loc); }

GenoArray *geno_array_copy(GenoArray *a, const GenoType *t) {
    GenoArray *c = array_alloc(a->len, t);
    memcpy(c->items, a->items, (size_t)a->len * sizeof(GenoWord));
    return c;
}

void geno_array_fill(GenoArray *a, GenoWord v) {
    for (int64_t i = 0; i < a->len; i++) a->items[i] = v;
}
