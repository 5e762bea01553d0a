#!/usr/bin/env bash
# `genoc run --json` puts the output in a JSON string, so a lone surrogate
# printed is no error there (rt/print.c): "ok": true and "\ud800" in the
# output, as the reference's json.dumps writes it; the JSON stays valid
# UTF-8. Without --json the same program ends with E499.
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
cat > "$tmp/p.geno" <<'GENO'
func main() -> Unit
    print("a" + from_char_code(55296) + from_char_code(56832))
    print("b")
end func
GENO
out=$("$genoc" run --json --cap print "$tmp/p.geno"); rc=$?
[ $rc = 0 ] || { echo "FAIL --json: exit $rc"; fail=1; }
printf '%s' "$out" | grep -q '"ok": true' || { echo "FAIL --json: not ok: $out"; fail=1; }
printf '%s' "$out" | grep -qF '"output": "a\ud800\ude00\nb\n"' || { echo "FAIL --json output: $out"; fail=1; }
printf '%s' "$out" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1 || { echo "FAIL --json: invalid UTF-8"; fail=1; }
err=$("$genoc" run --cap print "$tmp/p.geno" 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] || { echo "FAIL plain: exit $rc"; fail=1; }
case "$err" in *"E499]: 'utf-8' codec can't encode characters in position 1-2"*) ;; *) echo "FAIL plain: [$err]"; fail=1 ;; esac
[ $fail = 0 ] && echo ok
exit $fail
