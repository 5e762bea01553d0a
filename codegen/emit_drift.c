/* emit_drift.c — parameters of a recursive group that only drift.
 *
 * group_invariant (emit_recur.c) bounds a parameter by intervals, which
 * fail where a parameter receives the group's own results: ackermann's
 * `ack(m - 1, ack(m, n - 1))` with `return n + 1`. Such values still
 * cannot go far. When every value that reaches a parameter (or, through a
 * call, a result) of the group is a chain: an Int literal, a parameter, the
 * result of a group call, or a chain plus or minus a literal K, then each
 * such value is a start value moved by the K's of the links it went
 * through. A local (let/var) whose initial and assigned values are all
 * chains is a chain too (quicksort's `var i = lo`, `i = i + 1`, passed as
 * the next call's lo). A start value is a literal, an argument from
 * outside the group or a parameter bounded by the invariant: all proved
 * within 2^57 here.
 *
 * Each link is one evaluation of one `+ K` / `- K` node of a member's
 * body. In one activation a node inside loops is evaluated at most once
 * per iteration of its innermost loop plus once per entry of that loop,
 * which is at most once per iteration of the loop around it (or once): in
 * all, at most as often as the activation's steps (its entry and its loop
 * iterations). Bodies with lambdas or comprehensions are left out. A run
 * takes fewer than 2^55 steps (emit_ranges.c's counters: a year at a
 * billion steps a second). With the K's of each body summing to at most 8,
 * every such value stays within 2^57 + 8 * 2^55 = 3 * 2^57, the bound
 * given to the parameters: below emit_ranges.c's tracking limit 2^59 by
 * 2^57, so a counter starting from one (`var i = lo`, `i = i + 1`, drift
 * up to 4) is bounded there too.
 */
#include "emit.h"
#include "ast_walk.h"

#define START_MAX ((int64_t)1 << 57)    /* start values */
#define CHAIN_K_MAX 8                   /* sum of |K| over one body's chain links */
#define LOCALS_MAX 256                  /* Int locals over the group's bodies */
#define BOUND (START_MAX + CHAIN_K_MAX * DRIFT_SPAN)   /* 3 * 2^57 */
_Static_assert(BOUND <= TRACK_MAX, "drifting parameters must stay within emit_ranges.c's tracking limit");

typedef struct {
    Sym *sym;
    int member;
    VEC(Expr *) values;   /* initial and assigned */
    bool chain;
} Local;

typedef struct {
    GroupMember *m;
    int nm;
    VEC(Local) locals;
} Group;

/* Parameter i of member a is a candidate: an Int that group_invariant left
 * unbounded (until group_drift bounds the candidates at its end). */
static bool drifts(GroupMember *gm, int i) {
    return !gm->ok[i] && gm->params[i] && ty_is(((Sym *)gm->def->sym)->ty->args[i], TY_INT);
}

static Local *local_of(Group *g, int a, Sym *s) {
    for (int i = 0; i < g->locals.len; i++)
        if (g->locals.items[i].sym == s && g->locals.items[i].member == a) return &g->locals.items[i];
    return NULL;
}

static int member_of(Group *g, Sym *s) {
    if (!s || s->kind != SYM_FUNC) return -1;
    for (int a = 0; a < g->nm; a++)
        if (g->m[a].def->sym == s) return a;
    return -1;
}

/* e is a chain in member a's body: adds its links' |K| to *k; *calls when
 * it uses a group call's result. */
static bool chain(Group *g, int a, Expr *e, int64_t *k, bool *calls) {
    if (!e || !ty_is(e->ty, TY_INT) || (e->aux & AUX_TO_FLOAT)) return false;
    int64_t v;
    switch (e->kind) {
    case EX_INT:
        return int_literal_within(e, START_MAX, &v);
    case EX_IDENT: {
        GroupMember *gm = &g->m[a];
        for (int i = 0; i < gm->def->params.len; i++) {
            if (!gm->params[i] || gm->params[i] != e->sym) continue;
            if (drifts(gm, i)) return true;
            return gm->ok[i] && gm->R[i].lo >= -START_MAX && gm->R[i].hi <= START_MAX;
        }
        Local *l = local_of(g, a, e->sym);
        return l && l->chain;
    }
    case EX_CALL: {
        Expr *callee = e->a;
        if (!callee || callee->kind != EX_IDENT || member_of(g, e->sym) < 0) return false;
        *calls = true;   /* its arguments are group call sites, checked as such */
        return true;
    }
    case EX_BINARY: {
        if (e->op != OP_ADD && e->op != OP_SUB) return false;
        Expr *x = e->a, *lit = e->b;
        if (e->op == OP_ADD && e->a && e->a->kind == EX_INT) x = e->b, lit = e->a;
        if (!lit || lit->kind != EX_INT || !int_literal_within(lit, CHAIN_K_MAX, &v)) return false;
        *k += v < 0 ? -v : v;
        return chain(g, a, x, k, calls);
    }
    default:
        return false;
    }
}

typedef struct {
    AstWalk base;
    Group *g;
    int a;
    bool bad;
    int64_t k;        /* returns' links */
    bool calls;
    bool want;        /* Int result: returns must be chains */
} BodyWalk;

static bool body_expr(AstWalk *aw, Expr *e) {
    BodyWalk *w = (BodyWalk *)aw;
    if (e->kind == EX_LAMBDA || e->kind == EX_LIST_COMP || e->kind == EX_AWAIT) w->bad = true;
    return !w->bad;
}

static void body_stmt(AstWalk *aw, Stmt *s) {
    BodyWalk *w = (BodyWalk *)aw;
    if (s->kind == ST_RETURN && w->want && !w->bad && !chain(w->g, w->a, s->value, &w->k, &w->calls)) w->bad = true;
}

/* Int locals of member a: let/var declarations and their assignments. */
typedef struct {
    AstWalk base;
    Group *g;
    int a;
    bool assigns;     /* second pass: assignments */
} LocalWalk;

static void local_stmt(AstWalk *aw, Stmt *s) {
    LocalWalk *w = (LocalWalk *)aw;
    Sym *v = s->sym;
    if (!w->assigns && (s->kind == ST_LET || s->kind == ST_VAR) && !s->names.len && v && v->kind == SYM_LOCAL &&
        !v->is_param && !v->captured && ty_is(v->ty, TY_INT) && s->value) {
        Local l = {v, w->a, {0}, true};
        vec_push(&l.values, s->value);
        vec_push(&w->g->locals, l);
    }
    if (w->assigns && s->kind == ST_ASSIGN && v) {
        Local *l = local_of(w->g, w->a, v);
        if (l) vec_push(&l->values, s->value);
    }
}

static bool local_expr(AstWalk *aw, Expr *e) {
    (void)aw;
    (void)e;
    return true;
}

/* false: too many locals (local_of is a linear search) */
static bool find_locals(Group *g) {
    for (int pass = 0; pass < 2; pass++)
        for (int a = 0; a < g->nm; a++) {
            LocalWalk w = {{local_expr, local_stmt}, g, a, pass == 1};
            ast_walk_block(&w.base, &g->m[a].def->body);
            if (g->locals.len > LOCALS_MAX) return false;
        }
    /* greatest fixed point: drop locals with a value that is no chain */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < g->locals.len; i++) {
            Local *l = &g->locals.items[i];
            int64_t k = 0;
            bool calls = false;
            for (int j = 0; j < l->values.len && l->chain; j++)
                if (!chain(g, l->member, l->values.items[j], &k, &calls)) l->chain = false, changed = true;
        }
    }
    return true;
}

/* Bounds the Int parameters of the group that group_invariant left
 * unbounded (ok false), when each is a drifting chain (see above); m's ext
 * and ext_ok: the outside calls' hulls. Sets their R and ok. */
void group_drift(Emitter *em, GroupMember *m, int nm, GroupCall *calls, int ncalls) {
    (void)em;
    Group g = {m, nm, {0}};
    int64_t *k = xmalloc(sizeof(int64_t) * (size_t)nm);
    bool any = false, uses_results = false;
    for (int a = 0; a < nm; a++) {
        k[a] = 0;
        for (int i = 0; i < m[a].def->params.len; i++) {
            bool cand = drifts(&m[a], i);
            if (cand && (!m[a].ext_ok[i] || m[a].ext[i].lo < -START_MAX || m[a].ext[i].hi > START_MAX)) goto out;
            any |= cand;
        }
    }
    if (!any) goto out;
    if (!find_locals(&g)) goto out;
    for (int i = 0; i < g.locals.len; i++) {   /* the chain locals' links */
        Local *l = &g.locals.items[i];
        for (int j = 0; j < l->values.len && l->chain; j++)
            chain(&g, l->member, l->values.items[j], &k[l->member], &uses_results);
    }
    for (int c = 0; c < ncalls; c++) {
        int from = calls[c].caller, to = calls[c].callee;
        for (int i = 0; i < m[to].def->params.len; i++)
            if (drifts(&m[to], i) && !chain(&g, from, calls[c].args->items[i], &k[from], &uses_results)) goto out;
    }
    for (int a = 0; a < nm; a++) {
        Def *d = m[a].def;
        BodyWalk w = {{body_expr, body_stmt}, &g, a, false, 0, false, false};
        Type *ft = d->sym ? ((Sym *)d->sym)->ty : NULL;
        w.want = uses_results && ft && ft->ret && ty_is(ft->ret, TY_INT);
        if (uses_results && !w.want) goto out;   /* a result used in a chain is an Int */
        ast_walk_block(&w.base, &d->body);
        for (int i = 0; i < d->requires_.len; i++) ast_walk_expr(&w.base, d->requires_.items[i]);
        for (int i = 0; i < d->ensures.len; i++) ast_walk_expr(&w.base, d->ensures.items[i]);
        for (int i = 0; i < d->params.len; i++) ast_walk_expr(&w.base, d->params.items[i].default_value);
        if (w.bad) goto out;
        k[a] += w.k;
        if (k[a] > CHAIN_K_MAX) goto out;
    }
    for (int a = 0; a < nm; a++)
        for (int i = 0; i < m[a].def->params.len; i++)
            if (drifts(&m[a], i)) m[a].R[i] = (IntRange){-BOUND, BOUND}, m[a].ok[i] = true;
out:
    for (int i = 0; i < g.locals.len; i++) xfree(g.locals.items[i].values.items);
    xfree(g.locals.items);
    xfree(k);
}
