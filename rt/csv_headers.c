/* csv_headers.c — csv_parse_with_headers(text) -> List[Map[String, String]].
 *
 * The reference reads the text with csv.reader (as csv_parse does: rows
 * come from geno_csv_parse) and takes the first row as the header. Every
 * later row becomes a map with one entry per header, in header order: the
 * row's field at that position, or "" when the row is shorter (a blank line
 * is an empty row: all ""); fields past the last header are dropped. A
 * repeated header keeps its first position and takes the value of its last
 * column (a Python dict). No rows at all (or only the header) -> [].
 *
 * Left out: the size limits are those of csv_parse (whose messages name
 * csv_parse); they differ from the reference's only when
 * max_collection_size is below the csv field limit (131072).
 */
#include "geno/rt.h"

GenoList *geno_csv_parse_with_headers(GenoStr *text, const GenoType *map_type, GenoLoc loc) {
    GenoList *rows = geno_csv_parse(text, loc);
    int64_t nrows = geno_list_len(rows);
    if (nrows <= 1) return geno_list_empty();
    GenoList *headers = (GenoList *)(uintptr_t)geno_list_get(rows, 0);
    int64_t nh = geno_list_len(headers);
    static GENO_STR_STATIC(1) empty = { 0, 0, empty.b_, "" };
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (int64_t r = 1; r < nrows; r++) {
        GenoList *row = (GenoList *)(uintptr_t)geno_list_get(rows, r);
        int64_t n = geno_list_len(row);
        GenoMap *m = geno_map_empty();
        for (int64_t i = 0; i < nh; i++) {
            GenoWord v = i < n ? geno_list_get(row, i) : (GenoWord)(uintptr_t)&empty;
            m = geno_map_insert(m, geno_list_get(headers, i), v, map_type, loc);
        }
        geno_list_builder_add(&b, (GenoWord)(uintptr_t)m, loc);
    }
    return geno_list_builder_finish(&b);
}
