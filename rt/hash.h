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

#endif
