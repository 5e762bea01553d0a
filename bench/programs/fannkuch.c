/* Fannkuch-redux (benchmarks-game), plain arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int *perm = calloc((size_t)n, sizeof(int)), *perm1 = calloc((size_t)n, sizeof(int)), *count = calloc((size_t)n, sizeof(int));
    for (int i = 0; i < n; i++) perm1[i] = i;
    int64_t max_flips = 0, checksum = 0, perm_count = 0;
    int r = n, done = 0;
    while (!done) {
        while (r != 1) { count[r - 1] = r; r--; }
        for (int i = 0; i < n; i++) perm[i] = perm1[i];
        int64_t flips = 0;
        int k = perm[0];
        while (k != 0) {
            for (int lo = 0, hi = k; lo < hi; lo++, hi--) { int t = perm[lo]; perm[lo] = perm[hi]; perm[hi] = t; }
            flips++;
            k = perm[0];
        }
        if (flips > max_flips) max_flips = flips;
        checksum += perm_count % 2 == 0 ? flips : -flips;
        int advanced = 0;
        while (!advanced && !done) {
            if (r == n) done = 1;
            else {
                int perm0 = perm1[0];
                for (int i = 0; i < r; i++) perm1[i] = perm1[i + 1];
                perm1[r] = perm0;
                count[r]--;
                if (count[r] > 0) advanced = 1;
                else r++;
            }
        }
        perm_count++;
    }
    printf("%lld\nPfannkuchen(%d) = %lld\n", (long long)checksum, n, (long long)max_flips);
    free(perm); free(perm1); free(count);
    return 0;
}
