/* emit_bits.c — & ^ << >> and bit_or on Ints proved small (emit_ranges.c).
 *
 * On tagged words 2x+1 and 2y+1: & and | give 2(x&y)+1 and 2(x|y)+1, ^
 * gives 2(x^y), so the tag is put back. With both operands proved small
 * the result is small, and no test is left. Shifts keep the runtime's
 * count guard: the reference refuses a count above max_integer_bits (E499)
 * before shifting, and genoc's << defers to the runtime under a limit below
 * 62 bits (geno/rt.h); one compare with the limit stays, the tag tests and
 * the overflow test go. A count is proved within [0, 61], and a << result
 * small, before this is used.
 */
#include "emit.h"

static bool count_literal(Expr *b, long long *n) {
    int64_t v;
    if (b->kind != EX_INT || !int_literal_within(b, 61, &v) || v < 0) return false;
    *n = v;
    return true;
}

char *emit_small_bits(Emitter *em, Expr *e, const char *a, const char *b) {
    IntRange rr;
    char *L = loc_arg(e->loc);
    long long n;
    int id;
    switch (e->op) {
    case OP_BAND:
        return xasprintf("GENO_KNOWN_SMALL((GenoInt)((%s) & (%s)))", a, b);
    case OP_BXOR:
        return xasprintf("GENO_KNOWN_SMALL((GenoInt)(((%s) ^ (%s)) | 1))", a, b);
    case OP_SHR:
        if (!small_int_range(em, e, &rr)) return NULL;   /* a count in [0, 61] */
        id = ++em->tmp;
        if (count_literal(e->b, &n))
            return xasprintf("({ GenoInt a_%d = (%s); %lld <= geno_max_int_bits ? GENO_KNOWN_SMALL((GenoInt)((a_%d >> %lld) | 1)) "
                             ": geno_int_shr(a_%d, %s, %s); })", id, a, n, id, n, id, b, L);
        return xasprintf("({ GenoInt a_%d = (%s), b_%d = (%s); GENO_INT_VALUE(b_%d) <= geno_max_int_bits "
                         "? GENO_KNOWN_SMALL((GenoInt)((a_%d >> GENO_INT_VALUE(b_%d)) | 1)) : geno_int_shr(a_%d, b_%d, %s); })",
                         id, a, id, b, id, id, id, id, id, L);
    case OP_SHL:
        if (!small_int_range(em, e, &rr)) return NULL;   /* a count in [0, 61], a small result */
        id = ++em->tmp;
        if (count_literal(e->b, &n))
            return xasprintf("({ GenoInt a_%d = (%s); geno_max_int_bits >= 62 ? GENO_KNOWN_SMALL((GenoInt)(((uint64_t)(a_%d - 1) << %lld) | 1)) "
                             ": geno_int_shl(a_%d, %s, %s); })", id, a, id, n, id, b, L);
        return xasprintf("({ GenoInt a_%d = (%s), b_%d = (%s); geno_max_int_bits >= 62 "
                         "? GENO_KNOWN_SMALL((GenoInt)(((uint64_t)(a_%d - 1) << GENO_INT_VALUE(b_%d)) | 1)) : geno_int_shl(a_%d, b_%d, %s); })",
                         id, a, id, b, id, id, id, id, L);
    default:
        return NULL;
    }
}

/* bit_or(a, b) of two small Ints: the | of the tagged words. */
char *emit_small_bit_or(Emitter *em, Expr *e, char **v) {
    IntRange ra, rb;
    if (e->elems.len != 2) return NULL;
    if (!small_int_range(em, e->elems.items[0], &ra) || !small_int_range(em, e->elems.items[1], &rb)) return NULL;
    return xasprintf("GENO_KNOWN_SMALL((GenoInt)((%s) | (%s)))", v[0], v[1]);
}
