#!/usr/bin/env bash
# Exit statuses of `genoc run` for limit flags with out-of-range values, as
# the reference's CLI: a value argparse refuses is a usage error (2); a
# non-positive --max-steps or --timeout is accepted by the parser and refused
# as a sandbox config when the checked program would run (1, after any
# diagnostic of the program itself: driver/options.h); 0 is a valid output
# length and collection size.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
printf 'func main() -> Unit\n    print(1)\nend func\n' > "$tmp/ok.geno"
printf 'func main( -> Unit\n' > "$tmp/bad.geno"
expect() {   # status file flag value [stderr text]
    err=$("$genoc" run --cap print "$3" "$4" "$tmp/$2" 2>&1 >/dev/null); rc=$?
    [ "$rc" = "$1" ] || { echo "FAIL $3 $4 $2: exit $rc, want $1 [$err]"; fail=1; }
    if [ $# -ge 5 ]; then case "$err" in *"$5"*) ;; *) echo "FAIL $3 $4 $2: [$err]"; fail=1 ;; esac; fi
}
expect 1 ok.geno --max-steps 0 "SandboxConfig.max_steps must be a positive integer or None"
expect 1 ok.geno --max-steps -5
expect 1 ok.geno --timeout 0 "SandboxConfig.timeout must be a positive finite number or None"
expect 1 ok.geno --timeout -1
expect 1 ok.geno --timeout inf
expect 1 bad.geno --max-steps 0 "E201"
expect 2 ok.geno --max-steps abc "invalid int value"
expect 2 ok.geno --timeout abc "invalid float value"
expect 2 ok.geno --max-recursion-depth 0
expect 2 ok.geno --max-integer-bits -5
expect 2 ok.geno --max-cpu-time 0
expect 2 ok.geno --max-processes 0
expect 2 ok.geno --max-output-length -5
expect 1 ok.geno --max-output-length 0 "Output limit exceeded (0 characters)"
expect 0 ok.geno --max-collection-size 0
expect 0 ok.geno --max-steps 5
[ $fail = 0 ] && echo ok
exit $fail
