/* Big-integer factorial of 2000, recomputed n times (GMP). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static void factorial(mpz_t f, long k) {
    mpz_set_ui(f, 1);
    for (long i = 2; i <= k; i++) mpz_mul_ui(f, f, (unsigned long)i);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3;
    mpz_t f, t;
    mpz_inits(f, t, NULL);
    unsigned long acc = 0;
    for (long r = 0; r < n; r++) {
        factorial(f, 2000 - r % 3);
        acc = (acc + mpz_fdiv_ui(f, 1000000007UL)) % 1000000007UL;
    }
    mpz_ui_pow_ui(t, 10, 5700);
    mpz_tdiv_q(t, f, t);
    char *s = mpz_get_str(NULL, 10, t);
    printf("%lu %s\n", acc, s);
    free(s);
    mpz_clears(f, t, NULL);
    return 0;
}
