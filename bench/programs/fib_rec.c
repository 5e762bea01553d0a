/* Naive doubly recursive Fibonacci. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int64_t fib(int64_t n) {
    if (n < 2) return n;
    return fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 20;
    printf("%lld\n", (long long)fib(n));
    return 0;
}
