/* emit.h — state shared by the C emitter's files (emit.c: program,
 * functions, statements, type descriptors; emit_expr.c: expressions).
 *
 * Expressions are emitted as C expression text (statement expressions
 * `({ ... })` where a temporary is needed; tcc and gcc both accept them);
 * statements as lines appended to `body`. Geno values use the C types of
 * geno/rt.h: Int GenoInt, Float double, Bool int64_t, Unit GenoWord (0),
 * String GenoStr *, List GenoList *.
 */
#ifndef GENOC_EMIT_H
#define GENOC_EMIT_H

#include "checker.h"
#include "codegen.h"

typedef struct {
    Diags *d;
    const char *path;
    StrBuf head;        /* type descriptors, string literals, prototypes */
    StrBuf body;        /* function definitions */
    int tmp;            /* counter for fresh C names */
    int indent;
    int last_line;      /* for #line directives */
    VEC(char *) desc_keys;   /* ty_str of each emitted descriptor, by index */
    Type *cur_ret;
    Def *cur_func;
} Emitter;

/* emit_expr.c */
char *emit_expr(Emitter *em, Expr *e);          /* value with coercions applied */
char *c_type(Type *t);                          /* "GenoInt", "GenoStr *", ... */
char *to_word(Type *t, const char *cexpr);      /* C value → GenoWord */
char *from_word(Type *t, const char *wexpr);    /* GenoWord → C value */
char *loc_arg(SrcLoc loc);                      /* "GENO_LOC(3, 5)" */

/* emit.c */
char *type_desc(Emitter *em, Type *t);          /* "&geno_t_int", "&td_3" */
char *local_name(Sym *s);                       /* C name of a local or parameter */
char *func_name(const char *geno_name);         /* C name of a user function */
void emit_unsupported(Emitter *em, SrcLoc loc, const char *what);

#endif
