/* rt/int.h — the bignum side of Int (see int.c), for other runtime files.
 *
 * A big Int is a pointer to a GenoBig: an mpz_t on the GC heap whose limbs GMP
 * allocates through the GC as well. Big values are always outside the small
 * range, so equal values have one representation each.
 */
#ifndef GENO_RT_INT_H
#define GENO_RT_INT_H

#include <gmp.h>
#include "geno/rt.h"

typedef struct GenoBig { mpz_t z; } GenoBig;

static inline GenoBig *big_of(GenoInt a) { return (GenoBig *)(uintptr_t)a; }

/* An Int's value in mpz form: a big Int's own mpz (read only) or `tmp`
 * set to the small value. */
mpz_srcptr geno_int_mpz(GenoInt a, mpz_ptr tmp);
/* The same without allocating: a small Int borrows *limb, so the view is
 * only valid while *limb and *tmp are. */
mpz_srcptr geno_int_view(GenoInt a, mpz_ptr tmp, mp_limb_t *limb);
/* Turns z (consumed) into an Int, raising E499 "Integer exceeds maximum
 * size (N bits)" when it is over max_integer_bits. */
GenoInt geno_int_from_mpz(mpz_ptr z, GenoLoc loc);
/* Python's int.bit_length(): bits of |a|, 0 for 0. */
int64_t geno_int_bit_length(GenoInt a);
int geno_int_sign(GenoInt a);
/* a as int64 when it fits; returns 0 and leaves *out alone otherwise. */
int geno_int_get_i64(GenoInt a, int64_t *out);
/* Decimal text of a, NUL-terminated, GC-allocated. */
/* v in decimal into out (room for 21 bytes), no terminator; the length. */
int geno_i64_dec(int64_t v, char *out);
char *geno_int_cstr(GenoInt a);

#endif
