/* Count primes below n by trial division with odd divisors. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static bool is_prime(int64_t k) {
    if (k < 2) return false;
    if (k % 2 == 0) return k == 2;
    for (int64_t d = 3; d * d <= k; d += 2)
        if (k % d == 0) return false;
    return true;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t count = 0, last = 0;
    for (int64_t k = 0; k < n; k++)
        if (is_prime(k)) { count++; last = k; }
    printf("%lld %lld\n", (long long)count, (long long)last);
    return 0;
}
