/* parser.h — state and helpers shared by the parser files.
 *
 * The parser is recursive descent over the token array from lexer.c, one
 * file per construct family:
 *   parse_decl.c     program, definitions, token helpers, error recovery
 *   parse_stmt.c     statements and statement lists
 *   parse_expr.c     expressions (precedence climbing), f-strings
 *   parse_type.c     type annotations and `type` definitions
 *   parse_pattern.c  match patterns
 *
 * Errors: a syntax error abandons the current top-level definition. The
 * raising helpers (p_raise, p_error, p_expect) store the diagnostic in the
 * Parser and longjmp to the definition loop in parse_decl.c, which records
 * it and skips to the next `func`/`type`/`import`/`trait`/`impl`/`test`
 * token — the reference parser's recovery, so the same errors come out in
 * the same order. Nesting depth is bounded (MAX_NESTING) so deeply nested
 * input gets a diagnostic instead of a C stack overflow.
 */
#ifndef GENOC_PARSER_H
#define GENOC_PARSER_H

#include <setjmp.h>

#include "ast.h"
#include "lexer.h"

#define MAX_NESTING 50

typedef struct Parser {
    const char *path;
    Token *toks;
    int ntoks;
    int pos;
    Diags *d;
    int depth;          /* current nesting depth (expressions, statements, ...) */
    int leaked_depth;   /* depth the reference never gives back after some
                           "nesting too deep" errors (see depth_enter) */
    jmp_buf *on_error;  /* where a raised error goes */
    const char *err_code;
    char *err_msg;
    SrcLoc err_loc;
    bool has_last;      /* last recorded error location, for de-duplication */
    SrcLoc last_loc;
} Parser;

/* ---- token helpers (parse_decl.c) ---------------------------------------- */

Token *p_cur(Parser *p);
TokKind p_kind(Parser *p);              /* kind of the current token */
Token *p_peek(Parser *p, int off);      /* token `off` ahead (clamped to EOF) */
Token *p_advance(Parser *p);            /* consumes and returns the current token */
bool p_check(Parser *p, TokKind k);
Token *p_match(Parser *p, TokKind k);   /* consumes if it is k, else NULL */
/* Consumes a token of kind k or raises E201 with `msg` (or the default
 * "Expected X, got Y"). */
Token *p_expect(Parser *p, TokKind k, const char *msg);

/* Raises an error: code NULL means E200 (the reference's uncategorised
 * parse error). Never returns. */
_Noreturn void p_raise(Parser *p, const char *code, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Raises E202 at the current token. */
_Noreturn void p_error(Parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Records an error without abandoning the parse. */
void p_record(Parser *p, const char *code, SrcLoc loc, const char *msg);

/* Enters one nesting level; raises "<what> nesting too deep (>50)" past the
 * limit. `leaky` mirrors where the reference forgets to undo the increment
 * when it raises. Pair with p->depth-- on the normal path. */
void depth_enter(Parser *p, const char *what, bool leaky);

Parser *parser_new(const char *path, TokenList toks, Diags *d);

/* ---- node constructors (parse_decl.c) ------------------------------------ */

Expr *new_expr(ExprKind k, SrcLoc loc);
Stmt *new_stmt(StmtKind k, SrcLoc loc);
Pattern *new_pattern(PatternKind k, SrcLoc loc);
TypeExpr *new_type_expr(TypeExprKind k, SrcLoc loc);
Def *new_def(DefKind k, SrcLoc loc);

/* ---- grammar entry points shared across files ---------------------------- */

Expr *parse_expression(Parser *p);             /* parse_expr.c */
Expr *parse_primary(Parser *p);
StmtList parse_statement_list(Parser *p);      /* parse_stmt.c */
Stmt *parse_statement(Parser *p);
Stmt *parse_assert_statement(Parser *p);
Expr *parse_guard(Parser *p);                  /* optional `when e` of a match arm */
TypeExpr *parse_type(Parser *p);               /* parse_type.c */
Def *parse_type_def(Parser *p);
Pattern *parse_pattern(Parser *p);             /* parse_pattern.c */
ParamList parse_parameter_list(Parser *p);     /* parse_decl.c */
NameList parse_effect_list(Parser *p);

#endif
