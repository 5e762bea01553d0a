/* mutmap.c — Geno's MutableMap: a mutable, insertion-ordered hash map
 * shared by reference.
 *
 * REPRESENTATION: the insertion-ordered hash table of hashtab.c. As the
 * reference's Python dict: setting a new key puts it last, setting an
 * existing key keeps its place, deleting and re-setting a key puts it last.
 *
 * COSTS: set / get / contains / delete O(1) expected; size O(1); keys and
 * printing O(n).
 *
 * Errors as the reference: a new key past max_collection_size is E499
 * "MutableMap size exceeds limit (N > L)", for mutable_map_set and for
 * `m[k] = v` alike. Deleting a missing key does nothing.
 */
#include "geno/rt.h"
#include "hashtab.h"
#include "list.h"
#include "value.h"

GenoMutMap *geno_mutable_map_new(void) { return geno_alloc(sizeof(GenoMutMap)); }

int64_t geno_mutable_map_size(GenoMutMap *m) { return m->tab.count; }

/* set / get / contains / delete: a small Int key of a MutableMap[Int, V] is
 * probed inline (geno_tab_find_small_int: a word compare, no call), as in
 * set.c; any other key goes to a separate general function, so the common
 * probe saves and restores no register (int_hashmap: mutable_map_get was
 * ~71 instructions a call through the general path). */
static __attribute__((noinline)) void set_new_key(GenoMutMap *m, GenoWord k, uint64_t h, GenoWord v, GenoLoc loc) {
    geno_check_collection_size("MutableMap", m->tab.count + 1, loc);
    geno_tab_add(&m->tab, k, h, v);
}

static __attribute__((noinline)) int64_t find_any(GenoMutMap *m, GenoWord k, const GenoType *kt, uint64_t *h) {
    *h = geno_tab_hash(k, kt);
    return geno_tab_find(&m->tab, k, *h, kt, kt);
}

void geno_mutable_map_set(GenoMutMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc) {
    const GenoType *kt = t->params[0];
    uint64_t h;
    int64_t e;
    if (GENO_TAB_SMALL_INT_KEY(kt, k)) {
        h = geno_tab_small_int_hash(k);
        e = geno_tab_find_small_int(&m->tab, k, h);
    } else {
        e = find_any(m, k, kt, &h);
    }
    if (e >= 0) { m->tab.entries[e].val = v; return; }
    set_new_key(m, k, h, v, loc);
}

static inline __attribute__((always_inline)) int64_t find(GenoMutMap *m, GenoWord k, const GenoType *t) {
    const GenoType *kt = t->params[0];
    if (GENO_TAB_SMALL_INT_KEY(kt, k)) return geno_tab_find_small_int(&m->tab, k, geno_tab_small_int_hash(k));
    uint64_t h;
    return find_any(m, k, kt, &h);
}

int geno_mutable_map_get(GenoMutMap *m, GenoWord k, const GenoType *t, GenoWord *out) {
    int64_t e = find(m, k, t);
    if (e < 0) return 0;
    *out = m->tab.entries[e].val;
    return 1;
}

int geno_mutable_map_contains(GenoMutMap *m, GenoWord k, const GenoType *t) {
    return find(m, k, t) >= 0;
}

void geno_mutable_map_delete(GenoMutMap *m, GenoWord k, const GenoType *t) {
    int64_t e = find(m, k, t);
    if (e >= 0) geno_tab_remove(&m->tab, e);
}

GenoList *geno_mutable_map_keys(GenoMutMap *m, GenoLoc loc) {
    GenoWord *w = geno_alloc((size_t)(m->tab.count ? m->tab.count : 1) * sizeof(GenoWord));
    geno_tab_keys(&m->tab, w);
    return geno_list_of(m->tab.count, w, loc);
}

GenoList *geno_mutable_map_values(GenoMutMap *m, GenoLoc loc) {
    GenoWord *w = geno_alloc((size_t)(m->tab.count ? m->tab.count : 1) * sizeof(GenoWord));
    geno_tab_vals(&m->tab, w);
    return geno_list_of(m->tab.count, w, loc);
}

/* Same keys (order aside) with equal values. */
int geno_mutable_map_equal2(GenoMutMap *a, const GenoType *ta, GenoMutMap *b, const GenoType *tb) {
    if (a->tab.count != b->tab.count) return 0;
    for (int64_t e = 0; e < a->tab.used; e++) {
        const GenoTabEntry *x = &a->tab.entries[e];
        if (x->hash == GENO_TAB_DEAD) continue;
        int64_t f = geno_tab_find(&b->tab, x->key, x->hash, tb->params[0], ta->params[0]);
        if (f < 0 || !geno_equal2(x->val, ta->params[1], b->tab.entries[f].val, tb->params[1])) return 0;
    }
    return 1;
}
