/* emit_wide.c — `(a * K + C) % M` with a product past the small range.
 *
 * The LCG step `seed = (seed * 1103515245 + 12345) % 2147483648` has a
 * bounded seed (emit_ranges.c) but a product up to 2^62, past the 61-bit
 * small Ints: the checked * then makes a GMP number most steps, and + and %
 * work on it. Every intermediate still fits a machine word, though. When
 * the dividend of `% M` (M a positive literal) is a tree of + - * over
 * proved-small locals and literals whose every intermediate value is below
 * 2^63 in magnitude (interval arithmetic on __int128 here), the whole
 * expression is computed on int64_t: the values are exact, and C's % on
 * them truncates as the reference's does. The result is in (-M, M), small.
 *
 * Limits: a GMP intermediate is held to max_integer_bits (E499) by the
 * checked operations. The word path runs only when the largest bit length
 * an intermediate can have is within the limit (one compare), otherwise the
 * checked expression runs, so the error fires at the same operation.
 */
#include "emit.h"

#define WIDE_MAX ((__int128)1 << 63)
#define WIDE_DEPTH 8

static bool wide_leaf(Emitter *em, Expr *x, IntRange *r) {
    return (x->kind == EX_INT || x->kind == EX_IDENT) && small_int_range(em, x, r);
}

static int magnitude_bits(__int128 v) { return bit_length(v < 0 ? -(unsigned __int128)v : (unsigned __int128)v); }

/* Bounds of x when a tree of + - * over small leaves with word-sized
 * intermediates; *bits: the largest bit length of a value in it. */
static bool wide_range(Emitter *em, Expr *x, __int128 *lo, __int128 *hi, int *bits, int depth) {
    IntRange r;
    if (depth > WIDE_DEPTH || !ty_is(x->ty, TY_INT) || (x->aux & AUX_TO_FLOAT)) return false;
    if (wide_leaf(em, x, &r)) {
        *lo = r.lo;
        *hi = r.hi;
    } else {
        __int128 al, ah, bl, bh;
        if (x->kind != EX_BINARY || (x->op != OP_ADD && x->op != OP_SUB && x->op != OP_MUL)) return false;
        if (!ty_is(x->a->ty, TY_INT) || !ty_is(x->b->ty, TY_INT)) return false;
        if (!wide_range(em, x->a, &al, &ah, bits, depth + 1) || !wide_range(em, x->b, &bl, &bh, bits, depth + 1)) return false;
        if (x->op == OP_ADD) *lo = al + bl, *hi = ah + bh;
        else if (x->op == OP_SUB) *lo = al - bh, *hi = ah - bl;
        else {   /* operands below 2^63: the products fit __int128 */
            __int128 p[4] = {al * bl, al * bh, ah * bl, ah * bh};
            *lo = *hi = p[0];
            for (int i = 1; i < 4; i++) {
                if (p[i] < *lo) *lo = p[i];
                if (p[i] > *hi) *hi = p[i];
            }
        }
    }
    if (*lo <= -WIDE_MAX || *hi >= WIDE_MAX) return false;
    int b = magnitude_bits(*lo), b2 = magnitude_bits(*hi);
    if (b2 > b) b = b2;
    if (b > *bits) *bits = b;
    return true;
}

static char *wide_text(Emitter *em, Expr *x) {
    IntRange r;
    if (wide_leaf(em, x, &r)) {
        if (x->kind == EX_INT) return xasprintf("((int64_t)%lldL)", (long long)r.lo);
        return untag_small(emit_expr(em, x));
    }
    const char *op = x->op == OP_ADD ? "+" : x->op == OP_SUB ? "-" : "*";
    return xasprintf("(%s %s %s)", wide_text(em, x->a), op, wide_text(em, x->b));
}

/* e = `d % M`; a, b: the C text of d and M for the checked form. NULL when
 * this does not apply. */
char *emit_wide_mod(Emitter *em, Expr *e, const char *a, const char *b) {
    IntRange m;
    __int128 lo, hi;
    int bits = 0;
    if (e->op != OP_MOD || e->b->kind != EX_INT || !small_int_range(em, e->b, &m) || m.lo < 1) return NULL;
    if (e->a->kind != EX_BINARY || !wide_range(em, e->a, &lo, &hi, &bits, 0)) return NULL;
    if (bits <= 61) return NULL;   /* all small: emit_small_binary's business */
    return xasprintf("(%d <= geno_max_int_bits ? GENO_KNOWN_SMALL(GENO_INT_SMALL(%s %% %lldL)) : GENO_INT_MOD(%s, %s, %s))",
                     bits, wide_text(em, e->a), (long long)m.lo, a, b, loc_arg(e->loc));
}
