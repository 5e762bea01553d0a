/* jit.h — compiling emitted C in memory with libtcc (the `genoc run` path).
 *
 * Runs inside the sandbox child only: tcc parses text that was derived from
 * untrusted source, so it gets the child's rlimits like the program does. */
#ifndef GENOC_JIT_H
#define GENOC_JIT_H

#include <stdbool.h>

#include <geno/rt.h>

/* Compiles `c_source` and relocates it into executable memory. Returns the
 * program's `geno_program` descriptor; the code stays mapped until exit.
 * On failure returns NULL and sets *error to tcc's messages (malloc'd).
 * A failure is genoc's bug, never the user's: the caller reports it as an
 * internal error (exit 3). */
const GenoProgram *jit_compile(const char *c_source, char **error);

/* The same in two steps, so that the sandbox child can set tcc up while
 * the parent is still emitting the C: jit_prepare makes the TCCState
 * (tcc_new, options, include path; NULL on failure), jit_compile_prepared
 * compiles into it (a NULL state fails with "tcc_new failed"). */
typedef struct JitState JitState;
JitState *jit_prepare(void);
/* expanded: c_source holds the whole header already (prelude_expand_in_place). */
const GenoProgram *jit_compile_prepared(JitState *s, const char *c_source, bool expanded, char **error);

/* The directory holding <geno/rt.h>: $GENOC_INCLUDE, else the build tree's. */
const char *jit_include_dir(void);

#endif
