/* Shared helpers for the hand-written C twins of the benchmark programs.
 * print_float writes a double the way Geno (Python's repr) does: the
 * shortest digits that round-trip, fixed notation for exponents -4..15,
 * otherwise d.ddde+XX, always with ".0" on integral fixed values. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void format_float(double x, char *out) {
    if (isnan(x)) { strcpy(out, "nan"); return; }
    if (isinf(x)) { strcpy(out, x < 0 ? "-inf" : "inf"); return; }
    if (x == 0) { strcpy(out, signbit(x) ? "-0.0" : "0.0"); return; }
    char buf[64];
    int p;
    for (p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, x);
        if (strtod(buf, NULL) == x) break;
    }
    /* buf = [-]d[.ddd]e[+-]XX */
    char digits[32];
    int nd = 0, neg = 0;
    const char *s = buf;
    if (*s == '-') { neg = 1; s++; }
    while (*s && *s != 'e') { if (*s != '.') digits[nd++] = *s; s++; }
    digits[nd] = 0;
    int e = atoi(s + 1);
    while (nd > 1 && digits[nd - 1] == '0') digits[--nd] = 0;
    char *o = out;
    if (neg) *o++ = '-';
    if (e < -4 || e >= 16) {
        *o++ = digits[0];
        if (nd > 1) { *o++ = '.'; memcpy(o, digits + 1, nd - 1); o += nd - 1; }
        sprintf(o, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
        return;
    }
    if (e < 0) {
        *o++ = '0'; *o++ = '.';
        for (int i = 0; i < -e - 1; i++) *o++ = '0';
        memcpy(o, digits, nd); o += nd;
    } else {
        for (int i = 0; i <= e; i++) *o++ = i < nd ? digits[i] : '0';
        *o++ = '.';
        if (nd > e + 1) { memcpy(o, digits + e + 1, nd - e - 1); o += nd - e - 1; }
        else *o++ = '0';
    }
    *o = 0;
}

static inline void print_float(double x) {
    char b[64];
    format_float(x, b);
    puts(b);
}

/* Geno's round(x): floor(x + 0.5) as an Int. */
static inline long long geno_round(double x) { return (long long)floor(x + 0.5); }

/* A string -> int64 hash table (open addressing, FNV-1a), insertion
 * order kept in a side array of keys. */
#include <stdint.h>
typedef struct { char *key; int64_t val; } StrSlot;
typedef struct { StrSlot *slots; size_t cap, n; char **order; } StrMap;

static inline uint64_t str_hash(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 1099511628211ULL; }
    return h;
}
static inline void strmap_init(StrMap *m) {
    m->cap = 64; m->n = 0;
    m->slots = calloc(m->cap, sizeof *m->slots);
    m->order = malloc(m->cap * sizeof *m->order);
}
static inline StrSlot *strmap_find(StrMap *m, const char *k) {
    size_t i = (size_t)str_hash(k) & (m->cap - 1);
    while (m->slots[i].key && strcmp(m->slots[i].key, k) != 0) i = (i + 1) & (m->cap - 1);
    return &m->slots[i];
}
static inline int64_t *strmap_get(StrMap *m, const char *k) {
    StrSlot *s = strmap_find(m, k);
    return s->key ? &s->val : NULL;
}
static inline void strmap_set(StrMap *m, const char *k, int64_t v) {
    StrSlot *s = strmap_find(m, k);
    if (s->key) { s->val = v; return; }
    if (2 * (m->n + 1) > m->cap) {
        StrSlot *old = m->slots;
        size_t oc = m->cap;
        m->cap *= 2;
        m->slots = calloc(m->cap, sizeof *m->slots);
        m->order = realloc(m->order, m->cap * sizeof *m->order);
        for (size_t i = 0; i < oc; i++)
            if (old[i].key) *strmap_find(m, old[i].key) = old[i];
        free(old);
        s = strmap_find(m, k);
    }
    s->key = strdup(k);
    s->val = v;
    m->order[m->n++] = s->key;
}
static inline void strmap_free(StrMap *m) {
    for (size_t i = 0; i < m->cap; i++) free(m->slots[i].key);
    free(m->slots); free(m->order);
}

#endif
