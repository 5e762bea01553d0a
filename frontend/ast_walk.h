/* ast_walk.h — a pre-order walk over every expression below a block.
 *
 * Analyses that only need to see each expression (and sometimes each
 * statement) embed an AstWalk as their first member and fill in its
 * callbacks, instead of each repeating the recursion over the AST's child
 * fields. Children are visited in source order: a, b, c, elems, call
 * arguments, lambda parameter defaults, `with` fields, match arms (guard,
 * value, body), then a lambda's block body.
 */
#ifndef GENO_AST_WALK_H
#define GENO_AST_WALK_H

#include <stdbool.h>

#include "ast.h"

typedef struct AstWalk AstWalk;
struct AstWalk {
    /* Each expression before its children; false: skip them (the callback
     * may walk them itself with ast_walk_children). */
    bool (*expr)(AstWalk *w, Expr *e);
    /* Each statement before its parts, or NULL. */
    void (*stmt)(AstWalk *w, Stmt *s);
};

/* Kinds the parser makes without child expressions, lists or blocks (and
 * nothing adds any later): walks skip their child fields, which sit two
 * and three cache lines into the node. */
#define EXPR_LEAF_KINDS                                                                           \
    ((1u << EX_INT) | (1u << EX_FLOAT) | (1u << EX_STRING) | (1u << EX_BOOL) | (1u << EX_IDENT) | \
     (1u << EX_TYPE_IDENT) | (1u << EX_PLACEHOLDER))
_Static_assert(EX_HOLE < 32, "EXPR_LEAF_KINDS is a 32-bit mask");

static inline bool expr_is_leaf(const Expr *e) { return (EXPR_LEAF_KINDS >> e->kind) & 1u; }

void ast_walk_expr(AstWalk *w, Expr *e);    /* e itself and all below it; e may be NULL */
/* Everything below e except the subtree of skip (NULL: none). */
void ast_walk_children(AstWalk *w, Expr *e, Expr *skip);
void ast_walk_block(AstWalk *w, StmtList *b);
void ast_walk_stmt(AstWalk *w, Stmt *s);   /* s's expressions and blocks */

/* Whether x is one of l's items (a call's arguments may also sit in a, b). */
bool expr_list_has(const ExprList *l, const Expr *x);

/* Whether e or any expression below it resolves to the symbol sym. */
bool expr_mentions(Expr *e, const void *sym);

#endif
