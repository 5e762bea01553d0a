/* rt/floats.h — Float formatting shared by the runtime (see float.c). */
#ifndef GENO_RT_FLOATS_H
#define GENO_RT_FLOATS_H

#define GENO_FLOAT_REPR_MAX 32

/* Writes Python's repr(d) into out (at least GENO_FLOAT_REPR_MAX bytes),
 * NUL-terminated; returns its length. */
int geno_float_repr(double d, char *out);

#endif
