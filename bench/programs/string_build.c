/* Build a string of 2,000 pieces by appends to a growable buffer, n times. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

typedef struct { char *p; size_t len, cap; } Buf;

static void put(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        while (b->len + n + 1 > b->cap) b->cap = b->cap ? b->cap * 2 : 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static Buf build(int64_t r) {
    Buf b = {0};
    char tmp[32];
    for (int64_t i = 0; i < 2000; i++) {
        int k = snprintf(tmp, sizeof tmp, "%lld,", (long long)((i * 37 + r) % 1000));
        put(&b, tmp, (size_t)k);
        if (i % 10 == 9) put(&b, "\n", 1);
        if (r == 0) break;
    }
    return b;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 10;
    size_t total = 0;
    Buf last = {0};
    for (int64_t r = 1; r <= n; r++) {
        free(last.p);
        last = build(r);
        total += last.len;
    }
    printf("%zu %s\n", total, last.p + last.len - 24);
    free(last.p);
    return 0;
}
