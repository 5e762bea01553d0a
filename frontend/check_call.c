/* check_call.c — calls and pipelines.
 *
 * A call is checked as the reference does it, in this order: the special
 * builtins `range` (2 or 3 Int arguments) and `length` (List, String or
 * Array); trait methods, dispatched statically on the first argument's
 * type to the impl's method; undefined names (E302); non-functions
 * (E305); arity with defaults (E304); the rule that calls with 3+
 * arguments or to functions with 3+ required parameters must name every
 * argument; named-argument reordering; then each argument against its
 * parameter, binding the signature's type variables in a Subs so generic
 * builtins get a concrete result. The call's `elems` receive the arguments
 * in parameter order with defaults filled in, for the code generator.
 * Pipelines (`x |> f(_, y)`, `x |> f`) follow the reference's separate
 * rules: no named-argument rule, the piped value fills the `_` slots or
 * the first parameter.
 */
#include "check_int.h"

static bool is_kind(Type *t, TyKind k) { return ty_resolve(t)->kind == k; }

/* Parameter names and default expressions of a call target. */
typedef struct {
    const char *name;           /* for messages; NULL = "function" */
    const char **params;
    int nparams;
    Expr **defaults;            /* NULL or per parameter */
    int ndefaults;
} CallInfo;

static CallInfo call_info(Checker *c, Expr *callee) {
    CallInfo ci = {0};
    Def *def = NULL;
    if (callee->kind == EX_IDENT) {
        ci.name = callee->name;
        Sym *f = lookup_func(c, callee->name);
        if (f) def = f->def;
        else if (builtin_type(callee->name, &ci.params, &ci.nparams)) return ci;
    } else if (callee->kind == EX_FIELD && callee->sym && ((Sym *)callee->sym)->kind == SYM_FUNC) {
        def = ((Sym *)callee->sym)->def;
    } else if (callee->kind == EX_FIELD && callee->a->kind == EX_IDENT) {
        return ci;
    }
    if (def) {
        ci.nparams = def->params.len;
        ci.params = xmalloc(sizeof(char *) * (ci.nparams + 1));
        ci.defaults = xmalloc(sizeof(Expr *) * (ci.nparams + 1));
        for (int i = 0; i < ci.nparams; i++) {
            ci.params[i] = def->params.items[i].name;
            ci.defaults[i] = def->params.items[i].default_value;
            ci.ndefaults += ci.defaults[i] != NULL;
        }
    }
    return ci;
}

static int param_index(const char **names, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0) return i;
    return -1;
}

/* Reorders arguments by name; reports unknown and duplicate names (at the
 * call) when `report`, else returns NULL on any problem. */
static CallArg **reorder(Checker *c, Expr *e, const char **names, int n, bool report) {
    CallArg **slots = xmalloc(sizeof(CallArg *) * (n + 1));
    int pos = 0;
    for (int i = 0; i < e->args.len; i++) {
        CallArg *a = &e->args.items[i];
        if (a->name) {
            int k = param_index(names, n, a->name);
            if (k < 0) {
                if (!report) return NULL;
                ERR(c, "E300", e->loc, "Unknown parameter name: %s", a->name);
                continue;
            }
            if (slots[k]) {
                if (!report) return NULL;
                ERR(c, "E300", e->loc, "Duplicate argument for parameter: %s", a->name);
                continue;
            }
            slots[k] = a;
        } else {
            while (pos < n && slots[pos]) pos++;
            if (pos >= n) {
                if (!report) return NULL;
                continue;
            }
            slots[pos++] = a;
        }
    }
    return slots;
}

static void validate_special_names(Checker *c, Expr *e, const char **names, int n) {
    bool used[8] = {0};
    int pos = 0;
    for (int i = 0; i < e->args.len; i++) {
        CallArg *a = &e->args.items[i];
        if (a->name) {
            int k = param_index(names, n, a->name);
            if (k < 0) {
                ERR(c, "E300", e->loc, "Unknown parameter name: %s", a->name);
                continue;
            }
            if (used[k]) {
                ERR(c, "E300", e->loc, "Duplicate argument for parameter: %s", a->name);
                continue;
            }
            used[k] = true;
        } else {
            while (pos < n && used[pos]) pos++;
            if (pos >= n) {
                ERR(c, "E300", e->loc, "Too many positional arguments");
                continue;
            }
            used[pos++] = true;
        }
    }
}

static void set_elems_in_order(Expr *e, const char **names, int n) {
    e->elems.len = 0;
    CallArg **slots = xmalloc(sizeof(CallArg *) * (n + e->args.len + 1));
    int pos = 0;
    for (int i = 0; i < e->args.len; i++) {
        CallArg *a = &e->args.items[i];
        int k = a->name ? param_index(names, n, a->name) : -1;
        if (k < 0) {
            while (pos < n && slots[pos]) pos++;
            k = pos++;
        }
        slots[k] = a;
    }
    for (int i = 0; i < n + e->args.len && slots[i]; i++) vec_push(&e->elems, slots[i]->value);
}

/* ---- special builtins ------------------------------------------------------ */

static Type *check_range(Checker *c, Expr *e, Sym *s) {
    static const char *names[] = {"start", "end", "step"};
    bool named = false;
    for (int i = 0; i < e->args.len; i++) named |= e->args.items[i].name != NULL;
    if (named) validate_special_names(c, e, names, 2);
    for (int i = 0; i < e->args.len; i++) {
        Expr *v = e->args.items[i].value;
        Type *t = check_expr(c, v);
        if (!is_kind(t, TY_INT)) ERR(c, "E300", v->loc, "range expects Int arguments, got %s", tstr(t));
    }
    e->sym = s;
    set_elems_in_order(e, names, 3);
    return ty_list(t_int());
}

static Type *check_length(Checker *c, Expr *e, Sym *s) {
    static const char *names[] = {"list"};
    validate_special_names(c, e, names, 1);
    Expr *v = e->args.items[0].value;
    Type *t = ty_resolve(check_expr(c, v));
    if (t->kind != TY_LIST && t->kind != TY_STRING && t->kind != TY_ARRAY && t->kind != TY_ERROR)
        ERR(c, "E300", v->loc, "Argument 1 type mismatch: expected List[T], String, or Array[T], got %s", tstr(t));
    e->sym = s;
    e->elems.len = 0;
    vec_push(&e->elems, v);
    return t_int();
}

/* ---- trait methods ---------------------------------------------------------- */

static bool is_trait_method(Checker *c, const char *name) {
    for (int t = 0; t < c->traits.len; t++)
        for (int m = 0; m < c->traits.items[t]->methods.len; m++)
            if (strcmp(c->traits.items[t]->methods.items[m]->name, name) == 0) return true;
    return false;
}

static Type *try_trait_call(Checker *c, Expr *e, bool *done) {
    const char *name = e->a->name;
    *done = false;
    bool named = false;
    for (int i = 0; i < e->args.len; i++) named |= e->args.items[i].name != NULL;
    for (int t = 0; t < c->traits.len; t++) {
        Def *tr = c->traits.items[t];
        Def *sig = NULL;
        for (int m = 0; m < tr->methods.len; m++)
            if (strcmp(tr->methods.items[m]->name, name) == 0) sig = tr->methods.items[m];
        if (!sig) continue;
        int np = sig->params.len;
        const char **pn = xmalloc(sizeof(char *) * (np + 1));
        for (int i = 0; i < np; i++) pn[i] = sig->params.items[i].name;
        CallArg **ordered;
        if (named) {
            ordered = reorder(c, e, pn, np, false);
            if (!ordered) continue;
        } else {
            ordered = xmalloc(sizeof(CallArg *) * (e->args.len + 1));
            for (int i = 0; i < e->args.len; i++) ordered[i] = &e->args.items[i];
        }
        if (!ordered[0]) continue;
        ptrmap_put(&recheck_scopes, ordered[0]->value, c->scope);
        Type *ft = ty_resolve(check_expr(c, ordered[0]->value));
        if (ft->kind != TY_ADT) continue;
        const char *tname = ft->name;
        ImplInfo *impl = NULL;
        for (int i = 0; i < c->impls.len; i++)
            if (strcmp(c->impls.items[i]->trait, tr->name) == 0 && strcmp(c->impls.items[i]->type, tname) == 0)
                impl = c->impls.items[i];
        if (!impl) continue;
        Sym *ms = NULL;
        for (int i = 0; i < impl->methods.len; i++)
            if (strcmp(impl->methods.items[i]->name, name) == 0) ms = impl->methods.items[i];
        if (!ms) continue;
        *done = true;
        Type *mt = ms->ty;
        int positional = 0;
        for (int i = 0; i < e->args.len; i++) positional += e->args.items[i].name == NULL;
        if (mt->nargs >= 3 && positional > 0)
            ERR(c, "E300", e->loc, "Function '%s' has %d parameters; use named arguments for clarity (e.g., param_name: value)", name, mt->nargs);
        if (e->args.len != mt->nargs)
            ERR(c, "E304", e->loc, "'%s' expects %d argument(s), but %d were provided", name, mt->nargs, e->args.len);
        e->elems.len = 0;
        for (int i = 0; i < mt->nargs; i++) {
            CallArg *a = i < (named ? np : e->args.len) ? ordered[i] : NULL;
            if (!a) {
                ERR(c, "E304", e->loc, "Missing argument for parameter '%s'", i < np ? pn[i] : "?");
                continue;
            }
            Type *at = check_expr(c, a->value);
            record_expected(c, a->value, mt->args[i]);
            if (!compat(c, mt->args[i], at))
                ERR(c, "E300", a->value->loc, "Argument %d type mismatch: expected %s, got %s", i + 1, tstr(mt->args[i]), tstr(at));
            vec_push(&e->elems, a->value);
        }
        e->sym = ms;
        e->a->sym = ms;
        e->a->ty = mt;
        return mt->ret;
    }
    return NULL;
}

/* ---- calls ------------------------------------------------------------------ */

Type *check_call(Checker *c, Expr *e) {
    Expr *callee = e->a;
    Sym *bsym = NULL;
    if (callee->kind == EX_IDENT && !lookup_local(c, callee->name) && !lookup_func(c, callee->name))
        bsym = builtin_sym(callee->name);
    if (bsym && strcmp(bsym->name, "range") == 0 && (e->args.len == 2 || e->args.len == 3)) {
        callee->sym = bsym;
        callee->ty = bsym->ty;
        return check_range(c, e, bsym);
    }
    if (bsym && strcmp(bsym->name, "length") == 0 && e->args.len == 1) {
        callee->sym = bsym;
        callee->ty = bsym->ty;
        return check_length(c, e, bsym);
    }
    if (callee->kind == EX_IDENT && e->args.len && is_trait_method(c, callee->name)) {
        bool done;
        Type *t = try_trait_call(c, e, &done);
        if (done) return t;
    }
    if (callee->kind == EX_IDENT && !lookup_var(c, callee->name)) {
        ERR(c, "E302", e->loc, "Undefined function: %s%s", callee->name, suggest_vars(c, callee->name));
        return t_any();
    }
    Type *ft = ty_resolve(check_expr(c, callee));
    if (ft->kind != TY_FUNC) {
        ERR(c, "E305", e->loc, "Cannot call non-function type: %s", tstr(ft));
        for (int i = 0; i < e->args.len; i++) check_expr(c, e->args.items[i].value);
        return t_any();
    }
    e->sym = callee->sym;
    CallInfo ci = call_info(c, callee);
    int nparams = ft->nargs;
    int min_args = nparams - ci.ndefaults;
    int nargs = e->args.len;
    if (nargs < min_args || nargs > nparams) {
        const char *desc = ci.name ? xasprintf("'%s'", ci.name) : "function";
        if (callee->kind != EX_IDENT) desc = "function";
        if (min_args == nparams)
            ERR(c, "E304", e->loc, "%s expects %d argument(s), but %d were provided", desc, nparams, nargs);
        else
            ERR(c, "E304", e->loc, "%s expects %d to %d arguments, but %d were provided", desc, min_args, nparams, nargs);
    }
    int positional = 0;
    bool named = false;
    for (int i = 0; i < nargs; i++) {
        positional += e->args.items[i].name == NULL;
        named |= e->args.items[i].name != NULL;
    }
    int required = nargs > min_args ? nargs : min_args;
    if (required >= 3 && positional > 0)
        ERR(c, "E300", e->loc, "Function '%s' has %d parameters; use named arguments for clarity (e.g., param_name: value)",
            callee->kind == EX_IDENT ? callee->name : "function", nparams);
    if (named && !ci.nparams)
        ERR(c, "E300", e->loc, "Named arguments are only supported for direct function calls, not for lambda expressions or function values");
    bool use_subs = has_vars(ft->ret);
    for (int i = 0; i < nparams; i++) use_subs |= has_vars(ft->args[i]);
    Subs subs = {0};
    bool never = false;
    CallArg **slots;
    int nslots;
    if (named && ci.nparams) {
        slots = reorder(c, e, ci.params, ci.nparams, true);
        nslots = ci.nparams;
        for (int i = 0; i < min_args && i < nslots; i++)
            if (!slots[i]) ERR(c, "E304", e->loc, "Missing argument for parameter '%s'", ci.params[i]);
    } else {
        slots = xmalloc(sizeof(CallArg *) * (nargs + 1));
        for (int i = 0; i < nargs; i++) slots[i] = &e->args.items[i];
        nslots = nargs;
    }
    bool by_name = named && ci.nparams;
    for (int i = 0; i < nslots && i < nparams; i++) {
        CallArg *a = slots[i];
        if (!a) continue;
        Type *want = ft->args[i];
        Type *at = check_expr(c, a->value);
        never |= is_kind(at, TY_NEVER);
        if (has_vars(at)) at = freshen(at, xasprintf("__arg%d_", i));
        bool ok = use_subs ? compat_subs(c, want, at, &subs) : compat(c, want, at);
        if (!ok) {
            char *ws = tstr(use_subs ? apply_subs(want, &subs) : want);
            if (by_name)
                ERR(c, "E300", a->value->loc, "Argument '%s' type mismatch: expected %s, got %s", ci.params[i], ws, tstr(at));
            else
                ERR(c, "E300", a->value->loc, "Argument %d type mismatch: expected %s, got %s", i + 1, ws, tstr(at));
        }
        record_expected(c, a->value, apply_subs(want, &subs));
    }
    /* The reference zips positional arguments with the parameters: extra
     * ones (already an arity error) are never checked. */
    for (int i = nparams; by_name && i < nslots; i++)
        if (slots[i]) check_expr(c, slots[i]->value);
    /* Arguments in parameter order, defaults filled in. */
    e->elems.len = 0;
    for (int i = 0; i < nparams; i++) {
        Expr *v = i < nslots && slots[i] ? slots[i]->value : (ci.defaults && i < ci.nparams ? ci.defaults[i] : NULL);
        if (!v) break;
        vec_push(&e->elems, v);
    }
    if (never) return t_never();
    Type *result = use_subs ? apply_subs(ft->ret, &subs) : ft->ret;
    check_keyed_collections(c, result, e->loc);
    return result;
}

/* ---- pipelines -------------------------------------------------------------- */

Type *check_pipeline(Checker *c, Expr *e) {
    Type *cur = check_expr(c, e->a);
    Expr *stage = e->b;
    SrcLoc loc = stage->loc;
    Type *ft = ty_resolve(check_expr(c, stage));
    e->sym = stage->sym;
    if (ft->kind != TY_FUNC) {
        ERR(c, "E300", loc, "Pipeline stage must be function, got %s", tstr(ft));
        for (int i = 0; i < e->args.len; i++) check_expr(c, e->args.items[i].value);
        return cur;
    }
    if (ft->nargs == 0) {
        ERR(c, "E300", loc, "Pipeline function must take at least one argument");
        return cur;
    }
    bool use_subs = has_vars(ft->ret);
    for (int i = 0; i < ft->nargs; i++) use_subs |= has_vars(ft->args[i]);
    Subs subs = {0};
    int nph = 0;
    for (int i = 0; i < e->args.len; i++) nph += e->args.items[i].value->kind == EX_PLACEHOLDER;
    int expected = nph ? e->args.len : e->args.len + 1;
    if (expected != ft->nargs) {
        ERR(c, "E304", loc, "Pipeline stage expects %d arguments, got %d", ft->nargs, expected);
        for (int i = 0; i < e->args.len; i++)
            if (e->args.items[i].value->kind != EX_PLACEHOLDER) check_expr(c, e->args.items[i].value);
        return ft->ret;
    }
    for (int i = 0; i < (nph ? e->args.len : 1); i++) {
        if (nph && e->args.items[i].value->kind != EX_PLACEHOLDER) continue;
        Type *want = ft->args[i];
        bool ok = use_subs ? compat_subs(c, want, cur, &subs) : compat(c, want, cur);
        if (!ok)
            ERR(c, "E300", loc, "Pipeline type mismatch: function expects %s, got %s",
                tstr(use_subs ? apply_subs(want, &subs) : want), tstr(cur));
    }
    e->elems.len = 0;
    if (!nph) vec_push(&e->elems, e->a);
    for (int i = 0; i < e->args.len; i++) {
        Expr *v = e->args.items[i].value;
        if (v->kind == EX_PLACEHOLDER) {
            v->ty = cur;
            vec_push(&e->elems, e->a);
            continue;
        }
        int pi = nph ? i : i + 1;
        Type *at = check_expr(c, v);
        if (has_vars(at)) at = freshen(at, xasprintf("__pipe%d_", pi));
        Type *want = ft->args[pi];
        bool ok = use_subs ? compat_subs(c, want, at, &subs) : compat(c, want, at);
        if (!ok)
            ERR(c, "E300", loc, "Pipeline argument type mismatch: expected %s, got %s",
                tstr(use_subs ? apply_subs(want, &subs) : want), tstr(at));
        record_expected(c, v, apply_subs(want, &subs));
        vec_push(&e->elems, v);
    }
    return use_subs ? apply_subs(ft->ret, &subs) : ft->ret;
}
