/* Option and Result as small structs with an ok flag: parsing generated
 * tokens, checked division, early returns. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

typedef struct { bool some; int64_t v; } Opt;
typedef struct { bool ok; int64_t v; const char *err; } Res;

static Opt parse_int(const char *s) {
    const char *p = s;
    if (*p == '-') p++;
    if (!*p) return (Opt){false, 0};
    for (const char *q = p; *q; q++) if (*q < '0' || *q > '9') return (Opt){false, 0};
    return (Opt){true, strtoll(s, NULL, 10)};
}
static Opt parse_pair(const char *a, const char *b) {
    Opt x = parse_int(a);
    if (!x.some) return x;
    Opt y = parse_int(b);
    if (!y.some) return y;
    return (Opt){true, x.v + y.v};
}
static Res checked_div(int64_t a, int64_t b) {
    if (b == 0) return (Res){false, 0, "div by zero"};
    return (Res){true, a / b, NULL};
}
static Res combine(int64_t a, int64_t b, int64_t c) {
    Res q = checked_div(a, b);
    if (!q.ok) return q;
    Res r = checked_div(q.v, c);
    if (!r.ok) return r;
    return (Res){true, q.v + r.v, NULL};
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t sum = 0, nones = 0, errs = 0;
    char tok[32], other[32];
    for (int64_t i = 0; i < n; i++) {
        if (i % 7 == 0) snprintf(tok, sizeof tok, "x%lld", (long long)i);
        else snprintf(tok, sizeof tok, "%lld", (long long)(i * 37 % 1000));
        snprintf(other, sizeof other, "%lld", (long long)(i % 13));
        Opt p = parse_pair(tok, other);
        if (p.some) sum += p.v; else nones++;
        Res r = combine(i * 11, i % 5, i % 3);
        if (r.ok) sum = (sum + r.v) % 1000000007; else errs += (int64_t)strlen(r.err);
        Opt t = parse_int(tok);
        sum += t.some ? t.v : 1;
    }
    printf("%lld %lld %lld\n", (long long)sum, (long long)nones, (long long)errs);
    return 0;
}
