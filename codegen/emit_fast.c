/* emit_fast.c — inline forms of the hot builtins.
 *
 * The builtin table (frontend/builtins_table.c) maps each builtin to one
 * runtime call; tcc never inlines and even cc cannot inline across into
 * libgenort, so element access and numeric conversions in loops paid a
 * call each. Here a few builtins become the inline macros of geno/rt.h
 * instead: the fast path is a bounds or tag check in place, and anything
 * unusual (negative or bignum index, out of range, zero divisor) falls to
 * the same runtime function with the same error.
 */
#include "emit.h"

#include <string.h>

const char *array_macros(Type *array_type) {
    Type *t = ty_resolve(array_type);
    return t->kind == TY_ARRAY && t->nargs == 1 && ty_is(t->args[0], TY_BOOL) ? "GENO_BARRAY" : "GENO_ARRAY";
}

/* A Set[Int] value: set_add / set_contains / set_remove call the runtime's
 * Int entry points (rt/set.c), which skip the element descriptor; in code
 * for cc, set_add and set_contains probe for a small Int inline. */
static bool is_int_set(Expr *e) {
    Type *t = ty_resolve(emitted_type(e));
    return t->kind == TY_SET && t->nargs == 1 && ty_is(t->args[0], TY_INT);
}

/* C text for builtin `name` with argument values v, or NULL when it has no
 * inline form (then emit_builtin uses the table). */
char *emit_fast_builtin(Emitter *em, Expr *e, const char *name, char **v) {
    Expr **a = e->elems.items;
    int n = e->elems.len;
    char *L = loc_arg(e->loc);
    if (n == 2 && !strcmp(name, "array_get"))
        return from_word(e->ty, xasprintf("%s_GET(%s, %s, %s)", array_macros(a[0]->ty), v[0], v[1], L));
    if (n == 2 && !strcmp(name, "vec_get"))
        return from_word(e->ty, xasprintf("GENO_VEC_GET(%s, %s, %s)", v[0], v[1], L));
    if (n == 3 && !strcmp(name, "array_set"))
        return xasprintf("({ %s_SET(%s, %s, %s, %s); (GenoWord)0; })", array_macros(a[0]->ty), v[0], v[1],
                         to_word(emitted_type(a[2]), v[2]), L);
    if (n == 3 && !strcmp(name, "vec_set"))
        return xasprintf("({ GENO_VEC_SET(%s, %s, %s, %s); (GenoWord)0; })", v[0], v[1],
                         to_word(emitted_type(a[2]), v[2]), L);
    if (n == 2 && !strcmp(name, "vec_push"))
        return xasprintf("({ GENO_VEC_PUSH(%s, %s, %s); (GenoWord)0; })", v[0], to_word(emitted_type(a[1]), v[1]), L);
    if (n == 1 && !strcmp(name, "array_length"))
        return tag_small(xasprintf("(%s)->len", v[0]));
    if (n == 1 && !strcmp(name, "vec_length"))
        return tag_small(xasprintf("(%s)->len", v[0]));
    if (n == 1 && !strcmp(name, "int_to_float") && ty_is(emitted_type(a[0]), TY_INT))
        return xasprintf("GENO_INT_TO_DOUBLE(%s, %s)", v[0], L);
    if (n == 2 && !strcmp(name, "bit_or")) {
        char *small = emit_small_bit_or(em, e, v);
        if (small) return small;
        return xasprintf("GENO_INT_OR(%s, %s, %s)", v[0], v[1], L);
    }
    if (n == 2 && is_int_set(a[0]) && ty_is(emitted_type(a[1]), TY_INT)) {
        char *w = to_word(emitted_type(a[1]), v[1]);
        /* cc inlines the probe (geno/rt.h); tcc calls the runtime's, which gcc compiled */
        if (!strcmp(name, "set_add"))
            return xasprintf("(geno_set_%s_int(%s, %s, %s), (GenoWord)0)", em->tcc_only ? "add" : "put", v[0], w, L);
        if (!strcmp(name, "set_contains"))
            return xasprintf("((int64_t)geno_set_%s_int(%s, %s))", em->tcc_only ? "contains" : "has", v[0], w);
        if (!strcmp(name, "set_remove")) return xasprintf("(geno_set_remove_int(%s, %s), (GenoWord)0)", v[0], w);
    }
    if (n == 1 && !strcmp(name, "sqrt") && ty_is(emitted_type(a[0]), TY_FLOAT))
        return xasprintf("GENO_FLOAT_SQRT(%s, %s)", v[0], L);
    return NULL;
}
