/* main.c — the `genoc` command: picks the subcommand and runs it.
 *
 *   genoc run    [flags] FILE [-- ARGS]   check, then run in the sandbox (run.c)
 *   genoc build  [-o OUT] [--emit-c F.c] [--cc CC] FILE   native binary (build.c)
 *   genoc check  [--json] FILE            parse + type check
 *   genoc emit-c [--tcc] FILE             print the emitted C
 *   genoc parse  [--dump] FILE            parse only; --dump prints the AST
 *   genoc builtins [--json]               list the builtin functions
 *
 * Exit statuses: 0 success; 1 the program has errors (diagnostics on stderr)
 * or failed at run time; 2 bad command line; 3 internal error (genoc's own
 * bug, e.g. the C it emitted did not compile). docs/cli.md is the manual.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "build.h"
#include "builtins.h"
#include "pipeline.h"
#include "prelude.h"
#include "run.h"

#define GENOC_VERSION "0.1.0"

static const char usage[] =
    "usage: genoc <command> [options] FILE\n"
    "\n"
    "commands:\n"
    "  run    [flags] FILE [-- ARGS]  compile in memory and run in a sandbox\n"
    "  build  [-o OUT] [--emit-c FILE.c] [--cc CC] FILE\n"
    "                                 compile to a native executable with cc -O2\n"
    "  check  [--json] FILE           parse and type-check\n"
    "  test   [-v] [--timeout S] FILE|DIR...\n"
    "                                 run example clauses and test blocks\n"
    "  emit-c [--tcc] FILE            print the generated C (--tcc: as genoc run compiles it, geno/rt.h cut in)\n"
    "  parse  [--dump] FILE           parse only (--dump prints the syntax tree)\n"
    "  builtins [--json]              list the builtin functions (--json: signatures too)\n"
    "\n"
    "run flags (defaults in brackets):\n"
    "  --cap C[,C]                grant capabilities (repeatable) [print,clock,random]\n"
    "                             clock env fs http print process random regex serve stdin\n"
    "  --timeout S                wall-clock limit in seconds [30.0]\n"
    "  --max-steps N              steps: calls, loop iterations, callback elements [1000000]\n"
    "  --max-recursion-depth N    [500]\n"
    "  --max-output-length N      characters of output [100000]\n"
    "  --max-collection-size N    [10000000]\n"
    "  --max-integer-bits N       [33219]\n"
    "  --max-memory-bytes N       address-space limit, 0 = none [268435456]\n"
    "  --max-cpu-time S           CPU-time limit in seconds [none]\n"
    "  --max-file-size-bytes N    [0]\n"
    "  --max-processes N          [1]\n"
    "  --fs-root DIR              one more root for fs (repeatable) [cwd, program dir, path args]\n"
    "  --env-allow NAME[,NAME]    credential-like env names env_get may read (PREFIX* too)\n"
    "  --http-allow-private       let http reach loopback and private addresses\n"
    "  --no-check-examples        skip the example pre-pass\n"
    "  --json                     print a JSON result object\n"
    "  --unsafe                   accepted and ignored (genoc always sandboxes)\n"
    "  --phase-times              print milliseconds per phase to stderr\n"
    "\n"
    "  --version                  print the version\n"
    "exit status: 0 ok, 1 program error, 2 usage error, 3 internal error\n";

/* Parses `[FLAG] FILE` for the one-file commands; flag may be NULL. */
static int one_file_args(const char *cmd, const char *flag, int argc, char **argv,
                         const char **file, int *flag_set) {
    *file = NULL;
    *flag_set = 0;
    for (int i = 0; i < argc; i++) {
        if (flag && strcmp(argv[i], flag) == 0) *flag_set = 1;
        else if ((argv[i][0] == '-' && argv[i][1]) || *file) {
            fprintf(stderr, "genoc: error: unrecognized arguments: %s\n", argv[i]);
            return 2;
        } else *file = argv[i];
    }
    if (!*file) {
        fprintf(stderr, "genoc: error: %s: the following arguments are required: file\n", cmd);
        return 2;
    }
    return 0;
}

static int cmd_check(int argc, char **argv) {
    const char *file;
    int json;
    int st = one_file_args("check", "--json", argc, argv, &file, &json);
    if (st) return st;
    Compilation c;
    st = pipeline_run(&c, file, UPTO_CHECK);
    if (st && !c.source) return st;
    if (json) {
        printf("{\"ok\": %s, \"file\": ", st ? "false" : "true");
        StrBuf sb = {0};
        json_escape(&sb, file);
        fputs(sb.buf, stdout);
        printf(", \"definitions\": %d, \"diagnostics\": ", st ? 0 : pipeline_count_defs(c.prog));
        diag_print_json(stdout, &c.diags);
        puts("}");
    } else if (st) {
        diag_print(stderr, &c.diags);
    } else {
        printf("Type check passed: %s\n  %d definitions, 1 modules\n", file, pipeline_count_defs(c.prog));
    }
    return st;
}

static int cmd_emit_c(int argc, char **argv) {
    const char *file;
    int tcc;
    int st = one_file_args("emit-c", "--tcc", argc, argv, &file, &tcc);
    if (st) return st;
    Compilation c;
    if (pipeline_run(&c, file, tcc ? UPTO_EMIT_TCC_RUN : UPTO_EMIT)) {
        diag_print(stderr, &c.diags);
        return 1;
    }
    if (tcc) {   /* with geno/rt.h cut as genoc run cuts it (driver/prelude.c) */
        char *expanded = prelude_expand(c.c_source, NULL);
        fputs(expanded ? expanded : c.c_source, stdout);
        return 0;
    }
    fputs(c.c_source, stdout);
    return 0;
}

static int cmd_parse(int argc, char **argv) {
    const char *file;
    int dump;
    int st = one_file_args("parse", "--dump", argc, argv, &file, &dump);
    if (st) return st;
    Compilation c;
    if (pipeline_run(&c, file, UPTO_PARSE)) {
        diag_print(stderr, &c.diags);
        return 1;
    }
    if (dump) ast_dump(stdout, c.prog);
    return 0;
}

/* `genoc builtins [--json]`: the builtin names, sorted, one per line; with
 * --json an array of {name, sig, params, capability, effect} objects. */
static int cmd_builtins(int argc, char **argv) {
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else {
            fprintf(stderr, "genoc: error: unrecognized arguments: %s\n", argv[i]);
            return 2;
        }
    }
    if (!json) {
        for (int i = 0; i < builtin_count(); i++) puts(builtin_at(i)->name);
        return 0;
    }
    StrBuf sb = {0};
    sb_puts(&sb, "[\n");
    for (int i = 0; i < builtin_count(); i++) {
        const BuiltinSig *b = builtin_at(i);
        sb_puts(&sb, "  {\"name\": ");
        json_escape(&sb, b->name);
        sb_puts(&sb, ", \"sig\": ");
        json_escape(&sb, b->sig);
        sb_puts(&sb, ", \"params\": [");
        for (int j = 0; b->params[j]; j++) {
            if (j) sb_puts(&sb, ", ");
            json_escape(&sb, b->params[j]);
        }
        sb_puts(&sb, "], \"capability\": ");
        if (b->capability) json_escape(&sb, b->capability);
        else sb_puts(&sb, "null");
        sb_puts(&sb, ", \"effect\": ");
        if (b->effect) json_escape(&sb, b->effect);
        else sb_puts(&sb, "null");
        sb_puts(&sb, ", \"runtime\": ");   /* the C the emitter produces, NULL: in code */
        if (b->emit) json_escape(&sb, b->emit);
        else sb_puts(&sb, "null");
        sb_puts(&sb, i + 1 < builtin_count() ? "},\n" : "}\n");
    }
    sb_puts(&sb, "]\n");
    fputs(sb.buf, stdout);
    return 0;
}

/* The sandbox dup2()s pipes over 0-2; make sure those numbers are taken so
 * no pipe or file we open lands on them. */
static void ensure_std_fds(void) {
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0) open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
}

int main(int argc, char **argv) {
    ensure_std_fds();
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    int n = argc - 2;
    char **rest = argv + 2;
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        puts("genoc " GENOC_VERSION);
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (n > 0 && (strcmp(rest[0], "--help") == 0 || strcmp(rest[0], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "run") == 0) return run_command(n, rest);
    if (strcmp(cmd, "build") == 0) return build_command(n, rest);
    if (strcmp(cmd, "check") == 0) return cmd_check(n, rest);
    if (strcmp(cmd, "test") == 0) return test_command(n, rest);
    if (strcmp(cmd, "emit-c") == 0) return cmd_emit_c(n, rest);
    if (strcmp(cmd, "parse") == 0) return cmd_parse(n, rest);
    if (strcmp(cmd, "builtins") == 0) return cmd_builtins(n, rest);
    fprintf(stderr, "genoc: error: unknown command '%s' (try 'genoc --help')\n", cmd);
    return 2;
}
