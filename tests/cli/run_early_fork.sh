#!/usr/bin/env bash
# `genoc run` forks its sandbox child before the front end (driver/sandbox.c,
# sandbox_start): the child sets itself up, then waits for the C on the
# broker socket. Checked here:
#   - a front-end error (type error, missing file, --json) cancels the child:
#     the diagnostics and exit status are as before, and no process is left
#     (run under a subreaper, which would inherit an unreaped child);
#   - C larger than the socket buffer and than the huge-page threshold
#     (128 KiB) arrives whole: a generated 1,500-function program prints
#     every line;
#   - the run's limits still fire where they did (E502 after its output).
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

# Runs genoc under a child subreaper; prints genoc's exit status, then
# "reaped N running M": processes it left for the subreaper to reap (a child
# that reported its exit status is killed but not waited for: genoc exits
# while the kernel tears it down), and processes still alive after 1 s.
reaped() {
    python3 - "$@" <<'PY'
import ctypes, os, subprocess, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(36, 1, 0, 0, 0)          # PR_SET_CHILD_SUBREAPER
p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=open(os.environ["ERRFILE"], "w"))
print(p.returncode)
reaped = running = tries = 0
while True:
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == 0:                    # a child still running
        tries += 1
        if tries > 20:
            running = 1
            break
        time.sleep(0.05)
        continue
    reaped += 1
print("reaped", reaped, "running", running)
PY
}

cat >"$tmp/bad.geno" <<'G'
func main() -> Unit
    let x: Int = "nope"
    print(x)
end func
G
out=$(ERRFILE="$tmp/err" reaped "$genoc" run --cap print "$tmp/bad.geno")
[ "$out" = $'1\nreaped 0 running 0' ] || { echo "type error: got '$out'"; fail=1; }
grep -q 'error\[E300\]' "$tmp/err" || { echo "type error: no E300 on stderr"; fail=1; }

out=$(ERRFILE="$tmp/err" reaped "$genoc" run --cap print "$tmp/missing.geno")
[ "$out" = $'1\nreaped 0 running 0' ] || { echo "missing file: got '$out'"; fail=1; }
grep -q 'File not found' "$tmp/err" || { echo "missing file: no message"; fail=1; }

json=$("$genoc" run --json --cap print "$tmp/bad.geno")
st=$?
[ $st = 1 ] || { echo "--json type error: exit $st"; fail=1; }
case $json in *'"code": "E300"'*) ;; *) echo "--json type error: no E300 in $json"; fail=1 ;; esac

# A program whose C is ~300 KiB: 1,500 functions, each printed once.
{
    for i in $(seq 1500); do
        printf 'func f%d(n: Int) -> Int\n    example 1 -> %d\n    return n + %d\nend func\n\n' $i $((i + 1)) $i
    done
    echo 'func main() -> Unit'
    for i in $(seq 1500); do printf '    print(f%d(1))\n' $i; done
    echo 'end func'
} >"$tmp/big.geno"
csize=$("$genoc" emit-c "$tmp/big.geno" | wc -c)
[ "$csize" -gt $((256 * 1024)) ] || { echo "big: only $csize bytes of C"; fail=1; }
out=$(ERRFILE="$tmp/err" reaped "$genoc" run --cap print "$tmp/big.geno")
case $out in $'0\nreaped '[01]' running 0') ;; *) echo "big: got '$out' ($(head -3 "$tmp/err"))"; fail=1 ;; esac
"$genoc" run --cap print "$tmp/big.geno" >"$tmp/big.out" 2>"$tmp/err"
seq 2 1501 | cmp -s - "$tmp/big.out" || { echo "big: wrong output ($(wc -l <"$tmp/big.out") lines)"; fail=1; }

cat >"$tmp/deep.geno" <<'G'
@untested("the limit is the test")
func down(n: Int) -> Int
    return 1 + down(n + 1)
end func

func main() -> Unit
    print("before")
    print(down(0))
end func
G
"$genoc" run --cap print --max-recursion-depth 40 "$tmp/deep.geno" >"$tmp/deep.out" 2>"$tmp/err"
st=$?
[ $st = 1 ] || { echo "deep: exit $st"; fail=1; }
[ "$(cat "$tmp/deep.out")" = before ] || { echo "deep: output '$(cat "$tmp/deep.out")'"; fail=1; }
grep -q 'error\[E502\]' "$tmp/err" || { echo "deep: no E502: $(head -2 "$tmp/err")"; fail=1; }

[ $fail = 0 ] && echo ok
exit $fail
