/* rt/list.h — list internals shared with the other collections (see list.c). */
#ifndef GENO_RT_LIST_H
#define GENO_RT_LIST_H

#include "geno/rt.h"

/* Raises E499 "<kind> size exceeds limit (N > L)" when size is over
 * cfg.max_collection_size (kind: "List", "Map", "Set", ...). */
void geno_check_collection_size(const char *kind, int64_t size, GenoLoc loc);

#endif
