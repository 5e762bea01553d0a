/* In-place quicksort (Hoare partition, middle pivot). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static void quicksort(int64_t *a, int64_t lo, int64_t hi) {
    if (lo >= hi) return;
    int64_t pivot = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < pivot) i++;
        while (a[j] > pivot) j--;
        if (i <= j) { int64_t t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t *a = malloc((size_t)n * sizeof *a), seed = 99;
    for (int64_t i = 0; i < n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        a[i] = seed % 1000000;
    }
    quicksort(a, 0, n - 1);
    int ok = 1;
    int64_t h = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i > 0 && a[i - 1] > a[i]) ok = 0;
        h = (h * 31 + a[i]) % 1000000007;
    }
    printf("%s %lld %lld %lld\n", ok ? "true" : "false", (long long)a[0], (long long)a[n - 1], (long long)h);
    free(a);
    return 0;
}
