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

/* In-place writes for a sole owner (list.c, "written in place"): a header
 * of the owner's own (with a copy of the tail when copy_tail), and element
 * i (0 <= i < len) of such a header set under the owner's edit id (> 0). */
GenoList *geno_list_own(GenoList *l, int copy_tail);
void geno_list_set_owned(GenoList *l, int64_t i, GenoWord v, int64_t edit);

#endif
