/* emit_adt.c — C text for constructor values, tuples, field access and
 * `with` updates.
 *
 * A constructor value is a GenoAdt (tag, then its fields as words) allocated
 * inline with geno_alloc; a nullary constructor is the static singleton
 * GENO_NULLARY(tag), so `None` and enum values never allocate. Values are
 * never mutated after construction: `with` and field assignment copy, which
 * gives the reference's value semantics (earlier snapshots never change).
 * A tuple is a GenoTuple: n words.
 */
#include "emit.h"

#include <string.h>

/* Type of field f of variant v of the ADT type t (type arguments applied). */
Type *variant_field_type(Type *t, int v, int f) {
    t = ty_resolve(t);
    return ty_subst(t->adt->variants[v].field_types[f], t->nargs, t->args);
}

static int field_index(AdtVariant *var, const char *name) {
    for (int f = 0; f < var->nfields; f++)
        if (strcmp(var->field_names[f], name) == 0) return f;
    return -1;
}

/* True when evaluating e can neither fail nor show: a literal, a local,
 * a field read. C evaluates call arguments in no set order, so the short
 * form geno_adtN(...) / geno_tupleN(...) is used only where at most one
 * word has effects; otherwise the words are stored one by one, in order.
 * Reading an owned local clears its flag (`(o_x = 0, x)`), an effect: two
 * such reads as arguments of one call would be unsequenced writes. */
static bool effect_free(Emitter *em, Expr *e) {
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_STRING: case EX_BOOL: case EX_TYPE_IDENT:
        return true;
    case EX_IDENT:
        return !e->sym || !is_owned_list(em, e->sym);
    case EX_FIELD:
        return e->a->kind == EX_IDENT;
    default:
        return false;
    }
}

static bool any_order(Emitter *em, Expr **exprs, int n) {
    int effects = 0;
    for (int i = 0; i < n; i++) effects += !effect_free(em, exprs[i]);
    return effects <= 1;
}

/* "name(a, b, c)" from n words, "prefix" first when not NULL. */
static char *short_call(const char *name, const char *prefix, int n, char **words) {
    StrBuf sb = {0};
    sb_printf(&sb, "%s(", name);
    if (prefix) sb_printf(&sb, "%s, ", prefix);
    for (int i = 0; i < n; i++) sb_printf(&sb, "%s%s", i ? ", " : "", words[i]);
    sb_putc(&sb, ')');
    return sb_take(&sb);
}

/* Builds a GenoAdt with `tag` and the given field words: on the heap, or
 * in the GenoWord array `in` (n + 1 words) when it is not NULL. `short_ok`:
 * the words may be evaluated in any order. */
static char *alloc_adt(Emitter *em, int tag, int n, char **words, const char *in, bool short_ok) {
    if (n == 0) return xasprintf("((GenoAdt *)(uintptr_t)&geno_nullary_tags[%d])", tag);   /* GENO_NULLARY */
    if (!in && short_ok && n <= 3) {
        return short_call(n == 1 ? "geno_adt1" : n == 2 ? "geno_adt2" : "geno_adt3", xasprintf("%d", tag), n, words);
    }
    int id = ++em->tmp;
    StrBuf sb = {0};
    if (in)
        sb_printf(&sb, "({ GenoAdt *a_%d = (GenoAdt *)%s; a_%d->tag = %d; ", id, in, id, tag);
    else
        sb_printf(&sb, "({ GenoAdt *a_%d = geno_alloc(sizeof(GenoAdt) + %d * sizeof(GenoWord)); a_%d->tag = %d; ",
                  id, n, id, tag);
    for (int i = 0; i < n; i++) sb_printf(&sb, "a_%d->fields[%d] = %s; ", id, i, words[i]);
    sb_printf(&sb, "a_%d; })", id);
    return sb_take(&sb);
}

static char *ctor_value(Emitter *em, Expr *e, const char *in);

char *emit_ctor(Emitter *em, Expr *e) { return ctor_value(em, e, NULL); }

char *emit_ctor_in(Emitter *em, Expr *e, const char *words) { return ctor_value(em, e, words); }

static char *ctor_value(Emitter *em, Expr *e, const char *in) {
    Sym *s = e->sym;
    if (!s || s->kind != SYM_CTOR) {
        emit_unsupported(em, e->loc, "this constructor");
        return xstrdup("0");
    }
    AdtVariant *var = &s->adt->variants[s->variant];
    if (e->kind == EX_TYPE_IDENT && var->nfields) return emit_callable_value(em, e);
    int n = var->nfields;
    char **words = xmalloc(sizeof(char *) * (n + 1));
    Expr **args = xmalloc(sizeof(Expr *) * (n + 1));
    for (int i = 0; i < n && i < e->args.len; i++) {
        Expr *arg = e->args.items[i].value;
        int f = e->args.items[i].name ? field_index(var, e->args.items[i].name) : i;
        if (f < 0) f = i;
        words[f] = to_word(variant_field_type(e->ty, s->variant, f), emit_expr(em, arg));
        args[i] = arg;
    }
    return alloc_adt(em, var->tag, n, words, in, e->args.len == n && any_order(em, args, n));
}

char *emit_tuple(Emitter *em, Expr *e) {
    if (e->elems.len == 0) return xstrdup("((GenoWord)0)");   /* () */
    Type *t = ty_resolve(e->ty);
    int n = e->elems.len;
    if (n <= 3 && any_order(em, e->elems.items, n)) {
        char **words = xmalloc(sizeof(char *) * n);
        for (int i = 0; i < n; i++) words[i] = to_word(t->args[i], emit_expr(em, e->elems.items[i]));
        return short_call(n == 2 ? "geno_tuple2" : "geno_tuple3", NULL, n, words);
    }
    int id = ++em->tmp;
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoTuple *t_%d = geno_alloc(%d * sizeof(GenoWord)); ", id, e->elems.len);
    for (int i = 0; i < e->elems.len; i++)
        sb_printf(&sb, "t_%d[%d] = %s; ", id, i, to_word(t->args[i], emit_expr(em, e->elems.items[i])));
    sb_printf(&sb, "t_%d; })", id);
    return sb_take(&sb);
}

/* The position of field `name` when every variant has it there (the
 * checker guarantees every variant has it), else -1. */
static int same_field_index(Type *t, const char *name) {
    AdtInfo *adt = ty_resolve(t)->adt;
    int first = field_index(&adt->variants[0], name);
    for (int v = 1; v < adt->nvariants; v++)
        if (field_index(&adt->variants[v], name) != first) return -1;
    return first;
}

/* The index of field `name` in a value whose tag is the C expression
 * `tag`: a constant when it is the same in every variant, else a table
 * lookup. */
static char *field_index_expr(Type *t, const char *tag, const char *name) {
    int same = same_field_index(t, name);
    if (same >= 0) return xasprintf("%d", same);
    AdtInfo *adt = ty_resolve(t)->adt;
    StrBuf sb = {0};
    sb_puts(&sb, "((const int[]){");
    for (int v = 0; v < adt->nvariants; v++)
        sb_printf(&sb, "%s%d", v ? ", " : "", field_index(&adt->variants[v], name));
    sb_printf(&sb, "})[%s]", tag);
    return sb_take(&sb);
}

static char *peek_record(Emitter *em, Expr *a);
static Type *named_field_type(Type *t, const char *name);

/* Stores words[i] into field fields[i] of the ADT object named obj (a C
 * variable), after every new value was computed. */
static void store_fields(StrBuf *sb, Type *t, const char *obj, FieldInitList *fields, char **words) {
    for (int i = 0; i < fields->len; i++) {
        char *ix = field_index_expr(t, xasprintf("%s->tag", obj), fields->items[i].name);
        sb_printf(sb, "%s->fields[%s] = %s; ", obj, ix, words[i]);
    }
}

/* In f_X_own (emit_reuse.c), its parameter p's fields were read into
 * locals s_<p>_<k> at entry: p.field is that value. */
static char *own_field(Emitter *em, Expr *e) {
    Sym *p = em->own_param;
    if (e->a->kind != EX_IDENT || e->a->sym != p) return NULL;
    int k = field_index(&ty_resolve(p->ty)->adt->variants[0], e->name);
    return k >= 0 ? from_word(e->ty, xasprintf("s_%s_%d", local_name(p), k)) : NULL;
}

/* p with (...) in f_X_own: the new values first, then stored into p's
 * object (the checker reports unknown fields, E307). */
static char *own_with(Emitter *em, Expr *e) {
    Sym *p = em->own_param;
    if (e->a->kind != EX_IDENT || e->a->sym != p) return NULL;
    int id = ++em->tmp;
    StrBuf sb = {0};
    char **words = xmalloc(sizeof(char *) * (e->fields.len + 1));
    sb_puts(&sb, "({ ");
    for (int i = 0; i < e->fields.len; i++) {
        Type *ft = named_field_type(p->ty, e->fields.items[i].name);
        words[i] = xasprintf("n_%d_%d", id, i);
        sb_printf(&sb, "GenoWord %s = %s; ", words[i], to_word(ft, emit_expr(em, e->fields.items[i].value)));
    }
    sb_printf(&sb, "GenoAdt *c_%d = %s; ", id, local_ref(em, p));
    store_fields(&sb, p->ty, xasprintf("c_%d", id), &e->fields, words);
    sb_printf(&sb, "c_%d; })", id);
    return sb_take(&sb);
}

char *emit_field(Emitter *em, Expr *e) {
    Sym *s = e->sym;
    if (s && s->kind == SYM_FUNC) return emit_func_value(em, s);   /* `Module.f` as a value */
    Type *t = ty_resolve(e->a->ty);
    if (t->kind != TY_ADT) {
        emit_unsupported(em, e->loc, "this field access");
        return xstrdup("0");
    }
    if (em->own_param) {   /* p.field in f_X_own (emit_reuse.c) */
        char *r = own_field(em, e);
        if (r) return r;
    }
    char *obj = peek_record(em, e->a);
    /* a field at one position in every variant needs no tag, so no temporary:
     * the object is still evaluated once, with less C for tcc to parse */
    int same = same_field_index(t, e->name);
    if (same >= 0) return from_word(e->ty, xasprintf("(%s)->fields[%d]", obj, same));
    int id = ++em->tmp;
    char *ix = field_index_expr(t, xasprintf("o_%d->tag", id), e->name);
    return from_word(e->ty, xasprintf("({ GenoAdt *o_%d = %s; o_%d->fields[%s]; })", id, obj, id, ix));
}

/* A copy of ADT value `obj` (C expression) with the given fields replaced
 * by the C values vals[i]. */
static char *updated_copy(Emitter *em, Type *t, const char *obj, FieldInitList *fields, char **vals) {
    AdtInfo *adt = ty_resolve(t)->adt;
    int id = ++em->tmp;
    StrBuf sb = {0};
    if (adt->nvariants == 1) {
        /* A record: its size is known, so copy just the fields kept, one
         * assignment each (no size table, no loop). */
        int n = adt->variants[0].nfields;
        sb_printf(&sb, "({ GenoAdt *o_%d = %s; GenoAdt *c_%d = geno_alloc(sizeof(GenoAdt) + %d * sizeof(GenoWord)); "
                       "c_%d->tag = o_%d->tag; ", id, obj, id, n, id, id);
        for (int k = 0; k < n; k++) {
            bool replaced = false;
            for (int i = 0; i < fields->len && !replaced; i++)
                replaced = field_index(&adt->variants[0], fields->items[i].name) == k;
            if (!replaced) sb_printf(&sb, "c_%d->fields[%d] = o_%d->fields[%d]; ", id, k, id, k);
        }
    } else {
        sb_printf(&sb, "({ GenoAdt *o_%d = %s; int64_t n_%d = ((const int[]){", id, obj, id);
        for (int v = 0; v < adt->nvariants; v++) sb_printf(&sb, "%s%d", v ? ", " : "", adt->variants[v].nfields);
        sb_printf(&sb, "})[o_%d->tag]; GenoAdt *c_%d = geno_alloc(sizeof(GenoAdt) + n_%d * sizeof(GenoWord)); "
                       "c_%d->tag = o_%d->tag; for (int64_t k_ = 0; k_ < n_%d; k_++) c_%d->fields[k_] = o_%d->fields[k_]; ",
                  id, id, id, id, id, id, id, id);
    }
    for (int i = 0; i < fields->len; i++) {
        FieldInit *fi = &fields->items[i];
        /* Every variant has the field (checker); its type is the same in each. */
        int v = 0, f = -1;
        for (; v < adt->nvariants && f < 0; v++) f = field_index(&adt->variants[v], fi->name);
        Type *ft = variant_field_type(t, v - 1, f);
        char *ix = field_index_expr(t, xasprintf("c_%d->tag", id), fi->name);
        sb_printf(&sb, "c_%d->fields[%s] = %s; ", id, ix, to_word(ft, vals[i]));
    }
    sb_printf(&sb, "c_%d; })", id);
    return sb_take(&sb);
}

/* The C type of the field `name` of ADT type t (the same in every variant). */
static Type *named_field_type(Type *t, const char *name) {
    AdtInfo *adt = ty_resolve(t)->adt;
    for (int v = 0; v < adt->nvariants; v++) {
        int f = field_index(&adt->variants[v], name);
        if (f >= 0) return variant_field_type(t, v, f);
    }
    return NULL;
}

/* The record a field read or `with` copies from: reading it keeps no
 * reference, so an owned variable stays owned (emit.c). */
static char *peek_record(Emitter *em, Expr *a) {
    if (a->kind == EX_IDENT && is_owned_list(em, a->sym)) return local_ref(em, a->sym);
    return emit_expr(em, a);
}

char *emit_with(Emitter *em, Expr *e) {
    if (!ty_is(e->a->ty, TY_ADT)) {
        emit_unsupported(em, e->loc, "this `with` update");
        return xstrdup("0");
    }
    if (em->own_param) {   /* p with (...) in f_X_own (emit_reuse.c) */
        char *r = own_with(em, e);
        if (r) return r;
    }
    char *obj = peek_record(em, e->a);
    char **vals = xmalloc(sizeof(char *) * (e->fields.len + 1));
    for (int i = 0; i < e->fields.len; i++) vals[i] = emit_expr(em, e->fields.items[i].value);
    return updated_copy(em, e->a->ty, obj, &e->fields, vals);
}

/* `x = x with (...)` of an owned record variable x (emit.c): the new field
 * values first (they may read x), then, while the flag says no one else
 * holds x's object, they are written into it; otherwise a copy as usual,
 * which x then owns. */
void emit_self_with(Emitter *em, Stmt *s) {
    Expr *e = s->value;
    Type *t = e->a->ty;
    char *x = local_ref(em, s->sym), *flag = owned_flag(s->sym);
    int id = ++em->tmp;
    StrBuf sb = {0};
    char **vals = xmalloc(sizeof(char *) * (e->fields.len + 1));
    sb_puts(&sb, "{ ");
    for (int i = 0; i < e->fields.len; i++) {
        Type *ft = named_field_type(t, e->fields.items[i].name);
        vals[i] = xasprintf("n_%d_%d", id, i);
        sb_printf(&sb, "%s %s = %s; ", c_type(ft), vals[i], emit_expr(em, e->fields.items[i].value));
    }
    sb_printf(&sb, "if (%s) { GenoAdt *o_%d = %s; ", flag, id, x);
    char **words = xmalloc(sizeof(char *) * (e->fields.len + 1));
    for (int i = 0; i < e->fields.len; i++) words[i] = to_word(named_field_type(t, e->fields.items[i].name), vals[i]);
    store_fields(&sb, t, xasprintf("o_%d", id), &e->fields, words);
    sb_printf(&sb, "} else { %s = %s; %s = 1; } }", x, updated_copy(em, t, x, &e->fields, vals), flag);
    emit_line(em, "%s", sb_take(&sb));
}

/* `p.x = v`: rebinds p to an updated copy (value semantics). */
char *emit_field_assign(Emitter *em, Stmt *s) {
    if (s->target->kind != EX_IDENT || !s->target->sym || !ty_is(s->target->ty, TY_ADT)) {
        emit_unsupported(em, s->loc, "this field assignment");
        return xstrdup("");
    }
    FieldInitList one = {0};
    FieldInit fi = {s->name, s->loc, s->value};
    vec_push(&one, fi);
    char *var = local_ref(em, s->target->sym);
    char *val = emit_expr(em, s->value);
    return xasprintf("%s = %s;", var, updated_copy(em, s->target->ty, var, &one, &val));
}
