/* rt/strlib.h — helpers shared by the string builtins (see strlib.c). */
#ifndef GENO_RT_STRLIB_H
#define GENO_RT_STRLIB_H

#include "geno/rt.h"

/* A new string of `len` bytes and `cplen` code points copied from bytes;
 * a single ASCII character comes from a static table (no allocation). */
GenoStr *geno_str_make(const char *bytes, int64_t len, int64_t cplen);
/* The empty string (static). */
GenoStr *geno_str_empty(void);
/* The one-code-point string at byte offset off of s. */
GenoStr *geno_str_cp_at(GenoStr *s, int64_t off);
/* Byte offset of code point index i (0 <= i <= cplen). */
int64_t geno_str_byte_offset(const GenoStr *s, int64_t i);
/* E499 "<fname>: Runtime Error: String size exceeds limit (N > L)" when a
 * builtin's result of size code points is over max_collection_size. */
void geno_check_result_size(const char *fname, int64_t size, GenoLoc loc);

#endif
