/* caps.c — the capability gate every effectful builtin passes first.
 *
 * Capabilities fail closed: a builtin whose capability was not granted
 * (`--cap`) raises E412 with the reference interpreter's message, which a
 * program can catch as a String like any runtime error. */
#include "run.h"

#include <geno/rt.h>

void geno_require_cap(unsigned cap, const char *builtin, GenoLoc loc) {
    if (!(geno_cfg.caps & cap))
        geno_raise("E412", loc, "Capability denied: '%s' requires a capability that was not granted",
                   builtin);
}
