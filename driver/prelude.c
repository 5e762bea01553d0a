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

#include "macro_expand.h"
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
    /* Where the program names a function-like macro of the header (offsets
     * from the text after the include line): macro_expand.c's sites. */
    uint8_t *fn_macro;      /* per name: 0 not known yet, 1 yes, 2 no */
    size_t *sites;
    int nsites, sites_cap;
    const char *site_base;  /* NULL: not recording */
} Closure;

/* Is name a function-like macro (`#define NAME(`) in a chunk declaring it? */
static bool fn_macro(Closure *c, int name) {
    if (!c->fn_macro[name]) {
        const TccPreludeName *n = &tcc_prelude_names[name];
        const char *text = tcc_prelude_name_text + n->name;
        size_t len = strlen(text);
        c->fn_macro[name] = 2;
        for (uint32_t i = 0; i < n->def_count; i++) {
            const TccPreludeChunk *k = &tcc_prelude_chunks[tcc_prelude_def_chunks[n->def_start + i]];
            const char *p = tcc_prelude_text + k->offset, *end = p + k->length;
            while (p < end && (*p == ' ' || *p == '\t')) p++;
            if (p == end || *p++ != '#') continue;
            while (p < end && (*p == ' ' || *p == '\t')) p++;
            if ((size_t)(end - p) < 7 || memcmp(p, "define", 6) != 0) continue;
            p += 6;
            while (p < end && (*p == ' ' || *p == '\t')) p++;
            if ((size_t)(end - p) > len && memcmp(p, text, len) == 0 && p[len] == '(') c->fn_macro[name] = 1;
        }
    }
    return c->fn_macro[name] == 1;
}

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
            if (name >= 0) {
                use_name(c, name);
                if (c->site_base && fn_macro(c, name)) {
                    if (c->nsites == c->sites_cap) {
                        c->sites_cap = c->sites_cap ? 2 * c->sites_cap : 64;
                        c->sites = xrealloc(c->sites, sizeof(size_t) * (size_t)c->sites_cap);
                    }
                    c->sites[c->nsites++] = (size_t)(s - c->site_base);
                }
            }
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
        .fn_macro = xmalloc((size_t)tcc_prelude_name_count),
    };
    memset(c.fn_macro, 0, (size_t)tcc_prelude_name_count);
    bool whole = total > PRELUDE_SCAN_MAX;
    for (int i = 0; i < tcc_prelude_chunk_count; i++)
        if (whole || tcc_prelude_chunks[i].always) keep_chunk(&c, i);
    if (whole)
        for (int i = 0; i < tcc_prelude_name_count; i++) use_name(&c, i);
    else {
        scan_program(&c, c_source, inc);
        c.site_base = after;
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
    size_t program_start = (size_t)(w - out);
    memcpy(w, after, rest);
    w[rest] = 0;
    /* The program's macro uses expanded here, cheaper than by tcc
     * (macro_expand.c); not for a large program, whose scan would cost
     * more than the whole header's cut saves (see PRELUDE_SCAN_MAX). */
    for (int i = 0; i < c.nsites; i++) c.sites[i] += program_start;
    char *pre = whole ? NULL : macro_preexpand(out, program_start + rest, program_start, c.sites, c.nsites);
    if (pre) {
        xfree(out);
        out = pre;
    }

    for (int i = 0; runtime_used && i < tcc_prelude_name_count; i++)
        if (c.name_used[i] && tcc_prelude_names[i].runtime_symbol >= 0)
            runtime_used[tcc_prelude_names[i].runtime_symbol] = true;
    xfree(c.name_used);
    xfree(c.chunk_kept);
    xfree(c.work);
    xfree(c.fn_macro);
    xfree(c.sites);
    return out;
}
