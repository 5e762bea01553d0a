/* checker.h — what the checker leaves on the AST for the code generator.
 *
 * After check_program succeeds:
 *   - every Expr has `ty` (resolved with ty_resolve);
 *   - EX_IDENT and EX_CALL have `sym` (a Sym *): the local, user function or
 *     builtin they name;
 *   - EX_CALL has `elems`: its arguments in parameter order, defaults filled;
 *   - an Expr whose Int value flows where a Float is expected has
 *     AUX_TO_FLOAT in `aux` (the reference converts at such boundaries);
 *   - ST_LET/ST_VAR/ST_FOR have `sym` (the local they bind), DEF_FUNC has
 *     `sym` (its function symbol).
 *
 * Additions (issue 3, the full checker):
 *   - EX_CTOR and EX_TYPE_IDENT (a constructor used as a value) have `sym`
 *     of kind SYM_CTOR: `adt` is the AdtInfo (user or built-in: Option,
 *     Result, JsonValue, ...), `variant` the index into adt->variants, and
 *     `ty` the constructed TY_ADT type. A PAT_CTOR pattern's `ty` is the
 *     TY_ADT it matches; adt_variant_index(ty->adt, p->name) (types.h) gives
 *     the variant.
 *   - PAT_VAR and named PAT_REST patterns bind a local: pattern_sym(p).
 *   - ST_LET/ST_VAR with `names` (tuple destructuring): `sym` is a hidden
 *     SYM_LOCAL for the whole tuple whose `parts[i]` (nparts = names.len)
 *     are the locals bound to each name.
 *   - ST_TRY: `sym` is the catch variable's local. EX_LIST_COMP: `sym` is
 *     its loop variable.
 *   - EX_LAMBDA: `sym` is a SYM_LAMBDA whose `parts` are the parameter
 *     locals (is_lambda_param set) and `captures` the enclosing locals the
 *     body reads or writes. Such locals have `captured` set, and
 *     `assigned_after_capture` when the variable is a captured `var` that is
 *     assigned anywhere (conservative: closures capture variables by
 *     reference in the reference, so those need a shared cell).
 *   - A call of a trait method (`describe(d)`) has `sym` of kind SYM_FUNC
 *     whose `def` is the concrete impl method Def and `impl` the DEF_IMPL
 *     block; DEF_IMPL methods have `sym` like DEF_FUNC.
 *   - A call of a function value (local, parameter, lambda result) has
 *     `sym` NULL when the callee is not an identifier, or the local's Sym.
 *   - A module-qualified call `M.f(x)` has `sym` = the module function's
 *     SYM_FUNC (its `def` lives in the imported Program).
 *   - Remaining type variables are defaulted to Unit once checking succeeds,
 *     so codegen never sees TY_VAR; TY_ERROR never survives a clean check.
 *   - Function types carry effects (Type.effects, sorted, NULL-terminated).
 *
 * Additions (imports and genoc's std library):
 *   - `import M` resolves M.geno next to the importing file, then genoc's
 *     std/ (GENOC_STD overrides the compiled-in GENOC_STD_DIR), then
 *     geno_modules/, then a case-insensitive sibling. checked_modules()
 *     lists every module Program parsed during the last check_program (one
 *     per file, shared by all importers, in first-import order). Each is
 *     checked on its own before the importer (as the reference does), so
 *     after a clean check its bodies are typed like the main program's and
 *     its DEF_FUNC `sym` is its own (monomorphic) function symbol.
 *   - A call site of a module function has `sym` = the importer's SYM_FUNC
 *     for it (same `def`). For the reference's thin std wrappers
 *     (List.map, Option.unwrap_or, Math.max, ...; see std_forwarder in
 *     check.c) that sym's `ty` is the *generic* signature of the builtin the
 *     wrapper forwards to, as in the reference, so `List.map(["a"], f)` is
 *     accepted although the wrapper's body is written for List[Int]; code
 *     for such calls should use the builtin or uniform (boxed) values.
 */
#ifndef GENOC_CHECKER_H
#define GENOC_CHECKER_H

#include "ast.h"
#include "types.h"

typedef enum { SYM_LOCAL, SYM_FUNC, SYM_BUILTIN, SYM_CTOR, SYM_LAMBDA } SymKind;


typedef struct Sym {
    SymKind kind;
    const char *name;
    Type *ty;
    bool is_mutable;
    bool is_param;      /* a function parameter (C name p_<name>) */
    int id;             /* unique per local, for C names */
    Def *def;           /* SYM_FUNC */
    /* ---- additions (see the header comment) ---- */
    struct AdtInfo *adt;    /* SYM_CTOR */
    int variant;            /* SYM_CTOR: index into adt->variants */
    Def *impl;              /* SYM_FUNC of an impl method: its DEF_IMPL */
    struct Sym **parts;     /* tuple destructuring parts / lambda params */
    int nparts;
    VEC(struct Sym *) captures; /* SYM_LAMBDA: captured enclosing locals */
    bool is_lambda_param;
    bool captured;          /* SYM_LOCAL read or written inside a lambda */
    bool assigned_after_capture;
    bool assigned;          /* SYM_LOCAL assigned somewhere after its declaration */
    int lambda_depth;       /* checker-internal: lambda nesting at declaration */
    const char *builtin_name;   /* SYM_BUILTIN: the builtin's name */
    char *c_name;           /* codegen: local_name's text, made once (codegen/emit.c) */
} Sym;

/* The local a PAT_VAR / named PAT_REST pattern binds (NULL otherwise). */
Sym *pattern_sym(const Pattern *p);

enum { AUX_TO_FLOAT = 1 };

/* The imported module programs of the last check (see above). */
Program **checked_modules(int *n);

/* Returns the frontend to its initial state: forgets the global tables that
 * earlier parses and checks filled (pattern symbols, module cache, builtin
 * and constructor symbols, built-in ADTs, registered sources, fresh type
 * numbers). Only for a process that frees those compilations' memory and
 * goes on compiling (tests/fuzz: alloc_track_free_all in util.h). */
void check_reset(void);

#endif
