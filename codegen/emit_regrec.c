/* emit_regrec.c — recursive functions with the depth in a register.
 *
 * Every Geno call takes a step and a level of depth (GENO_ENTER): two
 * read-modify-writes of globals, and callers store their depth back after
 * each non-tail call (geno_dl_), so every call also loads and stores the
 * depth through memory.
 *
 * A group of functions that call only each other (fib, ackermann, tak,
 * is_even/is_odd) gets a second C body per function, fr_X, that receives
 * the depth left as an extra argument (geno_d_) and passes geno_d_ on to
 * the members it calls: the depth is a value, nothing is restored after a
 * call, and the depth global is not touched. The steps stay in
 * geno_steps_left (one subq on memory a call, as before). The ordinary f_X
 * becomes a wrapper that passes geno_depth_left in.
 *
 * Exactness: fr_X counts exactly what f_X did, in the same order (the step
 * first, then the level: E503 before E502). When either runs out or the
 * depth passes geno_depth_fast, fr_X continues in a cold copy of the same
 * body, fs_X, which first stores geno_d_ to the global and calls
 * geno_enter_slow: the same E503/E502 with the same message, or, below
 * the real limit, the body goes on (the tail call keeps the fast path free
 * of saved registers). The depth global is read elsewhere only by try
 * frames (restored on catch) and by the callees of other functions, and
 * the bodies have neither.
 *
 * Members: top-level functions without contracts or async, of plain
 * parameter and result types (Int, Float, Bool, String; Unit result),
 * whose bodies hold only let/var/assign/if/return/expression statements
 * over literals, locals, operators on plain values, builtins on plain
 * values, and direct calls of members, at least one of them.
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

static bool plain(Type *t) {
    t = ty_resolve(t);
    return t && (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL || t->kind == TY_STRING);
}

/* The member a direct call names, or NULL. */
static Def *member_callee(const PtrMap *set, Expr *e) {
    if (!e || e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_FUNC || !s->def || s->impl) return NULL;
    return ptrmap_get(set, s->def) ? s->def : NULL;
}

static bool ok_expr(const PtrMap *set, Expr *e, int *calls) {
    if (!e) return true;
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_STRING: case EX_BOOL:
        return true;
    case EX_IDENT:
        return e->sym && ((Sym *)e->sym)->kind == SYM_LOCAL;
    case EX_BINARY:
        return plain(e->a->ty) && plain(e->b->ty) && ok_expr(set, e->a, calls) && ok_expr(set, e->b, calls);
    case EX_UNARY:
        return plain(e->a->ty) && ok_expr(set, e->a, calls);
    case EX_CALL: {
        Sym *s = e->sym;
        if (!s || !e->a || e->a->kind != EX_IDENT) return false;
        if (s->kind == SYM_BUILTIN) {
            for (int i = 0; i < e->args.len; i++) {
                Expr *v = e->args.items[i].value;
                if (!plain(v->ty) || !ok_expr(set, v, calls)) return false;
            }
            return plain(e->ty) || ty_is(e->ty, TY_UNIT);
        }
        if (!member_callee(set, e)) return false;
        ++*calls;
        for (int i = 0; i < e->elems.len; i++)
            if (!ok_expr(set, e->elems.items[i], calls)) return false;
        return true;
    }
    default:
        return false;
    }
}

static bool ok_body(const PtrMap *set, StmtList *b, int *calls) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        switch (s->kind) {
        case ST_LET: case ST_VAR: case ST_ASSIGN:
            if (s->names.len || !s->value || !plain(s->value->ty)) return false;
            break;
        case ST_IF: case ST_EXPR: case ST_RETURN:
            break;
        default:
            return false;
        }
        if (s->target || s->index || !ok_expr(set, s->value, calls) || !ok_expr(set, s->cond, calls)
            || !ok_body(set, &s->body, calls) || !ok_body(set, &s->else_body, calls))
            return false;
    }
    return true;
}

static bool ok_signature(Def *f) {
    if (f->kind != DEF_FUNC || !f->sym || f->is_async || f->requires_.len || f->ensures.len) return false;
    if (strcmp(f->name, "main") == 0) return false;
    Type *t = ((Sym *)f->sym)->ty;
    for (int i = 0; i < f->params.len; i++)
        if (!plain(t->args[i])) return false;
    Type *r = func_result_type(f);
    return plain(r) || ty_is(r, TY_UNIT);
}

static int64_t depth_bound(Emitter *em, Def *f);

void find_regrec(Emitter *em, Program *p) {
    PtrMap *set = &em->regrec;
    VEC(Def *) cand = {0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *f = p->defs.items[i];
        if (ok_signature(f) && !needs_in_variant(f) && !tuple_out_arity(f)) {
            vec_push(&cand, f);
            ptrmap_put(set, f, f);
        }
    }
    /* Drop functions calling outside the set until none does. */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < cand.len; i++) {
            Def *f = cand.items[i];
            int calls = 0;
            if (!ptrmap_get(set, f)) continue;
            if (!ok_body(set, &f->body, &calls) || !calls) {
                ptrmap_put(set, f, NULL);
                changed = true;
            }
        }
    }
    for (int i = 0; i < cand.len; i++) {
        Def *f = cand.items[i];
        int64_t b = ptrmap_get(set, f) ? depth_bound(em, f) : 0;
        if (b > 0) ptrmap_put(&em->rr_bound, f, (void *)(intptr_t)b);
    }
    xfree(cand.items);
}

bool is_regrec(Emitter *em, Def *f) { return f && ptrmap_get(&em->regrec, f) != NULL; }

/* ---- bounded depth ---------------------------------------------------------
 * A member that calls only itself, where some Int parameter p has proved
 * bounds [lo, hi] at every entry (emit_params.c, emit_recur.c) and every
 * call passes p - k for a literal k >= 1 there: a chain of nested calls
 * (tail calls included) is at most B = hi - lo + 1 entries long. Entered
 * with at least B levels left below geno_depth_fast, none of those entries
 * can reach the depth limit or the stack, so f_X runs fu_X, a third copy
 * that counts only steps (GENO_STEP, the same E503); otherwise fr_X. */

static bool self_calls_decrease(Emitter *em, Def *f, Sym *p, StmtList *b);

static bool expr_decreases(Emitter *em, Def *f, Sym *p, int i, Expr *e) {
    if (!e) return true;
    switch (e->kind) {
    case EX_BINARY:
        return expr_decreases(em, f, p, i, e->a) && expr_decreases(em, f, p, i, e->b);
    case EX_UNARY:
        return expr_decreases(em, f, p, i, e->a);
    case EX_CALL: {
        for (int k = 0; k < e->elems.len; k++)
            if (!expr_decreases(em, f, p, i, e->elems.items[k])) return false;
        Sym *s = e->sym;
        if (!s || s->kind != SYM_FUNC) return true;   /* a builtin */
        if (s->def != f) return false;
        Expr *a = e->elems.items[i];
        IntRange k;
        return a->kind == EX_BINARY && a->op == OP_SUB && a->a->kind == EX_IDENT && a->a->sym == p
            && a->b->kind == EX_INT && ty_is(a->ty, TY_INT) && small_int_range(em, a->b, &k) && k.lo >= 1;
    }
    default:
        return true;
    }
}

static bool self_calls_decrease(Emitter *em, Def *f, Sym *p, StmtList *b) {
    int i = -1;
    for (int k = 0; k < f->params.len; k++)
        if (!strcmp(f->params.items[k].name, p->name)) i = k;
    if (i < 0) return false;
    for (int k = 0; k < b->len; k++) {
        Stmt *s = b->items[k];
        if (!expr_decreases(em, f, p, i, s->value) || !expr_decreases(em, f, p, i, s->cond)
            || !self_calls_decrease(em, f, p, &s->body) || !self_calls_decrease(em, f, p, &s->else_body))
            return false;
    }
    return true;
}

/* The parameter symbols as the body names them: the first mention of each. */
static Sym *find_param(StmtList *b, const char *name);
static Sym *find_param_expr(Expr *e, const char *name) {
    if (!e) return NULL;
    if (e->kind == EX_IDENT && e->sym && ((Sym *)e->sym)->is_param && !strcmp(((Sym *)e->sym)->name, name))
        return e->sym;
    Sym *r = NULL;
    if (e->kind == EX_BINARY || e->kind == EX_UNARY) {
        if (!(r = find_param_expr(e->a, name)) && e->kind == EX_BINARY) r = find_param_expr(e->b, name);
    } else if (e->kind == EX_CALL) {
        for (int k = 0; k < e->elems.len && !r; k++) r = find_param_expr(e->elems.items[k], name);
        for (int k = 0; k < e->args.len && !r; k++) r = find_param_expr(e->args.items[k].value, name);
    }
    return r;
}
static Sym *find_param(StmtList *b, const char *name) {
    Sym *r = NULL;
    for (int k = 0; k < b->len && !r; k++) {
        Stmt *s = b->items[k];
        if (!(r = find_param_expr(s->value, name)) && !(r = find_param_expr(s->cond, name))
            && !(r = find_param(&s->body, name)))
            r = find_param(&s->else_body, name);
    }
    return r;
}

static int64_t depth_bound(Emitter *em, Def *f) {
    for (int i = 0; i < f->params.len; i++) {
        Sym *p = find_param(&f->body, f->params.items[i].name);
        IntRange r;
        Expr id = {.kind = EX_IDENT, .sym = p, .ty = p ? p->ty : NULL};
        if (!p || !ty_is(p->ty, TY_INT) || !is_small_local(em, p) || !small_int_range(em, &id, &r)) continue;
        if (r.hi - r.lo >= ((int64_t)1 << 40)) continue;
        if (self_calls_decrease(em, f, p, &f->body)) return r.hi - r.lo + 1;
    }
    return 0;
}

int64_t regrec_depth_bound(Emitter *em, Def *f) {
    void *b = ptrmap_get(&em->rr_bound, f);
    return b ? (int64_t)(intptr_t)b : 0;
}

/* A member call from a member body: the depth this body entered at goes
 * along; nothing to restore after it. */
char *regrec_call(Emitter *em, Expr *e) {
    Sym *s = member_callee(&em->regrec, e)->sym;
    char *args = emit_call_args(em, e);
    if (em->rr == 3) return xasprintf("fu_%s(%s)", def_cname(em, s), args[0] ? args + 2 : "");
    return xasprintf("fr_%s(%sgeno_d_)", def_cname(em, s), args[0] ? xasprintf("%s, ", args + 2) : "");
}

/* Prototype of the member body fr_X, or of its cold copy fs_X (kind 2),
 * or of its copy without depth fu_X (kind 3). */
char *regrec_signature(Emitter *em, Def *f, int kind) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    if (kind == 3) {
        sb_printf(&sb, "static %s fu_%s(", c_type(func_result_type(f)), def_cname(em, s));
        for (int i = 0; i < f->params.len; i++)
            sb_printf(&sb, "%s%s p_%s", i ? ", " : "", c_type(s->ty->args[i]), f->params.items[i].name);
        sb_puts(&sb, f->params.len ? ")" : "void)");
        return sb_take(&sb);
    }
    bool cold = kind == 2;
    sb_printf(&sb, "static %s%s %s_%s(", cold ? "GENO_RR_COLD " : "", c_type(func_result_type(f)), cold ? "fs" : "fr",
              def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s p_%s, ", c_type(s->ty->args[i]), f->params.items[i].name);
    sb_puts(&sb, "int64_t geno_d_)");
    return sb_take(&sb);
}

/* The first line of fr_X (GENO_RR_ENTER) or fs_X. */
char *regrec_enter(Emitter *em, Def *f, int kind) {
    if (kind == 3) return xasprintf("GENO_STEP(%s);", loc_arg(f->loc));
    if (kind == 2) return xasprintf("GENO_RR_SLOW(%s);", loc_arg(f->loc));
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, "p_%s, ", f->params.items[i].name);
    char *r = xasprintf("GENO_RR_ENTER(fs_%s(%sgeno_d_));", def_cname(em, f->sym), args.buf ? args.buf : "");
    free(args.buf);
    return r;
}

/* f_X of a member: the depth global in (callers put it back after the
 * call as for any function; fr_X leaves it alone). */
void regrec_wrapper(Emitter *em, Def *f, const char *sig) {
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, "p_%s, ", f->params.items[i].name);
    emit_line(em, "%s {", sig);
    int64_t b = regrec_depth_bound(em, f);
    if (b) {
        StrBuf a = {0};
        for (int i = 0; i < f->params.len; i++) sb_printf(&a, "%sp_%s", i ? ", " : "", f->params.items[i].name);
        emit_line(em, "    if (GENO_LIKELY(geno_depth_left >= %lldLL)) return fu_%s(%s);", (long long)b,
                  def_cname(em, f->sym), a.buf ? a.buf : "");
        free(a.buf);
    }
    emit_line(em, "    return fr_%s(%sgeno_depth_left);", def_cname(em, f->sym), args.buf ? args.buf : "");
    emit_line(em, "}");
    sb_putc(&em->body, '\n');
    free(args.buf);
}
