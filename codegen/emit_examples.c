/* emit_examples.c — example clauses, run before main and by `genoc test`.
 *
 * Every example is one row of geno_example_table, in definition order; the
 * runtime runs the rows before main with output suppressed (the reference
 * discards it), and a mismatch is E409 with both values in canonical form.
 *
 * Most examples are literals (`example [1, 2], -3 -> Some(2.5)`). Their
 * row is data: the arguments and the expected value as strings in
 * rt/examples.c's encoding, and a wrapper per function that takes the
 * argument words. tcc then reads one string where it would parse a C
 * expression per literal: examples were 18% of its work on the generated
 * 20,000-line program. Any other example (a call, a variable, a map, an
 * Int converted to a Float, a big Int literal) is a C function gt_<n>
 * evaluating it as code; its row names that function.
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

/* ---- examples as data ---------------------------------------------------- */

/* GENO_MAX_NULLARY_TAG in geno/rt.h: the static nullary singletons */
#define NULLARY_TAGS 64

static bool encode(Expr *e, Type *want, StrBuf *sb);

static bool encode_number(Expr *e, bool negate, StrBuf *sb) {
    if (e->aux) return false;
    if (e->kind == EX_INT && ty_is(e->ty, TY_INT)) {
        long long v;
        if (!small_literal(e, &v)) return false;   /* big: geno_int_from_dec and its limit check */
        /* "i%lld;" without the formatting machinery (thousands of literals) */
        long long x = negate ? -v : v;
        unsigned long long u = x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x;
        char buf[24], *p = buf + sizeof buf;
        *--p = ';';
        do *--p = (char)('0' + u % 10); while ((u /= 10));
        if (x < 0) *--p = '-';
        *--p = 'i';
        sb_putn(sb, p, (size_t)(buf + sizeof buf - p));
        return true;
    }
    if (e->kind == EX_FLOAT && ty_is(e->ty, TY_FLOAT)) {
        sb_printf(sb, "f%.17g;", negate ? -e->float_val : e->float_val);   /* as emit_float_literal */
        return true;
    }
    return false;
}

static bool encode_items(Expr **items, int n, Type **types, StrBuf *sb) {
    sb_putc(sb, '(');
    for (int i = 0; i < n; i++)
        if (!encode(items[i], types[i], sb)) return false;
    sb_putc(sb, ')');
    return true;
}

/* A constructor value: the fields in declaration order, as ctor_value
 * (emit_adt.c) places named arguments. */
static bool encode_ctor(Expr *e, StrBuf *sb) {
    Sym *s = e->sym;
    AdtVariant *var = &s->adt->variants[s->variant];
    int n = var->nfields;
    if (n == 0) {
        if (var->tag < 0 || var->tag >= NULLARY_TAGS) return false;
        sb_printf(sb, "n%d;", var->tag);
        return true;
    }
    if (e->kind != EX_CTOR && e->kind != EX_CALL) return false;   /* the constructor as a function value */
    if (e->args.len != n) return false;
    Expr **fields = xmalloc(sizeof(Expr *) * n);   /* cleared: a field no argument names stays NULL */
    Type **types = xmalloc(sizeof(Type *) * n);
    for (int i = 0; i < n; i++) {
        int f = i;
        if (e->args.items[i].name) {
            for (f = 0; f < n && strcmp(var->field_names[f], e->args.items[i].name) != 0; f++) {}
            if (f == n) f = i;
        }
        if (fields[f]) break;   /* a field named twice: not encoded */
        fields[f] = e->args.items[i].value;
        types[f] = variant_field_type(e->ty, s->variant, f);
    }
    bool ok = true;
    for (int f = 0; f < n; f++) ok = ok && fields[f];
    if (ok) {
        sb_printf(sb, "a%d,%d", var->tag, n);
        ok = encode_items(fields, n, types, sb);
    }
    xfree(fields);
    xfree(types);
    return ok;
}

/* Appends literal e, of a place of type `want`, in rt/examples.c's
 * encoding; false when it is not such a literal (nothing useful appended). */
static bool encode(Expr *e, Type *want, StrBuf *sb) {
    if (e->aux) return false;                       /* a conversion (Int to Float) */
    if (ty_is(want, TY_FLOAT) != ty_is(e->ty, TY_FLOAT)) return false;
    switch (e->kind) {
    case EX_INT:
    case EX_FLOAT:
        return encode_number(e, false, sb);
    case EX_UNARY:
        return e->op == OP_NEG && encode_number(e->a, true, sb);
    case EX_STRING:
        if (!ty_is(e->ty, TY_STRING)) return false;
        sb_printf(sb, "s%zu:", e->str_len);
        sb_putn(sb, e->str, e->str_len);
        return true;
    case EX_BOOL:
        sb_puts(sb, e->bool_val ? "b1" : "b0");
        return true;
    case EX_TUPLE: {
        if (e->elems.len == 0) {
            sb_putc(sb, 'u');
            return true;
        }
        Type *t = ty_resolve(e->ty);
        if (t->kind != TY_TUPLE || t->nargs != e->elems.len) return false;
        sb_printf(sb, "t%d", e->elems.len);
        return encode_items(e->elems.items, e->elems.len, t->args, sb);
    }
    case EX_LIST: {
        Type *t = ty_resolve(e->ty);
        if (t->kind != TY_LIST) return false;
        int n = e->elems.len;
        Type **types = xmalloc(sizeof(Type *) * (n + 1));
        for (int i = 0; i < n; i++) types[i] = t->args[0];
        sb_printf(sb, "l%d,%lld", n, (long long)loc_value(e->loc));
        bool ok = encode_items(e->elems.items, n, types, sb);
        xfree(types);
        return ok;
    }
    case EX_CTOR: case EX_CALL: case EX_IDENT: case EX_TYPE_IDENT:
        if (!e->sym || ((Sym *)e->sym)->kind != SYM_CTOR || !((Sym *)e->sym)->adt) return false;
        return encode_ctor(e, sb);
    default:
        return false;
    }
}

/* Argument i of example ex of f: `example (1, 2) -> 3` spreads a tuple
 * over the parameters; a missing one takes its default value. */
Expr *example_arg(Def *f, Example *ex, int i) {
    ExprList *args = &ex->args;
    if (args->len == 1 && args->items[0]->kind == EX_TUPLE && f->params.len > 1) args = &args->items[0]->elems;
    return i < args->len ? args->items[i] : f->params.items[i].default_value;
}

/* Appends the argument values and the expected value of ex to sb, or
 * returns false (sb then holds a partial encoding). */
static bool encode_values(Def *f, Example *ex, StrBuf *sb) {
    Sym *s = f->sym;
    for (int i = 0; i < f->params.len; i++) {
        Expr *arg = example_arg(f, ex, i);
        if (!arg || !encode(arg, s->ty->args[i], sb)) return false;
    }
    size_t before = sb->len;
    return encode(ex->output, s->ty->ret, sb) && sb->len > before;
}

/* Whether f can be called with its arguments and result as plain words
 * (rt/examples.c, call_direct): no Float, at most six parameters. */
static bool word_signature(Def *f) {
    Sym *s = f->sym;
    if (f->params.len > 6 || ty_is(s->ty->ret, TY_FLOAT)) return false;
    for (int i = 0; i < f->params.len; i++)
        if (ty_is(s->ty->args[i], TY_FLOAT)) return false;
    return true;
}

/* gx_<f>: calls f with its arguments taken from words, returns a word. */
static char *example_wrapper(Emitter *em, Def *f) {
    Sym *s = f->sym;
    const char *cname = def_cname(em, s);
    char *name = xasprintf("gx_%s", cname);
    StrBuf call = {0};
    sb_printf(&call, "%s(", cname);
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&call, "%s%s", i ? ", " : "", from_word(s->ty->args[i], xasprintf("a[%d]", i)));
    sb_putc(&call, ')');
    sb_printf(&em->lambdas, "static GenoWord %s(const GenoWord *a) { return %s; }\n\n", name,
              to_word(s->ty->ret, call.buf));
    free(call.buf);
    return name;
}

/* ---- examples as code ------------------------------------------------------ */

static void emit_example_code(Emitter *em, StrBuf *out, Def *f, Example *ex, const char *cname) {
    Sym *s = f->sym;
    Type *ret = s->ty->ret;
    StrBuf call = {0};
    sb_printf(&call, "%s(", cname);
    for (int i = 0; i < f->params.len; i++) {
        Expr *a = example_arg(f, ex, i);
        char *v = a ? emit_expr(em, a) : xstrdup("0");
        if (a && ty_is(s->ty->args[i], TY_FLOAT) && ty_is(a->ty, TY_INT) && !(a->aux & AUX_TO_FLOAT))
            v = xasprintf("geno_int_to_double(%s, %s)", v, loc_arg(ex->loc));
        sb_printf(&call, "%s%s", i ? ", " : "", v);
    }
    sb_putc(&call, ')');
    char *expected = emit_expr(em, ex->output);
    if (ty_is(ret, TY_FLOAT) && ty_is(ex->output->ty, TY_INT) && !(ex->output->aux & AUX_TO_FLOAT))
        expected = xasprintf("geno_int_to_double(%s, %s)", expected, loc_arg(ex->loc));
    /* The actual value first, then the expected one, each at the entry
     * depth (geno_dl_) as the reference evaluates them. */
    sb_printf(out, "    GenoWord x_ = %s; geno_depth_left = geno_dl_;\n", to_word(ret, call.buf));
    sb_printf(out, "    geno_example_check(x_, %s, %s, \"%s\", %s);\n", to_word(ret, expected), type_desc(em, ret),
              f->name, loc_arg(ex->loc));
    free(call.buf);
}

/* gt_<n>: the example evaluated as code; returns its name. */
static char *example_function(Emitter *em, Def *f, Example *ex, int n) {
    StrBuf body = {0};
    sb_puts(&body, "    int64_t geno_dl_ = geno_depth_left;\n");   /* calls restore the depth to it */
    bool saved_entered = em->entered;
    em->entered = true;
    emit_example_code(em, &body, f, ex, def_cname(em, f->sym));
    em->entered = saved_entered;
    sb_printf(&em->lambdas, "static void gt_%d(void) {\n%s}\n\n", n, body.buf);
    free(body.buf);
    return xasprintf("gt_%d", n);
}

/* ---- the set ---------------------------------------------------------------- */

bool example_clause_counts(Def *f) { return f->kind == DEF_FUNC && f->sym && !f->is_async; }

/* Emits geno_example_set: its text holds the records in definition order
 * (emit_tests points into it through em->example_offsets), its slots the
 * functions they call. gt_<n> functions are numbered as the test cases of
 * `genoc test` are (examples and test blocks in definition order). Returns
 * the set's address, or "0" when there are no examples. */
char *emit_examples(Emitter *em, Program *p) {
    StrBuf text = {0}, slots = {0}, values = {0};
    int n = 0, k = 0, nslots = 0, total = 0;
    for (int i = 0; i < p->defs.len; i++)
        if (example_clause_counts(p->defs.items[i])) total += p->defs.items[i]->examples.len;
    em->example_offsets = xmalloc(sizeof(int64_t) * (total + 1));
    for (int i = 0; i < p->defs.len; i++) {
        Def *f = p->defs.items[i];
        if (f->kind == DEF_TEST) n++;
        if (!example_clause_counts(f)) continue;
        int fslot = -1;   /* f's pair of slots, once an example of it is data */
        for (int j = 0; j < f->examples.len; j++, n++, k++) {
            Example *ex = &f->examples.items[j];
            em->example_offsets[k] = (int64_t)text.len;
            values.len = 0;
            if (!encode_values(f, ex, &values)) {
                sb_printf(&slots, "(void *)%s, 0,\n", example_function(em, f, ex, n));
                sb_printf(&text, "c%d;", nslots);
                nslots += 2;
                continue;
            }
            bool direct = word_signature(f);
            if (fslot < 0) {
                Sym *s = f->sym;
                sb_printf(&slots, "(void *)%s, %s,\n", direct ? def_cname(em, s) : example_wrapper(em, f),
                          type_desc(em, s->ty->ret));
                fslot = nslots;
                nslots += 2;
            }
            sb_printf(&text, "%c%d;%lld;%zu:%s%d;", direct ? 'd' : 'w', fslot, (long long)loc_value(ex->loc),
                      strlen(f->name), f->name, f->params.len);
            sb_putn(&text, values.buf, values.len);
        }
    }
    free(values.buf);
    if (!total) return xstrdup("0");
    sb_printf(&em->lambdas, "static const void *const geno_example_slots[%d] = {\n%s};\n", nslots, slots.buf);
    sb_printf(&em->lambdas, "static const char geno_example_text[%zu] = \"", text.len + 1);
    c_string_body(&em->lambdas, text.buf ? text.buf : "", text.len);
    sb_printf(&em->lambdas, "\";\nstatic const GenoExampleSet geno_example_set = {geno_example_slots, geno_example_text, %d};\n\n",
              total);
    free(slots.buf);
    free(text.buf);
    return xstrdup("&geno_example_set");
}
