/* rt/list.h — list internals shared with the other collections (see list.c). */
#ifndef GENO_RT_LIST_H
#define GENO_RT_LIST_H

#include "geno/rt.h"

/* Raises E499 "<kind> size exceeds limit (N > L)" when size is over
 * cfg.max_collection_size (kind: "List", "Map", "Set", ...). */
void geno_check_collection_size(const char *kind, int64_t size, GenoLoc loc);

/* Adds n words to a builder at once (runtime-internal: the builtins that
 * produce lists element by element). */
void geno_list_builder_add_many(GenoListBuilder *b, const GenoWord *items, int64_t n, GenoLoc loc);

#endif
