/* test_checker.c — the type checker: source text in, diagnostic codes and
 * positions out (each expectation measured with the reference, geno-lang
 * 0.4.3), plus the annotations the code generator relies on. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "codegen.h"
#include "emit.h"
#include "parser.h"

static Program *prog;

/* Checks `src`; returns "E301@2:9 E300@3:5" (sorted as reported). */
static char *check_src(const char *src) {
    Diags d = {0};
    prog = parse_program("t.geno", src, &d);
    if (!d.errors) check_program(prog, &d);
    StrBuf sb = {0};
    for (int i = 0; i < d.list.len; i++)
        sb_printf(&sb, "%s%s@%d:%d", i ? " " : "", d.list.items[i].code, d.list.items[i].loc.line, d.list.items[i].loc.col);
    return sb.buf ? sb_take(&sb) : xstrdup("");
}

#define EXPECT(src, want) ck_assert_str_eq(check_src(src), want)

START_TEST(names) {
    EXPECT("func main() -> Unit\n  print(y)\nend func\n", "E301@2:9");
    EXPECT("func main() -> Unit\n  print(nope(1))\nend func\n", "E302@2:9");
    EXPECT("func main() -> Unit\n  let x: Foo = 1\nend func\n", "E303@2:10");
    EXPECT("func f() -> Int\n  example () -> 1\n  return 1\nend func\nfunc f() -> Int\n  example () -> 1\n  return 2\nend func\n",
           "E309@5:1");
    /* an inner `let` shadows; assigning the outer `var` later is fine */
    EXPECT("func main() -> Unit\n  var x: Int = 1\n  if true then\n    let x: String = \"a\"\n    x = \"b\"\n  end if\n  x = 2\nend func\n",
           "E306@5:5");
}
END_TEST

START_TEST(calls) {
    EXPECT("func f(a: Int) -> Int\n  example 1 -> 1\n  return a\nend func\nfunc main() -> Unit\n  print(f(1, 2))\nend func\n",
           "E304@6:9");
    EXPECT("func main() -> Unit\n  let x: Int = 3\n  print(x(1))\nend func\n", "E305@3:9");
    EXPECT("func main() -> Unit\n  print(fold([1, 2], 0, fn(a: Int, b: Int) -> a + b))\nend func\n", "E300@2:9");
    EXPECT("func main() -> Unit\n  print([1, 2] |> fold(_, 0, fn(a: Int, b: Int) -> a + b))\nend func\n", "");
    EXPECT("func main() -> Unit\n  print(range(0, 10, 2))\nend func\n", "");
    /* generic builtins bind their type variables */
    EXPECT("func main() -> List[Int]\n  let xs: List[Int] = [1, 2]\n  return append(xs, \"bad\")\nend func\n", "E300@3:21");
}
END_TEST

START_TEST(inference) {
    EXPECT("func main() -> Unit\n  var xs = []\n  print(xs)\nend func\n", "E300@2:3");
    EXPECT("func main() -> Unit\n  let a = [1, 2.0]\nend func\n", "E300@2:15");
    EXPECT("func main() -> Unit\n  let b = [1.0, 2]\n  let c: Float = 1\n  let d: List[Int] = []\nend func\n", "");
    /* the reference re-checks un-annotated lets outside the function while
     * inferring effects: `?` there is "outside of a function" */
    EXPECT("func f(x: Option[Int]) -> Option[Int]\n  example None -> None\n  let y = x?\n  return Some(y)\nend func\n",
           "E300@3:11");
}
END_TEST

START_TEST(statements_patterns) {
    EXPECT("func main() -> Unit\n  let a: Int = 1\n  a = 2\nend func\n", "E306@3:3");
    EXPECT("func f(a: Int) -> Int\n  example 1 -> 1\n  if a > 0 then\n    return a\n  end if\nend func\n", "E300@1:1");
    EXPECT("func main() -> Unit\n  break\nend func\n", "E300@2:3");
    EXPECT("type P = P(x: Int)\nfunc main() -> Unit\n  let p: P = P(1)\n  print(p.y)\nend func\n", "E307@4:9");
    EXPECT("func main() -> Unit\n  match 3 with\n    | \"a\" -> print(1)\n    | _ -> print(2)\n  end match\nend func\n",
           "E308@3:7");
    EXPECT("func f(o: Option[Option[Bool]]) -> Int\n  example None -> 0\n  match o with\n    | Some(Some(true)) -> return 1\n"
           "    | None -> return 0\n  end match\nend func\n",
           "E300@3:3");
}
END_TEST

START_TEST(effects_specs) {
    EXPECT("func f() -> Unit with clock\n  example () -> ()\n  print(1)\nend func\n", "E310@1:1");
    EXPECT("func f() -> Unit with bogus\n  example () -> ()\n  return\nend func\n", "E311@1:1");
    EXPECT("func f(a: Int) -> Int\n  return a\nend func\n", "E300@1:1");
    EXPECT("func f(a: Int) -> Int\n  return a\nend func\ntest \"t\"\n  assert f(1) == 1\nend test\n", "");
    /* a callback that mutates is not a pure (Int) -> Int */
    EXPECT("func inc(x: Int) -> Int\n  example 1 -> 2\n  var y: Int = x\n  y = y + 1\n  return y\nend func\n"
           "func main() -> Unit\n  print(map([1], inc))\nend func\n",
           "E300@8:18");
}
END_TEST

START_TEST(annotations) {
    ck_assert_str_eq(check_src("type Box[T] = Box(value: T)\nfunc main() -> Unit\n  let (a, b): (Int, Int) = (1, 2)\n"
                               "  var c: Int = 1\n  let f = fn(x: Int) -> x + c\n  c = 2\n  let k: Box[Int] = Box(a)\n  print(f(b))\nend func\n"),
                     "");
    Def *main_def = prog->defs.items[1];
    Stmt *let = main_def->body.items[0];
    Sym *tuple = let->sym;
    ck_assert_int_eq(tuple->nparts, 2);
    ck_assert(ty_is(tuple->parts[1]->ty, TY_INT));
    Sym *c = main_def->body.items[1]->sym;
    ck_assert(c->captured && c->assigned_after_capture);
    Expr *lam = main_def->body.items[2]->value;
    Sym *ls = lam->sym;
    ck_assert_int_eq(ls->kind, SYM_LAMBDA);
    ck_assert_int_eq(ls->captures.len, 1);
    Expr *ctor = main_def->body.items[4]->value;
    ck_assert_int_eq(((Sym *)ctor->sym)->kind, SYM_CTOR);
    ck_assert_str_eq(ty_str(ctor->ty), "Box[Int]");
    /* defaults are filled into elems; Int arguments to Float are marked */
    ck_assert_str_eq(check_src("func f(a: Float, b: Int = 2) -> Float\n  example 1.0 -> 3.0\n  return a + b\nend func\n"
                               "func main() -> Unit\n  print(f(1))\nend func\n"),
                     "");
    Expr *call = prog->defs.items[1]->body.items[0]->value->elems.items[0];
    ck_assert_int_eq(call->elems.len, 2);
    ck_assert(call->elems.items[0]->aux & AUX_TO_FLOAT);
}
END_TEST

/* int_text_value reads up to 18 digits inline, the rest with strtoll: the
 * inline loop used to read a 19th digit, and on a literal past LLONG_MAX
 * its x * 10 + d overflowed (signed overflow, UB: UBSan stopped the
 * sanitizer build; the result then went to strtoll anyway). */
START_TEST(int_literal_text) {
    long long v;
    ck_assert(int_text_value("999999999999999999", &v) && v == 999999999999999999LL);
    ck_assert(int_text_value("1000000000000000000", &v) && v == 1000000000000000000LL);
    ck_assert(int_text_value("9223372036854775807", &v) && v == 9223372036854775807LL);
    ck_assert(!int_text_value("9223372036854775808", &v));
    ck_assert(!int_text_value("9999999999999999999", &v));
    ck_assert(!int_text_value("12345678901234567890123", &v));
    ck_assert(int_text_value("0", &v) && v == 0);
}
END_TEST

static Suite *checker_suite(void) {
    Suite *s = suite_create("checker");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, names);
    tcase_add_test(tc, calls);
    tcase_add_test(tc, inference);
    tcase_add_test(tc, statements_patterns);
    tcase_add_test(tc, effects_specs);
    tcase_add_test(tc, annotations);
    tcase_add_test(tc, int_literal_text);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(checker_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}
