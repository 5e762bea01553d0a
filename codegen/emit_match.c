/* emit_match.c — pattern matching, statement and expression forms.
 *
 * The scrutinee is evaluated once into a temporary; each arm becomes one C
 * condition (tag compares, list-length checks, literal compares, joined with
 * && so outer tests guard inner field loads), then its bindings, then the
 * guard, then the body, which jumps to the match's end label:
 *
 *     { T m = scrutinee;
 *       if (m->tag == 0 && ...) { T x = ...; if (guard) { body; goto end; } }
 *       ...
 *       geno_raise("E406", ...);      (only when no arm is irrefutable)
 *       end: ; }
 *
 * A match expression is the same inside a statement expression, with each
 * arm assigning the result variable.
 */
#include "emit.h"

#include <string.h>

typedef struct {
    StrBuf cond;    /* "" means always true */
    StrBuf binds;   /* C declarations */
} ArmCode;

static void add_cond(ArmCode *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_cond(ArmCode *a, const char *fmt, ...) {
    if (a->cond.len) sb_puts(&a->cond, " && ");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&a->cond, fmt, ap);
    va_end(ap);
}

static char *literal_value(Emitter *em, Expr *lit) {
    return emit_expr(em, lit);
}

/* Pattern p against the value `v` (C expression, already of C type c_type(t)). */
static void pattern_code(Emitter *em, Pattern *p, Type *t, const char *v, ArmCode *a) {
    t = ty_resolve(t);
    switch (p->kind) {
    case PAT_WILDCARD:
        return;
    case PAT_VAR: {
        Sym *s = pattern_sym(p);
        if (s) sb_printf(&a->binds, "%s %s = %s; ", c_type(t), local_name(s), v);
        return;
    }
    case PAT_LITERAL: {
        char *lit = literal_value(em, p->lit);
        switch (t->kind) {
        case TY_INT: add_cond(a, "GENO_INT_EQ(%s, %s)", v, lit); break;
        case TY_FLOAT:
            if (p->lit->kind == EX_INT)
                add_cond(a, "geno_int_float_cmp(%s, %s) == 0", lit, v);
            else
                add_cond(a, "(%s) == %s", v, lit);
            break;
        case TY_STRING: add_cond(a, "geno_str_eq(%s, %s)", v, lit); break;
        default: add_cond(a, "(%s) == %s", v, lit); break;
        }
        return;
    }
    case PAT_CTOR: {
        if (t->kind != TY_ADT) {
            emit_unsupported(em, p->loc, "this constructor pattern");
            return;
        }
        int vi = adt_variant_index(t->adt, p->name);
        if (vi < 0) {
            emit_unsupported(em, p->loc, "this constructor pattern");
            return;
        }
        if (t->adt->nvariants > 1) add_cond(a, "(%s)->tag == %d", v, t->adt->variants[vi].tag);
        for (int i = 0; i < p->subs.len; i++) {
            Type *ft = variant_field_type(t, vi, i);
            char *fv = from_word(ft, xasprintf("(%s)->fields[%d]", v, i));
            pattern_code(em, p->subs.items[i], ft, fv, a);
        }
        return;
    }
    case PAT_LIST: {
        if (t->kind != TY_LIST) {
            emit_unsupported(em, p->loc, "this list pattern");
            return;
        }
        Type *et = t->args[0];
        int rest = -1;
        for (int i = 0; i < p->subs.len; i++)
            if (p->subs.items[i]->kind == PAT_REST) rest = i;
        int before = rest < 0 ? p->subs.len : rest;
        int after = rest < 0 ? 0 : p->subs.len - rest - 1;
        if (rest < 0) add_cond(a, "GENO_LIST_LEN(%s) == %d", v, before);
        else if (before + after) add_cond(a, "GENO_LIST_LEN(%s) >= %d", v, before + after);
        for (int i = 0; i < before; i++)
            pattern_code(em, p->subs.items[i], et,
                         from_word(et, xasprintf("GENO_LIST_GET(%s, %d)", v, i)), a);
        for (int j = 0; j < after; j++)
            pattern_code(em, p->subs.items[rest + 1 + j], et,
                         from_word(et, xasprintf("GENO_LIST_GET(%s, GENO_LIST_LEN(%s) - %d)", v, v, after - j)), a);
        if (rest >= 0) {
            Sym *s = pattern_sym(p->subs.items[rest]);
            if (s && after == 0 && is_stack_rest(s)) {   /* never kept: a header in this frame (emit_escape.c) */
                int h = ++em->tmp;
                sb_printf(&a->binds, "GenoList th_%d; GenoList *%s = geno_list_rest_in(&th_%d, %s, %d); ",
                          h, local_name(s), h, v, before);
            } else if (s && after == 0)   /* the common [h, ...t]: inline (include/geno/rt.h) */
                sb_printf(&a->binds, "GenoList *%s = geno_list_rest(%s, %d); ", local_name(s), v, before);
            else if (s)   /* a view sharing v's nodes (copied when it would pin much more) */
                sb_printf(&a->binds, "GenoList *%s = geno_list_view(%s, %d, GENO_LIST_LEN(%s) - %d); ",
                          local_name(s), v, before, v, before + after);
        }
        return;
    }
    case PAT_REST:
        return;   /* handled by PAT_LIST */
    }
}

/* True when the pattern matches every value of its type (no test). */
static bool irrefutable(Pattern *p, Type *t) {
    t = ty_resolve(t);
    switch (p->kind) {
    case PAT_WILDCARD:
    case PAT_VAR:
        return true;
    case PAT_CTOR:
        if (t->kind != TY_ADT || t->adt->nvariants != 1) return false;
        for (int i = 0; i < p->subs.len; i++)
            if (!irrefutable(p->subs.items[i], variant_field_type(t, 0, i))) return false;
        return true;
    case PAT_LIST:
        return p->subs.len == 1 && p->subs.items[0]->kind == PAT_REST;
    default:
        return false;
    }
}

static char *no_match(Emitter *em, SrcLoc loc, const char *what, Type *t, const char *v) {
    return xasprintf("geno_raise(\"E406\", %s, \"No matching pattern in match %s for value %%s\", geno_repr(%s, %s)->data);",
                     loc_arg(loc), what, to_word(t, v), type_desc(em, t));
}

/* A match on vec_pop, map_get or mutable_map_get whose arms test the
 * Option but never bind it whole (constructor patterns and `_` only): the
 * Some is built in a stack word pair, since nothing can keep it past the
 * match; the call's found flag picks it or None. NULL otherwise. */
static char *stack_option(Emitter *em, Expr *value, MatchArmList *arms, int id) {
    const char *g = called_builtin(value);
    if (!g) return NULL;
    bool pop = !strcmp(g, "vec_pop") && value->elems.len == 1;
    bool get = (!strcmp(g, "map_get") || !strcmp(g, "mutable_map_get")) && value->elems.len == 2;
    if (!pop && !get) return NULL;
    for (int i = 0; i < arms->len; i++) {
        PatternKind k = arms->items[i].pattern->kind;
        if (k != PAT_CTOR && k != PAT_WILDCARD) return NULL;
    }
    Expr *c = value->elems.items[0];
    char *call = pop ? xasprintf("geno_vec_pop(%s, &so_%d[1])", emit_expr(em, c), id)
                     : xasprintf("geno_%s(%s, %s, %s, &so_%d[1])", g, emit_list_peek(em, c),
                                 to_word(emitted_type(value->elems.items[1]), emit_expr(em, value->elems.items[1])),
                                 type_desc(em, emitted_type(c)), id);
    return xasprintf("GenoWord so_%d[2] = {GENO_TAG_SOME, 0}; GenoAdt *m_%d = %s ? (GenoAdt *)(void *)so_%d : GENO_NULLARY(GENO_TAG_NONE);",
                     id, id, call, id);
}

void emit_match_stmt(Emitter *em, Stmt *s) {
    int id = ++em->tmp;
    Type *t = s->value->ty;
    char *m = xasprintf("m_%d", id);
    emit_line(em, "{");
    em->indent++;
    char *so = stack_option(em, s->value, &s->arms, id);
    if (so) emit_line(em, "%s", so);
    else emit_line(em, "%s %s = %s;", c_type(t), m, emit_expr(em, s->value));
    bool covered = false;
    for (int i = 0; i < s->arms.len && !covered; i++) {
        MatchArm *arm = &s->arms.items[i];
        ArmCode a = {0};
        pattern_code(em, arm->pattern, t, m, &a);
        emit_line(em, "if (%s) {", a.cond.len ? a.cond.buf : "1");
        em->indent++;
        if (a.binds.len) emit_line(em, "%s", a.binds.buf);
        if (arm->guard) {
            emit_line(em, "if (%s) {", emit_expr(em, arm->guard));
            em->indent++;
        }
        emit_block(em, &arm->body);
        emit_line(em, "goto match_end_%d;", id);
        if (arm->guard) {
            em->indent--;
            emit_line(em, "}");
        }
        em->indent--;
        emit_line(em, "}");
        if (!arm->guard && irrefutable(arm->pattern, t)) covered = true;
    }
    if (!covered) emit_line(em, "%s", no_match(em, s->loc, "statement", t, m));
    em->indent--;
    emit_line(em, "match_end_%d: ;", id);
    emit_line(em, "}");
}

char *emit_match_expr(Emitter *em, Expr *e) {
    int id = ++em->tmp;
    Type *t = e->a->ty;
    char *m = xasprintf("m_%d", id);
    StrBuf sb = {0};
    char *so = stack_option(em, e->a, &e->arms, id);
    if (so) sb_printf(&sb, "({ %s r_%d; %s ", c_type(e->ty), id, so);
    else sb_printf(&sb, "({ %s r_%d; %s %s = %s; ", c_type(e->ty), id, c_type(t), m, emit_expr(em, e->a));
    bool covered = false;
    for (int i = 0; i < e->arms.len && !covered; i++) {
        MatchArm *arm = &e->arms.items[i];
        ArmCode a = {0};
        pattern_code(em, arm->pattern, t, m, &a);
        sb_printf(&sb, "if (%s) { %s", a.cond.len ? a.cond.buf : "1", a.binds.len ? a.binds.buf : "");
        if (arm->guard) sb_printf(&sb, "if (%s) { ", emit_expr(em, arm->guard));
        sb_printf(&sb, "r_%d = %s; goto match_end_%d; ", id, emit_expr_as(em, arm->value, e->ty), id);
        if (arm->guard) sb_puts(&sb, "} ");
        sb_puts(&sb, "} ");
        if (!arm->guard && irrefutable(arm->pattern, t)) covered = true;
    }
    if (!covered) sb_printf(&sb, "%s ", no_match(em, e->loc, "expression", t, m));
    sb_printf(&sb, "match_end_%d: ; r_%d; })", id, id);
    return sb_take(&sb);
}
