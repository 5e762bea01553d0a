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

/* The loop's append statement when the loop can build its list so, else NULL. */
static Stmt *list_build_stmt(Emitter *em, Stmt *loop) {
    if (em->volatile_vars || em->tries.len || loop->body.len != 1) return NULL;
    Stmt *s = loop->body.items[0];
    if (s->kind != ST_ASSIGN || !is_self_append(s) || !is_owned_list(em, s->sym)) return NULL;
    return expr_mentions(s->value->elems.items[1], s->sym) ? NULL : s;
}

/* Before the loop (trip count n_<id>): the builder b_<id>, filled by s. */
static void list_build_open(Emitter *em, Stmt *s, int id) {
    emit_line(em, "GenoListBuilder b_%d; geno_list_builder_start(&b_%d, %s, n_%d);", id, id,
              local_ref(em, s->sym), id);
    em->build = (ListBuild){s, id};
}

/* After the loop: the list into its variable. Its header is new and its
 * tail is no other list's, so later appends may grow it in place. */
static void list_build_close(Emitter *em, Stmt *s, int id) {
    emit_line(em, "%s = geno_list_builder_finish(&b_%d); %s = 1;", local_ref(em, s->sym), id, owned_flag(s->sym));
}

/* The append itself, in the loop body. */
void emit_build_append(Emitter *em, Stmt *s) {
    int id = em->build.id;
    Expr *x = s->value->elems.items[1];
    char *v = to_word(emitted_type(x), emit_expr(em, x));
    emit_line(em, "GENO_LIST_BUILDER_ADD(&b_%d, %s, %s);", id, v, loc_arg(s->value->loc));
}

/* The other case, `for x in xs do ... ys = append(ys, f(x)) ... end for`:
 * an append that is a statement of the body itself (not inside an if or a
 * nested loop) of a for loop with a trip count and without break, continue
 * or return runs once per iteration left, so the first one makes a leaf
 * for that many elements (up to 32, geno_list_append_sized) instead of
 * growing it 4 -> 8 -> 16 -> 32. The count is a capacity hint only (an
 * error leaving the loop early wastes at most that leaf's free slots), so
 * limit errors fire where they did. records_with: -7% instructions. */
static bool leaves_loop(StmtList *body) {
    for (int i = 0; i < body->len; i++) {
        Stmt *s = body->items[i];
        if (s->kind == ST_BREAK || s->kind == ST_CONTINUE || s->kind == ST_RETURN) return true;
        if (leaves_loop(&s->body) || leaves_loop(&s->else_body)) return true;
        for (int j = 0; j < s->arms.len; j++)
            if (leaves_loop(&s->arms.items[j].body)) return true;
    }
    return false;
}

bool in_sized_body(Emitter *em, Stmt *s) {
    if (!em->hint_body) return false;
    for (int i = 0; i < em->hint_body->len; i++)
        if (em->hint_body->items[i] == s) return true;
    return false;
}

/* Before a for loop with index i_<id> and trip count n_<id>: its builder
 * or its sized first append. Returns what the enclosing loop had (a
 * lambda in the element may build another list). */
LoopLists loop_lists_open(Emitter *em, Stmt *s, int id) {
    LoopLists outer = {id, em->hint_body, em->hint_left, em->build};
    bool ok = !leaves_loop(&s->body);
    em->hint_body = ok ? &s->body : NULL;
    em->hint_left = ok ? xasprintf("n_%d - i_%d", id, id) : NULL;
    Stmt *bs = list_build_stmt(em, s);
    if (bs) list_build_open(em, bs, id);
    return outer;
}

/* After the loop: its built list into its variable, the outer state back. */
void loop_lists_close(Emitter *em, LoopLists outer) {
    if (em->build.stmt && em->build.id == outer.id) list_build_close(em, em->build.stmt, outer.id);
    em->build = outer.build;
    em->hint_body = outer.hint_body;
    em->hint_left = outer.hint_left;
}
