/* emit_modules.c — functions from imported modules, and the C name of every
 * function.
 *
 * The checker resolves `import M` and gives calls of module functions a
 * SYM_FUNC whose Def lives in M's Program. Codegen compiles exactly the
 * module functions the program can reach: starting from the entry
 * program's definitions, it walks every expression and statement, and each
 * module function found is walked in turn. Module functions are named
 * f_<Module>__<name> so they never collide with the program's own.
 */
#include "emit.h"
#include "ast_walk.h"

#include <string.h>

/* Whether d is one of the entry program's definitions or impl methods:
 * a set built once, as codegen asks this for every call it emits. */
static bool in_program(Emitter *em, Def *d) {
    Program *p = em->prog;
    if (!em->prog_defs.len)
        for (int i = 0; i < p->defs.len; i++) {
            Def *x = p->defs.items[i];
            ptrmap_put(&em->prog_defs, x, x);
            if (x->kind == DEF_IMPL)
                for (int j = 0; j < x->methods.len; j++) ptrmap_put(&em->prog_defs, x->methods.items[j], x);
        }
    return ptrmap_get(&em->prog_defs, d) != NULL;
}

typedef struct {
    AstWalk base;    /* first: the callbacks get a Walk * */
    Emitter *em;
    Program *p;
} Walk;

static void visit_sym(Walk *w, Sym *s);

static bool visit_expr(AstWalk *aw, Expr *e) {
    if (e->sym && (e->kind == EX_CALL || e->kind == EX_IDENT || e->kind == EX_PIPELINE || e->kind == EX_FIELD))
        visit_sym((Walk *)aw, e->sym);
    return true;
}

static void walk_expr(Walk *w, Expr *e) { ast_walk_expr(&w->base, e); }

static void walk_def(Walk *w, Def *d) {
    ast_walk_block(&w->base, &d->body);
    for (int i = 0; i < d->requires_.len; i++) walk_expr(w, d->requires_.items[i]);
    for (int i = 0; i < d->ensures.len; i++) walk_expr(w, d->ensures.items[i]);
    for (int i = 0; i < d->params.len; i++) walk_expr(w, d->params.items[i].default_value);
    for (int i = 0; i < d->examples.len; i++) {
        for (int j = 0; j < d->examples.items[i].args.len; j++) walk_expr(w, d->examples.items[i].args.items[j]);
        walk_expr(w, d->examples.items[i].output);
    }
}

static char *module_of(Def *d);

/* A module imported twice (`import M` and `import M as A`) is loaded twice:
 * two Defs of one function share a C name, and are emitted once. */
static bool same_function(Def *a, Def *b) {
    return a == b || (strcmp(a->name, b->name) == 0 && strcmp(module_of(a), module_of(b)) == 0);
}

static void visit_sym(Walk *w, Sym *s) {
    if (s->kind != SYM_FUNC || !s->def || s->impl || in_program(w->em, s->def)) return;
    for (int i = 0; i < w->em->module_defs.len; i++)
        if (same_function(w->em->module_defs.items[i], s->def)) return;
    vec_push(&w->em->module_defs, s->def);
    walk_def(w, s->def);
}

void collect_module_funcs(Emitter *em, Program *p) {
    /* A function symbol whose Def is neither a definition nor an impl
     * method of p comes from an import, or is a trait's method signature:
     * without either there is nothing to collect, and no walk. */
    bool other_defs = false;
    for (int i = 0; i < p->defs.len && !other_defs; i++)
        other_defs = p->defs.items[i]->kind == DEF_IMPORT || p->defs.items[i]->kind == DEF_TRAIT;
    if (!other_defs) return;
    Walk w = {{.expr = visit_expr}, em, p};
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind == DEF_FUNC) walk_def(&w, d);
        if (d->kind == DEF_IMPL)
            for (int j = 0; j < d->methods.len; j++) walk_def(&w, d->methods.items[j]);
    }
}

/* "dir/Helper.geno" -> "Helper" */
static char *module_of(Def *d) {
    const char *f = d->loc.file ? d->loc.file : "M";
    const char *base = strrchr(f, '/');
    base = base ? base + 1 : f;
    const char *dot = strrchr(base, '.');
    return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

char *def_cname(Emitter *em, Sym *fn) {
    if (fn->impl) return impl_func_name(fn);
    Def *d = fn->def;
    if (!d) return func_name(fn->name);
    if (em->prog && !in_program(em, d)) return xasprintf("f_%s__%s", module_of(d), d->name);
    return func_name(d->name);
}
