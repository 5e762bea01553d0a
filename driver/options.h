/* options.h — the flags of `genoc run`, with the reference CLI's names and
 * defaults (REFERENCE.md §1.2), parsed into one RunOptions value.
 *
 * Runtime limits that the runtime enforces are copied into GenoConfig by
 * options_to_config; the process limits (memory, CPU, file size, processes)
 * and the wall-clock timeout are applied by the sandbox (sandbox.c). */
#ifndef GENOC_OPTIONS_H
#define GENOC_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include <geno/rt.h>

typedef struct {
    unsigned caps;                  /* GENO_CAP_* bits; GENO_CAPS_DEFAULT without --cap */
    bool caps_given;                /* some --cap was seen: grant exactly those */
    double timeout;                 /* wall clock, seconds (30.0) */
    int64_t max_steps;              /* 1000000 (runtime, E503) */
    int64_t max_recursion_depth;    /* 500 */
    int64_t max_output_length;      /* 100000 characters */
    int64_t max_collection_size;    /* 10000000 */
    int64_t max_integer_bits;       /* 33219 */
    int64_t max_memory_bytes;       /* 268435456; 0 disables RLIMIT_AS */
    double max_cpu_time;            /* seconds; 0 = no RLIMIT_CPU */
    int64_t max_file_size_bytes;    /* RLIMIT_FSIZE (0) */
    int64_t max_processes;          /* RLIMIT_NPROC (1) */
    bool no_check_examples;
    bool phase_times;               /* --phase-times: per-phase milliseconds on stderr */
    bool json;
    /* --max-steps or --timeout parsed but not positive: the reference
     * accepts the flag and refuses its sandbox config only when it comes to
     * run the checked program ("Manifest Error: ...", exit 1). */
    const char *config_error;
    bool unsafe;                    /* accepted and ignored */
    bool run_tests;                 /* `genoc test`: run test cases, not main */
    char **fs_roots;                /* --fs-root DIR (repeatable): more fs roots */
    int nfs_roots;
    char **env_allow;               /* --env-allow NAME[,NAME] (repeatable; PREFIX* too) */
    int nenv_allow;
    bool http_allow_private;        /* --http-allow-private: loopback/private http targets */
    const char *file;               /* the .geno program */
    int nargs;                      /* program arguments (after FILE / --) */
    char **args;
} RunOptions;

void options_defaults(RunOptions *o);

/* Parses argv[0..argc) (the words after `run`). Returns 0 on success, or 2
 * after printing `genoc: error: ...` to stderr for a bad flag. */
int options_parse_run(RunOptions *o, int argc, char **argv);

/* Capability names "print,fs" -> bits; 0 on success, 2 (after the
 * reference's message) on an unknown name. Shared with the runtime's flag
 * vocabulary for built binaries. */
int options_parse_caps(const char *list, unsigned *caps);

/* Fills the runtime's configuration from the options (fds not touched). */
void options_to_config(const RunOptions *o, GenoConfig *cfg);

/* Python-style float text: 1.0, 2.5, 30.0 (for messages such as E501). */
const char *options_fmt_seconds(double s, char *buf, int size);

#endif
