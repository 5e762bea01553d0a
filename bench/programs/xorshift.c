/* 32-bit xorshift with explicit masks (values fit in int64), popcounts. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t popcount(int64_t x) {
    int64_t c = 0;
    while (x != 0) { x = x & (x - 1); c++; }
    return c;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    const int64_t mask = 4294967295LL;
    int64_t x = 2463534242LL, bits = 0, acc = 0;
    for (int64_t i = 0; i < n; i++) {
        x = x ^ ((x << 13) & mask);
        x = x ^ (x >> 17);
        x = x ^ ((x << 5) & mask);
        bits += popcount(x & 65535);
        acc = ((acc << 1) | (x & 1)) & mask;
    }
    printf("%lld %lld %lld\n", (long long)x, (long long)bits, (long long)acc);
    return 0;
}
