/* emit_specs.c — contracts, example clauses, typed holes and async.
 *
 * requires: checked after GENO_ENTER, before the body (E407).
 * ensures:  checked at every return with `result` bound to the value (E408).
 *           Both are uncatchable, as in the reference (geno_raise_fatal).
 * examples: emit_examples.c.
 * holes:    evaluating `?name: T` is E411.
 * async:    an async function compiles to an ordinary C function; calling it
 *           makes an Async value, a closure holding the arguments, and
 *           `await` runs it — deferred and synchronous, as the reference's
 *           interpreter does.
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

/* ---- contracts ------------------------------------------------------------ */

void emit_requires(Emitter *em, Def *f) {
    for (int i = 0; i < f->requires_.len; i++) {
        Expr *r = f->requires_.items[i];
        emit_line(em, "if (!(%s)) geno_raise_fatal(\"E407\", %s, \"Precondition failed for %s: requires clause evaluated to false\");",
                  emit_expr(em, r), loc_arg(r->loc), f->name);
    }
}

static Sym *find_result_sym(Expr *e) {
    if (!e) return NULL;
    if (e->kind == EX_IDENT && e->sym && strcmp(e->name, "result") == 0) return e->sym;
    Sym *s;
    if ((s = find_result_sym(e->a)) || (s = find_result_sym(e->b)) || (s = find_result_sym(e->c))) return s;
    for (int i = 0; i < e->elems.len; i++)
        if ((s = find_result_sym(e->elems.items[i]))) return s;
    for (int i = 0; i < e->args.len; i++)
        if ((s = find_result_sym(e->args.items[i].value))) return s;
    return NULL;
}

/* The checks of f's ensures clauses on the C value `value` (type ret). */
char *ensures_checks(Emitter *em, Def *f, Type *ret, const char *value) {
    if (!f || !f->ensures.len) return xstrdup("");
    StrBuf sb = {0};
    sb_puts(&sb, "{ ");
    Sym *rs = NULL;
    for (int i = 0; i < f->ensures.len && !rs; i++) rs = find_result_sym(f->ensures.items[i]);
    if (rs) sb_printf(&sb, "%s %s = %s; ", c_type(ret), local_name(rs), value);
    for (int i = 0; i < f->ensures.len; i++) {
        Expr *c = f->ensures.items[i];
        sb_printf(&sb, "if (!(%s)) geno_raise_fatal(\"E408\", %s, \"Postcondition failed for %s: ensures clause evaluated to false (result was %%s)\", geno_repr(%s, %s)->data); ",
                  emit_expr(em, c), loc_arg(c->loc), f->name, to_word(ret, value), type_desc(em, ret));
    }
    sb_puts(&sb, "} ");
    return sb_take(&sb);
}

/* ---- holes and async ---------------------------------------------------------- */

char *emit_hole(Emitter *em, Expr *e) {
    (void)em;
    return xasprintf("({ geno_raise(\"E411\", %s, \"Encountered unfilled hole: ?%s\"); (%s)0; })",
                     loc_arg(e->loc), e->name, c_type(e->ty));
}

/* The inner type T of an async function's Async[T]. */
Type *func_result_type(Def *f) {
    Type *r = ((Sym *)f->sym)->ty->ret;
    if (f->is_async && ty_is(r, TY_ASYNC)) return ty_resolve(r)->args[0];
    return r;
}

/* f(args) of an async f: a closure that runs the call when awaited. */
char *emit_async_call(Emitter *em, Expr *e, const char *cname) {
    Sym *s = e->sym;
    Def *f = s->def;
    Type *ft = ty_resolve(s->ty);
    int n = e->elems.len;
    char *thunk = xasprintf("athunk_%s", cname);
    if (strmap_put_first(&em->tramp_keys, thunk, NULL, 0)) {
        StrBuf call = {0};
        sb_printf(&call, "%s(", cname);
        for (int i = 0; i < n; i++)
            sb_printf(&call, "%s%s", i ? ", " : "", from_word(ft->args[i], xasprintf("self->env[%d]", i)));
        sb_putc(&call, ')');
        sb_printf(&em->lambdas, "static GenoWord %s(GenoClosure *self) {\n    return %s;\n}\n\n", thunk,
                  to_word(func_result_type(f), depth_kept_call_outside(em, c_type(func_result_type(f)), call.buf)));
        free(call.buf);
    }
    int id = ++em->tmp;
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoClosure *c_%d = geno_alloc(sizeof(GenoClosure) + %d * sizeof(GenoWord)); c_%d->fn = (void *)%s; ",
              id, n, id, thunk);
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "c_%d->env[%d] = %s; ", id, i, to_word(ft->args[i], emit_expr(em, e->elems.items[i])));
    sb_printf(&sb, "c_%d; })", id);
    return sb_take(&sb);
}

char *emit_await(Emitter *em, Expr *e) {
    Type *t = ty_resolve(e->a->ty);
    char *v = emit_expr(em, e->a);
    if (t->kind != TY_ASYNC) return v;   /* awaiting a plain value is identity */
    return from_word(e->ty, xasprintf("({ GenoClosure *c_ = %s; GENO_CALL0(c_); })", v));
}

/* ---- `genoc test`: one test case per example clause and `test` block -------- */

/* Emits test-case functions and their table; returns the GenoProgram
 * initialiser fields "table, count". */
char *emit_tests(Emitter *em, Program *p) {
    StrBuf table = {0};
    int n = 0, k = 0;   /* test cases, example clauses */
    for (int i = 0; i < p->defs.len; i++) {
        Def *d = p->defs.items[i];
        if (example_clause_counts(d)) {
            for (int j = 0; j < d->examples.len; j++, n++, k++)   /* rows made by emit_examples */
                sb_printf(&table, "    {\"%s\", 0, %lld},\n", d->name, (long long)em->example_offsets[k]);
        } else if (d->kind == DEF_TEST) {
            /* The block's statements, emitted like a function body. */
            StrBuf saved = em->body;
            int saved_indent = em->indent;
            const char *saved_file = em->line_file;
            em->body = (StrBuf){0};
            em->line_file = NULL;   /* a buffer of its own */
            em->indent = 1;
            em->cur_func = NULL;
            em->cur_ret = ty_prim(TY_UNIT);
            em->in_lambda = false;
            em->loop_depth = 0;
            em->tries.len = 0;
            em->volatile_vars = has_try(&d->body);
            em->callee_leaves = true;   /* the runtime calls test blocks */
            find_owned_lists(em, &d->body);
            emit_line(em, "GENO_ENTER_KEEP(%s);", loc_arg(d->loc));
            bool saved_entered = em->entered;
            em->entered = true;
            emit_block(em, &d->body);
            em->entered = saved_entered;
            emit_line(em, "geno_depth_left++;");
            sb_printf(&em->lambdas, "static void gt_%d(void) {\n%s}\n\n", n, em->body.buf ? em->body.buf : "");
            free(em->body.buf);
            em->body = saved;
            em->line_file = saved_file;
            em->indent = saved_indent;
            StrBuf name = {0};
            c_string_literal(&name, d->name ? d->name : "test");
            sb_printf(&table, "    {%s, gt_%d},\n", name.buf, n);
            free(name.buf);
            n++;
        }
    }
    if (!n) return xstrdup("0, 0");
    if (em->no_test_table) {   /* `genoc run`: the test blocks are still compiled, not listed */
        free(table.buf);
        return xstrdup("0, 0");
    }
    sb_printf(&em->lambdas, "static const GenoTestCase geno_test_cases[%d] = {\n%s};\n\n", n, table.buf);
    free(table.buf);
    return xasprintf("geno_test_cases, %d", n);
}
