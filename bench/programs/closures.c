/* Closures as heap-allocated {code, environment} records: adders and
 * scalers, composed, stored in an array and applied many times. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct Closure Closure;
struct Closure {
    int64_t (*code)(const Closure *self, int64_t x);
    int64_t k, m;
    const Closure *f, *g;
};

static int64_t adder_code(const Closure *c, int64_t x) { return x + c->k; }
static int64_t scaler_code(const Closure *c, int64_t x) { return x * c->k % c->m; }
static int64_t compose_code(const Closure *c, int64_t x) { return c->g->code(c->g, c->f->code(c->f, x)); }
static int64_t id_code(const Closure *c, int64_t x) { (void)c; return x; }

static Closure *alloc_closure(void) { return calloc(1, sizeof(Closure)); }
static Closure *make_adder(int64_t k) { Closure *c = alloc_closure(); c->code = adder_code; c->k = k; return c; }
static Closure *make_scaler(int64_t k, int64_t m) { Closure *c = alloc_closure(); c->code = scaler_code; c->k = k; c->m = m; return c; }
static Closure *compose(const Closure *f, const Closure *g) { Closure *c = alloc_closure(); c->code = compose_code; c->f = f; c->g = g; return c; }
static int64_t call(const Closure *c, int64_t x) { return c->code(c, x); }
static int64_t apply_twice(const Closure *f, int64_t x) { return call(f, call(f, x)); }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    Closure *fs[8];
    for (int i = 0; i < 8; i++) fs[i] = compose(make_adder(i), make_scaler(i + 2, 1000003));
    Closure *all = alloc_closure();
    all->code = id_code;
    for (int i = 0; i < 8; i++) all = compose(all, fs[i]);
    int64_t acc = 0;
    for (int64_t r = 0; r < n; r++) {
        acc = (acc + apply_twice(fs[r % 8], r + acc % 1000)) % 1000003;
        if (r % 16 == 0) acc = (acc + call(all, r)) % 1000003;
    }
    printf("%lld\n", (long long)acc);
    return 0;
}
