/* test_rt_collections.c — unit tests of the collections: the persistent
 * vector behind List (rt/list.c) across its 32 / 1024 / 32768 boundaries,
 * with old versions checked unchanged after every kind of update; the
 * immutable Map's order rules and errors (rt/map.c); Set, MutableMap,
 * Array and Vec with the reference's messages and printed forms; hashing
 * that agrees with equality (rt/hash.c); and GC stress with a million
 * elements. Expected strings were measured on the reference interpreter. */
/* frontend/check.h shadows the check library's <check.h> on the unit
 * tests' include path, so name the library's header in full. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>

#include "geno/rt.h"
#include "run.h"
#include "value.h"
#include "rt_test_support.h"

static void set_limit(int64_t limit) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = limit;
    geno_rt_init(&cfg);
}

/* check's ck_assert_* records every passing check (a write per call), which
 * dominates loops over a million elements: loops use REQ, which only
 * reports failures. */
#define REQ(cond) do { if (!(cond)) ck_abort_msg("%s:%d: failed: %s", __FILE__, __LINE__, #cond); } while (0)
#define REQ_EQ(a, b) do { int64_t a_ = (a), b_ = (b); \
        if (a_ != b_) ck_abort_msg("%s:%d: %s == %lld, %s == %lld", __FILE__, __LINE__, #a, (long long)a_, #b, (long long)b_); \
    } while (0)

/* ---- descriptors ---------------------------------------------------------------- */

#define T1(name, kind_, a) static const GenoType *const name##_p[] = { a }; \
    static const GenoType name = { .kind = kind_, .nparams = 1, .params = name##_p }
#define T2(name, kind_, a, b) static const GenoType *const name##_p[] = { a, b }; \
    static const GenoType name = { .kind = kind_, .nparams = 2, .params = name##_p }

T1(t_list_int, GT_LIST, &geno_t_int);
T1(t_list_float, GT_LIST, &geno_t_float);
T1(t_list_str, GT_LIST, &geno_t_string);
T2(t_tup_si, GT_TUPLE, &geno_t_string, &geno_t_int);
T2(t_tup_is, GT_TUPLE, &geno_t_int, &geno_t_string);
T1(t_list_tup_si, GT_LIST, &t_tup_si);
T2(t_map_si, GT_MAP, &geno_t_string, &geno_t_int);
T2(t_map_is, GT_MAP, &geno_t_int, &geno_t_string);
T2(t_map_ii, GT_MAP, &geno_t_int, &geno_t_int);
T2(t_map_fi, GT_MAP, &geno_t_float, &geno_t_int);
T2(t_map_bi, GT_MAP, &geno_t_bool, &geno_t_int);
T2(t_map_ti, GT_MAP, &t_tup_si, &geno_t_int);
T2(t_map_s_li, GT_MAP, &geno_t_string, &t_list_int);
T1(t_set_int, GT_SET, &geno_t_int);
T1(t_set_float, GT_SET, &geno_t_float);
T1(t_set_str, GT_SET, &geno_t_string);
T1(t_set_bool, GT_SET, &geno_t_bool);
T1(t_set_tup, GT_SET, &t_tup_si);
T2(t_mm_si, GT_MUTMAP, &geno_t_string, &geno_t_int);
T2(t_mm_ii, GT_MUTMAP, &geno_t_int, &geno_t_int);
T1(t_arr_int, GT_ARRAY, &geno_t_int);
T1(t_arr_str, GT_ARRAY, &geno_t_string);
T1(t_arr_float, GT_ARRAY, &geno_t_float);
T1(t_vec_str, GT_VEC, &geno_t_string);
T1(t_vec_int, GT_VEC, &geno_t_int);
T1(t_list_arr_int, GT_LIST, &t_arr_int);

static const char *const value_name[] = { "value" };
static const GenoType *const some_str_fields[] = { &geno_t_string };
static const GenoType *const some_int_fields[] = { &geno_t_int };
static const GenoVariant opt_str_variants[] = {
    { "None", 0, NULL, NULL }, { "Some", 1, value_name, some_str_fields },
};
static const GenoVariant opt_int_variants[] = {
    { "None", 0, NULL, NULL }, { "Some", 1, value_name, some_int_fields },
};
static const GenoType t_opt_str = { .kind = GT_ADT, .name = "Option", .nvariants = 2, .variants = opt_str_variants };
static const GenoType t_opt_int = { .kind = GT_ADT, .name = "Option", .nvariants = 2, .variants = opt_int_variants };
T2(t_map_oi, GT_MAP, &t_opt_str, &geno_t_int);
T1(t_set_opt, GT_SET, &t_opt_int);

/* ---- helpers -------------------------------------------------------------------- */

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }
static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }
static GenoWord I(int64_t v) { return (GenoWord)GENO_INT_SMALL(v); }
static GenoWord SW(const char *s) { return W(S(s)); }
static const char *R(GenoWord v, const GenoType *t) { return geno_repr(v, t)->data; }
static int64_t IV(GenoWord w) { return GENO_INT_VALUE((GenoInt)w); }

static GenoWord pair(GenoWord a, GenoWord b) {
    GenoTuple *t = geno_alloc(2 * sizeof(GenoWord));
    t[0] = a;
    t[1] = b;
    return W(t);
}

static GenoWord some(GenoWord v) {
    GenoAdt *a = geno_alloc(sizeof(GenoAdt) + sizeof(GenoWord));
    a->tag = 1;
    a->fields[0] = v;
    return W(a);
}
static GenoAdt none_value = { 0 };

__attribute__((noinline)) static GenoList *ints(int64_t from, int64_t n) {
    GenoList *l = geno_list_empty();
    for (int64_t i = 0; i < n; i++) l = geno_list_append(l, I(from + i), 0);
    return l;
}

/* l holds exactly the values want[0..n) (as small ints). */
static void check_list(GenoList *l, const int64_t *want, int64_t n) {
    REQ_EQ(geno_list_len(l), n);
    for (int64_t i = 0; i < n; i++)
        if (IV(geno_list_get(l, i)) != want[i])
            ck_abort_msg("element %lld: got %lld, want %lld", (long long)i, (long long)IV(geno_list_get(l, i)),
                         (long long)want[i]);
    int64_t seen = 0;
    for (int64_t i = 0, k; i < n; i += k) {
        const GenoWord *c = geno_list_chunk(l, i, &k);
        REQ((k) >= (1));
        REQ((i + k) <= (n));
        for (int64_t j = 0; j < k; j++) REQ_EQ(IV(c[j]), want[i + j]);
        seen += k;
    }
    REQ_EQ(seen, n);
}

static void check_iota(GenoList *l, int64_t from, int64_t n) {
    int64_t *want = malloc((size_t)(n ? n : 1) * sizeof *want);
    for (int64_t i = 0; i < n; i++) want[i] = from + i;
    check_list(l, want, n);
    free(want);
}

/* ---- List: persistent vector ------------------------------------------------------ */

START_TEST(list_append_across_boundaries) {
    static const int64_t sizes[] = { 0, 1, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025, 1056, 1057,
                                     32767, 32768, 32769, 33824, 33825, 70000 };
    GenoList *snap[sizeof sizes / sizeof sizes[0]];
    GenoList *l = geno_list_empty();
    size_t s = 0;
    for (int64_t i = 0; i <= 70000; i++) {
        while (s < sizeof sizes / sizeof sizes[0] && sizes[s] == i) snap[s++] = l;
        if (i < 70000) l = geno_list_append(l, I(i), 0);
    }
    for (size_t k = 0; k < s; k++) check_iota(snap[k], 0, sizes[k]);
    REQ_EQ(IV(geno_list_index(l, GENO_INT_SMALL(-1), 0)), 69999);
    REQ_EQ(IV(geno_list_index(l, GENO_INT_SMALL(32768), 0)), 32768);
}
END_TEST

START_TEST(list_old_versions_unchanged) {
    static const int64_t sizes[] = { 1, 5, 31, 32, 33, 1024, 1025, 32768, 32769 };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int64_t n = sizes[s];
        GenoList *base = ints(0, n);
        /* two appends to the same version: the second must not see the first */
        GenoList *a = geno_list_append(base, I(-1), 0);
        GenoList *b = geno_list_append(base, I(-2), 0);
        check_iota(base, 0, n);
        REQ_EQ(IV(geno_list_get(a, n)), -1);
        REQ_EQ(IV(geno_list_get(b, n)), -2);
        REQ_EQ(geno_list_len(a), n + 1);
        /* set_at at the start, a boundary, the tail */
        int64_t idx[] = { 0, n / 2, n - 1, n > 32 ? 31 : 0, n > 1024 ? 1023 : 0 };
        for (size_t k = 0; k < sizeof idx / sizeof idx[0]; k++) {
            GenoList *c = geno_list_set_at(base, GENO_INT_SMALL(idx[k]), I(777), 0);
            REQ_EQ(IV(geno_list_get(c, idx[k])), 777);
            REQ_EQ(geno_list_len(c), n);
            if (idx[k] > 0) REQ_EQ(IV(geno_list_get(c, idx[k] - 1)), idx[k] - 1);
            check_iota(base, 0, n);
            /* appending to the updated version leaves base alone too */
            GenoList *d = geno_list_append(c, I(5), 0);
            REQ_EQ(IV(geno_list_get(d, n)), 5);
            check_iota(base, 0, n);
        }
        check_iota(geno_list_take(a, GENO_INT_SMALL(n)), 0, n);
        check_iota(geno_list_take(b, GENO_INT_SMALL(n)), 0, n);
    }
}
END_TEST

START_TEST(list_views) {
    static const int64_t sizes[] = { 3, 32, 40, 1024, 1100, 33000 };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int64_t n = sizes[s];
        GenoList *l = ints(0, n);
        int64_t cuts[] = { 0, 1, 2, 31, 32, 33, n / 2, n - 33, n - 32, n - 1, n, n + 5 };
        for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            int64_t k = cuts[i] < 0 ? 0 : cuts[i], kk = k > n ? n : k;
            GenoList *d = geno_list_drop(l, GENO_INT_SMALL(k));
            GenoList *t = geno_list_take(l, GENO_INT_SMALL(k));
            check_iota(d, kk, n - kk);
            check_iota(t, 0, kk);
            /* appending to views leaves the parent and siblings alone */
            GenoList *d2 = geno_list_append(d, I(-7), 0);
            GenoList *t2 = geno_list_append(t, I(-8), 0);
            REQ_EQ(IV(geno_list_get(d2, n - kk)), -7);
            REQ_EQ(IV(geno_list_get(t2, kk)), -8);
            check_iota(l, 0, n);
            check_iota(t, 0, kk);
            check_iota(d, kk, n - kk);
            /* grow a taken prefix past several leaves and compare */
            GenoList *g = t;
            for (int64_t j = 0; j < 100; j++) g = geno_list_append(g, I(kk + j), 0);
            check_iota(g, 0, kk + 100);
            check_iota(l, 0, n);
            for (size_t j = 0; j < sizeof cuts / sizeof cuts[0]; j++) {
                int64_t a = cuts[i], b = cuts[j];
                /* start clamps to 0; a negative stop counts from the end */
                int64_t lo = a < 0 ? 0 : a > n ? n : a;
                int64_t hi = b < 0 ? (n + b < 0 ? 0 : n + b) : b > n ? n : b;
                GenoList *sl = geno_list_slice(l, GENO_INT_SMALL(a), GENO_INT_SMALL(b));
                check_iota(sl, lo, hi > lo ? hi - lo : 0);
            }
        }
        REQ_EQ(geno_list_len(geno_list_take(l, GENO_INT_SMALL(-1))), 0);
        REQ_EQ(geno_list_len(geno_list_drop(l, GENO_INT_SMALL(-5))), n);
        REQ_EQ(geno_list_len(geno_list_drop(l, geno_int_from_dec("100000000000000000000", 0))), 0);
        check_iota(geno_list_tail(l, 0), 1, n - 1);
    }
    /* the reference's clamping */
    GenoList *five = ints(1, 5);
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(1), GENO_INT_SMALL(3))), &t_list_int), "[2, 3]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(-2), GENO_INT_SMALL(5))), &t_list_int), "[1, 2, 3, 4, 5]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(-2), GENO_INT_SMALL(3))), &t_list_int), "[1, 2, 3]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(2), GENO_INT_SMALL(10))), &t_list_int), "[3, 4, 5]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(4), GENO_INT_SMALL(2))), &t_list_int), "[]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(-1), GENO_INT_SMALL(-3))), &t_list_int), "[1, 2]");
    ck_assert_str_eq(R(W(geno_list_slice(five, GENO_INT_SMALL(0), GENO_INT_SMALL(-9))), &t_list_int), "[]");
}
END_TEST

START_TEST(list_tail_loop_stays_small) {
    /* `xs = tail(xs)` over a long list, and a queue `q = append(tail(q), x)`:
     * both linear, the queue's memory bounded */
    GenoList *l = ints(0, 100000);
    int64_t sum = 0;
    while (geno_list_len(l) > 0) {
        sum += IV(geno_list_head(l, 0));
        l = geno_list_tail(l, 0);
    }
    REQ_EQ(sum, (int64_t)99999 * 100000 / 2);
    GenoList *q = ints(0, 100);
    for (int64_t i = 100; i < 500000; i++) {
        REQ_EQ(IV(geno_list_get(q, 0)), i - 100);
        q = geno_list_append(geno_list_tail(q, 0), I(i), 0);
    }
    check_iota(q, 499900, 100);
    GC_gcollect();
    REQ((GC_get_heap_size()) < (64 << 20));
}
END_TEST

START_TEST(list_prepend_idiom) {
    /* `xs = concat([x], xs)` builds a list in amortised O(1) per element;
     * two prepends to one version, and prepends to a drop view, leave every
     * version as it was */
    GenoList *l = geno_list_empty();
    for (int64_t i = 99999; i >= 0; i--) {
        GenoWord w = I(i);
        l = geno_list_concat(geno_list_of(1, &w, 0), l, 0);
    }
    check_iota(l, 0, 100000);
    GenoList *base = geno_list_drop(l, GENO_INT_SMALL(50000));
    GenoWord x = I(-1), y = I(-2);
    GenoList *a = geno_list_concat(geno_list_of(1, &x, 0), base, 0);
    GenoList *b = geno_list_concat(geno_list_of(1, &y, 0), base, 0);
    REQ_EQ(IV(geno_list_get(a, 0)), -1);
    REQ_EQ(IV(geno_list_get(b, 0)), -2);
    REQ_EQ(IV(geno_list_get(l, 49999)), 49999);      /* the parent's slot */
    check_iota(geno_list_drop(a, GENO_INT_SMALL(1)), 50000, 50000);
    check_iota(geno_list_drop(b, GENO_INT_SMALL(1)), 50000, 50000);
    check_iota(l, 0, 100000);
    GenoList *small = ints(5, 3);                   /* literal-sized tail */
    GenoList *c = geno_list_concat(geno_list_of(1, &x, 0), small, 0);
    GenoList *d = geno_list_concat(geno_list_of(1, &y, 0), geno_list_drop(c, GENO_INT_SMALL(1)), 0);
    ck_assert_str_eq(R(W(c), &t_list_int), "[-1, 5, 6, 7]");
    ck_assert_str_eq(R(W(d), &t_list_int), "[-2, 5, 6, 7]");
    ck_assert_str_eq(R(W(geno_list_append(d, I(8), 0)), &t_list_int), "[-2, 5, 6, 7, 8]");
    ck_assert_str_eq(R(W(geno_list_append(c, I(9), 0)), &t_list_int), "[-1, 5, 6, 7, 9]");
    GC_gcollect();
    REQ((GC_get_heap_size()) < (64 << 20));
}
END_TEST

START_TEST(list_building) {
    for (int64_t n = 0; n <= 2100; n += (n < 70 ? 1 : 97)) {
        GenoWord *items = malloc((size_t)(n + 1) * sizeof(GenoWord));
        for (int64_t i = 0; i < n; i++) items[i] = I(i);
        GenoList *l = geno_list_of(n, items, 0);
        free(items);
        check_iota(l, 0, n);
        GenoList *r = geno_list_reverse(l);
        REQ_EQ(geno_list_len(r), n);
        for (int64_t i = 0; i < n; i++) REQ_EQ(IV(geno_list_get(r, i)), n - 1 - i);
        GenoList *c = geno_list_concat(l, ints(n, 77), 0);
        check_iota(c, 0, n + 77);
        check_iota(l, 0, n);
        GenoList *c2 = geno_list_concat(geno_list_drop(l, GENO_INT_SMALL(n / 3)), ints(n, n), 0);
        check_iota(c2, n / 3, n - n / 3 + n);
        GenoListBuilder b;
        geno_list_builder_init(&b);
        for (int64_t i = 0; i < n; i++) geno_list_builder_add(&b, I(i), 0);
        geno_list_builder_add_list(&b, l, 0);
        GenoList *bl = geno_list_builder_finish(&b);
        REQ_EQ(geno_list_len(bl), 2 * n);
        for (int64_t i = 0; i < 2 * n; i++) REQ_EQ(IV(geno_list_get(bl, i)), i % (n ? n : 1));
    }
    GenoList *r = geno_list_range(GENO_INT_SMALL(5), GENO_INT_SMALL(-70000), GENO_INT_SMALL(-2), 0);
    REQ_EQ(geno_list_len(r), 35003);
    REQ_EQ(IV(geno_list_get(r, 35002)), 5 - 2 * 35002);
    ck_assert_str_eq(R(W(geno_list_range(GENO_INT_SMALL(5), GENO_INT_SMALL(0), GENO_INT_SMALL(-2), 0)), &t_list_int),
                     "[5, 3, 1]");
}
END_TEST

START_TEST(list_errors) {
    GenoList *volatile l = ints(1, 3);     /* read after longjmps */
    ck_assert_str_eq(R(W(geno_list_set_at(l, GENO_INT_SMALL(1), I(9), 0)), &t_list_int), "[1, 9, 3]");
    ASSERT_RAISES("E499", "set_at index out of range", geno_list_set_at(l, GENO_INT_SMALL(3), I(0), 0));
    ASSERT_RAISES("E499", "set_at index out of range", geno_list_set_at(l, GENO_INT_SMALL(-1), I(0), 0));
    ASSERT_RAISES("E499", "set_at index out of range",
                  geno_list_set_at(l, geno_int_from_dec("100000000000000000000", 0), I(0), 0));
    ASSERT_RAISES("E401", "Index -1 out of bounds for list of length 3", geno_list_index(l, GENO_INT_SMALL(-4), 0));
    ASSERT_RAISES("E401", "Index 3 out of bounds for list of length 3", geno_list_index(l, GENO_INT_SMALL(3), 0));
    ASSERT_RAISES("E499", "tail of empty list", geno_list_tail(geno_list_empty(), 0));
    set_limit(40);
    GenoList *big = ints(0, 40);
    ASSERT_RAISES("E499", "List size exceeds limit (41 > 40)", geno_list_append(big, I(0), 0));
    ASSERT_RAISES("E499", "List size exceeds limit (42 > 40)", geno_list_concat(big, ints(0, 2), 0));
    GenoListBuilder b;
    geno_list_builder_init(&b);
    geno_list_builder_add_list(&b, big, 0);
    ASSERT_RAISES("E499", "List size exceeds limit (41 > 40)", geno_list_builder_add(&b, I(1), 0));
    /* the inline forms stop at the limit too */
    GenoListBuilder c;
    geno_list_builder_init(&c);
    for (int i = 0; i < 40; i++) GENO_LIST_BUILDER_ADD(&c, I(i), 0);
    ASSERT_RAISES("E499", "List size exceeds limit (41 > 40)", GENO_LIST_BUILDER_ADD(&c, I(1), 0));
    REQ_EQ(geno_list_len(geno_list_builder_finish(&c)), 40);
    GenoList *own = geno_list_append(ints(0, 38), I(38), 0);
    own = GENO_LIST_PUSH(own, I(39), 0);
    ASSERT_RAISES("E499", "List size exceeds limit (41 > 40)", GENO_LIST_PUSH(own, I(40), 0));
    ASSERT_RAISES("E499", "List size exceeds limit (41 > 40)", geno_list_push(own, I(40), 0));
    check_iota(own, 0, 40);
}
END_TEST

/* random operations against a plain array model, with snapshots */
START_TEST(list_random_model) {
    enum { VERSIONS = 64 };
    GenoList *v[VERSIONS];
    int64_t *m[VERSIONS], len[VERSIONS];
    for (int i = 0; i < VERSIONS; i++) { v[i] = geno_list_empty(); m[i] = NULL; len[i] = 0; }
    srand(12345);
    for (int step = 0; step < 6000; step++) {
        int src = rand() % VERSIONS, dst = rand() % VERSIONS, op = rand() % 14;
        int64_t n = len[src];
        int64_t *nm;
        GenoList *r;
        int64_t nlen;
        if (op < 5) {                                   /* append a run */
            int64_t k = 1 + rand() % (rand() % 4 == 0 ? 2000 : 40);
            r = v[src];
            nm = malloc((size_t)(n + k) * sizeof *nm);
            if (n) memcpy(nm, m[src], (size_t)n * sizeof *nm);
            for (int64_t j = 0; j < k; j++) { nm[n + j] = step * 10000 + j; r = geno_list_append(r, I(nm[n + j]), 0); }
            nlen = n + k;
        } else if (op == 5 && n > 0) {                  /* set_at */
            int64_t i = rand() % n;
            r = geno_list_set_at(v[src], GENO_INT_SMALL(i), I(-step), 0);
            nm = malloc((size_t)n * sizeof *nm);
            memcpy(nm, m[src], (size_t)n * sizeof *nm);
            nm[i] = -step;
            nlen = n;
        } else if (op == 6) {                           /* slice */
            int64_t a = n ? rand() % (n + 1) : 0, b = n ? rand() % (n + 1) : 0;
            if (a > b) { int64_t t = a; a = b; b = t; }
            r = geno_list_slice(v[src], GENO_INT_SMALL(a), GENO_INT_SMALL(b));
            nlen = b - a;
            nm = malloc((size_t)(nlen ? nlen : 1) * sizeof *nm);
            if (nlen) memcpy(nm, m[src] + a, (size_t)nlen * sizeof *nm);
        } else if (op == 7) {                           /* concat */
            int other = rand() % VERSIONS;
            r = geno_list_concat(v[src], v[other], 0);
            nlen = n + len[other];
            nm = malloc((size_t)(nlen ? nlen : 1) * sizeof *nm);
            if (n) memcpy(nm, m[src], (size_t)n * sizeof *nm);
            if (len[other]) memcpy(nm + n, m[other], (size_t)len[other] * sizeof *nm);
        } else if (op == 12) {                          /* owned appends: a fresh header grown in place */
            int64_t k = 1 + rand() % (rand() % 4 == 0 ? 2000 : 40);
            nm = malloc((size_t)(n + k) * sizeof *nm);
            if (n) memcpy(nm, m[src], (size_t)n * sizeof *nm);
            for (int64_t j = 0; j < k; j++) nm[n + j] = step * 10000 + j;
            r = geno_list_append(v[src], I(nm[n]), 0);
            for (int64_t j = 1; j < k; j++) {
                GenoList *same = j % 2 ? GENO_LIST_PUSH(r, I(nm[n + j]), 0) : geno_list_push(r, I(nm[n + j]), 0);
                REQ(same == r);
            }
            nlen = n + k;
        } else if (op == 13) {                          /* a builder from a list, then inline adds */
            int64_t k = rand() % 70;
            GenoListBuilder b;
            geno_list_builder_init(&b);
            geno_list_builder_add_list(&b, v[src], 0);
            nm = malloc((size_t)(n + k + 1) * sizeof *nm);
            if (n) memcpy(nm, m[src], (size_t)n * sizeof *nm);
            for (int64_t j = 0; j < k; j++) {
                nm[n + j] = -step * 1000 - j;
                GENO_LIST_BUILDER_ADD(&b, I(nm[n + j]), 0);
            }
            r = geno_list_builder_finish(&b);
            nlen = n + k;
        } else if (op >= 10) {                          /* prepend a short list (cons idiom) */
            int64_t k = 1 + rand() % (op == 10 ? 2 : 40);
            GenoWord *items = malloc((size_t)k * sizeof *items);
            nlen = n + k;
            nm = malloc((size_t)nlen * sizeof *nm);
            for (int64_t j = 0; j < k; j++) { nm[j] = -(step * 100 + j); items[j] = I(nm[j]); }
            if (n) memcpy(nm + k, m[src], (size_t)n * sizeof *nm);
            r = geno_list_concat(geno_list_of(k, items, 0), v[src], 0);
            free(items);
        } else if (op == 8) {                           /* drop */
            int64_t k = n ? rand() % (n + 1) : 0;
            r = geno_list_drop(v[src], GENO_INT_SMALL(k));
            nlen = n - k;
            nm = malloc((size_t)(nlen ? nlen : 1) * sizeof *nm);
            if (nlen) memcpy(nm, m[src] + k, (size_t)nlen * sizeof *nm);
        } else {                                        /* reverse */
            r = geno_list_reverse(v[src]);
            nlen = n;
            nm = malloc((size_t)(n ? n : 1) * sizeof *nm);
            for (int64_t j = 0; j < n; j++) nm[j] = m[src][n - 1 - j];
        }
        if (len[dst] > 100000) {                        /* keep sizes reasonable */
            free(nm);
            continue;
        }
        free(m[dst]);
        v[dst] = r;
        m[dst] = nm;
        len[dst] = nlen;
        if (step % 97 == 0)
            for (int i = 0; i < VERSIONS; i++) check_list(v[i], m[i], len[i]);
    }
    for (int i = 0; i < VERSIONS; i++) {
        check_list(v[i], m[i], len[i]);
        free(m[i]);
    }
}
END_TEST

/* ---- Map ---------------------------------------------------------------------------- */

__attribute__((noinline)) static GenoMap *map_si(int n, const char *const *keys, const int64_t *vals) {
    GenoMap *m = geno_map_empty();
    for (int i = 0; i < n; i++) m = geno_map_insert(m, SW(keys[i]), I(vals[i]), &t_map_si, 0);
    return m;
}

START_TEST(map_order_rules) {
    GenoMap *e = geno_map_empty();
    ck_assert_str_eq(R(W(e), &t_map_si), "{}");
    const char *k1[] = { "z", "a", "z" };
    int64_t v1[] = { 9, 2, 3 };
    GenoMap *m = map_si(3, k1, v1);
    ck_assert_str_eq(R(W(m), &t_map_si), "{\"z\": 3, \"a\": 2}");
    ck_assert_int_eq(geno_map_size(m), 2);
    GenoMap *m2 = geno_map_insert(m, SW("b"), I(1), &t_map_si, 0);
    ck_assert_str_eq(R(W(m2), &t_map_si), "{\"z\": 3, \"a\": 2, \"b\": 1}");
    ck_assert_str_eq(R(W(m), &t_map_si), "{\"z\": 3, \"a\": 2}");      /* unchanged */
    GenoMap *m3 = geno_map_insert(m2, SW("a"), I(7), &t_map_si, 0);
    ck_assert_str_eq(R(W(m3), &t_map_si), "{\"z\": 3, \"a\": 7, \"b\": 1}");
    ck_assert_str_eq(R(W(m2), &t_map_si), "{\"z\": 3, \"a\": 2, \"b\": 1}");

    /* map_from_list: duplicates keep the first position and the last value */
    GenoWord pairs[] = { pair(SW("z"), I(9)), pair(SW("a"), I(1)), pair(SW("z"), I(3)) };
    GenoMap *f = geno_map_from_list(geno_list_of(3, pairs, 0), &t_map_si, 0);
    ck_assert_str_eq(R(W(f), &t_map_si), "{\"z\": 3, \"a\": 1}");
    /* map_merge: right wins, left order then the right's new keys */
    GenoWord pairs2[] = { pair(SW("q"), I(1)), pair(SW("a"), I(5)) };
    GenoMap *g = geno_map_from_list(geno_list_of(2, pairs2, 0), &t_map_si, 0);
    ck_assert_str_eq(R(W(geno_map_merge(f, g, &t_map_si, 0)), &t_map_si), "{\"z\": 3, \"a\": 5, \"q\": 1}");
    ck_assert_str_eq(R(W(geno_map_merge(g, f, &t_map_si, 0)), &t_map_si), "{\"q\": 1, \"a\": 1, \"z\": 3}");
    ck_assert_str_eq(R(W(geno_map_entries(f, &t_map_si, 0)), &t_list_tup_si), "[(\"z\", 3), (\"a\", 1)]");
    ck_assert_str_eq(R(W(geno_map_keys(f)), &t_list_str), "[\"z\", \"a\"]");
    ck_assert_str_eq(R(W(geno_map_values(f)), &t_list_int), "[3, 1]");
    GenoWord out = 0;
    ck_assert(geno_map_get(f, SW("a"), &t_map_si, &out));
    ck_assert_int_eq(IV(out), 1);
    ck_assert(!geno_map_get(f, SW("nope"), &t_map_si, &out));
    ck_assert_int_eq(IV(geno_map_index(f, SW("z"), &t_map_si, 0)), 3);
    GenoWord tens[] = { I(30), I(10) };
    ck_assert_str_eq(R(W(geno_map_with_values(f, geno_list_of(2, tens, 0))), &t_map_si), "{\"z\": 30, \"a\": 10}");
    /* printing nested values and Int keys */
    GenoWord pk[] = { pair(SW("k"), W(ints(1, 2))), pair(SW("j"), W(geno_list_empty())) };
    ck_assert_str_eq(R(W(geno_map_from_list(geno_list_of(2, pk, 0), &t_map_s_li, 0)), &t_map_s_li),
                     "{\"k\": [1, 2], \"j\": []}");
    GenoMap *mi = geno_map_insert(geno_map_insert(geno_map_empty(), I(1), SW("x"), &t_map_is, 0), I(2), SW("y"), &t_map_is, 0);
    ck_assert_str_eq(R(W(mi), &t_map_is), "{1: \"x\", 2: \"y\"}");
    ck_assert_str_eq(geno_to_string(W(geno_map_insert(geno_map_empty(), SW("a"), I(1), &t_map_si, 0)), &t_map_si)->data,
                     "{\"a\": 1}");
}
END_TEST

START_TEST(map_equality_and_keys) {
    const char *ka[] = { "a", "b" }, *kb[] = { "b", "a" };
    int64_t va[] = { 1, 2 }, vb[] = { 2, 1 }, vc[] = { 2, 3 };
    ck_assert(geno_equal(W(map_si(2, ka, va)), W(map_si(2, kb, vb)), &t_map_si));
    ck_assert(!geno_equal(W(map_si(2, ka, va)), W(map_si(2, kb, vc)), &t_map_si));
    ck_assert(!geno_equal(W(map_si(2, ka, va)), W(map_si(1, ka, va)), &t_map_si));
    /* Int and Float keys: 1 and 1.0 are one key (a Python dict) */
    GenoMap *mf = geno_map_insert(geno_map_empty(), geno_f2w(1.0), I(1), &t_map_fi, 0);
    GenoWord out;
    ck_assert(geno_map_get(mf, geno_f2w(1.0), &t_map_fi, &out));
    ck_assert(!geno_map_get(mf, geno_f2w(1.5), &t_map_fi, &out));
    /* tuple and Option keys */
    GenoMap *mt = geno_map_insert(geno_map_empty(), pair(SW("a"), I(1)), I(5), &t_map_ti, 0);
    ck_assert(geno_map_get(mt, pair(SW("a"), I(1)), &t_map_ti, &out));
    ck_assert_int_eq(IV(out), 5);
    GenoMap *mo = geno_map_insert(geno_map_empty(), some(SW("a")), I(1), &t_map_oi, 0);
    mo = geno_map_insert(mo, W(&none_value), I(2), &t_map_oi, 0);
    ck_assert(geno_map_get(mo, some(SW("a")), &t_map_oi, &out));
    ck_assert_int_eq(IV(out), 1);
    ck_assert(geno_map_get(mo, W(&none_value), &t_map_oi, &out));
    ck_assert_int_eq(IV(out), 2);
    /* big Int keys */
    GenoMap *mb = geno_map_insert(geno_map_empty(), (GenoWord)geno_int_from_dec("123456789012345678901234567890", 0),
                                  I(1), &t_map_ii, 0);
    ck_assert(geno_map_contains(mb, (GenoWord)geno_int_from_dec("123456789012345678901234567890", 0), &t_map_ii));
    ck_assert(!geno_map_contains(mb, (GenoWord)geno_int_from_dec("123456789012345678901234567891", 0), &t_map_ii));
}
END_TEST

START_TEST(map_errors) {
    const char *k[] = { "a" };
    int64_t v[] = { 1 };
    GenoMap *volatile m = map_si(1, k, v);     /* read after longjmps */
    ASSERT_RAISES("E402", "Key not found: b", geno_map_index(m, SW("b"), &t_map_si, 0));
    ASSERT_RAISES("E402", "Key not found: x\ny", geno_map_index(m, SW("x\ny"), &t_map_si, 0));
    ASSERT_RAISES("E402", "Key not found: 7", geno_map_index(geno_map_empty(), I(7), &t_map_ii, 0));
    ASSERT_RAISES("E402", "Key not found: 2.5", geno_map_index(geno_map_empty(), geno_f2w(2.5), &t_map_fi, 0));
    ASSERT_RAISES("E402", "Key not found: False", geno_map_index(geno_map_empty(), 0, &t_map_bi, 0));
    ASSERT_RAISES("E402", "Key not found: (\"b'\", 2)", geno_map_index(geno_map_empty(), pair(SW("b'"), I(2)), &t_map_ti, 0));
    ASSERT_RAISES("E402", "Key not found: ('b', 2)", geno_map_index(geno_map_empty(), pair(SW("b"), I(2)), &t_map_ti, 0));
    ASSERT_RAISES("E402", "Key not found: Some(value: 'b')", geno_map_index(geno_map_empty(), some(SW("b")), &t_map_oi, 0));
    ASSERT_RAISES("E402", "Key not found: None", geno_map_index(geno_map_empty(), W(&none_value), &t_map_oi, 0));
    GenoWord pairs[] = { pair(SW("a"), I(1)), pair(SW("b"), I(1)), pair(SW("a"), I(1)), pair(SW("c"), I(1)),
                         pair(SW("d"), I(1)) };
    GenoList *pl = geno_list_of(5, pairs, 0);
    set_limit(3);
    const char *k3[] = { "a", "b", "c" };
    int64_t v3[] = { 1, 2, 3 };
    GenoMap *m3 = map_si(3, k3, v3);
    geno_map_insert(m3, SW("a"), I(9), &t_map_si, 0);                  /* update: no growth */
    ASSERT_RAISES("E499", "Map size exceeds limit (4 > 3)", geno_map_insert(m3, SW("d"), I(4), &t_map_si, 0));
    const char *k2[] = { "c", "d", "e" };
    ASSERT_RAISES("E499", "Map size exceeds limit (5 > 3)", geno_map_merge(m3, map_si(2, k2 + 1, v3), &t_map_si, 0));
    ck_assert_int_eq(geno_map_size(geno_map_merge(m3, map_si(1, k2, v3), &t_map_si, 0)), 3);
    ASSERT_RAISES("E499", "Map size exceeds limit (4 > 3)", geno_map_from_list(pl, &t_map_si, 0));
}
END_TEST

/* many keys: order, lookups, old versions, collisions in the trie */
START_TEST(map_many_keys) {
    GenoMap *m = geno_map_empty(), *half = NULL;
    const int n = 50000;
    for (int i = 0; i < n; i++) {
        if (i == n / 2) half = m;
        m = geno_map_insert(m, I(i * 7919 % 100003), I(i), &t_map_ii, 0);
    }
    REQ_EQ(geno_map_size(m), n);
    REQ_EQ(geno_map_size(half), n / 2);
    GenoList *ks = geno_map_keys(m);
    for (int i = 0; i < n; i++) {
        GenoWord out;
        REQ_EQ(IV(geno_list_get(ks, i)), (int64_t)i * 7919 % 100003);
        REQ(geno_map_get(m, I(i * 7919 % 100003), &t_map_ii, &out));
        REQ_EQ(IV(out), i);
        REQ_EQ(geno_map_contains(half, I(i * 7919 % 100003), &t_map_ii), i < n / 2);
    }
    /* update every key: order and the old version unchanged */
    GenoMap *u = m;
    for (int i = n - 1; i >= 0; i--) u = geno_map_insert(u, I(i * 7919 % 100003), I(-i), &t_map_ii, 0);
    for (int i = 0; i < n; i += 101) {
        GenoWord out;
        REQ(geno_map_get(u, I(i * 7919 % 100003), &t_map_ii, &out));
        REQ_EQ(IV(out), -i);
        REQ(geno_map_get(m, I(i * 7919 % 100003), &t_map_ii, &out));
        REQ_EQ(IV(out), i);
    }
    REQ(geno_equal(W(geno_map_keys(u)), W(geno_map_keys(m)), &t_list_int));
    REQ(!geno_equal(W(u), W(m), &t_map_ii));
    /* string keys */
    GenoMap *s = geno_map_empty();
    char buf[32];
    for (int i = 0; i < 20000; i++) {
        snprintf(buf, sizeof buf, "key%d", i);
        s = geno_map_insert(s, SW(buf), I(i), &t_map_si, 0);
    }
    for (int i = 0; i < 20000; i += 7) {
        GenoWord out;
        snprintf(buf, sizeof buf, "key%d", i);
        REQ(geno_map_get(s, SW(buf), &t_map_si, &out));
        REQ_EQ(IV(out), i);
    }
}
END_TEST

/* ---- Set -------------------------------------------------------------------------- */

static GenoSet *set_of_strs(int n, const char *const *xs) {
    GenoSet *s = geno_set_new();
    for (int i = 0; i < n; i++) geno_set_add(s, SW(xs[i]), &t_set_str, 0);
    return s;
}

START_TEST(set_printing_sorted) {
    ck_assert_str_eq(R(W(geno_set_new()), &t_set_int), "Set({})");
    GenoWord xs[] = { I(3), I(-1), I(10), I(2), I(3) };
    GenoSet *s = geno_set_from_list(geno_list_of(5, xs, 0), &t_set_int, 0);
    ck_assert_str_eq(R(W(s), &t_set_int), "Set({-1, 2, 3, 10})");
    ck_assert_str_eq(R(W(geno_set_to_list(s, &t_set_int, 0)), &t_list_int), "[-1, 2, 3, 10]");
    const char *strs[] = { "b", "C", "a", "aa", "é", "z", "Z" };
    ck_assert_str_eq(R(W(set_of_strs(7, strs)), &t_set_str), "Set({\"C\", \"Z\", \"a\", \"aa\", \"b\", \"z\", \"é\"})");
    GenoWord fs[] = { geno_f2w(2.5), geno_f2w(-1.0), geno_f2w(10.0) };
    ck_assert_str_eq(R(W(geno_set_from_list(geno_list_of(3, fs, 0), &t_set_float, 0)), &t_set_float),
                     "Set({-1.0, 2.5, 10.0})");
    GenoWord bs[] = { 1, 0 };
    ck_assert_str_eq(R(W(geno_set_from_list(geno_list_of(2, bs, 0), &t_set_bool, 0)), &t_set_bool), "Set({false, true})");
    GenoWord ts[] = { pair(SW("b"), I(1)), pair(SW("a"), I(2)), pair(SW("a"), I(1)) };
    ck_assert_str_eq(R(W(geno_set_from_list(geno_list_of(3, ts, 0), &t_set_tup, 0)), &t_set_tup),
                     "Set({(\"a\", 1), (\"a\", 2), (\"b\", 1)})");
    GenoWord os[] = { some(I(3)), W(&none_value), some(I(1)) };
    ck_assert_str_eq(R(W(geno_set_from_list(geno_list_of(3, os, 0), &t_set_opt, 0)), &t_set_opt),
                     "Set({None, Some(value: 1), Some(value: 3)})");
    GenoArray *a = geno_array_from_list(ints(9, 1), &t_arr_int, 0);
    ck_assert_str_eq(geno_to_string(W(set_of_strs(1, strs)), &t_set_str)->data, "Set({\"b\"})");
    (void)a;
}
END_TEST

START_TEST(set_operations) {
    GenoWord a[] = { I(1), I(2), I(3) }, b[] = { I(2), I(3), I(4) };
    GenoSet *s1 = geno_set_from_list(geno_list_of(3, a, 0), &t_set_int, 0);
    GenoSet *s2 = geno_set_from_list(geno_list_of(3, b, 0), &t_set_int, 0);
    ck_assert_str_eq(R(W(geno_set_union(s1, s2, &t_set_int, 0)), &t_set_int), "Set({1, 2, 3, 4})");
    ck_assert_str_eq(R(W(geno_set_intersection(s1, s2, &t_set_int)), &t_set_int), "Set({2, 3})");
    geno_set_add(s1, I(0), &t_set_int, 0);
    geno_set_remove(s1, I(2), &t_set_int);
    geno_set_remove(s1, I(99), &t_set_int);
    ck_assert_str_eq(R(W(s1), &t_set_int), "Set({0, 1, 3})");
    REQ(geno_set_contains(s1, I(3), &t_set_int));
    REQ(!geno_set_contains(s1, I(2), &t_set_int));
    REQ_EQ(geno_set_size(s1), 3);
    GenoWord c[] = { I(3), I(0), I(1) };
    REQ(geno_equal(W(s1), W(geno_set_from_list(geno_list_of(3, c, 0), &t_set_int, 0)), &t_set_int));
    REQ(!geno_equal(W(s1), W(s2), &t_set_int));
    /* many adds and removes: tombstones squeezed, content right */
    GenoSet *s = geno_set_new();
    for (int i = 0; i < 100000; i++) {
        geno_set_add(s, I(i), &t_set_int, 0);
        if (i % 3 == 0) geno_set_remove(s, I(i / 2), &t_set_int);
    }
    int64_t count = 0;
    for (int i = 0; i < 100000; i++) count += geno_set_contains(s, I(i), &t_set_int);
    REQ_EQ(count, geno_set_size(s));
    GenoList *l = geno_set_to_list(s, &t_set_int, 0);
    for (int64_t i = 1; i < geno_list_len(l); i++) REQ(IV(geno_list_get(l, i - 1)) < IV(geno_list_get(l, i)));
    set_limit(3);
    GenoSet *t = geno_set_from_list(geno_list_of(3, a, 0), &t_set_int, 0);
    geno_set_add(t, I(1), &t_set_int, 0);
    ASSERT_RAISES("E499", "Set size exceeds limit (4 > 3)", geno_set_add(t, I(7), &t_set_int, 0));
    ASSERT_RAISES("E499", "Set size exceeds limit (4 > 3)", geno_set_union(t, s2, &t_set_int, 0));
}
END_TEST

/* ---- MutableMap, Array, Vec ------------------------------------------------------- */

START_TEST(mutable_map_rules) {
    GenoMutMap *m = geno_mutable_map_new();
    ck_assert_str_eq(R(W(m), &t_mm_si), "MutableMap({})");
    geno_mutable_map_set(m, SW("a"), I(1), &t_mm_si, 0);
    geno_mutable_map_set(m, SW("b"), I(2), &t_mm_si, 0);
    geno_mutable_map_set(m, SW("c"), I(3), &t_mm_si, 0);
    geno_mutable_map_delete(m, SW("a"), &t_mm_si);
    geno_mutable_map_set(m, SW("a"), I(4), &t_mm_si, 0);
    geno_mutable_map_set(m, SW("b"), I(5), &t_mm_si, 0);
    geno_mutable_map_delete(m, SW("nope"), &t_mm_si);
    ck_assert_str_eq(R(W(m), &t_mm_si), "MutableMap({\"b\": 5, \"c\": 3, \"a\": 4})");
    ck_assert_str_eq(R(W(geno_mutable_map_keys(m, 0)), &t_list_str), "[\"b\", \"c\", \"a\"]");
    GenoWord out;
    ck_assert(geno_mutable_map_get(m, SW("b"), &t_mm_si, &out));
    ck_assert_int_eq(IV(out), 5);
    ck_assert(!geno_mutable_map_get(m, SW("zz"), &t_mm_si, &out));
    ck_assert(!geno_mutable_map_contains(m, SW("zz"), &t_mm_si));
    ck_assert_int_eq(geno_mutable_map_size(m), 3);
    GenoMutMap *m2 = geno_mutable_map_new();
    geno_mutable_map_set(m2, SW("a"), I(4), &t_mm_si, 0);
    geno_mutable_map_set(m2, SW("c"), I(3), &t_mm_si, 0);
    geno_mutable_map_set(m2, SW("b"), I(5), &t_mm_si, 0);
    ck_assert(geno_equal(W(m), W(m2), &t_mm_si));
    geno_mutable_map_set(m2, SW("b"), I(6), &t_mm_si, 0);
    ck_assert(!geno_equal(W(m), W(m2), &t_mm_si));
    set_limit(3);
    ASSERT_RAISES("E499", "MutableMap size exceeds limit (4 > 3)", geno_mutable_map_set(m, SW("d"), I(1), &t_mm_si, 0));
}
END_TEST

/* MutableMap[Int, Int] past the 65,536-entry index switch (rt/hashtab.c,
 * GENO_TAB_SPARSE_MAX) with deletes, re-inserts and updates: keys stay in
 * Python dict order and every lookup (the inline small-Int probe) agrees. */
START_TEST(mutable_map_int_keys) {
    enum { N = 150000 };
    GenoMutMap *m = geno_mutable_map_new();
    for (int64_t i = 0; i < N; i++) geno_mutable_map_set(m, I((i * 7919) % N - N / 2), I(i), &t_mm_ii, 0);
    for (int64_t i = 0; i < N; i += 5) geno_mutable_map_delete(m, I((i * 7919) % N - N / 2), &t_mm_ii);
    for (int64_t i = 0; i < N; i += 10) geno_mutable_map_set(m, I((i * 7919) % N - N / 2), I(-i), &t_mm_ii, 0);
    for (int64_t i = 1; i < N; i += 7)             /* updates keep their place */
        if (i % 5) geno_mutable_map_set(m, I((i * 7919) % N - N / 2), I(i + 1), &t_mm_ii, 0);
    /* keys equal in their low 32 bits, and negative ones */
    for (int64_t i = 1; i <= 1000; i++) geno_mutable_map_set(m, I((i << 32) - 3), I(i), &t_mm_ii, 0);
    GenoList *ks = geno_mutable_map_keys(m, 0);
    int64_t n = geno_list_len(ks), j = 0;
    REQ_EQ(n, geno_mutable_map_size(m));
    REQ_EQ(n, N - N / 5 + N / 10 + 1000);
    for (int64_t i = 0; i < N; i++) {              /* survivors first, in insertion order */
        if (i % 5 == 0) continue;
        int64_t k = (i * 7919) % N - N / 2;
        REQ_EQ(IV(geno_list_get(ks, j)), k);
        GenoWord v;
        REQ(geno_mutable_map_get(m, I(k), &t_mm_ii, &v));
        REQ_EQ(IV(v), i % 7 == 1 ? i + 1 : i);
        j++;
    }
    for (int64_t i = 0; i < N; i += 10) REQ_EQ(IV(geno_list_get(ks, j++)), (i * 7919) % N - N / 2);
    for (int64_t i = 1; i <= 1000; i++) REQ_EQ(IV(geno_list_get(ks, j++)), (i << 32) - 3);
    REQ_EQ(j, n);
    for (int64_t i = 5; i < N; i += 10) REQ(!geno_mutable_map_contains(m, I((i * 7919) % N - N / 2), &t_mm_ii));
    REQ(!geno_mutable_map_contains(m, I(N), &t_mm_ii));
    REQ(geno_mutable_map_contains(m, I((1000LL << 32) - 3), &t_mm_ii));
    REQ(!geno_mutable_map_contains(m, I(-(3LL << 32)), &t_mm_ii));
}
END_TEST

START_TEST(array_rules) {
    GenoArray *a = geno_array_new(GENO_INT_SMALL(3), I(0), &t_arr_int, 0);
    ck_assert_str_eq(R(W(a), &t_arr_int), "Array([0, 0, 0])");
    ck_assert_str_eq(R(W(geno_array_from_list(geno_list_empty(), &t_arr_int, 0)), &t_arr_int), "Array([])");
    GenoArray *b = geno_array_copy(a, &t_arr_int);
    geno_array_set(a, GENO_INT_SMALL(0), I(9), 0);
    geno_array_fill(b, I(7));
    geno_array_index_set(a, GENO_INT_SMALL(2), I(5), 0);
    ck_assert_str_eq(R(W(a), &t_arr_int), "Array([9, 0, 5])");
    ck_assert_str_eq(R(W(b), &t_arr_int), "Array([7, 7, 7])");
    ck_assert_int_eq(IV(geno_array_index(a, GENO_INT_SMALL(-1), 0)), 5);
    ck_assert_int_eq(IV(geno_array_get(a, GENO_INT_SMALL(0), 0)), 9);
    ck_assert_int_eq(IV(geno_length(W(a), &t_arr_int)), 3);
    ck_assert_str_eq(R(W(geno_array_to_list(a, 0)), &t_list_int), "[9, 0, 5]");
    ck_assert(geno_equal(W(geno_array_copy(a, &t_arr_int)), W(a), &t_arr_int));
    ck_assert(!geno_equal(W(b), W(a), &t_arr_int));
    GenoWord ss[] = { SW("y") };
    ck_assert_str_eq(geno_to_string(W(geno_array_from_list(geno_list_of(1, ss, 0), &t_arr_str, 0)), &t_arr_str)->data,
                     "Array([\"y\"])");
    GenoArray *fl = geno_array_new(GENO_INT_SMALL(2), geno_f2w(0.5), &t_arr_float, 0);
    ck_assert_str_eq(R(W(fl), &t_arr_float), "Array([0.5, 0.5])");
    ASSERT_RAISES("E499", "array_get index 5 out of bounds (length 3)", geno_array_get(a, GENO_INT_SMALL(5), 0));
    ASSERT_RAISES("E499", "array_get index -1 out of bounds (length 3)", geno_array_get(a, GENO_INT_SMALL(-1), 0));
    ASSERT_RAISES("E499", "array_set index 3 out of bounds (length 3)", geno_array_set(a, GENO_INT_SMALL(3), I(1), 0));
    ASSERT_RAISES("E499", "array_set index -1 out of bounds (length 3)", geno_array_set(a, GENO_INT_SMALL(-1), I(1), 0));
    ASSERT_RAISES("E401", "Index -1 out of bounds for array of length 3", geno_array_index_set(a, GENO_INT_SMALL(-1), I(5), 0));
    ASSERT_RAISES("E401", "Index 3 out of bounds for array of length 3", geno_array_index_set(a, GENO_INT_SMALL(3), I(5), 0));
    ASSERT_RAISES("E401", "Index 3 out of bounds for array of length 3", geno_array_index(a, GENO_INT_SMALL(3), 0));
    ASSERT_RAISES("E401", "Index -1 out of bounds for array of length 3", geno_array_index(a, GENO_INT_SMALL(-4), 0));
    ASSERT_RAISES("E499", "array_new size must be non-negative, got -1", geno_array_new(GENO_INT_SMALL(-1), I(0), &t_arr_int, 0));
    ASSERT_RAISES("E499", "Array size exceeds limit (20000000 > 10000000)",
                  geno_array_new(GENO_INT_SMALL(20000000), I(0), &t_arr_int, 0));
}
END_TEST

START_TEST(vec_rules) {
    GenoVec *v = geno_vec_new(&t_vec_int);
    ck_assert_str_eq(R(W(v), &t_vec_int), "Vec([])");
    GenoWord out;
    REQ(!geno_vec_pop(v, &out));
    ASSERT_RAISES("E499", "vec_get index 0 out of bounds (length 0)", geno_vec_get(v, GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E499", "vec_set index 0 out of bounds (length 0)", geno_vec_set(v, GENO_INT_SMALL(0), I(1), 0));
    ASSERT_RAISES("E401", "Index 0 out of bounds for vec of length 0", geno_vec_index_set(v, GENO_INT_SMALL(0), I(1), 0));
    for (int i = 0; i < 1000; i++) geno_vec_push(v, I(i), 0);
    REQ_EQ(geno_vec_length(v), 1000);
    REQ(geno_vec_pop(v, &out));
    REQ_EQ(IV(out), 999);
    geno_vec_set(v, GENO_INT_SMALL(5), I(-5), 0);
    REQ_EQ(IV(geno_vec_get(v, GENO_INT_SMALL(5), 0)), -5);
    ASSERT_RAISES("E499", "vec_get index -1 out of bounds (length 999)", geno_vec_get(v, GENO_INT_SMALL(-1), 0));
    GenoList *l = geno_vec_to_list(v, 0);
    REQ_EQ(geno_list_len(l), 999);
    GenoVec *w = geno_vec_from_list(ints(1, 3), &t_vec_int);
    REQ(geno_vec_pop(w, &out));
    ck_assert_str_eq(R(W(w), &t_vec_int), "Vec([1, 2])");
    REQ(geno_equal(W(w), W(geno_vec_from_list(ints(1, 2), &t_vec_int)), &t_vec_int));
    REQ(!geno_equal(W(w), W(geno_vec_from_list(ints(1, 1), &t_vec_int)), &t_vec_int));
    GenoWord ss[] = { SW("v") };
    ck_assert_str_eq(R(W(geno_vec_from_list(geno_list_of(1, ss, 0), &t_vec_str)), &t_vec_str), "Vec([\"v\"])");
    set_limit(3);
    GenoVec *x = geno_vec_from_list(ints(1, 3), &t_vec_int);
    ASSERT_RAISES("E499", "Vec size exceeds limit (4 > 3)", geno_vec_push(x, I(4), 0));
}
END_TEST

/* ---- hashing agrees with equality ----------------------------------------------- */

START_TEST(hash_matches_equality) {
    ck_assert_uint_eq(geno_hash(I(2), &geno_t_int), geno_hash(geno_f2w(2.0), &geno_t_float));
    ck_assert_uint_eq(geno_hash(I(0), &geno_t_int), geno_hash(geno_f2w(-0.0), &geno_t_float));
    ck_assert_uint_eq(geno_hash(I(-7), &geno_t_int), geno_hash(geno_f2w(-7.0), &geno_t_float));
    GenoInt big = geno_int_from_dec("100000000000000000000", 0);
    ck_assert(geno_equal2((GenoWord)big, &geno_t_int, geno_f2w(1e20), &geno_t_float));
    ck_assert_uint_eq(geno_hash((GenoWord)big, &geno_t_int), geno_hash(geno_f2w(1e20), &geno_t_float));
    GenoInt p61 = geno_int_from_dec("2305843009213693952", 0);         /* 2^61: big */
    ck_assert_uint_eq(geno_hash((GenoWord)p61, &geno_t_int), geno_hash(geno_f2w(2305843009213693952.0), &geno_t_float));
    GenoInt m61 = geno_int_from_dec("-2305843009213693952", 0);        /* -2^61: small */
    ck_assert_uint_eq(geno_hash((GenoWord)m61, &geno_t_int), geno_hash(geno_f2w(-2305843009213693952.0), &geno_t_float));
    ck_assert_uint_ne(geno_hash(I(1), &geno_t_int), geno_hash(geno_f2w(1.5), &geno_t_float));
    GenoWord fl[] = { geno_f2w(1.0), geno_f2w(2.0) };
    GenoList *li = ints(1, 2), *lf = geno_list_of(2, fl, 0);
    ck_assert(geno_equal2(W(li), &t_list_int, W(lf), &t_list_float));
    ck_assert_uint_eq(geno_hash(W(li), &t_list_int), geno_hash(W(lf), &t_list_float));
    ck_assert_uint_eq(geno_hash(SW("abcdefghijk"), &geno_t_string), geno_hash(SW("abcdefghijk"), &geno_t_string));
    ck_assert_uint_ne(geno_hash(SW("abcdefghijk"), &geno_t_string), geno_hash(SW("abcdefghijl"), &geno_t_string));
    ck_assert_uint_eq(geno_hash(pair(I(1), SW("a")), &t_tup_is), geno_hash(pair(I(1), SW("a")), &t_tup_is));
    ck_assert_uint_eq(geno_hash(some(I(3)), &t_opt_int), geno_hash(some(I(3)), &t_opt_int));
    ck_assert_uint_ne(geno_hash(some(I(3)), &t_opt_int), geno_hash(W(&none_value), &t_opt_int));
    /* order-insensitive for maps and sets */
    const char *ka[] = { "a", "b" }, *kb[] = { "b", "a" };
    int64_t va[] = { 1, 2 }, vb[] = { 2, 1 };
    ck_assert_uint_eq(geno_hash(W(map_si(2, ka, va)), &t_map_si), geno_hash(W(map_si(2, kb, vb)), &t_map_si));
    ck_assert_uint_eq(geno_hash(W(set_of_strs(2, ka)), &t_set_str), geno_hash(W(set_of_strs(2, kb)), &t_set_str));
    /* ordering: kinds and values */
    ck_assert_int_eq(geno_order_cmp(I(2), I(10), &geno_t_int), -1);
    ck_assert_int_eq(geno_order_cmp(SW("B"), SW("a"), &geno_t_string), -1);
    ck_assert_int_eq(geno_order_cmp(W(&none_value), some(I(0)), &t_opt_int), -1);
    ck_assert_int_eq(geno_order_cmp(W(ints(1, 2)), W(ints(1, 3)), &t_list_int), -1);
    ck_assert_int_eq(geno_order_cmp(W(ints(2, 1)), W(ints(1, 3)), &t_list_int), 1);
    GenoWord xs[] = { SW("b"), SW("a"), SW("c"), SW("a") };
    geno_sort_values(xs, 4, &geno_t_string);
    ck_assert_str_eq(((GenoStr *)(uintptr_t)xs[0])->data, "a");
    ck_assert_str_eq(((GenoStr *)(uintptr_t)xs[3])->data, "c");
}
END_TEST

/* a constructor whose Vec holds the constructor itself */
static const GenoType t_node;
static const GenoType *const t_vec_node_p[] = { &t_node };
static const GenoType t_vec_node = { .kind = GT_VEC, .nparams = 1, .params = t_vec_node_p };
static const char *const node_fields[] = { "name", "kids" };
static const GenoType *const node_types[] = { &geno_t_string, &t_vec_node };
static const GenoVariant node_variants[] = { { "Node", 2, node_fields, node_types } };
static const GenoType t_node = { .kind = GT_ADT, .name = "Node", .nvariants = 1, .variants = node_variants };

START_TEST(cycles_print_as_reference) {
    GenoAdt *n = geno_alloc(sizeof(GenoAdt) + 2 * sizeof(GenoWord));
    GenoVec *kids = geno_vec_new(&t_vec_node);
    n->fields[0] = SW("a");
    n->fields[1] = W(kids);
    geno_vec_push(kids, W(n), 0);
    ck_assert_str_eq(R(W(n), &t_node), "Node(name: \"a\", kids: Vec([Node(name: \"a\", kids: Vec([...]))]))");
    ck_assert_str_eq(geno_to_string(W(kids), &t_vec_node)->data, "Vec([Node(name: \"a\", kids: Vec([...]))])");
}
END_TEST

/* ---- GC stress --------------------------------------------------------------------- */

START_TEST(gc_stress_million) {
    const int64_t n = 1000000;
    GenoList *l = geno_list_empty();
    GenoList *snap = NULL;
    for (int64_t i = 0; i < n; i++) {
        /* boxed elements, so the collector must keep every leaf's contents */
        GenoWord v = i % 3 == 0 ? SW("s") : I(i);
        l = geno_list_append(l, v, 0);
        if (i == n / 2) snap = l;
    }
    GC_gcollect();
    REQ_EQ(geno_list_len(l), n);
    REQ_EQ(geno_list_len(snap), n / 2 + 1);
    for (int64_t i = 0; i < n; i++) {
        GenoWord v = geno_list_get(l, i);
        if (i % 3 == 0) ck_assert_str_eq(((GenoStr *)(uintptr_t)v)->data, "s");
        else REQ_EQ(IV(v), i);
    }
    GenoMap *m = geno_map_empty();
    char buf[32];
    for (int64_t i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "k%lld", (long long)i);
        m = geno_map_insert(m, SW(buf), I(i), &t_map_si, 0);
    }
    GC_gcollect();
    REQ_EQ(geno_map_size(m), n);
    for (int64_t i = 0; i < n; i += 13) {
        GenoWord out;
        snprintf(buf, sizeof buf, "k%lld", (long long)i);
        REQ(geno_map_get(m, SW(buf), &t_map_si, &out));
        REQ_EQ(IV(out), i);
    }
    GenoMutMap *mm = geno_mutable_map_new();
    GenoSet *s = geno_set_new();
    GenoVec *v = geno_vec_new(&t_vec_str);
    for (int64_t i = 0; i < n / 4; i++) {
        snprintf(buf, sizeof buf, "m%lld", (long long)i);
        GenoWord k = SW(buf);
        geno_mutable_map_set(mm, k, I(i), &t_mm_si, 0);
        geno_set_add(s, k, &t_set_str, 0);
        geno_vec_push(v, k, 0);
    }
    GC_gcollect();
    for (int64_t i = 0; i < n / 4; i += 17) {
        GenoWord out;
        snprintf(buf, sizeof buf, "m%lld", (long long)i);
        REQ(geno_mutable_map_get(mm, SW(buf), &t_mm_si, &out));
        REQ_EQ(IV(out), i);
        REQ(geno_set_contains(s, SW(buf), &t_set_str));
        ck_assert_str_eq(((GenoStr *)(uintptr_t)geno_vec_get(v, GENO_INT_SMALL(i), 0))->data, buf);
    }
    /* a list of arrays */
    GenoList *la = geno_list_empty();
    for (int64_t i = 0; i < 100000; i++)
        la = geno_list_append(la, W(geno_array_new(GENO_INT_SMALL(2), I(i), &t_arr_int, 0)), 0);
    GC_gcollect();
    REQ_EQ(IV(((GenoArray *)(uintptr_t)geno_list_get(la, 99999))->items[1]), 99999);
    ck_assert_str_eq(R(geno_list_get(la, 5), &t_arr_int), "Array([5, 5])");
    (void)t_list_arr_int;
}
END_TEST

/* The collector's roots are the executable's .data and .bss (rt/gc.c,
 * geno_gc_init): what only a global points to survives collections. One
 * pointer lives in .bss, one in .data (a struct with a non-zero field); the
 * strings are made in a separate frame so no stack slot keeps them. */
static GenoStr *kept_in_bss;
static struct { int64_t tag; GenoStr *s; } kept_in_data = {42, NULL};

static __attribute__((noinline)) void keep_strings(void) {
    kept_in_bss = S("rooted in .bss, never on the stack");
    kept_in_data.s = S("rooted in .data, never on the stack");
}

START_TEST(gc_roots_are_static_data) {
    keep_strings();
    for (int round = 0; round < 3; round++) {
        GC_gcollect();
        /* Garbage of the same sizes: a string freed above would be reused
         * and overwritten here. */
        for (int i = 0; i < 20000; i++) S("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    }
    ck_assert_str_eq(kept_in_bss->data, "rooted in .bss, never on the stack");
    ck_assert_str_eq(kept_in_data.s->data, "rooted in .data, never on the stack");
    REQ_EQ(kept_in_data.tag, 42);
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_collections");
    TCase *tc = tcase_create("collections");
    tcase_add_checked_fixture(tc, rt_default_setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, list_append_across_boundaries);
    tcase_add_test(tc, list_old_versions_unchanged);
    tcase_add_test(tc, list_views);
    tcase_add_test(tc, list_tail_loop_stays_small);
    tcase_add_test(tc, list_prepend_idiom);
    tcase_add_test(tc, list_building);
    tcase_add_test(tc, list_errors);
    tcase_add_test(tc, list_random_model);
    tcase_add_test(tc, map_order_rules);
    tcase_add_test(tc, map_equality_and_keys);
    tcase_add_test(tc, map_errors);
    tcase_add_test(tc, map_many_keys);
    tcase_add_test(tc, set_printing_sorted);
    tcase_add_test(tc, set_operations);
    tcase_add_test(tc, mutable_map_rules);
    tcase_add_test(tc, mutable_map_int_keys);
    tcase_add_test(tc, array_rules);
    tcase_add_test(tc, vec_rules);
    tcase_add_test(tc, hash_matches_equality);
    tcase_add_test(tc, cycles_print_as_reference);
    tcase_add_test(tc, gc_stress_million);
    tcase_add_test(tc, gc_roots_are_static_data);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
