/* list.c — Geno's immutable List.
 *
 * For now a list is a flat array of words copied on every append; the
 * representation is private to this file (other files go through the rt.h
 * functions) because a persistent vector (32-way trie with a tail, for
 * amortised O(1) append) will replace it.
 *
 * Sizes are held to cfg.max_collection_size with the reference's E499
 * "List size exceeds limit (N > L)"; index errors are E401 and, for a
 * negative index, show the index after adding the length, as the reference.
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "int.h"
#include "run.h"

struct GenoList {
    int64_t len;
    GenoWord items[];
};

static GenoList empty_list = { 0 };

static void check_size(int64_t size, GenoLoc loc) {
    int64_t limit = geno_cfg.max_collection_size;
    if (size > limit)
        geno_raise("E499", loc, "List size exceeds limit (%lld > %lld)", (long long)size, (long long)limit);
}

static GenoList *list_alloc(int64_t n) {
    GenoList *l = geno_alloc(sizeof(GenoList) + (size_t)n * sizeof(GenoWord));
    l->len = n;
    return l;
}

GenoList *geno_list_empty(void) { return &empty_list; }

GenoList *geno_list_of(int64_t n, const GenoWord *items, GenoLoc loc) {
    if (n == 0) return &empty_list;
    check_size(n, loc);
    GenoList *l = list_alloc(n);
    memcpy(l->items, items, (size_t)n * sizeof(GenoWord));
    return l;
}

int64_t geno_list_len(GenoList *l) { return l->len; }

GenoWord geno_list_get(GenoList *l, int64_t i) { return l->items[i]; }

GenoWord geno_list_index(GenoList *l, GenoInt i, GenoLoc loc) {
    int64_t idx;
    int ok = geno_int_get_i64(i, &idx);
    if (ok && idx < 0) idx += l->len;
    if (ok && idx >= 0 && idx < l->len) return l->items[idx];
    GenoInt shown = geno_int_sign(i) < 0 ? geno_int_add_slow(i, geno_int_from_i64(l->len), loc) : i;
    geno_raise("E401", loc, "Index %s out of bounds for list of length %lld",
               geno_int_cstr(shown), (long long)l->len);
}

GenoList *geno_list_append(GenoList *l, GenoWord v, GenoLoc loc) {
    check_size(l->len + 1, loc);
    GenoList *r = list_alloc(l->len + 1);
    memcpy(r->items, l->items, (size_t)l->len * sizeof(GenoWord));
    r->items[l->len] = v;
    return r;
}

/* range(start, stop, step): the reference computes the size first and
 * refuses it over the collection limit, then builds the list. */
GenoList *geno_list_range(GenoInt start, GenoInt stop, GenoInt step, GenoLoc loc) {
    int sstep = geno_int_sign(step);
    if (sstep == 0) geno_raise("E499", loc, "range step cannot be zero");
    int c = geno_int_cmp_slow(start, stop);
    if ((sstep > 0 && c >= 0) || (sstep < 0 && c <= 0)) return &empty_list;

    /* size = ceil(|stop - start| / |step|) */
    mpz_t t1, t2, t3, n;
    mpz_srcptr a = geno_int_mpz(start, t1), b = geno_int_mpz(stop, t2), s = geno_int_mpz(step, t3);
    mpz_init(n);
    mpz_sub(n, b, a);
    mpz_abs(n, n);
    mpz_t abs_step;
    mpz_init(abs_step);
    mpz_abs(abs_step, s);
    mpz_cdiv_q(n, n, abs_step);
    if (mpz_cmp_si(n, geno_cfg.max_collection_size) > 0) {
        char *text = mpz_get_str(NULL, 10, n);
        geno_raise("E499", loc, "List size exceeds limit (%s > %lld)", text,
                   (long long)geno_cfg.max_collection_size);
    }
    int64_t size = mpz_get_si(n);
    GenoList *l = list_alloc(size);
    if (GENO_INT_IS_SMALL(start) && GENO_INT_IS_SMALL(stop) && GENO_INT_IS_SMALL(step)) {
        /* every element lies between start and stop: all small, no overflow */
        int64_t v0 = GENO_INT_VALUE(start), dv = GENO_INT_VALUE(step);
        for (int64_t k = 0; k < size; k++) l->items[k] = GENO_INT_SMALL(v0 + k * dv);
    } else {
        GenoInt x = start;
        for (int64_t k = 0; k < size; k++) {
            l->items[k] = (GenoWord)x;
            if (k + 1 < size) x = geno_int_add_slow(x, step, loc);
        }
    }
    return l;
}
