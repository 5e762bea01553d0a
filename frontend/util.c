/* util.c — allocation, string builder and file reading for the compiler. */
#define _GNU_SOURCE   /* strchrnul */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdint.h>
#include <sys/mman.h>

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

/* ---- the arena ------------------------------------------------------------
 * The compiler allocates hundreds of thousands of small blocks (AST nodes,
 * types, symbols, vectors) and frees almost none: calloc's bookkeeping was
 * a fifth of compile time. xmalloc bump-allocates from big zeroed chunks
 * instead; each block has a 16-byte header holding its size so xrealloc can
 * copy it. Arena blocks are never returned: xfree ignores them. Strings
 * that callers free() (StrBuf buffers, xstrdup, xasprintf, read_file) come
 * from malloc as before, and so does everything while allocation tracking
 * is on (tracked blocks must be freeable).
 *
 * Chunks are anonymous mappings aligned to 2 MiB and advised as huge pages:
 * on these VMs a page fault costs microseconds, and a 20,000-line program
 * touched some 9,000 4-KiB arena pages (a third of its compile time).
 * The first chunk is the exception: 256 KiB of plain pages. A huge page is
 * cleared whole on its first touch (~0.1-0.2 ms, 2 MiB), while a small
 * program touches a few dozen arena pages; and the `genoc run` child, which
 * forks before the parent's first xmalloc, would clear a 2 MiB page of its
 * own for the few blocks it takes (hello world: ~0.3 ms of CPU less). */

#define ARENA_HEADER 16
#define ARENA_HUGE ((size_t)2 << 20)
#define ARENA_MIN_CHUNK ARENA_HUGE
#define ARENA_FIRST_CHUNK ((size_t)256 << 10)

typedef struct {
    char *start, *end;
} ArenaChunk;

static ArenaChunk arena_chunks[48];
static int arena_nchunks;
static char *arena_next, *arena_end;

static bool in_arena(const void *p) {
    for (int i = arena_nchunks - 1; i >= 0; i--)
        if ((const char *)p >= arena_chunks[i].start && (const char *)p < arena_chunks[i].end) return true;
    return false;
}

/* size bytes of zeroed memory at a 2 MiB boundary, or NULL. */
static char *map_huge_chunk(size_t size) {
    size_t span = size + ARENA_HUGE;
    char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *c = (char *)(((uintptr_t)m + ARENA_HUGE - 1) & ~(uintptr_t)(ARENA_HUGE - 1));
    if (c > m) munmap(m, (size_t)(c - m));
    munmap(c + size, (size_t)(m + span - (c + size)));
#ifdef MADV_HUGEPAGE
    madvise(c, size, MADV_HUGEPAGE);   /* a hint: without THP the chunk still works */
#endif
    return c;
}

/* The bump region a recycled block replaced (xrecycle), resumed when that
 * block runs out. */
static char *resume_next, *resume_end;

/* Makes room for `need` bytes at arena_next (already aligned): resumes the
 * region a recycled block interrupted, or maps a new chunk. False when the
 * chunk table is full. Region ends are 16-byte aligned, so aligning
 * arena_next up never passes arena_end. */
static bool arena_room(size_t need) {
    if ((size_t)(arena_end - arena_next) < need && resume_next) {
        arena_next = resume_next;
        arena_end = resume_end;
        resume_next = resume_end = NULL;
    }
    if ((size_t)(arena_end - arena_next) < need) {
        if (arena_nchunks == (int)(sizeof arena_chunks / sizeof arena_chunks[0])) return false;
        /* chunks double (2 MiB, 4 MiB, ... capped at 64 MiB) so there are few */
        size_t size = ARENA_MIN_CHUNK << (arena_nchunks < 5 ? arena_nchunks : 5);
        if (size < need) size = (need + ARENA_HUGE - 1) & ~(ARENA_HUGE - 1);
        char *c;
        if (arena_nchunks == 0 && need <= ARENA_FIRST_CHUNK) {
            size = ARENA_FIRST_CHUNK;
            c = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (c == MAP_FAILED) c = NULL;
        } else {
            c = map_huge_chunk(size);
        }
        if (!c) oom();
        arena_chunks[arena_nchunks++] = (ArenaChunk){c, c + size};
        arena_next = c;
        arena_end = c + size;
    }
    return true;
}

static inline void arena_align(uintptr_t align) {
    arena_next = (char *)(((uintptr_t)arena_next + align - 1) & ~(align - 1));
}

static void *arena_alloc(size_t n) {
    size_t need = ARENA_HEADER + ((n + 15) & ~(size_t)15);
    arena_align(16);
    if (!arena_room(need)) return NULL;
    char *p = arena_next;
    arena_next += need;
    *(size_t *)p = n;
    return p + ARENA_HEADER;
}

/* n zeroed bytes aligned to `align` (<= 16) without the size header: for
 * blocks never passed to xrealloc or xrecycle (strings, syntax-tree nodes).
 * A 2-byte name took 32 bytes with the header; 57,000 Expr nodes of a
 * 20,000-line program took 24 bytes each more. */
static void *arena_raw(size_t n, uintptr_t align) {
    if (tracking) return NULL;
    arena_align(align);
    if (!arena_room(n ? n : 1)) return NULL;
    char *p = arena_next;
    arena_next += n ? n : 1;
    return p;
}

static void *heap_calloc(size_t n) {
    void *p = calloc(1, n ? n : 1);
    if (!p) oom();
    if (tracking) track_add(p);
    return p;
}

static void *heap_realloc(void *p, size_t n) {
    if (tracking && p) track_remove(p);
    p = realloc(p, n ? n : 1);
    if (!p) oom();
    if (tracking) track_add(p);
    return p;
}

void *xmalloc_node(size_t n) {
    void *p = arena_raw(n, 8);
    return p ? p : heap_calloc(n);
}

void *xmalloc(size_t n) {
    if (!tracking) {
        void *p = arena_alloc(n);
        if (p) return p;
    }
    return heap_calloc(n);
}

void *xrealloc(void *p, size_t n) {
    if (!p) return xmalloc(n);   /* a new vector starts in the arena (when not tracking) */
    if (p && in_arena(p)) {
        size_t *hdr = (size_t *)((char *)p - ARENA_HEADER);
        size_t old = *hdr;
        if (n <= old) return p;
        /* the newest block grows in place (token and node vectors double) */
        char *old_end = (char *)p + ((old + 15) & ~(size_t)15);
        size_t more = ((n + 15) & ~(size_t)15) - ((old + 15) & ~(size_t)15);
        if (old_end == arena_next && (size_t)(arena_end - arena_next) >= more) {
            arena_next += more;
            *hdr = n;
            return p;
        }
        void *q = xmalloc(n);
        memcpy(q, p, old);
        return q;
    }
    return heap_realloc(p, n);
}

/* A dead block's pages were touched already: zeroing the used part costs
 * less than faulting in fresh pages (microseconds each here), so later
 * xmallocs bump through it first. Its unused tail is still zero. */
void xrecycle(void *p, size_t used) {
    if (!p || !in_arena(p)) {
        xfree(p);
        return;
    }
    if (resume_next) return;   /* one recycled block at a time */
    char *start = (char *)p - ARENA_HEADER;
    size_t n = *(size_t *)start;
    memset(start, 0, ARENA_HEADER + (used < n ? used : n));
    resume_next = arena_next;
    resume_end = arena_end;
    arena_next = start;
    arena_end = (char *)p + ((n + 15) & ~(size_t)15);
}

void xfree(void *p) {
    if (!p || in_arena(p)) return;
    if (tracking) track_remove(p);
    free(p);
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n) {
    char *p = heap_realloc(NULL, n + 1);    /* callers may free() it */
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arena_strndup(const char *s, size_t n) {
    char *p = arena_raw(n + 1, 1);
    if (!p) p = heap_calloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

/* The emitter makes a string per expression node; formatting into one
 * reused buffer and copying into the arena saves a malloc and the reallocs
 * of a growing buffer each time. */
char *xasprintf(const char *fmt, ...) {
    static StrBuf scratch;      /* plain malloc, outside tracking: kept for the process */
    va_list ap;
    va_start(ap, fmt);
    if (tracking) {
        StrBuf sb = {0};
        sb_vprintf(&sb, fmt, ap);
        va_end(ap);
        return sb_take(&sb);
    }
    scratch.len = 0;
    sb_vprintf(&scratch, fmt, ap);
    va_end(ap);
    return arena_strndup(scratch.buf, scratch.len);
}

static inline void sb_reserve(StrBuf *sb, size_t extra) {
    if (sb->len + extra + 1 <= sb->cap) return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1) cap *= 2;
    sb->buf = heap_realloc(sb->buf, cap);   /* callers free() StrBuf buffers */
    sb->cap = cap;
}

void sb_reserve_more(StrBuf *sb, size_t extra) {
    if (sb->len + extra + 1 <= sb->cap) return;
    sb->cap = sb->len + extra + 1;
    sb->buf = heap_realloc(sb->buf, sb->cap);
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

/* The compiler builds all its C text with sb_printf/xasprintf, so this is
 * its hottest loop. glibc's vsnprintf costs ~1 µs per call (and the old
 * measure-then-print did every call twice); here the conversions the
 * compiler uses (%s %d %i %u %c %zu %ld %lld %.*s %%) are done inline and
 * anything else (%.3f, %04x, ...) is handed to snprintf one directive at a
 * time, so the output is exactly printf's. */

/* n bytes from s to d: short copies (most pieces of the C text are a few
 * bytes) as two overlapping fixed-size moves instead of a libc call. */
static inline void copy_bytes(char *d, const char *s, size_t n) {
    if (n >= 16) {
        memcpy(d, s, n);
    } else if (n >= 8) {
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n) {
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes the decimal digits of v (with a leading '-' when neg) at d, which
 * has room for 24 bytes; returns the end. Two digits per step. */
static inline char *put_digits(char *d, unsigned long long v, bool neg) {
    char tmp[48];               /* digits end at tmp + 24; the rest pads the fixed copy */
    char *e = tmp + 24, *p = e;
    while (v > 0xffffffffu) {   /* the rare wide values: 64-bit division */
        *--p = (char)('0' + v % 10);
        v /= 10;
    }
    unsigned w = (unsigned)v;
    while (w >= 100) {
        unsigned r = w % 100;
        w /= 100;
        p -= 2;
        memcpy(p, digit_pairs + 2 * r, 2);
    }
    if (w >= 10) {
        p -= 2;
        memcpy(p, digit_pairs + 2 * w, 2);
    } else {
        *--p = (char)('0' + w);
    }
    if (neg) *--p = '-';
    memcpy(d, p, 24);   /* fixed-size copy; only the first e - p bytes count */
    return d + (e - p);
}

/* One directive fmt[0..n) ("%-08.3lf") through snprintf; stars are the
 * width/precision arguments already fetched. */
#define SB_SNPRINTF(dst, room, spec, nstar, w, pr, arg)                               \
    ((nstar) == 2 ? snprintf(dst, room, spec, w, pr, arg)                             \
     : (nstar) == 1 ? snprintf(dst, room, spec, (hasw ? w : pr), arg)                 \
     : snprintf(dst, room, spec, arg))
/* Printed straight into the buffer's free space (at least 64 bytes), and
 * again after growing it when the text did not fit. */
#define SB_FALLBACK(sb, spec, nstar, w, pr, arg)                                         \
    do {                                                                              \
        sb_reserve(sb, 63);                                                           \
        size_t room_ = sb->cap - sb->len;                                             \
        int m_ = SB_SNPRINTF(sb->buf + sb->len, room_, spec, nstar, w, pr, arg);      \
        if (m_ < 0) {                                                                 \
            sb->buf[sb->len] = 0;                                                     \
            break;                                                                    \
        }                                                                             \
        if ((size_t)m_ >= room_) {                                                    \
            sb_reserve(sb, (size_t)m_);                                               \
            SB_SNPRINTF(sb->buf + sb->len, (size_t)m_ + 1, spec, nstar, w, pr, arg);  \
        }                                                                             \
        sb->len += (size_t)m_;                                                        \
    } while (0)

/* The write position is kept in locals (d, lim) rather than sb->len: stores
 * through char * would otherwise make the compiler reload sb after each
 * piece. SB_ROOM(n) makes room for n more bytes plus the final NUL;
 * SB_SYNC/SB_LOAD hand the position to and back from the StrBuf helpers. */
#define SB_SYNC() (sb->len = (size_t)(d - sb->buf))
#define SB_LOAD() (d = sb->buf + sb->len, lim = sb->buf + sb->cap - 1)
#define SB_ROOM(n)                                       \
    do {                                                 \
        if ((size_t)(lim - d) < (size_t)(n)) {           \
            SB_SYNC();                                   \
            sb_reserve(sb, (size_t)(n));                 \
            SB_LOAD();                                   \
        }                                                \
    } while (0)
#define SB_PUT(s_, n_)                                   \
    do {                                                 \
        size_t k_ = (n_);                                \
        SB_ROOM(k_);                                     \
        copy_bytes(d, (s_), k_);                         \
        d += k_;                                         \
    } while (0)
#define SB_UNSIGNED(v_)                                  \
    do {                                                 \
        unsigned long long u_ = (v_);                    \
        SB_ROOM(24);                                     \
        d = put_digits(d, u_, false);                    \
    } while (0)
#define SB_SIGNED(v_)                                    \
    do {                                                 \
        long long s_ = (v_);                             \
        SB_ROOM(24);                                     \
        d = put_digits(d, s_ < 0 ? 0ull - (unsigned long long)s_ : (unsigned long long)s_, s_ < 0); \
    } while (0)

void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap) {
    va_list aq;
    va_copy(aq, ap);
    const char *f = fmt;
    char *d, *lim;
    sb_reserve(sb, 0);
    SB_LOAD();
    for (;;) {
        const char *pct = strchrnul(f, '%');
        if (pct > f) SB_PUT(f, (size_t)(pct - f));
        if (!*pct) break;
        f = pct + 1;
        /* fast forms: %s %d %i %u %c %% %zu %ld %lld %lu %llu %.*s */
        if (*f == 's') {
            const char *str = va_arg(aq, const char *);
            if (!str) str = "(null)";
            SB_PUT(str, strlen(str));
            f++;
            continue;
        }
        if (*f == 'd' || *f == 'i') { SB_SIGNED(va_arg(aq, int)); f++; continue; }
        if (*f == 'u') { SB_UNSIGNED(va_arg(aq, unsigned)); f++; continue; }
        if (*f == 'c') { char ch = (char)va_arg(aq, int); SB_PUT(&ch, 1); f++; continue; }
        if (*f == '%') { SB_PUT("%", 1); f++; continue; }
        if (f[0] == 'z' && f[1] == 'u') { SB_UNSIGNED(va_arg(aq, size_t)); f += 2; continue; }
        if (f[0] == 'l' && (f[1] == 'd' || f[1] == 'i')) { SB_SIGNED(va_arg(aq, long)); f += 2; continue; }
        if (f[0] == 'l' && f[1] == 'u') { SB_UNSIGNED(va_arg(aq, unsigned long)); f += 2; continue; }
        if (f[0] == 'l' && f[1] == 'l' && (f[2] == 'd' || f[2] == 'i')) { SB_SIGNED(va_arg(aq, long long)); f += 3; continue; }
        if (f[0] == 'l' && f[1] == 'l' && f[2] == 'u') { SB_UNSIGNED(va_arg(aq, unsigned long long)); f += 3; continue; }
        if (f[0] == '.' && f[1] == '*' && f[2] == 's') {
            int prec = va_arg(aq, int);
            const char *str = va_arg(aq, const char *);
            if (!str) str = "(null)";
            SB_PUT(str, prec < 0 ? strlen(str) : strnlen(str, (size_t)prec));
            f += 3;
            continue;
        }
        SB_SYNC();   /* the general directive below works on sb->len */
        /* general directive: flags, width, precision, length, conversion */
        const char *start = pct;
        bool hasw = false, hasp = false;
        int w = 0, pr = 0;
        while (*f && strchr("-+ #0", *f)) f++;
        if (*f == '*') { hasw = true; w = va_arg(aq, int); f++; }
        else while (*f >= '0' && *f <= '9') f++;
        if (*f == '.') {
            f++;
            if (*f == '*') { hasp = true; pr = va_arg(aq, int); f++; }
            else while (*f >= '0' && *f <= '9') f++;
        }
        const char *len = f;
        while (*f && strchr("hlzjtL", *f)) f++;
        size_t nlen = (size_t)(f - len);
        char conv = *f;
        if (!conv) break;   /* a lone '%' at the end: printf's behaviour is undefined; drop it */
        f++;
        char spec[32];
        size_t sl = (size_t)(f - start);
        if (sl >= sizeof spec) continue;
        memcpy(spec, start, sl);
        spec[sl] = 0;
        int nstar = hasw + hasp;
        bool l1 = nlen == 1 && *len == 'l', ll = nlen == 2 && len[0] == 'l', z = nlen == 1 && *len == 'z';
        bool j = nlen == 1 && *len == 'j', t = nlen == 1 && *len == 't', L = nlen == 1 && *len == 'L';
        switch (conv) {
        case 'd': case 'i':
            if (ll) { long long a = va_arg(aq, long long); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else if (l1 || z || t) { long a = va_arg(aq, long); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else if (j) { intmax_t a = va_arg(aq, intmax_t); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else { int a = va_arg(aq, int); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            break;
        case 'u': case 'o': case 'x': case 'X':
            if (ll) { unsigned long long a = va_arg(aq, unsigned long long); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else if (l1 || z || t) { unsigned long a = va_arg(aq, unsigned long); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else if (j) { uintmax_t a = va_arg(aq, uintmax_t); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else { unsigned a = va_arg(aq, unsigned); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            break;
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
            if (L) { long double a = va_arg(aq, long double); SB_FALLBACK(sb, spec, nstar, w, pr, a); }
            else {
                double a = va_arg(aq, double);
                /* "%.17g" (every Float literal of the C text) of a whole number
                 * below 1e15 is its digits: printf's float machinery costs ~2,000
                 * instructions. -0.0 prints "-0": left to snprintf. */
                if (sl == 5 && !memcmp(spec, "%.17g", 5) && a > -1e15 && a < 1e15 && a == (double)(long long)a &&
                    !(a == 0 && signbit(a))) {
                    long long v = (long long)a;
                    sb_reserve(sb, 24);
                    char *e = put_digits(sb->buf + sb->len, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0);
                    sb->len = (size_t)(e - sb->buf);
                } else {
                    SB_FALLBACK(sb, spec, nstar, w, pr, a);
                }
            }
            break;
        case 'c': { int a = va_arg(aq, int); SB_FALLBACK(sb, spec, nstar, w, pr, a); break; }
        case 's': { const char *a = va_arg(aq, const char *); SB_FALLBACK(sb, spec, nstar, w, pr, a ? a : "(null)"); break; }
        case 'p': { void *a = va_arg(aq, void *); SB_FALLBACK(sb, spec, nstar, w, pr, a); break; }
        default: break;     /* %n and unknown conversions: nothing */
        }
        SB_LOAD();
    }
    SB_SYNC();
    va_end(aq);
    sb->buf[sb->len] = 0;
}
#undef SB_SYNC
#undef SB_LOAD
#undef SB_ROOM
#undef SB_PUT
#undef SB_UNSIGNED
#undef SB_SIGNED

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

/* ---- pointer map (util.h) ---- */

static unsigned phash(const void *p) { return (unsigned)(((uintptr_t)p >> 4) * 2654435761u); }

void ptrmap_put(PtrMap *m, const void *key, void *val) {
    if (m->len * 2 >= m->cap) {
        int ncap = m->cap ? m->cap * 2 : 64;
        const void **ok = m->keys;
        void **ov = m->vals;
        int ocap = m->cap;
        m->keys = xmalloc(sizeof(void *) * ncap);
        m->vals = xmalloc(sizeof(void *) * ncap);
        m->cap = ncap;
        m->len = 0;
        for (int i = 0; i < ocap; i++)
            if (ok[i]) ptrmap_put(m, ok[i], ov[i]);
        xfree(ok);
        xfree(ov);
    }
    unsigned h = phash(key) & (m->cap - 1);
    while (m->keys[h] && m->keys[h] != key) h = (h + 1) & (m->cap - 1);
    if (!m->keys[h]) m->len++;
    m->keys[h] = key;
    m->vals[h] = val;
}

void *ptrmap_get(const PtrMap *m, const void *key) {
    if (!m->cap) return NULL;
    unsigned h = phash(key) & (m->cap - 1);
    while (m->keys[h]) {
        if (m->keys[h] == key) return m->vals[h];
        h = (h + 1) & (m->cap - 1);
    }
    return NULL;
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
