/* Character-level string work: a rotating Caesar cipher over a generated text. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static char *shift_text(const char *text, int64_t k) {
    size_t n = strlen(text);
    char *out = malloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)text[i];
        out[i] = (c >= 97 && c <= 122) ? (char)(97 + (c - 97 + k) % 26) : (char)c;
    }
    out[n] = 0;
    return out;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    size_t cap = 64, len = 0;
    char *text = malloc(cap);
    text[0] = 0;
    for (int64_t i = 0; i < n / 5; i++) {
        char w[32];
        int k = snprintf(w, sizeof w, "%shello%lldworld", i ? " " : "", (long long)(i % 10));
        while (len + (size_t)k + 1 > cap) { cap *= 2; text = realloc(text, cap); }
        memcpy(text + len, w, (size_t)k + 1);
        len += (size_t)k;
    }
    char *t = strdup(text);
    for (int r = 1; r < 6; r++) { char *u = shift_text(t, r); free(t); t = u; }
    int64_t h = 0;
    for (size_t i = 0; t[i]; i++) h = (h * 31 + (unsigned char)t[i]) % 1000000007;
    char *back = shift_text(t, 26 - 15 % 26);
    printf("%zu %lld %s %.16s\n", strlen(t), (long long)h, strcmp(back, text) ? "false" : "true", t);
    free(text); free(t); free(back);
    return 0;
}
