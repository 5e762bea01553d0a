/* check_builtins.c — builtin functions as the checker sees them: a Sym per
 * builtin with its signature parsed from builtins.h's data, and the
 * BuiltinId the code generator knows (BI_NONE for the others). The data
 * itself is frontend/builtins_table.c.
 */
#include "check_int.h"


static const struct { const char *name; BuiltinId id; } known_ids[] = {
    {"print", BI_PRINT}, {"to_string", BI_TO_STRING}, {"length", BI_LENGTH},
    {"append", BI_APPEND}, {"range", BI_RANGE}, {"head", BI_HEAD}, {"tail", BI_TAIL},
    {"concat", BI_CONCAT}, {"reverse", BI_REVERSE}, {"int_to_float", BI_INT_TO_FLOAT},
    {"float_to_int", BI_FLOAT_TO_INT}, {"abs", BI_ABS}, {"sqrt", BI_SQRT},
    {"floor", BI_FLOOR}, {"ceil", BI_CEIL}, {"round", BI_ROUND}, {"bit_or", BI_BIT_OR},
    {"contains", BI_CONTAINS},
};

typedef struct {
    const char *name;
    Sym *sym;
    const char **params;
    int nparams;
} BuiltinEntry;

static VEC(BuiltinEntry) cache;

static BuiltinEntry *entry(const char *name) {
    for (int i = 0; i < cache.len; i++)
        if (strcmp(cache.items[i].name, name) == 0) return &cache.items[i];
    const BuiltinSig *b = builtin_lookup(name);
    if (!b) return NULL;
    BuiltinEntry e = {0};
    e.name = b->name;
    Sym *s = xmalloc(sizeof *s);
    s->kind = SYM_BUILTIN;
    s->name = b->name;
    s->builtin_name = b->name;
    s->builtin = BI_NONE;
    for (size_t i = 0; i < sizeof known_ids / sizeof known_ids[0]; i++)
        if (strcmp(known_ids[i].name, name) == 0) s->builtin = known_ids[i].id;
    s->ty = parse_sig(b->sig);
    e.sym = s;
    int n = 0;
    while (n < 6 && b->params[n]) n++;
    e.params = (const char **)b->params;
    e.nparams = n;
    vec_push(&cache, e);
    return &cache.items[cache.len - 1];
}

Sym *builtin_sym(const char *name) {
    BuiltinEntry *e = entry(name);
    return e ? e->sym : NULL;
}

Type *builtin_type(const char *name, const char ***params, int *nparams) {
    BuiltinEntry *e = entry(name);
    if (!e) return NULL;
    if (params) *params = e->params;
    if (nparams) *nparams = e->nparams;
    return e->sym->ty;
}
