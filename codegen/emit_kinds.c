/* emit_kinds.c — which expression and statement kinds a body holds.
 *
 * Several analyses walk a whole function body looking for one construct
 * (a comprehension, an index, a match). One walk records every kind the
 * body holds, lambdas and nested blocks included (ast_walk's order and
 * reach), and each analysis skips a body without its construct: its walk
 * would find nothing. Cached per body for the program being emitted.
 */
#include "emit.h"
#include "ast_walk.h"

#include <stdint.h>

_Static_assert(EX_HOLE < 32 && ST_ASSERT < 31, "kinds fit the two halves of a 64-bit mask");

typedef struct {
    AstWalk base;   /* first: the callbacks get a KindWalk * */
    uint64_t mask;
} KindWalk;

static bool kind_expr(AstWalk *w, Expr *e) {
    ((KindWalk *)w)->mask |= (uint64_t)1 << e->kind;
    return true;
}

static void kind_stmt(AstWalk *w, Stmt *s) { ((KindWalk *)w)->mask |= (uint64_t)1 << (32 + s->kind); }

static uint64_t body_kinds(Emitter *em, StmtList *body) {
    void *known = ptrmap_get(&em->body_kinds, body);
    if (known) return (uint64_t)(uintptr_t)known;
    KindWalk w = {{kind_expr, kind_stmt}, (uint64_t)1 << 63};   /* bit 63: never 0 once walked */
    ast_walk_block(&w.base, body);
    ptrmap_put(&em->body_kinds, body, (void *)(uintptr_t)w.mask);
    return w.mask;
}

bool body_has_expr(Emitter *em, StmtList *body, ExprKind k) { return (body_kinds(em, body) >> k) & 1; }

bool body_has_stmt(Emitter *em, StmtList *body, StmtKind k) { return (body_kinds(em, body) >> (32 + k)) & 1; }
