/* run.c — `genoc run [flags] FILE [-- ARGS]`.
 *
 * Parse, check and emit happen here, in the parent (see the top of sandbox.c
 * for why); the sandbox child is forked first and sets itself up meanwhile
 * (sandbox_start), and is cancelled when they fail. Compile diagnostics
 * print like `genoc check`'s and exit 1. The C then runs in the sandbox, which streams the program's
 * output; a diagnostic the parent produced about the child's end (timeout,
 * signal) follows on stderr as `FILE: error[CODE]: message`.
 *
 * --json prints one object instead, in the reference's shape:
 *   {"ok", "value", "output", "diagnostics", "timing", "steps_used"}
 * Lexer/parse errors come out as JSON too (the reference crashes, D4).
 * Runtime diagnostics are recovered from the child's stderr lines
 * (`file:line:col: error[CODE]: message`). Not yet available from the
 * runtime: `value` (always null; the `=> value` line stays in `output`) and
 * `steps_used` (0).
 */
#include "run.h"

#include <regex.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "pipeline.h"
#include "sandbox.h"

/* Turns the child's stderr into diagnostics: every line of the runtime's
 * diagnostic form becomes one; anything else (snippets, carets) is skipped. */
static void parse_runtime_errors(const char *text, const char *file, Diags *d) {
    regex_t with_loc, without_loc;
    regcomp(&with_loc, "^(.*):([0-9]+):([0-9]+): error\\[([A-Z][0-9]+)\\]: (.*)$", REG_EXTENDED);
    regcomp(&without_loc, "^(.*): error\\[([A-Z][0-9]+)\\]: (.*)$", REG_EXTENDED);
    char *copy = xstrdup(text), *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        regmatch_t m[6];
        if (regexec(&with_loc, line, 6, m, 0) == 0) {
            for (int i = 1; i < 6; i++) line[m[i].rm_eo] = '\0';
            SrcLoc loc = {xstrdup(line + m[1].rm_so), atoi(line + m[2].rm_so), atoi(line + m[3].rm_so)};
            diag_add(d, xstrdup(line + m[4].rm_so), loc, "%s", line + m[5].rm_so);
        } else if (regexec(&without_loc, line, 4, m, 0) == 0) {
            for (int i = 1; i < 4; i++) line[m[i].rm_eo] = '\0';
            diag_add(d, xstrdup(line + m[2].rm_so), (SrcLoc){file, 0, 0}, "%s", line + m[3].rm_so);
        }
    }
    regfree(&with_loc);
    regfree(&without_loc);
    free(copy);
}

/* A JSON string from bytes that may contain NUL. */
static void put_json_bytes(FILE *out, const char *s, size_t n) {
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        switch (ch) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (ch < 0x20) fprintf(out, "\\u%04x", ch);
            else if (ch == 0xED && i + 2 < n && (unsigned char)s[i + 1] >= 0xA0) {
                /* a lone surrogate (rt/print.c): \udxxx, as json.dumps */
                fprintf(out, "\\u%04x", 0xD000u | (((unsigned char)s[i + 1] & 0x3Fu) << 6) |
                                          ((unsigned char)s[i + 2] & 0x3Fu));
                i += 2;
            } else fputc(ch, out);
        }
    }
    fputc('"', out);
}

static void print_json(const Compilation *c, const SandboxResult *r, bool ok, double total_ms) {
    printf("{\n  \"ok\": %s,\n  \"value\": null,\n  \"output\": ", ok ? "true" : "false");
    put_json_bytes(stdout, r ? r->output.buf : "", r ? r->output.len : 0);
    printf(",\n  \"diagnostics\": ");
    diag_print_json(stdout, &c->diags);
    printf(",\n  \"timing\": {\"total_ms\": %.2f, \"parse_ms\": %.2f, \"typecheck_ms\": %.2f, "
           "\"emit_ms\": %.2f, \"run_ms\": %.2f},\n  \"steps_used\": 0\n}\n",
           total_ms, c->parse_ms, c->check_ms, c->emit_ms, r ? r->run_ms : 0.0);
}

int run_command(int argc, char **argv) {
    double start = pipeline_now_ms();
    RunOptions o;
    options_defaults(&o);
    int st = options_parse_run(&o, argc, argv);
    if (st) return st;

    /* The child starts now and sets itself up while we parse. */
    SandboxChild child;
    if (sandbox_start(&o, &child) != 0) return 3;
    Compilation c;
    if (pipeline_run(&c, o.file, UPTO_EMIT_TCC_RUN)) {
        sandbox_cancel(&child);
        if (!c.source) return 1;                   /* missing file, already said */
        if (o.json) print_json(&c, NULL, false, pipeline_now_ms() - start);
        else diag_print(stderr, &c.diags);
        return 1;
    }

    if (o.config_error) {                          /* see options.h */
        sandbox_cancel(&child);
        fprintf(stderr, "genoc: error: %s\n", o.config_error);
        return 1;
    }
    SandboxResult r;
    st = sandbox_finish(&child, c.c_source, &r);
    if (o.phase_times)
        fprintf(stderr, "genoc: phases parse %.3f ms, check %.3f ms, emit %.3f ms, "
                "child (tcc + run) %.3f ms, total %.3f ms\n",
                c.parse_ms, c.check_ms, c.emit_ms, r.run_ms, pipeline_now_ms() - start);
    if (!o.json) {
        if (r.code) fprintf(stderr, "%s: error[%s]: %s\n", o.file, r.code, r.message);
        return st;
    }
    if (r.errors.len) parse_runtime_errors(r.errors.buf, o.file, &c.diags);
    if (r.code) diag_add(&c.diags, r.code, (SrcLoc){o.file, 0, 0}, "%s", r.message);
    if (st != 0 && c.diags.errors == 0)    /* e.g. an internal error: keep its text */
        diag_add(&c.diags, st == 3 ? "E999" : "E499", (SrcLoc){o.file, 0, 0}, "%s",
                 r.errors.len ? r.errors.buf : "the program failed without a diagnostic");
    print_json(&c, &r, st == 0, pipeline_now_ms() - start);
    return st;
}
