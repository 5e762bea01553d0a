#!/usr/bin/env bash
# Compile-time hardening of the emitted C (issue: the wall).
#
#   tests/cli/emitted_c_hardening.sh GENOC
#
# 1. For every golden program, the C that `genoc emit-c` writes includes
#    only <geno/rt.h> and calls only the runtime ABI (geno_*, GENO_*, setjmp
#    of the try frames) or functions it defines itself under genoc's
#    prefixes (f_ user functions, lam_ lambdas, tramp_/vt_ function values,
#    gt_ tests, gx_ example wrappers, athunk_ async thunks, fr_f_/fs_f_
#    bodies with the depth in registers and fl_f_ their leaves inlined at
#    calls, fn_f_ leaf bodies of prepaid loops):
#    user identifiers are mangled
#    (v_NAME_N locals, f_NAME functions), so a Geno name such as `printf`,
#    `exit` or `geno_raise` can neither reach libc nor shadow the runtime.
# 2. Hostile file paths (`*/`, quotes, backslashes, newlines) reach the C
#    only escaped: the programs still compile and run.
set -u
genoc=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

allowed='^(geno_|GENO_|f_|fr_f_|fs_f_|fl_f_|fn_f_|lam_|tramp_|vt_|gt_|gx_|athunk_)|^(sizeof|if|for|while|switch|return|setjmp|main|GenoWord)$'
count=0
while IFS= read -r f; do
    head -1 "$f" | grep -q '^// module' && continue
    "$genoc" emit-c "$f" >"$tmp/out.c" 2>/dev/null || continue   # programs that fail to check
    count=$((count + 1))
    bad_inc=$(grep -E '^[[:space:]]*#[[:space:]]*include' "$tmp/out.c" | grep -v '^#include <geno/rt.h>$')
    if [ -n "$bad_inc" ]; then
        echo "FAIL $f: includes beyond the runtime header: $bad_inc"
        fail=1
    fi
    # Calls: identifiers followed by '(' outside string literals and #line.
    calls=$(grep -v '^#line' "$tmp/out.c" | sed -E 's/"([^"\\]|\\.)*"//g' |
            grep -oE '\b[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(' | sed -E 's/[[:space:]]*\($//' | sort -u)
    bad=$(printf '%s\n' "$calls" | grep -vE "$allowed" | grep -v '^$')
    if [ -n "$bad" ]; then
        echo "FAIL $f: calls outside the runtime ABI: $(echo $bad)"
        fail=1
    fi
done < <(find "$root/tests/programs" -name '*.geno' -not -path '*/reject/*' | sort)
if [ "$count" -lt 100 ]; then
    echo "FAIL: only $count programs emitted C"
    fail=1
fi

# Hostile paths.
printf 'func main() -> Unit\n    print("ok")\nend func\n' >"$tmp/prog.geno"
for dir in 'a*' 'q"x' 'b\\s' $'nl\nx' 'c*/d' '??=' ; do
    mkdir -p "$tmp/$dir"
    cp "$tmp/prog.geno" "$tmp/$dir/p.geno"
    out=$(cd "$tmp" && "$genoc" run "$dir/p.geno" 2>&1)
    if [ "$out" != ok ]; then
        echo "FAIL path '$dir': $out"
        fail=1
    fi
    if ! (cd "$tmp" && "$genoc" build -o "$tmp/bin" "$dir/p.geno" >/dev/null 2>&1 && [ "$("$tmp/bin" --cap print)" = ok ]); then
        echo "FAIL build of path '$dir'"
        fail=1
    fi
done
[ $fail -eq 0 ] && echo "emitted C of $count programs within the runtime ABI; hostile paths escaped"
exit $fail
