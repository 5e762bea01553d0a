/* ast.h — the abstract syntax tree of Geno 0.4.
 *
 * The parser builds it, the checker annotates it (Expr.ty, resolved
 * symbols), codegen reads it. Every node carries the SrcLoc of its first
 * token. Nodes are tagged unions: `kind` says which member of the union is
 * live. Lists of children are VEC()s. Names are NUL-terminated strings owned
 * by the AST. String literal values are raw UTF-8 bytes after escape
 * processing (a literal may contain NUL, so StrLit keeps its byte length).
 */
#ifndef GENOC_AST_H
#define GENOC_AST_H

#include "diag.h"
#include "util.h"

typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Pattern Pattern;
typedef struct TypeExpr TypeExpr;
typedef struct Type Type;   /* checker's resolved type (frontend/types.h) */

typedef VEC(Expr *) ExprList;
typedef VEC(Stmt *) StmtList;
typedef VEC(Pattern *) PatternList;
typedef VEC(TypeExpr *) TypeExprList;
typedef VEC(char *) NameList;

/* ---- type annotations as written ---------------------------------------- */

typedef enum {
    TE_NAME,    /* Int, List[T], Option[String], Foo            */
    TE_FUNC,    /* (A, B) -> R with io                           */
    TE_TUPLE,   /* (A, B)   (a parenthesised single type is just that type) */
    TE_UNIT,    /* ()  — written as the empty tuple type         */
} TypeExprKind;

struct TypeExpr {
    TypeExprKind kind;
    SrcLoc loc;
    char *name;            /* TE_NAME */
    TypeExprList args;     /* TE_NAME type arguments; TE_FUNC params; TE_TUPLE elems */
    TypeExpr *ret;         /* TE_FUNC */
    NameList effects;      /* TE_FUNC: `with io, fs` */
};

/* ---- expressions --------------------------------------------------------- */

typedef enum {
    EX_INT,         /* int_text: decimal digits as written (may exceed 64 bits) */
    EX_FLOAT,       /* float_val, float_text */
    EX_STRING,      /* str, str_len */
    EX_FSTRING,     /* parts: EX_STRING pieces and interpolated exprs, in order */
    EX_BOOL,        /* bool_val */
    EX_IDENT,       /* name (lower-case identifier) */
    EX_TYPE_IDENT,  /* name (constructor used as a value, e.g. `None`, `Red`) */
    EX_LIST,        /* elems */
    EX_TUPLE,       /* elems (>= 2, or () for unit: elems.len == 0) */
    EX_LIST_COMP,   /* a = element, b = iterable, c = condition (may be NULL),
                       name = variable, type_ann = its type */
    EX_BINARY,      /* op, a, b */
    EX_UNARY,       /* op ('-', '~', "not"), a */
    EX_CALL,        /* a = callee, args (CallArg) */
    EX_CTOR,        /* name, args — `Some(3)`, `Pt(1, 2)`; args are positional
                       or named (CallArg.name) */
    EX_INDEX,       /* a[b] */
    EX_FIELD,       /* a.name  (also module-qualified `M.f` before resolution) */
    EX_PIPELINE,    /* a |> stage: b = callee of the stage, args = stage
                       arguments, which may contain EX_PLACEHOLDER; a stage
                       without parentheses (`x |> f`) has no_parens set */
    EX_PLACEHOLDER, /* `_` inside a pipeline stage's argument list */
    EX_LAMBDA,      /* params, ret_ann (may be NULL), a = expression body or
                       NULL with body = block body */
    EX_MATCH,       /* a = scrutinee, arms (each arm's `value` is set) */
    EX_WITH,        /* a with (name: expr, ...) : fields */
    EX_THROW,       /* a */
    EX_AWAIT,       /* a */
    EX_PROPAGATE,   /* a? */
    EX_HOLE,        /* ?name : type_ann where a (a may be NULL) */
} ExprKind;

typedef enum {
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW,
    OP_BAND, OP_BXOR, OP_SHL, OP_SHR,
    OP_EQ, OP_NE, OP_LT, OP_GT, OP_LE, OP_GE,
    OP_AND, OP_OR,
    OP_NEG, OP_BNOT, OP_NOT,   /* unary */
} Op;

typedef struct {
    char *name;             /* NULL for positional */
    SrcLoc name_loc;
    Expr *value;
} CallArg;
typedef VEC(CallArg) CallArgList;

typedef struct {
    char *name;
    SrcLoc loc;
    TypeExpr *type;         /* NULL only for untyped lambda params (if any) */
    Expr *default_value;    /* NULL when none */
} Param;
typedef VEC(Param) ParamList;

typedef struct MatchArm {
    SrcLoc loc;
    Pattern *pattern;
    Expr *guard;            /* `when` expression, or NULL */
    StmtList body;          /* match statement arm */
    Expr *value;            /* match expression arm: its single expression */
} MatchArm;
typedef VEC(MatchArm) MatchArmList;

typedef struct {
    char *name;
    SrcLoc loc;
    Expr *value;
} FieldInit;
typedef VEC(FieldInit) FieldInitList;

/* Fields ordered so no padding is left between them (kind/op and the
 * bools/aux share 8-byte slots): 232 bytes instead of 248, of fresh pages. */
struct Expr {
    ExprKind kind;
    Op op;
    SrcLoc loc;
    Type *ty;               /* set by the checker */
    char *name;
    char *int_text;
    double float_val;
    char *float_text;
    char *str;
    size_t str_len;
    bool bool_val;
    bool no_parens;         /* EX_PIPELINE: `x |> f` */
    int aux;                /* checker/codegen scratch */
    Expr *a, *b, *c;
    ExprList elems;         /* EX_LIST, EX_TUPLE, EX_FSTRING parts */
    CallArgList args;       /* EX_CALL, EX_CTOR, EX_PIPELINE */
    ParamList params;       /* EX_LAMBDA */
    TypeExpr *ret_ann;      /* EX_LAMBDA */
    TypeExpr *type_ann;     /* EX_LIST_COMP var type, EX_HOLE type */
    StmtList body;          /* EX_LAMBDA block body */
    MatchArmList arms;      /* EX_MATCH */
    FieldInitList fields;   /* EX_WITH */
    void *sym;              /* checker: resolved symbol for EX_IDENT/EX_CALL */
};

/* ---- patterns ------------------------------------------------------------ */

typedef enum {
    PAT_WILDCARD,   /* _ */
    PAT_VAR,        /* name */
    PAT_CTOR,       /* name(subs...) or bare name */
    PAT_LITERAL,    /* lit: an EX_INT / EX_FLOAT / EX_STRING / EX_BOOL expr */
    PAT_LIST,       /* subs; at most one PAT_REST among them */
    PAT_REST,       /* ...name or ... (name NULL) — only inside PAT_LIST */
} PatternKind;

struct Pattern {
    PatternKind kind;
    SrcLoc loc;
    Type *ty;           /* checker */
    char *name;
    PatternList subs;
    Expr *lit;
};

/* ---- statements ---------------------------------------------------------- */

typedef enum {
    ST_LET,         /* name or names (tuple destructure), type_ann (may be NULL), value */
    ST_VAR,         /* same as ST_LET, mutable */
    ST_ASSIGN,      /* name = value */
    ST_INDEX_ASSIGN,/* target[index] = value */
    ST_FIELD_ASSIGN,/* target.name = value */
    ST_IF,          /* cond, body, else_body (else-if: else_body holds one ST_IF
                       with is_elif set) */
    ST_WHILE,       /* cond, body */
    ST_FOR,         /* name, type_ann, value = iterable, body */
    ST_MATCH,       /* value = scrutinee, arms */
    ST_RETURN,      /* value (NULL for bare return) */
    ST_BREAK,
    ST_CONTINUE,
    ST_TRY,         /* body, catch_name, type_ann = catch type, else_body = catch body */
    ST_EXPR,        /* value */
    ST_ASSERT,      /* value (test blocks only) */
} StmtKind;

struct Stmt {
    StmtKind kind;
    bool is_elif;           /* beside kind: no padding (176 bytes, was 184) */
    SrcLoc loc;
    char *name;
    NameList names;         /* ST_LET/ST_VAR tuple destructuring; empty otherwise */
    TypeExpr *type_ann;
    Expr *target, *index, *value, *cond;
    StmtList body, else_body;
    MatchArmList arms;
    char *catch_name;
    SrcLoc catch_loc;
    char *label;            /* optional closing label (`end func name`) */
    void *sym;              /* checker: the local variable symbol */
};

/* ---- definitions --------------------------------------------------------- */

typedef struct {
    ExprList args;          /* example inputs, positional; empty for `()` */
    Expr *output;
    SrcLoc loc;
} Example;
typedef VEC(Example) ExampleList;

typedef enum {
    DEF_FUNC, DEF_TYPE, DEF_ALIAS, DEF_TRAIT, DEF_IMPL, DEF_IMPORT, DEF_TEST,
} DefKind;

typedef struct {
    char *name;
    SrcLoc loc;
    VEC(struct { char *name; TypeExpr *type; SrcLoc loc; }) fields;
    bool has_parens;        /* `Ctor()` vs bare `Ctor` */
} Variant;
typedef VEC(Variant) VariantList;

typedef struct Def Def;
typedef VEC(Def *) DefList;

struct Def {
    DefKind kind;
    SrcLoc loc;
    char *name;             /* func/type/alias/trait name; import module; test name */
    bool exported;
    /* DEF_FUNC (also trait method signatures, impl methods) */
    bool is_async;
    char *untested_reason;  /* @untested("...") or NULL */
    ParamList params;
    TypeExpr *ret;
    NameList effects;       /* `with io, fs` */
    ExprList requires_;
    ExprList ensures;
    ExampleList examples;
    StmtList body;          /* also DEF_TEST body */
    char *closing_name;
    /* DEF_TYPE / DEF_ALIAS */
    NameList type_params;
    VariantList variants;   /* DEF_TYPE */
    TypeExpr *alias_of;     /* DEF_ALIAS */
    /* DEF_TRAIT: methods = signatures (no body); DEF_IMPL: methods with bodies */
    DefList methods;
    char *trait_name;       /* DEF_IMPL */
    char *target_type;      /* DEF_IMPL */
    /* DEF_IMPORT */
    char *alias;            /* `import M as A` */
    void *sym;              /* checker */
};

typedef struct {
    const char *path;
    const char *source;
    DefList defs;
} Program;

/* ---- entry points (parser.c, ast_dump.c) --------------------------------- */

/* Lexes and parses `source` (named `path` in diagnostics). Always returns a
 * Program (possibly partial); check d->errors. */
Program *parse_program(const char *path, const char *source, Diags *d);
Program *parse_program_len(const char *path, const char *source, size_t len, Diags *d);
/* Prints an S-expression-like dump of the tree. */
void ast_dump(FILE *out, const Program *p);

const char *op_name(Op op);   /* "+", "and", ... */

#endif
