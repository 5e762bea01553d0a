/* hugepages.c — large anonymous mappings advised as transparent huge pages.
 *
 * On these VMs a page fault costs several microseconds, and the GC heap
 * grows in anonymous mappings of megabytes that are then touched 4 KiB at
 * a time: sieve at full size took 15,800 faults, a third of its run time.
 * The GC has no hook for how it gets memory, so genoc and `genoc build`
 * link with -Wl,--wrap=mmap: every mmap call in the runtime and the static
 * libgc comes here, and mappings of 2 MiB or more get MADV_HUGEPAGE (a
 * hint; without THP nothing changes). Nothing else refers to this file, so
 * a link without --wrap never pulls it in. */
#include <stddef.h>
#include <sys/mman.h>
#include <sys/types.h>

void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);

#define HUGE_PAGE ((size_t)2 << 20)

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
    void *p = __real_mmap(addr, len, prot, flags, fd, off);
#ifdef MADV_HUGEPAGE
    if (p != MAP_FAILED && (flags & MAP_ANONYMOUS) && len >= HUGE_PAGE) madvise(p, len, MADV_HUGEPAGE);
#endif
    return p;
}
