#!/usr/bin/env bash
# Hostile-program corpus for `genoc run` (tests/security/README.md).
#
#   tests/security/run.sh GENOC [PROGRAM.geno...]
#
# Runs every tests/security/*.geno (or the programs named) under
# `GENOC run`, each from a fresh scratch layout:
#
#   $tmp/root/            the program's cwd, hence its fs root; holds a copy
#                         of the program (so the source tree is NOT a root),
#                         inside.txt, sub/note.txt, a FIFO and symlinks:
#       link_secret       -> ../outside/secret.txt        (relative, escapes)
#       link_secret_abs   -> $tmp/outside/secret.txt      (absolute, escapes)
#       link_outdir       -> $tmp/outside                 (directory, escapes)
#       link_passwd       -> /etc/passwd                  (escapes)
#       link_newfile      -> $tmp/outside/created.txt     (dangling, escapes)
#       link_inside       -> inside.txt                   (stays inside)
#       sub/up            -> ..                           (stays inside)
#       link_loop         -> link_loop                    (ELOOP)
#   $tmp/outside/         must stay untouched: secret.txt, dir/inner.txt
#   $tmp/canary/          must stay untouched
#   $tmp/bin/, $tmp/out/  the built binary; the captured stdout and stderr
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
# normally (status < 128, no crash or internal-error text); leave $tmp/outside,
# $tmp/canary, the rest of $tmp, tests/security and /tmp/genoc_security_pwned*
# as they were; print neither the secret nor /etc/passwd's root line; and
# leave no process carrying the marker behind.
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

header_all() {     # every value of `// KEY:` in the leading comment block
    local key=$1 file=$2 line body
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            "//"*) ;;
            "") continue ;;
            *) break ;;
        esac
        body=${line#//}
        body=${body# }
        case "$body" in
            "$key:"*)
                body=${body#"$key:"}
                body="${body#"${body%%[![:space:]]*}"}"
                body="${body%"${body##*[![:space:]]}"}"
                printf '%s\n' "$body"
                ;;
        esac
    done <"$file"
}

header() { header_all "$1" "$2" | head -n 1; }

# A listing of everything under $1 except root/: path, type, size, mode,
# mtime, link target and a content hash.
snapshot() {
    local base=$1
    (cd "$base" && find . \( -path ./root -o -path ./out \) -prune -o -printf '%p %y %s %m %T@ %l\n' | sort)
    (cd "$base" && find . \( -path ./root -o -path ./out \) -prune -o -type f -print0 | sort -z | xargs -0r sha256sum)
}

tree_listing() {
    find "$here" -printf '%p %y %s %T@\n' | sort
}

make_layout() {
    local tmp=$1
    mkdir -p "$tmp/root/sub" "$tmp/outside/dir" "$tmp/canary" "$tmp/bin" "$tmp/out"
    printf '%s\n' "$SECRET" >"$tmp/outside/secret.txt"
    printf 'inner %s\n' "$SECRET" >"$tmp/outside/dir/inner.txt"
    printf 'canary\n' >"$tmp/canary/canary.txt"
    chmod 0644 "$tmp/outside/secret.txt"
    printf 'inside\n' >"$tmp/root/inside.txt"
    printf 'note\n' >"$tmp/root/sub/note.txt"
    mkfifo "$tmp/root/fifo"
    ln -s ../outside/secret.txt "$tmp/root/link_secret"
    ln -s "$tmp/outside/secret.txt" "$tmp/root/link_secret_abs"
    ln -s "$tmp/outside" "$tmp/root/link_outdir"
    ln -s /etc/passwd "$tmp/root/link_passwd"
    ln -s "$tmp/outside/created.txt" "$tmp/root/link_newfile"
    ln -s inside.txt "$tmp/root/link_inside"
    ln -s .. "$tmp/root/sub/up"
    ln -s link_loop "$tmp/root/link_loop"
}

# Processes whose command line carries the marker (not this script's pgrep).
survivors() {
    pgrep -f -- "$1" 2>/dev/null | grep -vx "$$" || true
}

passed=0
failed=0
failures=()

# run_one MODE FILE: MODE is run or build. Prints nothing on success.
run_one() {
    local mode=$1 file=$2
    local name base args expect expect_exit stdin_kind wall
    base=$(basename "$file" .geno)
    name=$base
    args=$(header args "$file")
    expect=$(header expect "$file")
    expect_exit=$(header exit "$file")
    stdin_kind=$(header stdin "$file")
    wall=$(header wall "$file")
    [ -n "$wall" ] || wall=$DEFAULT_WALL
    [ -n "$stdin_kind" ] || stdin_kind=null
    if [ -z "$expect" ]; then
        echo "FAIL [$mode] $name: no 'expect:' header"
        return 1
    fi
    if [ -z "$expect_exit" ]; then
        if [ "$expect" = ok ]; then expect_exit=0; else expect_exit=1; fi
    fi

    local tmp
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/gsec.XXXXXX") || { echo "FAIL [$mode] $name: mktemp"; return 1; }
    make_layout "$tmp"
    local marker="7654321.$$${RANDOM}${RANDOM}"
    sed "s/@MARKER@/$marker/g" "$file" >"$tmp/root/$base.geno"

    # Split the args line: flags before `--`, program arguments after it.
    local flags=() pargs=() seen_dd=0 w
    set -f
    # shellcheck disable=SC2086
    for w in $args; do
        if [ $seen_dd -eq 0 ] && [ "$w" = "--" ]; then seen_dd=1; continue; fi
        if [ $seen_dd -eq 1 ]; then pargs+=("$w"); else flags+=("$w"); fi
    done
    set +f

    local why=()
    if [ "$mode" = build ]; then
        (cd "$tmp/root" && timeout -s KILL 120 "$genoc" build -o "$tmp/bin/prog" "$base.geno" \
            </dev/null >"$tmp/bin/build.out" 2>&1)
        local bs=$?
        if [ $bs -ne 0 ] || [ ! -x "$tmp/bin/prog" ]; then
            echo "FAIL [$mode] $name: genoc build exited $bs"
            head -n 20 "$tmp/bin/build.out"
            rm -rf "$tmp"
            return 1
        fi
    fi

    local before_tmp before_tree
    before_tmp=$(snapshot "$tmp")
    before_tree=$(tree_listing)
    rm -f $PWNED_GLOB 2>/dev/null

    local cmd=()
    if [ "$mode" = run ]; then
        cmd=("$genoc" run ${flags[@]+"${flags[@]}"} "$base.geno")
        [ ${#pargs[@]} -gt 0 ] && cmd+=(-- "${pargs[@]}")
    else
        cmd=("$tmp/bin/prog" ${flags[@]+"${flags[@]}"})
        [ ${#pargs[@]} -gt 0 ] && cmd+=(-- "${pargs[@]}")
    fi

    local start end status
    start=$(date +%s.%N)
    case "$stdin_kind" in
        null)
            (cd "$tmp/root" && exec timeout -s KILL "$wall" "${cmd[@]}" </dev/null >"$tmp/out/stdout" 2>"$tmp/out/stderr")
            status=$? ;;
        open)
            # A pipe whose writer never writes nor closes (killed below).
            local holder
            exec {hold_fd}< <(exec sleep $((wall + 30)))
            holder=$!
            (cd "$tmp/root" && exec timeout -s KILL "$wall" "${cmd[@]}" <&$hold_fd >"$tmp/out/stdout" 2>"$tmp/out/stderr")
            status=$?
            exec {hold_fd}<&-
            kill "$holder" 2>/dev/null
            ;;
        flood)
            (cd "$tmp/root" && yes "flood flood flood flood flood flood flood" \
                | timeout -s KILL "$wall" "${cmd[@]}" >"$tmp/out/stdout" 2>"$tmp/out/stderr")
            status=$? ;;
        *)
            echo "FAIL [$mode] $name: bad 'stdin:' header '$stdin_kind'"
            rm -rf "$tmp"
            return 1 ;;
    esac
    end=$(date +%s.%N)
    local secs
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')

    # How it ended.
    if [ $status -eq 137 ] || [ $status -eq 124 ]; then
        why+=("did not finish within the wall bound of ${wall}s (killed)")
    elif [ $status -ge 128 ]; then
        why+=("$( [ "$mode" = run ] && echo genoc || echo the binary ) died of signal $((status - 128))")
    fi
    if [ $status -ne "$expect_exit" ]; then
        why+=("exit status $status, expected $expect_exit")
    fi
    if [ "$expect" != ok ] && ! grep -qF "[$expect]" "$tmp/out/stderr"; then
        why+=("stderr lacks [$expect]")
    fi
    if grep -qE 'internal error|Segmentation fault|core dumped|AddressSanitizer|\.c:[0-9]+:[0-9]+: runtime error:' "$tmp/out/stderr"; then
        why+=("crash or internal error reported on stderr")
    fi
    local t
    while IFS= read -r t; do
        [ -n "$t" ] || continue
        grep -qF -- "$t" "$tmp/out/stdout" || why+=("stdout lacks: $t")
    done < <(header_all stdout "$file" | sed "s/@MARKER@/$marker/g")
    while IFS= read -r t; do
        [ -n "$t" ] || continue
        grep -qF -- "$t" "$tmp/out/stderr" || why+=("stderr lacks: $t")
    done < <(header_all stderr "$file" | sed "s/@MARKER@/$marker/g")
    # Nothing secret leaked into the output.
    if grep -qF "$SECRET" "$tmp/out/stdout" "$tmp/out/stderr"; then
        why+=("the secret outside the root was printed")
    fi
    if grep -q '^root:.*:0:0:' "$tmp/out/stdout" "$tmp/out/stderr"; then
        why+=("/etc/passwd was printed")
    fi

    # Nothing outside the root changed.
    local after_tmp after_tree
    after_tmp=$(snapshot "$tmp")
    if [ "$before_tmp" != "$after_tmp" ]; then
        why+=("files outside the root changed:")
        why+=("$(diff <(printf '%s\n' "$before_tmp") <(printf '%s\n' "$after_tmp") | head -n 10)")
    fi
    after_tree=$(tree_listing)
    if [ "$before_tree" != "$after_tree" ]; then
        why+=("the source tree (tests/security) changed:")
        why+=("$(diff <(printf '%s\n' "$before_tree") <(printf '%s\n' "$after_tree") | head -n 10)")
    fi
    # shellcheck disable=SC2086
    if ls $PWNED_GLOB >/dev/null 2>&1; then
        why+=("a file was created at $(ls $PWNED_GLOB | head -n 1)")
        rm -f $PWNED_GLOB
    fi

    # No process started by the program survives (give SIGKILL a moment).
    local left="" i
    for i in 1 2 3 4 5 6 7 8 9 10; do
        left=$(survivors "$marker")
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
        rm -rf "$tmp"
        return 0
    fi
    echo "FAIL [$mode] $name (${secs}s)"
    for t in "${why[@]}"; do echo "  - $t"; done
    echo "  --- stdout (first 10 lines) ---"
    head -c 2000 "$tmp/out/stdout" | head -n 10 | sed 's/^/  /'
    echo "  --- stderr (first 10 lines) ---"
    head -c 2000 "$tmp/out/stderr" | head -n 10 | sed 's/^/  /'
    chmod -R u+rwx "$tmp" 2>/dev/null
    rm -rf "$tmp"
    return 1
}

for f in "${progs[@]}"; do
    [ -f "$f" ] || { echo "no such program: $f" >&2; exit 2; }
    modes=(run)
    [ "$(header build "$f")" = yes ] && [ -z "${SECURITY_NO_BUILD:-}" ] && modes+=(build)
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
