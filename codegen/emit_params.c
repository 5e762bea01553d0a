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
 * Callers are analysed before callees: the functions of one strongly
 * connected component of the call graph (one function, a self-recursive
 * one, or a cycle such as is_even/is_odd) are settled together (their
 * locals' bounds final) once every function calling into the component
 * from outside is; the calls within it need invariant bounds
 * (emit_recur.c). Example clauses call the function too (before main),
 * with their literal arguments.
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
    int scc;         /* its strongly connected component of the call graph */
    int index, low;  /* Tarjan's */
    bool on_stack;
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
    ExprList *out = xmalloc(sizeof *out);
    for (int i = 0; i < f->params.len; i++) vec_push(out, example_arg(f, ex, i));
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

static Target *caller_target(Walk *w, Site *s) {
    return s->caller ? ptrmap_get(&w->index, s->caller) : NULL;
}

/* Tarjan's strongly connected components over caller -> callee. */
typedef struct {
    Walk *w;
    VEC(Target *) stack;
    VEC(Target *) *callees;        /* per target, by its position in w->all */
    PtrMap pos;                    /* Target * -> position + 1 */
    int next, nscc;
} Tarjan;

static void strong(Tarjan *tj, Target *t) {
    t->index = t->low = ++tj->next;
    vec_push(&tj->stack, t);
    t->on_stack = true;
    int at = (int)(intptr_t)ptrmap_get(&tj->pos, t) - 1;
    for (int k = 0; k < tj->callees[at].len; k++) {
        Target *u = tj->callees[at].items[k];
        if (!u->index) {
            strong(tj, u);
            if (u->low < t->low) t->low = u->low;
        } else if (u->on_stack && u->index < t->low) {
            t->low = u->index;
        }
    }
    if (t->low == t->index) {
        Target *u;
        do {
            u = tj->stack.items[--tj->stack.len];
            u->on_stack = false;
            u->scc = tj->nscc;
        } while (u != t);
        tj->nscc++;
    }
}

static int find_sccs(Walk *w) {
    Tarjan tj = {.w = w};
    tj.callees = xmalloc(sizeof *tj.callees * (size_t)(w->all.len ? w->all.len : 1));
    for (int i = 0; i < w->all.len; i++) {
        tj.callees[i] = (typeof(tj.callees[i])){0};
        ptrmap_put(&tj.pos, w->all.items[i], (void *)(intptr_t)(i + 1));
    }
    for (int i = 0; i < w->all.len; i++) {
        Target *t = w->all.items[i];
        for (int k = 0; k < t->sites.len; k++) {
            Target *c = caller_target(w, &t->sites.items[k]);
            if (c) vec_push(&tj.callees[(int)(intptr_t)ptrmap_get(&tj.pos, c) - 1], t);
        }
    }
    for (int i = 0; i < w->all.len; i++)
        if (!w->all.items[i]->index) strong(&tj, w->all.items[i]);
    for (int i = 0; i < w->all.len; i++) xfree(tj.callees[i].items);
    xfree(tj.callees);
    xfree(tj.stack.items);
    xfree(tj.pos.keys);
    xfree(tj.pos.vals);
    return tj.nscc;
}

/* Every site's caller outside t's component is settled (or analysed with
 * unbounded parameters). */
static bool ready(Walk *w, Target *t) {
    for (int i = 0; i < t->sites.len; i++) {
        Target *ct = caller_target(w, &t->sites.items[i]);
        if (ct && ct->scc != t->scc && !ct->settled) return false;
    }
    return true;
}

/* Is t called from outside its component? */
static bool called_from_outside(Walk *w, Target *t) {
    for (int k = 0; k < t->sites.len; k++) {
        Target *ct = caller_target(w, &t->sites.items[k]);
        if (!(ct && ct->scc == t->scc)) return true;
    }
    return false;
}

/* Bounds of parameter i over all sites from outside t's component (false:
 * some site is unbounded). */
static bool param_range(Emitter *em, Walk *w, Target *t, int i, IntRange *r) {
    Sym *fs = t->def->sym;
    if (t->escapes || !t->params[i] || !ty_is(fs->ty->args[i], TY_INT)) return false;
    bool seen = false;
    for (int k = 0; k < t->sites.len; k++) {
        IntRange x;
        Target *ct = caller_target(w, &t->sites.items[k]);
        if (ct && ct->scc == t->scc) continue;
        if (!small_int_range(em, t->sites.items[k].args->items[i], &x)) return false;
        if (!seen) *r = x;
        seen = true;
        if (x.lo < r->lo) r->lo = x.lo;
        if (x.hi > r->hi) r->hi = x.hi;
    }
    return true;   /* no outside site: the empty range, for group_invariant */
}

/* Larger components keep unbounded parameters: the search's rounds grow
 * with the members, and each widening looks at all their bounds. */
#define GROUP_MAX 32

/* Settles the members of one component together. */
static void settle(Emitter *em, Walk *w, Target **g, int nm) {
    GroupMember *m = xmalloc(sizeof *m * (size_t)nm);
    VEC(GroupCall) calls = {0};
    for (int a = 0; a < nm; a++) {
        Target *t = g[a];
        int n = t->def->params.len;
        m[a] = (GroupMember){.def = t->def, .params = t->params, .R = xmalloc(sizeof(IntRange) * (size_t)n),
                             .ok = xmalloc(sizeof(bool) * (size_t)n)};
        /* Not called from outside: reached only through the group, and R
         * stays {0, 0} (cleared) until group_invariant empties it. */
        m[a].called = called_from_outside(w, t);
        for (int i = 0; i < n; i++) m[a].ok[i] = param_range(em, w, t, i, &m[a].R[i]);
        m[a].ext = xmalloc(sizeof(IntRange) * (size_t)(n ? n : 1));   /* for group_invariant and group_drift */
        m[a].ext_ok = xmalloc(sizeof(bool) * (size_t)(n ? n : 1));
        for (int i = 0; i < n; i++) m[a].ext[i] = m[a].R[i], m[a].ext_ok[i] = m[a].ok[i];
        for (int k = 0; k < t->sites.len; k++) {
            Target *ct = caller_target(w, &t->sites.items[k]);
            if (!ct || ct->scc != t->scc) continue;
            int from = 0;
            while (g[from] != ct) from++;
            GroupCall c = {t->sites.items[k].args, from, a, t->sites.items[k].top};
            vec_push(&calls, c);
        }
    }
    if (calls.len && (nm > GROUP_MAX || !group_invariant(em, m, nm, calls.items, calls.len)))
        for (int a = 0; a < nm; a++)
            for (int i = 0; i < g[a]->def->params.len; i++) m[a].ok[i] = false;
    if (calls.len && nm <= GROUP_MAX) group_drift(em, m, nm, calls.items, calls.len);
    for (int a = 0; a < nm; a++)
        if (!m[a].called)   /* no call seen: nothing to bound */
            for (int i = 0; i < g[a]->def->params.len; i++) m[a].ok[i] = false;
    for (int a = 0; a < nm; a++)
        for (int i = 0; i < g[a]->def->params.len; i++)
            if (m[a].ok[i]) bound_param(em, g[a]->params[i], m[a].R[i]);
    for (int a = 0; a < nm; a++) {
        find_small_ints(em, &g[a]->def->body);
        g[a]->settled = true;
        xfree(m[a].R);
        xfree(m[a].ok);
        xfree(m[a].ext);
        xfree(m[a].ext_ok);
    }
    xfree(m);
    xfree(calls.items);
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
    int nscc = find_sccs(&w);
    VEC(VEC(Target *)) groups = {0};
    for (int c = 0; c < nscc; c++) {
        typeof(groups.items[0]) none = {0};
        vec_push(&groups, none);
    }
    for (int i = 0; i < w.all.len; i++) vec_push(&groups.items[w.all.items[i]->scc], w.all.items[i]);
    for (bool progress = true; progress;) {
        progress = false;
        for (int c = 0; c < nscc; c++) {
            typeof(groups.items[0]) *g = &groups.items[c];
            if (g->items[0]->settled) continue;
            bool all = true;
            for (int a = 0; a < g->len && all; a++) all = ready(&w, g->items[a]);
            if (all) {
                settle(em, &w, g->items, g->len);
                progress = true;
            }
        }
    }
    for (int c = 0; c < nscc; c++) xfree(groups.items[c].items);
    xfree(groups.items);
}
