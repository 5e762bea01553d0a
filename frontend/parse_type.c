/* parse_type.c — type annotations and `type` definitions.
 *
 * Annotations:
 *   Name | Name[T, …]                  TE_NAME
 *   (A, B) -> R [with e1, e2]          TE_FUNC
 *   (A, B) and (A)                     TE_TUPLE (the reference treats `(A)`
 *                                      as a one-element tuple type)
 *   ()                                 TE_UNIT
 *
 * Definitions `type Name[T, …] = …` are an alias (DEF_ALIAS) when the
 * right-hand side starts with `(`, with `Name[`, or is a single type name
 * not followed by `(` or `|` — so `type Id = Int` and even `type T = Red`
 * are aliases. Otherwise the right side is `|`-separated variants
 * `Ctor` or `Ctor(field: Type, …)` (DEF_TYPE).
 */
#include "parser.h"

static TypeExpr *parse_paren_type(Parser *p) {
    SrcLoc loc = p_cur(p)->loc;
    p_expect(p, T_LPAREN, NULL);
    TypeExprList inner = {0};
    if (!p_check(p, T_RPAREN)) {
        vec_push(&inner, parse_type(p));
        while (p_match(p, T_COMMA)) vec_push(&inner, parse_type(p));
    }
    p_expect(p, T_RPAREN, NULL);
    if (p_match(p, T_ARROW)) {
        TypeExpr *t = new_type_expr(TE_FUNC, loc);
        t->args = inner;
        t->ret = parse_type(p);
        if (p_match(p, T_WITH)) t->effects = parse_effect_list(p);
        return t;
    }
    TypeExpr *t = new_type_expr(inner.len ? TE_TUPLE : TE_UNIT, loc);
    t->args = inner;
    return t;
}

static TypeExpr *parse_type_unchecked(Parser *p) {
    if (p_check(p, T_LPAREN)) return parse_paren_type(p);
    if (p_check(p, T_TYPE_IDENT)) {
        TypeExpr *t = new_type_expr(TE_NAME, p_cur(p)->loc);
        t->name = p_advance(p)->text;
        if (p_match(p, T_LBRACKET)) {
            vec_push(&t->args, parse_type(p));
            while (p_match(p, T_COMMA)) vec_push(&t->args, parse_type(p));
            p_expect(p, T_RBRACKET, NULL);
        }
        return t;
    }
    p_error(p, "Expected type annotation (e.g., Int, String, List[T], or a "
               "user-defined type), got %s", tok_kind_str(p_kind(p)));
}

TypeExpr *parse_type(Parser *p) {
    depth_enter(p, "Type annotation", false);
    TypeExpr *t = parse_type_unchecked(p);
    p->depth--;
    return t;
}

static void parse_variant(Parser *p, Def *d) {
    Variant v = {0};
    v.loc = p_cur(p)->loc;
    v.name = p_expect(p, T_TYPE_IDENT, "Expected variant name")->text;
    if (p_match(p, T_LPAREN)) {
        v.has_parens = true;
        if (!p_check(p, T_RPAREN)) {
            do {
                SrcLoc floc = p_cur(p)->loc;
                char *fname = p_expect(p, T_IDENT, NULL)->text;
                p_expect(p, T_COLON, NULL);
                TypeExpr *ft = parse_type(p);
                vec_push(&v.fields, ((typeof(*v.fields.items)){fname, ft, floc}));
            } while (p_match(p, T_COMMA));
        }
        p_expect(p, T_RPAREN, NULL);
    }
    vec_push(&d->variants, v);
}

Def *parse_type_def(Parser *p) {
    SrcLoc loc = p_cur(p)->loc;
    p_expect(p, T_TYPE, NULL);
    char *name = p_expect(p, T_TYPE_IDENT, "Expected type name")->text;
    NameList type_params = {0};
    if (p_match(p, T_LBRACKET)) {
        vec_push(&type_params, p_expect(p, T_TYPE_IDENT, NULL)->text);
        while (p_match(p, T_COMMA)) vec_push(&type_params, p_expect(p, T_TYPE_IDENT, NULL)->text);
        p_expect(p, T_RBRACKET, NULL);
    }
    p_expect(p, T_ASSIGN, NULL);
    TokKind next = p_peek(p, 1)->kind;
    bool alias = p_check(p, T_LPAREN) ||
                 (p_check(p, T_TYPE_IDENT) && next != T_LPAREN && next != T_BAR);
    Def *d = new_def(alias ? DEF_ALIAS : DEF_TYPE, loc);
    d->name = name;
    d->type_params = type_params;
    if (alias) {
        d->alias_of = parse_type(p);
        return d;
    }
    parse_variant(p, d);
    while (p_match(p, T_BAR)) parse_variant(p, d);
    return d;
}
