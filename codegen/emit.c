/* emit.c — C text for a checked Geno program: type descriptors, function
 * prototypes and bodies, statements, and the `geno_program` entry record.
 *
 * Layout of the emitted file:
 *     #include <geno/rt.h>
 *     string literals and type descriptors   (em->head)
 *     prototypes of every function            (so any order of calls works)
 *     function definitions                    (em->body, with #line)
 *     geno_program and, for cc builds, main()
 */
#include "emit.h"

#include "ast_walk.h"

#include <stdlib.h>
#include <string.h>

/* The name depends on the symbol only, and emitting a body asks for it at
 * every mention: made once per symbol. */
char *local_name(Sym *s) {
    if (!s->c_name) s->c_name = s->is_param ? xasprintf("p_%s", s->name) : xasprintf("v_%s_%d", s->name, s->id);
    return s->c_name;
}

/* A captured `var` that is assigned somewhere lives in a GC cell shared with
 * the closures (emit_closure.c); its C variable is a pointer to the cell. */
bool is_boxed(Sym *s) {
    return s->kind == SYM_LOCAL && !s->is_param && s->captured && s->assigned_after_capture;
}

char *local_ref(Emitter *em, Sym *s) {
    (void)em;
    return is_boxed(s) ? xasprintf("(*%s)", local_name(s)) : local_name(s);
}

char *func_name(const char *geno_name) { return xasprintf("f_%s", geno_name); }

/* Impl methods share names across types: f_<Type>__<method>. */
char *impl_func_name(Sym *fn) {
    return xasprintf("f_%s__%s", fn->impl->target_type, fn->def->name);
}



void emit_unsupported(Emitter *em, SrcLoc loc, const char *what) {
    diag_add(em->d, "E300", loc, "genoc cannot compile %s yet", what);
}

/* ---- type descriptors ---------------------------------------------------- */

/* The name of a static array of `n` `elem`s initialised by `items` ("{...}"),
 * written to head at its first use: descriptors share their field-name and
 * field-type arrays (the generated 20,000-line program's 256 copies of
 * `type Shape = Circle(r) | Rect(w, h) | Tri(b, h)` need one of each), which
 * was a declaration tcc read per variant. Written to head directly (not to
 * a descriptor's own buffer) so that it precedes every use. */
static const char *desc_array(Emitter *em, const char *prefix, const char *elem, int n, StrBuf *items) {
    StrMapEntry *known = strmap_find(&em->desc_arrays, items->buf);
    if (known) {
        free(items->buf);
        return known->val;
    }
    char *name = xasprintf("%s_%d", prefix, em->desc_arrays.len);
    sb_printf(&em->head, "static const %s %s[%d] = %s;\n", elem, name, n, items->buf);
    strmap_put(&em->desc_arrays, items->buf, name, 0);   /* the key is kept */
    return name;
}

/* One static GenoType per concrete type, named td_<index>. A descriptor is
 * registered (and forward-declared) before its parameters are emitted, so
 * recursive ADTs (`type Tree = Leaf | Node(left: Tree, ...)`) refer to
 * themselves. */
char *type_desc(Emitter *em, Type *t) {
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_UNIT: return "&geno_t_unit";
    case TY_BOOL: return "&geno_t_bool";
    case TY_INT: return "&geno_t_int";
    case TY_FLOAT: return "&geno_t_float";
    case TY_STRING: return "&geno_t_string";
    case TY_VAR: case TY_NEVER: case TY_ERROR: case TY_PARAM:
        return "&geno_t_unit";   /* never constrained: no value of it exists */
    default: break;
    }
    /* Types never change once checked: one lookup per Type object. */
    char *ref = ptrmap_get(&em->desc_of, t);
    if (ref) return ref;
    char *key = ty_str(t);
    StrMapEntry *known = strmap_find(&em->desc_ids, key);
    if (known) {
        free(key);
        ref = xasprintf("&td_%d", known->aux);
        ptrmap_put(&em->desc_of, t, ref);
        return ref;
    }
    const char *kind;
    switch (t->kind) {
    case TY_LIST: kind = "GT_LIST"; break;
    case TY_TUPLE: kind = "GT_TUPLE"; break;
    case TY_FUNC: kind = "GT_FUNC"; break;
    case TY_MAP: kind = "GT_MAP"; break;
    case TY_SET: kind = "GT_SET"; break;
    case TY_ARRAY: kind = "GT_ARRAY"; break;
    case TY_VEC: kind = "GT_VEC"; break;
    case TY_MUTMAP: kind = "GT_MUTMAP"; break;
    case TY_ADT: kind = "GT_ADT"; break;
    default:
        emit_unsupported(em, (SrcLoc){0}, "a value of this type");
        return "&geno_t_unit";
    }
    int id = em->ndescs++;
    strmap_put(&em->desc_ids, key, NULL, id);
    ptrmap_put(&em->desc_of, t, xasprintf("&td_%d", id));
    StrBuf *h = &em->head;
    sb_printf(h, "static const GenoType td_%d;  /* %s */\n", id, key);
    /* Function types carry no parameter descriptors: nothing inspects them. */
    int nparams = t->kind == TY_FUNC ? 0 : t->nargs;
    char **params = xmalloc(sizeof(char *) * (nparams + 1));
    for (int i = 0; i < nparams; i++) params[i] = type_desc(em, t->args[i]);
    const char *params_array = "0";
    if (nparams) {
        StrBuf items = {0};
        sb_putc(&items, '{');
        for (int i = 0; i < nparams; i++) sb_printf(&items, "%s%s", i ? ", " : "", params[i]);
        sb_putc(&items, '}');
        params_array = desc_array(em, "tdt", "GenoType *const", nparams, &items);
    }
    char *variants = xstrdup("0");
    int nvariants = 0;
    if (t->kind == TY_ADT) {
        AdtInfo *adt = t->adt;
        nvariants = adt->nvariants;
        StrBuf vs = {0};
        const char **names = xmalloc(sizeof(char *) * (size_t)(adt->nvariants + 1));
        const char **types = xmalloc(sizeof(char *) * (size_t)(adt->nvariants + 1));
        for (int v = 0; v < adt->nvariants; v++) {
            AdtVariant *var = &adt->variants[v];
            if (!var->nfields) continue;
            StrBuf items = {0};
            sb_putc(&items, '{');
            for (int f = 0; f < var->nfields; f++) sb_printf(&items, "%s\"%s\"", f ? ", " : "", var->field_names[f]);
            sb_putc(&items, '}');
            names[v] = desc_array(em, "tdn", "char *const", var->nfields, &items);
            char **fts = xmalloc(sizeof(char *) * var->nfields);
            for (int f = 0; f < var->nfields; f++)
                fts[f] = type_desc(em, ty_subst(var->field_types[f], t->nargs, t->args));
            items = (StrBuf){0};
            sb_putc(&items, '{');
            for (int f = 0; f < var->nfields; f++) sb_printf(&items, "%s%s", f ? ", " : "", fts[f]);
            sb_putc(&items, '}');
            types[v] = desc_array(em, "tdt", "GenoType *const", var->nfields, &items);
        }
        sb_printf(&vs, "static const GenoVariant td_%d_variants[%d] = {", id, adt->nvariants);
        for (int v = 0; v < adt->nvariants; v++) {
            AdtVariant *var = &adt->variants[v];
            if (var->nfields)
                sb_printf(&vs, "%s{\"%s\", %d, %s, %s}", v ? ", " : "", var->name, var->nfields, names[v], types[v]);
            else
                sb_printf(&vs, "%s{\"%s\", 0, 0, 0}", v ? ", " : "", var->name);
        }
        sb_puts(&vs, "};\n");
        sb_puts(h, vs.buf);
        free(vs.buf);
        variants = xasprintf("td_%d_variants", id);
    }
    const char *name = t->kind == TY_ADT ? t->name : "";
    sb_printf(h, "static const GenoType td_%d = {%s, %d, %s, \"%s\", %d, %s};\n",
              id, kind, nparams, params_array, name,
              nvariants, variants);
    return ptrmap_get(&em->desc_of, t);
}

/* ---- statements ---------------------------------------------------------- */

void emit_line(Emitter *em, const char *fmt, ...) {
    static const char spaces[] = "                                ";   /* 8 levels */
    for (int i = em->indent; i > 0; i -= 8) sb_putn(&em->body, spaces, (size_t)(i < 8 ? i : 8) * 4);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&em->body, fmt, ap);
    va_end(ap);
    sb_putc(&em->body, '\n');
}

/* #line only when the Geno line changes, as Nim does; the file name only
 * when it differs from the previous #line's in the same buffer (a bare
 * `#line N` keeps it): the C text, and tcc's work, shrink. */
static void line_directive(Emitter *em, SrcLoc loc) {
    if (loc.line <= 0 || loc.line == em->last_line) return;
    em->last_line = loc.line;
    const char *file = loc.file ? loc.file : em->path;
    if (em->line_file && strcmp(em->line_file, file) == 0) {
        sb_printf(&em->body, "#line %d\n", loc.line);
        return;
    }
    em->line_file = file;
    StrBuf sb = {0};
    c_string_literal(&sb, file);
    sb_printf(&em->body, "#line %d %s\n", loc.line, sb.buf);
    free(sb.buf);
}

/* ---- tuple results through an out-parameter ---------------------------------
 * A function returning an n-tuple is emitted as `static void f_X_o(GenoWord
 * *o_, params)`, which writes the n elements to o_, plus the ordinary
 * `GenoTuple *f_X(params)` wrapper that copies them to a new heap tuple (for
 * function values and every other use). `let (a, b) = f(...)` passes a
 * buffer on its own stack and `return g(...)` passes o_ on: the tuple is
 * never allocated. A tuple has value semantics, so the copy is unobservable.
 * Functions with `ensures` (which inspect the result) keep one body. */

int tuple_out_arity(Def *f) {
    if (!f || !f->sym || f->is_async || f->ensures.len) return 0;
    if (f->kind != DEF_FUNC) return 0;
    Type *r = ty_resolve(((Sym *)f->sym)->ty->ret);
    return r->kind == TY_TUPLE && r->nargs >= 2 ? r->nargs : 0;
}

/* `return v` of an out-variant body: v's elements go to o_. */
static void emit_return_out(Emitter *em, Stmt *s, const char *pops) {
    Type *rt = ty_resolve(em->cur_ret);
    Expr *v = s->value;
    Def *callee = tuple_out_callee(v);
    if (callee) {
        char *args = emit_call_args(em, v);
        emit_line(em, "{ %s_o(o_%s); %sgeno_depth_left++; return; }", def_cname(em, v->sym), args, pops);
        return;
    }
    if (v->kind == EX_TUPLE && v->elems.len == em->out_tuple) {
        emit_line(em, "{");
        for (int i = 0; i < em->out_tuple; i++)   /* GENO_OUT_FENCE: rt.h */
            emit_line(em, "    o_[%d] = %s;%s", i, to_word(rt->args[i], emit_expr_as(em, v->elems.items[i], rt->args[i])),
                      !em->tcc_only && i + 1 < em->out_tuple ? " GENO_OUT_FENCE();" : "");
        emit_line(em, "    %sgeno_depth_left++; return;", pops);
        emit_line(em, "}");
        return;
    }
    emit_line(em, "{ GenoTuple *r_ = %s; for (int i_ = 0; i_ < %d; i_++) o_[i_] = r_[i_]; %sgeno_depth_left++; return; }",
              emit_expr_as(em, v, em->cur_ret), em->out_tuple, pops);
}

/* `return f(...)` of a named function whose result goes straight out:
 * no try frame to pop, no ensures clause (it could call functions). */
static bool is_tail_call(Emitter *em, Expr *v, Def *contract, const char *pops) {
    if (em->callee_leaves || *pops || (contract && contract->ensures.len)) return false;
    Expr *callee = v->kind == EX_PIPELINE ? v->b : v->a;
    Sym *s = v->sym;
    return (v->kind == EX_CALL || v->kind == EX_PIPELINE) && callee
        && (callee->kind == EX_IDENT || callee->kind == EX_FIELD) && s && s->kind == SYM_FUNC;
}

static void emit_return(Emitter *em, Stmt *s) {
    Def *contract = em->in_lambda ? NULL : em->cur_func;
    char *pops = pop_frames_for(em, 0);
    const char *leave = em->callee_leaves ? "geno_depth_left++; " : "";
    if (!s->value) {
        emit_line(em, "{ %s%s%sreturn 0; }", ensures_checks(em, contract, em->cur_ret, "(GenoWord)0"), pops, leave);
        return;
    }
    if (!em->in_lambda && em->out_tuple) {
        emit_return_out(em, s, pops);
        return;
    }
    if (em->ret_in && !em->in_lambda) {   /* f_in: every return is a constructor */
        emit_line(em, "{ GenoAdt *r_ = %s; %s%sreturn r_; }", emit_ctor_in(em, s->value, "in_"), pops, leave);
        return;
    }
    em->tail_call = is_tail_call(em, s->value, contract, pops) ? s->value : NULL;
    char *v = emit_expr_as(em, s->value, em->cur_ret);
    em->tail_call = NULL;
    if (em->in_lambda) {   /* closure ABI: the result travels as a word */
        emit_line(em, "{ GenoWord r_ = %s; %s%sreturn r_; }", to_word(em->cur_ret, v), pops, leave);
        return;
    }
    const char *checks = ensures_checks(em, contract, em->cur_ret, "r_");
    if (!*checks && !*pops && !*leave)   /* nothing runs after the value: r_ would only cost tcc a declaration */
        emit_line(em, "return %s;", v);
    else
        emit_line(em, "{ %s r_ = %s; %s%s%sreturn r_; }", c_type(em->cur_ret), v, checks, pops, leave);
}

/* ---- lists appended in place --------------------------------------------
 * `xs = append(xs, e)` on a local `var` would allocate a list header per
 * step. When the header in xs was made by an earlier such append and xs has
 * not been read since in a way that can keep the pointer (only xs[i] and
 * length(xs) cannot), nothing else can see that header, so the next append
 * may grow it in place (geno_list_push). A C flag o_<var> per such variable
 * records this: the append that makes a fresh header sets it; every other
 * read of xs and every other assignment clears it. Captured variables are
 * boxed (never candidates); in a function with `try` the flag is volatile
 * like the variable. */

/* v = name(v, ...) of the builtin `name` taking `arity` arguments. */
static bool is_self_builtin(Stmt *s, const char *name, int arity) {
    Expr *e = s->value;
    if (s->kind != ST_ASSIGN || !e || e->kind != EX_CALL || e->elems.len != arity) return false;
    Sym *f = e->sym;
    if (!f || f->kind != SYM_BUILTIN) return false;
    Expr *first = e->elems.items[0];
    return strcmp(f->builtin_name ? f->builtin_name : f->name, name) == 0 && first->kind == EX_IDENT &&
           first->sym == s->sym;
}

bool is_self_append(Stmt *s) { return is_self_builtin(s, "append", 2); }
static bool is_self_map_insert(Stmt *s) { return is_self_builtin(s, "map_insert", 3); }

/* x = x with (...) */
static bool is_self_with(Stmt *s) {
    Expr *e = s->value;
    return s->kind == ST_ASSIGN && e && e->kind == EX_WITH && e->a->kind == EX_IDENT && e->a->sym == s->sym;
}

/* A constructor or `with` copy: a new object no one else holds. */
static bool is_fresh_record(Expr *e) {
    if (!e || !ty_is(e->ty, TY_ADT)) return false;
    if (e->kind == EX_WITH) return true;
    Sym *c = e->sym;
    return e->kind == EX_CTOR && c && c->kind == SYM_CTOR && c->adt->variants[c->variant].nfields > 0;
}

/* A local var whose C variable holds its value directly (not boxed). */
static bool plain_var(Sym *v) { return v && v->kind == SYM_LOCAL && !v->is_param && v->is_mutable && !is_boxed(v); }

/* Whether s updates its var in a way the owned flag can do in place. */
static bool owned_update(Emitter *em, Stmt *s) {
    Sym *v = s->sym;
    if (!plain_var(v)) return false;
    if (is_self_append(s)) return !is_join_acc(em, v) && ty_is(v->ty, TY_LIST);
    /* A captured map or record is read by its closure without clearing
     * the flag (a closure copies the pointer without reading the var). */
    if (v->captured) return false;
    return (is_self_map_insert(s) && ty_is(v->ty, TY_MAP))     /* rt/map.c, insert_owned */
        || (is_self_with(s) && ty_is(v->ty, TY_ADT))           /* records: emit_adt.c */
        || (is_self_int_op(s) && ty_is(v->ty, TY_INT))         /* big Ints: emit_int_owned.c */
        || (is_self_str_concat(s) && ty_is(v->ty, TY_STRING)); /* emit_strcat.c */
}

static void find_owned_in(Emitter *em, StmtList *body) {
    for (int i = 0; i < body->len; i++) {
        Stmt *s = body->items[i];
        if (owned_update(em, s)) ptrmap_put(&em->owned, s->sym, s->sym);
        find_owned_in(em, &s->body);
        find_owned_in(em, &s->else_body);
        for (int j = 0; j < s->arms.len; j++) find_owned_in(em, &s->arms.items[j].body);
    }
}

void find_owned_lists(Emitter *em, StmtList *body) {
    find_join_accs(em, body);
    find_owned_in(em, body);
}

/* An Int local proved small (emit_ranges.c) never holds a big number: it
 * keeps its plain small-Int code instead. */
bool is_owned_list(Emitter *em, Sym *s) {
    return s && ptrmap_get(&em->owned, s) != NULL && !(ty_is(s->ty, TY_INT) && is_small_local(em, s));
}

char *owned_flag(Sym *s) { return xasprintf("o_%s", local_name(s)); }

char *emit_list_peek(Emitter *em, Expr *e) {
    if (e->kind == EX_IDENT && is_owned_list(em, e->sym)) return local_ref(em, e->sym);
    return emit_expr(em, e);
}

/* xs = append(xs, e) for an owned-list candidate (see above). The element
 * is evaluated first: reading xs there clears the flag. */
static void emit_self_append(Emitter *em, Stmt *s) {
    Sym *v = s->sym;
    Expr *x = s->value->elems.items[1];
    char *name = local_ref(em, v), *flag = owned_flag(v), *L = loc_arg(s->value->loc);
    int id = ++em->tmp;
    emit_line(em, "{ GenoWord w_%d = %s;", id, to_word(emitted_type(x), emit_expr(em, x)));
    if (in_sized_body(em, s))
        emit_line(em, "  %s = %s ? GENO_LIST_PUSH(%s, w_%d, %s) : (%s = 1, geno_list_append_sized(%s, w_%d, %s, %s)); }",
                  name, flag, name, id, L, flag, name, id, em->hint_left, L);
    else
        emit_line(em, "  %s = %s ? GENO_LIST_PUSH(%s, w_%d, %s) : (%s = 1, geno_list_append(%s, w_%d, %s)); }",
                  name, flag, name, id, L, flag, name, id, L);
}

/* m = map_insert(m, k, v) for an owned map variable: key and value first
 * (reading m there clears the flag); the flag is set only once the map
 * from insert_start is in m, so an error leaves the old map unowned. */
static void emit_self_map_insert(Emitter *em, Stmt *s) {
    Expr *e = s->value, *k = e->elems.items[1], *x = e->elems.items[2];
    char *m = local_ref(em, s->sym), *flag = owned_flag(s->sym), *L = loc_arg(e->loc);
    char *D = type_desc(em, emitted_type(e->elems.items[0]));
    int id = ++em->tmp;
    emit_line(em, "{ GenoWord k_%d = %s;", id, to_word(emitted_type(k), emit_expr(em, k)));
    emit_line(em, "  GenoWord v_%d = %s;", id, to_word(emitted_type(x), emit_expr(em, x)));
    emit_line(em, "  if (%s) %s = geno_map_insert_owned(%s, k_%d, v_%d, %s, %s);", flag, m, m, id, id, D, L);
    emit_line(em, "  else { %s = geno_map_insert_start(%s, k_%d, v_%d, %s, %s); %s = 1; } }", m, m, id, id, D, L, flag);
}

/* Declares local `v` initialised with C expression `init`. */
static void declare_local(Emitter *em, Sym *v, const char *init) {
    if (is_owned_list(em, v))   /* the flag first: init may not be a fresh header */
        emit_line(em, "int%s %s = 0;", em->volatile_vars ? " volatile" : "", owned_flag(v));
    if (v->is_mutable && em->volatile_vars && !is_boxed(v)) {   /* survives a longjmp (emit_try.c) */
        emit_line(em, "%s volatile %s = %s;", c_type(v->ty), local_name(v), init);
        return;
    }
    if (is_boxed(v)) {
        emit_line(em, "%s *%s = geno_alloc(sizeof(%s));", c_type(v->ty), local_name(v), c_type(v->ty));
        emit_line(em, "*%s = %s;", local_name(v), init);
    } else {
        emit_line(em, "%s %s = %s;", c_type(v->ty), local_name(v), init);
    }
}

static void emit_let(Emitter *em, Stmt *s) {
    Sym *v = s->sym;
    if (is_stack_let(em, v)) {   /* never leaves the frame (emit_escape.c) */
        int id = ++em->tmp;
        Def *callee = fresh_callee(s->value);
        if (callee) {
            emit_line(em, "GenoWord s_%d[%d];", id, fresh_result_words(callee));
            char *leaf = prepaid_leaf_call_in(em, s->value, xasprintf("s_%d", id));   /* emit_prepaid_leaf.c */
            if (leaf) {
                declare_local(em, v, leaf);
                return;
            }
            char *call = xasprintf("%s_in(s_%d%s)", def_cname(em, callee->sym), id, emit_call_args(em, s->value));
            declare_local(em, v, depth_kept_call(em, "GenoAdt *", call));
            return;
        }
        Sym *c = s->value->sym;
        emit_line(em, "GenoWord s_%d[%d];", id, c->adt->variants[c->variant].nfields + 1);
        declare_local(em, v, emit_ctor_in(em, s->value, xasprintf("s_%d", id)));
        return;
    }
    if (!s->names.len && is_join_acc(em, v)) {
        declare_join_acc(em, v);
        return;
    }
    if (!s->names.len) {
        declare_local(em, v, emit_expr_as(em, s->value, v->ty));
        declare_list_window(em, v);
        if (is_owned_list(em, v) && ty_is(v->ty, TY_ADT) && is_fresh_record(s->value))
            emit_line(em, "%s = 1;", owned_flag(v));
        return;
    }
    /* let (a, b): (A, B) = value — the hidden tuple local, then each part. */
    int id = ++em->tmp;
    Type *tt = ty_resolve(v->ty);
    Def *callee = tuple_out_callee(s->value);
    if (callee && tt->kind == TY_TUPLE && tt->nargs == tuple_out_arity(callee))   /* no heap tuple */
        emit_line(em, "GenoWord t_%d[%d]; %s_o(t_%d%s);", id, tt->nargs, def_cname(em, s->value->sym), id,
                  emit_call_args(em, s->value));
    else
        emit_line(em, "GenoTuple *t_%d = %s;", id, emit_expr(em, s->value));
    for (int i = 0; i < v->nparts; i++) {
        Sym *part = v->parts[i];
        declare_local(em, part, from_word(tt->args[i], xasprintf("t_%d[%d]", id, i)));
    }
}

/* Prepaid copies are only for cc: `#ifndef __TINYC__ if (prepaid) {copy}
 * else #endif {checked loop}`. tcc would skip the copy as preprocessor text
 * (6% of its work on the generated 20,000-line program); the C for `genoc
 * run` (em->tcc_only) leaves it out, so under tcc such loops count their
 * steps one by one. */
static void prepaid_cc_only_begin(Emitter *em) { sb_puts(&em->body, "#ifndef __TINYC__\n"); }

static void prepaid_cc_only_else(Emitter *em) {
    emit_line(em, "} else");
    sb_puts(&em->body, "#endif\n");
    em->last_line = 0;   /* tcc did not see the #line directives of the copy */
    emit_line(em, "{");
}

/* A loop `head { pre; GENO_STEP; var = init; body }`. With a trip count
 * and a body that counts no steps, a prepaid copy without GENO_STEP comes
 * first (emit_prepaid.c). */
static void emit_loop_copy(Emitter *em, Stmt *s, const char *head, const char *pre, Sym *var, const char *init,
                           bool step) {
    emit_line(em, "%s {", head);
    em->indent++;
    if (pre) emit_line(em, "%s", pre);
    if (step) emit_line(em, "GENO_STEP(%s);", loc_arg(s->loc));   /* one step per iteration (rt/limits.c) */
    if (var) declare_local(em, var, init);
    int mark = bounds_mark(em);
    bounds_loop_body(em, s);
    emit_block(em, &s->body);
    bounds_pop(em, mark);
    em->indent--;
    emit_line(em, "}");
}

static void emit_loop(Emitter *em, Stmt *s, const char *head, const char *pre, Sym *var, const char *init,
                      const char *trip) {
    int leaves = !trip || step_free_body(&s->body) ? 0 : prepaid_leaf_steps(&s->body);
    if (!trip || leaves < 0 || em->tcc_only) {
        emit_loop_copy(em, s, head, pre, var, init, true);
        return;
    }
    prepaid_cc_only_begin(em);
    if (leaves)   /* 1 + leaves steps an iteration, the leaves one level deeper (emit_prepaid_leaf.c) */
        emit_line(em, "if (GENO_LOOPS_PREPAID && geno_depth_left >= 1 && GENO_PREPAID(geno_steps_times(%s, %d))) {",
                  trip, 1 + leaves);
    else emit_line(em, "if (GENO_LOOPS_PREPAID && GENO_PREPAID(%s)) {", trip);
    em->indent++;
    em->leaf_prepaid = leaves > 0;
    emit_loop_copy(em, s, head, pre, var, init, false);
    em->leaf_prepaid = false;
    em->indent--;
    prepaid_cc_only_else(em);
    em->indent++;
    emit_loop_copy(em, s, head, pre, var, init, true);
    em->indent--;
    emit_line(em, "}");
}

/* The call range(start, stop[, step]) of the builtin, or NULL. */
Expr *range_call(Expr *e) {
    if (e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_BUILTIN) return NULL;
    const char *name = s->builtin_name ? s->builtin_name : s->name;
    if (strcmp(name, "range") != 0 || e->elems.len < 2 || e->elems.len > 3) return NULL;
    return e;
}

/* The call to_chars(text) of the builtin, or NULL. */
static Expr *to_chars_call(Expr *e) {
    if (e->kind != EX_CALL || !e->a || e->a->kind != EX_IDENT) return NULL;
    Sym *s = e->sym;
    if (!s || s->kind != SYM_BUILTIN) return NULL;
    const char *name = s->builtin_name ? s->builtin_name : s->name;
    if (strcmp(name, "to_chars") != 0 || e->elems.len != 1) return NULL;
    return e;
}

/* for c in to_chars(text): walk the string's code points; the list is never
 * built. geno_chars_count raises what building it would (size limit). */
static void emit_for_chars(Emitter *em, Stmt *s, Expr *call) {
    int id = ++em->tmp;
    emit_line(em, "{");
    em->indent++;
    emit_line(em, "GenoStr *s_%d = %s;", id, emit_expr(em, call->elems.items[0]));
    emit_line(em, "const char *cd_%d = s_%d->data;", id, id);   /* strings never change */
    emit_line(em, "int64_t n_%d = geno_chars_count(s_%d, %s), o_%d = 0;", id, id, loc_arg(call->loc), id);
    LoopLists lists = loop_lists_open(em, s, id);
    char *head = xasprintf("for (int64_t i_%d = 0; i_%d < n_%d; i_%d++)", id, id, id, id);
    char *next = xasprintf("GENO_CHAR_NEXT_D(s_%d, cd_%d, o_%d)", id, id, id);
    if (step_free_body(&s->body) && !em->tcc_only) {
        /* Prepaid steps: an ASCII text (len == code points) gets a copy whose
         * character is a table entry cc can see, so char_code, == and
         * appends of it fold to the byte (caesar). */
        prepaid_cc_only_begin(em);
        emit_line(em, "if (GENO_LOOPS_PREPAID && GENO_PREPAID(n_%d)) {", id);
        em->indent++;
        emit_line(em, "if (s_%d->len == n_%d) {", id, id);
        em->indent++;
        emit_loop_copy(em, s, head, NULL, s->sym, xasprintf("GENO_ASCII_CHAR((unsigned char)cd_%d[i_%d] & 0x7f)", id, id),
                       false);
        em->indent--;
        emit_line(em, "} else {");
        em->indent++;
        emit_loop_copy(em, s, head, NULL, s->sym, next, false);
        em->indent--;
        emit_line(em, "}");
        em->indent--;
        prepaid_cc_only_else(em);
        em->indent++;
        emit_loop_copy(em, s, head, NULL, s->sym, next, true);
        em->indent--;
        emit_line(em, "}");
    } else {
        emit_loop(em, s, head, NULL, s->sym, next, xasprintf("n_%d", id));
    }
    loop_lists_close(em, lists);
    em->indent--;
    emit_line(em, "}");
}

/* for x in range(...): a counted loop; the list is never built.
 * GENO_RANGE_COUNT raises what building it would (zero step, size limit),
 * and x steps by GENO_INT_ADD, so bignum bounds work too. */
static void emit_for_range(Emitter *em, Stmt *s, Expr *call) {
    int id = ++em->tmp;
    Sym *var = s->sym;
    char *L = loc_arg(call->loc);
    emit_line(em, "{");
    em->indent++;
    emit_line(em, "GenoInt rs_%d = %s;", id, emit_expr(em, call->elems.items[0]));
    emit_line(em, "GenoInt re_%d = %s;", id, emit_expr(em, call->elems.items[1]));
    emit_line(em, "GenoInt rp_%d = %s;", id,
              call->elems.len == 3 ? emit_expr(em, call->elems.items[2]) : "3L");
    emit_line(em, "int64_t n_%d = GENO_RANGE_COUNT(rs_%d, re_%d, rp_%d, %s);", id, id, id, id, L);
    emit_line(em, "GenoInt x_%d = rs_%d;", id, id);
    char *head = is_small_local(em, var)   /* x, stop and x + step are small (emit_ranges.c) */
        ? xasprintf("for (int64_t i_%d = 0; i_%d < n_%d; i_%d++, x_%d = GENO_KNOWN_SMALL(x_%d + (rp_%d - 1)))",
                    id, id, id, id, id, id, id)
        : xasprintf("for (int64_t i_%d = 0; i_%d < n_%d; i_%d++, x_%d = GENO_INT_ADD(x_%d, rp_%d, %s))",
                    id, id, id, id, id, id, id, L);
    LoopLists lists = loop_lists_open(em, s, id);
    emit_loop(em, s, head, NULL, var, xasprintf("x_%d", id), xasprintf("n_%d", id));
    loop_lists_close(em, lists);
    em->indent--;
    emit_line(em, "}");
}

/* for x in xs: a List (immutable) is walked chunk by chunk; an Array reads
 * its current items. */
static void emit_for(Emitter *em, Stmt *s) {
    Expr *range = range_call(s->value);
    if (range) {
        emit_for_range(em, s, range);
        return;
    }
    Expr *chars = to_chars_call(s->value);
    if (chars) {
        emit_for_chars(em, s, chars);
        return;
    }
    int id = ++em->tmp;
    Sym *var = s->sym;
    bool array = ty_is(s->value->ty, TY_ARRAY);
    emit_line(em, "{");
    em->indent++;
    char *item = !array ? xasprintf("c_%d[i_%d - cs_%d]", id, id, id)
                 : !strcmp(array_macros(s->value->ty), "GENO_BARRAY") ? xasprintf("(GenoWord)GENO_ARRAY_BYTES(a_%d)[i_%d]", id, id)
                 : xasprintf("a_%d->items[i_%d]", id, id);
    if (array) {   /* the body may change the length: no trip count */
        emit_line(em, "GenoArray *a_%d = %s;", id, emit_expr(em, s->value));
        emit_loop(em, s, xasprintf("for (int64_t i_%d = 0; i_%d < a_%d->len; i_%d++)", id, id, id, id), NULL, var,
                  from_word(var->ty, item), NULL);
    } else {
        /* One loop (so break/continue keep their meaning) that fetches the
         * persistent vector a chunk at a time: O(1) per element. */
        Stmt *slot_body = slot_loop_body(s);   /* results into l's own slots (emit_reuse.c) */
        emit_line(em, "GenoList *l_%d = %s;", id, emit_expr(em, s->value));
        emit_line(em, "int64_t n_%d = geno_list_len(l_%d), cs_%d = 0, ce_%d = 0;", id, id, id, id);
        emit_line(em, "%sGenoWord *c_%d = 0;", slot_body ? "" : "const ", id);
        LoopLists lists = loop_lists_open(em, s, id);
        Stmt *outer_body = em->slot_body;
        const char *outer_slot = em->slot;
        if (slot_body) {
            em->slot_body = slot_body;
            em->slot = item;
        }
        emit_loop(em, s, xasprintf("for (int64_t i_%d = 0; i_%d < n_%d; i_%d++)", id, id, id, id),
                  xasprintf("if (i_%d >= ce_%d) { int64_t k_; c_%d = %sgeno_list_chunk(l_%d, i_%d, &k_); cs_%d = i_%d; ce_%d = i_%d + k_; }",
                            id, id, id, slot_body ? "(GenoWord *)" : "", id, id, id, id, id, id),
                  var, from_word(var->ty, item), xasprintf("n_%d", id));
        em->slot_body = outer_body;
        em->slot = outer_slot;
        loop_lists_close(em, lists);
    }
    em->indent--;
    emit_line(em, "}");
}

static void emit_stmt_only(Emitter *em, Stmt *s);

static void emit_stmt(Emitter *em, Stmt *s) {
    bounds_before_stmt(em, s);
    emit_stmt_only(em, s);
    bounds_after_stmt(em, s);
}

static void emit_stmt_only(Emitter *em, Stmt *s) {
    line_directive(em, s->loc);
    switch (s->kind) {
    case ST_LET:
    case ST_VAR:
        emit_let(em, s);
        return;
    case ST_ASSIGN:
        if (s == em->slot_body) {   /* emit_reuse.c */
            emit_slot_store(em, s);
            return;
        }
        if (is_slot_handoff(s)) return;
        if (is_join_acc(em, s->sym)) {
            emit_join_acc_add(em, s);
            return;
        }
        if (is_owned_list(em, s->sym)) {
            if (is_self_append(s)) {
                if (!emit_transient_append(em, s)) emit_self_append(em, s);
                return;
            }
            if (is_self_map_insert(s)) {
                emit_self_map_insert(em, s);
                return;
            }
            if (is_self_int_op(s)) {
                emit_self_int_op(em, s);
                return;
            }
            if (is_self_str_concat(s) && ty_is(((Sym *)s->sym)->ty, TY_STRING)) {
                emit_self_str_concat(em, s);
                return;
            }
            if (is_self_with(s) && ty_is(((Sym *)s->sym)->ty, TY_ADT)) {
                emit_self_with(em, s);
                return;
            }
            if (is_fresh_record(s->value) || is_fresh_int(s->value)) {
                emit_line(em, "%s = %s; %s = 1;", local_ref(em, s->sym), emit_expr(em, s->value), owned_flag(s->sym));
                return;
            }
            emit_line(em, "%s = %s; %s = 0;", local_ref(em, s->sym), emit_expr(em, s->value), owned_flag(s->sym));
            return;
        }
        emit_line(em, "%s = %s;", local_ref(em, s->sym), emit_expr(em, s->value));
        return;
    case ST_INDEX_ASSIGN:
        emit_line(em, "%s", emit_index_assign(em, s));
        return;
    case ST_FIELD_ASSIGN:
        emit_line(em, "%s", emit_field_assign(em, s));
        return;
    case ST_MATCH:
        emit_match_stmt(em, s);
        return;
    case ST_ASSERT:
        emit_line(em, "if (!(%s)) geno_raise(\"E499\", %s, \"Assertion failed\");", emit_expr(em, s->value),
                  loc_arg(s->loc));
        return;
    case ST_IF:
        emit_line(em, "if (%s) {", emit_expr(em, s->cond));
        em->indent++;
        int mark = bounds_mark(em);
        bounds_branch(em, s->cond, true);
        emit_block(em, &s->body);
        bounds_pop(em, mark);
        em->indent--;
        if (s->else_body.len) {
            emit_line(em, "} else {");
            em->indent++;
            bounds_branch(em, s->cond, false);
            emit_block(em, &s->else_body);
            bounds_pop(em, mark);
            em->indent--;
        }
        emit_line(em, "}");
        return;
    case ST_WHILE: {
        int windows = open_var_windows(em, s);
        em->loop_depth++;
        emit_loop(em, s, xasprintf("while (%s)", emit_expr(em, s->cond)), NULL, NULL, NULL,
                  step_free_body(&s->body) || prepaid_leaf_steps(&s->body) > 0 ? while_trip_count(em, s) : NULL);
        em->loop_depth--;
        close_var_windows(em, windows);
        return;
    }
    case ST_FOR: {
        int windows = open_var_windows(em, s);
        em->loop_depth++;
        emit_for(em, s);
        em->loop_depth--;
        close_var_windows(em, windows);
        return;
    }
    case ST_TRY:
        emit_try(em, s);
        return;
    case ST_RETURN:
        emit_return(em, s);
        return;
    case ST_BREAK:
        emit_line(em, "%sbreak;", pop_frames_for(em, em->loop_depth));
        return;
    case ST_CONTINUE:
        emit_line(em, "%scontinue;", pop_frames_for(em, em->loop_depth));
        return;
    case ST_EXPR:
        emit_line(em, "(void)(%s);", emit_expr(em, s->value));
        return;
    default:
        emit_unsupported(em, s->loc, "this statement");
        return;
    }
}

void emit_block(Emitter *em, StmtList *body) {
    int mark = bounds_mark(em);
    transients_find(em, body);
    for (int i = 0; i < body->len; i++) {
        transients_open(em, body, i);
        emit_stmt(em, body->items[i]);
        transients_close(em, body, i);
    }
    bounds_pop(em, mark);
}

/* ---- functions ----------------------------------------------------------- */

/* The C signature of f, or with `out` of its out-parameter variant, or
 * with em->ret_in of its f_in variant. */
static char *signature(Emitter *em, Def *f, bool out) {
    /* the plain one is asked for by the prototype, then by the definition */
    bool plain = !out && !em->ret_in;
    if (plain && em->sig_def == f) return em->sig_text;
    Sym *s = f->sym;
    StrBuf sb = {0};
    if (em->ret_in) {
        sb_printf(&sb, "static GenoAdt * %s_in(GenoWord *in_", def_cname(em, s));
        out = true;   /* the parameters follow a first one */
    } else if (out) sb_printf(&sb, "static void %s_o(GenoWord *o_", def_cname(em, s));
    else sb_printf(&sb, "static %s%s %s(", inline_leaf(f) ? "GENO_INLINE_LEAF " : "", c_type(func_result_type(f)),
                   def_cname(em, s));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s%s p_%s", i || out ? ", " : "", c_type(s->ty->args[i]), f->params.items[i].name);
    if (!f->params.len && !out) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    char *text = sb_take(&sb);
    if (plain) {
        em->sig_def = f;
        em->sig_text = text;
    }
    return text;
}

/* True when the C emitted for body visibly ends in `return` on every path:
 * its last statement is a return, or an if/else whose branches both are.
 * Then the fall-off error after the body is dead code tcc need not compile
 * (tcc's "might return no value" check cannot see through a throw, so
 * throws and matches keep the fall-off error). */
static bool ends_in_c_return(StmtList *body) {
    if (!body->len) return false;
    Stmt *last = body->items[body->len - 1];
    if (last->kind == ST_RETURN) return true;
    return last->kind == ST_IF && last->else_body.len
        && ends_in_c_return(&last->body) && ends_in_c_return(&last->else_body);
}

/* Prototypes of f (and of its out variant). */
static void emit_protos(Emitter *em, StrBuf *protos, Def *f) {
    if (tuple_out_arity(f)) sb_printf(protos, "%s;\n", signature(em, f, true));
    sb_printf(protos, "%s;\n", signature(em, f, false));
    if (is_regrec(em, f))
        sb_printf(protos, "%s;\n%s;\n", regrec_signature(em, f, 1), regrec_signature(em, f, 2));
    if (regrec_has_leaf(em, f)) sb_printf(protos, "%s;\n", regrec_signature(em, f, 3));
    if (needs_in_variant(f)) {
        em->ret_in = true;
        sb_printf(protos, "%s;\n", signature(em, f, false));
        em->ret_in = false;
    }
    if (own_variant_param(f)) sb_printf(protos, "%s;\n", own_signature(em, f));
}

/* The ordinary entry of an out-variant function: a heap copy of o_. */
static void emit_tuple_wrapper(Emitter *em, Def *f, int n) {
    StrBuf args = {0};
    for (int i = 0; i < f->params.len; i++) sb_printf(&args, ", p_%s", f->params.items[i].name);
    emit_line(em, "%s {", signature(em, f, false));
    emit_line(em, "    GenoWord o_[%d]; %s_o(o_%s);", n, def_cname(em, f->sym), args.buf ? args.buf : "");
    emit_line(em, "    GenoTuple *t_ = geno_alloc(%d * sizeof(GenoWord));", n);
    emit_line(em, "    for (int i_ = 0; i_ < %d; i_++) t_[i_] = o_[i_];", n);
    emit_line(em, "    return t_;");
    emit_line(em, "}");
    sb_putc(&em->body, '\n');
    free(args.buf);
}

static void emit_func_body(Emitter *em, Def *f);

static void emit_func(Emitter *em, Def *f) {
    if (is_regrec(em, f)) {   /* f_X passes the budgets to fr_X (emit_regrec.c) */
        regrec_wrapper(em, f, signature(em, f, false));
        for (em->rr = 1; em->rr <= 3; em->rr++)
            if (em->rr < 3 || regrec_has_leaf(em, f)) emit_func_body(em, f);
        em->rr = 0;
        return;
    }
    emit_func_body(em, f);
    if (needs_in_variant(f)) {   /* the same body again, results in in_ */
        em->ret_in = true;
        emit_func_body(em, f);
        em->ret_in = false;
    }
    if (own_variant_param(f)) {   /* the same body recycling its parameter (emit_reuse.c) */
        em->own_param = own_variant_param(f);
        emit_func_body(em, f);
        em->own_param = NULL;
    }
}

typedef struct {
    AstWalk w;
    bool found;
} FstringWalk;

static bool note_fstring(AstWalk *w, Expr *e) {
    if (e->kind == EX_FSTRING) ((FstringWalk *)w)->found = true;
    return !((FstringWalk *)w)->found;
}

/* Does the block hold an f-string (lambda bodies included)? */
static bool block_has_fstring(StmtList *b) {
    FstringWalk walk = {{.expr = note_fstring}, false};
    ast_walk_block(&walk.w, b);
    return walk.found;
}

static void emit_func_body(Emitter *em, Def *f) {
    Type *ret = func_result_type(f);
    em->cur_func = f;
    em->cur_ret = ret;
    em->in_lambda = false;
    em->loop_depth = 0;
    em->tries.len = 0;
    em->volatile_vars = has_try(&f->body);
    find_owned_lists(em, &f->body);
    find_small_ints(em, &f->body);
    bounds_begin(em, &f->body);
    find_list_windows(em, &f->body);
    em->last_line = 0;
    em->out_tuple = tuple_out_arity(f);
    line_directive(em, f->loc);
    emit_line(em, "%s {", em->rr ? regrec_signature(em, f, em->rr)
                          : em->own_param ? own_signature(em, f)
                          : em->leaf_nc_body ? prepaid_leaf_signature(em, f) : signature(em, f, em->out_tuple > 0));
    em->indent++;
    /* Under tcc every block's locals get a frame slot of their own: the
     * function's f-strings share one builder space (each finishes, copying
     * its bytes out, before the next starts; f-strings do not nest). */
    em->fbuf_fn = em->tcc_only && em->rr != 3 && block_has_fstring(&f->body);
    if (em->fbuf_fn) emit_line(em, "GenoWord fb_fn[GENO_FBUF_WORDS];");
    if (em->rr == 3) {   /* fl_X: the leading early return, else fr_X */
        regrec_leaf_body(em, f);
        em->indent--;
        emit_line(em, "}");
        sb_putc(&em->body, '\n');
        return;
    }
    if (em->rr) emit_line(em, "%s", regrec_enter(em, f, em->rr == 2));
    else if (!em->leaf_nc_body) emit_line(em, "GENO_ENTER_KEEP(%s);", loc_arg(f->loc));
    em->entered = !em->rr && !em->leaf_nc_body;
    if (em->own_param) own_snapshot(em);
    declare_param_windows(em);
    /* callers restore geno_depth (emit_call); an out variant's callers
     * (let destructuring, its wrapper) do not, so it undoes its own entry */
    em->callee_leaves = em->out_tuple > 0;
    emit_requires(em, f);
    emit_block(em, &f->body);
    if (ty_is(ret, TY_UNIT)) {
        emit_line(em, "%s", ensures_checks(em, f, ret, "(GenoWord)0"));
        emit_line(em, "return 0;");
    } else if (!ends_in_c_return(&f->body)) {
        emit_line(em, "geno_raise(\"E499\", %s, \"Function '%s' ended without returning a value\");",
             loc_arg(f->loc), f->name);
        emit_line(em, "return%s;   /* unreachable; tcc's flow check does not see _Noreturn after a label */",
                  em->out_tuple ? "" : " 0");
    }
    em->indent--;
    em->entered = false;
    em->fbuf_fn = false;
    emit_line(em, "}");
    sb_putc(&em->body, '\n');
    if (em->out_tuple) emit_tuple_wrapper(em, f, em->out_tuple);
    em->out_tuple = 0;
}

char *emit_program(Program *p, Diags *d, bool tcc_only, bool test_table) {
    Emitter em = {.d = d, .path = p->path, .prog = p, .tcc_only = tcc_only, .no_test_table = !test_table};
    int before = d->errors;
    /* A large program's body text is ~7x its source: grown by doubling it
     * left each old copy behind (pages touched for nothing). The reserved
     * tail is touched only as far as the text reaches. */
    size_t source_len = p->source ? strlen(p->source) : 0;
    if (source_len >= ((size_t)64 << 10)) sb_reserve_more(&em.body, 8 * source_len);
    collect_module_funcs(&em, p);
    analyse_escapes(&em, p);
    find_param_ranges(&em, p);
    find_regrec(&em, p);
    find_reuse(&em, p);
    Def *main_def = NULL;
    StrBuf protos = {0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *f = p->defs.items[i];
        if (f->kind == DEF_IMPL) {
            for (int j = 0; j < f->methods.len; j++) {
                Def *m = f->methods.items[j];
                if (!m->sym) continue;
                emit_protos(&em, &protos, m);
                emit_func(&em, m);
            }
            continue;
        }
        if (f->kind != DEF_FUNC || !f->sym) continue;
        emit_protos(&em, &protos, f);
        emit_func(&em, f);
        if (strcmp(f->name, "main") == 0) main_def = f;
    }
    for (int i = 0; i < em.module_defs.len; i++) {   /* collected before any emission */
        Def *f = em.module_defs.items[i];
        emit_protos(&em, &protos, f);
        emit_func(&em, f);
    }
    char *examples = emit_examples(&em, p);
    char *tests = emit_tests(&em, p);
    /* leaf bodies for prepaid loops (emit_prepaid_leaf.c), which only cc sees */
    if (em.leaf_nc_list.len) {
        sb_puts(&protos, "#ifndef __TINYC__\n");
        sb_puts(&em.body, "#ifndef __TINYC__\n");
    }
    for (int i = 0; i < em.leaf_nc_list.len; i++) {
        Def *f = em.leaf_nc_list.items[i];
        sb_printf(&protos, "%s;\n", prepaid_leaf_signature(&em, f));
        em.leaf_nc_body = true;
        emit_func_body(&em, f);
        if (needs_in_variant(f)) {   /* fn_X_in for stack lets (emit_escape.c) */
            em.ret_in = true;
            sb_printf(&protos, "%s;\n", prepaid_leaf_signature(&em, f));
            emit_func_body(&em, f);
            em.ret_in = false;
        }
        em.leaf_nc_body = false;
    }
    if (em.leaf_nc_list.len) {
        sb_puts(&protos, "#endif\n");
        sb_puts(&em.body, "#endif\n");
    }
    char *init = "0";
    if (em.init.len) {
        sb_printf(&em.lambdas, "static void geno_init(void) {\n%s}\n\n", em.init.buf);
        init = "geno_init";
    }
    StrBuf top = {0};
    sb_puts(&top, "/* Generated by genoc from ");
    /* A path may hold anything: no comment terminator, no control byte. */
    for (const char *c = p->path; *c; c++)
        sb_putc(&top, (unsigned char)*c < 0x20 || (c[0] == '*' && c[1] == '/') ? '_' : *c);
    sb_puts(&top, " */\n#include <geno/rt.h>\n\n");
    /* A caught error would leave prepaid steps taken (emit_prepaid.c). */
    sb_printf(&top, "#define GENO_LOOPS_PREPAID %d\n\n", !em.any_try);
    StrBuf path_lit = {0};
    c_string_literal(&path_lit, p->path);
    Type *main_ret = main_def ? ((Sym *)main_def->sym)->ty->ret : NULL;
    char *desc = main_ret ? type_desc(&em, main_ret) : NULL;   /* may add a descriptor to head */
    /* The C text is put together in the body's buffer (reserved for it, see
     * above), the parts before the body moved in front of it: a buffer of the
     * final size was megabytes of fresh pages for a large program. */
    const char *gap = main_def ? "\n" : "";
    const char *parts[] = {top.buf, em.head.buf, gap, protos.buf, gap, em.lambdas.buf};
    size_t lens[] = {top.len, em.head.len, strlen(gap), protos.len, strlen(gap), em.lambdas.len};
    size_t pre = 0;
    for (int i = 0; i < 6; i++) pre += lens[i];
    StrBuf *out = &em.body;
    sb_reserve_more(out, pre + 2 * path_lit.len + strlen(examples) + strlen(tests) + 1024);
    memmove(out->buf + pre, out->buf, out->len);
    for (size_t i = 0, at = 0; i < 6; at += lens[i], i++)
        if (lens[i]) memcpy(out->buf + at, parts[i], lens[i]);
    out->len += pre;
    out->buf[out->len] = 0;
    if (main_def)
        sb_printf(out, "static GenoWord geno_entry(void) { return %s; }\n\n"
                       "const GenoProgram geno_program = {%s, geno_entry, %s, %s, %s, %s};\n",
                  to_word(main_ret, depth_kept_call_outside(&em, c_type(main_ret), "f_main()")),
                  path_lit.buf, desc, init, examples, tests);
    else
        sb_printf(out, "const GenoProgram geno_program = {%s, 0, &geno_t_unit, %s, %s, %s};\n", path_lit.buf, init,
                  examples, tests);
    sb_puts(out, "\n#ifdef GENO_STANDALONE\n"
                 "int main(int argc, char **argv) { return geno_standalone_main(argc, argv, &geno_program); }\n"
                 "#endif\n");
    free(top.buf);
    if (d->errors > before) {
        free(out->buf);
        return NULL;
    }
    return sb_take(out);
}

char *compile_file_to_c(const char *path, Diags *d, Program **prog_out) {
    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        diag_add(d, "E000", (SrcLoc){path, 0, 0}, "File not found: %s", path);
        return NULL;
    }
    Program *p = parse_program_len(path, src, len, d);
    if (prog_out) *prog_out = p;
    if (d->errors) return NULL;
    if (check_program(p, d)) return NULL;
    return emit_program(p, d, false, true);
}
