/* sandbox.h — running emitted C in a forked, rlimit-bounded child
 * (`genoc run`; DESIGN.md §4). */
#ifndef GENOC_SANDBOX_H
#define GENOC_SANDBOX_H

#include "options.h"
#include "util.h"

typedef struct {
    int status;         /* what genoc exits with: the child's status, or 1/3 */
    const char *code;   /* a diagnostic the parent produced ("E501"), or NULL */
    char *message;      /* its message (malloc'd) */
    StrBuf output;      /* the child's stdout, when captured (--json) */
    StrBuf errors;      /* the child's stderr, when captured (--json) */
    double run_ms;      /* fork to reap, wall clock */
} SandboxResult;

/* Forks a child that compiles `c_source` with libtcc and runs it under the
 * limits in `o`, and supervises it. Without o->json the child's stdout and
 * stderr stream straight through to genoc's; with it they are captured into
 * r->output / r->errors. Never prints the parent's own diagnostic (r->code);
 * the caller does, in human or JSON form. Returns r->status. */
int sandbox_run(const char *c_source, const RunOptions *o, SandboxResult *r);

/* The child's end of the broker socket (after stdin, stdout, stderr). The
 * seccomp filter is compiled for it at build time (driver/lockdown_rules.h). */
#define SANDBOX_BROKER_FD 3

/* Installs the child's seccomp allow-list (driver/lockdown.c): called after
 * tcc_relocate and before the program runs, with the broker socket on
 * SANDBOX_BROKER_FD. 0, or -1 if it could not be installed (the child then
 * refuses to run the program). */
int sandbox_lockdown(void);

#endif
