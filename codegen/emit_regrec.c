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
 * Leaves at the call site: when a member's body starts with
 * `if C then ... return end if` whose C only compares parameters and
 * literals (no step, no error, nothing allocated) and whose block calls no
 * member, the members' calls of it (under cc; not `return X(...)`, which
 * cc already makes a jump) go through fl_X, inlined
 * into the caller: `if (!C) return fr_X(...)`, else the same entry as
 * fr_X (the step, then the level, fs_X when either runs out) and the
 * block. Evaluating C before the entry instead of after it is invisible;
 * the leaf calls (half of fib's, most of tak's and ack's) then cost no
 * call, no frame and no saved registers.
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

/* The member a direct call names, or NULL. */
static Def *member_callee(const PtrMap *set, Expr *e) {
    if (!e || e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_FUNC || !s->def || s->impl) return NULL;
    return ptrmap_get(set, s->def) ? s->def : NULL;
}

/* What ok_expr/ok_body count in a body: its member calls, and whether one
 * of them calls another member than `self`. */
typedef struct {
    int calls;
    Def *self;
    bool others;
} MemberCalls;

static bool ok_expr(const PtrMap *set, Expr *e, MemberCalls *calls) {
    if (!e) return true;
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_STRING: case EX_BOOL:
        return true;
    case EX_IDENT:
        return e->sym && ((Sym *)e->sym)->kind == SYM_LOCAL;
    case EX_BINARY:
        return plain_type(e->a->ty) && plain_type(e->b->ty) && ok_expr(set, e->a, calls) && ok_expr(set, e->b, calls);
    case EX_UNARY:
        return plain_type(e->a->ty) && ok_expr(set, e->a, calls);
    case EX_CALL: {
        Sym *s = e->sym;
        if (!s || !e->a || e->a->kind != EX_IDENT) return false;
        if (s->kind == SYM_BUILTIN) {
            for (int i = 0; i < e->args.len; i++) {
                Expr *v = e->args.items[i].value;
                if (!plain_type(v->ty) || !ok_expr(set, v, calls)) return false;
            }
            return plain_type(e->ty) || ty_is(e->ty, TY_UNIT);
        }
        Def *callee = member_callee(set, e);
        if (!callee) return false;
        calls->calls++;
        if (callee != calls->self) calls->others = true;
        for (int i = 0; i < e->elems.len; i++)
            if (!ok_expr(set, e->elems.items[i], calls)) return false;
        return true;
    }
    default:
        return false;
    }
}

static bool ok_body(const PtrMap *set, StmtList *b, MemberCalls *calls) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        switch (s->kind) {
        case ST_LET: case ST_VAR: case ST_ASSIGN:
            if (s->names.len || !s->value || !plain_type(s->value->ty)) return false;
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
        if (!plain_type(t->args[i])) return false;
    Type *r = func_result_type(f);
    return plain_type(r) || ty_is(r, TY_UNIT);
}

/* Member calls that are a return's whole value: cc makes the tail calls
 * jumps (loops, for a call of itself), where a peeled leaf gains nothing. */
static void note_tail_calls(Emitter *em, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_RETURN && member_callee(&em->regrec, s->value)) ptrmap_put(&em->regrec_tail, s->value, s->value);
        note_tail_calls(em, &s->body);
        note_tail_calls(em, &s->else_body);
    }
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
            MemberCalls calls = {0};
            if (!ptrmap_get(set, f)) continue;
            if (!ok_body(set, &f->body, &calls) || !calls.calls) {
                ptrmap_put(set, f, NULL);
                changed = true;
            }
        }
    }
    for (int i = 0; i < cand.len; i++) {
        Def *f = cand.items[i];
        if (!ptrmap_get(set, f)) continue;
        note_tail_calls(em, &f->body);
        MemberCalls calls = {.self = f};
        ok_body(set, &f->body, &calls);
        if (!calls.others) ptrmap_put(&em->regrec_self_only, f, f);
    }
    xfree(cand.items);
}

bool is_regrec(Emitter *em, Def *f) { return f && ptrmap_get(&em->regrec, f) != NULL; }

/* A comparison of parameters and literals (and/or/not of those): cannot
 * fail, counts no step, allocates nothing. */
static bool pure_cond(Def *f, Expr *e) {
    if (!e) return false;
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_BOOL:
        return true;
    case EX_IDENT: {
        Sym *s = e->sym;
        if (!s || s->kind != SYM_LOCAL || !s->is_param || s->is_lambda_param) return false;
        Type *t = ty_resolve(e->ty);
        return t && (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL);
    }
    case EX_UNARY:
        return e->op == OP_NOT && pure_cond(f, e->a);
    case EX_BINARY:
        switch (e->op) {
        case OP_AND: case OP_OR: case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
            return !(e->aux & AUX_TO_FLOAT) && pure_cond(f, e->a) && pure_cond(f, e->b);
        default:
            return false;
        }
    default:
        return false;
    }
}

/* f's leading `if C then ... return end if` peeled into its callers, or NULL. */
static Stmt *leaf_stmt(Emitter *em, Def *f) {
    if (!is_regrec(em, f) || f->body.len < 2) return NULL;
    Stmt *s = f->body.items[0];
    MemberCalls calls = {0};
    if (s->kind != ST_IF || s->else_body.len || !s->body.len || s->body.len > 3 ||
        s->body.items[s->body.len - 1]->kind != ST_RETURN || !pure_cond(f, s->cond))
        return NULL;
    if (!ok_body(&em->regrec, &s->body, &calls) || calls.calls) return NULL;
    return s;
}

bool regrec_has_leaf(Emitter *em, Def *f) { return !em->tcc_only && leaf_stmt(em, f) != NULL; }

/* The body of fl_X (after its signature line). */
void regrec_leaf_body(Emitter *em, Def *f) {
    Stmt *s = leaf_stmt(em, f);
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, "p_%s, ", f->params.items[i].name);
    emit_line(em, "if (!(%s)) return fr_%s(%sgeno_d_);", emit_expr(em, s->cond), def_cname(em, f->sym),
              args.buf ? args.buf : "");
    emit_line(em, "%s", regrec_enter(em, f, false));
    int mark = bounds_mark(em);
    bounds_branch(em, s->cond, true);
    emit_block(em, &s->body);
    bounds_pop(em, mark);
    free(args.buf);
}

/* A member call from a member body: the depth this body entered at goes
 * along; nothing to restore after it. */
char *regrec_call(Emitter *em, Expr *e) {
    Def *d = member_callee(&em->regrec, e);
    Sym *s = d->sym;
    char *args = emit_call_args(em, e);
    bool leaf = em->rr == 1 && !ptrmap_get(&em->regrec_tail, e) && regrec_has_leaf(em, d);   /* fs_X: cold */
    return xasprintf("%s_%s(%sgeno_d_)", leaf ? "fl" : "fr", def_cname(em, s), args[0] ? xasprintf("%s, ", args + 2) : "");
}

/* fr_X of a member that calls no other member (fib, ackermann, tak) is
 * declared inline for cc: cc then inlines the body into its own recursive
 * calls, as it does for the C twins, whose smaller bodies pass its size
 * limit for functions not declared inline (ackermann full: 651 -> 575 ms
 * task-clock; fib and tak unchanged). Not for groups of several members:
 * is_even/is_odd and hof_f/hof_m inlined into each other ran 10% slower.
 * Only a hint: what the body counts and checks is the same. */
static bool inline_self_member(Emitter *em, Def *f) {
    return !em->tcc_only && is_regrec(em, f) && ptrmap_get(&em->regrec_self_only, f);
}

/* Prototype of the member body fr_X (kind 1), of its cold copy fs_X (2)
 * or of its leaf entry fl_X (3). */
char *regrec_signature(Emitter *em, Def *f, int kind) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    sb_printf(&sb, "static %s%s %s_%s(",
              kind == 2 ? "GENO_RR_COLD " : kind == 3 ? "GENO_RR_LEAF " : inline_self_member(em, f) ? "inline " : "",
              c_type(func_result_type(f)), kind == 2 ? "fs" : kind == 3 ? "fl" : "fr", def_cname(em, s));
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
