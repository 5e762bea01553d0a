/* rt/dataformats.h — pieces shared by the data-format builtins (rt/json.c,
 * rt/toml.c, rt/csv_headers.c). */
#ifndef GENO_RT_DATAFORMATS_H
#define GENO_RT_DATAFORMATS_H

#include "geno/rt.h"

/* The reference's effective collection limit for these builtins:
 * min(cfg.max_collection_size, the module cap 10,000,000). */
int64_t geno_df_limit(void);

/* A JsonValue constructor with one field (GenoAdt *); JsonNull is
 * GENO_NULLARY(GENO_TAG_JSON_NULL). */
GenoAdt *geno_jv_make(int64_t tag, GenoWord field);

/* The reference converts a parsed document to a JsonValue in a separate
 * walk (_python_to_json_value) that checks every String, List and Map
 * (object) size against the limit, raising E499 "<Kind> size exceeds limit
 * (N > L)", and rejects a non-finite float. This repeats that walk over a
 * built JsonValue in the same order: returns 0 at the first non-finite
 * JsonFloat (the caller answers Err("json_parse: non-finite JSON number")),
 * 1 when all is well. */
int geno_jv_conversion_check(GenoAdt *v, int64_t limit, GenoLoc loc);

/* JsonArray / JsonObject values for a parser. items / (keys, values) are
 * the parsed members in order; an object keeps a repeated key at its first
 * position with its last value (a Python dict). When the array or the
 * deduplicated object has more than `limit` members the result is a
 * private marker (tag GENO_JV_OVERSIZE_*) and *walk is set: the caller must
 * then run geno_jv_conversion_check over the whole document, which raises
 * the reference's "List/Map size exceeds limit" at the marker unless an
 * earlier finding (in the reference's order) comes first. */
enum { GENO_JV_OVERSIZE_LIST = 0x100, GENO_JV_OVERSIZE_MAP = 0x101 };
GenoAdt *geno_jv_array(GenoWord *items, int64_t n, int64_t limit, int *walk, GenoLoc loc);
GenoAdt *geno_jv_object(GenoStr **keys, GenoWord *values, int64_t n, int64_t limit, int *walk, GenoLoc loc);

#endif
