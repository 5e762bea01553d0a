/* test_rt_run.c — unit tests of the runtime's spine: lists (rt/list.c),
 * printing and equality of every value kind by descriptor (rt/value.c),
 * print and its limits (rt/print.c), errors and try frames (rt/error.c),
 * configuration flags and geno_run (rt/run.c). Output is captured through
 * pipes given as cfg.out_fd / cfg.err_fd. */
/* frontend/check.h (the type checker) shadows the check library's <check.h>
 * on the unit tests' include path, so name the library's header in full. */
#include <check.h>
#include <string.h>
#include <unistd.h>

#include "geno/rt.h"
#include "print.h"
#include "run.h"
#include "value.h"
#include "rt_test_support.h"

static int out_pipe[2], err_pipe[2];

static void setup_with(GenoConfig *cfg) {
    ck_assert(pipe(out_pipe) == 0 && pipe(err_pipe) == 0);
    cfg->out_fd = out_pipe[1];
    cfg->err_fd = err_pipe[1];
    geno_rt_init(cfg);
}

static void setup(void) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    setup_with(&cfg);
}

/* Everything written to the pipe so far (closes the write end). */
static const char *drain(int p[2]) {
    static char buf[2][8192];
    static int which;
    char *b = buf[which ^= 1];
    close(p[1]);
    ssize_t n, total = 0;
    while ((n = read(p[0], b + total, sizeof buf[0] - 1 - (size_t)total)) > 0) total += n;
    b[total] = 0;
    return b;
}

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }
static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }
static GenoWord I(int64_t v) { return (GenoWord)geno_int_from_i64(v); }

/* ---- descriptors: List[Int], (Int, String), Option[Int], Pt, ... ---------- */

static const GenoType *const p_int[] = { &geno_t_int };
static const GenoType t_list_int = { .kind = GT_LIST, .nparams = 1, .params = p_int };
static const GenoType *const p_int_str[] = { &geno_t_int, &geno_t_string };
static const GenoType t_tuple = { .kind = GT_TUPLE, .nparams = 2, .params = p_int_str };
static const GenoType t_tuple1 = { .kind = GT_TUPLE, .nparams = 1, .params = p_int };
static const char *const value_name[] = { "value" };
static const GenoVariant option_int_variants[] = {
    { .name = "Some", .nfields = 1, .field_names = value_name, .field_types = p_int },
    { .name = "None" },
};
static const GenoType t_option_int = { .kind = GT_ADT, .name = "Option", .nvariants = 2, .variants = option_int_variants };
static const GenoType *const p_float[] = { &geno_t_float };
static const GenoVariant option_float_variants[] = {
    { .name = "Some", .nfields = 1, .field_names = value_name, .field_types = p_float },
    { .name = "None" },
};
static const GenoType t_option_float = { .kind = GT_ADT, .name = "Option", .nvariants = 2, .variants = option_float_variants };
static const char *const xy[] = { "x", "y" };
static const GenoType *const p_int_int[] = { &geno_t_int, &geno_t_int };
static const GenoVariant pt_variants[] = { { .name = "Pt", .nfields = 2, .field_names = xy, .field_types = p_int_int } };
static const GenoType t_pt = { .kind = GT_ADT, .name = "Pt", .nvariants = 1, .variants = pt_variants };
static const GenoType t_func = { .kind = GT_FUNC };
static const GenoType *const p_list_int[] = { &t_list_int };
static const GenoType t_list_list_int = { .kind = GT_LIST, .nparams = 1, .params = p_list_int };
static const GenoType t_list_float = { .kind = GT_LIST, .nparams = 1, .params = p_float };

static GenoWord some(GenoWord v) {
    GenoAdt *a = geno_alloc(sizeof(GenoAdt) + sizeof(GenoWord));
    a->tag = 0;
    a->fields[0] = v;
    return W(a);
}
static GenoAdt none_value = { .tag = 1 };

static GenoWord list3(int64_t a, int64_t b, int64_t c) {
    GenoWord items[] = { I(a), I(b), I(c) };
    return W(geno_list_of(3, items, 0));
}

/* ---- lists ----------------------------------------------------------------- */

START_TEST(list_basics) {
    GenoList *l = (GenoList *)(uintptr_t)list3(1, 2, 3);
    ck_assert_int_eq(geno_list_len(l), 3);
    ck_assert_int_eq(geno_list_index(l, GENO_INT_SMALL(-1), 0), I(3));
    ck_assert_int_eq(geno_list_index(l, GENO_INT_SMALL(0), 0), I(1));
    GenoList *m = geno_list_append(l, I(4), 0);
    ck_assert_int_eq(geno_list_len(l), 3);                  /* immutable */
    ck_assert_int_eq(geno_list_len(m), 4);
    ck_assert_int_eq(geno_list_len(geno_list_empty()), 0);
    ASSERT_RAISES("E401", "Index 5 out of bounds for list of length 3", geno_list_index(l, GENO_INT_SMALL(5), 0));
    ASSERT_RAISES("E401", "Index -1 out of bounds for list of length 3", geno_list_index(l, GENO_INT_SMALL(-4), 0));
    ASSERT_RAISES("E401", "Index 0 out of bounds for list of length 0", geno_list_index(geno_list_empty(), GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E401", "Index -99999999999999999997 out of bounds for list of length 3",
                  geno_list_index(l, geno_int_from_dec("-100000000000000000000", 0), 0));
}
END_TEST

START_TEST(list_range) {
    ck_assert_str_eq(geno_to_string(W(geno_list_range(GENO_INT_SMALL(0), GENO_INT_SMALL(5), GENO_INT_SMALL(1), 0)), &t_list_int)->data, "[0, 1, 2, 3, 4]");
    ck_assert_str_eq(geno_to_string(W(geno_list_range(GENO_INT_SMALL(5), GENO_INT_SMALL(0), GENO_INT_SMALL(-2), 0)), &t_list_int)->data, "[5, 3, 1]");
    ck_assert_str_eq(geno_to_string(W(geno_list_range(GENO_INT_SMALL(3), GENO_INT_SMALL(1), GENO_INT_SMALL(1), 0)), &t_list_int)->data, "[]");
    ck_assert_str_eq(geno_to_string(W(geno_list_range(GENO_INT_SMALL(0), GENO_INT_SMALL(10), GENO_INT_SMALL(3), 0)), &t_list_int)->data, "[0, 3, 6, 9]");
    GenoInt big = geno_int_from_dec("2305843009213693950", 0);
    ck_assert_str_eq(geno_to_string(W(geno_list_range(big, geno_int_from_dec("2305843009213693954", 0), GENO_INT_SMALL(1), 0)), &t_list_int)->data,
                     "[2305843009213693950, 2305843009213693951, 2305843009213693952, 2305843009213693953]");
    ASSERT_RAISES("E499", "range step cannot be zero", geno_list_range(GENO_INT_SMALL(0), GENO_INT_SMALL(5), GENO_INT_SMALL(0), 0));
    ASSERT_RAISES("E499", "List size exceeds limit (100000000 > 10000000)",
                  geno_list_range(GENO_INT_SMALL(0), GENO_INT_SMALL(100000000), GENO_INT_SMALL(1), 0));
}
END_TEST

/* ---- printing and equality ------------------------------------------------ */

START_TEST(printed_forms) {
    ck_assert_str_eq(geno_to_string(0, &geno_t_unit)->data, "()");
    ck_assert_str_eq(geno_to_string(1, &geno_t_bool)->data, "true");
    ck_assert_str_eq(geno_to_string(0, &geno_t_bool)->data, "false");
    ck_assert_str_eq(geno_to_string((GenoWord)geno_int_from_dec("12345678901234567890123000", 0), &geno_t_int)->data,
                     "12345678901234567890123000");
    ck_assert_str_eq(geno_to_string(list3(1, 2, 3), &t_list_int)->data, "[1, 2, 3]");
    ck_assert_str_eq(geno_to_string(W(geno_list_empty()), &t_list_int)->data, "[]");
    GenoTuple *t = geno_alloc(2 * sizeof(GenoWord));
    t[0] = I(1);
    t[1] = W(S("a"));
    ck_assert_str_eq(geno_to_string(W(t), &t_tuple)->data, "(1, \"a\")");
    ck_assert_str_eq(geno_to_string(W(t), &t_tuple1)->data, "(1,)");
    ck_assert_str_eq(geno_to_string(some(I(1)), &t_option_int)->data, "Some(value: 1)");
    ck_assert_str_eq(geno_to_string(W(&none_value), &t_option_int)->data, "None");
    GenoAdt *p = geno_alloc(sizeof(GenoAdt) + 2 * sizeof(GenoWord));
    p->tag = 0;
    p->fields[0] = I(1);
    p->fields[1] = I(2);
    ck_assert_str_eq(geno_repr(W(p), &t_pt)->data, "Pt(x: 1, y: 2)");
    ck_assert_str_eq(geno_to_string(0, &t_func)->data, "<function anonymous>");
    GenoWord inner[] = { list3(1, 2, 3), W(geno_list_empty()) };
    ck_assert_str_eq(geno_to_string(W(geno_list_of(2, inner, 0)), &t_list_list_int)->data, "[[1, 2, 3], []]");
}
END_TEST

START_TEST(to_string_limit) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_collection_size = 9;
    setup_with(&cfg);
    /* checked per appended piece, as the reference: "[", "1", ", ", ... */
    ck_assert_str_eq(geno_to_string(list3(1, 2, 3), &t_list_int)->data, "[1, 2, 3]");
    ASSERT_RAISES("E499", "to_string: String size exceeds limit (11 > 9)",
                  geno_to_string(list3(1, 2, 3000), &t_list_int));
    ASSERT_RAISES("E499", "to_string: String size exceeds limit (10 > 9)",
                  geno_to_string(list3(1, 22, 3), &t_list_int));
    /* "Some", "(", "value: " (one piece) */
    ASSERT_RAISES("E499", "to_string: String size exceeds limit (12 > 9)",
                  geno_to_string(some(I(1)), &t_option_int));
}
END_TEST

START_TEST(equality) {
    ck_assert(geno_equal(list3(1, 2, 3), list3(1, 2, 3), &t_list_int));
    ck_assert(!geno_equal(list3(1, 2, 3), list3(1, 2, 4), &t_list_int));
    ck_assert(geno_equal(some(I(1)), some(I(1)), &t_option_int));
    ck_assert(!geno_equal(some(I(1)), W(&none_value), &t_option_int));
    ck_assert(geno_equal(geno_f2w(0.0), geno_f2w(-0.0), &geno_t_float));
    volatile double zero = 0.0;
    double nan = zero / zero;
    ck_assert(!geno_equal(geno_f2w(nan), geno_f2w(nan), &geno_t_float));
    /* the hook for Int/Float equality inside structures */
    GenoWord floats[] = { geno_f2w(1.0), geno_f2w(2.0), geno_f2w(3.0) };
    GenoWord fl = W(geno_list_of(3, floats, 0));
    ck_assert(geno_equal2(list3(1, 2, 3), &t_list_int, fl, &t_list_float));
    ck_assert(geno_equal2(some(I(1)), &t_option_int, some(geno_f2w(1.0)), &t_option_float));
    ck_assert(!geno_equal2(some(I(1)), &t_option_int, some(geno_f2w(1.5)), &t_option_float));
    ck_assert(geno_equal2((GenoWord)geno_int_from_dec("9007199254740992", 0), &geno_t_int, geno_f2w(9007199254740992.0), &geno_t_float));
    ck_assert(!geno_equal2((GenoWord)geno_int_from_dec("9007199254740993", 0), &geno_t_int, geno_f2w(9007199254740992.0), &geno_t_float));
}
END_TEST

/* ---- print ------------------------------------------------------------------- */

START_TEST(print_forms_and_buffering) {
    geno_print(W(S("plain \"q\" str")), &geno_t_string, 0);
    geno_print(list3(1, 2, 3), &t_list_int, 0);
    geno_print(geno_f2w(3.0), &geno_t_float, 0);
    geno_print_str(S("héllo"), 0);
    geno_print(W(&none_value), &t_option_int, 0);
    geno_out_flush();
    ck_assert_str_eq(drain(out_pipe), "plain \"q\" str\n[1, 2, 3]\n3.0\nhéllo\nNone\n");
}
END_TEST

START_TEST(print_capability) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.caps = GENO_CAP_CLOCK;
    setup_with(&cfg);
    ASSERT_RAISES("E412", "Capability denied: 'print' requires a capability that was not granted",
                  geno_print(I(1), &geno_t_int, 0));
}
END_TEST

START_TEST(print_output_limit) {
    /* counted in characters before writing; the crossing print writes nothing */
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.max_output_length = 12;
    setup_with(&cfg);
    geno_print_str(S("ééééééééé"), 0);                    /* 10 characters with \n */
    ASSERT_RAISES("E499", "Output limit exceeded (12 characters)", geno_print_str(S("bb"), 0));
    ASSERT_RAISES("E499", "Output limit exceeded (12 characters)", geno_print_str(S(""), 0));
    geno_out_flush();
    ck_assert_str_eq(drain(out_pipe), "ééééééééé\n");
}
END_TEST

/* ---- errors, frames, depth ---------------------------------------------------- */

static int64_t recurse(int64_t n) {
    GENO_ENTER(GENO_LOC(2, 5));
    int64_t r = n == 0 ? 0 : 1 + recurse(n - 1);
    GENO_LEAVE();
    return r;
}

START_TEST(try_frames_and_depth) {
    /* a Geno try/catch frame catches ordinary errors and restores the depth */
    GenoTryFrame f;
    GENO_SET_DEPTH(3);
    geno_try_push(&f, 0);
    if (setjmp(f.jb) == 0) {
        GENO_SET_DEPTH(10);
        geno_raise("E499", GENO_LOC(4, 2), "boom %d", 7);
    } else {
        ck_assert_str_eq(f.code, "E499");
        ck_assert_str_eq(f.message->data, "boom 7");
        ck_assert_int_eq(GENO_LOC_LINE(f.loc), 4);
        ck_assert_int_eq(GENO_DEPTH(), 3);
        ck_assert(geno_try_top == NULL);
    }
    /* the recursion limit: depth counts main, 500 frames OK, the 501st fails */
    GENO_SET_DEPTH(0);
    ck_assert_int_eq(recurse(499), 499);          /* 500 frames */
    ASSERT_RAISES("E502", "Maximum recursion depth exceeded (500). Check for infinite recursion or increase the limit.",
                  recurse(500));
    /* ... and passes by a Geno try/catch frame */
    GenoTryFrame outer, inner;
    geno_try_push(&outer, 1);
    if (setjmp(outer.jb) == 0) {
        geno_try_push(&inner, 0);
        if (setjmp(inner.jb) == 0) {
            recurse(1000);
        } else {
            ck_abort_msg("a Geno catch saw E502");
        }
    } else {
        ck_assert_str_eq(outer.code, "E502");
        ck_assert(outer.fatal);
    }
    /* throw of a String is an ordinary error carrying that message */
    ASSERT_RAISES("E499", "bad", geno_throw(W(S("bad")), &geno_t_string, 0));
    ASSERT_RAISES("E499", "Uncaught throw: Some(value: 1)", geno_throw(some(I(1)), &t_option_int, 0));
    /* a thrown value's message is built only when asked for */
    GenoTryFrame t;
    geno_try_push(&t, 0);
    if (GENO_SETJMP(t.jb) == 0) {
        geno_throw(some(I(2)), &t_option_int, 0);
    } else {
        ck_assert(t.message == NULL);
        ck_assert(geno_caught_is(&t, "Option"));
        ck_assert_str_eq(geno_caught_message(&t)->data, "Uncaught throw: Some(value: 2)");
        ck_assert_str_eq(geno_caught_text(&t)->data, "Some(value: 2)");
    }
    /* the inline pair emitted code uses (__builtin_setjmp under cc) */
    GenoTryFrame e;
    GENO_SET_DEPTH(5);
    GENO_TRY_PUSH(&e);
    if (GENO_TRY_SETJMP(&e) == 0) {
        GENO_SET_DEPTH(9);
        geno_raise("E400", GENO_LOC(2, 3), "Division by zero: %s", "x");
    } else {
        ck_assert_str_eq(e.code, "E400");
        ck_assert_str_eq(e.message->data, "Division by zero: x");
        ck_assert_int_eq(e.message->cplen, 19);
        ck_assert_int_eq(GENO_DEPTH(), 5);
        ck_assert(geno_try_top == NULL);
    }
}
END_TEST

/* ---- flags and geno_run ----------------------------------------------------------- */

START_TEST(flags) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    ck_assert_int_eq(cfg.caps, GENO_CAPS_DEFAULT);
    ck_assert_int_eq(cfg.max_recursion_depth, 500);
    ck_assert_int_eq(cfg.max_output_length, 100000);
    ck_assert_int_eq(cfg.max_collection_size, 10000000);
    ck_assert_int_eq(cfg.max_integer_bits, 33219);
    cfg.caps = 0;
    char *argv[] = { "prog", "--cap", "print,fs", "x", "--cap=regex", "--max-recursion-depth", "42",
                     "--max-integer-bits=64", "--", "--cap", "http", NULL };
    ck_assert_int_eq(geno_parse_flags(&cfg, 11, argv), 0);
    ck_assert_int_eq(cfg.caps, GENO_CAP_PRINT | GENO_CAP_FS | GENO_CAP_REGEX);
    ck_assert_int_eq(cfg.max_recursion_depth, 42);
    ck_assert_int_eq(cfg.max_integer_bits, 64);
    char *bad[] = { "prog", "--cap", "print,bogus", NULL };
    int saved = dup(2);
    dup2(err_pipe[1], 2);
    ck_assert_int_eq(geno_parse_flags(&cfg, 3, bad), 2);
    char *bad_n[] = { "prog", "--max-output-length", "-5", NULL };
    ck_assert_int_eq(geno_parse_flags(&cfg, 3, bad_n), 2);
    char *bad_p[] = { "prog", "--max-steps", "0", NULL };
    ck_assert_int_eq(geno_parse_flags(&cfg, 3, bad_p), 2);
    dup2(saved, 2);
    ck_assert_str_eq(drain(err_pipe),
                     "Unknown capability 'bogus'. Valid capabilities: clock, env, fs, http, print, process, random, regex, serve, stdin.\n"
                     "--max-output-length: expected a non-negative integer, got '-5'\n"
                     "--max-steps: expected a positive integer, got '0'\n");
    /* 0 is a limit for these two, as in the reference (every print fails) */
    char *zero[] = { "prog", "--max-output-length", "0", "--max-collection-size=0", NULL };
    ck_assert_int_eq(geno_parse_flags(&cfg, 4, zero), 0);
    ck_assert_int_eq(cfg.max_output_length, 0);
    ck_assert_int_eq(cfg.max_collection_size, 0);
}
END_TEST

static GenoWord main_returns_list(void) {
    GENO_ENTER(GENO_LOC(1, 1));
    geno_print(W(S("hi")), &geno_t_string, GENO_LOC(2, 5));
    GENO_LEAVE();
    return list3(1, 2, 3);
}

static GenoWord main_divides_by_zero(void) {
    GENO_ENTER(GENO_LOC(1, 1));
    geno_print(W(S("before")), &geno_t_string, GENO_LOC(2, 5));
    GenoInt r = geno_int_div(GENO_INT_SMALL(10), GENO_INT_SMALL(0), GENO_LOC(3, 12));
    GENO_LEAVE();
    return (GenoWord)r;
}

static GenoWord main_recurses(void) {
    GENO_ENTER(GENO_LOC(1, 1));
    recurse(1000);
    GENO_LEAVE();
    return 0;
}

START_TEST(run_programs) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    ck_assert(pipe(out_pipe) == 0 && pipe(err_pipe) == 0);
    cfg.out_fd = out_pipe[1];
    cfg.err_fd = err_pipe[1];
    GenoProgram p1 = { .source_path = "ok.geno", .main_fn = main_returns_list, .main_type = &t_list_int };
    ck_assert_int_eq(geno_run(&p1, &cfg), 0);
    GenoProgram p2 = { .source_path = "div0.geno", .main_fn = main_divides_by_zero, .main_type = &geno_t_int };
    ck_assert_int_eq(geno_run(&p2, &cfg), 1);
    GenoProgram p3 = { .source_path = "deep.geno", .main_fn = main_recurses, .main_type = &geno_t_unit };
    ck_assert_int_eq(geno_run(&p3, &cfg), 1);
    GenoProgram p4 = { .source_path = "nomain.geno" };
    ck_assert_int_eq(geno_run(&p4, &cfg), 0);
    cfg.caps = 0;
    ck_assert_int_eq(geno_run(&p1, &cfg), 1);
    ck_assert_str_eq(drain(out_pipe), "hi\n=> [1, 2, 3]\nbefore\n");
    ck_assert_str_eq(drain(err_pipe),
                     "div0.geno:3:12: error[E400]: Division by zero: cannot compute 10 / 0\n"
                     "deep.geno:2:5: error[E502]: Maximum recursion depth exceeded (500). Check for infinite recursion or increase the limit.\n"
                     "ok.geno:2:5: error[E412]: Capability denied: 'print' requires a capability that was not granted\n");
}
END_TEST

START_TEST(uncaught_without_frame_exits) {
    geno_print_str(S("flushed first"), 0);
    geno_raise("E499", 0, "unwrap called on None");
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_run");
    TCase *tc = tcase_create("run");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, list_basics);
    tcase_add_test(tc, list_range);
    tcase_add_test(tc, printed_forms);
    tcase_add_test(tc, to_string_limit);
    tcase_add_test(tc, equality);
    tcase_add_test(tc, print_forms_and_buffering);
    tcase_add_test(tc, print_capability);
    tcase_add_test(tc, print_output_limit);
    tcase_add_test(tc, try_frames_and_depth);
    tcase_add_test(tc, flags);
    tcase_add_test(tc, run_programs);
    tcase_add_exit_test(tc, uncaught_without_frame_exits, 1);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
