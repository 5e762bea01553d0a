#!/usr/bin/env bash
# A function returning a tuple writes its elements to the caller's buffer
# o_ (codegen/emit.c, emit_return_out). Under cc, GENO_OUT_FENCE between
# the stores keeps cc from merging two of them into one 16-byte vector
# store, whose upper half the caller's 8-byte load cannot be forwarded from
# (a stall on every return of the tuples benchmark's egcd recursion). Checks:
# the cc C has the fences and cc -O2 makes no vector store in egcd's body;
# the tcc C has none, and tcc compiles both.
set -u
genoc=$1
here=$(cd "$(dirname "$0")" && pwd)
f=$here/../../bench/programs/tuples.geno
inc=$here/../../include
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
"$genoc" emit-c "$f" >"$tmp/full.c" || { echo "emit-c failed"; exit 1; }
"$genoc" emit-c --tcc "$f" >"$tmp/tcc.c" || { echo "emit-c --tcc failed"; exit 1; }
grep -q 'o_\[0\] = .*; GENO_OUT_FENCE();$' "$tmp/full.c" || { echo "the cc C has no fence after o_[0]"; fail=1; }
if grep -q 'o_\[2\] = .*GENO_OUT_FENCE' "$tmp/full.c"; then echo "a fence after egcd's last store"; fail=1; fi
if grep -q 'GENO_OUT_FENCE' "$tmp/tcc.c"; then echo "the tcc C has a fence"; fail=1; fi
cc -O2 -S -I"$inc" -o "$tmp/full.s" "$tmp/full.c" 2>"$tmp/err" || { echo "cc rejects the C: $(head -3 "$tmp/err")"; exit 1; }
# egcd's out-variant body, up to the next function
awk '/^f_egcd_o[.:]/{on=1} on&&/^\t\.cfi_endproc/{exit} on' "$tmp/full.s" >"$tmp/egcd.s"
[ -s "$tmp/egcd.s" ] || { echo "no f_egcd_o in cc's assembly"; fail=1; }
if grep -E '\b(movups|movdqu|movaps|movdqa|movhps|movlps|vmovdqu|vmovups)\b[^#]*%xmm[0-9]+, *-?[0-9]*\(' "$tmp/egcd.s"; then
    echo "f_egcd_o stores a vector register"; fail=1
fi
if command -v tcc >/dev/null; then
    tcc -nostdlib -I"$inc" -c "$tmp/full.c" -o "$tmp/full.o" 2>"$tmp/err" || { echo "tcc rejects the cc C: $(head -3 "$tmp/err")"; fail=1; }
    tcc -nostdlib -c "$tmp/tcc.c" -o "$tmp/tcc.o" 2>"$tmp/err" || { echo "tcc rejects the tcc C: $(head -3 "$tmp/err")"; fail=1; }
fi
[ $fail = 0 ] && echo ok
exit $fail
