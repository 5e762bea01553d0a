/* emit_strcat.c — `s = s + x` on an owned String local.
 *
 * Programs build text as `var s: String = ""`, then `s = s + piece` in a
 * loop. geno_str_concat makes a new header (and, below 64 bytes, a new
 * copy of the text) per `+`. The owned flag o_<name> (emit.c's owned
 * locals) says that s holds a header no other value shares: it is set once
 * s receives geno_str_concat_owned's fresh header and cleared by any read of
 * s that may keep it (emit_ident) and by any other assignment. While it is
 * set the pieces are appended in place (GENO_STR_APPEND_OWNED, rt/str.c);
 * strings read from s earlier keep their own header and length, so they
 * keep their value. Size errors are raised before s changes.
 *
 * `s = s + a + b + ...` appends the parts one by one, each evaluated just
 * before its own `+` as the nested concatenations would be. Parts after
 * the first must not mention s (they would see it partly appended), and the
 * function must have no `try` (an error between two parts would leave s
 * partly appended where a handler could read it).
 */
#include "ast_walk.h"
#include "emit.h"

static bool is_str_add(Expr *e) {
    return e && e->kind == EX_BINARY && e->op == OP_ADD && ty_is(e->ty, TY_STRING) && ty_is(e->a->ty, TY_STRING) &&
           ty_is(e->b->ty, TY_STRING);
}

/* The parts of s's value in order (the leftmost is s itself, not included). */
static int self_concat_parts(Stmt *s, Expr **parts, int max) {
    Expr *e = s->value;
    int n = 0;
    while (is_str_add(e)) {
        if (n == max) return 0;
        parts[n++] = e;
        e = e->a;
    }
    if (!n || e->kind != EX_IDENT || e->sym != s->sym) return 0;
    return n;   /* parts[n-1] is s + first part, parts[0] the whole */
}

#define MAX_PARTS 16

bool is_self_str_concat(Stmt *s) {
    Expr *parts[MAX_PARTS];
    return s->kind == ST_ASSIGN && s->value && ty_is(s->value->ty, TY_STRING) && self_concat_parts(s, parts, MAX_PARTS) > 0;
}

void emit_self_str_concat(Emitter *em, Stmt *s) {
    Sym *v = s->sym;
    Expr *parts[MAX_PARTS];
    int n = self_concat_parts(s, parts, MAX_PARTS);
    bool split = n == 1 || !em->tries.len;
    for (int i = n - 2; split && i >= 0; i--)
        if (expr_mentions(parts[i]->b, v)) split = false;
    if (!split) {   /* the ordinary concatenation; s gets a header that may be shared */
        emit_line(em, "%s = %s; %s = 0;", local_ref(em, v), emit_expr(em, s->value), owned_flag(v));
        return;
    }
    char *name = local_ref(em, v), *flag = owned_flag(v);
    for (int i = n - 1; i >= 0; i--) {
        int id = ++em->tmp;
        char *L = loc_arg(parts[i]->loc);
        /* The part first: reading s there clears the flag. An f-string
         * part is appended from its builder's bytes, without making it a
         * string first (string_build: one allocation less per piece). */
        Expr *p = parts[i]->b;
        if (p->kind == EX_FSTRING)   /* no frame buffer under tcc (emit_fstring_in) */
            emit_line(em, "{ %sGenoStr fv_%d; GenoStr *r_%d = %s;", em->tcc_only ? "" : xasprintf("GenoWord fb_%d[GENO_FBUF_WORDS]; ", id),
                      id, id, emit_fstring_in(em, p, id));
        else
            emit_line(em, "{ GenoStr *r_%d = %s;", id, emit_expr(em, p));
        emit_line(em, "  if (%s) GENO_STR_APPEND_OWNED(%s, r_%d, %s);", flag, name, id, L);
        emit_line(em, "  else { %s = geno_str_concat_owned(%s, r_%d, %s); %s = 1; } }", name, name, id, L, flag);
    }
}
