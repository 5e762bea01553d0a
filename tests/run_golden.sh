#!/usr/bin/env bash
# Golden-program runner for genoc.
#
#   tests/run_golden.sh MODE GENOC FILE.geno
#
# MODE=run    runs `GENOC run ARGS FILE` (JIT / sandbox).
# MODE=build  runs `GENOC build -o TMP/prog FILE`, then `TMP/prog ARGS'`, where
#             ARGS' is the `args:` header or, without one, `--cap print,clock,random`
#             (a built binary is denied every capability unless given --cap).
# MODE=check  runs `GENOC check --json FILE` (used for tests/programs/reject/). The
#             `check:` header holds the expected diagnostic codes in order, e.g.
#             `// check: E300 E301`, and the optional `check-lines:` header their
#             line:col, e.g. `// check-lines: 4:5 7:12`. The test passes when the
#             set of code@line:col in the JSON `diagnostics` array equals the
#             headers' (order and repeats aside: genoc reports each diagnostic
#             once, in source order) and the exit status is non-zero.
#             `// check: ok` instead expects exit status 0.
#
# Expectations come from comment lines at the top of FILE.geno:
#   // args: --cap clock     extra run flags (default none)
#   // exit: 1               expected exit status (default 0)
#   // code: E400            expected diagnostic code, found on stderr as [E400]
#   // message: TEXT         text the diagnostic on stderr must contain
# and from FILE.out (next to FILE.geno), the exact expected stdout. FILE.in,
# if present, is the program's stdin (else /dev/null). Programs run from a
# fresh empty directory (their cwd, hence their first fs root), so files a
# program writes land in a scratch place that is removed afterwards. stdout is
# compared when the expected exit status is 0; a missing .out is then a failure.
# Exit 0 on pass, 1 on failure (with a short explanation), 2 on usage errors.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 run|build|check GENOC FILE.geno" >&2
    exit 2
fi
mode=$1
genoc=$2
file=$3

case "$mode" in
    run|build|check) ;;
    *) echo "run_golden: unknown mode '$mode' (want run, build or check)" >&2; exit 2 ;;
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

# Collapse runs of whitespace to single spaces and trim both ends.
squeeze() {
    local s
    s=$(printf '%s' "$1" | tr -s '[:space:]' ' ')
    s="${s# }"
    s="${s% }"
    printf '%s' "$s"
}

# The CODE@LINE:COL (or CODE) list from two parallel space-separated lists,
# in order, a repeat of the entry just before dropped (genoc reports an error
# the reference repeats while re-checking once).
pair_set() {
    local codes=($1) locs=($2) i out=()
    for i in "${!codes[@]}"; do
        if [ -n "$2" ]; then out+=("${codes[$i]}@${locs[$i]:--}"); else out+=("${codes[$i]}"); fi
    done
    printf '%s\n' "${out[@]}" | uniq | tr '\n' ' ' | sed 's/ $//'
}

# MODE=check: compare `GENOC check --json FILE` with the check: / check-lines: headers.
check_main() {
    local expect_check expect_lines have_lines=0
    if ! expect_check=$(header check); then
        echo "run_golden: $file has no 'check:' header (needed in check mode)" >&2
        return 2
    fi
    expect_check=$(squeeze "$expect_check")
    if [ -z "$expect_check" ]; then
        echo "run_golden: empty 'check:' header in $file" >&2
        return 2
    fi
    if expect_lines=$(header check-lines); then
        have_lines=1
        expect_lines=$(squeeze "$expect_lines")
    fi

    local tmp
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || { echo "run_golden: mktemp failed" >&2; return 2; }
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" EXIT

    timeout "$TIMEOUT" "$genoc" check --json "$file" \
        </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
    local status=$?

    # One diagnostic object per line: every diagnostic starts with {"code": "...".
    # Messages are JSON strings, so any quote inside them is escaped and cannot
    # start a match. A diagnostic without a location shows up as "-".
    tr '\n\r' '  ' <"$tmp/stdout" \
        | sed -E 's/\{[[:space:]]*"code"[[:space:]]*:[[:space:]]*"/\n&/g' \
        | sed -n -E '/^\{[[:space:]]*"code"/p' >"$tmp/diags"
    local got_codes="" got_lines="" line code loc
    while IFS= read -r line || [ -n "$line" ]; do
        code=$(printf '%s\n' "$line" | sed -n -E 's/^\{[[:space:]]*"code"[[:space:]]*:[[:space:]]*"([^"]*)".*/\1/p')
        loc=$(printf '%s\n' "$line" | sed -n -E 's/.*"location"[[:space:]]*:[[:space:]]*\{[[:space:]]*"line"[[:space:]]*:[[:space:]]*([0-9]+)[[:space:]]*,[[:space:]]*"column"[[:space:]]*:[[:space:]]*([0-9]+).*/\1:\2/p')
        [ -n "$loc" ] || loc="-"
        got_codes="$got_codes $code"
        got_lines="$got_lines $loc"
    done <"$tmp/diags"
    got_codes=$(squeeze "$got_codes")
    got_lines=$(squeeze "$got_lines")

    local fail=0
    local why=()
    if [ $status -eq 124 ]; then
        why+=("timed out after ${TIMEOUT}s")
        fail=1
    elif [ "$expect_check" = ok ]; then
        if [ $status -ne 0 ]; then
            why+=("expected the program to be accepted (exit 0), got exit $status; codes: ${got_codes:-none}")
            fail=1
        fi
    else
        if [ $status -eq 0 ]; then
            why+=("expected a rejection, got exit status 0")
            fail=1
        fi
        # genoc prints each diagnostic once, in source order; the reference
        # prints in the order its passes found them and may repeat one
        # (docs/compat.md). Compare the sets of code@line:col.
        local want got
        if [ $have_lines -eq 1 ]; then
            want=$(pair_set "$expect_check" "$expect_lines")
            got=$(pair_set "$got_codes" "$got_lines")
        else
            want=$(pair_set "$expect_check" "")
            got=$(pair_set "$got_codes" "")
        fi
        if [ "$got" != "$want" ]; then
            why+=("diagnostics: expected [$want], got [$got]")
            fail=1
        fi
    fi

    if [ $fail -eq 0 ]; then
        return 0
    fi
    echo "FAIL [check] $file"
    local w
    for w in "${why[@]}"; do
        echo "  - $w"
    done
    echo "--- stdout (first 20 lines) ---"
    head -n 20 "$tmp/stdout"
    echo "--- stderr (first 20 lines) ---"
    head -n 20 "$tmp/stderr"
    return 1
}

if [ "$mode" = check ]; then
    check_main "$@"
    exit $?
fi

has_args=0
args_line=""
if args_line=$(header args); then
    has_args=1
fi
expect_exit=$(header exit) || expect_exit=0
expect_code=$(header code) || expect_code=""
expect_message=$(header message) || expect_message=""
case "$expect_exit" in
    ''|*[!0-9]*) echo "run_golden: bad 'exit:' header '$expect_exit' in $file" >&2; exit 2 ;;
esac

outfile="${file%.geno}.out"
infile="${file%.geno}.in"
[ -f "$infile" ] || infile=/dev/null
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
infile=$(cd "$(dirname "$infile")" && pwd)/$(basename "$infile")
case "$genoc" in /*) ;; *) genoc=$(cd "$(dirname "$genoc")" && pwd)/$(basename "$genoc") ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || { echo "run_golden: mktemp failed" >&2; exit 2; }
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/cwd"

# Word-split the args line deliberately (it holds plain flags).
# shellcheck disable=SC2206
set -f
run_args=($args_line)
set +f

if [ "$mode" = run ]; then
    (cd "$tmp/cwd" && timeout "$TIMEOUT" "$genoc" run ${run_args[@]+"${run_args[@]}"} "$file" \
        <"$infile" >"$tmp/stdout" 2>"$tmp/stderr")
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
    (cd "$tmp/cwd" && timeout "$TIMEOUT" "$tmp/prog" ${run_args[@]+"${run_args[@]}"} \
        <"$infile" >"$tmp/stdout" 2>"$tmp/stderr")
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
if [ -n "$expect_message" ] && ! grep -qF -- "$expect_message" "$tmp/stderr"; then
    why+=("stderr lacks the message '$expect_message'")
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
