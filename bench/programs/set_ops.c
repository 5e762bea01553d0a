/* Integer hash sets: add, contains, remove, union, intersection, sorted list. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

/* open addressing with tombstones; keys are >= 0, EMPTY = -1, DEAD = -2 */
typedef struct { int64_t *k; size_t cap, n, used; } ISet;
#define EMPTY (-1)
#define DEAD (-2)

static uint64_t mix(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; return x; }
static void iset_init(ISet *s, size_t cap) {
    s->cap = cap; s->n = s->used = 0;
    s->k = malloc(cap * sizeof *s->k);
    for (size_t i = 0; i < cap; i++) s->k[i] = EMPTY;
}
static bool iset_contains(const ISet *s, int64_t key) {
    size_t i = (size_t)mix((uint64_t)key) & (s->cap - 1);
    while (s->k[i] != EMPTY) { if (s->k[i] == key) return true; i = (i + 1) & (s->cap - 1); }
    return false;
}
static void iset_add(ISet *s, int64_t key);
static void iset_grow(ISet *s) {
    ISet t;
    iset_init(&t, s->cap * 2);
    for (size_t i = 0; i < s->cap; i++) if (s->k[i] >= 0) iset_add(&t, s->k[i]);
    free(s->k);
    *s = t;
}
static void iset_add(ISet *s, int64_t key) {
    if (2 * (s->used + 1) > s->cap) iset_grow(s);
    size_t i = (size_t)mix((uint64_t)key) & (s->cap - 1);
    long tomb = -1;
    while (s->k[i] != EMPTY) {
        if (s->k[i] == key) return;
        if (s->k[i] == DEAD && tomb < 0) tomb = (long)i;
        i = (i + 1) & (s->cap - 1);
    }
    if (tomb >= 0) i = (size_t)tomb; else s->used++;
    s->k[i] = key;
    s->n++;
}
static void iset_remove(ISet *s, int64_t key) {
    size_t i = (size_t)mix((uint64_t)key) & (s->cap - 1);
    while (s->k[i] != EMPTY) {
        if (s->k[i] == key) { s->k[i] = DEAD; s->n--; return; }
        i = (i + 1) & (s->cap - 1);
    }
}
static int cmp64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    ISet a, b, u, x;
    iset_init(&a, 16); iset_init(&b, 16);
    int64_t seed = 3;
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        iset_add(&a, seed / 65536 % (2 * n));
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        iset_add(&b, seed / 65536 % (2 * n));
    }
    int64_t hits = 0;
    for (int64_t k = 0; k < 2 * n; k++)
        if (iset_contains(&a, k) && !iset_contains(&b, k)) hits++;
    for (int64_t k = 0; k < n / 2; k++) iset_remove(&a, 2 * k);
    iset_init(&u, 16); iset_init(&x, 16);
    for (size_t i = 0; i < a.cap; i++) if (a.k[i] >= 0) iset_add(&u, a.k[i]);
    for (size_t i = 0; i < b.cap; i++) if (b.k[i] >= 0) iset_add(&u, b.k[i]);
    for (size_t i = 0; i < a.cap; i++) if (a.k[i] >= 0 && iset_contains(&b, a.k[i])) iset_add(&x, a.k[i]);
    int64_t *xs = malloc((x.n + 1) * sizeof *xs);
    size_t m = 0;
    for (size_t i = 0; i < x.cap; i++) if (x.k[i] >= 0) xs[m++] = x.k[i];
    qsort(xs, m, sizeof *xs, cmp64);
    int64_t h = 0;
    for (size_t i = 0; i < m; i++) h = (h * 31 + xs[i]) % 1000000007;
    printf("%zu %zu %lld %zu %zu %lld\n", a.n, b.n, (long long)hits, u.n, x.n, (long long)h);
    free(xs); free(a.k); free(b.k); free(u.k); free(x.k);
    return 0;
}
