/* JSON round trips: build a document of n records, stringify it, parse it
 * back with a recursive-descent parser, walk it, and compare. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <stdbool.h>
#include "bench_util.h"

typedef enum { JSTR, JINT, JFLOAT, JBOOL, JNULL, JARR, JOBJ } JTag;
typedef struct J {
    JTag tag;
    int64_t i; double f; bool b;
    char *s;                       /* JSTR */
    struct J **items; char **keys; /* JARR / JOBJ */
    size_t n;
} J;

static J *mk(JTag t) { J *j = calloc(1, sizeof *j); j->tag = t; return j; }
static J *jstr(const char *s) { J *j = mk(JSTR); j->s = strdup(s); return j; }
static J *jint(int64_t i) { J *j = mk(JINT); j->i = i; return j; }
static void add_item(J *a, const char *key, J *v) {
    a->items = realloc(a->items, (a->n + 1) * sizeof *a->items);
    if (a->tag == JOBJ) { a->keys = realloc(a->keys, (a->n + 1) * sizeof *a->keys); a->keys[a->n] = strdup(key); }
    a->items[a->n++] = v;
}
static void jfree(J *j) {
    for (size_t k = 0; k < j->n; k++) { jfree(j->items[k]); if (j->keys) free(j->keys[k]); }
    free(j->items); free(j->keys); free(j->s); free(j);
}

typedef struct { char *p; size_t len, cap; } Buf;
static void put(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) { while (b->len + n + 1 > b->cap) b->cap = b->cap ? 2 * b->cap : 256; b->p = realloc(b->p, b->cap); }
    memcpy(b->p + b->len, s, n); b->len += n; b->p[b->len] = 0;
}
static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }
static void put_str(Buf *b, const char *s) {
    put(b, "\"", 1);
    for (; *s; s++) {
        if (*s == '"') put(b, "\\\"", 2);
        else if (*s == '\\') put(b, "\\\\", 2);
        else if (*s == '\n') put(b, "\\n", 2);
        else put(b, s, 1);
    }
    put(b, "\"", 1);
}
static void stringify(Buf *b, const J *j) {
    char tmp[64];
    switch (j->tag) {
    case JSTR: put_str(b, j->s); break;
    case JINT: snprintf(tmp, sizeof tmp, "%lld", (long long)j->i); puts_(b, tmp); break;
    case JFLOAT: format_float(j->f, tmp); puts_(b, tmp); break;
    case JBOOL: puts_(b, j->b ? "true" : "false"); break;
    case JNULL: puts_(b, "null"); break;
    case JARR:
        put(b, "[", 1);
        for (size_t k = 0; k < j->n; k++) { if (k) put(b, ",", 1); stringify(b, j->items[k]); }
        put(b, "]", 1);
        break;
    case JOBJ:
        put(b, "{", 1);
        for (size_t k = 0; k < j->n; k++) {
            if (k) put(b, ",", 1);
            put_str(b, j->keys[k]); put(b, ":", 1); stringify(b, j->items[k]);
        }
        put(b, "}", 1);
        break;
    }
}

static const char *P;
static void ws(void) { while (*P == ' ' || *P == '\n' || *P == '\t' || *P == '\r') P++; }
static char *parse_string(void) {
    Buf b = {0};
    put(&b, "", 0);
    P++;                                      /* opening quote */
    while (*P != '"') {
        if (*P == '\\') {
            P++;
            char c = *P == 'n' ? '\n' : *P == 't' ? '\t' : *P;
            put(&b, &c, 1);
        } else put(&b, P, 1);
        P++;
    }
    P++;
    return b.p;
}
static J *parse_value(void) {
    ws();
    if (*P == '"') { J *j = mk(JSTR); j->s = parse_string(); return j; }
    if (*P == '[') {
        J *a = mk(JARR);
        P++; ws();
        if (*P == ']') { P++; return a; }
        for (;;) { add_item(a, NULL, parse_value()); ws(); if (*P == ',') { P++; continue; } P++; return a; }
    }
    if (*P == '{') {
        J *o = mk(JOBJ);
        P++; ws();
        if (*P == '}') { P++; return o; }
        for (;;) {
            ws();
            char *k = parse_string();
            ws(); P++;                        /* ':' */
            add_item(o, k, parse_value());
            free(k);
            ws();
            if (*P == ',') { P++; continue; }
            P++;
            return o;
        }
    }
    if (!strncmp(P, "true", 4)) { P += 4; J *j = mk(JBOOL); j->b = true; return j; }
    if (!strncmp(P, "false", 5)) { P += 5; J *j = mk(JBOOL); j->b = false; return j; }
    if (!strncmp(P, "null", 4)) { P += 4; return mk(JNULL); }
    const char *s = P;
    bool is_float = false;
    if (*P == '-') P++;
    while ((*P >= '0' && *P <= '9') || *P == '.' || *P == 'e' || *P == 'E' || *P == '+' || *P == '-') {
        if (*P == '.' || *P == 'e' || *P == 'E') is_float = true;
        P++;
    }
    if (is_float) { J *j = mk(JFLOAT); j->f = strtod(s, NULL); return j; }
    return jint(strtoll(s, NULL, 10));
}

static bool jequal(const J *a, const J *b) {
    if (a->tag != b->tag || a->n != b->n) return false;
    switch (a->tag) {
    case JSTR: return !strcmp(a->s, b->s);
    case JINT: return a->i == b->i;
    case JFLOAT: return a->f == b->f;
    case JBOOL: return a->b == b->b;
    case JNULL: return true;
    default:
        for (size_t k = 0; k < a->n; k++) {
            if (a->tag == JOBJ && strcmp(a->keys[k], b->keys[k])) return false;
            if (!jequal(a->items[k], b->items[k])) return false;
        }
        return true;
    }
}

static int64_t walk(const J *v) {
    int64_t acc = 0;
    switch (v->tag) {
    case JINT: return v->i;
    case JSTR: return (int64_t)strlen(v->s);
    case JFLOAT: return (int64_t)(v->f * 4.0);
    case JBOOL: return v->b ? 1 : 0;
    case JNULL: return 0;
    case JARR: for (size_t k = 0; k < v->n; k++) acc += walk(v->items[k]); return acc;
    case JOBJ: for (size_t k = 0; k < v->n; k++) acc += (int64_t)strlen(v->keys[k]) + walk(v->items[k]); return acc;
    }
    return 0;
}

static J *record(int64_t i) {
    char tmp[64];
    J *tags = mk(JARR);
    for (int64_t k = 0; k < 1 + i % 3; k++) { snprintf(tmp, sizeof tmp, "t%lld", (long long)((i + k) % 7)); add_item(tags, NULL, jstr(tmp)); }
    J *o = mk(JOBJ);
    add_item(o, "id", jint(i));
    snprintf(tmp, sizeof tmp, "user%lld \"q\"", (long long)i);
    add_item(o, "name", jstr(tmp));
    J *f = mk(JFLOAT); f->f = (double)(i % 40) * 0.25; add_item(o, "score", f);
    J *b = mk(JBOOL); b->b = i % 2 == 0; add_item(o, "active", b);
    add_item(o, "parent", mk(JNULL));
    add_item(o, "tags", tags);
    return o;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 100;
    J *doc = mk(JARR);
    for (int64_t i = 0; i < n; i++) add_item(doc, NULL, record(i));
    Buf text = {0};
    put(&text, "", 0);
    stringify(&text, doc);
    P = text.p;
    J *back = parse_value();
    Buf again = {0};
    put(&again, "", 0);
    stringify(&again, back);
    printf("%zu %lld %s %s\n", text.len, (long long)walk(back), strcmp(again.p, text.p) ? "false" : "true",
           jequal(back, doc) ? "true" : "false");
    jfree(doc); jfree(back); free(text.p); free(again.p);
    return 0;
}
