/* diag.h — compile-time diagnostics.
 *
 * Every phase (lexer, parser, checker, codegen) reports into a Diags list.
 * Codes are the reference's (E100 lexer, E2xx parser, E3xx checker).
 * Printed form (genoc's, see docs/compat.md):
 *
 *     prog.geno:3:5: error[E201]: Expected ')', got 'end'
 *         return x
 *         ^
 */
#ifndef GENOC_DIAG_H
#define GENOC_DIAG_H

#include <stdio.h>
#include "util.h"

typedef struct {
    const char *file;   /* path as given on the command line */
    int line, col;      /* 1-based; 0 = unknown */
} SrcLoc;

typedef enum { SEV_ERROR, SEV_WARNING } Severity;

typedef struct {
    const char *code;   /* "E201" */
    char *message;
    SrcLoc loc;
    Severity sev;
} Diag;

typedef struct {
    VEC(Diag) list;
    int errors;
} Diags;

void diag_add(Diags *d, const char *code, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Registers a file's text so printing can show the source line. */
void diag_register_source(const char *file, const char *text);
/* Forgets every registered text (check_reset). */
void diag_reset_sources(void);

/* Human form on `out`, in source order of addition. */
void diag_print(FILE *out, const Diags *d);
/* JSON array of {code, message, severity, location{line,column,filename}}. */
void diag_print_json(FILE *out, const Diags *d);
/* Appends a JSON string literal (with escapes) to sb. */
void json_escape(StrBuf *sb, const char *s);

#endif
