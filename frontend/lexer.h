/* lexer.h — tokens of Geno 0.4 and the lexer that produces them.
 *
 * The lexer turns a whole source text into an array of tokens ending in
 * T_EOF, or stops at the first lexical error (like the reference, which
 * raises on the first bad character). Locations are 1-based; columns count
 * Unicode code points, not bytes, so they agree with the reference.
 *
 * An f-string token carries its pieces already split: literal text (escapes
 * processed) and interpolations (the raw source text of the expression plus
 * the location of its first character). The parser lexes and parses each
 * interpolation on its own, as the reference does.
 */
#ifndef GENOC_LEXER_H
#define GENOC_LEXER_H

#include "diag.h"
#include "util.h"

typedef enum {
    /* literals */
    T_INT, T_FLOAT, T_STRING, T_FSTRING, T_TRUE, T_FALSE,
    /* names */
    T_IDENT, T_TYPE_IDENT,
    /* keywords */
    T_FUNC, T_END, T_LET, T_VAR, T_IF, T_THEN, T_ELSE, T_WHILE, T_DO, T_FOR,
    T_IN, T_MATCH, T_WITH, T_RETURN, T_AND, T_OR, T_NOT, T_TYPE, T_REQUIRES,
    T_ENSURES, T_EXAMPLE, T_REF, T_FN, T_WHERE, T_IMPORT, T_BREAK, T_CONTINUE,
    T_TRY, T_CATCH, T_THROW, T_TRAIT, T_IMPL, T_ASYNC, T_AWAIT, T_TEST,
    T_ASSERT, T_EXPORT,
    /* operators */
    T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_EQ, T_NEQ, T_LT, T_GT,
    T_LTE, T_GTE, T_ASSIGN, T_ARROW, T_PIPE, T_BAR, T_DOUBLESTAR, T_AMP,
    T_CARET, T_TILDE, T_LSHIFT, T_RSHIFT,
    /* delimiters */
    T_LPAREN, T_RPAREN, T_LBRACKET, T_RBRACKET, T_LBRACE, T_RBRACE, T_COMMA,
    T_COLON, T_SEMICOLON, T_DOT, T_UNDERSCORE, T_QUESTION, T_AT,
    T_EOF,
    T_COUNT
} TokKind;

typedef struct {
    bool is_expr;
    char *text;             /* literal piece: bytes after escapes */
    size_t text_len;
    const char *src;        /* interpolation: raw expression source */
    size_t src_len;
    SrcLoc loc;             /* interpolation: location of its first char */
} FStrPart;

/* 48 bytes (was 64): a 20,000-line program has 160,000 tokens, and every
 * page of the token array is a fresh page to fault in and zero. */
typedef struct {
    TokKind kind;
    int nparts;             /* T_FSTRING */
    SrcLoc loc;
    /* T_IDENT, T_TYPE_IDENT, keywords: the name; T_INT: decimal digits;
     * T_FLOAT: the literal text; T_STRING: the value (may hold NUL bytes). */
    char *text;
    size_t text_len;
    union {
        double fval;        /* T_FLOAT */
        FStrPart *parts;    /* T_FSTRING */
    };
} Token;

typedef VEC(Token) TokenList;

/* A lexical error: the reference reports at most one per file. */
typedef struct {
    const char *code;       /* "E100" ... "E103" */
    char *message;
    SrcLoc loc;
} LexError;

/* Lexes src[0..len) whose first character sits at (line, col) of `file`.
 * On success fills `out` (ending in T_EOF) and returns true; on error
 * returns false with *err set (tokens lexed so far stay in `out`). */
bool lex_source(const char *file, const char *src, size_t len, int line,
                int col, TokenList *out, LexError *err);

/* The reference's human name of a token kind: "')'", "identifier",
 * "end of file", ... (used in "Expected X, got Y"). */
const char *tok_kind_str(TokKind k);

/* The reference's debugging form of a token: "INTEGER(5)", "RPAREN", ... */
char *tok_debug_str(const Token *t);

/* Python-repr-like rendering of a float: "1.5", "1e+16", "0.0001". */
char *float_repr(double v);

#endif
