/* run.c — configuration, runtime flags of built binaries, and running a
 * program.
 *
 * geno_run is the one entry both `genoc run` (after libtcc relocation) and
 * `genoc build` binaries (through geno_standalone_main) use: it sets up the
 * GC and runtime state, runs the program's init and main under a try frame
 * that sees every error, prints `=> <repr>` for a non-Unit result, flushes
 * output, and turns an uncaught error into the diagnostic on cfg.err_fd and
 * exit status 1 (output printed before the error is kept: genoc streams,
 * unlike the reference, which discards it).
 *
 * Defaults are the reference CLI's. A built binary is trusted code but still
 * fail-closed: it starts with no capability and gets them with --cap.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "errors.h"
#include "alloc.h"
#include "print.h"
#include "run.h"
#include "value.h"
#include "effects.h"

GenoConfig geno_cfg = {
    .caps = GENO_CAPS_DEFAULT, .max_recursion_depth = 500, .max_output_length = 100000,
    .max_collection_size = 10000000, .max_integer_bits = 33219, .out_fd = 1, .err_fd = 2,
    .check_examples = 1, .max_steps = 1000000, .max_memory_bytes = 268435456,
    .max_file_size_bytes = -1,
};

void geno_config_defaults(GenoConfig *cfg) {
    memset(cfg, 0, sizeof *cfg);   /* fields added later default to 0 */
    cfg->caps = GENO_CAPS_DEFAULT;
    cfg->max_recursion_depth = 500;
    cfg->max_output_length = 100000;
    cfg->max_collection_size = 10000000;
    cfg->max_integer_bits = 33219;
    cfg->out_fd = 1;
    cfg->err_fd = 2;
    cfg->check_examples = 1;
    cfg->max_steps = 1000000;
    cfg->max_memory_bytes = 268435456;
    cfg->max_file_size_bytes = -1;
}

/* The tcc branch of geno/rt.h declares jmp_buf itself, with this size. */
_Static_assert(sizeof(jmp_buf) == GENO_JMP_BUF_SIZE, "jmp_buf differs from geno/rt.h's tcc declaration");

void geno_rt_init(const GenoConfig *cfg) {
    geno_gc_init();
    geno_cfg = *cfg;
    geno_max_depth = cfg->max_recursion_depth;
    GENO_SET_DEPTH(0);
    geno_limits_start(&geno_cfg);
    geno_random_seed_init();   /* getrandom: before the sandbox's filter */
    geno_try_top = NULL;
    geno_out_reset();
}

/* ---- flags of a built binary ----------------------------------------------------- */

static const struct { const char *name; unsigned bit; } capability_names[] = {
    { "clock", GENO_CAP_CLOCK }, { "env", GENO_CAP_ENV }, { "fs", GENO_CAP_FS },
    { "http", GENO_CAP_HTTP }, { "print", GENO_CAP_PRINT }, { "process", GENO_CAP_PROCESS },
    { "random", GENO_CAP_RANDOM }, { "regex", GENO_CAP_REGEX }, { "serve", GENO_CAP_SERVE },
    { "stdin", GENO_CAP_STDIN },
};
#define NCAPS (sizeof capability_names / sizeof capability_names[0])

static void flag_error(const char *fmt, const char *a, const char *b) {
    char msg[512];
    int n = snprintf(msg, sizeof msg, fmt, a, b);
    if (n > (int)sizeof msg - 1) n = (int)sizeof msg - 1;
    geno_write_all(2, msg, n);
    geno_write_all(2, "\n", 1);
}

/* "print,fs" → bits; 0 and a message on an unknown name. */
static int parse_caps(const char *list, unsigned *caps) {
    const char *p = list;
    while (1) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            size_t i;
            for (i = 0; i < NCAPS; i++)
                if (strlen(capability_names[i].name) == n && memcmp(capability_names[i].name, p, n) == 0) break;
            if (i == NCAPS) {
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)(n < 100 ? n : 100), p);
                flag_error("Unknown capability '%s'. Valid capabilities: %s.", name,
                           "clock, env, fs, http, print, process, random, regex, serve, stdin");
                return 0;
            }
            *caps |= capability_names[i].bit;
        }
        if (!end) return 1;
        p = end + 1;
    }
}

/* An integer flag at least `min` (1: positive, 0: non-negative). */
static int parse_count(const char *flag, const char *text, int64_t min, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < min) {
        flag_error(min > 0 ? "%s: expected a positive integer, got '%s'" : "%s: expected a non-negative integer, got '%s'",
                   flag, text);
        return 0;
    }
    *out = v;
    return 1;
}

static int parse_seconds(const char *flag, const char *text, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v > 0) || v > 1e9) {
        flag_error("%s: expected a positive number of seconds, got '%s'", flag, text);
        return 0;
    }
    *out = v;
    return 1;
}

/* Recognises `--cap C[,C]` (repeatable), the limits `--max-… N` and
 * `--timeout S` of `genoc run` (docs/security.md), each also as
 * `--flag=value`, anywhere before `--`; other arguments are left for the
 * program. */
int geno_parse_flags(GenoConfig *cfg, int argc, char **argv) {
    /* min: smallest integer accepted; -1 marks a number of seconds. */
    static const struct { const char *flag; size_t offset; int min; } limits[] = {
        { "--max-steps", offsetof(GenoConfig, max_steps), 1 },
        { "--max-recursion-depth", offsetof(GenoConfig, max_recursion_depth), 1 },
        { "--max-output-length", offsetof(GenoConfig, max_output_length), 0 },
        { "--max-collection-size", offsetof(GenoConfig, max_collection_size), 0 },
        { "--max-integer-bits", offsetof(GenoConfig, max_integer_bits), 1 },
        { "--max-memory-bytes", offsetof(GenoConfig, max_memory_bytes), 0 },
        { "--max-cpu-time", offsetof(GenoConfig, max_cpu_time), -1 },
        { "--max-file-size-bytes", offsetof(GenoConfig, max_file_size_bytes), 0 },
        { "--max-processes", offsetof(GenoConfig, max_processes), 1 },
        { "--timeout", offsetof(GenoConfig, timeout), -1 },
    };
    const int nlimits = (int)(sizeof limits / sizeof limits[0]);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) break;
        if (strncmp(arg, "--", 2) != 0) continue;
        if (strcmp(arg, "--no-check-examples") == 0) {
            cfg->check_examples = 0;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        int is_cap = name_len == 5 && memcmp(arg, "--cap", 5) == 0;
        int limit = -1;
        for (int k = 0; k < nlimits; k++)
            if (strlen(limits[k].flag) == name_len && memcmp(limits[k].flag, arg, name_len) == 0) limit = k;
        if (!is_cap && limit < 0) continue;
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        char flag[64];
        snprintf(flag, sizeof flag, "%.*s", (int)name_len, arg);
        if (!value) {
            flag_error("%s: expected a value%s", flag, "");
            return 2;
        }
        if (is_cap) {
            if (!parse_caps(value, &cfg->caps)) return 2;
        } else if (limits[limit].min < 0) {
            if (!parse_seconds(flag, value, (double *)(void *)((char *)cfg + limits[limit].offset))) return 2;
        } else if (!parse_count(flag, value, limits[limit].min, (int64_t *)(void *)((char *)cfg + limits[limit].offset))) {
            return 2;
        }
    }
    return 0;
}

/* ---- running ----------------------------------------------------------------------- */

/* `genoc test`: runs every test case in its own frame with output
 * suppressed, and reports on out_fd, one line each, for the driver:
 *     T <passed> <total>
 *     F <name>\t<line>:<col>\t<message>        (per failure) */
static int run_tests(const GenoProgram *prog) {
    volatile int passed = 0;
    char line[160];
    for (int i = 0; i < prog->ntests; i++) {
        const GenoTestCase *tc = &prog->tests[i];
        GenoTryFrame f;
        geno_out_suppress(1);
        geno_try_push(&f, 1);
        if (setjmp(f.jb) == 0) {
            if (tc->fn) tc->fn();
            else geno_run_example_at(prog->examples, tc->example);
            geno_try_pop(&f);
            passed++;
        } else {
            geno_out_suppress(0);
            geno_out_flush();
            int n = snprintf(line, sizeof line, "F %s\t%d:%d\t", tc->name, GENO_LOC_LINE(f.loc), GENO_LOC_COL(f.loc));
            geno_write_all(geno_cfg.out_fd, line, n);
            GenoStr *msg = geno_caught_message(&f);
            geno_write_all(geno_cfg.out_fd, msg->data, msg->len);
            geno_write_all(geno_cfg.out_fd, "\n", 1);
        }
        geno_out_suppress(0);
        geno_out_reset();
    }
    int n = snprintf(line, sizeof line, "T %d %d\n", passed, prog->ntests);
    geno_write_all(geno_cfg.out_fd, line, n);
    return passed == prog->ntests ? 0 : 1;
}

int geno_run(const GenoProgram *prog, const GenoConfig *cfg) {
    geno_rt_init(cfg);
    geno_source_path = prog->source_path;
    if (cfg->run_tests) return run_tests(prog);
    GenoTryFrame top;
    geno_try_push(&top, 1);
    if (setjmp(top.jb) == 0) {
        if (prog->init_fn) prog->init_fn();
        if (prog->examples && cfg->check_examples) {
            /* The reference discards what examples print and restarts the
             * output count for main. */
            geno_out_suppress(1);
            geno_run_examples(prog->examples);
            geno_out_suppress(0);
            geno_out_reset();
        }
        if (prog->main_fn) {
            GenoWord result = prog->main_fn();
            if (prog->main_type && prog->main_type->kind != GT_UNIT) {
                geno_out_result_line(geno_repr(result, prog->main_type));
            }
        }
        geno_out_check_encodable();
        geno_try_pop(&top);
        geno_out_flush();
        return 0;
    }
    geno_out_flush();
    geno_report_error(top.code, top.loc, geno_caught_message(&top));
    return 1;
}

int geno_standalone_main(int argc, char **argv, const GenoProgram *prog) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.caps = 0;
    int rc = geno_parse_flags(&cfg, argc, argv);
    if (rc) return rc;
    geno_limits_process(&cfg);
    geno_host_policy_from_flags(argc, argv, &cfg, prog->source_path);
    geno_gc_init_built_binary();     /* geno_run's geno_gc_init is then a no-op */
    return geno_run(prog, &cfg);
}
