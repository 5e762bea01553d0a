/* hugeheap.h — a malloc heap on transparent huge pages for a compile.
 *
 * On these VMs the first touch of a 4 KiB page costs ~10 us; a 2 MiB huge
 * page costs ~120 us. The compiler's big consumers (the C text the emitter
 * builds, tcc's tokens, sections and symbols: ~25 MB for a 20,000-line
 * program) allocate with malloc, whose mmap'ed chunks and brk heap are
 * touched a page at a time. hugeheap_reserve grows the brk heap once by
 * `bytes`, advises that span as huge pages, and keeps allocations below
 * 32 MiB in the heap; hugeheap_release gives the unused top back. */
#ifndef GENOC_HUGEHEAP_H
#define GENOC_HUGEHEAP_H

#include <stddef.h>

void hugeheap_reserve(size_t bytes);
void hugeheap_release(void);

#endif
