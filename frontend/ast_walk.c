/* ast_walk.c — see ast_walk.h. */
#include "ast_walk.h"

static void walk_arms(AstWalk *w, MatchArmList *arms) {
    for (int i = 0; i < arms->len; i++) {
        ast_walk_expr(w, arms->items[i].guard);
        ast_walk_expr(w, arms->items[i].value);
        ast_walk_block(w, &arms->items[i].body);
    }
}

void ast_walk_children(AstWalk *w, Expr *e, Expr *skip) {
    switch (e->kind) {   /* the parser gives these a (and b) only, and nothing adds more */
    case EX_BINARY:
    case EX_INDEX:
        if (e->a != skip) ast_walk_expr(w, e->a);
        if (e->b != skip) ast_walk_expr(w, e->b);
        return;
    case EX_UNARY:
    case EX_FIELD:
        if (e->a != skip) ast_walk_expr(w, e->a);
        return;
    default:
        if (expr_is_leaf(e)) return;
        break;
    }
    if (e->a != skip) ast_walk_expr(w, e->a);
    if (e->b != skip) ast_walk_expr(w, e->b);
    if (e->c != skip) ast_walk_expr(w, e->c);
    for (int i = 0; i < e->elems.len; i++) ast_walk_expr(w, e->elems.items[i]);
    for (int i = 0; i < e->args.len; i++) ast_walk_expr(w, e->args.items[i].value);
    for (int i = 0; i < e->params.len; i++) ast_walk_expr(w, e->params.items[i].default_value);
    for (int i = 0; i < e->fields.len; i++) ast_walk_expr(w, e->fields.items[i].value);
    walk_arms(w, &e->arms);
    ast_walk_block(w, &e->body);
}

void ast_walk_expr(AstWalk *w, Expr *e) {
    if (e && w->expr(w, e) && !expr_is_leaf(e)) ast_walk_children(w, e, NULL);
}

void ast_walk_stmt(AstWalk *w, Stmt *s) {
    if (w->stmt) w->stmt(w, s);
    ast_walk_expr(w, s->target);
    ast_walk_expr(w, s->index);
    ast_walk_expr(w, s->value);
    ast_walk_expr(w, s->cond);
    ast_walk_block(w, &s->body);
    ast_walk_block(w, &s->else_body);
    walk_arms(w, &s->arms);
}

void ast_walk_block(AstWalk *w, StmtList *b) {
    for (int i = 0; i < b->len; i++) ast_walk_stmt(w, b->items[i]);
}

bool expr_list_has(const ExprList *l, const Expr *x) {
    for (int i = 0; i < l->len; i++)
        if (l->items[i] == x) return true;
    return false;
}

typedef struct {
    AstWalk base;
    const void *sym;
    bool found;
} Mentions;

static bool mentions_expr(AstWalk *w, Expr *e) {
    Mentions *m = (Mentions *)w;
    if (e->sym == m->sym) m->found = true;
    return !m->found;
}

bool expr_mentions(Expr *e, const void *sym) {
    Mentions m = {{mentions_expr, NULL}, sym, false};
    ast_walk_expr(&m.base, e);
    return m.found;
}
