/* macro_expand.h — the macros of the C for libtcc, expanded ahead of tcc
 * (macro_expand.c says why and what it handles). */
#ifndef GENOC_MACRO_EXPAND_H
#define GENOC_MACRO_EXPAND_H

#include <stddef.h>

/* text (len bytes) with the function-like macro invocations whose names
 * start at the offsets `sites` (ascending, in [program_start, len): every
 * use of a header macro's name there, found by the prelude's scan; those
 * inside another's arguments are expanded with it) expanded, the
 * definitions read from the directive lines before program_start
 * (xmalloc'd); or NULL when there is nothing to expand or the text uses
 * something this expansion does not handle: then tcc expands the original. */
char *macro_preexpand(const char *text, size_t len, size_t program_start, const size_t *sites, int nsites);

#endif
