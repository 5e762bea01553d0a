/* check.c — the checker's driver: definitions, scopes, names, functions.
 *
 * check_program runs the reference's passes in its order:
 *   1. imports (sibling .geno files; unknown or circular modules end the
 *      check with one error);
 *   2. type aliases and type definitions (ADTs), then traits;
 *   3. function signatures (duplicates: E309), then impl blocks
 *      (conformance with the trait, duplicate impls);
 *   4. every function and impl-method body (check_stmt.c, check_expr.c),
 *      with the example rule, effect names, defaults, specs, return paths;
 *   5. if that found no error: effects are inferred to a fixed point
 *      (check_effects.c) and every body is checked again with the final
 *      effect sets, which is when `with` clauses are enforced (E310) and
 *      effectful callbacks are rejected, as in the reference;
 *   6. test blocks.
 * Diagnostics are finally sorted by position. Locals live in a chain of
 * Scopes; names that are not local resolve to user functions, then
 * imported functions, then builtins.
 */
#include "check_int.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parser.h"

/* ---- errors ------------------------------------------------------------- */

void check_fatal(Checker *c, const char *code, SrcLoc loc, const char *fmt, ...) {
    /* The reference raises these: every error collected so far is dropped. */
    c->d->errors -= c->d->list.len - c->diag_base;
    c->d->list.len = c->diag_base;
    va_list ap;
    va_start(ap, fmt);
    StrBuf sb = {0};
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    diag_add(c->d, code, loc, "%s", sb.buf);
    longjmp(c->fatal, 1);
}

static int levenshtein(const char *a, const char *b) {
    int n = strlen(a), m = strlen(b);
    int *prev = xmalloc(sizeof(int) * (m + 1)), *cur = xmalloc(sizeof(int) * (m + 1));
    for (int j = 0; j <= m; j++) prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        for (int j = 1; j <= m; j++) {
            int v = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < v) v = prev[j] + 1;
            if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
            cur[j] = v;
        }
        int *t = prev;
        prev = cur;
        cur = t;
    }
    int r = prev[m];
    xfree(prev);
    xfree(cur);
    return r;
}

char *suggest(const char *name, const char **cands, int n) {
    const char *best = NULL;
    int bd = 3;
    for (int i = 0; i < n; i++) {
        int d = levenshtein(name, cands[i]);
        if (d < bd) {
            bd = d;
            best = cands[i];
        }
    }
    return best ? xasprintf(" Did you mean '%s'?", best) : "";
}

char *suggest_vars(Checker *c, const char *name) {
    VEC(const char *) names = {0};
    for (Scope *s = c->scope; s; s = s->parent)
        for (int i = 0; i < s->syms.len; i++) vec_push(&names, s->syms.items[i]->name);
    for (int i = 0; i < c->funcs.len; i++) vec_push(&names, c->funcs.items[i]->name);
    return suggest(name, names.items, names.len);
}

/* ---- scopes ------------------------------------------------------------- */

void push_scope(Checker *c) {
    Scope *s = xmalloc(sizeof *s);
    s->parent = c->scope;
    s->lambda_depth = c->lambda_depth;
    c->scope = s;
}

void pop_scope(Checker *c) { c->scope = c->scope->parent; }

Sym *declare_local(Checker *c, const char *name, Type *ty, bool is_mutable) {
    Sym *s = xmalloc_node(sizeof *s);
    s->kind = SYM_LOCAL;
    s->name = name;
    s->ty = ty;
    s->is_mutable = is_mutable;
    s->id = new_local_id(c, s);
    s->lambda_depth = c->lambda_depth;
    vec_push(&c->scope->syms, s);
    return s;
}

Sym *lookup_local(Checker *c, const char *name) {
    for (Scope *s = c->scope; s; s = s->parent)
        for (int i = s->syms.len - 1; i >= 0; i--)
            if (s->syms.items[i]->name[0] == name[0] && strcmp(s->syms.items[i]->name, name) == 0)
                return s->syms.items[i];
    return NULL;
}

Sym *lookup_func(Checker *c, const char *name) {
    Sym *s = strmap_get(&c->func_index, name);
    if (s) return s;
    for (int m = 0; m < c->modules.len; m++) {
        Module *mod = c->modules.items[m];
        if (mod->qualified_only) continue;
        if ((s = strmap_get(&mod->func_index, name))) return s;
    }
    return NULL;
}

void add_func(Checker *c, Sym *s) {
    vec_push(&c->funcs, s);
    strmap_put_first(&c->func_index, s->name, s, 0);
}

Sym *lookup_var(Checker *c, const char *name) {
    Sym *s = lookup_local(c, name);
    if (s) return s;
    s = lookup_func(c, name);
    if (s) return s;
    return builtin_sym(name);
}

Module *find_module(Checker *c, const char *name) {
    for (int i = 0; i < c->modules.len; i++) {
        Module *m = c->modules.items[i];
        if (strcmp(m->alias ? m->alias : m->name, name) == 0) return m;
    }
    return NULL;
}

/* A local used inside a lambda that does not own it is captured by every
 * lambda between its declaration and the use. */
void note_use(Checker *c, Sym *s) {
    if (!s || s->kind != SYM_LOCAL || s->lambda_depth >= c->lambda_depth || !c->cur_lambda) return;
    s->captured = true;
    /* assigned earlier in the text: inside a loop that assignment may still
     * run after this capture, so the variable needs a shared cell too */
    if (s->assigned && s->is_mutable) s->assigned_after_capture = true;
    Sym *l = c->cur_lambda;
    for (int i = 0; i < l->captures.len; i++)
        if (l->captures.items[i] == s) return;
    vec_push(&l->captures, s);
}

/* ---- side tables: pattern syms, scopes of re-checked expressions --------- */

static PtrMap psyms;
PtrMap recheck_scopes;

void pattern_set_sym(Pattern *p, Sym *s) { ptrmap_put(&psyms, p, s); }
Sym *pattern_sym(const Pattern *p) { return ptrmap_get(&psyms, p); }

/* ---- definitions -------------------------------------------------------- */

static bool name_in(const char *name, const char *const *list) {
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0) return true;
    return false;
}

/* Converts named type variables of the ADT's parameters to TY_PARAM. */
static Type *vars_to_params(Type *t, Def *d) {
    t = ty_resolve(t);
    if (t->kind == TY_VAR && t->name)
        for (int i = 0; i < d->type_params.len; i++)
            if (strcmp(d->type_params.items[i], t->name) == 0) return ty_param(i, t->name);
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = vars_to_params(t->args[i], d);
    if (t->ret) r->ret = vars_to_params(t->ret, d);
    return r;
}

static AdtInfo *declare_type(Checker *c, Def *d) {
    AdtInfo *a = xmalloc(sizeof *a);
    a->name = d->name;
    a->nparams = d->type_params.len;
    a->params = (const char **)d->type_params.items;
    a->nvariants = d->variants.len;
    a->variants = xmalloc(sizeof(AdtVariant) * (a->nvariants ? a->nvariants : 1));
    a->def = d;
    for (int v = 0; v < a->nvariants; v++) {
        a->variants[v].name = d->variants.items[v].name;
        a->variants[v].tag = v;
    }
    add_adt(c, a);
    return a;
}

static void collect_type(Checker *c, Def *d, AdtInfo *a) {
    int saved = c->tparams.len;
    for (int i = 0; i < d->type_params.len; i++) vec_push(&c->tparams, d->type_params.items[i]);
    for (int v = 0; v < a->nvariants; v++) {
        Variant *var = &d->variants.items[v];
        AdtVariant *av = &a->variants[v];
        av->nfields = var->fields.len;
        av->field_names = xmalloc(sizeof(char *) * (av->nfields + 1));
        av->field_types = xmalloc(sizeof(Type *) * (av->nfields + 1));
        for (int f = 0; f < av->nfields; f++) {
            av->field_names[f] = var->fields.items[f].name;
            av->field_types[f] = vars_to_params(resolve_type(c, var->fields.items[f].type), d);
        }
    }
    c->tparams.len = saved;
    /* A constructor name may belong to one type only. */
    for (int v = 0; v < a->nvariants; v++) {
        if (ctor_definitions(c, a->variants[v].name) == 1) continue;   /* only this one */
        for (int i = 0; i < c->adts.len && c->adts.items[i] != a; i++) {
            AdtInfo *o = c->adts.items[i];
            if (strcmp(o->name, a->name) == 0) continue;
            for (int w = 0; w < o->nvariants; w++)
                if (strcmp(o->variants[w].name, a->variants[v].name) == 0)
                    ERR(c, "E309", d->loc, "Constructor '%s' is already defined by type '%s'",
                        a->variants[v].name, o->name);
        }
    }
}

static Type *func_sig(Checker *c, Def *f) {
    Type *ft = ty_func(f->params.len, NULL, NULL);
    for (int i = 0; i < f->params.len; i++) ft->args[i] = resolve_type(c, f->params.items[i].type);
    Type *ret = resolve_type(c, f->ret);
    if (f->is_async) ret = ty_new(TY_ASYNC, 1, &ret);
    ft->ret = ret;
    const char **eff = NULL;
    for (int i = 0; i < f->effects.len; i++) {
        const char **one = xmalloc(sizeof(char *) * 2);
        one[0] = f->effects.items[i];
        eff = effects_union(eff, one);
    }
    ft->effects = eff;
    return ft;
}

static Sym *new_func_sym(Def *f, Type *ty) {
    Sym *s = xmalloc(sizeof *s);
    s->kind = SYM_FUNC;
    s->name = f->name;
    s->ty = ty;
    s->def = f;
    f->sym = s;
    return s;
}

static Def *trait_def(Checker *c, const char *name) {
    for (int i = 0; i < c->traits.len; i++)
        if (strcmp(c->traits.items[i]->name, name) == 0) return c->traits.items[i];
    return NULL;
}

static void collect_trait(Checker *c, Def *d) {
    if (trait_def(c, d->name)) {
        ERR(c, "E309", d->loc, "Duplicate trait definition: '%s'", d->name);
        return;
    }
    vec_push(&c->traits, d);
    c->self_ok = true;
    for (int m = 0; m < d->methods.len; m++) d->methods.items[m]->sym = new_func_sym(d->methods.items[m], func_sig(c, d->methods.items[m]));
    c->self_ok = false;
}

static Type *subst_self(Type *t, Type *self) {
    t = ty_resolve(t);
    if (t->kind == TY_ADT && !t->adt && strcmp(t->name, "Self") == 0) return self;
    if (!t->nargs && !t->ret) return t;
    Type *r = ty_copy_node(t);
    for (int i = 0; i < t->nargs; i++) r->args[i] = subst_self(t->args[i], self);
    if (t->ret) r->ret = subst_self(t->ret, self);
    return r;
}

static void impl_method_syms(Checker *c, Def *d) {
    for (int k = 0; k < d->methods.len; k++) {
        Def *im = d->methods.items[k];
        if (!im->sym) {
            Sym *s = new_func_sym(im, func_sig(c, im));
            s->impl = d;
        }
    }
}

static void check_impl_decl(Checker *c, Def *d) {
    Def *tr = trait_def(c, d->trait_name);
    if (!tr) {
        ERR(c, "E300", d->loc, "Unknown trait: '%s'", d->trait_name);
        return;
    }
    AdtInfo *adt = find_adt(c, d->target_type);
    if (!adt) {
        VEC(const char *) names = {0};
        for (int i = 0; i < c->adts.len; i++) vec_push(&names, c->adts.items[i]->name);
        ERR(c, "E303", d->loc, "Unknown type: '%s'%s", d->target_type, suggest(d->target_type, names.items, names.len));
        return;
    }
    for (int i = 0; i < c->impls.len; i++)
        if (strcmp(c->impls.items[i]->trait, d->trait_name) == 0 && strcmp(c->impls.items[i]->type, d->target_type) == 0) {
            ERR(c, "E309", d->loc, "Duplicate implementation of trait '%s' for type '%s'", d->trait_name, d->target_type);
            return;
        }
    Type *self = ty_adt(adt, 0, NULL);
    for (int m = 0; m < tr->methods.len; m++) {
        Def *sig = tr->methods.items[m];
        Def *im = NULL;
        for (int k = 0; k < d->methods.len; k++)
            if (strcmp(d->methods.items[k]->name, sig->name) == 0) im = d->methods.items[k];
        if (!im) {
            ERR(c, "E300", d->loc, "Missing implementation of method '%s' for trait '%s' on type '%s'",
                sig->name, d->trait_name, d->target_type);
            continue;
        }
        if (im->params.len != sig->params.len) {
            ERR(c, "E300", im->loc, "Method '%s' in impl '%s' for '%s' has %d parameters, expected %d",
                sig->name, d->trait_name, d->target_type, im->params.len, sig->params.len);
            continue;
        }
        Type *st = ((Sym *)sig->sym)->ty;
        Type *want = subst_self(st->ret, self);
        Type *got = resolve_type(c, im->ret);
        if (!strict_compat(c, want, got))
            ERR(c, "E300", im->loc, "Method '%s' return type mismatch: expected %s, got %s", sig->name, tstr(want), tstr(got));
        for (int i = 0; i < sig->params.len; i++) {
            Type *w = subst_self(st->args[i], self);
            Type *g = resolve_type(c, im->params.items[i].type);
            if (!strict_compat(c, w, g))
                ERR(c, "E300", im->params.items[i].loc, "Method '%s' parameter %d type mismatch: expected %s, got %s",
                    sig->name, i + 1, tstr(w), tstr(g));
        }
    }
    ImplInfo *ii = xmalloc(sizeof *ii);
    ii->trait = d->trait_name;
    ii->type = d->target_type;
    ii->def = d;
    impl_method_syms(c, d);
    for (int k = 0; k < d->methods.len; k++) vec_push(&ii->methods, d->methods.items[k]->sym);
    vec_push(&c->impls, ii);
    /* The first impl makes the trait's method names callable. */
    for (int m = 0; m < tr->methods.len; m++) {
        Def *sig = tr->methods.items[m];
        if (lookup_func(c, sig->name)) continue;
        Sym *s = xmalloc(sizeof *s);
        s->kind = SYM_FUNC;
        s->name = sig->name;
        c->self_ok = true;
        s->ty = func_sig(c, sig);
        c->self_ok = false;
        s->ty->effects = NULL;
        s->def = sig;
        add_func(c, s);
    }
}

/* ---- tested names ---------------------------------------------------------- */

static void tested_expr(Checker *c, Expr *e);
static void tested_block(Checker *c, StmtList *b);

static void tested_expr(Checker *c, Expr *e) {
    if (!e) return;
    if (e->kind == EX_CALL && e->a->kind == EX_IDENT) vec_push(&c->tested, e->a->name);
    tested_expr(c, e->a);
    tested_expr(c, e->b);
    tested_expr(c, e->c);
    for (int i = 0; i < e->elems.len; i++) tested_expr(c, e->elems.items[i]);
    for (int i = 0; i < e->args.len; i++) tested_expr(c, e->args.items[i].value);
    for (int i = 0; i < e->arms.len; i++) {
        tested_expr(c, e->arms.items[i].guard);
        tested_expr(c, e->arms.items[i].value);
        tested_block(c, &e->arms.items[i].body);
    }
    for (int i = 0; i < e->fields.len; i++) tested_expr(c, e->fields.items[i].value);
    for (int i = 0; i < e->params.len; i++) tested_expr(c, e->params.items[i].default_value);
    tested_block(c, &e->body);
}

static void tested_block(Checker *c, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        tested_expr(c, s->target);
        tested_expr(c, s->index);
        tested_expr(c, s->value);
        tested_expr(c, s->cond);
        tested_block(c, &s->body);
        tested_block(c, &s->else_body);
        for (int k = 0; k < s->arms.len; k++) {
            tested_expr(c, s->arms.items[k].guard);
            tested_block(c, &s->arms.items[k].body);
        }
    }
}

static bool is_tested(Checker *c, const char *name) {
    for (int i = 0; i < c->tested.len; i++)
        if (strcmp(c->tested.items[i], name) == 0) return true;
    return false;
}

/* ---- `result` in functions with ensures ----------------------------------- */

static void result_collision(Checker *c, const char *what, SrcLoc loc) {
    ERR(c, "E300", loc, "`result` is reserved in functions with ensures clauses; rename this %s so `ensures result` unambiguously refers to the return value", what);
}

static void result_pattern(Checker *c, Pattern *p) {
    if (!p) return;
    if (p->kind == PAT_VAR && strcmp(p->name, "result") == 0) result_collision(c, "pattern binding", p->loc);
    if (p->kind == PAT_REST && p->name && strcmp(p->name, "result") == 0) result_collision(c, "rest pattern binding", p->loc);
    for (int i = 0; i < p->subs.len; i++) result_pattern(c, p->subs.items[i]);
}

static void result_block(Checker *c, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if ((s->kind == ST_LET || s->kind == ST_VAR)) {
            if (s->names.len) {
                for (int k = 0; k < s->names.len; k++)
                    if (strcmp(s->names.items[k], "result") == 0) result_collision(c, "destructured binding", s->loc);
            } else if (s->name && strcmp(s->name, "result") == 0) {
                result_collision(c, "binding", s->loc);
            }
        }
        if (s->kind == ST_FOR && strcmp(s->name, "result") == 0) result_collision(c, "loop variable", s->loc);
        if (s->kind == ST_TRY && s->catch_name && strcmp(s->catch_name, "result") == 0)
            result_collision(c, "catch binding", s->catch_loc);
        result_block(c, &s->body);
        result_block(c, &s->else_body);
        for (int k = 0; k < s->arms.len; k++) {
            result_pattern(c, s->arms.items[k].pattern);
            result_block(c, &s->arms.items[k].body);
        }
    }
}

/* ---- function bodies ------------------------------------------------------ */

static bool is_unit_tuple(Type *t) {
    t = ty_resolve(t);
    return t->kind == TY_UNIT || (t->kind == TY_TUPLE && t->nargs == 0);
}

static void check_example_input(Checker *c, Def *f, Example *ex, Type **ptypes, int required, int total) {
    /* The reference parses the inputs as one expression: a tuple when there
     * are several, spreading over the parameters. */
    SrcLoc loc = ex->args.len == 1 ? ex->args.items[0]->loc : ex->loc;
    Type *input;
    Type **elem = NULL;
    int n = ex->args.len;
    bool is_tuple = n >= 2;
    if (n == 0) input = t_unit();
    else if (n == 1) input = check_expr(c, ex->args.items[0]);
    else {
        elem = xmalloc(sizeof(Type *) * n);
        for (int i = 0; i < n; i++) elem[i] = check_expr(c, ex->args.items[i]);
        input = ty_new(TY_TUPLE, n, elem);
        for (int i = 0; i < n; i++)
            if (ty_is(elem[i], TY_NEVER)) input = t_never();
    }
    if (n == 1 && ty_is(input, TY_TUPLE) && ty_resolve(input)->nargs) {
        is_tuple = true;
        elem = ty_resolve(input)->args;
        n = ty_resolve(input)->nargs;
    }
    if (total == 0) {
        if (!is_unit_tuple(input)) ERR(c, "E304", loc, "Example expects 0 inputs, got %s", tstr(input));
    } else if (total == 1) {
        if (required == 0 && is_unit_tuple(input)) return;
        if (!strict_compat(c, ptypes[0], input))
            ERR(c, "E300", loc, "Example input type mismatch: expected %s, got %s", tstr(ptypes[0]), tstr(input));
        else if (ex->args.len == 1) record_expected(c, ex->args.items[0], ptypes[0]);
    } else if (is_tuple) {
        if (n < required || n > total) {
            ERR(c, "E304", loc, "Example expects %d..%d inputs, got %d", required, total, n);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!strict_compat(c, ptypes[i], elem[i]))
                ERR(c, "E300", loc, "Example input %d type mismatch: expected %s, got %s", i + 1, tstr(ptypes[i]), tstr(elem[i]));
            else if (ex->args.len == n) record_expected(c, ex->args.items[i], ptypes[i]);
        }
    } else if (required <= 1) {
        if (!strict_compat(c, ptypes[0], input))
            ERR(c, "E300", loc, "Example input type mismatch: expected %s, got %s", tstr(ptypes[0]), tstr(input));
    } else {
        ERR(c, "E300", loc, "Example input for a %d-parameter function (with %d required) must be a tuple, got %s",
            total, required, tstr(input));
    }
    (void)f;
}

static void check_specs(Checker *c, Def *f, Type **ptypes) {
    for (int i = 0; i < f->requires_.len; i++) {
        Expr *r = f->requires_.items[i];
        Type *t = check_expr(c, r);
        if (!ty_is(t, TY_BOOL)) ERR(c, "E300", r->loc, "Requires clause must be Bool, got %s", tstr(t));
    }
    if (f->ensures.len) {
        push_scope(c);
        Sym *rs = declare_local(c, "result", c->cur_ret, false);
        (void)rs;
        for (int i = 0; i < f->ensures.len; i++) {
            Expr *r = f->ensures.items[i];
            Type *t = check_expr(c, r);
            if (!ty_is(t, TY_BOOL)) ERR(c, "E300", r->loc, "Ensures clause must be Bool, got %s", tstr(t));
        }
        pop_scope(c);
    }
    int required = 0, total = f->params.len;
    for (int i = 0; i < total; i++) required += f->params.items[i].default_value == NULL;
    /* Examples are checked in the global scope. */
    Scope *saved = c->scope;
    c->scope = c->global;
    for (int i = 0; i < f->examples.len; i++) {
        Example *ex = &f->examples.items[i];
        check_example_input(c, f, ex, ptypes, required, total);
        Type *out = check_expr(c, ex->output);
        if (!strict_compat(c, c->cur_ret, out))
            ERR(c, "E300", ex->output->loc, "Example output type mismatch: expected %s, got %s", tstr(c->cur_ret), tstr(out));
        else
            record_expected(c, ex->output, c->cur_ret);
    }
    c->scope = saved;
}

static const char *const exempt_names[] = {"main", "init", "update", "render", NULL};

static void check_func(Checker *c, Def *f) {
    Sym *fs = f->sym;
    if (!fs) return;
    if (!f->examples.len && !name_in(f->name, exempt_names) && !c->app_mode && !f->is_async &&
        !f->untested_reason && !is_tested(c, f->name))
        ERR(c, "E300", f->loc, "Function '%s' must have at least one example clause", f->name);
    for (int i = 0; i < f->effects.len; i++)
        if (!effect_valid(f->effects.items[i]))
            ERR(c, "E311", f->loc, "Unknown effect '%s'. Valid effects are: %s", f->effects.items[i], valid_effects_list());
    for (int i = 0; i < f->params.len; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(f->params.items[i].name, f->params.items[j].name) == 0) {
                ERR(c, "E309", f->params.items[i].loc, "Duplicate parameter name '%s'", f->params.items[i].name);
                break;
            }
    if (f->ensures.len) {
        for (int i = 0; i < f->params.len; i++)
            if (strcmp(f->params.items[i].name, "result") == 0) result_collision(c, "parameter", f->params.items[i].loc);
        result_block(c, &f->body);
    }
    Type **ptypes = xmalloc(sizeof(Type *) * (f->params.len + 1));
    for (int i = 0; i < f->params.len; i++) ptypes[i] = fs->ty->args[i];
    c->scope = c->global;
    for (int i = 0; i < f->params.len; i++) {
        Param *p = &f->params.items[i];
        if (!p->default_value) continue;
        Type *t = check_expr(c, p->default_value);
        if (!strict_compat(c, ptypes[i], t))
            ERR(c, "E300", p->default_value->loc, "Default value type mismatch for '%s': expected %s, got %s",
                p->name, tstr(ptypes[i]), tstr(t));
        else
            record_expected(c, p->default_value, ptypes[i]);
    }
    push_scope(c);
    for (int i = 0; i < f->params.len; i++) {
        Sym *ps = declare_local(c, f->params.items[i].name, ptypes[i], false);
        ps->is_param = true;
    }
    c->cur_func = f;
    Type *ret = fs->ty->ret;
    if (f->is_async && ty_is(ret, TY_ASYNC)) ret = ty_resolve(ret)->args[0];
    c->cur_ret = ret;
    c->in_async = f->is_async;
    c->in_main = strcmp(f->name, "main") == 0;
    c->loop_depth = 0;
    check_specs(c, f, ptypes);
    check_block(c, &f->body);
    if (!ty_is(ret, TY_UNIT) && !definitely_returns(&f->body))
        ERR(c, "E300", f->loc, "Function '%s' may not return a value on all paths", f->name);
    if (c->phase == 2 && f->effects.len) {
        const char **inferred = infer_func_effects(c, f);
        StrBuf und = {0};
        for (int i = 0; inferred && inferred[i]; i++) {
            bool declared = false;
            for (int k = 0; k < f->effects.len; k++) declared |= strcmp(f->effects.items[k], inferred[i]) == 0;
            if (!declared) sb_printf(&und, "%s%s", und.len ? ", " : "", inferred[i]);
        }
        if (und.len) {
            const char **decl = fs->ty->effects;
            StrBuf ds = {0};
            for (int i = 0; decl && decl[i]; i++) sb_printf(&ds, "%s%s", i ? ", " : "", decl[i]);
            ERR(c, "E310", f->loc, "Function '%s' performs undeclared effects: %s. Declared effects: %s",
                f->name, und.buf, ds.len ? ds.buf : "(pure)");
        }
    }
    pop_scope(c);
    c->scope = c->global;
    c->cur_func = NULL;
    c->cur_ret = NULL;
    c->in_async = c->in_main = false;
}

static void check_test_block(Checker *c, Def *t) {
    c->scope = c->global;
    push_scope(c);
    c->cur_ret = NULL;
    check_block(c, &t->body);
    pop_scope(c);
}

/* A body's first check (check_body, below). */
typedef struct {
    int locals, fresh, tyvars;      /* what the first check advanced */
    int read_start, read_end;       /* its part of c->effects_read */
    int first_local;                /* c->next_local before it */
    VEC(Sym *) made;                /* the local symbols it made, ids first_local+1... */
    bool rechecked;                 /* stabilize_effects re-checked part of it */
} FirstCheck;

/* Every function's effects, to a fixed point: declared sets win, the others
 * are inferred from their bodies. */
static void stabilize_effects(Checker *c) {
    for (int round = 0; round < 100; round++) {
        bool changed = false;
        for (int i = 0; i < c->prog->defs.len; i++) {
            Def *d = c->prog->defs.items[i];
            Def **list = &d;
            int n = 1;
            if (d->kind == DEF_IMPL) {
                list = d->methods.items;
                n = d->methods.len;
            } else if (d->kind != DEF_FUNC) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                Def *f = list[k];
                Sym *s = f->sym;
                if (!s || (d->kind == DEF_FUNC && lookup_func(c, f->name) != s)) continue;
                /* The reference re-checks some expressions while inferring
                 * effects here, outside any function (check_effects.c). */
                c->cur_ret = NULL;
                c->in_async = c->in_main = false;
                c->loop_depth = 0;
                effects_rechecked = false;
                const char **inferred = infer_func_effects(c, f);
                if (effects_rechecked) {
                    FirstCheck *fc = ptrmap_get(&c->first_checks, f);
                    if (fc) fc->rechecked = true;
                }
                const char **eff = f->effects.len ? s->ty->effects : inferred;
                if (!(effects_subset(eff, s->ty->effects) && effects_subset(s->ty->effects, eff))) {
                    s->ty->effects = eff;
                    ptrmap_put(&c->effects_changed, s->ty, s->ty);
                    changed = true;
                }
            }
        }
        if (!changed) break;
    }
}

/* ---- imports -------------------------------------------------------------- */

static char *dir_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return xstrdup(".");
    return xstrndup(path, slash - path);
}

static VEC(const char *) importing;
static void check_export_surface(Checker *c, Program *p);
/* Every module file parsed during one (outermost) check, by resolved path:
 * all importers share one Program per file, which is body-checked once. */
static VEC(Program *) module_cache;

Program **checked_modules(int *n) {
    *n = module_cache.len;
    return module_cache.items;
}
static int check_depth;    /* check_program nesting: imported modules are checked from the outermost */

/* ---- module files: the reference's lookup order ---------------------------
 * For `import Foo` from a file in directory D (made absolute):
 *   1. D/Foo.geno;
 *   2. genoc's own std library: $GENOC_STD, else the compile-time
 *      GENOC_STD_DIR (std/ in the source tree);
 *   3. geno_modules/<Foo or foo-kebab>/ under the project root (the nearest
 *      ancestor of D with a geno.toml): <Foo>.geno, <kebab>.geno, or the
 *      dependency's geno.toml `entrypoint`;
 *   4. a case-insensitive match for Foo.geno in D (two matches: E204
 *      "ambiguous").
 * The file found must lie under D, the std dir or the project's
 * geno_modules (which may not be a symlink); otherwise, or when nothing is
 * found, E204 "not found". (The reference's dependency-private module names
 * for modules imported from inside a geno_modules package are not modelled.) */

static const char *std_dir(void) {
    const char *e = getenv("GENOC_STD");
    if (e && *e) return e;
#ifdef GENOC_STD_DIR
    return GENOC_STD_DIR;
#else
    return NULL;
#endif
}

static bool is_file(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static char *abs_path(const char *p) {
    char *r = realpath(p, NULL);
    if (!r) return xstrdup(p);
    char *x = xstrdup(r);   /* an xmalloc'd copy, like every other string here */
    free(r);
    return x;
}

/* `root` equals `path` or is one of its ancestors (both absolute, resolved). */
static bool path_under(const char *path, const char *root) {
    size_t n = strlen(root);
    if (n && root[n - 1] == '/') n--;
    return strncmp(path, root, n) == 0 && (path[n] == 0 || path[n] == '/');
}

static char *project_root(const char *dir) {
    char *cur = abs_path(dir);
    for (;;) {
        char *toml = xasprintf("%s/geno.toml", cur);
        bool found = access(toml, F_OK) == 0;
        xfree(toml);
        if (found) return cur;
        char *slash = strrchr(cur, '/');
        if (!slash) return NULL;
        if (slash == cur) {
            if (cur[1] == 0) return NULL;
            cur[1] = 0;
        } else {
            *slash = 0;
        }
    }
}

/* The one file in `dir` named like `name`.geno ignoring case (NULL if none). */
static char *find_case_insensitive(Checker *c, const char *name, const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return NULL;
    char *target = xasprintf("%s.geno", name);
    VEC(char *) matches = {0};
    struct dirent *ent;
    while ((ent = readdir(d))) {
        if (strcasecmp(ent->d_name, target) != 0) continue;
        char *p = xasprintf("%s/%s", dir, ent->d_name);
        if (is_file(p)) vec_push(&matches, p);
    }
    closedir(d);
    if (!matches.len) return NULL;
    if (matches.len > 1) {
        /* names sorted, as the reference lists them */
        for (int i = 0; i < matches.len; i++)
            for (int k = i + 1; k < matches.len; k++)
                if (strcmp(strrchr(matches.items[k], '/'), strrchr(matches.items[i], '/')) < 0) {
                    char *t = matches.items[i];
                    matches.items[i] = matches.items[k];
                    matches.items[k] = t;
                }
        StrBuf sb = {0};
        for (int i = 0; i < matches.len; i++) sb_printf(&sb, "%s%s", i ? ", " : "", strrchr(matches.items[i], '/') + 1);
        check_fatal(c, "E204", (SrcLoc){0},
                    "Module '%s' is ambiguous: multiple files match case-insensitively (%s). Rename one file so only "
                    "a single case variant exists.",
                    name, sb.buf);
    }
    return matches.items[0];
}

static char *pascal_to_kebab(const char *name) {
    StrBuf sb = {0};
    for (const char *p = name; *p; p++) {
        if (isupper((unsigned char)*p) && sb.len) sb_printf(&sb, "-");
        sb_printf(&sb, "%c", tolower((unsigned char)*p));
    }
    return sb.buf ? sb.buf : xstrdup("");
}

/* geno_modules/<dir_name>: exact name first, else the single case-insensitive match. */
static char *dependency_dir(const char *modules_root, const char *dir_name) {
    DIR *d = opendir(modules_root);
    if (!d) return NULL;
    char *exact = NULL, *ci = NULL;
    int nci = 0;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, "..")) continue;
        char *p = xasprintf("%s/%s", modules_root, ent->d_name);
        if (!is_dir(p)) continue;
        if (strcmp(ent->d_name, dir_name) == 0) exact = p;
        else if (strcasecmp(ent->d_name, dir_name) == 0) {
            ci = p;
            nci++;
        }
    }
    closedir(d);
    return exact ? exact : nci == 1 ? ci : NULL;
}

/* The top-level `entrypoint = "Name"` of a geno.toml (before any [section]). */
static char *manifest_entrypoint(const char *toml_path) {
    char *src = read_file(toml_path, NULL);
    if (!src) return NULL;
    for (char *line = src; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        while (*line == ' ' || *line == '\t') line++;
        if (*line == '[') return NULL;
        if (strncmp(line, "entrypoint", 10) == 0) {
            char *q = strchr(line, '"');
            char *q2 = q ? strchr(q + 1, '"') : NULL;
            if (q2 && q2 > q + 1) {
                for (char *p = q + 1; p < q2; p++)
                    if (!isalnum((unsigned char)*p) && *p != '_') return NULL;
                return xstrndup(q + 1, q2 - q - 1);
            }
            return NULL;
        }
        line = nl ? nl + 1 : NULL;
    }
    return NULL;
}

static char *find_in_geno_modules(Checker *c, const char *name, const char *base_dir) {
    char *root = project_root(base_dir);
    if (!root) return NULL;
    char *modules_root = xasprintf("%s/geno_modules", root);
    struct stat st;
    if (lstat(modules_root, &st) == 0 && S_ISLNK(st.st_mode))
        check_fatal(c, "E204", (SrcLoc){0}, "Module '%s' not found. Searched for '%s.geno' in %s", name, name, base_dir);
    const char *dirs[2] = {name, pascal_to_kebab(name)};
    int ndirs = strcmp(dirs[0], dirs[1]) == 0 ? 1 : 2;
    for (int i = 0; i < ndirs; i++) {
        char *dep = dependency_dir(modules_root, dirs[i]);
        if (!dep) continue;
        char *cand = xasprintf("%s/%s.geno", dep, name);
        if (access(cand, F_OK) == 0) return cand;
        if (i == 1) {
            cand = xasprintf("%s/%s.geno", dep, dirs[i]);
            if (access(cand, F_OK) == 0) return cand;
        }
        char *toml = xasprintf("%s/geno.toml", dep);
        char *entry = access(toml, F_OK) == 0 ? manifest_entrypoint(toml) : NULL;
        if (entry) {
            cand = xasprintf("%s/%s.geno", dep, entry);
            if (access(cand, F_OK) == 0) return cand;
        }
    }
    return NULL;
}

static char *resolve_module_path(Checker *c, const char *name, const char *base_dir) {
    if (strchr(name, '/') || strchr(name, '\\') || strstr(name, ".."))
        check_fatal(c, "E204", (SrcLoc){0}, "Module '%s' not found. Searched for '%s.geno' in %s", name, name, base_dir);
    char *path = xasprintf("%s/%s.geno", base_dir, name);
    if (access(path, F_OK) != 0) {
        path = NULL;
        const char *sd = std_dir();
        if (sd) {
            char *cand = xasprintf("%s/%s.geno", sd, name);
            if (access(cand, F_OK) == 0) path = cand;
        }
        if (!path) path = find_in_geno_modules(c, name, base_dir);
        if (!path) path = find_case_insensitive(c, name, base_dir);
        if (!path)
            check_fatal(c, "E204", (SrcLoc){0}, "Module '%s' not found. Searched for '%s.geno' in %s", name, name,
                        base_dir);
    }
    char *resolved = abs_path(path);
    bool ok = path_under(resolved, base_dir);
    const char *sd = std_dir();
    if (!ok && sd) ok = path_under(resolved, abs_path(sd));
    char *root = project_root(base_dir);
    if (!ok && root) ok = path_under(resolved, abs_path(xasprintf("%s/geno_modules", root)));
    if (!ok) check_fatal(c, "E204", (SrcLoc){0}, "Module '%s' not found. Searched for '%s.geno' in %s", name, name, base_dir);
    return resolved;
}

/* A module loaded from the std library: genoc's std dir, or (as the
 * reference decides it) a file whose directory is .../geno/std. */
static bool is_std_module(const char *path) {
    const char *sd = std_dir();
    if (sd && path_under(path, abs_path(sd))) return true;
    char *dir = dir_of(path);
    const char *base = strrchr(dir, '/');
    if (!base || strcmp(base, "/std") != 0) return false;
    char *up = xstrndup(dir, base - dir);
    const char *b2 = strrchr(up, '/');
    return b2 && strcmp(b2, "/geno") == 0;
}

/* The reference gives these thin std wrappers the generic signature of the
 * builtin they forward to (so `List.map` works on any list), keeping the
 * wrapper's parameter names. */
static const char *std_forwarder(const char *module, const char *func) {
    static const char *const table[][3] = {
        {"List", "zip", "list_zip"}, {"List", "enumerate", "list_enumerate"}, {"List", "flatten", "list_flatten"},
        {"List", "chunk", "list_chunk"}, {"List", "take", "list_take"}, {"List", "drop", "list_drop"},
        {"List", "find", "list_find"}, {"List", "find_index", "list_find_index"}, {"List", "all", "list_all"},
        {"List", "any", "list_any"}, {"List", "fold_right", "list_fold_right"},
        {"List", "intersperse", "list_intersperse"}, {"List", "group_by", "list_group_by"},
        {"List", "length", "list_length"}, {"List", "map", "list_map"}, {"List", "filter", "list_filter"},
        {"Map", "from_list", "map_from_list"}, {"Map", "merge", "map_merge"}, {"Map", "filter_map", "map_filter_map"},
        {"Map", "map_values", "map_map_values"}, {"Map", "entries", "map_entries"},
        {"Map", "from_entries", "map_from_entries"}, {"Map", "get", "map_get"}, {"Map", "insert", "map_insert"},
        {"Option", "map", "option_map"}, {"Option", "and_then", "option_and_then"},
        {"Option", "unwrap_or", "option_unwrap_or"}, {"Option", "is_some", "option_is_some"},
        {"Option", "is_none", "option_is_none"}, {"Option", "flatten", "option_flatten"},
        {"Option", "to_result", "option_to_result"},
        {"Result", "map", "result_map"}, {"Result", "map_err", "result_map_err"},
        {"Result", "and_then", "result_and_then"}, {"Result", "unwrap_or", "result_unwrap_or"},
        {"Result", "is_ok", "result_is_ok"}, {"Result", "is_err", "result_is_err"},
        {"Result", "to_option", "result_to_option"},
        {"Math", "abs", "math_abs"}, {"Math", "min", "math_min"}, {"Math", "max", "math_max"},
        {"Math", "clamp", "math_clamp"},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i][0], module) == 0 && strcmp(table[i][1], func) == 0) return table[i][2];
    return NULL;
}

static void load_import(Checker *c, Def *imp, const char *base_dir) {
    const char *name = imp->name;
    char *path = resolve_module_path(c, name, base_dir);
    for (int i = 0; i < importing.len; i++)
        if (strcmp(importing.items[i], name) == 0)
            check_fatal(c, "E204", (SrcLoc){0}, "Circular import detected: module '%s' is already being resolved", name);
    for (int i = 0; i < c->modules.len; i++)
        if (strcmp(c->modules.items[i]->name, name) == 0 && !imp->alias) {
            c->modules.items[i]->qualified_only = false;
            return;
        }
    Program *mp = NULL;
    for (int i = 0; i < module_cache.len && !mp; i++)
        if (strcmp(module_cache.items[i]->path, path) == 0) mp = module_cache.items[i];
    if (!mp) {
        size_t src_len = 0;
        char *src = read_file(path, &src_len);
        if (!src)
            check_fatal(c, "E204", (SrcLoc){0}, "Module '%s' not found. Searched for '%s.geno' in %s", name, name, base_dir);
        diag_register_source(path, src);
        Diags pd = {0};
        mp = parse_program_len(path, src, src_len, &pd);
        if (pd.errors) {
            for (int i = 0; i < pd.list.len; i++) vec_push(&c->d->list, pd.list.items[i]);
            c->d->errors += pd.errors;
            longjmp(c->fatal, 1);
        }
        vec_push(&module_cache, mp);
    }
    bool listed = false;
    for (int i = 0; i < c->module_progs.len; i++) listed |= c->module_progs.items[i] == mp;
    if (!listed) vec_push(&c->module_progs, mp);
    vec_push(&importing, name);
    char *mdir = dir_of(path);
    for (int i = 0; i < mp->defs.len; i++)
        if (mp->defs.items[i]->kind == DEF_IMPORT) load_import(c, mp->defs.items[i], mdir);
    importing.len--;
    Module *m = xmalloc(sizeof *m);
    m->name = name;
    m->alias = imp->alias;
    m->prog = mp;
    m->qualified_only = imp->alias != NULL;
    bool has_exports = false;
    for (int i = 0; i < mp->defs.len; i++) {
        Def *d = mp->defs.items[i];
        if ((d->kind == DEF_FUNC || d->kind == DEF_TYPE || d->kind == DEF_ALIAS) && d->exported) has_exports = true;
    }
    /* As the reference: the module's exported surface is validated first;
     * all its aliases are visible while its signatures are resolved, but
     * only exported ones (none for `import M as A`) stay visible. Its types
     * are declared either way: the reference resolves `H.to_celsius(t: Temp)`
     * under `import Helper as H` (its constructors stay qualified-only). */
    check_export_surface(c, mp);
    bool aliased = imp->alias != NULL;
    int aliases_before = c->aliases.len;
    for (int i = 0; i < mp->defs.len; i++)
        if (mp->defs.items[i]->kind == DEF_ALIAS) vec_push(&c->aliases, mp->defs.items[i]);
    VEC(AdtInfo *) mine = {0};
    for (int i = 0; i < mp->defs.len; i++) {
        Def *d = mp->defs.items[i];
        if (d->kind != DEF_TYPE || (has_exports && !d->exported)) continue;
        vec_push(&mine, declare_type(c, d));
    }
    for (int i = 0, k = 0; i < mp->defs.len; i++) {
        Def *d = mp->defs.items[i];
        if (d->kind == DEF_TYPE && !(has_exports && !d->exported)) collect_type(c, d, mine.items[k++]);
    }
    if (mine.len) compute_adt_variance(c);
    bool is_std = is_std_module(path);
    for (int i = 0; i < mp->defs.len; i++) {
        Def *d = mp->defs.items[i];
        if (d->kind != DEF_FUNC || (has_exports && !d->exported)) continue;
        Type *ft = func_sig(c, d);
        const char *fw = is_std ? std_forwarder(name, d->name) : NULL;
        Type *bt = fw ? builtin_type(fw, NULL, NULL) : NULL;
        Sym *fs = new_func_sym(d, bt ? bt : ft);
        vec_push(&m->funcs, fs);
        strmap_put_first(&m->func_index, fs->name, fs, 0);
    }
    int w = aliases_before;
    for (int r = aliases_before; r < c->aliases.len; r++) {
        Def *d = c->aliases.items[r];
        if (!aliased && !(has_exports && !d->exported)) c->aliases.items[w++] = d;
    }
    c->aliases.len = w;
    vec_push(&c->modules, m);
}

/* ---- exported API surface --------------------------------------------------
 * In a module with explicit `export`s, an exported alias, type or function
 * may not mention a module-local type that is not exported (the reference's
 * _validate_exported_type_surface; raised, so it ends the check). Visible:
 * builtin type names, types and aliases from elsewhere (built-in ADTs,
 * imports), exported local ones, and the declaration's own type parameters
 * (functions have none). Non-exported local aliases are looked through.
 * As in the reference, a tuple or `()` annotation counts as the hidden type
 * `Tuple`. */

typedef VEC(const char *) NameVec;

static bool names_has(NameVec *v, const char *n) {
    for (int i = 0; i < v->len; i++)
        if (strcmp(v->items[i], n) == 0) return true;
    return false;
}

typedef struct {
    Program *p;
    NameVec visible;
} Surface;

static Def *local_alias(Program *p, const char *name) {
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_ALIAS && strcmp(p->defs.items[i]->name, name) == 0) return p->defs.items[i];
    return NULL;
}

static void hidden_names(Surface *sf, TypeExpr *te, NameVec *tparams, NameVec *seen_aliases, NameVec *out) {
    if (!te) return;
    if (te->kind == TE_FUNC) {
        for (int i = 0; i < te->args.len; i++) hidden_names(sf, te->args.items[i], tparams, seen_aliases, out);
        hidden_names(sf, te->ret, tparams, seen_aliases, out);
        return;
    }
    const char *name = te->kind == TE_NAME ? te->name : "Tuple";
    if (!names_has(&sf->visible, name) && !names_has(tparams, name)) {
        Def *al = local_alias(sf->p, name);
        if (al && !names_has(seen_aliases, name)) {
            NameVec tp = {0}, seen = {0};
            for (int i = 0; i < al->type_params.len; i++) vec_push(&tp, al->type_params.items[i]);
            for (int i = 0; i < seen_aliases->len; i++) vec_push(&seen, seen_aliases->items[i]);
            vec_push(&seen, name);
            hidden_names(sf, al->alias_of, &tp, &seen, out);
        } else if (!names_has(out, name)) {
            vec_push(out, name);
        }
    }
    for (int i = 0; i < te->args.len; i++) hidden_names(sf, te->args.items[i], tparams, seen_aliases, out);
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void surface_check(Checker *c, Surface *sf, const char *kind, Def *d, TypeExpr **tes, int n, NameVec *tparams) {
    NameVec out = {0}, seen = {0};
    for (int i = 0; i < n; i++) hidden_names(sf, tes[i], tparams, &seen, &out);
    if (!out.len) return;
    qsort(out.items, out.len, sizeof(char *), cmp_cstr);
    StrBuf sb = {0};
    for (int i = 0; i < out.len; i++) sb_printf(&sb, "%s%s", i ? ", " : "", out.items[i]);
    check_fatal(c, "E300", d->loc, "Exported %s '%s' references non-exported type%s: %s", kind, d->name,
                out.len == 1 ? "" : "s", sb.buf);
}

static void check_export_surface(Checker *c, Program *p) {
    bool has_exports = false;
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if ((d->kind == DEF_FUNC || d->kind == DEF_TYPE || d->kind == DEF_ALIAS) && d->exported) has_exports = true;
    }
    if (!has_exports) return;
    Surface sf = {p, {0}};
    static const char *builtin_names[] = {"Int", "Float", "Bool", "String", "Unit", "List", "Array", "Option",
                                          "Result", "Map", "MutableMap", "Vec", "Set", "Async"};
    for (size_t i = 0; i < sizeof builtin_names / sizeof builtin_names[0]; i++) vec_push(&sf.visible, builtin_names[i]);
    NameVec local = {0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind == DEF_TYPE || d->kind == DEF_ALIAS) {
            vec_push(&local, d->name);
            if (d->exported) vec_push(&sf.visible, d->name);
        }
    }
    for (int i = 0; i < c->adts.len; i++)
        if (!names_has(&local, c->adts.items[i]->name)) vec_push(&sf.visible, c->adts.items[i]->name);
    for (int i = 0; i < c->aliases.len; i++)
        if (!names_has(&local, c->aliases.items[i]->name)) vec_push(&sf.visible, c->aliases.items[i]->name);
    NameVec none = {0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind != DEF_ALIAS || !d->exported) continue;
        NameVec tp = {0};
        for (int k = 0; k < d->type_params.len; k++) vec_push(&tp, d->type_params.items[k]);
        surface_check(c, &sf, "type alias", d, &d->alias_of, 1, &tp);
    }
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind != DEF_TYPE || !d->exported) continue;
        NameVec tp = {0};
        for (int k = 0; k < d->type_params.len; k++) vec_push(&tp, d->type_params.items[k]);
        VEC(TypeExpr *) tes = {0};
        for (int v = 0; v < d->variants.len; v++)
            for (int f = 0; f < d->variants.items[v].fields.len; f++) vec_push(&tes, d->variants.items[v].fields.items[f].type);
        surface_check(c, &sf, "type", d, tes.items, tes.len, &tp);
    }
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind != DEF_FUNC || !d->exported) continue;
        VEC(TypeExpr *) tes = {0};
        for (int k = 0; k < d->params.len; k++) vec_push(&tes, d->params.items[k].type);
        vec_push(&tes, d->ret);
        surface_check(c, &sf, "function", d, tes.items, tes.len, &none);
    }
}

/* ---- the driver ----------------------------------------------------------- */

/* Diagnostics by line, and within a line in the order found: the reference
 * reports an operand's error before its operator's (`1 + nope(2)`: E302 at
 * the call, then E300 at the `+`), which a column order reversed. */
typedef struct { Diag d; int idx; } DiagAt;

static int diag_cmp(const void *a, const void *b) {
    const DiagAt *x = a, *y = b;
    if (x->d.loc.line != y->d.loc.line) return x->d.loc.line - y->d.loc.line;
    return x->idx - y->idx;
}

/* ---- the second body check, only where it can differ ----------------------
 * The second pass re-checks bodies because inferred effects changed some
 * function types. A body whose first check read no effects that changed,
 * had none of its expressions re-checked while effects were inferred, and
 * declares no effects (E310 is checked in the second pass) checks the same
 * again: it is skipped, with the counters it would have advanced (local
 * symbol ids, fresh type names) advanced as its first check did, so every
 * later name, and the C, stay as they were. */

bool effects_rechecked;


static void check_body(Checker *c, Def *f) {
    if (c->phase == 1) {
        FirstCheck *fc = xmalloc(sizeof *fc);
        int locals = c->next_local, fresh = c->fresh, tyvars = ty_ids_used();
        fc->read_start = c->effects_read.len;
        TyLog *saved = effects_read_log;
        effects_read_log = &c->effects_read;
        fc->first_local = c->next_local;
        c->locals_log = (void *)&fc->made;
        check_func(c, f);
        c->locals_log = NULL;
        effects_read_log = saved;
        fc->read_end = c->effects_read.len;
        fc->locals = c->next_local - locals;
        fc->fresh = c->fresh - fresh;
        fc->tyvars = ty_ids_used() - tyvars;
        ptrmap_put(&c->first_checks, f, fc);
        return;
    }
    FirstCheck *fc = ptrmap_get(&c->first_checks, f);
    bool same = fc && !fc->rechecked && !f->effects.len;
    for (int i = fc ? fc->read_start : 0; same && i < fc->read_end; i++)
        same = !ptrmap_get(&c->effects_changed, c->effects_read.items[i]);
    if (!same) {
        check_func(c, f);
        return;
    }
    /* the ids the second check would have given */
    for (int i = 0; i < fc->made.len; i++) fc->made.items[i]->id += c->next_local - fc->first_local;
    c->next_local += fc->locals;
    c->fresh += fc->fresh;
    ty_skip_ids(fc->tyvars);
}

static void check_bodies(Checker *c) {
    for (int i = 0; i < c->prog->defs.len; i++) {
        Def *d = c->prog->defs.items[i];
        if (d->kind == DEF_FUNC) check_body(c, d);
    }
    for (int i = 0; i < c->prog->defs.len; i++) {
        Def *d = c->prog->defs.items[i];
        if (d->kind == DEF_IMPL) {
            impl_method_syms(c, d);
            for (int k = 0; k < d->methods.len; k++) check_body(c, d->methods.items[k]);
        }
    }
}

void check_default_types(Program *p);

static void run_checks(Checker *c, Program *p) {
    char *base = abs_path(dir_of(p->path));
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_IMPORT) load_import(c, p->defs.items[i], base);
    /* As the reference's check: every imported module (transitively) is
     * first checked on its own; the first one with errors ends the check
     * with its errors. Nested checks do not repeat this. */
    if (check_depth == 1)
        for (int i = 0; i < c->module_progs.len; i++)
            if (check_program(c->module_progs.items[i], c->d)) longjmp(c->fatal, 1);
    check_export_surface(c, p);
    bool has_main = false, init = false, update = false, render = false;
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind != DEF_FUNC) continue;
        has_main |= strcmp(d->name, "main") == 0;
        init |= strcmp(d->name, "init") == 0;
        update |= strcmp(d->name, "update") == 0;
        render |= strcmp(d->name, "render") == 0;
    }
    c->app_mode = init && update && render && !has_main;
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_ALIAS) vec_push(&c->aliases, p->defs.items[i]);
    VEC(AdtInfo *) mine = {0};
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_TYPE) vec_push(&mine, declare_type(c, p->defs.items[i]));
    for (int i = 0, k = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_TYPE) collect_type(c, p->defs.items[i], mine.items[k++]);
    compute_adt_variance(c);
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_ALIAS) {
            Def *a = p->defs.items[i];
            int saved = c->tparams.len;
            for (int k = 0; k < a->type_params.len; k++) vec_push(&c->tparams, a->type_params.items[k]);
            resolve_type(c, a->alias_of);
            c->tparams.len = saved;
        }
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_TRAIT) collect_trait(c, p->defs.items[i]);
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind != DEF_FUNC) continue;
        if (strmap_get(&c->func_index, d->name)) {
            ERR(c, "E309", d->loc, "Duplicate function definition: '%s'", d->name);
            continue;
        }
        Type *ft = func_sig(c, d);
        for (int k = 0; k < ft->nargs; k++) check_keyed_collections(c, ft->args[k], d->loc);
        check_keyed_collections(c, d->is_async ? ty_resolve(ft->ret)->args[0] : ft->ret, d->loc);
        add_func(c, new_func_sym(d, ft));
    }
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_IMPL) check_impl_decl(c, p->defs.items[i]);
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_TEST) tested_block(c, &p->defs.items[i]->body);
    c->phase = 1;
    check_bodies(c);
    if (c->d->list.len == c->diag_base) {
        stabilize_effects(c);
        c->phase = 2;
        check_bodies(c);
    }
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_TEST) check_test_block(c, p->defs.items[i]);
}

int check_program(Program *p, Diags *d) {
    if (check_depth++ == 0) module_cache.len = 0;
    Checker *c = xmalloc(sizeof *c);
    c->d = d;
    c->prog = p;
    c->diag_base = d->list.len;
    int before = d->errors;
    init_builtin_adts(c);
    push_scope(c);
    c->global = c->scope;
    importing.len = 0;
    TyLog *saved_log = effects_read_log;
    if (!setjmp(c->fatal)) run_checks(c, p);
    effects_read_log = saved_log;   /* a fatal error leaves check_body without restoring it */
    if (d->list.len > c->diag_base) {
        int n = d->list.len - c->diag_base;
        DiagAt *tmp = xmalloc(sizeof(DiagAt) * (size_t)n);
        for (int i = 0; i < n; i++) tmp[i] = (DiagAt){d->list.items[c->diag_base + i], i};
        qsort(tmp, (size_t)n, sizeof(DiagAt), diag_cmp);
        for (int i = 0; i < n; i++) d->list.items[c->diag_base + i] = tmp[i].d;
        xfree(tmp);
        /* The reference may report one error several times (it re-checks
         * expressions while inferring effects); report each once. */
        int w = c->diag_base;
        for (int r = c->diag_base; r < d->list.len; r++) {
            Diag *x = &d->list.items[r];
            bool dup = false;
            /* Sorted by line: a duplicate is among the kept entries of the
             * same line, just before (50,000 errors took 7 s when every
             * kept entry was compared). */
            for (int k = w - 1; k >= c->diag_base && !dup; k--) {
                Diag *y = &d->list.items[k];
                if (y->loc.line != x->loc.line) break;
                dup = y->loc.col == x->loc.col && strcmp(y->code, x->code) == 0 && strcmp(y->message, x->message) == 0;
            }
            if (dup) d->errors--;
            else d->list.items[w++] = *x;
        }
        d->list.len = w;
    }
    if (d->errors == before) check_default_types(p);
    check_depth--;
    return d->errors - before;
}

void check_reset(void) {
    psyms = (PtrMap){0};
    recheck_scopes = (PtrMap){0};
    memset(&importing, 0, sizeof importing);
    memset(&module_cache, 0, sizeof module_cache);
    check_depth = 0;
    check_types_reset();
    check_builtins_reset();
    check_expr_reset();
    ty_reset_ids();
    diag_reset_sources();
}
