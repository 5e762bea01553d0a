/* Stable sort of records by an int key and by a string key. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

typedef struct { char name[16]; int64_t age, score; } Person;

static int by_age(const void *a, const void *b) {
    const Person *x = a, *y = b;
    if (x->age != y->age) return (x->age > y->age) - (x->age < y->age);
    return (x->score > y->score) - (x->score < y->score);   /* stability */
}
static int by_name(const void *a, const void *b) {
    const Person *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c) return c;
    return (x->score > y->score) - (x->score < y->score);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    Person *people = malloc((size_t)n * sizeof *people), *a = malloc((size_t)n * sizeof *people),
           *b = malloc((size_t)n * sizeof *people);
    for (int64_t i = 0; i < n; i++) {
        snprintf(people[i].name, sizeof people[i].name, "p%lld", (long long)((i * 104729 + 7) % 100003));
        people[i].age = (i * 7919 + 13) % 90;
        people[i].score = i;
    }
    memcpy(a, people, (size_t)n * sizeof *people);
    qsort(a, (size_t)n, sizeof *a, by_age);
    memcpy(b, people, (size_t)n * sizeof *people);
    qsort(b, (size_t)n, sizeof *b, by_name);
    int64_t h = 0, g = 0;
    for (int64_t i = 0; i < n; i++) h = (h * 31 + a[i].score) % 1000000007;
    for (int64_t i = 0; i < n; i++) g = (g * 37 + b[i].score) % 1000000007;
    printf("%s %s %lld %lld\n", a[0].name, b[0].name, (long long)h, (long long)g);
    free(people); free(a); free(b);
    return 0;
}
