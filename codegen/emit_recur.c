/* emit_recur.c — parameter bounds of a group of recursive functions.
 *
 * emit_params.c bounds a parameter by the hull of its call sites, but a
 * function calling itself (fib(n - 1)), or a cycle of functions calling
 * each other (is_even(k) -> is_odd(k - 1) -> is_even(k - 2)), is among its
 * own callers. emit_params.c hands over one strongly connected component
 * of the call graph at a time. Bounds R_f of the members' parameters are
 * still sound when they are an invariant: the outside calls pass values in
 * R_f, and every call within the group, evaluated with its caller's
 * parameters in R_caller, passes values in R_callee again (induction over
 * the calls made). At a call sitting after `if C then ... return end if`
 * at the top of the caller's body, C is false (parameters are immutable),
 * which is what keeps a decreasing argument in range:
 * `if n < 2 then return n end if ... fib(n - 2)`.
 *
 * R starts as the outside hull (empty for a member only the group calls)
 * and grows by the group calls' values; a bound that moves is widened to
 * the next guard constant of the callee, outside bound of the group (or
 * 0, or the tracking limit) so the search ends in a few rounds. A round
 * whose hulls of outside and group values lie within R, for every member
 * at once, proves those hulls an invariant (evaluation is monotone in R).
 */
#include "emit.h"

#define LIMIT ((int64_t)1 << 59)   /* emit_ranges.c tracks bounds up to this */
#define ROUNDS 8

typedef struct {
    IntRange r;      /* known bounds (LIMIT when none) */
    VEC(int64_t) ne; /* values it is known not to be */
} Fact;

typedef struct {
    Sym **params;
    int n;
    Fact *facts;     /* per parameter, at the group call being evaluated (its caller's) */
} Env;

static int param_index(Env *v, Expr *e) {
    if (!e || e->kind != EX_IDENT || !e->sym) return -1;
    for (int i = 0; i < v->n; i++)
        if (v->params[i] && v->params[i] == e->sym) return i;
    return -1;
}

static bool int_lit(Emitter *em, Expr *e, int64_t *k) {
    IntRange r;
    if (!e || e->kind != EX_INT || !small_int_range(em, e, &r)) return false;
    *k = r.lo;
    return true;
}

/* Records into f what holds once `cond` is false. */
static void negate_into(Emitter *em, Env *v, Fact *f, Expr *cond) {
    if (!cond || cond->kind != EX_BINARY) return;
    if (cond->op == OP_OR) {   /* not (a or b): not a, and not b */
        negate_into(em, v, f, cond->a);
        negate_into(em, v, f, cond->b);
        return;
    }
    int op = cond->op, i = param_index(v, cond->a);
    int64_t k;
    if (i >= 0 && !int_lit(em, cond->b, &k)) return;
    if (i < 0) {   /* K op p: p op' K */
        i = param_index(v, cond->b);
        if (i < 0 || !int_lit(em, cond->a, &k)) return;
        op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
    }
    IntRange *r = &f[i].r;
    switch (op) {
    case OP_LT: if (k > r->lo) r->lo = k; break;          /* p >= k */
    case OP_LE: if (k + 1 > r->lo) r->lo = k + 1; break;  /* p > k */
    case OP_GT: if (k < r->hi) r->hi = k; break;          /* p <= k */
    case OP_GE: if (k - 1 < r->hi) r->hi = k - 1; break;  /* p < k */
    case OP_EQ: vec_push(&f[i].ne, k); break;
    case OP_NE: if (k > r->lo) r->lo = k; if (k < r->hi) r->hi = k; break;
    default: break;
    }
}

/* `if C then ... return end if`: leaves the function whenever C holds. */
static bool early_return(Stmt *s) {
    return s->kind == ST_IF && s->body.len && s->body.items[s->body.len - 1]->kind == ST_RETURN;
}

/* Parameter i's range under assumption R and the facts, trimming != ends. */
static bool param_at(Env *v, int i, IntRange *R, bool *ok, IntRange *out) {
    if (!ok[i]) return false;
    Fact *f = &v->facts[i];
    IntRange r = {R[i].lo > f->r.lo ? R[i].lo : f->r.lo, R[i].hi < f->r.hi ? R[i].hi : f->r.hi};
    for (bool again = true; again;) {
        again = false;
        for (int k = 0; k < f->ne.len; k++) {
            if (f->ne.items[k] == r.lo) r.lo++, again = true;
            else if (f->ne.items[k] == r.hi) r.hi--, again = true;
        }
    }
    *out = r;
    return true;
}

/* Bounds of a group call's argument: p, literals, + - % of those. */
static bool eval(Emitter *em, Env *v, Expr *e, IntRange *R, bool *ok, IntRange *out) {
    int i = param_index(v, e);
    if (i >= 0) return param_at(v, i, R, ok, out);
    if (e && e->kind == EX_BINARY && (e->op == OP_ADD || e->op == OP_SUB) && ty_is(e->ty, TY_INT) &&
        !(e->aux & AUX_TO_FLOAT)) {
        IntRange a, b;
        if (!eval(em, v, e->a, R, ok, &a) || !eval(em, v, e->b, R, ok, &b)) return false;
        __int128 lo = e->op == OP_ADD ? (__int128)a.lo + b.lo : (__int128)a.lo - b.hi;
        __int128 hi = e->op == OP_ADD ? (__int128)a.hi + b.hi : (__int128)a.hi - b.lo;
        if (lo < -LIMIT || hi > LIMIT) return false;
        out->lo = (int64_t)lo;
        out->hi = (int64_t)hi;
        return true;
    }
    if (e && e->kind == EX_BINARY && e->op == OP_MOD && ty_is(e->ty, TY_INT) && ty_is(e->a->ty, TY_INT) &&
        ty_is(e->b->ty, TY_INT) && !(e->aux & AUX_TO_FLOAT)) {   /* gcd(b, a % b) */
        IntRange a, b;
        return eval(em, v, e->a, R, ok, &a) && eval(em, v, e->b, R, ok, &b) && mod_bounds(a, b, out);
    }
    return small_int_range(em, e, out);   /* literals (parameters are not bounded yet) */
}

/* The next candidate constant at or past x, downward or up (or the
 * tracking limit): 0, the callee's guard constants (facts[t * n + i] for
 * t = 0..ntop) and the group's outside bounds. */
static int64_t widen(GroupMember *m, int nm, Fact *facts, int ntop, int n, int i, int64_t x, bool down) {
    int64_t best = down ? -LIMIT : LIMIT;
    VEC(int64_t) c = {0};
    vec_push(&c, 0);
    for (int t = 0; t <= ntop; t++) {
        Fact *f = &facts[t * n + i];
        vec_push(&c, f->r.lo);
        vec_push(&c, f->r.hi);
        for (int k = 0; k < f->ne.len; k++) vec_push(&c, f->ne.items[k]);
    }
    for (int g = 0; g < nm; g++)
        for (int j = 0; j < m[g].def->params.len; j++)
            if (m[g].ok[j] && m[g].called) {
                vec_push(&c, m[g].ext[j].lo);
                vec_push(&c, m[g].ext[j].hi);
            }
    for (int k = 0; k < c.len; k++) {
        if (down && c.items[k] <= x && c.items[k] > best) best = c.items[k];
        if (!down && c.items[k] >= x && c.items[k] < best) best = c.items[k];
    }
    xfree(c.items);
    return best;
}

/* facts[t * n + i]: parameter i of f after the early returns before its
 * top-level statement t. */
static Fact *guard_facts(Emitter *em, Def *f, Sym **params) {
    int n = f->params.len, ntop = f->body.len;
    Fact *facts = xmalloc(sizeof(Fact) * (size_t)(ntop + 1) * (size_t)(n ? n : 1));
    Env v = {params, n, NULL};
    for (int i = 0; i < n; i++) facts[i] = (Fact){.r = {-LIMIT, LIMIT}};
    for (int t = 1; t <= ntop; t++) {
        for (int i = 0; i < n; i++) {
            Fact *p = &facts[(t - 1) * n + i];
            facts[t * n + i] = (Fact){.r = p->r};
            for (int k = 0; k < p->ne.len; k++) vec_push(&facts[t * n + i].ne, p->ne.items[k]);
        }
        Stmt *s = f->body.items[t - 1];
        if (early_return(s)) negate_into(em, &v, &facts[t * n], s->cond);
    }
    return facts;
}

bool group_invariant(Emitter *em, GroupMember *m, int nm, GroupCall *calls, int ncalls) {
    Fact **facts = xmalloc(sizeof(Fact *) * (size_t)nm);
    IntRange **H = xmalloc(sizeof(IntRange *) * (size_t)nm);
    bool *reached = xmalloc(sizeof(bool) * (size_t)nm);
    int rounds = ROUNDS + 2 * nm;
    for (int g = 0; g < nm; g++) {
        int n = m[g].def->params.len;
        facts[g] = guard_facts(em, m[g].def, m[g].params);
        H[g] = xmalloc(sizeof(IntRange) * (size_t)(n ? n : 1));
        if (!m[g].called)   /* empty until a call of the group reaches it */
            for (int i = 0; i < n; i++) m[g].R[i] = (IntRange){LIMIT, -LIMIT};
    }
    bool proved = false;
    for (int round = 0; round < rounds && !proved; round++) {
        bool dropped = false;
        for (int g = 0; g < nm; g++) {
            reached[g] = m[g].called;
            for (int i = 0; i < m[g].def->params.len; i++) H[g][i] = m[g].called ? m[g].ext[i] : m[g].R[i];
        }
        for (int c = 0; c < ncalls; c++) {
            GroupMember *from = &m[calls[c].caller], *to = &m[calls[c].callee];
            if (!from->called) continue;   /* never runs while nothing calls it */
            int top = calls[c].top < 0 ? 0 : calls[c].top;
            Env v = {from->params, from->def->params.len, &facts[calls[c].caller][top * from->def->params.len]};
            reached[calls[c].callee] = true;
            for (int i = 0; i < to->def->params.len; i++) {
                IntRange a;
                IntRange *h = &H[calls[c].callee][i];
                if (!to->ok[i]) continue;
                if (calls[c].top < 0 || !eval(em, &v, calls[c].args->items[i], from->R, from->ok, &a)) {
                    to->ok[i] = false;   /* unbounded: the next round drops what depended on it */
                    dropped = true;
                    continue;
                }
                if (a.lo < h->lo) h->lo = a.lo;
                if (a.hi > h->hi) h->hi = a.hi;
            }
        }
        proved = !dropped;
        for (int g = 0; g < nm; g++) {
            int n = m[g].def->params.len;
            if (reached[g] && !m[g].called) m[g].called = true, proved = false;
            for (int i = 0; i < n; i++) {
                IntRange *R = &m[g].R[i], *h = &H[g][i];
                if (!m[g].ok[i] || !m[g].called) continue;
                if (h->lo < R->lo) R->lo = widen(m, nm, facts[g], m[g].def->body.len, n, i, h->lo, true), proved = false;
                if (h->hi > R->hi) R->hi = widen(m, nm, facts[g], m[g].def->body.len, n, i, h->hi, false), proved = false;
            }
        }
        if (proved)
            for (int g = 0; g < nm; g++)
                for (int i = 0; i < m[g].def->params.len; i++) m[g].R[i] = H[g][i];
    }
    for (int g = 0; g < nm; g++) {
        int n = m[g].def->params.len;
        if (!m[g].called)   /* never called: nothing to bound */
            for (int i = 0; i < n; i++) m[g].ok[i] = false;
        for (int k = 0; k < (m[g].def->body.len + 1) * n; k++) xfree(facts[g][k].ne.items);
        xfree(facts[g]);
        xfree(H[g]);
    }
    xfree(facts);
    xfree(H);
    xfree(reached);
    return proved;
}
