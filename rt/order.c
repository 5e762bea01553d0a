/* order.c — the reference's total order over values, for printing Sets and
 * for set_to_list (both sorted), and a stable merge sort.
 *
 * The reference sorts by a key that ranks the kind first — Unit, Bool,
 * numbers (Int and Float together, compared by value), String, tuple,
 * constructor, List, Array, MutableMap, Map, Set, Vec, function — and then
 * compares within the kind: numbers numerically (exactly across Int and
 * Float), strings by code point (bytewise on UTF-8), tuples and sequences
 * element by element with the shorter first on a tie, constructors by name
 * and then field by field, maps as their entries sorted by key, sets as
 * their sorted elements. A NaN compares equal to everything here (Python's
 * sort gives no meaningful place to it either).
 *
 * The sort is a top-down merge sort (stable, n log n comparisons) over a
 * GC-scanned scratch array.
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "hashtab.h"
#include "order.h"

typedef int (*cmp_fn)(const void *ctx, GenoWord a, GenoWord b);

static void merge_sort(GenoWord *a, GenoWord *tmp, int64_t n, cmp_fn cmp, const void *ctx) {
    if (n < 2) return;
    if (n <= 8) {                                   /* insertion sort: stable */
        for (int64_t i = 1; i < n; i++) {
            GenoWord x = a[i];
            int64_t j = i;
            while (j > 0 && cmp(ctx, a[j - 1], x) > 0) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    int64_t h = n / 2;
    merge_sort(a, tmp, h, cmp, ctx);
    merge_sort(a + h, tmp, n - h, cmp, ctx);
    if (cmp(ctx, a[h - 1], a[h]) <= 0) return;     /* already in order */
    memcpy(tmp, a, (size_t)h * sizeof(GenoWord));
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = cmp(ctx, a[j], tmp[i]) < 0 ? a[j++] : tmp[i++];
    while (i < h) a[k++] = tmp[i++];
}

static void sort_by(GenoWord *items, int64_t n, cmp_fn cmp, const void *ctx) {
    if (n < 2) return;
    GenoWord *tmp = geno_alloc((size_t)(n / 2 + 1) * sizeof(GenoWord));
    merge_sort(items, tmp, n, cmp, ctx);
}

static int cmp_values(const void *ctx, GenoWord a, GenoWord b) {
    const GenoType *t = ctx;
    return geno_order_cmp2(a, t, b, t);
}

/* Small Ints compare as their tagged words, and equal ones are the same
 * word, so stability does not matter: a plain merge sort of int64s. */
static void sort_small_ints(int64_t *a, int64_t *tmp, int64_t n) {
    if (n <= 16) {
        for (int64_t i = 1; i < n; i++) {
            int64_t x = a[i], j = i;
            while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    int64_t h = n / 2;
    sort_small_ints(a, tmp, h);
    sort_small_ints(a + h, tmp, n - h);
    if (a[h - 1] <= a[h]) return;
    memcpy(tmp, a, (size_t)h * sizeof(int64_t));
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = a[j] < tmp[i] ? a[j++] : tmp[i++];
    while (i < h) a[k++] = tmp[i++];
}

static int all_small_ints(const GenoWord *items, int64_t n, const GenoType *elem) {
    if (elem->kind != GT_INT) return 0;
    for (int64_t i = 0; i < n; i++)
        if (!GENO_INT_IS_SMALL(items[i])) return 0;
    return 1;
}

void geno_sort_values(GenoWord *items, int64_t n, const GenoType *elem) {
    if (n >= 2 && all_small_ints(items, n, elem)) {
        int64_t *tmp = geno_alloc_atomic((size_t)(n / 2 + 1) * sizeof(int64_t));
        sort_small_ints((int64_t *)items, tmp, n);
        return;
    }
    sort_by(items, n, cmp_values, elem);
}

int geno_order_cmp(GenoWord a, GenoWord b, const GenoType *t) { return geno_order_cmp2(a, t, b, t); }

static int rank(const GenoType *t) {
    switch (t->kind) {
    case GT_UNIT: return 0;
    case GT_BOOL: return 1;
    case GT_INT: case GT_FLOAT: return 2;
    case GT_STRING: return 4;
    case GT_TUPLE: return 5;
    case GT_ADT: return 6;
    case GT_LIST: return 7;
    case GT_ARRAY: return 8;
    case GT_MUTMAP: return 9;
    case GT_MAP: return 10;
    case GT_SET: return 11;
    case GT_VEC: return 12;
    case GT_FUNC: return 99;
    }
    return 99;
}

static int sign(int64_t x) { return (x > 0) - (x < 0); }

static int cmp_numbers(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb) {
    if (ta->kind == GT_INT && tb->kind == GT_INT) return geno_int_cmp_slow((GenoInt)a, (GenoInt)b);
    if (ta->kind == GT_INT) { int c = geno_int_float_cmp((GenoInt)a, geno_w2f(b)); return c == 2 ? 0 : c; }
    if (tb->kind == GT_INT) { int c = geno_int_float_cmp((GenoInt)b, geno_w2f(a)); return c == 2 ? 0 : -c; }
    double x = geno_w2f(a), y = geno_w2f(b);
    return (x > y) - (x < y);
}

/* Element-wise over two word sequences, then by length. */
static int cmp_seq(const GenoWord *x, int64_t nx, const GenoType *tx,
                   const GenoWord *y, int64_t ny, const GenoType *ty) {
    int64_t n = nx < ny ? nx : ny;
    for (int64_t i = 0; i < n; i++) {
        int c = geno_order_cmp2(x[i], tx, y[i], ty);
        if (c) return c;
    }
    return sign(nx - ny);
}

static GenoWord *list_words(GenoList *l, int64_t *n) {
    *n = geno_list_len(l);
    GenoWord *w = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
    geno_list_copy_out(l, 0, *n, w);
    return w;
}

/* A map's entries as parallel key/value arrays sorted by key. */
typedef struct { const GenoWord *keys; const GenoType *kt; } EntryCtx;

static int cmp_entry_idx(const void *ctx, GenoWord i, GenoWord j) {
    const EntryCtx *e = ctx;
    return geno_order_cmp2(e->keys[i], e->kt, e->keys[j], e->kt);
}

static void sorted_entries(GenoWord v, const GenoType *t, int64_t *n, GenoWord **ks, GenoWord **vs) {
    GenoWord *keys, *vals;
    if (t->kind == GT_MAP) {
        GenoMap *m = (GenoMap *)(uintptr_t)v;
        keys = list_words(geno_map_keys(m), n);
        vals = list_words(geno_map_values(m), n);
    } else {
        const GenoTable *tab = &((const struct GenoMutMap *)(uintptr_t)v)->tab;
        *n = tab->count;
        keys = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
        vals = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
        geno_tab_keys(tab, keys);
        geno_tab_vals(tab, vals);
    }
    GenoWord *idx = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
    for (int64_t i = 0; i < *n; i++) idx[i] = (GenoWord)i;
    EntryCtx ctx = { keys, t->params[0] };
    sort_by(idx, *n, cmp_entry_idx, &ctx);
    *ks = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
    *vs = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
    for (int64_t i = 0; i < *n; i++) { (*ks)[i] = keys[idx[i]]; (*vs)[i] = vals[idx[i]]; }
}

static int cmp_maps(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb) {
    int64_t na, nb;
    GenoWord *ka, *va, *kb, *vb;
    sorted_entries(a, ta, &na, &ka, &va);
    sorted_entries(b, tb, &nb, &kb, &vb);
    int64_t n = na < nb ? na : nb;
    for (int64_t i = 0; i < n; i++) {
        int c = geno_order_cmp2(ka[i], ta->params[0], kb[i], tb->params[0]);
        if (!c) c = geno_order_cmp2(va[i], ta->params[1], vb[i], tb->params[1]);
        if (c) return c;
    }
    return sign(na - nb);
}

static GenoWord *sorted_set(GenoWord v, const GenoType *t, int64_t *n) {
    const GenoTable *tab = &((const struct GenoSet *)(uintptr_t)v)->tab;
    *n = tab->count;
    GenoWord *w = geno_alloc((size_t)(*n ? *n : 1) * sizeof(GenoWord));
    geno_tab_keys(tab, w);
    geno_sort_values(w, *n, t->params[0]);
    return w;
}

int geno_order_cmp2(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb) {
    int ra = rank(ta), rb = rank(tb);
    if (ra != rb) return ra < rb ? -1 : 1;
    switch (ta->kind) {
    case GT_UNIT: return 0;
    case GT_BOOL: return (a != 0) - (b != 0);
    case GT_INT: case GT_FLOAT: return cmp_numbers(a, ta, b, tb);
    case GT_STRING: {
        int c = geno_str_cmp((GenoStr *)(uintptr_t)a, (GenoStr *)(uintptr_t)b);
        return (c > 0) - (c < 0);
    }
    case GT_TUPLE: {
        const GenoTuple *x = (const GenoTuple *)(uintptr_t)a, *y = (const GenoTuple *)(uintptr_t)b;
        int n = ta->nparams < tb->nparams ? ta->nparams : tb->nparams;
        for (int i = 0; i < n; i++) {
            int c = geno_order_cmp2(x[i], ta->params[i], y[i], tb->params[i]);
            if (c) return c;
        }
        return sign(ta->nparams - tb->nparams);
    }
    case GT_ADT: {
        const GenoAdt *x = (const GenoAdt *)(uintptr_t)a, *y = (const GenoAdt *)(uintptr_t)b;
        const GenoVariant *vx = &ta->variants[x->tag], *vy = &tb->variants[y->tag];
        int c = strcmp(vx->name, vy->name);
        if (c) return (c > 0) - (c < 0);
        int n = vx->nfields < vy->nfields ? vx->nfields : vy->nfields;
        for (int i = 0; i < n; i++) {
            c = strcmp(vx->field_names[i], vy->field_names[i]);
            if (c) return (c > 0) - (c < 0);
            c = geno_order_cmp2(x->fields[i], vx->field_types[i], y->fields[i], vy->field_types[i]);
            if (c) return c;
        }
        return sign(vx->nfields - vy->nfields);
    }
    case GT_LIST: {
        int64_t nx, ny;
        GenoWord *x = list_words((GenoList *)(uintptr_t)a, &nx), *y = list_words((GenoList *)(uintptr_t)b, &ny);
        return cmp_seq(x, nx, ta->params[0], y, ny, tb->params[0]);
    }
    case GT_ARRAY: {
        const GenoArray *x = (const GenoArray *)(uintptr_t)a, *y = (const GenoArray *)(uintptr_t)b;
        return cmp_seq(geno_array_words(x), x->len, ta->params[0], geno_array_words(y), y->len, tb->params[0]);
    }
    case GT_VEC: {
        const GenoVec *x = (const GenoVec *)(uintptr_t)a, *y = (const GenoVec *)(uintptr_t)b;
        return cmp_seq(x->items, x->len, ta->params[0], y->items, y->len, tb->params[0]);
    }
    case GT_MAP: case GT_MUTMAP:
        return cmp_maps(a, ta, b, tb);
    case GT_SET: {
        int64_t nx, ny;
        GenoWord *x = sorted_set(a, ta, &nx), *y = sorted_set(b, tb, &ny);
        return cmp_seq(x, nx, ta->params[0], y, ny, tb->params[0]);
    }
    case GT_FUNC:
        return 0;
    }
    return 0;
}
