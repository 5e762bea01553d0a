/* map / filter / fold over arrays through function pointers, repeated. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef int64_t (*map_fn)(int64_t x, int64_t env);
typedef int (*pred_fn)(int64_t x);
typedef int64_t (*fold_fn)(int64_t acc, int64_t x);

static int64_t *map(const int64_t *xs, int64_t n, map_fn f, int64_t env) {
    int64_t *out = malloc((size_t)(n ? n : 1) * sizeof *out);
    for (int64_t i = 0; i < n; i++) out[i] = f(xs[i], env);
    return out;
}
static int64_t *filter(const int64_t *xs, int64_t n, pred_fn p, int64_t *outn) {
    int64_t *out = malloc((size_t)(n ? n : 1) * sizeof *out);
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) if (p(xs[i])) out[k++] = xs[i];
    *outn = k;
    return out;
}
static int64_t fold(const int64_t *xs, int64_t n, int64_t init, fold_fn f) {
    int64_t acc = init;
    for (int64_t i = 0; i < n; i++) acc = f(acc, xs[i]);
    return acc;
}
static int64_t times3_plus(int64_t x, int64_t r) { return x * 3 + r; }
static int is_even(int64_t x) { return x % 2 == 0; }
static int64_t half(int64_t x, int64_t r) { (void)r; return x / 2; }
static int64_t add_mod(int64_t acc, int64_t x) { return (acc + x) % 1000000007; }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t *xs = malloc((size_t)(n ? n : 1) * sizeof *xs);
    for (int64_t i = 0; i < n; i++) xs[i] = i;
    int64_t total = 0;
    for (int64_t r = 0; r < 10; r++) {
        int64_t *a = map(xs, n, times3_plus, r);
        int64_t m;
        int64_t *b = filter(a, n, is_even, &m);
        int64_t *c = map(b, m, half, 0);
        int64_t s = fold(c, m, 0, add_mod);
        total = (total + s) % 1000000007;
        free(a); free(b); free(c);
    }
    printf("%lld\n", (long long)total);
    free(xs);
    return 0;
}
