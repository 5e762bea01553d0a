/* Breadth-first search on a generated grid maze with an array queue. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 20;
    bool *wall = malloc((size_t)(n * n));
    int64_t seed = 77;
    for (int64_t i = 0; i < n * n; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648LL;
        wall[i] = seed / 65536 % 100 < 28;
    }
    wall[0] = false;
    int64_t *dist = malloc((size_t)(n * n) * sizeof *dist), *queue = malloc((size_t)(n * n) * sizeof *queue);
    for (int64_t i = 0; i < n * n; i++) dist[i] = -1;
    int64_t qlen = 0, head = 0;
    queue[qlen++] = 0;
    dist[0] = 0;
    while (head < qlen) {
        int64_t cell = queue[head++], r = cell / n, c = cell % n, d = dist[cell];
        for (int dir = 0; dir < 4; dir++) {
            int64_t nr = r, nc = c;
            if (dir == 0) nr = r - 1;
            else if (dir == 1) nr = r + 1;
            else if (dir == 2) nc = c - 1;
            else nc = c + 1;
            if (nr >= 0 && nr < n && nc >= 0 && nc < n) {
                int64_t next = nr * n + nc;
                if (!wall[next] && dist[next] < 0) { dist[next] = d + 1; queue[qlen++] = next; }
            }
        }
    }
    int64_t reached = 0, total = 0, far = 0;
    for (int64_t i = 0; i < n * n; i++)
        if (dist[i] >= 0) { reached++; total += dist[i]; if (dist[i] > far) far = dist[i]; }
    printf("%lld %lld %lld\n", (long long)reached, (long long)total, (long long)far);
    free(wall); free(dist); free(queue);
    return 0;
}
