/* rt/geno_regex.h — internals of the regex builtins (rt/regex.c) for the unit
 * tests. Not part of the ABI. */
#ifndef GENO_RT_GENO_REGEX_H
#define GENO_RT_GENO_REGEX_H

#include "geno/rt.h"

/* Compiles `pcre2_pattern` (PCRE2 syntax, no Geno validation) and searches
 * text once under the builtins' match limits: 1 found, 0 not, E499 when the
 * engine gives up. */
int geno_regex_raw_search(const char *pcre2_pattern, GenoStr *text, GenoLoc loc);
/* The PCRE2 pattern genoc compiles for a (reference-valid) pattern, or
 * "error: <Python's re.error text>"; malloc'd. */
char *geno_regex_translate(const char *pattern_utf8);
/* The reference's safety rule the pattern breaks (message tail), or NULL. */
const char *geno_regex_safety_violation(const char *pattern_utf8);

#endif
