/* parse_decl.c — the program and its top-level definitions.
 *
 * parse_program lexes the source, then parses definitions one by one:
 *
 *   [@untested("why")] [export] [@untested("why")] [async] func …  end func [name]
 *   type …            (parse_type.c)
 *   import M [as A]
 *   trait T  func m(params) -> R …  end trait
 *   impl T for Ty  func … end func …  end impl
 *   test "name"  statements and asserts  end test
 *
 * A syntax error inside a definition is caught here (setjmp), recorded
 * unless it sits at the same place as the previous one, and the parser
 * skips ahead to the next token that can start a definition. This file
 * also holds the token helpers and node constructors the other parser
 * files share.
 */
#include "parser.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- token helpers -------------------------------------------------------- */

Token *p_cur(Parser *p) { return &p->toks[p->pos]; }
TokKind p_kind(Parser *p) { return p->toks[p->pos].kind; }

Token *p_peek(Parser *p, int off) {
    int i = p->pos + off;
    return i < p->ntoks ? &p->toks[i] : &p->toks[p->ntoks - 1];
}

Token *p_advance(Parser *p) {
    Token *t = p_cur(p);
    if (p->pos < p->ntoks - 1) p->pos++;
    return t;
}

bool p_check(Parser *p, TokKind k) { return p_kind(p) == k; }

Token *p_match(Parser *p, TokKind k) { return p_kind(p) == k ? p_advance(p) : NULL; }

Token *p_expect(Parser *p, TokKind k, const char *msg) {
    if (p_kind(p) == k) return p_advance(p);
    if (msg) p_raise(p, "E201", p_cur(p)->loc, "%s", msg);
    p_raise(p, "E201", p_cur(p)->loc, "Expected %s, got %s", tok_kind_str(k),
            tok_kind_str(p_kind(p)));
}

void p_raise(Parser *p, const char *code, SrcLoc loc, const char *fmt, ...) {
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    p->err_code = code ? code : "E200";
    p->err_msg = sb_take(&sb);
    p->err_loc = loc;
    longjmp(*p->on_error, 1);
}

void p_error(Parser *p, const char *fmt, ...) {
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    p_raise(p, "E202", p_cur(p)->loc, "%s", sb.buf ? sb.buf : "");
}

static bool same_loc(SrcLoc a, SrcLoc b) {
    return a.line == b.line && a.col == b.col &&
           (a.file == b.file || (a.file && b.file && strcmp(a.file, b.file) == 0));
}

void p_record(Parser *p, const char *code, SrcLoc loc, const char *msg) {
    if (p->has_last && same_loc(p->last_loc, loc)) return;
    diag_add(p->d, code, loc, "%s", msg);
    p->has_last = true;
    p->last_loc = loc;
}

void depth_enter(Parser *p, const char *what, bool leaky) {
    if (++p->depth > MAX_NESTING) {
        if (leaky) p->leaked_depth++;
        else p->depth--;
        p_raise(p, NULL, p_cur(p)->loc, "%s nesting too deep (>%d)", what, MAX_NESTING);
    }
}

Parser *parser_new(const char *path, TokenList toks, Diags *d) {
    Parser *p = xmalloc(sizeof *p);
    p->path = path;
    p->toks = toks.items;
    p->ntoks = toks.len;
    p->d = d;
    return p;
}

/* ---- node constructors ---------------------------------------------------- */

Expr *new_expr(ExprKind k, SrcLoc loc) {
    Expr *e = xmalloc_node(sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

Stmt *new_stmt(StmtKind k, SrcLoc loc) {
    Stmt *s = xmalloc_node(sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

Pattern *new_pattern(PatternKind k, SrcLoc loc) {
    Pattern *pt = xmalloc_node(sizeof *pt);
    pt->kind = k;
    pt->loc = loc;
    return pt;
}

TypeExpr *new_type_expr(TypeExprKind k, SrcLoc loc) {
    TypeExpr *t = xmalloc_node(sizeof *t);
    t->kind = k;
    t->loc = loc;
    return t;
}

Def *new_def(DefKind k, SrcLoc loc) {
    Def *d = xmalloc_node(sizeof *d);
    d->kind = k;
    d->loc = loc;
    return d;
}

/* ---- parameters, effects, specification clauses --------------------------- */

static Param parse_parameter(Parser *p) {
    Param prm = {0};
    prm.loc = p_cur(p)->loc;
    prm.name = p_expect(p, T_IDENT, "Expected parameter name")->text;
    p_expect(p, T_COLON, NULL);
    prm.type = parse_type(p);
    if (p_match(p, T_ASSIGN)) prm.default_value = parse_expression(p);
    return prm;
}

ParamList parse_parameter_list(Parser *p) {
    ParamList params = {0};
    if (p_check(p, T_RPAREN)) return params;
    vec_push(&params, parse_parameter(p));
    while (p_match(p, T_COMMA)) vec_push(&params, parse_parameter(p));
    /* Required parameters may not follow defaulted ones; reported without
     * abandoning the definition. */
    bool seen_default = false;
    for (int i = 0; i < params.len; i++) {
        Param *prm = &params.items[i];
        if (prm->default_value) {
            seen_default = true;
        } else if (seen_default) {
            char *msg = xasprintf("Required parameter '%s' cannot follow a parameter "
                                  "with a default value", prm->name);
            p_record(p, "E200", prm->loc, msg);
            xfree(msg);
        }
    }
    return params;
}

NameList parse_effect_list(Parser *p) {
    NameList effects = {0};
    if (!p_check(p, T_IDENT) && !p_check(p, T_THROW))
        p_error(p, "Expected effect name after 'with'");
    vec_push(&effects, p_advance(p)->text);
    while (p_match(p, T_COMMA)) {
        if (!p_check(p, T_IDENT) && !p_check(p, T_THROW))
            p_error(p, "Expected effect name after ','");
        vec_push(&effects, p_advance(p)->text);
    }
    return effects;
}

static void parse_example_clause(Parser *p, Def *fn) {
    Example ex = {0};
    ex.loc = p_cur(p)->loc;
    p_expect(p, T_EXAMPLE, NULL);
    vec_push(&ex.args, parse_expression(p));
    while (p_match(p, T_COMMA)) vec_push(&ex.args, parse_expression(p));
    p_expect(p, T_ARROW, NULL);
    ex.output = parse_expression(p);
    /* `example () -> v` gives a zero-argument example. */
    if (ex.args.len == 1 && ex.args.items[0]->kind == EX_TUPLE &&
        ex.args.items[0]->elems.len == 0)
        ex.args.len = 0;
    vec_push(&fn->examples, ex);
}

static void parse_spec_block(Parser *p, Def *fn) {
    for (;;) {
        if (p_match(p, T_REQUIRES)) vec_push(&fn->requires_, parse_expression(p));
        else if (p_match(p, T_ENSURES)) vec_push(&fn->ensures, parse_expression(p));
        else if (p_check(p, T_EXAMPLE)) parse_example_clause(p, fn);
        else break;
    }
}

/* ---- definitions ---------------------------------------------------------- */

static Def *parse_function_def(Parser *p, bool is_async) {
    Def *fn = new_def(DEF_FUNC, p_cur(p)->loc);
    fn->is_async = is_async;
    p_expect(p, T_FUNC, NULL);
    fn->name = p_expect(p, T_IDENT, "Expected function name")->text;
    p_expect(p, T_LPAREN, NULL);
    fn->params = parse_parameter_list(p);
    p_expect(p, T_RPAREN, NULL);
    p_expect(p, T_ARROW, NULL);
    fn->ret = parse_type(p);
    if (p_match(p, T_WITH)) fn->effects = parse_effect_list(p);
    parse_spec_block(p, fn);
    fn->body = parse_statement_list(p);
    p_expect(p, T_END, NULL);
    p_expect(p, T_FUNC, NULL);
    if (p_check(p, T_IDENT)) {
        fn->closing_name = p_advance(p)->text;
        if (strcmp(fn->closing_name, fn->name) != 0)
            p_error(p, "Function closing name '%s' doesn't match '%s'",
                    fn->closing_name, fn->name);
    }
    return fn;
}

static char *parse_untested_annotation(Parser *p) {
    p_expect(p, T_AT, NULL);
    Token *name = p_expect(p, T_IDENT, "Expected annotation name after '@'");
    if (strcmp(name->text, "untested") != 0)
        p_error(p, "Unknown annotation '@%s', expected '@untested'", name->text);
    p_expect(p, T_LPAREN, "Expected '(' after '@untested'");
    Token *reason = p_expect(p, T_STRING, "Expected reason string in @untested()");
    if (reason->text_len == 0) p_error(p, "@untested reason string must not be empty");
    p_expect(p, T_RPAREN, "Expected ')' after reason string");
    return reason->text;
}

static Def *parse_import(Parser *p) {
    Def *d = new_def(DEF_IMPORT, p_cur(p)->loc);
    p_expect(p, T_IMPORT, NULL);
    d->name = p_expect(p, T_TYPE_IDENT, "Expected module name (PascalCase)")->text;
    if (p_check(p, T_IDENT) && strcmp(p_cur(p)->text, "as") == 0) {
        p_advance(p);
        d->alias = p_expect(p, T_TYPE_IDENT, "Expected alias name (PascalCase) after 'as'")->text;
    }
    return d;
}

static Def *parse_test_block(Parser *p) {
    Def *d = new_def(DEF_TEST, p_cur(p)->loc);
    p_expect(p, T_TEST, NULL);
    d->name = p_expect(p, T_STRING, "Expected test name string")->text;
    while (!p_check(p, T_END) && !p_check(p, T_EOF)) {
        if (p_check(p, T_ASSERT)) vec_push(&d->body, parse_assert_statement(p));
        else vec_push(&d->body, parse_statement(p));
    }
    p_expect(p, T_END, "Expected 'end' to close test block");
    p_expect(p, T_TEST, "Expected 'test' after 'end'");
    return d;
}

static Def *parse_trait_def(Parser *p) {
    Def *d = new_def(DEF_TRAIT, p_cur(p)->loc);
    p_expect(p, T_TRAIT, NULL);
    d->name = p_expect(p, T_TYPE_IDENT, "Expected trait name (PascalCase)")->text;
    while (!p_check(p, T_END) && !p_check(p, T_EOF)) {
        Def *m = new_def(DEF_FUNC, p_cur(p)->loc);
        p_expect(p, T_FUNC, NULL);
        m->name = p_expect(p, T_IDENT, "Expected method name")->text;
        p_expect(p, T_LPAREN, NULL);
        m->params = parse_parameter_list(p);
        p_expect(p, T_RPAREN, NULL);
        p_expect(p, T_ARROW, NULL);
        m->ret = parse_type(p);
        vec_push(&d->methods, m);
    }
    p_expect(p, T_END, NULL);
    p_expect(p, T_TRAIT, NULL);
    return d;
}

static Def *parse_impl_def(Parser *p) {
    Def *d = new_def(DEF_IMPL, p_cur(p)->loc);
    p_expect(p, T_IMPL, NULL);
    d->trait_name = p_expect(p, T_TYPE_IDENT, "Expected trait name (PascalCase)")->text;
    p_expect(p, T_FOR, NULL);
    d->target_type = p_expect(p, T_TYPE_IDENT, "Expected type name (PascalCase)")->text;
    while (!p_check(p, T_END) && !p_check(p, T_EOF))
        vec_push(&d->methods, parse_function_def(p, false));
    p_expect(p, T_END, NULL);
    p_expect(p, T_IMPL, NULL);
    return d;
}

static Def *parse_definition(Parser *p) {
    char *untested = NULL;
    if (p_check(p, T_AT)) untested = parse_untested_annotation(p);
    bool exported = false;
    if (p_check(p, T_EXPORT)) {
        if (untested) p_error(p, "@untested must come after 'export', not before");
        p_advance(p);
        exported = true;
        if (p_check(p, T_AT)) untested = parse_untested_annotation(p);
    }
    if (p_check(p, T_ASYNC) || p_check(p, T_FUNC)) {
        bool is_async = p_match(p, T_ASYNC) != NULL;
        Def *fn = parse_function_def(p, is_async);
        fn->untested_reason = untested;
        fn->exported = exported;
        return fn;
    }
    TokKind k = p_kind(p);
    if (k == T_TYPE || k == T_IMPORT || k == T_TRAIT || k == T_IMPL || k == T_TEST) {
        if (untested) p_error(p, "@untested annotation is only valid on functions");
    }
    switch (k) {
    case T_TYPE: {
        Def *d = parse_type_def(p);
        d->exported = exported;
        return d;
    }
    case T_IMPORT:
        if (exported) p_error(p, "'export' cannot be used with 'import'");
        return parse_import(p);
    case T_TRAIT:
        if (exported) p_error(p, "'export' on traits is not yet supported");
        return parse_trait_def(p);
    case T_IMPL:
        if (exported) p_error(p, "'export' cannot be used with 'impl'");
        return parse_impl_def(p);
    case T_TEST:
        if (exported) p_error(p, "'export' cannot be used with 'test'");
        return parse_test_block(p);
    default:
        p_error(p, "Expected 'func', 'type', 'trait', 'impl', 'test', 'export', "
                   "or 'import', got %s", tok_kind_str(k));
    }
}

/* Skips to the next token that can start a definition. */
static void synchronize(Parser *p) {
    for (;;) {
        switch (p_kind(p)) {
        case T_EOF: case T_FUNC: case T_TYPE: case T_IMPORT: case T_TRAIT:
        case T_IMPL: case T_TEST:
            return;
        default:
            p_advance(p);
        }
    }
}

Program *parse_program(const char *path, const char *source, Diags *d) {
    return parse_program_len(path, source, strlen(source), d);
}

/* `len` is the file's size: a NUL byte inside the source is a character
 * like any other (the reference reads it as one: "Unexpected character:
 * '\x00'" between tokens, the end of a string literal inside one, part of
 * a comment), not the end of the text. */
Program *parse_program_len(const char *path, const char *source, size_t len, Diags *d) {
    /* Line ends are read as Python's text mode reads them (the reference
     * opens sources that way): CR LF and a lone CR both become LF. */
    if (memchr(source, '\r', len)) {
        char *copy = xmalloc(len + 1), *w = copy;
        for (const char *r = source, *e = source + len; r < e; r++) {
            if (*r == '\r') {
                *w++ = '\n';
                if (r + 1 < e && r[1] == '\n') r++;
            } else {
                *w++ = *r;
            }
        }
        *w = 0;
        len = (size_t)(w - copy);
        source = copy;
    }
    diag_register_source(path, source);
    Program *prog = xmalloc(sizeof *prog);
    prog->path = path;
    prog->source = source;
    /* The token vector is reserved once, for a token per 2 source bytes
     * (programs have one per 3 or more): grown by doubling in the arena,
     * where every identifier's text lands between two growths, it left
     * each old copy behind, pages touched for nothing. The reservation's
     * unused tail is never touched; past 8M tokens (512 MiB) it grows. */
    TokenList toks = {0};
    toks.cap = (int)(len / 2 < ((size_t)8 << 20) ? len / 2 + 16 : ((size_t)8 << 20));
    toks.items = xmalloc(sizeof(Token) * (size_t)toks.cap);
    LexError le = {0};
    if (!lex_source(path, source, len, 1, 1, &toks, &le)) {
        diag_add(d, le.code, le.loc, "%s", le.message);
        return prog;
    }
    Parser *p = parser_new(path, toks, d);
    jmp_buf on_error;
    p->on_error = &on_error;
    while (!p_check(p, T_EOF)) {
        if (setjmp(on_error) == 0) {
            Def *def = parse_definition(p);
            vec_push(&prog->defs, def);
        } else {
            p_record(p, p->err_code, p->err_loc, p->err_msg);
            /* E204 is the reference's RecursionError: the whole file's
             * parse ends there, with that one diagnostic. */
            if (strcmp(p->err_code, "E204") == 0) break;
            p->depth = p->leaked_depth;
            synchronize(p);
        }
    }
    xrecycle(toks.items, sizeof(Token) * (size_t)toks.len);   /* the syntax tree holds no token */
    return prog;
}
