/* set.c — Geno's Set: a mutable hash set shared by reference.
 *
 * REPRESENTATION: the insertion-ordered hash table of hashtab.c (keys only).
 * The reference's Set is a Python set; its order never shows, because
 * printing and set_to_list sort the elements by the reference's sort key
 * (order.c). So insertion order is kept only because the table keeps it.
 *
 * COSTS: add / remove / contains O(1) expected; size O(1); set_to_list and
 * printing O(n log n); union O(|a| + |b|); intersection O(min(|a|, |b|)).
 *
 * Errors as the reference: growing past max_collection_size is E499
 * "Set size exceeds limit (N > L)" (set_add when the element is new;
 * set_from_list and set_union on the final size).
 */
#include "geno/rt.h"
#include "hashtab.h"
#include "list.h"
#include "order.h"

GenoSet *geno_set_new(void) { return geno_alloc(sizeof(GenoSet)); }

int64_t geno_set_size(GenoSet *s) { return s->tab.count; }

static void add(GenoSet *s, GenoWord v, const GenoType *et) {
    uint64_t h = geno_tab_hash(v, et);
    if (geno_tab_find(&s->tab, v, h, et, et) < 0) geno_tab_add(&s->tab, v, h, 0);
}

GenoSet *geno_set_from_list(GenoList *l, const GenoType *t, GenoLoc loc) {
    GenoSet *s = geno_set_new();
    int64_t n = geno_list_len(l);
    geno_tab_reserve(&s->tab, n);
    for (int64_t i = 0; i < n;) {
        int64_t k;
        const GenoWord *c = geno_list_chunk(l, i, &k);
        for (int64_t j = 0; j < k; j++) add(s, c[j], t->params[0]);
        i += k;
    }
    geno_check_collection_size("Set", s->tab.count, loc);
    return s;
}

/* The entry of v in s (elements of type et), or -1; *h gets v's hash.
 * Reached only when v is not a small Int of a Set[Int] (see below). */
static inline __attribute__((always_inline)) int64_t find(const GenoSet *s, GenoWord v, const GenoType *et, uint64_t *h) {
    *h = geno_tab_hash(v, et);
    return geno_tab_find(&s->tab, v, *h, et, et);
}

/* set_add / set_contains / set_remove: a small Int key of a Set[Int] is
 * probed inline and everything else (other keys, a new element) goes to a
 * separate function, so the common probe saves and restores no register
 * (set_ops: ~14 instructions a call were the general path's frame). */
static __attribute__((noinline)) void add_new(GenoSet *s, GenoWord v, uint64_t h, GenoLoc loc) {
    geno_check_collection_size("Set", s->tab.count + 1, loc);
    geno_tab_add(&s->tab, v, h, 0);
}

static __attribute__((noinline)) void add_any(GenoSet *s, GenoWord v, const GenoType *et, GenoLoc loc) {
    uint64_t h;
    if (find(s, v, et, &h) < 0) add_new(s, v, h, loc);
}

/* The Set[Int] entry points the emitter calls when it knows the element
 * type (codegen/emit_fast.c): no descriptor to load and test per call. The
 * general ones below come here for any Set[Int]. */
void geno_set_add_int(GenoSet *s, GenoWord v, GenoLoc loc) {
    if (GENO_UNLIKELY(!GENO_INT_IS_SMALL(v))) { add_any(s, v, &geno_t_int, loc); return; }
    uint64_t h = geno_tab_small_int_hash(v);
    if (geno_tab_find_small_int(&s->tab, v, h) < 0) add_new(s, v, h, loc);
}

/* geno_set_put_int's (geno/rt.h) insertion of a small Int it probed for
 * and did not find, with its hash. */
void geno_set_add_absent_small_int(GenoSet *s, GenoWord v, uint64_t h, GenoLoc loc) { add_new(s, v, h, loc); }

static __attribute__((noinline)) void remove_any(GenoSet *s, GenoWord v, const GenoType *et) {
    uint64_t h;
    int64_t e = find(s, v, et, &h);
    if (e >= 0) geno_tab_remove(&s->tab, e);
}

void geno_set_remove_int(GenoSet *s, GenoWord v) {
    if (GENO_UNLIKELY(!GENO_INT_IS_SMALL(v))) { remove_any(s, v, &geno_t_int); return; }
    int64_t e = geno_tab_find_small_int(&s->tab, v, geno_tab_small_int_hash(v));
    if (e >= 0) geno_tab_remove(&s->tab, e);
}

static __attribute__((noinline)) int contains_any(GenoSet *s, GenoWord v, const GenoType *et) {
    uint64_t h;
    return find(s, v, et, &h) >= 0;
}

int geno_set_contains_int(GenoSet *s, GenoWord v) {
    if (GENO_LIKELY(GENO_INT_IS_SMALL(v))) return geno_tab_find_small_int(&s->tab, v, geno_tab_small_int_hash(v)) >= 0;
    return contains_any(s, v, &geno_t_int);
}

void geno_set_add(GenoSet *s, GenoWord v, const GenoType *t, GenoLoc loc) {
    const GenoType *et = t->params[0];
    if (GENO_LIKELY(et->kind == GT_INT)) geno_set_add_int(s, v, loc);
    else add_any(s, v, et, loc);
}

void geno_set_remove(GenoSet *s, GenoWord v, const GenoType *t) {
    const GenoType *et = t->params[0];
    if (GENO_LIKELY(et->kind == GT_INT)) geno_set_remove_int(s, v);
    else remove_any(s, v, et);
}

int geno_set_contains(GenoSet *s, GenoWord v, const GenoType *t) {
    const GenoType *et = t->params[0];
    if (GENO_LIKELY(et->kind == GT_INT)) return geno_set_contains_int(s, v);
    return contains_any(s, v, et);
}

/* The elements sorted by the reference's order, in a scratch array. */
GenoWord *geno_set_sorted(GenoSet *s, const GenoType *t) {
    int64_t n = s->tab.count;
    GenoWord *w = geno_alloc((size_t)(n ? n : 1) * sizeof(GenoWord));
    geno_tab_keys(&s->tab, w);
    geno_sort_values(w, n, t->params[0]);
    return w;
}

GenoList *geno_set_to_list(GenoSet *s, const GenoType *t, GenoLoc loc) {
    return geno_list_of(s->tab.count, geno_set_sorted(s, t), loc);
}

/* set_union(a, b): a's elements, then b's new ones (a Python set union; on
 * equal elements such as 1 and 1.0 a's is kept). */
GenoSet *geno_set_union(GenoSet *a, GenoSet *b, const GenoType *t, GenoLoc loc) {
    const GenoType *et = t->params[0];
    GenoSet *r = geno_set_new();
    geno_tab_reserve(&r->tab, a->tab.count + b->tab.count);
    for (int64_t e = 0; e < a->tab.used; e++)
        if (a->tab.entries[e].hash != GENO_TAB_DEAD)
            geno_tab_add(&r->tab, a->tab.entries[e].key, a->tab.entries[e].hash, 0);
    for (int64_t e = 0; e < b->tab.used; e++) {
        const GenoTabEntry *x = &b->tab.entries[e];
        if (x->hash != GENO_TAB_DEAD && geno_tab_find(&r->tab, x->key, x->hash, et, et) < 0)
            geno_tab_add(&r->tab, x->key, x->hash, 0);
    }
    geno_check_collection_size("Set", r->tab.count, loc);
    return r;
}

/* set_intersection(a, b): walks the smaller set, keeps what the other has
 * (Python keeps the smaller set's element objects; so do we). */
GenoSet *geno_set_intersection(GenoSet *a, GenoSet *b, const GenoType *t) {
    const GenoType *et = t->params[0];
    GenoSet *small = a->tab.count <= b->tab.count ? a : b, *big = small == a ? b : a;
    GenoSet *r = geno_set_new();
    for (int64_t e = 0; e < small->tab.used; e++) {
        const GenoTabEntry *x = &small->tab.entries[e];
        if (x->hash != GENO_TAB_DEAD && geno_tab_find(&big->tab, x->key, x->hash, et, et) >= 0)
            geno_tab_add(&r->tab, x->key, x->hash, 0);
    }
    return r;
}

/* Same size and every element of a is in b. */
int geno_set_equal2(GenoSet *a, const GenoType *ta, GenoSet *b, const GenoType *tb) {
    if (a->tab.count != b->tab.count) return 0;
    for (int64_t e = 0; e < a->tab.used; e++) {
        const GenoTabEntry *x = &a->tab.entries[e];
        if (x->hash != GENO_TAB_DEAD && geno_tab_find(&b->tab, x->key, x->hash, tb->params[0], ta->params[0]) < 0)
            return 0;
    }
    return 1;
}
