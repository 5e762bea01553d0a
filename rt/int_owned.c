/* rt/int_owned.c — `f = f * x` (and + and -) written into f's own number.
 *
 * When a local holds a big Int that no other value shares (an owned local:
 * codegen/emit_int_owned.c keeps the flag), the next result of `f op x` can
 * replace f's digits in place, as hand-written GMP code does with
 * mpz_mul(f, f, x), instead of allocating a new number per step: a
 * factorial loop then neither allocates nor collects. A result that might
 * exceed the size limit takes the ordinary path, so the error and f's old
 * value are exactly as without this.
 */
#include <string.h>

#include "alloc.h"
#include "int.h"
#include "run.h"

typedef void (*mpz_binop)(mpz_ptr, mpz_srcptr, mpz_srcptr);

static GenoInt in_place(GenoInt a, GenoInt b, mpz_binop op, int product, GenoLoc loc) {
    mpz_t tb;
    mp_limb_t lb;
    mpz_srcptr zb = geno_int_view(b, tb, &lb);
    mpz_ptr z = big_of(a)->z;
    int64_t bits_a = (int64_t)mpz_sizeinbase(z, 2), bits_b = mpz_sgn(zb) ? (int64_t)mpz_sizeinbase(zb, 2) : 0;
    int64_t most = product ? bits_a + bits_b : (bits_a > bits_b ? bits_a : bits_b) + 1;
    if (most > geno_cfg.max_integer_bits) return 0;
    size_t na = mpz_size(z), nb = mpz_size(zb);
    size_t need = product ? na + nb : (na > nb ? na : nb) + 1;
    if (need > (size_t)z->_mp_alloc) {   /* grown before any digit changes */
        size_t cap = need + need / 2;
        mp_limb_t *d = geno_alloc_atomic_uncleared(cap * sizeof *d);
        memcpy(d, z->_mp_d, na * sizeof *d);
        z->_mp_d = d;
        z->_mp_alloc = (int)cap;
    }
    op(z, z, zb);
    if (mpz_fits_slong_p(z)) {   /* big values stay outside the small range */
        long v = mpz_get_si(z);
        if (v >= GENO_SMALL_MIN && v <= GENO_SMALL_MAX) return geno_int_from_mpz(z, loc);
    }
    return a;
}

GenoInt geno_int_add_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = GENO_INT_IS_SMALL(a) ? 0 : in_place(a, b, mpz_add, 0, loc);
    return r ? r : GENO_INT_ADD(a, b, loc);
}

GenoInt geno_int_sub_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = GENO_INT_IS_SMALL(a) ? 0 : in_place(a, b, mpz_sub, 0, loc);
    return r ? r : GENO_INT_SUB(a, b, loc);
}

GenoInt geno_int_mul_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = GENO_INT_IS_SMALL(a) ? 0 : in_place(a, b, mpz_mul, 1, loc);
    return r ? r : GENO_INT_MUL(a, b, loc);
}
