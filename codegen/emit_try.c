/* emit_try.c — exceptions and early exits: try/catch, throw, `?`, and the
 * bookkeeping that lets return/break/continue leave a try body.
 *
 * try/catch is a runtime GenoTryFrame pushed inline with GENO_TRY_PUSH and
 * GENO_TRY_SETJMP (geno/rt.h: __builtin_setjmp under cc, a setjmp without
 * the signal-mask system call under tcc). A frame must
 * be popped by whatever leaves the body: the emitter keeps a stack of the
 * frames open in the current function, with the loop depth at which each
 * was opened, so `return` pops all of them and `break`/`continue` pop those
 * opened inside the innermost loop. Popping the outermost such frame is
 * enough (geno_try_pop restores its predecessor).
 *
 * After a longjmp, C leaves non-volatile locals modified in the body
 * indeterminate; functions containing a try therefore declare their `var`
 * locals volatile (emit.c asks has_try).
 *
 * Catch rules follow the reference: `catch e: String` receives the message
 * of a runtime error or thrown String, or the text of a thrown constructor;
 * `catch e: T` (an ADT) receives a thrown value of type T and re-raises
 * anything else.
 */
#include "emit.h"

#include <string.h>

static bool block_has_try(StmtList *body);

static bool stmt_has_try(Stmt *s) {
    if (s->kind == ST_TRY) return true;
    if (block_has_try(&s->body) || block_has_try(&s->else_body)) return true;
    for (int i = 0; i < s->arms.len; i++)
        if (block_has_try(&s->arms.items[i].body)) return true;
    return false;
}

static bool block_has_try(StmtList *body) {
    for (int i = 0; i < body->len; i++)
        if (stmt_has_try(body->items[i])) return true;
    return false;
}

bool has_try(StmtList *body) { return block_has_try(body); }

/* C statements that pop the try frames a jump out of `loop_level` leaves. */
char *pop_frames_for(Emitter *em, int loop_level) {
    for (int i = 0; i < em->tries.len; i++)
        if (em->tries.items[i].loop_depth >= loop_level)
            return xasprintf("geno_try_pop(&tf_%d); ", em->tries.items[i].id);
    return xstrdup("");
}

void emit_try(Emitter *em, Stmt *s) {
    int id = ++em->tmp;
    Type *ct = ((Sym *)s->sym)->ty;
    em->any_try = true;
    emit_line(em, "{");
    em->indent++;
    emit_line(em, "GenoTryFrame tf_%d;", id);
    emit_line(em, "GENO_TRY_PUSH(&tf_%d);", id);
    emit_line(em, "if (GENO_TRY_SETJMP(&tf_%d) == 0) {", id);
    em->indent++;
    TryScope ts = {id, em->loop_depth};
    vec_push(&em->tries, ts);
    emit_block(em, &s->body);
    em->tries.len--;
    emit_line(em, "geno_try_pop(&tf_%d);", id);
    em->indent--;
    emit_line(em, "} else {");
    em->indent++;
    Sym *var = s->sym;
    if (ty_is(ct, TY_STRING)) {
        emit_line(em, "GenoStr *%s = geno_caught_text(&tf_%d);", local_name(var), id);
    } else {
        emit_line(em, "if (!geno_caught_is(&tf_%d, \"%s\")) geno_reraise(&tf_%d);", id,
                  ty_resolve(ct)->name, id);
        emit_line(em, "%s %s = %s;", c_type(ct), local_name(var),
                  from_word(ct, xasprintf("tf_%d.thrown", id)));
    }
    emit_block(em, &s->else_body);
    em->indent--;
    emit_line(em, "}");
    em->indent--;
    emit_line(em, "}");
}

char *emit_throw(Emitter *em, Expr *e, Type *as) {
    Type *t = e->a->ty;
    char *call = xasprintf("geno_throw(%s, %s, %s)", to_word(t, emit_expr(em, e->a)), type_desc(em, t),
                           loc_arg(e->loc));
    return xasprintf("({ %s; (%s)0; })", call, c_type(as ? as : ty_prim(TY_UNIT)));
}

/* `x?`: the Some/Ok payload, or return None / the Err from the function. */
char *emit_propagate(Emitter *em, Expr *e) {
    int id = ++em->tmp;
    Type *t = ty_resolve(e->a->ty);
    bool is_option = t->kind == TY_ADT && strcmp(t->name, "Option") == 0;
    const char *bad = is_option ? "GENO_TAG_NONE" : "GENO_TAG_ERR";
    char *ret = em->in_lambda ? xasprintf("(GenoWord)(uintptr_t)o_%d", id) : xasprintf("o_%d", id);
    return xasprintf("({ GenoAdt *o_%d = %s; if (o_%d->tag == %s) { %s%sreturn %s; } %s; })",
                     id, emit_expr(em, e->a), id, bad, pop_frames_for(em, 0), em->callee_leaves ? "geno_depth_left++; " : "", ret,
                     from_word(e->ty, xasprintf("o_%d->fields[0]", id)));
}

/* The loop head of a comprehension over range(...): counted, as `for`
 * over a range is (emit.c), so the range list is never built. */
static void comp_range_head(Emitter *em, StrBuf *sb, Expr *call, Sym *var, int id) {
    char *L = loc_arg(call->loc);
    sb_printf(sb, "GenoInt rs_%d = %s; ", id, emit_expr(em, call->elems.items[0]));
    sb_printf(sb, "GenoInt re_%d = %s; ", id, emit_expr(em, call->elems.items[1]));
    sb_printf(sb, "GenoInt rp_%d = %s; ", id,
              call->elems.len == 3 ? emit_expr(em, call->elems.items[2]) : "3L");
    sb_printf(sb, "int64_t n_%d = GENO_RANGE_COUNT(rs_%d, re_%d, rp_%d, %s); GenoInt x_%d = rs_%d; ",
              id, id, id, id, L, id, id);
    sb_printf(sb, "GenoListBuilder b_%d; geno_list_builder_init(&b_%d); ", id, id);
    if (note_comp_range(em, var, call))   /* x, stop and x + step are small (emit_ranges.c) */
        sb_printf(sb, "for (int64_t i_%d = 0; i_%d < n_%d; i_%d++, x_%d = GENO_KNOWN_SMALL(x_%d + (rp_%d - 1))) { ",
                  id, id, id, id, id, id, id);
    else
        sb_printf(sb, "for (int64_t i_%d = 0; i_%d < n_%d; i_%d++, x_%d = GENO_INT_ADD(x_%d, rp_%d, %s)) { ",
                  id, id, id, id, id, id, id, L);
}

/* The loop head over a list: walked a chunk at a time, as `for` does. */
static void comp_list_head(Emitter *em, StrBuf *sb, Expr *list, int id) {
    sb_printf(sb, "GenoList *l_%d = %s; int64_t n_%d = geno_list_len(l_%d), cs_%d = 0, ce_%d = 0; "
                  "const GenoWord *c_%d = 0; GenoListBuilder b_%d; geno_list_builder_init(&b_%d); "
                  "for (int64_t i_%d = 0; i_%d < n_%d; i_%d++) { "
                  "if (i_%d >= ce_%d) { int64_t k_; c_%d = geno_list_chunk(l_%d, i_%d, &k_); cs_%d = i_%d; ce_%d = i_%d + k_; } ",
              id, emit_expr(em, list), id, id, id, id, id, id, id, id, id, id, id,
              id, id, id, id, id, id, id, id, id);
}

/* [elem for x: T in xs if cond] */
char *emit_list_comp(Emitter *em, Expr *e) {
    int id = ++em->tmp;
    Sym *var = e->sym;
    Type *elem = ty_resolve(e->ty)->args[0];
    Expr *range = range_call(e->b);
    StrBuf sb = {0};
    sb_printf(&sb, "({ ");
    if (range) comp_range_head(em, &sb, range, var, id);
    else comp_list_head(em, &sb, e->b, id);
    char *item = range ? xasprintf("x_%d", id) : from_word(var->ty, xasprintf("c_%d[i_%d - cs_%d]", id, id, id));
    sb_printf(&sb, "GENO_STEP(%s); %s %s = %s; ", loc_arg(e->loc), c_type(var->ty), local_name(var), item);
    if (e->c) sb_printf(&sb, "if (!(%s)) continue; ", emit_expr(em, e->c));
    sb_printf(&sb, "GENO_LIST_BUILDER_ADD(&b_%d, %s, %s); } geno_list_builder_finish(&b_%d); })", id,
              to_word(elem, emit_expr(em, e->a)), loc_arg(e->loc), id);
    return sb_take(&sb);
}
