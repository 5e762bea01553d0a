/* limits.c — the budgets a running program is held to (docs/security.md,
 * "Limits"): steps (E503), recursion depth and C stack (E502), and memory
 * (E504). The output, collection-size and integer-size limits are checked
 * where the values grow (print.c, the collections, int.c); CPU time, file
 * size, processes and the wall clock are rlimits and the parent's timer
 * (driver/sandbox.c).
 *
 * STEPS. geno_steps_left starts at max_steps and is decremented inline by
 * emitted code (GENO_STEP / GENO_ENTER in geno/rt.h: one `sub` and a
 * predicted branch) at every function entry, every loop iteration and, in
 * the runtime, every element a higher-order builtin calls back for (loops
 * that count nothing else take all theirs at entry: GENO_PREPAID). The
 * reference counts every expression and statement it evaluates, so for any
 * program genoc counts at most what the reference counts: a program that
 * finishes under the reference's budget finishes under genoc's. The count
 * is never reset, so example clauses share main's budget, and `genoc test`
 * shares one budget between all cases of a file, as in the reference.
 *
 * C STACK. A recursion limit alone cannot prevent a crash: with
 * --max-recursion-depth 100000000 the C stack runs out long before. So
 * past the depth the stack surely holds (geno_depth_fast: 64 KiB a frame),
 * GENO_ENTER's slow path compares the frame address with geno_stack_limit, the
 * lowest address the stack may reach less a margin for the runtime code a
 * Geno frame calls (printing, GMP, the collector), and raises E502 instead
 * of faulting. The stack is the main thread's own: we considered running
 * main on a large mmap'ed stack, but that costs its full size in address
 * space under RLIMIT_AS up front, and Boehm must then be told about the
 * switch (GC_set_stackbottom) on every entry and longjmp. Instead we raise
 * the soft RLIMIT_STACK (main-thread stack growth is checked against the
 * current limit at each fault; at exec the kernel left at least 128 MiB
 * free below the stack for it, so up to 64 MiB is always safe) to
 * GENO_STACK_WANT, or a quarter of RLIMIT_AS when that is smaller. The
 * stack's top is found from the auxiliary vector (AT_EXECFN points at the
 * last string the kernel put there), so nothing needs /proc. Measured: a
 * small recursive function takes ~110 bytes of stack under tcc and 16
 * under gcc -O2, so the default 64 MiB allows ~560,000 nested calls in
 * `genoc run` (the reference, in Python, reaches 100,000 in 250 MB and
 * runs into its timeout beyond). A SIGSEGV handler on an alternate stack
 * backs this up: a fault just below the stack (runtime recursion over a
 * deeply nested value) is reported as E502 too, instead of a crash.
 *
 * MEMORY. Under RLIMIT_AS (the sandbox child), the GC heap is capped at
 * what the address space leaves after the mappings present at start and
 * the stack, and --max-memory-bytes caps it too (in built binaries that is
 * the only memory limit). When the heap cannot grow, Boehm calls its OOM
 * hook, which raises E504 with a preformatted message: no allocation on
 * that path. GMP allocates through the same heap (gc.c).
 *
 * A `genoc build` binary has no sandbox parent: geno_limits_process sets
 * its CPU, file-size and process rlimits and its --timeout alarm from its
 * own flags, with handlers that report like the parent does.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>
#include <gc/gc.h>

#include "geno/rt.h"
#include "alloc.h"
#include "errors.h"
#include "print.h"
#include "run.h"

#define MIB ((uint64_t)1 << 20)
#define GENO_STACK_WANT (64 * MIB)      /* see C STACK above */
#define GENO_STACK_MAX (1024 * MIB)     /* what we rely on with an unlimited RLIMIT_STACK */

int64_t geno_steps_left = 1000000;
int geno_prepay = 1;                      /* GENO_PREPAID; 0 under `genoc test` */
int64_t geno_max_collection = 10000000;   /* max_collection_size, for GENO_RANGE_COUNT */
int64_t geno_max_int_bits = 33219;        /* max_integer_bits, for GENO_INT_SHL/SHR */
int64_t geno_depth_fast = 500;          /* see geno_enter_slow */
char *geno_stack_limit;                 /* NULL until geno_limits_start: never fires */

static struct {
    int prepared;
    char *top;              /* one past the highest byte of the main thread's stack */
    uint64_t stack;         /* bytes the stack may span (soft RLIMIT_STACK, capped) */
    uint64_t as_limit;      /* soft RLIMIT_AS, 0 for none */
    uint64_t as_used;       /* address space mapped at prepare time (0: unknown) */
} lim;

/* ---- raising ------------------------------------------------------------------ */

void geno_steps_exceeded(GenoLoc loc) {
    geno_raise_fatal("E503", loc, "Step limit exceeded (%lld steps)", (long long)geno_cfg.max_steps);
}

void geno_depth_exceeded(GenoLoc loc) {
    if (GENO_DEPTH() > geno_max_depth)
        geno_raise_fatal("E502", loc,
                         "Maximum recursion depth exceeded (%lld). Check for infinite recursion or increase the limit.",
                         (long long)geno_max_depth);
    geno_raise_fatal("E502", loc,
                     "Maximum recursion depth exceeded: the stack is full at depth %lld "
                     "(%lld MiB; --max-recursion-depth is %lld). Check for infinite recursion.",
                     (long long)GENO_DEPTH(), (long long)(lim.stack / MIB), (long long)geno_max_depth);
}

/* GENO_ENTER lands here when the steps ran out or the depth passed
 * geno_depth_fast: the exact checks, in the order the inline ones had. This
 * frame lies just below the caller's, so the stack test is conservative. */
void geno_enter_slow(GenoLoc loc) {
    if (geno_steps_left < 0) geno_steps_exceeded(loc);
    if (GENO_DEPTH() > geno_max_depth
        || (char *)__builtin_frame_address(0) < geno_stack_limit) geno_depth_exceeded(loc);
}

/* GENO_ENTER_KEEP under tcc (geno/rt.h): the same steps as its cc form. */
int64_t geno_enter_keep(GenoLoc loc) {
    int64_t d = geno_depth_left - 1;
    int out_of_steps = --geno_steps_left < 0;
    geno_depth_left = d;   /* both counters move on every entry, as in the macro */
    if (out_of_steps || d < 0) geno_enter_slow(loc);
    return d;
}

/* E504 without allocating: the heap is what ran out. */
static GENO_STR_STATIC(128) oom_msg = { .data = oom_msg.b_ };

_Noreturn void geno_memory_exceeded(void) {
    int n = geno_cfg.max_memory_bytes > 0
                ? snprintf(oom_msg.b_, sizeof oom_msg.b_, "Memory limit exceeded (%lld bytes)",
                           (long long)geno_cfg.max_memory_bytes)
                : snprintf(oom_msg.b_, sizeof oom_msg.b_, "Memory limit exceeded");
    oom_msg.len = oom_msg.cplen = n;
    geno_raise_fatal_str("E504", 0, (GenoStr *)&oom_msg);
}

/* Boehm calls this (outside its lock) when an allocation cannot be met. */
static void *on_gc_oom(size_t bytes) {
    (void)bytes;
    geno_memory_exceeded();
}

/* ---- the stack-overflow backstop -------------------------------------------------- */

#ifndef GENOC_SANITIZE   /* ASan has its own SIGSEGV handler and reports */
#define ALTSTACK_SIZE (64 * 1024)   /* mapped, not static: static data is a GC root scanned at every collection */
static GENO_STR_STATIC(160) segv_msg = { .data = segv_msg.b_ };

/* Runs on the alternate stack. A fault within the stack's reach (or just
 * below it) is the stack running out: report E502 and end the program, as
 * an uncaught error does. Any other fault gets the default action back and
 * recurs when the handler returns. */
static void on_segv(int sig, siginfo_t *si, void *uctx) {
    (void)uctx;
    char *a = si->si_addr;
    if (lim.top && a < lim.top && (uint64_t)(lim.top - a) <= lim.stack + 4 * MIB) {
        int n = snprintf(segv_msg.b_, sizeof segv_msg.b_,
                         "Maximum recursion depth exceeded: the stack is full (%lld MiB, in the runtime "
                         "at depth %lld: a value nested too deeply?)",
                         (long long)(lim.stack / MIB), (long long)GENO_DEPTH());
        segv_msg.len = segv_msg.cplen = n;
        geno_out_flush();
        geno_report_error("E502", 0, (GenoStr *)&segv_msg);
        _exit(1);
    }
    signal(sig, SIG_DFL);
}

static void install_backstop(void) {
    void *altstack = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (altstack == MAP_FAILED) return;
    stack_t ss = {.ss_sp = altstack, .ss_size = ALTSTACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
}
#else
static void install_backstop(void) {}
#endif

/* ---- measuring, before the sandbox's seccomp filter ------------------------------- */

/* VmSize in bytes, or 0 if /proc is not there. */
static uint64_t mapped_bytes(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buf[128];
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    unsigned long long pages = 0;
    if (sscanf(buf, "%llu", &pages) != 1) return 0;
    return (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

void geno_limits_prepare(void) {
    if (lim.prepared) return;
    lim.prepared = 1;
    char here;
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

    /* Top of the stack: the kernel puts the executable's name last, then
     * one NULL word, at the very top. Without it, assume generously. */
    const char *execfn = (const char *)getauxval(AT_EXECFN);
    uintptr_t top = execfn ? (uintptr_t)execfn + strlen(execfn) + 1 + sizeof(void *) : (uintptr_t)&here + 256 * 1024;
    top = (top + page - 1) & ~(uintptr_t)(page - 1);
    if (top < (uintptr_t)&here) top = (uintptr_t)&here + 256 * 1024;   /* not the main stack? be safe */
    lim.top = (char *)top;

    struct rlimit as, st;
    uint64_t want = GENO_STACK_WANT;
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        lim.as_limit = as.rlim_cur;
        if (want > lim.as_limit / 4) want = lim.as_limit / 4;
    }
    if (getrlimit(RLIMIT_STACK, &st) != 0) st.rlim_cur = st.rlim_max = 8 * MIB;
    if (st.rlim_cur != RLIM_INFINITY && st.rlim_cur < want) {
        rlim_t to = want;
        if (st.rlim_max != RLIM_INFINITY && to > st.rlim_max) to = st.rlim_max;
        struct rlimit raised = {to, st.rlim_max};
        if (to > st.rlim_cur && setrlimit(RLIMIT_STACK, &raised) == 0) st.rlim_cur = to;
    }
    uint64_t stack = st.rlim_cur == RLIM_INFINITY ? GENO_STACK_MAX : (uint64_t)st.rlim_cur;
    if (stack > GENO_STACK_MAX) stack = GENO_STACK_MAX;
    /* Under RLIMIT_AS the stack's pages count too: keep the budget to its
     * share even when RLIMIT_STACK is larger. */
    if (lim.as_limit && stack > want) stack = want;
    lim.stack = stack;
    lim.as_used = lim.as_limit ? mapped_bytes() : 0;   /* read only under RLIMIT_AS */
    install_backstop();
}

/* ---- per run ------------------------------------------------------------------------- */

void geno_limits_start(const GenoConfig *cfg) {
    geno_limits_prepare();
    geno_steps_left = cfg->max_steps > 0 ? cfg->max_steps : INT64_MAX;
    geno_prepay = !cfg->run_tests;   /* a caught error would leave prepaid steps taken */
    geno_max_collection = cfg->max_collection_size;
    geno_max_int_bits = cfg->max_integer_bits;

    /* Room for the runtime below the deepest Geno frame: GMP's temporaries
     * (alloca up to ~64 KiB), vsnprintf, a collection, printing. */
    uint64_t margin = lim.stack / 16;
    if (margin < 256 * 1024) margin = 256 * 1024;
    if (margin > 4 * MIB) margin = 4 * MIB;
    geno_stack_limit = lim.stack > 2 * margin ? lim.top - lim.stack + margin : lim.top - lim.stack / 2;
    /* Not running on the main thread's stack (a host that runs programs
     * on its own threads): no address check; the depth limit still holds. */
    char here;
    if (&here >= lim.top || &here < geno_stack_limit) geno_stack_limit = NULL;

    /* Depths the stack surely holds (at most 64 KiB a frame, far above what
     * emitted functions take) need no address check on entry. */
    int64_t unchecked = INT64_MAX;
    if (geno_stack_limit) unchecked = (int64_t)((uint64_t)(&here - geno_stack_limit) / (64 * 1024));
    int64_t depth = GENO_DEPTH();
    geno_depth_fast = geno_max_depth < unchecked ? geno_max_depth : unchecked;
    GENO_SET_DEPTH(depth);   /* the same depth against the new bound */

    uint64_t cap = cfg->max_memory_bytes > 0 ? (uint64_t)cfg->max_memory_bytes : 0;
    if (lim.as_limit) {
        /* What the address space leaves for the heap: the limit less what
         * is mapped already and the stack, less an eighth for the
         * collector's own tables and libc. Unknown mappings: half. */
        uint64_t used = lim.as_used ? lim.as_used + lim.stack : lim.as_limit / 2;
        uint64_t room = lim.as_limit > used ? lim.as_limit - used : 0;
        room -= room / 8;
        if (room < 4 * MIB) room = 4 * MIB;
        if (!cap || cap > room) cap = room;
    }
    geno_gc_set_max_heap((size_t)cap);   /* 0: no cap */
    GC_set_oom_fn(on_gc_oom);
}

/* ---- a built binary's process limits ------------------------------------------------ */

static GENO_STR_STATIC(160) signal_msg = { .data = signal_msg.b_ };

/* Python's float text for a number of seconds: 1.0, 2.5. */
static void fmt_seconds(char *buf, size_t size, double s) {
    snprintf(buf, size, "%.15g", s);
    if (!strpbrk(buf, ".eni")) strncat(buf, ".0", size - strlen(buf) - 1);
}

/* SIGXCPU at the soft CPU limit, SIGXFSZ past the file size limit, SIGALRM
 * at --timeout: the same E504/E501 texts as the sandbox parent prints for
 * its child. The program stops where it is; its output so far is kept. */
static void on_limit_signal(int sig) {
    char secs[40];
    const char *code = "E504";
    int n;
    if (sig == SIGXCPU) {
        fmt_seconds(secs, sizeof secs, (double)(int64_t)(geno_cfg.max_cpu_time + 0.999999999));
        n = snprintf(signal_msg.b_, sizeof signal_msg.b_, "CPU time limit exceeded (%s seconds)", secs);
    } else if (sig == SIGALRM) {
        code = "E501";
        fmt_seconds(secs, sizeof secs, geno_cfg.timeout);
        n = snprintf(signal_msg.b_, sizeof signal_msg.b_, "Execution timed out after %s seconds", secs);
    } else {
        n = snprintf(signal_msg.b_, sizeof signal_msg.b_, "File size limit exceeded (%lld bytes)",
                     (long long)geno_cfg.max_file_size_bytes);
    }
    signal_msg.len = signal_msg.cplen = n;
    geno_out_flush();
    geno_report_error(code, 0, (GenoStr *)&signal_msg);
    _exit(1);
}

static void set_rlimit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit rl;
    if (getrlimit(resource, &rl) == 0 && rl.rlim_max != RLIM_INFINITY) {
        if (hard > rl.rlim_max) hard = rl.rlim_max;   /* cannot raise the hard limit */
        if (soft > hard) soft = hard;
    }
    rl.rlim_cur = soft;
    rl.rlim_max = hard;
    setrlimit(resource, &rl);
}

void geno_limits_process(const GenoConfig *cfg) {
    geno_cfg.max_cpu_time = cfg->max_cpu_time;          /* for the handlers' texts */
    geno_cfg.max_file_size_bytes = cfg->max_file_size_bytes;
    geno_cfg.timeout = cfg->timeout;
    if (cfg->timeout > 0) {
        struct itimerval t = {{0, 0}, {(time_t)cfg->timeout, (suseconds_t)((cfg->timeout - (double)(time_t)cfg->timeout) * 1e6)}};
        if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) t.it_value.tv_usec = 1;
        signal(SIGALRM, on_limit_signal);
        setitimer(ITIMER_REAL, &t, NULL);
    }
    if (cfg->max_cpu_time > 0) {
        /* soft < hard: SIGXCPU first, SIGKILL a second later (TOOLCHAIN.md). */
        rlim_t soft = (rlim_t)(int64_t)(cfg->max_cpu_time + 0.999999999);
        signal(SIGXCPU, on_limit_signal);
        set_rlimit(RLIMIT_CPU, soft, soft + 1);
    }
    if (cfg->max_file_size_bytes >= 0) {
        signal(SIGXFSZ, on_limit_signal);
        set_rlimit(RLIMIT_FSIZE, (rlim_t)cfg->max_file_size_bytes, (rlim_t)cfg->max_file_size_bytes);
    }
    if (cfg->max_processes > 0) set_rlimit(RLIMIT_NPROC, (rlim_t)cfg->max_processes, (rlim_t)cfg->max_processes);
}
