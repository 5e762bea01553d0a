/* A tagged-union expression interpreter: simplify with nested checks,
 * then evaluate, once per input value (nodes from a per-iteration arena). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef enum { NUM, X, ACC, ADD, SUB, MUL, MOD, LT, IF } Tag;
typedef struct Expr { Tag tag; int64_t v; struct Expr *a, *b, *c; } Expr;

static Expr *arena;
static size_t arena_used, arena_cap;
static Expr *node(Tag t, int64_t v, Expr *a, Expr *b, Expr *c) {
    if (arena_used == arena_cap) { fprintf(stderr, "arena full\n"); exit(1); }
    Expr *e = &arena[arena_used++];
    e->tag = t; e->v = v; e->a = a; e->b = b; e->c = c;
    return e;
}
static Expr *num(int64_t v) { return node(NUM, v, 0, 0, 0); }
static Expr *bin(Tag t, Expr *a, Expr *b) { return node(t, 0, a, b, 0); }
static int is_num(const Expr *e, int64_t v) { return e->tag == NUM && e->v == v; }

static Expr *simplify(Expr *e) {
    switch (e->tag) {
    case ADD:
        if (is_num(e->a, 0)) return simplify(e->b);
        if (is_num(e->b, 0)) return simplify(e->a);
        if (e->a->tag == NUM && e->b->tag == NUM) return num(e->a->v + e->b->v);
        return bin(ADD, simplify(e->a), simplify(e->b));
    case MUL:
        if (is_num(e->a, 1)) return simplify(e->b);
        if (is_num(e->b, 1)) return simplify(e->a);
        if (e->a->tag == NUM && e->b->tag == NUM) return num(e->a->v * e->b->v);
        return bin(MUL, simplify(e->a), simplify(e->b));
    case SUB: case MOD: case LT:
        return bin(e->tag, simplify(e->a), simplify(e->b));
    case IF:
        return node(IF, 0, simplify(e->a), simplify(e->b), simplify(e->c));
    default:
        return e;
    }
}

static int64_t eval(const Expr *e, int64_t x, int64_t acc) {
    switch (e->tag) {
    case NUM: return e->v;
    case X: return x;
    case ACC: return acc;
    case ADD: return eval(e->a, x, acc) + eval(e->b, x, acc);
    case SUB: return eval(e->a, x, acc) - eval(e->b, x, acc);
    case MUL: return eval(e->a, x, acc) * eval(e->b, x, acc);
    case MOD: return eval(e->a, x, acc) % eval(e->b, x, acc);
    case LT: return eval(e->a, x, acc) < eval(e->b, x, acc) ? 1 : 0;
    case IF: return eval(e->a, x, acc) != 0 ? eval(e->b, x, acc) : eval(e->c, x, acc);
    }
    return 0;
}

static void show(const Expr *e) {
    static const char *names[] = {"Num", "X", "Acc", "Add", "Sub", "Mul", "Mod", "Lt", "If"};
    switch (e->tag) {
    case NUM: printf("Num(v: %lld)", (long long)e->v); return;
    case X: printf("X"); return;
    case ACC: printf("Acc"); return;
    default:
        printf("%s(%s: ", names[e->tag], e->tag == IF ? "c" : "a");
        show(e->a); printf(", %s: ", e->tag == IF ? "t" : "b"); show(e->b);
        if (e->tag == IF) { printf(", e: "); show(e->c); }
        printf(")");
    }
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 100;
    arena_cap = 1024;
    arena = malloc(arena_cap * sizeof *arena);
    Expr *xv = node(X, 0, 0, 0, 0), *accv = node(ACC, 0, 0, 0, 0);
    Expr *branch = node(IF, 0, bin(LT, bin(MOD, xv, num(7)), bin(ADD, num(1), num(2))),
                        bin(MUL, num(1), bin(MUL, xv, bin(ADD, xv, num(0)))),
                        bin(SUB, bin(MUL, xv, num(1)), num(5)));
    Expr *tree = bin(MOD, bin(ADD, bin(MUL, accv, bin(ADD, num(30), num(1))), bin(ADD, num(0), branch)), num(1000003));
    size_t base = arena_used;
    int64_t acc = 0;
    for (int64_t x = 0; x < n; x++) {
        arena_used = base;
        Expr *s = simplify(tree);
        acc = eval(s, x, acc);
    }
    printf("%lld\n", (long long)acc);
    show(simplify(tree));
    printf("\n");
    free(arena);
    return 0;
}
