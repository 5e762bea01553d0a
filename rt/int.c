/* int.c — Geno's unbounded Int: tagged small integers with a GMP fallback.
 *
 * Representation (geno/rt.h): a small v in [-2^61, 2^61) is the word 2v+1;
 * anything else is a pointer to a GenoBig. The header's macros run the
 * common small cases inline; everything here is the slow path and the
 * operators with no inline form. Results are normalised (small when they
 * fit), so equality is word equality or mpz equality between two bigs.
 *
 * Semantics follow the reference interpreter (Python ints): `/` and `%`
 * truncate toward zero and `%` takes the dividend's sign; bitwise operators
 * act on infinite two's complement; `>>` floors. Every result is held to
 * cfg.max_integer_bits (E499 "Integer exceeds maximum size (N bits)"), and
 * `**`, `<<`, `>>` refuse oversized work before doing it, with the
 * reference's messages. A negative exponent gives a Float, as Python does.
 *
 * Limit caveat: the inline fast paths of + - * never check max_integer_bits,
 * so a limit below 62 bits is only enforced on their slow-path results.
 * (The inline << leaves every shift to this file under such a limit, and
 * the inline >> checks its count: shifts keep the reference's errors.)
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "errors.h"
#include "int.h"
#include "run.h"
#include "str.h"
#include "strlib.h"

#define SMALL_FITS(v) ((v) >= GENO_SMALL_MIN && (v) <= GENO_SMALL_MAX)

/* geno/rt.h's GENO_BIG_NEG reads a big Int's sign as the second int32 of
 * its GenoBig (the mpz_t's _mp_size) without GMP's header. */
_Static_assert(offsetof(GenoBig, z) == 0 && offsetof(__mpz_struct, _mp_size) == sizeof(int32_t)
               && sizeof(((__mpz_struct *)0)->_mp_size) == sizeof(int32_t), "GENO_BIG_NEG layout");


/* ---- conversions ---------------------------------------------------------- */

static GenoInt box_mpz(mpz_ptr z) {
    GenoBig *b = geno_alloc(sizeof *b);
    mpz_init(b->z);
    mpz_swap(b->z, z);
    return (GenoInt)(uintptr_t)b;
}

GenoInt geno_int_from_i64(int64_t v) {
    if (SMALL_FITS(v)) return GENO_INT_SMALL(v);
    mpz_t z;
    mpz_init_set_si(z, v);
    return box_mpz(z);
}

mpz_srcptr geno_int_mpz(GenoInt a, mpz_ptr tmp) {
    if (!GENO_INT_IS_SMALL(a)) return big_of(a)->z;
    mpz_init_set_si(tmp, GENO_INT_VALUE(a));
    return tmp;
}

static _Noreturn void too_many_bits(int64_t bits, GenoLoc loc) {
    geno_raise("E499", loc, "Integer exceeds maximum size (%lld bits)", (long long)bits);
}

GenoInt geno_int_from_mpz(mpz_ptr z, GenoLoc loc) {
    if (mpz_fits_slong_p(z)) {
        long v = mpz_get_si(z);
        if (SMALL_FITS(v)) {
            if (geno_cfg.max_integer_bits < 62) {
                int64_t bits = v ? 64 - __builtin_clzll(v < 0 ? -(uint64_t)v : (uint64_t)v) : 0;
                if (bits > geno_cfg.max_integer_bits) too_many_bits(bits, loc);
            }
            return GENO_INT_SMALL(v);
        }
    }
    int64_t bits = (int64_t)mpz_sizeinbase(z, 2);
    if (bits > geno_cfg.max_integer_bits) too_many_bits(bits, loc);
    return box_mpz(z);
}

/* Small-range check for results computed in int64 by the slow paths. */
static GenoInt from_i64_checked(int64_t v, GenoLoc loc) {
    if (SMALL_FITS(v) && geno_cfg.max_integer_bits >= 62) return GENO_INT_SMALL(v);
    mpz_t z;
    mpz_init_set_si(z, v);
    return geno_int_from_mpz(z, loc);
}

int64_t geno_int_bit_length(GenoInt a) {
    if (GENO_INT_IS_SMALL(a)) {
        int64_t v = GENO_INT_VALUE(a);
        uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;
        return m ? 64 - __builtin_clzll(m) : 0;
    }
    return (int64_t)mpz_sizeinbase(big_of(a)->z, 2);
}

int geno_int_sign(GenoInt a) {
    if (GENO_INT_IS_SMALL(a)) {
        int64_t v = GENO_INT_VALUE(a);
        return (v > 0) - (v < 0);
    }
    return mpz_sgn(big_of(a)->z);
}

int geno_int_get_i64(GenoInt a, int64_t *out) {
    if (GENO_INT_IS_SMALL(a)) { *out = GENO_INT_VALUE(a); return 1; }
    if (!mpz_fits_slong_p(big_of(a)->z)) return 0;
    *out = mpz_get_si(big_of(a)->z);
    return 1;
}

/* The one decimal formatter of small Ints (printing, to_string, f-strings,
 * messages). Without snprintf, and two digits per division: formatting
 * Ints was a fifth of word_count_map's instructions. */
int geno_i64_dec(int64_t v, char *out) {
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    static const uint64_t p10[20] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
        100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
        100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
        1000000000000000000ull, 10000000000000000000ull};
    uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
    int neg = v < 0, nd = 1;
    if (u >= 10) {                      /* digits: from the bit length, then one compare */
        int guess = ((64 - __builtin_clzll(u)) * 1233) >> 12;   /* floor(log10(2^bits)), within one */
        nd = guess + (guess < 20 && u >= p10[guess]);
    }
    char *p = out + neg + nd;           /* written from the last digit back, in place */
    for (; u >= 100; u /= 100) {
        p -= 2;
        memcpy(p, pairs + 2 * (u % 100), 2);
    }
    if (u >= 10) {
        p -= 2;
        memcpy(p, pairs + 2 * u, 2);
    } else {
        *--p = (char)('0' + u);
    }
    if (neg) out[0] = '-';
    return neg + nd;
}

char *geno_int_cstr(GenoInt a) {
    if (GENO_INT_IS_SMALL(a)) {
        char *s = geno_alloc_atomic(24);
        s[geno_i64_dec(GENO_INT_VALUE(a), s)] = 0;
        return s;
    }
    mpz_srcptr z = big_of(a)->z;
    char *s = geno_alloc_atomic(mpz_sizeinbase(z, 10) + 2);
    return mpz_get_str(s, 10, z);
}

GenoStr *geno_int_to_str(GenoInt a) {
    if (GENO_INT_IS_SMALL(a)) {
        char d[24];
        int n = geno_i64_dec(GENO_INT_VALUE(a), d);
        return geno_str_make(d, n, n);      /* ASCII: no count; one digit: no allocation */
    }
    char *s = geno_int_cstr(a);
    return geno_str_new(s, (int64_t)strlen(s));
}

GenoInt geno_int_from_dec(const char *digits, GenoLoc loc) {
    char buf[32];
    size_t n = 0, len = strlen(digits);
    char *clean = len < sizeof buf ? buf : geno_alloc_atomic(len + 1);
    for (const char *p = digits; *p; p++)
        if (*p != '_') clean[n++] = *p;     /* tolerate 1_000 if the lexer passes it */
    clean[n] = 0;
    mpz_t z;
    if (mpz_init_set_str(z, clean[0] == '+' ? clean + 1 : clean, 10) != 0)
        geno_raise("E499", loc, "Invalid integer literal: %s", digits);
    return geno_int_from_mpz(z, loc);
}

/* ---- arithmetic ------------------------------------------------------------ */

typedef void (*mpz_binop)(mpz_ptr, mpz_srcptr, mpz_srcptr);

mpz_srcptr geno_int_view(GenoInt a, mpz_ptr tmp, mp_limb_t *limb) {
    if (!GENO_INT_IS_SMALL(a)) return big_of(a)->z;
    int64_t v = GENO_INT_VALUE(a);
    *limb = v < 0 ? -(uint64_t)v : (uint64_t)v;
    return mpz_roinit_n(tmp, limb, v < 0 ? -1 : v > 0);
}

/* The result's limbs are reserved up front from the operands' sizes
 * (`extra` limbs beyond the larger one, or their sum for a product), so
 * GMP does not grow it by reallocation. */
static GenoInt via_mpz_sized(GenoInt a, GenoInt b, mpz_binop op, int product, GenoLoc loc) {
    mpz_t ta, tb, r;
    mp_limb_t la, lb;
    mpz_srcptr za = geno_int_view(a, ta, &la), zb = geno_int_view(b, tb, &lb);
    size_t na = mpz_size(za), nb = mpz_size(zb);
    size_t limbs = product ? na + nb : (na > nb ? na : nb) + 1;
    /* mpz_init2 by hand, with limbs the collector neither clears nor scans
     * (GMP's own allocations stay scanned, gc.c): clearing the limbs of
     * large results was a quarter of pidigits. A GMP realloc of them keeps
     * the kind. */
    if (!limbs) limbs = 1;
    r->_mp_alloc = (int)limbs;
    r->_mp_size = 0;
    r->_mp_d = geno_alloc_atomic_uncleared(limbs * sizeof(mp_limb_t));   /* GMP reads no limb past the size */
    op(r, za, zb);
    return geno_int_from_mpz(r, loc);
}

static GenoInt via_mpz(GenoInt a, GenoInt b, mpz_binop op, GenoLoc loc) {
    return via_mpz_sized(a, b, op, 0, loc);
}

GenoInt geno_int_add_slow(GenoInt a, GenoInt b, GenoLoc loc) {
    if (a & b & 1) return from_i64_checked(GENO_INT_VALUE(a) + GENO_INT_VALUE(b), loc);
    return via_mpz(a, b, mpz_add, loc);
}

GenoInt geno_int_sub_slow(GenoInt a, GenoInt b, GenoLoc loc) {
    if (a & b & 1) return from_i64_checked(GENO_INT_VALUE(a) - GENO_INT_VALUE(b), loc);
    return via_mpz(a, b, mpz_sub, loc);
}

GenoInt geno_int_mul_slow(GenoInt a, GenoInt b, GenoLoc loc) {
    int64_t p;
    if ((a & b & 1) && !__builtin_mul_overflow(GENO_INT_VALUE(a), GENO_INT_VALUE(b), &p))
        return from_i64_checked(p, loc);
    return via_mpz_sized(a, b, mpz_mul, 1, loc);
}

static _Noreturn void division_by_zero(GenoInt a, GenoInt b, const char *op, GenoLoc loc) {
    if (GENO_INT_IS_SMALL(a)) {   /* b is 0: the message is ASCII, built here */
        static const char head[] = "Division by zero: cannot compute ";
        char m[sizeof head + 32 + 8];
        int n = (int)sizeof head - 1;
        memcpy(m, head, (size_t)n);
        n += geno_i64_dec(GENO_INT_VALUE(a), m + n);
        m[n++] = ' ';
        m[n++] = op[0];
        memcpy(m + n, " 0", 2);
        geno_raise_ascii("E400", loc, m, n + 2);
    }
    geno_raise("E400", loc, "Division by zero: cannot compute %s %s %s",
               geno_int_cstr(a), op, geno_int_cstr(b));
}

GenoInt geno_int_div(GenoInt a, GenoInt b, GenoLoc loc) {
    if (b == GENO_INT_SMALL(0)) division_by_zero(a, b, "/", loc);
    if (a & b & 1) return from_i64_checked(GENO_INT_VALUE(a) / GENO_INT_VALUE(b), loc);
    return via_mpz(a, b, mpz_tdiv_q, loc);
}

GenoInt geno_int_mod(GenoInt a, GenoInt b, GenoLoc loc) {
    if (b == GENO_INT_SMALL(0)) division_by_zero(a, b, "%", loc);
    if (a & b & 1) return from_i64_checked(GENO_INT_VALUE(a) % GENO_INT_VALUE(b), loc);
    return via_mpz(a, b, mpz_tdiv_r, loc);
}

GenoInt geno_int_neg(GenoInt a, GenoLoc loc) {
    if (GENO_INT_IS_SMALL(a)) return from_i64_checked(-GENO_INT_VALUE(a), loc);
    mpz_t r;
    mpz_init(r);
    mpz_neg(r, big_of(a)->z);
    return geno_int_from_mpz(r, loc);
}

/* ---- bitwise (two's complement on unbounded ints) --------------------------- */

/* On two tagged words 2x+1 and 2y+1, & and | give 2(x&y)+1 and 2(x|y)+1
 * directly; ^ clears the tag bit, which is put back. */
GenoInt geno_int_and(GenoInt a, GenoInt b, GenoLoc loc) {
    if (a & b & 1) return a & b;
    return via_mpz(a, b, mpz_and, loc);
}

GenoInt geno_int_or(GenoInt a, GenoInt b, GenoLoc loc) {
    if (a & b & 1) return a | b;
    return via_mpz(a, b, mpz_ior, loc);
}

GenoInt geno_int_xor(GenoInt a, GenoInt b, GenoLoc loc) {
    if (a & b & 1) return (a ^ b) | 1;
    return via_mpz(a, b, mpz_xor, loc);
}

GenoInt geno_int_not(GenoInt a, GenoLoc loc) {
    if (GENO_INT_IS_SMALL(a)) {                     /* ~(2x+1) = 2(~x) */
        if (geno_cfg.max_integer_bits >= 62) return ~a | 1;
        return from_i64_checked(~GENO_INT_VALUE(a), loc);   /* ~255 is 9 bits */
    }
    mpz_t r;
    mpz_init(r);
    mpz_com(r, big_of(a)->z);
    return geno_int_from_mpz(r, loc);
}

/* The reference's shift guard: a negative count, or one above the bit limit,
 * is refused before shifting (even for 0 << n). Returns the count. */
static int64_t shift_count(GenoInt b, const char *direction, GenoLoc loc) {
    if (geno_int_sign(b) < 0) geno_raise("E499", loc, "Negative shift count");
    int64_t n;
    if (!geno_int_get_i64(b, &n) || n > geno_cfg.max_integer_bits)
        geno_raise("E499", loc, "%s shift amount too large (%s bits)", direction, geno_int_cstr(b));
    return n;
}

GenoInt geno_int_shl(GenoInt a, GenoInt b, GenoLoc loc) {
    int64_t n = shift_count(b, "Left", loc);
    if (GENO_INT_IS_SMALL(a) && n < 64) {
        int64_t v = GENO_INT_VALUE(a);
        /* |v| < 2^61: exact when the shifted value keeps its sign bits */
        if (n <= 2 || (v >> (63 - n)) == 0 || (v >> (63 - n)) == -1)
            return from_i64_checked((int64_t)((uint64_t)v << n), loc);
    }
    mpz_t t, r;
    mpz_srcptr za = geno_int_mpz(a, t);
    mpz_init(r);
    mpz_mul_2exp(r, za, (mp_bitcnt_t)n);
    return geno_int_from_mpz(r, loc);
}

GenoInt geno_int_shr(GenoInt a, GenoInt b, GenoLoc loc) {
    int64_t n = shift_count(b, "Right", loc);
    if (GENO_INT_IS_SMALL(a)) {
        int64_t v = GENO_INT_VALUE(a);
        return GENO_INT_SMALL(n >= 63 ? (v < 0 ? -1 : 0) : v >> n);
    }
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_q_2exp(r, big_of(a)->z, (mp_bitcnt_t)n);     /* floor, like Python */
    return geno_int_from_mpz(r, loc);
}

/* ---- exponentiation ---------------------------------------------------------- */

static int int_to_double(GenoInt a, double *out);

/* Int ** negative Int: Python converts both to float first. */
static double pow_negative(GenoInt a, GenoInt b, GenoLoc loc) {
    if (geno_int_sign(a) == 0)
        geno_raise("E400", loc, "Division by zero: cannot compute %s ** %s",
                   geno_int_cstr(a), geno_int_cstr(b));
    double da, db;
    if (!int_to_double(a, &da) || !int_to_double(b, &db))
        geno_raise("E499", loc, "Exponentiation result too large");
    return pow(da, db);     /* |a| >= 1 and b < 0: no overflow, no domain error */
}

GenoWord geno_int_pow(GenoInt a, GenoInt b, int *is_float, GenoLoc loc) {
    *is_float = 0;
    int sb = geno_int_sign(b);
    if (sb < 0) {
        *is_float = 1;
        return geno_f2w(pow_negative(a, b, loc));
    }
    if (sb == 0) return GENO_INT_SMALL(1);
    if (geno_int_sign(a) == 0) return GENO_INT_SMALL(0);

    /* Refuse before computing: estimated bits = max(bit_length(a), 1) * b. */
    int64_t abits = geno_int_bit_length(a), e;
    if (!geno_int_get_i64(b, &e) || (__int128)abits * e > geno_cfg.max_integer_bits) {
        mpz_t t, est;
        mpz_init(est);
        mpz_mul_si(est, geno_int_mpz(b, t), (long)abits);
        char *s = mpz_get_str(NULL, 10, est);
        geno_raise("E499", loc, "Exponentiation result too large (estimated %s bits)", s);
    }
    mpz_t t, r;
    mpz_srcptr za = geno_int_mpz(a, t);
    mpz_init(r);
    mpz_pow_ui(r, za, (unsigned long)e);
    return (GenoWord)geno_int_from_mpz(r, loc);
}

/* ---- comparison and conversion ---------------------------------------------- */

int geno_int_cmp_slow(GenoInt a, GenoInt b) {
    if (a & b & 1) return (a > b) - (a < b);
    mpz_t ta, tb;
    mpz_srcptr za = geno_int_mpz(a, ta), zb = geno_int_mpz(b, tb);
    int c = mpz_cmp(za, zb);
    return (c > 0) - (c < 0);
}

int geno_int_eq_slow(GenoInt a, GenoInt b) { return geno_int_cmp_slow(a, b) == 0; }

/* The comparisons as calls, for tcc (geno/rt.h); tagged small words
 * compare as their values do. */
int64_t geno_int_lt(GenoInt a, GenoInt b) { return (a & b & 1) ? a < b : geno_int_cmp_slow(a, b) < 0; }
int64_t geno_int_le(GenoInt a, GenoInt b) { return (a & b & 1) ? a <= b : geno_int_cmp_slow(a, b) <= 0; }
int64_t geno_int_gt(GenoInt a, GenoInt b) { return (a & b & 1) ? a > b : geno_int_cmp_slow(a, b) > 0; }
int64_t geno_int_ge(GenoInt a, GenoInt b) { return (a & b & 1) ? a >= b : geno_int_cmp_slow(a, b) >= 0; }
int64_t geno_int_eq(GenoInt a, GenoInt b) { return a == b || (!((a | b) & 1) && geno_int_eq_slow(a, b)); }

/* Correctly rounded (half to even), like Python's float(int); mpz_get_d
 * would truncate. Returns 0 when a is beyond the double range. */
static int int_to_double(GenoInt a, double *out) {
    if (GENO_INT_IS_SMALL(a)) { *out = (double)GENO_INT_VALUE(a); return 1; }
    mpz_srcptr z = big_of(a)->z;
    size_t nbits = mpz_sizeinbase(z, 2);
    if (nbits <= 53) { *out = mpz_get_d(z); return 1; }
    mp_bitcnt_t shift = nbits - 54;
    mpz_t q;
    mpz_init(q);
    mpz_tdiv_q_2exp(q, z, shift);
    mpz_abs(q, q);
    uint64_t m = (uint64_t)mpz_get_ui(q);           /* the top 54 bits */
    int sticky = mpz_scan1(z, 0) < shift;          /* a 1 below them */
    int half = (int)(m & 1);
    m >>= 1;
    if (half && (sticky || (m & 1))) m++;
    double d = ldexp((double)m, (int)shift + 1);
    if (isinf(d)) return 0;
    *out = mpz_sgn(z) < 0 ? -d : d;
    return 1;
}

double geno_int_to_double(GenoInt a, GenoLoc loc) {
    double d;
    if (!int_to_double(a, &d)) geno_raise("E499", loc, "int too large to convert to float");
    return d;
}

int geno_int_float_cmp(GenoInt a, double b) {
    if (isnan(b)) return 2;
    if (isinf(b)) return b > 0 ? -1 : 1;
    if (GENO_INT_IS_SMALL(a)) {
        int64_t v = GENO_INT_VALUE(a);
        if (v >= -(1LL << 53) && v <= (1LL << 53)) {      /* exact as a double */
            double d = (double)v;
            return (d > b) - (d < b);
        }
    }
    mpz_t t;
    int c = mpz_cmp_d(geno_int_mpz(a, t), b);          /* exact */
    return (c > 0) - (c < 0);
}
