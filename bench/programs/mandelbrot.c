/* Mandelbrot set on an n x n grid, 50 iterations. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t escape_time(double cr, double ci, int64_t limit) {
    double zr = 0.0, zi = 0.0;
    int64_t i = 0;
    while (i < limit && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        i++;
    }
    return i;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 30;
    double fn = (double)n;
    int64_t inside = 0, total = 0;
    for (int64_t y = 0; y < n; y++) {
        double ci = 2.0 * (double)y / fn - 1.0;
        for (int64_t x = 0; x < n; x++) {
            double cr = 2.0 * (double)x / fn - 1.5;
            int64_t it = escape_time(cr, ci, 50);
            if (it == 50) inside++;
            total += it;
        }
    }
    printf("%lld %lld\n", (long long)inside, (long long)total);
    return 0;
}
