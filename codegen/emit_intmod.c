/* emit_intmod.c — `(seed * 1103515245 + 12345) % 2147483648` in 128 bits.
 *
 * A linear congruential step multiplies a small Int by a large constant: the
 * product leaves the small range (|v| < 2^61) for a few percent of the seeds
 * and then takes GMP for the product, the sum and the remainder, though the
 * result is small again (vec_stack: ~30% of its instructions). When the
 * dividend is a tree of + - * whose leaves are Int locals or literals and the
 * divisor is a local or a literal, the fused form evaluates each leaf once,
 * in source order, and if every leaf and the divisor are small, the divisor
 * is not 0 or -1, and the limit on integer bits (geno_max_int_bits) is at
 * least the tree's bound, computes the tree exactly in __int128 and takes the
 * C remainder (truncating, the sign of the dividend: as GENO_INT_MOD). The
 * bound (bits of every intermediate, from proved ranges or 61 bits a leaf)
 * is at most 125, so nothing overflows, and no intermediate could have
 * exceeded the bits limit, so the reference raises no E499 on the way.
 * Otherwise the same leaves go through the ordinary GENO_INT_* chain, which
 * raises whatever it raises (E400 for % 0, E499) in the same order: leaves
 * are plain reads, so evaluating them first changes nothing observable.
 * tcc has no __int128: GENO_I128_OR (geno/rt.h) keeps the ordinary form.
 */
#include "emit.h"

#define FUSED_MAX_BITS 125
#define FUSED_MAX_LEAVES 8

typedef struct {
    Expr *leaf[FUSED_MAX_LEAVES];
    int n;
    bool has_mul;
} Leaves;

static bool is_int(Expr *e) { return e->ty && ty_is(e->ty, TY_INT); }

/* A pure Int read: a local (or parameter), or a literal within the small range. */
static bool leaf_bits(Emitter *em, Expr *e, int *bits) {
    if (!is_int(e)) return false;
    if (e->kind == EX_INT) {
        int64_t v;
        if (!int_literal_within(e, (int64_t)0x1fffffffffffffffLL, &v)) return false;
        *bits = bit_length(v < 0 ? -(uint64_t)v : (uint64_t)v);
        return true;
    }
    if (e->kind != EX_IDENT || !e->sym || ((Sym *)e->sym)->kind != SYM_LOCAL) return false;
    IntRange r;
    if (small_int_range(em, e, &r)) {
        uint64_t m = r.lo < 0 ? -(uint64_t)r.lo : 0, h = r.hi < 0 ? 0 : (uint64_t)r.hi;
        *bits = bit_length(m > h ? m : h);
    } else {
        *bits = 61;   /* a small Int: |v| <= 2^61 */
    }
    return true;
}

/* Collects the leaves of a + - * tree left to right; *bits bounds |value|. */
static bool scan_tree(Emitter *em, Expr *e, Leaves *lv, int *bits) {
    if (e->kind == EX_BINARY && is_int(e) && is_int(e->a) && is_int(e->b) &&
        (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL)) {
        int ba, bb;
        if (!scan_tree(em, e->a, lv, &ba) || !scan_tree(em, e->b, lv, &bb)) return false;
        if (e->op == OP_MUL) {
            lv->has_mul = true;
            *bits = ba + bb;
        } else {
            *bits = (ba > bb ? ba : bb) + 1;
        }
        return *bits <= FUSED_MAX_BITS;
    }
    if (lv->n == FUSED_MAX_LEAVES || !leaf_bits(em, e, bits)) return false;
    lv->leaf[lv->n++] = e;
    return true;
}

/* The tree over leaf temporaries: `wide` in __int128 of the values, else
 * the ordinary checked chain of tagged Ints. */
static char *tree_text(Expr *e, Leaves *lv, int *next, int id, bool wide) {
    if (lv->n > *next && lv->leaf[*next] == e) {
        int k = (*next)++;
        return wide ? xasprintf("((__int128)(l%d_%d >> 1))", k, id) : xasprintf("l%d_%d", k, id);
    }
    char *a = tree_text(e->a, lv, next, id, wide);
    char *b = tree_text(e->b, lv, next, id, wide);
    const char *op = e->op == OP_ADD ? "+" : e->op == OP_SUB ? "-" : "*";
    if (wide) return xasprintf("(%s %s %s)", a, op, b);
    const char *m = e->op == OP_ADD ? "ADD" : e->op == OP_SUB ? "SUB" : "MUL";
    return xasprintf("GENO_INT_%s(%s, %s, %s)", m, a, b, loc_arg(e->loc));
}

char *emit_fused_mod(Emitter *em, Expr *e, const char *ordinary) {
    if (e->kind != EX_BINARY || e->op != OP_MOD) return NULL;
    Leaves lv = {0};
    int bits, mbits;
    if (!scan_tree(em, e->a, &lv, &bits) || !lv.has_mul || bits <= 61) return NULL;
    if (!leaf_bits(em, e->b, &mbits)) return NULL;
    int id = ++em->tmp;
    char *decl = xstrdup("");
    char *small = xstrdup("");
    for (int k = 0; k < lv.n; k++) {
        decl = xasprintf("%sGenoInt l%d_%d = %s; ", decl, k, id, emit_int_operand(em, lv.leaf[k]));
        small = xasprintf("%s(l%d_%d & 1) && ", small, k, id);
    }
    int next = 0;
    char *wide = tree_text(e->a, &lv, &next, id, true);
    next = 0;
    char *chain = tree_text(e->a, &lv, &next, id, false);
    char *L = loc_arg(e->loc);
    char *fused = xasprintf(
        "({ %sGenoInt m_%d = %s; "
        "(GENO_LIKELY(%s(m_%d & 1) && (uint64_t)((m_%d >> 1) + 1) > 2u) && geno_max_int_bits >= %d) "
        "? GENO_KNOWN_SMALL(GENO_INT_SMALL(geno_mod128(%s, m_%d >> 1))) "
        ": GENO_INT_MOD(%s, m_%d, %s); })",
        decl, id, emit_int_operand(em, e->b), small, id, id, bits, wide, id, chain, id, L);
    return xasprintf("GENO_I128_OR(%s, %s)", fused, ordinary);
}
