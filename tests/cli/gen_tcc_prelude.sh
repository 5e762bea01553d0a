#!/usr/bin/env bash
# tools/gen_tcc_prelude.c cuts geno/rt.h for `genoc run`: what its name
# analysis cannot follow must stop the build, not yield a prelude that
# misses a declaration; a header it can follow gives its tables.
set -u
gen=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo '{"geno_f", geno_f},' >"$tmp/syms.c"
fail=0
refuse() {   # refuse NAME TEXT: the generator must fail on this header
    printf '%s\n' "$2" >"$tmp/h.h"
    if "$gen" "$tmp/h.h" "$tmp/syms.c" "$tmp/out.c" 2>"$tmp/err"; then
        echo "accepted $1"; fail=1
    elif ! grep -q 'gen_tcc_prelude:' "$tmp/err"; then
        echo "$1: no message"; fail=1
    fi
}
refuse "token pasting" '#define GENO_T(x) geno_t_##x'
refuse "an #include tcc sees" '#include <stdio.h>'
refuse "an #if it cannot decide" '#if GENO_X > 2
#endif'
refuse "a top-level macro call" '#define DECL(n) int n;
DECL(geno_g)'
refuse "an unterminated declaration" 'int geno_f(void'
# tcc's view: the cc branch and comments are gone, names map to chunks.
printf '%s\n' '/* doc */ #ifndef __TINYC__' 'int geno_cc_only(void);' '#else' \
    'int geno_f(void); // f' '#endif' 'enum { GENO_A = 1, GENO_B };' >"$tmp/h.h"
if ! "$gen" "$tmp/h.h" "$tmp/syms.c" "$tmp/out.c"; then
    echo "rejected a plain header"; fail=1
else
    grep -q 'geno_cc_only' "$tmp/out.c" && { echo "the cc branch reached tcc's prelude"; fail=1; }
    grep -q 'doc' "$tmp/out.c" && { echo "a comment reached tcc's prelude"; fail=1; }
    grep -q '{[0-9]*, 0, [0-9]*, [0-9]*}, *\/\* geno_f \*\/' "$tmp/out.c" || { echo "geno_f is not runtime symbol 0"; fail=1; }
    grep -q '{[0-9]*, -1, [0-9]*, 1}, *\/\* GENO_B \*\/' "$tmp/out.c" || { echo "GENO_B is declared by no chunk"; fail=1; }
fi
exit $fail
