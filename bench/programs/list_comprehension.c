/* Filtered list building: Pythagorean triples row by row, squares of
 * multiples of three (arrays filled by loops). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static bool is_square(int64_t s) {
    int64_t r = (int64_t)sqrt((double)s);
    return r * r == s || (r + 1) * (r + 1) == s;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 50;
    int64_t triples = 0, csum = 0;
    int64_t *cs = malloc((size_t)(n + 1) * sizeof *cs);
    for (int64_t a = 1; a < n; a++) {
        int64_t m = 0;
        for (int64_t b = a + 1; b < n; b++) {
            int64_t s = a * a + b * b;
            if (is_square(s) && s <= n * n) cs[m++] = s;
        }
        triples += m;
        int64_t acc = 0;
        for (int64_t i = 0; i < m; i++) acc += cs[i];
        csum += acc;
    }
    int64_t *sq = malloc((size_t)(n * 10 + 1) * sizeof *sq), k = 0;
    for (int64_t x = 0; x < n * 10; x++) if (x % 3 == 0) sq[k++] = x * x;
    int64_t total = 0;
    for (int64_t i = 0; i < k; i++) total = (total + sq[i]) % 1000000007;
    printf("%lld %lld %lld %lld\n", (long long)triples, (long long)csum, (long long)k, (long long)total);
    free(cs); free(sq);
    return 0;
}
