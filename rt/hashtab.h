/* rt/hashtab.h — the insertion-ordered hash table behind Set and
 * MutableMap (see hashtab.c), and those two objects' layouts. */
#ifndef GENO_RT_HASHTAB_H
#define GENO_RT_HASHTAB_H

#include "geno/rt.h"

#define GENO_TAB_DEAD UINT64_MAX        /* hash of a removed entry */

typedef struct {
    uint64_t hash;                      /* < 2^63, or GENO_TAB_DEAD */
    GenoWord key, val;                  /* val unused by sets */
} GenoTabEntry;

typedef struct {
    int64_t count;                      /* live entries */
    int64_t used;                       /* entries[0, used) written, dead included */
    int64_t ecap;                       /* entries allocated */
    int64_t mask;                       /* index slots - 1 */
    int64_t *index;                     /* -1 empty, -2 deleted, else a slot word:
                                         * hash bits 32..62 << 32 | entry number */
    GenoTabEntry *entries;
} GenoTable;

struct GenoSet { GenoTable tab; };
struct GenoMutMap { GenoTable tab; };

/* A table hash for key (of type kt): geno_hash with the top bit cleared. */
uint64_t geno_tab_hash(GenoWord key, const GenoType *kt);
/* The entry holding a key equal to `key` (of type probe_t; stored keys are
 * of type kt), or -1. h is geno_tab_hash(key, ...). */
int64_t geno_tab_find(const GenoTable *t, GenoWord key, uint64_t h,
                      const GenoType *kt, const GenoType *probe_t);
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
