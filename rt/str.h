/* rt/str.h — string helpers and the GenoBuf builder's insides (see str.c). */
#ifndef GENO_RT_STR_H
#define GENO_RT_STR_H

#include "geno/rt.h"

/* A growable UTF-8 byte buffer counting code points as it goes. When limit
 * is >= 0, an append that would take the code points counted since
 * limit_base past `limit` raises E499 "<limit_what>String size exceeds limit
 * (N > limit)" (the reference's per-append check in to_string). */
struct GenoBuf {
    char *data;                 /* bytes, after room for a GenoStr header */
    int64_t given;              /* 1: data now belongs to a finished string; 2: to a stack frame */
    int64_t len, cap;
    int64_t cplen;
    int64_t limit;              /* -1: none */
    int64_t limit_base;         /* cplen when the limited part began */
    const char *limit_what;     /* message prefix, e.g. "to_string: " */
    GenoLoc loc;                /* where writing a value reports an error (0: unknown) */
};

int64_t geno_utf8_count(const char *s, int64_t len);
void geno_buf_add_bytes(GenoBuf *b, const char *s, int64_t len, int64_t cplen);
/* Appends Python's repr() of a str (the reference's messages quote strings
 * that way: `Key not found: 'b'`, caught constructors, TOML keys). */
void geno_py_repr_str(GenoBuf *b, const GenoStr *s);
void geno_buf_add_utf8(GenoBuf *b, const char *s, int64_t len);   /* any UTF-8, counted here */
void geno_buf_add_cstr(GenoBuf *b, const char *s);           /* any UTF-8 */
void geno_buf_add_ascii(GenoBuf *b, const char *s, int64_t len);
/* The canonical quoted form: "..." with \\ \" \n \r \t \b \f, \u00XX. */
void geno_buf_add_quoted(GenoBuf *b, const GenoStr *s);
/* The buffer as a string, without any size check. The string may take over
 * the buffer's storage (no copy); adding to b afterwards still works. */
GenoStr *geno_buf_to_str(GenoBuf *b);
GenoStr *geno_str_from_cstr(const char *s);

#endif
