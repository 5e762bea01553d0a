/* rt/value.h — the type-driven printer and equality inside (see value.c). */
#ifndef GENO_RT_VALUE_H
#define GENO_RT_VALUE_H

#include "geno/rt.h"
#include "str.h"

/* Appends v's printed form: raw when top_level and v is a String, canonical
 * otherwise. */
void geno_write_value(GenoBuf *b, GenoWord v, const GenoType *t, int top_level);
/* Equality across two static types. Equal types compare structurally;
 * Int against Float compares numerically (the reference's `2 == 2.0`, also
 * inside lists and constructors). */
int geno_equal2(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb);

#endif
