/* emit_prepaid_leaf.c — prepaid loops that call tiny leaf functions.
 *
 * spectral_norm's inner loop calls `a(i, j)`, a GENO_INLINE_LEAF function
 * (emit_inline.c): cc inlines it, but each iteration still takes the
 * loop's step, the leaf's step and a level of depth, all read-modify-
 * writes of globals that also keep cc from holding the loop in registers.
 *
 * A leaf function runs no Geno code and enters no loop, so a call of it
 * takes exactly one step and one level of depth that it gives back at
 * once. When a loop body is step-free apart from k such calls, each made
 * exactly once per iteration (not under an if, not in the right operand
 * of `and`/`or`), an iteration takes exactly 1 + k steps, and the leaf's
 * depth check is the same at every call: depth + 1. So a loop of known
 * trip count n takes n * (1 + k) steps at entry (GENO_PREPAID, as
 * emit_prepaid.c) when they are left and the depth left is at least 1
 * (the leaf's GENO_ENTER then never leaves its fast path), and its calls
 * go to fn_X, the leaf's body without GENO_ENTER_KEEP. Otherwise the
 * usual checked loop runs, so E503 and E502 fire exactly where they did.
 * As for emit_prepaid.c, a runtime error inside the loop leaves the
 * counter short only where nothing can see it (GENO_LOOPS_PREPAID,
 * geno_prepay).
 */
#include "emit.h"

static bool plain(Type *t) {
    t = ty_resolve(t);
    return t && (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL || t->kind == TY_STRING);
}

/* f is a leaf whose call may be prepaid: a GENO_INLINE_LEAF function of
 * one ordinary C body whose return expression counts no steps. */
static bool prepaid_leaf_def(Def *f) {
    if (!f || !inline_leaf(f) || f->is_async || f->type_params.len || tuple_out_arity(f) || needs_in_variant(f))
        return false;
    return step_free_expr(f->body.items[0]->value);
}

/* The leaf a direct call names, or NULL. */
static Def *leaf_callee(Expr *e) {
    if (e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_FUNC || s->impl || !s->def) return NULL;
    return prepaid_leaf_def(s->def) ? s->def : NULL;
}

/* e evaluated once: counts its leaf calls into *n, false when e may count
 * other steps or make a leaf call only sometimes. */
static bool count_expr(Expr *e, int *n) {
    if (!e) return true;
    switch (e->kind) {
    case EX_CALL:
        if (leaf_callee(e)) {
            ++*n;
            for (int i = 0; i < e->elems.len; i++)
                if (!count_expr(e->elems.items[i], n)) return false;
            return true;
        }
        return step_free_expr(e);
    case EX_BINARY:
        if (!plain(e->a->ty) || !plain(e->b->ty) || !count_expr(e->a, n)) return false;
        return e->op == OP_AND || e->op == OP_OR ? step_free_expr(e->b) : count_expr(e->b, n);
    case EX_UNARY:
        return plain(e->a->ty) && count_expr(e->a, n);
    default:
        return step_free_expr(e);
    }
}

/* The leaf calls one iteration of body b makes, when b is step-free but
 * for them (see above) and makes at least one; else -1. */
int prepaid_leaf_steps(StmtList *b) {
    int n = 0;
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (!straight_stmt(s)) return -1;
        if (!count_expr(s->target, &n) || !count_expr(s->index, &n) || !count_expr(s->value, &n)
            || !count_expr(s->cond, &n) || !step_free_body(&s->body) || !step_free_body(&s->else_body))
            return -1;
    }
    return n > 0 ? n : -1;
}

/* A leaf call inside a prepaid copy: fn_X, emitted at the end (emit.c). */
char *prepaid_leaf_call(Emitter *em, Expr *e) {
    Def *f = leaf_callee(e);
    if (!f) return NULL;
    if (!ptrmap_get(&em->leaf_nc, f)) {
        ptrmap_put(&em->leaf_nc, f, f);
        vec_push(&em->leaf_nc_list, f);
    }
    char *args = emit_call_args(em, e);
    return xasprintf("fn_%s(%s)", def_cname(em, e->sym), args[0] ? args + 2 : "");
}

/* Prototype of fn_X. */
char *prepaid_leaf_signature(Emitter *em, Def *f) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    sb_printf(&sb, "static GENO_INLINE_LEAF %s fn_%s(", c_type(func_result_type(f)), def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s%s p_%s", i ? ", " : "", c_type(s->ty->args[i]), f->params.items[i].name);
    if (!f->params.len) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    return sb_take(&sb);
}
