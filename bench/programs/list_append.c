/* Build a growable array with push in a loop, then read it back. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t cap = 8, len = 0;
    int64_t *xs = malloc((size_t)cap * sizeof *xs);
    for (int64_t i = 0; i < n; i++) {
        if (len == cap) { cap *= 2; xs = realloc(xs, (size_t)cap * sizeof *xs); }
        xs[len++] = (i * 7919) % 10007;
    }
    int64_t s = 0;
    for (int64_t i = 0; i < len; i++) s += xs[i];
    int64_t t = 0;
    for (int64_t j = 0; j < n; j += 3) t = (t * 31 + xs[j]) % 1000000007;
    printf("%lld %lld %lld\n", (long long)len, (long long)s, (long long)t);
    free(xs);
    return 0;
}
