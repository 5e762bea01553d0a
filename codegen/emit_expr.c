/* emit_expr.c — C text for Geno expressions.
 *
 * Int arithmetic uses the inline fast-path macros of geno/rt.h (one machine
 * operation and a range check for small ints, a call only on overflow or
 * bignums); everything that can fail passes the Geno source position, so a
 * runtime error names the .geno line. Nothing from the source reaches the
 * C text unescaped: identifiers are prefixed (the lexer admits only
 * [A-Za-z0-9_]) and string bytes are written as C escapes.
 */
#include "emit.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* GENO_LOC(line, col) folded to one literal, 0x<line><col in 8 hex digits>
 * (line 3, column 5: 0x300000005LL): the emitted C passes a location to
 * nearly every runtime call, and expanding the macro at each one was ~15%
 * of tcc's compile time. */
int64_t loc_value(SrcLoc loc) { return ((int64_t)loc.line << 32) | (int64_t)(unsigned)loc.col; }

char *loc_arg(SrcLoc loc) {
    static const char hex[] = "0123456789abcdef";
    char buf[40], *p = buf + sizeof buf;
    *--p = 0;
    *--p = 'L';
    *--p = 'L';
    unsigned col = (unsigned)loc.col, line = (unsigned)loc.line;
    for (int i = 0; i < 8; i++, col >>= 4) *--p = hex[col & 15];
    while (line) {
        *--p = hex[line & 15];
        line >>= 4;
    }
    *--p = 'x';
    *--p = '0';
    return arena_strndup(p, strlen(p));
}

char *c_type(Type *t) {
    switch (ty_resolve(t)->kind) {
    case TY_INT: return "GenoInt";
    case TY_FLOAT: return "double";
    case TY_BOOL: return "int64_t";
    case TY_STRING: return "GenoStr *";
    case TY_LIST: return "GenoList *";
    case TY_ADT: return "GenoAdt *";
    case TY_TUPLE: return "GenoTuple *";
    case TY_FUNC: return "GenoClosure *";
    case TY_MAP: return "GenoMap *";
    case TY_SET: return "GenoSet *";
    case TY_ARRAY: return "GenoArray *";
    case TY_VEC: return "GenoVec *";
    case TY_MUTMAP: return "GenoMutMap *";
    case TY_ASYNC: return "GenoClosure *";
    default: return "GenoWord";
    }
}

static bool is_pointer(Type *t) {
    switch (ty_resolve(t)->kind) {
    case TY_INT: case TY_FLOAT: case TY_BOOL: case TY_UNIT: case TY_VAR:
    case TY_NEVER: case TY_ERROR: case TY_PARAM:
        return false;
    default:
        return true;
    }
}

char *to_word(Type *t, const char *x) {
    if (ty_is(t, TY_FLOAT)) return xasprintf("geno_f2w(%s)", x);
    if (is_pointer(t)) return xasprintf("(GenoWord)(uintptr_t)(%s)", x);
    return xasprintf("(GenoWord)(%s)", x);
}

char *from_word(Type *t, const char *w) {
    if (ty_is(t, TY_FLOAT)) return xasprintf("geno_w2f(%s)", w);
    if (is_pointer(t)) return xasprintf("((%s)(uintptr_t)(%s))", c_type(t), w);
    return xasprintf("((%s)(%s))", c_type(t), w);
}

/* ---- literals ------------------------------------------------------------ */

/* An Int literal that fits a tagged small Int; its value in *v. */
/* strtoll of an Int literal's text: true when it is all decimal (no errno,
 * nothing after). Up to 18 digits always fit, and are read here (codegen
 * asks for literal values tens of thousands of times); anything else goes
 * through strtoll. */
bool int_text_value(const char *text, long long *v) {
    long long x = 0;
    int n = 0;
    for (; n < 18 && text[n] >= '0' && text[n] <= '9'; n++) x = x * 10 + (text[n] - '0');
    if (n && !text[n]) {
        *v = x;
        return true;
    }
    errno = 0;
    char *end;
    *v = strtoll(text, &end, 10);
    return errno == 0 && *end == 0;
}

bool small_literal(Expr *e, long long *v) {
    if (e->kind != EX_INT) return false;
    return int_text_value(e->int_text, v) && *v >= -(1LL << 61) && *v < (1LL << 61);
}

static char *emit_int_literal(Emitter *em, Expr *e) {
    long long v;
    /* tagged 2v+1 as a bare `long` literal: GenoInt is int64_t, i.e. long on
     * LP64 (rt.h asserts it); no cast keeps tcc's parse of the many literals
     * short. Literal texts are unsigned digits (a minus is unary negation),
     * so the constant is positive and needs no parentheses. */
    if (small_literal(e, &v)) return xasprintf("%lldL", (long long)((unsigned long long)v * 2 + 1));
    (void)em;
    return xasprintf("geno_int_from_dec(\"%s\", %s)", e->int_text, loc_arg(e->loc));
}

static char *emit_float_literal(Expr *e) {
    /* A literal past DBL_MAX (400 digits) is inf, as Python's float(): %g
     * would print "inf", which is no C constant (an undeclared name). */
    if (isinf(e->float_val)) return xstrdup("(1e308 * 10.0)");
    return xasprintf("((double)%.17g)", e->float_val);
}

/* Appends `s` (n bytes) as a C string literal body: printable ASCII as is,
 * everything else (and `"`, `\`, `?` of trigraphs) as three-digit octal
 * escapes, so no source text can end the literal or the line. */
void c_string_body(StrBuf *sb, const char *s, size_t n) {
    size_t run = 0;   /* start of the pending run of plain characters */
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\' || ch == '?' || ch < 0x20 || ch >= 0x7f) {
            sb_putn(sb, s + run, i - run);
            char esc[4] = {'\\', (char)('0' + (ch >> 6)), (char)('0' + ((ch >> 3) & 7)), (char)('0' + (ch & 7))};
            sb_putn(sb, esc, 4);
            run = i + 1;
        }
    }
    sb_putn(sb, s + run, n - run);
}

void c_string_literal(StrBuf *sb, const char *s) {
    sb_putc(sb, '"');
    c_string_body(sb, s, strlen(s));
    sb_putc(sb, '"');
}

static long utf8_count(const char *s, size_t n) {
    long cp = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80) cp++;
    return cp;
}

static char *emit_string_literal(Emitter *em, const char *s, size_t n) {
    int id = ++em->tmp;
    /* GENO_STR_LIT written out (a function-like macro costs tcc more), its
     * struct type declared once per size: a struct declaration per literal
     * was half of what tcc spent on it */
    const void *size = (const void *)(uintptr_t)(n + 1);
    if (!ptrmap_get(&em->str_sizes, size)) {
        ptrmap_put(&em->str_sizes, size, (void *)1);
        sb_printf(&em->head, "typedef GENO_STR_STATIC(%zu) GenoStrLit%zu;\n", n + 1, n + 1);
    }
    sb_printf(&em->head, "static GenoStrLit%zu str_%d = {%zu, %ld, str_%d.b_, \"", n + 1, id, n, utf8_count(s, n), id);
    c_string_body(&em->head, s, n);
    sb_puts(&em->head, "\"};\n");
    return xasprintf("((GenoStr *)&str_%d)", id);
}

/* The f-string e as a GenoStr *. With view_id > 0 the value is the
 * GenoStr fv_<view_id> over the builder's bytes (geno_buf_view), and for cc
 * the builder starts in fb_<view_id>: the caller declares both in a block
 * around the use and copies the bytes before that block ends
 * (emit_strcat.c). */
char *emit_fstring_in(Emitter *em, Expr *e, int view_id) {
    StrBuf sb = {0};
    int id = ++em->tmp;
    /* The builder starts in this frame: only the result is allocated. cc
     * reuses block slots, so each f-string has a buffer of its own; tcc
     * gives every block's locals their own slots (a buffer per f-string
     * grew frames until recursion hit E502 where the reference finishes),
     * so there the function's f-strings share its one fb_fn
     * (emit_func_body), or build on the heap where it has none (lambdas,
     * examples). */
    char *space = NULL;
    sb_puts(&sb, "({ ");
    if (!em->tcc_only) {
        if (view_id <= 0) sb_printf(&sb, "GenoWord fb_%d[GENO_FBUF_WORDS]; ", id);
        space = xasprintf("fb_%d", view_id > 0 ? view_id : id);
    } else if (em->fbuf_fn) {
        space = xstrdup("fb_fn");
    }
    if (space) sb_printf(&sb, "GenoBuf *b_%d = geno_buf_on_stack(%s, sizeof %s); ", id, space, space);
    else sb_printf(&sb, "GenoBuf *b_%d = geno_buf_new(); ", id);
    for (int i = 0; i < e->elems.len; i++) {
        Expr *part = e->elems.items[i];
        char *v = emit_expr(em, part);
        if (ty_is(part->ty, TY_STRING))
            sb_printf(&sb, "geno_buf_add_str(b_%d, %s); ", id, v);
        else if (ty_is(part->ty, TY_INT) && ty_is(emitted_type(part), TY_INT))
            sb_printf(&sb, "geno_buf_add_int(b_%d, %s); ", id, v);
        else
            sb_printf(&sb, "geno_buf_add_value(b_%d, %s, %s); ", id, to_word(part->ty, v),
                      type_desc(em, part->ty));
    }
    if (view_id > 0)
        sb_printf(&sb, "geno_buf_view(b_%d, &fv_%d, %s); })", id, view_id, loc_arg(e->loc));
    else
        sb_printf(&sb, "geno_buf_finish(b_%d, %s); })", id, loc_arg(e->loc));
    return sb_take(&sb);
}

static char *emit_list(Emitter *em, Expr *e) {
    if (e->elems.len == 0) return xstrdup("geno_list_empty()");
    Type *elem = ty_resolve(e->ty)->args[0];
    StrBuf sb = {0};
    int id = ++em->tmp;
    sb_printf(&sb, "({ GenoWord t_%d[%d] = {", id, e->elems.len);
    for (int i = 0; i < e->elems.len; i++)
        sb_printf(&sb, "%s%s", i ? ", " : "", to_word(elem, emit_expr(em, e->elems.items[i])));
    sb_printf(&sb, "}; geno_list_of(%d, t_%d, %s); })", e->elems.len, id, loc_arg(e->loc));
    return sb_take(&sb);
}

/* ---- operators ----------------------------------------------------------- */

/* The type of the C value emit_expr gives for e (coercions applied). */
Type *emitted_type(Expr *e) {
    return (e->aux & AUX_TO_FLOAT) ? ty_prim(TY_FLOAT) : e->ty;
}

static char *as_float(Expr *e, const char *v) {
    if (ty_is(emitted_type(e), TY_INT)) return xasprintf("GENO_INT_TO_DOUBLE(%s, %s)", v, loc_arg(e->loc));
    return xstrdup(v);
}

static const char *c_cmp_op(Op op) {
    switch (op) {
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_LT: return "<";
    case OP_GT: return ">";
    case OP_LE: return "<=";
    case OP_GE: return ">=";
    default: return "?";
    }
}

static bool is_comparison(Op op) { return op >= OP_EQ && op <= OP_GE; }

/* Both operands and the result provably small (emit_ranges.c): the machine
 * operation on the tagged words, no tag test or overflow check; NULL when
 * that is not proved. */
/* The value of small operand x (C text c), and its tagged word minus the
 * tag: for a literal the constant itself (`3L`, `6L` for 7L - 1), which is
 * the same number with less C for tcc to parse. */
char *tag_small(const char *value) { return xasprintf("((GenoInt)(%s) * 2 + 1)", value); }

char *untag_small(const char *word) { return xasprintf("((int64_t)(%s) >> 1)", word); }

static char *untagged(Expr *x, const char *c) {
    long long v;
    return small_literal(x, &v) ? xasprintf("%lldL", v) : untag_small(c);
}

static char *tag_cleared(Expr *x, const char *c) {
    long long v;
    return small_literal(x, &v) ? xasprintf("%lldL", 2 * v) : xasprintf("((%s) - 1)", c);
}

static char *emit_small_binary(Emitter *em, Expr *e, const char *a, const char *b) {
    IntRange ra, rb, rr;
    if (!small_int_range(em, e->a, &ra)) return NULL;
    if (e->op == OP_MOD && e->b->kind == EX_INT && small_int_range(em, e, &rr) && rr.hi > 0) {
        if (ra.lo >= 0)   /* unsigned: a power of two is a mask */
            return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("(int64_t)((uint64_t)%s %% (uint64_t)%s)",
                                                                          untag_small(a), untagged(e->b, b))));
        return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("%s %% %s", untag_small(a), untagged(e->b, b))));
    }
    if (!small_int_range(em, e->b, &rb)) return NULL;
    /* a divisor proved >= 1 where it is used (`if b == 0 then return`
     * before): |a / b| <= |a| and |a % b| <= |a|, small as a is */
    bool div_ok = (e->op == OP_MOD || e->op == OP_DIV) && (rb.lo >= 1 || int_positive_here(em, e->b));
    switch (e->op) {
    case OP_ADD:
        if (!small_int_range(em, e, &rr)) return NULL;
        return xasprintf("GENO_KNOWN_SMALL((GenoInt)((%s) + %s))", a, tag_cleared(e->b, b));
    case OP_SUB:
        if (!small_int_range(em, e, &rr)) return NULL;
        return xasprintf("GENO_KNOWN_SMALL((GenoInt)((%s) - %s))", a, tag_cleared(e->b, b));
    case OP_MUL: {
        if (!small_int_range(em, e, &rr)) return NULL;
        /* A literal factor k: tagged k*v is k * (x - 1) + 1 for x = 2v + 1
         * (one lea or imul; k * 2v is small as the product is). */
        long long k;
        if (small_literal(e->a, &k)) return xasprintf("GENO_KNOWN_SMALL((GenoInt)(%lldL * ((%s) - 1) + 1))", k, b);
        if (small_literal(e->b, &k)) return xasprintf("GENO_KNOWN_SMALL((GenoInt)(%lldL * ((%s) - 1) + 1))", k, a);
        return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("%s * %s", untag_small(a), untagged(e->b, b))));
    }
    case OP_MOD:   /* a divisor proved >= 1: no error, |a % b| <= |a| (small), C truncates too */
        if (!div_ok) return NULL;
        if (ra.lo >= 0)
            return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("(int64_t)((uint64_t)%s %% (uint64_t)%s)",
                                                                          untag_small(a), untag_small(b))));
        return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("%s %% %s", untag_small(a), untag_small(b))));
    case OP_DIV:
        if (!div_ok) return NULL;   /* proved only for a positive divisor */
        if (ra.lo >= 0)   /* unsigned: a power of two is a shift */
            return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("(int64_t)((uint64_t)%s / (uint64_t)%s)",
                                                                          untag_small(a), untagged(e->b, b))));
        return xasprintf("GENO_KNOWN_SMALL(%s)", tag_small(xasprintf("%s / %s", untag_small(a), untagged(e->b, b))));
    case OP_EQ: case OP_NE: case OP_LT: case OP_GT: case OP_LE: case OP_GE:
        return xasprintf("((int64_t)((%s) %s (%s)))", a, c_cmp_op(e->op), b);
    case OP_BAND: case OP_BXOR: case OP_SHL: case OP_SHR:
        return emit_small_bits(em, e, a, b);
    default:
        return NULL;
    }
}

static char *emit_int_binary(Emitter *em, Expr *e, const char *a, const char *b) {
    char *L = loc_arg(e->loc);
    char *fast = emit_small_binary(em, e, a, b);
    if (!fast && e->op == OP_MOD) fast = emit_wide_mod(em, e, a, b);
    if (fast) return fast;
    if (e->op == OP_MOD) {
        char *fused = emit_fused_mod(em, e, xasprintf("GENO_INT_MOD(%s, %s, %s)", a, b, L));
        if (fused) return fused;
    }
    /* A fresh operand (rt/int_owned.c) receives a big result. */
    const char *into = is_fresh_int(e->a) ? "_INTO" : is_fresh_int(e->b) && e->op != OP_DIV ? "_INTO_R" : "";
    switch (e->op) {
    case OP_ADD: return xasprintf("GENO_INT_ADD%s(%s, %s, %s)", into, a, b, L);
    case OP_SUB: return xasprintf("GENO_INT_SUB%s(%s, %s, %s)", into, a, b, L);
    case OP_MUL: return xasprintf("GENO_INT_MUL%s(%s, %s, %s)", into, a, b, L);
    case OP_DIV: return xasprintf("GENO_INT_DIV%s(%s, %s, %s)", into, a, b, L);
    case OP_MOD: return xasprintf("GENO_INT_MOD(%s, %s, %s)", a, b, L);
    case OP_BAND: return xasprintf("GENO_INT_AND(%s, %s, %s)", a, b, L);
    case OP_BXOR: return xasprintf("GENO_INT_XOR(%s, %s, %s)", a, b, L);
    case OP_SHL: return xasprintf("GENO_INT_SHL(%s, %s, %s)", a, b, L);
    case OP_SHR: return xasprintf("GENO_INT_SHR(%s, %s, %s)", a, b, L);
    case OP_POW: {
        /* The reference yields a Float for a negative exponent although the
         * static type is Int; genoc reports it (docs/compat.md). */
        int id = ++em->tmp;
        return xasprintf("({ int f_%d; GenoWord w_%d = geno_int_pow(%s, %s, &f_%d, %s); "
                         "if (f_%d) geno_raise(\"E499\", %s, \"Negative exponent in Int ** Int is not supported by genoc\"); "
                         "(GenoInt)w_%d; })", id, id, a, b, id, L, id, L, id);
    }
    case OP_EQ: return xasprintf("((int64_t)GENO_INT_EQ(%s, %s))", a, b);
    case OP_NE: return xasprintf("((int64_t)!GENO_INT_EQ(%s, %s))", a, b);
    case OP_LT: return xasprintf("((int64_t)GENO_INT_LT(%s, %s))", a, b);
    case OP_GT: return xasprintf("((int64_t)GENO_INT_GT(%s, %s))", a, b);
    case OP_LE: return xasprintf("((int64_t)GENO_INT_LE(%s, %s))", a, b);
    case OP_GE: return xasprintf("((int64_t)GENO_INT_GE(%s, %s))", a, b);
    default: return xstrdup("0");
    }
}

/* e (a Float) cannot be 0: int_to_float of an Int proved nonzero (emit_ranges.c). */
static bool float_nonzero(Emitter *em, Expr *e) {
    const char *b = called_builtin(e);
    IntRange r;
    return b && !strcmp(b, "int_to_float") && e->elems.len == 1 && small_int_range(em, e->elems.items[0], &r) &&
           (r.lo > 0 || r.hi < 0);
}

static char *emit_float_binary(Emitter *em, Expr *e, const char *a, const char *b) {
    char *L = loc_arg(e->loc);
    switch (e->op) {
    case OP_ADD: return xasprintf("(%s + %s)", a, b);
    case OP_SUB: return xasprintf("(%s - %s)", a, b);
    case OP_MUL: return xasprintf("(%s * %s)", a, b);
    case OP_DIV:
        if (float_nonzero(em, e->b)) return xasprintf("(%s / %s)", a, b);
        return xasprintf("GENO_FLOAT_DIV(%s, %s, %s)", a, b, L);
    case OP_MOD: return xasprintf("geno_float_mod(%s, %s, %s)", a, b, L);
    case OP_POW: return xasprintf("geno_float_pow(%s, %s, %s)", a, b, L);
    default: return xasprintf("((int64_t)(%s %s %s))", a, c_cmp_op(e->op), b);
    }
}

/* Int compared with Float: exact, as the reference (no rounding of the Int). */
static char *emit_mixed_compare(Expr *e, const char *a, const char *b) {
    bool int_left = ty_is(e->a->ty, TY_INT);
    const char *iv = int_left ? a : b, *fv = int_left ? b : a;
    /* cmp = sign(int - float); 2 when the Float is NaN (every test false but !=). */
    char *cmp = xasprintf("geno_int_float_cmp(%s, %s)", iv, fv);
    const char *op = c_cmp_op(e->op);
    if (!int_left) {   /* float OP int  ==  int (mirrored OP) float */
        switch (e->op) {
        case OP_LT: op = ">"; break;
        case OP_GT: op = "<"; break;
        case OP_LE: op = ">="; break;
        case OP_GE: op = "<="; break;
        default: break;
        }
    }
    if (e->op == OP_NE) return xasprintf("((int64_t)(%s != 0))", cmp);
    return xasprintf("({ int c_ = %s; (int64_t)(c_ != 2 && c_ %s 0); })", cmp, op);
}

/* An Int operand of + - * / % or a comparison: an owned Int local is read
 * without clearing its flag (emit_int_owned.c), as these results are new
 * numbers (or small) and keep no reference to their operands. */
char *emit_int_operand(Emitter *em, Expr *x) {
    if (x->kind == EX_IDENT && ty_is(x->ty, TY_INT) && is_owned_list(em, x->sym)) return local_ref(em, x->sym);
    return emit_expr(em, x);
}

static char *emit_operand(Emitter *em, Expr *e, Expr *x) {
    bool keeps_none = (e->op >= OP_ADD && e->op <= OP_MOD) || is_comparison(e->op);
    if (keeps_none && ty_is(x->ty, TY_INT)) return emit_int_operand(em, x);
    /* A String comparison keeps neither operand (`+` may return one of
     * them): an owned String local (emit_strcat.c) stays owned. */
    if (is_comparison(e->op) && x->kind == EX_IDENT && ty_is(x->ty, TY_STRING) && is_owned_list(em, x->sym))
        return local_ref(em, x->sym);
    return emit_expr(em, x);
}

static char *emit_binary(Emitter *em, Expr *e) {
    char *fused = emit_fused_int(em, e);
    if (fused) return fused;
    char *parity = emit_parity_test(em, e);
    if (parity) return parity;
    char *a = emit_operand(em, e, e->a), *b = emit_operand(em, e, e->b);
    Type *lt = ty_resolve(e->a->ty), *rt = ty_resolve(e->b->ty);
    if (e->op == OP_AND) return xasprintf("((int64_t)(%s && %s))", a, b);
    if (e->op == OP_OR) return xasprintf("((int64_t)(%s || %s))", a, b);
    if (lt->kind == TY_INT && rt->kind == TY_INT && !ty_is(e->ty, TY_FLOAT))
        return emit_int_binary(em, e, a, b);
    if (ty_is_numeric(lt) && ty_is_numeric(rt)) {
        if (is_comparison(e->op) && lt->kind != rt->kind) return emit_mixed_compare(e, a, b);
        return emit_float_binary(em, e, as_float(e->a, a), as_float(e->b, b));
    }
    if (lt->kind == TY_STRING) {
        if (e->op == OP_ADD) return xasprintf("geno_str_concat(%s, %s, %s)", a, b, loc_arg(e->loc));
        if (e->op == OP_EQ) return xasprintf("((int64_t)GENO_STR_EQ(%s, %s))", a, b);
        if (e->op == OP_NE) return xasprintf("((int64_t)!GENO_STR_EQ(%s, %s))", a, b);
        return xasprintf("((int64_t)(geno_str_cmp(%s, %s) %s 0))", a, b, c_cmp_op(e->op));
    }
    if (lt->kind == TY_BOOL || lt->kind == TY_UNIT)
        return xasprintf("((int64_t)((%s) %s (%s)))", a, c_cmp_op(e->op), b);
    /* Structural equality on anything else; Int and Float compare by value
     * inside structures, so differing types go through geno_equal2. */
    char *eq = ty_equal(lt, rt)
        ? xasprintf("geno_equal(%s, %s, %s)", to_word(lt, a), to_word(lt, b), type_desc(em, lt))
        : xasprintf("geno_equal2(%s, %s, %s, %s)", to_word(lt, a), type_desc(em, lt), to_word(rt, b), type_desc(em, rt));
    return xasprintf("((int64_t)%s%s)", e->op == OP_NE ? "!" : "", eq);
}

static char *emit_unary(Emitter *em, Expr *e) {
    char *a = emit_expr(em, e->a);
    switch (e->op) {
    case OP_NEG:
        if (ty_is(e->a->ty, TY_FLOAT)) return xasprintf("(-(%s))", a);
        return xasprintf("GENO_INT_NEG(%s, %s)", a, loc_arg(e->loc));
    case OP_BNOT: return xasprintf("geno_int_not(%s, %s)", a, loc_arg(e->loc));
    case OP_NOT: return xasprintf("((int64_t)!(%s))", a);
    default: return xstrdup("0");
    }
}

/* ---- calls --------------------------------------------------------------- */

static char *emit_call(Emitter *em, Expr *e) {
    Sym *s = e->sym;
    /* Only a callee that names the function is a direct call: for
     * `f(a)(b)` the checker's sym on the outer call is f's, but the callee
     * is the value f(a) returns. */
    Expr *callee = e->kind == EX_PIPELINE ? e->b : e->a;
    bool named = callee && (callee->kind == EX_IDENT || callee->kind == EX_FIELD);
    if (named && s && s->kind == SYM_BUILTIN)
        return emit_builtin(em, e, s->builtin_name ? s->builtin_name : s->name);
    if (!named || !s || s->kind != SYM_FUNC) {
        /* A function value: its arguments are positional as written (for a
         * pipeline, elems already hold them with the placeholder filled). */
        ExprList args = {0};
        if (e->kind == EX_PIPELINE || (named && e->elems.len)) args = e->elems;
        else
            for (int i = 0; i < e->args.len; i++) vec_push(&args, e->args.items[i].value);
        return emit_closure_call(em, callee, &args, e->loc);
    }
    char *cname = def_cname(em, s);
    if (s->def && s->def->is_async) return emit_async_call(em, e, cname);
    bool tail = e == em->tail_call;
    if (em->rr && s->def && is_regrec(em, s->def)) return regrec_call(em, e);
    if (em->leaf_prepaid) {   /* a counted leaf call of a prepaid loop (emit_prepaid_leaf.c) */
        char *r = prepaid_leaf_call(em, e);
        if (r) return r;
    }
    if (e == em->own_call) cname = xasprintf("%s_own", cname);   /* emit_slot_store (emit_reuse.c) */
    char *args = emit_call_args(em, e);
    char *call = xasprintf("%s(%s)", cname, args[0] ? args + 2 : "");
    if (tail) return call;
    Type *ret = s->def ? func_result_type(s->def) : ty_resolve(s->ty)->ret;
    return depth_kept_call(em, c_type(ret), call);
}

/* Named functions leave geno_depth as their deepest entry set it: the
 * caller puts back its own depth after the call. So `return f(x)` needs
 * nothing after the call, and cc turns tail calls into jumps (loops for
 * self and mutual recursion) while every frame still counts as one level,
 * as in the reference (rt/limits.c). Lambdas, test blocks and the tuple
 * out-variants (emit.c) undo their own GENO_ENTER instead. */
char *depth_kept_call(Emitter *em, const char *ctype, const char *call) {
    int id = ++em->tmp;
    if (em->entered)   /* the depth is the one this body entered at: no load before the call */
        return xasprintf("({ %s r_%d = %s; geno_depth_left = geno_dl_; r_%d; })", ctype, id, call, id);
    return xasprintf("({ int64_t d_%d = geno_depth_left; %s r_%d = %s; geno_depth_left = d_%d; r_%d; })", id, ctype,
                     id, call, id, id);
}

/* The same from a C function of its own (a trampoline, an example): it has
 * no geno_dl_ even while a body that has one is being emitted. */
char *depth_kept_call_outside(Emitter *em, const char *ctype, const char *call) {
    bool saved = em->entered;
    em->entered = false;
    char *r = depth_kept_call(em, ctype, call);
    em->entered = saved;
    return r;
}

/* The C arguments of a direct call (elems hold them in parameter order),
 * each preceded by ", ". */
char *emit_call_args(Emitter *em, Expr *e) {
    StrBuf sb = {0};
    for (int i = 0; i < e->elems.len; i++) sb_printf(&sb, ", %s", emit_expr(em, e->elems.items[i]));
    return sb_take(&sb);
}

/* A direct call of a user function whose tuple result can be written to
 * the caller's buffer (emit.c, tuple_out_arity): its Def, else NULL. */
Def *tuple_out_callee(Expr *e) {
    if (e->kind != EX_CALL && e->kind != EX_PIPELINE) return NULL;
    Expr *callee = e->kind == EX_PIPELINE ? e->b : e->a;
    Sym *s = e->sym;
    if (!callee || (callee->kind != EX_IDENT && callee->kind != EX_FIELD)) return NULL;
    if (!s || s->kind != SYM_FUNC || !s->def) return NULL;
    return tuple_out_arity(s->def) ? s->def : NULL;
}

static char *emit_ident(Emitter *em, Expr *e) {
    Sym *s = e->sym;
    if (s && s->kind == SYM_FUNC) return emit_func_value(em, s);
    if (s && s->kind == SYM_BUILTIN) return emit_callable_value(em, e);
    if (s && s->kind == SYM_CTOR) return emit_ctor(em, e);
    if (!s || s->kind != SYM_LOCAL) {
        emit_unsupported(em, e->loc, "this name as a value");
        return xstrdup("0");
    }
    if (is_join_acc(em, s)) {   /* emit_strbuild.c lets no other mention through */
        emit_unsupported(em, e->loc, "this use of a joined list");
        return xstrdup("0");
    }
    if (is_owned_list(em, s))   /* the reader may keep the header: no longer ours */
        return xasprintf("(%s = 0, %s)", owned_flag(s), local_ref(em, s));
    if (is_small_local(em, s)) return xasprintf("GENO_KNOWN_SMALL(%s)", local_ref(em, s));
    return local_ref(em, s);
}

static char *emit_index(Emitter *em, Expr *e) {
    Type *t = ty_resolve(e->a->ty);
    char *a = t->kind == TY_LIST || t->kind == TY_MAP ? emit_list_peek(em, e->a) : emit_expr(em, e->a);
    char *i = emit_expr(em, e->b), *L = loc_arg(e->loc);
    switch (t->kind) {
    case TY_STRING: return xasprintf("geno_str_index(%s, %s, %s)", a, i, L);
    case TY_LIST: {
        char *w = emit_list_window_index(em, e, i);   /* emit_windows.c */
        return from_word(e->ty, w ? w : xasprintf("GENO_LIST_INDEX(%s, %s, %s)", a, i, L));
    }
    case TY_ARRAY:
        if (index_in_bounds(em, e->a, e->b))   /* emit_bounds.c: nothing to check */
            return from_word(e->ty, xasprintf("%s_AT(%s, %s)", array_macros(t), a, i));
        return from_word(e->ty, xasprintf("%s_INDEX(%s, %s, %s)", array_macros(t), a, i, L));
    case TY_MAP:
        return from_word(e->ty, xasprintf("geno_map_index(%s, %s, %s, %s)", a, to_word(e->b->ty, i),
                                          type_desc(em, t), L));
    default:
        emit_unsupported(em, e->loc, "this index");
        return xstrdup("0");
    }
}

/* target[index] = value on an Array, Vec or MutableMap (a statement). */
char *emit_index_assign(Emitter *em, Stmt *s) {
    Type *t = ty_resolve(s->target->ty);
    bool at = t->kind == TY_ARRAY && index_in_bounds(em, s->target, s->index);   /* emit_bounds.c */
    char *a = emit_expr(em, s->target), *i = emit_expr(em, s->index), *L = loc_arg(s->loc);
    char *v = to_word(t->kind == TY_MUTMAP ? t->args[1] : t->args[0], emit_expr(em, s->value));
    switch (t->kind) {
    case TY_ARRAY:
        if (at) return xasprintf("%s_AT_SET(%s, %s, %s);", array_macros(t), a, i, v);
        return xasprintf("%s_INDEX_SET(%s, %s, %s, %s);", array_macros(t), a, i, v, L);
    case TY_VEC: return xasprintf("GENO_VEC_INDEX_SET(%s, %s, %s, %s);", a, i, v, L);
    case TY_MUTMAP:
        return xasprintf("geno_mutable_map_set(%s, %s, %s, %s, %s);", a, to_word(s->index->ty, i), v,
                         type_desc(em, t), L);
    default:
        emit_unsupported(em, s->loc, "this index assignment");
        return xstrdup("");
    }
}

/* ---- dispatch ------------------------------------------------------------ */

static char *emit_expr_raw(Emitter *em, Expr *e) {
    switch (e->kind) {
    case EX_INT: return emit_int_literal(em, e);
    case EX_FLOAT: return emit_float_literal(e);
    case EX_STRING: return emit_string_literal(em, e->str, e->str_len);
    case EX_FSTRING: return emit_fstring_in(em, e, 0);
    case EX_BOOL: return xstrdup(e->bool_val ? "((int64_t)1)" : "((int64_t)0)");
    case EX_IDENT: return emit_ident(em, e);
    case EX_TYPE_IDENT:
    case EX_CTOR: return emit_ctor(em, e);
    case EX_TUPLE: return emit_tuple(em, e);
    case EX_FIELD: return emit_field(em, e);
    case EX_WITH: return emit_with(em, e);
    case EX_MATCH: return emit_match_expr(em, e);
    case EX_LAMBDA: return emit_lambda(em, e);
    case EX_THROW: return emit_throw(em, e, NULL);
    case EX_PROPAGATE: return emit_propagate(em, e);
    case EX_LIST_COMP: return emit_list_comp(em, e);
    case EX_HOLE: return emit_hole(em, e);
    case EX_AWAIT: return emit_await(em, e);
    case EX_LIST: return emit_list(em, e);
    case EX_BINARY: return emit_binary(em, e);
    case EX_UNARY: return emit_unary(em, e);
    case EX_CALL:
    case EX_PIPELINE: return emit_call(em, e);   /* pipelines: elems hold the stage's arguments */
    case EX_INDEX: return emit_index(em, e);
    default:
        break;
    }
    emit_unsupported(em, e->loc, "this expression");
    return xstrdup("0");
}

char *emit_expr(Emitter *em, Expr *e) {
    char *v = emit_expr_raw(em, e);
    if (e->aux & AUX_TO_FLOAT) return xasprintf("GENO_INT_TO_DOUBLE(%s, %s)", v, loc_arg(e->loc));
    return v;
}

char *emit_expr_as(Emitter *em, Expr *e, Type *as) {
    if (e->kind == EX_THROW) return emit_throw(em, e, as);
    return emit_expr(em, e);
}
