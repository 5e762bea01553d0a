/* fuzz_check.c — libFuzzer target: parse, then the checker
 * (check_program) when parsing succeeded; diagnostics are discarded.
 * The program's directory does not exist, so `import M` finds only
 * genoc's std/ modules. Memory as in fuzz_parse.c. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "checker.h"
#include "codegen.h"      /* check_program */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (memchr(data, 0, size)) return -1;
    char *src = malloc(size + 1);
    memcpy(src, data, size);
    src[size] = 0;
    alloc_track_begin();
    Diags d = {0};
    Program *p = parse_program("/nonexistent/fuzz.geno", src, &d);
    if (!d.errors) check_program(p, &d);
    check_reset();
    alloc_track_free_all();
    free(src);
    return 0;
}
