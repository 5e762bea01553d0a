/* fuzz_parse.c — libFuzzer target: lexer and parser (parse_program) on any
 * bytes without NUL (genoc reads a source file as one C string);
 * diagnostics are discarded.
 *
 * The frontend allocates with xmalloc and never frees (util.h): every block
 * an input makes is tracked and freed after it, and check_reset() forgets
 * the global tables, so each input starts from a fresh process's state. */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "checker.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (memchr(data, 0, size)) return -1;
    char *src = malloc(size + 1);
    memcpy(src, data, size);
    src[size] = 0;
    alloc_track_begin();
    Diags d = {0};
    parse_program("/nonexistent/fuzz.geno", src, &d);
    check_reset();
    alloc_track_free_all();
    free(src);
    return 0;
}
