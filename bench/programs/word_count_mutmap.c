/* Word frequencies in a string hash table (the MutableMap twin; same code as word_count_map.c). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "bench_util.h"

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t seed = 11;
    StrMap counts;
    strmap_init(&counts);
    char w[32];
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        snprintf(w, sizeof w, "w%lld", (long long)(seed % 1009 % (1 + i % 500)));
        int64_t *c = strmap_get(&counts, w);
        strmap_set(&counts, w, (c ? *c : 0) + 1);
    }
    int64_t distinct = 0, sq = 0;
    for (size_t i = 0; i < counts.n; i++) {
        int64_t v = *strmap_get(&counts, counts.order[i]);
        distinct++;
        sq += v * v;
    }
    int64_t *c0 = strmap_get(&counts, "w0"), *c7 = strmap_get(&counts, "w7");
    printf("%lld %lld %lld %lld\n", (long long)distinct, (long long)sq, (long long)(c0 ? *c0 : 0), (long long)(c7 ? *c7 : 0));
    strmap_free(&counts);
    return 0;
}
