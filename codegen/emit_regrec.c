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
    xfree(cand.items);
}

bool is_regrec(Emitter *em, Def *f) { return f && ptrmap_get(&em->regrec, f) != NULL; }

/* A member call from a member body: the depth this body entered at goes
 * along; nothing to restore after it. */
char *regrec_call(Emitter *em, Expr *e) {
    Sym *s = member_callee(&em->regrec, e)->sym;
    char *args = emit_call_args(em, e);
    return xasprintf("fr_%s(%sgeno_d_)", def_cname(em, s), args[0] ? xasprintf("%s, ", args + 2) : "");
}

/* Prototype of the member body fr_X, or of its cold copy fs_X. */
char *regrec_signature(Emitter *em, Def *f, bool cold) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    sb_printf(&sb, "static %s%s %s_%s(", cold ? "GENO_RR_COLD " : "", c_type(func_result_type(f)), cold ? "fs" : "fr",
              def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s p_%s, ", c_type(s->ty->args[i]), f->params.items[i].name);
    sb_puts(&sb, "int64_t geno_d_)");
    return sb_take(&sb);
}

/* The first line of fr_X (GENO_RR_ENTER) or fs_X. */
char *regrec_enter(Emitter *em, Def *f, bool cold) {
    if (cold) return xasprintf("GENO_RR_SLOW(%s);", loc_arg(f->loc));
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
    emit_line(em, "    return fr_%s(%sgeno_depth_left);", def_cname(em, f->sym), args.buf ? args.buf : "");
    emit_line(em, "}");
    sb_putc(&em->body, '\n');
    free(args.buf);
}
