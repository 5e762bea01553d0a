/* rt/hash.h — hashing helpers for the hash tables (see hash.c). */
#ifndef GENO_RT_HASH_H
#define GENO_RT_HASH_H

#include <stddef.h>
#include "geno/rt.h"

uint64_t geno_hash_bytes(const void *p, size_t n);
/* Equal numbers hash equal across Int and Float (2 and 2.0, 10**20 and
 * 1e20), as equality treats them. */
uint64_t geno_hash_int(GenoInt a);
uint64_t geno_hash_float(double d);

/* geno_hash_fmix (the mixer) and geno_hash_i64 (an Int's hash) are in
 * geno/rt.h: the inline Set[Int] probe of cc-built code uses them. */

/* geno_hash of a key, with the common keys (a small Int, a String) hashed
 * without the call chain: Map, Set and MutableMap lookups use it. */
static inline uint64_t geno_hash_key(GenoWord k, const GenoType *t) {
    if (t->kind == GT_INT && GENO_INT_IS_SMALL(k)) return geno_hash_i64(GENO_INT_VALUE(k));
    if (t->kind == GT_STRING) {
        const GenoStr *s = (const GenoStr *)(uintptr_t)k;
        return geno_hash_bytes(s->data, (size_t)s->len);
    }
    return geno_hash(k, t);
}

#endif
