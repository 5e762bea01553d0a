/* emit_escape.c — constructor values that never leave their frame.
 *
 * `let r: Ring = Ring(a, b)` followed only by `area(r)`, `r.outer` or
 * `match r with | Ring(o, i) -> ...` needs no heap object: nothing can
 * hold the pointer after the function returns, so the GenoAdt may live in
 * a word array on the C stack (cc then keeps its fields in registers).
 *
 * A use of a value "keeps" it unless it is one of:
 *   - the object of a field read `r.f` or of a `with` copy `r with (...)`;
 *   - the scrutinee of a match none of whose arms binds the whole value
 *     (`| other -> ...` does);
 *   - an argument of a direct call of an analysed user function whose
 *     parameter in that position is not kept by the callee.
 * Everything else (return, assignment, storing in a collection or a
 * constructor, any builtin, any use inside a lambda, async functions)
 * keeps it. Which parameters a function keeps is a fixpoint over all
 * functions: start from "none kept" and mark until nothing changes, so
 * recursion needs no special case. Values on the stack never point to
 * other stack values (storing one is a keeping use), and the collector
 * scans the C stack, so heap objects their fields point to stay alive.
 */
#include "emit.h"
#include "ast_walk.h"

#include <string.h>

/* Per analysed function: which parameters its body may keep. */
typedef struct {
    Def *def;
    bool *kept;         /* per parameter */
} ParamInfo;

typedef struct {
    Sym *sym;           /* a let-bound local, or NULL for a parameter */
    const char *param;  /* parameter name when sym is NULL */
    bool kept;
} Tracked;

typedef struct {
    Emitter *em;
    VEC(Tracked) tracked;
    int lambda;         /* > 0 inside a lambda body */
    Expr *tail;         /* the call of the `return f(...)` being scanned, if counted as keeping */
    bool tails_keep;    /* arguments of `return f(...)` keep (stack list tails) */
} Scan;

static VEC(ParamInfo) infos;   /* of the program being emitted */
static PtrMap info_index;      /* Def * -> its index in infos, plus 1 */

static ParamInfo *info_of(Def *d) {
    intptr_t k = (intptr_t)ptrmap_get(&info_index, d);
    return k ? &infos.items[k - 1] : NULL;
}

/* Constructor values and list headers (stack list tails, below) can live
 * on the stack: parameters of scalar types need no scan. A parameter of
 * any other type (a type variable too) may receive one. */
static bool has_ref_param(Def *d) {
    Type *ft = ((Sym *)d->sym)->ty;
    for (int i = 0; i < d->params.len && i < ft->nargs; i++) {
        Type *t = ty_resolve(ft->args[i]);
        if (t->kind != TY_INT && t->kind != TY_FLOAT && t->kind != TY_BOOL && t->kind != TY_STRING && t->kind != TY_UNIT)
            return true;
    }
    return false;
}

static Tracked *tracked_of(Scan *sc, Sym *s) {
    if (!s || s->kind != SYM_LOCAL) return NULL;
    for (int i = 0; i < sc->tracked.len; i++) {
        Tracked *t = &sc->tracked.items[i];
        if (t->sym ? t->sym == s : s->is_param && !s->is_lambda_param && strcmp(s->name, t->param) == 0) return t;
    }
    return NULL;
}

static void scan_expr(Scan *sc, Expr *e, bool safe);
static void scan_block(Scan *sc, StmtList *b);

static bool binds_whole(MatchArmList *arms) {
    for (int i = 0; i < arms->len; i++) {
        Pattern *p = arms->items[i].pattern;
        if (p && p->kind == PAT_VAR) return true;
        /* `[...t]` binds the list itself (geno_list_view returns it) */
        if (p && p->kind == PAT_LIST && p->subs.len == 1 && p->subs.items[0]->kind == PAT_REST) return true;
    }
    return false;
}

/* Is argument i of call e a position the callee does not keep? */
static bool arg_safe(Expr *e, int i) {
    Expr *callee = e->kind == EX_PIPELINE ? e->b : e->a;
    Sym *s = e->sym;
    if (!callee || (callee->kind != EX_IDENT && callee->kind != EX_FIELD)) return false;
    if (!s || s->kind != SYM_FUNC || !s->def) return false;
    ParamInfo *pi = info_of(s->def);
    return pi && i < s->def->params.len && !pi->kept[i];
}

static void scan_arms(Scan *sc, MatchArmList *arms) {
    for (int i = 0; i < arms->len; i++) {
        scan_expr(sc, arms->items[i].guard, false);
        scan_expr(sc, arms->items[i].value, false);
        scan_block(sc, &arms->items[i].body);
    }
}

static void scan_expr(Scan *sc, Expr *e, bool safe) {
    if (!e) return;
    switch (e->kind) {
    case EX_IDENT: {
        Tracked *t = tracked_of(sc, e->sym);
        if (t && (!safe || sc->lambda)) t->kept = true;
        return;
    }
    case EX_FIELD:
    case EX_WITH:
        scan_expr(sc, e->a, true);
        for (int i = 0; i < e->fields.len; i++) scan_expr(sc, e->fields.items[i].value, false);
        return;
    case EX_MATCH:
        scan_expr(sc, e->a, !binds_whole(&e->arms));
        scan_arms(sc, &e->arms);
        return;
    case EX_LAMBDA:
        sc->lambda++;
        scan_expr(sc, e->a, false);
        scan_block(sc, &e->body);
        sc->lambda--;
        return;
    case EX_CALL:
    case EX_PIPELINE:
        for (int i = 0; i < e->elems.len; i++) scan_expr(sc, e->elems.items[i], e != sc->tail && arg_safe(e, i));
        if (!expr_list_has(&e->elems, e->a)) scan_expr(sc, e->a, false);
        if (!expr_list_has(&e->elems, e->b)) scan_expr(sc, e->b, false);
        for (int i = 0; i < e->args.len; i++)
            if (!expr_list_has(&e->elems, e->args.items[i].value)) scan_expr(sc, e->args.items[i].value, false);
        return;
    default:
        break;
    }
    scan_expr(sc, e->a, false);
    scan_expr(sc, e->b, false);
    scan_expr(sc, e->c, false);
    for (int i = 0; i < e->elems.len; i++) scan_expr(sc, e->elems.items[i], false);
    for (int i = 0; i < e->args.len; i++) scan_expr(sc, e->args.items[i].value, false);
    for (int i = 0; i < e->fields.len; i++) scan_expr(sc, e->fields.items[i].value, false);
    scan_arms(sc, &e->arms);
    scan_block(sc, &e->body);
}

static void scan_block(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        scan_expr(sc, s->target, false);
        scan_expr(sc, s->index, false);
        Expr *outer = sc->tail;
        sc->tail = sc->tails_keep && s->kind == ST_RETURN ? s->value : NULL;
        scan_expr(sc, s->value, s->kind == ST_MATCH && !binds_whole(&s->arms));
        sc->tail = outer;
        scan_expr(sc, s->cond, false);
        scan_block(sc, &s->body);
        scan_block(sc, &s->else_body);
        scan_arms(sc, &s->arms);
    }
}

static void scan_def(Scan *sc, Def *d) {
    scan_block(sc, &d->body);
    for (int i = 0; i < d->requires_.len; i++) scan_expr(sc, d->requires_.items[i], false);
    for (int i = 0; i < d->ensures.len; i++) scan_expr(sc, d->ensures.items[i], false);
}

static void add_info(Def *d) {
    if (!d || !d->sym || info_of(d)) return;
    ParamInfo pi = {d, xmalloc(sizeof(bool) * (d->params.len + 1))};
    for (int i = 0; i < d->params.len; i++) pi.kept[i] = d->is_async;
    vec_push(&infos, pi);
    ptrmap_put(&info_index, d, (void *)(intptr_t)infos.len);
}

/* One pass over every function; true when some parameter became kept. */
static bool mark_kept_params(Emitter *em) {
    bool changed = false;
    for (int k = 0; k < infos.len; k++) {
        ParamInfo *pi = &infos.items[k];
        if (pi->def->is_async || !has_ref_param(pi->def)) continue;
        Scan sc = {em, {0}, 0, NULL, false};
        for (int i = 0; i < pi->def->params.len; i++) {
            Tracked t = {NULL, pi->def->params.items[i].name, pi->kept[i]};
            vec_push(&sc.tracked, t);
        }
        scan_def(&sc, pi->def);
        for (int i = 0; i < pi->def->params.len; i++)
            if (sc.tracked.items[i].kept && !pi->kept[i]) pi->kept[i] = changed = true;
        xfree(sc.tracked.items);
    }
    return changed;
}

/* ---- results built in the caller's words ------------------------------
 * A function whose every `return` is a constructor expression (a "fresh"
 * result) gets a second entry f_in(GenoWord *in_, ...) that builds the
 * value in the caller's array instead of the heap. `let s = f(...)` whose
 * s is never kept calls it; other callers keep the ordinary entry. */

static bool returns_ctors(StmtList *b, bool *any) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_RETURN) {
            Expr *v = s->value;
            if (!v || (v->kind != EX_CTOR && v->kind != EX_TYPE_IDENT)) return false;
            Sym *c = v->sym;
            if (!c || c->kind != SYM_CTOR) return false;
            *any = true;
        }
        if (!returns_ctors(&s->body, any) || !returns_ctors(&s->else_body, any)) return false;
        for (int j = 0; j < s->arms.len; j++)
            if (!returns_ctors(&s->arms.items[j].body, any)) return false;
    }
    return true;
}

int fresh_result_words(Def *f) {
    if (!f || !f->sym || f->is_async || f->ensures.len || f->kind != DEF_FUNC) return 0;
    Type *r = ty_resolve(((Sym *)f->sym)->ty->ret);
    if (r->kind != TY_ADT || !r->adt) return 0;
    bool any = false;
    if (!returns_ctors(&f->body, &any) || !any) return 0;
    int n = 0;
    for (int v = 0; v < r->adt->nvariants; v++)
        if (r->adt->variants[v].nfields > n) n = r->adt->variants[v].nfields;
    return n ? n + 1 : 0;
}

/* The Def of a direct call `f(...)` with a fresh result, else NULL. */
Def *fresh_callee(Expr *e) {
    if (!e || (e->kind != EX_CALL && e->kind != EX_PIPELINE)) return NULL;
    Expr *callee = e->kind == EX_PIPELINE ? e->b : e->a;
    Sym *s = e->sym;
    if (!callee || (callee->kind != EX_IDENT && callee->kind != EX_FIELD)) return NULL;
    if (!s || s->kind != SYM_FUNC || !s->def || !info_of(s->def)) return NULL;
    return fresh_result_words(s->def) ? s->def : NULL;
}

/* ---- let-bound values ---------------------------------------------------- */

static PtrMap stack_lets;      /* Sym * -> itself */
static PtrMap in_variants;     /* Def * -> itself: someone calls f_in */

/* `let x = Ctor(args)` with fields, or `let x = f(...)` of a fresh result. */
static bool stack_candidate(Stmt *s) {
    Sym *v = s->sym;
    Expr *e = s->value;
    if (s->kind != ST_LET || s->names.len || !v || v->kind != SYM_LOCAL || v->is_mutable || v->captured) return false;
    if (is_boxed(v) || !ty_is(v->ty, TY_ADT) || !e) return false;
    if (fresh_callee(e)) return true;
    Sym *c = e->sym;
    return e->kind == EX_CTOR && c && c->kind == SYM_CTOR && c->adt->variants[c->variant].nfields > 0;
}

static void find_candidates(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (stack_candidate(s)) {
            Tracked t = {s->sym, NULL, false};
            vec_push(&sc->tracked, t);
        }
        find_candidates(sc, &s->body);
        find_candidates(sc, &s->else_body);
        for (int j = 0; j < s->arms.len; j++) find_candidates(sc, &s->arms.items[j].body);
    }
}

static void mark_lets(Emitter *em, Def *f) {
    Scan sc = {em, {0}, 0, NULL, false};
    find_candidates(&sc, &f->body);
    if (!sc.tracked.len) return;
    scan_def(&sc, f);
    for (int i = 0; i < sc.tracked.len; i++)
        if (!sc.tracked.items[i].kept) ptrmap_put(&stack_lets, sc.tracked.items[i].sym, sc.tracked.items[i].sym);
    xfree(sc.tracked.items);
}

/* ---- list pattern tails ------------------------------------------------------
 * The `t` of `| [h, ...t] ->` is a new list header (include/geno/rt.h,
 * geno_list_rest). When t is never kept (only matched, or passed to
 * parameters no callee keeps: the recursive walk sum(t)), the header lives
 * in the arm's frame. A `return f(t)` counts as keeping: cc turns that
 * call into a jump only when no local's address is passed. */
static PtrMap stack_rests;     /* Sym * -> itself */

static void rest_syms_of(Scan *sc, Pattern *p) {
    if (!p) return;
    if (p->kind == PAT_REST) {
        Sym *s = pattern_sym(p);
        if (s && s->kind == SYM_LOCAL && !s->captured && !is_boxed(s)) {
            Tracked t = {s, NULL, false};
            vec_push(&sc->tracked, t);
        }
        return;
    }
    for (int i = 0; i < p->subs.len; i++) rest_syms_of(sc, p->subs.items[i]);
}

static void find_rest_arms(Scan *sc, MatchArmList *arms);
static void find_rests_expr(Scan *sc, Expr *e) {
    if (!e || expr_is_leaf(e)) return;
    if (e->kind == EX_MATCH) find_rest_arms(sc, &e->arms);
    find_rests_expr(sc, e->a);
    find_rests_expr(sc, e->b);
    find_rests_expr(sc, e->c);
    for (int i = 0; i < e->elems.len; i++) find_rests_expr(sc, e->elems.items[i]);
    for (int i = 0; i < e->args.len; i++) find_rests_expr(sc, e->args.items[i].value);
    for (int i = 0; i < e->fields.len; i++) find_rests_expr(sc, e->fields.items[i].value);
    if (e->kind != EX_MATCH) find_rest_arms(sc, &e->arms);
}
static void find_rests(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        find_rests_expr(sc, s->value);
        find_rest_arms(sc, &s->arms);
        find_rests(sc, &s->body);
        find_rests(sc, &s->else_body);
    }
}
static void find_rest_arms(Scan *sc, MatchArmList *arms) {
    for (int j = 0; j < arms->len; j++) {
        rest_syms_of(sc, arms->items[j].pattern);
        find_rests_expr(sc, arms->items[j].value);
        find_rests(sc, &arms->items[j].body);
    }
}

static void mark_rests(Emitter *em, Def *f) {
    /* rests are bound by match arms' list patterns only */
    if (f->is_async || !(body_has_stmt(em, &f->body, ST_MATCH) || body_has_expr(em, &f->body, EX_MATCH))) return;
    Scan sc = {em, {0}, 0, NULL, true};
    find_rests(&sc, &f->body);
    if (!sc.tracked.len) return;
    scan_def(&sc, f);
    for (int i = 0; i < sc.tracked.len; i++)
        if (!sc.tracked.items[i].kept) ptrmap_put(&stack_rests, sc.tracked.items[i].sym, sc.tracked.items[i].sym);
    xfree(sc.tracked.items);
}

bool is_stack_rest(Sym *v) { return v && ptrmap_get(&stack_rests, v) != NULL; }

/* Values of lets are found by walking the statements once more: the let
 * of a kept-free fresh call marks its callee as needing f_in. */
static void mark_in_variants(StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_LET && is_stack_let(NULL, s->sym) && fresh_callee(s->value))
            ptrmap_put(&in_variants, fresh_callee(s->value), s->value);
        mark_in_variants(&s->body);
        mark_in_variants(&s->else_body);
        for (int j = 0; j < s->arms.len; j++) mark_in_variants(&s->arms.items[j].body);
    }
}

void analyse_escapes(Emitter *em, Program *p) {
    infos.len = 0;
    info_index = (PtrMap){0};
    stack_lets = (PtrMap){0};
    in_variants = (PtrMap){0};
    stack_rests = (PtrMap){0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (d->kind == DEF_FUNC) add_info(d);
        if (d->kind == DEF_IMPL)
            for (int j = 0; j < d->methods.len; j++) add_info(d->methods.items[j]);
    }
    for (int i = 0; i < em->module_defs.len; i++) add_info(em->module_defs.items[i]);
    while (mark_kept_params(em)) {
    }
    for (int i = 0; i < infos.len; i++) mark_lets(em, infos.items[i].def);
    for (int i = 0; i < infos.len; i++) mark_rests(em, infos.items[i].def);
    for (int i = 0; i < infos.len; i++) mark_in_variants(&infos.items[i].def->body);
}

bool is_stack_let(Emitter *em, Sym *v) {
    (void)em;
    return v && ptrmap_get(&stack_lets, v) != NULL;
}

bool needs_in_variant(Def *f) { return f && ptrmap_get(&in_variants, f) != NULL; }
