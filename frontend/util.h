/* util.h — small helpers shared by the compiler (not the runtime):
 * checked allocation, growable arrays, a string builder.
 *
 * The compiler is a short-lived process, so the frontend allocates with
 * xmalloc and rarely frees; the AST lives until exit. */
#ifndef GENOC_UTIL_H
#define GENOC_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/* xmalloc'd blocks live in an arena (util.c): release them with xfree (a
 * no-op for them), never free(); so do strings from xasprintf and
 * arena_strndup. Strings from xstrdup, xstrndup, sb_take and read_file are
 * malloc'd: free() or xfree() them. */
void *xmalloc(size_t n);            /* zeroed; aborts on OOM */
void *xmalloc_node(size_t n);       /* zeroed, 8-byte aligned, never xrealloc'd or xrecycled */
void *xrealloc(void *p, size_t n);  /* an xmalloc'd block or a malloc'd string */
void xfree(void *p);
void xrecycle(void *p, size_t used);  /* xfree, but the arena reuses the block (its first `used` bytes touched) */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *arena_strndup(const char *s, size_t n);  /* a copy that is never freed */

/* Allocation tracking, for long-running in-process users (the fuzz targets
 * in tests/fuzz/): after alloc_track_begin() every block xmalloc, xrealloc
 * and the functions built on them return is recorded until xfree'd;
 * alloc_track_free_all() frees every recorded block and ends tracking. Reset
 * the frontend's global tables with check_reset() first (checker.h). */
void alloc_track_begin(void);
void alloc_track_free_all(void);

/* Growable array of T: `VEC(Expr *) args;` then vec_push(&args, e). */
#define VEC(T) struct { T *items; int len, cap; }
#define vec_push(v, x)                                                      \
    do {                                                                    \
        if ((v)->len == (v)->cap) {                                         \
            (v)->cap = (v)->cap ? (v)->cap * 2 : 4;                         \
            (v)->items = xrealloc((v)->items, sizeof(*(v)->items) * (v)->cap); \
        }                                                                   \
        (v)->items[(v)->len++] = (x);                                       \
    } while (0)

/* String builder. */
typedef struct {
    char *buf;
    size_t len, cap;
} StrBuf;

void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_putn(StrBuf *sb, const char *s, size_t n);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap);
void sb_reserve_more(StrBuf *sb, size_t extra);   /* room for `extra` more bytes, exactly (no doubling) */
char *sb_take(StrBuf *sb);          /* returns the NUL-terminated buffer, resets sb */

/* Hash map from pointers to pointers (open addressing; no deletion). */
typedef struct {
    const void **keys;
    void **vals;
    int cap, len;
} PtrMap;

void ptrmap_put(PtrMap *m, const void *key, void *val);
void *ptrmap_get(const PtrMap *m, const void *key);     /* NULL if absent */

/* Reads a whole file; NULL (errno set) on failure. *len gets the size. */
char *read_file(const char *path, size_t *len);

#endif
