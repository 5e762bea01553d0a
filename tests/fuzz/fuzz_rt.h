/* fuzz_rt.h — shared by the runtime fuzz targets (fuzz_json.c, fuzz_csv.c,
 * fuzz_toml.c): runtime set-up, the input as a Geno String, and a guard
 * that turns a raised runtime error (E499 size limits, ...) into a normal
 * return.
 *
 * Memory: every runtime object lives on the Boehm heap, which collects the
 * previous inputs' values, so the targets free nothing themselves. */
#ifndef GENOC_FUZZ_RT_H
#define GENOC_FUZZ_RT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "geno/rt.h"
#include "run.h"          /* rt/run.h: geno_rt_init */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    geno_rt_init(&cfg);
    return 0;
}

/* Geno strings hold UTF-8 (surrogate code points allowed: from_char_code
 * and json_parse make them); the runtime assumes it (geno_str_new). Inputs
 * that are not are rejected (the target returns -1: not kept). */
static inline int fuzz_is_utf8(const uint8_t *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = s[i];
        size_t k;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c < 0x80) { i++; continue; }
        else if (c >= 0xC2 && c <= 0xDF) k = 1;
        else if (c >= 0xE0 && c <= 0xEF) { k = 2; if (c == 0xE0) lo = 0xA0; }
        else if (c >= 0xF0 && c <= 0xF4) { k = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
        else return 0;
        if (n - i <= k) return 0;           /* truncated sequence */
        if (s[i + 1] < lo || s[i + 1] > hi) return 0;
        for (size_t j = 2; j <= k; j++)
            if ((s[i + j] & 0xC0) != 0x80) return 0;
        i += k + 1;
    }
    return 1;
}

/* Runs `stmt` under a try frame that catches every runtime error
 * (catch_fatal = 1); evaluates to 1 when it completed, 0 when it raised. */
#define FUZZ_TRY(stmt) ({                                                      \
        GenoTryFrame f_;                                                        \
        int ok_ = 0;                                                            \
        geno_try_push(&f_, 1);                                                  \
        if (setjmp(f_.jb) == 0) {                                               \
            stmt;                                                               \
            geno_try_pop(&f_);                                                  \
            ok_ = 1;                                                            \
        }                                                                       \
        ok_;                                                                    \
    })

#endif
