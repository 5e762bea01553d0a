/* check_pattern.c — match patterns: checking them against the scrutinee's
 * type and binding their variables.
 *
 * Variables bind the type they meet; literals must fit it (E308);
 * constructor patterns must name a variant of the scrutinee's ADT with the
 * right number of fields (E308), and their sub-patterns meet the field
 * types instantiated with the ADT's type arguments; list patterns need a
 * List and bind `...rest` to the whole list type. Each binding gets a Sym
 * (pattern_sym) and each pattern its type (p->ty).
 */
#include "check_int.h"

static Type *literal_type(Expr *lit) {
    switch (lit->kind) {
    case EX_INT: return t_int();
    case EX_FLOAT: return t_float();
    case EX_STRING: return t_string();
    case EX_BOOL: return t_bool();
    default: return t_any();
    }
}

void check_pattern(Checker *c, Pattern *p, Type *expected) {
    Type *x = ty_resolve(expected);
    p->ty = expected;
    switch (p->kind) {
    case PAT_WILDCARD:
        return;
    case PAT_VAR:
        pattern_set_sym(p, declare_local(c, p->name, expected, false));
        return;
    case PAT_LITERAL: {
        Type *lt = literal_type(p->lit);
        p->lit->ty = lt;
        if (!strict_compat(c, expected, lt))
            ERR(c, "E308", p->loc, "Pattern type mismatch: expected %s, got %s", tstr(expected), tstr(lt));
        else
            record_expected(c, p->lit, expected);
        return;
    }
    case PAT_CTOR: {
        AdtInfo *a = x->kind == TY_ADT ? x->adt : NULL;
        if (!a) {
            ERR(c, "E308", p->loc, "Constructor pattern %s is not valid for type %s", p->name, tstr(expected));
            return;
        }
        int v = adt_variant_index(a, p->name);
        if (v < 0) {
            ERR(c, "E308", p->loc, "Constructor %s does not belong to type %s", p->name, a->name);
            return;
        }
        int nf = a->variants[v].nfields;
        if (p->subs.len != nf)
            ERR(c, "E308", p->loc, "Constructor %s expects %d fields, got %d", p->name, nf, p->subs.len);
        for (int i = 0; i < p->subs.len && i < nf; i++)
            check_pattern(c, p->subs.items[i], adt_field_type(a, v, i, x->nargs == a->nparams ? x : NULL));
        return;
    }
    case PAT_LIST:
        if (x->kind != TY_LIST) {
            ERR(c, "E308", p->loc, "List pattern used with non-list type: %s", tstr(expected));
            return;
        }
        for (int i = 0; i < p->subs.len; i++) {
            Pattern *sp = p->subs.items[i];
            if (sp->kind == PAT_REST) {
                sp->ty = expected;
                if (sp->name) pattern_set_sym(sp, declare_local(c, sp->name, expected, false));
            } else {
                check_pattern(c, sp, x->args[0]);
            }
        }
        return;
    case PAT_REST:
        if (p->name) pattern_set_sym(p, declare_local(c, p->name, expected, false));
        return;
    }
}
