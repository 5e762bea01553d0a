/* emit.h — state shared by the C emitter's files (emit.c: program,
 * functions, statements, type descriptors; emit_expr.c: expressions).
 *
 * Expressions are emitted as C expression text (statement expressions
 * `({ ... })` where a temporary is needed; tcc and gcc both accept them);
 * statements as lines appended to `body`. Geno values use the C types of
 * geno/rt.h: Int GenoInt, Float double, Bool int64_t, Unit GenoWord (0),
 * String GenoStr *, List GenoList *.
 */
#ifndef GENOC_EMIT_H
#define GENOC_EMIT_H

#include "checker.h"
#include "codegen.h"
#include "strmap.h"

typedef struct {
    int id;             /* tf_<id> */
    int loop_depth;     /* loops open when the try began */
} TryScope;

typedef struct {
    Sym *v;             /* a List var built by b_<id> over statements [first, last] of block */
    int id;
    StmtList *block;
    int first, last;
    bool open;
} Transient;

typedef struct {
    Diags *d;
    const char *path;
    StrBuf head;        /* type descriptors, string literals, prototypes */
    StrBuf body;        /* function definitions */
    int tmp;            /* counter for fresh C names */
    int indent;
    int last_line;      /* for #line directives */
    const char *line_file;   /* file the last #line in body named: later ones omit it */
    StrMap desc_ids;         /* ty_str of each emitted descriptor -> its index (aux) */
    int ndescs;
    PtrMap desc_of;          /* a resolved Type * -> its "&td_<index>" (type_desc) */
    StrMap desc_arrays;      /* a descriptor array's initializer "{...}" -> its name (tdn_/tdt_<n>) */
    PtrMap str_sizes;        /* byte sizes n with a GenoStrLit<n> typedef emitted (size -> 1) */
    PtrMap body_kinds;       /* StmtList * -> the kinds it holds (emit_kinds.c) */
    Def *sig_def;            /* the function whose plain signature sig_text is (emit.c) */
    char *sig_text;
    Type *cur_ret;
    Def *cur_func;
    bool in_lambda;     /* returns convert to a word (closure ABI) */
    int out_tuple;      /* > 0: the function writes its tuple result to o_[] */
    StrBuf lambdas;     /* lifted lambda functions and trampolines */
    StrMap tramp_keys;       /* functions that already have a trampoline or async thunk */
    bool tcc_only;              /* emit_program: leave out the parts only cc reads */
    bool fbuf_fn;               /* tcc: the C function being emitted declares fb_fn (emit_fstring_in) */
    bool no_test_table;         /* emit_program: `genoc run`'s C, without the test cases only `genoc test` reads */
    int64_t *example_offsets;   /* emit_examples.c: where example k's record starts in the text */
    VEC(TryScope) tries;     /* try bodies open in the current function */
    int loop_depth;          /* loops open in the current function */
    bool volatile_vars;      /* the function has a try: `var`s are volatile */
    VEC(Def *) module_defs;  /* imported module functions the program reaches */
    Program *prog;           /* the entry program */
    PtrMap prog_defs;        /* its functions and impl methods (Def * -> itself) */
    StrBuf init;             /* statements of the program's init function */
    bool callee_leaves;      /* the body undoes its GENO_ENTER (lambdas, tests); see emit_call */
    Expr *tail_call;         /* the call `return f(...)` being emitted, if it may be a C tail call */
    bool entered;            /* the C function being emitted began with GENO_ENTER_KEEP (geno_dl_) */
    PtrMap owned;            /* List `var`s appended in place (Sym * -> itself; emit.c) */
    bool ret_in;             /* emitting f_in: constructor results go to in_ (emit_escape.c) */
    PtrMap join_accs;        /* List[String] `var`s built as joined text (Sym * -> sep; emit_strbuild.c) */
    PtrMap small;            /* Int locals with proved bounds (Sym * -> its record; emit_ranges.c) */
    PtrMap arrays;           /* Array[Int] locals -> their ArrayClass (emit_arrays.c) */
    PtrMap ranged;           /* bodies find_small_ints has analysed (StmtList * -> itself) */
    bool any_try;            /* some try/catch was emitted: no loop is prepaid */
    StmtList *hint_body;     /* a loop body run once per iteration left (emit_listbuild.c) */
    const char *hint_left;   /* those iterations, this one included, as C */
    VEC(Transient) transients;   /* runs of blocks being emitted that build a list (emit_transient.c) */
    void *bounds;            /* facts for index bounds (emit_bounds.c) */
    PtrMap windows;          /* List lets and parameters read as l[i] through a window (emit_windows.c) */
    VEC(Sym *) window_params;   /* those of the function being emitted that are parameters */
    VEC(Sym *) live_var_windows;   /* `var`s whose window is valid here: loops that never assign them */
    PtrMap regrec;           /* functions with budgets in registers (Def * -> itself; emit_regrec.c) */
    PtrMap regrec_tail;      /* their calls of each other that are a return's value */
    PtrMap regrec_self_only; /* members whose member calls all call themselves */
    int rr;                  /* emitting the fr_X (1), fs_X (2) or fl_X (3) body of such a function */
    bool leaf_prepaid;       /* emitting a prepaid copy whose leaf calls go to fn_X (emit_prepaid_leaf.c) */
    bool leaf_nc_body;       /* emitting such an fn_X */
    PtrMap leaf_nc;          /* leaves that need an fn_X (Def * -> itself) */
    VEC(Def *) leaf_nc_list; /* the same, in order */
    Sym *own_param;          /* emitting f_X_own: the parameter whose object it recycles (emit_reuse.c) */
    Stmt *slot_body;         /* the body statement of a loop writing into its list's slots (emit_reuse.c) */
    const char *slot;        /* that slot, as C */
    Expr *own_call;          /* the f(p) emit_slot_store is emitting: it goes to f_X_own */
} Emitter;

/* emit_expr.c */
char *emit_expr(Emitter *em, Expr *e);          /* value with coercions applied */
char *emit_fstring_in(Emitter *em, Expr *e, int view_id);   /* an f-string; view_id > 0: see emit_expr.c */
Type *emitted_type(Expr *e);                    /* the type of that C value */
char *c_type(Type *t);                          /* "GenoInt", "GenoStr *", ... */
char *to_word(Type *t, const char *cexpr);      /* C value → GenoWord */
char *from_word(Type *t, const char *wexpr);    /* GenoWord → C value */
char *loc_arg(SrcLoc loc);                      /* "GENO_LOC(3, 5)" */
int64_t loc_value(SrcLoc loc);                  /* the same GenoLoc as a number */
bool int_text_value(const char *text, long long *v);   /* strtoll of all of text (emit_expr.c) */
bool small_literal(Expr *e, long long *v);      /* an Int literal within the small range, its value */
int bit_length(unsigned __int128 m);            /* emit_ranges.c: least k with m < 2^k */
/* A small Int's tagged word from its value, and back, written out: tcc
 * spends ~10,000 instructions on each use of a function-like macro (its
 * argument collected and rescanned), and these are the most frequent. */
char *tag_small(const char *value);             /* "((GenoInt)(v) * 2 + 1)" */
char *untag_small(const char *word);            /* "((int64_t)(w) >> 1)" */
char *emit_index_assign(Emitter *em, Stmt *s);  /* one C statement */
char *depth_kept_call(Emitter *em, const char *ctype, const char *call);   /* see emit_call */
char *depth_kept_call_outside(Emitter *em, const char *ctype, const char *call);   /* not in the current body */

/* emit.c */
char *type_desc(Emitter *em, Type *t);          /* "&geno_t_int", "&td_3" */
char *local_name(Sym *s);                       /* C name of a local or parameter */
char *func_name(const char *geno_name);         /* C name of a user function */
char *impl_func_name(Sym *fn);                  /* C name of an impl method */
void emit_unsupported(Emitter *em, SrcLoc loc, const char *what);
void emit_line(Emitter *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void emit_block(Emitter *em, StmtList *body);
char *local_ref(Emitter *em, Sym *s);           /* the variable as an lvalue */
bool is_boxed(Sym *s);
Expr *range_call(Expr *e);
void find_owned_lists(Emitter *em, StmtList *body);   /* before emitting a body */
bool is_owned_list(Emitter *em, Sym *s);
char *owned_flag(Sym *s);                       /* "o_<local name>" */
char *emit_list_peek(Emitter *em, Expr *e);     /* a list or map read that keeps no reference */                      /* range(start, stop[, step]) of the builtin, or NULL */                          /* a captured, reassigned var: lives in a cell */

/* emit_strbuild.c: List[String] locals only appended to and joined */
void find_join_accs(Emitter *em, StmtList *body);     /* from find_owned_lists */
bool is_join_acc(Emitter *em, Sym *s);
void declare_join_acc(Emitter *em, Sym *v);
void emit_join_acc_add(Emitter *em, Stmt *s);         /* v = append(v, e) */
char *emit_join_acc_join(Emitter *em, Expr *e, const char *name);   /* join(v, sep), else NULL */

/* emit.c: tuple results through an out-parameter */
int tuple_out_arity(Def *f);                    /* n for `-> (T1, ..., Tn)` functions, else 0 */
Def *tuple_out_callee(Expr *e);                 /* the Def of a direct call with an out variant */
char *emit_call_args(Emitter *em, Expr *e);     /* ", a, b" of a direct call */

/* emit_adt.c */
Type *variant_field_type(Type *t, int variant, int field);
char *emit_ctor(Emitter *em, Expr *e);          /* EX_CTOR and nullary EX_TYPE_IDENT */
char *emit_tuple(Emitter *em, Expr *e);
char *emit_field(Emitter *em, Expr *e);
char *emit_with(Emitter *em, Expr *e);
char *emit_ctor_in(Emitter *em, Expr *e, const char *words);   /* EX_CTOR built in a GenoWord array */
char *emit_field_assign(Emitter *em, Stmt *s);  /* one C statement */
void emit_self_with(Emitter *em, Stmt *s);      /* x = x with (...) of an owned record var */
bool is_self_int_op(Stmt *s);                    /* f = f * x, f + x, f - x (emit_int_owned.c) */
bool is_fresh_int(Expr *e);                      /* Int + - * / %: a new number */
void emit_self_int_op(Emitter *em, Stmt *s);     /* ... of an owned Int var */
bool is_self_str_concat(Stmt *s);                /* s = s + x (+ y ...) (emit_strcat.c) */
void emit_self_str_concat(Emitter *em, Stmt *s);  /* ... of an owned String var */

/* emit_escape.c */
void analyse_escapes(Emitter *em, Program *p);  /* after collect_module_funcs */
bool is_stack_let(Emitter *em, Sym *v);         /* a let whose value lives on the C stack */
bool is_stack_rest(Sym *v);                      /* a list pattern tail whose header lives on the C stack */
int fresh_result_words(Def *f);                 /* words of f_in's buffer; 0: f has no f_in */
Def *fresh_callee(Expr *e);                     /* direct call of a function with a fresh result */
bool needs_in_variant(Def *f);                  /* some let calls f_in */

/* emit_match.c */
void emit_match_stmt(Emitter *em, Stmt *s);
char *emit_match_expr(Emitter *em, Expr *e);

/* emit_builtins.c */
char *emit_builtin(Emitter *em, Expr *e, const char *name);   /* a call of a builtin */
const char *called_builtin(Expr *e);   /* the builtin a direct call names, or NULL */
/* emit_fast.c */
char *emit_fast_builtin(Emitter *em, Expr *e, const char *name, char **v);   /* inline form, or NULL */
/* emit_wide.c */
char *emit_wide_mod(Emitter *em, Expr *e, const char *a, const char *b);   /* (a * K + C) % M on words, or NULL */
char *emit_parity_test(Emitter *em, Expr *e);   /* x % 2^k == 0 / != 0 on an unproved x, or NULL (emit_parity.c) */
/* emit_bits.c */
char *emit_small_bits(Emitter *em, Expr *e, const char *a, const char *b);   /* & ^ << >> of small Ints, or NULL */
char *emit_small_bit_or(Emitter *em, Expr *e, char **v);                     /* bit_or of small Ints, or NULL */
/* emit_hof.c: map/filter/fold/all/any of a lambda literal as a loop, or NULL */
char *emit_inline_hof(Emitter *em, Expr *e, const char *name);
/* "GENO_BARRAY" for an Array[Bool] (compact, a byte per element), else "GENO_ARRAY". */
const char *array_macros(Type *array_type);

/* emit_ranges.c: Int values that are provably small */
typedef struct { int64_t lo, hi; } IntRange;
bool local_int_range(Emitter *em, Sym *s, IntRange *r);   /* bounds of an Int local, if proved */

/* emit_bounds.c: array indexes proved within the length */
void bounds_begin(Emitter *em, StmtList *body);        /* before emitting a function's body */
int bounds_mark(Emitter *em);
void bounds_pop(Emitter *em, int mark);               /* drops the facts pushed since mark */
int bounds_hide(Emitter *em);                         /* a lambda body: no outer facts */
void bounds_unhide(Emitter *em, int floor);
void bounds_before_stmt(Emitter *em, Stmt *s);
void bounds_after_stmt(Emitter *em, Stmt *s);
void bounds_branch(Emitter *em, Expr *cond, bool then);   /* at an if's then/else block */
void bounds_loop_body(Emitter *em, Stmt *s);          /* at each copy of a loop body */
bool index_in_bounds(Emitter *em, Expr *array, Expr *index);
bool int_positive_here(Emitter *em, Expr *e);   /* e >= 1 by the live facts (emit_bounds.c) */

/* emit_inline.c */
bool inline_leaf(Def *f);   /* `return e` without user calls: GENO_INLINE_LEAF */
/* emit_arrays.c: an Array[Int] local and its aliases, when only indexed */
typedef struct ArrayClass {
    struct ArrayClass *parent;   /* union-find: NULL at the class's record */
    bool escapes;                /* some use lets other code see the elements */
    bool listed;
    VEC(Expr *) fills;           /* array_new fill values */
    VEC(Expr *) stores;          /* values of `a[i] = v` */
    bool bounded;                /* emit_ranges.c: every element within r */
    IntRange r;
} ArrayClass;
typedef VEC(ArrayClass *) ArrayClassList;
void find_array_classes(Emitter *em, StmtList *body, ArrayClassList *out);   /* non-escaping classes */
ArrayClass *array_class(Emitter *em, Expr *e);   /* of local e, if it does not escape */
/* emit_kinds.c: whether body (its lambdas and nested blocks included) holds an
 * expression / a statement of kind k. */
bool body_has_expr(Emitter *em, StmtList *body, ExprKind k);
bool body_has_stmt(Emitter *em, StmtList *body, StmtKind k);
void find_small_ints(Emitter *em, StmtList *body);        /* before emitting a function body */
bool int_literal_within(Expr *e, int64_t lim, int64_t *v);   /* an Int literal's value within [-lim, lim] */
#define TRACK_MAX ((int64_t)1 << 59)    /* emit_ranges.c: bound of a tracked local's initial interval */
#define DRIFT_SPAN ((int64_t)1 << 55)   /* steps a run can take (emit_ranges.c), per unit of K */
bool mod_bounds(IntRange a, IntRange b, IntRange *r);      /* bounds of a % b (emit_ranges.c) */
bool small_int_range(Emitter *em, Expr *e, IntRange *r);  /* bounds of Int expression e, if proved */
/* emit_fusedint.c: a tree of two or more checked Int + - * computed on words when all small; NULL if not */
char *emit_fused_int(Emitter *em, Expr *e);
char *emit_int_operand(Emitter *em, Expr *x);   /* an Int operand whose result keeps no operand (emit_expr.c) */
/* emit_intmod.c: `(x * A + C) % M` in 128 bits when all small; NULL if not of that form */
char *emit_fused_mod(Emitter *em, Expr *e, const char *ordinary);
bool is_small_local(Emitter *em, Sym *s);
bool note_comp_range(Emitter *em, Sym *var, Expr *range);   /* a comprehension's range variable: small? */
void bound_param(Emitter *em, Sym *param, IntRange r);      /* before analysing its function's body */
/* emit_params.c: bounds of Int parameters from their call sites */
void find_param_ranges(Emitter *em, Program *p);
/* emit_recur.c: a group of mutually recursive functions (a strongly
 * connected component of the call graph; one function calling itself) */
typedef struct {
    Def *def;
    Sym **params;     /* the parameters' symbols, as the body names them */
    IntRange *R;      /* per parameter the outside calls' hull (ok false: unbounded) */
    bool *ok;
    bool called;      /* some call from outside the group (or an example) */
    IntRange *ext;    /* per parameter the outside calls' hull, as R was before group_invariant */
    bool *ext_ok;     /* as ok was then */
} GroupMember;
typedef struct {
    ExprList *args;   /* argument per parameter of the callee */
    int caller, callee;   /* indexes of members */
    int top;          /* index of the caller's top-level statement holding it, or -1 */
} GroupCall;
/* On true, R holds invariant bounds of the parameters still ok. */
bool group_invariant(Emitter *em, GroupMember *m, int nm, GroupCall *calls, int ncalls);
/* emit_drift.c: after group_invariant, the Int parameters it left
 * unbounded that only receive chains (literal, parameter, group result,
 * chain +- K) within loop-free bodies: ok within 2^59 */
void group_drift(Emitter *em, GroupMember *m, int nm, GroupCall *calls, int ncalls);

/* emit_windows.c: l[i] in loops of a list variable that never changes */
void find_list_windows(Emitter *em, StmtList *body);   /* before emitting a function body */
void declare_param_windows(Emitter *em);               /* at the function's entry */
int open_var_windows(Emitter *em, Stmt *loop);         /* before a while/for: the mark to close */
void close_var_windows(Emitter *em, int mark);         /* after it */
void declare_list_window(Emitter *em, Sym *v);         /* after declaring let v */
char *emit_list_window_index(Emitter *em, Expr *e, const char *index);   /* e = v[index], or NULL */
/* emit_regrec.c */
void find_regrec(Emitter *em, Program *p);
bool is_regrec(Emitter *em, Def *f);
char *regrec_call(Emitter *em, Expr *e);   /* a member's call of a member */
char *regrec_signature(Emitter *em, Def *f, int kind);   /* fr_X (1), its cold copy fs_X (2), fl_X (3) */
bool regrec_has_leaf(Emitter *em, Def *f);               /* calls of f go through fl_X */
void regrec_leaf_body(Emitter *em, Def *f);
char *regrec_enter(Emitter *em, Def *f, bool cold);
void regrec_wrapper(Emitter *em, Def *f, const char *sig);
bool needs_in_variant(Def *f);

/* emit_prepaid.c */
bool straight_stmt(Stmt *s);                     /* no loop, no break/continue/return */
bool step_free_body(StmtList *b);                /* counts no steps, cannot leave early */
bool step_free_expr(Expr *e);                    /* runs no Geno code: counts no steps */
bool plain_type(Type *t);                         /* Int, Float, Bool, String: operations run no Geno code */
char *while_trip_count(Emitter *em, Stmt *s);   /* C trip count of a counted while, or NULL */
/* emit_prepaid_leaf.c */
int prepaid_leaf_steps(StmtList *b);            /* leaf calls an iteration makes, or -1 */
char *prepaid_leaf_call(Emitter *em, Expr *e);  /* fn_X(...) in a prepaid copy, or NULL */
char *prepaid_leaf_signature(Emitter *em, Def *f);
char *prepaid_leaf_call_in(Emitter *em, Expr *e, const char *words);   /* fn_X_in(words, ...) or NULL */
int assign_count(StmtList *b, Sym *v);          /* `v = ...` statements in b, nested ones included */

/* emit_listbuild.c */
typedef struct {
    StmtList *hint_body;
    const char *hint_left;
} LoopLists;                                      /* what a for loop's list building replaced */
LoopLists loop_lists_open(Emitter *em, Stmt *s, int id);   /* before a for loop with trip count n_<id> */
void loop_lists_close(Emitter *em, LoopLists outer);        /* after it */
/* emit_transient.c: List vars built in place over runs of statements */
void transients_find(Emitter *em, StmtList *b);  /* at the start of emit_block */
void transients_open(Emitter *em, StmtList *b, int i);    /* before statement i of b */
void transients_close(Emitter *em, StmtList *b, int i);   /* after it */
int transient_id(Emitter *em, Sym *v);           /* builder b_<id> of v, or 0 */
bool emit_transient_append(Emitter *em, Stmt *s);   /* v = append(v, e) into v's builder, if any */
bool in_sized_body(Emitter *em, Stmt *s);        /* a first append may size its leaf (geno_list_append_sized) */
bool is_self_append(Stmt *s);                    /* emit.c: v = append(v, e) */

/* emit_reuse.c: records updated in place when a list rebuild hands them over */
void find_reuse(Emitter *em, Program *p);        /* before emitting */
Sym *own_variant_param(Def *f);                  /* f needs f_X_own: its recycled parameter */
char *own_signature(Emitter *em, Def *f);
void own_snapshot(Emitter *em);                  /* at f_X_own's entry */
Stmt *slot_loop_body(Stmt *s);                   /* a for loop that writes results into ps's slots: its body */
bool is_slot_handoff(Stmt *s);                   /* `ps = next` after such a loop: nothing to do */
bool is_slot_next(Sym *v);                       /* that `next`: it stays empty */
void emit_slot_store(Emitter *em, Stmt *s);      /* its body statement */

/* emit_try.c */
bool has_try(StmtList *body);
char *pop_frames_for(Emitter *em, int loop_level);  /* "geno_try_pop(...); " or "" */
void emit_try(Emitter *em, Stmt *s);
char *emit_throw(Emitter *em, Expr *e, Type *as);   /* as: the C type the context needs */
char *emit_propagate(Emitter *em, Expr *e);
char *emit_list_comp(Emitter *em, Expr *e);
char *emit_expr_as(Emitter *em, Expr *e, Type *as); /* emit_expr; a throw gets type `as` */

/* emit_modules.c */
void collect_module_funcs(Emitter *em, Program *p);
char *def_cname(Emitter *em, Sym *fn);          /* C name of a user/module function or impl method */

/* emit_specs.c */
void emit_requires(Emitter *em, Def *f);
char *ensures_checks(Emitter *em, Def *f, Type *ret, const char *value);  /* "" without ensures */
char *emit_examples(Emitter *em, Program *p);   /* name of the examples function or "0" */
bool example_clause_counts(Def *f);             /* f's example clauses are test cases and rows */
Expr *example_arg(Def *f, Example *ex, int i);  /* argument i of an example (tuple spread, defaults) */
char *emit_tests(Emitter *em, Program *p);      /* "table, count" for GenoProgram */
char *emit_hole(Emitter *em, Expr *e);
Type *func_result_type(Def *f);                 /* T of an async function's Async[T] */
char *emit_async_call(Emitter *em, Expr *e, const char *cname);
char *emit_await(Emitter *em, Expr *e);

/* emit_closure.c */
char *emit_lambda(Emitter *em, Expr *e);
char *emit_func_value(Emitter *em, Sym *fn);    /* a named function as a closure */
char *emit_callable_value(Emitter *em, Expr *e); /* a builtin or constructor as a closure */
char *emit_closure_call(Emitter *em, Expr *callee, ExprList *args, SrcLoc loc);

/* C string literals from any bytes (emit_expr.c): the body only, or with
 * the quotes. The one way source text (strings, paths, names) enters C. */
void c_string_body(StrBuf *sb, const char *s, size_t n);
void c_string_literal(StrBuf *sb, const char *s);

#endif
