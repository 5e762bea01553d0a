/* range.c — the element count of range(start, stop, step) for loops that
 * run over a range without building it (codegen/emit.c, emit_for).
 *
 * Same errors, in the same order, as geno_list_range (rt/list.c): a zero
 * step first, then an empty range is fine whatever its bounds, then more
 * than max_collection_size elements is "List size exceeds limit". Small
 * bounds are counted in 128-bit arithmetic; bignum bounds through GMP.
 */
#include <gmp.h>

#include "geno/rt.h"
#include "int.h"
#include "run.h"

static _Noreturn void too_many(const char *count, GenoLoc loc) {
    geno_raise("E499", loc, "List size exceeds limit (%s > %lld)", count, (long long)geno_cfg.max_collection_size);
}

int64_t geno_range_count(GenoInt start, GenoInt stop, GenoInt step, GenoLoc loc) {
    int sstep = geno_int_sign(step);
    if (sstep == 0) geno_raise("E499", loc, "range step cannot be zero");
    int c = geno_int_cmp_slow(start, stop);
    if ((sstep > 0 && c >= 0) || (sstep < 0 && c <= 0)) return 0;
    if (start & stop & step & 1) {
        __int128 span = (__int128)GENO_INT_VALUE(stop) - GENO_INT_VALUE(start);
        __int128 by = GENO_INT_VALUE(step);
        if (span < 0) span = -span;
        if (by < 0) by = -by;
        __int128 n = (span + by - 1) / by;   /* ceil(|stop - start| / |step|) */
        if (n > geno_cfg.max_collection_size) too_many(geno_int_cstr(geno_int_from_i64((int64_t)n)), loc);
        return (int64_t)n;
    }
    mpz_t t1, t2, t3, n, by;
    mpz_srcptr a = geno_int_mpz(start, t1), b = geno_int_mpz(stop, t2), s = geno_int_mpz(step, t3);
    mpz_init(n);
    mpz_init(by);
    mpz_sub(n, b, a);
    mpz_abs(n, n);
    mpz_abs(by, s);
    mpz_cdiv_q(n, n, by);
    if (mpz_cmp_si(n, geno_cfg.max_collection_size) > 0) too_many(mpz_get_str(NULL, 10, n), loc);
    return mpz_get_si(n);
}
