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
 * Map `{k: v}` and MutableMap `MutableMap({k: v})` print in insertion
 * order, Set `Set({...})` sorted by the reference's order (order.c), Array
 * `Array([...])` and Vec `Vec([...])` in index order. Map, MutableMap and
 * Set compare order-insensitively (Python dict/set equality); Array and
 * Vec element-wise.
 */
#include <string.h>

#include "geno/rt.h"
#include "floats.h"
#include "hashtab.h"
#include "int.h"
#include "map.h"
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

/* The containers being printed, innermost first, on the C stack (so an
 * error that unwinds mid-print leaves nothing behind). Only a path through
 * a mutable container (Array, Vec, Set, MutableMap) can come back to a
 * container already on it, so the path is searched only then; a container
 * met again prints as the reference's `[...]`, `{...}`, `Array([...])`,
 * `Vec([...])`, `Set({...})`, `MutableMap({...})`. */
typedef struct Path { const void *obj; const struct Path *up; int mutable_on_path; } Path;

static void write_value(GenoBuf *b, GenoWord v, const GenoType *t, int top_level, const Path *path);

static void write_items(GenoBuf *b, const GenoWord *items, int64_t n,
                        const GenoType *const *types, const GenoType *one_type, const Path *path) {
    for (int64_t i = 0; i < n; i++) {
        if (i) geno_buf_add_ascii(b, ", ", 2);
        write_value(b, items[i], one_type ? one_type : types[i], 0, path);
    }
}

/* `open` k: v, ... `close` for a Map's parallel key and value lists. */
static void write_entries(GenoBuf *b, const char *open, GenoList *ks, GenoList *vs, int64_t n,
                          const GenoType *t, const char *close, const Path *path) {
    geno_buf_add_cstr(b, open);
    for (int64_t i = 0; i < n; i++) {
        if (i) geno_buf_add_ascii(b, ", ", 2);
        write_value(b, geno_list_get(ks, i), t->params[0], 0, path);
        geno_buf_add_ascii(b, ": ", 2);
        write_value(b, geno_list_get(vs, i), t->params[1], 0, path);
    }
    geno_buf_add_cstr(b, close);
}

/* 1 (and the cycle mark written) when v is already on the path. */
static int revisited(GenoBuf *b, GenoWord v, const GenoType *t, const Path *path) {
    if (!path || !path->mutable_on_path) return 0;
    for (const Path *p = path; p; p = p->up) {
        if (p->obj != (const void *)(uintptr_t)v) continue;
        switch (t->kind) {
        case GT_ARRAY: geno_buf_add_ascii(b, "Array([...])", 12); break;
        case GT_VEC: geno_buf_add_ascii(b, "Vec([...])", 10); break;
        case GT_SET: geno_buf_add_ascii(b, "Set({...})", 10); break;
        case GT_MUTMAP: geno_buf_add_ascii(b, "MutableMap({...})", 17); break;
        case GT_LIST: geno_buf_add_ascii(b, "[...]", 5); break;
        default: geno_buf_add_ascii(b, "{...}", 5); break;
        }
        return 1;
    }
    return 0;
}

void geno_write_value(GenoBuf *b, GenoWord v, const GenoType *t, int top_level) {
    write_value(b, v, t, top_level, NULL);
}

/* The reference prints and converts Ints with Python's str(), which refuses
 * more than 4300 digits (int_max_str_digits): E499 with Python's text. */
#define PY_INT_MAX_STR_DIGITS 4300

static void write_int(GenoBuf *b, GenoInt v) {
    if (GENO_INT_IS_SMALL(v)) {
        char d[24];
        geno_buf_add_ascii(b, d, geno_i64_dec(GENO_INT_VALUE(v), d));
        return;
    }
    const char *s = geno_int_cstr(v);
    if ((int64_t)strlen(s) - (s[0] == '-') > PY_INT_MAX_STR_DIGITS)
        geno_raise("E499", b->loc, "Exceeds the limit (%d digits) for integer string conversion; "
                   "use sys.set_int_max_str_digits() to increase the limit", PY_INT_MAX_STR_DIGITS);
    geno_buf_add_cstr(b, s);
}

static void write_value(GenoBuf *b, GenoWord v, const GenoType *t, int top_level, const Path *up) {
    Path here = { (const void *)(uintptr_t)v, up, up && up->mutable_on_path };
    const Path *path = &here;
    switch (t->kind) {
    case GT_LIST: case GT_TUPLE: case GT_MAP:
        if (revisited(b, v, t, up)) return;
        break;
    case GT_ARRAY: case GT_VEC: case GT_SET: case GT_MUTMAP:
        if (revisited(b, v, t, up)) return;
        here.mutable_on_path = 1;
        break;
    default:
        path = up;
        break;
    }
    switch (t->kind) {
    case GT_UNIT:
        geno_buf_add_ascii(b, "()", 2);
        return;
    case GT_BOOL:
        if (v) geno_buf_add_ascii(b, "true", 4);
        else geno_buf_add_ascii(b, "false", 5);
        return;
    case GT_INT:
        write_int(b, (GenoInt)v);
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
            write_value(b, geno_list_get(l, i), t->params[0], 0, path);
        }
        geno_buf_add_ascii(b, "]", 1);
        return;
    }
    case GT_TUPLE: {
        const GenoTuple *items = (const GenoTuple *)(uintptr_t)v;
        geno_buf_add_ascii(b, "(", 1);
        write_items(b, items, t->nparams, t->params, NULL, path);
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
            write_value(b, a->fields[i], var->field_types[i], 0, path);
        }
        geno_buf_add_ascii(b, ")", 1);
        return;
    }
    case GT_FUNC: {
        const char *name = geno_function_name((GenoClosure *)(uintptr_t)v);
        geno_buf_add_ascii(b, "<", 1);
        geno_buf_add_ascii(b, name, (int64_t)strlen(name));
        geno_buf_add_ascii(b, ">", 1);
        return;
    }
    case GT_MAP: {
        GenoMap *m = (GenoMap *)(uintptr_t)v;
        GenoList *ks = geno_map_keys(m), *vs = geno_map_values(m);
        write_entries(b, "{", ks, vs, geno_list_len(ks), t, "}", path);
        return;
    }
    case GT_MUTMAP: {
        const GenoTable *tab = &((const GenoMutMap *)(uintptr_t)v)->tab;
        geno_buf_add_ascii(b, "MutableMap({", 12);
        int64_t k = 0;
        for (int64_t e = 0; e < tab->used; e++) {
            if (tab->entries[e].hash == GENO_TAB_DEAD) continue;
            if (k++) geno_buf_add_ascii(b, ", ", 2);
            write_value(b, tab->entries[e].key, t->params[0], 0, path);
            geno_buf_add_ascii(b, ": ", 2);
            write_value(b, tab->entries[e].val, t->params[1], 0, path);
        }
        geno_buf_add_ascii(b, "})", 2);
        return;
    }
    case GT_SET: {
        GenoSet *s = (GenoSet *)(uintptr_t)v;
        geno_buf_add_ascii(b, "Set({", 5);
        write_items(b, geno_set_sorted(s, t), geno_set_size(s), NULL, t->params[0], path);
        geno_buf_add_ascii(b, "})", 2);
        return;
    }
    case GT_ARRAY: {
        const GenoArray *a = (const GenoArray *)(uintptr_t)v;
        geno_buf_add_ascii(b, "Array([", 7);
        write_items(b, geno_array_words(a), a->len, NULL, t->params[0], path);
        geno_buf_add_ascii(b, "])", 2);
        return;
    }
    case GT_VEC: {
        const GenoVec *a = (const GenoVec *)(uintptr_t)v;
        geno_buf_add_ascii(b, "Vec([", 5);
        write_items(b, a->items, a->len, NULL, t->params[0], path);
        geno_buf_add_ascii(b, "])", 2);
        return;
    }
    }
    unsupported("printing", t);
}

GenoStr *geno_to_string(GenoWord v, const GenoType *t) {
    if (t->kind == GT_STRING) return (GenoStr *)(uintptr_t)v;
    if (t->kind == GT_INT && GENO_INT_IS_SMALL(v) && geno_cfg.max_collection_size >= 20)
        return geno_int_to_str(v);   /* one allocation, no buffer */
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

/* An f-string's Int part: a small one straight to the formatter (at most
 * 20 characters, so under any to_string limit of 20 or more). */
void geno_buf_add_int(GenoBuf *b, GenoInt v) {
    if (GENO_INT_IS_SMALL(v) && geno_cfg.max_collection_size >= 20) {
        if (b->limit < 0 && b->cap - b->len > 20 && b->given != 1) {   /* the digits straight into the buffer */
            int n = geno_i64_dec(GENO_INT_VALUE(v), b->data + b->len);
            b->len += n;
            b->cplen += n;
            return;
        }
        char d[24];
        geno_buf_add_ascii(b, d, geno_i64_dec(GENO_INT_VALUE(v), d));
        return;
    }
    geno_buf_add_value(b, (GenoWord)v, &geno_t_int);
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
    case GT_MAP:
        return geno_map_equal2((GenoMap *)(uintptr_t)a, ta, (GenoMap *)(uintptr_t)b, tb);
    case GT_MUTMAP:
        return a == b || geno_mutable_map_equal2((GenoMutMap *)(uintptr_t)a, ta, (GenoMutMap *)(uintptr_t)b, tb);
    case GT_SET:
        return a == b || geno_set_equal2((GenoSet *)(uintptr_t)a, ta, (GenoSet *)(uintptr_t)b, tb);
    case GT_ARRAY: case GT_VEC: {
        const GenoWord *x, *y;
        int64_t nx, ny;
        if (ta->kind == GT_ARRAY) {
            const GenoArray *p = (const GenoArray *)(uintptr_t)a, *q = (const GenoArray *)(uintptr_t)b;
            x = geno_array_words(p); nx = p->len; y = geno_array_words(q); ny = q->len;
        } else {
            const GenoVec *p = (const GenoVec *)(uintptr_t)a, *q = (const GenoVec *)(uintptr_t)b;
            x = p->items; nx = p->len; y = q->items; ny = q->len;
        }
        if (nx != ny) return 0;
        for (int64_t i = 0; i < nx; i++)
            if (!geno_equal2(x[i], ta->params[0], y[i], tb->params[0])) return 0;
        return 1;
    }
    }
    unsupported("equality", ta);
}

int geno_equal(GenoWord a, GenoWord b, const GenoType *t) { return geno_equal2(a, t, b, t); }

GenoInt geno_length(GenoWord v, const GenoType *t) {
    switch (t->kind) {
    case GT_STRING: return geno_str_length((GenoStr *)(uintptr_t)v);
    case GT_LIST: return GENO_INT_SMALL(geno_list_len((GenoList *)(uintptr_t)v));
    case GT_ARRAY: return GENO_INT_SMALL(((const GenoArray *)(uintptr_t)v)->len);
    case GT_VEC: return GENO_INT_SMALL(((const GenoVec *)(uintptr_t)v)->len);
    case GT_MAP: return GENO_INT_SMALL(geno_map_size((GenoMap *)(uintptr_t)v));
    case GT_SET: return GENO_INT_SMALL(geno_set_size((GenoSet *)(uintptr_t)v));
    case GT_MUTMAP: return GENO_INT_SMALL(geno_mutable_map_size((GenoMutMap *)(uintptr_t)v));
    default: unsupported("length", t);
    }
}
