/* Longest Collatz chain for starting values below n (values fit in int64). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t chain_length(int64_t start) {
    int64_t x = start, steps = 1;
    while (x != 1) {
        if (x % 2 == 0) x = x / 2;
        else x = 3 * x + 1;
        steps++;
    }
    return steps;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t best = 0, best_start = 0, total = 0;
    for (int64_t i = 1; i < n; i++) {
        int64_t c = chain_length(i);
        total += c;
        if (c > best) { best = c; best_start = i; }
    }
    printf("%lld %lld %lld\n", (long long)best_start, (long long)best, (long long)total);
    return 0;
}
