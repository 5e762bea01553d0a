/* Mutual recursion: is_even / is_odd and Hofstadter's F and M sequences. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static bool is_odd(int64_t k);
static bool is_even(int64_t k) { return k == 0 ? true : is_odd(k - 1); }
static bool is_odd(int64_t k) { return k == 0 ? false : is_even(k - 1); }
static int64_t hof_m(int64_t k);
static int64_t hof_f(int64_t k) { return k == 0 ? 1 : k - hof_m(hof_f(k - 1)); }
static int64_t hof_m(int64_t k) { return k == 0 ? 0 : k - hof_f(hof_m(k - 1)); }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10;
    int64_t evens = 0, h = 0;
    for (int64_t r = 0; r < n; r++) {
        if (is_even(r * 37 % 300)) evens++;
        h = (h * 31 + hof_f(r % 18) + hof_m(r % 17)) % 1000000007;
    }
    printf("%lld %lld\n", (long long)evens, (long long)h);
    return 0;
}
