/* map.c — Geno's immutable, insertion-ordered Map.
 *
 * REPRESENTATION. Three persistent parts, shared between versions:
 *
 *   GenoMap { keys, vals, root }
 *     keys  List of the keys in insertion order (a persistent vector)
 *     vals  List of the values, vals[i] belonging to keys[i]
 *     root  a hash array mapped trie (HAMT, CHAMP layout) from a key's
 *           64-bit hash to its position in keys
 *
 * The reference's Map is a Python dict: a new key goes last, re-inserting a
 * key keeps its position and replaces the value, there is no removal. So
 * positions never move: inserting a new key appends to keys and vals and
 * adds one (hash, position) entry to the trie; updating a key only replaces
 * vals[position] and shares the trie and keys untouched. Keys are compared
 * (geno_equal, so 1 and 1.0 are the same key, as in Python) only when their
 * full 64-bit hashes agree. The trie keeps each key's first version (a
 * Python dict keeps the first key object too).
 *
 * HAMT node: two 32-bit maps (inline entries, child nodes), then 3 words
 * per inline entry (hash, key, position) and 1 per child, in bit order. The
 * key is kept in the entry so a lookup compares it without a trip to the
 * keys list. Below
 * 64 bits of hash (13 levels) a node is a collision list whose `datamap`
 * holds the entry count.
 *
 * COSTS (n = size): insert, get, m[k]: O(log32 n) trie steps (get adds
 * one list lookup for the value); size, keys, values: O(1); entries, from_list,
 * merge: O(n log32 n); equality: O(n log32 n), order-insensitive (Python
 * dict equality). Memory per entry: 24 bytes of trie entry, 2 list slots,
 * and the trie's inner nodes (about 1.2x). A persistent insert copies one
 * trie path (about 150 words at a million keys), so building a map of a
 * million keys key by key allocates about 1 GB over its run, nearly all of
 * it garbage the collector reclaims.
 *
 * Errors as the reference: a new key past max_collection_size is E499
 * "Map size exceeds limit (N > L)"; m[k] on a missing key is E402
 * "Key not found: K" with K as Python's str() shows it (a String raw, a
 * Bool `True`, a tuple `("b", 2)` with Python's quotes, a constructor
 * `Some(value: 'b')`).
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "floats.h"
#include "hash.h"
#include "hashtab.h"
#include "int.h"
#include "list.h"
#include "map.h"
#include "str.h"
#include "value.h"

#define BITS 5
#define MASK 31

typedef struct HNode {
    uint32_t datamap;           /* collision node: entry count */
    uint32_t nodemap;
    GenoWord w[];
} HNode;

struct GenoMap {
    GenoList *keys;
    GenoList *vals;
    HNode *root;
    int64_t edit;               /* > 0: an owned map's id (insert_owned); last, unscanned */
};

static GenoMap empty_map;

GenoMap *geno_map_empty(void) {
    if (!empty_map.keys) empty_map.keys = empty_map.vals = geno_list_empty();
    return &empty_map;
}

int64_t geno_map_size(GenoMap *m) { return m->keys ? geno_list_len(m->keys) : 0; }
GenoList *geno_map_keys(GenoMap *m) { return m->keys ? m->keys : geno_list_empty(); }
GenoList *geno_map_values(GenoMap *m) { return m->vals ? m->vals : geno_list_empty(); }

static GenoMap *map_new(GenoList *keys, GenoList *vals, HNode *root) {
    GenoMap *m = geno_alloc(sizeof(GenoMap));
    m->keys = keys;
    m->vals = vals;
    m->root = root;
    return m;
}

/* ---- the trie ------------------------------------------------------------------- */

/* An inline entry is 3 words: the key's hash, the key, its position. */
#define EW 3

#define key_matches geno_tab_keys_equal

#define key_hash geno_hash_key

static inline unsigned frag(uint64_t h, int shift) { return (unsigned)(h >> shift) & MASK; }
/* Bit count without __builtin_popcount, which is a libgcc call unless the
 * target has POPCNT (our -O2 build does not assume it). */
static inline int popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

static int64_t node_words(const HNode *n, int shift) {
    return shift >= 64 ? EW * (int64_t)n->datamap : EW * popc(n->datamap) + popc(n->nodemap);
}

static HNode *node_alloc(int64_t words) {
    return geno_alloc(sizeof(HNode) + (size_t)words * sizeof(GenoWord));
}

static int64_t trie_find(const HNode *n, uint64_t h, GenoWord key, const GenoType *kt, const GenoType *pt) {
    for (int shift = 0; n; shift += BITS) {
        if (shift >= 64) {
            for (uint32_t j = 0; j < n->datamap; j++) {
                const GenoWord *e = n->w + EW * j;
                if (e[0] == h && key_matches(e[1], kt, key, pt)) return (int64_t)e[2];
            }
            return -1;
        }
        uint32_t bit = UINT32_C(1) << frag(h, shift);
        if (n->datamap & bit) {
            const GenoWord *e = n->w + EW * popc(n->datamap & (bit - 1));
            return e[0] == h && key_matches(e[1], kt, key, pt) ? (int64_t)e[2] : -1;
        }
        if (!(n->nodemap & bit)) return -1;
        n = (const HNode *)(uintptr_t)n->w[EW * popc(n->datamap) + popc(n->nodemap & (bit - 1))];
    }
    return -1;
}

static void put_entry(GenoWord *d, uint64_t h, GenoWord key, int64_t pos) {
    d[0] = h;
    d[1] = key;
    d[2] = (GenoWord)pos;
}

/* A node at `shift` holding two entries with different keys. */
static HNode *node_pair(int shift, const GenoWord *e1, uint64_t h2, GenoWord k2, int64_t p2) {
    uint64_t h1 = e1[0];
    if (shift >= 64) {
        HNode *n = node_alloc(2 * EW);
        n->datamap = 2;
        memcpy(n->w, e1, EW * sizeof(GenoWord));
        put_entry(n->w + EW, h2, k2, p2);
        return n;
    }
    unsigned f1 = frag(h1, shift), f2 = frag(h2, shift);
    if (f1 == f2) {
        HNode *n = node_alloc(1);
        n->nodemap = UINT32_C(1) << f1;
        n->w[0] = (GenoWord)(uintptr_t)node_pair(shift + BITS, e1, h2, k2, p2);
        return n;
    }
    HNode *n = node_alloc(2 * EW);
    n->datamap = (UINT32_C(1) << f1) | (UINT32_C(1) << f2);
    GenoWord *d1 = n->w + (f1 < f2 ? 0 : EW), *d2 = n->w + (f1 < f2 ? EW : 0);
    memcpy(d1, e1, EW * sizeof(GenoWord));
    put_entry(d2, h2, k2, p2);
    return n;
}

/* Adds (h, key, pos) below n, copying the path; returns NULL and sets
 * *found when an equal key is already there. */
static HNode *trie_insert(const HNode *n, int shift, uint64_t h, GenoWord key, int64_t pos,
                          const GenoType *kt, int64_t *found) {
    if (!n) {
        HNode *r = node_alloc(EW);
        r->datamap = shift >= 64 ? 1 : UINT32_C(1) << frag(h, shift);
        put_entry(r->w, h, key, pos);
        return r;
    }
    if (shift >= 64) {
        int64_t words = node_words(n, shift);
        for (uint32_t j = 0; j < n->datamap; j++) {
            const GenoWord *e = n->w + EW * j;
            if (e[0] == h && key_matches(e[1], kt, key, kt)) { *found = (int64_t)e[2]; return NULL; }
        }
        HNode *r = node_alloc(words + EW);
        memcpy(r, n, sizeof(HNode) + (size_t)words * sizeof(GenoWord));
        put_entry(r->w + words, h, key, pos);
        r->datamap++;
        return r;
    }
    uint32_t bit = UINT32_C(1) << frag(h, shift);
    int nd = popc(n->datamap);
    if (n->datamap & bit) {
        int i = popc(n->datamap & (bit - 1));
        const GenoWord *e = n->w + EW * i;
        if (e[0] == h && key_matches(e[1], kt, key, kt)) { *found = (int64_t)e[2]; return NULL; }
        int64_t words = EW * nd + popc(n->nodemap);
        /* the inline entry and the new one move into a child node */
        HNode *child = node_pair(shift + BITS, e, h, key, pos);
        HNode *r = node_alloc(words - EW + 1);
        r->datamap = n->datamap & ~bit;
        r->nodemap = n->nodemap | bit;
        int ci = popc(n->nodemap & (bit - 1));
        GenoWord *d = r->w;
        memcpy(d, n->w, (size_t)(EW * i) * sizeof(GenoWord));                    /* entries before */
        memcpy(d + EW * i, e + EW, (size_t)(EW * (nd - i - 1)) * sizeof(GenoWord));   /* and after */
        d += EW * (nd - 1);
        const GenoWord *kids = n->w + EW * nd;
        memcpy(d, kids, (size_t)ci * sizeof(GenoWord));
        d[ci] = (GenoWord)(uintptr_t)child;
        memcpy(d + ci + 1, kids + ci, (size_t)(popc(n->nodemap) - ci) * sizeof(GenoWord));
        return r;
    }
    if (n->nodemap & bit) {
        int ci = EW * nd + popc(n->nodemap & (bit - 1));
        HNode *child = trie_insert((const HNode *)(uintptr_t)n->w[ci], shift + BITS, h, key, pos, kt, found);
        if (!child) return NULL;
        int64_t words = EW * nd + popc(n->nodemap);
        HNode *r = node_alloc(words);
        memcpy(r, n, sizeof(HNode) + (size_t)words * sizeof(GenoWord));
        r->w[ci] = (GenoWord)(uintptr_t)child;
        return r;
    }
    int i = popc(n->datamap & (bit - 1));
    int64_t words = EW * nd + popc(n->nodemap);
    HNode *r = node_alloc(words + EW);
    r->datamap = n->datamap | bit;
    r->nodemap = n->nodemap;
    memcpy(r->w, n->w, (size_t)(EW * i) * sizeof(GenoWord));
    put_entry(r->w + EW * i, h, key, pos);
    memcpy(r->w + EW * i + EW, n->w + EW * i, (size_t)(words - EW * i) * sizeof(GenoWord));
    return r;
}

/* ---- operations ------------------------------------------------------------------ */

static int64_t map_find(GenoMap *m, GenoWord key, const GenoType *kt, const GenoType *probe_t) {
    if (geno_map_size(m) == 0) return -1;
    return trie_find(m->root, key_hash(key, probe_t), key, kt, probe_t);
}

/* The last lookup by get / contains / m[k]: `c = map_get(m, k)` followed by
 * `m = map_insert(m, k, ...)` finds the same key again, so the insert takes
 * its hash, and its position when the trie is the same. Tries never change
 * and positions never move, and the held pointers keep the key and trie
 * alive, so equal words here mean an equal answer. Only Int and String
 * keys: those words stand for values no one can change. */
static struct {
    const HNode *root;
    GenoWord key;
    const GenoType *kt;
    uint64_t hash;
    int64_t pos;                /* -1: not in root */
} last;

static int64_t map_lookup(GenoMap *m, GenoWord key, const GenoType *kt) {
    if (geno_map_size(m) == 0) return -1;
    uint64_t h = key_hash(key, kt);
    int64_t pos = trie_find(m->root, h, key, kt, kt);
    if (kt->kind != GT_INT && kt->kind != GT_STRING) return pos;
    last.root = m->root;
    last.key = key;
    last.kt = kt;
    last.hash = h;
    last.pos = pos;
    return pos;
}

/* Where key k of type kt is in m, or -1 with *root set to m's trie with
 * (k, size) added. */
static int64_t locate(GenoMap *m, GenoWord k, const GenoType *kt, HNode **root) {
    int64_t found = -1;
    int seen = k == last.key && kt == last.kt;
    if (seen && m->root == last.root && last.pos >= 0) return last.pos;
    *root = trie_insert(m->root, 0, seen ? last.hash : key_hash(k, kt), k, geno_map_size(m), kt, &found);
    return found;
}

GenoMap *geno_map_insert(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc) {
    if (!m->keys) m = geno_map_empty();
    HNode *root = NULL;
    int64_t found = locate(m, k, t->params[0], &root);
    if (found >= 0)
        return map_new(m->keys, geno_list_set_at(m->vals, GENO_INT_SMALL(found), v, loc), m->root);
    geno_check_collection_size("Map", geno_map_size(m) + 1, loc);
    return map_new(geno_list_append(m->keys, k, loc), geno_list_append(m->vals, v, loc), root);
}

/* `m = map_insert(m, k, v)` on a variable that alone holds its map
 * (codegen/emit.c, owned variables): the first such insert copies the map
 * object and its list headers (insert_start); while nothing else has seen
 * the result, the next ones write into it (insert_owned). The trie stays
 * persistent; values are overwritten in place (geno_list_set_owned under
 * the map's edit id) and new keys pushed onto the owned lists. Nothing is
 * written before the size check, so an error leaves the map whole. */
GenoMap *geno_map_insert_owned(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc) {
    HNode *root = NULL;
    int64_t found = locate(m, k, t->params[0], &root);
    if (found >= 0) {
        geno_list_set_owned(m->vals, found, v, m->edit);
        return m;
    }
    geno_check_collection_size("Map", geno_map_size(m) + 1, loc);
    m->root = root;
    m->keys = geno_list_push(m->keys, k, loc);
    m->vals = geno_list_push(m->vals, v, loc);
    return m;
}

GenoMap *geno_map_insert_start(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc) {
    static int64_t next_edit;
    if (!m->keys) m = geno_map_empty();
    GenoMap *r = map_new(geno_list_own(m->keys, 0), geno_list_own(m->vals, 1), m->root);
    r->edit = ++next_edit;
    return geno_map_insert_owned(r, k, v, t, loc);
}

int geno_map_get(GenoMap *m, GenoWord k, const GenoType *t, GenoWord *out) {
    int64_t pos = map_lookup(m, k, t->params[0]);
    if (pos < 0) return 0;
    *out = geno_list_get(m->vals, pos);
    return 1;
}

int geno_map_contains(GenoMap *m, GenoWord k, const GenoType *t) {
    return map_lookup(m, k, t->params[0]) >= 0;
}

GenoWord geno_map_index(GenoMap *m, GenoWord k, const GenoType *t, GenoLoc loc) {
    int64_t pos = map_lookup(m, k, t->params[0]);
    if (pos >= 0) return geno_list_get(m->vals, pos);
    geno_raise_str("E402", loc, geno_str_concat((GenoStr *)geno_str_from_cstr("Key not found: "),
                                                geno_py_str(k, t->params[0]), 0));
}

GenoList *geno_map_entries(GenoMap *m, const GenoType *t, GenoLoc loc) {
    (void)t;
    int64_t n = geno_map_size(m);
    geno_check_collection_size("List", n, loc);
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (int64_t i = 0; i < n; i++) {
        GenoTuple *pair = geno_alloc(2 * sizeof(GenoWord));
        pair[0] = geno_list_get(m->keys, i);
        pair[1] = geno_list_get(m->vals, i);
        geno_list_builder_add(&b, (GenoWord)(uintptr_t)pair, loc);
    }
    return geno_list_builder_finish(&b);
}

/* map_from_list / map_from_entries: a new key goes last, a repeated key
 * keeps its first position and takes the last value. Built in arrays, then
 * turned into lists once. */
GenoMap *geno_map_from_list(GenoList *pairs, const GenoType *t, GenoLoc loc) {
    int64_t n = geno_list_len(pairs);
    if (n == 0) return geno_map_empty();
    GenoWord *keys = geno_alloc((size_t)n * sizeof(GenoWord));
    GenoWord *vals = geno_alloc((size_t)n * sizeof(GenoWord));
    const GenoType *kt = t->params[0];
    HNode *root = NULL;
    int64_t size = 0;
    for (int64_t i = 0; i < n; i++) {
        const GenoTuple *pair = (const GenoTuple *)(uintptr_t)geno_list_get(pairs, i);
        int64_t found = -1;
        HNode *r = trie_insert(root, 0, key_hash(pair[0], kt), pair[0], size, kt, &found);
        if (found >= 0) {
            vals[found] = pair[1];
            continue;
        }
        geno_check_collection_size("Map", size + 1, loc);
        root = r;
        keys[size] = pair[0];
        vals[size] = pair[1];
        size++;
    }
    return map_new(geno_list_of(size, keys, loc), geno_list_of(size, vals, loc), root);
}

/* map_merge(a, b): b's values win; a's keys keep their places, b's new keys
 * follow in b's order. The size is checked before anything is built. */
GenoMap *geno_map_merge(GenoMap *a, GenoMap *b, const GenoType *t, GenoLoc loc) {
    int64_t na = geno_map_size(a), nb = geno_map_size(b);
    if (nb == 0) return a->keys ? a : geno_map_empty();
    if (na == 0) return b;
    int64_t fresh = 0;
    for (int64_t i = 0; i < nb; i++)
        if (map_find(a, geno_list_get(b->keys, i), t->params[0], t->params[0]) < 0) fresh++;
    geno_check_collection_size("Map", na + fresh, loc);
    GenoMap *r = a;
    for (int64_t i = 0; i < nb; i++)
        r = geno_map_insert(r, geno_list_get(b->keys, i), geno_list_get(b->vals, i), t, loc);
    return r;
}

GenoMap *geno_map_with_values(GenoMap *m, GenoList *values) {
    if (geno_map_size(m) == 0) return geno_map_empty();
    return map_new(m->keys, values, m->root);
}

/* Order-insensitive: same size, and every key of a is in b with an equal
 * value (the reference compares key sets, then values). */
int geno_map_equal2(GenoMap *a, const GenoType *ta, GenoMap *b, const GenoType *tb) {
    int64_t n = geno_map_size(a);
    if (n != geno_map_size(b)) return 0;
    if (a == b) return 1;
    for (int64_t i = 0; i < n; i++) {
        int64_t pos = map_find(b, geno_list_get(a->keys, i), tb->params[0], ta->params[0]);
        if (pos < 0) return 0;
        if (!geno_equal2(geno_list_get(a->vals, i), ta->params[1], geno_list_get(b->vals, pos), tb->params[1]))
            return 0;
    }
    return 1;
}

/* ---- Python's str() of a key, for "Key not found: K" ---------------------------- */

static void add_py(GenoBuf *b, GenoWord v, const GenoType *t, int top);

static void add_py_seq(GenoBuf *b, GenoList *l, const GenoType *et) {
    int64_t n = geno_list_len(l);
    for (int64_t i = 0; i < n; i++) {
        if (i) geno_buf_add_ascii(b, ", ", 2);
        add_py(b, geno_list_get(l, i), et, 0);
    }
}

static void add_py(GenoBuf *b, GenoWord v, const GenoType *t, int top) {
    switch (t->kind) {
    case GT_UNIT: geno_buf_add_ascii(b, "None", 4); return;
    case GT_BOOL: if (v) geno_buf_add_ascii(b, "True", 4); else geno_buf_add_ascii(b, "False", 5); return;
    case GT_STRING:
        if (top) geno_buf_add_str(b, (GenoStr *)(uintptr_t)v);
        else geno_py_repr_str(b, (const GenoStr *)(uintptr_t)v);
        return;
    case GT_TUPLE: {
        const GenoTuple *x = (const GenoTuple *)(uintptr_t)v;
        geno_buf_add_ascii(b, "(", 1);
        for (int i = 0; i < t->nparams; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            add_py(b, x[i], t->params[i], 0);
        }
        geno_buf_add_ascii(b, t->nparams == 1 ? ",)" : ")", t->nparams == 1 ? 2 : 1);
        return;
    }
    case GT_ADT: {
        const GenoAdt *a = (const GenoAdt *)(uintptr_t)v;
        const GenoVariant *var = &t->variants[a->tag];
        geno_buf_add_cstr(b, var->name);
        if (var->nfields == 0) return;
        geno_buf_add_ascii(b, "(", 1);
        for (int i = 0; i < var->nfields; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            geno_buf_add_cstr(b, var->field_names[i]);
            geno_buf_add_ascii(b, ": ", 2);
            add_py(b, a->fields[i], var->field_types[i], 0);
        }
        geno_buf_add_ascii(b, ")", 1);
        return;
    }
    case GT_LIST:
        geno_buf_add_ascii(b, "[", 1);
        add_py_seq(b, (GenoList *)(uintptr_t)v, t->params[0]);
        geno_buf_add_ascii(b, "]", 1);
        return;
    case GT_MAP: {
        GenoMap *m = (GenoMap *)(uintptr_t)v;
        int64_t n = geno_map_size(m);
        geno_buf_add_ascii(b, "{", 1);
        for (int64_t i = 0; i < n; i++) {
            if (i) geno_buf_add_ascii(b, ", ", 2);
            add_py(b, geno_list_get(m->keys, i), t->params[0], 0);
            geno_buf_add_ascii(b, ": ", 2);
            add_py(b, geno_list_get(m->vals, i), t->params[1], 0);
        }
        geno_buf_add_ascii(b, "}", 1);
        return;
    }
    default:                    /* Int, Float (repr == str), and the rest */
        geno_write_value(b, v, t, 0);
        return;
    }
}

GenoStr *geno_py_str(GenoWord v, const GenoType *t) {
    GenoBuf *b = geno_buf_new();
    add_py(b, v, t, 1);
    return geno_buf_to_str(b);
}
