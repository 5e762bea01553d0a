/* pipeline.h — the compiler's passes as the driver runs them: read the file,
 * parse, check, emit C, stopping at the first pass that reports errors. */
#ifndef GENOC_PIPELINE_H
#define GENOC_PIPELINE_H

#include "ast.h"
#include "diag.h"

/* UPTO_EMIT_TCC: the C for libtcc alone, without the parts only cc reads
 * (`#ifndef __TINYC__`: prepaid loop copies, inlined higher-order loops),
 * which tcc would skip anyway: less to emit and to scan. */
/* UPTO_EMIT_TCC_RUN: that C for `genoc run`, without the table of test
 * cases only `genoc test` reads (2,560 rows, 5% of tcc's work on the
 * generated 20,000-line program); test blocks are still compiled. */
typedef enum { UPTO_PARSE, UPTO_CHECK, UPTO_EMIT, UPTO_EMIT_TCC, UPTO_EMIT_TCC_RUN } Stage;

typedef struct {
    const char *path;
    char *source;
    Program *prog;
    Diags diags;
    char *c_source;     /* UPTO_EMIT: the emitted C */
    double parse_ms, check_ms, emit_ms;
} Compilation;

/* Runs the passes up to `upto`. Returns 0 on success; 1 when the file is
 * missing (message already on stderr, c->source == NULL) or a pass reported
 * diagnostics (in c->diags, not printed). */
int pipeline_run(Compilation *c, const char *path, Stage upto);

/* Definitions in the program, imports excluded (for `check`'s summary). */
int pipeline_count_defs(const Program *p);

double pipeline_now_ms(void);

#endif
