/* Takeuchi function. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t tak(int64_t x, int64_t y, int64_t z) {
    if (y >= x) return z;
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 12;
    printf("%lld\n", (long long)tak(n, n * 2 / 3, n / 3));
    return 0;
}
