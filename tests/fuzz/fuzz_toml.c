/* fuzz_toml.c — libFuzzer target: toml_parse (rt/toml.c) on any UTF-8
 * text; a document it accepts is also written out with json_stringify. */
#include "fuzz_rt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!fuzz_is_utf8(data, size)) return -1;
    GenoStr *text = geno_str_new((const char *)data, (int64_t)size);
    GenoAdt *r = NULL;
    if (!FUZZ_TRY(r = geno_toml_parse(text, 0)) || r->tag != GENO_TAG_OK) return 0;
    /* inf/nan floats make json_stringify raise E499: caught */
    FUZZ_TRY(geno_json_stringify((GenoAdt *)(uintptr_t)r->fields[0], 0));
    return 0;
}
