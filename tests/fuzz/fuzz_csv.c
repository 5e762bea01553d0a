/* fuzz_csv.c — libFuzzer target: csv_parse (rt/strlib.c) and
 * csv_parse_with_headers (rt/csv_headers.c) on any UTF-8 text, and their
 * agreement: row r+1 of csv_parse gives the r-th map of the other. */
#include <stdio.h>

#include "fuzz_rt.h"

static const GenoType *const str_str[] = { &geno_t_string, &geno_t_string };
static const GenoType map_str_str = { .kind = GT_MAP, .nparams = 2, .params = str_str };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!fuzz_is_utf8(data, size)) return -1;
    GenoStr *text = geno_str_new((const char *)data, (int64_t)size);
    GenoList *rows = NULL, *maps = NULL;
    int ok_rows = FUZZ_TRY(rows = geno_csv_parse(text, 0));
    int ok_maps = FUZZ_TRY(maps = geno_csv_parse_with_headers(text, &map_str_str, 0));
    if (ok_rows != ok_maps) {
        fprintf(stderr, "csv_parse %s but csv_parse_with_headers %s\n", ok_rows ? "succeeded" : "raised",
                ok_maps ? "succeeded" : "raised");
        abort();
    }
    if (!ok_rows) return 0;
    int64_t n = geno_list_len(rows);
    if (geno_list_len(maps) != (n <= 1 ? 0 : n - 1)) {
        fprintf(stderr, "csv_parse: %lld rows, csv_parse_with_headers: %lld maps\n", (long long)n,
                (long long)geno_list_len(maps));
        abort();
    }
    return 0;
}
