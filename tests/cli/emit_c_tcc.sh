#!/usr/bin/env bash
# `genoc emit-c --tcc` is the C `genoc run` hands to libtcc: geno/rt.h cut
# to what the program uses (driver/prelude.c), then the program
# without the parts only cc reads (`#ifndef __TINYC__`: prepaid loop copies,
# inlined higher-order loops, leaf bodies). For bench programs that have
# such parts: the full C has them, the tcc C has none, and tcc compiles
# both (for the full C it skips them; `genoc build --cc tcc` would rely on
# that).
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
progs=$here/../../bench/programs
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
inc=$here/../../include
fail=0
for name in list_pipeline spectral_norm caesar loop_sum set_ops; do
    f=$progs/$name.geno
    "$genoc" emit-c "$f" >"$tmp/full.c" || { echo "emit-c failed: $name"; fail=1; continue; }
    "$genoc" emit-c --tcc "$f" >"$tmp/tcc.c" || { echo "emit-c --tcc failed: $name"; fail=1; continue; }
    grep -q '^#ifndef __TINYC__$' "$tmp/full.c" || { echo "$name: the full C has no cc-only part"; fail=1; }
    if grep -q '__TINYC__' "$tmp/tcc.c"; then echo "$name: the tcc C keeps a cc-only part"; fail=1; fi
    if grep -q '#include' "$tmp/tcc.c"; then echo "$name: the tcc C includes a header"; fail=1; fi
    # The full C with geno/rt.h; the tcc C on its own (the header cut in).
    tcc -nostdlib -Werror -I"$inc" -c "$tmp/full.c" -o "$tmp/full.o" 2>"$tmp/err" \
        || { echo "$name: tcc rejects the full C: $(head -3 "$tmp/err")"; fail=1; }
    tcc -nostdlib -c "$tmp/tcc.c" -o "$tmp/tcc.o" 2>"$tmp/err" \
        || { echo "$name: tcc rejects the tcc C: $(head -3 "$tmp/err")"; fail=1; }
done
# The test-case table is for `genoc test` only: `genoc run`'s C leaves it out
# (its test blocks are still compiled), the full C keeps it.
fixture=$here/test_fixture.geno
"$genoc" emit-c "$fixture" >"$tmp/full.c" && "$genoc" emit-c --tcc "$fixture" >"$tmp/tcc.c" \
    || { echo "emit-c failed: test_fixture"; fail=1; }
grep -q 'geno_test_cases\[' "$tmp/full.c" || { echo "test_fixture: the full C has no test-case table"; fail=1; }
if grep -q 'geno_test_cases' "$tmp/tcc.c"; then echo "test_fixture: the tcc C keeps the test-case table"; fail=1; fi
grep -q '^static void gt_[0-9]*(void) {$' "$tmp/tcc.c" || { echo "test_fixture: the tcc C lost the test blocks"; fail=1; }
tcc -nostdlib -c "$tmp/tcc.c" -o "$tmp/tcc.o" 2>"$tmp/err" \
    || { echo "test_fixture: tcc rejects the tcc C: $(head -3 "$tmp/err")"; fail=1; }
[ $fail = 0 ] && echo ok
exit $fail
