/* print.c — program output: the `print` builtin and the output buffer.
 *
 * Output goes to cfg.out_fd through a buffer of our own and write(2), never
 * stdio: glibc's stdio calls fstat on first use, which the sandbox's seccomp
 * filter will forbid, and we must control exactly when bytes leave (flushed
 * after every print, so output streams to the supervising parent; the
 * buffer only joins the pieces of one print into one write).
 *
 * `print` needs the print capability (E412). Like the reference, it counts
 * the characters (code points, newline included) of every print against
 * cfg.max_output_length *before* writing: the print that crosses the limit
 * writes nothing and raises E499 "Output limit exceeded (N characters)",
 * and the count keeps growing, so later prints fail too.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "geno/rt.h"
#include "print.h"
#include "run.h"
#include "str.h"
#include "value.h"

static char out_buf[1 << 14];
static size_t out_len;
static int64_t out_chars;       /* characters printed so far, for the limit */
static int out_suppressed;      /* example clauses run: print nothing */

void geno_out_suppress(int on) { out_suppressed = on; }

void geno_write_all(int fd, const char *s, int64_t len) {
    while (len > 0) {
        ssize_t n = write(fd, s, (size_t)len);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;                         /* closed pipe etc.: drop output */
        }
        s += n;
        len -= n;
    }
}

void geno_out_flush(void) {
    if (out_len) geno_write_all(geno_cfg.out_fd, out_buf, (int64_t)out_len);
    out_len = 0;
}

void geno_out_write(const char *s, int64_t len) {
    if (out_len + (size_t)len > sizeof out_buf) {
        geno_out_flush();
        if ((size_t)len >= sizeof out_buf) { geno_write_all(geno_cfg.out_fd, s, len); return; }
    }
    memcpy(out_buf + out_len, s, (size_t)len);
    out_len += (size_t)len;
}

/* A lone surrogate (from_char_code(0xD800), a JSON "\ud800") is held as its
 * three-byte form ED A0..BF xx. The reference buffers the whole output and
 * writes it to its UTF-8 stdout after main returns, which then refuses it
 * ("Manifest Error: 'utf-8' codec can't encode character '\ud800' in
 * position N: surrogates not allowed", exit 1); then it prints main's
 * `=> ` line, refused the same way (positions from that line's start). So
 * a print only notes the first run of surrogates (positions counted over
 * the whole output) and geno_out_check_encodable raises it once main has
 * returned: an error raised after the print wins, and try/catch cannot
 * catch it. From the noted print on nothing more is written (the reference
 * writes none of it), so stdout stays valid UTF-8. Under `genoc run --json`
 * the output is a JSON string, which escapes surrogates: no error there. */
static struct {
    int64_t start, end;                 /* characters [start, end]; start < 0: none */
    unsigned cp;                        /* the first one's code point */
    GenoLoc loc;
} surrogate = {-1, -1, 0, 0};

static int is_surrogate_at(const unsigned char *p, const unsigned char *e) {
    return e - p >= 3 && p[0] == 0xED && p[1] >= 0xA0;
}

/* Notes s's first run of surrogates, s starting at character `pos`. */
static void note_surrogate(GenoStr *s, int64_t pos, GenoLoc loc) {
    if (geno_cfg.output_json || surrogate.start >= 0 || s->len < 3) return;
    const unsigned char *d = (const unsigned char *)s->data, *e = d + s->len, *p = d;
    while ((p = memchr(p, 0xED, (size_t)(e - p))) && !is_surrogate_at(p, e)) p++;
    if (!p) return;
    for (const unsigned char *q = d; q < p; q++) pos += (*q & 0xC0) != 0x80;
    surrogate.start = surrogate.end = pos;
    surrogate.cp = 0xD000u | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
    surrogate.loc = loc;
    for (p += 3; is_surrogate_at(p, e); p += 3) surrogate.end++;
}

void geno_out_reset(void) {
    out_len = 0;
    out_chars = 0;
    surrogate.start = surrogate.end = -1;
}

void geno_out_result_line(GenoStr *repr) {
    if (surrogate.start >= 0) return;
    note_surrogate(repr, 3, 0);                 /* after "=> " */
    if (surrogate.start >= 0) return;
    geno_out_write("=> ", 3);
    geno_out_write(repr->data, repr->len);
    geno_out_write("\n", 1);
}

void geno_out_check_encodable(void) {
    if (surrogate.start < 0) return;
    if (surrogate.end == surrogate.start)
        geno_raise("E499", surrogate.loc, "'utf-8' codec can't encode character '\\u%04x' in position %lld: "
                   "surrogates not allowed", surrogate.cp, (long long)surrogate.start);
    geno_raise("E499", surrogate.loc, "'utf-8' codec can't encode characters in position %lld-%lld: "
               "surrogates not allowed", (long long)surrogate.start, (long long)surrogate.end);
}

void geno_print_str(GenoStr *s, GenoLoc loc) {
    geno_require_cap(GENO_CAP_PRINT, "print", loc);
    if (out_suppressed) return;
    out_chars += s->cplen + 1;
    if (out_chars > geno_cfg.max_output_length)
        geno_raise("E499", loc, "Output limit exceeded (%lld characters)",
                   (long long)geno_cfg.max_output_length);
    /* After the limit check: the reference refuses an over-long line
     * before it buffers (and later encodes) it. */
    note_surrogate(s, out_chars - s->cplen - 1, loc);
    if (surrogate.start >= 0) return;
    geno_out_write(s->data, s->len);
    geno_out_write("\n", 1);
    /* Stream: a line printed before a timeout or a kill must not be lost. */
    geno_out_flush();
}

void geno_print(GenoWord v, const GenoType *t, GenoLoc loc) {
    geno_require_cap(GENO_CAP_PRINT, "print", loc);
    if (t->kind == GT_STRING) {
        geno_print_str((GenoStr *)(uintptr_t)v, loc);
        return;
    }
    GenoBuf *b = geno_buf_new();            /* print uses the unlimited form */
    b->loc = loc;
    geno_write_value(b, v, t, 1);
    geno_print_str(geno_buf_to_str(b), loc);
}
