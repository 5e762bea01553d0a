/* jit.c — libtcc in memory.
 *
 * tcc_new → output type MEMORY → `-Wall -Werror` (so an undeclared function
 * fails at compile time instead of as a relocate-time `undefined symbol`,
 * TOOLCHAIN.md) → include dir → compile → relocate (TCC_RELOCATE_AUTO: tcc
 * maps its own RWX buffer) → look up `geno_program`.
 *
 * Runtime symbols (geno_*) resolve against the genoc executable itself,
 * which is linked -rdynamic with the whole runtime archive, so nothing is
 * added with tcc_add_symbol. tcc's own headers and libtcc1.a come from its
 * compiled-in lib path. The TCCState is never deleted: the relocated code
 * lives in it and the child process exits after running it.
 *
 * Measured (hello world, see docs/cli.md): compile + relocate ≈ 2.6 ms.
 */
#include "jit.h"

#include <libtcc.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#ifndef GENOC_INCLUDE_DIR
#define GENOC_INCLUDE_DIR "include"
#endif

const char *jit_include_dir(void) {
    const char *env = getenv("GENOC_INCLUDE");
    return env && *env ? env : GENOC_INCLUDE_DIR;
}

static void collect_error(void *opaque, const char *msg) {
    StrBuf *sb = opaque;
    if (sb->len) sb_putc(sb, '\n');
    sb_puts(sb, msg);
}

static const GenoProgram *fail(StrBuf *errors, const char *what, char **error) {
    if (!errors->len) sb_puts(errors, what);
    *error = sb_take(errors);
    return NULL;
}

const GenoProgram *jit_compile(const char *c_source, char **error) {
    static StrBuf errors;   /* outlives the TCCState's callbacks */
    TCCState *s = tcc_new();
    if (!s) return fail(&errors, "tcc_new failed", error);
    tcc_set_error_func(s, &errors, collect_error);
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
    tcc_set_options(s, "-Wall -Werror");
    tcc_add_include_path(s, jit_include_dir());
    if (tcc_compile_string(s, c_source) < 0) return fail(&errors, "tcc_compile_string failed", error);
    if (tcc_relocate(s, TCC_RELOCATE_AUTO) < 0) return fail(&errors, "tcc_relocate failed", error);
    const GenoProgram *prog = tcc_get_symbol(s, "geno_program");
    if (!prog) return fail(&errors, "the emitted C defines no `geno_program`", error);
    return prog;
}
