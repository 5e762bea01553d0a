/* test_rt_int.c — unit tests of the runtime's Int (rt/int.c): the tagged
 * fast paths against the GMP slow paths around the ±2^61 (small range),
 * ±2^62, ±2^63 and ±2^64 boundaries, the reference's division, shift,
 * bitwise and power semantics and messages, comparisons and decimal text.
 * Expected values were computed with Python ints (the reference's). */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "int.h"
#include "run.h"
#include "rt_test_support.h"

static GenoInt I(const char *dec) { return geno_int_from_dec(dec, 0); }
static const char *S(GenoInt a) { return geno_int_cstr(a); }

/* Runs stmt and asserts that it raises error `code` with message `msg`. */

#define ASSERT_INT(expr, dec) ck_assert_str_eq(S(expr), dec)

START_TEST(small_range_boundaries) {
    ck_assert(GENO_INT_IS_SMALL(geno_int_from_i64(GENO_SMALL_MAX)));
    ck_assert(GENO_INT_IS_SMALL(geno_int_from_i64(GENO_SMALL_MIN)));
    ck_assert(!GENO_INT_IS_SMALL(geno_int_from_i64(GENO_SMALL_MAX + 1)));
    ck_assert(!GENO_INT_IS_SMALL(geno_int_from_i64(GENO_SMALL_MIN - 1)));
    ck_assert(GENO_INT_IS_SMALL(I("2305843009213693951")));       /* 2^61 - 1 */
    ck_assert(!GENO_INT_IS_SMALL(I("2305843009213693952")));      /* 2^61 */
    ck_assert(GENO_INT_IS_SMALL(I("-2305843009213693952")));      /* -2^61 */
    ck_assert(!GENO_INT_IS_SMALL(I("-2305843009213693953")));
    ASSERT_INT(geno_int_from_i64(INT64_MAX), "9223372036854775807");
    ASSERT_INT(geno_int_from_i64(INT64_MIN), "-9223372036854775808");
}
END_TEST

START_TEST(add_sub_across_boundaries) {
    GenoInt max = GENO_INT_SMALL(GENO_SMALL_MAX), min = GENO_INT_SMALL(GENO_SMALL_MIN);
    GenoInt one = GENO_INT_SMALL(1);
    GenoInt r = GENO_INT_ADD(max, one, 0);
    ck_assert(!GENO_INT_IS_SMALL(r));
    ASSERT_INT(r, "2305843009213693952");
    r = GENO_INT_SUB(min, one, 0);
    ck_assert(!GENO_INT_IS_SMALL(r));
    ASSERT_INT(r, "-2305843009213693953");
    /* back into range: normalised to the small word */
    ck_assert_int_eq(GENO_INT_SUB(I("2305843009213693952"), one, 0), max);
    ck_assert_int_eq(GENO_INT_ADD(I("-2305843009213693953"), one, 0), min);
    ASSERT_INT(GENO_INT_ADD(max, max, 0), "4611686018427387902");
    ASSERT_INT(GENO_INT_SUB(min, max, 0), "-4611686018427387903");
    /* ±2^62, ±2^63, ±2^64 */
    GenoInt p62 = I("4611686018427387904"), p63 = I("9223372036854775808"), p64 = I("18446744073709551616");
    ASSERT_INT(GENO_INT_ADD(p62, p62, 0), "9223372036854775808");
    ASSERT_INT(GENO_INT_ADD(p63, p63, 0), "18446744073709551616");
    ASSERT_INT(GENO_INT_SUB(p64, one, 0), "18446744073709551615");
    ASSERT_INT(GENO_INT_SUB(GENO_INT_SMALL(0), p63, 0), "-9223372036854775808");
    ASSERT_INT(GENO_INT_SUB(GENO_INT_SMALL(-1), p64, 0), "-18446744073709551617");
    ck_assert_int_eq(GENO_INT_SUB(p64, p64, 0), GENO_INT_SMALL(0));
    ck_assert_int_eq(GENO_INT_ADD(p63, geno_int_neg(p63, 0), 0), GENO_INT_SMALL(0));
    /* fast path and slow path agree */
    ck_assert_int_eq(GENO_INT_ADD(GENO_INT_SMALL(40), GENO_INT_SMALL(2), 0), GENO_INT_SMALL(42));
    ck_assert_int_eq(geno_int_add_slow(GENO_INT_SMALL(40), GENO_INT_SMALL(2), 0), GENO_INT_SMALL(42));
    ck_assert_int_eq(geno_int_sub_slow(GENO_INT_SMALL(-40), GENO_INT_SMALL(2), 0), GENO_INT_SMALL(-42));
}
END_TEST

START_TEST(mul_fast_and_slow) {
    GenoInt a31 = GENO_INT_SMALL(2147483647);                    /* 2^31 - 1 */
    ASSERT_INT(GENO_INT_MUL(a31, a31, 0), "4611686014132420609");  /* > 2^61: big */
    ck_assert(!GENO_INT_IS_SMALL(GENO_INT_MUL(a31, a31, 0)));
    ASSERT_INT(GENO_INT_MUL(GENO_INT_SMALL(1LL << 31), GENO_INT_SMALL(1LL << 29), 0), "1152921504606846976");
    ASSERT_INT(GENO_INT_MUL(GENO_INT_SMALL(1LL << 32), GENO_INT_SMALL(1LL << 32), 0), "18446744073709551616");
    ASSERT_INT(GENO_INT_MUL(GENO_INT_SMALL(-(1LL << 31)), GENO_INT_SMALL(1LL << 31), 0), "-4611686018427387904");
    ASSERT_INT(GENO_INT_MUL(GENO_INT_SMALL(-(1LL << 30)), GENO_INT_SMALL(1LL << 31), 0), "-2305843009213693952");
    ck_assert(GENO_INT_IS_SMALL(GENO_INT_MUL(GENO_INT_SMALL(-(1LL << 30)), GENO_INT_SMALL(1LL << 31), 0)));
    ASSERT_INT(GENO_INT_MUL(I("9223372036854775808"), I("-18446744073709551616"), 0),
               "-170141183460469231731687303715884105728");
    ck_assert_int_eq(GENO_INT_MUL(I("18446744073709551616"), GENO_INT_SMALL(0), 0), GENO_INT_SMALL(0));
    ck_assert_int_eq(GENO_INT_MUL(GENO_INT_SMALL(-6), GENO_INT_SMALL(7), 0), GENO_INT_SMALL(-42));
}
END_TEST

START_TEST(div_mod_sign_table) {
    /* REFERENCE.md §6: truncating /, % with the dividend's sign */
    static const struct { int a, b, q, r; } t[] = {
        { 7, 2, 3, 1 }, { -7, 2, -3, -1 }, { 7, -2, -3, 1 }, { -7, -2, 3, -1 }, { -5, 3, -1, -2 },
        { 0, 5, 0, 0 }, { 6, 3, 2, 0 }, { -6, 3, -2, 0 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        GenoInt a = GENO_INT_SMALL(t[i].a), b = GENO_INT_SMALL(t[i].b);
        ck_assert_int_eq(GENO_INT_VALUE(geno_int_div(a, b, 0)), t[i].q);
        ck_assert_int_eq(GENO_INT_VALUE(geno_int_mod(a, b, 0)), t[i].r);
        /* the same through GMP */
        ck_assert_int_eq(geno_int_cmp_slow(geno_int_div(GENO_INT_MUL(a, I("18446744073709551616"), 0),
                                                         GENO_INT_MUL(b, I("18446744073709551616"), 0), 0),
                                            GENO_INT_SMALL(t[i].q)), 0);
    }
    ASSERT_INT(geno_int_div(I("-100000000000000000000"), GENO_INT_SMALL(7), 0), "-14285714285714285714");
    ASSERT_INT(geno_int_mod(I("-100000000000000000000"), GENO_INT_SMALL(7), 0), "-2");
    ASSERT_INT(geno_int_mod(I("100000000000000000000"), GENO_INT_SMALL(-7), 0), "2");
    /* -2^61 / -1 leaves the small range */
    ASSERT_INT(geno_int_div(GENO_INT_SMALL(GENO_SMALL_MIN), GENO_INT_SMALL(-1), 0), "2305843009213693952");
    ck_assert_int_eq(geno_int_mod(GENO_INT_SMALL(GENO_SMALL_MIN), GENO_INT_SMALL(-1), 0), GENO_INT_SMALL(0));
}
END_TEST

START_TEST(division_by_zero) {
    ASSERT_RAISES("E400", "Division by zero: cannot compute 10 / 0",
                  geno_int_div(GENO_INT_SMALL(10), GENO_INT_SMALL(0), GENO_LOC(3, 5)));
    ASSERT_RAISES("E400", "Division by zero: cannot compute 10 % 0",
                  geno_int_mod(GENO_INT_SMALL(10), GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E400", "Division by zero: cannot compute -5 / 0",
                  geno_int_div(GENO_INT_SMALL(-5), GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E400", "Division by zero: cannot compute 100000000000000000000 / 0",
                  geno_int_div(I("100000000000000000000"), GENO_INT_SMALL(0), 0));
}
END_TEST

START_TEST(shifts) {
    ASSERT_INT(geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(10), 0), "1024");
    ASSERT_INT(geno_int_shr(GENO_INT_SMALL(-16), GENO_INT_SMALL(2), 0), "-4");
    ASSERT_INT(geno_int_shr(GENO_INT_SMALL(-1), GENO_INT_SMALL(100), 0), "-1");
    ASSERT_INT(geno_int_shr(GENO_INT_SMALL(5), GENO_INT_SMALL(100), 0), "0");
    ASSERT_INT(geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(61), 0), "2305843009213693952");
    ASSERT_INT(geno_int_shl(GENO_INT_SMALL(-1), GENO_INT_SMALL(61), 0), "-2305843009213693952");
    ck_assert(GENO_INT_IS_SMALL(geno_int_shl(GENO_INT_SMALL(-1), GENO_INT_SMALL(61), 0)));
    ASSERT_INT(geno_int_shl(GENO_INT_SMALL(3), GENO_INT_SMALL(63), 0), "27670116110564327424");
    ASSERT_INT(geno_int_shl(GENO_INT_SMALL(-3), GENO_INT_SMALL(64), 0), "-55340232221128654848");
    ck_assert_int_eq(geno_int_shr(I("2305843009213693952"), GENO_INT_SMALL(1), 0), GENO_INT_SMALL(1LL << 60));
    ASSERT_INT(geno_int_shr(I("-18446744073709551616"), GENO_INT_SMALL(3), 0), "-2305843009213693952");
    ASSERT_INT(geno_int_shr(I("-18446744073709551617"), GENO_INT_SMALL(1), 0), "-9223372036854775809");
    ASSERT_RAISES("E499", "Negative shift count", geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(-1), 0));
    ASSERT_RAISES("E499", "Negative shift count", geno_int_shr(GENO_INT_SMALL(1), GENO_INT_SMALL(-1), 0));
    ASSERT_RAISES("E499", "Left shift amount too large (100000 bits)",
                  geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(100000), 0));
    ASSERT_RAISES("E499", "Left shift amount too large (100000 bits)",
                  geno_int_shl(GENO_INT_SMALL(0), GENO_INT_SMALL(100000), 0));
    ASSERT_RAISES("E499", "Right shift amount too large (100000 bits)",
                  geno_int_shr(GENO_INT_SMALL(-1), GENO_INT_SMALL(100000), 0));
    ASSERT_RAISES("E499", "Integer exceeds maximum size (33220 bits)",
                  geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(33219), 0));
    ck_assert_int_eq(geno_int_bit_length(geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(33218), 0)), 33219);
}
END_TEST

START_TEST(bitwise_twos_complement) {
    ASSERT_INT(geno_int_and(GENO_INT_SMALL(6), GENO_INT_SMALL(3), 0), "2");
    ASSERT_INT(geno_int_xor(GENO_INT_SMALL(6), GENO_INT_SMALL(3), 0), "5");
    ASSERT_INT(geno_int_or(GENO_INT_SMALL(6), GENO_INT_SMALL(3), 0), "7");
    ASSERT_INT(geno_int_not(GENO_INT_SMALL(5), 0), "-6");
    ASSERT_INT(geno_int_and(GENO_INT_SMALL(-6), GENO_INT_SMALL(3), 0), "2");
    ASSERT_INT(geno_int_xor(GENO_INT_SMALL(-1), GENO_INT_SMALL(5), 0), "-6");
    ASSERT_INT(geno_int_not(GENO_INT_SMALL(GENO_SMALL_MIN), 0), "2305843009213693951");
    ASSERT_INT(geno_int_and(I("-18446744073709551616"), I("18446744073709551621"), 0), "18446744073709551616");
    ASSERT_INT(geno_int_or(I("-1180591620717411303424"), GENO_INT_SMALL(12345), 0), "-1180591620717411291079");
    ASSERT_INT(geno_int_xor(I("-36893488147419103233"), I("18446744073709551616"), 0), "-55340232221128654849");
    ASSERT_INT(geno_int_not(I("18446744073709551616"), 0), "-18446744073709551617");
    /* results that fall back into the small range are small words */
    ck_assert_int_eq(geno_int_and(I("18446744073709551621"), GENO_INT_SMALL(7), 0), GENO_INT_SMALL(5));
}
END_TEST

START_TEST(power) {
    int is_float;
    ck_assert_int_eq(geno_int_pow(GENO_INT_SMALL(0), GENO_INT_SMALL(0), &is_float, 0), GENO_INT_SMALL(1));
    ck_assert(!is_float);
    ASSERT_INT((GenoInt)geno_int_pow(GENO_INT_SMALL(2), GENO_INT_SMALL(62), &is_float, 0), "4611686018427387904");
    ASSERT_INT((GenoInt)geno_int_pow(GENO_INT_SMALL(3), GENO_INT_SMALL(40), &is_float, 0), "12157665459056928801");
    ASSERT_INT((GenoInt)geno_int_pow(GENO_INT_SMALL(-2), GENO_INT_SMALL(3), &is_float, 0), "-8");
    ck_assert_int_eq(geno_int_pow(GENO_INT_SMALL(0), I("1000000000000000000"), &is_float, 0), GENO_INT_SMALL(0));
    GenoWord w = geno_int_pow(GENO_INT_SMALL(2), GENO_INT_SMALL(-1), &is_float, 0);
    ck_assert(is_float);
    ck_assert(geno_w2f(w) == 0.5);
    w = geno_int_pow(GENO_INT_SMALL(-2), GENO_INT_SMALL(-3), &is_float, 0);
    ck_assert(is_float && geno_w2f(w) == -0.125);
    ASSERT_RAISES("E400", "Division by zero: cannot compute 0 ** -1",
                  geno_int_pow(GENO_INT_SMALL(0), GENO_INT_SMALL(-1), &is_float, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large (estimated 80000 bits)",
                  geno_int_pow(GENO_INT_SMALL(10), GENO_INT_SMALL(20000), &is_float, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large (estimated 100000 bits)",
                  geno_int_pow(GENO_INT_SMALL(1), GENO_INT_SMALL(100000), &is_float, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large (estimated 1000000000000000000 bits)",
                  geno_int_pow(GENO_INT_SMALL(-1), I("1000000000000000000"), &is_float, 0));
    ASSERT_RAISES("E499", "Exponentiation result too large (estimated 33220 bits)",
                  geno_int_pow(GENO_INT_SMALL(2), GENO_INT_SMALL(16610), &is_float, 0));
    ck_assert_int_eq(geno_int_bit_length((GenoInt)geno_int_pow(GENO_INT_SMALL(2), GENO_INT_SMALL(16609), &is_float, 0)), 16610);
    ASSERT_RAISES("E499", "Exponentiation result too large",
                  geno_int_pow(geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(1100), 0), GENO_INT_SMALL(-1), &is_float, 0));
}
END_TEST

START_TEST(integer_bit_limit) {
    GenoInt big = geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(33218), 0);   /* 33219 bits */
    ASSERT_RAISES("E499", "Integer exceeds maximum size (33220 bits)", GENO_INT_ADD(big, big, 0));
    ASSERT_RAISES("E499", "Integer exceeds maximum size (33220 bits)", GENO_INT_MUL(big, GENO_INT_SMALL(2), 0));
    ASSERT_RAISES("E499", "Integer exceeds maximum size (33220 bits)", geno_int_neg(GENO_INT_SUB(GENO_INT_SMALL(0), GENO_INT_MUL(big, GENO_INT_SMALL(2), 0), 0), 0));
    /* a configured limit applies to literals too */
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_integer_bits = 100;
    geno_rt_init(&cfg);
    ASSERT_INT(I("1267650600228229401496703205375"), "1267650600228229401496703205375");  /* 2^100-1 */
    ASSERT_RAISES("E499", "Integer exceeds maximum size (101 bits)", I("1267650600228229401496703205376"));
    ASSERT_RAISES("E499", "Integer exceeds maximum size (101 bits)",
                  GENO_INT_ADD(I("1267650600228229401496703205375"), GENO_INT_SMALL(1), 0));
    ASSERT_RAISES("E499", "Left shift amount too large (101 bits)",
                  geno_int_shl(GENO_INT_SMALL(0), GENO_INT_SMALL(101), 0));
}
END_TEST

START_TEST(comparisons) {
    GenoInt p64 = I("18446744073709551616"), m64 = I("-18446744073709551616");
    GenoInt max = GENO_INT_SMALL(GENO_SMALL_MAX), min = GENO_INT_SMALL(GENO_SMALL_MIN);
    ck_assert(GENO_INT_LT(max, p64) && GENO_INT_GT(p64, max) && GENO_INT_LE(m64, min) && GENO_INT_GE(min, m64));
    ck_assert(GENO_INT_LT(m64, p64) && !GENO_INT_LT(p64, p64) && GENO_INT_LE(p64, p64));
    ck_assert(GENO_INT_LT(GENO_INT_SMALL(-3), GENO_INT_SMALL(2)) && GENO_INT_GT(GENO_INT_SMALL(2), GENO_INT_SMALL(-3)));
    ck_assert(GENO_INT_EQ(p64, I("18446744073709551616")));     /* two distinct bignums */
    ck_assert(!GENO_INT_EQ(p64, m64) && !GENO_INT_EQ(p64, max));
    ck_assert(GENO_INT_EQ(GENO_INT_SMALL(7), GENO_INT_SMALL(7)));
    ck_assert_int_eq(geno_int_cmp_slow(I("9223372036854775808"), I("9223372036854775807")), 1);
    ck_assert_int_eq(geno_int_cmp_slow(I("-9223372036854775809"), I("-9223372036854775808")), -1);
    /* exact Int/Float comparison */
    ck_assert_int_eq(geno_int_float_cmp(I("9007199254740993"), 9007199254740992.0), 1);
    ck_assert_int_eq(geno_int_float_cmp(I("9007199254740992"), 9007199254740992.0), 0);
    ck_assert_int_eq(geno_int_float_cmp(GENO_INT_SMALL(2), 2.0), 0);
    ck_assert_int_eq(geno_int_float_cmp(GENO_INT_SMALL(2), 2.5), -1);
    ck_assert_int_eq(geno_int_float_cmp(GENO_INT_SMALL(-3), -3.5), 1);
    ck_assert_int_eq(geno_int_float_cmp(p64, 18446744073709551616.0), 0);
    ck_assert_int_eq(geno_int_float_cmp(I("18446744073709551617"), 18446744073709551616.0), 1);
    ck_assert_int_eq(geno_int_float_cmp(p64, INFINITY), -1);
    ck_assert_int_eq(geno_int_float_cmp(p64, -INFINITY), 1);
    ck_assert_int_eq(geno_int_float_cmp(GENO_INT_SMALL(0), NAN), 2);
}
END_TEST

START_TEST(to_double_rounding) {
    ck_assert(geno_int_to_double(I("9007199254740993"), 0) == 9007199254740992.0);   /* tie: even */
    ck_assert(geno_int_to_double(I("18014398509481987"), 0) == 18014398509481988.0); /* 2^54+3 */
    ck_assert(geno_int_to_double(I("18446744073709551617"), 0) == 18446744073709551616.0);
    ck_assert(geno_int_to_double(I("-18446744073709551617"), 0) == -18446744073709551616.0);
    ck_assert(geno_int_to_double(GENO_INT_SMALL(-7), 0) == -7.0);
    ASSERT_RAISES("E499", "int too large to convert to float",
                  geno_int_to_double(geno_int_shl(GENO_INT_SMALL(1), GENO_INT_SMALL(1024), 0), 0));
}
END_TEST

START_TEST(decimal_round_trips) {
    static const char *const texts[] = {
        "0", "-1", "42", "2305843009213693951", "-2305843009213693952", "2305843009213693952",
        "-2305843009213693953", "4611686018427387904", "-4611686018427387904", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "-18446744073709551616", "12345678901234567890123000",
        "-98765432109876543210987654321098765432109876543210987654321098765432109876543210",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        ASSERT_INT(I(texts[i]), texts[i]);
        GenoStr *s = geno_int_to_str(I(texts[i]));
        ck_assert_int_eq(s->len, (int64_t)strlen(texts[i]));
        ck_assert_int_eq(s->cplen, s->len);
        ck_assert_str_eq(s->data, texts[i]);
    }
    ASSERT_INT(I("1_000_000"), "1000000");
    /* a 9,999-digit number (33,216 bits) survives the round trip */
    char *big = malloc(10000);
    big[0] = '9';
    for (int i = 1; i < 9999; i++) big[i] = (char)('0' + i % 10);
    big[9999] = 0;
    ASSERT_INT(I(big), big);
    free(big);
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_int");
    TCase *tc = tcase_create("int");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_add_test(tc, small_range_boundaries);
    tcase_add_test(tc, add_sub_across_boundaries);
    tcase_add_test(tc, mul_fast_and_slow);
    tcase_add_test(tc, div_mod_sign_table);
    tcase_add_test(tc, division_by_zero);
    tcase_add_test(tc, shifts);
    tcase_add_test(tc, bitwise_twos_complement);
    tcase_add_test(tc, power);
    tcase_add_test(tc, integer_bit_limit);
    tcase_add_test(tc, comparisons);
    tcase_add_test(tc, to_double_rounding);
    tcase_add_test(tc, decimal_round_trips);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
