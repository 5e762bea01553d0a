#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/*.c) with clang in their own build
# directory and runs each for SECONDS (default 60), one after the other.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      TARGET: parse check json csv toml
#
# Environment: GENOC_FUZZ_BUILD  build directory (default /tmp/genoc-fuzz-build)
#              GENOC_FUZZ_WORK   where new corpus entries and crash files go
#                                (default $GENOC_FUZZ_BUILD/work)
#              CC                the compiler (default clang)
#              FUZZ_ARGS         extra libFuzzer flags (e.g. -dict=..., -max_len=4096)
#              FUZZ_NO_BUILD=1   run the targets already built there
# Each target reads the seeds of tests/fuzz/corpus/TARGET (left unchanged) and
# its work corpus WORK/TARGET (kept between runs, so fuzzing resumes); a
# crash, leak or timeout is written as WORK/TARGET-crash-<sha1> etc. and
# reproduced with `BUILD/tests/fuzz/fuzz_TARGET FILE`. Exit status: 0 when
# no target found anything.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-parse check json csv toml}
build=${GENOC_FUZZ_BUILD:-/tmp/genoc-fuzz-build}
work=${GENOC_FUZZ_WORK:-$build/work}

if [ -z "${FUZZ_NO_BUILD:-}" ]; then
    CC=${CC:-clang} cmake -S "$root" -B "$build" -DGENOC_FUZZ=ON >"$build.configure.log" 2>&1 \
        || { cat "$build.configure.log"; echo "run.sh: configure failed" >&2; exit 2; }
    cmake --build "$build" --target fuzz_targets -j2 >/dev/null \
        || { echo "run.sh: build failed" >&2; exit 2; }
fi

status=0
for t in $targets; do
    bin=$build/tests/fuzz/fuzz_$t
    [ -x "$bin" ] || { echo "run.sh: no target $t" >&2; status=2; continue; }
    mkdir -p "$work/$t"
    dict=
    case $t in parse|check) dict=-dict=$here/geno.dict ;; esac   # keywords, operators, type names
    echo "== fuzz_$t for ${secs}s"
    # -timeout: one input taking 10 s is a hang; -rss_limit_mb bounds growth.
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/$t-" $dict ${FUZZ_ARGS:-} "$work/$t" "$here/corpus/$t" >"$work/$t.log" 2>&1
    rc=$?
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^Done" "$work/$t.log"
    if [ $rc -ne 0 ]; then
        status=1
        echo "fuzz_$t FAILED (exit $rc); log: $work/$t.log"
        grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$work/$t.log" | head -5
    fi
done
exit $status
