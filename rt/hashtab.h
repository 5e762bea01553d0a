/* rt/hashtab.h — the insertion-ordered hash table behind Set and
 * MutableMap (see hashtab.c), and those two objects' layouts. */
#ifndef GENO_RT_HASHTAB_H
#define GENO_RT_HASHTAB_H

#include "geno/rt.h"
#include "hash.h"
#include "value.h"

/* The table's layout (GenoTable, GenoTabEntry, the slot macros) is in
 * geno/rt.h, beside the inline Set[Int] probe that emitted code uses. */

/* A table hash for key (of type kt): geno_hash with the top bit cleared. */
static inline uint64_t geno_tab_hash(GenoWord key, const GenoType *kt) {
    return geno_hash_key(key, kt) & ~((uint64_t)1 << 63);
}

/* Key equality as geno_equal2, with Int and String keys compared in place
 * (a small Int equals only the identical word). */
static inline int geno_tab_keys_equal(GenoWord stored, const GenoType *kt, GenoWord key, const GenoType *pt) {
    if (stored == key && kt->kind != GT_FLOAT) return 1;       /* NaN != NaN */
    if (kt->kind == GT_INT && pt->kind == GT_INT && ((stored | key) & 1)) return 0;
    if (kt->kind == GT_STRING && pt->kind == GT_STRING)
        return geno_str_eq((GenoStr *)(uintptr_t)stored, (GenoStr *)(uintptr_t)key);
    return geno_equal2(stored, kt, key, pt);
}

/* The entry holding a key equal to `key` (of type probe_t; stored keys are
 * of type kt), or -1. h is geno_tab_hash(key, ...). Inline: it is the
 * inner loop of every Set and MutableMap operation. */
static inline int64_t geno_tab_find(const GenoTable *t, GenoWord key, uint64_t h,
                                    const GenoType *kt, const GenoType *probe_t) {
    if (t->count == 0) return -1;
    for (uint64_t i = h & (uint64_t)t->mask;; i = (i + 1) & (uint64_t)t->mask) {
        int64_t s = t->index[i];
        if (s == GENO_TAB_EMPTY) return -1;
        if (GENO_TAB_SLOT_TAG_MATCH(s, h)) {         /* so s >= 0: see GENO_TAB_SLOT_TAG_MATCH */
            int64_t e = GENO_TAB_SLOT_ENTRY(s);
            if (t->entries[e].hash == h && geno_tab_keys_equal(t->entries[e].key, kt, key, probe_t)) return e;
        }
    }
}
/* A small Int key of a table of Int keys (kt its key type): the case
 * geno_tab_find_small_int serves. */
#define GENO_TAB_SMALL_INT_KEY(kt, v) GENO_LIKELY((kt)->kind == GT_INT && GENO_INT_IS_SMALL(v))

/* Appends an entry for a key known to be absent; returns its number. */
int64_t geno_tab_add(GenoTable *t, GenoWord key, uint64_t h, GenoWord val);
void geno_tab_remove(GenoTable *t, int64_t e);
/* Room for n entries at least (before a bulk insert). */
void geno_tab_reserve(GenoTable *t, int64_t n);
/* Live keys (or values) in insertion order into dst (count words). */
void geno_tab_keys(const GenoTable *t, GenoWord *dst);
void geno_tab_vals(const GenoTable *t, GenoWord *dst);

/* For the printer and equality (set.c, mutmap.c). */
GenoWord *geno_set_sorted(GenoSet *s, const GenoType *t);     /* scratch array */
int geno_set_equal2(GenoSet *a, const GenoType *ta, GenoSet *b, const GenoType *tb);
int geno_mutable_map_equal2(GenoMutMap *a, const GenoType *ta, GenoMutMap *b, const GenoType *tb);

#endif
