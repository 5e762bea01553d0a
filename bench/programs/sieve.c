/* Sieve of Eratosthenes; counts and sums the primes. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10000;
    bool *composite = calloc((size_t)n + 1, sizeof(bool));
    for (int64_t i = 2; i * i <= n; i++)
        if (!composite[i])
            for (int64_t j = i * i; j <= n; j += i) composite[j] = true;
    int64_t count = 0, sum = 0;
    for (int64_t k = 2; k <= n; k++)
        if (!composite[k]) { count++; sum += k; }
    printf("%lld %lld\n", (long long)count, (long long)sum);
    free(composite);
    return 0;
}
