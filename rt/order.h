/* rt/order.h — the reference's sort order over values (see order.c). */
#ifndef GENO_RT_ORDER_H
#define GENO_RT_ORDER_H

#include "geno/rt.h"

/* -1, 0, 1 comparing a (type ta) with b (type tb) by the reference's
 * type-ranked sort key. */
int geno_order_cmp2(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb);

#endif
