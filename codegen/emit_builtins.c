/* emit_builtins.c — C text for calls of the reference's builtins.
 *
 * Most builtins are one runtime call: the builtin table
 * (frontend/builtins_table.c, the `emit` and `result` fields) holds a
 * template over the arguments (in parameter order, after the checker's
 * normalisation) and says how the C result becomes the Geno value:
 *
 *   $0..$5  the arguments' C values        $W0..$W5  the arguments as words
 *   $D0..   the arguments' type descriptors $E0       arg 0's element type
 *   $L      GENO_LOC of the call            $R        the result's descriptor
 *   $T      the result's element type's descriptor
 *
 * Builtins whose typing depends on the operands (Num: Int or Float) or that
 * return an Option built from an out-parameter are handled in code below.
 * A builtin with no entry is reported as not compiled yet (E300), never
 * passed to the C compiler.
 */
#include "builtins.h"
#include "emit.h"

#include <ctype.h>
#include <string.h>

static Type *elem_type(Type *t) {
    t = ty_resolve(t);
    return t->nargs ? t->args[0] : ty_prim(TY_UNIT);
}

static char *expand(Emitter *em, Expr *e, const char *tmpl, char **vals) {
    StrBuf sb = {0};
    Expr **args = e->elems.items;
    for (const char *p = tmpl; *p; p++) {
        if (*p != '$') {
            sb_putc(&sb, *p);
            continue;
        }
        char k = *++p;
        if (isdigit((unsigned char)k)) {
            sb_puts(&sb, vals[k - '0']);
        } else if (k == 'L') {
            sb_puts(&sb, loc_arg(e->loc));
        } else if (k == 'R') {
            sb_puts(&sb, type_desc(em, e->ty));
        } else if (k == 'T') {
            sb_puts(&sb, type_desc(em, elem_type(e->ty)));
        } else {
            int i = *++p - '0';
            if (k == 'W') sb_puts(&sb, to_word(emitted_type(args[i]), vals[i]));
            else if (k == 'D') sb_puts(&sb, type_desc(em, emitted_type(args[i])));
            else if (k == 'E') sb_puts(&sb, type_desc(em, elem_type(args[i]->ty)));
        }
    }
    return sb_take(&sb);
}

static char *finish(Expr *e, BuiltinResult res, char *c) {
    switch (res) {
    case BR_BOOL: return xasprintf("((int64_t)%s)", c);
    case BR_WORD: return from_word(e->ty, c);
    case BR_COUNT: return tag_small(c);
    case BR_UNIT: return xasprintf("(%s, (GenoWord)0)", c);
    default: return c;
    }
}

/* Num builtins: Int when every operand is Int, else Float. */
static char *emit_num(Expr *e, const char *name, char **v) {
    Expr **a = e->elems.items;
    bool flt = ty_is(e->ty, TY_FLOAT);
    char *L = loc_arg(e->loc);
    char *f[3];
    for (int i = 0; i < e->elems.len && i < 3; i++)
        f[i] = ty_is(a[i]->ty, TY_INT) && !(a[i]->aux & AUX_TO_FLOAT) && flt
                   ? xasprintf("geno_int_to_double(%s, %s)", v[i], L) : v[i];
    if (!strcmp(name, "abs") || !strcmp(name, "math_abs"))
        return flt ? xasprintf("geno_float_abs(%s)", f[0]) : xasprintf("geno_int_abs(%s, %s)", v[0], L);
    if (!strcmp(name, "square"))
        return flt ? xasprintf("geno_square_float(%s)", f[0]) : xasprintf("geno_square_int(%s, %s)", v[0], L);
    if (!strcmp(name, "add")) return flt ? xasprintf("(%s + %s)", f[0], f[1]) : xasprintf("GENO_INT_ADD(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "subtract")) return flt ? xasprintf("(%s - %s)", f[0], f[1]) : xasprintf("GENO_INT_SUB(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "divide"))
        return flt ? xasprintf("geno_float_divide(%s, %s, %s)", f[0], f[1], L) : xasprintf("geno_int_divide(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "multiply")) return flt ? xasprintf("(%s * %s)", f[0], f[1]) : xasprintf("GENO_INT_MUL(%s, %s, %s)", v[0], v[1], L);
    /* max/min/clamp keep the winning operand's own type at run time in the
     * reference; with mixed operands genoc's static type is Float. */
    const char *fn = NULL;
    if (!strcmp(name, "max")) fn = "max";
    else if (!strcmp(name, "math_max")) fn = "math_max";
    else if (!strcmp(name, "math_min")) fn = "math_min";
    else if (!strcmp(name, "clamp") || !strcmp(name, "math_clamp")) fn = "clamp";
    if (!fn) return NULL;
    if (!strcmp(fn, "clamp"))
        return flt ? xasprintf("geno_clamp_float(%s, %s, %s)", f[0], f[1], f[2])
                   : xasprintf("geno_clamp_int(%s, %s, %s)", v[0], v[1], v[2]);
    return xasprintf("geno_%s_%s(%s, %s)", fn, flt ? "float" : "int", flt ? f[0] : v[0], flt ? f[1] : v[1]);
}

/* Option results from a found-flag and out-parameters. */
static char *emit_option_call(Emitter *em, Expr *e, const char *name, char **v) {
    int id = ++em->tmp;
    char *L = loc_arg(e->loc);
    if (!strcmp(name, "parse_int"))
        return xasprintf("({ GenoInt o_%d; geno_parse_int(%s, &o_%d, %s) ? geno_some((GenoWord)o_%d) : geno_none(); })",
                         id, v[0], id, L, id);
    if (!strcmp(name, "parse_float"))
        return xasprintf("({ double o_%d; geno_parse_float(%s, &o_%d, %s) ? geno_some(geno_f2w(o_%d)) : geno_none(); })",
                         id, v[0], id, L, id);
    if (!strcmp(name, "split_once") || !strcmp(name, "string_split_once"))
        return xasprintf("({ GenoStr *a_%d, *b_%d; geno_%s(%s, %s, &a_%d, &b_%d, %s) ? "
                         "geno_some((GenoWord)(uintptr_t)geno_tuple2((GenoWord)(uintptr_t)a_%d, (GenoWord)(uintptr_t)b_%d)) : geno_none(); })",
                         id, id, name, v[0], v[1], id, id, L, id, id);
    return NULL;
}

static bool is_num_builtin(const char *n) {
    static const char *const names[] = {"abs", "math_abs", "square", "add", "subtract", "multiply", "divide",
                                        "max", "math_max", "math_min", "clamp", "math_clamp", NULL};
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], n)) return true;
    return false;
}

/* concat([x, ...], rest) with a short literal first: the cons idiom, done
 * without building the short list. Evaluated left to right. */
static char *emit_cons(Emitter *em, Expr *e) {
    Expr *lit = e->elems.items[0];
    Type *elem = ty_resolve(lit->ty)->args[0];
    int id = ++em->tmp, n = lit->elems.len;
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoWord t_%d[%d] = {", id, n);
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "%s%s", i ? ", " : "", to_word(elem, emit_expr(em, lit->elems.items[i])));
    if (n == 1)   /* the in-place case inline (include/geno/rt.h) */
        sb_printf(&sb, "}; GenoList *r_%d = %s; geno_list_prepend1(t_%d, r_%d, %s); })", id,
                  emit_expr(em, e->elems.items[1]), id, id, loc_arg(e->loc));
    else
        sb_printf(&sb, "}; GenoList *r_%d = %s; geno_list_prepend(%d, t_%d, r_%d, %s); })", id,
                  emit_expr(em, e->elems.items[1]), n, id, id, loc_arg(e->loc));
    return sb_take(&sb);
}

static bool is_cons(Expr *e, const char *name) {
    if (strcmp(name, "concat") != 0 || e->elems.len != 2) return false;
    Expr *lit = e->elems.items[0];
    return lit->kind == EX_LIST && lit->elems.len >= 1 && lit->elems.len <= 32;
}

/* The builtin a direct call names, or NULL (as emit_call decides). */
const char *called_builtin(Expr *e) {
    if (e->kind != EX_CALL || !e->a || (e->a->kind != EX_IDENT && e->a->kind != EX_FIELD)) return NULL;
    Sym *s = e->sym;
    return s && s->kind == SYM_BUILTIN ? (s->builtin_name ? s->builtin_name : s->name) : NULL;
}

/* unwrap_or(map_get(m, k), d) and the same with mutable_map_get: the found
 * flag picks the value or d without building a Some. Evaluation order is
 * kept (m, k, the lookup, then d). */
static char *emit_unwrap_or_get(Emitter *em, Expr *e) {
    Expr *get = e->elems.items[0];
    const char *g = called_builtin(get);
    if (!g || get->elems.len != 2 || (strcmp(g, "map_get") && strcmp(g, "mutable_map_get"))) return NULL;
    Expr *m = get->elems.items[0], *k = get->elems.items[1], *d = e->elems.items[1];
    char *mv = emit_list_peek(em, m), *kv = emit_expr(em, k), *dv = emit_expr(em, d);
    int id = ++em->tmp;
    return from_word(e->ty, xasprintf("({ GenoWord o_%d; int f_%d = geno_%s(%s, %s, %s, &o_%d); GenoWord d_%d = %s; f_%d ? o_%d : d_%d; })",
                                      id, id, g, mv, to_word(emitted_type(k), kv), type_desc(em, emitted_type(m)), id,
                                      id, to_word(emitted_type(d), dv), id, id, id));
}

static char *emit_builtin_call(Emitter *em, Expr *e, const char *name);

char *emit_builtin(Emitter *em, Expr *e, const char *name) {
    if (is_cons(e, name)) return emit_cons(em, e);
    char *hof = em->tcc_only ? NULL : emit_inline_hof(em, e, name);
    /* The inline loop is for cc. tcc reads the runtime call: the loop was
     * ~25% more of its work on the generated 20,000-line program, and tcc
     * skips preprocessor text cheaply (directives inside a macro argument
     * are fine for gcc, clang and tcc alike). */
    if (hof) return xasprintf("\n#ifndef __TINYC__\n%s\n#else\n%s\n#endif\n", hof, emit_builtin_call(em, e, name));
    return emit_builtin_call(em, e, name);
}

/* A builtin call as a call of the runtime (or its inline fast form). */
static char *emit_builtin_call(Emitter *em, Expr *e, const char *name) {
    if (e->elems.len == 2 && !strcmp(name, "unwrap_or")) {
        char *r = emit_unwrap_or_get(em, e);
        if (r) return r;
    }
    char *joined = emit_join_acc_join(em, e, name);
    if (joined) return joined;
    if (!strcmp(name, "array_from_list") && e->elems.len == 1) {   /* array_from_list(to_chars(s)) */
        Expr *c = e->elems.items[0];
        const char *cn = called_builtin(c);
        if (cn && !strcmp(cn, "to_chars") && c->elems.len == 1)
            return xasprintf("geno_array_from_chars(%s, %s, %s, %s)", emit_expr(em, c->elems.items[0]),
                             type_desc(em, e->ty), loc_arg(c->loc), loc_arg(e->loc));
    }
    char *v[6] = {0};
    for (int i = 0; i < e->elems.len && i < 6; i++) v[i] = emit_expr(em, e->elems.items[i]);
    if (!strcmp(name, "map_get")) v[0] = emit_list_peek(em, e->elems.items[0]);   /* keeps no reference */
    Type *t0 = e->elems.len ? e->elems.items[0]->ty : NULL;
    char *L = loc_arg(e->loc);
    if (!strcmp(name, "print")) {
        if (ty_is(t0, TY_STRING)) return xasprintf("(geno_print_str(%s, %s), (GenoWord)0)", v[0], L);
        return xasprintf("(geno_print(%s, %s, %s), (GenoWord)0)", to_word(t0, v[0]), type_desc(em, t0), L);
    }
    if (!strcmp(name, "to_string") && ty_is(t0, TY_STRING)) return v[0];
    if (!strcmp(name, "length")) {
        switch (ty_resolve(t0)->kind) {
        case TY_STRING: return xasprintf("geno_str_length(%s)", emit_list_peek(em, e->elems.items[0]));   /* keeps no reference */
        case TY_ARRAY: return tag_small(xasprintf("(%s)->len", v[0]));
        case TY_LIST: return tag_small(xasprintf("GENO_LIST_LEN(%s)", emit_list_peek(em, e->elems.items[0])));
        default: return tag_small(xasprintf("geno_list_len(%s)", v[0]));
        }
    }
    char *fast = emit_fast_builtin(em, e, name, v);
    if (fast) return fast;
    if (!strcmp(name, "range") && e->elems.len == 2) v[2] = "3L";
    if (!strcmp(name, "sort_by"))
        return xasprintf("geno_list_sort_by(%s, %s, %s, %s)", v[0], v[1],
                         type_desc(em, ty_resolve(e->elems.items[1]->ty)->ret), L);
    if (!strcmp(name, "list_group_by"))
        return xasprintf("geno_list_group_by(%s, %s, %s, %s)", v[0], v[1],
                         type_desc(em, ty_resolve(e->elems.items[1]->ty)->ret), L);
    if (!strcmp(name, "math_log"))
        return ty_is(t0, TY_INT) ? xasprintf("geno_math_log_int(%s, %s)", v[0], L)
                                 : xasprintf("geno_math_log(%s, %s)", v[0], L);
    if (is_num_builtin(name)) {
        char *r = emit_num(e, name, v);
        if (r) return r;
    }
    char *opt = emit_option_call(em, e, name, v);
    if (opt) return opt;
    const BuiltinSig *b = builtin_lookup(name);
    if (!b || !b->emit) {
        emit_unsupported(em, e->loc, xasprintf("the builtin '%s'", name));
        return xstrdup("0");
    }
    return finish(e, b->result, expand(em, e, b->emit, v));
}
