/* macro_expand.c — see macro_expand.h.
 *
 * A small C preprocessor for one purpose. The program part of the C that
 * `genoc run` hands libtcc calls geno/rt.h's function-like GENO_* macros
 * with long arguments (an index computed from other indices, each wrapped in
 * GENO_KNOWN_SMALL), and tcc copies an argument's tokens into token strings
 * four or five times per macro level (collect, prescan, substitute,
 * rescan): on the small bench programs 15-33% of tcc's compile instructions
 * went to expanding macros. Here each invocation the prelude's scan found
 * (driver/prelude.c: it already looks up every name of the program) is
 * expanded on the text, arguments and nested macros included, and tcc only
 * tokenizes the result. Object-like macros outside an invocation stay for
 * tcc: one token each, cheap.
 *
 * Only what the emitted C needs is handled; anything else makes the whole
 * expansion give up (NULL: tcc then expands the original text itself), so
 * the result reads, token for token, as tcc's own expansion:
 *   - macros without `#`, `##`, `...`, __LINE__/__FILE__/__COUNTER__ in
 *     their bodies (a use of another kind gives up);
 *   - a macro met again inside its own expansion gives up (C leaves it
 *     unexpanded for good; tcc would expand it again in our output);
 *   - inside an expansion, a function-like macro's name not followed by its
 *     parenthesised arguments there gives up (C would let it take them from
 *     the text after the invocation);
 *   - the program's #define, #undef, #line and #pragma before an invocation
 *     are followed in order; any other directive before it gives up, and
 *     past the last invocation the text is copied as it is (#ifdef
 *     GENO_STANDALONE ends every program);
 *   - arguments that cross a directive line or hold a `//` comment give up.
 * Every expansion and every substituted argument is surrounded by spaces,
 * so that no two tokens can merge (`- -1`, not `--1`), and newlines inside
 * an invocation's arguments follow it, so line numbers stay. The
 * definitions stay in the text for tcc.
 */
#include "macro_expand.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util.h"

#define MAX_PARAMS 16
#define SLOTS 1024          /* power of two; more than the header's macros */
#define POOL 128            /* arguments of the invocations being expanded at once */

typedef struct {
    const char *name;
    size_t nlen;
    int nparams;            /* -1: object-like */
    const char *param[MAX_PARAMS];
    size_t plen[MAX_PARAMS];
    const char *body, *body_end;
    const char *rest, *eol; /* the definition after the name, read at the first use */
    bool parsed;
    bool unsupported;       /* a use gives up */
    bool disabled;          /* being expanded */
    bool live;              /* not #undef'd */
} Macro;

typedef struct {
    Macro *macros;
    int count, cap;
    int slot[SLOTS];        /* index + 1 into macros, 0 empty */
    bool failed;
    bool first[256];        /* a macro's name starts with this byte */
    StrBuf pool[POOL];      /* argument buffers, reused: a stack over nested invocations */
    int pool_used;
} Expander;

/* Character classes: the scanning loops' one table look-up a byte. */
enum { K_PLAIN, K_IDENT, K_DIGIT, K_OTHER /* " ' / . */, K_NEWLINE };
static const unsigned char kind[256] = {

    ['a' ... 'z'] = K_IDENT, ['A' ... 'Z'] = K_IDENT, ['_'] = K_IDENT,
    ['0' ... '9'] = K_DIGIT,
    ['"'] = K_OTHER, ['\''] = K_OTHER, ['/'] = K_OTHER, ['.'] = K_OTHER,
    ['\n'] = K_NEWLINE,
};
static const bool identc[256] = {
    ['a' ... 'z'] = true, ['A' ... 'Z'] = true, ['_'] = true, ['0' ... '9'] = true,
};
static bool ident_start(char c) { return kind[(unsigned char)c] == K_IDENT; }
static bool ident_char(char c) { return identc[(unsigned char)c]; }
/* Past the identifier at p. Every text scanned here ends before a byte that
 * cannot continue one (the program's NUL, a body's end of line, an
 * argument's `,` or `)`), so the loop needs no bound. */
static const char *skip_ident(const char *p) {
    while (identc[(unsigned char)*p]) p++;
    return p;
}
static bool is_digit(char c) { return kind[(unsigned char)c] == K_DIGIT; }

static uint32_t hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* The slot of name: its macro's, or the empty one where it would go. */
static int *find_slot(Expander *e, const char *s, size_t n) {
    for (uint32_t h = hash(s, n) & (SLOTS - 1);; h = (h + 1) & (SLOTS - 1)) {
        int *slot = &e->slot[h];
        if (!*slot) return slot;
        Macro *m = &e->macros[*slot - 1];
        if (m->nlen == n && memcmp(m->name, s, n) == 0) return slot;
    }
}

static Macro *lookup(Expander *e, const char *s, size_t n) {
    if (!e->first[(unsigned char)*s]) return NULL;
    int slot = *find_slot(e, s, n);
    if (!slot) return NULL;
    Macro *m = &e->macros[slot - 1];
    return m->live ? m : NULL;
}

/* End of the token starting at p (p < end), for one that is not an
 * identifier: a pp-number, a string or character literal, a comment, or
 * one character. */
static const char *skip_other(const char *p, const char *end) {
    char c = *p;
    if (is_digit(c) || (c == '.' && p + 1 < end && is_digit(p[1]))) {
        for (p++; p < end; p++) {
            if ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E' || p[-1] == 'p' || p[-1] == 'P')) continue;
            if (!ident_char(*p) && *p != '.') break;
        }
        return p;
    }
    if (c == '"' || c == '\'') {
        for (p++; p < end && *p != c && *p != '\n'; p++)
            if (*p == '\\' && p + 1 < end) p++;
        return p < end ? p + 1 : end;
    }
    if (c == '/' && p + 1 < end && p[1] == '*') {
        for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++) {}
        return p + 1 < end ? p + 2 : end;
    }
    if (c == '/' && p + 1 < end && p[1] == '/') {
        while (p < end && *p != '\n') p++;
        return p;
    }
    return p + 1;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* Past spaces, comments and (if lines) newlines. */
static const char *skip_blank(const char *p, const char *end, bool lines) {
    for (;;) {
        while (p < end && (is_space(*p) || (lines && *p == '\n'))) p++;
        if (p + 1 < end && p[0] == '/' && (p[1] == '*' || p[1] == '/')) {
            if (p[1] == '/' && !lines) return p;
            p = skip_other(p, end);
            continue;
        }
        return p;
    }
}

static bool word_is(const char *s, size_t n, const char *w) { return strlen(w) == n && memcmp(s, w, n) == 0; }

/* #define at p (just after "define"), up to the end of its line. */
static void define_macro(Expander *e, const char *p, const char *eol) {
    p = skip_blank(p, eol, false);
    const char *name = p;
    while (p < eol && ident_char(*p)) p++;
    if (p == name || !ident_start(*name)) {
        e->failed = true;
        return;
    }
    int *slot = find_slot(e, name, (size_t)(p - name));
    if (!*slot) {
        if (e->count == e->cap) {
            e->cap = e->cap ? e->cap * 2 : 64;
            e->macros = xrealloc(e->macros, sizeof(Macro) * (size_t)e->cap);
        }
        if (e->count + 1 >= SLOTS / 2) {
            e->failed = true;
            return;
        }
        *slot = ++e->count;
    }
    Macro *m = &e->macros[*slot - 1];
    m->name = name;
    m->nlen = (size_t)(p - name);
    e->first[(unsigned char)*name] = true;
    m->live = true;
    m->parsed = false;
    m->disabled = false;
    m->rest = p;
    m->eol = eol;
}

/* The parameters and body of m, at its first use (most of the header's
 * macros a program keeps are for the header's own inline functions). */
static void parse_macro(Macro *m) {
    const char *p = m->rest, *eol = m->eol;
    m->parsed = true;
    m->unsupported = false;
    m->nparams = -1;
    if (p < eol && *p == '(') {
        m->nparams = 0;
        p = skip_blank(p + 1, eol, false);
        if (p < eol && *p == ')') p++;
        else
            for (;;) {
                const char *s = p;
                while (p < eol && ident_char(*p)) p++;
                if (p == s || m->nparams == MAX_PARAMS) {   /* `...` or odd */
                    m->unsupported = true;
                    return;
                }
                m->param[m->nparams] = s;
                m->plen[m->nparams++] = (size_t)(p - s);
                p = skip_blank(p, eol, false);
                if (p < eol && *p == ',') {
                    p = skip_blank(p + 1, eol, false);
                    continue;
                }
                if (p < eol && *p == ')') {
                    p++;
                    break;
                }
                m->unsupported = true;
                return;
            }
    }
    m->body = skip_blank(p, eol, false);
    m->body_end = eol;
    while (m->body_end > m->body && is_space(m->body_end[-1])) m->body_end--;
    if (m->body_end > m->body && m->body_end[-1] == '\\') m->unsupported = true;
    if (identc[(unsigned char)*m->body_end]) m->unsupported = true;   /* see skip_ident */
    for (const char *q = m->body; q < m->body_end;) {
        if (ident_start(*q)) {
            const char *s = q;
            while (q < m->body_end && ident_char(*q)) q++;
            size_t n = (size_t)(q - s);
            if (word_is(s, n, "__LINE__") || word_is(s, n, "__FILE__") || word_is(s, n, "__COUNTER__") ||
                word_is(s, n, "__VA_ARGS__"))
                m->unsupported = true;
        } else {
            if (*q == '#') m->unsupported = true;
            q = skip_other(q, m->body_end);
        }
    }
}

static const char *line_end(const char *p, const char *end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl : end;
}

/* A directive line starting at p ('#'): records a definition. Returns
 * false for one that ends the expansion (conditionals, #include, ...). */
static bool directive(Expander *e, const char *p, const char *eol) {
    p = skip_blank(p + 1, eol, false);
    const char *w = p;
    while (p < eol && ident_char(*p)) p++;
    size_t n = (size_t)(p - w);
    if (word_is(w, n, "define")) {
        define_macro(e, p, eol);
        return true;
    }
    if (word_is(w, n, "undef")) {
        p = skip_blank(p, eol, false);
        const char *s = p;
        while (p < eol && ident_char(*p)) p++;
        Macro *m = lookup(e, s, (size_t)(p - s));
        if (m) m->live = false;
        return true;
    }
    return word_is(w, n, "line") || word_is(w, n, "pragma") || (n == 0 && p == eol);
}

/* While a macro's body is expanded: its parameters' arguments, already
 * expanded. Those hold no name that could still expand (expand gives up
 * otherwise), so they are copied in as they are instead of substituted and
 * rescanned with the body: the same text, one pass less. */
typedef struct {
    const Macro *m;
    const StrBuf *args;
} Params;

static void expand(Expander *e, StrBuf *out, const char *p, const char *end, const Params *ps);

/* The invocation of function-like m whose name ends at p: its expansion
 * into out. Returns the end of the invocation, or NULL when there is none
 * (no `(` follows). The arguments are read from [p, end), in the context
 * of ps. */
static const char *invoke(Expander *e, Macro *m, StrBuf *out, const char *p, const char *end,
                          const Params *ps) {
    const char *q = skip_blank(p, end, true);
    if (q >= end || *q != '(') return NULL;
    const char *arg[MAX_PARAMS + 1], *arg_end[MAX_PARAMS + 1];
    int nargs = 0, depth = 0;
    q++;
    arg[0] = q;
    for (;;) {
        if (q >= end) {
            e->failed = true;   /* the arguments run past this text */
            return end;
        }
        char c = *q;
        int k = kind[(unsigned char)c];
        if (k == K_IDENT) {
            q = skip_ident(q);
        } else if (c == '/' && q + 1 < end && q[1] == '/') {
            e->failed = true;   /* a line comment would swallow what follows it below */
            return end;
        } else if (k == K_DIGIT || k == K_OTHER) {
            q = skip_other(q, end);
        } else if (c == '(') {
            depth++;
            q++;
        } else if (c == ')' && depth > 0) {
            depth--;
            q++;
        } else if (c == ')' || (c == ',' && depth == 0)) {
            if (nargs == MAX_PARAMS) {
                e->failed = true;
                return end;
            }
            arg_end[nargs++] = q;
            if (c == ')') break;
            arg[nargs] = ++q;
        } else if (c == '\n') {
            const char *r = skip_blank(q + 1, end, false);
            if (r < end && *r == '#') {
                e->failed = true;
                return end;
            }
            q++;
        } else {
            q++;
        }
    }
    const char *after = q + 1;
    if (m->nparams == 0 && nargs == 1 && skip_blank(arg[0], arg_end[0], true) == arg_end[0]) nargs = 0;
    if (nargs != m->nparams) {
        e->failed = true;
        return end;
    }
    /* Each argument expanded on its own (C's prescan). */
    if (e->pool_used + nargs > POOL) {
        e->failed = true;
        return end;
    }
    StrBuf *args = &e->pool[e->pool_used];
    e->pool_used += nargs;
    for (int i = 0; i < nargs; i++) args[i].len = 0;
    for (int i = 0; i < nargs && !e->failed; i++) {
        sb_putc(&args[i], ' ');
        expand(e, &args[i], arg[i], arg_end[i], ps);
        sb_putc(&args[i], ' ');
        /* Its newlines are counted after the expansion (expand). */
        for (size_t j = 0; j < args[i].len; j++)
            if (args[i].buf[j] == '\n') args[i].buf[j] = ' ';
    }
    if (!e->failed) {
        Params mine = {m, args};
        m->disabled = true;
        sb_putc(out, ' ');
        expand(e, out, m->body, m->body_end, &mine);
        sb_putc(out, ' ');
        m->disabled = false;
    }
    e->pool_used -= nargs;
    return after;
}

/* Expands [p, end), a macro body (ps: its parameters) or an argument, into
 * out. */
static void expand(Expander *e, StrBuf *out, const char *p, const char *end, const Params *ps) {
    const char *copied = p;   /* text before p not yet in out */
    while (p < end && !e->failed) {
        char c = *p;
        int k = kind[(unsigned char)c];
        if (k == K_PLAIN) {
            p++;
        } else if (k == K_IDENT) {
            const char *s = p;
            p = skip_ident(p);
            size_t n = (size_t)(p - s);
            if (ps) {
                int pk = -1;
                for (int i = 0; i < ps->m->nparams; i++)
                    if (ps->m->plen[i] == n && memcmp(ps->m->param[i], s, n) == 0) pk = i;
                if (pk >= 0) {
                    sb_putn(out, copied, (size_t)(s - copied));
                    sb_putn(out, ps->args[pk].buf, ps->args[pk].len);
                    copied = p;
                    continue;
                }
            }
            Macro *m = lookup(e, s, n);
            if (!m) continue;
            if (!m->parsed) parse_macro(m);
            if (m->disabled || m->unsupported) {
                e->failed = true;
                break;
            }
            if (m->nparams < 0) {
                sb_putn(out, copied, (size_t)(s - copied));
                m->disabled = true;
                sb_putc(out, ' ');
                expand(e, out, m->body, m->body_end, NULL);
                sb_putc(out, ' ');
                m->disabled = false;
                copied = p;
                continue;
            }
            size_t mark = out->len;
            sb_putn(out, copied, (size_t)(s - copied));
            const char *after = invoke(e, m, out, p, end, ps);
            if (!after) {
                out->len = mark;
                e->failed = true;   /* it might take `(` from the text after us */
                continue;
            }
            /* Keep the line count: newlines inside the arguments. */
            if (memchr(p, '\n', (size_t)(after - p)))
                for (const char *q = p; q < after; q++)
                    if (*q == '\n') sb_putc(out, '\n');
            p = copied = after;
        } else if (k == K_NEWLINE) {
            p++;
        } else {
            p = skip_other(p, end);
        }
    }
    if (e->failed) return;
    if (end > copied) sb_putn(out, copied, (size_t)(end - copied));
}

/* The next directive line in [p, end): its `#`, or NULL. */
static const char *next_directive(const char *p, const char *end, const char *text) {
    for (const char *h = p; h < end && (h = memchr(h, '#', (size_t)(end - h))) != NULL; h++) {
        const char *b = h;
        while (b > text && is_space(b[-1])) b--;
        if (b == text || b[-1] == '\n') return h;
    }
    return NULL;
}

char *macro_preexpand(const char *text, size_t len, size_t program_start, const size_t *sites, int nsites) {
    if (nsites == 0) return NULL;
    const char *prog = text + program_start, *end = text + len;
    Expander *e = xmalloc(sizeof *e);
    memset(e, 0, sizeof *e);
    /* The header part: definitions only (its code is left to tcc). */
    const char *p = text;
    while (p < prog && !e->failed) {
        const char *s = skip_blank(p, prog, false);
        const char *eol = line_end(p, prog);
        if (s < eol && *s == '#' && !directive(e, s, eol)) e->failed = true;
        p = eol < prog ? eol + 1 : prog;
    }
    StrBuf out = {0};
    if (!e->failed) {
        sb_reserve_more(&out, len + len / 2 + 64);
        const char *copied = text, *dir = prog;
        for (int i = 0; i < nsites && !e->failed; i++) {
            const char *s = text + sites[i];
            if (s < copied) continue;   /* inside the arguments of one done */
            /* The program's own directives before it, in order (the rest
             * of the text, past the last site, is copied as it is). */
            while ((dir = next_directive(dir, s, text)) != NULL) {
                const char *eol = line_end(dir, end);
                if (!directive(e, dir, eol)) e->failed = true;
                dir = eol;
            }
            if (e->failed) break;
            dir = s;
            const char *q = skip_ident(s);
            Macro *m = lookup(e, s, (size_t)(q - s));
            if (!m) continue;
            if (!m->parsed) parse_macro(m);
            if (m->nparams < 0) continue;   /* object-like: tcc's, cheaply */
            if (m->unsupported) {
                e->failed = true;
                break;
            }
            size_t mark = out.len;
            sb_putn(&out, copied, (size_t)(s - copied));
            const char *after = invoke(e, m, &out, q, end, NULL);
            if (!after) {           /* not an invocation: the name stays */
                out.len = mark;
                continue;
            }
            if (memchr(q, '\n', (size_t)(after - q)))
                for (const char *r = q; r < after; r++)
                    if (*r == '\n') sb_putc(&out, '\n');
            copied = after;
        }
        if (!e->failed) sb_putn(&out, copied, (size_t)(end - copied));
    }
    char *result = e->failed ? NULL : sb_take(&out);
    if (e->failed) xfree(out.buf);
    for (int i = 0; i < POOL; i++) xfree(e->pool[i].buf);
    xfree(e->macros);
    xfree(e);
    return result;
}
