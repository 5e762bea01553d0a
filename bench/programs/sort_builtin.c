/* Library sort with a comparator on pseudo-random integers. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int cmp_asc(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}
static int cmp_desc(const void *a, const void *b) { return cmp_asc(b, a); }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t seed = 42;
    int64_t *xs = malloc((size_t)n * sizeof *xs), *asc = malloc((size_t)n * sizeof *xs),
            *desc = malloc((size_t)n * sizeof *xs);
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        xs[i] = seed % 1000000;
    }
    memcpy(asc, xs, (size_t)n * sizeof *xs);
    qsort(asc, (size_t)n, sizeof *asc, cmp_asc);
    memcpy(desc, xs, (size_t)n * sizeof *xs);
    qsort(desc, (size_t)n, sizeof *desc, cmp_desc);
    int64_t h = 0;
    for (int64_t i = 0; i < n; i += 17) h = (h * 31 + asc[i] + desc[i] * 7) % 1000000007;
    printf("%lld %lld %lld %lld\n", (long long)asc[0], (long long)asc[n - 1], (long long)desc[0], (long long)h);
    free(xs); free(asc); free(desc);
    return 0;
}
