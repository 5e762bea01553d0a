/* Nested loops over small integers. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 100;
    int64_t s = 0;
    for (int64_t i = 0; i < n; i++) {
        for (int64_t j = 0; j < n; j++) {
            int64_t v = (i * j + i + j) % 7;
            if (v > 3) s += v;
            else s -= 1;
        }
    }
    printf("%lld\n", (long long)s);
    return 0;
}
