#!/usr/bin/env bash
# `genoc test`: the report on a fixture with failures (timings removed), one
# step budget per file (test_steps_fixture.geno), the
# exit status, and a passing run over the std library's examples.
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" || exit 2
got=$("$genoc" test -v test_fixture.geno | sed -E 's/ [0-9]+ms$//; s/ in [0-9.]+s$/ in Xs/')
status=$?
want="  FAIL  test_fixture.geno (1/3) (1 untested)
        x add: expected 5, got 4
        x adds things: test_fixture.geno:15:5: Runtime Error: Assertion failed
        o helper: @untested('io')

1 passed, 2 failed, 1 untested, in Xs"
if [ "$got" != "$want" ]; then
    echo "genoc test report differs:"; diff <(echo "$want") <(echo "$got"); exit 1
fi
"$genoc" test test_fixture.geno >/dev/null && { echo "expected exit status 1"; exit 1; }
steps=$("$genoc" test -v test_steps_fixture.geno | sed -E 's/ [0-9]+ms$//; s/ in [0-9.]+s$/ in Xs/')
want="  FAIL  test_steps_fixture.geno (1/3)
        x big loop: test_steps_fixture.geno:7:5: Runtime Error: Step limit exceeded (1000000 steps)
        x small: test_steps_fixture.geno:17:1: Runtime Error: Step limit exceeded (1000000 steps)

1 passed, 2 failed, in Xs"
if [ "$steps" != "$want" ]; then
    echo "genoc test step-limit report differs:"; diff <(echo "$want") <(echo "$steps"); exit 1
fi
"$genoc" test --max-steps 10000000 test_steps_fixture.geno >/dev/null || { echo "--max-steps 10000000 should pass"; exit 1; }
out=$("$genoc" test ../../std/List.geno ../../std/Option.geno) || { echo "std examples failed:"; echo "$out"; exit 1; }
echo "$out" | tail -1 | grep -Eq '^[0-9]+ passed, 0 failed' || { echo "bad summary: $out"; exit 1; }
echo ok
