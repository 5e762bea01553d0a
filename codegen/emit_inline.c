/* emit_inline.c — tiny leaf functions inlined by cc.
 *
 * spectral_norm calls `a(i, j)`, one arithmetic return, in its inner loop;
 * cc judged the body (GENO_ENTER_KEEP's checks, the cold paths) too big to
 * inline, so every iteration paid a call, and the caller's Float sum lived
 * in memory across it. A function whose body is a single `return e`, with
 * no call of a user function, lambda or match in e, is emitted
 * GENO_INLINE_LEAF (always_inline under cc). Inlining keeps the C
 * semantics: the callee still counts its step and its depth.
 */
#include "emit.h"
#include "ast_walk.h"

typedef struct {
    AstWalk w;
    bool ok;
} Leaf;

static bool leaf_expr(AstWalk *w, Expr *e) {
    Leaf *l = (Leaf *)w;
    Sym *s = e->sym;
    if (e->kind == EX_LAMBDA || e->kind == EX_MATCH || e->kind == EX_PIPELINE) l->ok = false;
    if (e->kind == EX_CALL && !(s && s->kind == SYM_BUILTIN)) l->ok = false;
    return l->ok;
}

static void leaf_stmt(AstWalk *w, Stmt *s) {
    (void)s;
    ((Leaf *)w)->ok = false;
}

bool inline_leaf(Def *f) {
    if (!f || f->kind != DEF_FUNC || f->body.len != 1 || f->requires_.len || f->ensures.len) return false;
    Stmt *r = f->body.items[0];
    if (r->kind != ST_RETURN || !r->value) return false;
    Leaf l = {{leaf_expr, leaf_stmt}, true};
    ast_walk_expr(&l.w, r->value);
    return l.ok;
}
