/* jit.c — libtcc in memory.
 *
 * tcc_new → output type MEMORY → `-Wall -Werror -nostdlib` (an undeclared
 * function fails at compile time instead of as a relocate-time `undefined
 * symbol`, TOOLCHAIN.md) → include dir → compile → the symbols the program
 * may link against → relocate (TCC_RELOCATE_AUTO: tcc maps its own RWX
 * buffer) → look up `geno_program`.
 *
 * -nostdlib: tcc does not load libc.so (a linker script, then libc.so.6's
 * symbol table: ~300 read calls per run) nor resolve names through dlsym.
 * The program links against the runtime ABI table (runtime_symbols.h), the
 * libc functions below and libtcc1.a (tcc's arithmetic helpers), nothing
 * else: a name outside them is an `undefined symbol` at relocation. The
 * TCCState is never deleted: the relocated code lives in it and the child
 * process exits after running it.
 *
 * Emitted programs get geno/rt.h as a prelude cut to what they use
 * (driver/prelude.c), and only the runtime symbols that prelude and the
 * program can reference: for hello world that halved tcc's work.
 */
#include "jit.h"

#include <libtcc.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "prelude.h"
#include "runtime_symbols.h"
#include "util.h"

#ifndef GENOC_INCLUDE_DIR
#define GENOC_INCLUDE_DIR "include"
#endif
#ifndef GENOC_LIBTCC1
#define GENOC_LIBTCC1 "/usr/lib/x86_64-linux-gnu/tcc/libtcc1.a"
#endif

/* libc functions emitted code may reach: geno/rt.h's tcc branch declares
 * _setjmp and longjmp (try/catch); tcc itself calls mem* for struct copies. */
static const RuntimeSymbol libc_symbols[] = {
    {"_setjmp", (const void *)_setjmp}, {"longjmp", (const void *)longjmp},
    {"memcpy", (const void *)memcpy},   {"memmove", (const void *)memmove},
    {"memset", (const void *)memset},
};

static void add_symbols(TCCState *s, const RuntimeSymbol *table, int n) {
    for (int i = 0; i < n; i++) tcc_add_symbol(s, table[i].name, table[i].address);
}

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

static StrBuf errors;   /* outlives the TCCState's callbacks */

JitState *jit_prepare(void) {
    TCCState *s = tcc_new();
    if (!s) return NULL;
    tcc_set_error_func(s, &errors, collect_error);
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
    tcc_set_options(s, "-Wall -Werror -nostdlib");
    tcc_add_include_path(s, jit_include_dir());
    return (JitState *)s;
}

const GenoProgram *jit_compile(const char *c_source, char **error) {
    return jit_compile_prepared(jit_prepare(), c_source, false, error);
}

const GenoProgram *jit_compile_prepared(JitState *state, const char *c_source, bool expanded, char **error) {
    TCCState *s = (TCCState *)state;
    if (!s) return fail(&errors, "tcc_new failed", error);
    bool *used = xmalloc((size_t)runtime_symbol_count * sizeof(bool));
    char *cut = expanded ? NULL : prelude_expand(c_source, used);
    if (tcc_compile_string(s, cut ? cut : c_source) < 0)
        return fail(&errors, "tcc_compile_string failed", error);
    for (int i = 0; i < runtime_symbol_count; i++)
        if (used[i] || !cut) tcc_add_symbol(s, runtime_symbols[i].name, runtime_symbols[i].address);
    xfree(cut);
    xfree(used);
    add_symbols(s, libc_symbols, (int)(sizeof libc_symbols / sizeof libc_symbols[0]));
    if (tcc_add_file(s, GENOC_LIBTCC1) < 0) return fail(&errors, "cannot load " GENOC_LIBTCC1, error);
    if (tcc_relocate(s, TCC_RELOCATE_AUTO) < 0) return fail(&errors, "tcc_relocate failed", error);
    const GenoProgram *prog = tcc_get_symbol(s, "geno_program");
    if (!prog) return fail(&errors, "the emitted C defines no `geno_program`", error);
    return prog;
}
