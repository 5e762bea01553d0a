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

/* A JsonObject's entries from parallel key/value arrays, as a Python dict
 * built from them keeps them: a repeated key keeps its first position and
 * takes its last value. Returns the List[(String, JsonValue)]. */
GenoList *geno_jv_entries(GenoStr **keys, GenoWord *values, int64_t n, GenoLoc loc);

#endif
