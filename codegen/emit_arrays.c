/* emit_arrays.c — Array[Int] locals whose contents only this body sees.
 *
 * An element load `a[i]` is an unproved Int, so every `a[i] + 1` checks
 * tags and overflow. When an Array[Int] local is made by array_new here and
 * its name is only indexed (`a[i]`, `a[i] = v`, array_length(a)) or copied
 * to another such local (`let t = a`, `a = b`: one class of aliases), no
 * other code can read or write its elements: they are the fill values and
 * the values stored by those statements. emit_ranges.c bounds them from
 * this record. Any other use (an argument, a return, a capture by a
 * lambda, array_set, a for loop over it) and the class is left unbounded.
 */
#include "emit.h"
#include "ast_walk.h"

#include <string.h>

typedef VEC(Sym *) SymList;

typedef struct {
    PtrMap *map;   /* Sym * -> ArrayClass * (em->arrays) */
    int lambda;    /* > 0 inside a lambda */
} Scan;

static bool is_array_int(Type *t) {
    t = ty_resolve(t);
    return t && t->kind == TY_ARRAY && t->nargs == 1 && ty_is(t->args[0], TY_INT);
}

static ArrayClass *root(ArrayClass *c) {
    while (c->parent) c = c->parent;
    return c;
}

static ArrayClass *class_of(Scan *sc, Expr *e) {
    if (!e || e->kind != EX_IDENT || !e->sym) return NULL;
    ArrayClass *c = ptrmap_get(sc->map, e->sym);
    return c ? root(c) : NULL;
}

static void merge(ArrayClass *a, ArrayClass *b) {
    a = root(a);
    b = root(b);
    if (a == b) return;
    b->parent = a;
    a->escapes |= b->escapes;
    for (int i = 0; i < b->fills.len; i++) vec_push(&a->fills, b->fills.items[i]);
    for (int i = 0; i < b->stores.len; i++) vec_push(&a->stores, b->stores.items[i]);
}

static void scan_expr(Scan *sc, Expr *e);
static void scan_block(Scan *sc, StmtList *b);

/* The value bound to or assigned to array local c: another local's class
 * (aliases), array_new(n, fill), or anything else (unknown contents). */
static void bind(Scan *sc, ArrayClass *c, Expr *v) {
    ArrayClass *o = class_of(sc, v);
    const char *b = v ? called_builtin(v) : NULL;
    if (o) {
        merge(c, o);
        return;
    }
    if (b && !strcmp(b, "array_new") && v->elems.len == 2) {
        vec_push(&root(c)->fills, v->elems.items[1]);
        scan_expr(sc, v);
        return;
    }
    root(c)->escapes = true;
    scan_expr(sc, v);
}

static void scan_arms(Scan *sc, MatchArmList *arms) {
    for (int i = 0; i < arms->len; i++) {
        scan_expr(sc, arms->items[i].guard);
        scan_expr(sc, arms->items[i].value);
        scan_block(sc, &arms->items[i].body);
    }
}

static void scan_expr(Scan *sc, Expr *e) {
    if (!e) return;
    ArrayClass *c = class_of(sc, e);
    if (c) {   /* a use not listed above */
        c->escapes = true;
        return;
    }
    if (e->kind == EX_INDEX && !sc->lambda && class_of(sc, e->a)) {
        scan_expr(sc, e->b);
        return;
    }
    const char *b = called_builtin(e);
    if (b && !sc->lambda && !strcmp(b, "array_length") && e->elems.len == 1 && class_of(sc, e->elems.items[0])) return;
    if (e->kind == EX_LAMBDA) sc->lambda++;
    if (e->kind == EX_CALL || e->kind == EX_PIPELINE) {   /* args may sit in both elems and args */
        for (int i = 0; i < e->elems.len; i++) scan_expr(sc, e->elems.items[i]);
        if (!expr_list_has(&e->elems, e->a)) scan_expr(sc, e->a);
        if (!expr_list_has(&e->elems, e->b)) scan_expr(sc, e->b);
        for (int i = 0; i < e->args.len; i++)
            if (!expr_list_has(&e->elems, e->args.items[i].value)) scan_expr(sc, e->args.items[i].value);
    } else {
        scan_expr(sc, e->a);
        scan_expr(sc, e->b);
        scan_expr(sc, e->c);
        for (int i = 0; i < e->elems.len; i++) scan_expr(sc, e->elems.items[i]);
        for (int i = 0; i < e->args.len; i++) scan_expr(sc, e->args.items[i].value);
    }
    for (int i = 0; i < e->params.len; i++) scan_expr(sc, e->params.items[i].default_value);
    for (int i = 0; i < e->fields.len; i++) scan_expr(sc, e->fields.items[i].value);
    scan_arms(sc, &e->arms);
    scan_block(sc, &e->body);
    if (e->kind == EX_LAMBDA) sc->lambda--;
}

static void scan_block(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        ArrayClass *c = s->sym && !s->names.len ? ptrmap_get(sc->map, s->sym) : NULL;
        ArrayClass *t = class_of(sc, s->target);
        if (c && !sc->lambda && (s->kind == ST_LET || s->kind == ST_VAR || s->kind == ST_ASSIGN)) {
            bind(sc, c, s->value);
        } else if (t && !sc->lambda && s->kind == ST_INDEX_ASSIGN) {
            vec_push(&t->stores, s->value);
            scan_expr(sc, s->index);
            scan_expr(sc, s->value);
        } else {
            if (c) root(c)->escapes = true;
            scan_expr(sc, s->target);
            scan_expr(sc, s->index);
            scan_expr(sc, s->value);
        }
        scan_expr(sc, s->cond);
        scan_block(sc, &s->body);
        scan_block(sc, &s->else_body);
        scan_arms(sc, &s->arms);
    }
}

/* Array[Int] lets and vars of body (lambdas' own excluded: their lets are
 * not statements of body). */
static void declare(PtrMap *map, SymList *mine, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        Sym *v = s->sym;
        if ((s->kind == ST_LET || s->kind == ST_VAR) && !s->names.len && v && v->kind == SYM_LOCAL &&
            !v->is_param && !v->captured && !is_boxed(v) && is_array_int(v->ty) && !ptrmap_get(map, v)) {
            ArrayClass *c = xmalloc(sizeof *c);
            ptrmap_put(map, v, c);
            vec_push(mine, v);
        }
        declare(map, mine, &s->body);
        declare(map, mine, &s->else_body);
        for (int j = 0; j < s->arms.len; j++) declare(map, mine, &s->arms.items[j].body);
    }
}

void find_array_classes(Emitter *em, StmtList *body, ArrayClassList *out) {
    Scan sc = {&em->arrays, 0};
    SymList mine = {0};   /* this body's array locals */
    declare(&em->arrays, &mine, body);
    /* No array local here: no symbol of body has a class (a body names its
     * own locals only), so the scan would change nothing. */
    if (mine.len) scan_block(&sc, body);
    for (int i = 0; i < mine.len; i++) {
        ArrayClass *c = root(ptrmap_get(&em->arrays, mine.items[i]));
        if (!c->escapes && !c->listed) {
            c->listed = true;
            vec_push(out, c);
        }
    }
    xfree(mine.items);
}

ArrayClass *array_class(Emitter *em, Expr *e) {
    if (!e || e->kind != EX_IDENT || !e->sym) return NULL;
    ArrayClass *c = ptrmap_get(&em->arrays, e->sym);
    return c && !root(c)->escapes ? root(c) : NULL;
}
