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
/* GC_set_max_heap_size, remembered for the collection floor (gc.c); 0: none. */
void geno_gc_set_max_heap(size_t cap);

/* Grows a block from geno_alloc_atomic; raises E504 when memory is out. */
void *geno_realloc_atomic(void *p, size_t size);

/* geno_alloc_atomic without clearing: for arrays the caller fills at once. */
void *geno_alloc_atomic_uncleared(size_t size);
/* A scanned object left uncleared: for large arrays filled at once (rt/gc.c). */
void *geno_alloc_uncleared(size_t size);

/* geno_alloc_flat (an object the collector never scans) is in geno/rt.h. */

#endif
