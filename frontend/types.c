/* types.c — constructing, unifying and printing static types. */
#include "types.h"

#include <string.h>

Type *ty_prim(TyKind k) {
    static Type prims[TY_ERROR + 1];
    prims[k].kind = k;
    return &prims[k];
}

Type *ty_new(TyKind k, int nargs, Type **args) {
    Type *t = xmalloc_node(sizeof *t);
    t->kind = k;
    t->nargs = nargs;
    if (nargs) {
        t->args = xmalloc(sizeof(Type *) * nargs);
        if (args) memcpy(t->args, args, sizeof(Type *) * nargs);
    }
    return t;
}

Type *ty_list(Type *elem) { return ty_new(TY_LIST, 1, &elem); }

Type *ty_func(int nparams, Type **params, Type *ret) {
    Type *t = ty_new(TY_FUNC, nparams, params);
    t->ret = ret;
    return t;
}

static int next_id;

void ty_reset_ids(void) { next_id = 0; }

TyLog *effects_read_log;

void note_effects_read(Type *t) {
    if (!effects_read_log || !t || t->kind != TY_FUNC) return;
    if (effects_read_log->len && effects_read_log->items[effects_read_log->len - 1] == t) return;
    vec_push(effects_read_log, t);
}

/* Node t with an args array of its own (the caller fills it in): the copy
 * keeps t's effects, so making it reads them. */
Type *ty_copy_node(Type *t) {
    Type *r = ty_new(t->kind, t->nargs, NULL);
    Type **args = r->args;
    note_effects_read(t);
    *r = *t;
    r->args = args;
    return r;
}

int ty_ids_used(void) { return next_id; }
void ty_skip_ids(int n) { next_id += n; }

Type *ty_var(void) {
    Type *t = ty_new(TY_VAR, 0, NULL);
    t->id = ++next_id;
    return t;
}

Type *ty_resolve(Type *t) {
    while (t && t->kind == TY_VAR && t->ref) t = t->ref;
    return t;
}

bool ty_is(Type *t, TyKind k) {
    t = ty_resolve(t);
    return t && t->kind == k;
}

bool ty_is_numeric(Type *t) { return ty_is(t, TY_INT) || ty_is(t, TY_FLOAT); }

static bool occurs(Type *v, Type *t) {
    t = ty_resolve(t);
    if (t == v) return true;
    for (int i = 0; i < t->nargs; i++)
        if (occurs(v, t->args[i])) return true;
    return t->ret && occurs(v, t->ret);
}

bool ty_unify(Type *a, Type *b) {
    a = ty_resolve(a);
    b = ty_resolve(b);
    if (a == b) return true;
    if (a->kind == TY_ERROR || b->kind == TY_ERROR) return true;
    if (a->kind == TY_NEVER || b->kind == TY_NEVER) return true;
    if (a->kind == TY_VAR) {
        if (occurs(a, b)) return false;
        a->ref = b;
        return true;
    }
    if (b->kind == TY_VAR) return ty_unify(b, a);
    if (a->kind != b->kind || a->nargs != b->nargs) return false;
    if (a->kind == TY_ADT && strcmp(a->name, b->name) != 0) return false;
    for (int i = 0; i < a->nargs; i++)
        if (!ty_unify(a->args[i], b->args[i])) return false;
    if (a->kind == TY_FUNC) return ty_unify(a->ret, b->ret);
    return true;
}

bool ty_equal(Type *a, Type *b) {
    a = ty_resolve(a);
    b = ty_resolve(b);
    if (a == b) return true;
    if (a->kind != b->kind || a->nargs != b->nargs) return false;
    if (a->kind == TY_VAR) return false;
    if (a->kind == TY_ADT && strcmp(a->name, b->name) != 0) return false;
    for (int i = 0; i < a->nargs; i++)
        if (!ty_equal(a->args[i], b->args[i])) return false;
    if (a->kind == TY_FUNC) return ty_equal(a->ret, b->ret);
    return true;
}

bool ty_has_vars(Type *t) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR) return true;
    for (int i = 0; i < t->nargs; i++)
        if (ty_has_vars(t->args[i])) return true;
    return t->ret && ty_has_vars(t->ret);
}

static void ty_write(StrBuf *sb, Type *t) {
    static const char *names[] = {
        [TY_UNIT] = "Unit", [TY_BOOL] = "Bool", [TY_INT] = "Int",
        [TY_FLOAT] = "Float", [TY_STRING] = "String", [TY_LIST] = "List",
        [TY_MAP] = "Map", [TY_SET] = "Set", [TY_ARRAY] = "Array",
        [TY_VEC] = "Vec", [TY_MUTMAP] = "MutableMap", [TY_NEVER] = "Never",
        [TY_ERROR] = "<error>", [TY_ASYNC] = "Async",
    };
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_VAR:
        sb_printf(sb, "__fresh_T_%d", t->id);
        return;
    case TY_TUPLE:
    case TY_FUNC:
        sb_putc(sb, '(');
        for (int i = 0; i < t->nargs; i++) {
            if (i) sb_puts(sb, ", ");
            ty_write(sb, t->args[i]);
        }
        sb_putc(sb, ')');
        if (t->kind == TY_FUNC) {
            sb_puts(sb, " -> ");
            ty_write(sb, t->ret);
        }
        return;
    case TY_ADT:
        sb_puts(sb, t->name);
        break;
    case TY_PARAM:
        sb_puts(sb, t->name ? t->name : "T");
        return;
    default:
        sb_puts(sb, names[t->kind]);
    }
    if (t->nargs) {
        sb_putc(sb, '[');
        for (int i = 0; i < t->nargs; i++) {
            if (i) sb_puts(sb, ", ");
            ty_write(sb, t->args[i]);
        }
        sb_putc(sb, ']');
    }
}

char *ty_str(Type *t) {
    StrBuf sb = {0};
    ty_write(&sb, t);
    return sb_take(&sb);
}

Type *ty_param(int index, const char *name) {
    Type *t = ty_new(TY_PARAM, 0, NULL);
    t->id = index;
    t->name = name;
    return t;
}

Type *ty_adt(AdtInfo *adt, int nargs, Type **args) {
    Type *t = ty_new(TY_ADT, nargs, args);
    t->adt = adt;
    t->name = adt->name;
    return t;
}

Type *ty_subst(Type *t, int nargs, Type **args) {
    t = ty_resolve(t);
    if (t->kind == TY_PARAM) return t->id < nargs ? args[t->id] : t;
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = ty_subst(t->args[i], nargs, args);
    if (t->ret) r->ret = ty_subst(t->ret, nargs, args);
    return r;
}

int adt_variant_index(const AdtInfo *adt, const char *name) {
    for (int i = 0; adt && i < adt->nvariants; i++)
        if (strcmp(adt->variants[i].name, name) == 0) return i;
    return -1;
}
