/* numlib.c — numeric builtins: math_* functions, max/min/clamp, square,
 * is_positive, is_sorted, with the reference's results and messages.
 *
 * The reference computes these with Python's float and int operations:
 *   max(a, b)            a if a >= b else b          (builtin_max)
 *   math_max(a, b)       Python max(a, b): b only if b > a
 *   math_min(a, b)       Python min(a, b): b only if b < a
 *   clamp / math_clamp   max(lo, min(hi, value)) with Python's max/min
 * so NaN and equal operands pick the same side as the reference. With Int
 * and Float mixed (the reference allows an Int where a Float is expected),
 * the winning operand keeps its own type: geno_num_* take and return a word
 * plus an is-float flag, comparing Int with Float exactly.
 *
 * math.sin/cos of an infinity raise Python's ValueError "math domain error";
 * math.log of an Int too large for a double still works (Python takes the
 * logarithm of mantissa and exponent), so there is an Int entry for it.
 */
#include <math.h>

#include "geno/rt.h"
#include "int.h"

/* ---- math_* ----------------------------------------------------------------------- */

double geno_math_sqrt(double x, GenoLoc loc) {
    if (x < 0) geno_raise("E499", loc, "math_sqrt: argument must be non-negative");
    return sqrt(x);
}

double geno_math_log(double x, GenoLoc loc) {
    if (x <= 0) geno_raise("E499", loc, "math_log: argument must be positive");
    return log(x);
}

double geno_math_log_int(GenoInt x, GenoLoc loc) {
    if (geno_int_sign(x) <= 0) geno_raise("E499", loc, "math_log: argument must be positive");
    if (geno_int_bit_length(x) <= 1023) return log(geno_int_to_double(x, loc));
    mpz_t t;
    long e;
    double m = mpz_get_d_2exp(&e, geno_int_mpz(x, t));    /* x = m * 2^e, m in [0.5, 1) */
    return log(m) + log(2.0) * (double)e;
}

double geno_math_sin(double x, GenoLoc loc) {
    if (isinf(x)) geno_raise("E499", loc, "math domain error");
    return sin(x);
}

double geno_math_cos(double x, GenoLoc loc) {
    if (isinf(x)) geno_raise("E499", loc, "math domain error");
    return cos(x);
}

double geno_math_pi(void) { return 3.141592653589793; }
double geno_math_e(void) { return 2.718281828459045; }

/* ---- max / min / clamp ------------------------------------------------------------- */

GenoInt geno_max_int(GenoInt a, GenoInt b) { return GENO_INT_GE(a, b) ? a : b; }
double geno_max_float(double a, double b) { return a >= b ? a : b; }
GenoInt geno_math_max_int(GenoInt a, GenoInt b) { return GENO_INT_GT(b, a) ? b : a; }
double geno_math_max_float(double a, double b) { return b > a ? b : a; }
GenoInt geno_math_min_int(GenoInt a, GenoInt b) { return GENO_INT_LT(b, a) ? b : a; }
double geno_math_min_float(double a, double b) { return b < a ? b : a; }

GenoInt geno_clamp_int(GenoInt value, GenoInt lo, GenoInt hi) {
    GenoInt inner = GENO_INT_LT(value, hi) ? value : hi;
    return GENO_INT_GT(inner, lo) ? inner : lo;
}

double geno_clamp_float(double value, double lo, double hi) {
    double inner = value < hi ? value : hi;
    return inner > lo ? inner : lo;
}

/* -1, 0, 1 as a <, ==, > b; 2 when unordered (a NaN). */
int geno_num_cmp(GenoWord a, int a_float, GenoWord b, int b_float) {
    if (a_float && b_float) {
        double x = geno_w2f(a), y = geno_w2f(b);
        if (isnan(x) || isnan(y)) return 2;
        return (x > y) - (x < y);
    }
    if (!a_float && !b_float) return geno_int_cmp_slow((GenoInt)a, (GenoInt)b);
    if (!a_float) return geno_int_float_cmp((GenoInt)a, geno_w2f(b));
    int c = geno_int_float_cmp((GenoInt)b, geno_w2f(a));
    return c == 2 ? 2 : -c;
}

GenoWord geno_num_max(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float) {
    int c = geno_num_cmp(a, a_float, b, b_float);
    int pick_a = c == 0 || c == 1;
    *is_float = pick_a ? a_float : b_float;
    return pick_a ? a : b;
}

GenoWord geno_num_math_max(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float) {
    int pick_b = geno_num_cmp(b, b_float, a, a_float) == 1;
    *is_float = pick_b ? b_float : a_float;
    return pick_b ? b : a;
}

GenoWord geno_num_math_min(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float) {
    int pick_b = geno_num_cmp(b, b_float, a, a_float) == -1;
    *is_float = pick_b ? b_float : a_float;
    return pick_b ? b : a;
}

GenoWord geno_num_clamp(GenoWord value, int value_float, GenoWord lo, int lo_float,
                        GenoWord hi, int hi_float, int *is_float) {
    int inner_float;
    GenoWord inner = geno_num_math_min(hi, hi_float, value, value_float, &inner_float);
    return geno_num_math_max(lo, lo_float, inner, inner_float, is_float);
}

/* ---- small predicates ----------------------------------------------------------------- */

GenoInt geno_square_int(GenoInt a, GenoLoc loc) { return GENO_INT_MUL(a, a, loc); }
double geno_square_float(double a) { return a * a; }
int geno_is_positive(GenoInt a) { return geno_int_sign(a) > 0; }

int geno_is_sorted(GenoList *l) {
    int64_t n = geno_list_len(l);
    for (int64_t i = 0; i + 1 < n; i++)
        if (!GENO_INT_LE((GenoInt)geno_list_get(l, i), (GenoInt)geno_list_get(l, i + 1))) return 0;
    return 1;
}
