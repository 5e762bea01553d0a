/* emit_closure.c — lambdas, functions as values, and calls of function
 * values.
 *
 * A lambda is lifted to a file-scope C function with the uniform closure
 * ABI of geno/rt.h (the closure and every argument as GenoWords, a GenoWord
 * result), and its value is a GenoClosure holding that function and the
 * captured variables. The reference captures variables by reference: a
 * captured `var` that is assigned anywhere lives in a heap cell (is_boxed),
 * and the closure holds the cell's address, so the enclosing function and
 * every closure see one variable. Anything else is captured by value, which
 * is indistinguishable because it never changes.
 *
 * A named function used as a value gets a trampoline with the closure ABI
 * and a static, environment-free GenoClosure.
 */
#include "emit.h"

#include <stdlib.h>
#include <string.h>

/* Declarations that make a captured variable visible inside the lifted
 * function under its usual C name. */
static void bind_captures(Emitter *em, Sym *lam) {
    for (int i = 0; i < lam->captures.len; i++) {
        Sym *c = lam->captures.items[i];
        if (is_boxed(c))
            emit_line(em, "%s *%s = (%s *)(uintptr_t)self->env[%d];", c_type(c->ty), local_name(c),
                      c_type(c->ty), i);
        else
            emit_line(em, "%s %s = %s;", c_type(c->ty), local_name(c),
                      from_word(c->ty, xasprintf("self->env[%d]", i)));
    }
}

char *emit_lambda(Emitter *em, Expr *e) {
    Sym *lam = e->sym;
    Type *ft = ty_resolve(e->ty);
    if (!lam || lam->kind != SYM_LAMBDA || ft->kind != TY_FUNC) {
        emit_unsupported(em, e->loc, "this lambda");
        return xstrdup("0");
    }
    int id = ++em->tmp;
    /* Emit the lifted function into its own buffer, then restore. */
    StrBuf saved_body = em->body;
    int saved_indent = em->indent, saved_line = em->last_line;
    const char *saved_file = em->line_file;
    Type *saved_ret = em->cur_ret;
    bool saved_in_lambda = em->in_lambda, saved_volatile = em->volatile_vars, saved_leaves = em->callee_leaves;
    bool saved_fbuf_fn = em->fbuf_fn;
    em->fbuf_fn = false;   /* a C function of its own: its f-strings build on the heap under tcc */
    int saved_loops = em->loop_depth, saved_tries = em->tries.len;
    TryScope *saved_try_items = em->tries.items;
    int saved_try_cap = em->tries.cap;
    em->tries.items = NULL;   /* the lambda's own try frames, none open yet */
    em->tries.len = em->tries.cap = 0;
    em->loop_depth = 0;
    em->volatile_vars = e->a ? false : has_try(&e->body);
    if (!e->a) find_owned_lists(em, &e->body);
    em->body = (StrBuf){0};
    int saved_floor = bounds_hide(em);
    em->indent = 0;
    em->last_line = 0;
    em->line_file = NULL;   /* a buffer of its own */
    em->cur_ret = ft->ret;
    em->in_lambda = true;
    em->callee_leaves = true;   /* the runtime calls closures: they undo their own GENO_ENTER */

    StrBuf sig = {0};
    sb_printf(&sig, "static GenoWord lam_%d(GenoClosure *self", id);
    for (int i = 0; i < lam->nparts; i++) sb_printf(&sig, ", GenoWord a_%d", i);
    sb_putc(&sig, ')');
    emit_line(em, "%s {", sig.buf);
    em->indent++;
    emit_line(em, "(void)self;");
    emit_line(em, "GENO_ENTER_KEEP(%s);", loc_arg(e->loc));
    bool saved_entered = em->entered;
    em->entered = true;
    for (int i = 0; i < lam->nparts; i++) {
        Sym *p = lam->parts[i];
        emit_line(em, "%s %s = %s;", c_type(p->ty), local_name(p), from_word(p->ty, xasprintf("a_%d", i)));
    }
    bind_captures(em, lam);
    if (e->a) {
        emit_line(em, "{ GenoWord r_ = %s; geno_depth_left++; return r_; }", to_word(ft->ret, emit_expr(em, e->a)));
    } else {
        emit_block(em, &e->body);
        if (ty_is(ft->ret, TY_UNIT)) emit_line(em, "geno_depth_left++; return 0;");
        else emit_line(em, "geno_raise(\"E499\", %s, \"Lambda ended without returning a value\"); return 0;", loc_arg(e->loc));
    }
    em->indent--;
    emit_line(em, "}");
    sb_puts(&em->lambdas, em->body.buf);
    sb_puts(&em->lambdas, "\n");
    free(em->body.buf);
    free(sig.buf);

    em->entered = saved_entered;
    em->body = saved_body;
    bounds_unhide(em, saved_floor);
    em->indent = saved_indent;
    em->last_line = saved_line;
    em->line_file = saved_file;
    em->cur_ret = saved_ret;
    em->in_lambda = saved_in_lambda;
    em->callee_leaves = saved_leaves;
    em->fbuf_fn = saved_fbuf_fn;
    em->volatile_vars = saved_volatile;
    em->loop_depth = saved_loops;
    em->tries.items = saved_try_items;
    em->tries.len = saved_tries;
    em->tries.cap = saved_try_cap;

    /* The closure value: the lifted function and the captured words. */
    int n = lam->captures.len;
    if (n == 0) {   /* nothing captured: one static closure, no allocation */
        sb_printf(&em->lambdas, "static GenoClosure clo_lam_%d = {(void *)lam_%d};\n\n", id, id);
        return xasprintf("(&clo_lam_%d)", id);
    }
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoClosure *c_%d = geno_alloc(sizeof(GenoClosure) + %d * sizeof(GenoWord)); c_%d->fn = (void *)lam_%d; ",
              id, n, id, id);
    for (int i = 0; i < n; i++) {
        Sym *c = lam->captures.items[i];
        if (is_boxed(c)) sb_printf(&sb, "c_%d->env[%d] = (GenoWord)(uintptr_t)%s; ", id, i, local_name(c));
        else sb_printf(&sb, "c_%d->env[%d] = %s; ", id, i, to_word(c->ty, local_ref(em, c)));
    }
    sb_printf(&sb, "c_%d; })", id);
    return sb_take(&sb);
}

char *emit_func_value(Emitter *em, Sym *fn) {
    Type *ft = ty_resolve(fn->ty);
    char *cname = def_cname(em, fn);
    if (!strmap_put_first(&em->tramp_keys, cname, NULL, 0)) return xasprintf("(&clo_%s)", cname);
    StrBuf *l = &em->lambdas;
    sb_printf(l, "static GenoWord tramp_%s(GenoClosure *self", cname);
    for (int i = 0; i < ft->nargs; i++) sb_printf(l, ", GenoWord a_%d", i);
    sb_printf(l, ") {\n    (void)self;\n    return %s;\n}\n", to_word(ft->ret, ({
        StrBuf call = {0};
        sb_printf(&call, "%s(", cname);
        for (int i = 0; i < ft->nargs; i++)
            sb_printf(&call, "%s%s", i ? ", " : "", from_word(ft->args[i], xasprintf("a_%d", i)));
        sb_putc(&call, ')');
        depth_kept_call_outside(em, c_type(fn->def ? func_result_type(fn->def) : ft->ret), sb_take(&call));
    })));
    sb_printf(l, "static GenoClosure clo_%s = {(void *)tramp_%s};\n\n", cname, cname);
    sb_printf(&em->init, "    geno_name_function(&clo_%s, \"function %s\");\n", cname, fn->def ? fn->def->name : fn->name);
    return xasprintf("(&clo_%s)", cname);
}

/* callee(args) where callee is a value of function type. */
char *emit_closure_call(Emitter *em, Expr *callee, ExprList *args, SrcLoc loc) {
    Type *ft = ty_resolve(callee->ty);
    if (ft->kind != TY_FUNC || args->len != ft->nargs) {
        emit_unsupported(em, loc, "this call");
        return xstrdup("0");
    }
    int id = ++em->tmp;
    StrBuf sb = {0};
    sb_printf(&sb, "({ GenoClosure *f_%d = %s; ((GenoWord (*)(GenoClosure *", id, emit_expr(em, callee));
    for (int i = 0; i < ft->nargs; i++) sb_puts(&sb, ", GenoWord");
    sb_printf(&sb, "))f_%d->fn)(f_%d", id, id);
    for (int i = 0; i < ft->nargs; i++)
        sb_printf(&sb, ", %s", to_word(ft->args[i], emit_expr(em, args->items[i])));
    sb_puts(&sb, "); })");
    return from_word(ft->ret, sb_take(&sb));
}

/* A builtin (`map(xs, to_string)`) or a constructor with fields
 * (`map(xs, Some)`) used as a value: a trampoline with the closure ABI that
 * performs the call on its parameters, and a static closure for it. The
 * call is emitted by the ordinary builtin/constructor emitters on synthetic
 * argument expressions naming the trampoline's parameters. */
char *emit_callable_value(Emitter *em, Expr *e) {
    Sym *s = e->sym;
    Type *ft = ty_resolve(e->ty);
    if (ft->kind != TY_FUNC) {
        emit_unsupported(em, e->loc, "this name as a value");
        return xstrdup("0");
    }
    char *key = xasprintf("vt_%s_%d", s->kind == SYM_BUILTIN ? (s->builtin_name ? s->builtin_name : s->name) : s->name,
                          ++em->tmp);
    Expr call = {.kind = s->kind == SYM_CTOR ? EX_CTOR : EX_CALL, .loc = e->loc, .ty = ft->ret, .sym = s,
                 .name = (char *)s->name};
    for (int i = 0; i < ft->nargs; i++) {
        Sym *ps = xmalloc(sizeof *ps);
        ps->kind = SYM_LOCAL;
        ps->is_param = true;
        ps->name = xasprintf("%s_a%d", key, i);
        ps->ty = ft->args[i];
        Expr *arg = xmalloc(sizeof *arg);
        arg->kind = EX_IDENT;
        arg->sym = ps;
        arg->ty = ft->args[i];
        arg->loc = e->loc;
        vec_push(&call.elems, arg);
        CallArg ca = {NULL, e->loc, arg};
        vec_push(&call.args, ca);
    }
    char *body = s->kind == SYM_CTOR ? emit_ctor(em, &call)
                                     : emit_builtin(em, &call, s->builtin_name ? s->builtin_name : s->name);
    StrBuf *l = &em->lambdas;
    sb_printf(l, "static GenoWord %s(GenoClosure *self", key);
    for (int i = 0; i < ft->nargs; i++) sb_printf(l, ", GenoWord a_%d", i);
    sb_puts(l, ") {\n    (void)self;\n");
    for (int i = 0; i < ft->nargs; i++)
        sb_printf(l, "    %s p_%s_a%d = %s;\n", c_type(ft->args[i]), key, i, from_word(ft->args[i], xasprintf("a_%d", i)));
    sb_printf(l, "    return %s;\n}\n", to_word(ft->ret, body));
    sb_printf(l, "static GenoClosure clo_%s = {(void *)%s};\n\n", key, key);
    if (s->kind == SYM_BUILTIN)
        sb_printf(&em->init, "    geno_name_function(&clo_%s, \"builtin %s\");\n", key,
                  s->builtin_name ? s->builtin_name : s->name);
    return xasprintf("(&clo_%s)", key);
}
