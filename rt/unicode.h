/* rt/unicode.h — UTF-8 decoding and the Unicode properties the string
 * builtins need (see unicode.c). Internal to the runtime. */
#ifndef GENO_RT_UNICODE_H
#define GENO_RT_UNICODE_H

#include <stdint.h>
#include "geno/rt.h"

/* Bytes of the UTF-8 sequence that starts with `lead` (1 for a stray
 * continuation byte, so walking never stalls). */
static inline int geno_utf8_len(unsigned char lead) {
    return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
}

/* Decodes the sequence at s[0..avail) structurally (surrogates included, as
 * from_char_code makes them); returns its byte length. */
int geno_utf8_decode(const char *s, int64_t avail, uint32_t *cp);
/* Encodes cp (<= 0x10FFFF, surrogates too) into out; returns 1..4. */
int geno_utf8_encode(uint32_t cp, char *out);

/* Python's str.isspace() (the set str.strip() removes). */
int geno_uc_is_space(uint32_t cp);
/* The value 0..9 of a decimal digit (Unicode Nd, Python's str.isdecimal()),
 * else -1. */
int geno_uc_decimal(uint32_t cp);
/* Python's str.isalpha() for one code point (letters: L*). */
int geno_uc_is_alpha(uint32_t cp);

/* Python's str.upper() / str.lower(): full case mapping, with the final
 * sigma rule in lower. The result is held to max_collection_size with the
 * reference's post-call "String size exceeds limit (N > L)". */
GenoStr *geno_uc_upper(GenoStr *s, GenoLoc loc);
GenoStr *geno_uc_lower(GenoStr *s, GenoLoc loc);

#endif
