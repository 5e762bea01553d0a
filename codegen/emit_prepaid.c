/* emit_prepaid.c — loops that take all their steps at entry.
 *
 * Every loop iteration counts a step (GENO_STEP, rt/limits.c): a memory
 * read-modify-write and a branch that also keeps cc from holding the loop
 * in registers. When the body counts no steps itself (no call of Geno
 * code, no inner loop) and cannot leave the loop early, the counter is
 * not looked at between iterations, so a loop of known trip count n may
 * subtract n once at entry and run unchecked: GENO_PREPAID(n) in
 * geno/rt.h. When fewer than n steps are left, the usual checked loop
 * runs instead, so E503 fires at the same iteration as before.
 *
 * A runtime error inside such a loop leaves the counter short of the
 * iterations not run. That is only visible where an error is caught and
 * the program goes on: Geno try/catch (a program with one prepays no loop:
 * GENO_LOOPS_PREPAID, written by emit.c) and `genoc test` (geno_prepay is 0
 * there, rt/limits.c). The HTTP host restores the count after a handler.
 *
 * Trip counts: `for` over a range, a list or a string's chars (n is known
 * before the first iteration), and `while v >= e` / `v > e` ... ending in
 * `v = v - 1` (or `<`, `<=` with `v = v + 1`) where v is assigned nowhere
 * else in the body and e is a literal or an immutable local.
 */
#include "emit.h"

#include <string.h>

/* Types whose operations and printing run no Geno code. */
bool plain_type(Type *t) {
    t = ty_resolve(t);
    return t && (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL || t->kind == TY_STRING);
}

/* An Array or List (of anything, for indexing; of plain values, when a
 * builtin gets it: a list of functions could be called back). */
static bool collection_type(Type *t, bool plain_items) {
    t = ty_resolve(t);
    if (!t || (t->kind != TY_ARRAY && t->kind != TY_LIST)) return false;
    return !plain_items || (t->nargs == 1 && plain_type(t->args[0]));
}

bool step_free_expr(Expr *e) {
    if (!e) return true;
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_STRING: case EX_BOOL: case EX_IDENT:
        return true;
    case EX_BINARY:
        return plain_type(e->a->ty) && plain_type(e->b->ty) && step_free_expr(e->a) && step_free_expr(e->b);
    case EX_UNARY:
        return plain_type(e->a->ty) && step_free_expr(e->a);
    case EX_INDEX:
        return collection_type(e->a->ty, false) && step_free_expr(e->a) && step_free_expr(e->b);
    case EX_FIELD:
        return e->a && ty_is(e->a->ty, TY_ADT) && step_free_expr(e->a);
    case EX_CALL: {
        Sym *s = e->sym;
        if (!s || s->kind != SYM_BUILTIN || !e->a || e->a->kind != EX_IDENT) return false;
        for (int i = 0; i < e->args.len; i++) {
            Expr *v = e->args.items[i].value;
            if (!(plain_type(v->ty) || collection_type(v->ty, true)) || !step_free_expr(v)) return false;
        }
        return true;
    }
    default:
        return false;
    }
}

/* A statement that neither loops nor leaves the loop (break, continue,
 * return): what a prepaid body may hold. */
bool straight_stmt(Stmt *s) {
    switch (s->kind) {
    case ST_LET: case ST_VAR: case ST_ASSIGN: case ST_INDEX_ASSIGN: case ST_FIELD_ASSIGN:
    case ST_ASSERT: case ST_EXPR: case ST_IF:
        return true;
    default:
        return false;
    }
}

/* No statement that counts steps or leaves the loop (break, continue, return). */
bool step_free_body(StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (!straight_stmt(s)) return false;
        if (!step_free_expr(s->target) || !step_free_expr(s->index) || !step_free_expr(s->value)
            || !step_free_expr(s->cond) || !step_free_body(&s->body) || !step_free_body(&s->else_body))
            return false;
    }
    return true;
}

/* How many `v = ...` statements b holds, nested blocks included. */
int assign_count(StmtList *b, Sym *v) {
    int n = 0;
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_ASSIGN && s->sym == v) n++;
        n += assign_count(&s->body, v) + assign_count(&s->else_body, v);
        for (int j = 0; j < s->arms.len; j++) n += assign_count(&s->arms.items[j].body, v);
    }
    return n;
}

static bool is_var(Expr *e, Sym *v) { return e && e->kind == EX_IDENT && e->sym == v; }

/* C expression for the trip count of while loop s (-1 at run time when
 * v or e is not small), or NULL when s is not of the counted form. */
char *while_trip_count(Emitter *em, Stmt *s) {
    Expr *c = s->cond;
    if (!c || c->kind != EX_BINARY || !c->a || c->a->kind != EX_IDENT) return NULL;
    bool down = c->op == OP_GE || c->op == OP_GT, up = c->op == OP_LE || c->op == OP_LT;
    Sym *v = c->a->sym;
    if ((!down && !up) || !v || v->kind != SYM_LOCAL || !v->is_mutable || v->captured || !ty_is(v->ty, TY_INT))
        return NULL;
    Expr *e = c->b;
    Sym *es = e->kind == EX_IDENT ? e->sym : NULL;
    bool fixed = e->kind == EX_INT || (es && es->kind == SYM_LOCAL && !es->is_mutable && !es->assigned);
    if (!fixed || !ty_is(e->ty, TY_INT) || !s->body.len || assign_count(&s->body, v) != 1) return NULL;
    Stmt *last = s->body.items[s->body.len - 1];
    Expr *u = last->value;
    if (last->kind != ST_ASSIGN || last->sym != v || !u || u->kind != EX_BINARY || u->op != (down ? OP_SUB : OP_ADD)
        || !is_var(u->a, v) || !u->b || u->b->kind != EX_INT || strcmp(u->b->int_text, "1") != 0)
        return NULL;
    int incl = c->op == OP_GE || c->op == OP_LE;
    char *cv = emit_expr(em, c->a), *ce = emit_expr(em, e);
    return xasprintf("geno_trip(%s, %s, %d)", down ? cv : ce, down ? ce : cv, incl);   /* (hi, lo) */
}
