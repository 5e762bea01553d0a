/* Levenshtein edit distance between generated words, two-row DP. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static char *word(int64_t i, int len) {
    char *s = malloc((size_t)len + 1);
    int64_t seed = i * 7 + 1;
    for (int k = 0; k < len; k++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        s[k] = (char)(97 + seed / 65536 % 8);
    }
    s[len] = 0;
    return s;
}

static int64_t distance(const char *a, const char *b) {
    int64_t m = (int64_t)strlen(a), n = (int64_t)strlen(b);
    int64_t *prev = malloc((size_t)(n + 1) * sizeof *prev), *cur = malloc((size_t)(n + 1) * sizeof *cur);
    for (int64_t j = 0; j <= n; j++) prev[j] = j;
    for (int64_t i = 1; i <= m; i++) {
        cur[0] = i;
        for (int64_t j = 1; j <= n; j++) {
            int64_t cost = a[i - 1] == b[j - 1] ? 0 : 1, best = prev[j] + 1;
            if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
            if (prev[j - 1] + cost < best) best = prev[j - 1] + cost;
            cur[j] = best;
        }
        int64_t *t = prev; prev = cur; cur = t;
    }
    int64_t d = prev[n];
    free(prev); free(cur);
    return d;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10;
    int64_t total = 0, h = 0;
    for (int64_t i = 0; i < n; i++) {
        char *s = word(i, 40), *t = word(i + 1, 36);
        int64_t d = distance(s, t);
        total += d;
        h = (h * 31 + d) % 1000000007;
        free(s); free(t);
    }
    printf("%lld %lld\n", (long long)total, (long long)h);
    return 0;
}
