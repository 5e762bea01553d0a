#!/usr/bin/env bash
# Loops that call leaf functions take their 1 + k steps an iteration at
# entry (codegen/emit_prepaid_leaf.c) and fall back to the checked loop
# when fewer are left: E503 at the same call or iteration, with the same
# output before it, under `genoc run` and in a built binary. The table is
# genoc's own counts (the reference counts a step per expression,
# docs/compat.md), measured with main before the change: budget, stdout
# lines, line:col of the E503 (- when the program finishes).
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
f=$here/leaf_steps_loops.geno
bin=$tmp/leaf_steps_loops
"$genoc" build "$f" -o "$bin" || { echo "build failed: $f"; exit 1; }
fail=0
while read -r n lines at; do
    for mode in run build; do
        if [ $mode = run ]; then "$genoc" run --cap print --max-steps "$n" "$f" >"$tmp/out" 2>"$tmp/err"
        else "$bin" --cap print --max-steps "$n" >"$tmp/out" 2>"$tmp/err"; fi
        got_lines=$(wc -l <"$tmp/out")
        got_at=$(grep -o "^[^ ]*leaf_steps_loops.geno:[0-9]*:[0-9]*: error\[E503\]: Step limit exceeded ($n steps)" "$tmp/err" \
                 | sed 's/.*leaf_steps_loops.geno:\([0-9]*:[0-9]*\):.*/\1/')
        [ "$got_lines" = "$lines" ] && [ "${got_at:--}" = "$at" ] \
            || { echo "$mode $n: want $lines lines, E503 at $at; got $got_lines lines, at ${got_at:--}: $(cat "$tmp/err")"; fail=1; }
    done
done <<'TABLE'
1 0 10:1
2 0 15:1
10 0 5:1
60 0 23:5
115 0 5:1
116 0 23:5
117 0 5:1
200 0 23:5
239 1 10:1
240 1 29:5
241 1 10:1
300 1 29:5
400 2 5:1
450 3 41:5
500 4 49:5
529 5 5:1
530 6 -
TABLE
[ $fail = 0 ] && echo ok
exit $fail
