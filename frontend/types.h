/* types.h — static types as the checker resolves them.
 *
 * Types are heap objects compared structurally (ty_equal). Inference uses
 * type variables (TY_VAR) bound by unification: follow `ref` with ty_resolve
 * before looking at a type's kind. TY_NEVER is the type of `throw`/`return`
 * positions and unifies with anything; TY_ERROR marks an expression that
 * already produced a diagnostic, so one mistake is reported once.
 */
#ifndef GENOC_TYPES_H
#define GENOC_TYPES_H

#include "util.h"

typedef enum {
    TY_UNIT, TY_BOOL, TY_INT, TY_FLOAT, TY_STRING,
    TY_LIST, TY_TUPLE, TY_MAP, TY_SET, TY_ARRAY, TY_VEC, TY_MUTMAP,
    TY_ADT, TY_FUNC, TY_VAR, TY_NEVER, TY_ERROR,
    TY_PARAM,       /* the i-th type parameter of an ADT or alias (`id`), only
                       inside AdtInfo field types; ty_subst replaces it */
    TY_ASYNC,       /* Async[T]: args[0] */
} TyKind;

/* A user or built-in algebraic data type (Option, Result, JsonValue, ...).
 * Field types are written in terms of TY_PARAM(i) for the ADT's i-th
 * parameter; the type of a field of `Box[Int]` is ty_subst(field, args). */
typedef struct Type Type;
typedef struct {
    const char *name;
    int nfields;
    const char **field_names;
    Type **field_types;
    int tag;                /* index in the ADT's variant list */
} AdtVariant;

typedef struct AdtInfo {
    const char *name;
    int nparams;
    const char **params;
    int nvariants;
    AdtVariant *variants;
    bool builtin;           /* Option, Result, JsonValue, HttpResponse, ... */
    void *def;              /* the Def of a user type, NULL for built-ins */
} AdtInfo;

struct Type {
    TyKind kind;
    int nargs;
    Type **args;        /* element/key/value, tuple members, ADT type args, func params */
    Type *ret;          /* TY_FUNC */
    const char *name;   /* TY_ADT: the type's name */
    AdtInfo *adt;       /* TY_ADT */
    const char **effects;   /* TY_FUNC: effect names (NULL-terminated) or NULL */
    Type *ref;          /* TY_VAR: bound type, or NULL */
    int id;             /* TY_VAR: for printing */
};

Type *ty_prim(TyKind k);                 /* UNIT BOOL INT FLOAT STRING NEVER ERROR */
Type *ty_list(Type *elem);
Type *ty_new(TyKind k, int nargs, Type **args);
Type *ty_func(int nparams, Type **params, Type *ret);
Type *ty_var(void);
int ty_ids_used(void);     /* type variables numbered so far */
void ty_skip_ids(int n);  /* as if n more were made */
void ty_reset_ids(void);   /* numbering of fresh type variables restarts (check_reset) */

/* While set (a body's first check, check.c), every TY_FUNC type whose
 * effects the checker reads, or copies with the type, is appended: a body
 * that read no effects that inference later changed checks the same the
 * second time. */
typedef VEC(Type *) TyLog;
extern TyLog *effects_read_log;
void note_effects_read(Type *t);
Type *ty_copy_node(Type *t);   /* t's node with its own args array to fill; notes the read */
Type *ty_resolve(Type *t);               /* follows bound variables */
bool ty_unify(Type *a, Type *b);         /* binds variables; false on mismatch */
bool ty_equal(Type *a, Type *b);         /* structural, after resolution */
bool ty_is(Type *t, TyKind k);
bool ty_is_numeric(Type *t);
bool ty_has_vars(Type *t);               /* unbound variables remain */
char *ty_str(Type *t);                   /* "List[Int]", "(Int, String)", "(Int) -> Bool" */
Type *ty_param(int index, const char *name);
Type *ty_adt(AdtInfo *adt, int nargs, Type **args);
Type *ty_subst(Type *t, int nargs, Type **args);   /* TY_PARAM(i) -> args[i] */
/* Index of the variant named `name` in adt->variants, or -1. */
int adt_variant_index(const AdtInfo *adt, const char *name);

#endif
