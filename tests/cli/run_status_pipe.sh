#!/usr/bin/env bash
# `genoc run`'s child writes its exit status on a pipe when the program has
# returned, and the parent finishes on it without waiting for the child's
# teardown (driver/sandbox.c). Checked here, several times each since the
# status and the output race in the parent's poll loop:
#   - output far larger than a pipe's buffer, then a normal return: every
#     line arrives, then the `=> value` line, exit status 0;
#   - a runtime error after output: the output, the diagnostic on stderr,
#     exit status 1.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

cat >"$tmp/loud.geno" <<'G'
@untested("printing is the test")
func noisy(n: Int) -> Unit
    for i: Int in range(0, n) do
        print(f"line {i} of the status-pipe test ......")
    end for
end func

func main() -> Int
    noisy(12000)
    return 42
end func
G
for i in $(seq 0 11999); do echo "line $i of the status-pipe test ......"; done >"$tmp/loud.expected"
echo "=> 42" >>"$tmp/loud.expected"

cat >"$tmp/fail.geno" <<'G'
func main() -> Unit
    print("before the error")
    let xs: List[Int] = [1, 2, 3]
    print(xs[7])
end func
G

for round in 1 2 3 4 5; do
    "$genoc" run --cap print --max-output-length 1000000 "$tmp/loud.geno" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ $st = 0 ] || { echo "loud: exit $st ($(head -2 "$tmp/err"))"; fail=1; }
    cmp -s "$tmp/out" "$tmp/loud.expected" || { echo "loud: output differs ($(wc -c <"$tmp/out") bytes)"; fail=1; }
    "$genoc" run --cap print "$tmp/fail.geno" >"$tmp/out" 2>"$tmp/err"
    st=$?
    [ $st = 1 ] || { echo "fail: exit $st"; fail=1; }
    [ "$(cat "$tmp/out")" = "before the error" ] || { echo "fail: output '$(cat "$tmp/out")'"; fail=1; }
    grep -q 'error\[E401\]' "$tmp/err" || { echo "fail: no E401: $(head -2 "$tmp/err")"; fail=1; }
    [ $fail = 0 ] || break
done

[ $fail = 0 ] && echo ok
exit $fail
