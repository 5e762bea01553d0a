/* emit_reuse.c — a record handed over by a list rebuild is updated in place.
 *
 * The pattern (records_with):
 *
 *     var next: List[R] = []
 *     for p: R in ps do
 *         next = append(next, f(p))
 *     end for
 *     ps = next
 *
 * When ps holds the only reference to each of its elements, the loop's f(p)
 * is the element's last use: the call goes to f_X_own, a copy of f whose one
 * `p with (...)` writes into p's own object instead of allocating
 * (functional-but-in-place). The proof is narrow on purpose:
 *
 * Caller F (no try in F: an error leaves ps half consumed, but ps is a local
 * of F, so nothing reaches it once the error leaves F):
 *   - ps is a plain local `var` of type List[R], R a record (one variant with
 *     fields), never captured;
 *   - the three statements above stand together in one block, next is
 *     mentioned nowhere else, and the loop body is that one statement;
 *   - every other mention of ps is `var ps = []`, `ps = []`,
 *     `ps = append(ps, E)` with E a constructor or `with` (a new object),
 *     `ps[i].field`, `print(ps[i])`, `length(ps)`, or a loop `for x in ps`
 *     whose body reads x only as `x.field` and never mentions ps;
 * and R has no impl (print would hand an element to user code); so every
 * element of ps is an object nothing else holds, and ps itself is
 * overwritten right after the consuming loop.
 *
 * Callee f (one parameter p of type R, result R, no try, no contracts,
 * not generic, not async, not a register-budget group member):
 *   - p is not captured and is mentioned only as `p.field` or as the base of
 *     exactly one `p with (...)`, which is outside every loop, lambda and
 *     comprehension (so it runs at most once a call);
 *   - every return value is a new object: a constructor, a `with`, or a
 *     local var (never captured) all of whose values are such and which is
 *     otherwise only read as `v.field` or `v with`.
 * So f's result is new or p's own object, and elements stay unshared.
 *
 * In f_X_own the fields of p are read into locals at entry (s_<p>_<k>), so
 * reads after the update still see the old values; the `with` computes its
 * new values first, then stores them into p's object (own_field and
 * own_with in emit_adt.c).
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"

static PtrMap own_params;    /* Def f -> the parameter f_X_own recycles */
static PtrMap own_checked;   /* Def f -> (void *)1 ownable, (void *)2 not */
static PtrMap list_checked;  /* list var ps -> (void *)1 list_ok, (void *)2 not */
static PtrMap prog_funcs;    /* the entry program's top-level functions */
static PtrMap slot_loops;    /* the for loop of a triple -> itself */
static PtrMap handoffs;      /* the triple's `ps = next` -> itself */
static PtrMap dead_nexts;    /* the triple's `next` -> itself: never appended to */

static AdtInfo *record_adt(Type *t) {
    t = ty_resolve(t);
    if (!t || t->kind != TY_ADT || !t->adt) return NULL;
    AdtInfo *a = t->adt;
    return a->nvariants == 1 && a->variants[0].nfields > 0 ? a : NULL;
}

static bool is_ident(Expr *e, Sym *s) { return e && e->kind == EX_IDENT && e->sym == s; }

static bool fresh_record(Expr *e) {
    if (!e) return false;
    if (e->kind == EX_WITH) return true;
    Sym *c = e->sym;
    return e->kind == EX_CTOR && c && c->kind == SYM_CTOR && c->adt->variants[c->variant].nfields > 0;
}

/* ---- the callee ---------------------------------------------------------- */

typedef struct {
    AstWalk w;
    Sym *v;           /* the variable watched */
    const char *pname;   /* parameter name: its symbol is found on the way */
    int depth;        /* loops, lambdas, comprehensions around */
    int withs;        /* `v with` seen */
    bool bad;
} Uses;

static bool is_watched(Uses *u, Expr *e) {
    if (e->kind != EX_IDENT || !e->sym) return false;
    Sym *s = e->sym;
    if (u->v) return s == u->v;
    if (s->kind == SYM_LOCAL && s->is_param && !s->is_lambda_param && !strcmp(s->name, u->pname)) {
        u->v = s;
        return true;
    }
    return false;
}

/* v.field and v with (...) are fine; any other mention of v is not. */
static bool uses_expr(AstWalk *w, Expr *e) {
    Uses *u = (Uses *)w;
    if (e->kind == EX_LAMBDA || e->kind == EX_LIST_COMP) {
        u->depth++;
        ast_walk_children(w, e, NULL);
        u->depth--;
        return false;
    }
    if (e->kind == EX_CALL && e->a && e->a->kind == EX_FIELD && e->a->a && is_watched(u, e->a->a)) {
        u->bad = true;   /* p.f(...): p may be the receiver */
        return false;
    }
    if (e->kind == EX_FIELD && e->a && is_watched(u, e->a)) return false;   /* v.field (Module.f is no local's) */
    if (e->kind == EX_WITH && e->a && is_watched(u, e->a)) {
        u->withs++;
        if (u->depth) u->bad = true;
        for (int i = 0; i < e->fields.len; i++) ast_walk_expr(w, e->fields.items[i].value);
        return false;
    }
    if (is_watched(u, e)) u->bad = true;
    return true;
}

/* Walks a block's statements for Uses (loops raise the depth). `rets`
 * collects the returned local vars; a returned value that is neither new
 * nor such a var makes the walk bad. */
static void uses_block(Uses *u, StmtList *b, PtrMap *rets, bool top);

static void uses_stmt(Uses *u, Stmt *s, PtrMap *rets, bool top) {
    if (s->kind == ST_ASSIGN && u->v && s->sym == u->v) u->bad = true;
    if (s->kind == ST_TRY) u->bad = true;
    if (s->kind == ST_RETURN && top) {
        Expr *v = s->value;
        if (v && v->kind == EX_IDENT) {
            Sym *r = v->sym;
            if (!r || r->kind != SYM_LOCAL || r->is_param) u->bad = true;
            else if (rets) ptrmap_put(rets, r, r);
            if (u->v && r == u->v) u->bad = true;
            return;
        }
        if (!fresh_record(v)) u->bad = true;
        ast_walk_expr(&u->w, v);
        return;
    }
    bool loop = s->kind == ST_WHILE || s->kind == ST_FOR;
    ast_walk_expr(&u->w, s->target);
    ast_walk_expr(&u->w, s->index);
    if (s->kind == ST_WHILE) u->depth++;
    ast_walk_expr(&u->w, s->value);
    ast_walk_expr(&u->w, s->cond);
    if (s->kind == ST_WHILE) u->depth--;
    if (loop) u->depth++;
    uses_block(u, &s->body, rets, top);
    uses_block(u, &s->else_body, rets, top);
    for (int i = 0; i < s->arms.len; i++) {
        ast_walk_expr(&u->w, s->arms.items[i].guard);
        ast_walk_expr(&u->w, s->arms.items[i].value);
        uses_block(u, &s->arms.items[i].body, rets, top);
    }
    if (loop) u->depth--;
}

static void uses_block(Uses *u, StmtList *b, PtrMap *rets, bool top) {
    for (int i = 0; i < b->len && !u->bad; i++) uses_stmt(u, b->items[i], rets, top);
}

/* Statement s's expressions through w and its blocks (body, else, match
 * arms) through block(ctx, b): the walks below treat some statements
 * specially and hand the rest to this. */
static void walk_stmt_parts(AstWalk *w, Stmt *s, void (*block)(void *ctx, StmtList *b), void *ctx) {
    ast_walk_expr(w, s->target);
    ast_walk_expr(w, s->index);
    ast_walk_expr(w, s->value);
    ast_walk_expr(w, s->cond);
    block(ctx, &s->body);
    block(ctx, &s->else_body);
    for (int j = 0; j < s->arms.len; j++) {
        ast_walk_expr(w, s->arms.items[j].guard);
        ast_walk_expr(w, s->arms.items[j].value);
        block(ctx, &s->arms.items[j].body);
    }
}

/* Every value local var r ever holds is new, and r is read only as
 * `r.field`, `r with` or a return value. r must be declared by a plain
 * let or var: a for loop's variable, a pattern's binding or a destructured
 * name holds an existing value (`for r in p.kids do return r end for`). */
typedef struct {
    AstWalk w;
    Sym *r;
    bool bad;
    bool declared;   /* by a plain let/var, whose value was checked new */
} FreshVar;

static bool fresh_var_expr(AstWalk *w, Expr *e) {
    FreshVar *f = (FreshVar *)w;
    if (e->kind == EX_CALL && e->a && e->a->kind == EX_FIELD && is_ident(e->a->a, f->r)) {
        f->bad = true;   /* r.f(...): r may be the receiver */
        return false;
    }
    if ((e->kind == EX_FIELD || e->kind == EX_WITH) && is_ident(e->a, f->r)) {
        for (int i = 0; i < e->fields.len; i++) ast_walk_expr(w, e->fields.items[i].value);
        return false;
    }
    if (is_ident(e, f->r)) f->bad = true;
    return true;
}

static void fresh_var_block(FreshVar *f, StmtList *b);
static void fresh_var_visit(void *f, StmtList *b) { fresh_var_block(f, b); }

static void fresh_var_block(FreshVar *f, StmtList *b) {
    for (int i = 0; i < b->len && !f->bad; i++) {
        Stmt *s = b->items[i];
        if ((s->kind == ST_LET || s->kind == ST_VAR || s->kind == ST_ASSIGN) && s->sym == f->r
            && (s->names.len || !fresh_record(s->value)))
            f->bad = true;
        if ((s->kind == ST_LET || s->kind == ST_VAR) && s->sym == f->r && !s->names.len) f->declared = true;
        if (s->kind == ST_FIELD_ASSIGN && is_ident(s->target, f->r)) f->bad = true;
        if (s->kind == ST_RETURN && is_ident(s->value, f->r)) continue;
        walk_stmt_parts(&f->w, s, fresh_var_visit, f);
    }
}

static bool returns_fresh_var(Def *f, Sym *r) {
    if (r->captured || is_boxed(r)) return false;
    FreshVar fv = {{fresh_var_expr, NULL}, r, false, false};
    fresh_var_block(&fv, &f->body);
    return !fv.bad && fv.declared;
}

/* The parameter f_X_own may recycle, or NULL when f does not qualify. */
static Sym *ownable(Emitter *em, Def *f) {
    void *done = ptrmap_get(&own_checked, f);
    if (done == (void *)2) return NULL;
    Sym *fs = f->sym;
    Sym *param = NULL;
    bool ok = f->kind == DEF_FUNC && fs && fs->kind == SYM_FUNC && !fs->impl && !f->is_async
              && ptrmap_get(&prog_funcs, f) && f->params.len == 1 && !f->type_params.len
              && !f->requires_.len && !f->ensures.len && !has_try(&f->body) && !is_regrec(em, f)
              && !tuple_out_arity(f);
    AdtInfo *adt = ok ? record_adt(fs->ty->args[0]) : NULL;
    ok = ok && adt && record_adt(func_result_type(f)) == adt;
    if (ok) {
        PtrMap rets = {0};
        Uses u = {{uses_expr, NULL}, NULL, f->params.items[0].name, 0, 0, false};
        uses_block(&u, &f->body, &rets, true);
        ok = !u.bad && u.withs == 1 && u.v && !u.v->captured && !is_boxed(u.v);
        /* the returned vars */
        for (int i = 0; ok && i < rets.cap; i++)
            if (rets.keys[i]) ok = returns_fresh_var(f, (Sym *)rets.keys[i]);
        xfree(rets.keys);
        xfree(rets.vals);
        param = u.v;
    }
    ptrmap_put(&own_checked, f, ok ? (void *)1 : (void *)2);
    return ok ? param : NULL;
}

/* ---- the caller ---------------------------------------------------------- */

/* `var next = []; for p in ps do next = append(next, f(p)) end for; ps = next`
 * starting at b[i]: the call f(p), else NULL. */
static Expr *consuming_triple(StmtList *b, int i) {
    if (i + 2 >= b->len) return NULL;
    Stmt *s0 = b->items[i], *s1 = b->items[i + 1], *s2 = b->items[i + 2];
    Sym *nx = s0->sym;
    if (s0->kind != ST_VAR || s0->names.len || !nx || nx->kind != SYM_LOCAL || nx->captured || !s0->value
        || s0->value->kind != EX_LIST || s0->value->elems.len)
        return NULL;
    if (s1->kind != ST_FOR || s1->names.len || !s1->sym || ((Sym *)s1->sym)->captured || !s1->value
        || s1->value->kind != EX_IDENT || s1->body.len != 1 || s1->else_body.len)
        return NULL;
    Sym *ps = s1->value->sym, *p = s1->sym;
    if (s2->kind != ST_ASSIGN || s2->sym != ps || !is_ident(s2->value, nx)) return NULL;
    Stmt *a = s1->body.items[0];
    Expr *app = a->value;
    if (a->kind != ST_ASSIGN || a->sym != nx || !app) return NULL;
    const char *bn = called_builtin(app);
    if (!bn || strcmp(bn, "append") || app->elems.len != 2 || !is_ident(app->elems.items[0], nx)) return NULL;
    Expr *call = app->elems.items[1];
    Sym *fs = call->sym;
    if (call->kind != EX_CALL || !call->a || call->a->kind != EX_IDENT || !fs || fs->kind != SYM_FUNC || !fs->def
        || call->elems.len != 1 || !is_ident(call->elems.items[0], p))
        return NULL;
    return call;
}

static bool block_mentions(StmtList *b, Sym *v);

/* Mentions of a list var ps outside its consuming triples. */
typedef struct {
    AstWalk w;
    Emitter *em;
    Sym *ps;
    Sym *x;           /* a plain loop's element: only x.field */
    bool bad;
} ListUses;

static bool list_uses_expr(AstWalk *w, Expr *e) {
    ListUses *u = (ListUses *)w;
    if (u->x) {
        if (e->kind == EX_CALL && e->a && e->a->kind == EX_FIELD && is_ident(e->a->a, u->x)) u->bad = true;
        if (e->kind == EX_FIELD && is_ident(e->a, u->x)) return false;
        if (is_ident(e, u->x)) u->bad = true;
        return true;
    }
    const char *bn = called_builtin(e);
    if (e->kind == EX_FIELD && e->a && e->a->kind == EX_INDEX && is_ident(e->a->a, u->ps)) {   /* ps[i].f */
        ast_walk_expr(w, e->a->b);
        return false;
    }
    if (bn && !strcmp(bn, "print") && e->elems.len == 1 && e->elems.items[0]->kind == EX_INDEX
        && is_ident(e->elems.items[0]->a, u->ps)) {   /* print(ps[i]) */
        ast_walk_expr(w, e->elems.items[0]->b);
        return false;
    }
    if (bn && (!strcmp(bn, "length") || !strcmp(bn, "list_length")) && e->elems.len == 1 && is_ident(e->elems.items[0], u->ps)) return false;
    if (is_ident(e, u->ps)) u->bad = true;
    return true;
}

static bool is_empty_list(Expr *e) { return e && e->kind == EX_LIST && !e->elems.len; }

static void list_uses_block(ListUses *u, StmtList *b);
static void list_uses_visit(void *u, StmtList *b) { list_uses_block(u, b); }

static void list_uses_block(ListUses *u, StmtList *b) {
    for (int i = 0; i < b->len && !u->bad; i++) {
        Stmt *s = b->items[i];
        Expr *call = consuming_triple(b, i);
        if (call && is_ident(b->items[i + 1]->value, u->ps)) {   /* f's result is new or p's object */
            if (!ownable(u->em, ((Sym *)call->sym)->def)) u->bad = true;
            i += 2;
            continue;
        }
        if (s->sym == u->ps && (s->kind == ST_VAR || s->kind == ST_LET || s->kind == ST_ASSIGN)) {
            Expr *v = s->value;
            if (s->names.len) u->bad = true;
            else if (is_empty_list(v)) {
            } else if (s->kind == ST_ASSIGN && is_self_append(s) && fresh_record(v->elems.items[1]))
                ast_walk_expr(&u->w, v->elems.items[1]);
            else u->bad = true;
            continue;
        }
        if (s->kind == ST_FOR && is_ident(s->value, u->ps)) {   /* a loop that only reads fields */
            Sym *x = s->sym;
            if (s->names.len || !x || x->captured || u->x) {
                u->bad = true;
                continue;
            }
            ListUses inner = {{list_uses_expr, NULL}, u->em, NULL, x, false};
            ast_walk_block(&inner.w, &s->body);
            if (inner.bad || block_mentions(&s->body, u->ps)) u->bad = true;
            continue;
        }
        walk_stmt_parts(&u->w, s, list_uses_visit, u);
    }
}

/* Whether b mentions v: an expression naming it, or a statement binding it. */
typedef struct {
    AstWalk w;
    Sym *v;
    bool found;
} Mention;

static bool mention_expr(AstWalk *w, Expr *e) {
    Mention *m = (Mention *)w;
    if (is_ident(e, m->v)) m->found = true;
    return !m->found;
}

static void mention_stmt(AstWalk *w, Stmt *s) {
    Mention *m = (Mention *)w;
    if (s->sym == m->v) m->found = true;
}

static bool block_mentions(StmtList *b, Sym *v) {
    Mention m = {{mention_expr, mention_stmt}, v, false};
    ast_walk_block(&m.w, b);
    return m.found;
}

static Program *cur_prog;

/* Some impl has methods for the type named `name`: print(ps[i]) might hand
 * an element to user code. */
static bool has_impl(const char *name) {
    for (int i = 0; i < cur_prog->defs.len; i++) {
        Def *d = cur_prog->defs.items[i];
        if (d->kind == DEF_IMPL && d->target_type && !strcmp(d->target_type, name)) return true;
    }
    return false;
}

static bool list_ok_uncached(Emitter *em, Def *F, Sym *ps) {
    if (!ps || ps->kind != SYM_LOCAL || !ps->is_mutable || ps->is_param || ps->captured || is_boxed(ps)) return false;
    Type *t = ty_resolve(ps->ty);
    if (!t || t->kind != TY_LIST || t->nargs != 1 || !record_adt(t->args[0])) return false;
    if (has_impl(record_adt(t->args[0])->name)) return false;
    ListUses u = {{list_uses_expr, NULL}, em, ps, NULL, false};
    list_uses_block(&u, &F->body);
    return !u.bad;
}

/* ps is a local of F, so the answer depends on ps alone. */
static bool list_ok(Emitter *em, Def *F, Sym *ps) {
    if (!ps) return false;
    void *done = ptrmap_get(&list_checked, ps);
    if (done) return done == (void *)1;
    bool ok = list_ok_uncached(em, F, ps);
    ptrmap_put(&list_checked, ps, ok ? (void *)1 : (void *)2);
    return ok;
}

/* The `next` of a triple is mentioned nowhere else in F. */
typedef struct {
    AstWalk w;
    Sym *v;
    int idents, stmts;
    PtrMap seen;      /* a call's arguments may be walked twice (elems and args) */
} Count;

static bool count_expr(AstWalk *w, Expr *e) {
    Count *c = (Count *)w;
    if (is_ident(e, c->v) && !ptrmap_get(&c->seen, e)) {
        ptrmap_put(&c->seen, e, e);
        c->idents++;
    }
    return true;
}

static void count_stmt(AstWalk *w, Stmt *s) {
    Count *c = (Count *)w;
    if (s->sym == c->v) c->stmts++;
}

static void find_in_block(Emitter *em, Def *F, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        Expr *call = consuming_triple(b, i);
        if (call) {
            Sym *ps = b->items[i + 1]->value->sym, *nx = b->items[i]->sym;
            Def *f = ((Sym *)call->sym)->def;
            Count c = {{count_expr, count_stmt}, nx, 0, 0, {0}};
            ast_walk_block(&c.w, &F->body);
            xfree(c.seen.keys);
            xfree(c.seen.vals);
            Sym *param = ownable(em, f);
            if (param && c.idents == 2 && c.stmts == 2 && record_adt(ty_resolve(ps->ty)->args[0]) == record_adt(param->ty)
                && list_ok(em, F, ps)) {
                ptrmap_put(&own_params, f, param);
                ptrmap_put(&slot_loops, b->items[i + 1], b->items[i + 1]);
                ptrmap_put(&handoffs, b->items[i + 2], b->items[i + 2]);
                ptrmap_put(&dead_nexts, nx, nx);
            }
        }
        find_in_block(em, F, &s->body);
        find_in_block(em, F, &s->else_body);
        for (int j = 0; j < s->arms.len; j++) find_in_block(em, F, &s->arms.items[j].body);
    }
}

void find_reuse(Emitter *em, Program *p) {
    own_params = (PtrMap){0};
    own_checked = (PtrMap){0};
    list_checked = (PtrMap){0};
    prog_funcs = (PtrMap){0};
    slot_loops = (PtrMap){0};
    handoffs = (PtrMap){0};
    dead_nexts = (PtrMap){0};
    cur_prog = p;
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_FUNC) ptrmap_put(&prog_funcs, p->defs.items[i], p->defs.items[i]);
    for (int i = 0; i < p->defs.len; i++) {
        Def *F = p->defs.items[i];
        if (F->kind == DEF_FUNC && F->sym && !F->is_async && !has_try(&F->body)) find_in_block(em, F, &F->body);
    }
}

Sym *own_variant_param(Def *f) { return f ? ptrmap_get(&own_params, f) : NULL; }

/* static GenoAdt * f_X_own(GenoAdt * p_p) */
char *own_signature(Emitter *em, Def *f) {
    Sym *s = f->sym;
    return xasprintf("static GenoAdt * %s_own(%s p_%s)", def_cname(em, s), c_type(s->ty->args[0]),
                     f->params.items[0].name);
}

/* At f_X_own's entry: p's fields in locals. */
void own_snapshot(Emitter *em) {
    Sym *p = em->own_param;
    AdtInfo *adt = record_adt(p->ty);
    char *pv = local_ref(em, p);
    for (int k = 0; k < adt->variants[0].nfields; k++)
        emit_line(em, "GenoWord s_%s_%d = %s->fields[%d];", local_name(p), k, pv, k);
}

/* The list's own slots: ps's leaves are ps's alone (built by its appends
 * and builders, every older version unreachable), so the loop writes each
 * result over the element it came from and `ps = next` has nothing to do;
 * next stays empty and dead. The leaves hold pointers (records), so none
 * is a flat (unscanned) leaf. */
Stmt *slot_loop_body(Stmt *s) { return ptrmap_get(&slot_loops, s) ? s->body.items[0] : NULL; }

/* The `next` of such a loop: it stays empty, so no list builder for it
 * (emit_transient.c). */
bool is_slot_next(Sym *v) { return v && ptrmap_get(&dead_nexts, v) != NULL; }

bool is_slot_handoff(Stmt *s) { return ptrmap_get(&handoffs, s) != NULL; }

/* The body `next = append(next, f(p))` as `slot = f_X_own(p)`. */
void emit_slot_store(Emitter *em, Stmt *s) {
    Expr *call = s->value->elems.items[1];
    em->own_call = call;
    char *v = emit_expr(em, call);
    em->own_call = NULL;
    emit_line(em, "%s = %s;", em->slot, to_word(emitted_type(call), v));
}
