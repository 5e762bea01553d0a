/* emit_listbuild.c — lists appended to by for loops with a trip count.
 *
 * A list variable that a run of statements only appends to is built by a
 * GenoListBuilder (emit_transient.c). The appends of other lists in such
 * loops get a capacity hint: */
#include "emit.h"

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
    LoopLists outer = {em->hint_body, em->hint_left};
    bool ok = !leaves_loop(&s->body);
    em->hint_body = ok ? &s->body : NULL;
    em->hint_left = ok ? xasprintf("n_%d - i_%d", id, id) : NULL;
    return outer;
}

/* After the loop: the outer state back. */
void loop_lists_close(Emitter *em, LoopLists outer) {
    em->hint_body = outer.hint_body;
    em->hint_left = outer.hint_left;
}
