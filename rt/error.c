/* error.c — raising runtime errors, try frames, and the final diagnostic.
 *
 * A runtime error carries a diagnostic code (E4xx/E5xx as the reference
 * assigns them), a message, and the Geno source position. It unwinds with
 * longjmp to the innermost try frame that may see it: Geno try/catch frames
 * see ordinary errors; errors the reference makes uncatchable (limits,
 * contracts) pass them by and reach only frames pushed with catch_fatal,
 * such as geno_run's own. With no such frame the program ends here: output
 * is flushed, `FILE:LINE:COL: error[CODE]: MESSAGE` goes to cfg.err_fd, and
 * the process exits with status 1.
 *
 * The message is formatted into GC memory; if even that fails (the error
 * may be "Memory limit exceeded" itself), a static buffer is used.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <gc/gc.h>

#include "geno/rt.h"
#include "errors.h"
#include "print.h"
#include "run.h"
#include "str.h"
#include "value.h"

GenoTryFrame *geno_try_top;
const char *geno_source_path;
int64_t geno_depth_left = 500, geno_max_depth = 500;   /* depth 0 (see geno/rt.h) */

void geno_try_push(GenoTryFrame *f, int catch_fatal) {
    f->prev = geno_try_top;
    f->depth = geno_depth_left;
    f->catch_fatal = catch_fatal;
    f->fatal = 0;
    f->code = NULL;
    f->message = NULL;
    f->loc = 0;
    f->thrown = 0;
    f->thrown_type = NULL;
    f->builtin_jmp = 0;
    geno_try_top = f;
}

void geno_try_pop(GenoTryFrame *f) { geno_try_top = f->prev; }

static GENO_STR_STATIC(512) fallback_msg = { .data = fallback_msg.b_ };

static GenoStr *format_message(const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    char small[256];   /* most messages: formatted once, then copied */
    int n = vsnprintf(small, sizeof small, fmt, ap);
    GenoStr *s = GC_MALLOC_ATOMIC(sizeof(GenoStr) + (size_t)n + 1);   /* no E504 recursion */
    if (s) {
        s->data = (char *)(s + 1);
        if (n < (int)sizeof small) memcpy(s->data, small, (size_t)n + 1);
        else vsnprintf(s->data, (size_t)n + 1, fmt, ap2);
        s->len = n;
    } else {
        s = (GenoStr *)&fallback_msg;
        vsnprintf(s->data, sizeof fallback_msg.b_, fmt, ap2);
        s->len = (int64_t)strlen(s->data);
    }
    va_end(ap2);
    s->cplen = geno_utf8_count(s->data, s->len);
    return s;
}

void geno_report_error(const char *code, GenoLoc loc, const GenoStr *msg) {
    char head[64];
    const char *path = geno_source_path ? geno_source_path : "<program>";
    int fd = geno_cfg.err_fd;
    geno_write_all(fd, path, (int64_t)strlen(path));
    int n = loc ? snprintf(head, sizeof head, ":%d:%d: error[%s]: ", GENO_LOC_LINE(loc), GENO_LOC_COL(loc), code)
                : snprintf(head, sizeof head, ": error[%s]: ", code);
    geno_write_all(fd, head, n);
    geno_write_all(fd, msg->data, msg->len);
    geno_write_all(fd, "\n", 1);
}

static GenoStr *uncaught_throw_text(GenoWord v, const GenoType *t);

static _Noreturn void unwind(int fatal, const char *code, GenoLoc loc, GenoStr *msg,
                             GenoWord thrown, const GenoType *thrown_type) {
    GenoTryFrame *f = geno_try_top;
    while (f && fatal && !f->catch_fatal) f = f->prev;
    if (!f) {
        geno_out_flush();
        if (!msg && thrown_type) msg = uncaught_throw_text(thrown, thrown_type);
        geno_report_error(code, loc, msg);
        _exit(1);
    }
    geno_try_top = f->prev;
    geno_depth_left = f->depth;
    f->fatal = fatal;
    f->code = code;
    f->message = msg;
    f->loc = loc;
    f->thrown = thrown;
    f->thrown_type = thrown_type;
    if (f->builtin_jmp) __builtin_longjmp((void **)f->jb, 1);
    longjmp(f->jb, 1);
}

void geno_raise(const char *code, GenoLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    GenoStr *msg = format_message(fmt, ap);
    va_end(ap);
    unwind(0, code, loc, msg, 0, NULL);
}

void geno_raise_fatal(const char *code, GenoLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    GenoStr *msg = format_message(fmt, ap);
    va_end(ap);
    unwind(1, code, loc, msg, 0, NULL);
}

void geno_raise_str(const char *code, GenoLoc loc, GenoStr *msg) {
    unwind(0, code, loc, msg, 0, NULL);
}

/* geno_raise of an ASCII message already in bytes[0..n): no formatting and
 * no UTF-8 count (a caught division by zero: ~1,500 instructions of
 * vsnprintf, geno_int_cstr and counting before). */
void geno_raise_ascii(const char *code, GenoLoc loc, const char *bytes, int64_t n) {
    GenoStr *s = GC_MALLOC_ATOMIC(sizeof(GenoStr) + (size_t)n + 1);   /* no E504 recursion */
    if (!s) geno_raise(code, loc, "%.*s", (int)n, bytes);
    s->data = (char *)(s + 1);
    memcpy(s->data, bytes, (size_t)n);
    s->data[n] = 0;
    s->len = s->cplen = n;
    unwind(0, code, loc, s, 0, NULL);
}

/* A thrown non-String value carries no message: "Uncaught throw: <repr>"
 * is built only if something reads it (geno_caught_message, or the final
 * diagnostic), so a throw caught by type costs no formatting. */
void geno_throw(GenoWord v, const GenoType *t, GenoLoc loc) {
    if (t->kind == GT_STRING) unwind(0, "E499", loc, (GenoStr *)(uintptr_t)v, 0, NULL);
    unwind(0, "E499", loc, NULL, v, t);
}

static GenoStr *uncaught_throw_text(GenoWord v, const GenoType *t) {
    GenoBuf *b = geno_buf_new();
    geno_buf_add_ascii(b, "Uncaught throw: ", 16);
    geno_write_value(b, v, t, 0);
    return geno_buf_to_str(b);
}

GenoStr *geno_caught_message(GenoTryFrame *f) {
    if (!f->message && f->thrown_type) f->message = uncaught_throw_text(f->thrown, f->thrown_type);
    return f->message;
}

void geno_raise_fatal_str(const char *code, GenoLoc loc, GenoStr *msg) {
    unwind(1, code, loc, msg, 0, NULL);
}

/* ---- catch clauses (emitted try/catch) ------------------------------------ */

/* Python's repr of a value inside a thrown constructor: what the reference
 * binds to `catch e: String` for a thrown ADT (`Bad(msg: 'oops')`). */
static void py_repr(GenoBuf *b, GenoWord v, const GenoType *t) {
    if (t->kind == GT_STRING) {
        geno_py_repr_str(b, (const GenoStr *)(uintptr_t)v);
    } else if (t->kind == GT_BOOL) {
        geno_buf_add_ascii(b, v ? "True" : "False", v ? 4 : 5);
    } else if (t->kind == GT_LIST) {
        GenoList *l = (GenoList *)(uintptr_t)v;
        geno_buf_add_ascii(b, "[", 1);
        for (int64_t i = 0; i < geno_list_len(l); i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            py_repr(b, geno_list_get(l, i), t->params[0]);
        }
        geno_buf_add_ascii(b, "]", 1);
    } else if (t->kind == GT_ADT) {
        const GenoAdt *a = (const GenoAdt *)(uintptr_t)v;
        const GenoVariant *var = &t->variants[a->tag];
        geno_buf_add_ascii(b, var->name, (int64_t)strlen(var->name));
        if (!var->nfields) return;
        geno_buf_add_ascii(b, "(", 1);
        for (int i = 0; i < var->nfields; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            geno_buf_add_ascii(b, var->field_names[i], (int64_t)strlen(var->field_names[i]));
            geno_buf_add_ascii(b, ": ", 2);
            py_repr(b, a->fields[i], var->field_types[i]);
        }
        geno_buf_add_ascii(b, ")", 1);
    } else {
        geno_write_value(b, v, t, 0);
    }
}

GenoStr *geno_caught_text(GenoTryFrame *f) {
    if (!f->thrown_type) return f->message;
    GenoBuf *b = geno_buf_new();
    py_repr(b, f->thrown, f->thrown_type);
    return geno_buf_to_str(b);
}

int geno_caught_is(GenoTryFrame *f, const char *adt_name) {
    return f->thrown_type && f->thrown_type->kind == GT_ADT && f->thrown_type->name &&
           strcmp(f->thrown_type->name, adt_name) == 0;
}

void geno_reraise(GenoTryFrame *f) {
    unwind(f->fatal, f->code, f->loc, f->message, f->thrown, f->thrown_type);
}
