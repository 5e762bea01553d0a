/* pycompat.c — the few Python behaviours the host's answers must copy: the
 * text of an OSError, repr() of a path, os.path.realpath, and UTF-8
 * decoding with errors="replace". */
#define _GNU_SOURCE
#include "host.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Python's repr of a str: single quotes unless the text has ' and no ". */
char *host_py_repr(const char *s) {
    bool dq = strchr(s, '\'') && !strchr(s, '"');
    char q = dq ? '"' : '\'';
    size_t cap = strlen(s) * 4 + 3, n = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    out[n++] = q;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\' || *p == (unsigned char)q) { out[n++] = '\\'; out[n++] = (char)*p; }
        else if (*p == '\n') { out[n++] = '\\'; out[n++] = 'n'; }
        else if (*p == '\r') { out[n++] = '\\'; out[n++] = 'r'; }
        else if (*p == '\t') { out[n++] = '\\'; out[n++] = 't'; }
        else if (*p < 0x20 || *p == 0x7f) n += (size_t)sprintf(out + n, "\\x%02x", *p);
        else out[n++] = (char)*p;
    }
    out[n++] = q;
    out[n] = '\0';
    return out;
}

char *host_oserror(int err, const char *path) {
    char *r = host_py_repr(path), *msg = NULL;
    if (asprintf(&msg, "[Errno %d] %s: %s", err, strerror(err), r ? r : "''") < 0) msg = NULL;
    free(r);
    return msg;
}

/* Appends component c (len n) to the absolute path in buf. */
static void push(char *buf, const char *c, size_t n) {
    size_t len = strlen(buf);
    if (len + n + 2 >= PATH_MAX * 2) return;
    if (len > 1 || buf[0] != '/') buf[len++] = '/';
    memcpy(buf + len, c, n);
    buf[len + n] = '\0';
}

static void pop(char *buf) {
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf) strcpy(buf, "/");
    else *slash = '\0';
}

/* Resolves `rest` relative to the resolved directory in buf, following
 * symlinks (at most `*budget` of them) while the path exists. */
static void resolve_into(char *buf, const char *rest, int *budget) {
    const char *p = rest;
    bool exists = true;
    while (*p) {
        while (*p == '/') p++;
        if (!*p) break;
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 1 && p[0] == '.') { p += n; continue; }
        if (n == 2 && p[0] == '.' && p[1] == '.') { pop(buf); p += n; continue; }
        push(buf, p, n);
        p += n;
        if (!exists) continue;
        struct stat st;
        if (lstat(buf, &st) != 0) { exists = false; continue; }
        if (!S_ISLNK(st.st_mode)) continue;
        if ((*budget)-- <= 0) continue;          /* a loop: keep it lexical, as Python does */
        char target[PATH_MAX];
        ssize_t k = readlink(buf, target, sizeof target - 1);
        if (k < 0) continue;
        target[k] = '\0';
        pop(buf);
        if (target[0] == '/') strcpy(buf, "/");
        resolve_into(buf, target, budget);
    }
}

char *host_realpath(const char *path) {
    char *buf = calloc(1, PATH_MAX * 2);
    if (!buf) return NULL;
    strcpy(buf, "/");
    int budget = 40;
    resolve_into(buf, path, &budget);
    return buf;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static int seq_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c < 0x80) return 1;
    int k = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (!k || (size_t)k > n) return 0;
    for (int i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (k == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))) return 0;
    if (k == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))) return 0;
    return k;
}

bool host_utf8_valid(const char *s, size_t n, size_t *bad_at) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        /* ASCII runs 8 bytes at a time (a source is mostly ASCII) */
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, u + i, 8);
            if (w & 0x8080808080808080ull) break;
            i += 8;
        }
        if (i >= n) break;
        int k = seq_len(u + i, n - i);
        if (!k) {
            if (bad_at) *bad_at = i;
            return false;
        }
        i += (size_t)k;
    }
    return true;
}

/* Python's UnicodeDecodeError text for the invalid sequence at `at`: the
 * reason and the bytes it covers, as CPython's UTF-8 decoder reports them. */
char *host_utf8_error(const char *s, size_t n, size_t at) {
    const unsigned char *u = (const unsigned char *)s;
    unsigned c = u[at];
    const char *why = "invalid start byte";
    size_t end = at + 1;    /* exclusive */
    if (c >= 0xC2 && c <= 0xF4) {
        size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2, k = 1;
        unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        for (; k < want && at + k < n; k++) {
            unsigned b = u[at + k];
            if (k == 1 ? b < lo || b > hi : b < 0x80 || b > 0xBF) break;
        }
        if (at + k >= n) {
            why = "unexpected end of data";
            end = n;
        } else {
            why = "invalid continuation byte";
            end = at + k;
        }
    }
    char *out = NULL;
    int r = end - at == 1
                ? asprintf(&out, "'utf-8' codec can't decode byte 0x%02x in position %zu: %s", c, at, why)
                : asprintf(&out, "'utf-8' codec can't decode bytes in position %zu-%zu: %s", at, end - 1, why);
    return r < 0 ? NULL : out;
}

/* Python's "replace": each maximal invalid prefix becomes one U+FFFD. */
char *host_utf8_replace(const char *s, size_t n, size_t *out_len) {
    const unsigned char *u = (const unsigned char *)s;
    char *out = malloc(n * 3 + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        int k = seq_len(u + i, n - i);
        if (k) {
            memcpy(out + o, u + i, (size_t)k);
            o += (size_t)k;
            i += (size_t)k;
            continue;
        }
        /* Skip the longest prefix of a would-be sequence (lead + continuations). */
        size_t skip = 1;
        unsigned c = u[i];
        int want = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 1;
        while (skip < (size_t)want && i + skip < n && (u[i + skip] & 0xC0) == 0x80) {
            unsigned c1 = u[i + 1];
            if (skip == 1 && ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) ||
                              (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90)))
                break;
            skip++;
        }
        memcpy(out + o, "\xEF\xBF\xBD", 3);
        o += 3;
        i += skip;
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

int64_t host_utf8_chars(const char *s, size_t n) {
    int64_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) k++;
    return k;
}
