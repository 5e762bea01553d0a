/* examples.c — example clauses kept as data (codegen/emit_examples.c).
 *
 * The set's text is one record per example clause, in order:
 *
 *     c<k>;                          the C function in slot k runs it
 *     d<k>;<loc>;<n>:<name><v>...<v> a call of the function in slot k with
 *                                    its arguments as words (GenoWord(*)
 *                                    (GenoWord, ...)), then the expected
 *                                    value; slot k + 1 is the result type
 *     w<k>;...                       the same through a wrapper taking the
 *                                    argument words as an array (Floats)
 *
 * where <n>:<name> is the function's name (n bytes) and <loc> the clause's
 * GenoLoc; d and w records give the number of arguments first, as `<count>;`.
 * A value <v> is one of:
 *
 *     i<decimal>;          small Int (tagged here)
 *     f<%.17g>;            Float
 *     s<n>:<bytes>         String of n UTF-8 bytes
 *     b0  b1  u            Bool false / true, Unit
 *     n<tag>;              nullary constructor (the static singleton)
 *     a<tag>,<n>(...)      constructor with n field values
 *     t<n>(...)            tuple of n values
 *     l<n>,<loc>(...)      list of n values; loc is the literal's GenoLoc,
 *                          for the collection-size limit
 *
 * Values are built as the emitted C would build them, in the same order:
 * the arguments, the call at the entry depth, then the expected value. The
 * emitter writes only what it has checked, so a malformed record is a bug
 * of ours and aborts.
 */
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "errors.h"

static _Noreturn void bad_encoding(void) { abort(); }

static int64_t number(const char **p) {
    char *end;
    long long v = strtoll(*p, &end, 10);
    if (end == *p || !strchr(";,(:", *end) || !*end) bad_encoding();
    *p = end + (*end == ';');
    return v;
}

static void expect(const char **p, char c) {
    if (**p != c) bad_encoding();
    (*p)++;
}

static GenoWord decode(const char **p);

/* n values between parentheses into words[0..n). */
static void decode_items(const char **p, int64_t n, GenoWord *words) {
    expect(p, '(');
    for (int64_t i = 0; i < n; i++) words[i] = decode(p);
    expect(p, ')');
}

static GenoWord decode(const char **p) {
    char kind = *(*p)++;
    switch (kind) {
    case 'i': return (GenoWord)((uint64_t)number(p) * 2 + 1);
    case 'f': {
        char *end;
        double d = strtod(*p, &end);
        if (*end != ';') bad_encoding();
        *p = end + 1;
        return geno_f2w(d);
    }
    case 's': {
        int64_t n = number(p);
        expect(p, ':');
        GenoStr *s = geno_str_new(*p, n);
        *p += n;
        return (GenoWord)(uintptr_t)s;
    }
    case 'b': return (GenoWord)(*(*p)++ == '1');
    case 'u': return 0;
    case 'n': {
        int64_t tag = number(p);
        if (tag < 0 || tag >= GENO_MAX_NULLARY_TAG) bad_encoding();
        return (GenoWord)(uintptr_t)GENO_NULLARY(tag);
    }
    case 'a': {
        int64_t tag = number(p);
        expect(p, ',');
        int64_t n = number(p);
        GenoAdt *o = geno_alloc(sizeof(GenoAdt) + (size_t)n * sizeof(GenoWord));
        o->tag = tag;
        decode_items(p, n, o->fields);
        return (GenoWord)(uintptr_t)o;
    }
    case 't': {
        int64_t n = number(p);
        GenoWord w[3];
        if (n == 2 || n == 3) {   /* as geno_tuple2/3: unscanned when all small */
            decode_items(p, n, w);
            return (GenoWord)(uintptr_t)(n == 2 ? geno_tuple2(w[0], w[1]) : geno_tuple3(w[0], w[1], w[2]));
        }
        GenoTuple *t = geno_alloc((size_t)n * sizeof(GenoWord));
        decode_items(p, n, (GenoWord *)t);
        return (GenoWord)(uintptr_t)t;
    }
    case 'l': {
        int64_t n = number(p);
        expect(p, ',');
        GenoLoc loc = number(p);
        if (n == 0) {
            decode_items(p, 0, NULL);
            return (GenoWord)(uintptr_t)geno_list_empty();
        }
        /* scanned: the words already decoded must stay alive while the
         * next ones allocate */
        GenoWord *w = geno_alloc((size_t)n * sizeof(GenoWord));
        decode_items(p, n, w);
        return (GenoWord)(uintptr_t)geno_list_of(n, w, loc);
    }
    default:
        bad_encoding();
    }
}

#define MAX_ARGS 6   /* a direct call passes up to six words in registers */

typedef GenoWord (*Call0)(void);
typedef GenoWord (*Call1)(GenoWord);
typedef GenoWord (*Call2)(GenoWord, GenoWord);
typedef GenoWord (*Call3)(GenoWord, GenoWord, GenoWord);
typedef GenoWord (*Call4)(GenoWord, GenoWord, GenoWord, GenoWord);
typedef GenoWord (*Call5)(GenoWord, GenoWord, GenoWord, GenoWord, GenoWord);
typedef GenoWord (*Call6)(GenoWord, GenoWord, GenoWord, GenoWord, GenoWord, GenoWord);

/* f(a...) for a function whose parameters and result are all one integer
 * or pointer word each: passed and returned as GenoWords, the same
 * registers on x86-64 and AArch64. */
static GenoWord call_direct(const void *f, const GenoWord *a, int64_t n) {
    switch (n) {
    case 0: return ((Call0)f)();
    case 1: return ((Call1)f)(a[0]);
    case 2: return ((Call2)f)(a[0], a[1]);
    case 3: return ((Call3)f)(a[0], a[1], a[2]);
    case 4: return ((Call4)f)(a[0], a[1], a[2], a[3]);
    case 5: return ((Call5)f)(a[0], a[1], a[2], a[3], a[4]);
    case 6: return ((Call6)f)(a[0], a[1], a[2], a[3], a[4], a[5]);
    default: bad_encoding();
    }
}

/* Runs the record at p; returns where the next one starts. */
static const char *run_record(const GenoExampleSet *set, const char *p) {
    char kind = *p++;
    int64_t k = number(&p);
    if (kind == 'c') {
        ((void (*)(void))set->slots[k])();
        return p;
    }
    if (kind != 'd' && kind != 'w') bad_encoding();
    GenoLoc loc = number(&p);
    int64_t name_len = number(&p);
    expect(&p, ':');
    if (name_len < 0) bad_encoding();
    char *name = geno_alloc_atomic((size_t)name_len + 1);   /* cleared */
    memcpy(name, p, (size_t)name_len);
    p += name_len;
    int64_t n = number(&p);
    if (n < 0 || (kind == 'd' && n > MAX_ARGS)) bad_encoding();
    /* scanned: the words already decoded stay alive while the next allocate */
    GenoWord *args = geno_alloc((size_t)(n ? n : 1) * sizeof(GenoWord));
    for (int64_t i = 0; i < n; i++) args[i] = decode(&p);
    int64_t depth = geno_depth_left;
    GenoWord actual = kind == 'd' ? call_direct(set->slots[k], args, n)
                                  : ((GenoWord (*)(const GenoWord *))set->slots[k])(args);
    geno_depth_left = depth;
    GenoWord expected = decode(&p);
    geno_example_check(actual, expected, (const GenoType *)set->slots[k + 1], name, loc);
    return p;
}

void geno_run_examples(const GenoExampleSet *set) {
    const char *p = set->text;
    for (int i = 0; i < set->count; i++) p = run_record(set, p);
}

void geno_run_example_at(const GenoExampleSet *set, int64_t offset) { run_record(set, set->text + offset); }
