/* vec.c — Geno's Vec: a growable mutable list shared by reference.
 *
 * REPRESENTATION: GenoVec (rt.h) { len, cap, items, atomic }: a header that
 * stays put (so every alias sees pushes) and a separate element block that
 * doubles when full (amortised O(1) push). Elements holding no pointers
 * (Float, Bool, Unit) live in atomic memory the collector does not scan.
 * pop clears the vacated slot so a popped value can be collected.
 *
 * COSTS: push/pop/get/set O(1) (push amortised); from_list/to_list O(n).
 *
 * Errors as the reference: vec_get/vec_set out of range (negative
 * included) are E499 "vec_get index 0 out of bounds (length 0)"; `v[i] = x`
 * is E401 "Index 0 out of bounds for vec of length 0"; push past
 * max_collection_size is E499 "Vec size exceeds limit (N > L)". vec_pop on
 * an empty Vec is None.
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "int.h"
#include "list.h"
#include "run.h"

static int pointer_free(const GenoType *t) {
    GenoTypeKind k = t->params[0]->kind;
    return k == GT_FLOAT || k == GT_BOOL || k == GT_UNIT;
}

static GenoWord *block(const GenoVec *v, int64_t cap) {
    size_t size = (size_t)cap * sizeof(GenoWord);
    return v->atomic ? geno_alloc_atomic(size) : geno_alloc(size);
}

GenoVec *geno_vec_new(const GenoType *t) {
    GenoVec *v = geno_alloc(sizeof(GenoVec));
    v->atomic = t && pointer_free(t);
    return v;
}

/* Room for `want` elements, never more than max_collection_size (but at
 * least `need`): GENO_VEC_PUSH (rt.h) pushes inline while len < cap and
 * relies on that to leave the size limit to geno_vec_push. */
static int64_t capped(int64_t want, int64_t need) {
    int64_t limit = geno_cfg.max_collection_size;
    if (want > limit) want = limit;
    return want < need ? need : want;
}

GenoVec *geno_vec_from_list(GenoList *l, const GenoType *t) {
    GenoVec *v = geno_vec_new(t);
    int64_t n = geno_list_len(l);
    v->cap = capped(n < 4 ? 4 : n, n);
    if (v->cap == 0) return v;
    v->items = block(v, v->cap);
    geno_list_copy_out(l, 0, n, v->items);
    v->len = n;
    return v;
}

int64_t geno_vec_length(GenoVec *v) { return v->len; }

void geno_vec_push(GenoVec *v, GenoWord x, GenoLoc loc) {
    geno_check_collection_size("Vec", v->len + 1, loc);
    if (v->len == v->cap) {
        int64_t cap = capped(v->cap < 4 ? 4 : v->cap * 2, v->len + 1);
        GenoWord *items = block(v, cap);
        if (v->len) memcpy(items, v->items, (size_t)v->len * sizeof(GenoWord));
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = x;
}

int geno_vec_pop(GenoVec *v, GenoWord *out) {
    if (v->len == 0) return 0;
    *out = v->items[--v->len];
    v->items[v->len] = 0;
    return 1;
}

static int64_t in_range(GenoInt i, int64_t len) {
    int64_t k;
    return geno_int_get_i64(i, &k) && k >= 0 && k < len ? k : -1;
}

GenoWord geno_vec_get(GenoVec *v, GenoInt i, GenoLoc loc) {
    int64_t k = in_range(i, v->len);
    if (k < 0)
        geno_raise("E499", loc, "vec_get index %s out of bounds (length %lld)", geno_int_cstr(i), (long long)v->len);
    return v->items[k];
}

void geno_vec_set(GenoVec *v, GenoInt i, GenoWord x, GenoLoc loc) {
    int64_t k = in_range(i, v->len);
    if (k < 0)
        geno_raise("E499", loc, "vec_set index %s out of bounds (length %lld)", geno_int_cstr(i), (long long)v->len);
    v->items[k] = x;
}

void geno_vec_index_set(GenoVec *v, GenoInt i, GenoWord x, GenoLoc loc) {
    int64_t k = in_range(i, v->len);
    if (k < 0)
        geno_raise("E401", loc, "Index %s out of bounds for vec of length %lld", geno_int_cstr(i), (long long)v->len);
    v->items[k] = x;
}

GenoList *geno_vec_to_list(GenoVec *v, GenoLoc loc) { return geno_list_of(v->len, v->items, loc); }
