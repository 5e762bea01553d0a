/* hugeheap.c — see hugeheap.h. */
#include "hugeheap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_2M ((uintptr_t)2 << 20)
#define MMAP_MAX ((size_t)32 << 20)   /* glibc's largest M_MMAP_THRESHOLD */

void hugeheap_reserve(size_t bytes) {
    bytes = (bytes + HUGE_2M - 1) & ~(HUGE_2M - 1);
    if (bytes > MMAP_MAX) bytes = MMAP_MAX;
    mallopt(M_MMAP_THRESHOLD, (int)MMAP_MAX);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * MMAP_MAX));
    uintptr_t lo = ((uintptr_t)sbrk(0) + HUGE_2M - 1) & ~(HUGE_2M - 1);
    /* volatile: cc drops an unused malloc/free pair */
    void *volatile grow = malloc(bytes - ((size_t)64 << 10));
    free(grow);   /* now the heap's free top, which malloc carves from */
    uintptr_t hi = (uintptr_t)sbrk(0) & ~(HUGE_2M - 1);
    if (grow && hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);   /* a hint */
}

void hugeheap_release(void) { malloc_trim(0); }
