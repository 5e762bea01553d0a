/* codegen.h — the compiler pipeline as the driver sees it.
 *
 *   source --parse_program--> Program --check_program--> typed Program
 *          --emit_program--> C text (includes <geno/rt.h> only)
 *
 * The emitted C defines `const GenoProgram geno_program` (see geno/rt.h) and,
 * when compiled with -DGENO_STANDALONE, a `main` that calls
 * geno_standalone_main. Under libtcc the driver looks up `geno_program` and
 * calls geno_run itself.
 */
#ifndef GENOC_CODEGEN_H
#define GENOC_CODEGEN_H

#include "ast.h"

/* Resolves names and infers/checks static types; annotates the AST.
 * Returns the number of errors added to d. */
int check_program(Program *p, Diags *d);

/* Emits C for a checked program. Returns a malloc'd string, or NULL with
 * diagnostics in d (constructs not yet supported by the code generator are
 * reported as E300 at their position, never as a C compiler error).
 * tcc_only leaves out what only cc reads (`#ifndef __TINYC__` parts): what
 * tcc compiles is the same. */
char *emit_program(Program *p, Diags *d, bool tcc_only, bool test_table);

/* Convenience: read, parse, check and emit `path`. Returns the C text or NULL
 * (diagnostics in d). *prog_out, when non-NULL, receives the Program. */
char *compile_file_to_c(const char *path, Diags *d, Program **prog_out);

#endif
