/* emit_recur.c — parameter bounds of a self-recursive function.
 *
 * emit_params.c bounds a parameter by the hull of its call sites, but a
 * function calling itself (fib(n - 1)) is one of its own callers. Such a
 * bound R is still sound when it is an invariant: the outside calls pass
 * values in R, and every self call, evaluated with the parameters in R,
 * passes values in R again (induction over the calls made). At a self call
 * sitting after `if C then ... return end if` at the top of the body, C is
 * false (parameters are immutable), which is what keeps a decreasing
 * argument in range: `if n < 2 then return n end if ... fib(n - 2)`.
 *
 * R starts as the outside hull and grows by the self calls' values; a bound
 * that moves is widened to the next guard constant (or 0, or the tracking
 * limit) so the search ends in a few rounds. A round whose hull of outside
 * and self values lies within R proves that hull an invariant (evaluation
 * is monotone in R).
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
    Fact *facts;     /* per parameter, at the self call being evaluated */
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

/* Bounds of a self call's argument: p, literals, + - % of those. */
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

/* The next guard constant of parameter i (or 0, or the limit) at or past x,
 * downward or up: facts[t * n + i] for t = 0..ntop. */
static int64_t widen(Fact *facts, int ntop, int n, int i, int64_t x, bool down) {
    int64_t best = down ? -LIMIT : LIMIT;
    VEC(int64_t) c = {0};
    vec_push(&c, 0);
    for (int t = 0; t <= ntop; t++) {
        Fact *f = &facts[t * n + i];
        vec_push(&c, f->r.lo);
        vec_push(&c, f->r.hi);
        for (int k = 0; k < f->ne.len; k++) vec_push(&c, f->ne.items[k]);
    }
    for (int k = 0; k < c.len; k++) {
        if (down && c.items[k] <= x && c.items[k] > best) best = c.items[k];
        if (!down && c.items[k] >= x && c.items[k] < best) best = c.items[k];
    }
    xfree(c.items);
    return best;
}

bool self_invariant(Emitter *em, Def *f, Sym **params, SelfCall *calls, int ncalls, IntRange *R, bool *ok) {
    int n = f->params.len, ntop = f->body.len;
    /* facts[t * n + i]: parameter i after the early returns before statement t */
    Fact *facts = xmalloc(sizeof(Fact) * (size_t)(ntop + 1) * (size_t)n);
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
    bool proved = false;
    IntRange *ext = xmalloc(sizeof(IntRange) * (size_t)n);
    for (int i = 0; i < n; i++) ext[i] = R[i];
    for (int round = 0; round < ROUNDS && !proved; round++) {
        IntRange *H = xmalloc(sizeof(IntRange) * (size_t)n);
        bool dropped = false;
        for (int i = 0; i < n; i++) H[i] = ext[i];
        for (int c = 0; c < ncalls; c++) {
            int top = calls[c].top < 0 ? 0 : calls[c].top;
            v.facts = &facts[top * n];
            for (int i = 0; i < n; i++) {
                IntRange a;
                if (!ok[i]) continue;
                if (calls[c].top < 0 || !eval(em, &v, calls[c].args->items[i], R, ok, &a)) {
                    ok[i] = false;   /* unbounded: the next round drops what depended on it */
                    dropped = true;
                    continue;
                }
                if (a.lo < H[i].lo) H[i].lo = a.lo;
                if (a.hi > H[i].hi) H[i].hi = a.hi;
            }
        }
        proved = !dropped;
        for (int i = 0; i < n; i++) {
            if (!ok[i]) continue;
            if (H[i].lo < R[i].lo) R[i].lo = widen(facts, ntop, n, i, H[i].lo, true), proved = false;
            if (H[i].hi > R[i].hi) R[i].hi = widen(facts, ntop, n, i, H[i].hi, false), proved = false;
        }
        if (proved) for (int i = 0; i < n; i++) R[i] = H[i];
        xfree(H);
    }
    xfree(ext);
    for (int k = 0; k < (ntop + 1) * n; k++) xfree(facts[k].ne.items);
    xfree(facts);
    return proved;
}
