/* emit_hof.c — map, filter, fold, all and any with a lambda literal
 * written in the call, as an inline loop.
 *
 * `xs |> map(_, fn(x: Int) -> x * 3 + r)` would allocate a closure and call
 * the lifted lambda through the word ABI once per element (rt/listlib.c).
 * When the function argument is a lambda literal with an expression body,
 * the loop is emitted in place instead: the lambda's parameters become C
 * locals of the loop body, its captures are the enclosing locals under
 * their own C names, and its body is plain C.
 *
 * What the runtime does per element is kept exactly, in the same order:
 * the builtin's step (GENO_STEP with the call's location for map and
 * filter, none for fold, all and any, as listlib.c's CALL1/CALL2), then
 * the lambda's entry (GENO_ENTER at the lambda's location: a step and a
 * recursion level, so E503 and E502 fire at the same element and with the
 * same location), the body, the level given back, and only then the
 * element added to the result (a GenoListBuilder, with its size limit).
 * An error raised in the body unwinds to the enclosing try as it did
 * through the lifted function; the try restores the depth.
 *
 * Not inlined: block-bodied lambdas (they may `return`), bodies with `?`
 * (it returns from the lambda), await or holes, and functions whose depth
 * travels in a register (emit_regrec.c).
 */
#include "emit.h"

#include "ast_walk.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    AstWalk base;
    bool ok;
} Inlinable;

static bool inlinable_expr(AstWalk *w, Expr *e) {
    Inlinable *u = (Inlinable *)w;
    switch (e->kind) {
    case EX_PROPAGATE: case EX_AWAIT: case EX_HOLE:
        u->ok = false;
        return false;
    case EX_LAMBDA:
        return false;   /* another C function (or inlined in turn, checked then) */
    default:
        return true;
    }
}

static void inlinable_stmt(AstWalk *w, Stmt *s) {
    (void)s;
    ((Inlinable *)w)->ok = false;   /* expression bodies hold none; be safe */
}

/* The lambda literal f, if it can be inlined with nargs parameters. */
static Expr *inline_lambda(Expr *f, int nargs) {
    if (!f || f->kind != EX_LAMBDA || !f->a) return NULL;
    Sym *lam = f->sym;
    Type *ft = ty_resolve(f->ty);
    if (!lam || lam->kind != SYM_LAMBDA || !ft || ft->kind != TY_FUNC || lam->nparts != nargs || ft->nargs != nargs)
        return NULL;
    for (int i = 0; i < nargs; i++)
        if (!lam->parts[i] || is_boxed(lam->parts[i])) return NULL;
    Inlinable u = {.base.expr = inlinable_expr, .base.stmt = inlinable_stmt, .ok = true};
    ast_walk_expr(&u.base, f->a);
    return u.ok ? f : NULL;
}

/* The lambda's body as C, with its parameters bound to the C words in
 * args: declarations go to *decl, the value (of the lambda's result type)
 * is returned. Emitted as inside the lifted function, except that the
 * depth is the enclosing body's (em->entered off: calls save and restore
 * it themselves). */
static char *inline_body(Emitter *em, Expr *f, char **args, StrBuf *decl) {
    Sym *lam = f->sym;
    for (int i = 0; i < lam->nparts; i++) {
        Sym *p = lam->parts[i];
        sb_printf(decl, "%s %s = %s; ", c_type(p->ty), local_name(p), from_word(p->ty, args[i]));
    }
    bool saved_in_lambda = em->in_lambda, saved_entered = em->entered;
    em->in_lambda = true;   /* no list windows of the enclosing body inside */
    em->entered = false;
    int floor = bounds_hide(em);
    char *v = emit_expr(em, f->a);
    bounds_unhide(em, floor);
    em->in_lambda = saved_in_lambda;
    em->entered = saved_entered;
    return v;
}

typedef enum { HOF_MAP, HOF_FILTER, HOF_FOLD, HOF_ALL, HOF_ANY } HofKind;

/* The loop over l_<id>'s elements: checked counts each element's steps
 * and level as the runtime's call would; unchecked runs on steps taken
 * at entry (the steps of elements all/any do not reach go back). */
static char *element_loop(Emitter *em, HofKind k, Expr *f, int id, const char *L, bool checked) {
    Type *ft = ty_resolve(f->ty);
    StrBuf sb = {0};
    sb_printf(&sb, "for (int64_t i_%d = 0; i_%d < n_%d; i_%d += k_%d) { "
                   "const GenoWord *c_%d = geno_list_chunk(l_%d, i_%d, &k_%d); "
                   "for (int64_t j_%d = 0, m_%d = k_%d; j_%d < m_%d; j_%d++) { GenoWord x_%d = c_%d[j_%d]; ",
              id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id);
    if (checked)   /* listlib.c's CALL1/CALL2, then the lambda's GENO_ENTER */
        sb_printf(&sb, "GENO_STEP(%s); GENO_ENTER(%s); ", k == HOF_MAP || k == HOF_FILTER ? L : "0", loc_arg(f->loc));
    char *args[2] = {xasprintf("x_%d", id), NULL};
    if (k == HOF_FOLD) {
        args[0] = xasprintf("a_%d", id);
        args[1] = xasprintf("x_%d", id);
    }
    StrBuf decl = {0};
    char *body = inline_body(em, f, args, &decl);
    const char *leave = checked ? "geno_depth_left++; " : "";
    /* the builder's cursor in locals (GENO_LIST_BUF_ADD) */
    char *add = xasprintf("GENO_LIST_BUF_ADD(&b_%d, bc_%d, be_%d, %%s, %s);", id, id, id, L);
    sb_printf(&sb, "{ %s", decl.buf ? decl.buf : "");
    char *r = xasprintf("r_%d", id), *x = xasprintf("x_%d", id);
    switch (k) {
    case HOF_MAP:
        sb_printf(&sb, "GenoWord r_%d = %s; %s", id, to_word(ft->ret, body), leave);
        sb_printf(&sb, add, r);
        sb_puts(&sb, " }");
        break;
    case HOF_FILTER:
        sb_printf(&sb, "int64_t r_%d = %s; %sif (r_%d) { ", id, body, leave, id);
        sb_printf(&sb, add, x);
        sb_puts(&sb, " } }");
        break;
    case HOF_FOLD:
        sb_printf(&sb, "a_%d = %s; %s}", id, to_word(ft->ret, body), leave);
        break;
    default:
        sb_printf(&sb, "int64_t r_%d = %s; %sif (%sr_%d) { q_%d = %d; ", id, body, leave, k == HOF_ALL ? "!" : "", id,
                  id, k == HOF_ALL ? 0 : 1);
        if (!checked) sb_printf(&sb, "geno_steps_left += 2 * (n_%d - i_%d - j_%d - 1); ", id, id, id);
        sb_printf(&sb, "i_%d = n_%d; break; } }", id, id);
        break;
    }
    sb_puts(&sb, " } }");
    free(decl.buf);
    return sb_take(&sb);
}

char *emit_inline_hof(Emitter *em, Expr *e, const char *name) {
    if (em->rr) return NULL;
    HofKind k;
    if (!strcmp(name, "map") || !strcmp(name, "list_map")) k = HOF_MAP;
    else if (!strcmp(name, "filter") || !strcmp(name, "list_filter")) k = HOF_FILTER;
    else if (!strcmp(name, "fold")) k = HOF_FOLD;
    else if (!strcmp(name, "all") || !strcmp(name, "list_all")) k = HOF_ALL;
    else if (!strcmp(name, "any") || !strcmp(name, "list_any")) k = HOF_ANY;
    else return NULL;
    int nel = k == HOF_FOLD ? 3 : 2;
    if (e->elems.len != nel) return NULL;
    Expr *f = inline_lambda(e->elems.items[nel - 1], k == HOF_FOLD ? 2 : 1);
    if (!f) return NULL;
    int id = ++em->tmp;
    char *L = loc_arg(e->loc);
    bool build = k == HOF_MAP || k == HOF_FILTER;
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoList *l_%d = %s; ", id, emit_expr(em, e->elems.items[0]));
    if (k == HOF_FOLD) {
        Expr *init = e->elems.items[1];
        sb_printf(&sb, "GenoWord a_%d = %s; ", id, to_word(emitted_type(init), emit_expr(em, init)));
    }
    if (build)
        sb_printf(&sb, "GenoListBuilder b_%d; geno_list_builder_init(&b_%d); GenoWord *bc_%d = b_%d.cur, *be_%d = b_%d.end; ",
                  id, id, id, id, id, id);
    if (k == HOF_ALL || k == HOF_ANY) sb_printf(&sb, "int64_t q_%d = %d; ", id, k == HOF_ALL);
    sb_printf(&sb, "int64_t n_%d = l_%d->len, k_%d; ", id, id, id);
    /* A body that counts no steps: when the 2n steps (the builtin's and the
     * lambda's entry, per element) are left and one more level is allowed,
     * they are taken at once and the loop runs unchecked, as prepaid loops
     * do (emit_prepaid.c: the same GENO_LOOPS_PREPAID condition, since a
     * caught error would leave the counter short). Such a body calls
     * nothing, so its level is never seen and the depth is left alone. */
    if (step_free_expr(f->a))
        sb_printf(&sb, "if (GENO_LOOPS_PREPAID && geno_depth_left >= 1 && GENO_PREPAID(2 * n_%d)) { %s } else { %s } ", id,
                  element_loop(em, k, f, id, L, false), element_loop(em, k, f, id, L, true));
    else
        sb_printf(&sb, "%s ", element_loop(em, k, f, id, L, true));
    if (build) sb_printf(&sb, "b_%d.cur = bc_%d; geno_list_builder_finish(&b_%d); })", id, id, id);
    else if (k == HOF_FOLD) sb_printf(&sb, "%s; })", from_word(e->ty, xasprintf("a_%d", id)));
    else sb_printf(&sb, "q_%d; })", id);
    return sb_take(&sb);
}
