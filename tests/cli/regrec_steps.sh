#!/usr/bin/env bash
# Functions that keep the depth in a register
# (codegen/emit_regrec.c)
# count exactly the steps GENO_ENTER counted: E503 at the same call, under
# `genoc run` and in a built binary, and the steps an error took before it
# was caught still count. The budgets are genoc's own counts (the reference
# counts a step per expression, docs/compat.md), measured before the change.
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {   # FILE STEPS WANT: WANT is the last stdout line, or E503
    local f=$here/$1 n=$2 want=$3 bin=$tmp/$(basename "$1" .geno)
    [ -x "$bin" ] || "$genoc" build "$f" -o "$bin" || { echo "build failed: $f"; fail=1; return; }
    for mode in run build; do
        if [ $mode = run ]; then out=$("$genoc" run --cap print --max-steps "$n" "$f" 2>&1)
        else out=$("$bin" --cap print --max-steps "$n" 2>&1); fi
        if [ "$want" = E503 ]; then
            echo "$out" | grep -q "error\[E503\]: Step limit exceeded ($n steps)" || { echo "$mode $1 $n: want E503, got: $out"; fail=1; }
        else
            [ "$(echo "$out" | tail -1)" = "$want" ] || { echo "$mode $1 $n: want $want, got: $out"; fail=1; }
        fi
    done
}
check regrec_steps_mutual.geno 1120 43
check regrec_steps_mutual.geno 1119 E503
check regrec_steps_caught.geno 1297 2594
check regrec_steps_caught.geno 1296 E503
check regrec_steps_bound.geno 3531 162
check regrec_steps_bound.geno 3530 E503
check regrec_steps_ack.geno 2707 61
check regrec_steps_ack.geno 2706 E503
[ $fail = 0 ] && echo ok
exit $fail
