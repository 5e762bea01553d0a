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

#include <stdlib.h>
#include <string.h>

char *local_name(Sym *s) {
    if (s->is_param) return xasprintf("p_%s", s->name);
    return xasprintf("v_%s_%d", s->name, s->id);
}

char *func_name(const char *geno_name) { return xasprintf("f_%s", geno_name); }

void emit_unsupported(Emitter *em, SrcLoc loc, const char *what) {
    diag_add(em->d, "E300", loc, "genoc cannot compile %s yet", what);
}

/* ---- type descriptors ---------------------------------------------------- */

char *type_desc(Emitter *em, Type *t) {
    t = ty_resolve(t);
    switch (t->kind) {
    case TY_UNIT: return "&geno_t_unit";
    case TY_BOOL: return "&geno_t_bool";
    case TY_INT: return "&geno_t_int";
    case TY_FLOAT: return "&geno_t_float";
    case TY_STRING: return "&geno_t_string";
    case TY_VAR: return "&geno_t_unit";   /* never constrained: no value of it exists */
    default: break;
    }
    char *key = ty_str(t);
    for (int i = 0; i < em->desc_keys.len; i++)
        if (strcmp(em->desc_keys.items[i], key) == 0) return xasprintf("&td_%d", i);
    const char *kind;
    switch (t->kind) {
    case TY_LIST: kind = "GT_LIST"; break;
    case TY_TUPLE: kind = "GT_TUPLE"; break;
    case TY_FUNC: kind = "GT_FUNC"; break;
    default:
        emit_unsupported(em, (SrcLoc){0}, "a value of this type");
        return "&geno_t_unit";
    }
    /* Parameters first, so their descriptors precede this one. */
    char **params = xmalloc(sizeof(char *) * (t->nargs + 1));
    for (int i = 0; i < t->nargs; i++) params[i] = type_desc(em, t->args[i]);
    int id = em->desc_keys.len;
    vec_push(&em->desc_keys, key);
    if (t->nargs) {
        sb_printf(&em->head, "static const GenoType *const td_%d_params[] = {", id);
        for (int i = 0; i < t->nargs; i++) sb_printf(&em->head, "%s%s", i ? ", " : "", params[i]);
        sb_puts(&em->head, "};\n");
    }
    sb_printf(&em->head, "static const GenoType td_%d = {%s, %d, %s, \"%s\", 0, 0};  /* %s */\n",
              id, kind, t->nargs, t->nargs ? xasprintf("td_%d_params", id) : "0",
              t->kind == TY_LIST ? "List" : "", key);
    return xasprintf("&td_%d", id);
}

/* ---- statements ---------------------------------------------------------- */

static void line(Emitter *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line(Emitter *em, const char *fmt, ...) {
    for (int i = 0; i < em->indent; i++) sb_puts(&em->body, "    ");
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&em->body, fmt, ap);
    va_end(ap);
    sb_putc(&em->body, '\n');
}

/* #line only when the Geno line changes, as Nim does. */
static void line_directive(Emitter *em, SrcLoc loc) {
    if (loc.line <= 0 || loc.line == em->last_line) return;
    em->last_line = loc.line;
    StrBuf sb = {0};
    json_escape(&sb, em->path);   /* a C string literal body needs the same escapes */
    sb_printf(&em->body, "#line %d %s\n", loc.line, sb.buf);
    free(sb.buf);
}

static void emit_block(Emitter *em, StmtList *body);

static void emit_return(Emitter *em, Stmt *s) {
    if (!s->value) {
        line(em, "{ GENO_LEAVE(); return 0; }");
        return;
    }
    char *v = emit_expr(em, s->value);
    line(em, "{ %s r_ = %s; GENO_LEAVE(); return r_; }", c_type(em->cur_ret), v);
}

static void emit_for(Emitter *em, Stmt *s) {
    int id = ++em->tmp;
    Sym *var = s->sym;
    line(em, "{");
    em->indent++;
    line(em, "GenoList *l_%d = %s;", id, emit_expr(em, s->value));
    line(em, "int64_t n_%d = geno_list_len(l_%d);", id, id);
    line(em, "for (int64_t i_%d = 0; i_%d < n_%d; i_%d++) {", id, id, id, id);
    em->indent++;
    line(em, "%s %s = %s;", c_type(var->ty), local_name(var),
         from_word(var->ty, xasprintf("geno_list_get(l_%d, i_%d)", id, id)));
    emit_block(em, &s->body);
    em->indent--;
    line(em, "}");
    em->indent--;
    line(em, "}");
}

static void emit_stmt(Emitter *em, Stmt *s) {
    line_directive(em, s->loc);
    switch (s->kind) {
    case ST_LET:
    case ST_VAR: {
        Sym *v = s->sym;
        line(em, "%s %s = %s;", c_type(v->ty), local_name(v), emit_expr(em, s->value));
        return;
    }
    case ST_ASSIGN:
        line(em, "%s = %s;", local_name(s->sym), emit_expr(em, s->value));
        return;
    case ST_IF:
        line(em, "if (%s) {", emit_expr(em, s->cond));
        em->indent++;
        emit_block(em, &s->body);
        em->indent--;
        if (s->else_body.len) {
            line(em, "} else {");
            em->indent++;
            emit_block(em, &s->else_body);
            em->indent--;
        }
        line(em, "}");
        return;
    case ST_WHILE:
        line(em, "while (%s) {", emit_expr(em, s->cond));
        em->indent++;
        emit_block(em, &s->body);
        em->indent--;
        line(em, "}");
        return;
    case ST_FOR:
        emit_for(em, s);
        return;
    case ST_RETURN:
        emit_return(em, s);
        return;
    case ST_BREAK:
        line(em, "break;");
        return;
    case ST_CONTINUE:
        line(em, "continue;");
        return;
    case ST_EXPR:
        line(em, "(void)(%s);", emit_expr(em, s->value));
        return;
    default:
        emit_unsupported(em, s->loc, "this statement");
        return;
    }
}

static void emit_block(Emitter *em, StmtList *body) {
    for (int i = 0; i < body->len; i++) emit_stmt(em, body->items[i]);
}

/* ---- functions ----------------------------------------------------------- */

static char *signature(Def *f) {
    Sym *s = f->sym;
    StrBuf sb = {0};
    sb_printf(&sb, "static %s %s(", c_type(s->ty->ret), func_name(f->name));
    for (int i = 0; i < f->params.len; i++)
        sb_printf(&sb, "%s%s p_%s", i ? ", " : "", c_type(s->ty->args[i]), f->params.items[i].name);
    if (!f->params.len) sb_puts(&sb, "void");
    sb_putc(&sb, ')');
    return sb_take(&sb);
}

static void emit_func(Emitter *em, Def *f) {
    Sym *s = f->sym;
    em->cur_func = f;
    em->cur_ret = s->ty->ret;
    em->last_line = 0;
    line_directive(em, f->loc);
    line(em, "%s {", signature(f));
    em->indent++;
    line(em, "GENO_ENTER(%s);", loc_arg(f->loc));
    emit_block(em, &f->body);
    if (ty_is(s->ty->ret, TY_UNIT)) {
        line(em, "GENO_LEAVE();");
        line(em, "return 0;");
    } else {
        line(em, "geno_raise(\"E499\", %s, \"Function '%s' ended without returning a value\");",
             loc_arg(f->loc), f->name);
    }
    em->indent--;
    line(em, "}");
    sb_putc(&em->body, '\n');
}

char *emit_program(Program *p, Diags *d) {
    Emitter em = {.d = d, .path = p->path};
    int before = d->errors;
    Def *main_def = NULL;
    StrBuf protos = {0};
    for (int i = 0; i < p->defs.len; i++) {
        Def *f = p->defs.items[i];
        if (f->kind != DEF_FUNC || !f->sym) continue;
        sb_printf(&protos, "%s;\n", signature(f));
        emit_func(&em, f);
        if (strcmp(f->name, "main") == 0) main_def = f;
    }
    StrBuf out = {0};
    sb_puts(&out, "/* Generated by genoc from ");
    sb_puts(&out, p->path);   /* identifiers and paths: no comment terminators */
    sb_puts(&out, " */\n#include <geno/rt.h>\n\n");
    StrBuf path_lit = {0};
    json_escape(&path_lit, p->path);
    if (main_def) {
        Type *rt = ((Sym *)main_def->sym)->ty->ret;
        char *desc = type_desc(&em, rt);
        sb_puts(&out, em.head.buf ? em.head.buf : "");
        sb_puts(&out, "\n");
        sb_puts(&out, protos.buf);
        sb_puts(&out, "\n");
        sb_puts(&out, em.body.buf ? em.body.buf : "");
        sb_printf(&out, "static GenoWord geno_entry(void) { return %s; }\n\n",
                  to_word(rt, "f_main()"));
        sb_printf(&out, "const GenoProgram geno_program = {%s, geno_entry, %s, 0};\n",
                  path_lit.buf, desc);
    } else {
        sb_puts(&out, em.head.buf ? em.head.buf : "");
        sb_puts(&out, protos.buf ? protos.buf : "");
        sb_puts(&out, em.body.buf ? em.body.buf : "");
        sb_printf(&out, "const GenoProgram geno_program = {%s, 0, &geno_t_unit, 0};\n", path_lit.buf);
    }
    sb_puts(&out, "\n#ifdef GENO_STANDALONE\n"
                  "int main(int argc, char **argv) { return geno_standalone_main(argc, argv, &geno_program); }\n"
                  "#endif\n");
    if (d->errors > before) {
        free(out.buf);
        return NULL;
    }
    return sb_take(&out);
}

char *compile_file_to_c(const char *path, Diags *d, Program **prog_out) {
    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        diag_add(d, "E000", (SrcLoc){path, 0, 0}, "File not found: %s", path);
        return NULL;
    }
    Program *p = parse_program(path, src, d);
    if (prog_out) *prog_out = p;
    if (d->errors) return NULL;
    if (check_program(p, d)) return NULL;
    return emit_program(p, d);
}
