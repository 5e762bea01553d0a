/* N-queens: count all solutions by backtracking over column and diagonal flags. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t place(int row, int n, bool *cols, bool *d1, bool *d2) {
    if (row == n) return 1;
    int64_t count = 0;
    for (int c = 0; c < n; c++) {
        if (!cols[c] && !d1[row + c] && !d2[row - c + n - 1]) {
            cols[c] = d1[row + c] = d2[row - c + n - 1] = true;
            count += place(row + 1, n, cols, d1, d2);
            cols[c] = d1[row + c] = d2[row - c + n - 1] = false;
        }
    }
    return count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6;
    bool *cols = calloc((size_t)n, 1), *d1 = calloc((size_t)(2 * n), 1), *d2 = calloc((size_t)(2 * n), 1);
    printf("%lld\n", (long long)place(0, n, cols, d1, d2));
    free(cols); free(d1); free(d2);
    return 0;
}
