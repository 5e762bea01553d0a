#!/usr/bin/env bash
# 50,000 errors in one file (frontend/check.c de-duplication, frontend/diag.c
# source lines): each must be reported once, with its line, in linear time.
# Both steps were quadratic (every kept diagnostic compared; every source
# line found from the top of the file): 8 s, now 0.2 s; the limit is 4 s.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
{
    echo 'func main() -> Unit'
    for ((i = 0; i < 50000; i++)); do echo "    print(nope$i)"; done
    echo 'end func'
} > "$tmp/p.geno"
out=$(timeout 4 "$genoc" check "$tmp/p.geno" 2>&1); rc=$?
[ $rc -eq 1 ] || { echo "FAIL check: exit $rc (124: over 4 s)"; fail=1; }
n=$(grep -c 'error\[E301\]' <<<"$out")
[ "$n" = 50000 ] || { echo "FAIL check: $n E301 errors, expected 50000"; fail=1; }
grep -q '^        print(nope49999)$' <<<"$out" || { echo "FAIL check: last source line not shown"; fail=1; }
n=$(timeout 4 "$genoc" check --json "$tmp/p.geno" | grep -o '"E301"' | wc -l)
[ "$n" = 50000 ] || { echo "FAIL check --json: $n E301 entries, expected 50000"; fail=1; }
exit $fail
