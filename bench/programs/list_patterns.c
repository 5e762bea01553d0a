/* Recursive list functions on singly linked cons lists (head/tail walks):
 * sum, run-length encoding and pairwise sums. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct Cons { int64_t h; struct Cons *t; } Cons;
typedef struct Run { int64_t v, c; struct Run *t; } Run;

static Cons *cons(int64_t h, Cons *t) { Cons *c = malloc(sizeof *c); c->h = h; c->t = t; return c; }
static void free_list(Cons *c) { while (c) { Cons *t = c->t; free(c); c = t; } }
static int64_t sum_list(const Cons *xs) { return xs ? xs->h + sum_list(xs->t) : 0; }
static Run *rle(const Cons *xs, int64_t cur, int64_t count) {
    if (!xs) { Run *r = malloc(sizeof *r); r->v = cur; r->c = count; r->t = NULL; return r; }
    if (xs->h == cur) return rle(xs->t, cur, count + 1);
    Run *r = malloc(sizeof *r);
    r->v = cur; r->c = count; r->t = rle(xs->t, xs->h, 1);
    return r;
}
static Cons *pair_sums(const Cons *xs) {
    if (!xs) return NULL;
    if (!xs->t) return cons(xs->h, NULL);
    return cons(xs->h + xs->t->h, pair_sums(xs->t->t));
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10;
    int64_t total = 0;
    for (int64_t r = 0; r < n; r++) {
        Cons *xs = NULL;
        for (int64_t i = 149; i >= 0; i--) xs = cons((i * i + r) / 40 % 5, xs);
        total += sum_list(xs);
        Run *runs = rle(xs, -1, 0);
        int64_t len = 0;
        while (runs) { Run *t = runs->t; free(runs); runs = t; len++; }
        total += len;
        Cons *ps = pair_sums(xs);
        total += sum_list(ps) * 3;
        free_list(ps);
        free_list(xs);
    }
    printf("%lld\n", (long long)total);
    return 0;
}
