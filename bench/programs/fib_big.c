/* Iterative Fibonacci of 10000 with GMP, n times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static void fib(mpz_t a, long k) {
    mpz_t b, t;
    mpz_inits(b, t, NULL);
    mpz_set_ui(a, 0);
    mpz_set_ui(b, 1);
    for (long i = 0; i < k; i++) {
        mpz_add(t, a, b);
        mpz_set(a, b);
        mpz_set(b, t);
    }
    mpz_clears(b, t, NULL);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3;
    mpz_t f;
    mpz_init(f);
    unsigned long acc = 0;
    for (long r = 0; r < n; r++) {
        fib(f, 10000 - r % 5);
        acc = (acc + mpz_fdiv_ui(f, 998244353UL)) % 998244353UL;
    }
    char *s = mpz_get_str(NULL, 10, f);
    printf("%lu %zu %.20s\n", acc, strlen(s), s);
    free(s);
    mpz_clear(f);
    return 0;
}
