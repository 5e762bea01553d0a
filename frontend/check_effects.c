/* check_effects.c — inferring the effects of a function body.
 *
 * Runs over an already-checked body, so every call knows its callee's type
 * and symbol. A call performs its callee's effects (user functions with
 * their current, possibly still growing, effect set; builtins per their
 * signature, e.g. print: io; trait calls per the chosen impl method);
 * `throw` performs throw, which a try/catch masks; every `var` declaration
 * and every assignment performs mutation, as in the reference. A lambda's
 * effects stay in its function type and only count where it is called.
 */
#include "check_int.h"

#include <stdlib.h>

typedef VEC(const char *) EffSet;

/* While inferring effects the reference type-checks some expressions a
 * second time, in whatever context it is in at that moment: outside any
 * function and loop when it stabilises effects, so that e.g. `let y = x?`
 * or `let v = await f()` without an annotation, or `break` inside a lambda,
 * are rejected there. genoc does the same: the values of un-annotated
 * let/var, match scrutinees and trait-call receivers are re-checked in the
 * scope they were first checked in. */
static Checker *rc;

static void recheck(Expr *e) {
    Scope *sc = rc ? ptrmap_get(&recheck_scopes, e) : NULL;
    if (!sc) return;
    effects_rechecked = true;
    Scope *saved_scope = rc->scope;
    TypeVec *saved_rets = rc->lambda_rets;
    Sym *saved_lambda = rc->cur_lambda;
    int saved_depth = rc->lambda_depth;
    rc->scope = sc;
    rc->lambda_rets = NULL;
    rc->cur_lambda = NULL;
    rc->lambda_depth = sc->lambda_depth;
    check_expr(rc, e);
    rc->scope = saved_scope;
    rc->lambda_rets = saved_rets;
    rc->cur_lambda = saved_lambda;
    rc->lambda_depth = saved_depth;
}

static void add(EffSet *s, const char *e) {
    for (int i = 0; i < s->len; i++)
        if (strcmp(s->items[i], e) == 0) return;
    vec_push(s, e);
}

static void add_all(EffSet *s, const char **effs) {
    for (int i = 0; effs && effs[i]; i++) add(s, effs[i]);
}

static void eff_expr(EffSet *s, Expr *e);
static void eff_block(EffSet *s, StmtList *b);

static const char **type_effects(Type *t) {
    t = t ? ty_resolve(t) : NULL;
    if (t && t->kind == TY_FUNC) note_effects_read(t);
    return t && t->kind == TY_FUNC ? t->effects : NULL;
}

static void eff_expr(EffSet *s, Expr *e) {
    if (!e) return;
    switch (e->kind) {
    case EX_CALL: {
        for (int i = 0; i < e->args.len; i++) eff_expr(s, e->args.items[i].value);
        eff_expr(s, e->a);
        Sym *sym = e->sym;
        if (sym && sym->kind == SYM_FUNC && sym->impl && e->args.len) recheck(e->args.items[0].value);
        if (sym && (sym->kind == SYM_FUNC || sym->kind == SYM_BUILTIN)) add_all(s, type_effects(sym->ty));
        else add_all(s, type_effects(e->a->ty));
        return;
    }
    case EX_PIPELINE: {
        eff_expr(s, e->a);
        eff_expr(s, e->b);
        Sym *sym = e->b->sym;
        if (sym && (sym->kind == SYM_FUNC || sym->kind == SYM_BUILTIN)) add_all(s, type_effects(sym->ty));
        else add_all(s, type_effects(e->b->ty));
        for (int i = 0; i < e->args.len; i++) eff_expr(s, e->args.items[i].value);
        return;
    }
    case EX_THROW:
        add(s, "throw");
        eff_expr(s, e->a);
        return;
    case EX_LAMBDA:
        return;
    case EX_MATCH:
        eff_expr(s, e->a);
        recheck(e->a);
        for (int i = 0; i < e->arms.len; i++) {
            eff_expr(s, e->arms.items[i].guard);
            eff_expr(s, e->arms.items[i].value);
        }
        return;
    case EX_LIST_COMP:
        eff_expr(s, e->b);
        eff_expr(s, e->a);
        eff_expr(s, e->c);
        return;
    case EX_WITH:
        for (int i = 0; i < e->fields.len; i++) eff_expr(s, e->fields.items[i].value);
        eff_expr(s, e->a);
        return;
    case EX_BINARY:
    case EX_INDEX:
        eff_expr(s, e->a);
        eff_expr(s, e->b);
        return;
    case EX_UNARY:
    case EX_FIELD:
    case EX_AWAIT:
    case EX_PROPAGATE:
        eff_expr(s, e->a);
        return;
    case EX_CTOR:
        for (int i = 0; i < e->args.len; i++) eff_expr(s, e->args.items[i].value);
        return;
    case EX_LIST:
    case EX_TUPLE:
    case EX_FSTRING:
        for (int i = 0; i < e->elems.len; i++) eff_expr(s, e->elems.items[i]);
        return;
    default:
        return;
    }
}

static void eff_stmt(EffSet *s, Stmt *st) {
    switch (st->kind) {
    case ST_EXPR:
    case ST_RETURN:
    case ST_ASSERT:
        eff_expr(s, st->value);
        return;
    case ST_LET:
    case ST_VAR:
        if (st->kind == ST_VAR && !st->names.len) add(s, "mutation");
        eff_expr(s, st->value);
        if (!st->type_ann && !st->names.len) recheck(st->value);
        return;
    case ST_ASSIGN:
    case ST_INDEX_ASSIGN:
    case ST_FIELD_ASSIGN:
        add(s, "mutation");
        eff_expr(s, st->value);
        return;
    case ST_IF:
    case ST_WHILE:
        eff_expr(s, st->cond);
        eff_block(s, &st->body);
        eff_block(s, &st->else_body);
        return;
    case ST_FOR:
        eff_expr(s, st->value);
        eff_block(s, &st->body);
        return;
    case ST_TRY: {
        EffSet inner = {0};
        eff_block(&inner, &st->body);
        for (int i = 0; i < inner.len; i++)
            if (strcmp(inner.items[i], "throw") != 0) add(s, inner.items[i]);
        eff_block(s, &st->else_body);
        return;
    }
    case ST_MATCH:
        eff_expr(s, st->value);
        recheck(st->value);
        for (int i = 0; i < st->arms.len; i++) {
            eff_expr(s, st->arms.items[i].guard);
            eff_block(s, &st->arms.items[i].body);
        }
        return;
    default:
        return;
    }
}

static void eff_block(EffSet *s, StmtList *b) {
    for (int i = 0; i < b->len; i++) eff_stmt(s, b->items[i]);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char **finish(EffSet *s) {
    if (!s->len) return NULL;
    qsort(s->items, s->len, sizeof(char *), cmp_str);
    vec_push(s, NULL);
    return s->items;
}

const char **infer_block_effects(Checker *c, StmtList *body) {
    Checker *saved = rc;
    rc = c;
    EffSet s = {0};
    eff_block(&s, body);
    rc = saved;
    return finish(&s);
}

const char **infer_expr_effects(Checker *c, Expr *e) {
    Checker *saved = rc;
    rc = c;
    EffSet s = {0};
    eff_expr(&s, e);
    rc = saved;
    return finish(&s);
}

const char **infer_func_effects(Checker *c, Def *f) {
    Checker *saved = rc;
    rc = c;
    EffSet s = {0};
    for (int i = 0; i < f->requires_.len; i++) eff_expr(&s, f->requires_.items[i]);
    for (int i = 0; i < f->ensures.len; i++) eff_expr(&s, f->ensures.items[i]);
    eff_block(&s, &f->body);
    rc = saved;
    return finish(&s);
}
