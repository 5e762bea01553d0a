/* gen_tcc_prelude.c RT_H RUNTIME_SYMBOLS_C OUT.c
 *
 * Build-time tool: writes the tables of driver/tcc_prelude.h, geno/rt.h cut
 * into chunks for `genoc run` (the header says why). Steps:
 *   1. splice continued lines and drop comments (a comment is one space);
 *   2. decide every #if / #ifdef as tcc would (tcc_defined below and the
 *      macros the header defines), keeping the lines tcc would see;
 *   3. cut the kept text into chunks: one per directive, and one per
 *      top-level declaration (ending at `;`) or function (ending at its `}`);
 *   4. for each chunk, the names it declares and the names it mentions.
 *
 * What a chunk declares is read from its tokens at brace and parenthesis
 * depth 0: an identifier that is not followed by another identifier or `*`
 * (those are types: `GenoStr *f(` declares f, `typedef struct S S;` the last
 * S), plus `(*name)` declarators and enum constants. Declaring too much only
 * keeps a chunk more often; a chunk where nothing was found is always kept.
 * What the analysis cannot follow stops the build instead of producing a
 * prelude that misses a declaration: `##` (names made by pasting), an #if
 * expression beyond defined/!/&&/||, a top-level call of a function-like
 * macro (it may declare anything).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../driver/tcc_prelude.h"
#include "util.h"

static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gen_tcc_prelude: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(1);
}

static char *read_or_die(const char *path) {
    char *text = read_file(path, NULL);
    if (!text) die("cannot read %s", path);
    return text;
}

typedef VEC(int) Ints;

/* ---- names ------------------------------------------------------------------ */

typedef struct {
    char *name;
    int runtime_symbol;
    Ints def_chunks;
} Name;

static Name *names;
static int name_count, name_cap;
static uint16_t slots[TCC_PRELUDE_SLOTS];

static int name_index(const char *s, size_t n) {
    uint32_t h = tcc_prelude_hash(s, n) & (TCC_PRELUDE_SLOTS - 1);
    for (;; h = (h + 1) & (TCC_PRELUDE_SLOTS - 1)) {
        if (!slots[h]) break;
        Name *nm = &names[slots[h] - 1];
        if (strlen(nm->name) == n && memcmp(nm->name, s, n) == 0) return slots[h] - 1;
    }
    if (name_count + 1 >= TCC_PRELUDE_SLOTS / 2 || name_count >= 65535) die("too many names");
    if (name_count == name_cap) {
        name_cap = name_cap ? name_cap * 2 : 256;
        names = xrealloc(names, sizeof(Name) * (size_t)name_cap);
    }
    Name *nm = &names[name_count];
    memset(nm, 0, sizeof *nm);
    nm->name = xstrndup(s, n);
    nm->runtime_symbol = -1;
    slots[h] = (uint16_t)(name_count + 1);
    return name_count++;
}

static const char *const keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Bool", "_Noreturn", "_Alignas",
    "_Alignof", "_Static_assert", "__attribute__", "__asm__", "asm", "__inline", "__inline__",
    "__restrict", "__typeof__", "typeof", "defined", "define", "undef", NULL};

static bool is_keyword(const char *s, size_t n) {
    for (int i = 0; keywords[i]; i++)
        if (strlen(keywords[i]) == n && memcmp(keywords[i], s, n) == 0) return true;
    return false;
}

/* ---- step 1: splice lines, drop comments -------------------------------------- */

static char *strip(const char *src) {
    StrBuf out = {0};
    for (const char *p = src; *p;) {
        if (p[0] == '\\' && p[1] == '\n') { p += 2; continue; }
        if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            if (!e) die("unterminated comment");
            sb_putn(&out, " ", 1);
            p = e + 2;
            continue;
        }
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
            continue;
        }
        if (*p == '"' || *p == '\'') {
            char q = *p;
            const char *s = p++;
            while (*p && *p != q) p += (*p == '\\' && p[1]) ? 2 : 1;
            if (*p) p++;
            sb_putn(&out, s, (size_t)(p - s));
            continue;
        }
        sb_putn(&out, p, 1);
        p++;
    }
    return out.buf;
}

/* ---- step 2: conditionals as tcc decides them --------------------------------- */

/* What tcc 0.9.27 predefines that rt.h asks about (x86-64 Linux). */
static const char *const tcc_defined[] = {"__TINYC__", "__x86_64__", "__linux__", "__STDC__", NULL};

static Ints macros;   /* names #defined so far (name indices) */

static bool is_defined(const char *s, size_t n) {
    for (int i = 0; tcc_defined[i]; i++)
        if (strlen(tcc_defined[i]) == n && memcmp(tcc_defined[i], s, n) == 0) return true;
    int idx = name_index(s, n);
    for (int i = 0; i < macros.len; i++)
        if (macros.items[i] == idx) return true;
    return false;
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

static const char *ident_end(const char *p) {
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    return p;
}

/* expr := and ('||' and)* ; and := unary ('&&' unary)* ;
 * unary := '!' unary | '(' expr ')' | 'defined' ['('] NAME [')'] | 0 | 1 */
static bool eval_or(const char **pp, const char *line);

static bool eval_unary(const char **pp, const char *line) {
    const char *p = skip_space(*pp);
    bool v;
    if (*p == '!') {
        p++;
        v = !eval_unary(&p, line);
    } else if (*p == '(') {
        p++;
        v = eval_or(&p, line);
        p = skip_space(p);
        if (*p != ')') die("cannot evaluate: %s", line);
        p++;
    } else if (strncmp(p, "defined", 7) == 0 && !isalnum((unsigned char)p[7]) && p[7] != '_') {
        p = skip_space(p + 7);
        bool paren = *p == '(';
        if (paren) p = skip_space(p + 1);
        const char *e = ident_end(p);
        if (e == p) die("cannot evaluate: %s", line);
        v = is_defined(p, (size_t)(e - p));
        p = skip_space(e);
        if (paren) {
            if (*p != ')') die("cannot evaluate: %s", line);
            p++;
        }
    } else if (*p == '0' || *p == '1') {
        v = *p == '1';
        p++;
    } else {
        die("cannot evaluate (only defined, !, &&, ||, 0, 1): %s", line);
    }
    *pp = p;
    return v;
}

static bool eval_and(const char **pp, const char *line) {
    bool v = eval_unary(pp, line);
    for (;;) {
        const char *p = skip_space(*pp);
        if (p[0] != '&' || p[1] != '&') return v;
        *pp = p + 2;
        v = eval_unary(pp, line) && v;
    }
}

static bool eval_or(const char **pp, const char *line) {
    bool v = eval_and(pp, line);
    for (;;) {
        const char *p = skip_space(*pp);
        if (p[0] != '|' || p[1] != '|') return v;
        *pp = p + 2;
        v = eval_and(pp, line) || v;
    }
}

typedef struct {
    bool parent_active, taken, active;
} Cond;

/* The lines tcc would see, in order (directives other than conditionals kept). */
static StrBuf decide_conditionals(char *text) {
    StrBuf out = {0};
    Cond stack[64];
    int depth = 0;
    bool active = true;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        const char *p = skip_space(line);
        if (*p == '#') {
            const char *d = skip_space(p + 1);
            const char *de = ident_end(d);
            size_t dn = (size_t)(de - d);
            const char *arg = skip_space(de);
            bool is_if = dn == 2 && strncmp(d, "if", 2) == 0;
            bool is_ifdef = dn == 5 && strncmp(d, "ifdef", 5) == 0;
            bool is_ifndef = dn == 6 && strncmp(d, "ifndef", 6) == 0;
            if (is_if || is_ifdef || is_ifndef) {
                if (depth == 64) die("conditionals nested too deep");
                bool v = false;
                if (active) {
                    if (is_if) {
                        const char *q = arg;
                        v = eval_or(&q, line);
                        if (*skip_space(q)) die("cannot evaluate: %s", line);
                    } else {
                        const char *e = ident_end(arg);
                        v = is_defined(arg, (size_t)(e - arg)) == is_ifdef;
                    }
                }
                stack[depth++] = (Cond){active, v, active && v};
                active = active && v;
            } else if (dn == 4 && strncmp(d, "elif", 4) == 0) {
                if (!depth) die("#elif without #if");
                Cond *c = &stack[depth - 1];
                bool v = false;
                if (c->parent_active && !c->taken) {
                    const char *q = arg;
                    v = eval_or(&q, line);
                }
                c->taken = c->taken || v;
                active = c->active = c->parent_active && v;
            } else if (dn == 4 && strncmp(d, "else", 4) == 0) {
                if (!depth) die("#else without #if");
                Cond *c = &stack[depth - 1];
                active = c->active = c->parent_active && !c->taken;
                c->taken = true;
            } else if (dn == 5 && strncmp(d, "endif", 5) == 0) {
                if (!depth) die("#endif without #if");
                active = stack[--depth].parent_active;
            } else if (active) {
                if (dn == 6 && strncmp(d, "define", 6) == 0) {
                    const char *e = ident_end(arg);
                    vec_push(&macros, name_index(arg, (size_t)(e - arg)));
                    if (strstr(e, "##")) die("`##` in a macro: the prelude cannot follow pasted names: %s", line);
                } else if (dn == 7 && strncmp(d, "include", 7) == 0) {
                    die("an #include tcc would see: the prelude must be self-contained: %s", line);
                }
                sb_putn(&out, p, strlen(p));
                sb_putn(&out, "\n", 1);
            }
        } else if (active && *p) {
            size_t n = strlen(line);
            while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
            sb_putn(&out, line, n);
            sb_putn(&out, "\n", 1);
        }
        line = nl ? nl + 1 : NULL;
    }
    if (depth) die("unterminated #if");
    return out;
}

/* ---- steps 3 and 4: chunks ---------------------------------------------------- */

typedef struct {
    StrBuf text;
    Ints defs, refs;
    bool always;
} Chunk;

static Chunk *chunks;
static int chunk_count, chunk_cap;

static Chunk *new_chunk(void) {
    if (chunk_count == chunk_cap) {
        chunk_cap = chunk_cap ? chunk_cap * 2 : 256;
        chunks = xrealloc(chunks, sizeof(Chunk) * (size_t)chunk_cap);
    }
    Chunk *c = &chunks[chunk_count++];
    memset(c, 0, sizeof *c);
    return c;
}

static void add_unique(Ints *a, int x) {
    for (int i = 0; i < a->len; i++)
        if (a->items[i] == x) return;
    vec_push(a, x);
}

static bool is_macro(int idx) {
    for (int i = 0; i < macros.len; i++)
        if (macros.items[i] == idx) return true;
    return false;
}

/* Every identifier of [p, e) that is not a keyword, as a mention. */
static void add_refs(Chunk *c, const char *p, const char *e) {
    while (p < e) {
        if (isdigit((unsigned char)*p)) {
            while (p < e && (isalnum((unsigned char)*p) || *p == '_' || *p == '.')) p++;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *s = p;
            p = ident_end(p);
            if (!is_keyword(s, (size_t)(p - s))) add_unique(&c->refs, name_index(s, (size_t)(p - s)));
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (p < e && *p != q) p += (*p == '\\') ? 2 : 1;
            p++;
        } else {
            p++;
        }
    }
}

/* The declaration being read: its depths and what the last tokens were. */
typedef struct {
    Chunk *c;
    int braces, parens;
    bool function_body;     /* the open brace at depth 0 followed `)` */
    bool in_enum_body, saw_enum;
    int pending;            /* an identifier at depth 0 whose next token decides; -1 */
    int before_paren;       /* one followed by `(`, decided by the token after; -1 */
    char prev;              /* last punctuation token, or 'i' after an identifier */
    char prev2;
} Decl;

static void declare(Decl *d, int name, char next) {
    if (is_macro(name)) {
        if (next == '(')
            die("a top-level use of macro %s: the prelude cannot tell what it declares", names[name].name);
        return;   /* an object-like macro in a declaration: a value or an attribute */
    }
    add_unique(&d->c->defs, name);
}

/* The pending identifier is declared unless `next` (the next token: 'i' for
 * an identifier, else its first character) shows it was a type: followed
 * by an identifier or `*`, or by `(*` as in `typedef T (*name)(...)`. */
static void decide_pending(Decl *d, char next) {
    if (d->before_paren >= 0) {
        int name = d->before_paren;
        d->before_paren = -1;
        if (next != '*') declare(d, name, '(');
    }
    if (d->pending < 0) return;
    int name = d->pending;
    d->pending = -1;
    if (next == 'i' || next == '*') return;
    if (next == '(') d->before_paren = name;   /* decided by the token after `(` */
    else declare(d, name, next);
}

static void finish_chunk(Decl *d) {
    decide_pending(d, ';');
    if (d->c && d->c->defs.len == 0) d->c->always = true;
    d->c = NULL;
}

static void cut_chunks(const char *text) {
    Decl d = {.pending = -1, .before_paren = -1};
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        const char *end = nl ? nl : line + strlen(line);
        const char *p = skip_space(line);
        if (*p == '#') {
            /* A directive is a chunk of its own, or part of the declaration around it. */
            const char *dn = skip_space(p + 1);
            const char *de = ident_end(dn);
            Chunk *c = d.c ? d.c : new_chunk();
            sb_putn(&c->text, p, (size_t)(end - p));
            sb_putn(&c->text, "\n", 1);
            if (de - dn == 6 && strncmp(dn, "define", 6) == 0) {
                const char *n = skip_space(de);
                const char *ne = ident_end(n);
                add_unique(&c->defs, name_index(n, (size_t)(ne - n)));
                add_refs(c, ne, end);
            } else if (!d.c) {
                c->always = true;
                add_refs(c, de, end);
            }
            line = nl ? nl + 1 : end;
            continue;
        }
        const char *start = line;   /* of this line's part of the current chunk */
        for (p = line; p < end;) {
            if (*p == ' ' || *p == '\t') { p++; continue; }
            if (!d.c) {
                d.c = new_chunk();
                d.braces = d.parens = 0;
                d.function_body = d.in_enum_body = d.saw_enum = false;
                d.pending = d.before_paren = -1;
                d.prev = d.prev2 = 0;
                start = p;
            }
            if (isalpha((unsigned char)*p) || *p == '_') {
                const char *s = p;
                p = ident_end(p);
                size_t n = (size_t)(p - s);
                decide_pending(&d, 'i');
                if (is_keyword(s, n)) {
                    if (n == 4 && strncmp(s, "enum", 4) == 0) d.saw_enum = true;
                } else {
                    int idx = name_index(s, n);
                    if (d.braces == 0 && d.parens == 0) d.pending = idx;
                    else if (d.braces == 0 && d.parens == 1 && d.prev == '*' && d.prev2 == '(')
                        add_unique(&d.c->defs, idx);   /* (*name) */
                    else if (d.in_enum_body && d.braces == 1 && (d.prev == '{' || d.prev == ','))
                        add_unique(&d.c->defs, idx);   /* an enum constant */
                }
                d.prev2 = d.prev;
                d.prev = 'i';
                continue;
            }
            if (isdigit((unsigned char)*p)) {
                while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '.')) p++;
                decide_pending(&d, '0');
                d.prev2 = d.prev;
                d.prev = '0';
                continue;
            }
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (p < end && *p != q) p += (*p == '\\') ? 2 : 1;
                p++;
                decide_pending(&d, '"');
                d.prev2 = d.prev;
                d.prev = '"';
                continue;
            }
            char ch = *p++;
            decide_pending(&d, ch);
            bool done = false;
            switch (ch) {
            case '(': case '[': d.parens++; break;   /* array sizes are not declarations */
            case ')': case ']': d.parens--; break;
            case '{':
                if (d.braces == 0) {
                    d.function_body = d.prev == ')';
                    d.in_enum_body = d.saw_enum;
                }
                d.braces++;
                break;
            case '}':
                if (--d.braces == 0) {
                    d.in_enum_body = false;
                    done = d.function_body;
                }
                break;
            case ';': done = d.braces == 0 && d.parens == 0; break;
            default: break;
            }
            d.prev2 = d.prev;
            d.prev = ch;
            if (done) {
                sb_putn(&d.c->text, start, (size_t)(p - start));
                sb_putn(&d.c->text, "\n", 1);
                add_refs(d.c, start, p);
                finish_chunk(&d);
                start = p;
            }
        }
        if (d.c && start < end) {
            sb_putn(&d.c->text, start, (size_t)(end - start));
            sb_putn(&d.c->text, "\n", 1);
            add_refs(d.c, start, end);
        }
        line = nl ? nl + 1 : end;
    }
    if (d.c) die("the header ends inside a declaration");
}

/* ---- runtime symbols ---------------------------------------------------------- */

/* runtime_symbols.c lists `{"name", name},` in its table's order. */
static void read_runtime_symbols(const char *path) {
    char *src = read_or_die(path);
    int i = 0;
    for (const char *p = strstr(src, "{\""); p; p = strstr(p, "{\"")) {
        p += 2;
        const char *e = strchr(p, '"');
        if (!e) die("malformed %s", path);
        names[name_index(p, (size_t)(e - p))].runtime_symbol = i++;
        p = e;
    }
    if (i == 0) die("no symbols in %s", path);
    xfree(src);
}

/* ---- output ------------------------------------------------------------------- */

static void put_c_string(FILE *f, const char *s, size_t n) {
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\n') fputs(i + 1 < n ? "\\n\"\n\"" : "\\n", f);
        else if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 32 || ch >= 127) fprintf(f, "\\%03o", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

/* The separator before the k-th item of a list printed 16 (or 8) to a line. */
static const char *sep(int k, int per_line) { return k == 0 ? "\n    " : k % per_line ? ", " : ",\n    "; }

static void write_tables(const char *path) {
    for (int i = 0; i < chunk_count; i++)
        for (int j = 0; j < chunks[i].defs.len; j++) vec_push(&names[chunks[i].defs.items[j]].def_chunks, i);
    FILE *f = fopen(path, "w");
    if (!f) die("cannot write %s", path);
    fprintf(f, "/* Generated by tools/gen_tcc_prelude.c from geno/rt.h: do not edit. */\n");
    fprintf(f, "#include \"tcc_prelude.h\"\n\nconst char tcc_prelude_text[] =\n");
    uint32_t offset = 0;
    Ints offsets = {0};
    for (int i = 0; i < chunk_count; i++) {
        vec_push(&offsets, (int)offset);
        put_c_string(f, chunks[i].text.buf, chunks[i].text.len);
        fputc('\n', f);
        offset += (uint32_t)chunks[i].text.len;
    }
    fprintf(f, ";\n\nconst TccPreludeChunk tcc_prelude_chunks[] = {\n");
    uint32_t ref = 0;
    for (int i = 0; i < chunk_count; i++) {
        fprintf(f, "    {%d, %zu, %u, %d, %d},\n", offsets.items[i], chunks[i].text.len, ref,
                chunks[i].refs.len, chunks[i].always);
        ref += (uint32_t)chunks[i].refs.len;
    }
    fprintf(f, "};\nconst int tcc_prelude_chunk_count = %d;\n\nconst uint16_t tcc_prelude_refs[] = {", chunk_count);
    int k = 0;
    for (int i = 0; i < chunk_count; i++)
        for (int j = 0; j < chunks[i].refs.len; j++) fprintf(f, "%s%d", sep(k++, 16), chunks[i].refs.items[j]);
    fprintf(f, "%s};\n\nconst uint16_t tcc_prelude_def_chunks[] = {", k ? "" : "0");
    k = 0;
    for (int i = 0; i < name_count; i++)
        for (int j = 0; j < names[i].def_chunks.len; j++) fprintf(f, "%s%d", sep(k++, 16), names[i].def_chunks.items[j]);
    fprintf(f, "%s};\n\nconst char tcc_prelude_name_text[] =", k ? "" : "0");
    for (int i = 0; i < name_count; i++) fprintf(f, "\n    \"%s\\0\"", names[i].name);
    fprintf(f, ";\n\nconst TccPreludeName tcc_prelude_names[] = {\n");
    uint32_t def = 0, text = 0;
    for (int i = 0; i < name_count; i++) {
        fprintf(f, "    {%u, %d, %u, %d},   /* %s */\n", text, names[i].runtime_symbol, def, names[i].def_chunks.len,
                names[i].name);
        def += (uint32_t)names[i].def_chunks.len;
        text += (uint32_t)strlen(names[i].name) + 1;
    }
    fprintf(f, "};\nconst int tcc_prelude_name_count = %d;\n\nconst uint16_t tcc_prelude_slots[TCC_PRELUDE_SLOTS] = {", name_count);
    k = 0;
    for (int i = 0; i < TCC_PRELUDE_SLOTS; i++)
        if (slots[i]) fprintf(f, "%s[%d] = %d", sep(k++, 8), i, slots[i]);
    fprintf(f, "\n};\n");
    if (fclose(f) != 0) die("cannot write %s", path);
}

int main(int argc, char **argv) {
    if (argc != 4) die("usage: gen_tcc_prelude RT_H RUNTIME_SYMBOLS_C OUT.c");
    char *text = strip(read_or_die(argv[1]));
    StrBuf kept = decide_conditionals(text);
    cut_chunks(kept.buf);
    read_runtime_symbols(argv[2]);
    write_tables(argv[3]);
    return 0;
}
