/* emit_leave.c — which named functions undo their own depth entry.
 *
 * By default a named function leaves geno_depth_left as its deepest entry
 * set it and its callers put their own depth back after the call, so that
 * `return g(...)` can be a C tail call (emit_call). A function with no such
 * return gains nothing from that: it ends each return with GENO_LEAVE()
 * instead (one add to memory), and its direct callers store nothing after
 * the call. The caller then keeps no depth in a callee-saved register
 * across the call, and a leaf saves its prologue's pushes (fib's calls
 * cost a third fewer instructions). The depth at every entry is the same
 * either way, so E502 fires exactly where it did. Callers that do put the
 * depth back (trampolines, examples, the entry) stay right: they store
 * the value the callee already restored.
 */
#include "emit.h"

/* Some `return` in body returns a direct call of a named function. */
static bool has_call_return(StmtList *body) {
    for (int i = 0; i < body->len; i++) {
        Stmt *s = body->items[i];
        if (s->kind == ST_RETURN && s->value && (s->value->kind == EX_CALL || s->value->kind == EX_PIPELINE)) {
            Sym *c = s->value->sym;
            if (c && c->kind == SYM_FUNC) return true;
        }
        if (has_call_return(&s->body) || has_call_return(&s->else_body)) return true;
        for (int j = 0; j < s->arms.len; j++)
            if (has_call_return(&s->arms.items[j].body)) return true;
    }
    return false;
}

#define LEAVES ((void *)1)
#define KEEPS ((void *)2)

bool leaves_depth(Emitter *em, Def *f) {
    if (!f || !f->sym || f->kind != DEF_FUNC || f->is_async || tuple_out_arity(f)) return false;
    void *known = ptrmap_get(&em->leaving, f);
    if (known) return known == LEAVES;
    bool leaves = !has_call_return(&f->body);
    ptrmap_put(&em->leaving, f, leaves ? LEAVES : KEEPS);
    return leaves;
}
