/* parse_expr.c — expressions.
 *
 * Precedence, loosest first (as in the reference parser):
 *
 *   |>                  pipeline stages, left to right
 *   or, and             left-associative
 *   not                 prefix
 *   == != < > <= >=     non-associative: `a < b < c` is an error
 *   ^  &  << >>  + -  * / %     left-associative, in that order
 *   **                  right-associative
 *   - ~                 prefix, binding tighter than **  (-2 ** 2 == 4)
 *   postfix             call (…), index […], field .name, propagate ?,
 *                       and finally one optional `with (field: v, …)`
 *   primary             literals, names, constructors, lists and list
 *                       comprehensions, tuples and (), lambdas, match,
 *                       throw, await, typed holes ?name: T where e
 *
 * Locations follow the reference: a binary, call, index, field, pipeline
 * or `with` node is located at its left operand; a unary node at its
 * operand (the token after the operator).
 *
 * F-string interpolations are lexed and parsed by a fresh sub-parser; any
 * error inside one is re-reported as E200 at its true position.
 */
#include "parser.h"

#include <string.h>

static Expr *parse_logical(Parser *p, int min_prec);

static Expr *binary(Op op, Expr *l, Expr *r) {
    Expr *e = new_expr(EX_BINARY, l->loc);
    e->op = op;
    e->a = l;
    e->b = r;
    return e;
}

static void push_arg(CallArgList *args, char *name, SrcLoc name_loc, Expr *value) {
    CallArg a = {name, name_loc, value};
    vec_push(args, a);
}

Expr *parse_expression(Parser *p) {
    depth_enter(p, "Expression", true);
    Expr *e = parse_logical(p, 1);
    if (p_check(p, T_PIPE)) {
        SrcLoc loc = e->loc;
        while (p_match(p, T_PIPE)) {
            Expr *pe = new_expr(EX_PIPELINE, loc);
            pe->a = e;
            Expr *fn = parse_primary(p);
            while (p_match(p, T_DOT)) {
                Expr *f = new_expr(EX_FIELD, fn->loc);
                f->a = fn;
                f->name = p_expect(p, T_IDENT, NULL)->text;
                fn = f;
            }
            pe->b = fn;
            if (p_match(p, T_LPAREN)) {
                if (!p_check(p, T_RPAREN)) {
                    do {
                        SrcLoc aloc = p_cur(p)->loc;
                        Expr *arg = p_match(p, T_UNDERSCORE)
                            ? new_expr(EX_PLACEHOLDER, aloc) : parse_expression(p);
                        push_arg(&pe->args, NULL, aloc, arg);
                    } while (p_match(p, T_COMMA));
                }
                p_expect(p, T_RPAREN, NULL);
            } else {
                pe->no_parens = true;
            }
            e = pe;
        }
    }
    p->depth--;
    return e;
}

/* ---- operators ------------------------------------------------------------- */

static Expr *parse_not(Parser *p);
static Expr *parse_infix(Parser *p, int min_prec);
static Expr *parse_unary(Parser *p);
static Expr *parse_postfix(Parser *p);

static Expr *parse_logical(Parser *p, int min_prec) {
    Expr *left = parse_not(p);
    for (;;) {
        TokKind k = p_kind(p);
        int prec = k == T_OR ? 1 : k == T_AND ? 2 : 0;
        if (!prec || prec < min_prec) return left;
        p_advance(p);
        Expr *right = parse_logical(p, prec + 1);
        left = binary(k == T_OR ? OP_OR : OP_AND, left, right);
    }
}

static Expr *unary_node(Parser *p, Op op, Expr *(*operand)(Parser *)) {
    p_advance(p);
    depth_enter(p, "Expression", true);
    Expr *e = new_expr(EX_UNARY, p_cur(p)->loc);
    e->op = op;
    e->a = operand(p);
    p->depth--;
    return e;
}

static Expr *parse_not(Parser *p) {
    if (p_check(p, T_NOT)) return unary_node(p, OP_NOT, parse_not);
    return parse_infix(p, 1);
}

static int infix_prec(TokKind k, Op *op) {
    switch (k) {
    case T_EQ: *op = OP_EQ; return 1;
    case T_NEQ: *op = OP_NE; return 1;
    case T_LT: *op = OP_LT; return 1;
    case T_GT: *op = OP_GT; return 1;
    case T_LTE: *op = OP_LE; return 1;
    case T_GTE: *op = OP_GE; return 1;
    case T_CARET: *op = OP_BXOR; return 2;
    case T_AMP: *op = OP_BAND; return 3;
    case T_LSHIFT: *op = OP_SHL; return 4;
    case T_RSHIFT: *op = OP_SHR; return 4;
    case T_PLUS: *op = OP_ADD; return 5;
    case T_MINUS: *op = OP_SUB; return 5;
    case T_STAR: *op = OP_MUL; return 6;
    case T_SLASH: *op = OP_DIV; return 6;
    case T_PERCENT: *op = OP_MOD; return 6;
    case T_DOUBLESTAR: *op = OP_POW; return 7;
    default: return 0;
    }
}

static Expr *parse_nested_infix(Parser *p, int min_prec) {
    depth_enter(p, "Expression", true);
    Expr *e = parse_infix(p, min_prec);
    p->depth--;
    return e;
}

static Expr *parse_infix(Parser *p, int min_prec) {
    Expr *left = parse_unary(p);
    for (;;) {
        Op op;
        TokKind k = p_kind(p);
        int prec = infix_prec(k, &op);
        if (!prec || prec < min_prec) return left;
        p_advance(p);
        if (prec == 1) {
            Expr *right = parse_nested_infix(p, prec + 1);
            Op dummy;
            if (infix_prec(p_kind(p), &dummy) == 1)
                p_error(p, "Comparison chaining is not supported; "
                           "write 'a < b and b < c' instead");
            return binary(op, left, right);
        }
        Expr *right = parse_nested_infix(p, k == T_DOUBLESTAR ? prec : prec + 1);
        left = binary(op, left, right);
    }
}

static Expr *parse_unary(Parser *p) {
    if (p_check(p, T_TILDE)) return unary_node(p, OP_BNOT, parse_unary);
    if (p_check(p, T_MINUS)) return unary_node(p, OP_NEG, parse_unary);
    return parse_postfix(p);
}

/* ---- postfix ---------------------------------------------------------------- */

static Expr *parse_with(Parser *p, Expr *target) {
    Expr *e = new_expr(EX_WITH, target->loc);
    e->a = target;
    p_expect(p, T_WITH, NULL);
    p_expect(p, T_LPAREN, NULL);
    if (!p_check(p, T_RPAREN)) {
        do {
            FieldInit fi = {0};
            fi.loc = p_cur(p)->loc;
            fi.name = p_expect(p, T_IDENT, NULL)->text;
            p_expect(p, T_COLON, NULL);
            fi.value = parse_expression(p);
            vec_push(&e->fields, fi);
        } while (p_match(p, T_COMMA));
    }
    p_expect(p, T_RPAREN, NULL);
    return e;
}

static void parse_call_args(Parser *p, CallArgList *args) {
    if (p_check(p, T_RPAREN)) return;
    for (;;) {
        if (p_check(p, T_IDENT) && p_peek(p, 1)->kind == T_COLON) {
            Token *name = p_advance(p);
            p_expect(p, T_COLON, NULL);
            push_arg(args, name->text, name->loc, parse_expression(p));
        } else {
            SrcLoc loc = p_cur(p)->loc;
            push_arg(args, NULL, loc, parse_expression(p));
        }
        if (!p_match(p, T_COMMA)) return;
    }
}

static Expr *parse_postfix(Parser *p) {
    Expr *e = parse_primary(p);
    for (;;) {
        Expr *n;
        switch (p_kind(p)) {
        case T_LPAREN:
            p_advance(p);
            n = new_expr(EX_CALL, e->loc);
            n->a = e;
            parse_call_args(p, &n->args);
            p_expect(p, T_RPAREN, NULL);
            break;
        case T_LBRACKET:
            p_advance(p);
            n = new_expr(EX_INDEX, e->loc);
            n->a = e;
            n->b = parse_expression(p);
            p_expect(p, T_RBRACKET, NULL);
            break;
        case T_DOT:
            p_advance(p);
            n = new_expr(EX_FIELD, e->loc);
            n->a = e;
            n->name = p_expect(p, T_IDENT, NULL)->text;
            break;
        case T_QUESTION:
            p_advance(p);
            n = new_expr(EX_PROPAGATE, e->loc);
            n->a = e;
            break;
        case T_WITH:
            /* `with (` is a record update; a bare `with` belongs to `match`. */
            if (p_peek(p, 1)->kind == T_LPAREN) return parse_with(p, e);
            return e;
        default:
            return e;
        }
        e = n;
    }
}

/* ---- f-strings ---------------------------------------------------------- */

static Expr *parse_fstring_expr(Parser *p, const FStrPart *part) {
    TokenList toks = {0};
    LexError le = {0};
    if (!lex_source(p->path, part->src, part->src_len, part->loc.line, part->loc.col,
                    &toks, &le))
        p_raise(p, NULL, le.loc, "Invalid expression in f-string: %s", le.message);
    /* A fresh parser, as in the reference: its own depth, and its own
     * error list (non-fatal errors inside are dropped). */
    Diags scratch = {0};
    Parser *sub = parser_new(p->path, toks, &scratch);
    jmp_buf on_error;
    sub->on_error = &on_error;
    if (setjmp(on_error) != 0)
        p_raise(p, NULL, sub->err_loc, "%s", sub->err_msg);
    Expr *e = parse_expression(sub);
    if (!p_check(sub, T_EOF)) {
        char *s = tok_debug_str(p_cur(sub));
        p_raise(p, NULL, p_cur(sub)->loc, "Unexpected token in f-string expression: %s", s);
    }
    return e;
}

static bool is_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strchr(" \t\r\n\v\f", s[i])) return false;
    return true;
}

static Expr *parse_fstring(Parser *p) {
    Token *t = p_advance(p);
    Expr *e = new_expr(EX_FSTRING, t->loc);
    for (int i = 0; i < t->nparts; i++) {
        const FStrPart *part = &t->parts[i];
        if (!part->is_expr) {
            Expr *s = new_expr(EX_STRING, t->loc);
            s->str = part->text;
            s->str_len = part->text_len;
            vec_push(&e->elems, s);
            continue;
        }
        if (is_blank(part->src, part->src_len))
            p_raise(p, NULL, part->loc, "Empty expression in f-string");
        vec_push(&e->elems, parse_fstring_expr(p, part));
    }
    return e;
}

/* ---- primary expressions ------------------------------------------------ */

static Expr *parse_list(Parser *p) {
    SrcLoc loc = p_advance(p)->loc;
    if (p_match(p, T_RBRACKET)) return new_expr(EX_LIST, loc);
    Expr *first = parse_expression(p);
    if (p_match(p, T_FOR)) {
        Expr *c = new_expr(EX_LIST_COMP, loc);
        c->a = first;
        c->name = p_expect(p, T_IDENT, "Expected variable name")->text;
        p_expect(p, T_COLON, NULL);
        c->type_ann = parse_type(p);
        p_expect(p, T_IN, NULL);
        c->b = parse_expression(p);
        if (p_match(p, T_IF)) c->c = parse_expression(p);
        p_expect(p, T_RBRACKET, NULL);
        return c;
    }
    Expr *l = new_expr(EX_LIST, loc);
    vec_push(&l->elems, first);
    while (p_match(p, T_COMMA)) vec_push(&l->elems, parse_expression(p));
    p_expect(p, T_RBRACKET, NULL);
    return l;
}

static Expr *parse_lambda(Parser *p) {
    Expr *e = new_expr(EX_LAMBDA, p_advance(p)->loc);
    p_expect(p, T_LPAREN, NULL);
    e->params = parse_parameter_list(p);
    p_expect(p, T_RPAREN, NULL);
    if (p_match(p, T_DO)) {
        e->body = parse_statement_list(p);
        p_expect(p, T_END, NULL);
        p_expect(p, T_FN, NULL);
        return e;
    }
    p_expect(p, T_ARROW, "Expected '->' or 'do' after lambda parameter list");
    e->a = parse_expression(p);
    return e;
}

static Expr *parse_match_expr(Parser *p) {
    Expr *e = new_expr(EX_MATCH, p_advance(p)->loc);
    e->a = parse_expression(p);
    p_expect(p, T_WITH, NULL);
    while (p_match(p, T_BAR)) {
        MatchArm arm = {0};
        arm.loc = p_cur(p)->loc;
        arm.pattern = parse_pattern(p);
        arm.guard = parse_guard(p);
        p_expect(p, T_ARROW, NULL);
        arm.value = parse_expression(p);
        vec_push(&e->arms, arm);
    }
    if (e->arms.len == 0) p_error(p, "Match must have at least one arm (each arm starts with '|')");
    p_expect(p, T_END, NULL);
    p_expect(p, T_MATCH, NULL);
    return e;
}

static Expr *parse_paren(Parser *p) {
    SrcLoc loc = p_advance(p)->loc;
    if (p_match(p, T_RPAREN)) return new_expr(EX_TUPLE, loc);
    Expr *first = parse_expression(p);
    if (!p_match(p, T_COMMA)) {
        p_expect(p, T_RPAREN, NULL);
        return first;
    }
    /* A tuple; `(x,)` is a one-element tuple. */
    Expr *t = new_expr(EX_TUPLE, loc);
    vec_push(&t->elems, first);
    if (!p_check(p, T_RPAREN)) {
        vec_push(&t->elems, parse_expression(p));
        while (p_match(p, T_COMMA)) {
            if (p_check(p, T_RPAREN)) break;
            vec_push(&t->elems, parse_expression(p));
        }
    }
    p_expect(p, T_RPAREN, NULL);
    return t;
}

Expr *parse_primary(Parser *p) {
    Token *t = p_cur(p);
    SrcLoc loc = t->loc;
    Expr *e;
    switch (t->kind) {
    case T_IDENT:
        e = new_expr(EX_IDENT, loc);
        e->name = p_advance(p)->text;
        return e;
    case T_TYPE_IDENT:
        p_advance(p);
        if (!p_match(p, T_LPAREN)) {
            e = new_expr(EX_TYPE_IDENT, loc);
            e->name = t->text;
            return e;
        }
        /* Constructor calls take positional arguments only. */
        e = new_expr(EX_CTOR, loc);
        e->name = t->text;
        if (!p_check(p, T_RPAREN)) {
            do {
                SrcLoc aloc = p_cur(p)->loc;
                push_arg(&e->args, NULL, aloc, parse_expression(p));
            } while (p_match(p, T_COMMA));
        }
        p_expect(p, T_RPAREN, NULL);
        return e;
    case T_INT:
        e = new_expr(EX_INT, loc);
        e->int_text = p_advance(p)->text;
        return e;
    case T_FLOAT:
        e = new_expr(EX_FLOAT, loc);
        e->float_text = t->text;
        e->float_val = p_advance(p)->fval;
        return e;
    case T_STRING:
        e = new_expr(EX_STRING, loc);
        e->str = t->text;
        e->str_len = p_advance(p)->text_len;
        return e;
    case T_FSTRING:
        return parse_fstring(p);
    case T_TRUE: case T_FALSE:
        e = new_expr(EX_BOOL, loc);
        e->bool_val = p_advance(p)->kind == T_TRUE;
        return e;
    case T_THROW: case T_AWAIT:
        e = new_expr(t->kind == T_THROW ? EX_THROW : EX_AWAIT, loc);
        p_advance(p);
        e->a = parse_expression(p);
        return e;
    case T_LBRACKET:
        return parse_list(p);
    case T_FN:
        return parse_lambda(p);
    case T_QUESTION:
        p_advance(p);
        e = new_expr(EX_HOLE, loc);
        e->name = p_expect(p, T_IDENT, NULL)->text;
        p_expect(p, T_COLON, NULL);
        e->type_ann = parse_type(p);
        if (p_match(p, T_WHERE)) e->a = parse_expression(p);
        return e;
    case T_MATCH:
        return parse_match_expr(p);
    case T_LPAREN:
        return parse_paren(p);
    default:
        p_error(p, "Expected expression (e.g., a value, variable, or function call), got %s",
                tok_kind_str(t->kind));
    }
}
