/* emit_transient.c — a List variable built in place while its old value is dead.
 *
 *     var out: List[Int] = []
 *     while i < na and j < nb do
 *         if a[i] <= b[j] then out = append(out, a[i]) ... else out = append(out, b[j]) ... end if
 *     end while
 *     while i < na do out = append(out, a[i]) ... end while
 *     return out
 *
 * A RUN is a stretch of consecutive statements of one block that mention an
 * owned-list `var` v (emit.c) only as `v = append(v, e)`, e not mentioning
 * v, with at least one such append inside a loop. Inside a run nothing
 * reads v: no alias of the old list is made (`let w = v`, a call, a
 * lambda, a record field or a `for` over v would each be a mention), so
 * the run fills a GenoListBuilder started from v (a transient: flat
 * leaves written in place, its trie nodes its own, no header per element)
 * and v gets the finished list after the run's last statement. The
 * builder copies nothing until its first element and finishes as v itself
 * when it got none (rt/list.c, LAZY START).
 *
 * What could still see the old value instead of the partial list:
 *   - an error raised inside the run, caught in the same function: so no
 *     runs in a function with `try` (a caller cannot see the local);
 *   - a `break` or `continue` leaving the run before its end (it would skip
 *     the finish): a run's statements have none outside their own loops;
 *   - `return` leaves the function, where v is dead (its value is never
 *     returned: that would be a mention).
 * Each element is still evaluated where the append evaluated it, and the
 * builder raises append's "List size exceeds limit" at the same element
 * and location (the inline store never passes the limit). Appends count no
 * steps, so E503 fires where it did.
 *
 * A run starts its builder before its first statement; the builder fills
 * pooled 32-word leaves (rt/list.c), so it needs no size hint. */
#include "ast_walk.h"
#include "emit.h"

typedef VEC(Sym *) VarList;

/* Whether some loop in b (or b itself, in_loop) holds `v = append(v, e)`. */
static bool appends_in_loop(StmtList *b, Sym *v, bool in_loop) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (in_loop && s->kind == ST_ASSIGN && s->sym == v && is_self_append(s)) return true;
        bool loop = in_loop || s->kind == ST_WHILE || s->kind == ST_FOR;
        if (appends_in_loop(&s->body, v, loop) || appends_in_loop(&s->else_body, v, loop)) return true;
        for (int k = 0; k < s->arms.len; k++)
            if (appends_in_loop(&s->arms.items[k].body, v, loop)) return true;
    }
    return false;
}

static bool stmt_appends_in_loop(Stmt *s, Sym *v) {
    StmtList one = {&s, 1, 1};
    return appends_in_loop(&one, v, false);
}

/* Whether every mention of v in s is an append `v = append(v, e)` with e
 * not mentioning v; *n counts those appends. */
static bool appends_only(Stmt *s, Sym *v, int *n);

static bool block_appends_only(StmtList *b, Sym *v, int *n) {
    for (int i = 0; i < b->len; i++)
        if (!appends_only(b->items[i], v, n)) return false;
    return true;
}

static bool appends_only(Stmt *s, Sym *v, int *n) {
    if (s->sym == v) {   /* an assignment of v (a declaration of v starts no run) */
        if (s->kind != ST_ASSIGN || !is_self_append(s) || expr_mentions(s->value->elems.items[1], v)) return false;
        (*n)++;
        return true;
    }
    if (expr_mentions(s->target, v) || expr_mentions(s->index, v) || expr_mentions(s->value, v) ||
        expr_mentions(s->cond, v))
        return false;
    if (!block_appends_only(&s->body, v, n) || !block_appends_only(&s->else_body, v, n)) return false;
    for (int k = 0; k < s->arms.len; k++) {
        MatchArm *a = &s->arms.items[k];
        if (expr_mentions(a->guard, v) || expr_mentions(a->value, v) || !block_appends_only(&a->body, v, n))
            return false;
    }
    return true;
}

/* Whether a break or continue in b leaves b (is not inside a loop of b).
 * (Only statements hold them: a lambda's loops are its own.) */
static bool leaves_block(StmtList *b) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        if (s->kind == ST_BREAK || s->kind == ST_CONTINUE) return true;
        if (s->kind == ST_WHILE || s->kind == ST_FOR) continue;
        if (leaves_block(&s->body) || leaves_block(&s->else_body)) return true;
        for (int k = 0; k < s->arms.len; k++)
            if (leaves_block(&s->arms.items[k].body)) return true;
    }
    return false;
}

/* The owned List vars that some loop in b appends to, not already built. */
static void collect_vars(Emitter *em, StmtList *b, bool in_loop, VarList *out) {
    for (int i = 0; i < b->len; i++) {
        Stmt *s = b->items[i];
        Sym *v = s->sym;
        if (in_loop && s->kind == ST_ASSIGN && is_self_append(s) && is_owned_list(em, v) && ty_is(v->ty, TY_LIST) &&
            !transient_id(em, v)) {
            bool seen = false;
            for (int k = 0; k < out->len && !seen; k++) seen = out->items[k] == v;
            if (!seen) vec_push(out, v);
        }
        bool loop = in_loop || s->kind == ST_WHILE || s->kind == ST_FOR;
        collect_vars(em, &s->body, loop, out);
        collect_vars(em, &s->else_body, loop, out);
        for (int k = 0; k < s->arms.len; k++) collect_vars(em, &s->arms.items[k].body, loop, out);
    }
}

/* A run [first, last] of b for v, if it has an append in a loop. */
static void add_run(Emitter *em, StmtList *b, Sym *v, int first, int last, bool looped) {
    if (first < 0 || !looped) return;
    Transient t = {v, 0, b, first, last, false};
    vec_push(&em->transients, t);
}

void transients_find(Emitter *em, StmtList *b) {
    if (em->volatile_vars || em->tries.len || !b->len) return;
    VarList vars = {0};
    collect_vars(em, b, false, &vars);
    for (int k = 0; k < vars.len; k++) {
        Sym *v = vars.items[k];
        if (is_slot_next(v)) continue;   /* never appended to (emit_reuse.c) */
        int first = -1, last = -1;
        bool looped = false;
        for (int i = 0; i < b->len; i++) {
            Stmt *s = b->items[i];
            int n = 0;
            StmtList one = {&s, 1, 1};
            if (appends_only(s, v, &n) && !leaves_block(&one)) {
                if (n) {
                    if (first < 0) first = i;
                    last = i;
                    looped = looped || stmt_appends_in_loop(s, v);
                }
                continue;
            }
            add_run(em, b, v, first, last, looped);
            first = last = -1;
            looped = false;
        }
        add_run(em, b, v, first, last, looped);
    }
    xfree(vars.items);
}

/* The builder id of v while a run builds it, else 0. */
int transient_id(Emitter *em, Sym *v) {
    for (int i = 0; i < em->transients.len; i++) {
        Transient *t = &em->transients.items[i];
        if (t->v == v && t->open) return t->id;
    }
    return 0;
}

void transients_open(Emitter *em, StmtList *b, int i) {
    for (int k = 0; k < em->transients.len; k++) {
        Transient *t = &em->transients.items[k];
        if (t->block != b || t->first != i || t->open) continue;
        t->id = ++em->tmp;
        t->open = true;
        emit_line(em, "GenoListBuilder b_%d; geno_list_builder_start(&b_%d, %s); GenoWord *bc_%d = b_%d.cur, *be_%d = b_%d.end;",
                  t->id, t->id, local_ref(em, t->v), t->id, t->id, t->id, t->id);
    }
}

void transients_close(Emitter *em, StmtList *b, int i) {
    for (int k = 0; k < em->transients.len;) {
        Transient *t = &em->transients.items[k];
        if (t->block != b || t->last != i) { k++; continue; }
        char *v = local_ref(em, t->v);
        /* a new list has a new header and a tail of its own: later appends
         * may grow it in place */
        emit_line(em, "{ b_%d.cur = bc_%d; GenoList *r_ = geno_list_builder_finish(&b_%d); if (r_ != %s) { %s = r_; %s = 1; } }",
                  t->id, t->id, t->id, v, v, owned_flag(t->v));
        for (int j = k + 1; j < em->transients.len; j++) em->transients.items[j - 1] = em->transients.items[j];
        em->transients.len--;
    }
}

/* v = append(v, e) while a run builds v: e, then the builder's inline store. */
bool emit_transient_append(Emitter *em, Stmt *s) {
    int id = transient_id(em, s->sym);
    if (!id) return false;
    Expr *x = s->value->elems.items[1];
    char *w = to_word(emitted_type(x), emit_expr(em, x));
    emit_line(em, "GENO_LIST_BUF_ADD(&b_%d, bc_%d, be_%d, %s, %s);", id, id, id, w, loc_arg(s->value->loc));
    return true;
}
