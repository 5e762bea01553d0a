/* Shape "methods" as switch-dispatched functions on a tagged union plus a
 * record; double sums printed. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include "bench_util.h"

typedef enum { CIRCLE, RECT, SQUARE } Kind;
typedef struct { Kind kind; double a, b; } Shape;
typedef struct { double outer, inner; } Ring;

static double shape_area(Shape s) {
    switch (s.kind) {
    case CIRCLE: return 3.141592653589793 * s.a * s.a;
    case RECT: return s.a * s.b;
    default: return s.a * s.a;
    }
}
static double shape_perimeter(Shape s) {
    switch (s.kind) {
    case CIRCLE: return 2.0 * 3.141592653589793 * s.a;
    case RECT: return 2.0 * (s.a + s.b);
    default: return 4.0 * s.a;
    }
}
static double ring_area(Ring r) { return 3.141592653589793 * (r.outer * r.outer - r.inner * r.inner); }
static double ring_perimeter(Ring r) { return 2.0 * 3.141592653589793 * (r.outer + r.inner); }

static Shape make_shape(int64_t i) {
    double k = (double)(i % 10 + 1);
    if (i % 3 == 0) return (Shape){CIRCLE, k, 0};
    if (i % 3 == 1) return (Shape){RECT, k, k * 0.5};
    return (Shape){SQUARE, k, 0};
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    double total_area = 0.0, total_perim = 0.0;
    for (int64_t i = 0; i < n; i++) {
        Shape s = make_shape(i);
        total_area = total_area + shape_area(s);
        total_perim = total_perim + shape_perimeter(s);
        Ring ring = {(double)(i % 5 + 2), (double)(i % 2)};
        total_area = total_area + ring_area(ring);
        total_perim = total_perim + ring_perimeter(ring);
    }
    print_float(total_area);
    print_float(total_perim);
    return 0;
}
