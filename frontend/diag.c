/* diag.c — collecting and printing compile-time diagnostics. */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *file;
    const char *text;
} SourceText;

static VEC(SourceText) sources;

/* source_line's place: the last line found, in which registered text. */
static const char *last_text, *last_p;
static int last_line;

void diag_reset_sources(void) {
    memset(&sources, 0, sizeof sources);
    last_text = last_p = NULL;
    last_line = 0;
}

void diag_register_source(const char *file, const char *text) {
    SourceText s = {file, text};
    vec_push(&sources, s);
}

void diag_add(Diags *d, const char *code, SrcLoc loc, const char *fmt, ...) {
    StrBuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    Diag g = {code, sb_take(&sb), loc, SEV_ERROR};
    vec_push(&d->list, g);
    d->errors++;
}

/* Copies line `line` (1-based) of the registered text of `file`. */
static char *source_line(const char *file, int line) {
    /* Diagnostics come sorted by line: the walk resumes at the last line
     * found in the same text (50,000 errors took seconds from the top). */
    for (int i = sources.len - 1; i >= 0; i--) {
        if (!file || strcmp(sources.items[i].file, file) != 0) continue;
        const char *p = sources.items[i].text;
        int l = 1;
        if (p == last_text && last_p && line >= last_line) {
            p = last_p;
            l = last_line;
        }
        for (; l < line && p; l++) {
            p = strchr(p, '\n');
            if (p) p++;
        }
        if (!p) return NULL;
        last_text = sources.items[i].text;
        last_p = p;
        last_line = line;
        const char *e = strchr(p, '\n');
        return xstrndup(p, e ? (size_t)(e - p) : strlen(p));
    }
    return NULL;
}

void diag_print(FILE *out, const Diags *d) {
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = &d->list.items[i];
        const char *sev = g->sev == SEV_ERROR ? "error" : "warning";
        if (g->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s[%s]: %s\n", g->loc.file, g->loc.line,
                    g->loc.col, sev, g->code, g->message);
        else
            fprintf(out, "%s: %s[%s]: %s\n", g->loc.file ? g->loc.file : "genoc",
                    sev, g->code, g->message);
        char *src = g->loc.line > 0 ? source_line(g->loc.file, g->loc.line) : NULL;
        if (src) {
            fprintf(out, "    %s\n    ", src);
            /* Keep tabs so the caret lines up under tab-indented source. */
            for (int c = 1; c < g->loc.col && src[c - 1]; c++)
                fputc(src[c - 1] == '\t' ? '\t' : ' ', out);
            fputs("^\n", out);
            xfree(src);
        }
    }
}

void json_escape(StrBuf *sb, const char *s) {
    sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': sb_puts(sb, "\\\""); break;
        case '\\': sb_puts(sb, "\\\\"); break;
        case '\n': sb_puts(sb, "\\n"); break;
        case '\r': sb_puts(sb, "\\r"); break;
        case '\t': sb_puts(sb, "\\t"); break;
        default:
            if (*p < 0x20) sb_printf(sb, "\\u%04x", *p);
            else sb_putc(sb, (char)*p);
        }
    }
    sb_putc(sb, '"');
}

void diag_print_json(FILE *out, const Diags *d) {
    StrBuf sb = {0};
    sb_puts(&sb, "[");
    for (int i = 0; i < d->list.len; i++) {
        const Diag *g = &d->list.items[i];
        sb_puts(&sb, i ? ", {\"code\": " : "{\"code\": ");
        json_escape(&sb, g->code);
        sb_puts(&sb, ", \"message\": ");
        json_escape(&sb, g->message);
        sb_printf(&sb, ", \"severity\": \"%s\"", g->sev == SEV_ERROR ? "error" : "warning");
        if (g->loc.line > 0) {
            sb_printf(&sb, ", \"location\": {\"line\": %d, \"column\": %d, \"filename\": ",
                      g->loc.line, g->loc.col);
            json_escape(&sb, g->loc.file ? g->loc.file : "");
            sb_puts(&sb, "}");
        }
        sb_puts(&sb, "}");
    }
    sb_puts(&sb, "]");
    fputs(sb.buf, out);
    xfree(sb.buf);
}
