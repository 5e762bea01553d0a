/* rt/int_owned.c — `f = f * x` (and + and -) written into f's own number,
 * and the same for a fresh intermediate result: `(2 * q + r) * l`.
 *
 * When a local holds a big Int that no other value shares (an owned local:
 * codegen/emit_int_owned.c keeps the flag), the next result of `f op x` can
 * replace f's digits in place, as hand-written GMP code does with
 * mpz_mul(f, f, x), instead of allocating a new number per step: a
 * factorial loop then neither allocates nor collects. A result that might
 * exceed the size limit takes the ordinary path, so the error and f's old
 * value are exactly as without this.
 *
 * A fresh result of arithmetic inside an expression is a number no other
 * value shares as well, so the operation that consumes it may write into
 * it (the _r forms: the fresh operand is the right one). pidigits' ~21,000-
 * bit numbers are large objects to the collector, each one a block
 * allocation: three of them for `4 * q + r - t` before, one now.
 */
#include <string.h>

#include "alloc.h"
#include "int.h"
#include "run.h"

typedef void (*mpz_binop)(mpz_ptr, mpz_srcptr, mpz_srcptr);

/* How large op's result can be, from its operands: a sum or difference, a
 * product, a truncated quotient (never larger than the dividend). */
typedef enum { SIZE_SUM, SIZE_PRODUCT, SIZE_QUOTIENT } ResultSize;

/* op(a, a, b) into a's own digits; 0 when a is small (it has no digits of
 * its own) or the result might exceed the integer bits limit: the caller
 * then takes the ordinary path. */
static GenoInt in_place(GenoInt a, GenoInt b, mpz_binop op, ResultSize size, GenoLoc loc) {
    if (GENO_INT_IS_SMALL(a)) return 0;
    mpz_t tb;
    mp_limb_t lb;
    mpz_srcptr zb = geno_int_view(b, tb, &lb);
    mpz_ptr z = big_of(a)->z;
    size_t na = mpz_size(z), nb = mpz_size(zb);
    if (size != SIZE_QUOTIENT) {   /* a quotient has no more bits than a, which exists */
        int64_t bits_a = (int64_t)mpz_sizeinbase(z, 2), bits_b = mpz_sgn(zb) ? (int64_t)mpz_sizeinbase(zb, 2) : 0;
        int64_t most = size == SIZE_PRODUCT ? bits_a + bits_b : (bits_a > bits_b ? bits_a : bits_b) + 1;
        if (most > geno_cfg.max_integer_bits) return 0;
    }
    size_t need = size == SIZE_PRODUCT ? na + nb : size == SIZE_QUOTIENT ? na : (na > nb ? na : nb) + 1;
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
    GenoInt r = in_place(a, b, mpz_add, SIZE_SUM, loc);
    return r ? r : GENO_INT_ADD(a, b, loc);
}

GenoInt geno_int_sub_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = in_place(a, b, mpz_sub, SIZE_SUM, loc);
    return r ? r : GENO_INT_SUB(a, b, loc);
}

GenoInt geno_int_mul_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = in_place(a, b, mpz_mul, SIZE_PRODUCT, loc);
    return r ? r : GENO_INT_MUL(a, b, loc);
}

/* Truncating, as geno_int_div; a zero divisor takes its path (E400). */
GenoInt geno_int_div_owned(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = b == GENO_INT_SMALL(0) ? 0 : in_place(a, b, mpz_tdiv_q, SIZE_QUOTIENT, loc);
    return r ? r : GENO_INT_DIV(a, b, loc);
}

/* a + b and a * b into b's number; a - b into b's (z = a - z). */
GenoInt geno_int_add_owned_r(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = in_place(b, a, mpz_add, SIZE_SUM, loc);
    return r ? r : GENO_INT_ADD(a, b, loc);
}

GenoInt geno_int_mul_owned_r(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = in_place(b, a, mpz_mul, SIZE_PRODUCT, loc);
    return r ? r : GENO_INT_MUL(a, b, loc);
}

static void mpz_sub_reversed(mpz_ptr r, mpz_srcptr x, mpz_srcptr y) { mpz_sub(r, y, x); }

GenoInt geno_int_sub_owned_r(GenoInt a, GenoInt b, GenoLoc loc) {
    GenoInt r = in_place(b, a, mpz_sub_reversed, SIZE_SUM, loc);
    return r ? r : GENO_INT_SUB(a, b, loc);
}
