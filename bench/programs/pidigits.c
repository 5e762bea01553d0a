/* Pi digits by Gibbons' unbounded spigot with GMP; truncating division
 * as Geno's Int "/". 600 digits, n times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

static char *pi_digits(long count) {
    mpz_t q, r, t, k, d, l, a, b, nr;
    mpz_inits(q, r, t, k, d, l, a, b, nr, NULL);
    mpz_set_ui(q, 1); mpz_set_ui(r, 0); mpz_set_ui(t, 1); mpz_set_ui(k, 1); mpz_set_ui(d, 3); mpz_set_ui(l, 3);
    char *out = malloc((size_t)count + 1);
    long produced = 0;
    while (produced < count) {
        /* a = 4q + r - t ; b = d t */
        mpz_mul_ui(a, q, 4); mpz_add(a, a, r); mpz_sub(a, a, t);
        mpz_mul(b, d, t);
        if (mpz_cmp(a, b) < 0) {
            out[produced++] = (char)('0' + mpz_get_si(d));
            mpz_sub(nr, r, b); mpz_mul_ui(nr, nr, 10);            /* nr = 10 (r - d t) */
            mpz_mul_ui(a, q, 3); mpz_add(a, a, r); mpz_mul_ui(a, a, 10);
            mpz_tdiv_q(a, a, t);
            mpz_mul_ui(b, d, 10);
            mpz_sub(d, a, b);                                      /* d = 10(3q + r)/t - 10d */
            mpz_mul_ui(q, q, 10);
            mpz_swap(r, nr);
        } else {
            mpz_mul_ui(nr, q, 2); mpz_add(nr, nr, r); mpz_mul(nr, nr, l);   /* (2q + r) l */
            mpz_mul_ui(a, k, 7); mpz_add_ui(a, a, 2); mpz_mul(a, a, q);
            mpz_mul(b, r, l); mpz_add(a, a, b);                    /* q(7k + 2) + r l */
            mpz_mul(b, t, l);
            mpz_tdiv_q(a, a, b);                                   /* nd */
            mpz_mul(q, q, k);
            mpz_mul(t, t, l);
            mpz_add_ui(l, l, 2);
            mpz_add_ui(k, k, 1);
            mpz_swap(d, a);
            mpz_swap(r, nr);
        }
    }
    out[produced] = 0;
    mpz_clears(q, r, t, k, d, l, a, b, nr, NULL);
    return out;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1;
    char *digits = NULL;
    long total = 0;
    for (long rep = 0; rep < n; rep++) {
        free(digits);
        digits = pi_digits(600 - rep % 3);
        total += (long)strlen(digits);
    }
    long s = 0;
    size_t len = strlen(digits);
    for (size_t i = 0; i < len; i++) s += digits[i] - '0';
    printf("%ld %ld %s\n", total, s, digits + len - 20);
    free(digits);
    return 0;
}
