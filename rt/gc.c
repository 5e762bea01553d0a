/* gc.c — memory for Geno values: Boehm GC set up for our process, and GMP
 * routed through it.
 *
 * Every runtime object lives on the Boehm heap. An allocation that fails
 * (the sandbox caps the address space) raises the resource-limit error E504
 * instead of crashing: Boehm returns NULL after calling its OOM hook, and we
 * silence its warnings so nothing stray reaches stderr. Boehm's thread
 * suspend/restart signals default to SIGPWR/SIGXCPU; SIGXCPU is the CPU
 * rlimit's soft signal, so they are moved to real-time signals before
 * GC_INIT. GMP allocates through the collector and never frees
 * explicitly; the mpz_t headers sit in scanned memory (a GenoBig or a C
 * stack frame), so the collector reclaims limbs with their owner. GMP's
 * memory is SCANNED, not atomic: its temporaries (TMP_ALLOC, from these
 * functions in Debian's build, down to 56-byte blocks) hold pointers into
 * each other in the FFT multiplication; as atomic blocks those pointers
 * were invisible and a collection during a huge multiplication freed a
 * buffer in use (SIGSEGV under --max-integer-bits 4000000000). Measured:
 * no cost on factorial_big (a limb is almost never a heap address).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>
#include <gmp.h>

#include "geno/rt.h"
#include "alloc.h"
#include "errors.h"

extern void *__libc_stack_end;   /* glibc: where the main stack began at exec */

#ifndef GC_THREADS
/* Declared by gc.h only under GC_THREADS, but present in Debian's 8.2 build
 * (checked with nm); declaring them here avoids gc.h's pthread redirects. */
GC_API void GC_CALL GC_set_suspend_signal(int);
GC_API void GC_CALL GC_set_thr_restart_signal(int);
#endif

/* Boehm collects after allocating about (live data + roots) / 3 bytes. A
 * program with little live data then collects every ~200 KB, and each
 * collection rescans the roots (the data segments of every loaded library,
 * libcurl's dependencies included): traits spent a third of its time there.
 * A floor of 2 MB between collections cut records_with and traits by a
 * quarter of their instructions (callgrind) for ~2 MB more peak memory.
 * A built binary loads only libc and libm: its collections cost less
 * (~110k instructions each with no live data), and its floor, which is most
 * of a small program's peak memory, is 1 MB: peak RSS 5.3 -> 3.8 MB for
 * expr_interp or string_build, for 1-2% more instructions. */
#define GC_MIN_BYTES_BETWEEN_COLLECTIONS ((size_t)2 << 20)
#define GC_MIN_BYTES_BUILT_BINARY ((size_t)1 << 20)

/* A FLOOR THAT GROWS WITH A HEAP OF FLAT LEAVES. Boehm counts unscanned
 * bytes at a quarter of scanned ones when it sizes the gap between
 * collections, but marking costs per object too, and flat list leaves
 * (below) are many small objects: merge_sort (~3M words of live leaves,
 * all flat) was collected every 1 MB (the floor), 107 times, and marking
 * took 18% of its instructions. So after a collection that followed
 * mostly flat allocation (at least half the floor's worth since the one
 * before), the floor becomes a quarter of the heap; otherwise it is the
 * base floor again. Not for every program: a heap of a few large strings
 * (caesar) costs little to mark, and a quarter of it as a floor grew its
 * peak from 42 to 63 MB. When that collection also freed less than a
 * quarter of what was allocated since the one before (a growing heap:
 * tuples' 2M pairs, all live, were marked 11 times on the way), the floor
 * is the whole heap: tuples 2.02G -> 1.84G Ir, merge_sort
 * 1.60G -> 1.54G, peak RSS unchanged; the heap is mapped as it grows but
 * only touched as it fills. (A quarter of the heap as the floor costs
 * merge_sort peak memory at 3-5x the bench size: 49 -> 58 MB at 1.3M
 * elements, for 25-30% less time.) */
#define FLOOR_DIV 4
/* Boehm collects when the floor's worth has been allocated, and when the
 * heap may not grow (GC_set_max_heap_size) it reports out of memory rather
 * than collect (GC_max_retries is 0). So a raised floor leaves at least
 * as much room again under the cap: a floor of (cap - heap) / 2 at most,
 * and the base floor near the cap, where the program fits as before
 * (merge_sort under a 16 MB cap stopped with E504 without this). */
static size_t heap_cap;

void geno_gc_set_max_heap(size_t cap) {
    heap_cap = cap;
    GC_set_max_heap_size((GC_word)cap);
}
static size_t floor_base = GC_MIN_BYTES_BETWEEN_COLLECTIONS, floor_now = GC_MIN_BYTES_BETWEEN_COLLECTIONS;
static size_t flat_bytes;       /* taken by flat refills since the last collection */
static GC_word floor_gc_no;
static size_t floor_total, floor_used;   /* GC_get_total_bytes, GC_get_memory_use at it */

static void set_floor_base(size_t b) {
    floor_base = floor_now = b;
    GC_set_min_bytes_allocd(b);
}

/* Called after each batch taken from Boehm (a refill), outside its lock. */
static inline void adapt_floor(void) {
    GC_word no = GC_get_gc_no();
    if (GENO_LIKELY(no == floor_gc_no)) return;
    floor_gc_no = no;
    size_t f = floor_base;
    size_t total = GC_get_total_bytes(), used = GC_get_memory_use();
    size_t between = total - floor_total, freed = floor_used + between > used ? floor_used + between - used : 0;
    floor_total = total;
    floor_used = used;
    if (flat_bytes * 2 >= floor_now) {
        size_t heap = GC_get_heap_size(), h = freed * 4 < between ? heap : heap / FLOOR_DIV;
        if (heap_cap) {
            size_t room = heap_cap > heap ? (heap_cap - heap) / 2 : 0;
            if (h > room) h = room;
        }
        if (h > f) f = h;
    }
    flat_bytes = 0;
    if (f != floor_now) GC_set_min_bytes_allocd(floor_now = f);
}

/* E504 (limits.c): also what Boehm's OOM hook does once geno_run has
 * installed it; these checks cover allocations before that. */
static _Noreturn void out_of_memory(void) { geno_memory_exceeded(); }

void *geno_free_lists[GENO_FREE_LIST_GRANULES + 1];

/* List leaves that hold no pointer (rt/list.c, "flat leaves"): a kind of
 * their own that the collector never scans, and that it counts as atomic
 * data (descriptor 0), so its heap grows as for GC_MALLOC_ATOMIC (merge_sort
 * peak 31.6 MB against 40.4 MB when the leaves were counted as scanned
 * data). They come in bulk from GC_generic_malloc_many like the scanned
 * free lists, but a chain through unscanned objects would not keep them
 * alive: the batch is moved into a stash, a scanned array per size
 * (allocated once), and whatever does not fit is dropped (unreferenced, the
 * collector takes it back). */
static int flat_kind;
GenoFlatStash *geno_flat_stash[GENO_FREE_LIST_GRANULES + 1];

void *geno_alloc_flat_refill(size_t g) {
    if (g > GENO_FREE_LIST_GRANULES) return geno_alloc_atomic(g * 16);
    if (!flat_kind) geno_gc_init();
    GenoFlatStash *st = geno_flat_stash[g];
    if (!st) {
        st = GC_MALLOC(sizeof *st);
        if (!st) out_of_memory();
        geno_flat_stash[g] = st;
    }
    if (st->n == 0) {
        void *list = NULL;
        GC_generic_malloc_many(g * 16, flat_kind, &list);
        if (!list) out_of_memory();
        adapt_floor();
        while (list && st->n < GENO_FLAT_STASH) {
            void *next = *(void **)list;
            *(void **)list = 0;
            st->obj[st->n++] = list;
            list = next;
        }
        flat_bytes += (size_t)st->n * g * 16;
    }
    void *p = st->obj[--st->n];
    st->obj[st->n] = 0;
    return p;
}

/* The kind the free lists are filled from: like Boehm's NORMAL but without
 * its extra byte. NORMAL adds one byte to every object (so a pointer one
 * past the end keeps the object alive) and, in exchange, does not scan the
 * object's last word: a 2-word tuple took 32 bytes. This kind's objects are
 * exactly their granules and its length descriptor covers all of them. The
 * runtime and the emitted code keep pointers to an object's start (or
 * inside it, from the stack), never only one past its end. */
static int exact_kind;

/* Separators: every 4th 4 KB block of the heap that the exact kind takes
 * fresh is pinned, by one object of it kept (never handed out) in
 * pin_set, a root. Without them, the blocks that empty at a collection go
 * back to Boehm's block free lists and coalesce into one large chunk; each
 * later one-block refill then walks the ~30 empty lists below that chunk
 * to split it (GC_allochblk_nth, ~1,900 instructions per block:
 * records_with spent 20% of its instructions there). A pinned block never
 * empties, so the free space stays cut into chunks of at most 3 blocks,
 * found after a walk of 1-3 lists, while the pinned block itself stays in
 * its size class and is swept lazily by a later refill (GC_reclaim_clear,
 * about twice build_fl's cost per object, hence every 4th block and not
 * every 2nd: records_with 156.6M -> 139.2M Ir at 20,000 steps, against
 * 145.4M with every 2nd and 144.9M with every 8th). A pinned block is
 * kept by its size class for good: at most PIN_MAX of them (1 MB), so a
 * program whose heap grows far beyond (list_append: 58 -> 67 MB peak
 * with no cap) keeps its peak memory. */
#define PIN_EVERY 4
#define PIN_MAX 256
#define PIN_SLOTS (2 * PIN_MAX)
static void *pin_set[PIN_SLOTS];
static int pin_n;

/* The batch p without its head, pinned, when the head's block is due a
 * pin and has none; p itself otherwise. */
static void **pin_block(void **p) {
    uintptr_t blk = (uintptr_t)p >> 12;
    if (blk % PIN_EVERY || pin_n >= PIN_MAX || !*p) return p;
    size_t i = (size_t)(blk / PIN_EVERY * 0x9E3779B97F4A7C15ull >> 32) & (PIN_SLOTS - 1);
    for (; pin_set[i]; i = (i + 1) & (PIN_SLOTS - 1))
        if ((uintptr_t)pin_set[i] >> 12 == blk) return p;      /* pinned already */
    pin_set[i] = p;
    pin_n++;
    void **rest = *p;
    *p = 0;
    return rest;
}

/* The free list of `granules`-granule objects is empty: take a batch of
 * cleared objects (linked through their first word) from Boehm.
 * GC_generic_malloc_many takes whole granules (GC_malloc_many adds the
 * extra byte and rounds, then calls it); handed a size one byte short, as
 * once tried here, it corrupted the heap. The kind exists only after
 * geno_gc_init (Boehm's own kinds are 0-2, so 0 means not yet). */
void *geno_alloc_refill(size_t granules) {
    if (!exact_kind) geno_gc_init();
    void *list;
    GC_generic_malloc_many(granules * 16, exact_kind, &list);
    void **p = list;
    if (!p) out_of_memory();
    adapt_floor();
    p = pin_block(p);
    geno_free_lists[granules] = *p;
    *p = 0;
    return p;
}

void *geno_alloc_large(size_t size) {
    void *p = GC_MALLOC(size);
    if (!p && size) out_of_memory();
    return p;
}

void *geno_alloc_atomic(size_t size) {
    void *p = GC_MALLOC_ATOMIC(size);
    if (!p && size) out_of_memory();
    if (p) memset(p, 0, size);      /* GC_MALLOC_ATOMIC does not clear */
    return p;
}

void *geno_alloc_atomic_uncleared(size_t size) {
    void *p = GC_MALLOC_ATOMIC(size);
    if (!p && size) out_of_memory();
    return p;
}

/* Scanned like geno_alloc's objects, but not cleared: for a large Array
 * that geno_array_new fills before anything else runs (the collector may
 * see stale words only as a conservative root would, never a missed
 * pointer). lcs: clearing its 35 MB table was 16% of its instructions. */
static int uncleared_kind;

void *geno_alloc_uncleared(size_t size) {
    if (!exact_kind) geno_gc_init();
    if (!uncleared_kind)   /* made on first use: a kind more costs every collection */
        uncleared_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 1, 0);   /* scanned whole, not cleared */
    void *p = GC_generic_malloc(size, uncleared_kind);
    if (!p && size) out_of_memory();
    return p;
}

void *geno_realloc_atomic(void *old, size_t size) {
    void *p = GC_REALLOC(old, size);
    if (!p && size) out_of_memory();
    return p;
}

static void *gmp_alloc(size_t size) {
    void *p = GC_MALLOC(size);
    if (!p) out_of_memory();
    return p;
}

static void *gmp_realloc(void *old, size_t old_size, size_t size) {
    (void)old_size;
    void *p = GC_REALLOC(old, size);
    if (!p) out_of_memory();
    return p;
}

static void gmp_free(void *p, size_t size) { (void)p; (void)size; }

/* The executable's writable data (.data then .bss); the linker defines both
 * names in static and dynamic executables alike. */
extern char __data_start[], _end[];

void geno_gc_init(void) {
    static int done;
    if (done) return;
    done = 1;
    GC_set_thr_restart_signal(SIGRTMIN + 6);
    GC_set_suspend_signal(SIGRTMIN + 7);
    GC_set_warn_proc(GC_ignore_warn_proc);
    /* No collection inside GC_INIT: nothing is allocated yet, and marking
     * reads every page of every root segment (~60 page faults at ~10 us in
     * a `genoc run` child). */
    GC_set_dont_precollect(1);
    /* The cold end of the main stack, as Boehm's own Linux code finds it
     * when built with USE_LIBC_PRIVATES; Debian's build asks
     * pthread_getattr_np instead, which parses /proc/self/maps: ~115k
     * instructions and the kernel's formatting of the maps, a tenth of a
     * `genoc run` hello world's runtime start. Above it lie only argv, the
     * environment and the aux vector. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    if (!GC_stackbottom) GC_stackbottom = __libc_stack_end;
#pragma GCC diagnostic pop
    /* Roots: the executable's own .data and .bss, nothing else. Boehm would
     * find them by walking the program headers of every loaded object at
     * each collection, or, in a static executable, by probing downwards
     * from _end page by page at start-up (~0.2 ms of page faults in a
     * `genoc run` child). The shared libraries (libc, libm) hold no
     * pointers into the GC heap; the JIT-compiled program's globals are
     * registered by geno_add_roots, the stack by Boehm. */
    GC_set_no_dls(1);
    /* GC_NPROCS=1 spares Boehm reading /proc/stat for the processor count
     * (the kernel formats every interrupt's counts): 152 -> 109 us for
     * this function in a fresh static process, median of 30. The count
     * decides only whether its lock spins and how many markers it would
     * start; our processes have one thread and Debian's build starts no
     * marker thread either way (same GC_PRINT_STATS collections). Set only
     * for GC_INIT, and only when the environment does not name it, so the
     * program's env_get sees the environment it was given. */
    int set_nprocs = !getenv("GC_NPROCS") && setenv("GC_NPROCS", "1", 1) == 0;
    GC_INIT();
    if (set_nprocs) unsetenv("GC_NPROCS");
    GC_add_roots(__data_start, _end);
    /* Descriptor 0 of type length, adjusted by the object size: scan it all. */
    exact_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 1, 1);
    /* nothing scanned: a length descriptor of 0, not adjusted by the size */
    flat_kind = (int)GC_new_kind(GC_new_free_list(), GC_DS_LENGTH, 0, 1);
    set_floor_base(GC_MIN_BYTES_BETWEEN_COLLECTIONS);
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
}

void geno_add_roots(void *start, void *end) {
    geno_gc_init();
    GC_add_roots(start, end);
}

void geno_gc_init_built_binary(void) {
    geno_gc_init();
    set_floor_base(GC_MIN_BYTES_BUILT_BINARY);
}
