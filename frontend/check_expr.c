/* check_expr.c — typing expressions (calls live in check_call.c).
 *
 * check_expr infers an expression's type bottom-up, as the reference does,
 * records it in e->ty and resolves names into e->sym. record_expected then
 * pushes a known slot type back down (let/var annotations, parameters,
 * returns, fields): it marks Int values flowing into Float slots with
 * AUX_TO_FLOAT and replaces types that still hold placeholders (`[]`,
 * `None`) with the slot's concrete type, so the code generator sees
 * concrete types. Operators accept exactly what the reference accepts:
 * Int/Float mix to Float, `+` also concatenates Strings, ordering is for
 * numbers and Strings only.
 */
#include "check_int.h"
#include "ast_walk.h"

static Type *set_ty(Expr *e, Type *t) {
    e->ty = t;
    return t;
}

static bool is_kind(Type *t, TyKind k) { return ty_resolve(t)->kind == k; }
static bool is_num(Type *t) { return is_kind(t, TY_INT) || is_kind(t, TY_FLOAT); }

static bool is_adt_named(Type *t, const char *name) {
    t = ty_resolve(t);
    return t->kind == TY_ADT && strcmp(t->name, name) == 0;
}

/* ---- pushing slot types down ---------------------------------------------- */

void record_expected(Checker *c, Expr *e, Type *expected) {
    if (!e || !expected) return;
    Type *x = ty_resolve(expected);
    Type *t = e->ty ? ty_resolve(e->ty) : NULL;
    if (!t) return;
    if (x->kind == TY_FLOAT && t->kind == TY_INT) {
        e->aux |= AUX_TO_FLOAT;
        return;
    }
    /* x holds no type variable and no Any (pure tests, made where needed:
     * most expressions reach the default case with a t free of variables) */
#define concrete (!has_vars(x) && !contains_any(x))
    switch (e->kind) {
    case EX_LIST:
        if (x->kind == TY_LIST) {
            for (int i = 0; i < e->elems.len; i++) record_expected(c, e->elems.items[i], x->args[0]);
            if (concrete && t->kind == TY_LIST) e->ty = x;
        }
        return;
    case EX_TUPLE:
        if (x->kind == TY_TUPLE && t->kind == TY_TUPLE && x->nargs == e->elems.len) {
            for (int i = 0; i < e->elems.len; i++) record_expected(c, e->elems.items[i], x->args[i]);
            if (concrete) e->ty = x;
        }
        return;
    case EX_LIST_COMP:
        if (x->kind == TY_LIST) {
            record_expected(c, e->a, x->args[0]);
            if (concrete) e->ty = x;
        }
        return;
    case EX_CTOR:
        if (x->kind == TY_ADT && x->adt && t->kind == TY_ADT && strcmp(x->name, t->name) == 0) {
            Sym *s = e->sym;
            if (s && s->kind == SYM_CTOR)
                for (int i = 0; i < e->elems.len && i < s->adt->variants[s->variant].nfields; i++)
                    record_expected(c, e->elems.items[i], adt_field_type(s->adt, s->variant, i, x));
            if (concrete) e->ty = x;
        }
        return;
    case EX_MATCH:
        for (int i = 0; i < e->arms.len; i++) record_expected(c, e->arms.items[i].value, x);
        if (concrete && (has_vars(t) || contains_any(t))) e->ty = x;
        return;
    default:
        if (has_vars(t) && concrete && strict_compat(c, x, t)) e->ty = x;
        return;
    }
#undef concrete
}

/* ---- operators -------------------------------------------------------------- */

static bool is_neg_int_literal(Expr *e) {
    return e->kind == EX_UNARY && e->op == OP_NEG && e->a->kind == EX_INT &&
           strspn(e->a->int_text, "0") != strlen(e->a->int_text);
}

static Type *check_binary(Checker *c, Expr *e) {
    Type *l = ty_resolve(check_expr(c, e->a));
    Type *r = ty_resolve(check_expr(c, e->b));
    const char *op = op_name(e->op);
    switch (e->op) {
    case OP_BAND: case OP_BXOR: case OP_SHL: case OP_SHR:
        if (l->kind != TY_INT) ERR(c, "E300", e->loc, "Left operand of '%s' must be Int, got %s", op, tstr(l));
        if (r->kind != TY_INT) ERR(c, "E300", e->loc, "Right operand of '%s' must be Int, got %s", op, tstr(r));
        return t_int();
    case OP_POW:
        if (l->kind == TY_INT && r->kind == TY_INT)
            /* `2 ** -1` is 0.5 at run time in the reference: a negative
             * literal exponent gives a Float value (typed Int there). */
            return is_neg_int_literal(e->b) ? t_float() : t_int();
        if (is_num(l) && is_num(r)) return t_float();
        ERR(c, "E300", e->loc, "Cannot apply '**' to %s and %s: both operands must be numeric (Int or Float)", tstr(l), tstr(r));
        return t_any();
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
        if (e->op == OP_ADD && l->kind == TY_STRING && r->kind == TY_STRING) return t_string();
        if (l->kind == TY_INT && r->kind == TY_INT) return t_int();
        if (is_num(l) && is_num(r)) return t_float();
        ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: both operands must be numeric (Int or Float)%s",
            op, tstr(l), tstr(r), e->op == OP_ADD ? " or both String for concatenation" : "");
        return t_any();
    case OP_EQ: case OP_NE:
        if (!compat(c, l, r) && !compat(c, r, l)) ERR(c, "E300", e->loc, "Cannot compare %s with %s", tstr(l), tstr(r));
        return t_bool();
    case OP_LT: case OP_GT: case OP_LE: case OP_GE: {
        bool ok = l->kind == TY_ERROR || r->kind == TY_ERROR || (is_num(l) && is_num(r)) ||
                  (l->kind == TY_STRING && r->kind == TY_STRING);
        if (!ok)
            ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: operands must both be numeric (Int or Float) or both String",
                op, tstr(l), tstr(r));
        return t_bool();
    }
    case OP_AND: case OP_OR:
        if (l->kind != TY_BOOL) ERR(c, "E300", e->loc, "Left operand of '%s' must be Bool, got %s", op, tstr(l));
        if (r->kind != TY_BOOL) ERR(c, "E300", e->loc, "Right operand of '%s' must be Bool, got %s", op, tstr(r));
        return t_bool();
    default:
        ERR(c, "E300", e->loc, "Unknown operator: %s", op);
        return t_any();
    }
}

static Type *check_unary(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a));
    switch (e->op) {
    case OP_NEG:
        if (is_num(t)) return t;
        ERR(c, "E300", e->loc, "Cannot negate type %s: the '-' operator requires Int or Float", tstr(t));
        return t_any();
    case OP_NOT:
        if (t->kind != TY_BOOL) ERR(c, "E300", e->loc, "'not' requires Bool, got %s", tstr(t));
        return t_bool();
    case OP_BNOT:
        if (t->kind != TY_INT) ERR(c, "E300", e->loc, "'~' requires Int, got %s", tstr(t));
        return t_int();
    default:
        return t_any();
    }
}

/* ---- names ------------------------------------------------------------------ */

static Type *check_ident(Checker *c, Expr *e) {
    Sym *s = lookup_var(c, e->name);
    if (!s) {
        ERR(c, "E301", e->loc, "Undefined variable: %s%s", e->name, suggest_vars(c, e->name));
        return t_any();
    }
    e->sym = s;
    note_use(c, s);
    return s->ty ? s->ty : t_any();
}

static PtrMap ctor_cache;      /* &adt->variants[v] -> its one SYM_CTOR */

void check_expr_reset(void) { memset(&ctor_cache, 0, sizeof ctor_cache); }

static Sym *ctor_sym(AdtInfo *a, int v) {
    Sym *s = ptrmap_get(&ctor_cache, &a->variants[v]);
    if (s) return s;
    s = xmalloc(sizeof *s);
    s->kind = SYM_CTOR;
    s->name = a->variants[v].name;
    s->adt = a;
    s->variant = v;
    ptrmap_put(&ctor_cache, &a->variants[v], s);
    return s;
}

static Type *adt_instance(Checker *c, AdtInfo *a, Subs *bound) {
    Type **args = xmalloc(sizeof(Type *) * (a->nparams + 1));
    for (int i = 0; i < a->nparams; i++) {
        Type *b = NULL;
        if (bound) {
            Type *v = t_named_var(a->params[i]);
            Type *r = apply_subs(v, bound);
            if (!(ty_resolve(r)->kind == TY_VAR && strcmp(ty_resolve(r)->name, a->params[i]) == 0)) b = r;
        }
        args[i] = b ? b : t_fresh(c, a->params[i]);
    }
    return ty_adt(a, a->nparams, args);
}

static const char **ctor_names(Checker *c, int *n) {
    VEC(const char *) names = {0};
    for (int i = 0; i < c->adts.len; i++)
        for (int v = 0; v < c->adts.items[i]->nvariants; v++) vec_push(&names, c->adts.items[i]->variants[v].name);
    for (int i = 0; i < c->modules.len; i++) vec_push(&names, c->modules.items[i]->alias ? c->modules.items[i]->alias : c->modules.items[i]->name);
    *n = names.len;
    return names.items;
}

static Type *check_type_ident(Checker *c, Expr *e) {
    int v;
    AdtInfo *a = adt_of_ctor(c, e->name, &v);
    if (a && a->variants[v].nfields == 0) {
        Sym *s = ctor_sym(a, v);
        e->sym = s;
        return adt_instance(c, a, NULL);
    }
    if (find_module(c, e->name)) return t_any();
    int n;
    const char **names = ctor_names(c, &n);
    ERR(c, "E300", e->loc, "Unknown constructor: %s%s", e->name, suggest(e->name, names, n));
    return t_any();
}

Type *check_ctor(Checker *c, Expr *e) {
    int v;
    AdtInfo *a = adt_of_ctor(c, e->name, &v);
    if (!a) {
        int n;
        const char **names = ctor_names(c, &n);
        ERR(c, "E300", e->loc, "Unknown constructor: %s%s", e->name, suggest(e->name, names, n));
        return t_any();
    }
    AdtVariant *var = &a->variants[v];
    e->sym = ctor_sym(a, v);
    e->elems.len = 0;
    for (int i = 0; i < e->args.len; i++) vec_push(&e->elems, e->args.items[i].value);
    if (e->args.len != var->nfields)
        ERR(c, "E304", e->loc, "Constructor %s expects %d arguments, got %d", e->name, var->nfields, e->args.len);
    Subs bind = {0};
    bool never = false;
    for (int i = 0; i < e->args.len && i < var->nfields; i++) {
        Expr *arg = e->args.items[i].value;
        Type *at = check_expr(c, arg);
        never |= is_kind(at, TY_NEVER);
        if (has_vars(at)) at = freshen(at, xasprintf("__ctor_arg%d_", i));
        Type *ft = adt_field_as_vars(a, v, i);
        if (has_vars(ft)) {
            if (!compat_subs(c, ft, at, &bind))
                ERR(c, "E300", arg->loc, "Constructor argument %d type mismatch: expected %s, got %s", i + 1,
                    tstr(apply_subs(ft, &bind)), tstr(at));
        } else if (!strict_compat(c, ft, at)) {
            ERR(c, "E300", arg->loc, "Constructor argument %d type mismatch: expected %s, got %s", i + 1, tstr(ft), tstr(at));
        }
        record_expected(c, arg, apply_subs(ft, &bind));
    }
    for (int i = var->nfields; i < e->args.len; i++) check_expr(c, e->args.items[i].value);
    if (never) return t_never();
    return adt_instance(c, a, &bind);
}

/* ---- compound --------------------------------------------------------------- */

static Type *check_list(Checker *c, Expr *e) {
    if (!e->elems.len) return ty_list(t_fresh(c, "elem"));
    Type **ts = xmalloc(sizeof(Type *) * e->elems.len);
    bool never = false;
    for (int i = 0; i < e->elems.len; i++) {
        ts[i] = check_expr(c, e->elems.items[i]);
        never |= is_kind(ts[i], TY_NEVER);
    }
    if (never) return t_never();
    Type *first = ts[0];
    for (int i = 1; i < e->elems.len; i++) {
        if (!compat(c, first, ts[i]))
            ERR(c, "E300", e->elems.items[i]->loc, "List element type mismatch: expected %s, got %s", tstr(first), tstr(ts[i]));
        else if (is_kind(first, TY_FLOAT) && is_kind(ts[i], TY_INT))
            e->elems.items[i]->aux |= AUX_TO_FLOAT;
    }
    /* `[[], [1]]`: the first element leaves the element type open; a later,
     * fully known and compatible element gives it (codegen needs it). */
    Type *elem = first;
    for (int i = 1; i < e->elems.len && has_vars(elem); i++)
        if (!has_vars(ts[i]) && compat(c, first, ts[i])) elem = ts[i];
    return ty_list(elem);
}

static Type *check_index(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a));
    Type *i = ty_resolve(check_expr(c, e->b));
    switch (t->kind) {
    case TY_LIST:
    case TY_ARRAY:
        if (i->kind != TY_INT)
            ERR(c, "E300", e->loc, "%s index must be Int, got %s", t->kind == TY_LIST ? "List" : "Array", tstr(i));
        return t->args[0];
    case TY_STRING:
        if (i->kind != TY_INT) ERR(c, "E300", e->loc, "String index must be Int, got %s", tstr(i));
        return t_string();
    case TY_MAP:
        if (!compat(c, t->args[0], i))
            ERR(c, "E300", e->loc, "Map key type mismatch: expected %s, got %s", tstr(t->args[0]), tstr(i));
        return t->args[1];
    default:
        ERR(c, "E300", e->loc, "Cannot index into %s", tstr(t));
        return t_any();
    }
}

/* The type of field `name` on every variant of `t`, or NULL with a
 * diagnostic (`what` is "access" or "update"). */
Type *field_type_of(Checker *c, Type *t, const char *name, SrcLoc loc, const char *what, bool *reported) {
    t = ty_resolve(t);
    *reported = false;
    AdtInfo *a = t->adt;
    if (!a) return NULL;
    VEC(const char *) missing = {0};
    VEC(Type *) types = {0};
    VEC(const char *) tvars = {0};
    for (int v = 0; v < a->nvariants; v++) {
        int f = -1;
        for (int k = 0; k < a->variants[v].nfields; k++)
            if (strcmp(a->variants[v].field_names[k], name) == 0) f = k;
        if (f < 0) vec_push(&missing, a->variants[v].name);
        else {
            vec_push(&types, adt_field_type(a, v, f, t));
            vec_push(&tvars, a->variants[v].name);
        }
    }
    if (missing.len && a->nvariants > 1) {
        StrBuf sb = {0};
        for (int i = 0; i < missing.len; i++) sb_printf(&sb, "%s%s", i ? ", " : "", missing.items[i]);
        ERR(c, "E307", loc, "Field '%s' does not exist on all variants of '%s' (missing on: %s); use pattern matching to %s variant-specific fields",
            name, t->name, sb.buf, what);
        *reported = true;
        return NULL;
    }
    if (!types.len) return NULL;
    StrBuf det = {0};
    bool mismatch = false;
    for (int i = 1; i < types.len; i++)
        if (!type_equal(types.items[i], types.items[0])) {
            if (!mismatch) sb_printf(&det, "%s: %s", tvars.items[0], tstr(types.items[0]));
            sb_printf(&det, ", %s: %s", tvars.items[i], tstr(types.items[i]));
            mismatch = true;
        }
    if (mismatch) {
        ERR(c, "E300", loc, "Field '%s' has inconsistent types across variants of '%s' (%s); use pattern matching to access variant-specific fields",
            name, t->name, det.buf);
        *reported = true;
        return NULL;
    }
    return types.items[0];
}

static Type *check_field(Checker *c, Expr *e) {
    int cv;
    AdtInfo *ca = e->a->kind == EX_TYPE_IDENT ? adt_of_ctor(c, e->a->name, &cv) : NULL;
    if (e->a->kind == EX_TYPE_IDENT && !(ca && ca->variants[cv].nfields == 0)) {
        Module *m = find_module(c, e->a->name);
        if (m) {
            e->a->ty = t_any();
            Sym *f = strmap_get(&m->func_index, e->name);
            if (f) {
                e->sym = f;
                return f->ty;
            }
            ERR(c, "E307", e->loc, "Module '%s' has no exported symbol '%s'", e->a->name, e->name);
            return t_any();
        }
    }
    Type *t = ty_resolve(check_expr(c, e->a));
    if (t->kind == TY_ADT) {
        bool reported;
        Type *ft = field_type_of(c, t, e->name, e->loc, "access", &reported);
        if (reported) return t_any();
        if (ft) return ft;
    }
    ERR(c, "E307", e->loc, "Unknown field '%s' on type %s", e->name, tstr(t));
    return t_any();
}

static Type *check_with(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a));
    if (t->kind != TY_ADT) {
        ERR(c, "E300", e->loc, "'with' expression requires a user-defined type, got %s", tstr(t));
        return t_any();
    }
    AdtInfo *a = t->adt;
    if (!a) {
        ERR(c, "E300", e->loc, "Unknown type '%s' in 'with' expression", t->name);
        return t_any();
    }
    if (a->nvariants != 1) {
        ERR(c, "E300", e->loc, "'with' expression requires a single-variant type, but '%s' has %d variants", t->name, a->nvariants);
        return t_any();
    }
    for (int i = 0; i < e->fields.len; i++) {
        FieldInit *fi = &e->fields.items[i];
        int f = -1;
        for (int k = 0; k < a->variants[0].nfields; k++)
            if (strcmp(a->variants[0].field_names[k], fi->name) == 0) f = k;
        if (f < 0) {
            ERR(c, "E307", fi->value->loc, "Unknown field '%s' on type %s", fi->name, tstr(t));
            continue;
        }
        Type *vt = check_expr(c, fi->value);
        Type *want = adt_field_type(a, 0, f, t);
        if (!strict_compat(c, want, vt))
            ERR(c, "E300", fi->value->loc, "Field '%s' expects %s, got %s", fi->name, tstr(want), tstr(vt));
        else
            record_expected(c, fi->value, want);
    }
    return t;
}

static Type *check_propagate(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a));
    if (!c->cur_ret) {
        ERR(c, "E300", e->loc, "'?' operator used outside of a function");
        return t_any();
    }
    Type *r = ty_resolve(c->cur_ret);
    if (is_adt_named(t, "Option") && t->nargs == 1) {
        if (!is_adt_named(r, "Option"))
            ERR(c, "E300", e->loc, "'?' on %s requires enclosing function to return Option type, but it returns %s", tstr(t), tstr(r));
        return t->args[0];
    }
    if (is_adt_named(t, "Result") && t->nargs == 2) {
        if (!is_adt_named(r, "Result"))
            ERR(c, "E300", e->loc, "'?' on %s requires enclosing function to return Result type, but it returns %s", tstr(t), tstr(r));
        else if (r->nargs == 2 && !strict_compat(c, r->args[1], t->args[1]))
            ERR(c, "E300", e->loc, "Error type mismatch in '?': function returns Result[_, %s] but '?' propagates %s",
                tstr(r->args[1]), tstr(t->args[1]));
        return t->args[0];
    }
    ERR(c, "E300", e->loc, "'?' operator requires Option or Result type, got %s", tstr(t));
    return t_any();
}

static Type *check_list_comp(Checker *c, Expr *e) {
    Type *it = ty_resolve(check_expr(c, e->b));
    Type *elem = t_any();
    if (it->kind != TY_LIST)
        ERR(c, "E300", e->b->loc, "List comprehension requires List iterable, got %s", tstr(it));
    else
        elem = it->args[0];
    push_scope(c);
    Type *vt = resolve_type(c, e->type_ann);
    if (!strict_compat(c, vt, elem))
        ERR(c, "E300", e->b->loc, "Loop variable type mismatch: declared %s, iterable has %s", tstr(vt), tstr(elem));
    e->sym = declare_local(c, e->name, vt, false);
    if (e->c) {
        Type *ct = check_expr(c, e->c);
        if (!is_kind(ct, TY_BOOL)) ERR(c, "E300", e->c->loc, "Comprehension condition must be Bool, got %s", tstr(ct));
    }
    Type *rt = check_expr(c, e->a);
    pop_scope(c);
    return ty_list(rt);
}

static Type *check_match_expr(Checker *c, Expr *e) {
    ptrmap_put(&recheck_scopes, e->a, c->scope);
    Type *st = check_expr(c, e->a);
    Type *result = NULL;
    for (int i = 0; i < e->arms.len; i++) {
        MatchArm *arm = &e->arms.items[i];
        push_scope(c);
        check_pattern(c, arm->pattern, st);
        if (arm->guard) {
            Type *g = check_expr(c, arm->guard);
            if (!is_kind(g, TY_BOOL)) ERR(c, "E300", arm->loc, "Match guard must be Bool, got %s", tstr(g));
        }
        Type *at = check_expr(c, arm->value);
        pop_scope(c);
        if (!result || is_kind(result, TY_NEVER)) result = at;
        else if (is_kind(at, TY_NEVER)) continue;
        else if (strict_compat(c, result, at)) continue;
        else if (strict_compat(c, at, result)) result = at;
        else ERR(c, "E300", arm->loc, "Match arm type mismatch: expected %s, got %s", tstr(result), tstr(at));
    }
    check_exhaustive(c, st, &e->arms, e->loc);
    if (!result) return t_any();
    for (int i = 0; i < e->arms.len; i++) record_expected(c, e->arms.items[i].value, result);
    return result;
}

Type *check_lambda(Checker *c, Expr *e) {
    Sym *ls = xmalloc(sizeof *ls);
    ls->kind = SYM_LAMBDA;
    ls->name = "<lambda>";
    e->sym = ls;
    Sym *saved_lambda = c->cur_lambda;
    push_scope(c);
    c->lambda_depth++;
    c->scope->lambda_depth = c->lambda_depth;
    c->cur_lambda = ls;
    Type **ps = xmalloc(sizeof(Type *) * (e->params.len + 1));
    ls->nparts = e->params.len;
    ls->parts = xmalloc(sizeof(Sym *) * (e->params.len + 1));
    for (int i = 0; i < e->params.len; i++) {
        ps[i] = resolve_type(c, e->params.items[i].type);
        Sym *p = declare_local(c, e->params.items[i].name, ps[i], false);
        p->is_lambda_param = true;
        ls->parts[i] = p;
    }
    Type *ret;
    const char **eff;
    if (!e->a) {
        Type *saved_ret = c->cur_ret;
        TypeVec *saved_rets = c->lambda_rets;
        TypeVec rets = {0};
        c->cur_ret = t_unit();
        c->lambda_rets = &rets;
        check_block(c, &e->body);
        c->lambda_rets = saved_rets;
        c->cur_ret = saved_ret;
        if (!rets.len) ret = t_unit();
        else {
            ret = rets.items[0];
            for (int i = 1; i < rets.len; i++) {
                if (is_kind(ret, TY_NEVER)) {
                    ret = rets.items[i];
                    continue;
                }
                if (is_kind(rets.items[i], TY_NEVER)) continue;
                if (!strict_compat(c, ret, rets.items[i]))
                    ERR(c, "E300", e->loc, "Inconsistent return types in block lambda: %s vs %s", tstr(ret), tstr(rets.items[i]));
            }
            if (!definitely_returns(&e->body)) ERR(c, "E300", e->loc, "Block lambda may not return a value on all paths");
        }
        eff = infer_block_effects(c, &e->body);
    } else {
        ret = check_expr(c, e->a);
        eff = infer_expr_effects(c, e->a);
    }
    c->lambda_depth--;
    c->cur_lambda = saved_lambda;
    pop_scope(c);
    /* Locals captured here are captured by the enclosing lambda too. */
    if (saved_lambda)
        for (int i = 0; i < ls->captures.len; i++) note_use(c, ls->captures.items[i]);
    return t_func_eff(e->params.len, ps, ret, eff);
}

/* ---- dispatch ------------------------------------------------------------- */

static Type *check_expr_inner(Checker *c, Expr *e) {
    switch (e->kind) {
    case EX_INT: return t_int();
    case EX_FLOAT: return t_float();
    case EX_STRING: return t_string();
    case EX_BOOL: return t_bool();
    case EX_FSTRING:
        for (int i = 0; i < e->elems.len; i++) {
            /* The reference parses each interpolation on its own: positions
             * inside it are relative to the interpolated text. */
            Expr *part = e->elems.items[i];
            int before = c->d->list.len;
            check_expr(c, part);
            if (part->kind == EX_STRING) continue;
            for (int k = before; k < c->d->list.len; k++) {
                SrcLoc *l = &c->d->list.items[k].loc;
                if (l->line == part->loc.line) l->col = l->col - part->loc.col + 1;
                l->line = l->line - part->loc.line + 1;
            }
        }
        return t_string();
    case EX_IDENT: return check_ident(c, e);
    case EX_TYPE_IDENT: return check_type_ident(c, e);
    case EX_LIST: return check_list(c, e);
    case EX_TUPLE: {
        if (!e->elems.len) return t_unit();
        Type **ts = xmalloc(sizeof(Type *) * e->elems.len);
        bool never = false;
        for (int i = 0; i < e->elems.len; i++) {
            ts[i] = check_expr(c, e->elems.items[i]);
            never |= is_kind(ts[i], TY_NEVER);
        }
        return never ? t_never() : ty_new(TY_TUPLE, e->elems.len, ts);
    }
    case EX_LIST_COMP: return check_list_comp(c, e);
    case EX_BINARY: return check_binary(c, e);
    case EX_UNARY: return check_unary(c, e);
    case EX_CALL: return check_call(c, e);
    case EX_CTOR: return check_ctor(c, e);
    case EX_INDEX: return check_index(c, e);
    case EX_FIELD: return check_field(c, e);
    case EX_PIPELINE: return check_pipeline(c, e);
    case EX_PLACEHOLDER: return t_any();
    case EX_LAMBDA: return check_lambda(c, e);
    case EX_MATCH: return check_match_expr(c, e);
    case EX_WITH: return check_with(c, e);
    case EX_THROW: {
        Type *t = ty_resolve(check_expr(c, e->a));
        bool ok = t->kind == TY_STRING || t->kind == TY_ERROR ||
                  (t->kind == TY_ADT && !is_adt_named(t, "Option") && !is_adt_named(t, "Result"));
        if (!ok) ERR(c, "E300", e->a->loc, "throw requires String or user-defined type, got %s", tstr(t));
        return t_never();
    }
    case EX_AWAIT: {
        if (!c->in_async && !c->in_main)
            ERR(c, "E300", e->loc, "'await' can only be used inside an async function or main");
        Type *t = ty_resolve(check_expr(c, e->a));
        if (t->kind == TY_ASYNC) return t->args[0];
        if (t->kind == TY_VAR || t->kind == TY_ERROR) return t;
        ERR(c, "E300", e->loc, "'await' expects an Async[T] value, got %s", tstr(t));
        return t_any();
    }
    case EX_PROPAGATE: return check_propagate(c, e);
    case EX_HOLE: return resolve_type(c, e->type_ann);
    }
    return t_any();
}

/* Deeper expressions (a chain of 300 `+`) would reach tcc's value stack
 * limit and cost the emitter time and memory quadratic in their depth. The
 * reference refuses such nesting too (E204), though only from about 600. */
#define MAX_EXPR_DEPTH 250

Type *check_expr(Checker *c, Expr *e) {
    if (c->expr_depth >= MAX_EXPR_DEPTH) {
        ERR(c, "E204", e->loc,
            "Expression nesting is too deep to compile (more than %d levels); simplify long "
            "operator chains", MAX_EXPR_DEPTH);
        return set_ty(e, t_any());
    }
    c->expr_depth++;
    Type *t = set_ty(e, check_expr_inner(c, e));
    c->expr_depth--;
    return t;
}

/* ---- after a clean check: no type variables for the code generator ------- */

static Type *default_vars(Type *t) {
    if (!t) return t;
    t = ty_resolve(t);
    if (t->kind == TY_VAR) return t_unit();
    if (!t->nargs && !t->ret) return t;   /* no part to default (has_vars is false) */
    if (!has_vars(t)) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = default_vars(t->args[i]);
    if (t->ret) r->ret = default_vars(t->ret);
    return r;
}

static void dv_block(StmtList *b);
static void dv_sym(Sym *s) {
    if (!s) return;
    if (s->kind == SYM_LOCAL) s->ty = default_vars(s->ty);
    for (int i = 0; i < s->nparts; i++) dv_sym(s->parts[i]);
}

static void dv_pattern(Pattern *p) {
    if (!p) return;
    p->ty = default_vars(p->ty);
    dv_sym(pattern_sym(p));
    for (int i = 0; i < p->subs.len; i++) dv_pattern(p->subs.items[i]);
}

static void dv_expr(Expr *e) {
    if (!e) return;
    e->ty = default_vars(e->ty);
    if (expr_is_leaf(e)) return;
    if (e->kind == EX_LAMBDA || e->kind == EX_LIST_COMP) dv_sym(e->sym);
    dv_expr(e->a);
    dv_expr(e->b);
    dv_expr(e->c);
    for (int i = 0; i < e->elems.len; i++) dv_expr(e->elems.items[i]);
    for (int i = 0; i < e->args.len; i++) dv_expr(e->args.items[i].value);
    for (int i = 0; i < e->arms.len; i++) {
        dv_pattern(e->arms.items[i].pattern);
        dv_expr(e->arms.items[i].guard);
        dv_expr(e->arms.items[i].value);
        dv_block(&e->arms.items[i].body);
    }
    for (int i = 0; i < e->fields.len; i++) dv_expr(e->fields.items[i].value);
    dv_block(&e->body);
}

static void dv_block(StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        dv_sym(s->sym);
        dv_expr(s->target);
        dv_expr(s->index);
        dv_expr(s->value);
        dv_expr(s->cond);
        dv_block(&s->body);
        dv_block(&s->else_body);
        for (int k = 0; k < s->arms.len; k++) {
            dv_pattern(s->arms.items[k].pattern);
            dv_expr(s->arms.items[k].guard);
            dv_block(&s->arms.items[k].body);
        }
    }
}

static void dv_def(Def *d) {
    if (d->sym) {
        Sym *s = d->sym;
        s->ty = default_vars(s->ty);
    }
    for (int i = 0; i < d->params.len; i++) dv_expr(d->params.items[i].default_value);
    for (int i = 0; i < d->requires_.len; i++) dv_expr(d->requires_.items[i]);
    for (int i = 0; i < d->ensures.len; i++) dv_expr(d->ensures.items[i]);
    for (int i = 0; i < d->examples.len; i++) {
        for (int k = 0; k < d->examples.items[i].args.len; k++) dv_expr(d->examples.items[i].args.items[k]);
        dv_expr(d->examples.items[i].output);
    }
    dv_block(&d->body);
    for (int i = 0; i < d->methods.len; i++) dv_def(d->methods.items[i]);
}

void check_default_types(Program *p) {
    for (int i = 0; i < p->defs.len; i++) dv_def(p->defs.items[i]);
}
