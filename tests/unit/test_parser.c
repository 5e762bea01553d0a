/* test_parser.c — unit tests for the lexer and parser (frontend/).
 *
 * Three kinds of checks:
 *   - malformed programs: the first diagnostic's code and line:col must be
 *     what the reference implementation (geno-lang 0.4.3) reports — each
 *     expectation below was measured by running the reference;
 *   - precedence and associativity, by rendering expressions compactly as
 *     prefix S-expressions, e.g. "1 + 2 * 3" -> "(+ 1 (* 2 3))";
 *   - positive programs covering every construct, inspecting the tree, and
 *     one exact ast_dump.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"

static Program *parse(const char *src, Diags *d) {
    memset(d, 0, sizeof *d);
    return parse_program("t.geno", xstrdup(src), d);
}

static Program *parse_ok(const char *src) {
    Diags d;
    Program *p = parse(src, &d);
    if (d.errors) {
        diag_print(stderr, &d);
        ck_abort_msg("unexpected parse error: %s", d.list.items[0].message);
    }
    return p;
}

/* ---- compact expression rendering --------------------------------------- */

static void render(StrBuf *sb, const Expr *e);

static void render_args(StrBuf *sb, const CallArgList *args) {
    for (int i = 0; i < args->len; i++) {
        sb_putc(sb, ' ');
        if (args->items[i].name) sb_printf(sb, "%s=", args->items[i].name);
        render(sb, args->items[i].value);
    }
}

static void render(StrBuf *sb, const Expr *e) {
    switch (e->kind) {
    case EX_INT: sb_puts(sb, e->int_text); break;
    case EX_FLOAT: sb_puts(sb, e->float_text); break;
    case EX_STRING: sb_printf(sb, "\"%s\"", e->str); break;
    case EX_BOOL: sb_puts(sb, e->bool_val ? "true" : "false"); break;
    case EX_IDENT: case EX_TYPE_IDENT: sb_puts(sb, e->name); break;
    case EX_PLACEHOLDER: sb_puts(sb, "_"); break;
    case EX_BINARY:
        sb_printf(sb, "(%s ", op_name(e->op));
        render(sb, e->a);
        sb_putc(sb, ' ');
        render(sb, e->b);
        sb_putc(sb, ')');
        break;
    case EX_UNARY:
        sb_printf(sb, "(%s ", op_name(e->op));
        render(sb, e->a);
        sb_putc(sb, ')');
        break;
    case EX_CALL:
        sb_puts(sb, "(call ");
        render(sb, e->a);
        render_args(sb, &e->args);
        sb_putc(sb, ')');
        break;
    case EX_CTOR:
        sb_printf(sb, "(%s", e->name);
        render_args(sb, &e->args);
        sb_putc(sb, ')');
        break;
    case EX_INDEX:
        sb_puts(sb, "([] ");
        render(sb, e->a);
        sb_putc(sb, ' ');
        render(sb, e->b);
        sb_putc(sb, ')');
        break;
    case EX_FIELD:
        sb_puts(sb, "(. ");
        render(sb, e->a);
        sb_printf(sb, " %s)", e->name);
        break;
    case EX_PROPAGATE:
        sb_puts(sb, "(? ");
        render(sb, e->a);
        sb_putc(sb, ')');
        break;
    case EX_PIPELINE:
        sb_puts(sb, "(|> ");
        render(sb, e->a);
        sb_putc(sb, ' ');
        render(sb, e->b);
        if (!e->no_parens) sb_puts(sb, " ()");
        render_args(sb, &e->args);
        sb_putc(sb, ')');
        break;
    case EX_WITH:
        sb_puts(sb, "(with ");
        render(sb, e->a);
        for (int i = 0; i < e->fields.len; i++) {
            sb_printf(sb, " %s=", e->fields.items[i].name);
            render(sb, e->fields.items[i].value);
        }
        sb_putc(sb, ')');
        break;
    case EX_LIST: case EX_TUPLE: case EX_FSTRING:
        sb_puts(sb, e->kind == EX_LIST ? "[" : e->kind == EX_TUPLE ? "(tuple" : "(f");
        for (int i = 0; i < e->elems.len; i++) {
            if (i || e->kind != EX_LIST) sb_putc(sb, ' ');
            render(sb, e->elems.items[i]);
        }
        sb_putc(sb, e->kind == EX_LIST ? ']' : ')');
        break;
    case EX_THROW: case EX_AWAIT:
        sb_puts(sb, e->kind == EX_THROW ? "(throw " : "(await ");
        render(sb, e->a);
        sb_putc(sb, ')');
        break;
    case EX_LAMBDA:
        sb_printf(sb, "(fn/%d ", e->params.len);
        if (e->a) render(sb, e->a);
        else sb_printf(sb, "{%d stmts}", e->body.len);
        sb_putc(sb, ')');
        break;
    case EX_MATCH:
        sb_puts(sb, "(match ");
        render(sb, e->a);
        sb_printf(sb, " %d arms)", e->arms.len);
        break;
    case EX_LIST_COMP:
        sb_puts(sb, "(comp ");
        render(sb, e->a);
        sb_printf(sb, " %s ", e->name);
        render(sb, e->b);
        if (e->c) {
            sb_puts(sb, " if ");
            render(sb, e->c);
        }
        sb_putc(sb, ')');
        break;
    case EX_HOLE:
        sb_printf(sb, "(hole %s%s)", e->name, e->a ? " where" : "");
        break;
    }
}

/* Parses `return SRC` inside a function and renders the returned value. */
static char *expr_str(const char *src) {
    char *prog = xasprintf("func main() -> Int\n  return %s\nend func\n", src);
    Program *p = parse_ok(prog);
    ck_assert_int_eq(p->defs.len, 1);
    Stmt *s = p->defs.items[0]->body.items[0];
    ck_assert_int_eq(s->kind, ST_RETURN);
    StrBuf sb = {0};
    render(&sb, s->value);
    return sb_take(&sb);
}

/* ---- first-error expectations (measured on the reference) --------------- */

typedef struct {
    const char *src;
    const char *code;
    int line, col;
} ErrCase;

static const ErrCase err_cases[] = {
    /* lexer */
    {"func main() -> Int\n  return 1e5\nend func\n", "E100", 2, 11},
    {"func main() -> Int\n  let s: String = \"a\\qb\"\n  return 0\nend func\n", "E103", 2, 23},
    {"func main() -> Int\n  let s: String = \"abc\n  return 0\nend func\n", "E101", 2, 19},
    {"/* never closed\nfunc main() -> Int\n  return 0\nend func\n", "E102", 1, 1},
    {"func main() -> Int\n  let \xc3\xa9 = 1\n  return 0\nend func\n", "E100", 2, 7},
    {"func main() -> Int\n  let s: String = \"h\xc3\xa9llo\" $\n  return 0\nend func\n", "E100", 2, 27},
    {"func main() -> Int\n  print(f\"a {x {y}} b\")\n  return 0\nend func\n", "E100", 2, 16},
    {"func main() -> Int\n  print(f\"\"\"abc\"\"\")\n  return 0\nend func\n", "E100", 2, 9},
    {"func main() -> Int\n  print(f\"abc\n  return 0\nend func\n", "E101", 2, 10},
    {"func main() -> Int\n  let s = \"\"\"abc\n  return 0\nend func\n", "E101", 2, 11},
    {"func main() -> Int\n  let x = 123abc\n  return 0\nend func\n", "E100", 2, 14},
    {"func main() -> Int\n  return x ! y\nend func\n", "E100", 2, 12},
    {"func main() -> Int\n  let t = \"\\u0041\"\n  return 0\nend func\n", "E103", 2, 14},
    {"func main() -> Int\n  print(f\"{x}\\q\")\n  return 0\nend func\n", "E103", 2, 16},
    {"func main() -> Int\n  print(f\"{x \"y\"}\")\n  return 0\nend func\n", "E100", 2, 14},
    {"func main() -> Int\n  print(f\"{x\n", "E101", 2, 12},
    {"func main() -> Int\n  let s = 1\xc2\xa0+ 2\n  return 0\nend func\n", "E100", 2, 12},
    {"func main() -> Int\r\n  let x = 1\r\n  return $\r\nend func\r\n", "E100", 3, 10},
    /* parser */
    {"func main() -> Int\n  let x: Int = 1 < 2 < 3\n  return 0\nend func\n", "E202", 2, 22},
    {"func main() -> Int\n  let x: Int = (1 + 2\n  return 0\nend func\n", "E201", 3, 3},
    {"func () -> Int\n  return 0\nend func\n", "E201", 1, 6},
    {"func main() -> Int\n  print(f\"a {x + } b\")\n  return 0\nend func\n", "E200", 2, 18},
    {"func main() -> Int\n  print(f\"a {} b\")\n  return 0\nend func\n", "E200", 2, 14},
    {"func main() -> Int\n  print(f\"a {x y} b\")\n  return 0\nend func\n", "E200", 2, 16},
    {"func main() -> Int\n  print(f\"a {x $ y} b\")\n  return 0\nend func\n", "E200", 2, 16},
    {"func main() -> Int\n  print(f\"{x\n + 1 2}\")\n  return 0\nend func\n", "E200", 3, 6},
    {"func main() -> Int\n  match x with\n  | -3 -> 1\n  end match\n  return 0\nend func\n", "E202", 3, 5},
    {"func main() -> Int\n  let p = Pt(x: 1, y: 2)\n  return 0\nend func\n", "E201", 2, 15},
    {"func main() -> Int\n  return 0\nend func foo\n", "E202", 4, 1},
    {"@untested(\"\") func f() -> Int\n  return 0\nend func\n", "E202", 1, 13},
    {"@other(\"x\") func f() -> Int\n  return 0\nend func\n", "E202", 1, 7},
    {"@untested(\"x\") export func f() -> Int\n  return 0\nend func\n", "E202", 1, 16},
    {"export import Foo\n", "E202", 1, 8},
    {"func f(a: Int = 1, b: Int) -> Int\n  return 0\nend func\n", "E200", 1, 20},
    {"func main() -> Int\n  assert 1 == 1\n  return 0\nend func\n", "E202", 2, 3},
    {"test \"t\"\n  if true then\n    assert true\n  end if\nend test\n", "E202", 3, 5},
    {"func main() -> Int\n  f(1) = 2\n  return 0\nend func\n", "E202", 2, 8},
    {"func main() -> Int\n  a.b(1) = 2\n  return 0\nend func\n", "E202", 3, 3},
    {"func main() -> Int\n  match x with\n  end match\n  return 0\nend func\n", "E202", 3, 3},
    {"func main() -> Int\n  let m = {1: 2}\n  return 0\nend func\n", "E202", 2, 11},
    {"func f[T](x: T) -> T\n  return x\nend func\n", "E201", 1, 7},
    {"type Color = | Red | Green\n", "E201", 1, 14},
    {"trait Show\n  func show(x: Int) -> String with io\nend trait\n", "E201", 2, 31},
    {"func main() -> Int\n  let x = [1, 2, 3 for x: Int in xs]\n  return 0\nend func\n", "E201", 2, 20},
    {"func main() -> Int\n  let f = fn(x: Int) -> Int do return x end fn\n  return 0\nend func\n", "E202", 2, 29},
    {"func main() -> Int\n  let (a, b) = (1, 2)\n  return 0\nend func\n", "E201", 2, 14},
    {"func main() -> Int\n  let x = match y with | 1 -> 2 end\n  return 0\nend func\n", "E201", 3, 3},
    {"type Shape = Circle(r: Float) | Square(Float)\n", "E201", 1, 40},
    {"func main() -> Int\n  match xs with\n  | [a, ...r, ...s] -> 1\n  end match\nend func\n", "E202", 3, 21},
    {"impl Show for Int\n  @untested(\"x\") func show(x: Int) -> String\n  return \"\"\n  end func\nend impl\n", "E201", 2, 3},
    {"func main() -> Int\n  return 1\n", "E201", 3, 1},
    {"func main() -> Int\n  print(f\"{\xf0\x9f\x98\x80 + 1}\")\n  return 0\nend func\n", "E200", 2, 12},
};

START_TEST(test_first_error) {
    const ErrCase *c = &err_cases[_i];
    Diags d;
    parse(c->src, &d);
    ck_assert_msg(d.errors > 0, "case %d: expected %s, parsed fine", _i, c->code);
    const Diag *g = &d.list.items[0];
    ck_assert_msg(strcmp(g->code, c->code) == 0 && g->loc.line == c->line &&
                      g->loc.col == c->col,
                  "case %d: expected %s at %d:%d, got %s at %d:%d (%s)", _i, c->code,
                  c->line, c->col, g->code, g->loc.line, g->loc.col, g->message);
}
END_TEST

/* Error recovery: parsing resumes at the next definition keyword, so the
 * reference's cascade (`end func` -> "Expected function name") appears. */
START_TEST(test_recovery) {
    Diags d;
    Program *p = parse("func main() -> Int\n  let x: Int = (1 + 2\n  return 0\nend func\n"
                       "func ok() -> Int\n  return 1\nend func\n", &d);
    ck_assert_int_eq(d.errors, 2);
    ck_assert_str_eq(d.list.items[0].message, "Expected ')', got 'return'");
    ck_assert_str_eq(d.list.items[1].message, "Expected function name");
    ck_assert_int_eq(d.list.items[1].loc.line, 5);
    ck_assert_int_eq(p->defs.len, 1);
    ck_assert_str_eq(p->defs.items[0]->name, "ok");
}
END_TEST

static char *nested(const char *open, const char *mid, const char *close, int n) {
    StrBuf sb = {0};
    sb_puts(&sb, "func main() -> Int\n  let x = ");
    for (int i = 0; i < n; i++) sb_puts(&sb, open);
    sb_puts(&sb, mid);
    for (int i = 0; i < n; i++) sb_puts(&sb, close);
    sb_puts(&sb, "\n  return 0\nend func\n");
    return sb_take(&sb);
}

START_TEST(test_nesting_limit) {
    Diags d;
    parse(nested("(", "1", ")", 60), &d);
    ck_assert_int_gt(d.errors, 0);
    ck_assert_str_eq(d.list.items[0].code, "E200");
    ck_assert_str_eq(d.list.items[0].message, "Expression nesting too deep (>50)");
    ck_assert_int_eq(d.list.items[0].loc.col, 61);
    parse(nested("(", "1", ")", 49), &d);
    ck_assert_int_eq(d.errors, 0);
    /* Far past the limit: a diagnostic, not a stack overflow. */
    parse(nested("[", "1", "]", 200000), &d);
    ck_assert_str_eq(d.list.items[0].message, "Expression nesting too deep (>50)");
    parse(nested("-", "1", "", 200000), &d);
    ck_assert_str_eq(d.list.items[0].message, "Expression nesting too deep (>50)");
    /* A long operator chain is a loop, not recursion. */
    parse(nested("1 + ", "1", "", 200000), &d);
    ck_assert_int_eq(d.errors, 0);
}
END_TEST

/* ---- precedence ---------------------------------------------------------- */

static const char *const prec_cases[][2] = {
    {"1 + 2 * 3", "(+ 1 (* 2 3))"},
    {"a - b - c", "(- (- a b) c)"},
    {"2 ** 3 ** 2", "(** 2 (** 3 2))"},
    {"-2 ** 2", "(** (- 2) 2)"},
    {"2 ** -1", "(** 2 (- 1))"},
    {"a or b and c", "(or a (and b c))"},
    {"a and b or c", "(or (and a b) c)"},
    {"not a == b", "(not (== a b))"},
    {"not a and b", "(and (not a) b)"},
    {"a & b ^ c", "(^ (& a b) c)"},
    {"a ^ b & c", "(^ a (& b c))"},
    {"a << 1 + 2", "(<< a (+ 1 2))"},
    {"a & b << c", "(& a (<< b c))"},
    {"a == b ^ c", "(== a (^ b c))"},
    {"~a & b", "(& (~ a) b)"},
    {"a % b * c", "(* (% a b) c)"},
    {"x |> f(_, 1) |> g", "(|> (|> x f () _ 1) g)"},
    {"a or b |> f", "(|> (or a b) f)"},
    {"xs |> List.map(fn(x: Int) -> x * 2)", "(|> xs (. List map) () (fn/1 (* x 2)))"},
    {"f(x)[0].y?", "(? (. ([] (call f x) 0) y))"},
    {"p with (x: 1, y: 2)", "(with p x=1 y=2)"},
    {"a.b with (c: 1)", "(with (. a b) c=1)"},
    {"M.f(x, n: 2)", "(call (. M f) x n=2)"},
    {"Some(1 + 2)", "(Some (+ 1 2))"},
    {"None", "None"},
    {"(1, \"a\", true)", "(tuple 1 \"a\" true)"},
    {"(1,)", "(tuple 1)"},
    {"()", "(tuple)"},
    {"(1 + 2) * 3", "(* (+ 1 2) 3)"},
    {"[1, 2.5, x]", "[1 2.5 x]"},
    {"[x * x for x: Int in xs if x > 0]", "(comp (* x x) x xs if (> x 0))"},
    {"f\"a{x + 1}b{y}\"", "(f \"a\" (+ x 1) \"b\" y)"},
    {"fn(a: Int, b: Int) -> a + b", "(fn/2 (+ a b))"},
    {"fn(a: Int) do\n    return a\n  end fn", "(fn/1 {1 stmts})"},
    {"throw \"boom\"", "(throw \"boom\")"},
    {"await fetch(1)", "(await (call fetch 1))"},
    {"?name: String where length(name) > 0", "(hole name where)"},
    {"match x with\n  | 0 -> 1\n  | n when n > 0 -> 2\n  | _ -> 3\n  end match",
     "(match x 3 arms)"},
    {"-x.y", "(- (. x y))"},
    {"1 - -1", "(- 1 (- 1))"},
};

START_TEST(test_precedence) {
    char *got = expr_str(prec_cases[_i][0]);
    ck_assert_msg(strcmp(got, prec_cases[_i][1]) == 0, "%s: expected %s, got %s",
                  prec_cases[_i][0], prec_cases[_i][1], got);
}
END_TEST

START_TEST(test_locations) {
    Program *p = parse_ok("func main() -> Int\n  return -x + f(y)\nend func\n");
    Expr *e = p->defs.items[0]->body.items[0]->value;
    ck_assert_int_eq(e->kind, EX_BINARY);
    /* As in the reference, a binary node sits at its left operand and a
     * unary node at its operand. */
    ck_assert_int_eq(e->loc.col, 11);
    ck_assert_int_eq(e->a->loc.col, 11);
    ck_assert_int_eq(e->b->loc.col, 15);
    /* Columns count characters, not bytes. */
    p = parse_ok("func main() -> Int\n  let s = \"\xc3\xa9\xc3\xa9\" + x\n  return 0\nend func\n");
    e = p->defs.items[0]->body.items[0]->value;
    ck_assert_int_eq(e->b->loc.col, 18);
}
END_TEST

/* ---- constructs ---------------------------------------------------------- */

START_TEST(test_definitions) {
    Program *p = parse_ok(
        "import Math\n"
        "import String as S\n"
        "export type Shape = Circle(r: Float) | Square(side: Float) | Empty\n"
        "type Box[T] = Box(value: T)\n"
        "type Pair[T] = (T, T)\n"
        "type Pred = (Int) -> Bool with io\n"
        "type Id = Int\n"
        "type Grid = List[List[Int]]\n"
        "trait Describe\n  func describe(x: Shape) -> String\nend trait\n"
        "impl Describe for Shape\n"
        "  func describe(x: Shape) -> String\n    return \"s\"\n  end func\n"
        "end impl\n"
        "export @untested(\"io\") async func fetch(n: Int, k: Int = 2) -> Int with io, throw\n"
        "  requires n > 0\n  ensures result > 0\n"
        "  return n\nend func fetch\n"
        "func double(f: (Int) -> Int) -> (Int) -> Int\n"
        "  example fn(x: Int) -> x * 2 -> fn(x: Int) -> x * 4\n"
        "  example () -> 1\n"
        "  example 1, 2 -> 3\n"
        "  return f\nend func\n"
        "test \"adds\"\n  assert 1 + 1 == 2\nend test\n");
    ck_assert_int_eq(p->defs.len, 13);
    Def **d = p->defs.items;
    ck_assert_int_eq(d[0]->kind, DEF_IMPORT);
    ck_assert_ptr_null(d[0]->alias);
    ck_assert_str_eq(d[1]->alias, "S");
    ck_assert_int_eq(d[2]->kind, DEF_TYPE);
    ck_assert(d[2]->exported);
    ck_assert_int_eq(d[2]->variants.len, 3);
    ck_assert(d[2]->variants.items[0].has_parens);
    ck_assert(!d[2]->variants.items[2].has_parens);
    ck_assert_str_eq(d[2]->variants.items[1].fields.items[0].name, "side");
    ck_assert_int_eq(d[3]->kind, DEF_TYPE);
    ck_assert_str_eq(d[3]->type_params.items[0], "T");
    ck_assert_int_eq(d[4]->kind, DEF_ALIAS);
    ck_assert_int_eq(d[4]->alias_of->kind, TE_TUPLE);
    ck_assert_int_eq(d[5]->kind, DEF_ALIAS);
    ck_assert_int_eq(d[5]->alias_of->kind, TE_FUNC);
    ck_assert_str_eq(d[5]->alias_of->effects.items[0], "io");
    ck_assert_int_eq(d[6]->kind, DEF_ALIAS);
    ck_assert_int_eq(d[7]->kind, DEF_ALIAS);
    ck_assert_int_eq(d[7]->alias_of->args.items[0]->args.len, 1);
    ck_assert_int_eq(d[8]->kind, DEF_TRAIT);
    ck_assert_int_eq(d[8]->methods.len, 1);
    ck_assert_int_eq(d[9]->kind, DEF_IMPL);
    ck_assert_str_eq(d[9]->trait_name, "Describe");
    ck_assert_str_eq(d[9]->target_type, "Shape");
    ck_assert_int_eq(d[9]->methods.items[0]->body.len, 1);
    Def *f = d[10];
    ck_assert(f->exported && f->is_async);
    ck_assert_str_eq(f->untested_reason, "io");
    ck_assert_int_eq(f->params.len, 2);
    ck_assert_ptr_nonnull(f->params.items[1].default_value);
    ck_assert_int_eq(f->effects.len, 2);
    ck_assert_str_eq(f->effects.items[1], "throw");
    ck_assert_int_eq(f->requires_.len, 1);
    ck_assert_int_eq(f->ensures.len, 1);
    ck_assert_str_eq(f->closing_name, "fetch");
    Def *g = d[11];
    ck_assert_int_eq(g->ret->kind, TE_FUNC);
    ck_assert_int_eq(g->examples.len, 3);
    ck_assert_int_eq(g->examples.items[0].args.len, 1);
    ck_assert_int_eq(g->examples.items[0].args.items[0]->kind, EX_LAMBDA);
    ck_assert_int_eq(g->examples.items[0].output->kind, EX_LAMBDA);
    ck_assert_int_eq(g->examples.items[1].args.len, 0);
    ck_assert_int_eq(g->examples.items[2].args.len, 2);
    ck_assert_int_eq(d[12]->kind, DEF_TEST);
    ck_assert_str_eq(d[12]->name, "adds");
    ck_assert_int_eq(d[12]->body.items[0]->kind, ST_ASSERT);
}
END_TEST

START_TEST(test_statements) {
    Program *p = parse_ok(
        "func main() -> Unit\n"
        "  let a: Int = 1\n"
        "  var b = 2\n"
        "  let (c, d): (Int, String) = (1, \"z\")\n"
        "  b = 3\n"
        "  arr[0] = 4\n"
        "  pt.x = 5\n"
        "  if a > 0 then\n    print(a)\n  else if a < 0 then\n    print(b)\n"
        "  else\n    print(c)\n  end if\n"
        "  while b > 0 do\n    b = b - 1\n    continue\n  end while\n"
        "  for x: Int in xs do\n    break\n  end for\n"
        "  match o with\n  | Some(v) when v > 1 ->\n    print(v)\n"
        "  | [h, ...rest] -> print(h)\n  | _ -> print(0)\n  end match\n"
        "  try\n    risky()\n  catch e: String\n    print(e)\n  end try\n"
        "  print(1)\n"
        "  return\n"
        "end func\n");
    StmtList *b = &p->defs.items[0]->body;
    StmtKind want[] = {ST_LET, ST_VAR, ST_LET, ST_ASSIGN, ST_INDEX_ASSIGN,
                       ST_FIELD_ASSIGN, ST_IF, ST_WHILE, ST_FOR, ST_MATCH,
                       ST_TRY, ST_EXPR, ST_RETURN};
    ck_assert_int_eq(b->len, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < b->len; i++) ck_assert_int_eq(b->items[i]->kind, want[i]);
    ck_assert_int_eq(b->items[2]->names.len, 2);
    ck_assert_ptr_null(b->items[2]->name);
    Stmt *s_if = b->items[6];
    ck_assert_int_eq(s_if->else_body.len, 1);
    Stmt *elif = s_if->else_body.items[0];
    ck_assert(elif->kind == ST_IF && elif->is_elif);
    ck_assert_int_eq(elif->else_body.len, 1);
    Stmt *m = b->items[9];
    ck_assert_int_eq(m->arms.len, 3);
    ck_assert_ptr_nonnull(m->arms.items[0].guard);
    ck_assert_int_eq(m->arms.items[0].pattern->kind, PAT_CTOR);
    ck_assert_int_eq(m->arms.items[1].pattern->kind, PAT_LIST);
    ck_assert_int_eq(m->arms.items[1].pattern->subs.items[1]->kind, PAT_REST);
    ck_assert_str_eq(m->arms.items[1].pattern->subs.items[1]->name, "rest");
    ck_assert_int_eq(m->arms.items[2].pattern->kind, PAT_WILDCARD);
    ck_assert_str_eq(b->items[10]->catch_name, "e");
    ck_assert_ptr_null(b->items[12]->value);
}
END_TEST

/* `else` followed by a more-indented `if` on the next line opens a nested
 * statement (with its own `end if`), not an else-if. */
START_TEST(test_nested_if_in_else) {
    Program *p = parse_ok("func main() -> Int\n  if x then\n    return 1\n  else\n"
                          "    if y then\n      return 2\n    end if\n  end if\n"
                          "  return 0\nend func\n");
    Stmt *s = p->defs.items[0]->body.items[0];
    ck_assert_int_eq(s->else_body.len, 1);
    ck_assert(!s->else_body.items[0]->is_elif);
}
END_TEST

/* `return` followed by a statement on the next line is a bare return. */
START_TEST(test_bare_return) {
    Program *p = parse_ok("func main() -> Unit\n  if x then\n    return\n  end if\n"
                          "  return\n  print(1)\nend func\n");
    StmtList *b = &p->defs.items[0]->body;
    ck_assert_int_eq(b->len, 3);
    ck_assert_ptr_null(b->items[1]->value);
}
END_TEST

START_TEST(test_literals) {
    Program *p = parse_ok(
        "func main() -> Unit\n"
        "  let big = 123456789012345678901234567890\n"
        "  let f = 3.25\n"
        "  let s = \"a\\tb\\n\\\"q\\\"\\\\\"\n"
        "  let t = \"\"\"raw \\n\nline\"\"\"\n"
        "  let e = f\"\"\n"
        "  let u = ()\n"
        "end func\n");
    ck_assert_int_eq(p->defs.items[0]->body.len, 6);
    Diags d;
    /* `0xff`: a number may not run into a letter. */
    parse("func main() -> Unit\n  let h = 0xff\nend func\n", &d);
    ck_assert_str_eq(d.list.items[0].message,
                     "Expected a separator between numeric literal and identifier");
}
END_TEST

START_TEST(test_literal_values) {
    Program *p = parse_ok(
        "func main() -> Unit\n"
        "  let big = 123456789012345678901234567890\n"
        "  let f = 3.25\n"
        "  let s = \"a\\tb\\n\\\"q\\\"\\\\\"\n"
        "  let t = \"\"\"raw \\n\nline\"\"\"\n"
        "  let e = f\"\"\n"
        "end func\n");
    StmtList *b = &p->defs.items[0]->body;
    ck_assert_str_eq(b->items[0]->value->int_text, "123456789012345678901234567890");
    ck_assert(b->items[1]->value->float_val == 3.25);
    ck_assert_str_eq(b->items[2]->value->str, "a\tb\n\"q\"\\");
    ck_assert_str_eq(b->items[3]->value->str, "raw \\n\nline");
    Expr *e = b->items[4]->value;
    ck_assert_int_eq(e->kind, EX_FSTRING);
    ck_assert_int_eq(e->elems.len, 1);
    ck_assert_str_eq(e->elems.items[0]->str, "");
}
END_TEST

START_TEST(test_dump) {
    Program *p = parse_ok("func inc(n: Int) -> Int\n  example 1 -> 2\n  return n + 1\nend func\n");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ast_dump(f, p);
    fclose(f);
    const char *want =
        "(program \"t.geno\"\n"
        "  (func inc @1:1\n"
        "    (param n @1:10\n"
        "      (type Int @1:13))\n"
        "    (returns\n"
        "      (type Int @1:21))\n"
        "    (example @2:3\n"
        "      (args\n"
        "        (int 1 @2:11))\n"
        "      (int 2 @2:16))\n"
        "    (body\n"
        "      (return @3:3\n"
        "        (binary + @3:10\n"
        "          (ident n @3:10)\n"
        "          (int 1 @3:14))))))\n";
    ck_assert_str_eq(buf, want);
    free(buf);
}
END_TEST

static Suite *parser_suite(void) {
    Suite *s = suite_create("parser");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_first_error, 0, (int)(sizeof err_cases / sizeof err_cases[0]));
    tcase_add_test(tc, test_recovery);
    tcase_add_test(tc, test_nesting_limit);
    tcase_add_loop_test(tc, test_precedence, 0, (int)(sizeof prec_cases / sizeof prec_cases[0]));
    tcase_add_test(tc, test_locations);
    tcase_add_test(tc, test_definitions);
    tcase_add_test(tc, test_statements);
    tcase_add_test(tc, test_nested_if_in_else);
    tcase_add_test(tc, test_bare_return);
    tcase_add_test(tc, test_literals);
    tcase_add_test(tc, test_literal_values);
    tcase_add_test(tc, test_dump);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(parser_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}
