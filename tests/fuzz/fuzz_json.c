/* fuzz_json.c — libFuzzer target: json_parse (rt/json.c) on any UTF-8
 * text. A document it accepts must survive a round trip: json_stringify
 * and json_stringify_pretty of the value parse back to an equal value. */
#include <stdio.h>

#include "fuzz_rt.h"

static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }

static void same_after(GenoAdt *v, GenoStr *text, const char *how) {
    GenoAdt *r = geno_json_parse(text, 0);
    if (r->tag != GENO_TAG_OK || !geno_equal(W(v), r->fields[0], &geno_t_json_value)) {
        fprintf(stderr, "json round trip (%s) changed the value:\n%s\n", how, text->data);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!fuzz_is_utf8(data, size)) return -1;
    GenoStr *text = geno_str_new((const char *)data, (int64_t)size);
    GenoAdt *r = NULL;
    if (!FUZZ_TRY(r = geno_json_parse(text, 0)) || r->tag != GENO_TAG_OK) return 0;
    GenoAdt *v = (GenoAdt *)(uintptr_t)r->fields[0];
    GenoStr *s = NULL;
    if (FUZZ_TRY(s = geno_json_stringify(v, 0))) same_after(v, s, "json_stringify");
    if (FUZZ_TRY(s = geno_json_stringify_pretty(v, GENO_INT_SMALL(2), 0))) same_after(v, s, "json_stringify_pretty");
    return 0;
}
