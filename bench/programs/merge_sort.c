/* Hand-written top-down merge sort on freshly allocated arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct { int64_t *v; int64_t n; } Vec;

static Vec merge(Vec a, Vec b) {
    Vec out = {malloc((size_t)(a.n + b.n + 1) * sizeof(int64_t)), 0};
    int64_t i = 0, j = 0;
    while (i < a.n && j < b.n) {
        if (a.v[i] <= b.v[j]) out.v[out.n++] = a.v[i++];
        else out.v[out.n++] = b.v[j++];
    }
    while (i < a.n) out.v[out.n++] = a.v[i++];
    while (j < b.n) out.v[out.n++] = b.v[j++];
    return out;
}

static Vec merge_sort(Vec xs) {
    if (xs.n <= 1) {
        Vec c = {malloc(sizeof(int64_t)), xs.n};
        if (xs.n) c.v[0] = xs.v[0];
        return c;
    }
    int64_t h = xs.n / 2;
    Vec left = {malloc((size_t)h * sizeof(int64_t)), 0}, right = {malloc((size_t)(xs.n - h) * sizeof(int64_t)), 0};
    for (int64_t i = 0; i < xs.n; i++) {
        if (i < h) left.v[left.n++] = xs.v[i];
        else right.v[right.n++] = xs.v[i];
    }
    Vec sl = merge_sort(left), sr = merge_sort(right);
    free(left.v); free(right.v);
    Vec out = merge(sl, sr);
    free(sl.v); free(sr.v);
    return out;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 500;
    int64_t seed = 12345;
    Vec xs = {malloc((size_t)n * sizeof(int64_t)), n};
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        xs.v[i] = seed % 100000;
    }
    Vec s = merge_sort(xs);
    int64_t h = 0;
    for (int64_t i = 0; i < n; i++) h = (h * 31 + s.v[i]) % 1000000007;
    printf("%lld %lld %lld\n", (long long)s.v[0], (long long)s.v[n - 1], (long long)h);
    free(xs.v); free(s.v);
    return 0;
}
