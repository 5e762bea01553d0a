/* build.c — `genoc build [-o OUT] [--emit-c FILE.c] [--cc CC] FILE`.
 *
 * Trusted ahead-of-time builds (DESIGN.md §4, last paragraph): the C goes to
 * a temporary file (or to --emit-c, which is kept), and the system compiler
 * links it against the runtime archive:
 *
 *   cc -O2 -DGENO_STANDALONE -I<include> FILE.c <libgenort.a> [-static | -Wl,-Bstatic] -lgc -lgmp
 *      -lutf8proc -lpcre2-32 [-Wl,-Bdynamic] -ldl -lm -lpthread -o OUT
 *
 * run with fork/execvp, no shell. `--cc` names the compiler; it is split on
 * spaces so `--cc "gcc -g"` works. GENOC_INCLUDE and GENOC_RT_LIB override
 * the build tree's header directory and runtime archive. OUT defaults to the
 * file's stem in the current directory. A cc failure is genoc's bug (the C is
 * ours), so it exits 3 like every internal error. The built binary parses its
 * own runtime flags (geno_parse_flags): no capability unless given --cap.
 */
#define _GNU_SOURCE   /* pipe2 */
#include "build.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jit.h"
#include "pipeline.h"

#ifndef GENOC_RT_LIB
#define GENOC_RT_LIB "libgenort.a"
#endif
/* The sanitizer build's runtime archive needs the sanitizers at link time
 * (CMake -DGENOC_SANITIZE=ON sets "<its C compiler> -fsanitize=..."). */
#ifndef GENOC_DEFAULT_CC
#define GENOC_DEFAULT_CC "cc"
#endif

static const char *rt_lib(void) {
    const char *env = getenv("GENOC_RT_LIB");
    return env && *env ? env : GENOC_RT_LIB;
}

/* "dir/prog.geno" -> "prog" (in the current directory). */
static char *default_output(const char *file) {
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".geno") == 0) n -= 5;
    return xstrndup(base, n);
}

static int write_text(const char *path, int fd, const char *text) {
    FILE *f = fd >= 0 ? fdopen(fd, "w") : fopen(path, "w");
    if (!f) {
        fprintf(stderr, "genoc: error: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fputs(text, f);
    if (fclose(f) != 0) {
        fprintf(stderr, "genoc: error: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* The runtime's libraries: static archives when this genoc was built with
 * them (CMakeLists.txt says why: fewer system calls at every start), and a
 * wholly static executable when libc's archive is there too, as genoc
 * itself is (hello world starts in 0.7 ms instead of 1.0). */
#if defined(GENOC_STATIC)
#define RUNTIME_DEPS "-static", "-lgc", "-lgmp", "-lutf8proc", "-lpcre2-32"
#elif defined(GENOC_LINK_STATIC_DEPS)
#define RUNTIME_DEPS "-Wl,-Bstatic", "-lgc", "-lgmp", "-lutf8proc", "-lpcre2-32", "-Wl,-Bdynamic"
#else
#define RUNTIME_DEPS "-lgc", "-lgmp", "-lutf8proc", "-lpcre2-32"
#endif

/* Runs argv with its stderr into *err, waits; returns its exit status, or
 * -1 if it did not exit. */
static int spawn_wait(char **argv, StrBuf *err) {
    fflush(stdout);
    fflush(stderr);
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(p[1], 2);
        execvp(argv[0], argv);
        fprintf(stderr, "genoc: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(p[1]);
    char buf[4096];
    for (;;) {
        ssize_t n = read(p[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        sb_putn(err, buf, (size_t)n);
    }
    close(p[0]);
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

static int run_cc(const char *cc, const char *c_path, const char *out) {
    VEC(char *) argv = {0};
    char *words = xstrdup(cc);
    for (char *w = strtok(words, " \t"); w; w = strtok(NULL, " \t")) vec_push(&argv, w);
    if (argv.len == 0) vec_push(&argv, "cc");
    /* -falign-loops=32: a hot loop that straddles a 32-byte line runs up to
     * 1.8x slower on this AMD EPYC (matrix_mult's 7-instruction inner loop:
     * 0.26 s vs 0.14 s, the same instructions); cc -O2 aligns to 16 only.
     * -fno-math-errno: the emitted C never reads errno, and GENO_FLOAT_SQRT
     * calls sqrt only for x >= 0, so sqrtsd needs no libm call for errno
     * behind it (list_comprehension 3000: 256.6M -> 247.6M Ir). */
    char *extra[] = {"-O2", "-falign-loops=32", "-fno-math-errno", "-DGENO_STANDALONE", xasprintf("-I%s", jit_include_dir()),
                     (char *)c_path, (char *)rt_lib(), RUNTIME_DEPS, "-ldl", "-lm", "-lpthread",
                     "-Wl,--wrap=mmap",   /* rt/hugepages.c */
                     "-o", (char *)out, NULL};
    for (char **e = extra; *e; e++) vec_push(&argv, *e);
    vec_push(&argv, NULL);
    /* What cc says goes out only when it fails: the C is ours and compiles
     * cleanly, and a static link's warnings (dlopen and getaddrinfo want
     * this glibc's shared libraries at run time) are nothing to act on. */
    StrBuf err = {0};
    int st = spawn_wait(argv.items, &err);
    if (st != 0) {
        if (err.len) fwrite(err.buf, 1, err.len, stderr);
        fprintf(stderr, "genoc: internal error: C compiler failed (%s %s)\n", argv.items[0],
                st < 0 ? "did not finish" : xasprintf("exited with status %d", st));
        return 3;
    }
    return 0;
}

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "genoc: error: %s%s\n", msg, arg ? arg : "");
    fputs("usage: genoc build [-o OUT] [--emit-c FILE.c] [--cc CC] FILE\n", stderr);
    return 2;
}

int build_command(int argc, char **argv) {
    const char *file = NULL, *out = NULL, *emit_c = NULL, *cc = GENOC_DEFAULT_CC;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = strcmp(a, "-o") == 0 ? &out
                          : strcmp(a, "--emit-c") == 0 ? &emit_c
                          : strcmp(a, "--cc") == 0 ? &cc : NULL;
        if (slot) {
            if (++i >= argc) return usage_error("expected one argument after ", a);
            *slot = argv[i];
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unrecognized arguments: ", a);
        } else if (file) {
            return usage_error("unrecognized arguments: ", a);
        } else {
            file = a;
        }
    }
    if (!file) return usage_error("the following arguments are required: file", NULL);
    if (!out) out = default_output(file);
    if (strcmp(out, file) == 0) return usage_error("refusing to overwrite the source file ", file);

    Compilation c;
    if (pipeline_run(&c, file, UPTO_EMIT)) {
        diag_print(stderr, &c.diags);
        return 1;
    }

    char *c_path;
    int fd = -1;
    if (emit_c) {
        c_path = (char *)emit_c;
    } else {
        const char *tmp = getenv("TMPDIR");
        c_path = xasprintf("%s/genoc-XXXXXX.c", tmp && *tmp ? tmp : "/tmp");
        fd = mkstemps(c_path, 2);
        if (fd < 0) {
            fprintf(stderr, "genoc: error: cannot create a temporary file: %s\n", strerror(errno));
            return 1;
        }
    }
    int st = write_text(c_path, fd, c.c_source);
    if (st == 0) st = run_cc(cc, c_path, out);
    if (!emit_c) unlink(c_path);
    return st;
}
