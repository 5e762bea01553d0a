/* emit_params.c — Int parameters bounded by every call site.
 *
 * emit_ranges.c proves bounds of locals only, so a helper such as
 * `func a(i: Int, j: Int)` called in a loop with small counters still
 * checks tags and overflow on every `i + j`. When each call of a function
 * is a direct call seen here (its name is used nowhere else: never as a
 * value, never exported) and each passes an argument proved within bounds
 * in its caller, the parameter holds only values within their hull: the
 * function's body is then analysed with that bound (the representation is
 * unchanged, nothing converts at the call).
 *
 * Callers are analysed before callees: a function is settled (its locals'
 * bounds final) once every function calling it is, itself aside: calls of
 * itself need an invariant bound (emit_recur.c). Functions on a longer
 * call cycle are never settled, so they keep unbounded parameters. Example
 * clauses call the function too (before main), with their literal arguments.
 */
#include "emit.h"
#include "ast_walk.h"

#include <string.h>

typedef struct {
    Expr *call;      /* EX_CALL / EX_PIPELINE (args in elems), or NULL for an example */
    ExprList *args;  /* argument per parameter (an example's: see example_args) */
    Def *caller;     /* whose locals the arguments may name; NULL: none */
    int top;         /* index of the caller's top-level statement holding it, or -1 */
} Site;

typedef struct {
    Def *def;
    VEC(Site) sites;
    bool escapes;    /* named other than as a direct callee */
    bool settled;
    Sym **params;    /* the parameters' symbols, as the body names them */
} Target;

typedef struct {
    AstWalk base;    /* first: the callbacks get a Walk * */
    PtrMap index;    /* Def * -> its Target */
    VEC(Target *) all;
    Def *cur;        /* the definition being walked */
    int top;         /* its top-level statement being walked, or -1 */
} Walk;

static Target *target_of(Walk *w, Sym *s) {
    return s && s->kind == SYM_FUNC && s->def ? ptrmap_get(&w->index, s->def) : NULL;
}

/* A parameter of the function being walked: remembers its symbol. */
static void note_param(Walk *w, Sym *s) {
    if (s->kind != SYM_LOCAL || !s->is_param || s->is_lambda_param) return;   /* the cheap tests first */
    Target *t = w->cur ? ptrmap_get(&w->index, w->cur) : NULL;
    if (!t) return;
    for (int i = 0; i < t->def->params.len; i++)
        if (!strcmp(t->def->params.items[i].name, s->name)) t->params[i] = s;
}

/* Direct calls become sites; any other mention of a target makes it escape. */
static bool visit_expr(AstWalk *aw, Expr *e) {
    Walk *w = (Walk *)aw;
    if (e->kind == EX_IDENT && e->sym) {
        Target *t = target_of(w, e->sym);
        if (t) t->escapes = true;
        note_param(w, e->sym);
    }
    if (e->kind == EX_CALL || e->kind == EX_PIPELINE) {
        Expr *callee = e->kind == EX_PIPELINE ? e->b : e->a;
        Target *t = target_of(w, e->sym);
        bool direct = callee && (callee->kind == EX_IDENT || callee->kind == EX_FIELD);   /* as emit_call */
        if (t && direct && e->elems.len == t->def->params.len) {
            Site s = {e, &e->elems, w->cur, w->top};
            vec_push(&t->sites, s);
            ast_walk_children(aw, e, callee);   /* the callee itself is not an escaping use */
            return false;
        }
        if (t) t->escapes = true;
    }
    return true;
}

static void walk_expr(Walk *w, Expr *e) { ast_walk_expr(&w->base, e); }

/* An example's arguments per parameter, as emit_example passes them
 * (a tuple spread over several parameters, defaults for the rest). */
static ExprList *example_args(Def *f, Example *ex) {
    ExprList *args = &ex->args, *out = xmalloc(sizeof *out);
    *out = (ExprList){0};
    if (args->len == 1 && args->items[0]->kind == EX_TUPLE && f->params.len > 1) args = &args->items[0]->elems;
    for (int i = 0; i < f->params.len; i++)
        vec_push(out, i < args->len ? args->items[i] : f->params.items[i].default_value);
    return out;
}

static void walk_def(Walk *w, Def *d) {
    w->cur = d;
    w->top = -1;
    for (int i = 0; i < d->params.len; i++) walk_expr(w, d->params.items[i].default_value);
    for (int i = 0; i < d->requires_.len; i++) walk_expr(w, d->requires_.items[i]);
    for (int i = 0; i < d->ensures.len; i++) walk_expr(w, d->ensures.items[i]);
    for (w->top = 0; w->top < d->body.len; w->top++) ast_walk_stmt(&w->base, d->body.items[w->top]);
    w->top = -1;
    w->cur = NULL;
    for (int i = 0; i < d->examples.len; i++) {
        walk_expr(w, d->examples.items[i].output);
        for (int j = 0; j < d->examples.items[i].args.len; j++) walk_expr(w, d->examples.items[i].args.items[j]);
        Target *t = ptrmap_get(&w->index, d);
        if (t) {
            Site s = {NULL, example_args(d, &d->examples.items[i]), NULL, -1};
            vec_push(&t->sites, s);
        }
    }
    for (int i = 0; i < d->methods.len; i++) walk_def(w, d->methods.items[i]);
}

static bool is_target(Def *d) {
    return d->kind == DEF_FUNC && d->sym && !d->is_async && !d->exported && d->params.len &&
           strcmp(d->name, "main") != 0;
}

/* Every site's caller is settled (or analysed with unbounded parameters). */
static bool ready(Walk *w, Target *t) {
    for (int i = 0; i < t->sites.len; i++) {
        Def *c = t->sites.items[i].caller;
        Target *ct = c ? ptrmap_get(&w->index, c) : NULL;
        if (ct && ct != t && !ct->settled) return false;
    }
    return true;
}

/* Bounds of parameter i over all sites but t's calls of itself (false:
 * some site is unbounded, or there is none). */
static bool param_range(Emitter *em, Target *t, int i, IntRange *r) {
    Sym *fs = t->def->sym;
    if (t->escapes || !t->params[i] || !ty_is(fs->ty->args[i], TY_INT)) return false;
    bool any = false;
    for (int k = 0; k < t->sites.len; k++) {
        IntRange x;
        if (t->sites.items[k].caller == t->def) continue;
        if (!small_int_range(em, t->sites.items[k].args->items[i], &x)) return false;
        if (!any) *r = x;
        any = true;
        if (x.lo < r->lo) r->lo = x.lo;
        if (x.hi > r->hi) r->hi = x.hi;
    }
    return any;
}

static void settle(Emitter *em, Target *t) {
    int n = t->def->params.len;
    IntRange *r = xmalloc(sizeof(IntRange) * (size_t)n);
    bool *ok = xmalloc(sizeof(bool) * (size_t)n);
    VEC(SelfCall) self = {0};
    for (int k = 0; k < t->sites.len; k++)
        if (t->sites.items[k].caller == t->def) {
            SelfCall c = {t->sites.items[k].args, t->sites.items[k].top};
            vec_push(&self, c);
        }
    for (int i = 0; i < n; i++) ok[i] = param_range(em, t, i, &r[i]);
    if (self.len && !self_invariant(em, t->def, t->params, self.items, self.len, r, ok))
        for (int i = 0; i < n; i++) ok[i] = false;
    for (int i = 0; i < n; i++)
        if (ok[i]) bound_param(em, t->params[i], r[i]);
    xfree(r);
    xfree(ok);
    xfree(self.items);
    find_small_ints(em, &t->def->body);
    t->settled = true;
}

void find_param_ranges(Emitter *em, Program *p) {
    Walk w = {.base.expr = visit_expr};
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (!is_target(d)) continue;
        Target *t = xmalloc(sizeof *t);
        *t = (Target){.def = d, .params = xmalloc(sizeof(Sym *) * d->params.len)};
        memset(t->params, 0, sizeof(Sym *) * d->params.len);
        ptrmap_put(&w.index, d, t);
        vec_push(&w.all, t);
    }
    for (int i = 0; i < p->defs.len; i++) walk_def(&w, p->defs.items[i]);
    for (int i = 0; i < em->module_defs.len; i++) walk_def(&w, em->module_defs.items[i]);
    /* callers that are not targets: bounds of their locals first */
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind == DEF_FUNC && d->sym && !ptrmap_get(&w.index, d)) find_small_ints(em, &d->body);
    }
    for (bool progress = true; progress;) {
        progress = false;
        for (int i = 0; i < w.all.len; i++) {
            Target *t = w.all.items[i];
            if (!t->settled && ready(&w, t)) {
                settle(em, t);
                progress = true;
            }
        }
    }
}
