/* prelude.h — geno/rt.h cut down to what one program uses, for libtcc. */
#ifndef GENOC_PRELUDE_H
#define GENOC_PRELUDE_H

#include <stdbool.h>

/* c_source with its `#include <geno/rt.h>` line replaced by the chunks of
 * the header it needs (xmalloc'd), or NULL when it has no such line. Sets
 * runtime_used[i] (runtime_symbol_count entries, cleared by the caller; NULL
 * when not wanted) for each runtime symbol the result may reference. */
char *prelude_expand(const char *c_source, bool *runtime_used);

#endif
