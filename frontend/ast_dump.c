/* ast_dump.c — a readable, deterministic dump of the AST.
 *
 * One node per line, indented two spaces per level, in S-expression form:
 * `(kind attributes @line:col` followed by its children on the next lines,
 * and `)` closing on the line of the last child. Strings are printed quoted
 * with C-style escapes. Used by `genoc parse --dump` and by tests.
 * Indentation is capped at MAX_INDENT levels.
 *
 *   (func add @1:1
 *     (param a @1:10
 *       (type Int @1:13))
 *     ...
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ast.h"

#define MAX_INDENT 60

typedef struct {
    FILE *out;
    int depth;
    bool started;
} Dumper;

static void open_node(Dumper *D, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void open_node(Dumper *D, SrcLoc loc, const char *fmt, ...) {
    if (D->started) fputc('\n', D->out);
    D->started = true;
    /* Indentation stops growing at MAX_INDENT levels so that a very deep
     * tree (a long operator chain) still dumps in linear size. */
    for (int i = 0; i < D->depth && i < MAX_INDENT; i++) fputs("  ", D->out);
    fputc('(', D->out);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(D->out, fmt, ap);
    va_end(ap);
    if (loc.line > 0) fprintf(D->out, " @%d:%d", loc.line, loc.col);
    D->depth++;
}

static void close_node(Dumper *D) {
    fputc(')', D->out);
    D->depth--;
}

static SrcLoc noloc(void) {
    SrcLoc l = {0};
    return l;
}

static void put_quoted(FILE *out, const char *s, size_t n) {
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '\n': fputs("\\n", out); break;
        case '\t': fputs("\\t", out); break;
        case '\r': fputs("\\r", out); break;
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        default:
            if (c < 0x20 || c == 0x7F) fprintf(out, "\\x%02x", c);
            else fputc(c, out);
        }
    }
    fputc('"', out);
}

const char *op_name(Op op) {
    static const char *const names[] = {
        [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/",
        [OP_MOD] = "%", [OP_POW] = "**", [OP_BAND] = "&", [OP_BXOR] = "^",
        [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_EQ] = "==", [OP_NE] = "!=",
        [OP_LT] = "<", [OP_GT] = ">", [OP_LE] = "<=", [OP_GE] = ">=",
        [OP_AND] = "and", [OP_OR] = "or", [OP_NEG] = "-", [OP_BNOT] = "~",
        [OP_NOT] = "not",
    };
    return (unsigned)op < sizeof names / sizeof names[0] && names[op] ? names[op] : "?";
}

static void dump_expr(Dumper *D, const Expr *e);
static void dump_stmts(Dumper *D, const char *label, const StmtList *list);

/* ---- types and patterns --------------------------------------------------- */

static void dump_type(Dumper *D, const TypeExpr *t) {
    if (!t) return;
    switch (t->kind) {
    case TE_NAME: open_node(D, t->loc, "type %s", t->name); break;
    case TE_FUNC: open_node(D, t->loc, "func-type"); break;
    case TE_TUPLE: open_node(D, t->loc, "tuple-type"); break;
    case TE_UNIT: open_node(D, t->loc, "unit-type"); break;
    }
    for (int i = 0; i < t->args.len; i++) dump_type(D, t->args.items[i]);
    if (t->kind == TE_FUNC) {
        open_node(D, noloc(), "returns");
        dump_type(D, t->ret);
        close_node(D);
        if (t->effects.len) {
            open_node(D, noloc(), "effects");
            for (int i = 0; i < t->effects.len; i++) fprintf(D->out, " %s", t->effects.items[i]);
            close_node(D);
        }
    }
    close_node(D);
}

static void dump_pattern(Dumper *D, const Pattern *pt) {
    switch (pt->kind) {
    case PAT_WILDCARD: open_node(D, pt->loc, "p-wildcard"); break;
    case PAT_VAR: open_node(D, pt->loc, "p-var %s", pt->name); break;
    case PAT_CTOR: open_node(D, pt->loc, "p-ctor %s", pt->name); break;
    case PAT_LITERAL: open_node(D, pt->loc, "p-literal"); break;
    case PAT_LIST: open_node(D, pt->loc, "p-list"); break;
    case PAT_REST: open_node(D, pt->loc, "p-rest%s%s", pt->name ? " " : "",
                             pt->name ? pt->name : ""); break;
    }
    if (pt->lit) dump_expr(D, pt->lit);
    for (int i = 0; i < pt->subs.len; i++) dump_pattern(D, pt->subs.items[i]);
    close_node(D);
}

/* ---- expressions ---------------------------------------------------------- */

static void dump_params(Dumper *D, const ParamList *params) {
    for (int i = 0; i < params->len; i++) {
        const Param *prm = &params->items[i];
        open_node(D, prm->loc, "param %s", prm->name);
        dump_type(D, prm->type);
        if (prm->default_value) {
            open_node(D, noloc(), "default");
            dump_expr(D, prm->default_value);
            close_node(D);
        }
        close_node(D);
    }
}

static void dump_args(Dumper *D, const CallArgList *args) {
    for (int i = 0; i < args->len; i++) {
        const CallArg *a = &args->items[i];
        if (a->name) {
            open_node(D, a->name_loc, "named %s", a->name);
            dump_expr(D, a->value);
            close_node(D);
        } else {
            dump_expr(D, a->value);
        }
    }
}

static void dump_arms(Dumper *D, const MatchArmList *arms) {
    for (int i = 0; i < arms->len; i++) {
        const MatchArm *arm = &arms->items[i];
        open_node(D, arm->loc, "arm");
        dump_pattern(D, arm->pattern);
        if (arm->guard) {
            open_node(D, noloc(), "when");
            dump_expr(D, arm->guard);
            close_node(D);
        }
        if (arm->value) dump_expr(D, arm->value);
        else dump_stmts(D, "body", &arm->body);
        close_node(D);
    }
}

static void dump_expr(Dumper *D, const Expr *e) {
    if (!e) return;
    SrcLoc l = e->loc;
    switch (e->kind) {
    case EX_INT: open_node(D, l, "int %s", e->int_text); break;
    case EX_FLOAT: open_node(D, l, "float %s", e->float_text); break;
    case EX_STRING:
        open_node(D, noloc(), "string ");
        put_quoted(D->out, e->str, e->str_len);
        fprintf(D->out, " @%d:%d", l.line, l.col);
        break;
    case EX_FSTRING: open_node(D, l, "fstring"); break;
    case EX_BOOL: open_node(D, l, "bool %s", e->bool_val ? "true" : "false"); break;
    case EX_IDENT: open_node(D, l, "ident %s", e->name); break;
    case EX_TYPE_IDENT: open_node(D, l, "type-ident %s", e->name); break;
    case EX_LIST: open_node(D, l, "list"); break;
    case EX_TUPLE: open_node(D, l, "tuple"); break;
    case EX_LIST_COMP: open_node(D, l, "list-comp %s", e->name); break;
    case EX_BINARY: open_node(D, l, "binary %s", op_name(e->op)); break;
    case EX_UNARY: open_node(D, l, "unary %s", op_name(e->op)); break;
    case EX_CALL: open_node(D, l, "call"); break;
    case EX_CTOR: open_node(D, l, "ctor %s", e->name); break;
    case EX_INDEX: open_node(D, l, "index"); break;
    case EX_FIELD: open_node(D, l, "field %s", e->name); break;
    case EX_PIPELINE: open_node(D, l, "pipeline%s", e->no_parens ? " no-parens" : ""); break;
    case EX_PLACEHOLDER: open_node(D, l, "placeholder"); break;
    case EX_LAMBDA: open_node(D, l, "lambda"); break;
    case EX_MATCH: open_node(D, l, "match"); break;
    case EX_WITH: open_node(D, l, "with"); break;
    case EX_THROW: open_node(D, l, "throw"); break;
    case EX_AWAIT: open_node(D, l, "await"); break;
    case EX_PROPAGATE: open_node(D, l, "propagate"); break;
    case EX_HOLE: open_node(D, l, "hole %s", e->name); break;
    }
    switch (e->kind) {
    case EX_LIST_COMP:
        dump_type(D, e->type_ann);
        dump_expr(D, e->a);
        dump_expr(D, e->b);
        if (e->c) {
            open_node(D, noloc(), "if");
            dump_expr(D, e->c);
            close_node(D);
        }
        break;
    case EX_LAMBDA:
        dump_params(D, &e->params);
        dump_type(D, e->ret_ann);
        if (e->a) dump_expr(D, e->a);
        else dump_stmts(D, "body", &e->body);
        break;
    case EX_MATCH:
        dump_expr(D, e->a);
        dump_arms(D, &e->arms);
        break;
    case EX_WITH:
        dump_expr(D, e->a);
        for (int i = 0; i < e->fields.len; i++) {
            open_node(D, e->fields.items[i].loc, "set %s", e->fields.items[i].name);
            dump_expr(D, e->fields.items[i].value);
            close_node(D);
        }
        break;
    case EX_HOLE:
        dump_type(D, e->type_ann);
        if (e->a) {
            open_node(D, noloc(), "where");
            dump_expr(D, e->a);
            close_node(D);
        }
        break;
    default:
        dump_expr(D, e->a);
        dump_expr(D, e->b);
        dump_expr(D, e->c);
        for (int i = 0; i < e->elems.len; i++) dump_expr(D, e->elems.items[i]);
        dump_args(D, &e->args);
        break;
    }
    close_node(D);
}

/* ---- statements ----------------------------------------------------------- */

static void dump_stmt(Dumper *D, const Stmt *s);

static void dump_stmts(Dumper *D, const char *label, const StmtList *list) {
    open_node(D, noloc(), "%s", label);
    for (int i = 0; i < list->len; i++) dump_stmt(D, list->items[i]);
    close_node(D);
}

static void dump_names(Dumper *D, const NameList *names) {
    fputs(" (", D->out);
    for (int i = 0; i < names->len; i++)
        fprintf(D->out, "%s%s", i ? " " : "", names->items[i]);
    fputc(')', D->out);
}

static void dump_stmt(Dumper *D, const Stmt *s) {
    SrcLoc l = s->loc;
    switch (s->kind) {
    case ST_LET: case ST_VAR:
        open_node(D, noloc(), "%s", s->kind == ST_LET ? "let" : "var");
        if (s->name) fprintf(D->out, " %s", s->name);
        else dump_names(D, &s->names);
        fprintf(D->out, " @%d:%d", l.line, l.col);
        dump_type(D, s->type_ann);
        dump_expr(D, s->value);
        break;
    case ST_ASSIGN:
        open_node(D, l, "assign %s", s->name);
        dump_expr(D, s->value);
        break;
    case ST_INDEX_ASSIGN:
        open_node(D, l, "index-assign");
        dump_expr(D, s->target);
        dump_expr(D, s->index);
        dump_expr(D, s->value);
        break;
    case ST_FIELD_ASSIGN:
        open_node(D, l, "field-assign %s", s->name);
        dump_expr(D, s->target);
        dump_expr(D, s->value);
        break;
    case ST_IF:
        open_node(D, l, "%s", s->is_elif ? "elif" : "if");
        dump_expr(D, s->cond);
        dump_stmts(D, "then", &s->body);
        if (s->else_body.len) dump_stmts(D, "else", &s->else_body);
        break;
    case ST_WHILE:
        open_node(D, l, "while");
        dump_expr(D, s->cond);
        dump_stmts(D, "body", &s->body);
        break;
    case ST_FOR:
        open_node(D, l, "for %s", s->name);
        dump_type(D, s->type_ann);
        dump_expr(D, s->value);
        dump_stmts(D, "body", &s->body);
        break;
    case ST_MATCH:
        open_node(D, l, "match-stmt");
        dump_expr(D, s->value);
        dump_arms(D, &s->arms);
        break;
    case ST_RETURN:
        open_node(D, l, "return");
        dump_expr(D, s->value);
        break;
    case ST_BREAK: open_node(D, l, "break"); break;
    case ST_CONTINUE: open_node(D, l, "continue"); break;
    case ST_TRY:
        open_node(D, l, "try");
        dump_stmts(D, "body", &s->body);
        open_node(D, s->catch_loc, "catch %s", s->catch_name);
        dump_type(D, s->type_ann);
        dump_stmts(D, "body", &s->else_body);
        close_node(D);
        break;
    case ST_EXPR:
        open_node(D, l, "expr");
        dump_expr(D, s->value);
        break;
    case ST_ASSERT:
        open_node(D, l, "assert");
        dump_expr(D, s->value);
        break;
    }
    if (s->label) {
        open_node(D, noloc(), "label ");
        put_quoted(D->out, s->label, strlen(s->label));
        close_node(D);
    }
    close_node(D);
}

/* ---- definitions ---------------------------------------------------------- */

static void dump_def(Dumper *D, const Def *d);

static void dump_func(Dumper *D, const Def *d) {
    open_node(D, d->loc, "func %s%s%s", d->name, d->exported ? " export" : "",
              d->is_async ? " async" : "");
    if (d->untested_reason) {
        fputs(" untested=", D->out);
        put_quoted(D->out, d->untested_reason, strlen(d->untested_reason));
    }
    dump_params(D, &d->params);
    open_node(D, noloc(), "returns");
    dump_type(D, d->ret);
    close_node(D);
    if (d->effects.len) {
        open_node(D, noloc(), "effects");
        for (int i = 0; i < d->effects.len; i++) fprintf(D->out, " %s", d->effects.items[i]);
        close_node(D);
    }
    for (int i = 0; i < d->requires_.len; i++) {
        open_node(D, noloc(), "requires");
        dump_expr(D, d->requires_.items[i]);
        close_node(D);
    }
    for (int i = 0; i < d->ensures.len; i++) {
        open_node(D, noloc(), "ensures");
        dump_expr(D, d->ensures.items[i]);
        close_node(D);
    }
    for (int i = 0; i < d->examples.len; i++) {
        const Example *ex = &d->examples.items[i];
        open_node(D, ex->loc, "example");
        open_node(D, noloc(), "args");
        for (int j = 0; j < ex->args.len; j++) dump_expr(D, ex->args.items[j]);
        close_node(D);
        dump_expr(D, ex->output);
        close_node(D);
    }
    if (d->kind == DEF_FUNC) dump_stmts(D, "body", &d->body);
    if (d->closing_name) {
        open_node(D, noloc(), "closing %s", d->closing_name);
        close_node(D);
    }
    close_node(D);
}

static void dump_def(Dumper *D, const Def *d) {
    switch (d->kind) {
    case DEF_FUNC:
        dump_func(D, d);
        return;
    case DEF_TYPE:
        open_node(D, d->loc, "type %s%s", d->name, d->exported ? " export" : "");
        if (d->type_params.len) dump_names(D, &d->type_params);
        for (int i = 0; i < d->variants.len; i++) {
            const Variant *v = &d->variants.items[i];
            open_node(D, v->loc, "variant %s%s", v->name, v->has_parens ? " ()" : "");
            for (int j = 0; j < v->fields.len; j++) {
                open_node(D, v->fields.items[j].loc, "field %s", v->fields.items[j].name);
                dump_type(D, v->fields.items[j].type);
                close_node(D);
            }
            close_node(D);
        }
        break;
    case DEF_ALIAS:
        open_node(D, d->loc, "alias %s%s", d->name, d->exported ? " export" : "");
        if (d->type_params.len) dump_names(D, &d->type_params);
        dump_type(D, d->alias_of);
        break;
    case DEF_TRAIT:
    case DEF_IMPL:
        if (d->kind == DEF_TRAIT) open_node(D, d->loc, "trait %s", d->name);
        else open_node(D, d->loc, "impl %s for %s", d->trait_name, d->target_type);
        for (int i = 0; i < d->methods.len; i++) dump_def(D, d->methods.items[i]);
        break;
    case DEF_IMPORT:
        open_node(D, d->loc, "import %s%s%s", d->name, d->alias ? " as " : "",
                  d->alias ? d->alias : "");
        break;
    case DEF_TEST:
        open_node(D, noloc(), "test ");
        put_quoted(D->out, d->name, strlen(d->name));
        fprintf(D->out, " @%d:%d", d->loc.line, d->loc.col);
        dump_stmts(D, "body", &d->body);
        break;
    }
    close_node(D);
}

void ast_dump(FILE *out, const Program *p) {
    Dumper D = {out, 0, false};
    open_node(&D, noloc(), "program ");
    put_quoted(out, p->path ? p->path : "", strlen(p->path ? p->path : ""));
    for (int i = 0; i < p->defs.len; i++) dump_def(&D, p->defs.items[i]);
    close_node(&D);
    fputc('\n', out);
}
