#!/usr/bin/env bash
# How `genoc build` links (driver/build.c, run_cc):
#   - a successful build prints nothing, even when the linker warns (a
#     static link warns about dlopen and getaddrinfo);
#   - when genoc is a static executable (CMake GENOC_STATIC), so is what
#     it builds: no program interpreter in its program headers;
#   - a failing C compiler's own messages are shown, then genoc's exit 3.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

cat >"$tmp/hello.geno" <<'G'
func main() -> Unit
    print("built")
end func
G

"$genoc" build -o "$tmp/hello" "$tmp/hello.geno" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" != 0 ] || [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
    echo "FAIL: genoc build exited $st; it printed:"; cat "$tmp/out" "$tmp/err"
    fail=1
elif [ "$("$tmp/hello" --cap print)" != built ]; then
    echo "FAIL: the built program did not print 'built'"
    fail=1
fi

has_interp() { readelf -lW "$1" | grep -q 'INTERP'; }
if ! has_interp "$genoc" && [ -x "$tmp/hello" ] && has_interp "$tmp/hello"; then
    echo "FAIL: genoc is static but the executable it built is not"
    fail=1
fi

cat >"$tmp/failing-cc" <<'SH'
#!/bin/sh
echo "failing-cc: no compiler here" >&2
exit 1
SH
chmod +x "$tmp/failing-cc"
"$genoc" build --cc "$tmp/failing-cc" -o "$tmp/never" "$tmp/hello.geno" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" != 3 ] || ! grep -q "failing-cc: no compiler here" "$tmp/err" \
    || ! grep -q "C compiler failed" "$tmp/err"; then
    echo "FAIL: a failing cc: exit $st (want 3), stderr:"; cat "$tmp/err"
    fail=1
fi

[ "$fail" = 0 ] && echo "build_link: ok"
exit "$fail"
