/* prelude.c — the part of geno/rt.h one program needs (tcc_prelude.h says
 * why and how the chunks were cut).
 *
 * The names the program's C mentions seed a worklist; a name brings in every
 * chunk that declares it, and a chunk brings in every name it mentions
 * (macro bodies and inline functions included), until nothing changes. The
 * kept chunks keep their order in rt.h, so every declaration still comes
 * before its uses.
 */
#include "prelude.h"

#include <stdbool.h>
#include <string.h>

#include "tcc_prelude.h"
#include "util.h"

static int lookup(const char *s, size_t n) {
    uint32_t h = tcc_prelude_hash(s, n) & (TCC_PRELUDE_SLOTS - 1);
    for (;; h = (h + 1) & (TCC_PRELUDE_SLOTS - 1)) {
        unsigned slot = tcc_prelude_slots[h];
        if (!slot) return -1;
        const char *name = tcc_prelude_name_text + tcc_prelude_names[slot - 1].name;
        if (strncmp(name, s, n) == 0 && name[n] == 0) return (int)slot - 1;
    }
}

typedef struct {
    bool *name_used;
    bool *chunk_kept;
    int *work;
    int nwork;
} Closure;

static void use_name(Closure *c, int name) {
    if (c->name_used[name]) return;
    c->name_used[name] = true;
    c->work[c->nwork++] = name;
}

static void keep_chunk(Closure *c, int chunk) {
    if (c->chunk_kept[chunk]) return;
    c->chunk_kept[chunk] = true;
    const TccPreludeChunk *k = &tcc_prelude_chunks[chunk];
    for (uint32_t i = 0; i < k->ref_count; i++) use_name(c, tcc_prelude_refs[k->ref_start + i]);
}

static bool ident_start(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static bool ident_char(char ch) { return ident_start(ch) || (ch >= '0' && ch <= '9'); }

/* Marks the prelude names among the identifiers of [p, end): strings,
 * character constants, comments and numbers are skipped. */
static void scan_program(Closure *c, const char *p, const char *end) {
    while (p < end) {
        char ch = *p;
        if (ident_start(ch)) {
            const char *s = p;
            while (p < end && ident_char(*p)) p++;
            int name = lookup(s, (size_t)(p - s));
            if (name >= 0) use_name(c, name);
        } else if (ch >= '0' && ch <= '9') {
            while (p < end && (ident_char(*p) || *p == '.')) p++;
        } else if (ch == '"' || ch == '\'') {
            for (p++; p < end && *p != ch; p++)
                if (*p == '\\') p++;
            p++;
        } else if (ch == '/' && p + 1 < end && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : end;
        } else {
            p++;
        }
    }
}

/* Past this much C the scan (~20 instructions a byte) costs more than the
 * cut saves (tcc parsing all of the header: ~4M instructions): a large
 * program gets the whole header and every runtime symbol. The 20,000-line
 * latency program (3 MB of C) spent 60M instructions scanning. */
#define PRELUDE_SCAN_MAX ((size_t)128 << 10)

char *prelude_expand(const char *c_source, bool *runtime_used) {
    static const char include_line[] = "#include <geno/rt.h>\n";
    const char *inc = strstr(c_source, include_line);
    if (!inc) return NULL;
    const char *after = inc + sizeof include_line - 1;
    size_t total = strlen(c_source);

    Closure c = {
        .name_used = xmalloc((size_t)tcc_prelude_name_count * sizeof(bool)),
        .chunk_kept = xmalloc((size_t)tcc_prelude_chunk_count * sizeof(bool)),
        .work = xmalloc(sizeof(int) * (size_t)tcc_prelude_name_count),
    };
    bool whole = total > PRELUDE_SCAN_MAX;
    for (int i = 0; i < tcc_prelude_chunk_count; i++)
        if (whole || tcc_prelude_chunks[i].always) keep_chunk(&c, i);
    if (whole)
        for (int i = 0; i < tcc_prelude_name_count; i++) use_name(&c, i);
    else {
        scan_program(&c, c_source, inc);
        scan_program(&c, after, c_source + total);
    }
    while (c.nwork > 0) {
        const TccPreludeName *n = &tcc_prelude_names[c.work[--c.nwork]];
        for (uint32_t i = 0; i < n->def_count; i++) keep_chunk(&c, tcc_prelude_def_chunks[n->def_start + i]);
    }

    size_t len = total;
    for (int i = 0; i < tcc_prelude_chunk_count; i++)
        if (c.chunk_kept[i]) len += tcc_prelude_chunks[i].length;
    char *out = xmalloc(len + 1), *w = out;
    memcpy(w, c_source, (size_t)(inc - c_source));
    w += inc - c_source;
    for (int i = 0; i < tcc_prelude_chunk_count; i++) {
        if (!c.chunk_kept[i]) continue;
        memcpy(w, tcc_prelude_text + tcc_prelude_chunks[i].offset, tcc_prelude_chunks[i].length);
        w += tcc_prelude_chunks[i].length;
    }
    size_t rest = total - (size_t)(after - c_source);
    memcpy(w, after, rest);
    w[rest] = 0;

    for (int i = 0; runtime_used && i < tcc_prelude_name_count; i++)
        if (c.name_used[i] && tcc_prelude_names[i].runtime_symbol >= 0)
            runtime_used[tcc_prelude_names[i].runtime_symbol] = true;
    xfree(c.name_used);
    xfree(c.chunk_kept);
    xfree(c.work);
    return out;
}
