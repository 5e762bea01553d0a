#!/usr/bin/env bash
# Golden-program runner for genoc.
#
#   tests/run_golden.sh MODE GENOC FILE.geno
#
# MODE=run    runs `GENOC run ARGS FILE` (JIT / sandbox).
# MODE=build  runs `GENOC build -o TMP/prog FILE`, then `TMP/prog ARGS'`, where
#             ARGS' is the `args:` header or, without one, `--cap print,clock,random`
#             (a built binary is denied every capability unless given --cap).
#
# Expectations come from comment lines at the top of FILE.geno:
#   // args: --cap clock     extra run flags (default none)
#   // exit: 1               expected exit status (default 0)
#   // code: E400            expected diagnostic code, found on stderr as [E400]
# and from FILE.out (next to FILE.geno), the exact expected stdout. stdout is
# compared when the expected exit status is 0; a missing .out is then a failure.
# Exit 0 on pass, 1 on failure (with a short explanation), 2 on usage errors.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 run|build GENOC FILE.geno" >&2
    exit 2
fi
mode=$1
genoc=$2
file=$3

case "$mode" in
    run|build) ;;
    *) echo "run_golden: unknown mode '$mode' (want run or build)" >&2; exit 2 ;;
esac
if [ ! -f "$file" ]; then
    echo "run_golden: no such file: $file" >&2
    exit 2
fi

TIMEOUT=${GOLDEN_TIMEOUT:-60}

# Read one header value: the text after `// KEY:` in the leading comment block.
header() {
    local key=$1 line
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        case "$line" in
            "//"*) ;;
            "") continue ;;
            *) break ;;
        esac
        local body=${line#//}
        body=${body# }
        case "$body" in
            "$key:"*)
                body=${body#"$key:"}
                # trim surrounding whitespace
                body="${body#"${body%%[![:space:]]*}"}"
                body="${body%"${body##*[![:space:]]}"}"
                printf '%s' "$body"
                return 0
                ;;
        esac
    done < "$file"
    return 1
}

has_args=0
args_line=""
if args_line=$(header args); then
    has_args=1
fi
expect_exit=$(header exit) || expect_exit=0
expect_code=$(header code) || expect_code=""
case "$expect_exit" in
    ''|*[!0-9]*) echo "run_golden: bad 'exit:' header '$expect_exit' in $file" >&2; exit 2 ;;
esac

outfile="${file%.geno}.out"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || { echo "run_golden: mktemp failed" >&2; exit 2; }
trap 'rm -rf "$tmp"' EXIT

# Word-split the args line deliberately (it holds plain flags).
# shellcheck disable=SC2206
set -f
run_args=($args_line)
set +f

if [ "$mode" = run ]; then
    timeout "$TIMEOUT" "$genoc" run ${run_args[@]+"${run_args[@]}"} "$file" \
        </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
    status=$?
else
    timeout "$TIMEOUT" "$genoc" build -o "$tmp/prog" "$file" \
        </dev/null >"$tmp/build.stdout" 2>"$tmp/build.stderr"
    bstatus=$?
    if [ $bstatus -ne 0 ] || [ ! -x "$tmp/prog" ]; then
        if [ $bstatus -eq 0 ]; then
            echo "FAIL [$mode] $file: genoc build exited 0 but produced no executable"
        else
            echo "FAIL [$mode] $file: genoc build exited $bstatus"
        fi
        if [ $bstatus -eq 124 ]; then echo "  (timed out after ${TIMEOUT}s)"; fi
        echo "--- build stderr ---"
        head -n 40 "$tmp/build.stderr"
        exit 1
    fi
    if [ $has_args -eq 0 ]; then
        run_args=(--cap print,clock,random)
    fi
    timeout "$TIMEOUT" "$tmp/prog" ${run_args[@]+"${run_args[@]}"} \
        </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
    status=$?
fi

fail=0
why=()
if [ $status -eq 124 ]; then
    why+=("timed out after ${TIMEOUT}s")
    fail=1
fi
if [ "$status" -ne "$expect_exit" ]; then
    why+=("exit status $status, expected $expect_exit")
    fail=1
fi
if [ -n "$expect_code" ] && ! grep -qF "[$expect_code]" "$tmp/stderr"; then
    why+=("stderr lacks [$expect_code]")
    fail=1
fi
diff_shown=0
if [ "$expect_exit" -eq 0 ]; then
    if [ ! -f "$outfile" ]; then
        why+=("missing expected output $outfile")
        fail=1
    elif ! cmp -s "$outfile" "$tmp/stdout"; then
        why+=("stdout differs from $(basename "$outfile")")
        fail=1
        diff_shown=1
    fi
fi

if [ $fail -eq 0 ]; then
    exit 0
fi

echo "FAIL [$mode] $file"
for w in "${why[@]}"; do
    echo "  - $w"
done
if [ $diff_shown -eq 1 ]; then
    echo "--- diff (expected vs actual stdout, first 40 lines) ---"
    diff -u "$outfile" "$tmp/stdout" | head -n 40
fi
echo "--- stderr (first 20 lines) ---"
head -n 20 "$tmp/stderr"
exit 1
