/* Unit tests of the regex builtins' internals (rt/regex.c): the safety net
 * behind the reference's rules (PCRE2 match, depth and heap limits end a
 * runaway match with E499 in bounded time), the rules' rejection of the
 * classic catastrophic patterns, the translation to PCRE2 with Python's
 * parse errors, and the compiled-pattern cache. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "geno_regex.h"
#include "rt_test_support.h"

#define L GENO_LOC(1, 1)

static void setup(void) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    cfg.caps |= GENO_CAP_REGEX;
    geno_rt_init(&cfg);
}

static GenoStr *S(const char *s) { return geno_str_new(s, (int64_t)strlen(s)); }

static GenoStr *repeat(const char *unit, int n, const char *tail) {
    size_t u = strlen(unit), t = strlen(tail);
    char *buf = malloc(u * (size_t)n + t + 1);
    for (int i = 0; i < n; i++) memcpy(buf + u * (size_t)i, unit, u);
    memcpy(buf + u * (size_t)n, tail, t + 1);
    GenoStr *s = S(buf);
    free(buf);
    return s;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Patterns the reference's rules would refuse, run straight on PCRE2:
 * exponential backtracking ends in E499, quickly. */
START_TEST(test_limits_stop_catastrophic_backtracking) {
    static const char *const pats[] = {"^(a+)+$", "^(a|aa)+$", "^(a|a?)+$", "^((a*)*b)*$"};
    for (int i = 0; i < 4; i++) {
        double t0 = now();
        ASSERT_RAISES("E499", "regex_test: regex too complex to match (backtracking limit exceeded)",
                      geno_regex_raw_search(pats[i], repeat("a", 40, "!"), L));
        ck_assert_msg(now() - t0 < 20.0, "%s took %.1f s", pats[i], now() - t0);
    }
    /* the same engine and limits still match ordinary input */
    ck_assert_int_eq(geno_regex_raw_search("^(a+)+$", repeat("a", 40, ""), L), 1);
}
END_TEST

/* Through the builtins those patterns never reach PCRE2. */
START_TEST(test_rules_refuse_catastrophic_patterns) {
    GenoStr *t = repeat("a", 40, "!");
    ASSERT_RAISES("E499", "regex_match: nested quantifiers are not supported for safety",
                  geno_regex_match(S("(a+)+b"), t, L));
    ASSERT_RAISES("E499", "regex_match: overlapping alternation branches are not supported for safety",
                  geno_regex_match(S("(a|aa)+b"), t, L));
    ASSERT_RAISES("E499", "regex_find_all: adjacent repeated atoms are not supported for safety",
                  geno_regex_find_all(S("a*a*b"), t, L));
    ASSERT_RAISES("E499", "regex_replace: multiple variable quantifiers are not supported for safety",
                  geno_regex_replace(S("a+b?"), S("x"), t, L));
    ASSERT_RAISES("E499", "regex_match: backreferences are not supported for safety",
                  geno_regex_match(S("(a)\\1"), t, L));
}
END_TEST

/* The slowest shape the rules allow (one repeated group, then a class: a
 * quadratic search) finishes under the limits with Python's answer. */
START_TEST(test_quadratic_valid_pattern_completes) {
    GenoAdt *r = geno_regex_match(S("((a)*)[bc]"), repeat("a", 2000, ""), L);
    ck_assert_int_eq(r->tag, GENO_TAG_NONE);
    r = geno_regex_match(S("((a)*)[bc]"), repeat("a", 2000, "c"), L);
    ck_assert_int_eq(r->tag, GENO_TAG_SOME);
    ck_assert_int_eq(((GenoStr *)(uintptr_t)r->fields[0])->len, 2001);
    GenoList *all = geno_regex_find_all(S("(a)*"), repeat("a", 10000, ""), L);
    ck_assert_int_eq(geno_list_len(all), 2);
}
END_TEST

START_TEST(test_translation) {
    static const struct { const char *in, *out; } cases[] = {
        {"", ""},
        {"abc", "abc"},
        {"^a{2,}?", "\\Aa{2,}?"},
        {"a{,3}", "a{0,3}"},
        {"a{007}+", "a{7}+"},
        {"[[:alpha:]", "[\\[\\:alpha\\:]"},
        {"[^a-c\\]\\-]", "[^a-c\\]\\-]"},
        {"(a|b)c", "(a|b)c"},
        {"\\.\\$", "\\.\\$"},
        {"日+", "日+"},
        {"a{", "a\\{"},
        {"*a", "error: nothing to repeat at position 0"},
        {"a**", "error: multiple repeat at position 2"},
        {"(a", "error: missing ), unterminated subpattern at position 0"},
        {"a)", "error: unbalanced parenthesis at position 1"},
        {"[z-a]", "error: bad character range z-a at position 1"},
        {"a\n\n(b", "error: missing ), unterminated subpattern at position 3 (line 3, column 1)"},
        {"a{3,2}", "error: min repeat greater than max repeat at position 2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = geno_regex_translate(cases[i].in);
        ck_assert_msg(strcmp(got, cases[i].out) == 0, "%s: got %s, want %s", cases[i].in, got, cases[i].out);
        free(got);
    }
}
END_TEST

/* More distinct patterns than the cache holds, each used again: results do
 * not depend on hits and evictions. */
START_TEST(test_cache_eviction_keeps_results) {
    char pat[32], text[64];
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 100; i++) {
            snprintf(pat, sizeof pat, "x%dy", i);
            snprintf(text, sizeof text, "--x%dy--", i);
            GenoAdt *r = geno_regex_match(S(pat), S(text), L);
            ck_assert_int_eq(r->tag, GENO_TAG_SOME);
            ck_assert_str_eq(((GenoStr *)(uintptr_t)r->fields[0])->data, pat);
            snprintf(text, sizeof text, "--x%dz--", i);
            ck_assert_int_eq(geno_regex_match(S(pat), S(text), L)->tag, GENO_TAG_NONE);
        }
    /* an invalid pattern is never cached: the error comes every time */
    for (int i = 0; i < 3; i++)
        ASSERT_RAISES("E499", "regex_match: invalid pattern: missing ), unterminated subpattern at position 0",
                      geno_regex_match(S("(a"), S("a"), L));
}
END_TEST

START_TEST(test_needs_capability) {
    GenoConfig cfg;
    geno_config_defaults(&cfg);
    geno_rt_init(&cfg);
    ASSERT_RAISES("E412", "Capability denied: 'regex_match' requires a capability that was not granted",
                  geno_regex_match(S("a"), S("a"), L));
}
END_TEST

int main(void) {
    Suite *s = suite_create("rt_regex");
    TCase *tc = tcase_create("regex");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_limits_stop_catastrophic_backtracking);
    tcase_add_test(tc, test_rules_refuse_catastrophic_patterns);
    tcase_add_test(tc, test_quadratic_valid_pattern_completes);
    tcase_add_test(tc, test_translation);
    tcase_add_test(tc, test_cache_eviction_keeps_results);
    tcase_add_test(tc, test_needs_capability);
    suite_add_tcase(s, tc);
    return rt_test_run(s);
}
