/* Ackermann function A(3, k) for k = 0..4, repeated. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t ack(int64_t m, int64_t n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10;
    int64_t total = 0;
    for (int64_t r = 0; r < n; r++) total += ack(3, r % 5);
    printf("%lld\n", (long long)total);
    return 0;
}
