/* test_rt_float.c — unit tests of Float printing and Float operations
 * (rt/float.c): every printed-form example of REFERENCE.md §5 and §6, the
 * Python repr rules around the positional/scientific switch, and the
 * reference's errors for /, % and ** . */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "geno/rt.h"
#include "run.h"
#include "rt_test_support.h"

/* The to_string form, which is also the print and repr form of a Float. */
static const char *fs(double d) {
    GenoStr *a = geno_float_to_str(d);
    GenoStr *b = geno_to_string(geno_f2w(d), &geno_t_float);
    GenoStr *c = geno_repr(geno_f2w(d), &geno_t_float);
    ck_assert_str_eq(a->data, b->data);
    ck_assert_str_eq(a->data, c->data);
    ck_assert_int_eq(a->len, (int64_t)strlen(a->data));
    return a->data;
}

static volatile double zero = 0.0;    /* keeps the compiler from folding */

START_TEST(reference_examples) {
    ck_assert_str_eq(fs(0.1 + 0.2), "0.30000000000000004");
    ck_assert_str_eq(fs(1e20), "1e+20");
    ck_assert_str_eq(fs(1.0), "1.0");
    ck_assert_str_eq(fs(3.0), "3.0");
    ck_assert_str_eq(fs(-0.0), "-0.0");
    ck_assert_str_eq(fs(0.0 - 0.0), "0.0");
    ck_assert_str_eq(fs(1e-7), "1e-07");
    ck_assert_str_eq(fs(0.0001), "0.0001");
    ck_assert_str_eq(fs(1e17), "1e+17");
    ck_assert_str_eq(fs(1234567890123456789.0), "1.2345678901234568e+18");
    ck_assert_str_eq(fs(9007199254740993.0), "9007199254740992.0");
    ck_assert_str_eq(fs(DBL_MAX * 10), "inf");
    ck_assert_str_eq(fs(-DBL_MAX * 10), "-inf");
    ck_assert_str_eq(fs(INFINITY - INFINITY), "nan");
    ck_assert_str_eq(fs(6.0 / 2.0), "3.0");
    ck_assert_str_eq(fs(1.5), "1.5");
    ck_assert_str_eq(fs(2.5), "2.5");
    ck_assert_str_eq(fs(0.5), "0.5");
    ck_assert_str_eq(fs(4.5), "4.5");
    ck_assert_str_eq(fs(8.0), "8.0");
    ck_assert_str_eq(fs(-1.5), "-1.5");
    ck_assert_str_eq(fs(3.5), "3.5");
}
END_TEST

START_TEST(positional_scientific_switch) {
    ck_assert_str_eq(fs(1e16), "1e+16");                      /* exponent 16: scientific */
    ck_assert_str_eq(fs(1e15), "1000000000000000.0");
    ck_assert_str_eq(fs(9999999999999998.0), "9999999999999998.0");
    ck_assert_str_eq(fs(123456789012345.6), "123456789012345.6");
    ck_assert_str_eq(fs(0.00001), "1e-05");                   /* exponent -5: scientific */
    ck_assert_str_eq(fs(0.00012), "0.00012");
    ck_assert_str_eq(fs(2.5e-5), "2.5e-05");
    ck_assert_str_eq(fs(-1.5e-10), "-1.5e-10");
    ck_assert_str_eq(fs(1e100), "1e+100");
    ck_assert_str_eq(fs(1.7976931348623157e308), "1.7976931348623157e+308");
    ck_assert_str_eq(fs(5e-324), "5e-324");
    ck_assert_str_eq(fs(2.2250738585072014e-308), "2.2250738585072014e-308");
    ck_assert_str_eq(fs(1e22), "1e+22");
    ck_assert_str_eq(fs(1e23), "1e+23");
    ck_assert_str_eq(fs(100.0), "100.0");
    ck_assert_str_eq(fs(123.456), "123.456");
    ck_assert_str_eq(fs(0.1), "0.1");
    ck_assert_str_eq(fs(1.0 / 3.0), "0.3333333333333333");
    ck_assert_str_eq(fs(2.0 / 3.0), "0.6666666666666666");
    ck_assert_str_eq(fs(-NAN), "nan");
}
END_TEST

START_TEST(division_and_remainder) {
    ck_assert(geno_float_div(7.0, 2.0, 0) == 3.5);
    ck_assert(geno_float_mod(-7.5, 2.0, 0) == -1.5);
    ck_assert(geno_float_mod(7.5, -2.0, 0) == 1.5);
    ck_assert(geno_float_mod(5.5, 0.5, 0) == 0.0);
    ck_assert_str_eq(fs(geno_float_mod(0.3, 0.1, 0)), "0.09999999999999998");
    ck_assert(isnan(geno_float_mod(5.0, INFINITY, 0)));      /* a - inf * 0 in the reference */
    ASSERT_RAISES("E400", "Division by zero: cannot compute 5.0 / 0.0", geno_float_div(5.0, zero, GENO_LOC(2, 3)));
    ASSERT_RAISES("E400", "Division by zero: cannot compute 5.0 / -0.0", geno_float_div(5.0, -zero, 0));
    ASSERT_RAISES("E400", "Division by zero: cannot compute 5.0 % 0.0", geno_float_mod(5.0, zero, 0));
    ASSERT_RAISES("E400", "Division by zero: cannot compute -5.0 % 0.0", geno_float_mod(-5.0, zero, 0));
    ASSERT_RAISES("E499", "cannot convert float infinity to integer", geno_float_mod(INFINITY, 2.0, 0));
    ASSERT_RAISES("E499", "cannot convert float NaN to integer", geno_float_mod(NAN, 2.0, 0));
}
END_TEST

START_TEST(power) {
    ck_assert(geno_float_pow(2.0, 3.0, 0) == 8.0);
    ck_assert(geno_float_pow(1.0, 0.5, 0) == 1.0);
    ck_assert(geno_float_pow(4.0, 0.5, 0) == 2.0);
    ck_assert(geno_float_pow(NAN, 0.0, 0) == 1.0);
    ck_assert(geno_float_pow(1.0, NAN, 0) == 1.0);
    ck_assert(isnan(geno_float_pow(2.0, NAN, 0)));
    ck_assert(geno_float_pow(-1.0, INFINITY, 0) == 1.0);
    ck_assert(geno_float_pow(0.5, INFINITY, 0) == 0.0);
    ck_assert(geno_float_pow(2.0, -INFINITY, 0) == 0.0);
    ck_assert(geno_float_pow(INFINITY, 2.0, 0) == INFINITY);
    ck_assert(geno_float_pow(-INFINITY, 3.0, 0) == -INFINITY);
    ck_assert_str_eq(fs(geno_float_pow(-INFINITY, -3.0, 0)), "-0.0");
    ck_assert_str_eq(fs(geno_float_pow(-0.0, 3.0, 0)), "-0.0");
    ck_assert(geno_float_pow(-2.0, 3.0, 0) == -8.0);
    ck_assert(geno_float_pow(10.0, -400.0, 0) == 0.0);       /* underflow is not an error */
    ASSERT_RAISES("E499", "Exponentiation result is not a real number", geno_float_pow(-1.0, 0.5, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large", geno_float_pow(10.0, 400.0, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large", geno_float_pow(-10.0, 401.0, 0));
    ASSERT_RAISES("E400", "Division by zero: cannot compute 0.0 ** -1.0", geno_float_pow(0.0, -1.0, 0));
}
END_TEST

START_TEST(printing_inside_structures) {
    /* Floats keep their repr inside lists: [1.0, 2.5, 0.30000000000000004] */
    GenoWord items[] = { geno_f2w(1.0), geno_f2w(2.5), geno_f2w(0.1 + 0.2) };
    const GenoType *params[] = { &geno_t_float };
    GenoType list_float = { .kind = GT_LIST, .nparams = 1, .params = params };
    GenoList *l = geno_list_of(3, items, 0);
    ck_assert_str_eq(geno_to_string((GenoWord)(uintptr_t)l, &list_float)->data, "[1.0, 2.5, 0.30000000000000004]");
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_float");
    TCase *tc = tcase_create("float");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, reference_examples);
    tcase_add_test(tc, positional_scientific_switch);
    tcase_add_test(tc, division_and_remainder);
    tcase_add_test(tc, power);
    tcase_add_test(tc, printing_inside_structures);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
