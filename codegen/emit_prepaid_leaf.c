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

/* A leaf may also build ADT values: a constructor runs no Geno code. */
static bool leaf_expr_ok(Expr *e) {
    if (!e || step_free_expr(e)) return true;
    Sym *c = e->sym;
    if (!c || c->kind != SYM_CTOR) return false;
    if (e->kind == EX_TYPE_IDENT) return c->adt->variants[c->variant].nfields == 0;   /* `Dot` */
    if (e->kind != EX_CTOR) return false;
    for (int i = 0; i < e->args.len; i++)
        if (!leaf_expr_ok(e->args.items[i].value)) return false;
    return true;
}

/* A body that runs no Geno code and enters no loop: its statements are
 * straight ones (emit_prepaid.c), returns and match statements, its
 * expressions step-free or constructors. */
static bool leaf_body_ok(StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_MATCH) {
            if (!leaf_expr_ok(s->value)) return false;
            for (int j = 0; j < s->arms.len; j++) {
                MatchArm *a = &s->arms.items[j];
                if (a->value || !leaf_expr_ok(a->guard) || !leaf_body_ok(&a->body)) return false;
            }
            continue;
        }
        if (s->kind != ST_RETURN && !straight_stmt(s)) return false;
        if (!leaf_expr_ok(s->target) || !leaf_expr_ok(s->index) || !leaf_expr_ok(s->value)
            || !leaf_expr_ok(s->cond) || !leaf_body_ok(&s->body) || !leaf_body_ok(&s->else_body))
            return false;
    }
    return true;
}

/* f is a leaf whose call may be prepaid: one ordinary C body (an f_in
 * variant gets an fn_X_in too) that runs no Geno code and enters no loop,
 * so a call of it takes exactly its entry's step and level. */
static bool prepaid_leaf_def(Def *f) {
    if (!f || f->kind != DEF_FUNC || !f->body.len || f->requires_.len || f->ensures.len || f->is_async
        || f->type_params.len || tuple_out_arity(f))
        return false;
    return leaf_body_ok(&f->body);
}

/* The leaf a direct call names, or NULL. An impl method is called by its
 * own symbol (the one its body is emitted under). */
static Def *leaf_callee(Expr *e) {
    if (e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_FUNC || !s->def || s->def->sym != s) return NULL;
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
        if (!plain_type(e->a->ty) || !plain_type(e->b->ty) || !count_expr(e->a, n)) return false;
        return e->op == OP_AND || e->op == OP_OR ? step_free_expr(e->b) : count_expr(e->b, n);
    case EX_UNARY:
        return plain_type(e->a->ty) && count_expr(e->a, n);
    case EX_TYPE_IDENT:
        return leaf_expr_ok(e);
    case EX_CTOR:
        if (!e->sym || ((Sym *)e->sym)->kind != SYM_CTOR) return false;
        for (int i = 0; i < e->args.len; i++)
            if (!count_expr(e->args.items[i].value, n)) return false;
        return true;
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

static void want_leaf_body(Emitter *em, Def *f) {
    if (!ptrmap_get(&em->leaf_nc, f)) {
        ptrmap_put(&em->leaf_nc, f, f);
        vec_push(&em->leaf_nc_list, f);
    }
}

/* A leaf call inside a prepaid copy: fn_X, emitted at the end (emit.c). */
char *prepaid_leaf_call(Emitter *em, Expr *e) {
    Def *f = leaf_callee(e);
    if (!f) return NULL;
    want_leaf_body(em, f);
    char *args = emit_call_args(em, e);
    return xasprintf("fn_%s(%s)", def_cname(em, e->sym), args[0] ? args + 2 : "");
}

/* The same for a let whose result lives in the caller's words (the f_in
 * variant, emit_escape.c): fn_X_in(words, ...), or NULL. */
char *prepaid_leaf_call_in(Emitter *em, Expr *e, const char *words) {
    Def *f = em->leaf_prepaid ? leaf_callee(e) : NULL;
    if (!f || !needs_in_variant(f)) return NULL;
    want_leaf_body(em, f);
    return xasprintf("fn_%s_in(%s%s)", def_cname(em, e->sym), words, emit_call_args(em, e));
}

/* Prototype of fn_X, or with em->ret_in of fn_X_in. */
char *prepaid_leaf_signature(Emitter *em, Def *f) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    if (em->ret_in) sb_printf(&sb, "static GENO_INLINE_LEAF GenoAdt * fn_%s_in(GenoWord *in_", def_cname(em, s));
    else sb_printf(&sb, "static GENO_INLINE_LEAF %s fn_%s(", c_type(func_result_type(f)), def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s%s p_%s", i || em->ret_in ? ", " : "", c_type(s->ty->args[i]), f->params.items[i].name);
    if (!f->params.len && !em->ret_in) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    return sb_take(&sb);
}
