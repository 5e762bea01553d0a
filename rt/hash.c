/* hash.c — hashing any value through its type descriptor.
 *
 * Hashes must agree with equality (value.c, geno_equal2): equal values hash
 * equal. Equality compares Int and Float numerically, also inside
 * structures ([1, 2] == [1.0, 2.0]), so numbers hash by value: an integral
 * Float hashes as the Int of the same value (a big one included: 1e20 as
 * 10**20), other Floats by their bits (-0.0 is integral, so it hashes as 0).
 * A small Int and a big Int never hold the same value (rt.h), so small ones
 * hash their int64 and big ones their limbs.
 *
 * Order matters for List, Tuple, Array, Vec and constructor fields (combined
 * in sequence); not for Map, MutableMap and Set, whose equality ignores
 * order (their hash is a sum of per-entry hashes). Constructors hash their
 * name, since equality compares constructors by name. Functions hash by
 * identity. The mixer is splitmix64's finaliser; strings are hashed 8 bytes
 * at a time. Not meant to resist deliberate collisions.
 */
#include <math.h>
#include <string.h>

#include "geno/rt.h"
#include "hash.h"
#include "hashtab.h"
#include "int.h"

#define fmix geno_hash_fmix

static inline uint64_t combine(uint64_t h, uint64_t x) {
    return fmix(h ^ (x + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2)));
}

uint64_t geno_hash_bytes(const void *data, size_t n) {
    const unsigned char *p = data;
    uint64_t h = UINT64_C(0x243f6a8885a308d3) ^ ((uint64_t)n * UINT64_C(0x9e3779b97f4a7c15));
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ fmix(w)) * UINT64_C(0x100000001b3);
        h = (h << 29) | (h >> 35);
        p += 8;
        n -= 8;
    }
    /* the last 0..7 bytes as memcpy would load them (little-endian), in
     * fixed-size pieces: a memcpy of a variable length is a libc call */
    uint64_t w = 0;
    int sh = 0;
    if (n & 4) { uint32_t x; memcpy(&x, p, 4); w = x; p += 4; sh = 32; }
    if (n & 2) { uint16_t x; memcpy(&x, p, 2); w |= (uint64_t)x << sh; p += 2; sh += 16; }
    if (n & 1) w |= (uint64_t)*p << sh;
    return fmix(h ^ fmix(w ^ ((uint64_t)n << 56)));
}

#define hash_i64 geno_hash_i64

static uint64_t hash_mpz(mpz_srcptr z) {
    uint64_t h = geno_hash_bytes(mpz_limbs_read(z), mpz_size(z) * sizeof(mp_limb_t));
    return mpz_sgn(z) < 0 ? ~h : h;
}

uint64_t geno_hash_int(GenoInt a) {
    if (GENO_INT_IS_SMALL(a)) return hash_i64(GENO_INT_VALUE(a));
    return hash_mpz(((GenoBig *)(uintptr_t)a)->z);
}

uint64_t geno_hash_float(double d) {
    if (isnan(d)) return UINT64_C(0x7ff8000000000000);
    if (isfinite(d) && d == floor(d)) {
        if (d >= -2305843009213693952.0 && d < 2305843009213693952.0)     /* small Int range */
            return hash_i64((int64_t)d);
        mpz_t z;
        mpz_init_set_d(z, d);
        uint64_t h = hash_mpz(z);
        mpz_clear(z);
        return h;
    }
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return fmix(bits);
}

static uint64_t hash_seq(uint64_t seed, const GenoWord *items, int64_t n, const GenoType *t) {
    uint64_t h = seed;
    for (int64_t i = 0; i < n; i++) h = combine(h, geno_hash(items[i], t));
    return h;
}

static uint64_t hash_table(uint64_t seed, const GenoTable *tab, const GenoType *kt, const GenoType *vt) {
    uint64_t sum = 0;
    for (int64_t e = 0; e < tab->used; e++) {
        if (tab->entries[e].hash == GENO_TAB_DEAD) continue;
        uint64_t x = geno_hash(tab->entries[e].key, kt);
        if (vt) x = combine(x, geno_hash(tab->entries[e].val, vt));
        sum += fmix(x);
    }
    return combine(seed, sum + (uint64_t)tab->count);
}

uint64_t geno_hash(GenoWord v, const GenoType *t) {
    switch (t->kind) {
    case GT_UNIT: return UINT64_C(0x1234567);
    case GT_BOOL: return v ? UINT64_C(0x51ed270b27) : UINT64_C(0x2f2ab5e8c1);
    case GT_INT: return geno_hash_int((GenoInt)v);
    case GT_FLOAT: return geno_hash_float(geno_w2f(v));
    case GT_STRING: {
        const GenoStr *s = (const GenoStr *)(uintptr_t)v;
        return geno_hash_bytes(s->data, (size_t)s->len);
    }
    case GT_TUPLE: {
        const GenoTuple *x = (const GenoTuple *)(uintptr_t)v;
        uint64_t h = 5;
        for (int i = 0; i < t->nparams; i++) h = combine(h, geno_hash(x[i], t->params[i]));
        return h;
    }
    case GT_ADT: {
        const GenoAdt *a = (const GenoAdt *)(uintptr_t)v;
        const GenoVariant *var = &t->variants[a->tag];
        uint64_t h = geno_hash_bytes(var->name, strlen(var->name));
        for (int i = 0; i < var->nfields; i++) h = combine(h, geno_hash(a->fields[i], var->field_types[i]));
        return h;
    }
    case GT_LIST: {
        GenoList *l = (GenoList *)(uintptr_t)v;
        uint64_t h = 7;
        int64_t n = geno_list_len(l);
        for (int64_t i = 0; i < n;) {
            int64_t k;
            const GenoWord *c = geno_list_chunk(l, i, &k);
            h = hash_seq(h, c, k, t->params[0]);
            i += k;
        }
        return combine(h, (uint64_t)n);
    }
    case GT_ARRAY: {
        const GenoArray *a = (const GenoArray *)(uintptr_t)v;
        return combine(hash_seq(8, geno_array_words(a), a->len, t->params[0]), (uint64_t)a->len);
    }
    case GT_VEC: {
        const GenoVec *a = (const GenoVec *)(uintptr_t)v;
        return combine(hash_seq(12, a->items, a->len, t->params[0]), (uint64_t)a->len);
    }
    case GT_MAP: {
        GenoMap *m = (GenoMap *)(uintptr_t)v;
        GenoList *ks = geno_map_keys(m), *vs = geno_map_values(m);
        int64_t n = geno_list_len(ks);
        uint64_t sum = 0;
        for (int64_t i = 0; i < n; i++)
            sum += fmix(combine(geno_hash(geno_list_get(ks, i), t->params[0]),
                                geno_hash(geno_list_get(vs, i), t->params[1])));
        return combine(10, sum + (uint64_t)n);
    }
    case GT_MUTMAP:
        return hash_table(9, &((const struct GenoMutMap *)(uintptr_t)v)->tab, t->params[0], t->params[1]);
    case GT_SET:
        return hash_table(11, &((const struct GenoSet *)(uintptr_t)v)->tab, t->params[0], NULL);
    case GT_FUNC:
        return fmix((uint64_t)v);
    }
    return 0;
}
