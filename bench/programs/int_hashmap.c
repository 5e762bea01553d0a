/* int64 -> int64 open-addressing hash map: counting, lookups and deletes. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct { int64_t key, val; char state; } Slot;   /* 0 empty, 1 full, 2 deleted */
typedef struct { Slot *s; size_t cap, n, used; } IMap;

static uint64_t mix(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; return x; }
static void imap_init(IMap *m, size_t cap) { m->cap = cap; m->n = m->used = 0; m->s = calloc(cap, sizeof *m->s); }
static Slot *imap_find(const IMap *m, int64_t k) {
    size_t i = (size_t)mix((uint64_t)k) & (m->cap - 1);
    while (m->s[i].state) { if (m->s[i].state == 1 && m->s[i].key == k) return &m->s[i]; i = (i + 1) & (m->cap - 1); }
    return NULL;
}
static void imap_set(IMap *m, int64_t k, int64_t v);
static void imap_grow(IMap *m) {
    IMap t;
    imap_init(&t, m->cap * 2);
    for (size_t i = 0; i < m->cap; i++) if (m->s[i].state == 1) imap_set(&t, m->s[i].key, m->s[i].val);
    free(m->s);
    *m = t;
}
static void imap_set(IMap *m, int64_t k, int64_t v) {
    Slot *f = imap_find(m, k);
    if (f) { f->val = v; return; }
    if (2 * (m->used + 1) > m->cap) imap_grow(m);
    size_t i = (size_t)mix((uint64_t)k) & (m->cap - 1);
    while (m->s[i].state == 1) i = (i + 1) & (m->cap - 1);
    if (m->s[i].state == 0) m->used++;
    m->s[i].state = 1; m->s[i].key = k; m->s[i].val = v;
    m->n++;
}
static void imap_delete(IMap *m, int64_t k) { Slot *f = imap_find(m, k); if (f) { f->state = 2; m->n--; } }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    IMap m;
    imap_init(&m, 16);
    int64_t seed = 31;
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        int64_t k = seed / 1024 % (n / 2 + 1);
        Slot *f = imap_find(&m, k);
        imap_set(&m, k, (f ? f->val : 0) + i % 10);
    }
    int64_t hits = 0, s = 0;
    for (int64_t k = 0; k < n; k++) {
        Slot *f = imap_find(&m, k);
        if (f) { hits++; s = (s + f->val * k) % 1000000007; }
        else s = s + 1;
        if (k % 3 == 0) imap_delete(&m, k);
    }
    printf("%lld %lld %zu\n", (long long)hits, (long long)s, m.n);
    free(m.s);
    return 0;
}
