/* strmap.h — a hash map from NUL-terminated strings to pointers.
 *
 * The checker and the emitter look names up once per use (functions,
 * types, constructors, type descriptors); with a linear scan that made
 * checking a program quadratic in its number of definitions. Keys are not
 * copied: they must outlive the map (AST and type strings do). */
#ifndef GENOC_STRMAP_H
#define GENOC_STRMAP_H

#include <stdbool.h>

typedef struct {
    const char *key;
    void *val;
    int aux;            /* a small integer beside val (e.g. a variant index) */
    unsigned hash;
} StrMapEntry;

typedef struct {
    StrMapEntry *slots;
    int cap, len;
} StrMap;

StrMapEntry *strmap_find(const StrMap *m, const char *key);   /* NULL if absent */
void *strmap_get(const StrMap *m, const char *key);          /* NULL if absent */
/* Inserts or overwrites; returns the entry (its val/aux already set). */
StrMapEntry *strmap_put(StrMap *m, const char *key, void *val, int aux);
/* Inserts only if absent (first definition wins); true if inserted. */
bool strmap_put_first(StrMap *m, const char *key, void *val, int aux);

#endif
