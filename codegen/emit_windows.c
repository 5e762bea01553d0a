/* emit_windows.c — l[i] in loops through a cached window of l's leaf.
 *
 * A list is a persistent vector (rt/list.c): l[i] checks i against the
 * length, then finds i's leaf (inline for the tail, a call walking the trie
 * otherwise). Loops such as merge's `while i < na and j < nb do ... a[i]
 * ... b[j]` read consecutive elements of lists that do not change. For such
 * a list variable the function keeps three C locals, a window: kc_ points
 * at element ks_ of the list and [ks_, ke_) are indexes in one leaf, all
 * within [0, length). GENO_LIST_AT (geno/rt.h) reads l[i] for an i in the
 * window with one compare and one load; any other i (outside, negative,
 * big, out of range) goes to geno_list_window, which refills the window or
 * raises E401 exactly as geno_list_index does.
 *
 * The window is valid while the variable holds the same list, and a list's
 * elements never change (in-place appends only fill slots past every
 * version's length; in-place sets work on copies the owner made). So the
 * variables taken are those whose C variable is assigned only at its
 * declaration:
 *   - parameters of the function being emitted (not of a lambda), and
 *   - single-name `let`s of its body (not in a lambda), not boxed,
 * that are indexed inside a loop of that body (while, for, comprehension).
 * The window is declared beside the variable (function entry, or right
 * after the `let`), so it starts empty wherever the variable is (re)bound.
 * A lambda's body is another C function: it never uses the windows. A
 * function with `try` gets none (locals changed before a longjmp would be
 * indeterminate after it).
 *
 * A single-name `var` gets a window too, valid only inside a loop that
 * never assigns it (list_append's read-back `while j < n do ... xs[j]`):
 * the window is declared with the var and emptied (kn_ = 0) before each
 * such loop; elsewhere, and in loops that assign it, its reads take the
 * ordinary path. Without assignment the var holds one list for the whole
 * loop, so the window stays right; appends to other lists sharing its
 * leaves only fill slots past its length.
 */
#include "ast_walk.h"
#include "emit.h"

typedef struct {
    AstWalk base;
    Emitter *em;
    int loops;          /* loops around the expression being walked */
    PtrMap decls;       /* lets of the body that could have a window */
} Scan;

static void scan_block(Scan *sc, StmtList *b);

static bool indexed_list(Expr *e) {
    return e->kind == EX_INDEX && e->a && e->a->kind == EX_IDENT && e->a->sym && ty_is(e->a->ty, TY_LIST);
}

static bool scan_expr(AstWalk *aw, Expr *e) {
    Scan *sc = (Scan *)aw;
    if (e->kind == EX_LAMBDA) return false;
    if (e->kind == EX_LIST_COMP) {   /* b once; a and c per element */
        ast_walk_expr(aw, e->b);
        sc->loops++;
        ast_walk_expr(aw, e->a);
        ast_walk_expr(aw, e->c);
        sc->loops--;
        return false;
    }
    if (sc->loops > 0 && indexed_list(e)) {
        Sym *v = e->a->sym;
        bool param = v->is_param && !v->is_lambda_param;
        if (v->kind == SYM_LOCAL && !is_boxed(v) && (param || ptrmap_get(&sc->decls, v))) {
            ptrmap_put(&sc->em->windows, v, v);
            bool listed = false;
            for (int i = 0; i < sc->em->window_params.len; i++) listed |= sc->em->window_params.items[i] == v;
            if (param && !listed) vec_push(&sc->em->window_params, v);
        }
    }
    return true;
}

static void scan_stmt(Scan *sc, Stmt *s) {
    Sym *v = s->sym;
    if ((s->kind == ST_LET || s->kind == ST_VAR) && !s->names.len && v && v->kind == SYM_LOCAL && !v->is_param &&
        !is_boxed(v) && ty_is(v->ty, TY_LIST))
        ptrmap_put(&sc->decls, v, v);
    bool loop = s->kind == ST_WHILE || s->kind == ST_FOR;
    AstWalk *aw = &sc->base;
    ast_walk_expr(aw, s->target);
    ast_walk_expr(aw, s->index);
    ast_walk_expr(aw, s->value);    /* a for loop's list: once */
    if (loop) sc->loops++;
    ast_walk_expr(aw, s->cond);     /* a while's condition: per iteration */
    scan_block(sc, &s->body);
    if (loop) sc->loops--;
    scan_block(sc, &s->else_body);
    for (int i = 0; i < s->arms.len; i++) {
        ast_walk_expr(aw, s->arms.items[i].guard);
        ast_walk_expr(aw, s->arms.items[i].value);
        scan_block(sc, &s->arms.items[i].body);
    }
}

/* Statements in order: a let is declared before its uses. */
static void scan_block(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) scan_stmt(sc, b->items[i]);
}

void find_list_windows(Emitter *em, StmtList *body) {
    em->window_params.len = 0;
    if (em->volatile_vars || !body_has_expr(em, body, EX_INDEX)) return;   /* windows serve l[i] only */
    Scan sc = {.base.expr = scan_expr, .em = em};
    scan_block(&sc, body);
}

static bool has_window(Emitter *em, Sym *v) {
    return v && !em->in_lambda && ptrmap_get(&em->windows, v) != NULL;
}

void declare_list_window(Emitter *em, Sym *v) {
    if (!has_window(em, v)) return;
    char *n = local_name(v);
    emit_line(em, "const GenoWord *kc_%s = 0; int64_t ks_%s = 0, kn_%s = 0;", n, n, n);
}

void declare_param_windows(Emitter *em) {
    for (int i = 0; i < em->window_params.len; i++) declare_list_window(em, em->window_params.items[i]);
}

static bool live_var_window(Emitter *em, Sym *v) {
    for (int i = 0; i < em->live_var_windows.len; i++)
        if (em->live_var_windows.items[i] == v) return true;
    return false;
}

/* Walks a loop for the `var`s with a window that it indexes
 * (assign_count then tells which of them the loop leaves alone). */
typedef struct {
    AstWalk base;
    Emitter *em;
    VEC(Sym *) indexed;
} VarUses;

static bool var_uses_expr(AstWalk *aw, Expr *e) {
    VarUses *u = (VarUses *)aw;
    if (e->kind == EX_LAMBDA) return false;   /* another C function */
    Sym *v = indexed_list(e) ? e->a->sym : NULL;
    if (v && v->is_mutable && has_window(u->em, v)) vec_push(&u->indexed, v);
    return true;
}

int open_var_windows(Emitter *em, Stmt *loop) {
    int mark = em->live_var_windows.len;
    if (em->in_lambda) return mark;
    VarUses u = {.base.expr = var_uses_expr, .em = em};
    ast_walk_stmt(&u.base, loop);
    for (int i = 0; i < u.indexed.len; i++) {
        Sym *v = u.indexed.items[i];
        if (live_var_window(em, v) || assign_count(&loop->body, v)) continue;
        emit_line(em, "kn_%s = 0;", local_name(v));
        vec_push(&em->live_var_windows, v);
    }
    xfree(u.indexed.items);
    return mark;
}

void close_var_windows(Emitter *em, int mark) { em->live_var_windows.len = mark; }

char *emit_list_window_index(Emitter *em, Expr *e, const char *index) {
    if (!indexed_list(e) || !has_window(em, e->a->sym)) return NULL;
    Sym *v = e->a->sym;
    if (v->is_mutable && !live_var_window(em, v)) return NULL;
    char *n = local_name(v);
    return xasprintf("GENO_LIST_AT(%s, %s, kc_%s, ks_%s, kn_%s, %s)", local_ref(em, v), index, n, n, n,
                     loc_arg(e->loc));
}
