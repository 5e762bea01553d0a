/* Tuples as small structs: extended Euclid over many pairs, min/max scan. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct { int64_t g, x, y; } T3;
typedef struct { int64_t k, v; } T2;

static T3 egcd(int64_t a, int64_t b) {
    if (b == 0) return (T3){a, 1, 0};
    T3 r = egcd(b, a % b);
    return (T3){r.g, r.y, r.x - a / b * r.y};
}

static T2 min_max(const T2 *xs, int64_t n) {
    int64_t lo = 1000000000, hi = -1000000000;
    for (int64_t i = 0; i < n; i++) {
        if (xs[i].v < lo) lo = xs[i].v;
        if (xs[i].v > hi) hi = xs[i].v;
    }
    return (T2){lo, hi};
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    T2 *pairs = malloc((size_t)n * sizeof *pairs);
    int64_t acc = 0;
    for (int64_t i = 1; i <= n; i++) {
        T3 r = egcd(i * 7919 % 100003 + 1, i * 104729 % 99991 + 1);
        acc = (acc + r.g + r.x * 3 + r.y * 5) % 1000000007;
        pairs[i - 1] = (T2){i, r.x - r.y};
    }
    T2 mm = min_max(pairs, n);
    printf("%lld %lld %lld\n", (long long)acc, (long long)mm.k, (long long)mm.v);
    free(pairs);
    return 0;
}
