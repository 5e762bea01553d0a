/* regex.c — the regex builtins (capability `regex`): regex_match,
 * regex_find_all, regex_replace, with the reference's results and messages
 * (geno/builtins.py, builtin_regex_*), on PCRE2.
 *
 * What the reference accepts. Before Python's `re` sees a pattern, the
 * reference applies its own safety rules, ported here check for check in its
 * order, each with its message (`<builtin>: ...`):
 *     pattern too long (max 1000 chars)            backreferences are not supported for safety
 *     group nesting too deep (max 128)             nested quantifiers are not supported for safety
 *     overlapping alternation branches are not supported for safety
 *     adjacent repeated atoms are not supported for safety
 *     multiple variable quantifiers are not supported for safety
 *     multiple alternation sites are not supported for safety
 *     advanced or encoded regex constructs are not supported for safety
 * then `text too long (max 10000 chars)` (regex_replace: its replacement
 * first, `replacement too long ...`). Lengths count code points. What
 * remains is a small language: literal characters, the escapes \. \^ \$ \|
 * \? \* \+ \( \) \[ \] \{ \} \\, character classes (escapes \\ \^ \- \]
 * inside), capturing groups, ^, one alternation site, quantifiers
 * * + ? {n} {n,} {n,m} (n, m <= 10000) optionally lazy (?), {..} also
 * possessive (+). No `.`, `$`, \d, \w, flags, lookaround or backreferences.
 *
 * Python's `re` parses that subset here (parse_sub/parse_seq follow
 * re/_parser.py of Python 3.11), which gives its compile errors word for
 * word, `<builtin>: invalid pattern: nothing to repeat at position 0` (also
 * `multiple repeat`, `bad character range a-Z`, `missing ), unterminated
 * subpattern`, `unbalanced parenthesis`, with ` (line L, column C)` when the
 * pattern holds a newline), and writes the equivalent PCRE2 pattern:
 * every literal escaped, classes spelt member by member (so PCRE2's POSIX
 * `[:alpha:]` syntax never appears), quantifier counts normalised. PCRE2 runs
 * in its 32-bit library without UTF: one code unit per code point, like a
 * Python str, so offsets are code-point indices, classes compare code
 * points, and lone surrogates (which from_char_code can make) are ordinary
 * characters. No JIT: the sandbox allows no executable memory.
 *
 * Matching: regex_match is re.search (the first match anywhere, the whole
 * match); regex_find_all lists every match's whole text (re.finditer, not
 * re.findall's groups); regex_replace substitutes every match. Matches are
 * found as Python 3.7+ does: after an empty match the next one may not be
 * empty at the same place (PCRE2_NOTEMPTY_ATSTART), after a non-empty match
 * it may. The replacement's only special form is \N (N = 1-9 then digits):
 * group N's text, "" if it did not take part; N above the pattern's group
 * count is E499 `regex_replace: invalid replacement group reference` (raised
 * at the first match). Everything else is literal, \g<name> and \\ included.
 * Result sizes are checked as the reference does, in code points, against
 * --max-collection-size: `regex_find_all: Runtime Error: String size exceeds
 * limit (N > L)` (the reference wraps its own error, prefix and all),
 * `List size exceeds limit (N > L)`, `regex_replace: Runtime Error: String size exceeds
 * limit (N > L)`.
 *
 * Safety net: the reference's rules leave no pattern known to backtrack
 * catastrophically, but PCRE2 runs every match under a match limit, a
 * depth limit and a heap limit, so whatever slips through ends with E499
 * `<builtin>: regex too complex to match (backtracking limit exceeded)`
 * (a genoc message: Python has no such limit) instead of hanging.
 *
 * Compiled patterns are kept in a small LRU cache keyed by the pattern text
 * (programs call these in loops); a hit skips validation and compilation,
 * which depend on the text alone. Only valid patterns are cached.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define PCRE2_CODE_UNIT_WIDTH 32
#include <pcre2.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "geno_regex.h"
#include "run.h"
#include "str.h"
#include "strlib.h"
#include "unicode.h"

#define MAX_PATTERN_LEN 1000
#define MAX_TEXT_LEN 10000
#define MAX_REPEAT MAX_TEXT_LEN
#define MAX_GROUP_DEPTH 128

#define MATCH_LIMIT 20000000u
#define DEPTH_LIMIT 200000u
#define HEAP_LIMIT_KIB (128u * 1024u)

typedef uint32_t cp_t;

/* ---- code points ------------------------------------------------------------ */

/* A string decoded to code points, with the byte offset of each (off[n] is
 * the byte length), so matches map back to UTF-8 slices. */
typedef struct {
    cp_t *cp;
    int64_t *off;
    int64_t n;
} Decoded;

static void decode(const GenoStr *s, Decoded *d, int want_offsets) {
    /* bytes bound the code points even for malformed text */
    d->cp = geno_alloc_atomic(sizeof(cp_t) * (size_t)(s->len + 1));
    d->off = want_offsets ? geno_alloc_atomic(sizeof(int64_t) * (size_t)(s->len + 1)) : NULL;
    int64_t i = 0, k = 0;
    while (i < s->len) {
        if (d->off) d->off[k] = i;
        i += geno_utf8_decode(s->data + i, s->len - i, &d->cp[k]);
        k++;
    }
    if (d->off) d->off[k] = i;
    d->n = k;
}

static int is_digit(cp_t c) { return c >= '0' && c <= '9'; }
static int in_set(cp_t c, const char *set) { return c && c < 128 && strchr(set, (int)c) != NULL; }

/* ---- the reference's safety rules (_validate_regex_pattern) -------------------
 * Straight ports over code points; `n` is the (sub)pattern's length. */

/* _BACKREF_RE = \\[1-9]|\(\?P=[A-Za-z_][A-Za-z0-9_]*\) anywhere */
static int has_backref(const cp_t *p, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        if (p[i] == '\\' && i + 1 < n && p[i + 1] >= '1' && p[i + 1] <= '9') return 1;
        if (p[i] == '(' && i + 4 < n && p[i + 1] == '?' && p[i + 2] == 'P' && p[i + 3] == '=') {
            int64_t j = i + 4;
            cp_t c = p[j];
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_')) continue;
            for (j++; j < n; j++) {
                c = p[j];
                if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_')) break;
            }
            if (j < n && p[j] == ')') return 1;
        }
    }
    return 0;
}

static int group_depth_exceeds_limit(const cp_t *p, int64_t n) {
    int64_t depth = 0, i = 0;
    int in_class = 0;
    while (i < n) {
        cp_t c = p[i];
        if (c == '\\') {
            i += 2;
            continue;
        }
        if (c == '[' && !in_class) in_class = 1;
        else if (c == ']' && in_class) in_class = 0;
        else if (!in_class && c == '(') {
            if (++depth > MAX_GROUP_DEPTH) return 1;
        } else if (!in_class && c == ')' && depth) depth--;
        i++;
    }
    return 0;
}

/* Decimal value of p[a..b), saturating (the digits are ASCII). */
static int64_t digits_value(const cp_t *p, int64_t a, int64_t b) {
    int64_t v = 0;
    for (int64_t i = a; i < b; i++) {
        v = v * 10 + (p[i] - '0');
        if (v > 1000000000000LL) v = 1000000000000LL;
    }
    return v;
}

/* _portable_regex_quantifier_end: the end of a bounded {..}, or -1. */
static int64_t portable_quantifier_end(const cp_t *p, int64_t n, int64_t start) {
    int64_t i = start + 1, lower_start = i;
    while (i < n && is_digit(p[i])) i++;
    if (i == lower_start) return -1;
    int64_t lower = digits_value(p, lower_start, i), upper = lower;
    int has_upper = 1;
    if (i < n && p[i] == ',') {
        i++;
        int64_t upper_start = i;
        while (i < n && is_digit(p[i])) i++;
        if (i > upper_start) upper = digits_value(p, upper_start, i);
        else has_upper = 0;
    }
    if (i >= n || p[i] != '}') return -1;
    if (lower > MAX_REPEAT || (has_upper && (upper > MAX_REPEAT || lower > upper))) return -1;
    int64_t end = i + 1;
    if (end < n && p[end] == '?') end++;
    return end;
}

static int has_unsupported_construct(const cp_t *p, int64_t n) {
    int64_t i = 0;
    int in_class = 0, has_alternation = 0, has_quantifier = 0, has_start_anchor = 0;
    while (i < n) {
        cp_t ch = p[i];
        if (ch == '\\') {
            if (i + 1 >= n) return 1;
            if (!in_set(p[i + 1], in_class ? "\\^-]" : "\\.^$|?*+()[]{}")) return 1;
            i += 2;
            continue;
        }
        if (ch == '[' && !in_class) {
            int64_t member = i + 1;
            if (member < n && p[member] == '^') member++;
            if (member < n && p[member] == ']') return 1;
            in_class = 1;
            i++;
            continue;
        }
        if (ch == ']' && in_class) {
            in_class = 0;
            i++;
            continue;
        }
        if (ch == ']') return 1;
        if (!in_class && ch == '$') return 1;
        if (!in_class && ch == '^') has_start_anchor = 1;
        if (!in_class && ch == '|') {
            if (i == 0 || i + 1 == n) return 1;
            if (in_set(p[i - 1], "(|") || in_set(p[i + 1], ")|")) return 1;
            has_alternation = 1;
        }
        if (!in_class && ch == '{') {
            int64_t end = portable_quantifier_end(p, n, i);
            if (end < 0) return 1;
            has_quantifier = 1;
            i = end;
            continue;
        }
        if (!in_class && ch == '}') return 1;
        if (ch == '.' && !in_class) return 1;
        if (ch == '(' && !in_class && i + 1 < n && (p[i + 1] == '?' || p[i + 1] == ')')) return 1;
        if (!in_class && (ch == '*' || ch == '+' || ch == '?')) {
            has_quantifier = 1;
            if (i + 1 < n && p[i + 1] == '+') return 1;
        }
        i++;
    }
    return in_class || (has_alternation && (has_quantifier || has_start_anchor));
}

/* _regex_char_class_end: index of the closing ], or -1. */
static int64_t char_class_end(const cp_t *p, int64_t n, int64_t start) {
    int64_t i = start + 1;
    while (i < n) {
        if (p[i] == '\\') {
            i += 2;
            continue;
        }
        if (p[i] == ']') return i;
        i++;
    }
    return -1;
}

/* _regex_group_end: index of the matching ), or -1. */
static int64_t group_end(const cp_t *p, int64_t n, int64_t start) {
    int64_t depth = 1, i = start + 1;
    while (i < n) {
        if (p[i] == '\\') {
            i += 2;
            continue;
        }
        if (p[i] == '[') {
            int64_t e = char_class_end(p, n, i);
            if (e < 0) return -1;
            i = e + 1;
            continue;
        }
        if (p[i] == '(') depth++;
        else if (p[i] == ')' && --depth == 0) return i;
        i++;
    }
    return -1;
}

static int64_t count_variable_quantifiers(const cp_t *p, int64_t n) {
    int64_t count = 0, i = 0;
    while (i < n) {
        cp_t ch = p[i];
        if (ch == '\\') {
            i += 2;
            continue;
        }
        if (ch == '[') {
            int64_t e = char_class_end(p, n, i);
            if (e < 0) return count;
            i = e + 1;
            continue;
        }
        if (ch == '*' || ch == '+' || ch == '?') {
            count++;
            i++;
            if (i < n && p[i] == '?') i++;
            continue;
        }
        if (ch == '{' && i + 1 < n && is_digit(p[i + 1])) {
            int64_t end = i + 2;
            while (end < n && is_digit(p[end])) end++;
            if (end < n && p[end] == ',') {
                end++;
                while (end < n && is_digit(p[end])) end++;
                if (end < n && p[end] == '}') {
                    count++;
                    i = end + 1;
                    if (i < n && p[i] == '?') i++;
                    continue;
                }
            }
        }
        i++;
    }
    return count;
}

static int64_t count_alternation_sites(const cp_t *p, int64_t n) {
    /* group ids are 0 (top) .. number of '(' */
    char *sites = calloc((size_t)n + 2, 1);
    int64_t *stack = malloc(sizeof(int64_t) * ((size_t)n + 2));
    int64_t top = 0, next_group = 1, i = 0, count = 0;
    stack[0] = 0;
    while (i < n) {
        if (p[i] == '\\') {
            i += 2;
            continue;
        }
        if (p[i] == '[') {
            int64_t e = char_class_end(p, n, i);
            if (e < 0) break;
            i = e + 1;
            continue;
        }
        if (p[i] == '(') stack[++top] = next_group++;
        else if (p[i] == ')' && top > 0) top--;
        else if (p[i] == '|' && !sites[stack[top]]) {
            sites[stack[top]] = 1;
            count++;
        }
        i++;
    }
    free(sites);
    free(stack);
    return count;
}

static int has_nested_quantifier(const cp_t *p, int64_t n) {
    int64_t i = 0;
    while (i < n) {
        if (p[i] == '\\') {
            i += 2;
            continue;
        }
        if (p[i] == ')') {
            int64_t j = i + 1;
            while (j < n && (p[j] == ' ' || p[j] == '\t')) j++;
            if (j < n && in_set(p[j], "+*?{")) {
                int64_t depth = 1, k = i - 1;
                while (k >= 0 && depth > 0) {
                    if (p[k] == ')' && (k == 0 || p[k - 1] != '\\')) depth++;
                    else if (p[k] == '(' && (k == 0 || p[k - 1] != '\\')) depth--;
                    k--;
                }
                int64_t gs = k + 2, m = gs;
                while (m < i) {
                    if (p[m] == '\\') {
                        m += 2;
                        continue;
                    }
                    if (p[m] == '+' || p[m] == '*') return 1;
                    if (p[m] == '?' && m > gs && p[m - 1] != '(') return 1;
                    if (p[m] == '{' && m + 1 < i && is_digit(p[m + 1])) return 1;
                    m++;
                }
            }
        }
        i++;
    }
    return 0;
}

static int has_overlapping_alternation(const cp_t *p, int64_t n) {
    int64_t i = 0;
    while (i < n) {
        if (p[i] == '\\') {
            i += 2;
            continue;
        }
        if (p[i] == '[') {
            i++;
            while (i < n) {
                if (p[i] == '\\') {
                    i += 2;
                    continue;
                }
                if (p[i] == ']') {
                    i++;
                    break;
                }
                i++;
            }
            continue;
        }
        if (p[i] != '(') {
            i++;
            continue;
        }
        int64_t gs = i, depth = 1, j = i + 1;
        int alt = 0, in_cc = 0;
        while (j < n && depth > 0) {
            cp_t ch = p[j];
            if (ch == '\\') {
                j += 2;
                continue;
            }
            if (in_cc) {
                if (ch == ']') in_cc = 0;
                j++;
                continue;
            }
            if (ch == '[') in_cc = 1;
            else if (ch == '(') depth++;
            else if (ch == ')') {
                if (--depth == 0) break;
            } else if (ch == '|') alt = 1;
            j++;
        }
        if (depth != 0) return 0;
        int64_t q = j + 1;
        while (q < n && (p[q] == ' ' || p[q] == '\t')) q++;
        if (alt && q < n && in_set(p[q], "+*?{")) return 1;
        i = gs + 1;
    }
    return 0;
}

/* _regex_quantifier_end: 0 when there is none at start. */
typedef struct { int64_t end; int ambiguous, can_consume, required; } Quant;

static int quantifier_end(const cp_t *p, int64_t n, int64_t start, Quant *q) {
    if (start >= n) return 0;
    if (p[start] == '*' || p[start] == '+' || p[start] == '?') {
        q->end = start + 1;
        if (q->end < n && p[q->end] == '?') q->end++;
        q->ambiguous = q->can_consume = 1;
        q->required = p[start] == '+';
        return 1;
    }
    if (p[start] != '{' || start + 1 >= n) return 0;
    int64_t i = start + 1;
    while (i < n && is_digit(p[i])) i++;
    int has_comma = i < n && p[i] == ',';
    /* lstrip("0") of each bound: "" when all zeros */
    int64_t a = start + 1;
    while (a < i && p[a] == '0') a++;
    int min_nonempty = a < i;
    int max_is_zero = 0;   /* maximum_text == "0": impossible after lstrip, kept for fidelity */
    if (has_comma) {
        i++;
        while (i < n && is_digit(p[i])) i++;
    }
    if (i >= n || p[i] != '}') return 0;
    q->end = i + 1;
    if (q->end < n && p[q->end] == '?') q->end++;
    q->required = min_nonempty;
    q->can_consume = q->required || (has_comma && !max_is_zero);
    q->ambiguous = has_comma;
    return 1;
}

/* Atom keys: ("escape"|"literal"|"class"|"group", text). */
enum { K_ESCAPE, K_LITERAL, K_CLASS, K_GROUP };
typedef struct { int kind; const cp_t *s; int64_t n; } Key;

static int key_eq(const Key *a, const Key *b) {
    return a->kind == b->kind && a->n == b->n && memcmp(a->s, b->s, sizeof(cp_t) * (size_t)a->n) == 0;
}

static int atoms_overlap(const Key *l, const Key *r) {
    if (key_eq(l, r)) return 1;
    if ((l->kind == K_LITERAL && l->n == 1 && l->s[0] == '.') || (r->kind == K_LITERAL && r->n == 1 && r->s[0] == '.'))
        return 1;
    return l->kind != K_LITERAL || r->kind != K_LITERAL;
}

static int has_sequential_quantified_atoms(const cp_t *p, int64_t n) {
    Key prev = {0}, key;
    int have_prev = 0;
    int64_t i = 0;
    while (i < n) {
        cp_t ch = p[i];
        int64_t atom_end;
        if (ch == '|') {
            have_prev = 0;
            i++;
            continue;
        }
        if (ch == '\\') {
            if (i + 1 >= n) return 0;
            key = (Key){K_ESCAPE, p + i + 1, 1};
            atom_end = i + 2;
        } else if (ch == '[') {
            int64_t e = char_class_end(p, n, i);
            if (e < 0) return 0;
            int64_t len = e - i - 1;
            if (len == 1) key = (Key){K_LITERAL, p + i + 1, 1};
            else if (len == 2 && p[i + 1] == '\\') key = (Key){K_LITERAL, p + i + 2, 1};
            else key = (Key){K_CLASS, p + i + 1, len};
            atom_end = e + 1;
        } else if (ch == '(') {
            int64_t e = group_end(p, n, i);
            if (e < 0) return 0;
            if (has_sequential_quantified_atoms(p + i + 1, e - i - 1)) return 1;
            key = (Key){K_GROUP, p + i + 1, e - i - 1};
            atom_end = e + 1;
        } else if (ch == ')' || ch == '^' || ch == '$') {
            i++;
            continue;
        } else {
            key = (Key){K_LITERAL, p + i, 1};
            atom_end = i + 1;
        }
        Quant q;
        if (!quantifier_end(p, n, atom_end, &q)) q = (Quant){atom_end, 0, 1, 1};
        if (have_prev && q.can_consume && atoms_overlap(&prev, &key)) return 1;
        if (have_prev && q.required) have_prev = 0;
        if (q.ambiguous && q.can_consume) {
            prev = key;
            have_prev = 1;
        }
        i = q.end;
    }
    return 0;
}

/* The first rule the pattern breaks, as the reference's message tail, or NULL. */
static const char *safety_violation(const cp_t *p, int64_t n) {
    if (n > MAX_PATTERN_LEN) return "pattern too long (max 1000 chars)";
    if (has_backref(p, n)) return "backreferences are not supported for safety";
    if (group_depth_exceeds_limit(p, n)) return "group nesting too deep (max 128)";
    if (has_nested_quantifier(p, n)) return "nested quantifiers are not supported for safety";
    if (has_overlapping_alternation(p, n)) return "overlapping alternation branches are not supported for safety";
    if (has_sequential_quantified_atoms(p, n)) return "adjacent repeated atoms are not supported for safety";
    if (count_variable_quantifiers(p, n) > 1) return "multiple variable quantifiers are not supported for safety";
    if (count_alternation_sites(p, n) > 1) return "multiple alternation sites are not supported for safety";
    if (has_unsupported_construct(p, n)) return "advanced or encoded regex constructs are not supported for safety";
    return NULL;
}

/* ---- Python's parser (re/_parser.py) over the subset, writing PCRE2 --------- */

typedef struct {
    const cp_t *p;
    int64_t n;
    int64_t i;              /* next token's start (source.tell()) */
    cp_t *out;              /* the PCRE2 pattern */
    int64_t len, cap;
    int groups;
    char *err;              /* Python's message (malloc), then stop */
    int64_t err_pos;
} Parser;

static void out_cp(Parser *ps, cp_t c) {
    if (ps->len == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 64;
        ps->out = realloc(ps->out, sizeof(cp_t) * (size_t)ps->cap);
    }
    ps->out[ps->len++] = c;
}

static void out_ascii(Parser *ps, const char *s) {
    while (*s) out_cp(ps, (unsigned char)*s++);
}

/* A literal character, escaped when PCRE2 would read it as syntax. */
static void out_literal(Parser *ps, cp_t c) {
    if (c < 128 && c > ' ' && c != 127 && !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        out_cp(ps, '\\');
    out_cp(ps, c);
}

static void fail(Parser *ps, int64_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(Parser *ps, int64_t pos, const char *fmt, ...) {
    if (ps->err) return;
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&ps->err, fmt, ap) < 0) ps->err = NULL;
    va_end(ap);
    if (!ps->err) ps->err = strdup("invalid pattern");
    ps->err_pos = pos;
}

#define FAIL(...) do { fail(__VA_ARGS__); return; } while (0)

/* Token at i: 1 code point, or 2 for a backslash escape. */
static int tok_len(const Parser *ps, int64_t i) {
    if (i >= ps->n) return 0;
    return ps->p[i] == '\\' && i + 1 < ps->n ? 2 : 1;
}

/* The token's text as UTF-8 (for messages). */
static void tok_text(const Parser *ps, int64_t i, int len, char *buf) {
    int k = 0;
    for (int j = 0; j < len; j++) k += geno_utf8_encode(ps->p[i + j], buf + k);
    buf[k] = 0;
}

static void parse_sub(Parser *ps, int nested);

/* A character set after its '['; `here` is the '[' position. */
static void parse_class(Parser *ps, int64_t here) {
    out_cp(ps, '[');
    if (ps->i < ps->n && ps->p[ps->i] == '^') {
        out_cp(ps, '^');
        ps->i++;
    }
    int empty = 1;
    for (;;) {
        int tl = tok_len(ps, ps->i);
        if (!tl) FAIL(ps, here, "unterminated character set");
        int64_t this_at = ps->i;
        ps->i += tl;
        cp_t code1;
        if (tl == 1 && ps->p[this_at] == ']' && !empty) break;
        if (tl == 2) {
            cp_t c = ps->p[this_at + 1];
            if (c < 128 && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                FAIL(ps, this_at, "bad escape (outside genoc's subset)");   /* rejected earlier */
            code1 = c;
        } else {
            code1 = ps->p[this_at];
        }
        if (ps->i < ps->n && ps->p[ps->i] == '-') {
            ps->i++;
            int tl2 = tok_len(ps, ps->i);
            if (!tl2) FAIL(ps, here, "unterminated character set");
            int64_t that_at = ps->i;
            ps->i += tl2;
            if (tl2 == 1 && ps->p[that_at] == ']') {
                out_literal(ps, code1);
                out_literal(ps, '-');
                break;
            }
            cp_t code2 = tl2 == 2 ? ps->p[that_at + 1] : ps->p[that_at];
            if (tl2 == 2 && code2 < 128 &&
                ((code2 >= '0' && code2 <= '9') || (code2 >= 'a' && code2 <= 'z') || (code2 >= 'A' && code2 <= 'Z')))
                FAIL(ps, that_at, "bad escape (outside genoc's subset)");
            if (code2 < code1) {
                char a[16], b[16];
                tok_text(ps, this_at, tl, a);
                tok_text(ps, that_at, tl2, b);
                FAIL(ps, this_at, "bad character range %s-%s", a, b);
            }
            out_literal(ps, code1);
            out_cp(ps, '-');
            out_literal(ps, code2);
        } else {
            out_literal(ps, code1);
        }
        empty = 0;
    }
    out_cp(ps, ']');
}

enum { IT_NONE, IT_AT, IT_REPEAT, IT_OTHER };

/* Writes {lo,hi}; hi < 0: unbounded. */
static void out_count(Parser *ps, int64_t lo, int64_t hi) {
    char buf[64];
    if (hi < 0) snprintf(buf, sizeof buf, "{%lld,}", (long long)lo);
    else if (hi == lo) snprintf(buf, sizeof buf, "{%lld}", (long long)lo);
    else snprintf(buf, sizeof buf, "{%lld,%lld}", (long long)lo, (long long)hi);
    out_ascii(ps, buf);
}

/* One branch: items until '|', ')' or the end. */
static void parse_seq(Parser *ps, int nested) {
    int last = IT_NONE;
    while (!ps->err && ps->i < ps->n) {
        cp_t c = ps->p[ps->i];
        if (c == '|' || c == ')') break;
        int tl = tok_len(ps, ps->i);
        int64_t this_at = ps->i;
        ps->i += tl;
        if (tl == 2) {
            cp_t e = ps->p[this_at + 1];
            if (e < 128 && ((e >= '0' && e <= '9') || (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z')))
                FAIL(ps, this_at, "bad escape (outside genoc's subset)");   /* rejected earlier */
            out_literal(ps, e);
            last = IT_OTHER;
        } else if (c == '\\') {
            FAIL(ps, this_at, "bad escape (end of pattern)");
        } else if (!in_set(c, ".[{()*+?^$|")) {
            out_literal(ps, c);
            last = IT_OTHER;
        } else if (c == '[') {
            parse_class(ps, this_at);
            last = IT_OTHER;
        } else if (in_set(c, "*+?{")) {
            int64_t here = ps->i, lo = 0, hi = -1;
            if (c == '?') hi = 1;
            else if (c == '+') lo = 1;
            else if (c == '{') {
                if (ps->i < ps->n && ps->p[ps->i] == '}') {
                    out_literal(ps, '{');
                    last = IT_OTHER;
                    continue;
                }
                int64_t a = ps->i, b;
                while (ps->i < ps->n && is_digit(ps->p[ps->i])) ps->i++;
                b = ps->i;
                int64_t ha = b, hb = b;
                int comma = ps->i < ps->n && ps->p[ps->i] == ',';
                if (comma) {
                    ps->i++;
                    ha = ps->i;
                    while (ps->i < ps->n && is_digit(ps->p[ps->i])) ps->i++;
                    hb = ps->i;
                } else {
                    ha = a, hb = b;
                }
                if (!(ps->i < ps->n && ps->p[ps->i] == '}')) {
                    out_literal(ps, '{');
                    ps->i = here;
                    last = IT_OTHER;
                    continue;
                }
                ps->i++;
                if (b > a) {
                    lo = digits_value(ps->p, a, b);
                    if (lo >= 4294967295LL) FAIL(ps, -1, "the repetition number is too large");
                }
                if (hb > ha) {
                    hi = digits_value(ps->p, ha, hb);
                    if (hi >= 4294967295LL) FAIL(ps, -1, "the repetition number is too large");
                    if (hi < lo) FAIL(ps, here, "min repeat greater than max repeat");
                }
            }
            if (last == IT_NONE || last == IT_AT) FAIL(ps, this_at, "nothing to repeat");
            if (last == IT_REPEAT) FAIL(ps, this_at, "multiple repeat");
            if (hi > 65535 || lo > 65535) FAIL(ps, this_at, "repeat count beyond the regex engine's limit");
            if (c == '*') out_cp(ps, '*');
            else if (c == '+') out_cp(ps, '+');
            else if (c == '?') out_cp(ps, '?');
            else out_count(ps, lo, hi);
            if (ps->i < ps->n && ps->p[ps->i] == '?') {
                out_cp(ps, '?');
                ps->i++;
            } else if (ps->i < ps->n && ps->p[ps->i] == '+') {
                out_cp(ps, '+');
                ps->i++;
            }
            last = IT_REPEAT;
        } else if (c == '.') {
            out_ascii(ps, "[^\\n]");
            last = IT_OTHER;
        } else if (c == '(') {
            if (ps->i < ps->n && ps->p[ps->i] == '?')
                FAIL(ps, this_at, "group extension (outside genoc's subset)");   /* rejected earlier */
            ps->groups++;
            out_cp(ps, '(');
            parse_sub(ps, nested + 1);
            if (ps->err) return;
            if (!(ps->i < ps->n && ps->p[ps->i] == ')')) FAIL(ps, this_at, "missing ), unterminated subpattern");
            ps->i++;
            out_cp(ps, ')');
            last = IT_OTHER;
        } else if (c == '^') {
            out_ascii(ps, "\\A");
            last = IT_AT;
        } else if (c == '$') {
            out_cp(ps, '$');
            last = IT_AT;
        }
    }
}

static void parse_sub(Parser *ps, int nested) {
    for (;;) {
        parse_seq(ps, nested);
        if (ps->err || !(ps->i < ps->n && ps->p[ps->i] == '|')) return;
        ps->i++;
        out_cp(ps, '|');
    }
}

/* re.error's text: "MSG at position P" (+ " (line L, column C)" when the
 * pattern holds a newline). */
static char *python_error(const Parser *ps) {
    if (ps->err_pos < 0) return strdup(ps->err);
    int64_t lines = 0, last_nl = -1, any_nl = 0;
    for (int64_t i = 0; i < ps->n; i++) {
        if (ps->p[i] != '\n') continue;
        any_nl = 1;
        if (i < ps->err_pos) {
            lines++;
            last_nl = i;
        }
    }
    char *msg;
    int r = any_nl ? asprintf(&msg, "%s at position %lld (line %lld, column %lld)", ps->err, (long long)ps->err_pos,
                              (long long)lines + 1, (long long)(ps->err_pos - last_nl))
                   : asprintf(&msg, "%s at position %lld", ps->err, (long long)ps->err_pos);
    return r < 0 ? NULL : msg;
}

/* ---- compiled patterns and their cache --------------------------------------------- */

typedef struct {
    char *key;                  /* the pattern's UTF-8 (malloc) */
    int64_t key_len;
    pcre2_code *code;
    pcre2_match_data *md;
    int groups;
    uint64_t used;
} Compiled;

#define CACHE_SIZE 32
static Compiled cache[CACHE_SIZE];
static uint64_t cache_clock;
static pcre2_match_context *mctx;

static pcre2_match_context *match_context(void) {
    if (!mctx) {
        mctx = pcre2_match_context_create(NULL);
        pcre2_set_match_limit(mctx, MATCH_LIMIT);
        pcre2_set_depth_limit(mctx, DEPTH_LIMIT);
        pcre2_set_heap_limit(mctx, HEAP_LIMIT_KIB);
    }
    return mctx;
}

static _Noreturn void raise_msg(GenoLoc loc, const char *func, const char *what, const char *text) {
    char *m;
    if (asprintf(&m, "%s: %s%s", func, what, text ? text : "") < 0) geno_raise("E499", loc, "%s: %s", func, what);
    GenoStr *s = geno_str_from_cstr(m);
    free(m);
    geno_raise_str("E499", loc, s);
}

/* Compiles an already translated pattern. NULL and *err set on failure. */
static pcre2_code *compile_pcre(const cp_t *pat, int64_t n, char *err, size_t errsz) {
    static const cp_t empty[1];
    int ec;
    PCRE2_SIZE eo;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)(pat ? pat : empty), (PCRE2_SIZE)n,
                                     PCRE2_NEVER_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C, &ec, &eo, NULL);
    if (!code) {
        PCRE2_UCHAR buf[256];
        pcre2_get_error_message(ec, buf, 256);
        size_t k = 0;
        for (int i = 0; buf[i] && k + 1 < errsz; i++) err[k++] = buf[i] < 128 ? (char)buf[i] : '?';
        err[k] = 0;
    }
    return code;
}

/* The compiled pattern for `pattern`: from the cache, or validated (the
 * reference's rules, then its text-length checks in `texts`), parsed and
 * compiled. Text checks run on a hit too. */
static Compiled *get_compiled(const char *func, GenoStr *pattern, GenoStr *const *texts, const char *const *names,
                              int ntexts, GenoLoc loc) {
    Compiled *hit = NULL;
    for (int i = 0; i < CACHE_SIZE; i++)
        if (cache[i].code && cache[i].key_len == pattern->len && memcmp(cache[i].key, pattern->data, (size_t)pattern->len) == 0) {
            hit = &cache[i];
            break;
        }
    if (!hit && pattern->cplen > MAX_PATTERN_LEN) raise_msg(loc, func, "pattern too long (max 1000 chars)", NULL);
    Decoded d = {0};
    if (!hit) {
        decode(pattern, &d, 0);
        const char *why = safety_violation(d.cp, d.n);
        if (why) raise_msg(loc, func, why, NULL);
    }
    for (int t = 0; t < ntexts; t++)
        if (texts[t]->cplen > MAX_TEXT_LEN) {
            char m[64];
            snprintf(m, sizeof m, "%s too long (max %d chars)", names[t], MAX_TEXT_LEN);
            raise_msg(loc, func, m, NULL);
        }
    if (hit) {
        hit->used = ++cache_clock;
        return hit;
    }
    Parser ps = {.p = d.cp, .n = d.n};
    parse_sub(&ps, 0);
    if (!ps.err && ps.i < ps.n) fail(&ps, ps.i, "unbalanced parenthesis");
    if (ps.err) {
        char *m = python_error(&ps);
        free(ps.err);
        free(ps.out);
        GenoStr *s = geno_str_from_cstr(m ? m : "invalid pattern");
        free(m);
        raise_msg(loc, func, "invalid pattern: ", s->data);
    }
    char err[256];
    pcre2_code *code = compile_pcre(ps.out, ps.len, err, sizeof err);
    free(ps.out);
    if (!code) raise_msg(loc, func, "invalid pattern: ", err);
    /* evict the least recently used */
    Compiled *slot = &cache[0];
    for (int i = 0; i < CACHE_SIZE; i++) {
        if (!cache[i].code) {
            slot = &cache[i];
            break;
        }
        if (cache[i].used < slot->used) slot = &cache[i];
    }
    if (slot->code) {
        pcre2_code_free(slot->code);
        pcre2_match_data_free(slot->md);
        free(slot->key);
    }
    slot->key = malloc((size_t)pattern->len + 1);
    memcpy(slot->key, pattern->data, (size_t)pattern->len);
    slot->key_len = pattern->len;
    slot->code = code;
    slot->md = pcre2_match_data_create_from_pattern(code, NULL);
    slot->groups = ps.groups;
    slot->used = ++cache_clock;
    return slot;
}

/* One search from `start`: 1 with ov[0..2*(groups+1)) set, 0 for no match;
 * E499 when the engine gives up. */
static int search(const char *func, pcre2_code *code, pcre2_match_data *md, const cp_t *subj, int64_t n,
                  int64_t start, int notempty_atstart, GenoLoc loc) {
    int rc = pcre2_match(code, (PCRE2_SPTR)subj, (PCRE2_SIZE)n, (PCRE2_SIZE)start,
                         notempty_atstart ? PCRE2_NOTEMPTY_ATSTART : 0, md, match_context());
    if (rc >= 0) return 1;
    if (rc == PCRE2_ERROR_NOMATCH) return 0;
    if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
        rc == PCRE2_ERROR_NOMEMORY)
        raise_msg(loc, func, "regex too complex to match (backtracking limit exceeded)", NULL);
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(rc, buf, 256);
    char m[256];
    size_t k = 0;
    for (int i = 0; buf[i] && k + 1 < sizeof m; i++) m[k++] = buf[i] < 128 ? (char)buf[i] : '?';
    m[k] = 0;
    raise_msg(loc, func, "regex engine error: ", m);
}

/* Python's finditer walk: calls f(match) for each match in order. */
typedef struct {
    Compiled *c;
    Decoded text;
    GenoStr *src;
    const char *func;
    GenoLoc loc;
} Scan;

static GenoStr *slice(const Scan *sc, int64_t a, int64_t b) {
    int64_t bo = sc->text.off[a], be = sc->text.off[b];
    return geno_str_make(sc->src->data + bo, be - bo, b - a);
}

/* Appends code points [a, b) of the scanned string. */
static void append(GenoBuf *out, const Scan *sc, int64_t a, int64_t b) {
    int64_t bo = sc->text.off[a], be = sc->text.off[b];
    geno_buf_add_bytes(out, sc->src->data + bo, be - bo, b - a);
}

/* ---- the builtins ------------------------------------------------------------------- */

static int64_t limit(void) { return geno_cfg.max_collection_size; }

static void size_check(const char *func, int64_t size, GenoLoc loc) {
    if (size > limit())
        geno_raise("E499", loc, "%s: Runtime Error: String size exceeds limit (%lld > %lld)", func, (long long)size, (long long)limit());
}

GenoAdt *geno_regex_match(GenoStr *pattern, GenoStr *text, GenoLoc loc) {
    const char *F = "regex_match";
    geno_require_cap(GENO_CAP_REGEX, F, loc);
    const char *names[] = {"text"};
    Compiled *c = get_compiled(F, pattern, &text, names, 1, loc);
    Scan sc = {.c = c, .src = text, .func = F, .loc = loc};
    decode(text, &sc.text, 1);
    if (!search(F, c->code, c->md, sc.text.cp, sc.text.n, 0, 0, loc)) return geno_none();
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
    return geno_some((GenoWord)(uintptr_t)slice(&sc, (int64_t)ov[0], (int64_t)ov[1]));
}

GenoList *geno_regex_find_all(GenoStr *pattern, GenoStr *text, GenoLoc loc) {
    const char *F = "regex_find_all";
    geno_require_cap(GENO_CAP_REGEX, F, loc);
    const char *names[] = {"text"};
    Compiled *c = get_compiled(F, pattern, &text, names, 1, loc);
    Scan sc = {.c = c, .src = text, .func = F, .loc = loc};
    decode(text, &sc.text, 1);
    int64_t count = 0, cap = 16, pos = 0;
    GenoWord *items = geno_alloc(sizeof(GenoWord) * (size_t)cap);
    int notempty = 0;
    while (pos <= sc.text.n && search(F, c->code, c->md, sc.text.cp, sc.text.n, pos, notempty, loc)) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
        int64_t s = (int64_t)ov[0], e = (int64_t)ov[1];
        size_check(F, e - s, loc);
        if (count + 1 > limit())
            geno_raise("E499", loc, "List size exceeds limit (%lld > %lld)", (long long)count + 1, (long long)limit());
        if (count == cap) {
            GenoWord *bigger = geno_alloc(sizeof(GenoWord) * (size_t)cap * 2);
            memcpy(bigger, items, sizeof(GenoWord) * (size_t)cap);
            items = bigger;
            cap *= 2;
        }
        items[count++] = (GenoWord)(uintptr_t)slice(&sc, s, e);
        notempty = s == e;
        pos = e;
    }
    return geno_list_of(count, items, loc);
}

/* A piece of the replacement: a literal run [a, b) of code points, or a
 * group reference (group >= 1; b - a its digits). */
typedef struct { int64_t a, b; int64_t group; } Piece;

GenoStr *geno_regex_replace(GenoStr *pattern, GenoStr *replacement, GenoStr *text, GenoLoc loc) {
    const char *F = "regex_replace";
    geno_require_cap(GENO_CAP_REGEX, F, loc);
    GenoStr *texts[] = {replacement, text};
    const char *names[] = {"replacement", "text"};
    Compiled *c = get_compiled(F, pattern, texts, names, 2, loc);
    Scan sc = {.c = c, .src = text, .func = F, .loc = loc};
    decode(text, &sc.text, 1);
    Scan rs = {.src = replacement};
    decode(replacement, &rs.text, 1);

    /* _expand_regex_replacement's reading of the replacement */
    const cp_t *r = rs.text.cp;
    int64_t rn = rs.text.n, npieces = 0;
    Piece *pieces = geno_alloc_atomic(sizeof(Piece) * (size_t)(rn + 1));
    for (int64_t i = 0; i < rn;) {
        if (r[i] == '\\' && i + 1 < rn && r[i + 1] >= '1' && r[i + 1] <= '9') {
            int64_t end = i + 2;
            while (end < rn && is_digit(r[end])) end++;
            pieces[npieces++] = (Piece){i + 1, end, digits_value(r, i + 1, end)};
            i = end;
            continue;
        }
        int64_t a = i;
        i++;
        while (i < rn && !(r[i] == '\\' && i + 1 < rn && r[i + 1] >= '1' && r[i + 1] <= '9')) i++;
        pieces[npieces++] = (Piece){a, i, 0};
    }

    GenoBuf *out = geno_buf_new();
    int64_t total = 0, last_end = 0, pos = 0;
    int notempty = 0;
    while (pos <= sc.text.n && search(F, c->code, c->md, sc.text.cp, sc.text.n, pos, notempty, loc)) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
        int64_t s = (int64_t)ov[0], e = (int64_t)ov[1];
        int64_t prefix = s - last_end;
        size_check(F, total + prefix, loc);
        append(out, &sc, last_end, s);   /* an error below ends the call anyway */
        int64_t before = total + prefix, added = 0;
        for (int64_t k = 0; k < npieces; k++) {
            Piece *pc = &pieces[k];
            if (!pc->group) {
                int64_t len = pc->b - pc->a;
                size_check(F, before + added + len, loc);
                append(out, &rs, pc->a, pc->b);
                added += len;
                continue;
            }
            if (pc->group > c->groups) geno_raise("E499", loc, "%s: invalid replacement group reference", F);
            int64_t len = 0;
            if (ov[2 * pc->group] != PCRE2_UNSET) {
                int64_t gs = (int64_t)ov[2 * pc->group], ge = (int64_t)ov[2 * pc->group + 1];
                len = ge - gs;
                size_check(F, before + added + len, loc);
                append(out, &sc, gs, ge);
            } else {
                size_check(F, before + added, loc);
            }
            added += len;
        }
        total += prefix + added;
        last_end = e;
        notempty = s == e;
        pos = e;
    }
    size_check(F, total + (sc.text.n - last_end), loc);
    append(out, &sc, last_end, sc.text.n);
    return geno_buf_to_str(out);
}

/* ---- for the unit tests (rt/geno_regex.h) ----------------------------------------------------- */

int geno_regex_raw_search(const char *pcre2_pattern, GenoStr *text, GenoLoc loc) {
    Decoded p, t;
    decode(geno_str_from_cstr(pcre2_pattern), &p, 0);
    decode(text, &t, 0);
    char err[256];
    pcre2_code *code = compile_pcre(p.cp, p.n, err, sizeof err);
    if (!code) geno_raise("E499", loc, "raw pattern: %s", err);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
    int found = search("regex_test", code, md, t.cp, t.n, 0, 0, loc);   /* leaks on E499: tests only */
    pcre2_match_data_free(md);
    pcre2_code_free(code);
    return found;
}

char *geno_regex_translate(const char *pattern_utf8) {
    Decoded d;
    decode(geno_str_from_cstr(pattern_utf8), &d, 0);
    Parser ps = {.p = d.cp, .n = d.n};
    parse_sub(&ps, 0);
    if (!ps.err && ps.i < ps.n) fail(&ps, ps.i, "unbalanced parenthesis");
    if (ps.err) {
        char *m = python_error(&ps);
        free(ps.err);
        free(ps.out);
        char *r;
        if (asprintf(&r, "error: %s", m ? m : "?") < 0) r = NULL;
        free(m);
        return r;
    }
    char *s = malloc((size_t)ps.len * 4 + 1);
    int64_t k = 0;
    for (int64_t i = 0; i < ps.len; i++) k += geno_utf8_encode(ps.out[i], s + k);
    s[k] = 0;
    free(ps.out);
    return s;
}

const char *geno_regex_safety_violation(const char *pattern_utf8) {
    Decoded d;
    decode(geno_str_from_cstr(pattern_utf8), &d, 0);
    return safety_violation(d.cp, d.n);
}
