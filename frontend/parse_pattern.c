/* parse_pattern.c — match patterns.
 *
 *   _                      PAT_WILDCARD
 *   name                   PAT_VAR
 *   Ctor | Ctor(p, …)      PAT_CTOR
 *   42, 1.5, "s", true     PAT_LITERAL (no negative literals, as in the
 *                          reference: `| -3 ->` is a syntax error)
 *   [p, …, ...rest]        PAT_LIST with at most one PAT_REST (`...` is
 *                          three `.` tokens, optionally followed by a name)
 */
#include "parser.h"

static Expr *literal(Parser *p, ExprKind k) {
    Token *t = p_advance(p);
    Expr *e = new_expr(k, t->loc);
    switch (k) {
    case EX_INT: e->int_text = t->text; break;
    case EX_FLOAT: e->float_text = t->text; e->float_val = t->fval; break;
    case EX_STRING: e->str = t->text; e->str_len = t->text_len; break;
    default: e->bool_val = t->kind == T_TRUE; break;
    }
    return e;
}

static Pattern *parse_pattern_element(Parser *p) {
    SrcLoc loc = p_cur(p)->loc;
    if (p_check(p, T_DOT) && p_peek(p, 1)->kind == T_DOT && p_peek(p, 2)->kind == T_DOT) {
        p_advance(p);
        p_advance(p);
        p_advance(p);
        Pattern *rest = new_pattern(PAT_REST, loc);
        if (p_check(p, T_IDENT)) rest->name = p_advance(p)->text;
        return rest;
    }
    return parse_pattern(p);
}

static Pattern *parse_pattern_unchecked(Parser *p) {
    SrcLoc loc = p_cur(p)->loc;
    if (p_match(p, T_UNDERSCORE)) return new_pattern(PAT_WILDCARD, loc);
    if (p_match(p, T_LBRACKET)) {
        Pattern *lp = new_pattern(PAT_LIST, loc);
        if (!p_check(p, T_RBRACKET)) {
            vec_push(&lp->subs, parse_pattern_element(p));
            while (p_match(p, T_COMMA)) vec_push(&lp->subs, parse_pattern_element(p));
        }
        p_expect(p, T_RBRACKET, NULL);
        int rests = 0;
        for (int i = 0; i < lp->subs.len; i++) rests += lp->subs.items[i]->kind == PAT_REST;
        if (rests > 1) p_error(p, "List pattern may contain at most one rest ('...') element");
        return lp;
    }
    if (p_check(p, T_TYPE_IDENT)) {
        Pattern *cp = new_pattern(PAT_CTOR, loc);
        cp->name = p_advance(p)->text;
        if (p_match(p, T_LPAREN)) {
            if (!p_check(p, T_RPAREN)) {
                vec_push(&cp->subs, parse_pattern(p));
                while (p_match(p, T_COMMA)) vec_push(&cp->subs, parse_pattern(p));
            }
            p_expect(p, T_RPAREN, NULL);
        }
        return cp;
    }
    if (p_check(p, T_IDENT)) {
        Pattern *vp = new_pattern(PAT_VAR, loc);
        vp->name = p_advance(p)->text;
        return vp;
    }
    ExprKind lk;
    switch (p_kind(p)) {
    case T_INT: lk = EX_INT; break;
    case T_FLOAT: lk = EX_FLOAT; break;
    case T_STRING: lk = EX_STRING; break;
    case T_TRUE: case T_FALSE: lk = EX_BOOL; break;
    default:
        p_error(p, "Expected match pattern (e.g., a literal, variable name, constructor, "
                   "or '_' wildcard), got %s", tok_kind_str(p_kind(p)));
    }
    Pattern *pt = new_pattern(PAT_LITERAL, loc);
    pt->lit = literal(p, lk);
    return pt;
}

Pattern *parse_pattern(Parser *p) {
    depth_enter(p, "Pattern", false);
    Pattern *pt = parse_pattern_unchecked(p);
    p->depth--;
    return pt;
}
