/* runtime_symbols.h — the runtime ABI's addresses, for libtcc.
 *
 * A program compiled by `genoc run` links only against these (every global
 * geno_* symbol of libgenort, listed at build time by
 * scripts/gen_runtime_symbols.sh) and the few libc functions driver/jit.c
 * adds: not against libc as a whole, and not through dlsym.
 */
#ifndef GENOC_RUNTIME_SYMBOLS_H
#define GENOC_RUNTIME_SYMBOLS_H

typedef struct {
    const char *name;
    const void *address;
} RuntimeSymbol;

extern const RuntimeSymbol runtime_symbols[];
extern const int runtime_symbol_count;

#endif
