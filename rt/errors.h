/* rt/errors.h — error reporting inside the runtime (see error.c). */
#ifndef GENO_RT_ERRORS_H
#define GENO_RT_ERRORS_H

#include "geno/rt.h"

/* Source path named in diagnostics (GenoProgram.source_path). */
extern const char *geno_source_path;

/* Writes `FILE:LINE:COL: error[CODE]: MESSAGE\n` (or `FILE: error[...]`
 * when loc is 0) to cfg.err_fd. */
void geno_report_error(const char *code, GenoLoc loc, const GenoStr *msg);

#endif
