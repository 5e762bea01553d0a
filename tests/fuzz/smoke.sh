#!/usr/bin/env bash
# ctest fuzz/smoke: runs each fuzz target built in DIR (the normal build's
# <build>/fuzz/tests/fuzz, see CMakeLists.txt) over its seed corpus
# (tests/fuzz/corpus/TARGET) plus a fixed number of mutated inputs, with a
# fixed seed. Fails on any crash, sanitizer report, leak or hang.
#
#   tests/fuzz/smoke.sh DIR [SCALE]
#
# Mutated inputs per target: 3000 for parse and check, 20000 for the faster
# runtime parsers (about 2-3 s each), times SCALE (default 1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: smoke.sh DIR [SCALE]}
scale=${2:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/genoc-fuzz-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0
for t in parse check json csv toml; do
    case $t in parse|check) runs=$((3000 * scale)) ;; *) runs=$((20000 * scale)) ;; esac
    mkdir -p "$work/$t"
    start=$(date +%s)
    # The empty first corpus directory receives new inputs: the seeds stay untouched.
    "$dir/fuzz_$t" -seed=1 -runs="$runs" -max_total_time=20 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/$t-" "$work/$t" "$here/corpus/$t" >"$work/$t.log" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "fuzz_$t: ok ($(ls "$here/corpus/$t" | wc -l) seeds + $runs inputs, $(($(date +%s) - start))s)"
    else
        status=1
        echo "fuzz_$t: FAILED (exit $rc)"
        # the report, and the input (libFuzzer prints it in hex and Base64)
        grep -v -E "^#[0-9]+|^INFO:|^MS: " "$work/$t.log" | tail -40
    fi
done
exit $status
