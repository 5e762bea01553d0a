/* prelude.h — geno/rt.h cut down to what one program uses, for libtcc. */
#ifndef GENOC_PRELUDE_H
#define GENOC_PRELUDE_H

#include <stdbool.h>
#include <stddef.h>

/* c_source with its `#include <geno/rt.h>` line replaced by the chunks of
 * the header it needs (xmalloc'd), or NULL when it has no such line. Sets
 * runtime_used[i] (runtime_symbol_count entries, cleared by the caller; NULL
 * when not wanted) for each runtime symbol the result may reference. */
char *prelude_expand(const char *c_source, bool *runtime_used);

/* The same for a C text large enough that prelude_expand keeps the whole
 * header, without copying the text: the caller reads the c_len bytes (and
 * a NUL) at buf + prelude_room(c_len), and prelude_expand_in_place moves
 * only the part before the include line, writing the header into the room.
 * Returns the expanded text (buf) and sets *expanded, or returns the text
 * as it was (buf + room) when the room is 0 (a small program: its header is
 * cut by prelude_expand) or there is no include line. An expanded text
 * references every runtime symbol. */
size_t prelude_room(size_t c_len);
char *prelude_expand_in_place(char *buf, size_t room, bool *expanded);

#endif
