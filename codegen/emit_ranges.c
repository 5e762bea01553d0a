/* emit_ranges.c — Int locals whose value is provably a small int.
 *
 * Every Int is a tagged word that may point to a bignum, so each `+ - <`
 * and each index tests tags and ranges. For a local whose every value is
 * provably within a bound, codegen can drop those tests: reads are marked
 * GENO_KNOWN_SMALL (cc then folds the tag tests), and `+ - * < == %` whose
 * operands and result are bounded become plain machine operations on the
 * tagged words (emit_expr.c). The representation is unchanged, so nothing
 * converts at escapes.
 *
 * Bounds (intervals) come from Int literals, `let`/`var` locals of the
 * current function whose every assigned value is bounded, range(a, b)
 * loop variables with bounded a and b, lengths (array_length, length, ...:
 * below 2^48, as the memory holding the items is), char_code (a uint32_t
 * code point), and + - * / % of those.
 *
 * Counters: `x = x + K` / `x = x - K` (K a literal) does not need a bounded
 * x. Each such assignment runs at most once per step (a loop iteration or a
 * function entry; assignments cannot sit in expressions or lambdas, as a
 * captured mutable local is never a candidate), so after S steps x has
 * moved at most S * (sum of |K|). With sum |K| <= 16 and S < 2^55 (a year at
 * a billion steps a second, far past any run's budget or timeout) x moves
 * less than 2^59 from its initial bounds. Locals are tracked up to 2^59,
 * so such a counter stays below 2^60 and + or - of two of them is small.
 *
 * The fixed point is pessimistic: a local is bounded only once its value
 * bounds follow from literals and locals already proved bounded. Locals
 * left over that depend on themselves or each other (x = x ^ (x >> 17),
 * x = y, y = x) are then tried together as an inductive invariant (see
 * "inductive bounds" below).
 */
#include "emit.h"
#include "ast_walk.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DRIFT_MAX 16                    /* sum of |K| over a counter's x = x +- K */
#define LEN_MAX ((int64_t)1 << 48)      /* a collection's length */
#define SMALL_MAX_ ((int64_t)0x1fffffffffffffffLL)
#define OP_BOR_ OP_AND   /* bit_or (a builtin, no operator) in bit_range: OP_AND never reaches it */

typedef struct {
    Sym *sym;
    Expr *init;          /* let/var initialiser, or NULL */
    Expr *range;         /* range(...) of a for loop variable, or NULL */
    VEC(Expr *) values;  /* right-hand sides of x = value */
    int64_t drift_up, drift_down;   /* sum of K over x = x + K, x = x - K */
    /* Bounds B of the loop guards `x < B` / `x <= B` (up) and `x > B` /
     * `x >= B` (down) that hold where each such step sits; *_free when
     * some step has no such guard. */
    VEC(Expr *) caps_up, caps_down;
    bool free_up, free_down;
    bool bounded;
    bool nonneg;         /* every value is >= 0 (find_nonneg) */
    IntRange r;
} Cand;

typedef VEC(Cand *) CandList;

static Cand *cand_of(Emitter *m, Sym *s) { return s ? ptrmap_get(&m->small, s) : NULL; }

static bool is_int_local(Sym *s) {
    return s && s->kind == SYM_LOCAL && !s->is_param && ty_is(s->ty, TY_INT) && !is_boxed(s) &&
           !(s->is_mutable && s->captured);
}

static void add_cand(Emitter *m, CandList *all, Sym *s, Expr *init, Expr *range) {
    if (!is_int_local(s) || ptrmap_get(&m->small, s)) return;
    Cand *c = xmalloc(sizeof *c);
    c->sym = s;
    c->init = init;
    c->range = range;
    ptrmap_put(&m->small, s, c);
    vec_push(all, c);
}

/* x + K, K + x or x - K with K a literal of at most DRIFT_MAX: *k = +-K. */
static bool counter_step(Stmt *s, int64_t *k) {
    Expr *e = s->value;
    if (!e || e->kind != EX_BINARY || (e->op != OP_ADD && e->op != OP_SUB)) return false;
    Expr *x = e->a, *lit = e->b;
    if (e->op == OP_ADD && lit->kind == EX_IDENT) {
        x = e->b;
        lit = e->a;
    }
    if (x->kind != EX_IDENT || x->sym != s->sym || lit->kind != EX_INT) return false;
    errno = 0;
    char *end;
    long long v = strtoll(lit->int_text, &end, 10);
    if (errno || *end || v < 0 || v > DRIFT_MAX) return false;
    *k = e->op == OP_ADD ? v : -v;
    return true;
}

/* The bound B of a conjunct of cond that keeps x below (up) or above it:
 * `x < B`, `x <= B`, `B > x`, `B >= x` (up); `x > B`, `x >= B`, ... (down).
 * (*incl tells the inclusive ones; guarded_end allows for them anyway.) */
static Expr *guard_bound(Expr *cond, Sym *x, bool up, bool *incl) {
    if (!cond || cond->kind != EX_BINARY) return NULL;
    if (cond->op == OP_AND) {
        Expr *b = guard_bound(cond->a, x, up, incl);
        return b ? b : guard_bound(cond->b, x, up, incl);
    }
    Op op = cond->op;
    Expr *lhs = cond->a, *rhs = cond->b;
    if (rhs->kind == EX_IDENT && rhs->sym == x) {   /* B op x: mirror */
        Expr *t = lhs;
        lhs = rhs;
        rhs = t;
        op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
    }
    if (lhs->kind != EX_IDENT || lhs->sym != x || !ty_is(rhs->ty, TY_INT)) return NULL;
    if (up && (op == OP_LT || op == OP_LE)) {
        *incl = op == OP_LE;
        return rhs;
    }
    if (!up && (op == OP_GT || op == OP_GE)) {
        *incl = op == OP_GE;
        return rhs;
    }
    return NULL;
}

/* Records the guard of a counter step of c by k inside `loop` (NULL: no loop). */
static void note_guard(Cand *c, Stmt *loop, int64_t k) {
    bool up = k > 0, incl = false;
    Expr *b = loop && loop->kind == ST_WHILE ? guard_bound(loop->cond, c->sym, up, &incl) : NULL;
    if (b) vec_push(up ? &c->caps_up : &c->caps_down, b);
    else if (up) c->free_up = true;
    else c->free_down = true;
}

static void collect_in(Emitter *m, CandList *all, StmtList *body, Stmt *loop);

static void collect(Emitter *m, CandList *all, StmtList *body) { collect_in(m, all, body, NULL); }

/* loop: the innermost loop around body, or NULL. */
static void collect_in(Emitter *m, CandList *all, StmtList *body, Stmt *loop) {
    for (int i = 0; i < body->len; i++) {
        Stmt *s = body->items[i];
        switch (s->kind) {
        case ST_LET:
        case ST_VAR:
            if (!s->names.len) add_cand(m, all, s->sym, s->value, NULL);
            break;
        case ST_FOR:
            if (range_call(s->value)) add_cand(m, all, s->sym, NULL, s->value);
            break;
        case ST_ASSIGN: {
            Cand *c = cand_of(m, s->sym);
            int64_t k;
            if (!c) break;
            if (counter_step(s, &k)) {
                if (k > 0) c->drift_up += k;
                else c->drift_down -= k;
                if (k) note_guard(c, loop, k);
            } else {
                vec_push(&c->values, s->value);
            }
            break;
        }
        default:
            break;
        }
        Stmt *inner = s->kind == ST_WHILE || s->kind == ST_FOR ? s : loop;
        collect_in(m, all, &s->body, inner);
        collect_in(m, all, &s->else_body, loop);
        for (int j = 0; j < s->arms.len; j++) collect_in(m, all, &s->arms.items[j].body, loop);
    }
}

static bool in_small(__int128 v) { return v >= -(__int128)SMALL_MAX_ - 1 && v <= SMALL_MAX_; }

/* The value of Int literal e when it lies within [-lim, lim]. */
bool int_literal_within(Expr *e, int64_t lim, int64_t *v) {
    long long x;
    if (!int_text_value(e->int_text, &x) || x > lim || x < -lim) return false;
    *v = x;
    return true;
}

static bool lit_value(Expr *e, int64_t *v) { return int_literal_within(e, TRACK_MAX, v); }

static const char *builtin_of(Expr *e) {
    if (e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_BUILTIN) return NULL;
    return s->builtin_name ? s->builtin_name : s->name;
}

static bool range_of(Emitter *m, Expr *e, IntRange *r);
static bool nonneg(Emitter *m, Expr *e);

/* ---- bitwise operators -------------------------------------------------
 * Ints act as infinite two's complement. Every value of [lo, hi] lies in
 * [-2^k, 2^k) for k = span_bits, and & ^ | of two such values stay there
 * (bits above k are copies of the sign). With a non-negative operand in
 * [0, M], a & e is in [0, M] whatever e is (unbounded e included); ^ and |
 * of non-negative operands are non-negative, and | is at least each of
 * them. `a >> n` floors (monotone in a, towards 0 or -1 in n); `a << n` is
 * a * 2^n. Shift counts are bounded to [0, 61] here, so no count error. */
/* The bit length of m: the least k with m < 2^k. */
int bit_length(unsigned __int128 m) {
    int k = 0;
    while (m) k++, m >>= 1;
    return k;
}

static int bits_of(int64_t v) { return bit_length((uint64_t)v); }   /* v >= 0 */

static int span_bits(IntRange r) {
    int k = bits_of(r.hi > 0 ? r.hi : 0), k2 = bits_of(r.lo < 0 ? -(r.lo + 1) : 0);
    return k > k2 ? k : k2;
}

static int64_t floor_shr(int64_t v, int64_t n) { return n >= 63 ? (v < 0 ? -1 : 0) : v >> n; }

/* a, b: the operands' bounds, NULL when not proved. */
static bool bit_range(Op op, const IntRange *a, const IntRange *b, IntRange *r) {
    if (op == OP_BAND && (!a || !b)) {   /* e & M, M in [0, hi] */
        const IntRange *k = a ? a : b;
        if (!k || k->lo < 0) return false;
        r->lo = 0;
        r->hi = k->hi;
        return true;
    }
    if (!a || !b) return false;
    if (op == OP_SHL || op == OP_SHR) {
        if (b->lo < 0 || b->hi > 61) return false;
        if (op == OP_SHR) {
            r->lo = floor_shr(a->lo, a->lo >= 0 ? b->hi : b->lo);
            r->hi = floor_shr(a->hi, a->hi >= 0 ? b->lo : b->hi);
            return true;
        }
        __int128 lo = (__int128)a->lo * ((__int128)1 << (a->lo >= 0 ? b->lo : b->hi));
        __int128 hi = (__int128)a->hi * ((__int128)1 << (a->hi >= 0 ? b->hi : b->lo));
        if (!in_small(lo) || !in_small(hi)) return false;
        r->lo = (int64_t)lo;
        r->hi = (int64_t)hi;
        return true;
    }
    int ka = span_bits(*a), kb = span_bits(*b), k = ka > kb ? ka : kb;
    if (k > 61) return false;
    int64_t top = ((int64_t)1 << k) - 1;
    if (op == OP_BAND && (a->lo >= 0 || b->lo >= 0)) {
        r->lo = 0;
        r->hi = a->lo >= 0 && b->lo >= 0 ? (a->hi < b->hi ? a->hi : b->hi) : a->lo >= 0 ? a->hi : b->hi;
        return true;
    }
    if (a->lo >= 0 && b->lo >= 0) {   /* ^ |: below 2^k; | at least the larger low bound */
        r->lo = op == OP_BOR_ ? (a->lo > b->lo ? a->lo : b->lo) : 0;
        r->hi = top;
        return true;
    }
    r->lo = -top - 1;
    r->hi = top;
    return true;
}

/* a % b for a in a, b in b: truncated, so the dividend's sign, |a % b| < |b|
 * and |a % b| <= |a| (b == 0 raises instead). */
bool mod_bounds(IntRange a, IntRange b, IntRange *r) {
    int64_t bl = b.lo < 0 ? -b.lo : b.lo, bh = b.hi < 0 ? -b.hi : b.hi, B = (bl > bh ? bl : bh) - 1;
    if (B < 0) return false;
    r->lo = a.lo >= 0 ? 0 : a.lo > -B ? a.lo : -B;
    r->hi = a.hi <= 0 ? 0 : a.hi < B ? a.hi : B;
    return true;
}

static bool binary_range(Emitter *m, Expr *e, IntRange *r) {
    IntRange a, b;
    if (!ty_is(e->a->ty, TY_INT) || !ty_is(e->b->ty, TY_INT)) return false;
    bool ka = range_of(m, e->a, &a);
    if (e->op == OP_BAND || e->op == OP_BXOR || e->op == OP_SHL || e->op == OP_SHR) {
        bool kb = range_of(m, e->b, &b);
        return bit_range(e->op, ka ? &a : NULL, kb ? &b : NULL, r);
    }
    if (e->op == OP_MOD && e->b->kind == EX_INT) {   /* a % K: |result| < K, sign of a */
        int64_t k;
        if (!lit_value(e->b, &k) || k < 1) return false;
        r->lo = (ka && a.lo >= 0) || nonneg(m, e->a) ? 0 : -(k - 1);
        r->hi = ka && a.hi <= 0 ? 0 : k - 1;
        return true;
    }
    if (!ka || !range_of(m, e->b, &b)) return false;
    __int128 lo, hi;
    switch (e->op) {
    case OP_ADD: lo = (__int128)a.lo + b.lo; hi = (__int128)a.hi + b.hi; break;
    case OP_SUB: lo = (__int128)a.lo - b.hi; hi = (__int128)a.hi - b.lo; break;
    case OP_MUL: {
        __int128 p[4] = {(__int128)a.lo * b.lo, (__int128)a.lo * b.hi, (__int128)a.hi * b.lo, (__int128)a.hi * b.hi};
        lo = hi = p[0];
        for (int i = 1; i < 4; i++) {
            if (p[i] < lo) lo = p[i];
            if (p[i] > hi) hi = p[i];
        }
        break;
    }
    case OP_MOD:
        return mod_bounds(a, b, r);
    case OP_DIV:   /* truncation by a positive divisor is monotone and shrinks */
        if (b.lo < 1) return false;
        lo = a.lo < 0 ? a.lo : a.lo / b.hi;
        hi = a.hi > 0 ? a.hi : a.hi / b.hi;
        break;
    default:
        return false;
    }
    if (!in_small(lo) || !in_small(hi)) return false;
    r->lo = (int64_t)lo;
    r->hi = (int64_t)hi;
    return true;
}

/* float_to_int(sqrt(int_to_float(x))) for x in [lo, hi], lo >= 0: in
 * [0, isqrt(hi) + 1]. The conversion rounds x by a relative 2^-53 at most
 * and sqrt by half an ulp, so the truncated root passes isqrt(hi) by less
 * than 1 (the +1 covers it). A negative x is refused (sqrt raises). */
static bool int_sqrt_range(Emitter *m, Expr *f, IntRange *r) {
    const char *n1 = builtin_of(f);
    if (!n1 || strcmp(n1, "sqrt") || f->elems.len != 1) return false;
    Expr *c = f->elems.items[0];
    const char *n2 = builtin_of(c);
    IntRange x;
    if (!n2 || strcmp(n2, "int_to_float") || c->elems.len != 1 || !range_of(m, c->elems.items[0], &x) || x.lo < 0)
        return false;
    int64_t q = 0;
    for (int b = 31; b >= 0; b--) {   /* the largest q with q * q <= hi (hi < 2^62) */
        int64_t t = q | ((int64_t)1 << b);
        if ((__int128)t * t <= x.hi) q = t;
    }
    r->lo = 0;
    r->hi = q + 1;
    return true;
}

/* Bounds of Int expression e from what is proved so far. */
static bool range_of(Emitter *m, Expr *e, IntRange *r) {
    if (!e || !ty_is(e->ty, TY_INT) || (e->aux & AUX_TO_FLOAT)) return false;
    switch (e->kind) {
    case EX_INT: {
        int64_t v;
        if (!lit_value(e, &v)) return false;
        r->lo = r->hi = v;
        return true;
    }
    case EX_IDENT: {
        Cand *c = cand_of(m, e->sym);
        if (!c || !c->bounded) return false;
        *r = c->r;
        return true;
    }
    case EX_BINARY:
        return binary_range(m, e, r);
    case EX_INDEX: {   /* an element of an indexed-only Array[Int] (emit_arrays.c) */
        ArrayClass *ac = array_class(m, e->a);
        if (!ac || !ac->bounded) return false;
        *r = ac->r;
        return true;
    }
    case EX_UNARY: {
        IntRange a;
        if ((e->op != OP_NEG && e->op != OP_BNOT) || !range_of(m, e->a, &a)) return false;
        r->lo = -a.hi - (e->op == OP_BNOT);   /* ~a = -a - 1 */
        r->hi = -a.lo - (e->op == OP_BNOT);
        return true;
    }
    case EX_CALL: {
        const char *name = builtin_of(e);
        if (name && e->elems.len == 2 && !strcmp(name, "bit_or")) {
            IntRange a, b;
            if (!range_of(m, e->elems.items[0], &a) || !range_of(m, e->elems.items[1], &b)) return false;
            return bit_range(OP_BOR_, &a, &b, r);
        }
        if (!name || e->elems.len != 1) return false;
        if (!strcmp(name, "float_to_int")) return int_sqrt_range(m, e->elems.items[0], r);
        if (!strcmp(name, "char_code")) {   /* a decoded code point: uint32_t (rt/strlib.c) */
            r->lo = 0;
            r->hi = 0xffffffffLL;
            return true;
        }
        if (strcmp(name, "array_length") && strcmp(name, "length") && strcmp(name, "list_length") &&
            strcmp(name, "vec_length"))
            return false;
        r->lo = 0;
        r->hi = LEN_MAX;
        return true;
    }
    default:
        return false;
    }
}

static bool tracked(IntRange r) { return r.lo >= -TRACK_MAX && r.hi <= TRACK_MAX; }

static void hull(IntRange *r, IntRange x) {
    if (x.lo < r->lo) r->lo = x.lo;
    if (x.hi > r->hi) r->hi = x.hi;
}

/* The far end of a counter's steps in one direction (r: its other values).
 * With every step directly in a while loop guarded by x < B (or x <= B): x
 * passes B by at most the sum of its steps, since each step runs at most
 * once after the latest guard test (a second run needs its loop's guard
 * again). Otherwise the step bound of the header comment. */
static bool guarded_end(Emitter *m, void *caps_, bool free_, int64_t drift, bool up, IntRange *r) {
    VEC(Expr *) *caps = caps_;
    if (!drift) return true;
    if (free_) {
        if (up) r->hi += DRIFT_SPAN * drift;   /* drift <= DRIFT_MAX: at most 2^59 */
        else r->lo -= DRIFT_SPAN * drift;
        return true;
    }
    for (int i = 0; i < caps->len; i++) {
        IntRange b;
        if (!range_of(m, caps->items[i], &b)) return guarded_end(m, caps, true, drift, up, r);   /* unbounded guard */
        if (up && b.hi > r->hi) r->hi = b.hi;
        if (!up && b.lo < r->lo) r->lo = b.lo;
    }
    if (up) r->hi += drift;
    else r->lo -= drift;
    return true;
}

/* Accumulators: `x = x + e`, `x = e + x` or `x = x - e` where e is not a
 * small literal (those are counter_step's) but is bounded, -A <= e <= B.
 * Such a statement moves x by at most B up and A down, and, like a counter
 * step, runs at most once per step; so it counts as a free (unguarded)
 * counter step of B up and A down, within the same DRIFT_MAX budget
 * (`s = s + (k % 7)`: up 6). Adds those to *up and *down; false (the value
 * is then an ordinary one) when v is no such step or e is not bounded yet. */
static bool accum_step(Emitter *m, Cand *c, Expr *v, int64_t *up, int64_t *down) {
    if (!v || v->kind != EX_BINARY || (v->op != OP_ADD && v->op != OP_SUB)) return false;
    Expr *e;
    if (v->a->kind == EX_IDENT && v->a->sym == c->sym) e = v->b;
    else if (v->op == OP_ADD && v->b->kind == EX_IDENT && v->b->sym == c->sym) e = v->a;
    else return false;
    IntRange x;
    if (!range_of(m, e, &x) || x.lo < -DRIFT_MAX || x.hi > DRIFT_MAX) return false;
    int64_t hi = x.hi > 0 ? x.hi : 0, lo = x.lo < 0 ? -x.lo : 0;
    if (v->op == OP_SUB) {
        int64_t t = hi;
        hi = lo;
        lo = t;
    }
    *up += hi;
    *down += lo;
    return true;
}

/* Tries to prove c bounded from what is proved so far. */
static bool prove(Emitter *m, Cand *c) {
    IntRange r, x;
    if (c->range) {
        Expr *call = c->range;
        if (!range_of(m, call->elems.items[0], &r) || !range_of(m, call->elems.items[1], &x)) return false;
        hull(&r, x);
        if (call->elems.len == 3) {   /* the header's last x + step stays small too */
            if (!range_of(m, call->elems.items[2], &x)) return false;
            int64_t k = x.lo < 0 ? -x.lo : x.lo, k2 = x.hi < 0 ? -x.hi : x.hi;
            if (k2 > k) k = k2;
            r.lo -= k;
            r.hi += k;
        }
    } else {
        if (!c->init || !range_of(m, c->init, &r)) return false;
    }
    int64_t acc_up = 0, acc_down = 0;   /* accumulator steps x = x +- e (below) */
    for (int i = 0; i < c->values.len; i++) {
        if (accum_step(m, c, c->values.items[i], &acc_up, &acc_down)) continue;
        if (!range_of(m, c->values.items[i], &x)) return false;
        hull(&r, x);
    }
    int64_t drift_up = c->drift_up + acc_up, drift_down = c->drift_down + acc_down;
    if (!tracked(r) || drift_up + drift_down > DRIFT_MAX) return false;
    IntRange up = r, down = r;
    if (!guarded_end(m, &c->caps_up, c->free_up || acc_up, drift_up, true, &up) ||
        !guarded_end(m, &c->caps_down, c->free_down || acc_down, drift_down, false, &down))
        return false;
    r.hi = up.hi;
    r.lo = down.lo;
    if (!tracked(r)) return false;
    c->r = r;
    c->bounded = true;
    return true;
}

/* ---- inductive bounds ---------------------------------------------------
 * Locals whose values depend on themselves or on each other (`x = x ^ (x
 * >> 17)`, `v = v & (v - 1)`, gcd's `t = a % b; a = b; b = t`) are never
 * bounded by prove: their values are bounded only if they are. Here
 * intervals for a group G of such locals are guessed and checked to be an
 * invariant: every initial and assigned value of a local of G lies in its
 * interval whenever the locals of G lie in theirs (and the locals proved
 * before lie in theirs). By induction over the initialisations and
 * assignments run, no local of G ever leaves its interval (a value is read
 * only after its local's initialisation). The guesses start from the
 * values computable so far and grow to the hull of what they give; after a
 * few rounds a moving bound is widened to a power of two (a mask's or a
 * shift's natural limit). A local with a value not computable from the
 * guesses, past TRACK_MAX, or still moving after the last round leaves G,
 * and the search restarts without it. Counters and loop variables keep
 * prove's rules. */
#define INDUCTIVE_ROUNDS 8

static int64_t widen_up(int64_t v) { return v <= 0 ? v : (int64_t)(((uint64_t)1 << bits_of(v)) - 1); }

static bool group_member(Cand *c) { return !c->bounded && !c->range && c->init && !c->drift_up && !c->drift_down; }

/* Hull of c's initial and assigned values computable under the current
 * assumptions (*some: at least one was); false when one was not. */
static bool values_hull(Emitter *m, Cand *c, IntRange *r, bool *some) {
    bool all_ok = true;
    for (int i = -1; i < c->values.len; i++) {
        IntRange x;
        if (!range_of(m, i < 0 ? c->init : c->values.items[i], &x)) {
            all_ok = false;
            continue;
        }
        if (*some) hull(r, x);
        else *r = x;
        *some = true;
    }
    return all_ok;
}

static bool prove_group(Emitter *m, CandList *all) {
    int n = all->len;
    bool *in = xmalloc((size_t)n + 1), *have = xmalloc((size_t)n + 1), *ok = xmalloc((size_t)n + 1), *moved = xmalloc((size_t)n + 1);
    IntRange *cur = xmalloc(sizeof(IntRange) * ((size_t)n + 1));
    int members = 0;
    bool proved = false;
    for (int i = 0; i < n; i++) members += in[i] = group_member(all->items[i]);
    while (members && !proved) {
        for (int i = 0; i < n; i++) have[i] = false;
        for (int round = 0; round < INDUCTIVE_ROUNDS && !proved; round++) {
            for (int i = 0; i < n; i++)
                if (in[i]) {   /* the hypothesis, for the reads of the group's locals */
                    all->items[i]->bounded = have[i];
                    all->items[i]->r = cur[i];
                }
            bool stable = true;
            for (int i = 0; i < n; i++) {
                if (!in[i]) continue;
                IntRange next = cur[i];
                bool some = have[i];
                ok[i] = values_hull(m, all->items[i], &next, &some);
                moved[i] = some && (!have[i] || next.lo < cur[i].lo || next.hi > cur[i].hi);
                if (moved[i] && round >= 2) {   /* widen the moving ends: to 0, or to +-2^k */
                    if (!have[i] || next.hi > cur[i].hi) next.hi = next.hi <= 0 ? 0 : widen_up(next.hi);
                    if (!have[i] || next.lo < cur[i].lo) next.lo = next.lo >= 0 ? 0 : -widen_up(-(next.lo + 1)) - 1;
                }
                if (some && !tracked(next)) ok[i] = false;
                if (!ok[i] || moved[i]) stable = false;
                cur[i] = next;
                have[i] = some;
            }
            for (int i = 0; i < n; i++)
                if (in[i]) all->items[i]->bounded = false;
            proved = stable;
        }
        if (proved) break;
        for (int i = 0; i < n; i++)   /* drop the locals that failed or still move */
            if (in[i] && (!ok[i] || moved[i])) {
                in[i] = false;
                members--;
            }
    }
    if (proved)
        for (int i = 0; i < n; i++)
            if (in[i]) {
                all->items[i]->r = cur[i];
                all->items[i]->bounded = true;
            }
    xfree(in);
    xfree(have);
    xfree(ok);
    xfree(moved);
    xfree(cur);
    return proved;
}

/* ---- Array[Int] elements ----------------------------------------------
 * The elements of a class are its fill values and what its `a[i] = v`
 * statements store. A stored v is either bounded or "relative": an element
 * of the class plus an offset in [lo, hi] (`a[j] + 1`, or a local all of
 * whose values are such, as `best` in an edit-distance row). Let U be the
 * largest value any element has held: a relative store raises U by at most
 * its hi, and, a statement, runs at most once per step, so U moves as a
 * counter does (header comment): at most DRIFT_SPAN * (sum of the stores'
 * hi) above the bounded values. The same below with -lo. */

#define REL_DEPTH 6   /* locals followed from a store: enough for a min of a few loads */

static bool off_add(IntRange *off, IntRange b, int sign) {
    __int128 lo = (__int128)off->lo + (sign > 0 ? b.lo : -(__int128)b.hi);
    __int128 hi = (__int128)off->hi + (sign > 0 ? b.hi : -(__int128)b.lo);
    if (lo < -TRACK_MAX || hi > TRACK_MAX) return false;
    off->lo = (int64_t)lo;
    off->hi = (int64_t)hi;
    return true;
}

/* e is an element of class ac plus an offset within *off. */
static bool relative(Emitter *m, Expr *e, ArrayClass *ac, IntRange *off, int depth) {
    IntRange b;
    if (!e || depth > REL_DEPTH || !ty_is(e->ty, TY_INT) || (e->aux & AUX_TO_FLOAT)) return false;
    switch (e->kind) {
    case EX_INDEX:
        if (array_class(m, e->a) != ac) return false;
        off->lo = off->hi = 0;
        return true;
    case EX_BINARY:
        if (e->op == OP_ADD && relative(m, e->a, ac, off, depth + 1) && range_of(m, e->b, &b)) return off_add(off, b, 1);
        if (e->op == OP_ADD && relative(m, e->b, ac, off, depth + 1) && range_of(m, e->a, &b)) return off_add(off, b, 1);
        if (e->op == OP_SUB && relative(m, e->a, ac, off, depth + 1) && range_of(m, e->b, &b)) return off_add(off, b, -1);
        return false;
    case EX_IDENT: {   /* a local every value of which is relative */
        Cand *c = cand_of(m, e->sym);
        if (!c || c->range || !c->init || c->drift_up || c->drift_down) return false;
        if (!relative(m, c->init, ac, off, depth + 1)) return false;
        for (int i = 0; i < c->values.len; i++) {
            IntRange x;
            if (!relative(m, c->values.items[i], ac, &x, depth + 1)) return false;
            hull(off, x);
        }
        return true;
    }
    default:
        return false;
    }
}

static bool prove_class(Emitter *m, ArrayClass *ac) {
    IntRange r, x;
    int64_t up = 0, down = 0;
    if (!ac->fills.len) return false;
    for (int i = 0; i < ac->fills.len; i++) {
        if (!range_of(m, ac->fills.items[i], &x)) return false;
        if (!i) r = x;
        hull(&r, x);
    }
    for (int i = 0; i < ac->stores.len; i++) {
        Expr *v = ac->stores.items[i];
        if (range_of(m, v, &x)) {
            hull(&r, x);
        } else if (relative(m, v, ac, &x, 0)) {
            if (x.hi > 0) up += x.hi;
            if (x.lo < 0) down -= x.lo;
            if (up + down > DRIFT_MAX) return false;
        } else {
            return false;
        }
    }
    if (!tracked(r)) return false;
    r.hi += DRIFT_SPAN * up;
    r.lo -= DRIFT_SPAN * down;
    if (!tracked(r)) return false;
    ac->r = r;
    ac->bounded = true;
    return true;
}

/* ---- signs -------------------------------------------------------------
 * `seed = (seed * 1103515245 + 12345) % 2147483648` has no bounded
 * product, but every value is >= 0: so seed % K is in [0, K - 1], not
 * [-(K - 1), K - 1]. A local is non-negative when its initial value and
 * every assigned value are, given that the non-negative locals are
 * (induction over the run: the greatest such set, found by removing the
 * locals that fail until none does). % truncates: the sign of the
 * dividend. */
static bool nonneg(Emitter *m, Expr *e) {
    if (!e || !ty_is(e->ty, TY_INT) || (e->aux & AUX_TO_FLOAT)) return false;
    IntRange r;
    switch (e->kind) {
    case EX_INT:
        return true;
    case EX_IDENT: {
        Cand *c = cand_of(m, e->sym);
        return c && (c->nonneg || (c->bounded && c->r.lo >= 0));
    }
    case EX_BINARY:
        if (!ty_is(e->a->ty, TY_INT) || !ty_is(e->b->ty, TY_INT)) return false;
        if (e->op == OP_ADD || e->op == OP_MUL || e->op == OP_DIV) return nonneg(m, e->a) && nonneg(m, e->b);
        if (e->op == OP_MOD) return nonneg(m, e->a);
        if (e->op == OP_BAND) return nonneg(m, e->a) || nonneg(m, e->b);
        if (e->op == OP_BXOR) return nonneg(m, e->a) && nonneg(m, e->b);
        if (e->op == OP_SHL || e->op == OP_SHR) return nonneg(m, e->a);   /* a count error raises instead */
        return false;
    case EX_CALL: {
        const char *name = builtin_of(e);
        if (name && e->elems.len == 2 && !strcmp(name, "bit_or"))
            return nonneg(m, e->elems.items[0]) && nonneg(m, e->elems.items[1]);
        return range_of(m, e, &r) && r.lo >= 0;
    }
    default:
        return range_of(m, e, &r) && r.lo >= 0;
    }
}

static bool nonneg_holds(Emitter *m, Cand *c) {
    if (c->drift_down) return false;
    if (c->range) {
        Expr *call = c->range;
        if (!nonneg(m, call->elems.items[0])) return false;
        if (call->elems.len == 3) {
            Expr *k = call->elems.items[2];
            int64_t v;
            if (k->kind != EX_INT || !lit_value(k, &v) || v < 1) return false;
        }
    } else if (!c->init || !nonneg(m, c->init)) {
        return false;
    }
    for (int i = 0; i < c->values.len; i++)
        if (!nonneg(m, c->values.items[i])) return false;
    return true;
}

static void find_nonneg(Emitter *m, CandList *all) {
    for (int i = 0; i < all->len; i++) all->items[i]->nonneg = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < all->len; i++)
            if (all->items[i]->nonneg && !nonneg_holds(m, all->items[i])) {
                all->items[i]->nonneg = false;
                changed = true;
            }
    }
}

/* The variables of comprehensions over range(...) in body (lambdas aside):
 * candidates from the start, so that the calls they feed see them bounded
 * (emit_params.c settles a callee's parameters before the comprehension is
 * emitted; note_comp_range then finds the proof made). */
typedef struct {
    AstWalk base;   /* first: the callback gets an AstWalk * */
    Emitter *em;
    CandList *all;
} CompWalk;

static bool comp_var(AstWalk *w_, Expr *e) {
    CompWalk *w = (CompWalk *)w_;
    if (e->kind == EX_LAMBDA) return false;
    if (e->kind == EX_LIST_COMP && e->b && range_call(e->b)) add_cand(w->em, w->all, e->sym, NULL, range_call(e->b));
    return true;
}

void find_small_ints(Emitter *em, StmtList *body) {
    if (ptrmap_get(&em->ranged, body)) return;   /* once: a second collect would count each step twice */
    ptrmap_put(&em->ranged, body, body);
    CandList all = {0};
    ArrayClassList arrays = {0};
    collect(em, &all, body);
    CompWalk cw = {.base.expr = comp_var, .em = em, .all = &all};
    if (body_has_expr(em, body, EX_LIST_COMP)) ast_walk_block(&cw.base, body);
    find_array_classes(em, body, &arrays);
    find_nonneg(em, &all);
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < all.len; i++)
            if (!all.items[i]->bounded && prove(em, all.items[i])) changed = true;
        for (int i = 0; i < arrays.len; i++)
            if (!arrays.items[i]->bounded && prove_class(em, arrays.items[i])) changed = true;
        if (changed) continue;
        changed = prove_group(em, &all);
    }
    xfree(all.items);
    xfree(arrays.items);
}

bool small_int_range(Emitter *em, Expr *e, IntRange *r) { return range_of(em, e, r); }

/* The variable of a comprehension over `range`, proved as a `for` loop's
 * (find_small_ints sees statements only; a comprehension is an expression,
 * analysed when emitted, after the bounds of the locals it reads). */
bool note_comp_range(Emitter *em, Sym *var, Expr *range) {
    if (!is_int_local(var)) return false;
    Cand *c = cand_of(em, var);
    if (!c) {
        CandList one = {0};
        add_cand(em, &one, var, NULL, range);
        xfree(one.items);
        c = cand_of(em, var);
    }
    return c->bounded || prove(em, c);
}

/* A parameter every call passes within r (emit_params.c). */
void bound_param(Emitter *em, Sym *param, IntRange r) {
    if (!tracked(r) || ptrmap_get(&em->small, param)) return;
    Cand *c = xmalloc(sizeof *c);
    *c = (Cand){.sym = param, .bounded = true, .r = r};
    ptrmap_put(&em->small, param, c);
}

bool local_int_range(Emitter *em, Sym *s, IntRange *r) {
    Cand *c = cand_of(em, s);
    if (!c || !c->bounded) return false;
    *r = c->r;
    return true;
}

bool is_small_local(Emitter *em, Sym *s) {
    Cand *c = cand_of(em, s);
    return c && c->bounded;
}
