/* check_builtins.c — builtin functions as the checker sees them: a Sym per
 * builtin with its signature parsed from builtins.h's data (the table
 * itself is frontend/builtins_table.c; the code generator finds a builtin
 * by Sym.builtin_name).
 */
#include "check_int.h"



typedef struct {
    const char *name;
    Sym *sym;
    const char **params;
    int nparams;
} BuiltinEntry;

static VEC(BuiltinEntry) cache;

void check_builtins_reset(void) { memset(&cache, 0, sizeof cache); }

static BuiltinEntry *entry(const char *name) {
    for (int i = 0; i < cache.len; i++)
        if (cache.items[i].name[0] == name[0] && strcmp(cache.items[i].name, name) == 0) return &cache.items[i];
    const BuiltinSig *b = builtin_lookup(name);
    if (!b) return NULL;
    BuiltinEntry e = {0};
    e.name = b->name;
    Sym *s = xmalloc(sizeof *s);
    s->kind = SYM_BUILTIN;
    s->name = b->name;
    s->builtin_name = b->name;
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
