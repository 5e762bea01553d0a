/* builtins.h — the reference's 231 builtins as data: names, parameter
 * names, signatures, capabilities and effects (frontend/builtins_table.c).
 *
 * `sig` is the signature as the reference prints it, e.g.
 *     "(List[T], (T) -> Bool) -> List[T]"     "(T) -> Unit with io"
 * with builtin-only type variables T U K V E F and `Num` (Int or Float, the
 * result following the operands). The checker parses it once with the
 * ordinary type parser. Builtins whose typing the reference special-cases
 * (length on String/Array, print of any value, range's optional step, ...)
 * are marked in `special`.
 */
#ifndef GENOC_BUILTINS_H
#define GENOC_BUILTINS_H

#include "checker.h"

typedef struct {
    const char *name;
    const char *sig;
    const char *params[6];      /* parameter names, NULL-terminated */
    int min_args;               /* required arguments */
    const char *capability;     /* "print", "fs", ... or NULL */
    const char *effect;         /* "io", "fs", ... or NULL */
    const char *special;        /* short note of reference-specific typing, or NULL */
} BuiltinSig;

const BuiltinSig *builtin_lookup(const char *name);   /* NULL if not a builtin */
int builtin_count(void);                              /* 231 */
const BuiltinSig *builtin_at(int i);                  /* sorted by name */

#endif
