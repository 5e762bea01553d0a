/* rt/alloc.h — garbage-collected allocation for the runtime (see gc.c).
 * geno_alloc / geno_alloc_atomic themselves are in geno/rt.h. */
#ifndef GENO_RT_ALLOC_H
#define GENO_RT_ALLOC_H

#include <stddef.h>

#include "geno/rt.h"

/* Initialises Boehm GC and routes GMP's allocation through it. Idempotent. */
void geno_gc_init(void);
/* geno_gc_init for a `genoc build` binary (a lower floor between collections). */
void geno_gc_init_built_binary(void);

/* Grows a block from geno_alloc_atomic; raises E504 when memory is out. */
void *geno_realloc_atomic(void *p, size_t size);

/* geno_alloc_atomic without clearing: for arrays the caller fills at once. */
void *geno_alloc_atomic_uncleared(size_t size);

/* A cleared object the collector never scans (rt/list.c's flat leaves;
 * rt/gc.c): popped inline from a stash per size, a scanned array. */
#define GENO_FLAT_STASH 256     /* objects of a 4 KiB block of one granule */
typedef struct { int64_t n; void *obj[GENO_FLAT_STASH]; } GenoFlatStash;
extern GenoFlatStash *geno_flat_stash[GENO_FREE_LIST_GRANULES + 1];
void *geno_alloc_flat_refill(size_t granules);   /* refills, then pops */
static inline void *geno_alloc_flat(size_t size) {
    size_t g = size ? (size + 15) >> 4 : 1;
    GenoFlatStash *st = g <= GENO_FREE_LIST_GRANULES ? geno_flat_stash[g] : NULL;
    if (!st || st->n == 0) return geno_alloc_flat_refill(g);
    void *p = st->obj[--st->n];
    st->obj[st->n] = 0;         /* the stash keeps no object in use alive */
    return p;
}

#endif
