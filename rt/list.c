/* list.c — Geno's immutable List: a persistent vector.
 *
 * REPRESENTATION. A 32-way trie with a tail, as Clojure's PersistentVector,
 * plus an offset so that dropping a prefix is O(1):
 *
 *   GenoList { root, tail, len, off }     (32 bytes; the height and a size
 *                                          bound live in the root node)
 *
 * Element i lives at physical index p = off + i. Physical indices
 * [0, tailoff) sit in the trie under `root` (leaves of 32 words, inner nodes
 * of 32 pointers, `shift` = 5 * height), and [tailoff, off + len) in `tail`,
 * a leaf holding 1..32 elements; tailoff is (off + len - 1) rounded down to
 * a multiple of 32. Versions share everything they can: a new version is a
 * new 32-byte header plus the nodes on one path.
 *
 * APPEND IN PLACE. A leaf records how many of its slots are `filled`. A
 * version whose tail ends exactly at `filled` (no other version wrote past
 * it) and has spare capacity claims the next slot and writes there; older
 * versions still see only their own length. So `xs = append(xs, x)` in a
 * loop allocates one header per step, a new leaf every 32 steps and a trie
 * path every 32 steps; appending twice to the same old version copies the
 * tail (at most 32 words) the second time. Small lists get small tails
 * (capacity 4, 8, 16, 32; a literal of n <= 32 elements gets exactly n).
 *
 * PREPEND IN PLACE. The mirror image, for concat(short, long) (the
 * functional `[x] ++ rest` / cons idiom): a leaf also records the lowest
 * slot any version wrote (`front`; 0 for leaves filled from the start, as
 * all ordinary ones are). A version whose element 0 sits just above `front`
 * claims the slots below it. When there is no such room, the result is
 * built with free room in front (as many slots as it has elements, in
 * leaves marked as holding nothing), so prepending one element at a time
 * costs amortised O(1) instead of a copy of the whole list each time.
 *
 * COSTS (n = length):
 *   geno_list_get / geno_list_index           O(log32 n), O(1) in the tail
 *   geno_list_chunk (walk 32 at a time)       O(log32 n) per chunk
 *   geno_list_append                          amortised O(1)
 *   geno_list_set_at                          O(32 log32 n) (path copy)
 *   geno_list_drop / geno_list_tail           O(1) (offset), see SPACE
 *   geno_list_take / geno_list_slice          O(log32 n), see SPACE
 *   geno_list_concat(a, b)                    O(len b + 32), shares a;
 *                                             amortised O(len a) when a is short
 *   geno_list_of / range / reverse / builder  O(n), no per-element header
 *
 * SPACE. drop/take/slice share the parent's nodes, so a short result can
 * keep a long parent alive. `span` records how many physical elements the
 * shared structure may hold; when a view would keep more than 4 * len + 64
 * unused elements alive, it is copied instead (O(len), amortised O(1) per
 * dropped element, so `xs = tail(xs)` loops and `q = append(tail(q), x)`
 * queues stay linear in time and bounded in space).
 *
 * Sizes are held to cfg.max_collection_size with the reference's E499
 * "List size exceeds limit (N > L)"; index errors are E401 and, for a
 * negative index, show the index after adding the length, as the reference.
 */
#include <string.h>

#include "geno/rt.h"
#include "alloc.h"
#include "int.h"
#include "list.h"
#include "run.h"

#define BITS 5
#define WIDTH 32
#define MASK 31

/* A leaf (GenoListLeaf in geno/rt.h): `filled` counts the slots written
 * by some version, `cap` the slots allocated, `front` is the lowest slot
 * written by some version (WIDTH: none). */
typedef GenoListLeaf Leaf;

/* A trie node (struct GenoListNode, geno/rt.h). */
typedef struct GenoListNode Node;

_Static_assert(sizeof(Node) == 288, "a node is 18 granules, allocated exactly (node_copy)");

/* GenoList (geno/rt.h): len elements from physical index off; root holds
 * physical [0, tailoff) (NULL: none, shift 5), tail [tailoff, off + len). */

static GenoList empty_list;

static int64_t shift_of(const GenoList *l) { return l->root ? l->root->shift : BITS; }
/* Without a trie everything is in the tail: at most 32 elements, never
 * worth copying out of. */
static int64_t span_of(const GenoList *l) { return l->root ? l->root->span : l->off + l->len; }

/* ---- helpers ---------------------------------------------------------------------- */

void geno_check_collection_size(const char *kind, int64_t size, GenoLoc loc) {
    int64_t limit = geno_cfg.max_collection_size;
    if (size > limit)
        geno_raise("E499", loc, "%s size exceeds limit (%lld > %lld)", kind, (long long)size, (long long)limit);
}

static void check_size(int64_t size, GenoLoc loc) { geno_check_collection_size("List", size, loc); }

static int64_t tailoff_of(int64_t cnt) { return cnt == 0 ? 0 : ((cnt - 1) >> BITS) << BITS; }

static Leaf *leaf_new(int32_t cap) {
    Leaf *l = geno_alloc(sizeof(Leaf) + (size_t)cap * sizeof(GenoWord));
    l->cap = cap;
    return l;
}

/* FLAT LEAVES. A list of small Ints holds no pointer, yet the collector
 * would read every element of every leaf at every collection (merge_sort
 * spent a fifth of its instructions there). A flat leaf is allocated so
 * that the collector does not scan its elements (geno_alloc_flat), and only
 * odd words may ever be written to it: a small Int is odd, a pointer to a
 * heap object even (objects are 16-byte aligned), other odd words (Bool
 * true, Float bits) are no pointers either. The appends choose: a new tail
 * is flat when the element is odd and the tail it follows was flat (or
 * there was none); an even element for a flat tail takes the copy path
 * into an ordinary leaf, so one even element ends the list's flat leaves
 * for good. Every other writer allocates ordinary leaves; the two that
 * write into leaves they did not allocate check for flat ones as well
 * (geno_list_set_owned copies the tail, prepend_in_place declines), though
 * neither meets one today: the owner's tail is geno_list_own's copy, and
 * only concat_with_room's leaves have free front slots. */
static Leaf *leaf_new_flat(int32_t cap) {
    Leaf *l = geno_alloc_flat(sizeof(Leaf) + (size_t)cap * sizeof(GenoWord));
    l->cap = cap;
    l->flat = 1;
    return l;
}

/* A new leaf for appending v after leaf prev (NULL: the first). */
static inline Leaf *leaf_for_append(const Leaf *prev, int32_t cap, GenoWord v) {
    return (v & 1) && (!prev || prev->flat) ? leaf_new_flat(cap) : leaf_new(cap);
}

/* Whether v may be written into leaf t. */
static int leaf_takes(const Leaf *t, GenoWord v) { return (v & 1) || !t->flat; }

static Node *node_copy(const Node *n) {
    /* 288 bytes, exactly 18 granules: geno_alloc adds no end byte (rt/gc.c) */
    Node *c = geno_alloc(sizeof(Node));
    if (n) memcpy(c, n, sizeof(Node));
    c->edit = 0;                /* a copy belongs to no owner */
    c->own = 0;
    return c;
}

static GenoList *header(int64_t len, int64_t off, int64_t span, int64_t shift, Node *root, Leaf *tail) {
    if (len == 0) return &empty_list;
    if (root) {                 /* a root has one height; its span only grows */
        root->shift = shift;
        if (root->span < span) root->span = span;
    }
    /* 32 bytes: two granules (geno_alloc adds no byte for Boehm). */
    GenoList *l = geno_alloc(sizeof(GenoList));
    l->len = len;
    l->off = off;
    l->root = root;
    l->tail = tail;
    return l;
}

/* The trie leaf holding physical index p (p < tailoff). */
static Leaf *leaf_at(const GenoList *l, int64_t p) { return geno_list_leaf_at(l, p); }

/* A copy of the path to physical index p with `leaf` (32 elements starting
 * at p) put in place. `parent` may be NULL (a new path). A child exists iff
 * p is not the first index of the child's range: the test does not trust
 * NULL slots, because a truncated version keeps stale slots past its end. */
static Node *push_leaf(int64_t shift, const Node *parent, int64_t p, Leaf *leaf) {
    Node *n = node_copy(parent);
    int sub = (int)((p >> shift) & MASK);
    if (shift == BITS) {
        n->slot[sub] = leaf;
    } else {
        const Node *child = (parent && (p & ((INT64_C(1) << shift) - 1)) != 0) ? parent->slot[sub] : NULL;
        n->slot[sub] = push_leaf(shift - BITS, child, p, leaf);
    }
    return n;
}

/* Puts a full leaf at physical p (a multiple of 32) into the trie. */
static void trie_push(Node **root, int64_t *shift, int64_t p, Leaf *leaf) {
    if (*root && p == (INT64_C(1) << (*shift + BITS))) {
        Node *r = node_copy(NULL);
        r->slot[0] = *root;
        *root = r;
        *shift += BITS;
    }
    *root = push_leaf(*shift, *root, p, leaf);
}

static int32_t small_cap(int64_t need) {
    return need <= 4 ? 4 : need <= 8 ? 8 : need <= 16 ? 16 : WIDTH;
}

/* ---- builder: appends without a header per element ------------------------------ */

/* The builder is a list header under construction whose tail it fills in
 * a SCRATCH leaf (capacity 32, starting at physical index tailoff). cur is
 * the tail's next free slot; emitted code stores there directly while
 * cur < end (GENO_LIST_BUILDER_ADD), and end is set so that those stores
 * cannot take the list past max_collection_size.
 *
 * SCRATCH TAILS. A full scratch leaf of odd words (small Ints, say) goes
 * into the trie as a flat copy (see FLAT LEAVES) and is filled again, and
 * geno_list_builder_finish copies the last elements into a tail of their
 * size (4, 8, 16 or 32 slots, flat when all odd). Only a leaf that would
 * be an ordinary one of 32 slots anyway (a full one with a pointer in it,
 * or a last one of more than 16 such elements) is published itself, the
 * builder taking another. A finished builder gives its scratch leaf back, cleared,
 * to a small pool (a runtime global, so a root), and the next builder
 * takes it from there: a list of k <= 32 elements costs one leaf of its
 * size and a header, with no 4 -> 8 -> 16 -> 32 regrowth, and its leaf
 * is flat when it can be (merge_sort builds ~10^6 such lists). A builder
 * left unfinished (an error raised while it was filling) just leaves its
 * scratch leaf to the collector.
 *
 * TRANSIENT TRIE. The trie nodes a builder makes are its own until
 * geno_list_builder_finish publishes them, so it writes them in place:
 * each carries the builder's `edit` id (negative, unique in the process;
 * map owners' ids are positive, geno_list_set_owned), and a push copies
 * only nodes without it (those of the list a builder started from).
 * Nodes stay marked after finish, which is safe as no later builder has
 * that id. The height is the root's (root->shift; BITS without one). */
typedef struct {
    GenoWord *cur, *end;
    int64_t tailoff, off, span, edit;
    Node *root;
    Leaf *tail;                 /* the scratch leaf; NULL until the first element */
    GenoList *src;              /* geno_list_builder_start's list until the first element (LAZY START) */
} Builder;

_Static_assert(sizeof(GenoListBuilder) == sizeof(Builder), "the public builder's size");

static Builder *as_builder(GenoListBuilder *b) { return (Builder *)(void *)b; }

static int64_t builder_tl(const Builder *b) { return b->tail ? b->cur - b->tail->items : 0; }
static int64_t builder_len(const Builder *b) { return b->tailoff + builder_tl(b) - b->off; }

#define SCRATCH_KEEP 16
static Leaf *scratch_pool[SCRATCH_KEEP];
static int scratch_n;

static inline __attribute__((always_inline)) Leaf *scratch_take(void) {
    if (scratch_n == 0) return leaf_new(WIDTH);
    Leaf *t = scratch_pool[--scratch_n];
    scratch_pool[scratch_n] = NULL;
    return t;
}

/* Back to the pool with no stale pointer (the pool is scanned): its first
 * `dirty` words cleared. */
static inline __attribute__((always_inline)) void scratch_give(Leaf *t, int64_t dirty) {
    if (scratch_n == SCRATCH_KEEP) return;
    if (dirty) memset(t->items, 0, sizeof(GenoWord) * (size_t)dirty);
    scratch_pool[scratch_n++] = t;
}

/* end: the tail's free slots, no more than the size limit leaves. */
static void builder_set_end(Builder *b) {
    if (!b->tail) { b->end = b->cur; return; }
    int64_t tl = b->cur - b->tail->items;
    int64_t room = geno_cfg.max_collection_size - (b->tailoff + tl - b->off);
    int64_t free_slots = WIDTH - tl;
    b->end = b->cur + (room < 0 ? 0 : room < free_slots ? room : free_slots);
}

void geno_list_builder_init(GenoListBuilder *gb) {
    Builder *b = as_builder(gb);
    memset(b, 0, sizeof *b);
}

/* Starts a builder holding l's elements (sharing l's trie). */
static void builder_from(Builder *b, const GenoList *l) {
    geno_list_builder_init((GenoListBuilder *)b);   /* (also its edit id: none yet) */
    if (l->len == 0) return;
    b->off = l->off;
    b->span = span_of(l);
    b->root = l->root;
    int64_t cnt = l->off + l->len, to = tailoff_of(cnt), tl = cnt - to;
    Leaf *t = scratch_take();
    memcpy(t->items, l->tail->items, (size_t)tl * sizeof(GenoWord));
    b->tailoff = to;
    b->tail = t;
    b->cur = t->items + tl;
    builder_set_end(b);
}

/* Puts the full leaf at physical tailoff into the builder's trie, writing
 * its own nodes in place (see TRANSIENT TRIE). */
static void builder_trie_push(Builder *b, Leaf *leaf) {
    static int64_t next_edit;
    if (!b->edit) b->edit = __atomic_sub_fetch(&next_edit, 1, __ATOMIC_RELAXED);
    int64_t p = b->tailoff, shift = b->root ? b->root->shift : BITS;
    if (b->root && p == (INT64_C(1) << (shift + BITS))) {   /* full: one level more */
        Node *r = node_copy(NULL);
        r->edit = b->edit;
        r->slot[0] = b->root;
        shift += BITS;
        r->shift = shift;
        b->root = r;
    }
    Node **ref = &b->root;
    for (int64_t s = shift;; s -= BITS) {
        Node *n = *ref;
        if (!n || n->edit != b->edit) {
            n = node_copy(n);
            n->edit = b->edit;
            if (s == shift) n->shift = shift;
            *ref = n;
        }
        int sub = (int)((p >> s) & MASK);
        if (s == BITS) {
            n->slot[sub] = leaf;
            return;
        }
        /* a child exists iff p is not the first index of its range (a
         * truncated version keeps stale slots past its end) */
        if ((p & ((INT64_C(1) << s) - 1)) == 0) n->slot[sub] = NULL;
        ref = (Node **)&n->slot[sub];
    }
}

/* Whether the n words at w are all odd (no pointer among them). */
static inline __attribute__((always_inline)) int all_odd(const GenoWord *w, int64_t n) {
    GenoWord o0 = 1, o1 = 1;
    int64_t i = 0;
    for (; i + 1 < n; i += 2) {
        o0 &= w[i];
        o1 &= w[i + 1];
    }
    if (i < n) o0 &= w[i];
    return (int)(o0 & o1);
}

/* all_odd of a full leaf's 32 words, in four chains. */
static int all_odd32(const GenoWord *w) {
    GenoWord o0 = 1, o1 = 1, o2 = 1, o3 = 1;
    for (int i = 0; i < WIDTH; i += 4) {
        o0 &= w[i];
        o1 &= w[i + 1];
        o2 &= w[i + 2];
        o3 &= w[i + 3];
    }
    return (int)(o0 & o1 & o2 & o3);
}

/* A leaf of capacity cap holding the n words at w: flat when odd, they
 * are all odd (see FLAT LEAVES). */
static inline __attribute__((always_inline)) Leaf *leaf_copy_of(const GenoWord *w, int64_t n, int32_t cap, int odd) {
    Leaf *f = odd ? leaf_new_flat(cap) : leaf_new(cap);
    memcpy(f->items, w, sizeof(GenoWord) * (size_t)n);
    f->filled = (int32_t)n;
    return f;
}

/* The tail is full (or there is none yet): a copy of it into the trie,
 * and the scratch leaf is filled again. */
static void builder_next_tail(Builder *b) {
    if (!b->tail) {
        b->tail = scratch_take();
    } else if (all_odd32(b->tail->items)) {
        builder_trie_push(b, leaf_copy_of(b->tail->items, WIDTH, WIDTH, 1));
        b->tailoff += WIDTH;
    } else {                    /* an ordinary leaf anyway: the scratch leaf itself, and a new one */
        b->tail->filled = WIDTH;
        builder_trie_push(b, b->tail);
        b->tailoff += WIDTH;
        b->tail = scratch_take();
    }
    b->cur = b->tail->items;
}

/* Adds n elements without a size check (the callers check). */
static void builder_add_many(Builder *b, const GenoWord *items, int64_t n) {
    while (n > 0) {
        if (!b->tail || b->cur == b->tail->items + WIDTH) builder_next_tail(b);
        int64_t free_slots = b->tail->items + WIDTH - b->cur;
        int64_t k = free_slots < n ? free_slots : n;
        memcpy(b->cur, items, (size_t)k * sizeof(GenoWord));
        b->cur += k;
        items += k;
        n -= k;
    }
    builder_set_end(b);
}

/* LAZY START. A builder started from a list l (codegen/emit_transient.c:
 * a list variable built in place over a run of statements) takes l's
 * elements only when its first element comes: [cur, end) is empty until
 * then, so the first GENO_LIST_BUILDER_ADD calls geno_list_builder_add,
 * which copies l's tail (builder_from). A builder that got no element
 * finishes as l itself: no copy, no new header. From an empty l it takes
 * its scratch leaf at once, so that even its first element is an inline
 * store. (`more`, the elements expected, is not needed: the finished tail
 * is sized from its elements.) */
void geno_list_builder_start(GenoListBuilder *gb, GenoList *l) {
    Builder *b = as_builder(gb);
    geno_list_builder_init(gb);
    if (l->len != 0) {
        b->src = l;
        return;
    }
    b->tail = scratch_take();   /* the first element is an inline store too */
    b->cur = b->tail->items;
    builder_set_end(b);
}

void geno_list_builder_add(GenoListBuilder *gb, GenoWord v, GenoLoc loc) {
    Builder *b = as_builder(gb);
    if (b->src) builder_from(b, b->src);
    check_size(builder_len(b) + 1, loc);
    builder_add_many(b, &v, 1);
}

void geno_list_builder_add_many(GenoListBuilder *gb, const GenoWord *items, int64_t n, GenoLoc loc) {
    Builder *b = as_builder(gb);
    if (b->src) builder_from(b, b->src);
    check_size(builder_len(b) + n, loc);
    builder_add_many(b, items, n);
}

void geno_list_builder_add_list(GenoListBuilder *gb, GenoList *l, GenoLoc loc) {
    Builder *b = as_builder(gb);
    if (b->src) builder_from(b, b->src);
    check_size(builder_len(b) + l->len, loc);
    for (int64_t i = 0; i < l->len;) {
        int64_t k;
        const GenoWord *c = geno_list_chunk(l, i, &k);
        builder_add_many(b, c, k);
        i += k;
    }
}

GenoList *geno_list_builder_finish(GenoListBuilder *gb) {
    Builder *b = as_builder(gb);
    if (b->src) {               /* started from src and given nothing: src itself */
        GenoList *l = b->src;
        geno_list_builder_init(gb);
        return l;
    }
    if (!b->tail) return &empty_list;
    int64_t tl = builder_tl(b), len = builder_len(b), cnt = b->off + len;
    if (len == 0) {             /* started empty, given nothing */
        scratch_give(b->tail, 0);
        geno_list_builder_init(gb);
        return &empty_list;
    }
    int odd = all_odd(b->tail->items, tl);
    Leaf *t;
    if (!odd && tl > WIDTH / 2) {   /* an ordinary leaf anyway, mostly full: the scratch leaf itself */
        t = b->tail;
        t->filled = (int32_t)tl;
    } else {
        t = leaf_copy_of(b->tail->items, tl, b->tailoff > 0 ? WIDTH : small_cap(tl), odd);
        /* Pointers can sit only in [0, tl): a fill with one went into the
         * trie as the scratch leaf itself (builder_next_tail), so the
         * words past tl are odd ones of earlier all-odd fills, or the
         * pool's odd or cleared words. */
        scratch_give(b->tail, odd ? 0 : tl);
    }
    GenoList *l = header(len, b->off, b->span > cnt ? b->span : cnt, b->root ? b->root->shift : BITS, b->root, t);
    geno_list_builder_init(gb);
    return l;
}

/* A fresh compact copy of l[from, from + n). */
static GenoList *copy_range(const GenoList *l, int64_t from, int64_t n) {
    Builder b;
    geno_list_builder_init((GenoListBuilder *)&b);
    for (int64_t i = from; i < from + n;) {
        int64_t k;
        const GenoWord *c = geno_list_chunk((GenoList *)l, i, &k);
        if (k > from + n - i) k = from + n - i;
        builder_add_many(&b, c, k);
        i += k;
    }
    return geno_list_builder_finish((GenoListBuilder *)&b);
}

/* ---- access ----------------------------------------------------------------------- */

GenoList *geno_list_empty(void) { return &empty_list; }

int64_t geno_list_len(GenoList *l) { return l->len; }

GenoWord geno_list_get(GenoList *l, int64_t i) {
    int64_t p = l->off + i, to = tailoff_of(l->off + l->len);
    if (p >= to) return l->tail->items[p - to];
    return leaf_at(l, p)->items[p & MASK];
}

const GenoWord *geno_list_chunk(GenoList *l, int64_t i, int64_t *n) {
    int64_t p = l->off + i, cnt = l->off + l->len, to = tailoff_of(cnt);
    if (p >= to) {
        *n = cnt - p;
        return &l->tail->items[p - to];
    }
    int64_t k = WIDTH - (p & MASK);
    *n = k < l->len - i ? k : l->len - i;
    return &leaf_at(l, p)->items[p & MASK];
}

void geno_list_copy_out(GenoList *l, int64_t from, int64_t n, GenoWord *dst) {
    for (int64_t i = from; i < from + n;) {
        int64_t k;
        const GenoWord *c = geno_list_chunk(l, i, &k);
        if (k > from + n - i) k = from + n - i;
        memcpy(dst, c, (size_t)k * sizeof(GenoWord));
        dst += k;
        i += k;
    }
}

GenoWord geno_list_index(GenoList *l, GenoInt i, GenoLoc loc) {
    int64_t idx;
    int ok = geno_int_get_i64(i, &idx);
    if (ok && idx < 0) idx += l->len;
    if (ok && idx >= 0 && idx < l->len) return geno_list_get(l, idx);
    GenoInt shown = geno_int_sign(i) < 0 ? geno_int_add_slow(i, geno_int_from_i64(l->len), loc) : i;
    geno_raise("E401", loc, "Index %s out of bounds for list of length %lld",
               geno_int_cstr(shown), (long long)l->len);
}

/* l[i] through a window (GENO_LIST_AT): raises as geno_list_index, else
 * sets the window to the *n indexes from *s that share i's leaf (*c: the
 * element at *s) and returns l[i]. */
GenoWord geno_list_window(GenoList *l, GenoInt i, const GenoWord **c, int64_t *s, int64_t *n, GenoLoc loc) {
    int64_t x = GENO_INT_VALUE(i), len = l->len;
    if (!(i & 1) || x >= len || x < -len) {
        *c = 0;
        *s = *n = 0;
        return geno_list_index(l, i, loc);
    }
    if (x < 0) x += len;
    int64_t off = l->off, p = off + x, to = tailoff_of(off + len), leaf0, end;
    const GenoWord *items;
    if (p >= to) {              /* the tail: physical [to, off + len) */
        leaf0 = to;
        items = l->tail->items;
        end = len;
    } else {
        leaf0 = p & ~(int64_t)MASK;
        items = leaf_at(l, p)->items;
        end = leaf0 + WIDTH - off;
    }
    int64_t from = leaf0 - off > 0 ? leaf0 - off : 0;   /* a view may start mid-leaf */
    const GenoWord *w = items + (off + from - leaf0);
    *c = w;
    *s = from;
    *n = end - from;
    return w[x - from];
}

/* ---- building --------------------------------------------------------------------- */

GenoList *geno_list_of(int64_t n, const GenoWord *items, GenoLoc loc) {
    if (n == 0) return &empty_list;
    check_size(n, loc);
    if (n <= WIDTH) {                   /* one exact-size tail */
        Leaf *t = leaf_copy_of(items, n, (int32_t)n, all_odd(items, n));   /* flat when it can be */
        return header(n, 0, n, BITS, NULL, t);
    }
    Builder b;
    geno_list_builder_init((GenoListBuilder *)&b);
    builder_add_many(&b, items, n);
    return geno_list_builder_finish((GenoListBuilder *)&b);
}

/* geno_list_append for the first element of a list expected to get `more`
 * elements from a loop (a capacity hint, codegen/emit.c: emit_self_append):
 * its leaf starts at that size, up to 32, instead of growing 4 -> 8 -> 16
 * -> 32 with a copy each time. Only capacity differs: the result is the
 * same list. */
GenoList *geno_list_append_sized(GenoList *l, GenoWord v, int64_t more, GenoLoc loc) {
    if (l->len != 0 || more <= 4) return geno_list_append(l, v, loc);
    check_size(1, loc);
    Leaf *t = leaf_for_append(NULL, small_cap(more), v);   /* flat for a small Int, as in geno_list_append */
    t->items[0] = v;
    t->filled = 1;
    return header(1, 0, 1, BITS, NULL, t);
}

GenoList *geno_list_append(GenoList *l, GenoWord v, GenoLoc loc) {
    check_size(l->len + 1, loc);
    if (l->len == 0) {
        Leaf *t = leaf_for_append(NULL, 4, v);
        t->items[0] = v;
        t->filled = 1;
        return header(1, 0, 1, BITS, NULL, t);
    }
    int64_t cnt = l->off + l->len, to = tailoff_of(cnt), tl = cnt - to;
    int64_t span = span_of(l) > cnt + 1 ? span_of(l) : cnt + 1;
    Leaf *t = l->tail;
    if (tl < WIDTH) {
        if (t->filled != tl || tl >= t->cap || !leaf_takes(t, v)) {   /* not ours to extend: copy */
            Leaf *c = leaf_for_append(t, to > 0 ? WIDTH : small_cap(tl + 1), v);
            memcpy(c->items, t->items, (size_t)tl * sizeof(GenoWord));
            t = c;
        }
        t->items[tl] = v;
        t->filled = (int32_t)(tl + 1);
        return header(l->len + 1, l->off, span, shift_of(l), l->root, t);
    }
    Node *root = l->root;
    int64_t shift = shift_of(l);
    trie_push(&root, &shift, to, t);
    Leaf *nt = leaf_for_append(t, WIDTH, v);
    nt->items[0] = v;
    nt->filled = 1;
    return header(l->len + 1, l->off, span, shift, root, nt);
}

GenoList *geno_list_push(GenoList *l, GenoWord v, GenoLoc loc) {
    if (l->len == 0) return geno_list_append(l, v, loc);   /* never write the shared empty list */
    check_size(l->len + 1, loc);
    int64_t cnt = l->off + l->len, to = tailoff_of(cnt), tl = cnt - to;
    Leaf *t = l->tail;
    if (tl == WIDTH) {                          /* tail full: into the trie */
        int64_t shift = shift_of(l);
        trie_push(&l->root, &shift, to, t);
        l->root->shift = shift;
        t = leaf_for_append(t, WIDTH, v);
        tl = 0;
    } else if (t->filled != tl || tl >= t->cap || !leaf_takes(t, v)) {   /* not ours to extend: copy */
        Leaf *c = leaf_for_append(t, to > 0 ? WIDTH : small_cap(tl + 1), v);
        memcpy(c->items, t->items, (size_t)tl * sizeof(GenoWord));
        t = c;
    }
    t->items[tl] = v;
    t->filled = (int32_t)(tl + 1);
    l->tail = t;
    l->len++;
    /* the span covers the whole tail: GENO_LIST_PUSH fills it without
     * updating the span */
    int64_t tail_end = tailoff_of(cnt + 1) + WIDTH;
    if (l->root && l->root->span < tail_end) l->root->span = tail_end;
    return l;
}

static Node *assoc(int64_t shift, const Node *n, int64_t p, GenoWord v) {
    Node *c = node_copy(n);
    int sub = (int)((p >> shift) & MASK);
    if (shift == BITS) {
        const Leaf *old = n->slot[sub];
        Leaf *nl = leaf_copy_of(old->items, WIDTH, WIDTH, 0);
        nl->items[p & MASK] = v;
        c->slot[sub] = nl;
    } else {
        c->slot[sub] = assoc(shift - BITS, n->slot[sub], p, v);
    }
    return c;
}

/* set_at(list, index, value): no negative indexes, E499 as the reference. */
GenoList *geno_list_set_at(GenoList *l, GenoInt index, GenoWord v, GenoLoc loc) {
    int64_t i;
    if (!geno_int_get_i64(index, &i) || i < 0 || i >= l->len)
        geno_raise("E499", loc, "set_at index out of range");
    int64_t p = l->off + i, cnt = l->off + l->len, to = tailoff_of(cnt);
    if (p >= to) {
        int64_t tl = cnt - to;
        Leaf *t = leaf_copy_of(l->tail->items, tl, to > 0 ? WIDTH : (int32_t)tl, 0);
        t->items[p - to] = v;
        return header(l->len, l->off, span_of(l), shift_of(l), l->root, t);
    }
    return header(l->len, l->off, span_of(l), shift_of(l), assoc(shift_of(l), l->root, p, v), l->tail);
}

/* ---- written in place by one owner ------------------------------------------------
 * A Map built by `m = map_insert(m, k, v)` in a loop holds its lists alone
 * (map.c). geno_list_own gives it headers of its own (and a tail, when it
 * will overwrite elements); geno_list_set_owned then writes element i in
 * place. The tail is the owner's (pushes on an owned header keep it so),
 * and so are trie nodes marked with its `edit` id and the leaves such a
 * node marks in `own`; anything else on the path is copied once, marked,
 * and written in place from then on. */

GenoList *geno_list_own(GenoList *l, int copy_tail) {
    if (l->len == 0) return l;  /* the shared empty list: pushes replace it */
    int64_t cnt = l->off + l->len, to = tailoff_of(cnt), tl = cnt - to;
    Leaf *t = l->tail;
    if (copy_tail) {
        t = leaf_copy_of(l->tail->items, tl, to > 0 ? WIDTH : small_cap(tl), 0);
    }
    return header(l->len, l->off, span_of(l), shift_of(l), l->root, t);
}

void geno_list_set_owned(GenoList *l, int64_t i, GenoWord v, int64_t edit) {
    int64_t p = l->off + i, cnt = l->off + l->len, to = tailoff_of(cnt);
    if (p >= to) {
        if (!leaf_takes(l->tail, v)) {          /* the owner's tail: an ordinary copy */
            l->tail = leaf_copy_of(l->tail->items, cnt - to, to > 0 ? WIDTH : small_cap(cnt - to), 0);
        }
        l->tail->items[p - to] = v;
        return;
    }
    Node **ref = &l->root;
    for (int64_t s = l->root->shift;; s -= BITS) {
        Node *n = *ref;
        if (n->edit != edit) {
            n = node_copy(n);
            n->edit = edit;
            *ref = n;
        }
        int sub = (int)((p >> s) & MASK);
        if (s == BITS) {
            if (!((n->own >> sub) & 1)) {
                n->slot[sub] = leaf_copy_of(((Leaf *)n->slot[sub])->items, WIDTH, WIDTH, 0);
                n->own |= UINT32_C(1) << sub;
            }
            ((Leaf *)n->slot[sub])->items[p & MASK] = v;
            return;
        }
        ref = (Node **)&n->slot[sub];
    }
}

/* ---- views: drop, take, slice ------------------------------------------------------ */

/* l[from, from + n), 0 <= from, n >= 0, from + n <= len. */
static GenoList *sub(GenoList *l, int64_t from, int64_t n) {
    if (n == 0) return &empty_list;
    if (from == 0 && n == l->len) return l;
    if (span_of(l) - n > 4 * n + 64) return copy_range(l, from, n);
    int64_t off = l->off + from, cnt = off + n, old_cnt = l->off + l->len;
    if (cnt == old_cnt || cnt > tailoff_of(old_cnt))     /* the end stays in the tail */
        return header(n, off, span_of(l), shift_of(l), l->root, l->tail);
    /* the end moves into the trie: that leaf becomes the tail (stale slots
     * past the end are never read; see push_leaf) */
    return header(n, off, span_of(l), shift_of(l), l->root, leaf_at(l, cnt - 1));
}

/* An Int argument clamped to [0, len]. */
static int64_t clamp_len(GenoInt k, int64_t len) {
    int64_t v;
    if (!geno_int_get_i64(k, &v)) return geno_int_sign(k) < 0 ? 0 : len;
    return v < 0 ? 0 : v > len ? len : v;
}

GenoList *geno_list_drop(GenoList *l, GenoInt count) {
    int64_t k = clamp_len(count, l->len);
    return sub(l, k, l->len - k);
}

GenoList *geno_list_take(GenoList *l, GenoInt count) {
    return sub(l, 0, clamp_len(count, l->len));
}

GenoList *geno_list_slice(GenoList *l, GenoInt start, GenoInt stop) {
    /* The reference clamps start to >= 0, then slices like Python, so a
     * negative stop counts from the end: slice([a,b,c,d], 0, -3) == [a]. */
    int64_t a = clamp_len(start, l->len), b;
    if (GENO_INT_LT(stop, GENO_INT_SMALL(0))) {
        b = GENO_INT_IS_SMALL(stop) ? l->len + GENO_INT_VALUE(stop) : 0;
        if (b < 0) b = 0;
    } else {
        b = clamp_len(stop, l->len);
    }
    return b <= a ? &empty_list : sub(l, a, b - a);
}

GenoList *geno_list_tail(GenoList *l, GenoLoc loc) {
    if (l->len == 0) geno_raise("E499", loc, "tail of empty list");
    return sub(l, 1, l->len - 1);
}

/* The leaf holding physical index p of l, p < off + len (also p < off:
 * the slots in front of a view are still in its trie). */
static Leaf *leaf_for(const GenoList *l, int64_t p) {
    return p >= tailoff_of(l->off + l->len) ? l->tail : leaf_at(l, p);
}

/* items[0, k) ++ b written into the free slots in front of b (k <= WIDTH),
 * or NULL when some of them are taken (by an element of b's parent, or by
 * another version that prepended first). */
static GenoList *prepend_in_place(int64_t k, const GenoWord *items, GenoList *b) {
    int64_t off = b->off;
    if (k > off) return NULL;
    for (int64_t p = off - 1; p >= off - k; p = (p & ~(int64_t)MASK) - 1) {
        int32_t unclaimed = p == off - 1 ? (int32_t)((p & MASK) + 1) : WIDTH;
        const Leaf *lf = leaf_for(b, p);
        if (lf->front != unclaimed || lf->flat) return NULL;   /* (a flat leaf has no free front) */
    }
    for (int64_t j = k - 1; j >= 0; j--) {      /* downwards: front ends lowest */
        int64_t p = off - k + j;
        Leaf *lf = leaf_for(b, p);
        lf->items[p & MASK] = items[j];
        lf->front = (int32_t)(p & MASK);
    }
    return header(b->len + k, off - k, span_of(b), shift_of(b), b->root, b->tail);
}

/* items[0, k) ++ b in a fresh list with as many free slots in front as
 * elements. */
static GenoList *concat_with_room(int64_t k, const GenoWord *items, GenoList *b) {
    int64_t room = k + b->len;
    static const GenoWord zeros[WIDTH];
    Builder bl;
    geno_list_builder_init((GenoListBuilder *)&bl);
    for (int64_t r = room; r > 0;) {
        int64_t z = r < WIDTH ? r : WIDTH;
        builder_add_many(&bl, zeros, z);
        r -= z;
    }
    bl.off = room;              /* the zeros are free room, not elements */
    builder_add_many(&bl, items, k);
    for (int64_t i = 0, n; i < b->len; i += n) {
        const GenoWord *c = geno_list_chunk(b, i, &n);
        builder_add_many(&bl, c, n);
    }
    GenoList *l = geno_list_builder_finish((GenoListBuilder *)&bl);
    for (int64_t p = 0; p <= room; p += WIDTH)
        leaf_for(l, p)->front = p + WIDTH > room ? (int32_t)(room & MASK) : WIDTH;
    return l;
}

/* The cons idiom: a short prefix (k <= WIDTH, k < len b) before b. */
static GenoList *prepend_short(int64_t k, const GenoWord *items, GenoList *b) {
    GenoList *l = prepend_in_place(k, items, b);
    return l ? l : concat_with_room(k, items, b);
}

GenoList *geno_list_concat(GenoList *a, GenoList *b, GenoLoc loc) {
    check_size(a->len + b->len, loc);
    if (b->len == 0) return a;
    if (a->len == 0) return b;
    if (a->len <= WIDTH && a->len < b->len) {   /* prepending: the cons idiom */
        GenoWord buf[WIDTH];
        geno_list_copy_out(a, 0, a->len, buf);
        return prepend_short(a->len, buf, b);
    }
    Builder bl;
    builder_from(&bl, a);
    geno_list_builder_add_list((GenoListBuilder *)&bl, b, loc);
    return geno_list_builder_finish((GenoListBuilder *)&bl);
}

GenoList *geno_list_prepend(int64_t k, const GenoWord *items, GenoList *b, GenoLoc loc) {
    check_size(k + b->len, loc);
    if (b->len == 0) return geno_list_of(k, items, loc);
    if (k == 0) return b;
    if (k <= WIDTH && k < b->len) return prepend_short(k, items, b);
    Builder bl;
    geno_list_builder_init((GenoListBuilder *)&bl);
    builder_add_many(&bl, items, k);
    geno_list_builder_add_list((GenoListBuilder *)&bl, b, loc);
    return geno_list_builder_finish((GenoListBuilder *)&bl);
}

GenoList *geno_list_view(GenoList *l, int64_t from, int64_t n) { return sub(l, from, n); }

GenoList *geno_list_reverse(GenoList *l) {
    if (l->len <= 1) return l;
    Builder b;
    geno_list_builder_init((GenoListBuilder *)&b);
    GenoWord buf[WIDTH];
    for (int64_t end = l->len; end > 0;) {
        int64_t from = end > WIDTH ? end - WIDTH : 0, k = end - from;
        geno_list_copy_out(l, from, k, buf);
        for (int64_t i = 0; i < k / 2; i++) {
            GenoWord t = buf[i];
            buf[i] = buf[k - 1 - i];
            buf[k - 1 - i] = t;
        }
        builder_add_many(&b, buf, k);
        end = from;
    }
    return geno_list_builder_finish((GenoListBuilder *)&b);
}

/* range(start, stop, step): the reference computes the size first and
 * refuses it over the collection limit, then builds the list. */
GenoList *geno_list_range(GenoInt start, GenoInt stop, GenoInt step, GenoLoc loc) {
    int sstep = geno_int_sign(step);
    if (sstep == 0) geno_raise("E499", loc, "range step cannot be zero");
    int c = geno_int_cmp_slow(start, stop);
    if ((sstep > 0 && c >= 0) || (sstep < 0 && c <= 0)) return &empty_list;

    /* size = ceil(|stop - start| / |step|) */
    mpz_t t1, t2, t3, n;
    mpz_srcptr a = geno_int_mpz(start, t1), b = geno_int_mpz(stop, t2), s = geno_int_mpz(step, t3);
    mpz_init(n);
    mpz_sub(n, b, a);
    mpz_abs(n, n);
    mpz_t abs_step;
    mpz_init(abs_step);
    mpz_abs(abs_step, s);
    mpz_cdiv_q(n, n, abs_step);
    if (mpz_cmp_si(n, geno_cfg.max_collection_size) > 0) {
        char *text = mpz_get_str(NULL, 10, n);
        geno_raise("E499", loc, "List size exceeds limit (%s > %lld)", text,
                   (long long)geno_cfg.max_collection_size);
    }
    int64_t size = mpz_get_si(n);
    Builder bl;
    geno_list_builder_init((GenoListBuilder *)&bl);
    GenoWord buf[WIDTH];
    if (GENO_INT_IS_SMALL(start) && GENO_INT_IS_SMALL(stop) && GENO_INT_IS_SMALL(step)) {
        /* every element lies between start and stop: all small, no overflow */
        int64_t v0 = GENO_INT_VALUE(start), dv = GENO_INT_VALUE(step);
        for (int64_t k = 0; k < size;) {
            int64_t m = size - k < WIDTH ? size - k : WIDTH;
            for (int64_t j = 0; j < m; j++) buf[j] = (GenoWord)GENO_INT_SMALL(v0 + (k + j) * dv);
            builder_add_many(&bl, buf, m);
            k += m;
        }
    } else {
        GenoInt x = start;
        for (int64_t k = 0; k < size; k++) {
            GenoWord w = (GenoWord)x;
            builder_add_many(&bl, &w, 1);
            if (k + 1 < size) x = geno_int_add_slow(x, step, loc);
        }
    }
    return geno_list_builder_finish((GenoListBuilder *)&bl);
}
