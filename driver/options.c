/* options.c — parsing `genoc run` flags.
 *
 * Names, defaults and error texts follow the reference CLI (argparse):
 * `--flag V` and `--flag=V` both work, flags may come before or after FILE,
 * everything after `--` and any further positional word after FILE become
 * the program's arguments. A bad value or an unknown flag before FILE exits
 * 2 with `genoc: error: ...`, as argparse does. `--cap` is repeatable and
 * comma-separable; without it the grant is the reference's default
 * {print, clock, random}, with it exactly the listed capabilities.
 */
#define _GNU_SOURCE
#include "options.h"
#include "host.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; unsigned bit; } cap_names[] = {
    {"clock", GENO_CAP_CLOCK},   {"env", GENO_CAP_ENV},         {"fs", GENO_CAP_FS},
    {"http", GENO_CAP_HTTP},     {"print", GENO_CAP_PRINT},     {"process", GENO_CAP_PROCESS},
    {"random", GENO_CAP_RANDOM}, {"regex", GENO_CAP_REGEX},     {"serve", GENO_CAP_SERVE},
    {"stdin", GENO_CAP_STDIN},
};
#define NCAPS ((int)(sizeof cap_names / sizeof cap_names[0]))

void options_defaults(RunOptions *o) {
    memset(o, 0, sizeof *o);
    o->caps = GENO_CAPS_DEFAULT;
    o->timeout = 30.0;
    o->max_steps = 1000000;
    o->max_recursion_depth = 500;
    o->max_output_length = 100000;
    o->max_collection_size = 10000000;
    o->max_integer_bits = 33219;
    o->max_memory_bytes = 268435456;
    o->max_file_size_bytes = 0;
    o->max_processes = 1;
}

int options_parse_caps(const char *list, unsigned *caps) {
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        /* argparse strips nothing, but an empty item ("print,") is harmless. */
        if (n > 0) {
            int i;
            for (i = 0; i < NCAPS; i++)
                if (strlen(cap_names[i].name) == n && strncmp(cap_names[i].name, p, n) == 0) break;
            if (i == NCAPS) {
                fprintf(stderr, "genoc: error: Unknown capability '%.*s'. Valid capabilities: ", (int)n, p);
                for (i = 0; i < NCAPS; i++) fprintf(stderr, "%s%s", i ? ", " : "", cap_names[i].name);
                fputs(".\n", stderr);
                return 2;
            }
            *caps |= cap_names[i].bit;
        }
        if (!e) break;
        p = e + 1;
    }
    return 0;
}

static int bad_value(const char *flag, const char *kind, const char *v) {
    fprintf(stderr, "genoc: error: argument %s: invalid %s value: '%s'\n", flag, kind, v);
    return 2;
}

/* Integer flag; `min` is the smallest accepted value. A smaller one is a
 * usage error, or with `refused` set, kept aside as that config error
 * (see RunOptions.config_error). */
static int parse_int(const char *flag, const char *v, int64_t min, int64_t *out, const char *refused,
                     const char **cfg_error) {
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || end == v || *end) return bad_value(flag, "int", v);
    if (x < min && refused) {
        *cfg_error = refused;
        return 0;
    }
    if (x < min) {
        fprintf(stderr, "genoc: error: argument %s: must be %s integer, got %lld\n", flag,
                min > 0 ? "a positive" : "a non-negative", x);
        return 2;
    }
    *out = x;
    return 0;
}

/* Seconds: positive and finite, else as parse_int's `refused`. */
static int parse_seconds(const char *flag, const char *v, double *out, const char *refused, const char **cfg_error) {
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end) return bad_value(flag, "float", v);
    if ((!(x > 0) || isinf(x)) && refused) {
        *cfg_error = refused;
        return 0;
    }
    if (!(x > 0) || isinf(x)) {
        fprintf(stderr, "genoc: error: argument %s: must be a positive number, got %s\n", flag, v);
        return 2;
    }
    *out = x;
    return 0;
}

/* Flags that take a value, and where it goes. */
typedef enum { V_CAP, V_SECONDS, V_INT, V_ROOT, V_ENV_NAMES } ValueKind;
typedef struct {
    const char *name;
    ValueKind kind;
    size_t offset;      /* into RunOptions */
    int64_t min;        /* V_INT */
    const char *refused;    /* a value out of range is this config error, not a usage error */
} ValueFlag;

#define OFF(f) offsetof(RunOptions, f)
static const ValueFlag value_flags[] = {
    {"--cap", V_CAP, OFF(caps), 0, NULL},
    {"--timeout", V_SECONDS, OFF(timeout), 0, "SandboxConfig.timeout must be a positive finite number or None"},
    {"--max-cpu-time", V_SECONDS, OFF(max_cpu_time), 0, NULL},
    {"--max-steps", V_INT, OFF(max_steps), 1, "SandboxConfig.max_steps must be a positive integer or None"},
    {"--max-recursion-depth", V_INT, OFF(max_recursion_depth), 1, NULL},
    {"--max-output-length", V_INT, OFF(max_output_length), 0, NULL},   /* 0: as the reference, every print fails */
    {"--max-collection-size", V_INT, OFF(max_collection_size), 0, NULL},
    {"--max-integer-bits", V_INT, OFF(max_integer_bits), 1, NULL},
    {"--max-memory-bytes", V_INT, OFF(max_memory_bytes), 0, NULL},
    {"--max-file-size-bytes", V_INT, OFF(max_file_size_bytes), 0, NULL},
    {"--max-processes", V_INT, OFF(max_processes), 1, NULL},
    {"--fs-root", V_ROOT, OFF(fs_roots), 0, NULL},
    {"--env-allow", V_ENV_NAMES, OFF(env_allow), 0, NULL},
};

static const struct { const char *name; size_t offset; } bool_flags[] = {
    {"--no-check-examples", OFF(no_check_examples)},
    {"--phase-times", OFF(phase_times)},
    {"--json", OFF(json)},
    {"--unsafe", OFF(unsafe)},
    {"--http-allow-private", OFF(http_allow_private)},
};

static void push(char ***list, int *n, const char *v, size_t len) {
    *list = realloc(*list, sizeof **list * (size_t)(*n + 1));
    (*list)[(*n)++] = strndup(v, len);
}

static int set_value(RunOptions *o, const ValueFlag *f, const char *v) {
    void *field = (char *)o + f->offset;
    switch (f->kind) {
    case V_CAP:
        if (!o->caps_given) o->caps = 0;   /* first --cap replaces the default */
        o->caps_given = true;
        return options_parse_caps(v, &o->caps);
    case V_SECONDS:
        return parse_seconds(f->name, v, field, f->refused, &o->config_error);
    case V_INT:
        return parse_int(f->name, v, f->min, field, f->refused, &o->config_error);
    case V_ROOT:
        push(&o->fs_roots, &o->nfs_roots, v, strlen(v));
        return 0;
    case V_ENV_NAMES:
        host_add_names(&o->env_allow, &o->nenv_allow, v);
        return 0;
    }
    return 2;
}

/* Tries argv[*i] as a known flag. Returns -1 if it is not one, else 0 or 2. */
static int try_flag(RunOptions *o, int argc, char **argv, int *i) {
    const char *a = argv[*i];
    for (size_t k = 0; k < sizeof bool_flags / sizeof bool_flags[0]; k++)
        if (strcmp(a, bool_flags[k].name) == 0) {
            *(bool *)((char *)o + bool_flags[k].offset) = true;
            return 0;
        }
    for (size_t k = 0; k < sizeof value_flags / sizeof value_flags[0]; k++) {
        const ValueFlag *f = &value_flags[k];
        size_t n = strlen(f->name);
        if (strncmp(a, f->name, n) != 0) continue;
        if (a[n] == '=') return set_value(o, f, a + n + 1);
        if (a[n] != '\0') continue;
        if (*i + 1 >= argc) {
            fprintf(stderr, "genoc: error: argument %s: expected one argument\n", f->name);
            return 2;
        }
        return set_value(o, f, argv[++*i]);
    }
    return -1;
}

int options_parse_run(RunOptions *o, int argc, char **argv) {
    /* Program arguments, at most all words. */
    o->args = calloc((size_t)argc + 1, sizeof(char *));
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            while (++i < argc) o->args[o->nargs++] = argv[i];
            break;
        }
        if (a[0] == '-' && a[1] != '\0') {
            int r = try_flag(o, argc, argv, &i);
            if (r >= 0) {
                if (r) return r;
                continue;
            }
            if (!o->file) {
                fprintf(stderr, "genoc: error: unrecognized arguments: %s\n", a);
                return 2;
            }
            /* An unknown flag after FILE is a program argument (reference). */
        }
        if (!o->file) o->file = a;
        else o->args[o->nargs++] = argv[i];
    }
    if (!o->file) {
        fputs("genoc: error: the following arguments are required: file\n", stderr);
        return 2;
    }
    return 0;
}

void options_to_config(const RunOptions *o, GenoConfig *cfg) {
    cfg->caps = o->caps;
    cfg->max_recursion_depth = o->max_recursion_depth;
    cfg->max_output_length = o->max_output_length;
    cfg->max_collection_size = o->max_collection_size;
    cfg->max_integer_bits = o->max_integer_bits;
    cfg->max_steps = o->max_steps;
    cfg->max_memory_bytes = o->max_memory_bytes;   /* the GC heap cap, under RLIMIT_AS */
    cfg->check_examples = !o->no_check_examples;
    cfg->run_tests = o->run_tests;
    cfg->output_json = o->json;
}

const char *options_fmt_seconds(double s, char *buf, int size) {
    snprintf(buf, (size_t)size, "%.15g", s);
    if (!strpbrk(buf, ".eni")) strncat(buf, ".0", (size_t)size - strlen(buf) - 1);
    return buf;
}
