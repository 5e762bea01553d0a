/* tcc_prelude.h — geno/rt.h as `genoc run` hands it to libtcc.
 *
 * Parsing all of rt.h was most of tcc's work for a small program (hello
 * world: 3.6M of 4.6M instructions in the child), though such a program uses
 * a few dozen of its ~500 declarations. At build time tools/gen_tcc_prelude.c
 * takes rt.h as tcc sees it (comments gone, `#if`s decided for tcc) and cuts
 * it into top-level chunks (a declaration, a function, a #define), each with
 * the names it declares and the names it mentions. At run time
 * (driver/prelude.c) the chunks that declare a name the program mentions, and
 * then the names those chunks mention, transitively, are kept in their
 * order, and only the runtime symbols among the kept names are handed to tcc
 * (all of it for a program of more than 128 KiB of C, where scanning would
 * cost more than it saves).
 */
#ifndef GENOC_TCC_PRELUDE_H
#define GENOC_TCC_PRELUDE_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t offset, length;        /* in tcc_prelude_text */
    uint32_t ref_start, ref_count;  /* in tcc_prelude_refs: names it mentions */
    uint8_t always;                 /* declares no name we could tell: always kept */
} TccPreludeChunk;

/* Names are offsets into tcc_prelude_name_text (NUL-terminated there), not
 * pointers: ~1,500 pointers would be as many relocations at every start. */
typedef struct {
    uint32_t name;                  /* offset in tcc_prelude_name_text */
    int32_t runtime_symbol;         /* index in runtime_symbols[], or -1 */
    uint32_t def_start, def_count;  /* in tcc_prelude_def_chunks: chunks declaring it */
} TccPreludeName;

extern const char tcc_prelude_text[];
extern const char tcc_prelude_name_text[];
extern const TccPreludeChunk tcc_prelude_chunks[];
extern const int tcc_prelude_chunk_count;
extern const uint16_t tcc_prelude_refs[];
extern const uint16_t tcc_prelude_def_chunks[];
extern const TccPreludeName tcc_prelude_names[];
extern const int tcc_prelude_name_count;
/* Open addressing, linear probing: name index + 1, 0 = empty. */
extern const uint16_t tcc_prelude_slots[];
#define TCC_PRELUDE_SLOTS 8192

static inline uint32_t tcc_prelude_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;   /* FNV-1a */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

#endif
