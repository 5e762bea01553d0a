/* value.c — printing and equality for any value, driven by its GenoType.
 *
 * Values carry no run-time type (geno/rt.h), so the compiler passes a type
 * descriptor and this file walks value and descriptor together. Printing has
 * two forms, both the reference's: to_string (a top-level String raw) and
 * the canonical repr (a String quoted and escaped; also what `=>` shows).
 * Nested strings are always quoted. Constructors print `Name` when nullary,
 * else `Name(field: value, ...)` with field names from the descriptor.
 *
 * to_string holds its result to cfg.max_collection_size, checked at each
 * piece appended as in the reference (E499 "to_string: String size exceeds
 * limit (N > L)"); repr/print are not limited here (print has the output
 * limit).
 *
 * Map, Set, Array, Vec and MutableMap have no runtime representation yet:
 * printing or comparing them raises an internal error.
 */
#include <string.h>

#include "geno/rt.h"
#include "floats.h"
#include "int.h"
#include "run.h"
#include "str.h"
#include "value.h"

const GenoType geno_t_unit = { .kind = GT_UNIT };
const GenoType geno_t_bool = { .kind = GT_BOOL };
const GenoType geno_t_int = { .kind = GT_INT };
const GenoType geno_t_float = { .kind = GT_FLOAT };
const GenoType geno_t_string = { .kind = GT_STRING };

static _Noreturn void unsupported(const char *what, const GenoType *t) {
    geno_raise_fatal("E499", 0, "internal error: %s of a value of type kind %d is not implemented",
                     what, (int)t->kind);
}

/* "name: " as one piece, as the reference appends it (this matters only for
 * where the to_string size check trips). */
static void add_field_label(GenoBuf *b, const char *name) {
    size_t n = strlen(name);
    char small[128];
    char *label = n + 2 <= sizeof small ? small : geno_alloc_atomic(n + 2);
    memcpy(label, name, n);
    memcpy(label + n, ": ", 2);
    geno_buf_add_bytes(b, label, (int64_t)n + 2, geno_utf8_count(label, (int64_t)n + 2));
}

static void write_items(GenoBuf *b, const GenoWord *items, int64_t n,
                        const GenoType *const *types, const GenoType *one_type) {
    for (int64_t i = 0; i < n; i++) {
        if (i) geno_buf_add_ascii(b, ", ", 2);
        geno_write_value(b, items[i], one_type ? one_type : types[i], 0);
    }
}

void geno_write_value(GenoBuf *b, GenoWord v, const GenoType *t, int top_level) {
    switch (t->kind) {
    case GT_UNIT:
        geno_buf_add_ascii(b, "()", 2);
        return;
    case GT_BOOL:
        if (v) geno_buf_add_ascii(b, "true", 4);
        else geno_buf_add_ascii(b, "false", 5);
        return;
    case GT_INT:
        geno_buf_add_cstr(b, geno_int_cstr((GenoInt)v));
        return;
    case GT_FLOAT: {
        char s[GENO_FLOAT_REPR_MAX];
        int n = geno_float_repr(geno_w2f(v), s);
        geno_buf_add_ascii(b, s, n);
        return;
    }
    case GT_STRING: {
        GenoStr *s = (GenoStr *)(uintptr_t)v;
        if (top_level) geno_buf_add_str(b, s);
        else geno_buf_add_quoted(b, s);
        return;
    }
    case GT_LIST: {
        GenoList *l = (GenoList *)(uintptr_t)v;
        int64_t n = geno_list_len(l);
        geno_buf_add_ascii(b, "[", 1);
        for (int64_t i = 0; i < n; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            geno_write_value(b, geno_list_get(l, i), t->params[0], 0);
        }
        geno_buf_add_ascii(b, "]", 1);
        return;
    }
    case GT_TUPLE: {
        const GenoTuple *items = (const GenoTuple *)(uintptr_t)v;
        geno_buf_add_ascii(b, "(", 1);
        write_items(b, items, t->nparams, t->params, NULL);
        if (t->nparams == 1) geno_buf_add_ascii(b, ",", 1);
        geno_buf_add_ascii(b, ")", 1);
        return;
    }
    case GT_ADT: {
        const GenoAdt *a = (const GenoAdt *)(uintptr_t)v;
        const GenoVariant *var = &t->variants[a->tag];
        geno_buf_add_cstr(b, var->name);
        if (var->nfields == 0) return;
        geno_buf_add_ascii(b, "(", 1);
        for (int i = 0; i < var->nfields; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            add_field_label(b, var->field_names[i]);
            geno_write_value(b, a->fields[i], var->field_types[i], 0);
        }
        geno_buf_add_ascii(b, ")", 1);
        return;
    }
    case GT_FUNC:
        geno_buf_add_ascii(b, "<function anonymous>", 20);
        return;
    case GT_MAP: case GT_SET: case GT_ARRAY: case GT_VEC: case GT_MUTMAP:
        break;
    }
    unsupported("printing", t);
}

GenoStr *geno_to_string(GenoWord v, const GenoType *t) {
    if (t->kind == GT_STRING) return (GenoStr *)(uintptr_t)v;
    GenoBuf *b = geno_buf_new();
    b->limit = geno_cfg.max_collection_size;
    b->limit_what = "to_string: ";
    geno_write_value(b, v, t, 1);
    return geno_buf_to_str(b);
}

GenoStr *geno_repr(GenoWord v, const GenoType *t) {
    GenoBuf *b = geno_buf_new();
    geno_write_value(b, v, t, 0);
    return geno_buf_to_str(b);
}

/* f-string interpolation: the to_string form, limited per value. */
void geno_buf_add_value(GenoBuf *b, GenoWord v, const GenoType *t) {
    if (t->kind == GT_STRING) { geno_buf_add_str(b, (GenoStr *)(uintptr_t)v); return; }
    int64_t saved_limit = b->limit, saved_base = b->limit_base;
    const char *saved_what = b->limit_what;
    b->limit = geno_cfg.max_collection_size;
    b->limit_base = b->cplen;
    b->limit_what = "to_string: ";
    geno_write_value(b, v, t, 1);
    b->limit = saved_limit;
    b->limit_base = saved_base;
    b->limit_what = saved_what;
}

/* ---- equality --------------------------------------------------------------------- */

static int is_number(const GenoType *t) { return t->kind == GT_INT || t->kind == GT_FLOAT; }

int geno_equal2(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb) {
    if (ta->kind != tb->kind) {
        if (is_number(ta) && is_number(tb)) {
            return ta->kind == GT_INT ? geno_int_float_cmp((GenoInt)a, geno_w2f(b)) == 0
                                      : geno_int_float_cmp((GenoInt)b, geno_w2f(a)) == 0;
        }
        return 0;
    }
    switch (ta->kind) {
    case GT_UNIT: return 1;
    case GT_BOOL: return (a != 0) == (b != 0);
    case GT_INT: return GENO_INT_EQ((GenoInt)a, (GenoInt)b);
    case GT_FLOAT: return geno_w2f(a) == geno_w2f(b);
    case GT_STRING: return geno_str_eq((GenoStr *)(uintptr_t)a, (GenoStr *)(uintptr_t)b);
    case GT_LIST: {
        GenoList *x = (GenoList *)(uintptr_t)a, *y = (GenoList *)(uintptr_t)b;
        int64_t n = geno_list_len(x);
        if (n != geno_list_len(y)) return 0;
        for (int64_t i = 0; i < n; i++)
            if (!geno_equal2(geno_list_get(x, i), ta->params[0], geno_list_get(y, i), tb->params[0]))
                return 0;
        return 1;
    }
    case GT_TUPLE: {
        const GenoTuple *x = (const GenoTuple *)(uintptr_t)a, *y = (const GenoTuple *)(uintptr_t)b;
        if (ta->nparams != tb->nparams) return 0;
        for (int i = 0; i < ta->nparams; i++)
            if (!geno_equal2(x[i], ta->params[i], y[i], tb->params[i])) return 0;
        return 1;
    }
    case GT_ADT: {
        const GenoAdt *x = (const GenoAdt *)(uintptr_t)a, *y = (const GenoAdt *)(uintptr_t)b;
        if (x == y) return 1;
        const GenoVariant *vx = &ta->variants[x->tag], *vy = &tb->variants[y->tag];
        /* compared by constructor name: Option[Int] vs Option[Float] share tags */
        if (strcmp(vx->name, vy->name) != 0 || vx->nfields != vy->nfields) return 0;
        for (int i = 0; i < vx->nfields; i++)
            if (!geno_equal2(x->fields[i], vx->field_types[i], y->fields[i], vy->field_types[i]))
                return 0;
        return 1;
    }
    case GT_FUNC: return a == b;
    case GT_MAP: case GT_SET: case GT_ARRAY: case GT_VEC: case GT_MUTMAP:
        break;
    }
    unsupported("equality", ta);
}

int geno_equal(GenoWord a, GenoWord b, const GenoType *t) { return geno_equal2(a, t, b, t); }

GenoInt geno_length(GenoWord v, const GenoType *t) {
    switch (t->kind) {
    case GT_STRING: return geno_str_length((GenoStr *)(uintptr_t)v);
    case GT_LIST: return GENO_INT_SMALL(geno_list_len((GenoList *)(uintptr_t)v));
    default: unsupported("length", t);
    }
}
