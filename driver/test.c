/* test.c — `genoc test [-v] [--timeout S] [--max-steps N] FILE|DIR...`:
 * runs every example clause and `test` block, as the reference's
 * `geno test` does.
 *
 * Each file is parsed and checked like `genoc run` (an ill-typed file is an
 * ERROR with its diagnostics, before any C exists), then compiled and run in
 * the same sandbox with GenoConfig.run_tests set: the child runs each case
 * in its own try frame and reports `T passed total` and `F name\tmessage`
 * lines, which this file turns into the reference's report:
 *
 *       PASS  t_pass.geno (2/2) 27ms
 *       FAIL  t_fail.geno (1/3) (1 untested) 33ms
 *             x add: expected 4, got 3          (with -v)
 *
 *     2 passed, 1 failed, 1 untested, in 0.21s
 *
 * A directory is searched recursively for *.geno files, in sorted order.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "options.h"
#include "pipeline.h"
#include "run.h"
#include "sandbox.h"

typedef VEC(char *) Paths;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void collect(const char *path, Paths *out) {
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        vec_push(out, xstrdup(path));
        return;
    }
    DIR *d = opendir(path);
    if (!d) return;
    Paths here = {0};
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char *p = xasprintf("%s/%s", path, e->d_name);
        size_t n = strlen(p);
        if ((stat(p, &st) == 0 && S_ISDIR(st.st_mode)) || (n > 5 && strcmp(p + n - 5, ".geno") == 0))
            vec_push(&here, p);
    }
    closedir(d);
    if (here.len) qsort(here.items, (size_t)here.len, sizeof(char *), cmp_str);
    for (int i = 0; i < here.len; i++) collect(here.items[i], out);
}

static int count_untested(const Program *p) {
    int n = 0;
    for (int i = 0; p && i < p->defs.len; i++)
        if (p->defs.items[i]->kind == DEF_FUNC && p->defs.items[i]->untested_reason) n++;
    return n;
}

static void print_time(double ms) {
    if (ms >= 1000) printf(" %.2fs", ms / 1000);
    else if (ms >= 1) printf(" %.0fms", ms);
}

int test_command(int argc, char **argv) {
    RunOptions o;
    options_defaults(&o);
    o.timeout = 5.0;    /* the reference's default per test file */
    bool verbose = false;
    Paths paths = {0};
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) verbose = true;
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) o.timeout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--max-steps") && i + 1 < argc) {
            /* one budget per file, shared by its cases (as the reference) */
            long long n = atoll(argv[++i]);
            o.max_steps = n > 0 ? n : o.max_steps;
        }
        else collect(argv[i], &paths);
    }
    if (!argc || !paths.len) {
        fprintf(stderr, "No .geno files found in '%s'\n", argc ? argv[argc - 1] : ".");
        return 1;
    }
    o.json = true;      /* capture the child's report */
    o.run_tests = true;
    double start = pipeline_now_ms();
    int passed = 0, failed = 0, untested = 0;
    for (int f = 0; f < paths.len; f++) {
        const char *path = paths.items[f];
        double t0 = pipeline_now_ms();
        Compilation c;
        if (pipeline_run(&c, path, UPTO_EMIT_TCC)) {
            printf("  ERROR  %s\n", path);
            fflush(stdout);
            if (c.source) diag_print(stderr, &c.diags);
            failed++;
            continue;
        }
        int file_untested = count_untested(c.prog);
        untested += file_untested;
        SandboxResult r;
        sandbox_run(c.c_source, &o, &r);
        int p = 0, total = -1;
        StrBuf fails = {0};
        for (char *line = r.output.buf; line && *line;) {
            char *nl = strchr(line, '\n');
            if (nl) *nl = 0;
            if (line[0] == 'T' && line[1] == ' ') sscanf(line + 2, "%d %d", &p, &total);
            else if (line[0] == 'F' && line[1] == ' ') {
                /* F name \t line:col \t message */
                char *tab = strchr(line + 2, '\t');
                char *where = tab ? tab + 1 : NULL;
                char *tab2 = where ? strchr(where, '\t') : NULL;
                const char *msg = tab2 ? tab2 + 1 : "";
                if (tab) *tab = 0;
                if (tab2) *tab2 = 0;
                const char *pre = "Example verification failed for ";
                if (!strncmp(msg, pre, strlen(pre))) {   /* `x add: expected 4, got 3` */
                    msg += strlen(pre);
                    const char *colon = strstr(msg, ": ");
                    if (colon) msg = colon + 2;
                    sb_printf(&fails, "        x %s: %s\n", line + 2, msg);
                } else {                                  /* as the reference: where, then what */
                    sb_printf(&fails, "        x %s: %s:%s: Runtime Error: %s\n", line + 2, path,
                              where ? where : "0:0", msg);
                }
            }
            line = nl ? nl + 1 : NULL;
        }
        if (total < 0) {        /* the child died: timeout, limit, crash */
            printf("  ERROR  %s\n", path);
            if (r.code) fprintf(stderr, "%s: error[%s]: %s\n", path, r.code, r.message);
            else if (r.errors.len) fputs(r.errors.buf, stderr);
            failed++;
            continue;
        }
        passed += p;
        failed += total - p;
        printf("  %s  %s (%d/%d)", p == total ? "PASS" : "FAIL", path, p, total);
        if (file_untested) printf(" (%d untested)", file_untested);
        print_time(pipeline_now_ms() - t0);
        printf("\n");
        if (verbose && fails.len) fputs(fails.buf, stdout);
        for (int i = 0; verbose && c.prog && i < c.prog->defs.len; i++) {
            Def *d = c.prog->defs.items[i];
            if (d->kind == DEF_FUNC && d->untested_reason)
                printf("        o %s: @untested('%s')\n", d->name, d->untested_reason);
        }
        free(fails.buf);
    }
    printf("\n%d passed, %d failed", passed, failed);
    if (untested) printf(", %d untested", untested);
    printf(", in %.2fs\n", (pipeline_now_ms() - start) / 1000);
    return failed ? 1 : 0;
}
