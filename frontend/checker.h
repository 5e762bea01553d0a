/* checker.h — what the checker leaves on the AST for the code generator.
 *
 * After check_program succeeds:
 *   - every Expr has `ty` (resolved with ty_resolve);
 *   - EX_IDENT and EX_CALL have `sym` (a Sym *): the local, user function or
 *     builtin they name;
 *   - EX_CALL has `elems`: its arguments in parameter order, defaults filled;
 *   - an Expr whose Int value flows where a Float is expected has
 *     AUX_TO_FLOAT in `aux` (the reference converts at such boundaries);
 *   - ST_LET/ST_VAR/ST_FOR have `sym` (the local they bind), DEF_FUNC has
 *     `sym` (its function symbol).
 */
#ifndef GENOC_CHECKER_H
#define GENOC_CHECKER_H

#include "ast.h"
#include "types.h"

typedef enum { SYM_LOCAL, SYM_FUNC, SYM_BUILTIN } SymKind;

/* Builtins the checker and code generator know so far. */
typedef enum {
    BI_NONE,
    BI_PRINT, BI_TO_STRING, BI_LENGTH, BI_APPEND, BI_RANGE,
    BI_HEAD, BI_TAIL, BI_CONCAT, BI_REVERSE,
    BI_INT_TO_FLOAT, BI_FLOAT_TO_INT, BI_ABS, BI_SQRT,
    BI_FLOOR, BI_CEIL, BI_ROUND, BI_BIT_OR, BI_CONTAINS,
    BI__COUNT
} BuiltinId;

typedef struct Sym {
    SymKind kind;
    const char *name;
    Type *ty;
    bool is_mutable;
    bool is_param;      /* a function parameter (C name p_<name>) */
    int id;             /* unique per local, for C names */
    Def *def;           /* SYM_FUNC */
    BuiltinId builtin;  /* SYM_BUILTIN */
} Sym;

enum { AUX_TO_FLOAT = 1 };

#endif
