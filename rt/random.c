/* random.c — the random builtins (capability `random`): random_int,
 * random_float and their math_ twins.
 *
 * The reference calls Python's random.randint / random.random: an integer
 * uniform over [min, max] of any size, a float uniform over [0, 1) with 53
 * random bits, and for min > max randrange's ValueError
 *     empty range for randrange() (MIN, MAX+1, MAX+1-MIN)
 * (Python 3.11's text; E499 like every builtin failure). The sequence itself
 * cannot match Python's (the reference seeds from the OS too).
 *
 * Generator: xoshiro256** (Blackman and Vigna), seeded once per process
 * from getrandom() by geno_random_seed_init(), which geno_rt_init calls.
 * No system call is made after that, so it keeps working inside the
 * sandbox's seccomp filter once the seed is taken. If getrandom is not
 * available the seed mixes the clock, the pid and an address (never an
 * error: randomness here is not a security boundary).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "geno/rt.h"
#include "int.h"

static uint64_t state[4];
static int seeded;

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_u64(void) {
    uint64_t *s = state;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void geno_random_seed_init(void) {
    if (seeded) return;
    uint64_t seed[4] = {0};
    size_t got = 0;
    while (got < sizeof seed) {
        ssize_t n = getrandom((char *)seed + got, sizeof seed - got, 0);
        if (n <= 0) break;
        got += (size_t)n;
    }
    if (got < sizeof seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32) ^
                     (uint64_t)(uintptr_t)&got;
        for (int i = 0; i < 4; i++) seed[i] ^= splitmix64(&x);
    }
    if (!(seed[0] | seed[1] | seed[2] | seed[3])) seed[0] = 1;   /* the one bad state */
    memcpy(state, seed, sizeof state);
    seeded = 1;
}

static void ensure_seeded(void) {
    if (!seeded) geno_random_seed_init();
}

/* Uniform in [0, n) for 1 <= n <= 2^63: k random bits, retried while >= n
 * (Python's _randbelow method; at most two tries expected). */
static uint64_t below_u64(uint64_t n) {
    if (n <= 1) return 0;
    int k = 64 - __builtin_clzll(n - 1);   /* bits of n - 1 */
    uint64_t r;
    do r = next_u64() >> (64 - k); while (r >= n);
    return r;
}

static _Noreturn void empty_range(mpz_srcptr lo, mpz_srcptr stop, mpz_srcptr width, GenoLoc loc) {
    geno_raise("E499", loc, "empty range for randrange() (%s, %s, %s)", mpz_get_str(NULL, 10, lo),
               mpz_get_str(NULL, 10, stop), mpz_get_str(NULL, 10, width));
}

static GenoInt rand_int(const char *name, GenoInt lo, GenoInt hi, GenoLoc loc) {
    geno_require_cap(GENO_CAP_RANDOM, name, loc);
    ensure_seeded();
    if (GENO_INT_IS_SMALL(lo) && GENO_INT_IS_SMALL(hi)) {
        int64_t a = GENO_INT_VALUE(lo), b = GENO_INT_VALUE(hi);   /* |a|, |b| <= 2^61 */
        if (b >= a) return GENO_INT_SMALL(a + (int64_t)below_u64((uint64_t)(b - a) + 1));
    }
    mpz_t t1, t2, stop, width, r;
    mpz_srcptr zlo = geno_int_mpz(lo, t1), zhi = geno_int_mpz(hi, t2);
    mpz_init(stop);
    mpz_add_ui(stop, zhi, 1);
    mpz_init(width);
    mpz_sub(width, stop, zlo);
    if (mpz_sgn(width) <= 0) empty_range(zlo, stop, width, loc);
    /* k random bits at a time (whole words, the top one masked) until < width */
    size_t k = mpz_sizeinbase(width, 2), words = (k + 63) / 64;
    uint64_t buf[words];
    mpz_init(r);
    do {
        for (size_t i = 0; i < words; i++) buf[i] = next_u64();
        if (k % 64) buf[words - 1] >>= 64 - k % 64;
        mpz_import(r, words, -1, sizeof buf[0], 0, 0, buf);
    } while (mpz_cmp(r, width) >= 0);
    mpz_add(r, r, zlo);
    return geno_int_from_mpz(r, loc);
}

static double rand_float(const char *name, GenoLoc loc) {
    geno_require_cap(GENO_CAP_RANDOM, name, loc);
    ensure_seeded();
    return (double)(next_u64() >> 11) * 0x1.0p-53;
}

GenoInt geno_random_int(GenoInt lo, GenoInt hi, GenoLoc loc) { return rand_int("random_int", lo, hi, loc); }
GenoInt geno_math_random_int(GenoInt lo, GenoInt hi, GenoLoc loc) { return rand_int("math_random_int", lo, hi, loc); }
double geno_random_float(GenoLoc loc) { return rand_float("random_float", loc); }
double geno_math_random_float(GenoLoc loc) { return rand_float("math_random_float", loc); }
