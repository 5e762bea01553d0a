/* listlib.c — the higher-order and structural list builtins (map, filter,
 * fold, sort, zip, group_by, ...) and the Option/Result constructors the
 * library returns.
 *
 * Closures are called through the uniform word ABI of geno/rt.h
 * (GENO_CALL1/2): every argument and the result travel as GenoWords, so one
 * C function serves every element type. Lists are walked a chunk at a time
 * (geno_list_chunk) and built with a GenoListBuilder, never one copy per
 * element. Results follow the reference interpreter, including its error
 * messages (`list_chunk: chunk size must be positive`, ...).
 */
#include <geno/rt.h>
#include "alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Option / Result values ------------------------------------------------ */

/* Nullary constructors are static singletons: a lone tag word is a GenoAdt
 * with no fields. Indexed by tag. */
const int64_t geno_nullary_tags[GENO_MAX_NULLARY_TAG] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
};

GenoAdt *geno_some(GenoWord v) { return geno_adt1(GENO_TAG_SOME, v); }
GenoAdt *geno_none(void) { return GENO_NULLARY(GENO_TAG_NONE); }
GenoAdt *geno_ok(GenoWord v) { return geno_adt1(GENO_TAG_OK, v); }
GenoAdt *geno_err(GenoWord e) { return geno_adt1(GENO_TAG_ERR, e); }

GenoWord geno_unwrap(GenoAdt *o, GenoLoc loc) {
    if (o->tag != GENO_TAG_SOME) geno_raise("E499", loc, "unwrap called on None");
    return o->fields[0];
}

/* ---- walking ----------------------------------------------------------------- */

/* Every call back into Geno code costs one step (rt/limits.c), on top of
 * the callee's own entry: the reference counts the builtin's work per
 * element too. Builtins whose signature has no location report E503
 * without one. */
#define STEP(loc) (__builtin_expect(--geno_steps_left < 0, 0) ? geno_steps_exceeded(loc) : (void)0)
#define CALL1(loc, f, a) (STEP(loc), GENO_CALL1(f, a))
#define CALL2(loc, f, a, b) (STEP(loc), GENO_CALL2(f, a, b))

#define FOR_EACH(l, x, body)                                                   \
    do {                                                                       \
        int64_t n_ = geno_list_len(l), k_;                                     \
        for (int64_t i_ = 0; i_ < n_; i_ += k_) {                              \
            const GenoWord *c_ = geno_list_chunk(l, i_, &k_);                  \
            for (int64_t j_ = 0; j_ < k_; j_++) {                              \
                GenoWord x = c_[j_];                                           \
                body                                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

GenoList *geno_list_map(GenoList *l, GenoClosure *f, GenoLoc loc) {
    GenoListBuilder b;
    geno_list_builder_init(&b);
    FOR_EACH(l, x, { GENO_LIST_BUILDER_ADD(&b, CALL1(loc, f, x), loc); });
    return geno_list_builder_finish(&b);
}

GenoList *geno_list_filter(GenoList *l, GenoClosure *pred, GenoLoc loc) {
    GenoListBuilder b;
    geno_list_builder_init(&b);
    FOR_EACH(l, x, { if (CALL1(loc, pred, x)) GENO_LIST_BUILDER_ADD(&b, x, loc); });
    return geno_list_builder_finish(&b);
}

GenoWord geno_list_fold(GenoList *l, GenoWord init, GenoClosure *f) {
    GenoWord acc = init;
    FOR_EACH(l, x, { acc = CALL2(0, f, acc, x); });
    return acc;
}

GenoWord geno_list_fold_right(GenoList *l, GenoWord init, GenoClosure *f) {
    GenoWord acc = init;
    for (int64_t i = geno_list_len(l) - 1; i >= 0; i--) acc = CALL2(0, f, geno_list_get(l, i), acc);
    return acc;
}

GenoList *geno_list_flat_map(GenoList *l, GenoClosure *f, GenoLoc loc) {
    GenoListBuilder b;
    geno_list_builder_init(&b);
    FOR_EACH(l, x, { geno_list_builder_add_list(&b, (GenoList *)(uintptr_t)CALL1(loc, f, x), loc); });
    return geno_list_builder_finish(&b);
}

GenoList *geno_list_take_while(GenoList *l, GenoClosure *pred) {
    int64_t n = geno_list_len(l), i = 0;
    while (i < n && CALL1(0, pred, geno_list_get(l, i))) i++;
    return geno_list_take(l, GENO_INT_SMALL(i));
}

int geno_list_all(GenoList *l, GenoClosure *pred) {
    FOR_EACH(l, x, { if (!CALL1(0, pred, x)) return 0; });
    return 1;
}

int geno_list_any(GenoList *l, GenoClosure *pred) {
    FOR_EACH(l, x, { if (CALL1(0, pred, x)) return 1; });
    return 0;
}

GenoAdt *geno_list_find(GenoList *l, GenoClosure *pred) {
    FOR_EACH(l, x, { if (CALL1(0, pred, x)) return geno_some(x); });
    return geno_none();
}

GenoAdt *geno_list_find_index(GenoList *l, GenoClosure *pred) {
    int64_t i = 0;
    FOR_EACH(l, x, {
        if (CALL1(0, pred, x)) return geno_some((GenoWord)GENO_INT_SMALL(i));
        i++;
    });
    return geno_none();
}

/* ---- sorting: a stable merge sort (the reference uses Python's stable sort;
 * with a consistent comparator every stable sort gives the same order). ---- */

typedef struct {
    GenoClosure *cmp;           /* sort: comparator returning Int */
    GenoWord *keys;             /* sort_by: precomputed keys, parallel to items */
    const GenoType *key_type;
} SortCtx;

static int before(const SortCtx *s, GenoWord a, GenoWord b, int64_t ia, int64_t ib) {
    if (s->cmp) {
        GenoInt r = (GenoInt)GENO_CALL2(s->cmp, a, b);   /* its entry is the step */
        return GENO_INT_GT(r, GENO_INT_SMALL(0));   /* a > b: b goes first */
    }
    return geno_order_cmp(s->keys[ia], s->keys[ib], s->key_type) > 0;
}

/* Sorts idx[0..n) (indices into items) stably; tmp has room for n. */
static void merge_sort(const SortCtx *s, const GenoWord *items, int64_t *idx, int64_t *tmp, int64_t n) {
    if (n < 2) return;
    int64_t h = n / 2;
    merge_sort(s, items, idx, tmp, h);
    merge_sort(s, items, idx + h, tmp, n - h);
    /* Halves already in order: nothing to merge (n - 1 comparisons for a
     * sorted list, as Python's sort; the comparator's calls are steps). */
    if (!before(s, items[idx[h - 1]], items[idx[h]], idx[h - 1], idx[h])) return;
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        if (before(s, items[idx[i]], items[idx[j]], idx[i], idx[j])) tmp[k++] = idx[j++];
        else tmp[k++] = idx[i++];
    }
    while (i < h) tmp[k++] = idx[i++];
    while (j < n) tmp[k++] = idx[j++];
    memcpy(idx, tmp, sizeof(int64_t) * (size_t)n);
}

/* sort with a comparator: the same merge sort over the values themselves
 * (no index indirection), making the same comparator calls in the same
 * order. tmp (GC-scanned, h words) holds the left half while merging. */
static inline int cmp_after(GenoClosure *cmp, GenoWord a, GenoWord b) {
    GenoInt r = (GenoInt)GENO_CALL2(cmp, a, b);   /* its entry is the step */
    return GENO_INT_GT(r, GENO_INT_SMALL(0));
}

static void merge_sort_values(GenoClosure *cmp, GenoWord *a, GenoWord *tmp, int64_t n) {
    if (n < 2) return;
    int64_t h = n / 2;
    merge_sort_values(cmp, a, tmp, h);
    merge_sort_values(cmp, a + h, tmp, n - h);
    if (!cmp_after(cmp, a[h - 1], a[h])) return;
    memcpy(tmp, a, sizeof(GenoWord) * (size_t)h);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = cmp_after(cmp, tmp[i], a[j]) ? a[j++] : tmp[i++];
    while (i < h) a[k++] = tmp[i++];
}

static GenoList *sorted_by_cmp(GenoList *l, GenoClosure *cmp, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)(n + 1));
    geno_list_copy_out(l, 0, n, items);
    int64_t run = 1;
    while (run < n && cmp_after(cmp, items[run - 1], items[run])) run++;
    if (n > 1 && run == n) {                    /* strictly descending: reversed */
        for (int64_t i = 0, j = n - 1; i < j; i++, j--) {
            GenoWord x = items[i];
            items[i] = items[j];
            items[j] = x;
        }
    } else {
        GenoWord *tmp = geno_alloc(sizeof(GenoWord) * (size_t)(n / 2 + 1));
        merge_sort_values(cmp, items, tmp, n);
    }
    return geno_list_of(n, items, loc);
}

/* sort_by with Int keys that are all small, or String keys: the keys are
 * computed, so comparing them runs no Geno code and counts no steps, and
 * every stable sort gives the same order (the descending-run reversal
 * included). A merge sort of (key, index) pairs that compares the keys in
 * place: tagged small Ints as words, Strings with geno_str_cmp, instead of
 * geno_order_cmp's dispatch on the key type per comparison. */
typedef struct { GenoWord key; int64_t idx; } KeyIdx;

static inline int key_after(GenoWord a, GenoWord b, int str) {
    return str ? geno_str_cmp((GenoStr *)(uintptr_t)a, (GenoStr *)(uintptr_t)b) > 0 : (int64_t)a > (int64_t)b;
}

static void merge_sort_keys(KeyIdx *a, KeyIdx *tmp, int64_t n, int str) {
    if (n <= 8) {   /* insertion sort: stable, moves only past strictly greater keys */
        for (int64_t i = 1; i < n; i++) {
            KeyIdx x = a[i];
            int64_t j = i;
            while (j > 0 && key_after(a[j - 1].key, x.key, str)) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    int64_t h = n / 2;
    merge_sort_keys(a, tmp, h, str);
    merge_sort_keys(a + h, tmp, n - h, str);
    if (!key_after(a[h - 1].key, a[h].key, str)) return;
    memcpy(tmp, a, sizeof(KeyIdx) * (size_t)h);
    int64_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = key_after(tmp[i].key, a[j].key, str) ? a[j++] : tmp[i++];
    while (i < h) a[k++] = tmp[i++];
}

static GenoList *sorted_by_keys(GenoList *l, const GenoWord *keys, int str, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)(n + 1));
    geno_list_copy_out(l, 0, n, items);
    /* unscanned: String keys stay alive through the keys array (scanned, in
     * use until the sort ends), the pairs only copy those pointers */
    KeyIdx *p = geno_alloc_atomic_uncleared(sizeof(KeyIdx) * (size_t)(n + n / 2 + 1));
    for (int64_t i = 0; i < n; i++) p[i] = (KeyIdx){keys[i], i};
    merge_sort_keys(p, p + n, n, str);
#if defined(__GNUC__)
    __asm__ volatile("" : : "r"(keys) : "memory");   /* keys (and its Strings) live until here */
#endif
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (int64_t i = 0; i < n; i++) GENO_LIST_BUILDER_ADD(&b, items[p[i].idx], loc);
    return geno_list_builder_finish(&b);
}

static GenoList *sorted(GenoList *l, SortCtx *s, GenoLoc loc) {
    int64_t n = geno_list_len(l);
    if (!s->cmp && n >= 2 && (s->key_type->kind == GT_STRING || s->key_type->kind == GT_INT)) {
        int str = s->key_type->kind == GT_STRING, small = 1;
        for (int64_t i = 0; i < n && !str; i++) small &= (int)(s->keys[i] & 1);
        if (str || small) return sorted_by_keys(l, s->keys, str, loc);
    }
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)(n + 1));
    int64_t *idx = geno_alloc_atomic(sizeof(int64_t) * (size_t)(2 * n + 1));
    geno_list_copy_out(l, 0, n, items);
    /* A strictly descending list is reversed (stable: no equal keys), as
     * Python's sort does with a descending run; any other is merge sorted. */
    int64_t run = 1;
    while (run < n && before(s, items[run - 1], items[run], run - 1, run)) run++;
    if (n > 1 && run == n) {
        for (int64_t i = 0; i < n; i++) idx[i] = n - 1 - i;
    } else {
        for (int64_t i = 0; i < n; i++) idx[i] = i;
        merge_sort(s, items, idx, idx + n, n);
    }
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (int64_t i = 0; i < n; i++) GENO_LIST_BUILDER_ADD(&b, items[idx[i]], loc);
    return geno_list_builder_finish(&b);
}

GenoList *geno_list_sort(GenoList *l, GenoClosure *cmp, GenoLoc loc) {
    return sorted_by_cmp(l, cmp, loc);
}

GenoList *geno_list_sort_by(GenoList *l, GenoClosure *key_fn, const GenoType *key_type, GenoLoc loc) {
    int64_t n = geno_list_len(l), i = 0;
    GenoWord *keys = geno_alloc(sizeof(GenoWord) * (size_t)(n + 1));
    FOR_EACH(l, x, { keys[i++] = CALL1(loc, key_fn, x); });
    SortCtx s = {NULL, keys, key_type};
    return sorted(l, &s, loc);
}

/* ---- structure ------------------------------------------------------------- */

GenoList *geno_list_zip(GenoList *a, GenoList *b, GenoLoc loc) {
    int64_t n = geno_list_len(a), m = geno_list_len(b);
    if (m < n) n = m;
    GenoListBuilder out;
    geno_list_builder_init(&out);
    for (int64_t i = 0; i < n; i++)
        GENO_LIST_BUILDER_ADD(&out, (GenoWord)(uintptr_t)geno_tuple2(geno_list_get(a, i), geno_list_get(b, i)), loc);
    return geno_list_builder_finish(&out);
}

GenoList *geno_list_enumerate(GenoList *l, GenoLoc loc) {
    GenoListBuilder out;
    geno_list_builder_init(&out);
    int64_t i = 0;
    FOR_EACH(l, x, {
        GENO_LIST_BUILDER_ADD(&out, (GenoWord)(uintptr_t)geno_tuple2((GenoWord)GENO_INT_SMALL(i), x), loc);
        i++;
    });
    return geno_list_builder_finish(&out);
}

GenoList *geno_list_flatten(GenoList *lists, GenoLoc loc) {
    GenoListBuilder out;
    geno_list_builder_init(&out);
    FOR_EACH(lists, x, { geno_list_builder_add_list(&out, (GenoList *)(uintptr_t)x, loc); });
    return geno_list_builder_finish(&out);
}

GenoList *geno_list_intersperse(GenoList *l, GenoWord sep, GenoLoc loc) {
    GenoListBuilder out;
    geno_list_builder_init(&out);
    int first = 1;
    FOR_EACH(l, x, {
        if (!first) GENO_LIST_BUILDER_ADD(&out, sep, loc);
        GENO_LIST_BUILDER_ADD(&out, x, loc);
        first = 0;
    });
    return geno_list_builder_finish(&out);
}

GenoList *geno_list_chunks(GenoList *l, GenoInt size, GenoLoc loc) {
    if (!GENO_INT_GT(size, GENO_INT_SMALL(0))) geno_raise("E499", loc, "list_chunk: chunk size must be positive");
    int64_t n = geno_list_len(l);
    GenoListBuilder out;
    geno_list_builder_init(&out);
    if (!GENO_INT_IS_SMALL(size)) {   /* bigger than any list: one chunk */
        if (n) GENO_LIST_BUILDER_ADD(&out, (GenoWord)(uintptr_t)l, loc);
        return geno_list_builder_finish(&out);
    }
    int64_t k = GENO_INT_VALUE(size);
    for (int64_t i = 0; i < n; i += k) {
        GenoList *c = geno_list_slice(l, GENO_INT_SMALL(i), GENO_INT_SMALL(i + k < n ? i + k : n));
        GENO_LIST_BUILDER_ADD(&out, (GenoWord)(uintptr_t)c, loc);
    }
    return geno_list_builder_finish(&out);
}

/* Groups in first-seen key order: List[(K, List[T])]. */
GenoList *geno_list_group_by(GenoList *l, GenoClosure *key_fn, const GenoType *key_type, GenoLoc loc) {
    int64_t n = geno_list_len(l), ngroups = 0;
    GenoWord *keys = geno_alloc(sizeof(GenoWord) * (size_t)(n + 1));
    GenoListBuilder *groups = geno_alloc(sizeof(GenoListBuilder) * (size_t)(n + 1));
    FOR_EACH(l, x, {
        GenoWord k = CALL1(loc, key_fn, x);
        int64_t g = 0;
        while (g < ngroups && !geno_equal(keys[g], k, key_type)) g++;
        if (g == ngroups) {
            keys[ngroups] = k;
            geno_list_builder_init(&groups[ngroups++]);
        }
        GENO_LIST_BUILDER_ADD(&groups[g], x, loc);
    });
    GenoListBuilder out;
    geno_list_builder_init(&out);
    for (int64_t g = 0; g < ngroups; g++) {
        GenoList *members = geno_list_builder_finish(&groups[g]);
        GENO_LIST_BUILDER_ADD(&out, (GenoWord)(uintptr_t)geno_tuple2(keys[g], (GenoWord)(uintptr_t)members), loc);
    }
    return geno_list_builder_finish(&out);
}

/* Same elements with the same multiplicities (equality as `==`). */
int geno_list_is_permutation(GenoList *a, GenoList *b, const GenoType *elem, GenoLoc loc) {
    int64_t n = geno_list_len(a);
    if (n > 100000 || geno_list_len(b) > 100000)
        geno_raise("E499", loc, "is_permutation: list too large (max 100,000 elements)");
    if (n != geno_list_len(b)) return 0;
    char *used = geno_alloc_atomic((size_t)n + 1);
    memset(used, 0, (size_t)n + 1);
    FOR_EACH(a, x, {
        int64_t j = 0;
        while (j < n && (used[j] || !geno_equal(x, geno_list_get(b, j), elem))) j++;
        if (j == n) return 0;
        used[j] = 1;
    });
    return 1;
}

/* map_filter_map(map, (K, V) -> Bool): the kept entries, in order. */
GenoMap *geno_map_filter(GenoMap *m, GenoClosure *pred, const GenoType *t, GenoLoc loc) {
    GenoList *keys = geno_map_keys(m), *vals = geno_map_values(m);
    GenoMap *out = geno_map_empty();
    int64_t n = geno_list_len(keys);
    for (int64_t i = 0; i < n; i++) {
        GenoWord k = geno_list_get(keys, i), v = geno_list_get(vals, i);
        if (CALL2(loc, pred, k, v)) out = geno_map_insert(out, k, v, t, loc);
    }
    return out;
}

/* ---- example clauses ---------------------------------------------------------- */

static int close_enough(double a, double b) {
    if (a == b) return 1;
    if (isinf(a) || isinf(b) || isnan(a) || isnan(b)) return 0;
    double diff = fabs(a - b), scale = fmax(fabs(a), fabs(b));
    return diff <= fmax(1e-9 * scale, 1e-12);
}

static int geno_example_equal(GenoWord a, GenoWord b, const GenoType *t) {
    switch (t->kind) {
    case GT_FLOAT:
        return close_enough(geno_w2f(a), geno_w2f(b));
    case GT_INT:
        /* The reference compares even two Ints with math.isclose. */
        return GENO_INT_EQ((GenoInt)a, (GenoInt)b) ||
               close_enough(geno_int_to_double((GenoInt)a, 0), geno_int_to_double((GenoInt)b, 0));
    case GT_LIST: {
        GenoList *x = (GenoList *)(uintptr_t)a, *y = (GenoList *)(uintptr_t)b;
        int64_t n = geno_list_len(x);
        if (n != geno_list_len(y)) return 0;
        for (int64_t i = 0; i < n; i++)
            if (!geno_example_equal(geno_list_get(x, i), geno_list_get(y, i), t->params[0])) return 0;
        return 1;
    }
    case GT_TUPLE: {
        const GenoWord *x = (const GenoWord *)(uintptr_t)a, *y = (const GenoWord *)(uintptr_t)b;
        for (int i = 0; i < t->nparams; i++)
            if (!geno_example_equal(x[i], y[i], t->params[i])) return 0;
        return 1;
    }
    case GT_ADT: {
        const GenoAdt *x = (const GenoAdt *)(uintptr_t)a, *y = (const GenoAdt *)(uintptr_t)b;
        if (x->tag != y->tag) return 0;
        const GenoVariant *v = &t->variants[x->tag];
        for (int i = 0; i < v->nfields; i++)
            if (!geno_example_equal(x->fields[i], y->fields[i], v->field_types[i])) return 0;
        return 1;
    }
    default:
        return geno_equal(a, b, t);
    }
}

void geno_example_check(GenoWord actual, GenoWord expected, const GenoType *t, const char *func, GenoLoc loc) {
    if (geno_example_equal(actual, expected, t)) return;
    geno_raise("E409", loc, "Example verification failed for %s: expected %s, got %s", func,
               geno_repr(expected, t)->data, geno_repr(actual, t)->data);
}

/* ---- names of functions used as values -------------------------------------- */

/* A named function or builtin used as a value is a static closure; the
 * program registers its printed text at start-up ("function square",
 * "builtin length"), shown as `<function square>`. */
static struct { const GenoClosure *c; const char *name; } fn_names[256];
static int n_fn_names;

void geno_name_function(const GenoClosure *c, const char *name) {
    if (n_fn_names < (int)(sizeof fn_names / sizeof fn_names[0])) {
        fn_names[n_fn_names].c = c;
        fn_names[n_fn_names++].name = name;
    }
}

const char *geno_function_name(const GenoClosure *c) {
    for (int i = 0; i < n_fn_names; i++)
        if (fn_names[i].c == c) return fn_names[i].name;
    return "function anonymous";
}
