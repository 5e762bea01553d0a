/* sandbox.c — the process boundary of `genoc run` (DESIGN.md §4).
 *
 * The parent has already parsed, checked and emitted C (main.c: that is our
 * own code and runs no user code, so it gets no more authority than
 * `genoc check` on the same file, and diagnostics come out in structured
 * form for --json; the early child is then killed before it reads any C).
 * Everything that turns untrusted source into
 * running machine code happens here, in a child forked per run:
 *
 *   child:  forked before the parent's front end (sandbox_start);
 *           die with the parent; own process group; stdin = /dev/null,
 *           stdout/stderr = two pipes, every other descriptor closed;
 *           rlimits (address space, CPU, file size, open files, processes,
 *           no core); GC and tcc state set-up; the C from the broker
 *           socket (length, then text); libtcc compile + relocate; runtime and GC set-up;
 *           sandbox_lockdown() (the seccomp allow-list, driver/lockdown.c);
 *           geno_run, whose effects are requests on the broker socket
 *           (driver/broker.c); its status on the status pipe, then _exit
 *           with it.
 *   parent: polls both pipes and streams them through as they arrive,
 *           until the child reports its status or exits,
 *           counts output characters (the runtime enforces
 *           --max-output-length itself; this is the backstop), kills the
 *           child's group with SIGKILL at the wall-clock --timeout and
 *           remembers that it did, reaps (a child that reported its
 *           status is killed and left to be reaped later: its teardown,
 *           ~0.15 ms, is not waited for), and maps how the child ended to an
 *           exit status and, for signals, a diagnostic (E501 timeout, E504
 *           resource limit or crash, E500 seccomp kill). A child's crash is
 *           only ever a status the parent reads.
 */
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "broker.h"
#include "effects.h"
#include "hugeheap.h"
#include "alloc.h"
#include "jit.h"
#include "prelude.h"

/* Open files the child may hold: stdio, plus tcc reading nested headers. */
#define CHILD_NOFILE 16
/* The child's stderr carries a diagnostic or tcc's messages: bound it. */
#define MAX_ERR_BYTES (64 * 1024)

/* ---- child ------------------------------------------------------------------ */

static void set_limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit rl = {soft, hard};
    setrlimit(resource, &rl);   /* lowering a limit cannot fail for lack of privilege */
}

static void close_from(int lowfd) {
    if (syscall(SYS_close_range, (unsigned)lowfd, ~0U, 0) == 0) return;
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = lowfd; fd < (max > 0 ? max : 1024); fd++) close((int)fd);
}

static void set_limits(const RunOptions *o) {
    set_limit(RLIMIT_CORE, 0, 0);
    set_limit(RLIMIT_FSIZE, (rlim_t)o->max_file_size_bytes, (rlim_t)o->max_file_size_bytes);
    set_limit(RLIMIT_NOFILE, CHILD_NOFILE, CHILD_NOFILE);
    /* Ignored for root (TOOLCHAIN.md); seccomp will block fork/clone. */
    set_limit(RLIMIT_NPROC, (rlim_t)o->max_processes, (rlim_t)o->max_processes);
#ifndef GENOC_SANITIZE
    if (o->max_memory_bytes > 0)
        set_limit(RLIMIT_AS, (rlim_t)o->max_memory_bytes, (rlim_t)o->max_memory_bytes);
#endif
    /* ASan's shadow memory cannot live under RLIMIT_AS (TOOLCHAIN.md): the
     * sanitizer build (CMake -DGENOC_SANITIZE=ON) caps the GC heap instead. */
    if (o->max_cpu_time > 0) {
        /* soft < hard: SIGXCPU at the soft limit (which the parent reports
         * as E504) instead of the hard limit's bare SIGKILL. */
        rlim_t soft = (rlim_t)ceil(o->max_cpu_time);
        set_limit(RLIMIT_CPU, soft, soft + 1);
    }
}

static double now_ms(void);

/* tcc mallocs its whole working set: give it huge pages (hugeheap.h) and
 * take back what it left unused before the program runs. The reservation
 * counts against RLIMIT_AS while tcc runs: only when the limit has room.
 * Only for C from COMPILE_HUGE_C on (~1,000 lines of Geno): a smaller
 * compile touches a few hundred KiB, less than what clearing one 2 MiB
 * page costs (hello world: ~0.15 ms of CPU; 600 lines: even; 1,000 lines:
 * huge pages 0.35 ms ahead). */
#define COMPILE_HUGE_C ((size_t)128 << 10)

static void compile_heap_reserve(const RunOptions *o, size_t c_len) {
    if (c_len < COMPILE_HUGE_C) return;
    size_t want = ((size_t)16 << 20) + 8 * c_len;
    if (o->max_memory_bytes > 0 && (size_t)o->max_memory_bytes < 4 * want) return;
    hugeheap_reserve(want);
}

static bool read_all(int fd, void *p, size_t n) {
    char *c = p;
    while (n > 0) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        c += r;
        n -= (size_t)r;
    }
    return true;
}

/* Reads the C the parent sends on the broker socket, before any request
 * goes the other way: a native-endian 64-bit length, then that many bytes.
 * NULL when the parent sent nothing (its front end found errors:
 * sandbox_cancel), the pipe broke, or there is no room for it. */
static char *read_source(size_t *len, char **text, bool *expanded) {
    uint64_t n = 0;
    if (!read_all(SANDBOX_BROKER_FD, &n, sizeof n) || n == 0 || n > ((uint64_t)1 << 40)) return NULL;
    /* a large program's header goes in front without copying the C again */
    size_t room = prelude_room((size_t)n);
    char *buf = malloc(room + (size_t)n + 1);
    if (!buf || !read_all(SANDBOX_BROKER_FD, buf + room, (size_t)n)) return NULL;
    buf[room + n] = 0;
    *len = (size_t)n;
    *text = prelude_expand_in_place(buf, room, expanded);
    return buf;
}

/* Forked before the parent parses (sandbox_start): the set-up that does not
 * need the C (limits, GC, tcc's state) overlaps the parent's front end;
 * then it waits for the C on the broker socket. */
static _Noreturn void child_main(const RunOptions *o, pid_t parent,
                                 int out_w, int err_w, int broker_w, int status_w) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);           /* parent already gone */
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0) dup2(nul, 0);
    dup2(out_w, 1);
    dup2(err_w, 2);
    dup2(broker_w, SANDBOX_BROKER_FD);
    dup2(status_w, SANDBOX_STATUS_FD);
    close_from(SANDBOX_STATUS_FD + 1);
    set_limits(o);
    /* Idempotent: geno_rt_init below finds it done. (It sets GC_NPROCS=1
     * for GC_INIT: rt/gc.c.) */
    geno_gc_init();
    JitState *jit = jit_prepare();

    size_t c_len;
    char *c_source;
    bool expanded;
    char *c_buf = read_source(&c_len, &c_source, &expanded);
    if (!c_buf) {   /* cancelled (then the parent kills us first), or no room for the C */
        dprintf(2, "genoc: internal error: the sandbox child received no C\n");
        _exit(3);
    }
    char *error = NULL;
    double tcc_start = now_ms();
    compile_heap_reserve(o, c_len);
    const GenoProgram *prog = jit_compile_prepared(jit, c_source, expanded, &error);
    free(c_buf);   /* tcc keeps its own copy of what it needs */
    hugeheap_release();
    double tcc_end = now_ms();
    if (!prog) {
        dprintf(2, "genoc: internal error: C compilation failed\n%s\n", error);
        _exit(3);
    }
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    options_to_config(o, &cfg);
    cfg.out_fd = 1;
    cfg.err_fd = 2;
    /* Everything that needs more than the allow-list happens before it:
     * GC and runtime initialisation; effects go to the broker after it. */
    geno_rt_init(&cfg);
    double init_end = now_ms();
    geno_host_policy.timeout_s = o->timeout;
    geno_host_use_broker(SANDBOX_BROKER_FD);
    if (sandbox_lockdown() != 0) {
        dprintf(2, "genoc: internal error: could not install the seccomp filter\n");
        _exit(3);
    }
    /* --phase-times: only the child sees these; it reports before running,
     * with a bare write (dprintf makes calls the filter now refuses). */
    if (o->phase_times) {
        char line[160];
        int n = snprintf(line, sizeof line, "genoc: phase tcc %.3f ms, runtime init %.3f ms, lockdown %.3f ms\n",
                         tcc_end - tcc_start, init_end - tcc_end, now_ms() - init_end);
        if (write(2, line, (size_t)n) < 0) {}
    }
    int status = geno_run(prog, &cfg);
    /* Its output is all written (geno_run flushed it): the status goes to
     * the parent, which need not wait for this process's teardown. */
    unsigned char byte = (unsigned char)status;
    if (write(SANDBOX_STATUS_FD, &byte, 1) < 0) {}
    _exit(status);
}

/* ---- parent ----------------------------------------------------------------- */

typedef struct {
    const RunOptions *o;
    SandboxResult *r;
    pid_t pid;
    int fd[2];              /* read ends: [0] stdout, [1] stderr; -1 at EOF */
    int broker;             /* the parent's end of the broker socket; -1 when closed */
    HostPolicy policy;      /* what the broker allows this run */
    int64_t out_chars;      /* UTF-8 characters of stdout seen */
    int64_t out_cap;        /* backstop in characters */
    size_t err_bytes;
    bool out_broken;        /* our own stdout went away (EPIPE): child killed */
    bool killed_timeout, killed_output;
    bool killed_protocol;   /* a malformed or oversized broker request */
    int status_fd;          /* the status pipe's read end; -1 when closed */
    bool reported;          /* the child wrote its exit status there */
    bool reaped;            /* waited for: its pid may be reused, kill_child must not signal it */
    unsigned char reported_status;
} Supervisor;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void kill_child(Supervisor *s) {
    if (s->reaped) return;
    kill(-s->pid, SIGKILL);     /* its group (setpgid in both processes) */
    kill(s->pid, SIGKILL);      /* in case it had not joined it yet */
}

static bool write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Passes a chunk of the child's stdout on, up to the character cap. */
static void deliver_out(Supervisor *s, const char *buf, size_t n) {
    if (s->killed_output || s->out_broken) return;
    size_t take = n;
    for (size_t i = 0; i < n; i++) {
        if (((unsigned char)buf[i] & 0xC0) == 0x80) continue;   /* continuation byte */
        if (s->out_chars == s->out_cap) {
            take = i;
            if (!s->killed_output && !s->killed_timeout) kill_child(s);
            s->killed_output = true;
            break;
        }
        s->out_chars++;
    }
    if (s->o->json) sb_putn(&s->r->output, buf, take);
    else if (!write_all(1, buf, take)) {
        /* Our reader went away (`genoc run p | head`): nobody will see more
         * output, so stop the program, as SIGPIPE would stop a plain one. */
        if (!s->out_broken && !s->killed_timeout) kill_child(s);
        s->out_broken = true;
    }
}

static void deliver_err(Supervisor *s, const char *buf, size_t n) {
    if (s->err_bytes >= MAX_ERR_BYTES) return;
    if (n > MAX_ERR_BYTES - s->err_bytes) n = MAX_ERR_BYTES - s->err_bytes;
    s->err_bytes += n;
    if (s->o->json) sb_putn(&s->r->errors, buf, n);
    else write_all(2, buf, n);
}

/* Reads what is available on pipe k (non-blocking), at most `chunks` reads
 * so a fast writer cannot keep the parent from watching the clock; closes
 * the pipe at EOF. */
static void drain(Supervisor *s, int k, int chunks) {
    char buf[65536];
    while (s->fd[k] >= 0 && chunks-- > 0) {
        ssize_t n = read(s->fd[k], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;
        if (n <= 0) {
            close(s->fd[k]);
            s->fd[k] = -1;
            return;
        }
        if (k == 0) deliver_out(s, buf, (size_t)n);
        else deliver_err(s, buf, (size_t)n);
    }
}

/* Has the child exited? Leaves it a zombie (WNOWAIT), so its pid, which is
 * also its process group's id, cannot be reused before we kill the group. */
static bool child_exited(pid_t pid) {
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* One effect request from the child. What it printed before asking goes
 * out first, so output and effects stay in program order. */
static void serve_request(Supervisor *s) {
    for (int k = 0; k < 2; k++) drain(s, k, 1024);
    switch (broker_serve(s->broker, &s->policy)) {
    case BROKER_SERVED:
        break;
    case BROKER_CLOSED:
        close(s->broker);
        s->broker = -1;
        break;
    case BROKER_VIOLATION:
        kill_child(s);
        s->killed_protocol = true;
        break;
    case BROKER_DEADLINE:
        kill_child(s);
        s->killed_timeout = true;
        break;
    }
}

/* The status pipe is readable: the child's exit status (it has returned
 * from the program and is about to _exit), or EOF (it ended another way:
 * the exit status will tell). */
static bool read_status(Supervisor *s) {
    unsigned char byte;
    ssize_t n;
    while ((n = read(s->status_fd, &byte, 1)) < 0 && errno == EINTR) {}
    if (n < 0 && errno == EAGAIN) return false;
    close(s->status_fd);
    s->status_fd = -1;
    if (n != 1) return false;
    s->reported = true;
    s->reported_status = byte;
    return true;
}

/* Pumps both pipes until the child exits or reports its status, the
 * deadline passes, or the output backstop or a closed stdout stops it.
 * Does not reap. */
static void supervise(Supervisor *s, double deadline) {
    int pidfd = (int)syscall(SYS_pidfd_open, s->pid, 0);   /* -1 on old kernels */
    bool exited = false;
    while (!exited && !s->killed_output && !s->out_broken && !s->killed_protocol) {
        double left = deadline - now_ms();
        if (left <= 0) {
            kill_child(s);
            s->killed_timeout = true;
            break;
        }
        struct pollfd p[5];
        int n = 0, slot[5];
        for (int k = 0; k < 2; k++)
            if (s->fd[k] >= 0) { p[n] = (struct pollfd){s->fd[k], POLLIN, 0}; slot[n++] = k; }
        if (pidfd >= 0) { p[n] = (struct pollfd){pidfd, POLLIN, 0}; slot[n++] = 2; }
        if (s->broker >= 0) { p[n] = (struct pollfd){s->broker, POLLIN, 0}; slot[n++] = 3; }
        if (s->status_fd >= 0) { p[n] = (struct pollfd){s->status_fd, POLLIN, 0}; slot[n++] = 4; }
        /* Without a pidfd, wake up now and then to look for the exit. */
        double cap = pidfd >= 0 ? 60000 : 20;
        int wait_ms = (int)ceil(left < cap ? left : cap);
        if (poll(p, (nfds_t)n, wait_ms) < 0 && errno != EINTR) {
            kill_child(s);      /* cannot supervise it: do not let it run on */
            break;
        }
        bool pidfd_ready = false, request = false, status = false;
        for (int i = 0; i < n; i++) {
            if (!p[i].revents) continue;
            if (slot[i] == 2) pidfd_ready = true;
            else if (slot[i] == 3) request = true;
            else if (slot[i] == 4) status = true;
            else drain(s, slot[i], 16);
        }
        if (request) serve_request(s);
        if (status && read_status(s)) break;
        if (pidfd_ready || pidfd < 0) exited = child_exited(s->pid);
    }
    if (pidfd >= 0) close(pidfd);
}

/* Closes whichever ends sandbox_start made before it failed. */
static void close_pairs(int out[2], int err[2], int sock[2], int st[2]) {
    int *ends[] = {out, err, sock, st};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++)
            if (ends[i][j] >= 0) close(ends[i][j]);
}

/* A child that reported its status is killed but not waited for
 * (sandbox_finish): reaped here, by the next run, or by init once genoc
 * has exited. */
static pid_t unreaped;

static void reap_previous(void) {
    if (!unreaped) return;
    int ws;
    while (waitpid(unreaped, &ws, 0) < 0 && errno == EINTR) {}
    unreaped = 0;
}

int sandbox_start(const RunOptions *o, SandboxChild *sc) {
    memset(sc, 0, sizeof *sc);
    sc->o = o;
    reap_previous();
    int out[2] = {-1, -1}, err[2] = {-1, -1}, sock[2] = {-1, -1}, st[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0 ||
        socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sock) < 0 || pipe2(st, O_CLOEXEC) < 0) {
        perror("genoc: internal error: pipe");
        close_pairs(out, err, sock, st);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    /* Free heap pages go back before the fork: tcc in the child would
     * reuse them, each write a copy-on-write fault (a page copy and a TLB
     * flush) instead of a plain fresh page. */
    hugeheap_release();
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        perror("genoc: internal error: fork");
        close_pairs(out, err, sock, st);
        return -1;
    }
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        close(sock[0]);
        close(st[0]);
        child_main(o, parent, out[1], err[1], sock[1], st[1]);
    }
    close(out[1]);
    close(err[1]);
    close(sock[1]);
    close(st[1]);
    setpgid(pid, pid);
    sc->pid = pid;
    sc->out = out[0];
    sc->err = err[0];
    sc->broker = sock[0];
    sc->status = st[0];
    return 0;
}

void sandbox_cancel(SandboxChild *sc) {
    if (!sc->pid) return;
    kill(-sc->pid, SIGKILL);
    kill(sc->pid, SIGKILL);
    int ws;
    while (waitpid(sc->pid, &ws, 0) < 0 && errno == EINTR) {}
    close(sc->out);
    close(sc->err);
    close(sc->broker);
    close(sc->status);
    sc->pid = 0;
}

/* The C goes to the waiting child: its length, then the text. A child that
 * died meanwhile shows as EPIPE here (SIGPIPE is ignored) and as its end
 * to supervise. */
static void send_source(int fd, const char *c_source) {
    uint64_t n = strlen(c_source);
    if (write_all(fd, (const char *)&n, sizeof n)) write_all(fd, c_source, (size_t)n);
}

int sandbox_finish(SandboxChild *sc, const char *c_source, SandboxResult *r) {
    const RunOptions *o = sc->o;
    memset(r, 0, sizeof *r);
    Supervisor s = {.o = o, .r = r, .fd = {-1, -1}, .broker = -1, .status_fd = -1};
    /* The runtime caps printed output at max_output_length; the `=> value`
     * line after it is not print output and is bounded by the collection
     * size. The parent only stops a runaway child past both. */
    s.out_cap = o->max_output_length + o->max_collection_size + 16;
    pid_t pid = sc->pid;
    sc->pid = 0;

    /* EPIPE instead of death when our own reader, or the child, goes away. */
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    double start = now_ms();
    send_source(sc->broker, c_source);
    s.broker = sc->broker;
    broker_policy(&s.policy, o, start + o->timeout * 1e3);
    s.pid = pid;
    s.fd[0] = sc->out;
    s.fd[1] = sc->err;
    fcntl(s.fd[0], F_SETFL, O_NONBLOCK);
    fcntl(s.fd[1], F_SETFL, O_NONBLOCK);
    s.status_fd = sc->status;
    fcntl(s.status_fd, F_SETFL, O_NONBLOCK);

    supervise(&s, start + o->timeout * 1e3);
    /* Leave nothing behind: whatever is left of the child's group dies
     * (the child itself is a zombie by now, was killed above, or, having
     * reported its status, is exiting). */
    kill(-pid, SIGKILL);
    int ws = 0;
    if (s.reported) {
        unreaped = pid;   /* its teardown goes on without us */
    } else {
        while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
        s.reaped = true;
    }
    /* Output written before the end is still in the pipes: at most their
     * capacity (≤ 1 MiB), since every writer is gone or, having reported
     * its status, writes no more. */
    for (int k = 0; k < 2; k++) drain(&s, k, 64);
    for (int k = 0; k < 2; k++) if (s.fd[k] >= 0) close(s.fd[k]);
    if (s.broker >= 0) close(s.broker);
    if (s.status_fd >= 0) close(s.status_fd);
    signal(SIGPIPE, old_pipe);
    r->run_ms = now_ms() - start;

    char secs[32];
    r->status = 1;
    if (s.killed_timeout) {
        r->code = "E501";
        r->message = xasprintf("Execution timed out after %s seconds",
                               options_fmt_seconds(o->timeout, secs, sizeof secs));
    } else if (s.killed_protocol) {
        r->code = "E500";
        r->message = xstrdup("Security violation: malformed or oversized capability request");
    } else if (s.killed_output) {
        r->code = "E499";
        r->message = xasprintf("Output limit exceeded (%lld characters)", (long long)o->max_output_length);
    } else if (s.out_broken) {
        /* stdout closed under us: no diagnostic, like a SIGPIPE death. */
    } else if (s.reported) {
        r->status = s.reported_status;
    } else if (WIFEXITED(ws)) {
        r->status = WEXITSTATUS(ws);
    } else if (WIFSIGNALED(ws)) {
        int sig = WTERMSIG(ws);
        const char *abbrev = sigabbrev_np(sig);
        if (sig == SIGXCPU) {
            r->code = "E504";
            r->message = xasprintf("CPU time limit exceeded (%s seconds)",
                                   options_fmt_seconds(ceil(o->max_cpu_time), secs, sizeof secs));
        } else if (sig == SIGSYS) {
            r->code = "E500";
            r->message = xstrdup("Security violation: the program made a forbidden system call");
        } else if (sig == SIGXFSZ) {
            r->code = "E504";
            r->message = xasprintf("File size limit exceeded (%lld bytes)", (long long)o->max_file_size_bytes);
        } else {
            r->code = "E504";
            r->message = xasprintf("Program terminated by signal SIG%s (%s)%s",
                                   abbrev ? abbrev : "?", strsignal(sig),
                                   (sig == SIGSEGV || sig == SIGBUS || sig == SIGKILL || sig == SIGABRT)
                                       && o->max_memory_bytes > 0
                                       ? "; it may have exceeded a resource limit (memory or stack)"
                                       : "");
        }
    }
    return r->status;
}

int sandbox_run(const char *c_source, const RunOptions *o, SandboxResult *r) {
    SandboxChild sc;
    if (sandbox_start(o, &sc) != 0) {
        memset(r, 0, sizeof *r);
        return r->status = 3;
    }
    return sandbox_finish(&sc, c_source, r);
}
