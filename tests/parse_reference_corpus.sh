#!/usr/bin/env bash
# parse_reference_corpus.sh — checks genoc's parser against the Geno sources
# shipped with the reference implementation (geno-lang 0.4.3).
#
# usage: tests/parse_reference_corpus.sh REF_DIR GENOC
#
#   REF_DIR  an unpacked reference repository (has examples/, conformance/,
#            selfhost/, geno/std/, benchmark/problems/)
#   GENOC    the genoc binary; `genoc parse FILE` exits 0 when FILE parses
#            and 1 with `error[CODE]` diagnostics otherwise
#
# Check 1: every .geno file under examples/, conformance/, selfhost/ and
#   geno/std/ parses — except conformance "diagnostic" cases whose expected
#   code is a lexer/parser code (E1xx/E2xx): those must fail with that code.
# Check 2: the Geno canonical solution of every benchmark problem
#   (benchmark/problems/**/*.yaml, problem.canonical_solutions.geno) parses.
#
# Prints one line per failure and a summary; exits 1 if anything failed.
# Needs python3 with PyYAML (for the benchmark YAML) and tomllib (3.11+).
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 REF_DIR GENOC" >&2
    exit 2
fi
ref=$(cd "$1" && pwd) || exit 2
genoc=$2
[ -x "$genoc" ] || { echo "$0: $genoc is not executable" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Expected parse-time codes of the conformance negative cases: "path<TAB>code".
python3 - "$ref" > "$tmp/expected" <<'EOF'
import sys, tomllib, pathlib
root = pathlib.Path(sys.argv[1]) / "conformance"
for manifest in root.rglob("manifest.toml"):
    data = tomllib.loads(manifest.read_text())
    for case in data.get("cases", []):
        codes = [c for c in case.get("expected_diagnostics", [])
                 if c.startswith(("E1", "E2"))]
        if case.get("kind") == "diagnostic" and codes:
            print(f"{(manifest.parent / case['path']).resolve()}\t{codes[0]}")
EOF

total=0
passed=0
failures=0

# check_file FILE [EXPECTED_CODE]
check_file() {
    local file=$1 want=${2:-} out rc
    total=$((total + 1))
    out=$("$genoc" parse "$file" 2>&1)
    rc=$?
    if [ -z "$want" ]; then
        if [ $rc -eq 0 ]; then
            passed=$((passed + 1))
        else
            failures=$((failures + 1))
            echo "FAIL (should parse): $file"
            printf '%s\n' "$out" | head -3 | sed 's/^/    /'
        fi
    else
        if [ $rc -ne 0 ] && printf '%s\n' "$out" | head -1 | grep -q "error\[$want\]"; then
            passed=$((passed + 1))
        else
            failures=$((failures + 1))
            echo "FAIL (should fail with $want, rc=$rc): $file"
            printf '%s\n' "$out" | head -3 | sed 's/^/    /'
        fi
    fi
}

echo "== check 1: reference .geno sources"
while IFS= read -r -d '' f; do
    abs=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
    want=$(awk -F'\t' -v p="$abs" '$1 == p { print $2 }' "$tmp/expected")
    check_file "$abs" "$want"
done < <(find "$ref/examples" "$ref/conformance" "$ref/selfhost" "$ref/geno/std" \
              -name '*.geno' -print0 2>/dev/null | sort -z)
c1_total=$total c1_passed=$passed
echo "   $c1_passed of $c1_total files as expected"

echo "== check 2: benchmark canonical solutions"
mkdir -p "$tmp/bench"
python3 - "$ref" "$tmp/bench" <<'EOF'
import sys, pathlib, yaml
ref, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for f in sorted((ref / "benchmark" / "problems").rglob("*.yaml")):
    data = yaml.safe_load(f.read_text()) or {}
    src = ((data.get("problem") or {}).get("canonical_solutions") or {}).get("geno")
    if src:
        # The file stem must be a valid module name.
        name = f.stem.lower().replace("-", "_")
        (out / f"{name}.geno").write_text(src)
EOF
while IFS= read -r -d '' f; do
    check_file "$f"
done < <(find "$tmp/bench" -name '*.geno' -print0 | sort -z)
echo "   $((passed - c1_passed)) of $((total - c1_total)) solutions parse"

echo "== total: $passed of $total as expected, $failures failed"
[ $failures -eq 0 ]
