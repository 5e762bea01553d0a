#!/usr/bin/env bash
# A program's file stem is its module name and must be an ASCII identifier,
# as the reference's CLI requires (driver/pipeline.c): "my-prog.geno" and
# "tmp.x1.geno" are E204 "Invalid module name ..." with exit 1 from run,
# check, test and build, before the program is parsed; "_x9.geno" and
# "Hello.GENO" run.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
hello='func main() -> Unit
    print("hi")
end func'
for name in my-prog tmp.x1 1abc; do
    printf '%s\n' "$hello" > "$tmp/$name.geno"
    for cmd in run check test "build -o $tmp/out"; do
        err=$("$genoc" $cmd "$tmp/$name.geno" 2>&1 >/dev/null); rc=$?
        want="error[E204]: Invalid module name '$name': must be a single ASCII identifier (from $tmp/$name.geno)"
        [ $rc = 1 ] || { echo "FAIL $cmd $name.geno: exit $rc, want 1"; fail=1; }
        case "$err" in *"$want"*) ;; *) [ "${cmd%% *}" = test ] || { echo "FAIL $cmd $name.geno: [$err]"; fail=1; } ;; esac
    done
done
printf 'func main( -> Unit\n' > "$tmp/bad-syntax.geno"    # the name is refused before parsing
err=$("$genoc" check "$tmp/bad-syntax.geno" 2>&1); rc=$?
case "$err" in *E204*) ;; *) echo "FAIL bad-syntax.geno: [$err]"; fail=1 ;; esac
[ "$(printf '%s' "$err" | grep -c error)" = 1 ] || { echo "FAIL bad-syntax.geno: more than one error: [$err]"; fail=1; }
for name in _x9.geno Hello.GENO; do
    printf '%s\n' "$hello" > "$tmp/$name"
    out=$("$genoc" run "$tmp/$name" 2>&1); rc=$?
    [ "$rc:$out" = "0:hi" ] || { echo "FAIL run $name: exit $rc [$out]"; fail=1; }
done
[ $fail = 0 ] && echo ok
exit $fail
