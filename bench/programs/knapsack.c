/* 0/1 knapsack by dynamic programming over capacities. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 50;
    int64_t cap = 10 * n, seed = 23;
    int64_t *weights = malloc((size_t)n * sizeof(int64_t)), *values = malloc((size_t)n * sizeof(int64_t));
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        weights[i] = 1 + seed / 65536 % 40;
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        values[i] = 1 + seed / 65536 % 100;
    }
    int64_t *best = calloc((size_t)cap + 1, sizeof(int64_t));
    for (int64_t i = 0; i < n; i++) {
        int64_t wi = weights[i], vi = values[i];
        for (int64_t c = cap; c >= wi; c--) {
            int64_t cand = best[c - wi] + vi;
            if (cand > best[c]) best[c] = cand;
        }
    }
    printf("%lld %lld\n", (long long)best[cap], (long long)best[cap / 2]);
    free(weights); free(values); free(best);
    return 0;
}
