#!/usr/bin/env bash
# rt/gc.c sets GC_NPROCS=1 around GC_INIT (Boehm then does not read
# /proc/stat) unless the environment names it, and removes it again.
# Checked for a built binary and for `genoc run`:
#   - Boehm saw one processor (GC_PRINT_STATS reports it);
#   - the program's env_get does not see the variable we set;
#   - a GC_NPROCS the user set is left as it was.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
cat > "$tmp/p.geno" <<'GENO'
func main() -> Unit
    print(to_string(env_get("GC_NPROCS")))
end func
GENO
check() {   # name expected actual
    if [ "$2" != "$3" ]; then echo "FAIL $1: expected [$2], got [$3]"; fail=1; fi
}
"$genoc" build "$tmp/p.geno" -o "$tmp/p" || { echo "FAIL build"; exit 1; }
check "built, unset" "None" "$(env -u GC_NPROCS "$tmp/p" --cap print,env)"
check "built, user's" 'Some(value: "2")' "$(GC_NPROCS=2 "$tmp/p" --cap print,env)"
check "built, processors" "Number of processors: 1" \
    "$(env -u GC_NPROCS GC_PRINT_STATS=1 "$tmp/p" --cap print,env 2>&1 >/dev/null | grep -m1 'Number of processors')"
check "run, unset" "None" "$(env -u GC_NPROCS "$genoc" run --cap print,env "$tmp/p.geno")"
check "run, user's" 'Some(value: "2")' "$(GC_NPROCS=2 "$genoc" run --cap print,env "$tmp/p.geno")"
exit $fail
