/* Spectral norm, 10 power iterations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "bench_util.h"

static double a(int64_t i, int64_t j) { return 1.0 / (double)((i + j) * (i + j + 1) / 2 + i + 1); }

static void mul_av(const double *v, double *out, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        double s = 0.0;
        for (int64_t j = 0; j < n; j++) s = s + a(i, j) * v[j];
        out[i] = s;
    }
}

static void mul_atv(const double *v, double *out, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        double s = 0.0;
        for (int64_t j = 0; j < n; j++) s = s + a(j, i) * v[j];
        out[i] = s;
    }
}

static void mul_atav(const double *v, double *out, int64_t n) {
    double *tmp = calloc((size_t)n, sizeof(double));
    mul_av(v, tmp, n);
    mul_atv(tmp, out, n);
    free(tmp);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 20;
    double *u = malloc((size_t)n * sizeof(double)), *v = calloc((size_t)n, sizeof(double));
    for (int64_t i = 0; i < n; i++) u[i] = 1.0;
    for (int k = 0; k < 10; k++) {
        mul_atav(u, v, n);
        mul_atav(v, u, n);
    }
    double vbv = 0.0, vv = 0.0;
    for (int64_t i = 0; i < n; i++) {
        vbv = vbv + u[i] * v[i];
        vv = vv + v[i] * v[i];
    }
    print_float(sqrt(vbv / vv));
    free(u); free(v);
    return 0;
}
