/* check_types.c — the checker's view of types: resolving annotations,
 * printing types the way the reference prints them, and the reference's
 * three compatibility relations:
 *
 *   compat        call-site compatibility: type variables are wildcards;
 *   strict_compat declarations, returns, assignments: variables only match
 *                 themselves, except that a polymorphic value may flow into a
 *                 monomorphic slot (`let f: (Int) -> String = to_string`);
 *   compat_subs   generic calls: variables of the expected side are bound in
 *                 a Subs, so `append([1], "x")` fails once T = Int.
 *
 * All three accept Int where Float is expected, treat TY_ERROR (the
 * reference's Any) as compatible with everything and TY_NEVER as flowing
 * anywhere; mutable collections are invariant, functions contravariant in
 * their parameters and may only have fewer effects than expected.
 * Also: the built-in ADTs and builtin signatures (parsed from builtins.h's
 * strings).
 */
#include <stdarg.h>
#include <stdlib.h>

#include "check_int.h"

/* ---- basic types ---------------------------------------------------------- */

Type *t_any(void) { return ty_prim(TY_ERROR); }
Type *t_never(void) { return ty_prim(TY_NEVER); }
Type *t_int(void) { return ty_prim(TY_INT); }
Type *t_float(void) { return ty_prim(TY_FLOAT); }
Type *t_bool(void) { return ty_prim(TY_BOOL); }
Type *t_string(void) { return ty_prim(TY_STRING); }
Type *t_unit(void) { return ty_prim(TY_UNIT); }

Type *t_named_var(const char *name) {
    Type *t = ty_new(TY_VAR, 0, NULL);
    t->name = name;
    return t;
}

Type *t_fresh(Checker *c, const char *hint) {
    return t_named_var(xasprintf("__fresh_%s_%d", hint, ++c->fresh));
}

Type *t_func_eff(int n, Type **params, Type *ret, const char **effects) {
    Type *t = ty_func(n, params, ret);
    t->effects = effects;
    return t;
}

bool is_any(Type *t) { return ty_resolve(t)->kind == TY_ERROR; }

/* ---- built-in ADTs -------------------------------------------------------- */

static AdtInfo *mk_adt(const char *name, int nparams, const char **params, int nvariants) {
    AdtInfo *a = xmalloc(sizeof *a);
    a->name = name;
    a->nparams = nparams;
    a->params = params;
    a->nvariants = nvariants;
    a->variants = xmalloc(sizeof(AdtVariant) * (nvariants ? nvariants : 1));
    a->builtin = true;
    return a;
}

static void mk_variant(AdtInfo *a, int i, const char *name, int nf, ...) {
    AdtVariant *v = &a->variants[i];
    v->name = name;
    v->tag = i;
    v->nfields = nf;
    v->field_names = xmalloc(sizeof(char *) * (nf ? nf : 1));
    v->field_types = xmalloc(sizeof(Type *) * (nf ? nf : 1));
    va_list ap;
    va_start(ap, nf);
    for (int k = 0; k < nf; k++) {
        v->field_names[k] = va_arg(ap, const char *);
        v->field_types[k] = va_arg(ap, Type *);
    }
    va_end(ap);
}

static AdtInfo *builtin_adts[8];

static Type *str_pairs(void) {
    Type *pair[2] = {t_string(), t_string()};
    return ty_list(ty_new(TY_TUPLE, 2, pair));
}

static void make_builtin_adts(void) {
    if (builtin_adts[0]) return;
    static const char *T[] = {"T"}, *TE[] = {"T", "E"};
    AdtInfo *a = mk_adt("Option", 1, T, 2);
    mk_variant(a, 0, "Some", 1, "value", ty_param(0, "T"));
    mk_variant(a, 1, "None", 0);
    builtin_adts[0] = a;
    a = mk_adt("Result", 2, TE, 2);
    mk_variant(a, 0, "Ok", 1, "value", ty_param(0, "T"));
    mk_variant(a, 1, "Err", 1, "error", ty_param(1, "E"));
    builtin_adts[1] = a;
    a = mk_adt("JsonValue", 0, NULL, 7);
    Type *jv = ty_adt(a, 0, NULL);
    Type *entry[2] = {t_string(), jv};
    mk_variant(a, 0, "JsonString", 1, "value", t_string());
    mk_variant(a, 1, "JsonInt", 1, "value", t_int());
    mk_variant(a, 2, "JsonFloat", 1, "value", t_float());
    mk_variant(a, 3, "JsonBool", 1, "value", t_bool());
    mk_variant(a, 4, "JsonNull", 0);
    mk_variant(a, 5, "JsonArray", 1, "items", ty_list(jv));
    mk_variant(a, 6, "JsonObject", 1, "entries", ty_list(ty_new(TY_TUPLE, 2, entry)));
    builtin_adts[2] = a;
    a = mk_adt("HttpResponse", 0, NULL, 1);
    mk_variant(a, 0, "HttpResponse", 3, "status", t_int(), "body", t_string(), "headers", str_pairs());
    builtin_adts[3] = a;
    a = mk_adt("HttpRequest", 0, NULL, 1);
    mk_variant(a, 0, "HttpRequest", 5, "method", t_string(), "path", t_string(), "query",
               t_string(), "headers", str_pairs(), "body", t_string());
    builtin_adts[4] = a;
    a = mk_adt("ProcessResult", 0, NULL, 1);
    mk_variant(a, 0, "ProcessResult", 3, "exit_code", t_int(), "stdout", t_string(), "stderr", t_string());
    builtin_adts[5] = a;
    AdtInfo *fk = mk_adt("FileKind", 0, NULL, 4);
    mk_variant(fk, 0, "FileKindFile", 0);
    mk_variant(fk, 1, "FileKindDirectory", 0);
    mk_variant(fk, 2, "FileKindSymlink", 0);
    mk_variant(fk, 3, "FileKindOther", 0);
    builtin_adts[6] = fk;
    a = mk_adt("FileMetadata", 0, NULL, 1);
    mk_variant(a, 0, "FileMetadata", 3, "kind", ty_adt(fk, 0, NULL), "size", t_int(), "modified_ms", t_int());
    builtin_adts[7] = a;
}

AdtInfo *adt_option(void) { make_builtin_adts(); return builtin_adts[0]; }
AdtInfo *adt_result(void) { make_builtin_adts(); return builtin_adts[1]; }

void init_builtin_adts(Checker *c) {
    make_builtin_adts();
    for (int i = 0; i < 8; i++) add_adt(c, builtin_adts[i]);
}

void add_adt(Checker *c, AdtInfo *a) {
    vec_push(&c->adts, a);
    strmap_put(&c->adt_index, a->name, a, 0);
    /* The last ADT defining a constructor wins; within it, the first variant. */
    for (int v = a->nvariants - 1; v >= 0; v--) strmap_put(&c->ctor_index, a->variants[v].name, a, v);
    for (int v = 0; v < a->nvariants; v++) strmap_put_first(&c->ctor_count, a->variants[v].name, NULL, 0);
    for (int v = 0; v < a->nvariants; v++) strmap_find(&c->ctor_count, a->variants[v].name)->aux++;
}

int ctor_definitions(Checker *c, const char *ctor) {
    StrMapEntry *e = strmap_find(&c->ctor_count, ctor);
    return e ? e->aux : 0;
}

AdtInfo *find_adt(Checker *c, const char *name) { return strmap_get(&c->adt_index, name); }

AdtInfo *adt_of_ctor(Checker *c, const char *ctor, int *variant) {
    StrMapEntry *e = strmap_find(&c->ctor_index, ctor);
    if (!e) return NULL;
    if (variant) *variant = e->aux;
    return e->val;
}

/* A field's type with the ADT's parameters as named variables (T, E, ...),
 * as the reference's TypeDefInfo holds them. */
static Type *params_to_vars(Type *t, AdtInfo *adt) {
    t = ty_resolve(t);
    if (t->kind == TY_PARAM)
        return t_named_var(t->id < adt->nparams ? adt->params[t->id] : t->name);
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = params_to_vars(t->args[i], adt);
    if (t->ret) r->ret = params_to_vars(t->ret, adt);
    return r;
}

Type *adt_field_as_vars(AdtInfo *adt, int v, int f) {
    return params_to_vars(adt->variants[v].field_types[f], adt);
}

/* The field's type in an instance `ty` (TY_ADT) of adt. */
Type *adt_field_type(AdtInfo *adt, int v, int f, Type *ty) {
    Type *ft = adt->variants[v].field_types[f];
    ty = ty ? ty_resolve(ty) : NULL;
    if (ty && ty->kind == TY_ADT && ty->nargs == adt->nparams) return ty_subst(ft, ty->nargs, ty->args);
    return params_to_vars(ft, adt);
}

/* ---- printing ------------------------------------------------------------- */

static void write_type(StrBuf *sb, Type *t);

static void write_args(StrBuf *sb, Type *t) {
    for (int i = 0; i < t->nargs; i++) {
        if (i) sb_puts(sb, ", ");
        write_type(sb, t->args[i]);
    }
}

static void write_type(StrBuf *sb, Type *t) {
    static const char *names[] = {
        [TY_UNIT] = "Unit", [TY_BOOL] = "Bool", [TY_INT] = "Int", [TY_FLOAT] = "Float",
        [TY_STRING] = "String", [TY_LIST] = "List", [TY_MAP] = "Map", [TY_SET] = "Set",
        [TY_ARRAY] = "Array", [TY_VEC] = "Vec", [TY_MUTMAP] = "MutableMap",
        [TY_NEVER] = "Never", [TY_ERROR] = "Any", [TY_ASYNC] = "Async",
    };
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_VAR:
        if (t->name) sb_puts(sb, t->name);
        else sb_printf(sb, "__fresh_T_%d", t->id);
        return;
    case TY_PARAM:
        sb_puts(sb, t->name ? t->name : "T");
        return;
    case TY_TUPLE:
        sb_putc(sb, '(');
        write_args(sb, t);
        sb_putc(sb, ')');
        return;
    case TY_FUNC:
        sb_putc(sb, '(');
        write_args(sb, t);
        sb_puts(sb, ") -> ");
        write_type(sb, t->ret);
        note_effects_read(t);
        if (t->effects && t->effects[0]) {
            sb_puts(sb, " with ");
            for (int i = 0; t->effects[i]; i++) sb_printf(sb, "%s%s", i ? ", " : "", t->effects[i]);
        }
        return;
    case TY_ADT:
        sb_puts(sb, t->name);
        break;
    default:
        sb_puts(sb, names[t->kind]);
    }
    if (t->nargs) {
        sb_putc(sb, '[');
        write_args(sb, t);
        sb_putc(sb, ']');
    }
}

char *tstr(Type *t) {
    StrBuf sb = {0};
    write_type(&sb, t);
    return sb_take(&sb);
}

/* ---- effects -------------------------------------------------------------- */

static const char *valid_effects[] = {"clock", "env", "fs", "http", "io", "mutation",
                                      "process", "random", "regex", "stdin", "throw", NULL};

bool effect_valid(const char *e) {
    for (int i = 0; valid_effects[i]; i++)
        if (strcmp(valid_effects[i], e) == 0) return true;
    return false;
}

const char *valid_effects_list(void) {
    return "clock, env, fs, http, io, mutation, process, random, regex, stdin, throw";
}

int effects_count(const char **e) {
    int n = 0;
    while (e && e[n]) n++;
    return n;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **effects_union(const char **a, const char **b) {
    int na = effects_count(a), nb = effects_count(b);
    if (!nb) return a;
    if (!na) return b;
    const char **r = xmalloc(sizeof(char *) * (na + nb + 1));
    int n = 0;
    for (int i = 0; i < na; i++) r[n++] = a[i];
    for (int i = 0; i < nb; i++) {
        bool dup = false;
        for (int j = 0; j < n; j++) dup |= strcmp(r[j], b[i]) == 0;
        if (!dup) r[n++] = b[i];
    }
    qsort(r, n, sizeof(char *), cmp_str);
    return r;
}

bool effects_subset(const char **a, const char **b) {
    for (int i = 0; a && a[i]; i++) {
        bool found = false;
        for (int j = 0; b && b[j]; j++) found |= strcmp(a[i], b[j]) == 0;
        if (!found) return false;
    }
    return true;
}

/* ---- structure ------------------------------------------------------------ */

bool has_vars(Type *t) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR) return true;
    for (int i = 0; i < t->nargs; i++)
        if (has_vars(t->args[i])) return true;
    return t->ret && has_vars(t->ret);
}

bool contains_any(Type *t) {
    t = ty_resolve(t);
    if (t->kind == TY_ERROR) return true;
    for (int i = 0; i < t->nargs; i++)
        if (contains_any(t->args[i])) return true;
    return t->ret && contains_any(t->ret);
}


Type *freshen(Type *t, const char *prefix) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR) return t_named_var(xasprintf("%s%s", prefix, t->name ? t->name : "T"));
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = freshen(t->args[i], prefix);
    if (t->ret) r->ret = freshen(t->ret, prefix);
    return r;
}

static Type *subs_get(Subs *s, const char *name) {
    for (int i = 0; i < s->names.len; i++)
        if (strcmp(s->names.items[i], name) == 0) return s->types.items[i];
    return NULL;
}

static void subs_set(Subs *s, const char *name, Type *t) {
    for (int i = 0; i < s->names.len; i++)
        if (strcmp(s->names.items[i], name) == 0) {
            s->types.items[i] = t;
            return;
        }
    vec_push(&s->names, name);
    vec_push(&s->types, t);
}

static Subs subs_copy(Subs *s) {
    Subs r = {0};
    for (int i = 0; i < s->names.len; i++) subs_set(&r, s->names.items[i], s->types.items[i]);
    return r;
}

static Type *apply_rec(Type *t, Subs *s, int depth) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR) {
        Type *r = t->name ? subs_get(s, t->name) : NULL;
        if (!r || depth > 50) return t;
        return apply_rec(r, s, depth + 1);
    }
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = apply_rec(t->args[i], s, depth);
    if (t->ret) r->ret = apply_rec(t->ret, s, depth);
    return r;
}

Type *apply_subs(Type *t, Subs *s) {
    if (!s || !s->names.len) return t;
    return apply_rec(t, s, 0);
}

static bool var_eq(Type *a, Type *b) {
    if (a == b) return true;
    return a->name && b->name && strcmp(a->name, b->name) == 0;
}

bool type_equal(Type *a, Type *b) {
    a = ty_resolve(a);
    b = ty_resolve(b);
    if (a == b) return true;
    if (a->kind != b->kind || a->nargs != b->nargs) return false;
    if (a->kind == TY_VAR) return var_eq(a, b);
    if (a->kind == TY_ADT && strcmp(a->name, b->name) != 0) return false;
    if (a->kind == TY_PARAM) return a->id == b->id;
    for (int i = 0; i < a->nargs; i++)
        if (!type_equal(a->args[i], b->args[i])) return false;
    if (a->kind == TY_FUNC) {
        if (!type_equal(a->ret, b->ret)) return false;
        note_effects_read(a);
        note_effects_read(b);
        return effects_subset(a->effects, b->effects) && effects_subset(b->effects, a->effects);
    }
    return true;
}

static bool occurs(const char *name, Type *t) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR) return t->name && strcmp(t->name, name) == 0;
    for (int i = 0; i < t->nargs; i++)
        if (occurs(name, t->args[i])) return true;
    return t->ret && occurs(name, t->ret);
}

static bool is_prim(TyKind k) {
    return k == TY_INT || k == TY_FLOAT || k == TY_BOOL || k == TY_STRING || k == TY_UNIT;
}

static bool invariant_kind(TyKind k) {
    return k == TY_ARRAY || k == TY_VEC || k == TY_SET || k == TY_MUTMAP;
}

/* ---- variance of user ADT parameters ----------------------------------------
 * As the reference (type_info.invariant_params): a type parameter is
 * invariant when some field is exactly that parameter, or when it occurs in
 * a non-covariant position of a field: inside Array/Vec/Set/MutableMap, in a
 * function parameter, or in an invariant argument of another user type.
 * Compatibility then requires both directions for that argument, so
 * `Box[Float]` does not accept a `Box[Int]`. Computed to a fixed point. */

static PtrMap adt_variance;     /* AdtInfo * -> unsigned * (bit i: param i invariant) */

void check_types_reset(void) {
    memset(builtin_adts, 0, sizeof builtin_adts);
    adt_variance = (PtrMap){0};
}

static unsigned adt_invariant_mask(AdtInfo *a) {
    unsigned *m = a ? ptrmap_get(&adt_variance, a) : NULL;
    return m ? *m : 0;
}

static bool param_occurs(Type *t, int i) {
    if (!t) return false;
    t = ty_resolve(t);
    if (t->kind == TY_PARAM) return t->id == i;
    for (int k = 0; k < t->nargs; k++)
        if (param_occurs(t->args[k], i)) return true;
    return t->kind == TY_FUNC && param_occurs(t->ret, i);
}

static bool noncovariant(Type *t, int i) {
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_ARRAY: case TY_VEC: case TY_SET:
        return param_occurs(t->args[0], i);
    case TY_MUTMAP:
        return param_occurs(t->args[0], i) || param_occurs(t->args[1], i);
    case TY_FUNC:
        for (int k = 0; k < t->nargs; k++)
            if (param_occurs(t->args[k], i)) return true;
        return noncovariant(t->ret, i);
    case TY_LIST: case TY_TUPLE: case TY_MAP: case TY_ASYNC:
        for (int k = 0; k < t->nargs; k++)
            if (noncovariant(t->args[k], i)) return true;
        return false;
    case TY_ADT: {
        unsigned inv = t->adt && !t->adt->builtin ? adt_invariant_mask(t->adt) : 0;
        for (int k = 0; k < t->nargs; k++)
            if ((inv >> k) & 1 ? param_occurs(t->args[k], i) : noncovariant(t->args[k], i)) return true;
        return false;
    }
    default:
        return false;
    }
}

void compute_adt_variance(Checker *c) {
    for (bool changed = true; changed;) {
        changed = false;
        for (int n = 0; n < c->adts.len; n++) {
            AdtInfo *a = c->adts.items[n];
            if (a->builtin || !a->nparams) continue;
            unsigned mask = 0;
            for (int i = 0; i < a->nparams && i < 32; i++)
                for (int v = 0; v < a->nvariants && !((mask >> i) & 1); v++)
                    for (int f = 0; f < a->variants[v].nfields; f++) {
                        Type *ft = ty_resolve(a->variants[v].field_types[f]);
                        if ((ft->kind == TY_PARAM && ft->id == i) || noncovariant(ft, i)) {
                            mask |= 1u << i;
                            break;
                        }
                    }
            if (mask != adt_invariant_mask(a)) {
                unsigned *m = xmalloc(sizeof *m);
                *m = mask;
                ptrmap_put(&adt_variance, a, m);
                changed = true;
            }
        }
    }
}

/* Argument i of a type of this kind (and ADT) must match both ways. */
static bool invariant_arg(Type *t, int i) {
    if (invariant_kind(t->kind)) return true;
    return t->kind == TY_ADT && t->adt && !t->adt->builtin && ((adt_invariant_mask(t->adt) >> i) & 1);
}

static bool structural(Checker *c, Type *e, Type *a, bool wild) {
    e = ty_resolve(e);
    a = ty_resolve(a);
    if (e->kind == TY_ERROR || a->kind == TY_ERROR) return true;
    if (a->kind == TY_NEVER) return true;
    if (e->kind == TY_VAR || a->kind == TY_VAR) {
        if (wild) return true;
        return e->kind == a->kind && var_eq(e, a);
    }
    if (e->kind != a->kind) return e->kind == TY_FLOAT && a->kind == TY_INT;
    if (is_prim(e->kind)) return true;
    if (e->nargs != a->nargs) return false;
    if (e->kind == TY_ADT && strcmp(e->name, a->name) != 0) return false;
    if (e->kind == TY_FUNC) {
        for (int i = 0; i < e->nargs; i++)
            if (!structural(c, a->args[i], e->args[i], wild)) return false;
        if (!structural(c, e->ret, a->ret, wild)) return false;
        note_effects_read(a);
        note_effects_read(e);
        return effects_subset(a->effects, e->effects);
    }
    for (int i = 0; i < e->nargs; i++) {
        if (!structural(c, e->args[i], a->args[i], wild)) return false;
        if (invariant_arg(e, i) && !structural(c, a->args[i], e->args[i], wild)) return false;
    }
    return e->kind != TY_NEVER;
}

bool compat(Checker *c, Type *exp, Type *act) { return structural(c, exp, act, true); }

bool compat_subs(Checker *c, Type *e, Type *a, Subs *s) {
    e = ty_resolve(e);
    a = ty_resolve(a);
    if (e->kind == TY_VAR && e->name && strcmp(e->name, "Num") == 0) {
        Type *b = subs_get(s, "Num");
        if (b && (b->kind == TY_INT || b->kind == TY_FLOAT) && (a->kind == TY_INT || a->kind == TY_FLOAT)) {
            if (a->kind == TY_FLOAT) subs_set(s, "Num", t_float());
            return true;
        }
    }
    e = ty_resolve(apply_subs(e, s));
    a = ty_resolve(apply_subs(a, s));
    if (e->kind == TY_ERROR || a->kind == TY_ERROR) return true;
    if (a->kind == TY_NEVER) return true;
    if (e->kind == TY_VAR && e->name) {
        Type *b = subs_get(s, e->name);
        if (b) return compat_subs(c, b, a, s);
        if (strcmp(e->name, "Num") == 0 && a->kind != TY_INT && a->kind != TY_FLOAT && a->kind != TY_VAR)
            return false;
        if (occurs(e->name, a)) return a->kind == TY_VAR && var_eq(a, e);
        subs_set(s, e->name, a);
        return true;
    }
    if (a->kind == TY_VAR && a->name) {
        Type *b = subs_get(s, a->name);
        if (b) return compat_subs(c, e, b, s);
        if (occurs(a->name, e)) return false;
        subs_set(s, a->name, e);
        return true;
    }
    if (e->kind != a->kind) return e->kind == TY_FLOAT && a->kind == TY_INT;
    if (is_prim(e->kind)) return true;
    if (e->nargs != a->nargs) return false;
    if (e->kind == TY_ADT && strcmp(e->name, a->name) != 0) return false;
    if (e->kind == TY_FUNC) {
        bool ok = true;
        for (int i = 0; i < e->nargs; i++) ok = compat_subs(c, a->args[i], e->args[i], s) && ok;
        ok = compat_subs(c, e->ret, a->ret, s) && ok;
        note_effects_read(a);
        note_effects_read(e);
        return ok && effects_subset(a->effects, e->effects);
    }
    for (int i = 0; i < e->nargs; i++) {
        if (invariant_arg(e, i)) {
            Subs trial = subs_copy(s);
            if (!compat_subs(c, e->args[i], a->args[i], &trial)) return false;
            if (!compat_subs(c, a->args[i], e->args[i], &trial)) return false;
            *s = trial;
        } else if (!compat_subs(c, e->args[i], a->args[i], s)) {
            return false;
        }
    }
    if (invariant_kind(e->kind)) return true;
    return e->kind != TY_NEVER;
}

bool strict_compat(Checker *c, Type *exp, Type *act) {
    if (structural(c, exp, act, false)) return true;
    if (has_vars(act) && !has_vars(exp)) {
        Subs s = {0};
        return compat_subs(c, exp, freshen(act, "__actual_"), &s);
    }
    return false;
}

/* ---- resolving annotations ------------------------------------------------ */

/* ---- hashable keys ----------------------------------------------------------
 * The reference's rule for Map/MutableMap keys and Set elements: primitives,
 * type variables, Any and Never are hashable; tuples, Option and Result when
 * their members are; a user (or built-in) ADT when every field of every
 * variant is, with its type arguments substituted (a type being checked
 * recursively counts as hashable, and so does one whose fields are not
 * collected yet). Lists, arrays, vecs, maps, sets, functions and Async are
 * not. */

typedef struct SeenAdt {
    const char *name;
    struct SeenAdt *next;
} SeenAdt;

static bool hashable_rec(Type *t, SeenAdt *seen) {
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_ERROR: case TY_NEVER: case TY_VAR: case TY_PARAM:
    case TY_INT: case TY_FLOAT: case TY_BOOL: case TY_STRING: case TY_UNIT:
        return true;
    case TY_TUPLE:
        for (int i = 0; i < t->nargs; i++)
            if (!hashable_rec(t->args[i], seen)) return false;
        return true;
    case TY_ADT: {
        AdtInfo *a = t->adt;
        if (!a) return true;
        for (SeenAdt *s = seen; s; s = s->next)
            if (strcmp(s->name, a->name) == 0) return true;
        SeenAdt me = {a->name, seen};
        for (int v = 0; v < a->nvariants; v++) {
            AdtVariant *av = &a->variants[v];
            if (!av->field_types) return true; /* not collected yet */
            for (int f = 0; f < av->nfields; f++) {
                Type *ft = av->field_types[f];
                if (t->nargs) ft = ty_subst(ft, t->nargs, t->args);
                if (!hashable_rec(ft, &me)) return false;
            }
        }
        return true;
    }
    default:
        return false;
    }
}

bool is_hashable(Type *t) { return hashable_rec(t, NULL); }

static void check_hashable(Checker *c, const char *coll, const char *role, Type *key, SrcLoc loc) {
    if (!is_hashable(key)) ERR(c, "E300", loc, "%s %s type must be hashable, got %s", coll, role, tstr(key));
}

/* Every Map/MutableMap/Set inside `t` (the reference's
 * _validate_keyed_collection_type). */
void check_keyed_collections(Checker *c, Type *t, SrcLoc loc) {
    t = ty_resolve(t);
    if (t->kind == TY_MAP) check_hashable(c, "Map", "key", t->args[0], loc);
    else if (t->kind == TY_MUTMAP) check_hashable(c, "MutableMap", "key", t->args[0], loc);
    else if (t->kind == TY_SET) check_hashable(c, "Set", "element", t->args[0], loc);
    if (t->kind == TY_ADT && t->adt && !t->adt->builtin && t->nargs == 0) return;
    for (int i = 0; i < t->nargs; i++) check_keyed_collections(c, t->args[i], loc);
    if (t->kind == TY_FUNC && t->ret) check_keyed_collections(c, t->ret, loc);
}

static const char *builtin_type_names[] = {
    "Int", "Float", "Bool", "String", "Unit", "List", "Array", "Option", "Result",
    "Map", "MutableMap", "Vec", "Set", "Async", NULL,
};

static void arity_error(Checker *c, const char *name, int want, int got, SrcLoc loc) {
    if (got == 0)
        check_fatal(c, "E304", loc, "Type '%s' expects %d type parameter(s) but none were provided", name, want);
    check_fatal(c, "E304", loc, "Type '%s' expects %d type parameter(s) but got %d", name, want, got);
}

static Def *find_alias(Checker *c, const char *name) {
    for (int i = c->aliases.len - 1; i >= 0; i--)
        if (strcmp(c->aliases.items[i]->name, name) == 0) return c->aliases.items[i];
    return NULL;
}

static Type *resolve_name(Checker *c, TypeExpr *te) {
    const char *name = te->name;
    int n = te->args.len;
    for (int i = c->tparams.len - 1; i >= 0; i--)
        if (strcmp(c->tparams.items[i], name) == 0) {
            if (n) check_fatal(c, "E300", te->loc, "Type parameter '%s' does not take type arguments", name);
            return t_named_var(name);
        }
    if (strcmp(name, "Self") == 0) {
        if (!c->self_ok) check_fatal(c, "E300", te->loc, "Type 'Self' is only valid in trait method signatures");
        if (n) check_fatal(c, "E300", te->loc, "Type 'Self' does not take type parameters");
        Type *t = ty_new(TY_ADT, 0, NULL);
        t->name = "Self";
        return t;
    }
    static const struct { const char *name; TyKind k; } simple[] = {
        {"Int", TY_INT}, {"Float", TY_FLOAT}, {"Bool", TY_BOOL}, {"String", TY_STRING}, {"Unit", TY_UNIT},
    };
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
        if (strcmp(name, simple[i].name) == 0) {
            if (n) check_fatal(c, "E300", te->loc, "Type '%s' does not take type parameters", name);
            return ty_prim(simple[i].k);
        }
    static const struct { const char *name; TyKind k; int arity; } param[] = {
        {"List", TY_LIST, 1}, {"Array", TY_ARRAY, 1}, {"Option", TY_ADT, 1}, {"Result", TY_ADT, 2},
        {"Map", TY_MAP, 2}, {"MutableMap", TY_MUTMAP, 2}, {"Vec", TY_VEC, 1}, {"Set", TY_SET, 1},
        {"Async", TY_ASYNC, 1},
    };
    for (size_t i = 0; i < sizeof param / sizeof param[0]; i++) {
        if (strcmp(name, param[i].name) != 0) continue;
        if (n != param[i].arity) arity_error(c, name, param[i].arity, n, te->loc);
        Type *args[2];
        for (int j = 0; j < n; j++) args[j] = resolve_type(c, te->args.items[j]);
        if (param[i].k == TY_ADT) return ty_adt(strcmp(name, "Option") == 0 ? adt_option() : adt_result(), n, args);
        if (param[i].k == TY_MAP) check_hashable(c, "Map", "key", args[0], te->loc);
        if (param[i].k == TY_MUTMAP) check_hashable(c, "MutableMap", "key", args[0], te->loc);
        if (param[i].k == TY_SET) check_hashable(c, "Set", "element", args[0], te->loc);
        return ty_new(param[i].k, n, args);
    }
    Def *al = find_alias(c, name);
    if (al) {
        for (int i = 0; i < c->resolving_aliases.len; i++)
            if (strcmp(c->resolving_aliases.items[i], name) == 0)
                check_fatal(c, "E300", te->loc, "Recursive type alias '%s'", name);
        int np = al->type_params.len;
        if (np && n == 0)
            check_fatal(c, "E304", te->loc, "Type alias '%s' expects %d type parameter(s) but none were provided", name, np);
        if (np && n != np)
            check_fatal(c, "E304", te->loc, "Type alias '%s' expects %d type parameter(s) but got %d", name, np, n);
        vec_push(&c->resolving_aliases, name);
        int saved = c->tparams.len;
        for (int i = 0; i < np; i++) vec_push(&c->tparams, al->type_params.items[i]);
        Type *t = resolve_type(c, al->alias_of);
        c->tparams.len = saved;
        Subs s = {0};
        for (int i = 0; i < np; i++) subs_set(&s, al->type_params.items[i], resolve_type(c, te->args.items[i]));
        c->resolving_aliases.len--;
        t = apply_subs(t, &s);
        check_keyed_collections(c, t, te->loc);
        return t;
    }
    AdtInfo *adt = find_adt(c, name);
    if (adt) {
        if (n != adt->nparams) arity_error(c, name, adt->nparams, n, te->loc);
        Type **args = xmalloc(sizeof(Type *) * (n ? n : 1));
        for (int j = 0; j < n; j++) args[j] = resolve_type(c, te->args.items[j]);
        return ty_adt(adt, n, args);
    }
    VEC(const char *) known = {0};
    for (int i = 0; builtin_type_names[i]; i++) vec_push(&known, builtin_type_names[i]);
    for (int i = 0; i < c->aliases.len; i++) vec_push(&known, c->aliases.items[i]->name);
    for (int i = 0; i < c->adts.len; i++) vec_push(&known, c->adts.items[i]->name);
    check_fatal(c, "E303", te->loc, "Unknown type: '%s'%s", name, suggest(name, known.items, known.len));
}

Type *resolve_type(Checker *c, TypeExpr *te) {
    if (!te) return t_any();
    switch (te->kind) {
    case TE_UNIT:
        return t_unit();
    case TE_TUPLE: {
        Type *t = ty_new(TY_TUPLE, te->args.len, NULL);
        for (int i = 0; i < te->args.len; i++) t->args[i] = resolve_type(c, te->args.items[i]);
        return t;
    }
    case TE_FUNC: {
        Type *t = ty_func(te->args.len, NULL, NULL);
        for (int i = 0; i < te->args.len; i++) t->args[i] = resolve_type(c, te->args.items[i]);
        t->ret = resolve_type(c, te->ret);
        const char **eff = NULL;
        for (int i = 0; i < te->effects.len; i++) {
            const char *one[2] = {te->effects.items[i], NULL};
            const char **o = xmalloc(sizeof one);
            memcpy(o, one, sizeof one);
            eff = effects_union(eff, o);
        }
        t->effects = eff;
        return t;
    }
    case TE_NAME:
        break;
    }
    return resolve_name(c, te);
}

/* ---- builtin signatures --------------------------------------------------- */

typedef struct {
    const char *s;
} SigP;

static void sp_ws(SigP *p) {
    while (*p->s == ' ') p->s++;
}

static char *sp_name(SigP *p) {
    sp_ws(p);
    const char *b = p->s;
    while (*p->s == '_' || (*p->s >= 'a' && *p->s <= 'z') || (*p->s >= 'A' && *p->s <= 'Z') ||
           (*p->s >= '0' && *p->s <= '9'))
        p->s++;
    return xstrndup(b, p->s - b);
}

static bool sp_eat(SigP *p, const char *tok) {
    sp_ws(p);
    size_t n = strlen(tok);
    if (strncmp(p->s, tok, n) == 0) {
        p->s += n;
        return true;
    }
    return false;
}

static Type *sig_type(SigP *p);

static const char **sig_effects(SigP *p) {
    const char **eff = NULL;
    if (!sp_eat(p, "with ")) return NULL;
    for (;;) {
        const char **one = xmalloc(sizeof(char *) * 2);
        one[0] = sp_name(p);
        eff = effects_union(eff, one);
        const char *save = p->s;
        if (sp_eat(p, ",")) {
            sp_ws(p);
            if (*p->s >= 'a' && *p->s <= 'z') continue;
            p->s = save;
        }
        return eff;
    }
}

static Type *sig_type(SigP *p) {
    if (sp_eat(p, "(")) {
        VEC(Type *) items = {0};
        if (!sp_eat(p, ")")) {
            do vec_push(&items, sig_type(p));
            while (sp_eat(p, ","));
            sp_eat(p, ")");
        }
        if (sp_eat(p, "->")) {
            Type *ret = sig_type(p);
            return t_func_eff(items.len, items.items, ret, sig_effects(p));
        }
        if (items.len == 0) return t_unit();
        if (items.len == 1) return items.items[0];
        return ty_new(TY_TUPLE, items.len, items.items);
    }
    char *name = sp_name(p);
    VEC(Type *) args = {0};
    if (sp_eat(p, "[")) {
        do vec_push(&args, sig_type(p));
        while (sp_eat(p, ","));
        sp_eat(p, "]");
    }
    static const struct { const char *name; TyKind k; } kinds[] = {
        {"Int", TY_INT}, {"Float", TY_FLOAT}, {"Bool", TY_BOOL}, {"String", TY_STRING},
        {"Unit", TY_UNIT}, {"List", TY_LIST}, {"Array", TY_ARRAY}, {"Map", TY_MAP},
        {"MutableMap", TY_MUTMAP}, {"Vec", TY_VEC}, {"Set", TY_SET}, {"Async", TY_ASYNC},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(name, kinds[i].name) == 0) {
            if (is_prim(kinds[i].k)) return ty_prim(kinds[i].k);
            return ty_new(kinds[i].k, args.len, args.items);
        }
    make_builtin_adts();
    for (int i = 0; i < 8; i++)
        if (strcmp(name, builtin_adts[i]->name) == 0) return ty_adt(builtin_adts[i], args.len, args.items);
    return t_named_var(name);
}

Type *parse_sig(const char *sig) {
    SigP p = {sig};
    return sig_type(&p);
}
