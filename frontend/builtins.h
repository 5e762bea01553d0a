/* builtins.h — the reference's 231 builtins as data: names, parameter
 * names, signatures, capabilities and effects (frontend/builtins_table.c).
 *
 * `sig` is the signature as the reference prints it, e.g.
 *     "(List[T], (T) -> Bool) -> List[T]"     "(T) -> Unit with io"
 * with builtin-only type variables T U K V E F and `Num` (Int or Float, the
 * result following the operands). The checker parses it once with the
 * ordinary type parser. Builtins whose typing the reference special-cases
 * (length on String/Array, print of any value, range's optional step, ...)
 * are marked in `special`. `emit` says which runtime function implements
 * each one: this one table drives the checker, the code generator and
 * `genoc builtins`.
 */
#ifndef GENOC_BUILTINS_H
#define GENOC_BUILTINS_H

#include "checker.h"

/* How the C value of `emit` becomes the Geno result (codegen). */
typedef enum {
    BR_NONE,    /* no template: emitted by code in codegen/emit_builtins.c, or not yet */
    BR_VALUE,   /* the template's value is the result as is */
    BR_BOOL,    /* C int 0/1 -> Bool */
    BR_WORD,    /* a GenoWord -> the result's C type */
    BR_COUNT,   /* an int64_t count -> Int */
    BR_UNIT,    /* a void call -> Unit */
} BuiltinResult;

typedef struct {
    const char *name;
    const char *sig;
    const char *params[6];      /* parameter names, NULL-terminated */
    int min_args;               /* required arguments */
    const char *capability;     /* "print", "fs", ... or NULL */
    const char *effect;         /* "io", "fs", ... or NULL */
    const char *special;        /* short note of reference-specific typing, or NULL */
    /* The runtime call that implements it: a C template over the arguments
     * ($0.. values, $W0.. words, $D0.. descriptors, $E0 element descriptor,
     * $L location, $R / $T result and result-element descriptors; see
     * codegen/emit_builtins.c), or NULL when codegen handles it in code. */
    const char *emit;
    BuiltinResult result;
} BuiltinSig;

const BuiltinSig *builtin_lookup(const char *name);   /* NULL if not a builtin */
int builtin_count(void);                              /* 231 */
const BuiltinSig *builtin_at(int i);                  /* sorted by name */

#endif
