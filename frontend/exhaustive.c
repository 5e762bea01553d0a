/* exhaustive.c — does a match cover every value? The reference's rules.
 *
 * Arms with a guard never count. A variable or wildcard arm covers all.
 * A List scrutinee needs list patterns whose catch-all-only shapes cover
 * every length (some `[...]`-style rest pattern plus every shorter exact
 * length), else "requires a default arm"; Int, Float, String and tuple
 * scrutinees always need a default arm. Bool, Option, Result and ADTs are
 * analysed with a pattern matrix (Maranget's usefulness algorithm,
 * specialising by constructor, true/false and list length), producing up
 * to three missing cases rendered like `Some(None)` or `(true, _)`.
 */
#include "check_int.h"

typedef VEC(Pattern *) Row;
typedef VEC(Row) Rows;
typedef VEC(char *) Vector;
typedef VEC(Vector) Vectors;

static Pattern wildcard_pat = {.kind = PAT_WILDCARD};

static bool catchall(Pattern *p) { return p->kind == PAT_WILDCARD || p->kind == PAT_VAR; }

static bool supports(Type *t) {
    t = ty_resolve(t);
    return t->kind == TY_BOOL || (t->kind == TY_ADT && t->adt);
}

/* exact(n) = 0, at_least(n) = 1; returns false when element values are
 * constrained. */
static bool list_shape(Pattern *p, int *kind, int *size) {
    if (catchall(p)) {
        *kind = 1;
        *size = 0;
        return true;
    }
    if (p->kind != PAT_LIST) return false;
    int n = 0;
    bool rest = false;
    for (int i = 0; i < p->subs.len; i++) {
        Pattern *e = p->subs.items[i];
        if (e->kind == PAT_REST) {
            rest = true;
            continue;
        }
        if (!catchall(e)) return false;
        n++;
    }
    *kind = rest;
    *size = n;
    return true;
}

static bool shape_matches(int kind, int size, int len) { return kind ? len >= size : len == size; }

static bool list_exhaustive(Pattern **pats, int n) {
    bool fixed[1024] = {0};
    int min_rest = -1;
    for (int i = 0; i < n; i++) {
        Pattern *p = pats[i];
        if (p->kind != PAT_LIST) continue;
        int kind, size;
        if (!list_shape(p, &kind, &size)) continue;
        if (kind) {
            if (min_rest < 0 || size < min_rest) min_rest = size;
        } else if (size < 1024) {
            fixed[size] = true;
        }
    }
    if (min_rest < 0) return false;
    for (int l = 0; l < min_rest && l < 1024; l++)
        if (!fixed[l]) return false;
    return true;
}

static char *ctor_witness(const char *ctor, char **fields, int n) {
    if (!n) return xstrdup(ctor);
    StrBuf sb = {0};
    sb_printf(&sb, "%s(", ctor);
    for (int i = 0; i < n; i++) sb_printf(&sb, "%s%s", i ? ", " : "", fields[i]);
    sb_putc(&sb, ')');
    return sb_take(&sb);
}

static char *default_witness(Type *t) {
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_BOOL: return "true";
    case TY_INT: return "<int>";
    case TY_FLOAT: return "<float>";
    case TY_STRING: return "<string>";
    case TY_LIST: return "[...]";
    case TY_TUPLE: {
        StrBuf sb = {0};
        sb_putc(&sb, '(');
        for (int i = 0; i < t->nargs; i++) sb_printf(&sb, "%s%s", i ? ", " : "", default_witness(t->args[i]));
        sb_putc(&sb, ')');
        return sb_take(&sb);
    }
    case TY_ADT:
        if (t->adt && strcmp(t->name, "Option") == 0) return "Some(_)";
        if (t->adt && strcmp(t->name, "Result") == 0) return "Ok(_)";
        if (t->adt && t->adt->nvariants) {
            AdtVariant *v = &t->adt->variants[0];
            char **f = xmalloc(sizeof(char *) * (v->nfields + 1));
            for (int i = 0; i < v->nfields; i++) f[i] = "_";
            return ctor_witness(v->name, f, v->nfields);
        }
        return "_";
    default:
        return "_";
    }
}

static Row row_tail(Row *r) {
    Row t = {0};
    for (int i = 1; i < r->len; i++) vec_push(&t, r->items[i]);
    return t;
}

static Vector prepend(const char *head, Vector *v) {
    Vector r = {0};
    vec_push(&r, (char *)head);
    for (int i = 0; i < v->len; i++) vec_push(&r, v->items[i]);
    return r;
}

static Vectors missing(Type **types, int ntypes, Rows *rows, int limit) {
    Vectors out = {0};
    if (limit <= 0) return out;
    if (!ntypes) {
        if (!rows->len) {
            Vector empty = {0};
            vec_push(&out, empty);
        }
        return out;
    }
    Type *first = ty_resolve(types[0]);
    if (!rows->len) {
        Vector v = {0};
        for (int i = 0; i < ntypes; i++) vec_push(&v, default_witness(types[i]));
        vec_push(&out, v);
        return out;
    }
    bool all_catch = true;
    for (int i = 0; i < rows->len; i++) all_catch &= catchall(rows->items[i].items[0]);
    if (all_catch) {
        if (ntypes == 1) return out;
        Rows tails = {0};
        for (int i = 0; i < rows->len; i++) vec_push(&tails, row_tail(&rows->items[i]));
        Vectors sub = missing(types + 1, ntypes - 1, &tails, limit);
        for (int i = 0; i < sub.len; i++) vec_push(&out, prepend("_", &sub.items[i]));
        return out;
    }
    if (first->kind == TY_BOOL) {
        for (int b = 1; b >= 0; b--) {
            Rows spec = {0};
            for (int i = 0; i < rows->len; i++) {
                Pattern *p = rows->items[i].items[0];
                if (catchall(p) || (p->kind == PAT_LITERAL && p->lit->kind == EX_BOOL && p->lit->bool_val == b))
                    vec_push(&spec, row_tail(&rows->items[i]));
            }
            Vectors sub = missing(types + 1, ntypes - 1, &spec, limit - out.len);
            for (int i = 0; i < sub.len; i++) {
                vec_push(&out, prepend(b ? "true" : "false", &sub.items[i]));
                if (out.len >= limit) return out;
            }
        }
        return out;
    }
    if (first->kind == TY_LIST) {
        bool saw = false, nonempty = false;
        int max = 0;
        for (int i = 0; i < rows->len; i++) {
            int kind, size;
            if (!list_shape(rows->items[i].items[0], &kind, &size)) continue;
            saw = true;
            if (size > max) max = size;
            if (shape_matches(kind, size, 1)) nonempty = true;
        }
        if (saw) {
            for (int len = 0; len < max + 2; len++) {
                Rows spec = {0};
                for (int i = 0; i < rows->len; i++) {
                    int kind, size;
                    if (list_shape(rows->items[i].items[0], &kind, &size) && shape_matches(kind, size, len))
                        vec_push(&spec, row_tail(&rows->items[i]));
                }
                Vectors sub = missing(types + 1, ntypes - 1, &spec, limit - out.len);
                for (int i = 0; i < sub.len; i++) {
                    char *w;
                    if (len == 0) w = "[]";
                    else if (len == 1 && max == 0 && !nonempty) w = "[_, ...]";
                    else {
                        StrBuf sb = {0};
                        sb_putc(&sb, '[');
                        for (int k = 0; k < len; k++) sb_puts(&sb, k ? ", _" : "_");
                        sb_putc(&sb, ']');
                        w = sb_take(&sb);
                    }
                    vec_push(&out, prepend(w, &sub.items[i]));
                    if (out.len >= limit) return out;
                }
            }
            return out;
        }
    }
    if (first->kind == TY_ADT && first->adt) {
        AdtInfo *a = first->adt;
        for (int v = 0; v < a->nvariants; v++) {
            int nf = a->variants[v].nfields;
            Rows spec = {0};
            for (int i = 0; i < rows->len; i++) {
                Pattern *p = rows->items[i].items[0];
                Row r = {0};
                if (catchall(p)) {
                    for (int k = 0; k < nf; k++) vec_push(&r, &wildcard_pat);
                } else if (p->kind == PAT_CTOR && strcmp(p->name, a->variants[v].name) == 0) {
                    for (int k = 0; k < nf; k++) vec_push(&r, k < p->subs.len ? p->subs.items[k] : &wildcard_pat);
                } else {
                    continue;
                }
                for (int k = 1; k < rows->items[i].len; k++) vec_push(&r, rows->items[i].items[k]);
                vec_push(&spec, r);
            }
            Type **sub_types = xmalloc(sizeof(Type *) * (nf + ntypes));
            for (int k = 0; k < nf; k++)
                sub_types[k] = adt_field_type(a, v, k, first->nargs == a->nparams ? first : NULL);
            for (int k = 1; k < ntypes; k++) sub_types[nf + k - 1] = types[k];
            Vectors sub = missing(sub_types, nf + ntypes - 1, &spec, limit - out.len);
            for (int i = 0; i < sub.len; i++) {
                Vector r = {0};
                vec_push(&r, ctor_witness(a->variants[v].name, sub.items[i].items, nf));
                for (int k = nf; k < sub.items[i].len; k++) vec_push(&r, sub.items[i].items[k]);
                vec_push(&out, r);
                if (out.len >= limit) return out;
            }
        }
        return out;
    }
    Rows def = {0};
    for (int i = 0; i < rows->len; i++)
        if (catchall(rows->items[i].items[0])) vec_push(&def, row_tail(&rows->items[i]));
    if (!def.len) {
        Vector v = {0};
        vec_push(&v, default_witness(first));
        for (int i = 1; i < ntypes; i++) vec_push(&v, "_");
        vec_push(&out, v);
        return out;
    }
    Vectors sub = missing(types + 1, ntypes - 1, &def, limit);
    for (int i = 0; i < sub.len; i++) vec_push(&out, prepend("_", &sub.items[i]));
    return out;
}

void check_exhaustive(Checker *c, Type *scrut, MatchArmList *arms, SrcLoc loc) {
    VEC(Pattern *) pats = {0};
    for (int i = 0; i < arms->len; i++)
        if (!arms->items[i].guard) vec_push(&pats, arms->items[i].pattern);
    for (int i = 0; i < pats.len; i++)
        if (catchall(pats.items[i])) return;
    Type *t = ty_resolve(scrut);
    if (t->kind == TY_LIST) {
        if (!list_exhaustive(pats.items, pats.len))
            ERR(c, "E300", loc, "Non-exhaustive patterns: match on %s requires a default arm", tstr(t));
        return;
    }
    if (!supports(t)) {
        if (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_STRING || t->kind == TY_TUPLE)
            ERR(c, "E300", loc, "Non-exhaustive patterns: match on %s requires a default arm", tstr(t));
        return;
    }
    Rows rows = {0};
    for (int i = 0; i < pats.len; i++) {
        Row r = {0};
        vec_push(&r, pats.items[i]);
        vec_push(&rows, r);
    }
    Vectors m = missing(&t, 1, &rows, 3);
    if (!m.len) return;
    StrBuf sb = {0};
    for (int i = 0; i < m.len; i++) {
        if (i) sb_puts(&sb, ", ");
        Vector *v = &m.items[i];
        if (!v->len) sb_puts(&sb, "()");
        else if (v->len == 1) sb_puts(&sb, v->items[0]);
        else {
            sb_putc(&sb, '(');
            for (int k = 0; k < v->len; k++) sb_printf(&sb, "%s%s", k ? ", " : "", v->items[k]);
            sb_putc(&sb, ')');
        }
    }
    ERR(c, "E300", loc, "Non-exhaustive patterns: missing %s", sb.buf);
}
