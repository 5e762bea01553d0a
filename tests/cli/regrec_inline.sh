#!/usr/bin/env bash
# A register-depth member that calls no other member (fib, ackermann, tak)
# has its fr_ body declared inline for cc, which then inlines it into its
# own recursive calls (codegen/emit_regrec.c, inline_self_member); members
# of a group that call each other (is_even/is_odd, hof_f/hof_m) do not, and
# the tcc C has no such declaration. tcc and cc compile the C.
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
progs=$here/../../bench/programs
inc=$here/../../include
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
for name in ackermann fib_rec tak mutual_recursion; do
    "$genoc" emit-c "$progs/$name.geno" >"$tmp/full.c" || { echo "emit-c failed: $name"; fail=1; continue; }
    "$genoc" emit-c --tcc "$progs/$name.geno" >"$tmp/tcc.c" || { echo "emit-c --tcc failed: $name"; fail=1; continue; }
    n=$(grep -c '^static inline [A-Za-z]* fr_f_[a-z_]*(.*) {$' "$tmp/full.c")
    case $name in
        mutual_recursion) [ "$n" = 0 ] || { echo "$name: $n inline fr_ bodies, want none"; fail=1; } ;;
        *) [ "$n" = 1 ] || { echo "$name: $n inline fr_ bodies, want 1"; fail=1; } ;;
    esac
    grep -q 'inline [A-Za-z]* fr_f_' "$tmp/tcc.c" && { echo "$name: the tcc C declares an fr_ body inline"; fail=1; }
    cc -O2 -c -I"$inc" -o "$tmp/full.o" "$tmp/full.c" 2>"$tmp/err" || { echo "$name: cc rejects the C: $(head -3 "$tmp/err")"; fail=1; }
    if command -v tcc >/dev/null; then
        tcc -nostdlib -c "$tmp/tcc.c" -o "$tmp/tcc.o" 2>"$tmp/err" || { echo "$name: tcc rejects the tcc C: $(head -3 "$tmp/err")"; fail=1; }
    fi
done
[ $fail = 0 ] && echo ok
exit $fail
