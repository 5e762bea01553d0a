/* test_util.c — the compiler's helpers: the string builder's formatter
 * (which formats common directives itself and must agree with printf), the
 * allocation arena, and the name and pointer maps. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strmap.h"
#include "util.h"

/* sb_printf(fmt, ...) must give exactly what snprintf gives. */
#define SAME_AS_PRINTF(...)                                       \
    do {                                                          \
        char want[512];                                           \
        snprintf(want, sizeof want, __VA_ARGS__);                 \
        StrBuf sb_ = {0};                                         \
        sb_printf(&sb_, __VA_ARGS__);                             \
        ck_assert_str_eq(sb_.buf, want);                          \
        ck_assert_uint_eq(sb_.len, strlen(want));                 \
        free(sb_.buf);                                            \
        char *x_ = xasprintf(__VA_ARGS__);                        \
        ck_assert_str_eq(x_, want);                               \
    } while (0)

START_TEST(formatter_fast_directives) {
    SAME_AS_PRINTF("plain text");
    SAME_AS_PRINTF("%s", "");
    SAME_AS_PRINTF("a%sb%sc", "x", "yz");
    SAME_AS_PRINTF("%d %d %d %d", 0, -1, 2147483647, (int)-2147483647 - 1);
    SAME_AS_PRINTF("%i|%u", -42, 4294967295u);
    SAME_AS_PRINTF("%ld %lld %lu %llu", -9223372036854775807L - 1, 9223372036854775807LL,
                   18446744073709551615UL, 18446744073709551615ULL);
    SAME_AS_PRINTF("%zu", (size_t)123456789);
    SAME_AS_PRINTF("%c%c%%", 'a', '%');
    SAME_AS_PRINTF("%.*s|%.*s", 3, "abcdef", 0, "xyz");
    SAME_AS_PRINTF("100%% %s", "done");
}
END_TEST

START_TEST(formatter_general_directives) {
    SAME_AS_PRINTF("%.2f %.3f %.0f", 3.14159, -2.5, 0.5);
    SAME_AS_PRINTF("%.17g %.15g", 0.1, 1e300);
    SAME_AS_PRINTF("%.*e", 4, 12345.678);
    SAME_AS_PRINTF("%02x %04x %08x %03o", 10u, 0xbeefu, 0xdeadbeefu, 8u);
    SAME_AS_PRINTF("%02d:%5d|%-5d|%+d", 7, 42, 42, 42);
    SAME_AS_PRINTF("%*d|%-*s|%.*f", 6, 12, 4, "ab", 2, 1.0 / 3);
    SAME_AS_PRINTF("%lx %llx %zx", 0xffffffffffUL, 0x123456789abcULL, (size_t)255);
    SAME_AS_PRINTF("[%10s][%-10s][%.2s]", "hi", "hi", "hello");
}
END_TEST

/* "%.17g" of a whole number below 1e15 is printed as its digits without
 * snprintf: the same text as printf at the edges (zero, -0.0, 1e15, halves). */
START_TEST(formatter_float_whole_numbers) {
    SAME_AS_PRINTF("%.17g|%.17g|%.17g|%.17g", 0.0, -0.0, 1.0, -1.0);
    SAME_AS_PRINTF("%.17g %.17g %.17g", 5.0, 4.0, 1e14);
    SAME_AS_PRINTF("%.17g %.17g %.17g %.17g", 999999999999999.0, -999999999999999.0, 1e15, -1e15);
    SAME_AS_PRINTF("%.17g %.17g %.17g", 1e16, 1e17, 123456789012345678.0);
    SAME_AS_PRINTF("%.17g %.17g %.17g %.17g", 0.5, -2.5, 1e-300, 4503599627370495.5);
    SAME_AS_PRINTF("((double)%.17g)f%.17g;", 42.0, -7.0);
    SAME_AS_PRINTF("%.17g %.17g", 1.0 / 0.0, -1.0 / 0.0);
    SAME_AS_PRINTF("%.17g|%.16g|%.17e|%17g", 3.0, 3.0, 3.0, 3.0);
    for (int i = -3000; i <= 3000; i++) {
        SAME_AS_PRINTF("%.17g;", (double)i * 977.0);
        SAME_AS_PRINTF("%.17g;", (double)i / 8.0);
    }
}
END_TEST

START_TEST(formatter_mixed_and_growing) {
    /* digit-pair boundaries, and fast and general directives mixed while the
     * buffer grows mid-format (the write position is cached in locals) */
    SAME_AS_PRINTF("%d %d %d %d %d %d %d %d", 9, 10, 99, 100, 999, 1000, -10, -100);
    SAME_AS_PRINTF("%u %llu %lld", 4294967295u, 4294967296ULL, -4294967296LL);
    char big[300];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    SAME_AS_PRINTF("%s|%.3f|%d|%s|%04x|%c", big, 2.5, 123456, big + 200, 0xabu, 'z');
    SAME_AS_PRINTF("%d%s%5d%s%%%lu", 7, big + 100, 42, big + 250, 18446744073709551615UL);
    StrBuf sb = {0};
    for (int i = 0; i < 300; i++) sb_printf(&sb, "%s%.1f%d;", i % 2 ? "ab" : "", i / 4.0, i);
    char want[8192] = "";
    size_t n = 0;
    for (int i = 0; i < 300; i++)
        n += (size_t)snprintf(want + n, sizeof want - n, "%s%.1f%d;", i % 2 ? "ab" : "", i / 4.0, i);
    ck_assert_str_eq(sb.buf, want);
    ck_assert_uint_eq(sb.len, n);
    free(sb.buf);
}
END_TEST

START_TEST(formatter_appends) {
    StrBuf sb = {0};
    for (int i = 0; i < 1000; i++) sb_printf(&sb, "%d,", i);
    ck_assert_uint_eq(sb.len, strlen(sb.buf));
    ck_assert(strncmp(sb.buf, "0,1,2,", 6) == 0);
    ck_assert(strcmp(sb.buf + sb.len - 4, "999,") == 0);
    free(sb.buf);
}
END_TEST

START_TEST(arena_blocks) {
    /* zeroed, aligned, growable by xrealloc with contents kept, xfree a no-op */
    unsigned char *p = xmalloc(40);
    for (int i = 0; i < 40; i++) ck_assert_int_eq(p[i], 0);
    ck_assert_uint_eq((uintptr_t)p % 16, 0);
    memset(p, 7, 40);
    unsigned char *q = xrealloc(p, 4000);
    for (int i = 0; i < 40; i++) ck_assert_int_eq(q[i], 7);
    for (int i = 40; i < 4000; i++) ck_assert_int_eq(q[i], 0);
    xfree(q);
    /* a block bigger than a chunk */
    char *big = xmalloc((size_t)3 << 20);
    big[((size_t)3 << 20) - 1] = 1;
    /* a vector grown through many reallocations */
    VEC(int) v = {0};
    for (int i = 0; i < 100000; i++) vec_push(&v, i);
    for (int i = 0; i < 100000; i++) ck_assert_int_eq(v.items[i], i);
    /* malloc'd strings stay free()-able */
    char *s = xstrdup("abc");
    free(s);
    char *t = xrealloc(xstrdup("x"), 100);
    free(t);
}
END_TEST

START_TEST(arena_headerless_blocks) {
    /* strings and nodes without the size header, interleaved with a growing
     * vector and header blocks: all zeroed, nodes 8-aligned, header blocks
     * still 16-aligned, nothing overlapping, xfree a no-op on them */
    VEC(char *) strs = {0};
    VEC(long *) nodes = {0};
    for (int i = 0; i < 3000; i++) {
        char *s = xasprintf("s%d", i % 97);
        vec_push(&strs, s);
        char *t = arena_strndup("ab", (size_t)(i % 3));
        ck_assert_int_eq(t[i % 3], 0);
        long *n = xmalloc_node(sizeof(long) * (size_t)(1 + i % 29));
        ck_assert_uint_eq((uintptr_t)n % 8, 0);
        for (int k = 0; k < 1 + i % 29; k++) ck_assert_int_eq(n[k], 0);
        for (int k = 0; k < 1 + i % 29; k++) n[k] = i;
        vec_push(&nodes, n);
        unsigned char *h = xmalloc(24);
        ck_assert_uint_eq((uintptr_t)h % 16, 0);
        for (int k = 0; k < 24; k++) ck_assert_int_eq(h[k], 0);
        memset(h, 0xff, 24);
        xfree(t);
        xfree(n);
    }
    char want[16];
    for (int i = 0; i < 3000; i++) {
        snprintf(want, sizeof want, "s%d", i % 97);
        ck_assert_str_eq(strs.items[i], want);
        for (int k = 0; k < 1 + i % 29; k++) ck_assert_int_eq(nodes.items[i][k], i);
    }
    /* a node bigger than what is left of a chunk */
    char *big = xmalloc_node((size_t)5 << 20);
    ck_assert_int_eq(big[((size_t)5 << 20) - 1], 0);
}
END_TEST

START_TEST(strmap_semantics) {
    StrMap m = {0};
    ck_assert_ptr_null(strmap_get(&m, "a"));
    int one, two;
    ck_assert(strmap_put_first(&m, "a", &one, 1));
    ck_assert(!strmap_put_first(&m, "a", &two, 2));     /* first wins */
    ck_assert_ptr_eq(strmap_get(&m, "a"), &one);
    strmap_put(&m, "a", &two, 5);                      /* put overwrites */
    ck_assert_ptr_eq(strmap_get(&m, "a"), &two);
    ck_assert_int_eq(strmap_find(&m, "a")->aux, 5);
    /* keys compare by content, not pointer */
    char key[] = "a";
    ck_assert_ptr_eq(strmap_get(&m, key), &two);
    /* growth keeps every entry */
    char names[5000][8];
    for (int i = 0; i < 5000; i++) {
        snprintf(names[i], sizeof names[i], "n%d", i);
        strmap_put(&m, names[i], NULL, i);
    }
    for (int i = 0; i < 5000; i++) ck_assert_int_eq(strmap_find(&m, names[i])->aux, i);
    ck_assert_ptr_null(strmap_find(&m, "n5000"));
    ck_assert_int_eq(m.len, 5001);
}
END_TEST

START_TEST(ptrmap_semantics) {
    PtrMap m = {0};
    int xs[3000] = {0};
    ck_assert_ptr_null(ptrmap_get(&m, &xs[0]));
    for (int i = 0; i < 3000; i++) ptrmap_put(&m, &xs[i], &xs[(i + 1) % 3000]);
    for (int i = 0; i < 3000; i++) ck_assert_ptr_eq(ptrmap_get(&m, &xs[i]), &xs[(i + 1) % 3000]);
    ptrmap_put(&m, &xs[0], &xs[0]);
    ck_assert_ptr_eq(ptrmap_get(&m, &xs[0]), &xs[0]);
    ck_assert_int_eq(m.len, 3000);
}
END_TEST

static Suite *util_suite(void) {
    Suite *s = suite_create("util");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, formatter_fast_directives);
    tcase_add_test(tc, formatter_general_directives);
    tcase_add_test(tc, formatter_appends);
    tcase_add_test(tc, formatter_float_whole_numbers);
    tcase_add_test(tc, formatter_mixed_and_growing);
    tcase_add_test(tc, arena_blocks);
    tcase_add_test(tc, arena_headerless_blocks);
    tcase_add_test(tc, strmap_semantics);
    tcase_add_test(tc, ptrmap_semantics);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(util_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}
