/* emit_int_owned.c — `f = f * x`, `f = f + x`, `f = f - x` on an owned Int
 * local: the big result goes into f's own number (rt/int_owned.c).
 *
 * The local's flag o_<name> (emit.c's owned locals) says that f holds a
 * number no other value shares: it is set when f receives a fresh result
 * (a new number, not one of the operands: is_fresh_int, or checked at run
 * time) and cleared by any read of f that may keep it (emit_ident; operands
 * of arithmetic and comparisons keep nothing: emit_operand) and by any
 * other assignment. It is read only while f is big: a small f may keep a
 * stale flag. The right operand is evaluated before the flag is tested,
 * so `f = f * g(f)` is not in place.
 */
#include "emit.h"

static const char *owned_fn(Op op) {
    switch (op) {
    case OP_ADD: return "geno_int_add_owned";
    case OP_SUB: return "geno_int_sub_owned";
    case OP_MUL: return "geno_int_mul_owned";
    default: return NULL;
    }
}

/* + - * / % of two Ints: a new number (or a small one), never an operand. */
bool is_fresh_int(Expr *e) {
    return e && e->kind == EX_BINARY && e->op >= OP_ADD && e->op <= OP_MOD && ty_is(e->ty, TY_INT) &&
           ty_is(e->a->ty, TY_INT) && ty_is(e->b->ty, TY_INT);
}

bool is_self_int_op(Stmt *s) {
    Expr *e = s->value;
    return s->kind == ST_ASSIGN && e && e->kind == EX_BINARY && owned_fn(e->op) && e->a->kind == EX_IDENT &&
           e->a->sym == s->sym && ty_is(e->ty, TY_INT) && ty_is(e->a->ty, TY_INT) && ty_is(e->b->ty, TY_INT);
}

void emit_self_int_op(Emitter *em, Stmt *s) {
    Expr *e = s->value;
    char *f = local_ref(em, s->sym), *flag = owned_flag(s->sym), *L = loc_arg(e->loc);
    const char *op = e->op == OP_ADD ? "ADD" : e->op == OP_SUB ? "SUB" : "MUL";
    int id = ++em->tmp;
    emit_line(em, "{ GenoInt r_%d = %s;", id, emit_expr(em, e->b));
    /* The flag only matters while f is big (every use tests the tag
     * first), so a small result leaves it as it was: cc then knows the
     * flag test is dead on the fast path of GENO_INT_<op> (loop_sum -17%). */
    emit_line(em, "  if (!(%s & 1) && %s) %s = %s(%s, r_%d, %s);", f, flag, f, owned_fn(e->op), f, id, L);
    emit_line(em, "  else { GenoInt l_%d = %s; %s = GENO_INT_%s(l_%d, r_%d, %s); if (!(%s & 1)) %s = %s != l_%d && %s != r_%d; } }",
              id, f, f, op, id, id, L, f, flag, f, id, f, id);
}
