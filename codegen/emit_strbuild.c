/* emit_strbuild.c — List[String] locals that exist only to be joined.
 *
 * Programs build text as `var out: List[String] = []`, then
 * `out = append(out, piece)` in loops, then `join(out, sep)`. The list
 * costs a word per piece and the join a second pass over them. When a
 * function's body uses such a variable in no other way, the variable is a
 * GenoJoinAcc (geno/rt.h) that keeps the joined bytes as the pieces come:
 *
 *   - it is a `var` local (not a parameter, not captured by a lambda) of
 *     type List[String], declared with the literal [];
 *   - every assignment to it is `v = append(v, e)` with e not naming v;
 *   - every other mention of it is the first argument of a call
 *     `join(v, "literal")` (or string_join), all with the same literal.
 *
 * Any other mention (a for loop over it, length(v), passing it on, a
 * pipeline) leaves it an ordinary list. The runtime raises append's and
 * join's errors at their own calls (rt/str.c).
 */
#include "emit.h"

#include <string.h>

typedef struct {
    PtrMap refs;        /* EX_IDENT naming a candidate (Expr * -> its Sym) */
    PtrMap ok;          /* those that are the list of a self-append or a join (Expr * -> itself) */
    PtrMap bad;         /* candidates used some other way (Sym * -> itself) */
    PtrMap sep;         /* candidate -> the EX_STRING of its joins */
    VEC(Sym *) cands;
} Scan;

static const char *builtin_of(Expr *e) {
    Sym *f = e->kind == EX_CALL && e->a && e->a->kind == EX_IDENT ? e->sym : NULL;
    if (!f || f->kind != SYM_BUILTIN) return NULL;
    return f->builtin_name ? f->builtin_name : f->name;
}

static bool is_join_name(const char *n) { return n && (!strcmp(n, "join") || !strcmp(n, "string_join")); }

static bool is_string_list(Type *t) {
    if (!ty_is(t, TY_LIST)) return false;
    Type *r = ty_resolve(t);
    return r->nargs == 1 && ty_is(r->args[0], TY_STRING);
}

/* `var v: List[String] = []` that may become an accumulator. */
static bool is_candidate_decl(Stmt *s) {
    Sym *v = s->sym;
    return s->kind == ST_VAR && !s->names.len && v && v->kind == SYM_LOCAL && v->is_mutable && !v->is_param &&
           !v->captured && !is_boxed(v) && is_string_list(v->ty) && s->value && s->value->kind == EX_LIST &&
           s->value->elems.len == 0;
}

/* Declarations in statement bodies (a lambda's are found when it is emitted). */
static void find_cands(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (is_candidate_decl(s)) vec_push(&sc->cands, (Sym *)s->sym);
        find_cands(sc, &s->body);
        find_cands(sc, &s->else_body);
        for (int j = 0; j < s->arms.len; j++) find_cands(sc, &s->arms.items[j].body);
    }
}

static bool is_cand(Scan *sc, Sym *s) {
    for (int i = 0; i < sc->cands.len; i++)
        if (sc->cands.items[i] == s) return true;
    return false;
}

static void scan_block(Scan *sc, StmtList *b);

/* join(v, "lit"): marks v's mention as fine when the separators agree. */
static void scan_join(Scan *sc, Expr *e) {
    if (!is_join_name(builtin_of(e)) || e->elems.len != 2) return;
    Expr *l = e->elems.items[0], *sep = e->elems.items[1];
    if (l->kind != EX_IDENT || !is_cand(sc, l->sym) || sep->kind != EX_STRING) return;
    Expr *seen = ptrmap_get(&sc->sep, l->sym);
    if (seen && (seen->str_len != sep->str_len || memcmp(seen->str, sep->str, sep->str_len) != 0))
        ptrmap_put(&sc->bad, l->sym, l->sym);
    ptrmap_put(&sc->sep, l->sym, sep);
    ptrmap_put(&sc->ok, l, l);
}

static void scan_expr(Scan *sc, Expr *e) {
    if (!e) return;
    if (e->kind == EX_IDENT && e->sym && is_cand(sc, e->sym)) ptrmap_put(&sc->refs, e, e->sym);
    scan_join(sc, e);
    scan_expr(sc, e->a);
    scan_expr(sc, e->b);
    scan_expr(sc, e->c);
    for (int i = 0; i < e->elems.len; i++) scan_expr(sc, e->elems.items[i]);
    for (int i = 0; i < e->args.len; i++) scan_expr(sc, e->args.items[i].value);
    for (int i = 0; i < e->params.len; i++) scan_expr(sc, e->params.items[i].default_value);
    for (int i = 0; i < e->arms.len; i++) {
        scan_expr(sc, e->arms.items[i].guard);
        scan_expr(sc, e->arms.items[i].value);
        scan_block(sc, &e->arms.items[i].body);
    }
    for (int i = 0; i < e->fields.len; i++) scan_expr(sc, e->fields.items[i].value);
    scan_block(sc, &e->body);
}

/* v = append(v, e) of the builtin append. */
static bool is_self_append_of(Stmt *s, Sym *v) {
    Expr *e = s->value;
    const char *n = e ? builtin_of(e) : NULL;
    return s->kind == ST_ASSIGN && s->sym == v && n && !strcmp(n, "append") && e->elems.len == 2 &&
           e->elems.items[0]->kind == EX_IDENT && e->elems.items[0]->sym == v;
}

static void scan_block(Scan *sc, StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_ASSIGN && s->sym && is_cand(sc, s->sym)) {
            if (is_self_append_of(s, s->sym)) ptrmap_put(&sc->ok, s->value->elems.items[0], s->sym);
            else ptrmap_put(&sc->bad, s->sym, s->sym);
        }
        if (!is_candidate_decl(s) || !is_cand(sc, s->sym)) scan_expr(sc, s->value);
        scan_expr(sc, s->target);
        scan_expr(sc, s->index);
        scan_expr(sc, s->cond);
        scan_block(sc, &s->body);
        scan_block(sc, &s->else_body);
        for (int k = 0; k < s->arms.len; k++) {
            scan_expr(sc, s->arms.items[k].guard);
            scan_expr(sc, s->arms.items[k].value);
            scan_block(sc, &s->arms.items[k].body);
        }
    }
}

/* A marker for an accumulator whose text is never joined. */
static Expr no_join = {.kind = EX_STRING, .str = "", .str_len = 0};

void find_join_accs(Emitter *em, StmtList *body) {
    Scan sc = {0};
    find_cands(&sc, body);
    if (!sc.cands.len) return;
    scan_block(&sc, body);
    for (int i = 0; i < sc.refs.cap; i++) {   /* a mention that is not fine spoils its variable */
        Expr *e = (Expr *)sc.refs.keys[i];
        if (e && !ptrmap_get(&sc.ok, e)) ptrmap_put(&sc.bad, sc.refs.vals[i], sc.refs.vals[i]);
    }
    for (int i = 0; i < sc.cands.len; i++) {
        Sym *v = sc.cands.items[i];
        if (ptrmap_get(&sc.bad, v)) continue;
        Expr *sep = ptrmap_get(&sc.sep, v);
        ptrmap_put(&em->join_accs, v, sep ? sep : &no_join);
    }
}

bool is_join_acc(Emitter *em, Sym *s) { return s && ptrmap_get(&em->join_accs, s) != NULL; }

void declare_join_acc(Emitter *em, Sym *v) {
    Expr *sep = ptrmap_get(&em->join_accs, v);
    char *init = xasprintf("geno_join_acc_new(%s)", sep == &no_join ? "NULL" : emit_expr(em, sep));
    emit_line(em, "GenoJoinAcc *%s = %s;", local_name(v), init);
}

/* Whether s runs at most once per run of b: b's own statement or one in
 * an if or match arm below it (not in a nested loop). */
static bool once_in(StmtList *b, Stmt *s) {
    for (int i = 0; i < b->len; i++) {
        Stmt *t = b->items[i];
        if (t == s) return true;
        if (t->kind == ST_IF && (once_in(&t->body, s) || once_in(&t->else_body, s))) return true;
        if (t->kind == ST_MATCH)
            for (int k = 0; k < t->arms.len; k++)
                if (once_in(&t->arms.items[k].body, s)) return true;
    }
    return false;
}

/* v = append(v, e): e first, as append evaluates it. */
void emit_join_acc_add(Emitter *em, Stmt *s) {
    Expr *x = s->value->elems.items[1];
    if (em->hint_body && once_in(em->hint_body, s))   /* a part per iteration at most: storage sized from the trip count */
        emit_line(em, "GENO_JOIN_ADD_SIZED(%s, %s, %s, %s);", local_name(s->sym), emit_expr(em, x), em->hint_left,
                  loc_arg(s->value->loc));
    else
        emit_line(em, "GENO_JOIN_ADD(%s, %s, %s);", local_name(s->sym), emit_expr(em, x), loc_arg(s->value->loc));
}

char *emit_join_acc_join(Emitter *em, Expr *e, const char *name) {
    if (!is_join_name(name) || e->elems.len != 2) return NULL;
    Expr *l = e->elems.items[0];
    if (l->kind != EX_IDENT || !is_join_acc(em, l->sym)) return NULL;
    return xasprintf("geno_join_acc_join(%s, \"%s\", %s)", local_name(l->sym), name, loc_arg(e->loc));
}
