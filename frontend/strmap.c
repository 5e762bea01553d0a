/* strmap.c — open addressing with linear probing, FNV-1a hashes, grown at
 * half full. No deletion: the compiler's name tables only grow. */
#include "strmap.h"

#include <string.h>

#include "util.h"

static unsigned hash_str(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static StrMapEntry *slot_for(const StrMap *m, const char *key, unsigned h) {
    unsigned mask = (unsigned)m->cap - 1;
    for (unsigned i = h & mask;; i = (i + 1) & mask) {
        StrMapEntry *e = &m->slots[i];
        if (!e->key || (e->hash == h && strcmp(e->key, key) == 0)) return e;
    }
}

static void grow(StrMap *m) {
    StrMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 16;
    m->slots = xmalloc(sizeof(StrMapEntry) * m->cap);
    for (int i = 0; i < old.cap; i++)
        if (old.slots[i].key) *slot_for(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
    xfree(old.slots);
}

StrMapEntry *strmap_find(const StrMap *m, const char *key) {
    if (!m->len) return NULL;
    StrMapEntry *e = slot_for(m, key, hash_str(key));
    return e->key ? e : NULL;
}

void *strmap_get(const StrMap *m, const char *key) {
    StrMapEntry *e = strmap_find(m, key);
    return e ? e->val : NULL;
}

static StrMapEntry *insert_slot(StrMap *m, const char *key, bool *fresh) {
    if ((m->len + 1) * 2 > m->cap) grow(m);
    unsigned h = hash_str(key);
    StrMapEntry *e = slot_for(m, key, h);
    *fresh = !e->key;
    if (*fresh) {
        e->key = key;
        e->hash = h;
        m->len++;
    }
    return e;
}

StrMapEntry *strmap_put(StrMap *m, const char *key, void *val, int aux) {
    bool fresh;
    StrMapEntry *e = insert_slot(m, key, &fresh);
    e->val = val;
    e->aux = aux;
    return e;
}

bool strmap_put_first(StrMap *m, const char *key, void *val, int aux) {
    bool fresh;
    StrMapEntry *e = insert_slot(m, key, &fresh);
    if (fresh) {
        e->val = val;
        e->aux = aux;
    }
    return fresh;
}
