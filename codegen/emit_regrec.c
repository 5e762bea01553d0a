/* emit_regrec.c — recursive functions with the budgets in registers.
 *
 * Every Geno call takes a step and a level of depth (GENO_ENTER): two
 * read-modify-writes of globals, and the callers store their depth back
 * after each call. In a recursion every call waits for the previous one's
 * store to be forwarded to its load: a chain of memory latencies (~5 cycles
 * a call) that cc cannot break, plus the loads and stores themselves.
 *
 * A group of functions that call only each other (fib, ackermann, tak,
 * is_even/is_odd) gets a second C body per function, fr_X, that receives
 * the depth and steps left as two extra arguments (geno_d_, geno_s_) and
 * returns the steps left beside its result (GenoRR_<type>: two registers).
 * The depth is a value argument: nothing to restore after a call. The
 * ordinary f_X becomes a wrapper that passes the globals in.
 *
 * Exactness: fr_X counts exactly what f_X did (one step and one level at
 * entry), and GENO_RR_ENTER stores the new step count to geno_steps_left
 * at every entry: the steps change only there (the bodies have no loops and
 * call nothing else that counts steps), so the global always holds the
 * current count wherever an error may be raised and caught, and the wrapper
 * need not write it back. The depth global is only read by the slow path of
 * GENO_ENTER (which gets geno_d_ first, so E502 fires at the same call with
 * the same message) and by try frames, which the bodies have none of.
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

/* GenoRR_<C type>: the result beside the steps left, declared once. */
char *regrec_type(Emitter *em, Def *f) {
    char *ct = c_type(func_result_type(f));
    StrBuf n = {0};
    sb_puts(&n, "GenoRR_");
    for (const char *c = ct; *c; c++)
        if (*c != ' ') sb_putc(&n, (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ? *c : 'P');
    char *name = sb_take(&n);
    if (!strmap_get(&em->rr_types, name)) {
        strmap_put(&em->rr_types, name, name, 0);
        sb_printf(&em->head, "typedef struct { %s v; int64_t s; } %s;\n", ct, name);
    }
    return name;
}

/* A member call from a member body: the arguments in order, then the call
 * with the budgets, then the steps it left. */
char *regrec_call(Emitter *em, Expr *e, bool tail) {
    Def *g = member_callee(&em->regrec, e);
    Sym *s = g->sym;
    StrBuf sb = {0}, args = {0};
    int id = ++em->tmp;
    sb_puts(&sb, "({ ");
    for (int i = 0; i < e->elems.len; i++) {
        sb_printf(&sb, "%s a%d_%d = %s; ", c_type(s->ty->args[i]), id, i, emit_expr(em, e->elems.items[i]));
        sb_printf(&args, "a%d_%d, ", id, i);
    }
    char *rt = regrec_type(em, g);
    if (tail)   /* the statement expression's value is the callee's pair */
        sb_printf(&sb, "fr_%s(%sgeno_d_, geno_s_); })", def_cname(em, s), args.buf ? args.buf : "");
    else
        sb_printf(&sb, "%s r%d_ = fr_%s(%sgeno_d_, geno_s_); geno_s_ = r%d_.s; r%d_.v; })", rt, id,
                  def_cname(em, s), args.buf ? args.buf : "", id, id);
    free(args.buf);
    return sb_take(&sb);
}

/* `return v` in a member body. */
void regrec_return(Emitter *em, Stmt *s) {
    char *rt = regrec_type(em, em->cur_func);
    if (!s->value) {
        emit_line(em, "return (%s){0, geno_s_};", rt);
        return;
    }
    Def *g = member_callee(&em->regrec, s->value);
    if (g && strcmp(regrec_type(em, g), rt) == 0 && ty_equal(func_result_type(g), em->cur_ret)) {
        emit_line(em, "return %s;", regrec_call(em, s->value, true));   /* a C tail call */
        return;
    }
    emit_line(em, "{ %s r_ = %s; return (%s){r_, geno_s_}; }", c_type(em->cur_ret),
              emit_expr_as(em, s->value, em->cur_ret), rt);
}

/* Prototype of the member body fr_X, or of its cold copy fs_X. */
char *regrec_signature(Emitter *em, Def *f, bool cold) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    sb_printf(&sb, "static %s%s %s_%s(", cold ? "GENO_RR_COLD " : "", regrec_type(em, f), cold ? "fs" : "fr",
              def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s p_%s, ", c_type(s->ty->args[i]), f->params.items[i].name);
    sb_puts(&sb, "int64_t geno_d_, int64_t geno_s_)");
    return sb_take(&sb);
}

/* The first line of fr_X (GENO_RR_ENTER) or fs_X. */
char *regrec_enter(Emitter *em, Def *f, bool cold) {
    if (cold) return xasprintf("GENO_RR_SLOW(%s);", loc_arg(f->loc));
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, "p_%s, ", f->params.items[i].name);
    char *r = xasprintf("GENO_RR_ENTER(fs_%s(%sgeno_d_, geno_s_));", def_cname(em, f->sym), args.buf ? args.buf : "");
    free(args.buf);
    return r;
}

/* f_X of a member: the globals in, the result out (fr_X keeps
 * geno_steps_left current; callers put the depth back as for any call). */
void regrec_wrapper(Emitter *em, Def *f, const char *sig) {
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, "p_%s, ", f->params.items[i].name);
    emit_line(em, "%s {", sig);
    emit_line(em, "    return fr_%s(%sgeno_depth_left, geno_steps_left).v;", def_cname(em, f->sym),
              args.buf ? args.buf : "");
    emit_line(em, "}");
    sb_putc(&em->body, '\n');
    free(args.buf);
}
