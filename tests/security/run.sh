#!/usr/bin/env bash
# Hostile-program corpus for `genoc run` (tests/security/README.md).
#
#   tests/security/run.sh GENOC [PROGRAM.geno...]
#
# Runs every tests/security/*.geno (or the programs named) under
# `GENOC run`, each from a fresh root directory in one scratch layout:
#
#   $base/root/           the program's cwd, hence its fs root; recreated for
#                         every program from $base/template/. Holds a copy of
#                         the program (so the source tree is NOT a root),
#                         inside.txt, sub/note.txt, a FIFO and symlinks:
#       link_secret       -> ../outside/secret.txt        (relative, escapes)
#       link_secret_abs   -> $base/outside/secret.txt     (absolute, escapes)
#       link_outdir       -> $base/outside                (directory, escapes)
#       link_passwd       -> /etc/passwd                  (escapes)
#       link_newfile      -> $base/outside/created.txt    (dangling, escapes)
#       link_inside       -> inside.txt                   (stays inside)
#       sub/up            -> ..                           (stays inside)
#       link_loop         -> link_loop                    (ELOOP)
#   $base/outside/        must stay untouched: secret.txt, dir/inner.txt
#   $base/root_sibling/   must stay untouched (shares the root's name prefix)
#   $base/canary/         must stay untouched
#   $base/template/       the root's template: must stay untouched too
# Captured output and built binaries live in another directory ($work).
#
# Header comments at the top of each program:
#   // args: FLAGS          genoc run flags (before the file); `-- ARGS` after
#                           them become the program's arguments
#   // expect: E501 | ok    diagnostic code that must appear on stderr as
#                           [E501], or ok (no code required)
#   // exit: N              expected exit status (default 0 for ok, else 1)
#   // stdout: TEXT         stdout must contain TEXT (repeatable)
#   // stderr: TEXT         stderr must contain TEXT (repeatable)
#   // stdin: null|open|flood   /dev/null (default), a pipe that never
#                           closes, or an endless stream (`yes`)
#   // wall: S              wall-clock bound for the whole run (default 20)
#   // build: yes           also `GENOC build` it and run the binary with the
#                           same flags and expectations (gate tests only:
#                           built binaries have no sandbox, so no --timeout)
# In the program text @MARKER@ is replaced by a number unique to the run;
# programs start their background processes as `sleep @MARKER@` so the
# runner can find survivors.
#
# The environment holds AWS_SECRET_ACCESS_KEY and DB_PASSWORD (the secret),
# GITHUB_TOKEN=gh-token-value-for-env-allow and GENOC_SECURITY_PLAIN=plain-value.
# Every run must also: end within the wall bound; leave genoc alive to exit
# normally (status < 128, no crash or internal-error text); leave everything
# in $base but root/ as it was, and tests/security and
# /tmp/genoc_security_pwned* too; print neither the secret nor /etc/passwd's
# root line; and leave no process carrying the marker behind.
#
# SECURITY_VERBOSE=1 prints every result; SECURITY_NO_BUILD=1 skips the
# build mode; SECURITY_WALL=S changes the default wall bound.
# Exit 0 when every program passes, 1 otherwise.
set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 GENOC [PROGRAM.geno...]" >&2
    exit 2
fi
genoc=$1
shift
case "$genoc" in /*) ;; *) genoc=$(cd "$(dirname "$genoc")" && pwd)/$(basename "$genoc") ;; esac
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
    progs=("$@")
else
    progs=("$here"/*.geno)
fi

SECRET="GENOC-SECRET-CANARY-7f3a9c"
PWNED_GLOB="/tmp/genoc_security_pwned*"
DEFAULT_WALL=${SECURITY_WALL:-20}
# Credentials in the environment: env_get must refuse them (the secret must
# never reach the output); GITHUB_TOKEN has a harmless value so the
# --env-allow program can print it.
export AWS_SECRET_ACCESS_KEY=$SECRET
export DB_PASSWORD=$SECRET
export GITHUB_TOKEN=gh-token-value-for-env-allow
export GENOC_SECURITY_PLAIN=plain-value

base=$(mktemp -d "${TMPDIR:-/tmp}/gsec.XXXXXX") || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/gsecw.XXXXXX") || exit 2
cleanup() {
    chmod -R u+rwx "$base" "$work" 2>/dev/null
    rm -rf "$base" "$work"
}
trap cleanup EXIT

# ---- the layout --------------------------------------------------------------
mkdir -p "$base/template/sub" "$base/outside/dir" "$base/canary" "$base/root_sibling"
printf '%s\n' "$SECRET" >"$base/outside/secret.txt"
printf 'inner %s\n' "$SECRET" >"$base/outside/dir/inner.txt"
printf 'sibling %s\n' "$SECRET" >"$base/root_sibling/secret.txt"
printf 'canary\n' >"$base/canary/canary.txt"
printf 'inside\n' >"$base/template/inside.txt"
printf 'note\n' >"$base/template/sub/note.txt"
mkfifo "$base/template/fifo"
ln -s ../outside/secret.txt "$base/template/link_secret"
ln -s "$base/outside/secret.txt" "$base/template/link_secret_abs"
ln -s "$base/outside" "$base/template/link_outdir"
ln -s /etc/passwd "$base/template/link_passwd"
ln -s "$base/outside/created.txt" "$base/template/link_newfile"
ln -s inside.txt "$base/template/link_inside"
ln -s .. "$base/template/sub/up"
ln -s link_loop "$base/template/link_loop"

# Everything under $base but root/: path, type, size, mode, mtime, link target.
snapshot() {
    (cd "$base" && find . -mindepth 1 -path ./root -prune -o -printf '%p %y %s %m %T@ %l\n')
}
baseline=$(snapshot)
stamp="$work/stamp"

# Header values of one program, read in one pass: H_args, H_expect, ...;
# repeatable ones (stdout, stderr) as newline-separated lists.
read_headers() {
    local file=$1 line body key
    H_args="" H_expect="" H_exit="" H_stdin="" H_wall="" H_build="" H_stdout="" H_stderr=""
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            "//"*) ;;
            "") continue ;;
            *) break ;;
        esac
        body=${line#//}
        body=${body# }
        key=${body%%:*}
        [ "$key" = "$body" ] && continue
        body=${body#*:}
        body="${body#"${body%%[![:space:]]*}"}"
        body="${body%"${body##*[![:space:]]}"}"
        case "$key" in
            args) H_args=$body ;;
            expect) H_expect=$body ;;
            exit) H_exit=$body ;;
            stdin) H_stdin=$body ;;
            wall) H_wall=$body ;;
            build) H_build=$body ;;
            stdout) H_stdout+="$body"$'\n' ;;
            stderr) H_stderr+="$body"$'\n' ;;
        esac
    done <"$file"
}

passed=0
failed=0
failures=()

# run_one MODE FILE: MODE is run or build. Prints nothing on success
# (unless SECURITY_VERBOSE).
run_one() {
    local mode=$1 file=$2
    local name expect_exit wall stdin_kind
    name=$(basename "$file" .geno)
    read_headers "$file"
    wall=${H_wall:-$DEFAULT_WALL}
    stdin_kind=${H_stdin:-null}
    if [ -z "$H_expect" ]; then
        echo "FAIL [$mode] $name: no 'expect:' header"
        return 1
    fi
    expect_exit=$H_exit
    if [ -z "$expect_exit" ]; then
        if [ "$H_expect" = ok ]; then expect_exit=0; else expect_exit=1; fi
    fi

    rm -rf "$base/root" "$work/out" "$work/prog"
    cp -a "$base/template" "$base/root"
    mkdir "$work/out"
    local marker="7654321.$$${RANDOM}${RANDOM}"
    # Program text, expectations: the marker substituted.
    sed "s/@MARKER@/$marker/g" "$file" >"$base/root/$name.geno"
    H_stdout=${H_stdout//@MARKER@/$marker}
    H_stderr=${H_stderr//@MARKER@/$marker}

    # Split the args line: flags before `--`, program arguments after it.
    local flags=() pargs=() seen_dd=0 w
    set -f
    # shellcheck disable=SC2086
    for w in $H_args; do
        if [ $seen_dd -eq 0 ] && [ "$w" = "--" ]; then seen_dd=1; continue; fi
        if [ $seen_dd -eq 1 ]; then pargs+=("$w"); else flags+=("$w"); fi
    done
    set +f

    local cmd=()
    if [ "$mode" = build ]; then
        (cd "$base/root" && timeout -s KILL 120 "$genoc" build -o "$work/prog" "$name.geno" \
            </dev/null >"$work/out/build" 2>&1)
        local bs=$?
        if [ $bs -ne 0 ] || [ ! -x "$work/prog" ]; then
            echo "FAIL [$mode] $name: genoc build exited $bs"
            head -n 20 "$work/out/build"
            return 1
        fi
        # The build's own output file is not the program's doing.
        rm -f "$base/root/$name"
        cmd=("$work/prog" ${flags[@]+"${flags[@]}"})
    else
        cmd=("$genoc" run ${flags[@]+"${flags[@]}"} "$name.geno")
    fi
    [ ${#pargs[@]} -gt 0 ] && cmd+=(-- "${pargs[@]}")

    rm -f $PWNED_GLOB 2>/dev/null
    : >"$stamp"
    local start=$EPOCHREALTIME status
    local out="$work/out/stdout" err="$work/out/stderr"
    case "$stdin_kind" in
        null)
            (cd "$base/root" && exec timeout -s KILL "$wall" "${cmd[@]}" </dev/null >"$out" 2>"$err")
            status=$? ;;
        open)
            # A pipe whose writer never writes nor closes (killed below).
            local holder hold_fd
            exec {hold_fd}< <(exec sleep $((wall + 30)))
            holder=$!
            (cd "$base/root" && exec timeout -s KILL "$wall" "${cmd[@]}" <&$hold_fd >"$out" 2>"$err")
            status=$?
            exec {hold_fd}<&-
            kill "$holder" 2>/dev/null
            ;;
        flood)
            (cd "$base/root" && yes "flood flood flood flood flood flood flood" \
                | timeout -s KILL "$wall" "${cmd[@]}" >"$out" 2>"$err")
            status=$? ;;
        *)
            echo "FAIL [$mode] $name: bad 'stdin:' header '$stdin_kind'"
            return 1 ;;
    esac
    local secs
    secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')

    local why=() t
    # How it ended.
    if [ $status -eq 137 ] || [ $status -eq 124 ]; then
        why+=("did not finish within the wall bound of ${wall}s (killed)")
    elif [ $status -ge 128 ]; then
        why+=("$( [ "$mode" = run ] && echo genoc || echo the binary ) died of signal $((status - 128))")
    fi
    [ $status -ne "$expect_exit" ] && why+=("exit status $status, expected $expect_exit")
    if [ "$H_expect" != ok ] && ! grep -qF "[$H_expect]" "$err"; then
        why+=("stderr lacks [$H_expect]")
    fi
    if grep -qE 'internal error|Segmentation fault|core dumped|AddressSanitizer|\.c:[0-9]+:[0-9]+: runtime error:' "$err"; then
        why+=("crash or internal error reported on stderr")
    fi
    while IFS= read -r t; do
        [ -n "$t" ] || continue
        grep -qF -- "$t" "$out" || why+=("stdout lacks: $t")
    done <<<"$H_stdout"
    while IFS= read -r t; do
        [ -n "$t" ] || continue
        grep -qF -- "$t" "$err" || why+=("stderr lacks: $t")
    done <<<"$H_stderr"
    # Nothing secret leaked into the output.
    grep -qF "$SECRET" "$out" "$err" && why+=("the secret outside the root was printed")
    grep -q '^root:.*:0:0:' "$out" "$err" && why+=("/etc/passwd was printed")

    # Nothing outside the root changed.
    local now
    now=$(snapshot)
    if [ "$now" != "$baseline" ]; then
        why+=("files outside the root changed:")
        why+=("$(diff <(printf '%s\n' "$baseline" | sort) <(printf '%s\n' "$now" | sort) | head -n 10)")
    fi
    now=$(find "$here" -newer "$stamp" -print | head -n 5)
    [ -n "$now" ] && why+=("the source tree changed: $(echo $now)")
    # shellcheck disable=SC2086
    if ls $PWNED_GLOB >/dev/null 2>&1; then
        why+=("a file was created at $(ls $PWNED_GLOB | head -n 1)")
        rm -f $PWNED_GLOB
    fi

    # No process started by the program survives (give SIGKILL a moment).
    local left="" i
    for i in 1 2 3 4 5 6 7 8 9 10; do
        left=$(pgrep -f -- "sleep $marker" 2>/dev/null)
        [ -z "$left" ] && break
        sleep 0.2
    done
    if [ -n "$left" ]; then
        why+=("processes started by the program survived: $(echo $left)")
        # shellcheck disable=SC2086
        kill -9 $left 2>/dev/null
    fi

    if [ ${#why[@]} -eq 0 ]; then
        [ -n "${SECURITY_VERBOSE:-}" ] && echo "ok   [$mode] $name (${secs}s)"
        return 0
    fi
    echo "FAIL [$mode] $name (${secs}s)"
    for t in "${why[@]}"; do echo "  - $t"; done
    echo "  --- stdout (first 10 lines) ---"
    head -c 2000 "$out" | head -n 10 | sed 's/^/  /'
    echo "  --- stderr (first 10 lines) ---"
    head -c 2000 "$err" | head -n 10 | sed 's/^/  /'
    return 1
}

for f in "${progs[@]}"; do
    [ -f "$f" ] || { echo "no such program: $f" >&2; exit 2; }
    read_headers "$f"
    modes=(run)
    [ "$H_build" = yes ] && [ -z "${SECURITY_NO_BUILD:-}" ] && modes+=(build)
    for m in "${modes[@]}"; do
        if run_one "$m" "$f"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            failures+=("$m/$(basename "$f" .geno)")
        fi
    done
done

echo "security: $passed passed, $failed failed"
if [ $failed -gt 0 ]; then
    printf '  failed: %s\n' "${failures[@]}"
    exit 1
fi
exit 0
