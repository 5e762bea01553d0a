/* emit_parity.c — `x % 2^k == 0` and `x % 2^k != 0` on an Int x not proved
 * small (emit_ranges.c; a proved one takes emit_small_binary's path).
 *
 * GENO_INT_MOD of a small x computes the truncated remainder, tags it and
 * compares the tagged word: cc does not see through the tag that only the
 * low k bits of x matter (collatz's `x % 2 == 0`: six instructions and a
 * doubling before the test). The remainder of any x by 2^k is 0 exactly
 * when its low k bits are 0, whatever the sign, so for a small x (tagged
 * word 2x + 1) the test is one AND of the word with the mask 2^(k+1) - 2.
 * A big x takes GENO_INT_MOD as before (it never raises: the divisor is a
 * literal above 1). x is evaluated once either way. */
#include "emit.h"

/* e is `m == z`, `z == m`, `m != z` or `z != m` with m `x % L`, L a literal
 * power of two in [2, 2^60], z the literal 0: the test, else NULL. */
char *emit_parity_test(Emitter *em, Expr *e) {
    if (e->op != OP_EQ && e->op != OP_NE) return NULL;
    Expr *m = e->a, *z = e->b;
    long long zv, lv;
    if (m->kind != EX_BINARY) {
        m = e->b;
        z = e->a;
    }
    if (m->kind != EX_BINARY || m->op != OP_MOD || !small_literal(z, &zv) || zv != 0) return NULL;
    if (!ty_is(m->a->ty, TY_INT) || !ty_is(m->b->ty, TY_INT) || !small_literal(m->b, &lv)) return NULL;
    if (lv < 2 || lv > (1LL << 60) || (lv & (lv - 1))) return NULL;
    IntRange r;
    if (small_int_range(em, m->a, &r)) return NULL;
    char *x = emit_expr(em, m->a);
    return xasprintf("((int64_t)(%sGENO_INT_MOD_P2_ZERO(%s, %lldL, %lldLL, %s)))", e->op == OP_NE ? "!" : "", x,
                     2 * lv + 1, (long long)(2 * lv - 2), loc_arg(m->loc));
}
