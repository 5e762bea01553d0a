/* sandbox.h — running emitted C in a forked, rlimit-bounded child
 * (`genoc run`; DESIGN.md §4). */
#ifndef GENOC_SANDBOX_H
#define GENOC_SANDBOX_H

#include <sys/types.h>

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

/* sandbox_run in two steps (`genoc run`): sandbox_start forks the child
 * before the front end runs, so that its set-up (limits, GC, tcc's state)
 * overlaps parsing, checking and emitting on another core; it then waits
 * for the C. sandbox_finish hands the C over and supervises as sandbox_run
 * does; sandbox_cancel (the front end found errors) kills and reaps the
 * child, which never compiled anything. sandbox_start returns 0, or -1
 * after printing why no child could be made. */
typedef struct {
    const RunOptions *o;
    pid_t pid;               /* 0: none (not started, or finished/cancelled) */
    int out, err, broker;    /* the parent's ends */
    int status;              /* read end of the child's status pipe (SANDBOX_STATUS_FD) */
} SandboxChild;
int sandbox_start(const RunOptions *o, SandboxChild *sc);
int sandbox_finish(SandboxChild *sc, const char *c_source, SandboxResult *r);
void sandbox_cancel(SandboxChild *sc);

/* The child's end of the broker socket (after stdin, stdout, stderr). The
 * seccomp filter is compiled for it at build time (driver/lockdown_rules.h). */
#define SANDBOX_BROKER_FD 3
/* The child's end of its status pipe: when the program has returned, the
 * child writes its exit status there (one byte) before _exit, and the
 * parent finishes without waiting for the kernel to tear the child's
 * address space down (~0.15 ms; the child is killed and reaped later). */
#define SANDBOX_STATUS_FD 4

/* Installs the child's seccomp allow-list (driver/lockdown.c): called after
 * tcc_relocate and before the program runs, with the broker socket on
 * SANDBOX_BROKER_FD. 0, or -1 if it could not be installed (the child then
 * refuses to run the program). */
int sandbox_lockdown(void);

#endif
