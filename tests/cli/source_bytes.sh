#!/usr/bin/env bash
# Source bytes the reference reads its own way (driver/pipeline.c,
# frontend/parse_decl.c parse_program_len), checked on stderr's text:
#   - invalid UTF-8: Python's UnicodeDecodeError reason, "invalid start byte"
#     or "invalid continuation byte" (genoc said "invalid start byte" always);
#   - a NUL byte in a string literal ends it (E101), in a comment is skipped
#     (the program runs) and between tokens is E100 "Unexpected character:
#     '\x00'", for check, run and test alike (genoc stopped reading at it).
set -u
genoc=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {   # name expected actual
    case "$3" in *"$2"*) ;; *) echo "FAIL $1: expected [$2] in [$3]"; fail=1 ;; esac
}
printf 'func main() -> Unit\n    let \303x = 1\nend func\n' > "$tmp/cont.geno"
printf 'func main() -> Unit\n    print("a\377")\nend func\n' > "$tmp/start.geno"
printf 'func main() -> Unit\n    // a\000b\n    print("ran")\nend func\n' > "$tmp/comment.geno"
printf 'func main() -> Unit\n    print(1)\000\nend func\n' > "$tmp/token.geno"
printf 'func main() -> Unit\n    print("a\000b")\nend func\n' > "$tmp/string.geno"
check "continuation" "[E204]: 'utf-8' codec can't decode byte 0xc3 in position 28: invalid continuation byte" \
    "$("$genoc" check "$tmp/cont.geno" 2>&1)"
check "start" "[E204]: 'utf-8' codec can't decode byte 0xff in position 32: invalid start byte" \
    "$("$genoc" check "$tmp/start.geno" 2>&1)"
check "comment run" "ran" "$("$genoc" run "$tmp/comment.geno" 2>&1)"
check "comment test" "PASS" "$("$genoc" test "$tmp/comment.geno" 2>&1)"
check "token check" "2:13: error[E100]: Unexpected character: '\\x00'" "$("$genoc" check "$tmp/token.geno" 2>&1)"
check "token json" '"code": "E100"' "$("$genoc" check --json "$tmp/token.geno" 2>&1)"
check "token run" "[E100]" "$("$genoc" run "$tmp/token.geno" 2>&1)"
check "string" "2:11: error[E101]: Unterminated string literal" "$("$genoc" check "$tmp/string.geno" 2>&1)"
exit $fail
