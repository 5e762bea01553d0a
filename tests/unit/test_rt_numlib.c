/* test_rt_numlib.c — unit tests of the numeric builtins (rt/numlib.c):
 * math_*, max/min/clamp for Int, Float and mixed operands, square,
 * is_positive, is_sorted. Expected values and messages were measured on
 * the reference (geno run --unsafe). */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "geno/rt.h"
#include "run.h"
#include "rt_test_support.h"

static GenoInt I(int64_t v) { return GENO_INT_SMALL(v); }
static GenoInt BIG(const char *d) { return geno_int_from_dec(d, 0); }
static const char *F(double d) { return geno_float_to_str(d)->data; }
static const char *N(GenoInt a) { return geno_int_to_str(a)->data; }

START_TEST(math_functions) {
    ck_assert_str_eq(F(geno_math_sqrt(16.0, 0)), "4.0");
    ck_assert_str_eq(F(geno_math_sqrt(2.0, 0)), "1.4142135623730951");
    ck_assert_str_eq(F(geno_math_sqrt(-0.0, 0)), "-0.0");
    ASSERT_RAISES("E499", "math_sqrt: argument must be non-negative", geno_math_sqrt(-1.0, 0));
    ck_assert_str_eq(F(geno_math_log(1.0, 0)), "0.0");
    ck_assert_str_eq(F(geno_math_log(10.0, 0)), "2.302585092994046");
    ck_assert_str_eq(F(geno_math_log(INFINITY, 0)), "inf");
    ck_assert_str_eq(F(geno_math_log(NAN, 0)), "nan");
    ASSERT_RAISES("E499", "math_log: argument must be positive", geno_math_log(0.0, 0));
    ASSERT_RAISES("E499", "math_log: argument must be positive", geno_math_log(-1.0, 0));
    ASSERT_RAISES("E499", "math_log: argument must be positive", geno_math_log_int(I(-1), 0));
    ASSERT_RAISES("E499", "math_log: argument must be positive", geno_math_log_int(I(0), 0));
    ck_assert_str_eq(F(geno_math_log_int(I(1), 0)), "0.0");
    ck_assert_str_eq(F(geno_math_log_int(I(1000), 0)), "6.907755278982137");
    /* math_log(10 ** 326) in the reference */
    char digits[330];
    digits[0] = '1';
    memset(digits + 1, '0', 326);
    digits[327] = 0;
    ck_assert_str_eq(F(geno_math_log_int(BIG(digits), 0)), "750.642740316059");
    ck_assert_str_eq(F(geno_math_sin(1.0, 0)), "0.8414709848078965");
    ck_assert_str_eq(F(geno_math_cos(0.0, 0)), "1.0");
    ck_assert_str_eq(F(geno_math_cos(1.0, 0)), "0.5403023058681398");
    ck_assert_str_eq(F(geno_math_sin(NAN, 0)), "nan");
    ASSERT_RAISES("E499", "math domain error", geno_math_sin(INFINITY, 0));
    ASSERT_RAISES("E499", "math domain error", geno_math_cos(-INFINITY, 0));
    ck_assert_str_eq(N(geno_math_floor(-2.5, 0)), "-3");
    ck_assert_str_eq(N(geno_math_ceil(2.1, 0)), "3");
    ck_assert_str_eq(N(geno_math_round(-2.5, 0)), "-2");
    ck_assert_str_eq(N(geno_math_round(2.5, 0)), "3");
    ck_assert_str_eq(N(geno_math_round(9007199254740991.0, 0)), "9007199254740991");
    ASSERT_RAISES("E499", "math_floor result exceeds JavaScript safe integer range", geno_math_floor(1e19, 0));
    ASSERT_RAISES("E499", "math_ceil result exceeds JavaScript safe integer range", geno_math_ceil(-1e19, 0));
    ASSERT_RAISES("E499", "math_round result exceeds JavaScript safe integer range", geno_math_round(1e19, 0));
    ASSERT_RAISES("E499", "cannot convert float NaN to integer", geno_math_round(NAN, 0));
    ASSERT_RAISES("E499", "cannot convert float infinity to integer", geno_math_floor(INFINITY, 0));
    ck_assert_str_eq(F(geno_math_pi()), "3.141592653589793");
    ck_assert_str_eq(F(geno_math_e()), "2.718281828459045");
}
END_TEST

START_TEST(max_min_clamp) {
    ck_assert_str_eq(N(geno_max_int(I(2), I(3))), "3");
    ck_assert_str_eq(N(geno_max_int(BIG("100000000000000000000"), I(3))), "100000000000000000000");
    ck_assert_str_eq(N(geno_math_max_int(I(-2), I(-3))), "-2");
    ck_assert_str_eq(N(geno_math_min_int(I(-2), BIG("-100000000000000000000"))), "-100000000000000000000");
    ck_assert_str_eq(F(geno_max_float(2.0, 3.5)), "3.5");
    ck_assert_str_eq(F(geno_math_min_float(2.0, 3.5)), "2.0");
    /* NaN and signed zeros pick the side the reference picks */
    ck_assert_str_eq(F(geno_max_float(NAN, 1.0)), "1.0");          /* a >= b is false */
    ck_assert_str_eq(F(geno_math_max_float(NAN, 1.0)), "nan");     /* Python max keeps a */
    ck_assert_str_eq(F(geno_math_min_float(1.0, NAN)), "1.0");
    ck_assert_str_eq(F(geno_max_float(0.0, -0.0)), "0.0");
    ck_assert_str_eq(F(geno_max_float(-0.0, 0.0)), "-0.0");
    ck_assert_str_eq(F(geno_math_max_float(-0.0, 0.0)), "-0.0");
    ck_assert_str_eq(N(geno_clamp_int(I(5), I(1), I(3))), "3");
    ck_assert_str_eq(N(geno_clamp_int(I(-5), I(1), I(3))), "1");
    ck_assert_str_eq(N(geno_clamp_int(I(2), I(1), I(3))), "2");
    ck_assert_str_eq(N(geno_clamp_int(I(2), I(3), I(1))), "3");    /* lo wins when lo > hi */
    ck_assert_str_eq(F(geno_clamp_float(1.5, 0.0, 1.0)), "1.0");
    ck_assert_str_eq(F(geno_clamp_float(-1.0, 0.0, 1.0)), "0.0");
    ck_assert_str_eq(F(geno_clamp_float(NAN, 0.0, 1.0)), "1.0");      /* Python: max(0.0, min(1.0, nan)) */
}
END_TEST

START_TEST(mixed_numbers) {
    int is_float = -1;
    /* max(2.0, 3) = 3: the winner keeps its type */
    GenoWord r = geno_num_max(geno_f2w(2.0), 1, (GenoWord)I(3), 0, &is_float);
    ck_assert_int_eq(is_float, 0);
    ck_assert_str_eq(N((GenoInt)r), "3");
    /* math_max(2, 3.0) = 3.0; math_min(2, 3.0) = 2 */
    r = geno_num_math_max((GenoWord)I(2), 0, geno_f2w(3.0), 1, &is_float);
    ck_assert_int_eq(is_float, 1);
    ck_assert_str_eq(F(geno_w2f(r)), "3.0");
    r = geno_num_math_min((GenoWord)I(2), 0, geno_f2w(3.0), 1, &is_float);
    ck_assert_int_eq(is_float, 0);
    ck_assert_str_eq(N((GenoInt)r), "2");
    /* equal values: max keeps a, math_max keeps a */
    r = geno_num_max((GenoWord)I(2), 0, geno_f2w(2.0), 1, &is_float);
    ck_assert_int_eq(is_float, 0);
    r = geno_num_math_max(geno_f2w(2.0), 1, (GenoWord)I(2), 0, &is_float);
    ck_assert_int_eq(is_float, 1);
    /* clamp(value: 1.5, min: 0, max: 1) = 1; clamp(-1.0, 0, 1) = 0 */
    r = geno_num_clamp(geno_f2w(1.5), 1, (GenoWord)I(0), 0, (GenoWord)I(1), 0, &is_float);
    ck_assert_int_eq(is_float, 0);
    ck_assert_str_eq(N((GenoInt)r), "1");
    r = geno_num_clamp(geno_f2w(-1.0), 1, (GenoWord)I(0), 0, (GenoWord)I(1), 0, &is_float);
    ck_assert_int_eq(is_float, 0);
    ck_assert_str_eq(N((GenoInt)r), "0");
    r = geno_num_clamp(geno_f2w(0.5), 1, (GenoWord)I(0), 0, (GenoWord)I(1), 0, &is_float);
    ck_assert_int_eq(is_float, 1);
    ck_assert_str_eq(F(geno_w2f(r)), "0.5");
    /* exact comparison: 2^53 + 1 > 2^53 as a Float */
    ck_assert_int_eq(geno_num_cmp((GenoWord)I(9007199254740993LL), 0, geno_f2w(9007199254740992.0), 1), 1);
    ck_assert_int_eq(geno_num_cmp(geno_f2w(9007199254740992.0), 1, (GenoWord)I(9007199254740993LL), 0), -1);
    ck_assert_int_eq(geno_num_cmp(geno_f2w(NAN), 1, (GenoWord)I(1), 0), 2);
    ck_assert_int_eq(geno_num_cmp((GenoWord)I(1), 0, geno_f2w(NAN), 1), 2);
    ck_assert_int_eq(geno_num_cmp((GenoWord)I(1), 0, (GenoWord)I(1), 0), 0);
    ck_assert_int_eq(geno_num_cmp(geno_f2w(1.5), 1, geno_f2w(-1.5), 1), 1);
}
END_TEST

START_TEST(small_predicates) {
    ck_assert_str_eq(N(geno_square_int(I(3), 0)), "9");
    ck_assert_str_eq(N(geno_square_int(I(-100000000000LL), 0)), "10000000000000000000000");
    ck_assert_str_eq(F(geno_square_float(1.5)), "2.25");
    ck_assert(geno_is_positive(I(1)));
    ck_assert(!geno_is_positive(I(0)));
    ck_assert(!geno_is_positive(I(-1)));
    ck_assert(geno_is_positive(BIG("100000000000000000000")));
    ck_assert(!geno_is_positive(BIG("-100000000000000000000")));
    GenoWord a[] = { (GenoWord)I(1), (GenoWord)I(2), (GenoWord)I(2), (GenoWord)BIG("100000000000000000000") };
    ck_assert(geno_is_sorted(geno_list_of(4, a, 0)));
    GenoWord b[] = { (GenoWord)I(3), (GenoWord)I(1) };
    ck_assert(!geno_is_sorted(geno_list_of(2, b, 0)));
    ck_assert(geno_is_sorted(geno_list_empty()));
    ck_assert(geno_is_sorted(geno_list_of(1, b, 0)));
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_numlib");
    TCase *tc = tcase_create("numlib");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, math_functions);
    tcase_add_test(tc, max_min_clamp);
    tcase_add_test(tc, mixed_numbers);
    tcase_add_test(tc, small_predicates);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
