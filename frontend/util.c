/* util.c — allocation, string builder and file reading for the compiler. */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static void oom(void) {
    fputs("genoc: out of memory\n", stderr);
    exit(70);
}

/* ---- allocation tracking (util.h: alloc_track_*) --------------------------
 * An open-addressing set of the live blocks (linear probing, deletion by
 * backward shift), consulted only while tracking is on. */
static bool tracking;
static void **tracked;
static size_t tracked_cap, tracked_len;

static size_t slot_of(const void *p) {
    return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull) & (tracked_cap - 1);
}

static void track_add(void *p) {
    if ((tracked_len + 1) * 2 > tracked_cap) {
        void **old = tracked;
        size_t ocap = tracked_cap;
        tracked_cap = ocap ? ocap * 2 : 1024;
        tracked = calloc(tracked_cap, sizeof *tracked);
        if (!tracked) oom();
        tracked_len = 0;
        for (size_t i = 0; i < ocap; i++)
            if (old[i]) track_add(old[i]);
        free(old);
    }
    size_t h = slot_of(p);
    while (tracked[h]) h = (h + 1) & (tracked_cap - 1);
    tracked[h] = p;
    tracked_len++;
}

static void track_remove(void *p) {
    if (!tracked_cap) return;
    size_t h = slot_of(p);
    while (tracked[h] != p) {
        if (!tracked[h]) return;        /* not tracked (allocated before tracking) */
        h = (h + 1) & (tracked_cap - 1);
    }
    tracked[h] = NULL;
    tracked_len--;
    /* Re-place the rest of the probe run so lookups still find them. */
    for (size_t j = (h + 1) & (tracked_cap - 1); tracked[j]; j = (j + 1) & (tracked_cap - 1)) {
        void *q = tracked[j];
        tracked[j] = NULL;
        tracked_len--;
        track_add(q);
    }
}

void alloc_track_begin(void) { tracking = true; }

void alloc_track_free_all(void) {
    for (size_t i = 0; i < tracked_cap; i++)
        if (tracked[i]) {
            free(tracked[i]);
            tracked[i] = NULL;
        }
    tracked_len = 0;
    tracking = false;
}

void *xmalloc(size_t n) {
    void *p = calloc(1, n ? n : 1);
    if (!p) oom();
    if (tracking) track_add(p);
    return p;
}

void *xrealloc(void *p, size_t n) {
    if (tracking && p) track_remove(p);
    p = realloc(p, n ? n : 1);
    if (!p) oom();
    if (tracking) track_add(p);
    return p;
}

void xfree(void *p) {
    if (tracking && p) track_remove(p);
    free(p);
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n) {
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *xasprintf(const char *fmt, ...) {
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    return sb_take(&sb);
}

static void sb_reserve(StrBuf *sb, size_t extra) {
    if (sb->len + extra + 1 <= sb->cap) return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + extra + 1) cap *= 2;
    sb->buf = xrealloc(sb->buf, cap);
    sb->cap = cap;
}

void sb_putc(StrBuf *sb, char c) {
    sb_reserve(sb, 1);
    sb->buf[sb->len++] = c;
    sb->buf[sb->len] = 0;
}

void sb_putn(StrBuf *sb, const char *s, size_t n) {
    sb_reserve(sb, n);
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = 0;
}

void sb_puts(StrBuf *sb, const char *s) { sb_putn(sb, s, strlen(s)); }

void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    sb_reserve(sb, (size_t)n);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void sb_printf(StrBuf *sb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

char *sb_take(StrBuf *sb) {
    char *r = sb->buf ? sb->buf : xstrdup("");
    sb->buf = NULL;
    sb->len = sb->cap = 0;
    return r;
}

char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf sb = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) sb_putn(&sb, tmp, n);
    fclose(f);
    if (len) *len = sb.len;
    return sb_take(&sb);
}
