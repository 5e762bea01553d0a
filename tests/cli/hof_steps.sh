#!/usr/bin/env bash
# map/filter/fold/list_any/list_all with lambda literals, inlined as loops
# (codegen/emit_hof.c), count the steps the runtime's calls of a lifted
# lambda counted (the builtin's step, then the lambda's entry): E503 at the
# same element and location, under `genoc run` and in a built binary, with
# step-free bodies (prepaid at once when the budget allows) and bodies that
# call. The expectations are genoc's counts measured before the change
# (the reference counts a step per expression, docs/compat.md).
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
f=$here/hof_steps.geno
bin=$tmp/hof_steps
(cd "$here" && "$genoc" build hof_steps.geno -o "$bin") || { echo "build failed: $f"; exit 1; }
fail=0
check() {   # STEPS WANT: WANT is the last line of stdout and stderr
    local n=$1 want=$2 out
    for mode in run build; do
        if [ $mode = run ]; then out=$(cd "$here" && "$genoc" run --cap print --max-steps "$n" hof_steps.geno 2>&1)
        else out=$(cd "$here" && "$bin" --cap print --max-steps "$n" 2>&1); fi
        [ "$(echo "$out" | tail -1)" = "$want" ] || { echo "$mode $n: want $want, got: $out"; fail=1; }
    done
}
check 1 'hof_steps.geno:10:1: error[E503]: Step limit exceeded (1 steps)'
check 2 'hof_steps.geno:13:24: error[E503]: Step limit exceeded (2 steps)'
check 3 'hof_steps.geno:13:32: error[E503]: Step limit exceeded (3 steps)'
check 80 'hof_steps.geno:13:24: error[E503]: Step limit exceeded (80 steps)'
check 81 'hof_steps.geno:13:32: error[E503]: Step limit exceeded (81 steps)'
check 82 'hof_steps.geno:15:24: error[E503]: Step limit exceeded (82 steps)'
check 83 'hof_steps.geno:15:34: error[E503]: Step limit exceeded (83 steps)'
check 100 'hof_steps.geno:15:24: error[E503]: Step limit exceeded (100 steps)'
check 101 'hof_steps.geno:15:34: error[E503]: Step limit exceeded (101 steps)'
check 160 'hof_steps.geno:15:24: error[E503]: Step limit exceeded (160 steps)'
check 161 'hof_steps.geno:15:34: error[E503]: Step limit exceeded (161 steps)'
check 162 'hof_steps.geno: error[E503]: Step limit exceeded (162 steps)'
check 200 'hof_steps.geno: error[E503]: Step limit exceeded (200 steps)'
check 201 'hof_steps.geno:17:53: error[E503]: Step limit exceeded (201 steps)'
check 202 'hof_steps.geno:19:24: error[E503]: Step limit exceeded (202 steps)'
check 203 'hof_steps.geno:19:32: error[E503]: Step limit exceeded (203 steps)'
check 280 'hof_steps.geno:19:24: error[E503]: Step limit exceeded (280 steps)'
check 281 'hof_steps.geno:19:32: error[E503]: Step limit exceeded (281 steps)'
check 282 'hof_steps.geno:5:1: error[E503]: Step limit exceeded (282 steps)'
check 283 'hof_steps.geno:19:24: error[E503]: Step limit exceeded (283 steps)'
check 330 'hof_steps.geno: error[E503]: Step limit exceeded (330 steps)'
check 331 'hof_steps.geno:21:24: error[E503]: Step limit exceeded (331 steps)'
check 360 'hof_steps.geno: error[E503]: Step limit exceeded (360 steps)'
check 361 'hof_steps.geno:21:24: error[E503]: Step limit exceeded (361 steps)'
check 362 'hof_steps.geno: error[E503]: Step limit exceeded (362 steps)'
check 363 'hof_steps.geno:21:24: error[E503]: Step limit exceeded (363 steps)'
check 420 'hof_steps.geno:5:1: error[E503]: Step limit exceeded (420 steps)'
check 421 'hof_steps.geno: error[E503]: Step limit exceeded (421 steps)'
check 500 'hof_steps.geno:23:18: error[E503]: Step limit exceeded (500 steps)'
check 501 'hof_steps.geno:23:34: error[E503]: Step limit exceeded (501 steps)'
check 560 'hof_steps.geno:23:18: error[E503]: Step limit exceeded (560 steps)'
check 561 'hof_steps.geno:23:65: error[E503]: Step limit exceeded (561 steps)'
check 600 'hof_steps.geno:23:100: error[E503]: Step limit exceeded (600 steps)'
check 601 'hof_steps.geno:5:1: error[E503]: Step limit exceeded (601 steps)'
check 640 'hof_steps.geno:5:1: error[E503]: Step limit exceeded (640 steps)'
check 641 'hof_steps.geno: error[E503]: Step limit exceeded (641 steps)'
check 650 'hof_steps.geno: error[E503]: Step limit exceeded (650 steps)'
check 651 'hof_steps.geno:23:100: error[E503]: Step limit exceeded (651 steps)'
check 673 'hof_steps.geno:5:1: error[E503]: Step limit exceeded (673 steps)'
check 674 '1598'
[ $fail = 0 ] && echo ok
exit $fail
