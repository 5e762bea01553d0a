/* parse_stmt.c — statements.
 *
 * Geno has no statement separators: a statement list runs until a token
 * that closes a block (`end`, `else`, `|`, `catch`, end of file). A
 * statement starts with its keyword (let var if while for match try return
 * break continue); otherwise `name =` is an assignment, `name[`/`name.`
 * starts an expression that may turn into an index or field assignment when
 * `=` follows, and anything else is an expression statement.
 *
 * Block statements close with `end if` / `end while` / `end for` /
 * `end match` / `end try`, optionally followed by a string label. `else if`
 * continues a chain when the `if` is on the `else` line or not indented
 * past the `else`; a more-indented `if` is a nested statement with its own
 * `end if`. A bare `return` is one followed by a block closer or by a token
 * on a later line.
 */
#include "parser.h"

#include <string.h>

StmtList parse_statement_list(Parser *p) {
    StmtList list = {0};
    for (;;) {
        TokKind k = p_kind(p);
        if (k == T_END || k == T_ELSE || k == T_BAR || k == T_CATCH || k == T_EOF)
            return list;
        vec_push(&list, parse_statement(p));
    }
}

static char *optional_label(Parser *p) {
    return p_check(p, T_STRING) ? p_advance(p)->text : NULL;
}

static Stmt *parse_let(Parser *p, StmtKind kind) {
    Stmt *s = new_stmt(kind, p_advance(p)->loc);
    if (p_check(p, T_LPAREN)) {
        p_advance(p);
        vec_push(&s->names, p_expect(p, T_IDENT, "Expected variable name")->text);
        while (p_match(p, T_COMMA))
            vec_push(&s->names, p_expect(p, T_IDENT, "Expected variable name")->text);
        p_expect(p, T_RPAREN, NULL);
        p_expect(p, T_COLON, NULL);
        s->type_ann = parse_type(p);
        p_expect(p, T_ASSIGN, NULL);
        s->value = parse_expression(p);
        return s;
    }
    s->name = p_expect(p, T_IDENT, NULL)->text;
    if (p_match(p, T_COLON)) s->type_ann = parse_type(p);
    p_expect(p, T_ASSIGN, NULL);
    s->value = parse_expression(p);
    return s;
}

/* An `if` with its whole `else if` chain. The chain is built in a loop, not
 * by recursion, so a long chain cannot exhaust the C stack; only the first
 * `if` consumes `end if`. */
#define MAX_ELIF_CHAIN 500

static Stmt *parse_if(Parser *p) {
    Stmt *first = NULL, *s = NULL;
    for (int links = 1;; links++) {
        /* The reference parses `else if` by recursion and refuses a long
         * chain with E204 (its recursion limit: from 327 links under `geno
         * run`, about 600 through its API). genoc would compile any length,
         * but the C nests a block per link: 10,000 links made 800 MB of C. */
        if (links > MAX_ELIF_CHAIN)
            p_raise(p, "E204", p_cur(p)->loc,
                    "Statement nesting is too deep to compile (an `else if` chain of more than %d links)",
                    MAX_ELIF_CHAIN);
        Stmt *n = new_stmt(ST_IF, p_cur(p)->loc);
        if (s) {
            n->is_elif = true;
            vec_push(&s->else_body, n);
        } else {
            first = n;
        }
        s = n;
        p_expect(p, T_IF, NULL);
        s->cond = parse_expression(p);
        p_expect(p, T_THEN, NULL);
        s->body = parse_statement_list(p);
        if (!p_check(p, T_ELSE)) break;
        Token *else_tok = p_advance(p);
        bool else_if = p_check(p, T_IF) && (p_cur(p)->loc.line == else_tok->loc.line ||
                                          p_cur(p)->loc.col <= else_tok->loc.col);
        if (!else_if) {
            s->else_body = parse_statement_list(p);
            break;
        }
    }
    p_expect(p, T_END, NULL);
    p_expect(p, T_IF, NULL);
    first->label = optional_label(p);
    return first;
}

static Stmt *parse_while(Parser *p) {
    Stmt *s = new_stmt(ST_WHILE, p_cur(p)->loc);
    p_expect(p, T_WHILE, NULL);
    s->cond = parse_expression(p);
    p_expect(p, T_DO, NULL);
    s->body = parse_statement_list(p);
    p_expect(p, T_END, NULL);
    p_expect(p, T_WHILE, NULL);
    s->label = optional_label(p);
    return s;
}

static Stmt *parse_for(Parser *p) {
    Stmt *s = new_stmt(ST_FOR, p_cur(p)->loc);
    p_expect(p, T_FOR, NULL);
    s->name = p_expect(p, T_IDENT, NULL)->text;
    p_expect(p, T_COLON, NULL);
    s->type_ann = parse_type(p);
    p_expect(p, T_IN, NULL);
    s->value = parse_expression(p);
    p_expect(p, T_DO, NULL);
    s->body = parse_statement_list(p);
    p_expect(p, T_END, NULL);
    p_expect(p, T_FOR, NULL);
    s->label = optional_label(p);
    return s;
}

static Stmt *parse_try(Parser *p) {
    Stmt *s = new_stmt(ST_TRY, p_cur(p)->loc);
    p_expect(p, T_TRY, NULL);
    s->body = parse_statement_list(p);
    s->catch_loc = p_cur(p)->loc;
    p_expect(p, T_CATCH, NULL);
    s->catch_name = p_expect(p, T_IDENT, NULL)->text;
    p_expect(p, T_COLON, NULL);
    s->type_ann = parse_type(p);
    s->else_body = parse_statement_list(p);
    p_expect(p, T_END, NULL);
    p_expect(p, T_TRY, NULL);
    return s;
}

/* `when` is not a keyword: it is an identifier spelled "when" after a
 * pattern. */
Expr *parse_guard(Parser *p) {
    if (p_check(p, T_IDENT) && strcmp(p_cur(p)->text, "when") == 0) {
        p_advance(p);
        return parse_expression(p);
    }
    return NULL;
}

static Stmt *parse_match(Parser *p) {
    Stmt *s = new_stmt(ST_MATCH, p_cur(p)->loc);
    p_expect(p, T_MATCH, NULL);
    s->value = parse_expression(p);
    p_expect(p, T_WITH, NULL);
    while (p_match(p, T_BAR)) {
        MatchArm arm = {0};
        arm.loc = p_cur(p)->loc;
        arm.pattern = parse_pattern(p);
        arm.guard = parse_guard(p);
        p_expect(p, T_ARROW, NULL);
        arm.body = parse_statement_list(p);
        if (arm.body.len == 0) p_error(p, "Match arm body must contain at least one statement");
        vec_push(&s->arms, arm);
    }
    if (s->arms.len == 0) p_error(p, "Match must have at least one arm (each arm starts with '|')");
    p_expect(p, T_END, NULL);
    p_expect(p, T_MATCH, NULL);
    s->label = optional_label(p);
    return s;
}

static Stmt *parse_return(Parser *p) {
    Token *ret = p_advance(p);
    Stmt *s = new_stmt(ST_RETURN, ret->loc);
    TokKind k = p_kind(p);
    if (k == T_END || k == T_ELSE || k == T_BAR || k == T_CATCH || k == T_EOF ||
        p_cur(p)->loc.line > ret->loc.line)
        return s;
    s->value = parse_expression(p);
    return s;
}

/* `a[i] = v`, `a.f = v`, or an expression statement starting `a[`/`a.`. */
static Stmt *parse_compound_assign_or_expr(Parser *p) {
    SrcLoc loc = p_cur(p)->loc;
    Expr *e = parse_expression(p);
    if (!p_match(p, T_ASSIGN)) {
        Stmt *s = new_stmt(ST_EXPR, loc);
        s->value = e;
        return s;
    }
    Expr *value = parse_expression(p);
    if (e->kind == EX_INDEX) {
        Stmt *s = new_stmt(ST_INDEX_ASSIGN, loc);
        s->target = e->a;
        s->index = e->b;
        s->value = value;
        return s;
    }
    if (e->kind == EX_FIELD) {
        Stmt *s = new_stmt(ST_FIELD_ASSIGN, loc);
        s->target = e->a;
        s->name = e->name;
        s->value = value;
        return s;
    }
    p_error(p, "Invalid assignment target: only variables, fields (x.field), "
               "and indices (x[i]) can be assigned to");
}

static Stmt *parse_block_statement(Parser *p) {
    switch (p_kind(p)) {
    case T_IF: return parse_if(p);
    case T_WHILE: return parse_while(p);
    case T_FOR: return parse_for(p);
    case T_TRY: return parse_try(p);
    default: return parse_match(p);
    }
}

Stmt *parse_statement(Parser *p) {
    TokKind k = p_kind(p);
    switch (k) {
    case T_LET: return parse_let(p, ST_LET);
    case T_VAR: return parse_let(p, ST_VAR);
    case T_IF: case T_WHILE: case T_FOR: case T_MATCH: case T_TRY: {
        depth_enter(p, "Statement", true);
        Stmt *s = parse_block_statement(p);
        p->depth--;
        return s;
    }
    case T_RETURN: return parse_return(p);
    case T_BREAK: return new_stmt(ST_BREAK, p_advance(p)->loc);
    case T_CONTINUE: return new_stmt(ST_CONTINUE, p_advance(p)->loc);
    default: break;
    }
    TokKind next = p_peek(p, 1)->kind;
    if (k == T_IDENT && next == T_ASSIGN) {
        Stmt *s = new_stmt(ST_ASSIGN, p_cur(p)->loc);
        s->name = p_advance(p)->text;
        p_advance(p);
        s->value = parse_expression(p);
        return s;
    }
    if (k == T_IDENT && (next == T_LBRACKET || next == T_DOT))
        return parse_compound_assign_or_expr(p);
    Stmt *s = new_stmt(ST_EXPR, p_cur(p)->loc);
    s->value = parse_expression(p);
    return s;
}

Stmt *parse_assert_statement(Parser *p) {
    Stmt *s = new_stmt(ST_ASSERT, p_cur(p)->loc);
    p_expect(p, T_ASSERT, NULL);
    s->value = parse_expression(p);
    return s;
}
