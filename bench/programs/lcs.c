/* Longest common subsequence with a flat DP table. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t *codes(int64_t n, int64_t seed) {
    int64_t *a = malloc((size_t)n * sizeof *a);
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        a[i] = seed / 65536 % 4;
    }
    return a;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 100;
    int64_t *a = codes(n, 1), *b = codes(n, 2), w = n + 1;
    int64_t *dp = calloc((size_t)(w * w), sizeof *dp);
    for (int64_t i = 1; i <= n; i++)
        for (int64_t j = 1; j <= n; j++) {
            if (a[i - 1] == b[j - 1]) dp[i * w + j] = dp[(i - 1) * w + j - 1] + 1;
            else {
                int64_t up = dp[(i - 1) * w + j], left = dp[i * w + j - 1];
                dp[i * w + j] = up >= left ? up : left;
            }
        }
    printf("%lld\n", (long long)dp[n * w + n]);
    free(a); free(b); free(dp);
    return 0;
}
