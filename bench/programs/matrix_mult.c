/* Dense n x n double matrix product (i-k-j order). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "bench_util.h"

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 20;
    double *a = calloc((size_t)(n * n), sizeof(double)), *b = calloc((size_t)(n * n), sizeof(double)),
           *c = calloc((size_t)(n * n), sizeof(double));
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++) {
            a[i * n + j] = (double)((i * 7 + j * 3) % 11) * 0.5;
            b[i * n + j] = (double)((i * 5 + j * 2) % 13) * 0.25;
        }
    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < n; k++) {
            double aik = a[i * n + k];
            for (int64_t j = 0; j < n; j++) c[i * n + j] = c[i * n + j] + aik * b[k * n + j];
        }
    double trace = 0.0, total = 0.0;
    for (int64_t d = 0; d < n; d++) trace = trace + c[d * n + d];
    for (int64_t e = 0; e < n * n; e++) total = total + c[e];
    print_float(trace);
    print_float(total);
    free(a); free(b); free(c);
    return 0;
}
