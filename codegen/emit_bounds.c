/* emit_bounds.c — array indexes proved within the array's length.
 *
 * `a[i]` and `a[i] = v` test the index against the length; when 0 <= i <
 * length(a) is proved at that point, codegen reads or writes the item
 * directly (GENO_ARRAY_AT): nothing can raise there.
 *
 * FACTS. While emitting a body, codegen keeps a stack of linear facts
 * `p >= 0` over atoms: Int locals, the length LEN(a) of an Array local,
 * and (in a goal only) any other Int expression with proved bounds. A fact
 * holds from the point where it is pushed to the end of the block it was
 * pushed in:
 *  - `let x = e` / `var x = e` / `x = e` with e linear: x == e;
 *    `let a = array_new(n, v)`, `a = b` of arrays: LEN(a) == n, LEN(a) == LEN(b);
 *  - a while body starts with its guard's comparisons true (`c >= w`);
 *  - a for body over range(s, e) (no step or a positive literal one):
 *    s <= x <= e - 1;
 *  - an if's then block starts with its condition's comparisons true, its
 *    else block with their negation (a single comparison, `or`, `not`),
 *    and so do the statements after an else-less if whose block ends in
 *    return, break or continue. `x != y` gives x - y >= 1 when the proved
 *    bounds give x - y >= 0 (y - x >= 1 when they give x - y <= 0): after
 *    `if b == 0 then return ... end if`, a divisor b >= 0 is >= 1
 *    (int_positive_here; emit_expr.c then divides without checks);
 * A fact dies when any local it mentions is assigned: at the assignment
 * (after its value is computed), at the start of a statement for locals
 * assigned inside it (a match arm, a nested block in an expression), and
 * at the start of a loop for every local assigned anywhere in the loop (its
 * later iterations see those). Locals that a lambda may assign (captured
 * vars) are never atoms. Dead facts stay dead, so a branch's assignment
 * also kills for the branches and statements after it (conservative).
 *
 * ARRAY LENGTHS THAT NEVER CHANGE. An Array's length is fixed at creation,
 * but a `var` array may be reassigned (levenshtein swaps two rows). For a
 * class of Array locals (let/var declared in this function) bound only to
 * array_new(L, v) with one and the same L over immutable atoms (lets and
 * parameters, in scope at each declaration), or to each other, LEN(a) is L
 * everywhere, whatever the flow.
 *
 * PROOF. A goal g >= 0 holds if, after subtracting at most DEPTH live facts
 * (each sharing an atom of the same sign with what is left), the rest's
 * minimum from the atoms' proved bounds (emit_ranges.c; LEN in [0, 2^48])
 * is >= 0.
 *
 * PRODUCTS. `x * y` of two Int locals is an atom of its own (flat matrices:
 * a[i * n + j] with LEN(a) == n * n). When the goal holds such an atom, a
 * step may also subtract y * p for a live fact p >= 0 over Int locals, if
 * y >= 0 by y's proved bounds (y*p expands to products and y). So
 * n*n - 1 - (i*n + j) >= 0 follows from n - 1 - j >= 0 and n * (n - 1 - i).
 */
#include "emit.h"
#include "ast_walk.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 6
#define DEPTH 3
#define LIM ((int64_t)1 << 59)
#define LEN_MAX ((int64_t)1 << 48)

enum { A_SYM = 1, A_LEN, A_EXPR, A_MUL };
typedef struct {
    int kind;
    void *p;   /* Sym * (A_SYM, A_LEN, A_MUL) or Expr * (A_EXPR) */
    void *q;   /* A_MUL: the second factor's Sym * (p <= q); else NULL */
} Atom;

typedef struct {
    int n;
    Atom a[MAXT];
    int64_t c[MAXT];
    int64_t k;
} Lin;

typedef struct {
    Lin p;   /* p >= 0 */
    bool dead;
} Fact;

typedef struct LenClass {
    struct LenClass *parent;
    bool unknown, has_len;
    Lin len;
} LenClass;

typedef struct {
    VEC(Fact) facts;
    int floor;        /* facts below are hidden (a lambda's body) */
    PtrMap classes;   /* array Sym * -> LenClass */
    PtrMap scanned;   /* bodies */
    bool scanning;    /* building the classes: LEN stays an atom */
} Bounds;

static Bounds *st(Emitter *em) {
    if (!em->bounds) em->bounds = xmalloc(sizeof(Bounds));
    return em->bounds;
}

/* ---- linear forms ------------------------------------------------------ */

static bool atom_eq(Atom x, Atom y) { return x.kind == y.kind && x.p == y.p && x.q == y.q; }
static bool atom_has(Atom x, const void *s) { return x.p == s || (x.kind == A_MUL && x.q == s); }

static bool add_term(Lin *l, Atom a, int64_t c) {
    for (int i = 0; i < l->n; i++)
        if (atom_eq(l->a[i], a)) {
            __int128 s = (__int128)l->c[i] + c;
            if (s > LIM || s < -LIM) return false;
            l->c[i] = (int64_t)s;
            if (!l->c[i]) {
                l->n--;
                l->a[i] = l->a[l->n];
                l->c[i] = l->c[l->n];
            }
            return true;
        }
    if (!c) return true;
    if (l->n == MAXT) return false;
    l->a[l->n] = a;
    l->c[l->n++] = c;
    return true;
}

static bool add_k(Lin *l, __int128 k) {
    __int128 s = (__int128)l->k + k;
    if (s > LIM || s < -LIM) return false;
    l->k = (int64_t)s;
    return true;
}

/* l += s * m */
static bool add_lin(Lin *l, const Lin *m, int64_t s) {
    for (int i = 0; i < m->n; i++) {
        __int128 c = (__int128)m->c[i] * s;
        if (c > LIM || c < -LIM || !add_term(l, m->a[i], (int64_t)c)) return false;
    }
    return add_k(l, (__int128)m->k * s);
}

static bool lin_eq(const Lin *x, const Lin *y) {
    Lin d = *x;
    return add_lin(&d, y, -1) && d.n == 0 && d.k == 0;
}

static bool lit(Expr *e, int64_t *v) { return int_literal_within(e, LIM, v); }

static bool int_atom(Sym *s) {
    return s && s->kind == SYM_LOCAL && ty_is(s->ty, TY_INT) && !is_boxed(s) && !(s->is_mutable && s->captured);
}

static bool array_atom(Sym *s) {
    if (!s || s->kind != SYM_LOCAL || is_boxed(s) || (s->is_mutable && s->captured)) return false;
    Type *t = ty_resolve(s->ty);
    return t && t->kind == TY_ARRAY;
}

static Sym *ident_sym(Expr *e) { return e && e->kind == EX_IDENT ? e->sym : NULL; }

static LenClass *root(LenClass *c) {
    while (c->parent) c = c->parent;
    return c;
}

static LenClass *class_len(Emitter *em, Sym *a) {
    LenClass *c = st(em)->scanning ? NULL : ptrmap_get(&st(em)->classes, a);
    if (!c) return NULL;
    c = root(c);
    return !c->unknown && c->has_len ? c : NULL;
}

/* LEN(a) as a linear form: the class length, or the atom. */
static bool len_of(Emitter *em, Sym *a, int64_t s, Lin *out) {
    LenClass *c = class_len(em, a);
    if (c) return add_lin(out, &c->len, s);
    return add_term(out, (Atom){A_LEN, a, NULL}, s);
}

static Atom mul_atom(Sym *x, Sym *y) {
    if ((uintptr_t)y < (uintptr_t)x) {
        Sym *t = x;
        x = y;
        y = t;
    }
    return (Atom){A_MUL, x, y};
}

/* out += s * e. expr_atoms: opaque bounded expressions become atoms. */
static bool norm(Emitter *em, Expr *e, int64_t s, Lin *out, bool expr_atoms) {
    if (!e || !ty_is(e->ty, TY_INT) || (e->aux & AUX_TO_FLOAT)) return false;
    int64_t v;
    switch (e->kind) {
    case EX_INT:
        return lit(e, &v) && add_k(out, (__int128)v * s);
    case EX_IDENT:
        if (int_atom(e->sym)) return add_term(out, (Atom){A_SYM, e->sym, NULL}, s);
        break;
    case EX_UNARY:
        if (e->op == OP_NEG) return norm(em, e->a, -s, out, expr_atoms);
        break;
    case EX_BINARY:
        if (!ty_is(e->a->ty, TY_INT) || !ty_is(e->b->ty, TY_INT)) return false;
        if (e->op == OP_ADD) return norm(em, e->a, s, out, expr_atoms) && norm(em, e->b, s, out, expr_atoms);
        if (e->op == OP_SUB) return norm(em, e->a, s, out, expr_atoms) && norm(em, e->b, -s, out, expr_atoms);
        if (e->op == OP_MUL) {
            Expr *x = e->a, *k = e->b;
            if (x->kind == EX_INT) {
                x = e->b;
                k = e->a;
            }
            if (k->kind == EX_INT && lit(k, &v) && v < (1 << 20) && v > -(1 << 20) && s < (1 << 20) && s > -(1 << 20))
                return norm(em, x, s * v, out, expr_atoms);
            /* x * y of two Int locals: a product atom (see prove). */
            Sym *sx = ident_sym(e->a), *sy = ident_sym(e->b);
            if (int_atom(sx) && int_atom(sy)) return add_term(out, mul_atom(sx, sy), s);
        }
        break;
    case EX_CALL: {
        const char *b = called_builtin(e);
        if (b && !strcmp(b, "array_length") && e->elems.len == 1 && array_atom(ident_sym(e->elems.items[0])))
            return len_of(em, ident_sym(e->elems.items[0]), s, out);
        break;
    }
    default:
        break;
    }
    IntRange r;
    if (expr_atoms && small_int_range(em, e, &r)) return add_term(out, (Atom){A_EXPR, e, NULL}, s);
    return false;
}

static bool atom_range(Emitter *em, Atom a, IntRange *r) {
    switch (a.kind) {
    case A_SYM: return local_int_range(em, a.p, r);
    case A_LEN: r->lo = 0; r->hi = LEN_MAX; return true;
    case A_MUL: {
        IntRange x, y;
        if (!local_int_range(em, a.p, &x) || !local_int_range(em, a.q, &y)) return false;
        __int128 c[4] = {(__int128)x.lo * y.lo, (__int128)x.lo * y.hi, (__int128)x.hi * y.lo, (__int128)x.hi * y.hi};
        __int128 lo = c[0], hi = c[0];
        for (int i = 1; i < 4; i++) {
            if (c[i] < lo) lo = c[i];
            if (c[i] > hi) hi = c[i];
        }
        if (lo < -LIM || hi > LIM) return false;
        r->lo = (int64_t)lo;
        r->hi = (int64_t)hi;
        return true;
    }
    default: return small_int_range(em, a.p, r);
    }
}

/* The least value of l from its atoms' bounds, when they are all bounded. */
static bool lin_min(Emitter *em, const Lin *l, __int128 *m) {
    __int128 s = l->k;
    for (int i = 0; i < l->n; i++) {
        IntRange r;
        if (!atom_range(em, l->a[i], &r)) return false;
        s += l->c[i] > 0 ? (__int128)l->c[i] * r.lo : (__int128)l->c[i] * r.hi;
    }
    *m = s;
    return true;
}

/* ---- facts ------------------------------------------------------------- */

/* Pushes p >= 0; an opaque atom is replaced by the bound that weakens p. */
static void push(Emitter *em, Lin p) {
    Lin q = {0};
    q.k = p.k;
    for (int i = 0; i < p.n; i++) {
        IntRange r;
        if (p.a[i].kind != A_EXPR) {
            if (!add_term(&q, p.a[i], p.c[i])) return;
        } else if (!atom_range(em, p.a[i], &r) ||
                   !add_k(&q, p.c[i] > 0 ? (__int128)p.c[i] * r.hi : (__int128)p.c[i] * r.lo)) {
            return;
        }
    }
    if (!q.n) return;
    Fact f = {q, false};
    vec_push(&st(em)->facts, f);
}

/* x - y + k >= 0 */
static void push_diff(Emitter *em, const Lin *x, const Lin *y, int64_t k) {
    Lin p = *x;
    if (add_lin(&p, y, -1) && add_k(&p, k)) push(em, p);
}

static void kill_sym(Emitter *em, Sym *s) {
    Bounds *b = st(em);
    for (int i = 0; i < b->facts.len; i++) {
        Fact *f = &b->facts.items[i];
        for (int j = 0; j < f->p.n && !f->dead; j++)
            if (atom_has(f->p.a[j], s)) f->dead = true;
    }
}

int bounds_mark(Emitter *em) { return st(em)->facts.len; }

void bounds_pop(Emitter *em, int mark) {
    if (st(em)->facts.len > mark) st(em)->facts.len = mark;
}

int bounds_hide(Emitter *em) {
    int f = st(em)->floor;
    st(em)->floor = st(em)->facts.len;
    return f;
}

void bounds_unhide(Emitter *em, int floor) { st(em)->floor = floor; }

static bool prove(Emitter *em, const Lin *g, int depth) {
    __int128 m;
    if (lin_min(em, g, &m) && m >= 0) return true;
    if (!depth) return false;
    Bounds *b = st(em);
    for (int i = b->floor; i < b->facts.len; i++) {
        Fact *f = &b->facts.items[i];
        if (f->dead) continue;
        bool shares = false;
        for (int j = 0; j < f->p.n && !shares; j++)
            for (int t = 0; t < g->n; t++)
                if (atom_eq(g->a[t], f->p.a[j]) && (g->c[t] > 0) == (f->p.c[j] > 0))
                    shares = true;
        if (!shares) continue;
        Lin r = *g;
        if (add_lin(&r, &f->p, -1) && prove(em, &r, depth - 1)) return true;
    }
    /* A product atom x*y in the goal: y * p >= 0 holds for a live fact
     * p >= 0 over Int locals when y >= 0 (its proved bounds). */
    for (int t = 0; t < g->n; t++) {
        if (g->a[t].kind != A_MUL) continue;
        for (int side = 0; side < 2; side++) {
            Sym *y = side ? g->a[t].q : g->a[t].p;
            IntRange yr;
            if ((side && g->a[t].q == g->a[t].p) || !local_int_range(em, y, &yr) || yr.lo < 0) continue;
            for (int i = b->floor; i < b->facts.len; i++) {
                Fact *f = &b->facts.items[i];
                if (f->dead) continue;
                Lin d = {0};
                bool ok = add_term(&d, (Atom){A_SYM, y, NULL}, f->p.k);
                for (int j = 0; j < f->p.n && ok; j++)
                    ok = f->p.a[j].kind == A_SYM && add_term(&d, mul_atom(f->p.a[j].p, y), f->p.c[j]);
                if (!ok) continue;
                bool shares = false;
                for (int j = 0; j < d.n && !shares; j++)
                    if (atom_eq(g->a[t], d.a[j]) && (g->c[t] > 0) == (d.c[j] > 0)) shares = true;
                if (!shares) continue;
                Lin r = *g;
                if (add_lin(&r, &d, -1) && prove(em, &r, depth - 1)) return true;
            }
        }
    }
    return false;
}

/* 0 <= index < length(array) where they are emitted now. */
bool index_in_bounds(Emitter *em, Expr *array, Expr *index) {
    Sym *a = ident_sym(array);
    if (!array_atom(a)) return false;
    Lin i = {0}, g = {0};
    if (!norm(em, index, 1, &i, true)) return false;
    if (!prove(em, &i, DEPTH)) return false;
    return len_of(em, a, 1, &g) && add_lin(&g, &i, -1) && add_k(&g, -1) && prove(em, &g, DEPTH);
}

/* Facts of comparison e (Int operands) being true (pos) or false. */
static bool pure(Expr *e);

static void push_cond(Emitter *em, Expr *e, bool pos) {
    if (!e || !pure(e)) return;
    if (e->kind == EX_UNARY && e->op == OP_NOT) {
        push_cond(em, e->a, !pos);
        return;
    }
    if (e->kind != EX_BINARY) return;
    if ((e->op == OP_AND && pos) || (e->op == OP_OR && !pos)) {
        push_cond(em, e->a, pos);
        push_cond(em, e->b, pos);
        return;
    }
    if (e->op < OP_EQ || e->op > OP_GE || !ty_is(e->a->ty, TY_INT) || !ty_is(e->b->ty, TY_INT)) return;
    Lin x = {0}, y = {0};
    if (!norm(em, e->a, 1, &x, true) || !norm(em, e->b, 1, &y, true)) return;
    Op op = e->op;
    if (!pos) op = op == OP_EQ ? OP_NE : op == OP_NE ? OP_EQ : op == OP_LT ? OP_GE : op == OP_GE ? OP_LT
                 : op == OP_GT ? OP_LE : OP_GT;
    switch (op) {
    case OP_LT: push_diff(em, &y, &x, -1); break;
    case OP_LE: push_diff(em, &y, &x, 0); break;
    case OP_GT: push_diff(em, &x, &y, -1); break;
    case OP_GE: push_diff(em, &x, &y, 0); break;
    case OP_EQ: push_diff(em, &x, &y, 0); push_diff(em, &y, &x, 0); break;
    case OP_NE: {
        /* x != y where the proved bounds give x - y >= 0 (or <= 0): then
         * x - y >= 1 (or <= -1). `if b == 0 then return ... end if` leaves
         * a divisor b >= 0 proved >= 1 (emit_expr.c: / and % unchecked). */
        Lin d = x, n = y;
        __int128 m;
        if (!add_lin(&d, &y, -1) || !add_lin(&n, &x, -1)) break;
        if (lin_min(em, &d, &m) && m == 0) push_diff(em, &x, &y, -1);
        else if (lin_min(em, &n, &m) && m == 0) push_diff(em, &y, &x, -1);
        break;
    }
    default: break;
    }
}

/* e >= 1 where it is emitted now (a divisor: no division by zero, and
 * never -1). */
bool int_positive_here(Emitter *em, Expr *e) {
    Lin g = {0};
    return norm(em, e, 1, &g, true) && add_k(&g, -1) && prove(em, &g, DEPTH);
}

/* ---- assignments ------------------------------------------------------- */

typedef struct {
    AstWalk w;
    Emitter *em;
    Stmt *skip;   /* its own target is killed after its value */
} Killer;

static void kill_stmt(AstWalk *w, Stmt *s) {
    Killer *k = (Killer *)w;
    if (s->kind == ST_ASSIGN && s != k->skip && s->sym) kill_sym(k->em, s->sym);
}

static bool kill_expr_cb(AstWalk *w, Expr *e) {
    (void)w;
    (void)e;
    return true;
}

/* Kills the facts of every local assigned within s (but s's own target). */
static void kill_within(Emitter *em, Stmt *s, bool self) {
    Killer k = {{kill_expr_cb, kill_stmt}, em, self ? NULL : s};
    ast_walk_stmt(&k.w, s);
}

static void kill_within_expr(Emitter *em, Expr *e) {
    Killer k = {{kill_expr_cb, kill_stmt}, em, NULL};
    ast_walk_expr(&k.w, e);
}

/* Facts of x = value (x an Int or Array local), after value is computed. */
static void bind_facts(Emitter *em, Sym *x, Expr *v) {
    if (!v || !pure(v)) return;
    if (int_atom(x)) {
        Lin l = {0}, me = {0};
        if (!norm(em, v, 1, &l, false)) return;
        for (int i = 0; i < l.n; i++)
            if (atom_has(l.a[i], x)) return;
        add_term(&me, (Atom){A_SYM, x, NULL}, 1);
        push_diff(em, &me, &l, 0);
        push_diff(em, &l, &me, 0);
        return;
    }
    if (!array_atom(x) || class_len(em, x)) return;   /* a class length needs no fact */
    Lin l = {0}, me = {0};
    const char *b = called_builtin(v);
    Sym *o = ident_sym(v);
    if (b && !strcmp(b, "array_new") && v->elems.len == 2) {
        if (!norm(em, v->elems.items[0], 1, &l, false)) return;
    } else if (array_atom(o) && o != x) {
        if (!len_of(em, o, 1, &l)) return;
    } else {
        return;
    }
    for (int i = 0; i < l.n; i++)
        if (atom_has(l.a[i], x)) return;
    add_term(&me, (Atom){A_LEN, x, NULL}, 1);
    push_diff(em, &me, &l, 0);
    push_diff(em, &l, &me, 0);
}

typedef struct {
    AstWalk w;
    bool assigns;
} Pure;

static void pure_stmt(AstWalk *w, Stmt *s) {
    if (s->kind == ST_ASSIGN) ((Pure *)w)->assigns = true;
}

/* e assigns no local while it is evaluated (no nested block does). */
static bool pure(Expr *e) {
    Pure p = {{kill_expr_cb, pure_stmt}, false};
    ast_walk_expr(&p.w, e);
    return !p.assigns;
}

static bool exits(StmtList *b) {
    if (!b->len) return false;
    StmtKind k = b->items[b->len - 1]->kind;
    return k == ST_RETURN || k == ST_BREAK || k == ST_CONTINUE;
}

void bounds_before_stmt(Emitter *em, Stmt *s) {
    switch (s->kind) {
    case ST_IF:
        kill_within_expr(em, s->cond);
        break;
    case ST_WHILE:
    case ST_FOR:
        kill_within(em, s, true);
        break;
    default:
        kill_within(em, s, false);
        break;
    }
}

void bounds_after_stmt(Emitter *em, Stmt *s) {
    switch (s->kind) {
    case ST_LET:
    case ST_VAR:
        if (!s->names.len && s->sym) bind_facts(em, s->sym, s->value);
        break;
    case ST_ASSIGN:
        if (!s->sym) break;
        kill_sym(em, s->sym);
        bind_facts(em, s->sym, s->value);
        break;
    case ST_IF:
        if (!s->else_body.len && exits(&s->body)) push_cond(em, s->cond, false);
        break;
    default:
        break;
    }
}

void bounds_branch(Emitter *em, Expr *cond, bool then) { push_cond(em, cond, then); }

/* At the start of each emitted copy of loop s's body (after its variable). */
void bounds_loop_body(Emitter *em, Stmt *s) {
    if (s->kind == ST_WHILE) {
        kill_within(em, s, true);
        push_cond(em, s->cond, true);
        return;
    }
    Expr *call = s->kind == ST_FOR ? range_call(s->value) : NULL;
    if (call && int_atom(s->sym) && pure(call)) {
        int64_t step = 1;
        if (call->elems.len == 3 && (call->elems.items[2]->kind != EX_INT || !lit(call->elems.items[2], &step))) step = 0;
        if (step > 0) {
            Lin x = {0}, lo = {0}, hi = {0};
            add_term(&x, (Atom){A_SYM, s->sym, NULL}, 1);
            if (norm(em, call->elems.items[0], 1, &lo, true)) push_diff(em, &x, &lo, 0);
            if (norm(em, call->elems.items[1], 1, &hi, true)) push_diff(em, &hi, &x, -1);
        }
    }
    kill_within(em, s, true);   /* the bounds were computed before the loop */
}

/* ---- array length classes ---------------------------------------------- */

typedef struct {
    AstWalk w;
    Emitter *em;
    VEC(Stmt *) binds;
} Scan;

static void scan_stmt(AstWalk *w, Stmt *s) {
    Scan *sc = (Scan *)w;
    if ((s->kind == ST_LET || s->kind == ST_VAR || s->kind == ST_ASSIGN) && !s->names.len && s->sym) {
        Sym *x = s->sym;
        Type *t = ty_resolve(x->ty);
        if (t && t->kind == TY_ARRAY) vec_push(&sc->binds, s);
    }
}

static bool lin_immutable(const Lin *l) {
    for (int i = 0; i < l->n; i++) {
        Sym *s = l->a[i].p;
        if (l->a[i].kind == A_EXPR || s->is_mutable) return false;
        if (l->a[i].kind == A_MUL && ((Sym *)l->a[i].q)->is_mutable) return false;
    }
    return true;
}

static LenClass *class_for(Bounds *b, Sym *x) {
    LenClass *c = ptrmap_get(&b->classes, x);
    if (!c) {
        c = xmalloc(sizeof *c);
        ptrmap_put(&b->classes, x, c);
    }
    return root(c);
}

/* Before emitting a function's body. */
void bounds_begin(Emitter *em, StmtList *body) {
    Bounds *b = st(em);
    if (ptrmap_get(&b->scanned, body)) return;
    ptrmap_put(&b->scanned, body, body);
    Scan sc = {{kill_expr_cb, scan_stmt}, em, {0}};
    ast_walk_block(&sc.w, body);
    b->scanning = true;
    /* declarations first: an assignment to an undeclared (outer, parameter)
     * array makes its class unknown */
    PtrMap declared = {0};
    for (int i = 0; i < sc.binds.len; i++)
        if (sc.binds.items[i]->kind != ST_ASSIGN) ptrmap_put(&declared, sc.binds.items[i]->sym, sc.binds.items[i]);
    for (int i = 0; i < sc.binds.len; i++) {
        Stmt *s = sc.binds.items[i];
        Sym *x = s->sym;
        LenClass *c = class_for(b, x);
        Expr *v = s->value;
        Sym *o = ident_sym(v);
        const char *bn = v ? called_builtin(v) : NULL;
        if (!array_atom(x) || !ptrmap_get(&declared, x)) {
            c->unknown = true;
        } else if (o && array_atom(o) && ptrmap_get(&declared, o)) {
            LenClass *d = class_for(b, o);
            if (d != c) {
                d->parent = c;
                c->unknown |= d->unknown;
                if (d->has_len && c->has_len && !lin_eq(&c->len, &d->len)) c->unknown = true;
                if (d->has_len && !c->has_len) {
                    c->len = d->len;
                    c->has_len = true;
                }
            }
        } else if (bn && !strcmp(bn, "array_new") && v->elems.len == 2) {
            Lin l = {0};
            if (!norm(em, v->elems.items[0], 1, &l, false) || !lin_immutable(&l)) c->unknown = true;
            else if (c->has_len && !lin_eq(&c->len, &l)) c->unknown = true;
            else {
                c->len = l;
                c->has_len = true;
            }
        } else {
            c->unknown = true;
        }
    }
    b->scanning = false;
    xfree(sc.binds.items);
    xfree(declared.keys);
    xfree(declared.vals);
}
