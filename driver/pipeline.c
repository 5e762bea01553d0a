/* pipeline.c — reading a .geno file and running the passes over it.
 *
 * main.c/run.c/build.c all go through here so every command reports a
 * missing file and diagnostics the same way, like QBE's main: a literal list
 * of passes, each stopping the run if it reported errors. The passes
 * themselves live in frontend/ (parse_program) and codegen/ (check_program,
 * emit_program). */
#include "pipeline.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "codegen.h"
#include "host.h"
#include "hugeheap.h"

/* Sources from this size on emit megabytes of C. */
#define EMIT_HUGE_SOURCE ((size_t)64 << 10)

double pipeline_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The reference names a program's module after its file's stem (Python's
 * Path.stem: the base name less its last suffix) and refuses a stem that is
 * not an ASCII identifier ("my-prog.geno", "tmp.x1.geno") before reading
 * the program: E204, exit 1. Returns 0 and reports it, or 1. */
static int module_name_ok(Compilation *c, const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    bool ok = len > 0 && !(base[0] >= '0' && base[0] <= '9');
    for (size_t i = 0; ok && i < len; i++) {
        char ch = base[i];
        ok = ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    }
    if (ok) return 1;
    char full[PATH_MAX];
    diag_add(&c->diags, "E204", (SrcLoc){0},
             "Invalid module name '%.*s': must be a single ASCII identifier (from %s)", (int)len, base,
             realpath(path, full) ? full : path);
    return 0;
}

int pipeline_run(Compilation *c, const char *path, Stage upto) {
    memset(c, 0, sizeof *c);
    c->path = path;
    struct stat st;
    size_t n, bad;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !(c->source = read_file(path, &n))) {
        fprintf(stderr, "Error: File not found: %s\n", path);
        return 1;
    }
    diag_register_source(path, c->source);
    if (!module_name_ok(c, path)) return 1;
    /* Source text is UTF-8 (the reference refuses the file otherwise);
     * nothing invalid may reach the lexer, the C text or the output. */
    if (!host_utf8_valid(c->source, n, &bad)) {
        int line = 1, col = 1;
        for (size_t i = 0; i < bad; i++) {
            if (c->source[i] == '\n') { line++; col = 1; }
            else if (((unsigned char)c->source[i] & 0xC0) != 0x80) col++;
        }
        char *msg = host_utf8_error(c->source, n, bad);
        diag_add(&c->diags, "E204", (SrcLoc){path, line, col}, "%s", msg);
        free(msg);
        return 1;
    }

    double t = pipeline_now_ms();
    c->prog = parse_program_len(path, c->source, n, &c->diags);
    c->parse_ms = pipeline_now_ms() - t;
    if (c->diags.errors || upto == UPTO_PARSE) return c->diags.errors ? 1 : 0;

    t = pipeline_now_ms();
    check_program(c->prog, &c->diags);
    c->check_ms = pipeline_now_ms() - t;
    if (c->diags.errors || upto == UPTO_CHECK) return c->diags.errors ? 1 : 0;

    /* The C text is ~8x the source and built in growing buffers, then
     * copied into one: on huge pages when that is megabytes (hugeheap.h). */
    if (n >= EMIT_HUGE_SOURCE) hugeheap_reserve(32 * n);
    t = pipeline_now_ms();
    c->c_source = emit_program(c->prog, &c->diags, upto >= UPTO_EMIT_TCC, upto != UPTO_EMIT_TCC_RUN);
    c->emit_ms = pipeline_now_ms() - t;
    if (!c->c_source && !c->diags.errors)
        diag_add(&c->diags, "E999", (SrcLoc){path, 0, 0}, "internal error: code generation produced no C");
    return c->diags.errors ? 1 : 0;
}

int pipeline_count_defs(const Program *p) {
    int n = 0;
    for (int i = 0; i < p->defs.len; i++)
        if (p->defs.items[i]->kind != DEF_IMPORT) n++;
    return n;
}
