/* lockdown_rules.h — the seccomp-bpf allow-list of the `genoc run` child,
 * as libseccomp rules. tools/gen_seccomp_filter.c compiles them to BPF at
 * build time; driver/lockdown.c installs that program (building it with
 * libseccomp in every child cost ~0.1 ms of a 2 ms hello world).
 *
 * From then on the child can only: write to its stdout/stderr pipes, its
 * exit status pipe and the broker socket, read the broker socket, manage memory without ever making
 * it executable (the GC and GMP need mmap/munmap/mremap/madvise/brk), read
 * clocks, and exit. Every other system call — open, socket, fork, execve,
 * kill, ptrace, an executable mmap — kills the whole process with SIGSYS,
 * which the parent reports as a security violation (E500). Effects that
 * need authority go to the parent as broker requests (host/host.h).
 *
 * The list was measured (TOOLCHAIN.md): Boehm GC needs rt_sigprocmask for
 * its first collection, futex/sched_yield for its locks; glibc's stdio is
 * never used by the runtime after this point (it writes with write(2)). */
#ifndef GENOC_LOCKDOWN_RULES_H
#define GENOC_LOCKDOWN_RULES_H

#include <seccomp.h>
#include <sys/mman.h>

#include "sandbox.h"

#define ALLOW(ctx, name, ...) \
    seccomp_rule_add((ctx), SCMP_ACT_ALLOW, SCMP_SYS(name), __VA_ARGS__)

/* The allow-list for a broker socket on SANDBOX_BROKER_FD, or NULL. */
static scmp_filter_ctx lockdown_rules(void) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx) return NULL;
    const scmp_datum_t broker = SANDBOX_BROKER_FD, status = SANDBOX_STATUS_FD;
    int rc = 0;
    /* Output pipes, the broker socket and the status pipe only. */
    rc |= ALLOW(ctx, write, 1, SCMP_A0(SCMP_CMP_EQ, 1));
    rc |= ALLOW(ctx, write, 1, SCMP_A0(SCMP_CMP_EQ, 2));
    rc |= ALLOW(ctx, write, 1, SCMP_A0(SCMP_CMP_EQ, broker));
    rc |= ALLOW(ctx, write, 1, SCMP_A0(SCMP_CMP_EQ, status));
    rc |= ALLOW(ctx, read, 1, SCMP_A0(SCMP_CMP_EQ, broker));
    /* Memory, never executable. */
    rc |= ALLOW(ctx, mmap, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    rc |= ALLOW(ctx, mprotect, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    rc |= ALLOW(ctx, munmap, 0);
    rc |= ALLOW(ctx, mremap, 0);
    rc |= ALLOW(ctx, madvise, 0);
    rc |= ALLOW(ctx, brk, 0);
    /* Signals the runtime and the GC use on themselves. */
    rc |= ALLOW(ctx, rt_sigreturn, 0);
    rc |= ALLOW(ctx, rt_sigprocmask, 0);
    rc |= ALLOW(ctx, rt_sigaction, 0);
    rc |= ALLOW(ctx, sigaltstack, 0);
    /* Clocks (vDSO fallbacks), locks, exit. */
    rc |= ALLOW(ctx, clock_gettime, 0);
    rc |= ALLOW(ctx, gettimeofday, 0);
    rc |= ALLOW(ctx, time, 0);
    rc |= ALLOW(ctx, futex, 0);
    rc |= ALLOW(ctx, sched_yield, 0);
    rc |= ALLOW(ctx, exit, 0);
    rc |= ALLOW(ctx, exit_group, 0);
    if (rc != 0) {
        seccomp_release(ctx);
        return NULL;
    }
    return ctx;
}

#endif
