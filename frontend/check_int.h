/* check_int.h — the checker's private state, shared by frontend/check*.c.
 *
 * The checker follows the reference's model (geno-lang 0.4.3 typechecker):
 * bottom-up inference where each expression gets a type, then compatibility
 * checks at each boundary. Type variables (TY_VAR) are *named*, as in the
 * reference: builtin signature variables (T, U, K, V, E, F, Num), ADT
 * parameters while a constructor is checked, and fresh placeholders
 * (`__fresh_elem_3`) for empty lists and unbound ADT parameters. They are
 * never bound in place; calls bind them in a substitution (Subs) local to
 * the call. TY_ERROR plays the reference's `Any`: the type of an expression
 * that already produced a diagnostic, compatible with everything.
 *
 * A few reference errors are *raised* rather than collected (unknown types,
 * bad type arity, unknown or circular modules): they discard every error
 * found so far and end the check with that one. check_fatal() does the same
 * with a longjmp back to check_program.
 */
#ifndef GENOC_CHECK_INT_H
#define GENOC_CHECK_INT_H

#include <setjmp.h>
#include <string.h>

#include "builtins.h"
#include "checker.h"
#include "strmap.h"

typedef VEC(Type *) TypeVec;

extern bool effects_rechecked;     /* set by check_effects.c when it re-checks an expression */
typedef struct Scope Scope;
struct Scope {
    Scope *parent;
    VEC(Sym *) syms;
    int lambda_depth;       /* lambda nesting level of the code this scope belongs to */
};

/* A substitution for named type variables, local to one call. */
typedef struct {
    VEC(const char *) names;
    VEC(Type *) types;
} Subs;

typedef struct {
    Def *def;               /* the DEF_TRAIT */
} TraitInfo;

typedef struct {
    const char *trait, *type;
    Def *def;               /* the DEF_IMPL */
    VEC(Sym *) methods;     /* SYM_FUNC per method, def = method Def */
} ImplInfo;

/* An imported module: its program and the symbols it exports. */
typedef struct Module {
    const char *name;       /* module name as imported */
    const char *alias;      /* `as A`, or NULL */
    Program *prog;
    VEC(Sym *) funcs;       /* exported functions */
    StrMap func_index;      /* name -> first Sym of funcs */
    bool qualified_only;    /* `import M as A` */
} Module;

typedef struct Checker {
    Diags *d;
    Program *prog;
    int diag_base;          /* d->list.len when checking started */
    jmp_buf fatal;
    bool have_fatal;
    VEC(Sym *) funcs;       /* user functions and trait dispatch names */
    VEC(AdtInfo *) adts;    /* built-in and user ADTs */
    /* Name indexes of funcs and adts (add_func, add_adt keep them). */
    StrMap func_index;      /* name -> first Sym of funcs */
    StrMap adt_index;       /* name -> last AdtInfo of adts */
    StrMap ctor_index;      /* constructor -> last AdtInfo defining it, aux = variant */
    StrMap ctor_count;      /* constructor -> number of variants so named (aux) */
    VEC(Def *) aliases;
    VEC(Def *) traits;
    VEC(ImplInfo *) impls;
    VEC(Module *) modules;
    VEC(const char *) tested;   /* names called from test blocks */
    bool app_mode;
    Scope *scope;
    Scope *global;
    Def *cur_func;
    Type *cur_ret;          /* NULL outside functions */
    bool in_async, in_main;
    TypeVec *lambda_rets;   /* collecting block-lambda return types */
    int lambda_depth;
    Sym *cur_lambda;
    int loop_depth;
    int next_local;
    int fresh;
    bool self_ok;           /* resolving a trait signature: `Self` allowed */
    VEC(const char *) tparams;  /* type parameter names in scope */
    VEC(const char *) resolving_aliases;
    int phase;              /* 1: types; 2: effects known (re-check) */
    PtrMap first_checks;    /* Def -> FirstCheck (check.c): what its first body check used */
    PtrMap effects_changed; /* TY_FUNC types whose effects inference changed */
    TyLog effects_read;     /* effects_read_log of the first checks */
    VEC(struct Sym *) *locals_log;  /* while set: every local symbol made, in order */
    int expr_depth;         /* nesting of check_expr calls (MAX_EXPR_DEPTH) */
    VEC(Program *) module_progs;    /* imported module programs, in resolution (pre-)order */
} Checker;

/* The next local symbol id (C names use it), for s. */
static inline int new_local_id(Checker *c, struct Sym *s) {
    if (c->locals_log) vec_push(c->locals_log, s);
    return ++c->next_local;
}

#define ERR(c, code, loc, ...) diag_add((c)->d, code, loc, __VA_ARGS__)

/* check.c */
int check_program(Program *p, Diags *d);     /* also declared in codegen.h */
extern PtrMap recheck_scopes;     /* expression -> Scope it was checked in */
void check_fatal(Checker *c, const char *code, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), noreturn));
void push_scope(Checker *c);
void pop_scope(Checker *c);
Sym *declare_local(Checker *c, const char *name, Type *ty, bool is_mutable);
Sym *lookup_var(Checker *c, const char *name);     /* locals, then globals */
Sym *lookup_local(Checker *c, const char *name);
Sym *lookup_func(Checker *c, const char *name);
void add_func(Checker *c, Sym *s);                 /* push on c->funcs and index it */
Module *find_module(Checker *c, const char *name);
void note_use(Checker *c, Sym *s);                  /* capture tracking */
char *suggest(const char *name, const char **cands, int n);
char *suggest_vars(Checker *c, const char *name);

/* check_types.c */
Type *t_any(void);
Type *t_never(void);
Type *t_int(void);
Type *t_float(void);
Type *t_bool(void);
Type *t_string(void);
Type *t_unit(void);
Type *t_named_var(const char *name);
Type *t_fresh(Checker *c, const char *hint);
Type *t_func_eff(int n, Type **params, Type *ret, const char **effects);
AdtInfo *find_adt(Checker *c, const char *name);
AdtInfo *adt_of_ctor(Checker *c, const char *ctor, int *variant);
void add_adt(Checker *c, AdtInfo *a);               /* push on c->adts and index it */
int ctor_definitions(Checker *c, const char *ctor);  /* variants named ctor in all adts */
AdtInfo *adt_option(void);
AdtInfo *adt_result(void);
void init_builtin_adts(Checker *c);
Type *resolve_type(Checker *c, TypeExpr *te);
char *tstr(Type *t);
bool is_any(Type *t);
bool has_vars(Type *t);
bool contains_any(Type *t);
Type *freshen(Type *t, const char *prefix);
Type *apply_subs(Type *t, Subs *s);
Type *adt_field_type(AdtInfo *adt, int v, int f, Type *self_args_ty);
Type *adt_field_as_vars(AdtInfo *adt, int v, int f);
bool compat(Checker *c, Type *exp, Type *act);
bool strict_compat(Checker *c, Type *exp, Type *act);
bool compat_subs(Checker *c, Type *exp, Type *act, Subs *s);
bool type_equal(Type *a, Type *b);
const char **effects_union(const char **a, const char **b);
bool effects_subset(const char **a, const char **b);
int effects_count(const char **e);
bool effect_valid(const char *e);
const char *valid_effects_list(void);
Sym *builtin_sym(const char *name);
Type *builtin_type(const char *name, const char ***params, int *nparams);
Type *parse_sig(const char *sig);
bool is_hashable(Type *t);
void compute_adt_variance(Checker *c);
/* Forget the global tables of earlier checks (see check_reset in checker.h). */
void check_types_reset(void);
void check_builtins_reset(void);
void check_expr_reset(void);
void check_keyed_collections(Checker *c, Type *t, SrcLoc loc);

/* check_expr.c */
Type *check_expr(Checker *c, Expr *e);
void record_expected(Checker *c, Expr *e, Type *expected);
Type *check_lambda(Checker *c, Expr *e);

/* check_call.c */
Type *check_call(Checker *c, Expr *e);
Type *check_ctor(Checker *c, Expr *e);
Type *check_pipeline(Checker *c, Expr *e);

/* check_stmt.c */
void check_stmt(Checker *c, Stmt *s);
void check_block(Checker *c, StmtList *body);
bool definitely_returns(StmtList *body);

/* check_pattern.c / exhaustive.c */
void check_pattern(Checker *c, Pattern *p, Type *expected);
void check_exhaustive(Checker *c, Type *scrut, MatchArmList *arms, SrcLoc loc);
void pattern_set_sym(Pattern *p, Sym *s);

/* check_effects.c */
const char **infer_func_effects(Checker *c, Def *f);
const char **infer_block_effects(Checker *c, StmtList *body);
const char **infer_expr_effects(Checker *c, Expr *e);

#endif
