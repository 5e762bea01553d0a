/* check.c — name resolution and type inference for the core language.
 *
 * Two passes: collect every function's signature (so calls may precede
 * definitions), then check each body with an expected-type-driven walk:
 * check_expr(e, expected) infers e's type, using `expected` to type empty
 * lists and to mark Int→Float coercions, and the caller reports mismatches.
 * Diagnostics use the reference's codes and wording where measured
 * (REFERENCE.md §2). Constructs beyond the core language are reported as
 * E300 "not supported yet" at their position, so nothing unsupported ever
 * reaches the C compiler. The full checker (issue 3) grows from here.
 */
#include "checker.h"

#include <string.h>

#include "codegen.h"

typedef struct Scope Scope;
struct Scope {
    Scope *parent;
    VEC(Sym *) syms;
};

typedef struct {
    Diags *d;
    const char *file;
    VEC(Sym *) funcs;
    Scope *scope;
    Def *cur_func;
    Type *cur_ret;
    int loop_depth;
    int next_local;
} Checker;

static Type *check_expr(Checker *c, Expr *e, Type *expected);
static void check_block(Checker *c, StmtList *body);

#define ERR(c, code, loc, ...) diag_add((c)->d, code, loc, __VA_ARGS__)

/* ---- builtins ------------------------------------------------------------ */

typedef struct {
    const char *name;
    BuiltinId id;
    int min_args, max_args;
    const char *params[3];
} BuiltinInfo;

static const BuiltinInfo builtins[] = {
    {"print", BI_PRINT, 1, 1, {"value"}},
    {"to_string", BI_TO_STRING, 1, 1, {"value"}},
    {"length", BI_LENGTH, 1, 1, {"list"}},
    {"append", BI_APPEND, 2, 2, {"list", "element"}},
    {"range", BI_RANGE, 2, 3, {"start", "end", "step"}},
    {"head", BI_HEAD, 1, 1, {"list"}},
    {"tail", BI_TAIL, 1, 1, {"list"}},
    {"concat", BI_CONCAT, 2, 2, {"list1", "list2"}},
    {"reverse", BI_REVERSE, 1, 1, {"list"}},
    {"int_to_float", BI_INT_TO_FLOAT, 1, 1, {"value"}},
    {"float_to_int", BI_FLOAT_TO_INT, 1, 1, {"value"}},
    {"abs", BI_ABS, 1, 1, {"value"}},
    {"sqrt", BI_SQRT, 1, 1, {"value"}},
    {"floor", BI_FLOOR, 1, 1, {"value"}},
    {"ceil", BI_CEIL, 1, 1, {"value"}},
    {"round", BI_ROUND, 1, 1, {"value"}},
    {"bit_or", BI_BIT_OR, 2, 2, {"a", "b"}},
    {"contains", BI_CONTAINS, 2, 2, {"list", "element"}},
};

static Sym *builtin_sym(const char *name) {
    static Sym syms[sizeof builtins / sizeof builtins[0]];
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        if (strcmp(builtins[i].name, name) == 0) {
            syms[i].kind = SYM_BUILTIN;
            syms[i].name = builtins[i].name;
            syms[i].builtin = builtins[i].id;
            return &syms[i];
        }
    }
    return NULL;
}

static const BuiltinInfo *builtin_info(BuiltinId id) {
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (builtins[i].id == id) return &builtins[i];
    return NULL;
}

/* ---- scopes -------------------------------------------------------------- */

static void push_scope(Checker *c) {
    Scope *s = xmalloc(sizeof *s);
    s->parent = c->scope;
    c->scope = s;
}

static void pop_scope(Checker *c) { c->scope = c->scope->parent; }

static Sym *declare_local(Checker *c, const char *name, Type *ty, bool is_mutable) {
    Sym *s = xmalloc(sizeof *s);
    s->kind = SYM_LOCAL;
    s->name = name;
    s->ty = ty;
    s->is_mutable = is_mutable;
    s->id = ++c->next_local;
    vec_push(&c->scope->syms, s);
    return s;
}

static Sym *lookup_local(Checker *c, const char *name) {
    for (Scope *s = c->scope; s; s = s->parent)
        for (int i = s->syms.len - 1; i >= 0; i--)
            if (strcmp(s->syms.items[i]->name, name) == 0) return s->syms.items[i];
    return NULL;
}

static Sym *lookup_func(Checker *c, const char *name) {
    for (int i = 0; i < c->funcs.len; i++)
        if (strcmp(c->funcs.items[i]->name, name) == 0) return c->funcs.items[i];
    return NULL;
}

/* ---- type annotations ---------------------------------------------------- */

static Type *resolve_type(Checker *c, TypeExpr *te) {
    if (!te) return ty_prim(TY_ERROR);
    switch (te->kind) {
    case TE_UNIT:
        return ty_prim(TY_UNIT);
    case TE_TUPLE: {
        Type *t = ty_new(TY_TUPLE, te->args.len, NULL);
        for (int i = 0; i < te->args.len; i++) t->args[i] = resolve_type(c, te->args.items[i]);
        return t;
    }
    case TE_FUNC: {
        Type *t = ty_func(te->args.len, NULL, resolve_type(c, te->ret));
        for (int i = 0; i < te->args.len; i++) t->args[i] = resolve_type(c, te->args.items[i]);
        return t;
    }
    case TE_NAME:
        break;
    }
    static const struct { const char *name; TyKind kind; int nargs; } known[] = {
        {"Int", TY_INT, 0}, {"Float", TY_FLOAT, 0}, {"String", TY_STRING, 0},
        {"Bool", TY_BOOL, 0}, {"Unit", TY_UNIT, 0}, {"List", TY_LIST, 1},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (strcmp(te->name, known[i].name) != 0) continue;
        if (te->args.len != known[i].nargs) {
            ERR(c, "E300", te->loc, "Type '%s' expects %d type argument(s), got %d",
                te->name, known[i].nargs, te->args.len);
            return ty_prim(TY_ERROR);
        }
        if (!known[i].nargs) return ty_prim(known[i].kind);
        Type *t = ty_new(known[i].kind, te->args.len, NULL);
        for (int j = 0; j < te->args.len; j++) t->args[j] = resolve_type(c, te->args.items[j]);
        return t;
    }
    ERR(c, "E300", te->loc, "genoc does not support the type '%s' yet", te->name);
    return ty_prim(TY_ERROR);
}

/* ---- compatibility ------------------------------------------------------- */

/* Can a value of type `actual` flow where `expected` is wanted? Unifies type
 * variables; an Int flowing into a Float is accepted and marked on `e`. */
static bool flows_into(Expr *e, Type *actual, Type *expected) {
    Type *a = ty_resolve(actual), *x = ty_resolve(expected);
    if (x->kind == TY_FLOAT && a->kind == TY_INT) {
        if (e) e->aux |= AUX_TO_FLOAT;
        return true;
    }
    return ty_unify(x, a);
}

static bool is_error(Type *t) { return ty_is(t, TY_ERROR); }

/* ---- expressions --------------------------------------------------------- */

static Type *set_ty(Expr *e, Type *t) {
    e->ty = t;
    return t;
}

static Type *check_binary(Checker *c, Expr *e) {
    Type *l = check_expr(c, e->a, NULL);
    Type *r = check_expr(c, e->b, NULL);
    if (is_error(l) || is_error(r)) return ty_prim(TY_ERROR);
    Type *lt = ty_resolve(l), *rt = ty_resolve(r);
    bool num = ty_is_numeric(lt) && ty_is_numeric(rt);
    bool any_float = lt->kind == TY_FLOAT || rt->kind == TY_FLOAT;
    const char *op = op_name(e->op);
    char *ls = ty_str(lt), *rs = ty_str(rt);
    switch (e->op) {
    case OP_ADD:
        if (lt->kind == TY_STRING && rt->kind == TY_STRING) return ty_prim(TY_STRING);
        if (num) return ty_prim(any_float ? TY_FLOAT : TY_INT);
        ERR(c, "E300", e->loc, "Cannot apply '+' to %s and %s: both operands must be numeric (Int or Float) or both String for concatenation", ls, rs);
        return ty_prim(TY_ERROR);
    case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_POW:
        /* `2 ** -1` is 0.5 in the reference: an Int raised to a negative
         * literal exponent is a Float (other negative exponents: E499). */
        if (num && e->op == OP_POW && e->b->kind == EX_UNARY && e->b->op == OP_NEG &&
            e->b->a->kind == EX_INT && strspn(e->b->a->int_text, "0") != strlen(e->b->a->int_text))
            return ty_prim(TY_FLOAT);
        if (num) return ty_prim(any_float ? TY_FLOAT : TY_INT);
        ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: operands must be numeric (Int or Float)", op, ls, rs);
        return ty_prim(TY_ERROR);
    case OP_BAND: case OP_BXOR: case OP_SHL: case OP_SHR:
        if (lt->kind == TY_INT && rt->kind == TY_INT) return ty_prim(TY_INT);
        ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: operands must be Int", op, ls, rs);
        return ty_prim(TY_ERROR);
    case OP_EQ: case OP_NE:
        if (num || ty_unify(lt, rt)) return ty_prim(TY_BOOL);
        ERR(c, "E300", e->loc, "Cannot compare %s with %s", ls, rs);
        return ty_prim(TY_ERROR);
    case OP_LT: case OP_GT: case OP_LE: case OP_GE:
        if (num || (lt->kind == TY_STRING && rt->kind == TY_STRING)) return ty_prim(TY_BOOL);
        ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: operands must both be numeric (Int or Float) or both String", op, ls, rs);
        return ty_prim(TY_ERROR);
    case OP_AND: case OP_OR:
        if (lt->kind == TY_BOOL && rt->kind == TY_BOOL) return ty_prim(TY_BOOL);
        ERR(c, "E300", e->loc, "Cannot apply '%s' to %s and %s: operands must be Bool", op, ls, rs);
        return ty_prim(TY_ERROR);
    default:
        return ty_prim(TY_ERROR);
    }
}

static Type *check_unary(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a, NULL));
    if (is_error(t)) return t;
    char *ts = ty_str(t);
    switch (e->op) {
    case OP_NEG:
        if (ty_is_numeric(t)) return t;
        ERR(c, "E300", e->loc, "Cannot negate %s: operand must be numeric", ts);
        break;
    case OP_BNOT:
        if (t->kind == TY_INT) return t;
        ERR(c, "E300", e->loc, "Cannot apply '~' to %s: operand must be Int", ts);
        break;
    case OP_NOT:
        if (t->kind == TY_BOOL) return t;
        ERR(c, "E300", e->loc, "Cannot apply 'not' to %s: operand must be Bool", ts);
        break;
    default:
        break;
    }
    return ty_prim(TY_ERROR);
}

/* Puts call arguments in parameter order into e->elems. `names` lists the
 * parameter names, `defaults` their default expressions (NULL = required). */
static bool bind_args(Checker *c, Expr *e, const char *fname, int nparams,
                      const char *const *names, Expr *const *defaults) {
    Expr **slots = xmalloc(sizeof(Expr *) * (nparams + 1));
    int npos = 0;
    bool ok = true;
    for (int i = 0; i < e->args.len; i++) {
        CallArg *a = &e->args.items[i];
        if (!a->name) {
            if (npos < nparams) slots[npos] = a->value;
            npos++;
            continue;
        }
        int k = -1;
        for (int j = 0; j < nparams; j++)
            if (names[j] && strcmp(names[j], a->name) == 0) k = j;
        if (k < 0) {
            ERR(c, "E300", a->name_loc, "Unknown parameter '%s' for '%s'", a->name, fname);
            ok = false;
        } else if (slots[k]) {
            ERR(c, "E300", a->name_loc, "Parameter '%s' of '%s' given more than once", a->name, fname);
            ok = false;
        } else {
            slots[k] = a->value;
        }
    }
    int required = 0;
    for (int j = 0; j < nparams; j++)
        if (!defaults || !defaults[j]) required = j + 1;
    if (npos > nparams || (e->args.len > nparams)) {
        ERR(c, "E304", e->loc, "'%s' expects %d argument(s), but %d were provided",
            fname, nparams, e->args.len);
        return false;
    }
    for (int j = 0; j < nparams && ok; j++) {
        if (!slots[j] && defaults && defaults[j]) slots[j] = defaults[j];
        if (!slots[j] && j < required) {
            ERR(c, "E304", e->loc, "'%s' expects %d argument(s), but %d were provided",
                fname, required, e->args.len);
            return false;
        }
    }
    e->elems.len = 0;
    for (int j = 0; j < nparams && slots[j]; j++) vec_push(&e->elems, slots[j]);
    return ok;
}

/* The reference's rule: 3+ arguments must be named (range is exempt). */
static void check_named_rule(Checker *c, Expr *e, const char *fname, int nparams) {
    if (e->args.len < 3 || strcmp(fname, "range") == 0) return;
    for (int i = 0; i < e->args.len; i++) {
        if (!e->args.items[i].name) {
            ERR(c, "E300", e->loc, "Function '%s' has %d parameters; use named arguments for clarity (e.g., param_name: value)", fname, nparams);
            return;
        }
    }
}

static Type *expect_arg(Checker *c, Expr *arg, Type *want, const char *fname, int idx) {
    Type *t = check_expr(c, arg, want);
    if (!is_error(t) && !flows_into(arg, t, want)) {
        char *ws = ty_str(want), *ts = ty_str(t);
        ERR(c, "E300", arg->loc, "Argument %d of '%s': expected %s, got %s", idx + 1, fname, ws, ts);
        return ty_prim(TY_ERROR);
    }
    return t;
}

static Type *check_builtin_call(Checker *c, Expr *e, Sym *s) {
    const BuiltinInfo *bi = builtin_info(s->builtin);
    int nparams = bi->max_args;
    check_named_rule(c, e, bi->name, nparams);
    Expr *defaults[3] = {0};
    static Expr range_step_default;   /* marker: `range` without a step */
    if (s->builtin == BI_RANGE) defaults[2] = &range_step_default;
    if (!bind_args(c, e, bi->name, nparams, bi->params, defaults)) return ty_prim(TY_ERROR);
    if (s->builtin == BI_RANGE && e->elems.len == 3 && e->elems.items[2] == &range_step_default)
        e->elems.len = 2;
    Expr **a = e->elems.items;
    switch (s->builtin) {
    case BI_PRINT:
    case BI_TO_STRING: {
        Type *t = check_expr(c, a[0], NULL);
        if (is_error(t)) return t;
        return ty_prim(s->builtin == BI_PRINT ? TY_UNIT : TY_STRING);
    }
    case BI_LENGTH: {
        Type *t = ty_resolve(check_expr(c, a[0], NULL));
        if (is_error(t)) return t;
        if (t->kind == TY_LIST || t->kind == TY_STRING) return ty_prim(TY_INT);
        char *ts = ty_str(t);
        ERR(c, "E300", a[0]->loc, "Argument 1 of 'length': expected List[T], got %s", ts);
        return ty_prim(TY_ERROR);
    }
    case BI_BIT_OR:
        for (int i = 0; i < 2; i++)
            if (is_error(expect_arg(c, a[i], ty_prim(TY_INT), bi->name, i))) return ty_prim(TY_ERROR);
        return ty_prim(TY_INT);
    case BI_CONTAINS: {
        Type *elem = ty_var();
        if (is_error(expect_arg(c, a[0], ty_list(elem), bi->name, 0))) return ty_prim(TY_ERROR);
        if (is_error(expect_arg(c, a[1], elem, bi->name, 1))) return ty_prim(TY_ERROR);
        return ty_prim(TY_BOOL);
    }
    case BI_APPEND:
    case BI_CONCAT: {
        Type *elem = ty_var();
        Type *lt = ty_list(elem);
        if (is_error(expect_arg(c, a[0], lt, bi->name, 0))) return ty_prim(TY_ERROR);
        if (is_error(expect_arg(c, a[1], s->builtin == BI_APPEND ? elem : lt, bi->name, 1)))
            return ty_prim(TY_ERROR);
        return lt;
    }
    case BI_HEAD:
    case BI_TAIL:
    case BI_REVERSE: {
        Type *elem = ty_var();
        Type *lt = ty_list(elem);
        if (is_error(expect_arg(c, a[0], lt, bi->name, 0))) return ty_prim(TY_ERROR);
        return s->builtin == BI_HEAD ? elem : lt;
    }
    case BI_RANGE:
        for (int i = 0; i < e->elems.len; i++)
            if (is_error(expect_arg(c, a[i], ty_prim(TY_INT), "range", i))) return ty_prim(TY_ERROR);
        return ty_list(ty_prim(TY_INT));
    case BI_INT_TO_FLOAT:
        if (is_error(expect_arg(c, a[0], ty_prim(TY_INT), bi->name, 0))) return ty_prim(TY_ERROR);
        return ty_prim(TY_FLOAT);
    case BI_FLOAT_TO_INT:
    case BI_FLOOR:
    case BI_CEIL:
    case BI_ROUND:
        if (is_error(expect_arg(c, a[0], ty_prim(TY_FLOAT), bi->name, 0))) return ty_prim(TY_ERROR);
        return ty_prim(TY_INT);
    case BI_SQRT:
        if (is_error(expect_arg(c, a[0], ty_prim(TY_FLOAT), bi->name, 0))) return ty_prim(TY_ERROR);
        return ty_prim(TY_FLOAT);
    case BI_ABS: {
        Type *t = ty_resolve(check_expr(c, a[0], NULL));
        if (is_error(t) || ty_is_numeric(t)) return t;
        char *ts = ty_str(t);
        ERR(c, "E300", a[0]->loc, "Argument 1 of 'abs': expected Num, got %s", ts);
        return ty_prim(TY_ERROR);
    }
    default:
        return ty_prim(TY_ERROR);
    }
}

static Type *check_user_call(Checker *c, Expr *e, Sym *s) {
    Def *f = s->def;
    int n = f->params.len;
    const char **names = xmalloc(sizeof(char *) * (n + 1));
    Expr **defaults = xmalloc(sizeof(Expr *) * (n + 1));
    for (int i = 0; i < n; i++) {
        names[i] = f->params.items[i].name;
        defaults[i] = f->params.items[i].default_value;
    }
    check_named_rule(c, e, f->name, n);
    if (!bind_args(c, e, f->name, n, names, defaults)) return ty_prim(TY_ERROR);
    Type *ft = s->ty;
    for (int i = 0; i < e->elems.len; i++)
        if (is_error(expect_arg(c, e->elems.items[i], ft->args[i], f->name, i))) return ty_prim(TY_ERROR);
    return ft->ret;
}

static Type *check_call(Checker *c, Expr *e) {
    if (e->a->kind != EX_IDENT) {
        ERR(c, "E300", e->loc, "genoc does not support calling this kind of expression yet");
        return ty_prim(TY_ERROR);
    }
    const char *name = e->a->name;
    Sym *s = lookup_local(c, name);
    if (s) {
        ERR(c, "E300", e->loc, "genoc does not support calling function values yet");
        return ty_prim(TY_ERROR);
    }
    s = lookup_func(c, name);
    if (!s) s = builtin_sym(name);
    if (!s) {
        ERR(c, "E302", e->loc, "Undefined function: %s", name);
        for (int i = 0; i < e->args.len; i++) check_expr(c, e->args.items[i].value, NULL);
        return ty_prim(TY_ERROR);
    }
    e->sym = s;
    e->a->sym = s;
    return s->kind == SYM_BUILTIN ? check_builtin_call(c, e, s) : check_user_call(c, e, s);
}

static Type *check_list(Checker *c, Expr *e, Type *expected) {
    Type *elem = NULL;
    Type *x = expected ? ty_resolve(expected) : NULL;
    if (x && x->kind == TY_LIST) elem = x->args[0];
    if (!elem) elem = ty_var();
    for (int i = 0; i < e->elems.len; i++) {
        Expr *it = e->elems.items[i];
        Type *t = check_expr(c, it, elem);
        if (is_error(t)) return t;
        Type *want = ty_resolve(elem);
        if (want->kind == TY_FLOAT && ty_is(t, TY_INT) && x) {
            it->aux |= AUX_TO_FLOAT;   /* element of an annotated List[Float] */
            continue;
        }
        if (!ty_unify(elem, t)) {
            char *ws = ty_str(elem), *ts = ty_str(t);
            ERR(c, "E300", it->loc, "List element type mismatch: expected %s, got %s", ws, ts);
            return ty_prim(TY_ERROR);
        }
    }
    return ty_list(elem);
}

static Type *check_index(Checker *c, Expr *e) {
    Type *t = ty_resolve(check_expr(c, e->a, NULL));
    Type *i = check_expr(c, e->b, ty_prim(TY_INT));
    if (is_error(t) || is_error(i)) return ty_prim(TY_ERROR);
    if (!ty_is(i, TY_INT)) {
        char *is = ty_str(i);
        ERR(c, "E300", e->b->loc, "Index must be Int, got %s", is);
        return ty_prim(TY_ERROR);
    }
    if (t->kind == TY_LIST) return t->args[0];
    if (t->kind == TY_STRING) return t;
    char *ts = ty_str(t);
    ERR(c, "E300", e->loc, "Cannot index into %s", ts);
    return ty_prim(TY_ERROR);
}

static Type *check_expr(Checker *c, Expr *e, Type *expected) {
    switch (e->kind) {
    case EX_INT: return set_ty(e, ty_prim(TY_INT));
    case EX_FLOAT: return set_ty(e, ty_prim(TY_FLOAT));
    case EX_STRING: return set_ty(e, ty_prim(TY_STRING));
    case EX_BOOL: return set_ty(e, ty_prim(TY_BOOL));
    case EX_FSTRING:
        for (int i = 0; i < e->elems.len; i++)
            if (is_error(check_expr(c, e->elems.items[i], NULL))) return set_ty(e, ty_prim(TY_ERROR));
        return set_ty(e, ty_prim(TY_STRING));
    case EX_IDENT: {
        Sym *s = lookup_local(c, e->name);
        if (s) {
            e->sym = s;
            return set_ty(e, s->ty);
        }
        if (lookup_func(c, e->name) || builtin_sym(e->name)) {
            ERR(c, "E300", e->loc, "genoc does not support functions as values yet");
            return set_ty(e, ty_prim(TY_ERROR));
        }
        ERR(c, "E301", e->loc, "Undefined variable: %s", e->name);
        return set_ty(e, ty_prim(TY_ERROR));
    }
    case EX_TUPLE:
        if (e->elems.len == 0) return set_ty(e, ty_prim(TY_UNIT));
        break;
    case EX_LIST: return set_ty(e, check_list(c, e, expected));
    case EX_BINARY: return set_ty(e, check_binary(c, e));
    case EX_UNARY: return set_ty(e, check_unary(c, e));
    case EX_CALL: return set_ty(e, check_call(c, e));
    case EX_INDEX: return set_ty(e, check_index(c, e));
    default:
        break;
    }
    ERR(c, "E300", e->loc, "genoc does not support this expression yet");
    return set_ty(e, ty_prim(TY_ERROR));
}

/* ---- statements ---------------------------------------------------------- */

static void expect_bool(Checker *c, Expr *cond, const char *what) {
    Type *t = check_expr(c, cond, ty_prim(TY_BOOL));
    if (!is_error(t) && !ty_is(t, TY_BOOL)) {
        char *ts = ty_str(t);
        ERR(c, "E300", cond->loc, "%s condition must be Bool, got %s", what, ts);
    }
}

static void check_let(Checker *c, Stmt *s) {
    const char *kw = s->kind == ST_LET ? "let" : "var";
    if (s->names.len) {
        ERR(c, "E300", s->loc, "genoc does not support tuple destructuring yet");
        return;
    }
    Type *decl = s->type_ann ? resolve_type(c, s->type_ann) : NULL;
    Type *t = check_expr(c, s->value, decl);
    if (decl && !is_error(decl) && !is_error(t) && !flows_into(s->value, t, decl)) {
        char *ds = ty_str(decl), *ts = ty_str(t);
        ERR(c, "E300", s->loc, "Type mismatch in '%s %s': declared type %s, but the value has type %s",
            kw, s->name, ds, ts);
    }
    Type *bound = decl ? decl : t;
    if (!decl && ty_has_vars(t) && !is_error(t)) {
        ERR(c, "E300", s->loc, "Cannot infer the type of '%s'; add a type annotation", s->name);
        bound = ty_prim(TY_ERROR);
    }
    s->sym = declare_local(c, s->name, bound, s->kind == ST_VAR);
}

static void check_stmt(Checker *c, Stmt *s) {
    switch (s->kind) {
    case ST_LET:
    case ST_VAR:
        check_let(c, s);
        return;
    case ST_ASSIGN: {
        Sym *v = lookup_local(c, s->name);
        if (!v) {
            ERR(c, "E301", s->loc, "Undefined variable: %s", s->name);
            check_expr(c, s->value, NULL);
            return;
        }
        s->sym = v;
        if (!v->is_mutable) ERR(c, "E306", s->loc, "Cannot assign to immutable variable: %s", s->name);
        Type *t = check_expr(c, s->value, v->ty);
        if (!is_error(t) && !is_error(v->ty) && !flows_into(s->value, t, v->ty)) {
            char *vs = ty_str(v->ty), *ts = ty_str(t);
            ERR(c, "E300", s->loc, "Type mismatch in assignment to '%s': expected %s, got %s", s->name, vs, ts);
        }
        return;
    }
    case ST_IF:
        expect_bool(c, s->cond, "If");
        push_scope(c);
        check_block(c, &s->body);
        pop_scope(c);
        push_scope(c);
        check_block(c, &s->else_body);
        pop_scope(c);
        return;
    case ST_WHILE:
        expect_bool(c, s->cond, "While");
        c->loop_depth++;
        push_scope(c);
        check_block(c, &s->body);
        pop_scope(c);
        c->loop_depth--;
        return;
    case ST_FOR: {
        Type *it = ty_resolve(check_expr(c, s->value, NULL));
        Type *vt = resolve_type(c, s->type_ann);
        if (!is_error(it)) {
            if (it->kind != TY_LIST) {
                char *is = ty_str(it);
                ERR(c, "E300", s->value->loc, "For loop requires a List, got %s", is);
            } else if (!is_error(vt) && !ty_unify(vt, it->args[0])) {
                char *vs = ty_str(vt), *es = ty_str(it->args[0]);
                ERR(c, "E300", s->loc, "For loop variable '%s' declared as %s, but the list holds %s", s->name, vs, es);
            }
        }
        c->loop_depth++;
        push_scope(c);
        s->sym = declare_local(c, s->name, vt, false);
        check_block(c, &s->body);
        pop_scope(c);
        c->loop_depth--;
        return;
    }
    case ST_RETURN: {
        Type *want = c->cur_ret;
        if (!s->value) {
            if (!ty_is(want, TY_UNIT) && !is_error(want)) {
                char *ws = ty_str(want);
                ERR(c, "E300", s->loc, "Return type mismatch: expected %s, got Unit", ws);
            }
            return;
        }
        Type *t = check_expr(c, s->value, want);
        if (!is_error(t) && !is_error(want) && !flows_into(s->value, t, want)) {
            char *ws = ty_str(want), *ts = ty_str(t);
            ERR(c, "E300", s->loc, "Return type mismatch: expected %s, got %s", ws, ts);
        }
        return;
    }
    case ST_BREAK:
    case ST_CONTINUE:
        if (!c->loop_depth)
            ERR(c, "E300", s->loc, "'%s' outside of a loop", s->kind == ST_BREAK ? "break" : "continue");
        return;
    case ST_EXPR:
        check_expr(c, s->value, NULL);
        return;
    default:
        ERR(c, "E300", s->loc, "genoc does not support this statement yet");
        return;
    }
}

static void check_block(Checker *c, StmtList *body) {
    for (int i = 0; i < body->len; i++) check_stmt(c, body->items[i]);
}

/* ---- definitions --------------------------------------------------------- */

static void collect_func(Checker *c, Def *f) {
    if (lookup_func(c, f->name)) {
        ERR(c, "E309", f->loc, "Duplicate function definition: '%s'", f->name);
        return;
    }
    Type *ft = ty_func(f->params.len, NULL, resolve_type(c, f->ret));
    for (int i = 0; i < f->params.len; i++) ft->args[i] = resolve_type(c, f->params.items[i].type);
    Sym *s = xmalloc(sizeof *s);
    s->kind = SYM_FUNC;
    s->name = f->name;
    s->ty = ft;
    s->def = f;
    f->sym = s;
    vec_push(&c->funcs, s);
}

static void check_func(Checker *c, Def *f) {
    Sym *fs = f->sym;
    if (!fs) return;
    if (f->is_async || f->requires_.len || f->ensures.len)
        ERR(c, "E300", f->loc, "genoc does not support async functions or contracts yet");
    c->cur_func = f;
    c->cur_ret = fs->ty->ret;
    push_scope(c);
    for (int i = 0; i < f->params.len; i++) {
        Param *p = &f->params.items[i];
        Sym *ps = declare_local(c, p->name, fs->ty->args[i], false);
        ps->is_param = true;
        if (p->default_value) {
            Type *t = check_expr(c, p->default_value, fs->ty->args[i]);
            if (!is_error(t) && !flows_into(p->default_value, t, fs->ty->args[i])) {
                char *ws = ty_str(fs->ty->args[i]), *ts = ty_str(t);
                ERR(c, "E300", p->loc, "Default value of '%s': expected %s, got %s", p->name, ws, ts);
            }
        }
    }
    /* Example clauses are type-checked like calls; running them is issue 4. */
    check_block(c, &f->body);
    pop_scope(c);
}

int check_program(Program *p, Diags *d) {
    Checker c = {.d = d, .file = p->path};
    int before = d->errors;
    push_scope(&c);
    for (int i = 0; i < p->defs.len; i++) {
        Def *def = p->defs.items[i];
        if (def->kind == DEF_FUNC) collect_func(&c, def);
        else if (def->kind != DEF_TEST)
            ERR(&c, "E300", def->loc, "genoc does not support this kind of definition yet");
    }
    for (int i = 0; i < p->defs.len; i++) {
        Def *def = p->defs.items[i];
        if (def->kind == DEF_FUNC) check_func(&c, def);
    }
    return d->errors - before;
}
