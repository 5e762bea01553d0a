#!/usr/bin/env bash
# tests/http/run.sh GENOC [--reference REFDIR]
#
# The http and serve builtins against a local server (ctest http/local).
#
#  1. Starts tests/http/server.py on a free loopback port (fixed routes:
#     redirects, a cross-origin redirect that shows which headers arrived,
#     huge and slow bodies, broken responses; see its docstring).
#  2. Runs every tests/http/programs/*.geno except serve_app under
#     `GENOC run` and as a `GENOC build` binary, with @BASE@ / @PORT@
#     replaced by the server's URL / port, and compares with NAME.out:
#     headers as in tests/run_golden.sh (// args:, // exit:, // code:), plus
#     // modes: run   (default: run build)
#     // expected: reference | genoc   (where NAME.out comes from; the
#                  reference refuses loopback, so it was run with
#                  GENO_HTTP_ALLOW_PRIVATE=1; "genoc" marks genoc's stricter
#                  policy or its deadline, explained in the program)
#     stdout is compared also when the program fails: genoc streams what
#     was printed before the error (the reference prints nothing then; those
#     .out files hold the reference's output of the program without its
#     last, failing, statement).
#  3. Runs programs/serve_app.geno (run and build) on another free port,
#     probes it with serve_probe.py and compares with serve_app.transcript;
#     under `genoc run --timeout` the server must end with E501.
#  4. Stops the server.
#
# --reference REFDIR: instead, check the `expected: reference` claims: run
# the reference interpreter (PYTHONPATH=REFDIR python3 -m geno run --unsafe)
# on those programs with exit 0, and on serve_app, and compare with the
# same expected files.
set -u
here=$(cd "$(dirname "$0")" && pwd)
genoc=${1:?usage: run.sh GENOC [--reference REFDIR]}
case "$genoc" in /*) ;; *) genoc=$(cd "$(dirname "$genoc")" && pwd)/$(basename "$genoc") ;; esac
refdir=""
if [ "${2:-}" = "--reference" ]; then refdir=${3:?--reference needs the reference directory}; fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/genoc-http.XXXXXX")
server_pid=""
app_pid=""
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

python3 "$here/server.py" "$tmp/port" &
server_pid=$!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
if [ ! -s "$tmp/port" ]; then echo "run.sh: the test server did not start"; exit 1; fi
port=$(cat "$tmp/port")
base="http://127.0.0.1:$port"

header() { sed -n "s|^// $1: *||p" "$2" | head -n 1; }
normalize() { sed -e "s/127\.0\.0\.1:$port/127.0.0.1:PORT/g" -e "s/localhost:$port/localhost:PORT/g"; }

failures=0
fail() {
    echo "FAIL $1"
    shift
    for l in "$@"; do echo "  $l"; done
    failures=$((failures + 1))
}

# run_one NAME MODE: runs programs/NAME.geno in MODE (run, build, reference).
run_one() {
    local name=$1 mode=$2 src="$here/programs/$1.geno"
    local args expect_exit expect_code
    args=$(header args "$src")
    expect_exit=$(header exit "$src"); expect_exit=${expect_exit:-0}
    expect_code=$(header code "$src")
    mkdir -p "$tmp/$mode"
    local prog="$tmp/$mode/$name.geno"
    sed -e "s|@BASE@|$base|g" -e "s|@PORT@|$port|g" "$src" >"$prog"
    local out="$tmp/$mode/$name.stdout" err="$tmp/$mode/$name.stderr" status
    # shellcheck disable=SC2086
    case $mode in
        run) (cd "$tmp/$mode" && timeout 120 "$genoc" run $args "$prog" </dev/null >"$out" 2>"$err"); status=$? ;;
        build)
            if ! timeout 120 "$genoc" build -o "$tmp/$mode/$name" "$prog" >"$err" 2>&1; then
                fail "[build] $name" "genoc build failed: $(head -c 400 "$err")"; return
            fi
            (cd "$tmp/$mode" && timeout 120 "$tmp/$mode/$name" $args </dev/null >"$out" 2>"$err"); status=$? ;;
        reference)
            local rargs=${args//--http-allow-private/}
            (cd "$tmp/$mode" && GENO_HTTP_ALLOW_PRIVATE=1 PYTHONPATH="$refdir" timeout 120 python3 -m geno run --unsafe \
                $rargs "$prog" </dev/null >"$out" 2>"$err"); status=$? ;;
    esac
    local why=()
    [ "$status" -eq "$expect_exit" ] || why+=("exit status $status, expected $expect_exit")
    if [ -n "$expect_code" ] && [ "$mode" != reference ] && ! grep -qF "[$expect_code]" "$err"; then
        why+=("stderr lacks [$expect_code]")
    fi
    if ! normalize <"$out" | cmp -s - "$here/programs/$name.out"; then
        why+=("stdout differs from $name.out:" "$(normalize <"$out" | diff -u "$here/programs/$name.out" - | head -n 30)")
    fi
    if [ ${#why[@]} -gt 0 ]; then
        fail "[$mode] $name" "${why[@]}" "stderr: $(head -c 600 "$err")"
    else
        echo "ok   [$mode] $name"
    fi
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# serve_one MODE: serve_app under MODE, probed; the transcript compared.
serve_one() {
    local mode=$1 sport
    sport=$(free_port)
    mkdir -p "$tmp/serve-$mode"
    local prog="$tmp/serve-$mode/serve_app.geno" out="$tmp/serve-$mode/stdout" err="$tmp/serve-$mode/stderr"
    sed "s|@SERVE_PORT@|$sport|g" "$here/programs/serve_app.geno" >"$prog"
    case $mode in
        run) "$genoc" run --cap print,serve --timeout 10 "$prog" </dev/null >"$out" 2>"$err" & app_pid=$! ;;
        build)
            if ! "$genoc" build -o "$tmp/serve-$mode/app" "$prog" >"$err" 2>&1; then
                fail "[build] serve_app" "genoc build failed: $(head -c 400 "$err")"; return
            fi
            "$tmp/serve-$mode/app" --cap print,serve </dev/null >"$out" 2>"$err" & app_pid=$! ;;
        reference)
            PYTHONPATH="$refdir" python3 -u -m geno run --unsafe --cap print,serve "$prog" </dev/null >"$out" 2>"$err" &
            app_pid=$! ;;
    esac
    for _ in $(seq 200); do grep -q "^Listening on http://127.0.0.1:$sport" "$out" 2>/dev/null && break; sleep 0.1; done
    python3 "$here/serve_probe.py" "$sport" >"$tmp/serve-$mode/transcript" 2>&1
    local why=()
    if ! cmp -s "$tmp/serve-$mode/transcript" "$here/programs/serve_app.transcript"; then
        why+=("transcript differs:" "$(diff -u "$here/programs/serve_app.transcript" "$tmp/serve-$mode/transcript" | head -n 30)")
    fi
    if [ "$mode" = run ]; then
        # the server runs until the run's --timeout: E501, exit status 1
        local status
        wait "$app_pid"; status=$?
        app_pid=""
        [ "$status" -eq 1 ] || why+=("genoc run exit status $status, expected 1 (E501 at --timeout)")
        grep -qF "[E501]" "$err" || why+=("stderr lacks [E501]")
        grep -qx "setting up" "$out" || why+=("stdout lacks the program's first line")
    else
        kill "$app_pid" 2>/dev/null
        wait "$app_pid" 2>/dev/null
        app_pid=""
    fi
    grep -qx "Listening on http://127.0.0.1:$sport" "$out" || why+=("stdout lacks the Listening line")
    if [ ${#why[@]} -gt 0 ]; then
        fail "[$mode] serve_app" "${why[@]}" "stderr: $(head -c 600 "$err")"
    else
        echo "ok   [$mode] serve_app"
    fi
}

for src in "$here"/programs/*.geno; do
    name=$(basename "$src" .geno)
    [ "$name" = serve_app ] && continue
    if [ -n "$refdir" ]; then
        [ "$(header expected "$src")" = reference ] || continue
        [ "$(header exit "$src")" = "" ] || continue
        run_one "$name" reference
        continue
    fi
    modes=$(header modes "$src"); modes=${modes:-run build}
    for mode in $modes; do run_one "$name" "$mode"; done
done
if [ -n "$refdir" ]; then
    serve_one reference
else
    serve_one run
    serve_one build
fi

if [ $failures -gt 0 ]; then
    echo "$failures failed"
    exit 1
fi
exit 0
