/* rt_test_support.h — shared by the runtime's unit tests: a fixture that
 * initialises the runtime with the default configuration, an assertion
 * that a statement raises a given runtime error (code and message), and
 * the runner each test's main ends with. */
#ifndef GENO_RT_TEST_SUPPORT_H
#define GENO_RT_TEST_SUPPORT_H

#include <check.h>
#include <setjmp.h>

#include "geno/rt.h"
#include "run.h"

static inline void rt_default_setup(void) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    geno_rt_init(&cfg);
}

#define ASSERT_RAISES(code_, msg_, stmt) do {                                   \
        GenoTryFrame f_;                                                        \
        geno_try_push(&f_, 1);                                                  \
        if (setjmp(f_.jb) == 0) {                                               \
            stmt;                                                               \
            geno_try_pop(&f_);                                                  \
            ck_abort_msg("no error raised by " #stmt);                          \
        } else {                                                                \
            ck_assert_str_eq(f_.code, code_);                                   \
            ck_assert_str_eq(geno_caught_message(&f_)->data, msg_);                      \
        }                                                                       \
    } while (0)

/* Runs a suite; the exit status main returns (0 when every test passed). */
static inline int rt_test_run(Suite *s) {
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}

#endif
