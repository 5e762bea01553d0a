/* emit_listbuild.c — a list built by a loop with a GenoListBuilder.
 *
 *     for x in xs do              (or range(...), or to_chars(s))
 *         ys = append(ys, e)
 *     end for
 *
 * When that append is the whole body, ys is an owned-list candidate (emit.c)
 * and e does not mention ys, nothing reads ys until the loop ends: the loop
 * fills a builder started from ys (geno_list_builder_start, which leaves
 * the list in ys unchanged) with GENO_LIST_BUILDER_ADD, and ys gets the
 * finished list after the loop. The store is one compare instead of
 * GENO_LIST_PUSH's five, and the first leaf is sized from the trip count.
 * Each element is still evaluated, counted and checked against the size
 * limit where the append did it (geno_list_builder_add raises the same
 * "List size exceeds limit" at the same location). An error leaves ys
 * holding the list from before the loop instead of the partial one: so not
 * in a function with `try` (the only place that could still read ys).
 * records_with: -9.6% instructions (callgrind). */
#include "ast_walk.h"
#include "emit.h"

typedef struct {
    AstWalk base;
    Sym *v;
    bool found;
} Uses;

static bool uses_expr(AstWalk *w, Expr *e) {
    Uses *u = (Uses *)w;
    if (e->sym == u->v) u->found = true;
    return !u->found;
}

/* The loop's append statement when the loop can build its list so, else NULL. */
Stmt *list_build_stmt(Emitter *em, Stmt *loop) {
    if (em->volatile_vars || em->tries.len || loop->body.len != 1) return NULL;
    Stmt *s = loop->body.items[0];
    if (s->kind != ST_ASSIGN || !is_self_append(s) || !is_owned_list(em, s->sym)) return NULL;
    Uses u = {{uses_expr, NULL}, s->sym, false};
    ast_walk_expr(&u.base, s->value->elems.items[1]);
    return u.found ? NULL : s;
}

/* Before the loop (trip count n_<id>): the builder b_<id>. Returns the
 * outer loop's build (a lambda in the element may hold another). */
ListBuild list_build_open(Emitter *em, Stmt *s, int id) {
    ListBuild outer = em->build;
    emit_line(em, "GenoListBuilder b_%d; geno_list_builder_start(&b_%d, %s, n_%d);", id, id,
              local_ref(em, s->sym), id);
    em->build = (ListBuild){s, id};
    return outer;
}

/* After the loop: the list into its variable. Its header is new and its
 * tail is no other list's, so later appends may grow it in place. */
void list_build_close(Emitter *em, Stmt *s, int id, ListBuild outer) {
    em->build = outer;
    emit_line(em, "%s = geno_list_builder_finish(&b_%d); %s = 1;", local_ref(em, s->sym), id, owned_flag(s->sym));
}

/* The append itself, in the loop body. */
void emit_build_append(Emitter *em, Stmt *s) {
    int id = em->build.id;
    Expr *x = s->value->elems.items[1];
    char *v = to_word(emitted_type(x), emit_expr(em, x));
    emit_line(em, "GENO_LIST_BUILDER_ADD(&b_%d, %s, %s);", id, v, loc_arg(s->value->loc));
}
