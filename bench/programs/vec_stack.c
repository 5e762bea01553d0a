/* A growable int64 array used as a stack: push, pop, get and set. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    size_t cap = 16, len = 0;
    int64_t *v = malloc(cap * sizeof *v);
    int64_t seed = 17, popped = 0;
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        int64_t r = seed / 65536 % 10;
        if (r < 6 || len == 0) {
            if (len == cap) { cap *= 2; v = realloc(v, cap * sizeof *v); }
            v[len++] = i;
        } else {
            popped += v[--len];
        }
        if (len > 0) {
            int64_t k = seed % (int64_t)len;
            v[k] = v[k] + 1;
        }
    }
    int64_t s = 0;
    for (size_t i = 0; i < len; i++) s = (s * 31 + v[i]) % 1000000007;
    printf("%zu %lld %lld\n", len, (long long)popped, (long long)s);
    free(v);
    return 0;
}
