/* Split a text into words, transform, join back, split again. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

typedef struct { char **v; size_t n, cap; } Words;

static void push(Words *w, char *s) {
    if (w->n == w->cap) { w->cap = w->cap ? 2 * w->cap : 16; w->v = realloc(w->v, w->cap * sizeof *w->v); }
    w->v[w->n++] = s;
}
static char *dupn(const char *s, size_t n) { char *d = malloc(n + 1); memcpy(d, s, n); d[n] = 0; return d; }

static Words split(const char *s, char sep) {
    Words w = {0};
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == sep || *p == 0) {
            push(&w, dupn(start, (size_t)(p - start)));
            if (!*p) break;
            start = p + 1;
        }
    }
    return w;
}
static char *join(const Words *w, const char *sep) {
    size_t sl = strlen(sep), len = 0;
    for (size_t i = 0; i < w->n; i++) len += strlen(w->v[i]) + (i ? sl : 0);
    char *out = malloc(len + 1), *o = out;
    for (size_t i = 0; i < w->n; i++) {
        if (i) { memcpy(o, sep, sl); o += sl; }
        size_t k = strlen(w->v[i]);
        memcpy(o, w->v[i], k); o += k;
    }
    *o = 0;
    return out;
}
static void free_words(Words *w) { for (size_t i = 0; i < w->n; i++) free(w->v[i]); free(w->v); }
static char *upper(const char *s) { size_t n = strlen(s); char *d = dupn(s, n); for (size_t i = 0; i < n; i++) d[i] = (char)toupper((unsigned char)d[i]); return d; }

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    Words parts = {0};
    int64_t seed = 5;
    char tmp[32];
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        int k = snprintf(tmp, sizeof tmp, "w%lldx", (long long)(seed % 1000));
        push(&parts, dupn(tmp, (size_t)k));
    }
    char *acc = join(&parts, " ");
    int64_t total = 0;
    for (int r = 0; r < 5; r++) {
        Words words = split(acc, ' ');
        Words up = {0};
        for (size_t i = 0; i < words.n; i++) push(&up, upper(words.v[i]));
        free(acc);
        acc = join(&up, "-");
        total += (int64_t)strlen(acc);
        for (char *p = acc; *p; p++) { if (*p == '-') *p = ' '; *p = (char)tolower((unsigned char)*p); }
        free_words(&words); free_words(&up);
    }
    char *nl = join(&parts, "\n");
    Words lines = split(nl, '\n');
    int64_t h = 0;
    for (size_t i = 0; i < lines.n; i++) h = (h * 31 + (int64_t)strlen(lines.v[i])) % 1000000007;
    printf("%lld %zu %lld %.20s\n", (long long)total, lines.n, (long long)h, acc);
    free(acc); free(nl); free_words(&lines); free_words(&parts);
    return 0;
}
