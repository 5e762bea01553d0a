/* rt/errors.h — error reporting inside the runtime (see error.c). */
#ifndef GENO_RT_ERRORS_H
#define GENO_RT_ERRORS_H

#include "geno/rt.h"

/* Source path named in diagnostics (GenoProgram.source_path). */
extern const char *geno_source_path;

/* Writes `FILE:LINE:COL: error[CODE]: MESSAGE\n` (or `FILE: error[...]`
 * when loc is 0) to cfg.err_fd. */
void geno_report_error(const char *code, GenoLoc loc, const GenoStr *msg);

/* geno_raise_fatal with a message already built (it may be static: the
 * out-of-memory path must not allocate). */
_Noreturn void geno_raise_fatal_str(const char *code, GenoLoc loc, GenoStr *msg);
/* geno_raise of an ASCII message of n bytes (copied; no formatting). */
_Noreturn void geno_raise_ascii(const char *code, GenoLoc loc, const char *bytes, int64_t n);

/* Limits (limits.c): sets the step budget, the stack limit and the GC heap
 * cap for a run from cfg (after geno_limits_prepare); E504 without
 * allocating. */
void geno_limits_start(const GenoConfig *cfg);
/* A built binary's own rlimits (CPU, file size, processes) from its flags. */
void geno_limits_process(const GenoConfig *cfg);
_Noreturn void geno_memory_exceeded(void);

#endif
