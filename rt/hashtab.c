/* hashtab.c — the insertion-ordered hash table behind Set and MutableMap.
 *
 * REPRESENTATION. As CPython's compact dict: a dense array of entries
 * {hash, key, value} in insertion order, and a separate open-addressing
 * index of entry numbers (linear probing: at most a quarter full from
 * GENO_TAB_SPARSE_MIN to GENO_TAB_SPARSE_MAX entries, half full
 * otherwise). The hash of each key is stored, so growing never rehashes a
 * value and a probe compares keys only when the full 64-bit hashes agree.
 *
 * Each index slot also keeps 31 bits of its entry's hash beside the entry
 * number, so a probe passing a colliding slot does not touch the entry
 * array (a cache miss per step on big tables); only a slot whose bits match
 * is compared in full.
 *
 * COSTS: find / add / remove O(1) expected; memory 24 bytes per entry plus
 * 16-32 bytes of index (32-64 in the sparse band). Removing marks the
 * entry dead (its hash becomes GENO_TAB_DEAD) and the index slot deleted;
 * dead entries are squeezed out when the entry array fills, so re-adding a
 * removed key puts it last, as a Python dict does. Iteration walks the
 * entry array, skipping dead ones.
 *
 * Entries are GC-scanned (keys and values may be pointers); the index is
 * atomic memory.
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "hashtab.h"
#include "value.h"

#define EMPTY GENO_TAB_EMPTY
#define DELETED GENO_TAB_DELETED
#define SLOT GENO_TAB_SLOT

/* Index sizing: a table of GENO_TAB_SPARSE_MIN to GENO_TAB_SPARSE_MAX
 * entries gets 4 index slots per entry (at most a quarter full: a miss
 * probes ~1.4 slots instead of ~2.5 at half full); others get 2 (at most
 * half full). Above the band the index's size, not the probe count, is the
 * cost (cache misses): int_hashmap (422,684 keys) at 4 slots went 127 ->
 * 154 ms. Below it a table fits in cache anyway, and many small tables at 4
 * slots took 35% more memory each (350,000 one-element Sets in a
 * MutableMap hit E504 under genoc run's 256 MB; found in review).
 * set_ops (two Set[Int] of 32,768 elements, mostly missing lookups): CPU
 * 247 -> 169 ms. */
#define GENO_TAB_SPARSE_MIN 1024
#define GENO_TAB_SPARSE_MAX 65536

static void rebuild_index(GenoTable *t, int64_t slots) {
    t->index = geno_alloc_atomic_uncleared((size_t)slots * sizeof(int64_t));
    memset(t->index, 0xff, (size_t)slots * sizeof(int64_t));   /* EMPTY */
    t->mask = slots - 1;
    for (int64_t e = 0; e < t->used; e++) {
        uint64_t h = t->entries[e].hash, i = h & (uint64_t)t->mask;
        while (t->index[i] != EMPTY) i = (i + 1) & (uint64_t)t->mask;
        t->index[i] = SLOT(h, e);
    }
}

/* Squeezes out dead entries and sizes the arrays for `want` entries. */
static void resize(GenoTable *t, int64_t want) {
    int64_t ecap = 8;
    while (ecap < want) ecap *= 2;
    if (ecap > INT32_MAX) geno_raise_fatal("E504", 0, "Memory limit exceeded");
    GenoTabEntry *ne = geno_alloc((size_t)ecap * sizeof(GenoTabEntry));
    int64_t n = 0;
    for (int64_t e = 0; e < t->used; e++)
        if (t->entries[e].hash != GENO_TAB_DEAD) ne[n++] = t->entries[e];
    t->entries = ne;
    t->used = n;
    t->ecap = ecap;
    rebuild_index(t, ecap >= GENO_TAB_SPARSE_MIN && ecap <= GENO_TAB_SPARSE_MAX ? ecap * 4 : ecap * 2);
}

void geno_tab_reserve(GenoTable *t, int64_t n) {
    if (t->count + n > t->ecap) resize(t, t->count + n);
}

int64_t geno_tab_add(GenoTable *t, GenoWord key, uint64_t h, GenoWord val) {
    if (t->used == t->ecap)
        resize(t, t->count < t->used / 2 ? t->count + 1 : t->ecap * 2);
    int64_t e = t->used++;
    t->entries[e].hash = h;
    t->entries[e].key = key;
    t->entries[e].val = val;
    uint64_t i = h & (uint64_t)t->mask;
    while (t->index[i] >= 0) i = (i + 1) & (uint64_t)t->mask;
    t->index[i] = SLOT(h, e);
    t->count++;
    return e;
}

void geno_tab_remove(GenoTable *t, int64_t e) {
    uint64_t h = t->entries[e].hash, i = h & (uint64_t)t->mask;
    while (t->index[i] != SLOT(h, e)) i = (i + 1) & (uint64_t)t->mask;
    t->index[i] = DELETED;
    t->entries[e].hash = GENO_TAB_DEAD;
    t->entries[e].key = 0;
    t->entries[e].val = 0;
    t->count--;
}

void geno_tab_keys(const GenoTable *t, GenoWord *dst) {
    for (int64_t e = 0; e < t->used; e++)
        if (t->entries[e].hash != GENO_TAB_DEAD) *dst++ = t->entries[e].key;
}

void geno_tab_vals(const GenoTable *t, GenoWord *dst) {
    for (int64_t e = 0; e < t->used; e++)
        if (t->entries[e].hash != GENO_TAB_DEAD) *dst++ = t->entries[e].val;
}
