/* float.c — Float arithmetic that can fail, and Float's printed form.
 *
 * Printing follows Python's repr(), which the reference prints with: the
 * shortest decimal digits that read back as the same double, positional
 * notation when the decimal exponent is in [-4, 16), scientific otherwise
 * (`1e+20`, `1.5e-07`: at least two exponent digits), and always a `.` or an
 * `e`; `inf`, `-inf`, `nan`, `-0.0`. The shortest digits are found by asking
 * printf for 1, 2, ... 17 correctly rounded significant digits until strtod
 * gives the same double back. At a power of two the rounding interval is
 * lopsided, so a p-digit neighbour of the correctly rounded p digits may read
 * back when they do not; that neighbour is tried too, as dtoa would find it.
 *
 * Division, remainder and power raise the reference's errors: Python raises
 * on float division by zero and on overflowing `**`, and computes `%` as
 * a - b * trunc(a / b) (not C's fmod).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "floats.h"
#include "str.h"

/* ---- shortest round-trip digits ----------------------------------------------- */

/* Adds delta (+1 or -1) to the last digit of a digit string in place; returns
 * 0 when that would change the digit count (carry out / borrow out). */
static int bump_last_digit(char *digits, int n, int delta) {
    for (int i = n - 1; i >= 0; i--) {
        int d = digits[i] - '0' + delta;
        if (d >= 0 && d <= 9) { digits[i] = (char)('0' + d); return i > 0 || d != 0; }
        digits[i] = delta > 0 ? '0' : '9';
    }
    return 0;
}

static int reads_back(const char *digits, int n, int exp10, double d) {
    char buf[48];
    snprintf(buf, sizeof buf, "%s%.*se%d", d < 0 ? "-" : "", n, digits, exp10 - (n - 1));
    return strtod(buf, NULL) == d;
}

/* The shortest digits when |d| = m / 10^k exactly as doubles go, for an
 * integer m below 10^15 and k <= 15 (json_roundtrip's 2.25 or 9.75, any
 * integral value): the digits of m, without the printf and strtod rounds
 * (json_roundtrip spent half its instructions in them). They read back:
 * m and 10^k are exact doubles, so the division is correctly rounded, as
 * strtod("m e-k") is. They are the shortest: two different decimals of at
 * most 15 significant digits never round to the same double (DBL_DIG), so
 * no shorter string reads back as d. Returns 0 when d is not of that form. */
static int short_decimal_digits(double d, char *digits, int *exp10) {
    static const double p10[16] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    double a = fabs(d);
    if (!(a < 1e15) || a < 1e-6) return 0;
    for (int k = 0; k <= 15; k++) {
        double t = a * p10[k];
        if (t >= 1e15) return 0;
        if (t != (double)(int64_t)t || t / p10[k] != a) continue;
        char tmp[20];
        int n = 0;
        for (int64_t m = (int64_t)t; m; m /= 10) tmp[n++] = (char)('0' + m % 10);
        for (int i = 0; i < n; i++) digits[i] = tmp[n - 1 - i];
        *exp10 = n - 1 - k;
        while (n > 1 && digits[n - 1] == '0') n--;
        digits[n] = 0;
        return n;
    }
    return 0;
}

/* Shortest digits of |d| (finite, nonzero) and its decimal exponent: d =
 * 0.DIGITS x 10^(exp10+1), i.e. the first digit is at 10^exp10. */
static int shortest_digits(double d, char *digits, int *exp10) {
    int quick = short_decimal_digits(d, digits, exp10);
    if (quick) return quick;
    char buf[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, fabs(d));
        int n = 0;
        char *e = buf;
        for (; *e != 'e'; e++)
            if (*e != '.') digits[n++] = *e;
        digits[n] = 0;
        *exp10 = atoi(e + 1);
        if (reads_back(digits, n, *exp10, d)) return n;
        if (p == 17) return n;               /* 17 digits always read back */
        char alt[24];
        for (int delta = -1; delta <= 1; delta += 2) {
            memcpy(alt, digits, (size_t)n + 1);
            if (bump_last_digit(alt, n, delta) && reads_back(alt, n, *exp10, d)) {
                memcpy(digits, alt, (size_t)n + 1);
                return n;
            }
        }
    }
    return 0;   /* not reached */
}

int geno_float_repr(double d, char *out) {
    if (isnan(d)) return sprintf(out, "nan");
    if (isinf(d)) return sprintf(out, d > 0 ? "inf" : "-inf");
    if (d == 0) return sprintf(out, signbit(d) ? "-0.0" : "0.0");

    char digits[24];
    int exp10;
    int n = shortest_digits(d, digits, &exp10);
    while (n > 1 && digits[n - 1] == '0') digits[--n] = 0;

    char *o = out;
    if (d < 0) *o++ = '-';
    if (exp10 >= -4 && exp10 < 16) {
        if (exp10 < 0) {                                /* 0.000ddd */
            *o++ = '0'; *o++ = '.';
            for (int i = 0; i < -exp10 - 1; i++) *o++ = '0';
            memcpy(o, digits, (size_t)n); o += n;
        } else {                                        /* ddd[000].ddd or ddd.0 */
            for (int i = 0; i <= exp10; i++) *o++ = i < n ? digits[i] : '0';
            *o++ = '.';
            if (n > exp10 + 1) { memcpy(o, digits + exp10 + 1, (size_t)(n - exp10 - 1)); o += n - exp10 - 1; }
            else *o++ = '0';
        }
    } else {                                            /* d.ddde+XX */
        *o++ = digits[0];
        if (n > 1) { *o++ = '.'; memcpy(o, digits + 1, (size_t)n - 1); o += n - 1; }
        o += sprintf(o, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    }
    *o = 0;
    return (int)(o - out);
}

GenoStr *geno_float_to_str(double d) {
    char buf[GENO_FLOAT_REPR_MAX];
    int n = geno_float_repr(d, buf);
    return geno_str_new(buf, n);
}

/* ---- operations ---------------------------------------------------------------- */

static _Noreturn void division_by_zero(double a, double b, const char *op, GenoLoc loc) {
    char sa[GENO_FLOAT_REPR_MAX], sb[GENO_FLOAT_REPR_MAX];
    geno_float_repr(a, sa);
    geno_float_repr(b, sb);
    geno_raise("E400", loc, "Division by zero: cannot compute %s %s %s", sa, op, sb);
}

double geno_float_div(double a, double b, GenoLoc loc) {
    if (b == 0) division_by_zero(a, b, "/", loc);
    return a / b;
}

/* The reference computes a - b * math.trunc(a / b); trunc fails on an
 * infinite or NaN quotient with Python's messages. */
double geno_float_mod(double a, double b, GenoLoc loc) {
    if (b == 0) division_by_zero(a, b, "%", loc);
    double q = a / b;
    if (isinf(q)) geno_raise("E499", loc, "cannot convert float infinity to integer");
    if (isnan(q)) geno_raise("E499", loc, "cannot convert float NaN to integer");
    /* Python's trunc gives an int, and an int zero has no sign: -0.0 % x is
     * -0.0 - x * 0 = -0.0 there, where C's trunc(-0.0) would make it 0.0. */
    double t = trunc(q);
    if (t == 0) t = 0.0;
    return a - b * t;
}

static int is_odd_integer(double y) { return fmod(fabs(y), 2.0) == 1.0; }

/* Python's float.__pow__: special cases by value, ZeroDivisionError for
 * 0 ** negative, a complex result (an error for Geno) for a negative base
 * with a fractional exponent, OverflowError when a finite power overflows. */
double geno_float_pow(double a, double b, GenoLoc loc) {
    if (b == 0) return 1.0;
    if (isnan(a)) return a;
    if (isnan(b)) return a == 1.0 ? 1.0 : b;
    if (isinf(b)) {
        double m = fabs(a);
        if (m == 1.0) return 1.0;
        return (b > 0) == (m > 1.0) ? INFINITY : 0.0;
    }
    if (isinf(a)) {
        int odd = is_odd_integer(b);
        if (b > 0) return odd ? a : INFINITY;
        return odd ? copysign(0.0, a) : 0.0;
    }
    if (a == 0) {
        if (b < 0) {
            char sa[GENO_FLOAT_REPR_MAX], sb[GENO_FLOAT_REPR_MAX];
            geno_float_repr(a, sa);
            geno_float_repr(b, sb);
            geno_raise("E400", loc, "Division by zero: cannot compute %s ** %s", sa, sb);
        }
        return is_odd_integer(b) ? a : 0.0;
    }
    if (a < 0 && b != floor(b))
        geno_raise("E499", loc, "Exponentiation result is not a real number");
    if (a == 1.0) return 1.0;
    double r = pow(a, b);
    if (isinf(r)) geno_raise("E499", loc, "Exponentiation result too large");
    return r;
}
