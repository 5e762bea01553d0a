/* lexer.c — turns Geno source text into tokens.
 *
 * A single forward scan. Whitespace is space, tab, CR and LF; comments are
 * `// ...` to end of line and block comments (slash-star ... star-slash,
 * not nested). Literals:
 *   - integers `[0-9]+` (kept as decimal text, at most 1000 digits),
 *   - floats `[0-9]+.[0-9]+` (no exponent: `1e5` is an error because a
 *     number may not run straight into a letter),
 *   - strings "…" with the escapes \n \t \r \\ \" only,
 *   - triple-quoted strings """…""" (multi-line, no escapes),
 *   - f-strings f"…{expr}…" (split here into text and expression pieces).
 * Identifiers are ASCII; a leading capital makes a type identifier, a lone
 * `_` is the placeholder/wildcard token.
 *
 * The first error stops the scan; messages, codes and positions follow the
 * reference lexer (E100 unexpected character and other lexical errors, E101
 * unterminated string, E102 unterminated comment, E103 bad escape).
 */
#include "lexer.h"

#include <stdlib.h>
#include <string.h>

typedef VEC(FStrPart) FStrPartVec;

typedef struct {
    const char *file;
    const char *src;
    size_t len, pos;
    int line, col;
    TokenList *out;
    LexError *err;
} Lexer;

static const struct { const char *word; TokKind kind; } keywords[] = {
    {"func", T_FUNC}, {"end", T_END}, {"let", T_LET}, {"var", T_VAR},
    {"if", T_IF}, {"then", T_THEN}, {"else", T_ELSE}, {"while", T_WHILE},
    {"do", T_DO}, {"for", T_FOR}, {"in", T_IN}, {"match", T_MATCH},
    {"with", T_WITH}, {"return", T_RETURN}, {"and", T_AND}, {"or", T_OR},
    {"not", T_NOT}, {"true", T_TRUE}, {"false", T_FALSE}, {"type", T_TYPE},
    {"requires", T_REQUIRES}, {"ensures", T_ENSURES}, {"example", T_EXAMPLE},
    {"ref", T_REF}, {"fn", T_FN}, {"where", T_WHERE}, {"import", T_IMPORT},
    {"break", T_BREAK}, {"continue", T_CONTINUE}, {"try", T_TRY},
    {"catch", T_CATCH}, {"throw", T_THROW}, {"trait", T_TRAIT},
    {"impl", T_IMPL}, {"async", T_ASYNC}, {"await", T_AWAIT},
    {"test", T_TEST}, {"assert", T_ASSERT}, {"export", T_EXPORT},
};

/* ---- character helpers ---------------------------------------------------- */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_ident_start(int c) { return is_alpha(c) || c == '_'; }
static bool is_ident_char(int c) { return is_ident_start(c) || is_digit(c); }

/* is_ident_char as a table, for the identifier scan (the lexer's commonest loop). */
static unsigned char ident_tab[256];
static void init_ident_tab(void) {
    if (ident_tab['_']) return;
    for (int c = 0; c < 256; c++) ident_tab[c] = is_ident_char(c);
}

static int peekc(const Lexer *L, size_t off) {
    return L->pos + off < L->len ? (unsigned char)L->src[L->pos + off] : 0;
}

static SrcLoc here(const Lexer *L) {
    SrcLoc loc = {L->file, L->line, L->col};
    return loc;
}

/* Length in bytes of the UTF-8 sequence starting at p (1 for bad bytes). */
static size_t utf8_len(const unsigned char *p, size_t avail) {
    size_t n = *p < 0x80 ? 1 : (*p >> 5) == 6 ? 2 : (*p >> 4) == 14 ? 3
             : (*p >> 3) == 30 ? 4 : 1;
    if (n > avail) return 1;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xC0) != 0x80) return 1;
    return n;
}

static uint32_t utf8_decode(const unsigned char *p, size_t n) {
    if (n == 1) return p[0];
    uint32_t c = p[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) c = (c << 6) | (p[i] & 0x3F);
    return c;
}

/* Consumes one character (a whole UTF-8 sequence), keeping line/col. */
static void adv(Lexer *L) {
    if (L->pos >= L->len) return;
    unsigned char c = (unsigned char)L->src[L->pos];
    size_t n = utf8_len((const unsigned char *)L->src + L->pos, L->len - L->pos);
    L->pos += n;
    if (c == '\n') {
        L->line++;
        L->col = 1;
    } else {
        L->col++;
    }
}

/* Python's repr() of a one-character string, for "Unexpected character". */
static char *char_repr(const unsigned char *p, size_t n) {
    uint32_t c = utf8_decode(p, n);
    if (n == 1 && p[0] >= 0x80) c = p[0];          /* undecodable byte */
    if (c == '\'') return xstrdup("\"'\"");
    if (c == '\\') return xstrdup("'\\\\'");
    if (c == '\t') return xstrdup("'\\t'");
    if (c == '\n') return xstrdup("'\\n'");
    if (c == '\r') return xstrdup("'\\r'");
    bool printable = !(c < 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0xAD ||
                       (c >= 0x600 && c <= 0x605) || c == 0x61C || c == 0x6DD ||
                       c == 0x70F || c == 0x1680 || c == 0x180E ||
                       (c >= 0x2000 && c <= 0x200F) ||
                       (c >= 0x2028 && c <= 0x202F) ||
                       (c >= 0x205F && c <= 0x206F) || c == 0x3000 ||
                       (c >= 0xD800 && c <= 0xF8FF) || c == 0xFEFF ||
                       (c >= 0xFFF9 && c <= 0xFFFB));
    if (printable) return xasprintf("'%.*s'", (int)n, (const char *)p);
    if (c < 0x100) return xasprintf("'\\x%02x'", c);
    if (c < 0x10000) return xasprintf("'\\u%04x'", c);
    return xasprintf("'\\U%08x'", c);
}

static bool fail(Lexer *L, const char *code, SrcLoc loc, char *msg) {
    L->err->code = code;
    L->err->message = msg;
    L->err->loc = loc;
    return false;
}

static inline void push(Lexer *L, TokKind k, SrcLoc loc, char *text, size_t text_len) {
    TokenList *v = L->out;
    if (v->len == v->cap) {     /* vec_push's growth, then the token built in place */
        v->cap = v->cap ? v->cap * 2 : 4;
        v->items = xrealloc(v->items, sizeof(*v->items) * v->cap);
    }
    v->items[v->len++] = (Token){.kind = k, .loc = loc, .text = text, .text_len = text_len};
}

/* Handles the character after a backslash. Returns false on a bad escape. */
static bool read_escape(Lexer *L, StrBuf *sb) {
    adv(L);                                  /* the backslash */
    size_t at = L->pos;
    int e = peekc(L, 0);
    size_t n = at < L->len
        ? utf8_len((const unsigned char *)L->src + at, L->len - at) : 0;
    adv(L);
    switch (e) {
    case 'n': sb_putc(sb, '\n'); return true;
    case 't': sb_putc(sb, '\t'); return true;
    case 'r': sb_putc(sb, '\r'); return true;
    case '\\': sb_putc(sb, '\\'); return true;
    case '"': sb_putc(sb, '"'); return true;
    default:
        return fail(L, "E103", here(L),
                    xasprintf("Invalid escape sequence: \\%.*s", (int)n, L->src + at));
    }
}

/* ---- strings -------------------------------------------------------------- */

static bool read_string(Lexer *L) {
    SrcLoc start = here(L);
    adv(L);                                  /* opening quote */
    StrBuf sb = {0};
    if (peekc(L, 0) == '"' && peekc(L, 1) == '"') {
        adv(L);
        adv(L);
        for (;;) {
            /* The reference's loop also ends at a NUL byte, not only at
             * the end of the file (peekc gives 0 for both). */
            if (peekc(L, 0) == 0)
                return fail(L, "E101", start, xstrdup("Unterminated multi-line string"));
            if (peekc(L, 0) == '"' && peekc(L, 1) == '"' && peekc(L, 2) == '"') {
                adv(L);
                adv(L);
                adv(L);
                break;
            }
            size_t from = L->pos;
            adv(L);
            sb_putn(&sb, L->src + from, L->pos - from);
        }
        size_t n = sb.len;
        push(L, T_STRING, start, sb_take(&sb), n);
        return true;
    }
    for (;;) {
        int c = peekc(L, 0);
        if (c == 0 || c == '\n')
            return fail(L, "E101", start, xstrdup("Unterminated string literal"));
        if (c == '"') {
            adv(L);
            break;
        }
        if (c == '\\') {
            if (!read_escape(L, &sb)) return false;
            continue;
        }
        size_t from = L->pos;
        adv(L);
        sb_putn(&sb, L->src + from, L->pos - from);
    }
    size_t n = sb.len;
    push(L, T_STRING, start, sb_take(&sb), n);
    return true;
}

static void add_text_part(FStrPartVec *parts, StrBuf *sb) {
    if (sb->len == 0) return;
    FStrPart part = {0};
    part.text_len = sb->len;
    part.text = sb_take(sb);
    vec_push(parts, part);
}

/* Called with L at the opening quote (the `f` already consumed). */
static bool read_fstring(Lexer *L) {
    SrcLoc start = here(L);
    adv(L);
    FStrPartVec parts = {0};
    StrBuf sb = {0};
    bool in_expr = false;
    FStrPart cur = {0};
    for (;;) {
        int c = peekc(L, 0);
        if (c == 0) {
            if (in_expr)
                return fail(L, "E101", cur.loc, xstrdup("Unterminated f-string expression"));
            return fail(L, "E101", start, xstrdup("Unterminated f-string literal"));
        }
        if (c == '\n' && !in_expr)
            return fail(L, "E101", start, xstrdup("Unterminated f-string literal"));
        if (c == '{' && !in_expr) {
            add_text_part(&parts, &sb);
            adv(L);
            in_expr = true;
            memset(&cur, 0, sizeof cur);
            cur.is_expr = true;
            cur.loc = here(L);
            cur.src = L->src + L->pos;
            continue;
        }
        if (c == '}' && in_expr) {
            cur.src_len = (size_t)(L->src + L->pos - cur.src);
            vec_push(&parts, cur);
            adv(L);
            in_expr = false;
            continue;
        }
        if (c == '{')
            return fail(L, "E100", here(L),
                        xstrdup("Nested braces are not allowed in f-string expressions"));
        if (c == '"') {
            if (in_expr)
                return fail(L, "E100", here(L),
                            xstrdup("String literals are not allowed inside f-string expressions"));
            adv(L);
            break;
        }
        if (c == '\\' && !in_expr) {
            if (!read_escape(L, &sb)) return false;
            continue;
        }
        size_t from = L->pos;
        adv(L);
        if (!in_expr) sb_putn(&sb, L->src + from, L->pos - from);
    }
    add_text_part(&parts, &sb);
    if (parts.len == 0) {
        FStrPart empty = {0};
        empty.text = xstrdup("");
        vec_push(&parts, empty);
    }
    Token t = {0};
    t.kind = T_FSTRING;
    t.loc = start;
    t.parts = parts.items;
    t.nparts = parts.len;
    vec_push(L->out, t);
    return true;
}

/* ---- numbers and names ---------------------------------------------------- */

static bool read_number(Lexer *L) {
    SrcLoc start = here(L);
    size_t from = L->pos;
    while (is_digit(peekc(L, 0))) L->pos++;
    size_t int_digits = L->pos - from, frac_digits = 0;
    bool is_float = false;
    if (peekc(L, 0) == '.' && is_digit(peekc(L, 1))) {
        is_float = true;
        L->pos++;
        size_t f0 = L->pos;
        while (is_digit(peekc(L, 0))) L->pos++;
        frac_digits = L->pos - f0;
    }
    size_t n = L->pos - from;
    L->col += (int)n;
    bool after_import = L->out->len > 0 && L->out->items[L->out->len - 1].kind == T_IMPORT;
    if (is_ident_start(peekc(L, 0)) && !after_import)
        return fail(L, "E100", here(L),
                    xstrdup("Expected a separator between numeric literal and identifier"));
    if (!is_float) {
        if (int_digits > 1000)
            return fail(L, "E100", start, xstrdup("Integer literal too long (max 1000 digits)"));
        push(L, T_INT, start, arena_strndup(L->src + from, n), n);
        return true;
    }
    if (int_digits > 1000 || frac_digits > 1000)
        return fail(L, "E100", start,
                    xstrdup("Float literal too long (max 1000 digits per part)"));
    push(L, T_FLOAT, start, arena_strndup(L->src + from, n), n);
    Token *t = &L->out->items[L->out->len - 1];
    t->fval = strtod(t->text, NULL);
    return true;
}

/* The keyword spelled name[0..n), or T_IDENT. Keywords are bucketed by
 * first letter, so an identifier is compared with at most a few of them. */
static TokKind keyword_kind(const char *name, size_t n) {
    static signed char first[26][8];    /* per letter: keyword indexes + 1, 0-terminated */
    static unsigned char kwlen[sizeof keywords / sizeof keywords[0]];
    static bool ready;
    if (!ready) {
        for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
            signed char *b = first[keywords[i].word[0] - 'a'];
            while (*b) b++;
            *b = (signed char)(i + 1);
            kwlen[i] = (unsigned char)strlen(keywords[i].word);
        }
        ready = true;
    }
    if (name[0] < 'a' || name[0] > 'z') return T_IDENT;
    for (const signed char *b = first[name[0] - 'a']; *b; b++) {
        size_t i = (size_t)(*b - 1);
        if (kwlen[i] != n) continue;
        const char *w = keywords[i].word;
        size_t j = 1;   /* the first letter matched by the bucket */
        while (j < n && w[j] == name[j]) j++;
        if (j == n) return keywords[i].kind;
    }
    return T_IDENT;
}

static void read_name(Lexer *L) {
    SrcLoc start = here(L);
    size_t from = L->pos, p = L->pos, e = L->len;
    const unsigned char *src = (const unsigned char *)L->src;
    while (p < e && ident_tab[src[p]]) p++;
    L->pos = p;
    size_t n = p - from;
    L->col += (int)n;
    const char *name = L->src + from;
    TokKind k = keyword_kind(name, n);
    if (k == T_IDENT) {
        if (n == 1 && name[0] == '_') k = T_UNDERSCORE;
        else if (name[0] >= 'A' && name[0] <= 'Z') k = T_TYPE_IDENT;
    }
    push(L, k, start, arena_strndup(name, n), n);
}

/* ---- the scan ------------------------------------------------------------- */

static const struct { const char *op; TokKind kind; } operators[] = {
    {"->", T_ARROW}, {"|>", T_PIPE}, {"==", T_EQ}, {"!=", T_NEQ},
    {"**", T_DOUBLESTAR}, {"<<", T_LSHIFT}, {"<=", T_LTE}, {">>", T_RSHIFT},
    {">=", T_GTE},
    {"+", T_PLUS}, {"-", T_MINUS}, {"*", T_STAR}, {"/", T_SLASH},
    {"%", T_PERCENT}, {"<", T_LT}, {">", T_GT}, {"=", T_ASSIGN}, {"|", T_BAR},
    {"&", T_AMP}, {"^", T_CARET}, {"~", T_TILDE}, {"(", T_LPAREN},
    {")", T_RPAREN}, {"[", T_LBRACKET}, {"]", T_RBRACKET}, {"{", T_LBRACE},
    {"}", T_RBRACE}, {",", T_COMMA}, {":", T_COLON}, {";", T_SEMICOLON},
    {".", T_DOT}, {"?", T_QUESTION}, {"@", T_AT},
};

bool lex_source(const char *file, const char *src, size_t len, int line,
                int col, TokenList *out, LexError *err) {
    Lexer L = {file, src, len, 0, line, col, out, err};
    init_ident_tab();
    for (;;) {
        {   /* blanks: adv() without the UTF-8 step, in locals */
            size_t p = L.pos;
            int line = L.line, cl = L.col;
            for (; p < len; p++) {
                unsigned char b = (unsigned char)src[p];
                if (b == '\n') {
                    line++;
                    cl = 1;
                } else if (b == ' ' || b == '\t' || b == '\r') {
                    cl++;
                } else {
                    break;
                }
            }
            L.pos = p;
            L.line = line;
            L.col = cl;
        }
        if (L.pos >= L.len) break;
        int c = (unsigned char)src[L.pos];
        int c1 = peekc(&L, 1);
        if (c == '/' && c1 == '/') {
            while (L.pos < L.len && peekc(&L, 0) != '\n') adv(&L);
            continue;
        }
        if (c == '/' && c1 == '*') {
            SrcLoc start = here(&L);
            adv(&L);
            adv(&L);
            for (;;) {
                if (L.pos >= L.len)
                    return fail(&L, "E102", start, xstrdup("Unterminated block comment"));
                if (peekc(&L, 0) == '*' && peekc(&L, 1) == '/') {
                    adv(&L);
                    adv(&L);
                    break;
                }
                adv(&L);
            }
            continue;
        }
        if (c == 'f' && c1 == '"') {
            if (peekc(&L, 2) == '"' && peekc(&L, 3) == '"')
                return fail(&L, "E100", here(&L),
                            xstrdup("Triple-quoted f-strings are not supported"));
            adv(&L);
            if (!read_fstring(&L)) return false;
            continue;
        }
        if (c == '"') {
            if (!read_string(&L)) return false;
            continue;
        }
        if (is_digit(c)) {
            if (!read_number(&L)) return false;
            continue;
        }
        if (is_ident_start(c)) {
            read_name(&L);
            continue;
        }
        bool matched = false;
        static signed char op_first[128][4];    /* per character: operator indexes + 1, table order */
        static bool ops_ready;
        if (!ops_ready) {
            for (size_t i = 0; i < sizeof operators / sizeof operators[0]; i++) {
                signed char *b = op_first[(unsigned char)operators[i].op[0]];
                while (*b) b++;
                *b = (signed char)(i + 1);
            }
            ops_ready = true;
        }
        for (const signed char *b = c < 128 ? op_first[c] : op_first[0]; *b; b++) {
            size_t i = (size_t)(*b - 1);
            size_t n = operators[i].op[1] ? 2 : 1;
            if (n == 1 || c1 == operators[i].op[1]) {
                SrcLoc loc = here(&L);
                L.pos += n;
                L.col += (int)n;
                /* the table's own text: operator tokens are never modified or freed */
                push(&L, operators[i].kind, loc, (char *)operators[i].op, n);
                matched = true;
                break;
            }
        }
        if (matched) continue;
        size_t n = utf8_len((const unsigned char *)L.src + L.pos, L.len - L.pos);
        char *r = char_repr((const unsigned char *)L.src + L.pos, n);
        char *msg = xasprintf("Unexpected character: %s", r);
        xfree(r);
        return fail(&L, "E100", here(&L), msg);
    }
    push(&L, T_EOF, here(&L), NULL, 0);
    return true;
}

/* ---- token names ---------------------------------------------------------- */

static const char *const kind_names[T_COUNT] = {
    [T_INT] = "integer", [T_FLOAT] = "float", [T_STRING] = "string",
    [T_FSTRING] = "f-string", [T_TRUE] = "'true'", [T_FALSE] = "'false'",
    [T_IDENT] = "identifier", [T_TYPE_IDENT] = "type name",
    [T_FUNC] = "'func'", [T_END] = "'end'", [T_LET] = "'let'", [T_VAR] = "'var'",
    [T_IF] = "'if'", [T_THEN] = "'then'", [T_ELSE] = "'else'",
    [T_WHILE] = "'while'", [T_DO] = "'do'", [T_FOR] = "'for'", [T_IN] = "'in'",
    [T_MATCH] = "'match'", [T_WITH] = "'with'", [T_RETURN] = "'return'",
    [T_AND] = "'and'", [T_OR] = "'or'", [T_NOT] = "'not'", [T_TYPE] = "'type'",
    [T_REQUIRES] = "'requires'", [T_ENSURES] = "'ensures'",
    [T_EXAMPLE] = "'example'", [T_REF] = "'ref'", [T_FN] = "'fn'",
    [T_WHERE] = "'where'", [T_IMPORT] = "'import'", [T_BREAK] = "'break'",
    [T_CONTINUE] = "'continue'", [T_TRY] = "'try'", [T_CATCH] = "'catch'",
    [T_THROW] = "'throw'", [T_TRAIT] = "'trait'", [T_IMPL] = "'impl'",
    [T_ASYNC] = "'async'", [T_AWAIT] = "'await'", [T_TEST] = "'test'",
    [T_ASSERT] = "'assert'", [T_EXPORT] = "'export'",
    [T_PLUS] = "'+'", [T_MINUS] = "'-'", [T_STAR] = "'*'", [T_SLASH] = "'/'",
    [T_PERCENT] = "'%'", [T_EQ] = "'=='", [T_NEQ] = "'!='", [T_LT] = "'<'",
    [T_GT] = "'>'", [T_LTE] = "'<='", [T_GTE] = "'>='", [T_ASSIGN] = "'='",
    [T_ARROW] = "'->'", [T_PIPE] = "'|>'", [T_BAR] = "'|'",
    [T_DOUBLESTAR] = "'**'", [T_AMP] = "'&'", [T_CARET] = "'^'",
    [T_TILDE] = "'~'", [T_LSHIFT] = "'<<'", [T_RSHIFT] = "'>>'",
    [T_LPAREN] = "'('", [T_RPAREN] = "')'", [T_LBRACKET] = "'['",
    [T_RBRACKET] = "']'", [T_LBRACE] = "'{'", [T_RBRACE] = "'}'",
    [T_COMMA] = "','", [T_COLON] = "':'", [T_SEMICOLON] = "';'",
    [T_DOT] = "'.'", [T_UNDERSCORE] = "'_'", [T_QUESTION] = "'?'",
    [T_AT] = "'@'", [T_EOF] = "end of file",
};

static const char *const enum_names[T_COUNT] = {
    "INTEGER", "FLOAT", "STRING", "FSTRING", "TRUE", "FALSE", "IDENTIFIER",
    "TYPE_IDENTIFIER", "FUNC", "END", "LET", "VAR", "IF", "THEN", "ELSE",
    "WHILE", "DO", "FOR", "IN", "MATCH", "WITH", "RETURN", "AND", "OR", "NOT",
    "TYPE", "REQUIRES", "ENSURES", "EXAMPLE", "REF", "FN", "WHERE", "IMPORT",
    "BREAK", "CONTINUE", "TRY", "CATCH", "THROW", "TRAIT", "IMPL", "ASYNC",
    "AWAIT", "TEST", "ASSERT", "EXPORT", "PLUS", "MINUS", "STAR", "SLASH",
    "PERCENT", "EQ", "NEQ", "LT", "GT", "LTE", "GTE", "ASSIGN", "ARROW",
    "PIPE", "BAR", "DOUBLESTAR", "AMPERSAND", "CARET", "TILDE", "LSHIFT",
    "RSHIFT", "LPAREN", "RPAREN", "LBRACKET", "RBRACKET", "LBRACE", "RBRACE",
    "COMMA", "COLON", "SEMICOLON", "DOT", "UNDERSCORE", "QUESTION", "AT", "EOF",
};

const char *tok_kind_str(TokKind k) {
    return k >= 0 && k < T_COUNT && kind_names[k] ? kind_names[k] : "token";
}

char *float_repr(double v) {
    char buf[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (strtod(buf, NULL) == v) break;
    }
    /* buf is d.ddde±XX: rebuild it the way Python's repr lays it out. */
    char digits[32];
    int nd = 0, exp10;
    const char *p = buf;
    bool neg = *p == '-';
    if (neg) p++;
    for (; *p && *p != 'e'; p++)
        if (is_digit(*p)) digits[nd++] = *p;
    exp10 = atoi(p + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    StrBuf sb = {0};
    if (neg) sb_putc(&sb, '-');
    if (exp10 < -4 || exp10 >= 16) {
        sb_putc(&sb, digits[0]);
        if (nd > 1) sb_printf(&sb, ".%s", digits + 1);
        sb_printf(&sb, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    } else if (exp10 < 0) {
        sb_puts(&sb, "0.");
        for (int i = -1; i > exp10; i--) sb_putc(&sb, '0');
        sb_puts(&sb, digits);
    } else {
        for (int i = 0; i <= exp10; i++) sb_putc(&sb, i < nd ? digits[i] : '0');
        sb_putc(&sb, '.');
        if (nd > exp10 + 1) sb_puts(&sb, digits + exp10 + 1);
        else sb_putc(&sb, '0');
    }
    return sb_take(&sb);
}

char *tok_debug_str(const Token *t) {
    const char *name = enum_names[t->kind];
    switch (t->kind) {
    case T_INT: case T_STRING: case T_IDENT: case T_TYPE_IDENT:
        return xasprintf("%s(%s)", name, t->text);
    case T_FLOAT: {
        char *r = float_repr(t->fval);
        char *s = xasprintf("%s(%s)", name, r);
        xfree(r);
        return s;
    }
    default:
        return xstrdup(name);
    }
}
