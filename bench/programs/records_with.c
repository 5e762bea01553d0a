/* Particles as structs copied and updated by value, bouncing in a box. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef struct { int64_t x, y, vx, vy; } Particle;

static Particle step(Particle p) {
    Particle q = p;
    q.x = p.x + p.vx;
    q.y = p.y + p.vy;
    if (q.x < 0 || q.x > 1000) { q.vx = 0 - q.vx; q.x = p.x; }
    if (q.y < 0 || q.y > 1000) { q.vy = 0 - q.vy; q.y = p.y; }
    return q;
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 100;
    Particle *ps = malloc(50 * sizeof *ps);
    for (int64_t i = 0; i < 50; i++) ps[i] = (Particle){i * 19 % 1000, i * 37 % 1000, i % 7 - 3, i % 11 - 5};
    for (int64_t t = 0; t < n; t++) {
        Particle *next = malloc(50 * sizeof *next);
        for (int i = 0; i < 50; i++) next[i] = step(ps[i]);
        free(ps);
        ps = next;
    }
    int64_t h = 0;
    for (int i = 0; i < 50; i++) h = (h * 31 + ps[i].x * 1009 + ps[i].y) % 1000000007;
    printf("%lld\n", (long long)h);
    printf("Particle(x: %lld, y: %lld, vx: %lld, vy: %lld)\n", (long long)ps[0].x, (long long)ps[0].y, (long long)ps[0].vx, (long long)ps[0].vy);
    free(ps);
    return 0;
}
