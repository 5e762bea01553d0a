/* rt/map.h — Map internals for the printer and equality (see map.c). */
#ifndef GENO_RT_MAP_H
#define GENO_RT_MAP_H

#include "geno/rt.h"

/* Order-insensitive equality of two maps of types ta and tb. */
int geno_map_equal2(GenoMap *a, const GenoType *ta, GenoMap *b, const GenoType *tb);
/* Python's str(v) for a value of type t (top-level String raw, nested
 * strings in Python quotes, True/False, constructors as their repr). */
GenoStr *geno_py_str(GenoWord v, const GenoType *t);

#endif
