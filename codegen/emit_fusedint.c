/* emit_fusedint.c — a tree of checked Int + - * as one word computation.
 *
 * `x - a / b * y` on Ints the range prover cannot bound (Bezout
 * coefficients, running sums) emits one GENO_INT_* per operator, each with
 * its own tag tests and range check (egcd: ~30 instructions for the two).
 * When a tree has two or more such checked operators, the fused form
 * evaluates its leaves once, left to right, into temporaries; if every leaf
 * is small and the limit on integer bits is at least 63, it computes the
 * tree on the tagged words with the overflow builtins (a tagged word 2v+1
 * in int64 keeps |v| <= 2^62, so no intermediate has more than 63 bits and
 * the checked chain could raise no E499 on the way), and a result in the
 * small range is the value. Otherwise (a big leaf, an overflow, a big
 * result) the same temporaries go through the runtime's checked operations
 * in the tree's order, which compute and raise exactly what the ordinary
 * chain does.
 *
 * Order: the ordinary chain interleaves operators with the leaves' own
 * evaluation; here every leaf comes first. Leaves keep their order, and an
 * operator only reads temporaries, so the two differ only if an operator
 * that may fail (E499) would run before a leaf that may fail or has an
 * effect (a call, a division): such trees are left alone. Plain leaves are
 * locals, small literals and proved-small + - * of plain leaves.
 *
 * Tagged arithmetic, for tagged words A = 2a+1, B = 2b+1: a+b is A + (B-1),
 * a-b is A - (B-1), and a*b is (A >> 1) * (B-1) (even) + 1; each node keeps
 * its tagged word or that word minus 1, whichever it computed.
 * cc only: tcc has no overflow builtins; the full C's test is GENO_CC_ONLY
 * (0 under tcc, which then takes the runtime chain, as its GENO_INT_* do),
 * and `genoc run` emits the ordinary chain alone.
 */
#include "emit.h"

#define FUSED_MAX_LEAVES 8

typedef struct {
    Expr *leaf[FUSED_MAX_LEAVES];
    int nleaves;
    int nops;
    bool op_seen;   /* a checked operator completed (ordinary order) */
} Tree;

static bool int_typed(Expr *e) { return e->ty && ty_is(e->ty, TY_INT) && !(e->aux & AUX_TO_FLOAT); }

static bool is_arith(Expr *e) {
    return e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL) && int_typed(e) &&
           int_typed(e->a) && int_typed(e->b);
}

/* Evaluating e reads values only and cannot fail. */
static bool plain(Emitter *em, Expr *e) {
    if (e->kind == EX_INT) {
        long long v;
        return small_literal(e, &v);
    }
    if (e->kind == EX_IDENT) return e->sym && ((Sym *)e->sym)->kind == SYM_LOCAL;
    IntRange r;
    return is_arith(e) && small_int_range(em, e, &r) && plain(em, e->a) && plain(em, e->b);
}

/* An operator of the tree: a + - * the range prover does not make unchecked. */
static bool checked_op(Emitter *em, Expr *e) {
    IntRange r;
    return is_arith(e) && !small_int_range(em, e, &r);
}

static bool scan(Emitter *em, Expr *e, Tree *t) {
    if (checked_op(em, e)) {
        if (!scan(em, e->a, t) || !scan(em, e->b, t)) return false;
        t->nops++;
        t->op_seen = true;
        return true;
    }
    if (!int_typed(e) || t->nleaves == FUSED_MAX_LEAVES) return false;
    if (t->op_seen && !plain(em, e)) return false;
    t->leaf[t->nleaves++] = e;
    return true;
}

typedef struct {
    StrBuf cond;    /* the overflow tests, && joined */
    int next_leaf;
    int next_tmp;
    int id;
} Gen;

/* The fast form of node e: *tagged is its tagged word, *even that word - 1. */
static void fast_node(Emitter *em, Expr *e, Gen *g, char **tagged, char **even) {
    if (!checked_op(em, e)) {
        int k = g->next_leaf++;
        *tagged = xasprintf("f%d_%d", k, g->id);
        *even = xasprintf("(f%d_%d - 1)", k, g->id);
        return;
    }
    char *at, *ae, *bt, *be;
    fast_node(em, e->a, g, &at, &ae);
    fast_node(em, e->b, g, &bt, &be);
    int r = g->next_tmp++;
    if (e->op == OP_MUL) {
        sb_printf(&g->cond, " && !GENO_MUL_OVF(%s >> 1, %s, &r%d_%d)", at, be, r, g->id);
        *even = xasprintf("r%d_%d", r, g->id);
        *tagged = xasprintf("(r%d_%d + 1)", r, g->id);
    } else {
        sb_printf(&g->cond, " && !GENO_%s_OVF(%s, %s, &r%d_%d)", e->op == OP_ADD ? "ADD" : "SUB", at, be,
                  r, g->id);
        *tagged = xasprintf("r%d_%d", r, g->id);
        *even = xasprintf("(r%d_%d - 1)", r, g->id);
    }
}

/* The checked chain over the leaf temporaries (the runtime's operations
 * take every case, small ones included). */
static char *slow_node(Emitter *em, Expr *e, Gen *g) {
    if (!checked_op(em, e)) {
        int k = g->next_leaf++;
        return xasprintf("f%d_%d", k, g->id);
    }
    char *a = slow_node(em, e->a, g);
    char *b = slow_node(em, e->b, g);
    const char *fn = e->op == OP_ADD ? "add" : e->op == OP_SUB ? "sub" : "mul";
    /* an inner node's result is fresh: it receives this one (rt/int_owned.c) */
    const char *kind = checked_op(em, e->a) ? "owned" : checked_op(em, e->b) ? "owned_r" : "slow";
    return xasprintf("geno_int_%s_%s(%s, %s, %s)", fn, kind, a, b, loc_arg(e->loc));
}

char *emit_fused_int(Emitter *em, Expr *e) {
    if (em->tcc_only || !checked_op(em, e)) return NULL;
    Tree t = {0};
    if (!scan(em, e, &t) || t.nops < 2) return NULL;
    /* Only with a leaf that is no local or literal (a call, a division, a
     * field): over locals alone, cc's value ranges from earlier comparisons
     * of the same tagged words drop most of the ordinary macros' checks,
     * which the overflow builtins would hide (bfs_grid's `nr * n + nc`
     * under `0 <= nr < n`: 4 instructions ordinary, 9 fused). */
    bool computed = false;
    for (int k = 0; k < t.nleaves; k++)
        if (t.leaf[k]->kind != EX_IDENT && t.leaf[k]->kind != EX_INT) computed = true;
    if (!computed) return NULL;
    Gen g = {.id = ++em->tmp};
    StrBuf sb = {0};
    sb_printf(&sb, "({ ");
    for (int k = 0; k < t.nleaves; k++)
        sb_printf(&sb, "GenoInt f%d_%d = %s; ", k, g.id, emit_int_operand(em, t.leaf[k]));
    sb_printf(&sb, "int64_t");
    for (int k = 0; k < t.nops; k++) sb_printf(&sb, "%s r%d_%d", k ? "," : "", k, g.id);
    sb_printf(&sb, "; ");
    char *tagged, *even;
    fast_node(em, e, &g, &tagged, &even);
    char *cond = sb_take(&g.cond);
    g.next_leaf = 0;
    char *slow = slow_node(em, e, &g);
    /* One test of the leaves not proved small, their words and-ed. */
    StrBuf tags = {0};
    int ntags = 0;
    IntRange r;
    for (int k = 0; k < t.nleaves; k++)
        if (!small_int_range(em, t.leaf[k], &r)) sb_printf(&tags, "%sf%d_%d", ntags++ ? " & " : "", k, g.id);
    if (ntags) sb_printf(&tags, " & 1");
    else sb_printf(&tags, "1");
    sb_printf(&sb, "GENO_CC_ONLY(GENO_LIKELY((%s) && geno_max_int_bits >= 63%s && GENO_TAGGED_FITS(%s))) ? GENO_KNOWN_SMALL((GenoInt)%s) : %s; })",
              sb_take(&tags), cond, tagged, tagged, slow);
    return sb_take(&sb);
}
