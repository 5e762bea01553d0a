/* Binary-trees (benchmarks-game) with malloc/free. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct Node { struct Node *l, *r; } Node;   /* Leaf = NULL */

static Node *make(int d) {
    Node *t = malloc(sizeof *t);
    if (d == 0) { t->l = t->r = NULL; return t; }
    t->l = make(d - 1);
    t->r = make(d - 1);
    return t;
}
static int64_t check(const Node *t) { return t ? 1 + check(t->l) + check(t->r) : 0; }
static void drop(Node *t) { if (t) { drop(t->l); drop(t->r); free(t); } }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int max_depth = n > 6 ? n : 6, stretch = max_depth + 1;
    Node *s = make(stretch);
    printf("stretch tree of depth %d\t check: %lld\n", stretch, (long long)check(s));
    drop(s);
    Node *long_lived = make(max_depth);
    for (int d = 4; d <= max_depth; d += 2) {
        int64_t iters = (int64_t)1 << (max_depth - d + 4), sum = 0;
        for (int64_t i = 0; i < iters; i++) {
            Node *t = make(d);
            sum += check(t);
            drop(t);
        }
        printf("%lld\t trees of depth %d\t check: %lld\n", (long long)iters, d, (long long)sum);
    }
    printf("long lived tree of depth %d\t check: %lld\n", max_depth, (long long)check(long_lived));
    drop(long_lived);
    return 0;
}
