/* builtins_core.c — list and numeric builtins built on the public list and
 * Int API (so they survive a change of list representation), with the
 * reference interpreter's error messages. */
#include <geno/rt.h>

#include <math.h>

GenoWord geno_list_head(GenoList *l, GenoLoc loc) {
    if (geno_list_len(l) == 0) geno_raise("E499", loc, "head of empty list");
    return geno_list_get(l, 0);
}

/* tail, reverse and concat live in list.c: they share the persistent
 * vector's structure instead of copying. */

GenoInt geno_int_abs(GenoInt a, GenoLoc loc) {
    return GENO_INT_LT(a, GENO_INT_SMALL(0)) ? geno_int_neg(a, loc) : a;
}

double geno_float_abs(double d) { return fabs(d); }

double geno_float_sqrt(double d, GenoLoc loc) {
    if (d < 0) geno_raise("E499", loc, "sqrt of negative number");
    return sqrt(d);
}

/* floor/ceil/round/float_to_int: an Int within JavaScript's safe range, as
 * the reference requires; `what` names the builtin in the message. */
static GenoInt safe_int(double t, const char *what, GenoLoc loc) {
    if (isnan(t)) geno_raise("E499", loc, "cannot convert float NaN to integer");
    if (isinf(t)) geno_raise("E499", loc, "cannot convert float infinity to integer");
    if (fabs(t) > 9007199254740991.0)
        geno_raise("E499", loc, "%s result exceeds JavaScript safe integer range", what);
    return GENO_INT_SMALL((int64_t)t);
}

/* The reference's round: floor(x + 0.5) done as floor, then up at .5. */
static double round_half_up(double d) {
    double base = floor(d);
    return base + (d - base >= 0.5 ? 1 : 0);
}

GenoInt geno_float_floor(double d, GenoLoc loc) { return safe_int(floor(d), "floor", loc); }
GenoInt geno_float_ceil(double d, GenoLoc loc) { return safe_int(ceil(d), "ceil", loc); }
GenoInt geno_float_round(double d, GenoLoc loc) { return safe_int(round_half_up(d), "round", loc); }
/* math_floor / math_ceil / math_round differ only in the name they report. */
GenoInt geno_math_floor(double d, GenoLoc loc) { return safe_int(floor(d), "math_floor", loc); }
GenoInt geno_math_ceil(double d, GenoLoc loc) { return safe_int(ceil(d), "math_ceil", loc); }
GenoInt geno_math_round(double d, GenoLoc loc) { return safe_int(round_half_up(d), "math_round", loc); }

int geno_list_contains(GenoList *l, GenoWord v, const GenoType *elem) {
    int64_t n = geno_list_len(l);
    for (int64_t i = 0; i < n; i++)
        if (geno_equal(geno_list_get(l, i), v, elem)) return 1;
    return 0;
}

GenoInt geno_float_to_int(double d, GenoLoc loc) { return safe_int(trunc(d), "float_to_int", loc); }

/* divide(a, b): like `/` but with the reference's bare message. */
GenoInt geno_int_divide(GenoInt a, GenoInt b, GenoLoc loc) {
    if (GENO_INT_EQ(b, GENO_INT_SMALL(0))) geno_raise("E400", loc, "Division by zero");
    return geno_int_div(a, b, loc);
}

double geno_float_divide(double a, double b, GenoLoc loc) {
    if (b == 0) geno_raise("E400", loc, "Division by zero");
    return a / b;
}
