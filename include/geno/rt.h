/* geno/rt.h — the runtime ABI: everything emitted C may call.
 *
 * Emitted programs include this header and nothing else, under both libtcc
 * (`genoc run`) and cc -O2 (`genoc build`). Keep it small: tcc parses it on
 * every run. Every runtime symbol starts with `geno_` (functions) or `GENO_`
 * (macros); types start with `Geno`.
 *
 * VALUES. Geno is statically typed, so a value is one 64-bit word whose
 * meaning the compiler knows (GenoWord), never tagged at run time except
 * for Int:
 *   Int    GenoInt, a tagged word. Low bit 1: a small integer v stored as
 *          2v+1, with v in [GENO_SMALL_MIN, GENO_SMALL_MAX] = [-2^61, 2^61).
 *          Low bit 0: a pointer to a GenoBig (GMP) on the GC heap. Results
 *          that fit the small range are always small, so two equal Ints are
 *          either equal words or two bignums. The narrow small range lets
 *          + and - of two small ints run as one machine add that cannot
 *          overflow; the result is then range-checked (GENO_INT_ADD).
 *   Float  C double; stored in a word by bit copy (geno_f2w / geno_w2f).
 *   Bool   0 or 1.   Unit: 0 (no storage in typed C code).
 *   other  pointers to GC-heap objects (GenoStr *, GenoList *, ...).
 *
 * Generic operations (printing, equality) take a GenoType descriptor the
 * compiler emits once per concrete type.
 *
 * ERRORS. A runtime error is raised with geno_raise(code, loc, msg); it
 * unwinds to the innermost try frame (setjmp/longjmp) or, with none, ends
 * the program: output is flushed, `file:line:col: error[CODE]: msg` goes to
 * stderr, exit status 1. `loc` is GENO_LOC(line, col) of the Geno source.
 *
 * ABI RULE (TOOLCHAIN.md): structs mixing double and integer fields are never
 * passed or returned by value between tcc and gcc code; pass pointers.
 */
#ifndef GENO_RT_H
#define GENO_RT_H

#ifdef __TINYC__
/* tcc parses this header on every `genoc run`. Including <stdint.h>,
 * <stddef.h> and <setjmp.h> opens about 25 system headers, which was 40% of
 * compiling a hello world; the few declarations needed are made here
 * instead, identical to glibc's on x86-64 (rt/run.c checks jmp_buf's size
 * against the real header's). */
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#define NULL ((void *)0)
#define INT64_MAX 0x7fffffffffffffffL
#define INT64_MIN (-INT64_MAX - 1)
#define UINT64_MAX 0xffffffffffffffffUL
#define GENO_JMP_BUF_SIZE 200
typedef struct { long words[GENO_JMP_BUF_SIZE / sizeof(long)]; } geno_jmp_buf_tag;
typedef geno_jmp_buf_tag jmp_buf[1];
extern int _setjmp(geno_jmp_buf_tag *env);
#define setjmp(env) _setjmp(env)
extern _Noreturn void longjmp(geno_jmp_buf_tag *env, int value);
#else
#include <stdint.h>
#include <stddef.h>
#include <setjmp.h>
#define GENO_JMP_BUF_SIZE 200     /* glibc x86-64; what the tcc branch above declares */
/* small Int literals are emitted as bare `long` constants (codegen/emit_expr.c) */
_Static_assert(_Generic((int64_t)0, long: 1, default: 0), "int64_t must be long (LP64)");
#endif

typedef uint64_t GenoWord;
typedef int64_t GenoInt;        /* tagged; see above */
typedef int64_t GenoLoc;        /* GENO_LOC(line, col) */

#define GENO_LOC(line, col) (((int64_t)(line) << 32) | (int64_t)(col))
#define GENO_LOC_LINE(l) ((int)((l) >> 32))
#define GENO_LOC_COL(l) ((int)((l) & 0xffffffff))

/* ---- type descriptors ---------------------------------------------------- */

typedef enum {
    GT_UNIT, GT_BOOL, GT_INT, GT_FLOAT, GT_STRING,
    GT_LIST, GT_TUPLE, GT_MAP, GT_SET, GT_ARRAY, GT_VEC, GT_MUTMAP,
    GT_ADT, GT_FUNC,
} GenoTypeKind;

typedef struct GenoType GenoType;

typedef struct {
    const char *name;               /* "Some" */
    int nfields;
    const char *const *field_names; /* nfields names */
    const GenoType *const *field_types;
} GenoVariant;

struct GenoType {
    GenoTypeKind kind;
    int nparams;                    /* element/key/value/tuple member types */
    const GenoType *const *params;
    const char *name;               /* ADT name ("Option"), for diagnostics */
    int nvariants;                  /* GT_ADT */
    const GenoVariant *variants;
};

extern const GenoType geno_t_unit, geno_t_bool, geno_t_int, geno_t_float, geno_t_string;

/* ---- program entry and configuration ------------------------------------- */

enum {
    GENO_CAP_PRINT = 1 << 0, GENO_CAP_CLOCK = 1 << 1, GENO_CAP_RANDOM = 1 << 2,
    GENO_CAP_FS = 1 << 3, GENO_CAP_HTTP = 1 << 4, GENO_CAP_REGEX = 1 << 5,
    GENO_CAP_ENV = 1 << 6, GENO_CAP_PROCESS = 1 << 7, GENO_CAP_STDIN = 1 << 8,
    GENO_CAP_SERVE = 1 << 9,
};
#define GENO_CAPS_DEFAULT (GENO_CAP_PRINT | GENO_CAP_CLOCK | GENO_CAP_RANDOM)

typedef struct {
    unsigned caps;                  /* GENO_CAP_* bits granted */
    int64_t max_recursion_depth;    /* 500 */
    int64_t max_output_length;      /* 100000 characters */
    int64_t max_collection_size;    /* 10000000 */
    int64_t max_integer_bits;       /* 33219 */
    int out_fd;                     /* where program output goes (1) */
    int err_fd;                     /* where the final diagnostic goes (2) */
    int check_examples;             /* run example clauses before main (1) */
    int run_tests;                  /* `genoc test`: run the test cases, not main */
    int64_t max_steps;              /* 1000000: function entries, loop iterations,
                                     * higher-order builtin elements (E503) */
    int64_t max_memory_bytes;       /* 268435456: caps the GC heap (E504); 0 = no cap */
    /* Process rlimits a `genoc build` binary applies to itself when given
     * (geno_standalone_main); the sandbox sets its child's own. */
    double max_cpu_time;            /* seconds; 0 = none (RLIMIT_CPU) */
    int64_t max_file_size_bytes;    /* -1 = none (RLIMIT_FSIZE) */
    int64_t max_processes;          /* 0 = none (RLIMIT_NPROC) */
    double timeout;                 /* wall-clock seconds; 0 = none (SIGALRM, E501) */
    int output_json;                /* `genoc run --json`: the output goes into a JSON
                                     * string, so lone surrogates are no error (rt/print.c) */
} GenoConfig;

/* A program's example clauses (codegen/emit_examples.c), run in order
 * before main and one by one by `genoc test`. An example of literals is
 * data, not code: a record in `text` (rt/examples.c gives the encoding)
 * naming a pair of `slots`, the function to call and its result type; tcc
 * reads one string where it would parse a C expression per literal. Any
 * other example is a C function of its own in a slot. */
typedef struct {
    const void *const *slots;
    const char *text;
    int count;
} GenoExampleSet;
void geno_run_examples(const GenoExampleSet *set);
void geno_run_example_at(const GenoExampleSet *set, int64_t offset);   /* the record there */

/* One example clause or `test` block, for `genoc test`: a function to
 * call, or (fn NULL) the example whose record starts at byte `example` of
 * the program's example text. */
typedef struct {
    const char *name;               /* the function or the test block's name */
    void (*fn)(void);
    int64_t example;
} GenoTestCase;

/* What an emitted program exports to whoever runs it. */
typedef struct {
    const char *source_path;        /* for runtime diagnostics */
    GenoWord (*main_fn)(void);      /* NULL when the program has no main */
    const GenoType *main_type;      /* main's return type */
    void (*init_fn)(void);          /* registers roots, builds constants */
    const GenoExampleSet *examples; /* example clauses (E409), or NULL */
    const GenoTestCase *tests;      /* for `genoc test` */
    int ntests;
} GenoProgram;

void geno_config_defaults(GenoConfig *cfg);
/* Parses runtime flags (--cap, --max-*) of a built binary into cfg;
 * returns 0, or prints a message and returns 2 on a bad flag. */
int geno_parse_flags(GenoConfig *cfg, int argc, char **argv);
/* Initialises the GC and runtime, runs the program, prints `=> value`,
 * flushes; returns the process exit status (0 ok, 1 runtime error). */
int geno_run(const GenoProgram *prog, const GenoConfig *cfg);
/* The runtime and GC set-up geno_run starts with; idempotent. The sandbox
 * calls it before its seccomp filter, which GC initialisation would break. */
void geno_rt_init(const GenoConfig *cfg);
/* main() of a `genoc build` binary. */
int geno_standalone_main(int argc, char **argv, const GenoProgram *prog);

/* Registers [start, end) as GC roots (emitted globals live there). */
void geno_add_roots(void *start, void *end);

/* E412 unless `cap` (a GENO_CAP_* bit) was granted; `builtin` names the
 * builtin in the message (rt/caps.c). */
void geno_require_cap(unsigned cap, const char *builtin, GenoLoc loc);

/* ---- errors -------------------------------------------------------------- */

typedef struct GenoStr GenoStr;

_Noreturn void geno_raise(const char *code, GenoLoc loc, const char *fmt, ...);
_Noreturn void geno_raise_str(const char *code, GenoLoc loc, GenoStr *msg);

/* Slow paths of inline fast paths: cc lays their calls out of line and
 * does not keep their constant arguments in callee-saved registers. */
#ifdef __TINYC__
#define GENO_COLD
#else
#define GENO_COLD __attribute__((cold))
#endif
/* Budgets (rt/limits.c), checked inline because tcc never inlines calls.
 * Emitted functions do GENO_ENTER(loc) first; lambdas and test blocks do
 * geno_depth_left++ (GENO_LEAVE) before each return, while named functions
 * leave the depth to their callers, which put it back after the call (so
 * tail calls can be jumps; docs/design.md); loop bodies start with
 * GENO_STEP(loc).
 *   steps: one per function entry, loop iteration and element a
 *          higher-order builtin calls back for; geno_steps_left counts down
 *          from max_steps and E503 fires when it goes negative.
 *   depth: GENO_DEPTH() counts active Geno calls (main is 1); E502 past
 *          max_recursion_depth, and also when the C stack pointer goes
 *          below geno_stack_limit (NULL: not yet known), so a huge
 *          --max-recursion-depth ends in E502 instead of SIGSEGV.
 * geno_depth_fast is the depth up to which neither the depth limit nor the
 * stack can be reached (the smaller of max_recursion_depth and what the
 * stack holds at 64 KiB a frame). The depth is kept as what is left below
 * it, geno_depth_left = geno_depth_fast - depth, so that GENO_ENTER is two
 * decrements and one sign test (no compare with a loaded bound); past it,
 * or when the steps run out, geno_enter_slow makes the exact checks, the
 * stack address included, on every entry. geno_depth_fast is set before a
 * run starts (geno_limits_start) and does not change during it. */
extern int64_t geno_depth_left, geno_max_depth, geno_steps_left, geno_depth_fast;
extern char *geno_stack_limit;
#define GENO_DEPTH() (geno_depth_fast - geno_depth_left)
#define GENO_SET_DEPTH(d) (geno_depth_left = geno_depth_fast - (d))
_Noreturn void geno_depth_exceeded(GenoLoc loc);
_Noreturn void geno_steps_exceeded(GenoLoc loc);
GENO_COLD void geno_enter_slow(GenoLoc loc);   /* E503 or E502, or returns */
int64_t geno_enter_keep(GenoLoc loc);          /* GENO_ENTER_KEEP under tcc: the depth entered at */
#ifdef __TINYC__   /* tcc turns __builtin_expect into a value to test again: 40% more code here */
#define GENO_UNLIKELY(c) (c)
#define GENO_LIKELY(c) (c)
#else
#define GENO_UNLIKELY(c) __builtin_expect(!!(c), 0)
#define GENO_LIKELY(c) __builtin_expect(!!(c), 1)
#endif
#ifdef __TINYC__
/* The same without the inner macro, and object-like: tcc expands one per
 * function and loop, and a function-like macro costs it a collected and
 * rescanned argument (~6,000 instructions a use). `GENO_STEP(loc);` reads
 * as `if (...) {} else geno_steps_exceeded(loc);`, whose own else keeps an
 * enclosing if-else intact as do-while (0) did. */
#define GENO_STEP if (--geno_steps_left >= 0) {} else geno_steps_exceeded
#define GENO_ENTER if ((--geno_steps_left >= 0) & (--geno_depth_left >= 0)) {} else geno_enter_slow
/* The body's entry, a call: written out it was ~30 tokens, and tcc spent
 * ~16,000 instructions on each function's (9% of compiling the generated
 * 20,000-line program), for one more call per Geno call at run time. */
#define GENO_ENTER_KEEP int64_t geno_dl_ = geno_enter_keep
#else
/* cc must not see how the counter evolves: a loop whose only effect is
 * counting steps (its Int work proved small and unchecked, emit_ranges.c)
 * would be computed away into an immediate E503, where the reference runs
 * until its time limit (tests/programs/limits/timeout). No instruction. */
#define GENO_STEP(loc) do { __asm__("" : "+m"(geno_steps_left)); \
    if (GENO_UNLIKELY(--geno_steps_left < 0)) geno_steps_exceeded(loc); } while (0)
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
/* --*v < 0 as one subq on memory and a branch on its sign flag: cc itself
 * loads, decrements, stores and tests (four instructions a counter). The
 * depth is not decremented once the steps ran out: E503 comes first.
 * A function, not a macro: cc marks an asm in the .s with the file it sits
 * in, unescaped, and a program path with a quote would break the assembly. */
#define GENO_DEC_NEG_ASM 1
static inline __attribute__((always_inline)) int geno_dec_neg(int64_t *v) {
    int neg;
    __asm__("subq $1, %0" : "+m"(*v), "=@ccs"(neg));
    return neg;
}
#define GENO_ENTER(loc) do { if (GENO_UNLIKELY(geno_dec_neg(&geno_steps_left)) \
    || GENO_UNLIKELY(geno_dec_neg(&geno_depth_left))) geno_enter_slow(loc); } while (0)
#else
#define GENO_ENTER(loc) do { \
    if (GENO_UNLIKELY((--geno_steps_left < 0) | (--geno_depth_left < 0))) geno_enter_slow(loc); } while (0)
#endif
/* GENO_ENTER at the top of a body that also declares geno_dl_, the depth
 * it entered at: callers of named functions put geno_dl_ back after each
 * call (codegen's depth_kept_call) instead of loading the depth first. */
#define GENO_ENTER_KEEP(loc) GENO_ENTER(loc); int64_t geno_dl_ = geno_depth_left
#endif
#define GENO_LEAVE() (geno_depth_left++)
/* GENO_ENTER of a body with the depth in a register (codegen/emit_regrec.c):
 * geno_d_ is its argument, what is left at the caller's depth. Past the
 * fast depth or the steps, the same body continues in its cold copy `slow`
 * (a tail call: the fast path needs no registers saved), which starts with
 * GENO_RR_SLOW: geno_enter_slow with the depth in the global (E503, E502
 * or nothing). */
#ifdef GENO_DEC_NEG_ASM
#define GENO_RR_ENTER(slow) do { if (GENO_UNLIKELY(geno_dec_neg(&geno_steps_left)) \
    || GENO_UNLIKELY(--geno_d_ < 0)) return slow; } while (0)
#else
#define GENO_RR_ENTER(slow) do { if (GENO_UNLIKELY((--geno_steps_left < 0) | (--geno_d_ < 0))) return slow; } while (0)
#endif
#define GENO_RR_SLOW(loc) (geno_depth_left = geno_d_, geno_enter_slow(loc))
#ifdef __TINYC__
#define GENO_RR_COLD
#define GENO_RR_LEAF inline
#else
#define GENO_RR_COLD __attribute__((noinline, cold))
/* fl_X: a member's leading early return, inlined into its callers */
#define GENO_RR_LEAF inline __attribute__((always_inline))
#endif
/* Between the element stores of a tuple result written to the caller's
 * buffer o_ (codegen/emit.c, emit_return_out; cc only): without it cc
 * merges o_[0] and o_[1] into one 16-byte vector store, and the caller's
 * 8-byte load of o_[1] cannot be forwarded from the upper half of that
 * store on this AMD EPYC: a store-forwarding stall on every return, on the
 * critical path of a recursion that destructures its callee's tuple
 * (tuples' egcd: 204 -> 189 ms). A compiler barrier, no instruction. */
#define GENO_OUT_FENCE() __asm__("" ::: "memory")
/* Prepaid loops (codegen/emit_prepaid.c): a loop whose body counts no
 * steps and cannot leave early runs exactly n iterations, so it takes its
 * n steps at entry when they are left (n < 0: not known) and runs without
 * GENO_STEP; otherwise the checked copy runs and E503 fires where it did.
 * geno_prepay is 0 under `genoc test`, which goes on after caught errors. */
extern int geno_prepay;
#define GENO_PREPAID(n) (GENO_LIKELY(geno_prepay && (n) >= 0 && geno_steps_left >= (n)) ? (geno_steps_left -= (n), 1) : 0)
/* Iterations of `while v >= lo` counting v down by one from hi = v (incl
 * 0: `v > lo`), or up to hi from lo = v; -1 unless both are small. */
static inline int64_t geno_trip(GenoInt hi, GenoInt lo, int64_t incl) {
    if (!(hi & lo & 1)) return -1;
    int64_t d = ((int64_t)hi >> 1) - ((int64_t)lo >> 1) + incl;   /* small: no overflow */
    return d > 0 ? d : 0;
}
/* The steps of n iterations of k steps each; -1 when n is unknown (< 0)
 * or the product would not fit (codegen/emit_prepaid_leaf.c). */
static inline int64_t geno_steps_times(int64_t n, int64_t k) {
    return n < 0 || n > INT64_MAX / k ? -1 : n * k;
}
/* Measures the C stack (raising a low RLIMIT_STACK soft limit), the address
 * space already in use and RLIMIT_AS, and installs the stack-overflow
 * backstop. It makes system calls, so the sandbox calls it before the
 * seccomp filter; geno_run calls it otherwise. Idempotent. */
void geno_limits_prepare(void);

/* ---- Int ----------------------------------------------------------------- */

#define GENO_SMALL_MAX ((int64_t)0x1fffffffffffffffLL)      /* 2^61 - 1 */
#define GENO_SMALL_MIN (-GENO_SMALL_MAX - 1)                /* -2^61 */
#define GENO_INT_IS_SMALL(a) ((a) & 1)
#define GENO_INT_SMALL(v) ((GenoInt)(((uint64_t)(int64_t)(v) << 1) | 1))  /* v in range */
#define GENO_INT_VALUE(a) ((int64_t)(a) >> 1)                              /* small only */
/* Both tagged words are small ints. cc: two tests, so a side proved small
 * (GENO_KNOWN_SMALL) folds away and only the other is tested (`a & b & 1`
 * hides that); tcc keeps the single test. */
#ifdef __TINYC__
#define GENO_BOTH_SMALL(a, b) ((a) & (b) & 1)
#else
#define GENO_BOTH_SMALL(a, b) (((a) & 1) && ((b) & 1))
#endif
/* Tagged word r (from a no-overflow machine op) is a valid small int. */
#define GENO_TAGGED_FITS(r) ((uint64_t)(r) + ((uint64_t)1 << 62) < ((uint64_t)1 << 63))

GenoInt geno_int_from_i64(int64_t v);
GenoInt geno_int_from_dec(const char *digits, GenoLoc loc);    /* literal text */
GENO_COLD GenoInt geno_int_add_slow(GenoInt a, GenoInt b, GenoLoc loc);
GENO_COLD GenoInt geno_int_sub_slow(GenoInt a, GenoInt b, GenoLoc loc);
GENO_COLD GenoInt geno_int_mul_slow(GenoInt a, GenoInt b, GenoLoc loc);
/* The same three into a's own big number, which no other value shares
 * (an owned local: rt/int_owned.c); a small a takes the ordinary path. */
GenoInt geno_int_add_owned(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_sub_owned(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_mul_owned(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_div_owned(GenoInt a, GenoInt b, GenoLoc loc);
/* The same into b's number, which no other value shares. */
GenoInt geno_int_add_owned_r(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_sub_owned_r(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_mul_owned_r(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_div(GenoInt a, GenoInt b, GenoLoc loc);        /* truncating; E400 */
GenoInt geno_int_mod(GenoInt a, GenoInt b, GenoLoc loc);        /* sign of dividend */
GenoInt geno_int_neg(GenoInt a, GenoLoc loc);
GenoInt geno_int_and(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_or(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_xor(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_not(GenoInt a, GenoLoc loc);
GenoInt geno_int_shl(GenoInt a, GenoInt b, GenoLoc loc);
GenoInt geno_int_shr(GenoInt a, GenoInt b, GenoLoc loc);
/* `a ** b` for Int operands. A negative exponent yields a Float at run time
 * (the reference's quirk: 2 ** -1 == 0.5); *is_float tells which. */
GenoWord geno_int_pow(GenoInt a, GenoInt b, int *is_float, GenoLoc loc);
GENO_COLD int geno_int_cmp_slow(GenoInt a, GenoInt b);                    /* -1, 0, 1 */
GENO_COLD int geno_int_eq_slow(GenoInt a, GenoInt b);
double geno_int_to_double(GenoInt a, GenoLoc loc);              /* error if too large */
/* Int/Float comparison is exact (9007199254740993 != 9007199254740992.0). */
int geno_int_float_cmp(GenoInt a, double b);                    /* -1,0,1; 2 if b is NaN */
GenoStr *geno_int_to_str(GenoInt a);

/* A fast-path result is a small int: telling cc so (the tag bit is set)
 * lets it drop the tag tests of the operations that use it. */
#ifdef __TINYC__
#define GENO_KNOWN_SMALL   /* object-like: tcc then parses `(r)` once, collecting no argument */
#else
#define GENO_KNOWN_SMALL(r) ({ GenoInt _k = (r); if (!(_k & 1)) __builtin_unreachable(); _k; })
#endif
#ifndef __TINYC__
/* The _VIA forms take the call for the cases the inline test does not
 * cover (codegen/emit_expr.c: the _INTO forms below). */
#define GENO_INT_ADD_VIA(a, b, loc, slow) ({ GenoInt _a = (a), _b = (b), _r; \
    (GENO_BOTH_SMALL(_a, _b) && (_r = _a + (_b - 1), GENO_TAGGED_FITS(_r))) ? GENO_KNOWN_SMALL(_r) : slow(_a, _b, loc); })
#define GENO_INT_SUB_VIA(a, b, loc, slow) ({ GenoInt _a = (a), _b = (b), _r; \
    (GENO_BOTH_SMALL(_a, _b) && (_r = _a - (_b - 1), GENO_TAGGED_FITS(_r))) ? GENO_KNOWN_SMALL(_r) : slow(_a, _b, loc); })
#define GENO_INT_ADD(a, b, loc) GENO_INT_ADD_VIA(a, b, loc, geno_int_add_slow)
#define GENO_INT_SUB(a, b, loc) GENO_INT_SUB_VIA(a, b, loc, geno_int_sub_slow)
/* cc: fast when both operands fit in 30 bits (the product
 * then fits without a range check, and cc hoists the operand checks out of
 * loops); cc then tries its overflow builtin on the tagged product v_a * 2v_b
 * before the runtime call. */
#define GENO_MUL30(v) ((uint64_t)((v) + 0x40000000LL) < 0x80000000ULL)
#define GENO_INT_MUL_VIA(a, b, loc, slow) ({ GenoInt _a = (a), _b = (b); int64_t _x = _a >> 1, _y = _b >> 1, _p; \
    ((_a & _b & 1) && GENO_MUL30(_x) && GENO_MUL30(_y)) ? GENO_KNOWN_SMALL(GENO_INT_SMALL(_x * _y)) \
    : ((_a & _b & 1) && !__builtin_mul_overflow(_x, _b - 1, &_p) && GENO_TAGGED_FITS((uint64_t)_p | 1)) \
        ? GENO_KNOWN_SMALL((GenoInt)((uint64_t)_p | 1)) : slow(_a, _b, loc); })
#define GENO_INT_MUL(a, b, loc) GENO_INT_MUL_VIA(a, b, loc, geno_int_mul_slow)
/* An operand that is a fresh result of arithmetic (a number nothing else
 * holds) receives the result: into the left one, or with _R the right. */
#define GENO_INT_ADD_INTO(a, b, loc) GENO_INT_ADD_VIA(a, b, loc, geno_int_add_owned)
#define GENO_INT_SUB_INTO(a, b, loc) GENO_INT_SUB_VIA(a, b, loc, geno_int_sub_owned)
#define GENO_INT_MUL_INTO(a, b, loc) GENO_INT_MUL_VIA(a, b, loc, geno_int_mul_owned)
#define GENO_INT_ADD_INTO_R(a, b, loc) GENO_INT_ADD_VIA(a, b, loc, geno_int_add_owned_r)
#define GENO_INT_SUB_INTO_R(a, b, loc) GENO_INT_SUB_VIA(a, b, loc, geno_int_sub_owned_r)
#define GENO_INT_MUL_INTO_R(a, b, loc) GENO_INT_MUL_VIA(a, b, loc, geno_int_mul_owned_r)
#else
/* Under tcc the arithmetic is a plain call (the runtime function takes the
 * small fast path itself) through an object-like macro: tcc spent ~60k
 * instructions expanding one inline GENO_INT_ADD and rescans every nested
 * argument again at each level (a+b+c+d...), about half of compiling a
 * large program, while the calls cost a program under the step limit a
 * few percent (callgrind: loop_sum, fib_rec, collatz, matrix_mult). */
#define GENO_INT_ADD geno_int_add_slow
#define GENO_INT_SUB geno_int_sub_slow
#define GENO_INT_MUL geno_int_mul_slow
#define GENO_INT_ADD_INTO geno_int_add_owned
#define GENO_INT_SUB_INTO geno_int_sub_owned
#define GENO_INT_MUL_INTO geno_int_mul_owned
#define GENO_INT_ADD_INTO_R geno_int_add_owned_r
#define GENO_INT_SUB_INTO_R geno_int_sub_owned_r
#define GENO_INT_MUL_INTO_R geno_int_mul_owned_r
#endif
/* Comparisons: 0 or 1. Under tcc, like the arithmetic above, calls through
 * object-like macros: an inline statement expression cost tcc ~28,000
 * instructions each (callgrind, generated 20,000-line program). */
int64_t geno_int_lt(GenoInt a, GenoInt b);
int64_t geno_int_le(GenoInt a, GenoInt b);
int64_t geno_int_gt(GenoInt a, GenoInt b);
int64_t geno_int_ge(GenoInt a, GenoInt b);
int64_t geno_int_eq(GenoInt a, GenoInt b);
#ifndef __TINYC__
/* A big Int is never in the small range (see VALUES above), so a big
 * compared with a small is ordered by its sign alone: the _mp_size of the
 * GenoBig's mpz_t (rt/int.h; rt/int.c asserts the offset), negative for a
 * negative number and never 0. Against a small literal (`q.x < 0`) cc folds
 * the slow path into that one load: no call, so field reads before and after
 * the comparison stay shared (records_with: -13 instructions a step). Two
 * bigs still go to geno_int_cmp_slow. */
#define GENO_BIG_NEG(a) (((const int32_t *)(uintptr_t)(a))[1] < 0)
static inline int geno_int_cmp_mixed(GenoInt a, GenoInt b) {
    if (b & 1) return GENO_BIG_NEG(a) ? -1 : 1;
    if (a & 1) return GENO_BIG_NEG(b) ? 1 : -1;
    return geno_int_cmp_slow(a, b);
}
/* Only where cc knows one side's tag (a literal, a proved-small value): two
 * unknown sides keep the single cold call (tak: +8% instructions inline). */
#define GENO_INT_CMP_NOT_SMALL(a, b) \
    ((__builtin_constant_p((a) & 1) || __builtin_constant_p((b) & 1)) ? geno_int_cmp_mixed(a, b) : geno_int_cmp_slow(a, b))
#define GENO_INT_LT(a, b) ({ GenoInt _a = (a), _b = (b); GENO_LIKELY(GENO_BOTH_SMALL(_a, _b)) ? _a < _b : GENO_INT_CMP_NOT_SMALL(_a, _b) < 0; })
#define GENO_INT_LE(a, b) ({ GenoInt _a = (a), _b = (b); GENO_LIKELY(GENO_BOTH_SMALL(_a, _b)) ? _a <= _b : GENO_INT_CMP_NOT_SMALL(_a, _b) <= 0; })
#define GENO_INT_GT(a, b) ({ GenoInt _a = (a), _b = (b); GENO_LIKELY(GENO_BOTH_SMALL(_a, _b)) ? _a > _b : GENO_INT_CMP_NOT_SMALL(_a, _b) > 0; })
#define GENO_INT_GE(a, b) ({ GenoInt _a = (a), _b = (b); GENO_LIKELY(GENO_BOTH_SMALL(_a, _b)) ? _a >= _b : GENO_INT_CMP_NOT_SMALL(_a, _b) >= 0; })
#define GENO_INT_EQ(a, b) ({ GenoInt _a = (a), _b = (b); (_a == _b) || (!((_a | _b) & 1) && geno_int_eq_slow(_a, _b)); })
#else
#define GENO_INT_LT geno_int_lt
#define GENO_INT_LE geno_int_le
#define GENO_INT_GT geno_int_gt
#define GENO_INT_GE geno_int_ge
#define GENO_INT_EQ geno_int_eq
#endif
#ifndef __TINYC__
/* Truncating / and % inline when both are small and b is not 0 or -1 (so
 * the quotient cannot leave the small range); the rest, errors included,
 * go to geno_int_div / geno_int_mod. GENO_BOTH_SMALL: a side proved small
 * drops its tag test (egcd's `a % b`: 4 instructions a call). */
#define GENO_INT_DIV_VIA(a, b, loc, slow) ({ GenoInt _a = (a), _b = (b); \
    ((GENO_BOTH_SMALL(_a, _b) && (uint64_t)(_b + 1) > 2u)) ? GENO_KNOWN_SMALL(GENO_INT_SMALL(GENO_INT_VALUE(_a) / GENO_INT_VALUE(_b))) : slow(_a, _b, loc); })
#define GENO_INT_DIV(a, b, loc) GENO_INT_DIV_VIA(a, b, loc, geno_int_div)
#define GENO_INT_DIV_INTO(a, b, loc) GENO_INT_DIV_VIA(a, b, loc, geno_int_div_owned)
#define GENO_INT_MOD(a, b, loc) ({ GenoInt _a = (a), _b = (b); \
    ((GENO_BOTH_SMALL(_a, _b) && (uint64_t)(_b + 1) > 2u)) ? GENO_KNOWN_SMALL(GENO_INT_SMALL(GENO_INT_VALUE(_a) % GENO_INT_VALUE(_b))) : geno_int_mod(_a, _b, loc); })
#else
#define GENO_INT_DIV geno_int_div
#define GENO_INT_DIV_INTO geno_int_div_owned
#define GENO_INT_MOD geno_int_mod
#endif
/* codegen/emit_parity.c: x % L == 0 for L = 2^k (lit: L tagged, mask:
 * 2L - 2, the low k bits of a small x's tagged word); a big x as before. */
#ifndef __TINYC__
#define GENO_INT_MOD_P2_ZERO(a, lit, mask, loc) ({ GenoInt _pa = (a); \
    GENO_LIKELY(_pa & 1) ? !(_pa & (mask)) : geno_int_mod(_pa, lit, loc) == 1; })
#else
#define GENO_INT_MOD_P2_ZERO(a, lit, mask, loc) (geno_int_mod(a, lit, loc) == 1)
#endif
/* codegen/emit_intmod.c: `(x * A + C) % M` of small Ints computed exactly in
 * 128 bits (its `fused` form), under cc; tcc has no __int128 and keeps the
 * `ordinary` chain (the argument it drops is never parsed). m is not 0 or -1,
 * and |result| < |m| <= 2^61 is small. */
#if defined(__SIZEOF_INT128__) && !defined(__TINYC__)
#define GENO_I128_OR(fused, ordinary) (fused)
static inline int64_t geno_mod128(__int128 t, int64_t m) {
    return t == (int64_t)t ? (int64_t)t % m : (int64_t)(t % m);
}
#else
#define GENO_I128_OR(fused, ordinary) (ordinary)
#endif
/* codegen/emit_fusedint.c: the test of a fused + - * tree's word path and
 * its overflow tests; tcc (no overflow builtins) never takes it and parses
 * none of it. */
#ifdef __TINYC__
#define GENO_CC_ONLY(c) 0
#else
#define GENO_CC_ONLY(c) (c)
#define GENO_ADD_OVF(a, b, r) __builtin_add_overflow(a, b, r)
#define GENO_SUB_OVF(a, b, r) __builtin_sub_overflow(a, b, r)
#define GENO_MUL_OVF(a, b, r) __builtin_mul_overflow(a, b, r)
#endif
/* -a: only -(-2^61) leaves the small range. */
#ifndef __TINYC__
#define GENO_INT_NEG(a, loc) ({ GenoInt _a = (a); \
    ((_a & 1) && _a != GENO_INT_SMALL(GENO_SMALL_MIN)) ? GENO_KNOWN_SMALL((GenoInt)(2 - (uint64_t)_a)) : geno_int_neg(_a, loc); })
#else
#define GENO_INT_NEG geno_int_neg
#endif
/* Bitwise operators on two small ints: (2x+1) & (2y+1) = 2(x&y)+1, the same
 * for |, and ^ only clears the tag bit, so the result is small unchecked.
 * `a >> n` for 0 <= n < 64: ((2v+1) >> n) | 1 = 2(v >> n)+1 (floor, as the
 * reference), unless n is above geno_max_int_bits (max_integer_bits). `a << n`
 * for n < 62 when the shifted tagged word round-trips and fits, and only
 * while max_integer_bits >= 62 (a smaller limit holds small results too).
 * Every other case goes to the runtime, which raises the reference's errors. */
extern int64_t geno_max_int_bits;
#ifndef __TINYC__
#define GENO_INT_AND(a, b, loc) ({ GenoInt _a = (a), _b = (b); \
    (_a & _b & 1) ? GENO_KNOWN_SMALL(_a & _b) : geno_int_and(_a, _b, loc); })
#define GENO_INT_OR(a, b, loc) ({ GenoInt _a = (a), _b = (b); \
    (_a & _b & 1) ? GENO_KNOWN_SMALL(_a | _b) : geno_int_or(_a, _b, loc); })
#define GENO_INT_XOR(a, b, loc) ({ GenoInt _a = (a), _b = (b); \
    (_a & _b & 1) ? GENO_KNOWN_SMALL((_a ^ _b) | 1) : geno_int_xor(_a, _b, loc); })
#define GENO_INT_SHR(a, b, loc) ({ GenoInt _a = (a), _b = (b); \
    ((_a & _b & 1) && (uint64_t)_b < 128u && GENO_INT_VALUE(_b) <= geno_max_int_bits) \
        ? GENO_KNOWN_SMALL((_a >> GENO_INT_VALUE(_b)) | 1) : geno_int_shr(_a, _b, loc); })
#define GENO_INT_SHL(a, b, loc) ({ GenoInt _a = (a), _b = (b); int64_t _sn = GENO_INT_VALUE(_b); uint64_t _st; \
    ((_a & _b & 1) && (uint64_t)_b < 124u && geno_max_int_bits >= 62 \
     && (_st = (uint64_t)(_a - 1) << _sn, ((int64_t)_st >> _sn) == _a - 1) && GENO_TAGGED_FITS(_st | 1)) \
        ? GENO_KNOWN_SMALL((GenoInt)(_st | 1)) : geno_int_shl(_a, _b, loc); })
#else
#define GENO_INT_AND geno_int_and
#define GENO_INT_OR geno_int_or
#define GENO_INT_XOR geno_int_xor
#define GENO_INT_SHR geno_int_shr
#define GENO_INT_SHL geno_int_shl
#endif
/* Int -> Float: a small int (|v| < 2^61) always converts. */
#ifndef __TINYC__
#define GENO_INT_TO_DOUBLE(a, loc) ({ GenoInt _a = (a); (_a & 1) ? (double)GENO_INT_VALUE(_a) : geno_int_to_double(_a, loc); })
#else
#define GENO_INT_TO_DOUBLE geno_int_to_double
#endif
/* `for x in range(start, stop, step)` runs as a counted loop: this is how
 * many elements geno_list_range would make, with its errors (E499 for a
 * zero step or a list over max_collection_size). */
int64_t geno_range_count(GenoInt start, GenoInt stop, GenoInt step, GenoLoc loc);
/* The same count, inline for small bounds and step 1 (geno_max_collection
 * is max_collection_size, set by rt/limits.c for each run). */
extern int64_t geno_max_collection;
#ifndef __TINYC__
#define GENO_RANGE_COUNT(s, e, p, loc) ({ GenoInt _rs = (s), _re = (e), _rp = (p); \
    int64_t _n = ((_rs & _re & 1) && _rp == GENO_INT_SMALL(1)) ? (_re > _rs ? (_re - _rs) >> 1 : 0) : -1; \
    (_n >= 0 && _n <= geno_max_collection) ? _n : geno_range_count(_rs, _re, _rp, loc); })
#else
#define GENO_RANGE_COUNT geno_range_count
#endif

/* ---- Float --------------------------------------------------------------- */

static inline GenoWord geno_f2w(double d) { union { double d; GenoWord w; } u; u.d = d; return u.w; }
static inline double geno_w2f(GenoWord w) { union { double d; GenoWord w; } u; u.w = w; return u.d; }

double geno_float_div(double a, double b, GenoLoc loc);   /* E400 on zero */
/* a / b inline unless b is zero (NaN divisors divide inline as C does). */
/* sqrt: the machine instruction under cc; the call (E499 on a negative)
 * otherwise. geno_float_sqrt is declared with the builtins below. */
#ifdef __TINYC__
#define GENO_FLOAT_SQRT geno_float_sqrt
#else
#define GENO_FLOAT_SQRT(x, loc) ({ double _fx = (x); _fx >= 0 ? __builtin_sqrt(_fx) : geno_float_sqrt(_fx, loc); })
#endif
#ifndef __TINYC__
#define GENO_FLOAT_DIV(a, b, loc) ({ double _fa = (a), _fb = (b); _fb != 0 ? _fa / _fb : geno_float_div(_fa, _fb, loc); })
#else
#define GENO_FLOAT_DIV geno_float_div
#endif
double geno_float_mod(double a, double b, GenoLoc loc);   /* fmod; E400 on zero */
double geno_float_pow(double a, double b, GenoLoc loc);   /* errors as the reference */
GenoStr *geno_float_to_str(double d);                     /* Python repr form */

/* ---- String -------------------------------------------------------------- */

/* Immutable UTF-8. `len` bytes, `cplen` code points, `ascii` when
 * len == cplen (O(1) indexing). Most strings keep their bytes right after
 * the header (data == (char *)(s + 1)) and are NUL-terminated. A string
 * made by `+` may instead point into a shared growable store (rt/str.c) that
 * later concatenations append to; its bytes are not NUL-terminated. So read
 * exactly len bytes. */
struct GenoStr {
    int64_t len;
    int64_t cplen;
    char *data;
};

/* A string with its bytes inline: `static GENO_STR_STATIC(n) x = {...}`. */
#define GENO_STR_STATIC(n) struct { int64_t len, cplen; char *data; char b_[n]; }
/* A string literal: emitted as a static object outside the GC heap. */
#define GENO_STR_LIT(name, n, cp, bytes) \
    static GENO_STR_STATIC((n) + 1) name = { (n), (cp), name.b_, bytes }

/* The one-character ASCII strings, static: to_chars, indexing and
 * from_char_code return these instead of allocating. */
typedef struct { int64_t len, cplen; char *data; char b_[2]; } GenoAsciiChar;
extern GenoAsciiChar geno_ascii_chars[128];
#define GENO_ASCII_CHAR(c) ((GenoStr *)(void *)&geno_ascii_chars[(c)])
/* s's byte offset into that table: below sizeof geno_ascii_chars exactly
 * for those strings (code = offset / sizeof(GenoAsciiChar)). Found from the
 * address alone, so cc folds it away for a GENO_ASCII_CHAR(c) it can see. */
#define GENO_ASCII_OFF(s) ((uintptr_t)(s) - (uintptr_t)geno_ascii_chars)

GenoStr *geno_str_new(const char *bytes, int64_t len);   /* validates nothing: UTF-8 in */
GenoStr *geno_str_concat(GenoStr *a, GenoStr *b, GenoLoc loc);
/* The growable bytes behind long `+` results (rt/str.c). */
typedef struct { int64_t used, cap; char bytes[]; } GenoStrStore;
/* `s = s + x` on an owned String local (codegen/emit_strcat.c): the first
 * makes a fresh header over a store, the second grows one in place. */
GenoStr *geno_str_concat_owned(GenoStr *a, GenoStr *b, GenoLoc loc);
void geno_str_append_owned(GenoStr *s, GenoStr *b, GenoLoc loc);
/* One ASCII character (the static table) appended inline while there is
 * room and the size limit is not reached; otherwise the call raises or grows. */
#define GENO_STR_APPEND_OWNED(s, b, loc) do { GenoStr *_as = (s), *_ab = (b); \
    GenoStrStore *_ast = (GenoStrStore *)(void *)(_as->data - sizeof(GenoStrStore)); \
    uintptr_t _ao = GENO_ASCII_OFF(_ab); \
    if (_ao < sizeof geno_ascii_chars && _as->len < _ast->cap && _ast->used == _as->len && \
        _as->cplen < geno_max_collection) { \
        _ast->bytes[_as->len] = (char)(_ao / sizeof(GenoAsciiChar)); \
        _ast->used = ++_as->len; _as->cplen++; \
    } else geno_str_append_owned(_as, _ab, loc); } while (0)
int geno_str_eq(GenoStr *a, GenoStr *b);
/* ==: the same object, or equal lengths and bytes; one-byte strings inline.
 * Two different characters of geno_ascii_chars differ without a load (the
 * table is 4096 bytes, so both offsets are below its size exactly when
 * their OR is: rt/strlib.c checks the size). */
#define GENO_STR_EQ(a, b) ({ GenoStr *_ea = (a), *_eb = (b); _ea == _eb || \
    ((GENO_ASCII_OFF(_ea) | GENO_ASCII_OFF(_eb)) >= sizeof geno_ascii_chars && _ea->len == _eb->len && \
    (_ea->len == 1 ? _ea->data[0] == _eb->data[0] : geno_str_eq(_ea, _eb))); })
int geno_str_cmp(GenoStr *a, GenoStr *b);               /* code-point order */
GenoStr *geno_str_index(GenoStr *s, GenoInt i, GenoLoc loc);   /* one code point; E401 */
GenoInt geno_str_length(GenoStr *s);

/* f-strings: a builder on the GC heap, or (geno_buf_on_stack) one that
 * starts in GENO_FBUF_WORDS words of the caller's frame. */
typedef struct GenoBuf GenoBuf;
GenoBuf *geno_buf_new(void);
#define GENO_FBUF_WORDS 16
GenoBuf *geno_buf_on_stack(GenoWord *space, int64_t bytes);
void geno_buf_add_str(GenoBuf *b, GenoStr *s);
void geno_buf_add_value(GenoBuf *b, GenoWord v, const GenoType *t);  /* to_string form */
void geno_buf_add_int(GenoBuf *b, GenoInt v);                       /* the same for an Int */
GenoStr *geno_buf_finish(GenoBuf *b, GenoLoc loc);
/* geno_buf_finish's check, then *view set to a header over b's bytes. */
GenoStr *geno_buf_view(GenoBuf *b, GenoStr *view, GenoLoc loc);

/* A local `var parts: List[String] = []` that is only ever appended to
 * (`parts = append(parts, s)`) and read by `join(parts, "literal")` is built
 * as the joined bytes directly (codegen/emit_strbuild.c): no list, no join
 * pass. It raises what the list and join would: append's "List size exceeds
 * limit" at the append, join's size error at the join. Bytes stop being
 * kept once the text is past max_collection_size (join must fail then), so
 * the buffer stays within what join could return. */
typedef struct GenoJoinAcc {
    char *data;          /* the bytes, after room for a string header (str.c) */
    int64_t len;         /* bytes kept */
    int64_t room;        /* GENO_JOIN_ADD may store one byte while len < room */
    int64_t n;           /* parts appended, and */
    int64_t cplen;       /* code points of the joined text, both as of */
    int64_t synced;      /* len then: each byte since is one more part and code point */
    int64_t cap, given;  /* storage; given: the bytes belong to a joined string */
    GenoStr *sep, *first;
} GenoJoinAcc;
GenoJoinAcc *geno_join_acc_new(GenoStr *sep);
void geno_join_acc_add(GenoJoinAcc *a, GenoStr *s, GenoLoc loc);
/* join(parts, sep) of what was added; fname names the builtin in errors. */
GenoStr *geno_join_acc_join(GenoJoinAcc *a, const char *fname, GenoLoc loc);
/* Parts from geno_ascii_chars inline: room is 0 unless sep is empty, and
 * no more than the storage and both limits leave for one-byte parts. */
#define GENO_JOIN_ADD(a, s, loc) do { GenoJoinAcc *_ja = (a); GenoStr *_js = (s); \
    uintptr_t _jo = GENO_ASCII_OFF(_js); \
    if (_jo < sizeof geno_ascii_chars && _ja->len < _ja->room) \
        _ja->data[_ja->len++] = (char)(_jo / sizeof(GenoAsciiChar)); \
    else geno_join_acc_add(_ja, _js, loc); } while (0)
/* The same in a loop with `left` iterations to go (this one included):
 * when the storage runs out, room for a byte per iteration left. */
void geno_join_acc_add_sized(GenoJoinAcc *a, GenoStr *s, int64_t left, GenoLoc loc);
#define GENO_JOIN_ADD_SIZED(a, s, left, loc) do { GenoJoinAcc *_ja = (a); GenoStr *_js = (s); \
    uintptr_t _jo = GENO_ASCII_OFF(_js); \
    if (_jo < sizeof geno_ascii_chars && _ja->len < _ja->room) \
        _ja->data[_ja->len++] = (char)(_jo / sizeof(GenoAsciiChar)); \
    else geno_join_acc_add_sized(_ja, _js, (left), loc); } while (0)

/* ---- List (immutable) ---------------------------------------------------- */

/* A persistent vector (rt/list.c explains it). The header, leaf and node
 * layouts are public only so that emitted code can read the length and
 * elements (the last leaf, `tail`, holds physical indices from
 * (off + len - 1) & ~31 on; the trie the rest) inline; everything else
 * goes through the functions. */
typedef struct GenoListLeaf {
    int32_t filled, cap, front;
    int32_t flat;               /* no element is a pointer; only odd words go in (rt/list.c) */
    GenoWord items[];
} GenoListLeaf;
typedef struct GenoList {
    struct GenoListNode *root;  /* the trie before the tail */
    GenoListLeaf *tail;
    int64_t len;                /* elements */
    int64_t off;                /* physical index of element 0: last, see rt/list.c */
} GenoList;
/* A trie node, public so that emitted code walks the trie inline. As a
 * root it also records the trie's height and a bound on its size (shared
 * by every version with this root, so a header stays at 32 bytes:
 * `xs = append(xs, x)` allocates one header per step). */
typedef struct GenoListNode {
    int64_t shift;              /* as a root: level of its children (5 = leaves) */
    int64_t span;               /* as a root: physical elements its versions may hold (a max) */
    void *slot[32];
    int64_t edit;               /* 0, or the owner that copied it (geno_list_set_owned) */
    uint32_t own;               /* with edit: the leaf children that owner copied */
} GenoListNode;
/* The trie leaf holding physical index p (p below the tail). */
static inline GenoListLeaf *geno_list_leaf_at(const GenoList *l, int64_t p) {
    GenoListNode *n = l->root;
    for (int64_t s = n->shift; s > 5; s -= 5) n = (GenoListNode *)n->slot[(p >> s) & 31];
    return (GenoListLeaf *)n->slot[(p >> 5) & 31];
}

GenoList *geno_list_of(int64_t n, const GenoWord *items, GenoLoc loc);   /* copies */
GenoList *geno_list_empty(void);
int64_t geno_list_len(GenoList *l);
#ifndef __TINYC__
#define GENO_LIST_LEN(l) ((l)->len)
#else
#define GENO_LIST_LEN geno_list_len   /* a call: less work for tcc than a function-like macro */
#endif
GenoWord geno_list_get(GenoList *l, int64_t i);                 /* 0 <= i < len, unchecked */
/* geno_list_get inline. */
#define GENO_LIST_GET(l, i) ({ GenoList *_gl = (l); int64_t _gx = (i), _gp = _gl->off + _gx; \
    (_gp >= ((_gl->off + _gl->len - 1) & ~(int64_t)31) ? _gl->tail : geno_list_leaf_at(_gl, _gp))->items[_gp & 31]; })
GenoWord geno_list_index(GenoList *l, GenoInt i, GenoLoc loc);  /* negative ok; E401 */
/* l[i]: inline for a small i in [0, len) whose element is in the tail, one
 * call (geno_list_get) when it is in the trie. (Walking the trie inline
 * here, as GENO_LIST_GET does, cut merge_sort's instructions by 6.5% but
 * raised its peak RSS 31.6 -> 40.4 MB, a GC retention not understood yet.)
 * Negative, big and out of range indexes take geno_list_index (E401). */
#define GENO_LIST_INDEX(l, i, loc) ({ GenoList *_gl = (l); GenoInt _gi = (i); \
    int64_t _gx = GENO_INT_VALUE(_gi), _gp = _gl->off + _gx; \
    ((_gi & 1) && (uint64_t)_gx < (uint64_t)_gl->len) \
        ? (_gp >= ((_gl->off + _gl->len - 1) & ~(int64_t)31) ? _gl->tail->items[_gp & 31] : geno_list_get(_gl, _gx)) \
        : geno_list_index(_gl, _gi, loc); })
/* l[i] of a list variable that never changes (codegen/emit_windows.c) with
 * a window of its own: the kn indexes from ks, whose elements start at kc
 * (at first kn = 0). An i in the window is in [0, len): no other check;
 * anything else takes geno_list_window, which refills the window with i's
 * leaf (the part of it in the list) or raises E401 as geno_list_index. */
GenoWord geno_list_window(GenoList *l, GenoInt i, const GenoWord **c, int64_t *s, int64_t *n, GenoLoc loc);
#define GENO_LIST_AT(l, i, kc, ks, kn, loc) ({ GenoInt _ai = (i); \
    uint64_t _ad = (uint64_t)GENO_INT_VALUE(_ai) - (uint64_t)(ks); \
    ((_ai & 1) && _ad < (uint64_t)(kn)) ? (kc)[_ad] \
        : ({ const GenoWord *_ac; int64_t _as, _an; \
             GenoWord _av = geno_list_window((l), _ai, &_ac, &_as, &_an, loc); \
             (kc) = _ac; (ks) = _as; (kn) = _an; _av; }); })
GenoList *geno_list_append(GenoList *l, GenoWord v, GenoLoc loc);   /* always a new header */
/* geno_list_append with a capacity hint: `more` elements are expected in all. */
GenoList *geno_list_append_sized(GenoList *l, GenoWord v, int64_t more, GenoLoc loc);
/* append that may grow l's header in place and return l: only for a header
 * nothing else refers to (codegen's owned lists, made by geno_list_append,
 * so never empty). */
GenoList *geno_list_push(GenoList *l, GenoWord v, GenoLoc loc);
/* geno_list_push (of a non-empty owned list: _pt == 0 is a full tail),
 * inline while the tail leaf has a free slot that no other
 * version has written (cnt & 31 is then the tail's length), takes v (a flat
 * leaf takes odd words only) and the list is under max_collection_size
 * (geno_max_collection, with GENO_RANGE_COUNT). */
#define GENO_LIST_PUSH(l, v, loc) ({ GenoList *_pl = (l); GenoWord _pv = (v); \
    int64_t _pt = (_pl->off + _pl->len) & 31; GenoListLeaf *_pf = _pl->tail; \
    (_pt != 0 && _pf->filled == _pt && _pt < _pf->cap && ((_pv & 1) || !_pf->flat) \
     && _pl->len < geno_max_collection) \
        ? (_pf->items[_pt] = _pv, _pf->filled = (int32_t)_pt + 1, _pl->len++, _pl) : geno_list_push(_pl, _pv, loc); })
GenoList *geno_list_range(GenoInt start, GenoInt stop, GenoInt step, GenoLoc loc);

/* ---- generic operations on any value, driven by its type ------------------- */

GenoStr *geno_to_string(GenoWord v, const GenoType *t);     /* raw for a String */
GenoStr *geno_repr(GenoWord v, const GenoType *t);          /* canonical, quoted */
int geno_equal(GenoWord a, GenoWord b, const GenoType *t);

/* ---- builtins of the spine ------------------------------------------------- */

void geno_print(GenoWord v, const GenoType *t, GenoLoc loc);   /* cap print; E412 */
void geno_print_str(GenoStr *s, GenoLoc loc);
GenoInt geno_length(GenoWord v, const GenoType *t);             /* String, List, ... */

/* List and numeric builtins (rt/builtins_core.c), with the reference's
 * error messages. */
GenoWord geno_list_head(GenoList *l, GenoLoc loc);              /* `head of empty list` */
GenoList *geno_list_tail(GenoList *l, GenoLoc loc);             /* `tail of empty list` */
GenoList *geno_list_concat(GenoList *a, GenoList *b, GenoLoc loc);
/* concat([items...], b) without building the short list (n >= 1). */
GenoList *geno_list_prepend(int64_t n, const GenoWord *items, GenoList *b, GenoLoc loc);
/* l[from, from + n) for 0 <= from, 0 <= n, from + n <= len: the rest of a
 * [a, b, ...rest] pattern. */
GenoList *geno_list_view(GenoList *l, int64_t from, int64_t n);
GenoList *geno_list_reverse(GenoList *l);
GenoInt geno_int_abs(GenoInt a, GenoLoc loc);
double geno_float_abs(double d);
double geno_float_sqrt(double d, GenoLoc loc);                  /* `sqrt of negative number` */
GenoInt geno_float_to_int(double d, GenoLoc loc);               /* truncates; |d| < 2^53 */
/* float_to_int inline when |d| < 2^53 (then |trunc(d)| <= 2^53 - 1 and C's
 * conversion truncates too); NaN, infinities and the rest take the call. */
#ifndef __TINYC__
#define GENO_FLOAT_TO_INT(d, loc) ({ double _fd = (d); \
    (_fd > -9007199254740992.0 && _fd < 9007199254740992.0) ? GENO_INT_SMALL((int64_t)_fd) : geno_float_to_int(_fd, loc); })
#else
#define GENO_FLOAT_TO_INT geno_float_to_int
#endif
GenoInt geno_float_floor(double d, GenoLoc loc);
GenoInt geno_float_ceil(double d, GenoLoc loc);
GenoInt geno_float_round(double d, GenoLoc loc);                /* floor(x + 0.5) rule */
int geno_list_contains(GenoList *l, GenoWord v, const GenoType *elem);
GenoInt geno_int_divide(GenoInt a, GenoInt b, GenoLoc loc);     /* divide(): `Division by zero` */
double geno_float_divide(double a, double b, GenoLoc loc);
/* == between values of two types that differ only in Int vs Float
 * somewhere inside (`[1, 2] == [1.0, 2.0]` is true). */
int geno_equal2(GenoWord a, const GenoType *ta, GenoWord b, const GenoType *tb);

/* ==== additions by the runtime (appended; nothing above was changed) ===== */

/* ---- object layouts the emitted code builds directly -------------------- */

/* A tuple value: a GenoTuple * pointing at a GC object (geno_alloc) of
 * t->nparams words, member i (type t->params[i]) in word i. (A plain word
 * array: C has no struct made only of a flexible array member.) */
typedef GenoWord GenoTuple;

/* A constructor (ADT) value: a GC object whose `tag` indexes t->variants and
 * whose fields follow in declaration order (variants[tag].nfields words).
 * Nullary constructors may be static singletons outside the GC heap. */
typedef struct { int64_t tag; GenoWord fields[]; } GenoAdt;

/* A closure: code pointer first, then the captured words. `fn` follows the
 * uniform word ABI (GenoFn1, GENO_CALL1, ... below): fn(closure, args as
 * GenoWords) -> GenoWord. Printed as `<function anonymous>`. */
typedef struct { void *fn; GenoWord env[]; } GenoClosure;

/* GC allocation; a failed allocation raises E504 "Memory limit exceeded".
 * geno_alloc memory is scanned for pointers; geno_alloc_atomic is not (for
 * bytes and numbers only). Both return zeroed memory.
 *
 * Small scanned objects come from free lists the runtime keeps per size
 * (rt/gc.c): geno_free_lists[g] chains free objects of g 16-byte granules
 * through their first word, refilled in bulk from Boehm. Popping one inline
 * skips Boehm's per-call locking and thread-local lookup. The objects are
 * of a kind without Boehm's extra end byte (rt/gc.c): exactly their
 * granules, so no pointer may be kept only one past an object's end. The
 * program is single threaded; the lists are GC roots (runtime globals), which keeps the
 * chained objects alive until handed out. */
#define GENO_FREE_LIST_GRANULES 32      /* objects up to 511 bytes */
extern void *geno_free_lists[GENO_FREE_LIST_GRANULES + 1];
void *geno_alloc_refill(size_t granules);      /* pops after a bulk refill */
void *geno_alloc_large(size_t size);
/* Pops an object of g 16-byte granules (size bytes asked for). */
static inline void *geno_alloc_granules(size_t g, size_t size) {
    if (g > GENO_FREE_LIST_GRANULES) return geno_alloc_large(size);
    void **p = (void **)geno_free_lists[g];
    if (!p) return geno_alloc_refill(g);
    geno_free_lists[g] = *p;
    *p = 0;
    return p;
}
static inline void *geno_alloc(size_t size) { return geno_alloc_granules(size ? (size + 15) >> 4 : 1, size); }
/* l without its first `from` elements (0 <= from <= len): the `...t` of a
 * `[a, b, ...t]` pattern. Inline for the common case, a view whose end
 * stays in l's tail (rt/list.c sub(): same header, no root update needed
 * since the root's shift and span are l's own); geno_list_view otherwise
 * (empty, whole, or a copy when the view would pin much more). */
static inline GenoList *geno_list_rest(GenoList *l, int64_t from) {
    int64_t n = l->len - from;
    int64_t span = l->root ? l->root->span : l->off + l->len;
    if (n <= 0 || from == 0 || span - n > 4 * n + 64) return geno_list_view(l, from, n);
    GenoList *h = (GenoList *)geno_alloc(sizeof(GenoList));
    h->root = l->root;
    h->tail = l->tail;
    h->len = n;
    h->off = l->off + from;
    return h;
}
/* concat([x], b): geno_list_prepend(1, ...) with its common case inline
 * (rt/list.c prepend_in_place: b's front slot before its first element is
 * free in a leaf that is not flat; a new header, the same root and tail). */
#ifndef __TINYC__
static inline GenoList *geno_list_prepend1(const GenoWord *items, GenoList *b, GenoLoc loc) {
    int64_t p = b->off - 1, cnt = b->off + b->len;
    if (p >= 0 && b->len > 1 && b->len < geno_max_collection) {
        GenoListLeaf *lf = p >= (((cnt - 1) >> 5) << 5) ? b->tail : geno_list_leaf_at(b, p);
        if (lf->front == (int32_t)((p & 31) + 1) && !lf->flat) {
            lf->items[p & 31] = items[0];
            lf->front = (int32_t)(p & 31);
            GenoList *h = (GenoList *)geno_alloc(sizeof(GenoList));
            h->root = b->root;
            h->tail = b->tail;
            h->len = b->len + 1;
            h->off = p;
            return h;
        }
    }
    return geno_list_prepend(1, items, b, loc);
}
#else
#define geno_list_prepend1(items, b, loc) geno_list_prepend(1, items, b, loc)
#endif
/* geno_list_rest with the header in h (a frame's, for a tail that never
 * leaves it: codegen/emit_escape.c). */
static inline GenoList *geno_list_rest_in(GenoList *h, GenoList *l, int64_t from) {
    int64_t n = l->len - from;
    int64_t span = l->root ? l->root->span : l->off + l->len;
    if (n <= 0 || from == 0 || span - n > 4 * n + 64) return geno_list_view(l, from, n);
    GenoListNode *root = l->root;
    GenoListLeaf *tail = l->tail;
    int64_t off = l->off + from;
    h->root = root;
    h->tail = tail;
    h->len = n;
    h->off = off;
    return h;
}
/* A cleared object the collector never scans, for words that are all odd
 * (small Ints: never a heap pointer): rt/list.c's flat leaves and tuples of
 * small Ints. Popped inline from a stash per size, a scanned array
 * (rt/gc.c), since Boehm does not trace links through unscanned objects. */
#define GENO_FLAT_STASH 256     /* objects of a 4 KiB block of one granule */
typedef struct { int64_t n; void *obj[GENO_FLAT_STASH]; } GenoFlatStash;
extern GenoFlatStash *geno_flat_stash[GENO_FREE_LIST_GRANULES + 1];
void *geno_alloc_flat_refill(size_t granules);   /* refills, then pops */
static inline void *geno_alloc_flat(size_t size) {
    size_t g = size ? (size + 15) >> 4 : 1;
    GenoFlatStash *st = g <= GENO_FREE_LIST_GRANULES ? geno_flat_stash[g] : NULL;
    if (!st || st->n == 0) return geno_alloc_flat_refill(g);
    void *p = st->obj[--st->n];
    st->obj[st->n] = 0;         /* the stash keeps no object in use alive */
    return p;
}
void *geno_alloc_atomic(size_t size);

/* ---- try frames (try/catch, and hosts that must see an error) ----------- */

/* Frames form a linked list whose head is geno_try_top. Use exactly:
 *
 *     GenoTryFrame f;
 *     geno_try_push(&f, 0);
 *     if (setjmp(f.jb) == 0) {
 *         ... body ...            (locals changed here and read in the
 *         geno_try_pop(&f);        handler must be volatile)
 *     } else {
 *         ... handler: f is already popped; f.code, f.loc,
 *             geno_caught_message(&f) ...
 *     }
 *
 * Emitted Geno try/catch uses GENO_SETJMP instead of setjmp: it does not
 * save the signal mask (glibc's setjmp makes a sigprocmask system call).
 * That is safe because errors raised from signal handlers (timeout, stack
 * overflow) are fatal, which Geno frames (catch_fatal == 0) never catch;
 * frames that may catch them must keep setjmp.
 *
 * Leaving the body by return/break/continue must geno_try_pop(&f) first.
 * On a catch, geno_depth_left is restored to its value at push time.
 * A frame pushed with catch_fatal == 0 (a Geno try/catch) does not see fatal
 * errors (recursion/step/memory limits, contract violations: the reference
 * makes them uncatchable); a frame with catch_fatal != 0 sees every error. */
typedef struct GenoTryFrame GenoTryFrame;
struct GenoTryFrame {
    jmp_buf jb;
    GenoTryFrame *prev;
    int64_t depth;                  /* geno_depth_left at push time */
    int catch_fatal;
    int fatal;                      /* caught error was fatal */
    const char *code;               /* caught error: "E400", ... */
    GenoStr *message;               /* caught error: the bare message; NULL for
                                     * a thrown value until geno_caught_message */
    GenoLoc loc;                    /* caught error: where it was raised */
    GenoWord thrown;                /* geno_throw: the value (else 0) */
    const GenoType *thrown_type;    /* geno_throw: its type (else NULL) */
    int builtin_jmp;                /* jb was set by __builtin_setjmp (GENO_TRY_SETJMP under cc) */
};
extern GenoTryFrame *geno_try_top;
#define GENO_SETJMP(jb) _setjmp(jb)
/* Emitted try/catch pushes with GENO_TRY_PUSH(&f) and tests
 * GENO_TRY_SETJMP(&f) instead (always as that pair). Under cc that is
 * __builtin_setjmp: it saves three words instead of the whole register file,
 * and the raise answers with __builtin_longjmp (no glibc unwinding); tcc has
 * neither, so there it is geno_try_push(f, 0) and GENO_SETJMP. The fields
 * that describe a caught error are written by the raise. */
#ifdef __TINYC__
#define GENO_BUILTIN_JMP 0
#define GENO_TRY_SETJMP(f) _setjmp((f)->jb)
#else
#define GENO_BUILTIN_JMP 1
#define GENO_TRY_SETJMP(f) __builtin_setjmp((void **)(f)->jb)
#endif
#define GENO_TRY_PUSH(f) ((f)->prev = geno_try_top, (f)->depth = geno_depth_left, (f)->catch_fatal = 0, \
                          (f)->builtin_jmp = GENO_BUILTIN_JMP, geno_try_top = (f))
void geno_try_push(GenoTryFrame *f, int catch_fatal);
void geno_try_pop(GenoTryFrame *f);

/* An error no Geno try/catch may intercept (E502, E503, E504, requires /
 * ensures violations). Same formatting as geno_raise. */
_Noreturn void geno_raise_fatal(const char *code, GenoLoc loc, const char *fmt, ...);
/* `throw v`: a String becomes an E499 error with that message; any other
 * value is carried in the frame (thrown, thrown_type) with the message
 * "Uncaught throw: <repr of v>", which is what an uncaught one reports. */
_Noreturn void geno_throw(GenoWord v, const GenoType *t, GenoLoc loc);
/* In a catch handler: the text `catch e: String` binds (the message, or a
 * thrown constructor's Python-style repr as the reference shows it); whether
 * a thrown value is of ADT `name`; and re-raising what the frame caught. */
GenoStr *geno_caught_text(GenoTryFrame *f);
/* The bare message of what the frame caught (for a thrown value, built now:
 * "Uncaught throw: <repr>"). */
GenoStr *geno_caught_message(GenoTryFrame *f);
int geno_caught_is(GenoTryFrame *f, const char *adt_name);
_Noreturn void geno_reraise(GenoTryFrame *f);

/* ==== string, numeric and path builtins (rt/strlib.c, rt/unicode.c,
 * rt/numlib.c; appended by the strlib work) ================================
 *
 * One C function per builtin, named geno_<builtin>; a builtin and its
 * `string_` twin (split / string_split, ...) are both exported because their
 * error messages name themselves. Errors are E499 with the reference's
 * message. Conventions:
 *   - Bool results are int (0 or 1).
 *   - Option results: the function returns int, 1 for Some and 0 for None;
 *     on Some the payload is written through the out pointer(s), on None
 *     they are left untouched.
 *   - Num (Int or Float mixed at run time): geno_num_* take each operand as a
 *     word plus an is-float flag and report the result's kind in *is_float
 *     (the winning operand keeps its type, as in the reference).
 *   - Results that grow are held to max_collection_size before they are
 *     built, with the reference's message for that builtin.
 *   - Any returned string may be an argument itself or a static string
 *     (never written to: strings are immutable).
 */

/* split(text, delimiter): `split: delimiter cannot be empty`;
 * "List size exceeds limit (N > L)". */
GenoList *geno_split(GenoStr *text, GenoStr *delim, GenoLoc loc);
GenoList *geno_string_split(GenoStr *text, GenoStr *delim, GenoLoc loc);
/* join(parts: List[String], separator) */
GenoStr *geno_join(GenoList *parts, GenoStr *sep, GenoLoc loc);
GenoStr *geno_string_join(GenoList *parts, GenoStr *sep, GenoLoc loc);
/* Python strip()/lstrip()/rstrip() whitespace. */
GenoStr *geno_trim(GenoStr *s);
GenoStr *geno_string_trim(GenoStr *s);
GenoStr *geno_string_trim_start(GenoStr *s);
GenoStr *geno_string_trim_end(GenoStr *s);
/* Python str.upper()/lower(): full Unicode mapping (ß -> SS, final sigma). */
GenoStr *geno_to_upper(GenoStr *s, GenoLoc loc);
GenoStr *geno_to_lower(GenoStr *s, GenoLoc loc);
GenoStr *geno_string_to_upper(GenoStr *s, GenoLoc loc);
GenoStr *geno_string_to_lower(GenoStr *s, GenoLoc loc);
/* split_once(text, delimiter) -> Option[(String, String)]: Some writes
 * *before and *after (split at the first occurrence). */
int geno_split_once(GenoStr *text, GenoStr *delim, GenoStr **before, GenoStr **after, GenoLoc loc);
int geno_string_split_once(GenoStr *text, GenoStr *delim, GenoStr **before, GenoStr **after, GenoLoc loc);
int geno_starts_with(GenoStr *text, GenoStr *prefix);
int geno_ends_with(GenoStr *text, GenoStr *suffix);
int geno_contains_substring(GenoStr *text, GenoStr *sub);
int geno_string_starts_with(GenoStr *text, GenoStr *prefix);
int geno_string_ends_with(GenoStr *text, GenoStr *suffix);
int geno_string_contains(GenoStr *text, GenoStr *sub);
/* One string per code point. */
GenoList *geno_to_chars(GenoStr *s, GenoLoc loc);
/* `for c in to_chars(s)` without the list: the count (raising what
 * to_chars would), then each code point from byte offset o, advancing it. */
int64_t geno_chars_count(GenoStr *s, GenoLoc loc);
GenoStr *geno_char_next(GenoStr *s, int64_t *o);
#define GENO_CHAR_NEXT(s, o) ((unsigned char)(s)->data[o] < 0x80 \
    ? GENO_ASCII_CHAR((unsigned char)(s)->data[(o)++]) : geno_char_next((s), &(o)))
/* The same with d = s->data read once before the loop, and o a plain
 * variable (no address taken: cc keeps it in a register). */
GenoStr *geno_char_at_byte(GenoStr *s, int64_t o);   /* the code point at byte offset o */
#define GENO_CHAR_NEXT_D(s, d, o) ({ unsigned char _nc = (unsigned char)(d)[o]; GenoStr *_nr; \
    if (_nc < 0x80) { _nr = GENO_ASCII_CHAR(_nc); (o)++; } else { _nr = geno_char_at_byte((s), (o)); (o) += _nr->len; } _nr; })
/* Stable, code-point order; more than 100,000 elements is an error. */
GenoList *geno_sort_strings(GenoList *l, GenoLoc loc);
/* repeat_string(text, count): `count must be non-negative`, `result would
 * exceed collection size limit (N > L)`. */
GenoStr *geno_repeat_string(GenoStr *s, GenoInt count, GenoLoc loc);
GenoStr *geno_string_repeat(GenoStr *s, GenoInt count, GenoLoc loc);
/* All occurrences; an empty `old` inserts `new_` around every code point. */
GenoStr *geno_replace(GenoStr *text, GenoStr *old, GenoStr *new_, GenoLoc loc);
GenoStr *geno_string_replace(GenoStr *text, GenoStr *old, GenoStr *new_, GenoLoc loc);
/* Code points [max(0,start), min(len,stop)) with Python slicing after the
 * clamp (a stop still negative counts from the end: (0, -1) drops one). */
GenoStr *geno_substring(GenoStr *s, GenoInt start, GenoInt stop);
GenoStr *geno_string_substring(GenoStr *s, GenoInt start, GenoInt stop);
/* format(template, values: List[String]): each "{}" takes the next value;
 * `format: expected N values, got M`. */
GenoStr *geno_format(GenoStr *tmpl, GenoList *values, GenoLoc loc);
/* Python strip() then ASCII -?[0-9]+. */
int geno_is_numeric_string(GenoStr *s);
/* First code point; `char_code: empty string`. */
GenoInt geno_char_code(GenoStr *s, GenoLoc loc);
#define GENO_CHAR_CODE(s, loc) ({ GenoStr *_cs = (s); uintptr_t _co = GENO_ASCII_OFF(_cs); \
    _co < sizeof geno_ascii_chars ? GENO_INT_SMALL(_co / sizeof(GenoAsciiChar)) \
    : (_cs->len && (unsigned char)_cs->data[0] < 0x80) ? GENO_INT_SMALL((unsigned char)_cs->data[0]) \
    : geno_char_code(_cs, loc); })
/* `from_char_code: code point N out of range` outside 0..0x10FFFF. */
GenoStr *geno_from_char_code(GenoInt code, GenoLoc loc);
/* A small Int 0..127 (tagged: odd, below 256) is a static string. */
#define GENO_FROM_CHAR_CODE(c, loc) ({ GenoInt _fc = (c); ((uint64_t)_fc < 256 && (_fc & 1)) \
    ? GENO_ASCII_CHAR((uint64_t)_fc >> 1) : geno_from_char_code(_fc, loc); })
/* The code point at index as a string; "" when out of range. */
GenoStr *geno_string_char_at(GenoStr *s, GenoInt index);
/* Code-point index of the first / last occurrence, or -1 ("" is found at
 * 0 / at the length). */
GenoInt geno_string_index_of(GenoStr *s, GenoStr *sub);
GenoInt geno_string_last_index_of(GenoStr *s, GenoStr *sub);
/* Pads with fill_char (exactly one code point, else `fill_char must be a
 * single character`) to width code points; never truncates. */
GenoStr *geno_string_pad_left(GenoStr *s, GenoInt width, GenoStr *fill_char, GenoLoc loc);
GenoStr *geno_string_pad_right(GenoStr *s, GenoInt width, GenoStr *fill_char, GenoLoc loc);
/* parse_int -> Option[Int]: strip, ASCII -?[0-9]+, |v| <= 2^53-1. */
int geno_parse_int(GenoStr *s, GenoInt *out, GenoLoc loc);
/* parse_float -> Option[Float]: strip, -?(D+.?D*|.D+) with D any Unicode
 * decimal digit, finite only ("1e3", "nan", "inf" -> None). */
int geno_parse_float(GenoStr *s, double *out, GenoLoc loc);
/* Python posixpath.join/dirname/basename/splitext()[1]; is_absolute also
 * takes "X:/..." with X a letter. */
GenoStr *geno_path_join(GenoStr *base, GenoStr *child, GenoLoc loc);
GenoStr *geno_path_parent(GenoStr *path);
GenoStr *geno_path_filename(GenoStr *path);
GenoStr *geno_path_extension(GenoStr *path);
int geno_path_is_absolute(GenoStr *path);
/* csv_parse(text) -> List[List[String]]: Python's csv.reader (excel
 * dialect: ',' '"', doubled quotes; a blank line is an empty row; fields at
 * most 131072 characters, else `field larger than field limit (131072)`). */
GenoList *geno_csv_parse(GenoStr *text, GenoLoc loc);

/* math_*: `math_sqrt: argument must be non-negative`, `math_log: argument
 * must be positive`, sin/cos of an infinity `math domain error`. (sqrt,
 * abs, floor, ceil, round, float_to_int are in the builtins of the spine;
 * math_abs is abs.) */
double geno_math_sqrt(double x, GenoLoc loc);
double geno_math_log(double x, GenoLoc loc);
double geno_math_log_int(GenoInt x, GenoLoc loc);     /* any size, like Python */
double geno_math_sin(double x, GenoLoc loc);
double geno_math_cos(double x, GenoLoc loc);
double geno_math_pi(void);
double geno_math_e(void);
/* floor/ceil/round with `math_floor result exceeds JavaScript safe integer
 * range` (math_floor, math_ceil, math_round in the message). */
GenoInt geno_math_floor(double x, GenoLoc loc);
GenoInt geno_math_ceil(double x, GenoLoc loc);
GenoInt geno_math_round(double x, GenoLoc loc);
/* max: a >= b ? a : b.  math_max: b > a ? b : a.  math_min: b < a ? b : a.
 * clamp and math_clamp: math_max(lo, math_min(hi, value)). */
GenoInt geno_max_int(GenoInt a, GenoInt b);
double geno_max_float(double a, double b);
GenoInt geno_math_max_int(GenoInt a, GenoInt b);
double geno_math_max_float(double a, double b);
GenoInt geno_math_min_int(GenoInt a, GenoInt b);
double geno_math_min_float(double a, double b);
GenoInt geno_clamp_int(GenoInt value, GenoInt lo, GenoInt hi);
double geno_clamp_float(double value, double lo, double hi);
/* Mixed Int/Float: -1, 0, 1, or 2 when unordered (NaN); exact. */
int geno_num_cmp(GenoWord a, int a_float, GenoWord b, int b_float);
GenoWord geno_num_max(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float);
GenoWord geno_num_math_max(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float);
GenoWord geno_num_math_min(GenoWord a, int a_float, GenoWord b, int b_float, int *is_float);
GenoWord geno_num_clamp(GenoWord value, int value_float, GenoWord lo, int lo_float,
                        GenoWord hi, int hi_float, int *is_float);
GenoInt geno_square_int(GenoInt a, GenoLoc loc);
double geno_square_float(double a);
int geno_is_positive(GenoInt a);
int geno_is_sorted(GenoList *l);                      /* List[Int], non-decreasing */

/* ==== end of the string, numeric and path builtins ======================= */

/* ==== collections: List extras, Map, Set, MutableMap, Array, Vec, hashing
 * and ordering (rt/list.c map.c set.c mutmap.c array.c vec.c hashtab.c
 * hash.c order.c; appended by the collections work) ========================
 *
 * Conventions (as in the section above): Bool results are int 0/1; Option
 * results return 1 (Some: the payload is written through the out pointer)
 * or 0 (None: *out untouched). Sizes are int64_t (wrap with GENO_INT_SMALL).
 * Indexes and counts coming from Geno are Int words (GenoInt) of any size.
 * Functions that hash, compare or print take the descriptor `t` of the
 * collection itself (Map[K, V], Set[T], Array[T], ...; t->params[0] is K or
 * T, t->params[1] is V). Growing operations check max_collection_size with
 * the reference's E499 "<Kind> size exceeds limit (N > L)". Costs are in
 * each file's banner comment.
 */

/* ---- List (persistent vector, rt/list.c) ----------------------------------
 * geno_list_get is O(log32 n); to walk a list, take it a chunk at a time:
 *     for (int64_t i = 0, k; i < n; i += k) {
 *         const GenoWord *c = geno_list_chunk(l, i, &k);   (k >= 1 words)
 *         for (int64_t j = 0; j < k; j++) ... c[j] ...
 *     }
 * geno_list_tail, geno_list_concat and geno_list_reverse (declared above)
 * now share structure: tail O(1), concat O(len b), reverse O(n). */
const GenoWord *geno_list_chunk(GenoList *l, int64_t i, int64_t *n);  /* 0 <= i < len */
void geno_list_copy_out(GenoList *l, int64_t from, int64_t n, GenoWord *dst);
/* set_at(list, index, value): `set_at index out of range` (E499, negative too). */
GenoList *geno_list_set_at(GenoList *l, GenoInt index, GenoWord v, GenoLoc loc);
/* slice(list, start, stop), list_take, list_drop: clamped, never an error. */
GenoList *geno_list_slice(GenoList *l, GenoInt start, GenoInt stop);
GenoList *geno_list_take(GenoList *l, GenoInt count);
GenoList *geno_list_drop(GenoList *l, GenoInt count);

/* Building a list element by element without a new list per element (for
 * comprehensions, map, filter, ...). Keep the builder in a local variable
 * (the collector scans C stacks, not tcc's globals); do not use it after
 * finish, except to init it again.
 *     GenoListBuilder b; geno_list_builder_init(&b);
 *     geno_list_builder_add(&b, v, loc); ...   ("List size exceeds limit")
 *     GenoList *l = geno_list_builder_finish(&b);                          */
typedef struct {
    GenoWord *cur, *end;        /* free slots of the leaf being filled */
    int64_t priv_[7];
} GenoListBuilder;
void geno_list_builder_init(GenoListBuilder *b);
/* A builder holding l's elements (l is not changed). It copies l's tail
 * only at its first element, and one that got none finishes as l itself
 * (rt/list.c, LAZY START). */
void geno_list_builder_start(GenoListBuilder *b, GenoList *l);
void geno_list_builder_add(GenoListBuilder *b, GenoWord v, GenoLoc loc);
/* geno_list_builder_add with its common case inline: [cur, end) never
 * holds more slots than the size limit allows, so a store there needs no
 * check; past end, the call checks the limit and starts a new leaf. */
#define GENO_LIST_BUILDER_ADD(b, v, loc) do { GenoListBuilder *_lb = (b); GenoWord _lv = (GenoWord)(v); \
    if (_lb->cur < _lb->end) *_lb->cur++ = _lv; else geno_list_builder_add(_lb, _lv, loc); } while (0)
/* The same with the builder's cur and end in locals bc and be, stored
 * back before any call (codegen/emit_transient.c): cc keeps them in
 * registers, where b's own fields are memory (b's address is taken). */
#define GENO_LIST_BUF_ADD(b, bc, be, v, loc) do { GenoWord _lv = (GenoWord)(v); \
    if ((bc) < (be)) *(bc)++ = _lv; \
    else { (b)->cur = (bc); geno_list_builder_add((b), _lv, loc); (bc) = (b)->cur; (be) = (b)->end; } } while (0)
void geno_list_builder_add_list(GenoListBuilder *b, GenoList *l, GenoLoc loc);
GenoList *geno_list_builder_finish(GenoListBuilder *b);

/* ---- Map (immutable, insertion-ordered; rt/map.c) ------------------------- */
typedef struct GenoMap GenoMap;
GenoMap *geno_map_empty(void);
int64_t geno_map_size(GenoMap *m);
/* map_insert: a new key goes last; an existing key keeps its place. */
GenoMap *geno_map_insert(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc);
/* m = map_insert(m, k, v) on an owned variable (rt/map.c): start copies,
 * owned writes into a map from start that no one else has seen. */
GenoMap *geno_map_insert_start(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc);
GenoMap *geno_map_insert_owned(GenoMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc);
int geno_map_get(GenoMap *m, GenoWord k, const GenoType *t, GenoWord *out);   /* map_get */
int geno_map_contains(GenoMap *m, GenoWord k, const GenoType *t);
/* m[k]: E402 `Key not found: K` (K as the reference shows it). */
GenoWord geno_map_index(GenoMap *m, GenoWord k, const GenoType *t, GenoLoc loc);
/* Keys and values in insertion order, O(1) (values[i] belongs to keys[i]). */
GenoList *geno_map_keys(GenoMap *m);
GenoList *geno_map_values(GenoMap *m);
/* map_entries: List[(K, V)] of GenoTuple pairs. */
GenoList *geno_map_entries(GenoMap *m, const GenoType *t, GenoLoc loc);
/* map_from_list / map_from_entries (List[(K, V)]): a repeated key keeps its
 * first position and its last value. */
GenoMap *geno_map_from_list(GenoList *pairs, const GenoType *t, GenoLoc loc);
/* map_merge(a, b): b wins; a's order, then b's new keys. */
GenoMap *geno_map_merge(GenoMap *a, GenoMap *b, const GenoType *t, GenoLoc loc);
/* map_map_values: the same keys with new values (values: one per key, in
 * order; e.g. built from geno_map_values). O(1). map_filter_map: insert the
 * kept entries into geno_map_empty(). */
GenoMap *geno_map_with_values(GenoMap *m, GenoList *values);

/* ---- Set (mutable, shared; rt/set.c) -------------------------------------- */
typedef struct GenoSet GenoSet;
GenoSet *geno_set_new(void);
GenoSet *geno_set_from_list(GenoList *l, const GenoType *t, GenoLoc loc);
void geno_set_add(GenoSet *s, GenoWord v, const GenoType *t, GenoLoc loc);
void geno_set_remove(GenoSet *s, GenoWord v, const GenoType *t);
int geno_set_contains(GenoSet *s, GenoWord v, const GenoType *t);
/* The same for a Set[Int] (the emitter's choice when it knows the type). */
void geno_set_add_int(GenoSet *s, GenoWord v, GenoLoc loc);
void geno_set_remove_int(GenoSet *s, GenoWord v);
int geno_set_contains_int(GenoSet *s, GenoWord v);
/* Inserts small Int v, known to be absent, whose table hash is h
 * (geno_set_put_int below). */
void geno_set_add_absent_small_int(GenoSet *s, GenoWord v, uint64_t h, GenoLoc loc);

/* The insertion-ordered hash table behind Set and MutableMap (rt/hashtab.c
 * describes it; rt/hashtab.h has its functions). Its layout is here so that
 * cc-built programs probe a Set[Int] for a small Int in place
 * (geno_set_has_int, geno_set_put_int below): codegen/emit_fast.c. */
#define GENO_TAB_DEAD UINT64_MAX        /* hash of a removed entry */

typedef struct {
    uint64_t hash;                      /* < 2^63, or GENO_TAB_DEAD */
    GenoWord key, val;                  /* val unused by sets */
} GenoTabEntry;

typedef struct {
    int64_t count;                      /* live entries */
    int64_t used;                       /* entries[0, used) written, dead included */
    int64_t ecap;                       /* entries allocated */
    int64_t mask;                       /* index slots - 1 */
    int64_t *index;                     /* -1 empty, -2 deleted, else a slot word:
                                         * hash bits 32..62 << 32 | entry number */
    GenoTabEntry *entries;
} GenoTable;

struct GenoSet { GenoTable tab; };
struct GenoMutMap { GenoTable tab; };

#define GENO_TAB_EMPTY (-1)
#define GENO_TAB_DELETED (-2)
/* A live index slot: >= 0, the entry number in the low 32 bits. */
#define GENO_TAB_SLOT(h, e) ((int64_t)((((h) >> 32) << 32) | (uint64_t)(e)))
#define GENO_TAB_SLOT_ENTRY(s) ((int64_t)((s) & 0xffffffff))
/* Whether slot s may hold hash h (< 2^63): only a live slot can match, since
 * EMPTY and DELETED have bit 63 set and h has it clear. */
#define GENO_TAB_SLOT_TAG_MATCH(s, h) ((((uint64_t)(s) ^ (h)) >> 32) == 0)

#ifndef __TINYC__   /* tcc-built code calls the runtime's entry points */
/* splitmix64's finaliser: the mixer of every hash (rt/hash.c). */
static inline uint64_t geno_hash_fmix(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* An Int's hash: the finaliser of the value xor a constant. A single
 * multiply between two 32-bit folds was tried (7 fewer instructions a
 * probe) and dropped: keys whose two 32-bit halves are equal, spaced by
 * 2^k, shared their low k hash bits and piled into one run of index slots
 * (469 probes an insert at k = 12, found in review). */
static inline uint64_t geno_hash_i64(int64_t v) {
    return geno_hash_fmix((uint64_t)v ^ 0x6a09e667f3bcc908ULL);
}

/* geno_tab_find for a small Int key of a table whose keys are Ints: such a
 * key equals only the identical word, so the probe compares words (the hot
 * path of Set[Int] and MutableMap[Int, V] operations). h is
 * geno_tab_small_int_hash(v). */
static inline int64_t geno_tab_find_small_int(const GenoTable *t, GenoWord v, uint64_t h) {
    if (t->count == 0) return -1;
    for (uint64_t i = h & (uint64_t)t->mask;; i = (i + 1) & (uint64_t)t->mask) {
        int64_t sl = t->index[i];
        if (sl == GENO_TAB_EMPTY) return -1;
        if (GENO_TAB_SLOT_TAG_MATCH(sl, h) && t->entries[GENO_TAB_SLOT_ENTRY(sl)].key == v)
            return GENO_TAB_SLOT_ENTRY(sl);
    }
}

/* geno_tab_hash of a small Int. */
static inline uint64_t geno_tab_small_int_hash(GenoWord v) {
    return geno_hash_i64(GENO_INT_VALUE(v)) & ~((uint64_t)1 << 63);
}

/* set_contains / set_add of a Set[Int] in cc-built code: a small Int is
 * probed inline; a big Int or a new element goes to the runtime. */
static inline int geno_set_has_int(GenoSet *s, GenoWord v) {
    if (GENO_INT_IS_SMALL(v)) return geno_tab_find_small_int(&s->tab, v, geno_tab_small_int_hash(v)) >= 0;
    return geno_set_contains_int(s, v);
}
static inline void geno_set_put_int(GenoSet *s, GenoWord v, GenoLoc loc) {
    if (!GENO_INT_IS_SMALL(v)) { geno_set_add_int(s, v, loc); return; }
    uint64_t h = geno_tab_small_int_hash(v);
    if (geno_tab_find_small_int(&s->tab, v, h) < 0) geno_set_add_absent_small_int(s, v, h, loc);
}
#else
/* The full C of `genoc emit-c` names them; tcc calls the runtime instead. */
#define geno_set_has_int geno_set_contains_int
#define geno_set_put_int geno_set_add_int
#endif
int64_t geno_set_size(GenoSet *s);
/* Sorted by the reference's order (geno_order_cmp). */
GenoList *geno_set_to_list(GenoSet *s, const GenoType *t, GenoLoc loc);
GenoSet *geno_set_union(GenoSet *a, GenoSet *b, const GenoType *t, GenoLoc loc);
GenoSet *geno_set_intersection(GenoSet *a, GenoSet *b, const GenoType *t);

/* ---- MutableMap (mutable, insertion-ordered, shared; rt/mutmap.c) --------- */
typedef struct GenoMutMap GenoMutMap;
GenoMutMap *geno_mutable_map_new(void);
/* mutable_map_set and `m[k] = v`. */
void geno_mutable_map_set(GenoMutMap *m, GenoWord k, GenoWord v, const GenoType *t, GenoLoc loc);
int geno_mutable_map_get(GenoMutMap *m, GenoWord k, const GenoType *t, GenoWord *out);
int geno_mutable_map_contains(GenoMutMap *m, GenoWord k, const GenoType *t);
void geno_mutable_map_delete(GenoMutMap *m, GenoWord k, const GenoType *t);   /* missing: no-op */
int64_t geno_mutable_map_size(GenoMutMap *m);
GenoList *geno_mutable_map_keys(GenoMutMap *m, GenoLoc loc);          /* insertion order */
GenoList *geno_mutable_map_values(GenoMutMap *m, GenoLoc loc);

/* ---- Array (fixed size, mutable, shared; rt/array.c) ---------------------
 * Layout is public: emitted code may read a->len and a->items[i] after its
 * own bounds check. An Array[Bool] is `compact`: its elements are bytes
 * (0/1) at GENO_ARRAY_BYTES(a) instead of words (rt/array.c). */
typedef struct { int64_t len; int64_t compact; GenoWord items[]; } GenoArray;
#define GENO_ARRAY_BYTES(a) ((uint8_t *)(a)->items)
/* array_new: `array_new size must be non-negative, got N`. */
GenoArray *geno_array_new(GenoInt size, GenoWord dflt, const GenoType *t, GenoLoc loc);
GenoArray *geno_array_from_list(GenoList *l, const GenoType *t, GenoLoc loc);
GenoArray *geno_array_from_chars(GenoStr *s, const GenoType *t, GenoLoc chars_loc, GenoLoc loc);
/* array_get / array_set: E499 `array_get index N out of bounds (length L)`. */
GenoWord geno_array_get(GenoArray *a, GenoInt i, GenoLoc loc);
void geno_array_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc);
/* a[i] (negative from the end) and `a[i] = v` (no negative index): E401
 * `Index N out of bounds for array of length L`. */
GenoWord geno_array_index(GenoArray *a, GenoInt i, GenoLoc loc);
void geno_array_index_set(GenoArray *a, GenoInt i, GenoWord v, GenoLoc loc);
int64_t geno_array_length(GenoArray *a);
GenoList *geno_array_to_list(GenoArray *a, GenoLoc loc);
GenoArray *geno_array_copy(GenoArray *a, const GenoType *t);
void geno_array_fill(GenoArray *a, GenoWord v);
/* The elements as words: a->items, or a fresh copy of a compact array's. */
const GenoWord *geno_array_words(const GenoArray *a);
/* Inline forms of a[i], `a[i] = v`, array_get and array_set: the index is
 * used in place when it is a small int in [0, len); anything else
 * (negative, bignum, out of range) goes to the function above, which
 * resolves it or raises its error. Operands are evaluated left to right. */
#define GENO_IDX_OK(i, len) (((i) & 1) && (uint64_t)GENO_INT_VALUE(i) < (uint64_t)(len))
#define GENO_ARRAY_INDEX(a, i, loc) ({ GenoArray *_ga = (a); GenoInt _gi = (i); \
    GENO_IDX_OK(_gi, _ga->len) ? _ga->items[GENO_INT_VALUE(_gi)] : geno_array_index(_ga, _gi, loc); })
#define GENO_ARRAY_GET(a, i, loc) ({ GenoArray *_ga = (a); GenoInt _gi = (i); \
    GENO_IDX_OK(_gi, _ga->len) ? _ga->items[GENO_INT_VALUE(_gi)] : geno_array_get(_ga, _gi, loc); })
#define GENO_ARRAY_INDEX_SET(a, i, v, loc) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    if (GENO_IDX_OK(_gi, _ga->len)) _ga->items[GENO_INT_VALUE(_gi)] = _gv; else geno_array_index_set(_ga, _gi, _gv, loc); } while (0)
#define GENO_ARRAY_SET(a, i, v, loc) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    if (GENO_IDX_OK(_gi, _ga->len)) _ga->items[GENO_INT_VALUE(_gi)] = _gv; else geno_array_set(_ga, _gi, _gv, loc); } while (0)
/* A function whose body is one `return e` without user calls
 * (codegen/emit_inline.c): cc inlines it into its callers' loops. */
#ifdef __TINYC__
#define GENO_INLINE_LEAF
#else
#define GENO_INLINE_LEAF inline __attribute__((always_inline))
#endif
/* a[i] with 0 <= i < a->len proved by codegen (emit_bounds.c): i is a
 * small tagged 2k+1, so the item sits (i - 1) * 4 bytes in (no shift). */
#define GENO_ARRAY_AT(a, i) (*(GenoWord *)((char *)(a)->items + ((int64_t)(i) - 1) * 4))
#define GENO_ARRAY_AT_SET(a, i, v) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    GENO_ARRAY_AT(_ga, _gi) = _gv; } while (0)
#define GENO_BARRAY_AT(a, i) ((GenoWord)GENO_ARRAY_BYTES(a)[GENO_INT_VALUE(i)])
#define GENO_BARRAY_AT_SET(a, i, v) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    GENO_ARRAY_BYTES(_ga)[GENO_INT_VALUE(_gi)] = (uint8_t)(_gv != 0); } while (0)
/* The same four for an Array[Bool] (compact: a byte per element). */
#define GENO_BARRAY_INDEX(a, i, loc) ({ GenoArray *_ga = (a); GenoInt _gi = (i); \
    GENO_IDX_OK(_gi, _ga->len) ? (GenoWord)GENO_ARRAY_BYTES(_ga)[GENO_INT_VALUE(_gi)] : geno_array_index(_ga, _gi, loc); })
#define GENO_BARRAY_GET(a, i, loc) ({ GenoArray *_ga = (a); GenoInt _gi = (i); \
    GENO_IDX_OK(_gi, _ga->len) ? (GenoWord)GENO_ARRAY_BYTES(_ga)[GENO_INT_VALUE(_gi)] : geno_array_get(_ga, _gi, loc); })
#define GENO_BARRAY_INDEX_SET(a, i, v, loc) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    if (GENO_IDX_OK(_gi, _ga->len)) GENO_ARRAY_BYTES(_ga)[GENO_INT_VALUE(_gi)] = (uint8_t)(_gv != 0); \
    else geno_array_index_set(_ga, _gi, _gv, loc); } while (0)
#define GENO_BARRAY_SET(a, i, v, loc) do { GenoArray *_ga = (a); GenoInt _gi = (i); GenoWord _gv = (v); \
    if (GENO_IDX_OK(_gi, _ga->len)) GENO_ARRAY_BYTES(_ga)[GENO_INT_VALUE(_gi)] = (uint8_t)(_gv != 0); \
    else geno_array_set(_ga, _gi, _gv, loc); } while (0)

/* ---- Vec (growable, mutable, shared; rt/vec.c) ---------------------------- */
typedef struct { int64_t len, cap; GenoWord *items; int64_t atomic; } GenoVec;
GenoVec *geno_vec_new(const GenoType *t);
GenoVec *geno_vec_from_list(GenoList *l, const GenoType *t);
void geno_vec_push(GenoVec *v, GenoWord x, GenoLoc loc);
int geno_vec_pop(GenoVec *v, GenoWord *out);                          /* vec_pop */
/* vec_get / vec_set: E499 `vec_get index N out of bounds (length L)`. */
GenoWord geno_vec_get(GenoVec *v, GenoInt i, GenoLoc loc);
void geno_vec_set(GenoVec *v, GenoInt i, GenoWord x, GenoLoc loc);
/* `v[i] = x`: E401 `Index N out of bounds for vec of length L`. */
void geno_vec_index_set(GenoVec *v, GenoInt i, GenoWord x, GenoLoc loc);
int64_t geno_vec_length(GenoVec *v);
GenoList *geno_vec_to_list(GenoVec *v, GenoLoc loc);
/* Inline vec_get, vec_set and `v[i] = x` (as GENO_ARRAY_INDEX above). */
#define GENO_VEC_GET(v, i, loc) ({ GenoVec *_gv_ = (v); GenoInt _gi = (i); \
    GENO_IDX_OK(_gi, _gv_->len) ? _gv_->items[GENO_INT_VALUE(_gi)] : geno_vec_get(_gv_, _gi, loc); })
#define GENO_VEC_SET(v, i, x, loc) do { GenoVec *_gv_ = (v); GenoInt _gi = (i); GenoWord _gx = (x); \
    if (GENO_IDX_OK(_gi, _gv_->len)) _gv_->items[GENO_INT_VALUE(_gi)] = _gx; else geno_vec_set(_gv_, _gi, _gx, loc); } while (0)
#define GENO_VEC_INDEX_SET(v, i, x, loc) do { GenoVec *_gv_ = (v); GenoInt _gi = (i); GenoWord _gx = (x); \
    if (GENO_IDX_OK(_gi, _gv_->len)) _gv_->items[GENO_INT_VALUE(_gi)] = _gx; else geno_vec_index_set(_gv_, _gi, _gx, loc); } while (0)
/* vec_push: in place while there is room (rt/vec.c never gives a Vec more
 * room than max_collection_size); growing and the limit's error in
 * geno_vec_push. */
#define GENO_VEC_PUSH(v, x, loc) do { GenoVec *_gv_ = (v); GenoWord _gx = (x); \
    if (_gv_->len < _gv_->cap) _gv_->items[_gv_->len++] = _gx; else geno_vec_push(_gv_, _gx, loc); } while (0)

/* ---- hashing and ordering of any value (rt/hash.c, rt/order.c) ------------
 * Equal values (geno_equal; Int and Float by value, also nested) hash
 * equal. geno_order_cmp is the reference's sort order (-1, 0, 1): kinds
 * ranked, numbers by value, strings by code point, structures element-wise;
 * geno_sort_values sorts by it, stably. */
uint64_t geno_hash(GenoWord v, const GenoType *t);
int geno_order_cmp(GenoWord a, GenoWord b, const GenoType *t);
void geno_sort_values(GenoWord *items, int64_t n, const GenoType *elem);

/* ==== end of the collections ============================================== */


/* ==== closures, constructors and list library (rt/listlib.c) ==============
 * CLOSURE ABI. Every closure's `fn` takes the closure itself and each
 * argument as a GenoWord and returns a GenoWord (Float by bit copy, Unit 0),
 * whatever the Geno function type: one calling convention lets the
 * runtime's higher-order builtins call any closure. */
typedef GenoWord (*GenoFn0)(GenoClosure *);
typedef GenoWord (*GenoFn1)(GenoClosure *, GenoWord);
typedef GenoWord (*GenoFn2)(GenoClosure *, GenoWord, GenoWord);
typedef GenoWord (*GenoFn3)(GenoClosure *, GenoWord, GenoWord, GenoWord);
#define GENO_CALL0(c) (((GenoFn0)(c)->fn)(c))
#define GENO_CALL1(c, a) (((GenoFn1)(c)->fn)((c), (a)))
#define GENO_CALL2(c, a, b) (((GenoFn2)(c)->fn)((c), (a), (b)))
#define GENO_CALL3(c, a, b, d) (((GenoFn3)(c)->fn)((c), (a), (b), (d)))

/* Built-in ADT tags (the checker's variant order). Nullary constructor
 * values are static singletons: GENO_NULLARY(tag). */
enum { GENO_TAG_SOME = 0, GENO_TAG_NONE = 1, GENO_TAG_OK = 0, GENO_TAG_ERR = 1 };
#define GENO_MAX_NULLARY_TAG 64
extern const int64_t geno_nullary_tags[GENO_MAX_NULLARY_TAG];
#define GENO_NULLARY(tag) ((GenoAdt *)(uintptr_t)&geno_nullary_tags[(tag)])
/* Constructor values and tuples of a few words, the words already
 * evaluated: codegen writes one call where it would otherwise spell out the
 * allocation and the stores (a quarter of the C text tcc reads for a
 * program of small functions), when C's open argument order cannot show
 * (codegen/emit_adt.c). Inline: cc compiles them to the same stores. */
static inline GenoAdt *geno_adt1(int64_t tag, GenoWord a) {
    GenoAdt *o = geno_alloc(sizeof(GenoAdt) + sizeof(GenoWord));
    o->tag = tag; o->fields[0] = a;
    return o;
}
static inline GenoAdt *geno_adt2(int64_t tag, GenoWord a, GenoWord b) {
    GenoAdt *o = geno_alloc(sizeof(GenoAdt) + 2 * sizeof(GenoWord));
    o->tag = tag; o->fields[0] = a; o->fields[1] = b;
    return o;
}
static inline GenoAdt *geno_adt3(int64_t tag, GenoWord a, GenoWord b, GenoWord c) {
    GenoAdt *o = geno_alloc(sizeof(GenoAdt) + 3 * sizeof(GenoWord));
    o->tag = tag; o->fields[0] = a; o->fields[1] = b; o->fields[2] = c;
    return o;
}
/* A tuple is never written after it is built, so one whose words are all
 * odd (small Ints) holds no pointer and is not scanned: marking a list of
 * 2M Int pairs was a quarter of the tuples benchmark. */
static inline GenoTuple *geno_tuple2(GenoWord a, GenoWord b) {
    GenoTuple *t = (a & b & 1) ? geno_alloc_flat(2 * sizeof(GenoWord)) : geno_alloc(2 * sizeof(GenoWord));
    t[0] = a; t[1] = b;
    return t;
}
static inline GenoTuple *geno_tuple3(GenoWord a, GenoWord b, GenoWord c) {
    GenoTuple *t = (a & b & c & 1) ? geno_alloc_flat(3 * sizeof(GenoWord)) : geno_alloc(3 * sizeof(GenoWord));
    t[0] = a; t[1] = b; t[2] = c;
    return t;
}
GenoAdt *geno_some(GenoWord v);
GenoAdt *geno_none(void);
GenoAdt *geno_ok(GenoWord v);
GenoAdt *geno_err(GenoWord e);
GenoWord geno_unwrap(GenoAdt *option, GenoLoc loc);   /* `unwrap called on None` */
/* Named functions and builtins used as values print as `<function f>` /
 * `<builtin f>`: the program registers that text ("function f"). */
void geno_name_function(const GenoClosure *c, const char *text);
const char *geno_function_name(const GenoClosure *c);   /* "function anonymous" if unnamed */
/* Example clauses: equality with the reference's tolerance (numbers by
 * math.isclose, rel 1e-9, abs 1e-12, also inside lists, tuples and
 * constructors), else the E409 failure. One call per example: less C. */
void geno_example_check(GenoWord actual, GenoWord expected, const GenoType *t, const char *func, GenoLoc loc);

GenoList *geno_list_map(GenoList *l, GenoClosure *f, GenoLoc loc);
GenoList *geno_list_filter(GenoList *l, GenoClosure *pred, GenoLoc loc);
GenoWord geno_list_fold(GenoList *l, GenoWord init, GenoClosure *f);
GenoWord geno_list_fold_right(GenoList *l, GenoWord init, GenoClosure *f);   /* f(elem, acc) */
GenoList *geno_list_flat_map(GenoList *l, GenoClosure *f, GenoLoc loc);
GenoList *geno_list_take_while(GenoList *l, GenoClosure *pred);
int geno_list_all(GenoList *l, GenoClosure *pred);
int geno_list_any(GenoList *l, GenoClosure *pred);
GenoAdt *geno_list_find(GenoList *l, GenoClosure *pred);          /* Option[T] */
GenoAdt *geno_list_find_index(GenoList *l, GenoClosure *pred);    /* Option[Int] */
GenoList *geno_list_sort(GenoList *l, GenoClosure *cmp, GenoLoc loc);   /* stable */
GenoList *geno_list_sort_by(GenoList *l, GenoClosure *key_fn, const GenoType *key_type, GenoLoc loc);
GenoList *geno_list_zip(GenoList *a, GenoList *b, GenoLoc loc);
GenoList *geno_list_enumerate(GenoList *l, GenoLoc loc);
GenoList *geno_list_flatten(GenoList *lists, GenoLoc loc);
GenoList *geno_list_intersperse(GenoList *l, GenoWord sep, GenoLoc loc);
GenoList *geno_list_chunks(GenoList *l, GenoInt size, GenoLoc loc);     /* list_chunk */
GenoList *geno_list_group_by(GenoList *l, GenoClosure *key_fn, const GenoType *key_type, GenoLoc loc);
int geno_list_is_permutation(GenoList *a, GenoList *b, const GenoType *elem, GenoLoc loc);
GenoMap *geno_map_filter(GenoMap *m, GenoClosure *pred, const GenoType *t, GenoLoc loc);
/* ==== end of closures, constructors and list library ====================== */


/* ==== data formats: JSON, CSV with headers, TOML (rt/json.c, rt/toml.c,
 * rt/csv_headers.c; appended by the data-formats work) =====================
 * Error texts are the reference's (Python's json / csv / tomllib); each
 * file's banner lists the rules. Limit errors are E499. */

/* JsonValue tags (the checker's variant order). JsonNull is
 * GENO_NULLARY(GENO_TAG_JSON_NULL); the others hold one word: GenoStr *,
 * GenoInt, Float bits, Bool 0/1, GenoList * of JsonValue, GenoList * of
 * GenoTuple * (String, JsonValue) pairs. */
enum {
    GENO_TAG_JSON_STRING = 0, GENO_TAG_JSON_INT = 1, GENO_TAG_JSON_FLOAT = 2, GENO_TAG_JSON_BOOL = 3,
    GENO_TAG_JSON_NULL = 4, GENO_TAG_JSON_ARRAY = 5, GENO_TAG_JSON_OBJECT = 6,
};
/* Descriptors of JsonValue and Result[JsonValue, String] (printing,
 * equality of values these builtins return; emitted code may use them). */
extern const GenoType geno_t_json_value, geno_t_json_result;

/* json_parse -> Result[JsonValue, String]: Ok(value) or Err(Python's
 * message, e.g. "Expecting ',' delimiter: line 1 column 6 (char 5)"). */
GenoAdt *geno_json_parse(GenoStr *text, GenoLoc loc);
/* json_stringify (compact, ASCII-escaped), json_stringify_pretty (indent
 * <= 0: compact, not escaped), json_to_string (any value; t its type). */
GenoStr *geno_json_stringify(GenoAdt *v, GenoLoc loc);
GenoStr *geno_json_stringify_pretty(GenoAdt *v, GenoInt indent, GenoLoc loc);
GenoStr *geno_json_to_string(GenoWord v, const GenoType *t, GenoLoc loc);
/* csv_parse_with_headers -> List[Map[String, String]]; map_type is the
 * Map[String, String] descriptor. */
GenoList *geno_csv_parse_with_headers(GenoStr *text, const GenoType *map_type, GenoLoc loc);
/* toml_parse -> Result[JsonValue, String] (tomllib's messages). */
GenoAdt *geno_toml_parse(GenoStr *text, GenoLoc loc);
/* ==== end of data formats ================================================== */

/* ==== effects that need authority (rt/effects.c; performed by the host) ====
 * Each checks its capability first (E412). Result-returning ones answer
 * Err(text) as the reference; the others raise E499 with its text. */
GenoStr *geno_fs_read_text(GenoStr *path, GenoLoc loc);
void geno_fs_write_text(GenoStr *path, GenoStr *content, GenoLoc loc);
int geno_fs_exists(GenoStr *path, GenoLoc loc);
GenoAdt *geno_fs_list_dir(GenoStr *path, GenoLoc loc);               /* Result[List[String], String] */
GenoAdt *geno_fs_metadata(GenoStr *path, GenoLoc loc);               /* Result[FileMetadata, String] */
GenoAdt *geno_fs_symlink_metadata(GenoStr *path, GenoLoc loc);
GenoAdt *geno_fs_canonicalize(GenoStr *path, GenoLoc loc);           /* Result[String, String] */
GenoAdt *geno_env_get(GenoStr *name, GenoLoc loc);                   /* Option[String] */
GenoStr *geno_env_get_or(GenoStr *name, GenoStr *fallback, GenoLoc loc);
GenoList *geno_cli_args(GenoLoc loc);
/* input NULL: exec / spawn; else the *_with_input variants. */
GenoAdt *geno_exec(GenoStr *command, GenoStr *input, GenoLoc loc);   /* Result[ProcessResult, String] */
GenoAdt *geno_spawn(GenoStr *program, GenoList *args, GenoStr *input, GenoLoc loc);
GenoAdt *geno_stdin_read_all(GenoLoc loc);                           /* Result[String, String] */
void geno_sleep_ms(GenoInt ms, GenoLoc loc);
/* http (rt/effects_http.c, host/http.c): fetch/post raise E499 with the
 * reference's text; request answers Err(text) instead. serve: respond builds
 * an HttpResponse; route records a handler; listen serves until the run's
 * deadline (E501). */
GenoStr *geno_http_fetch(GenoStr *url, GenoLoc loc);
GenoStr *geno_http_post(GenoStr *url, GenoStr *body, GenoLoc loc);
GenoAdt *geno_http_request(GenoStr *method, GenoStr *url, GenoList *headers, GenoStr *body,
                           GenoLoc loc);                             /* Result[HttpResponse, String] */
GenoAdt *geno_http_respond(GenoInt status, GenoList *headers, GenoStr *body, GenoLoc loc);
void geno_http_route(GenoStr *method, GenoStr *path, GenoClosure *handler, GenoLoc loc);
void geno_http_listen(GenoInt port, GenoLoc loc);

/* ==== clock, random, regex: capabilities without host authority
 * (rt/clock.c, rt/random.c, rt/regex.c). Each checks its capability first
 * (E412); failures are E499 with the reference's messages. ============== */
GenoInt geno_clock_now(GenoLoc loc);
GenoInt geno_datetime_now(GenoLoc loc);
GenoStr *geno_clock_format(double ts, GenoStr *fmt, GenoLoc loc);            /* UTC */
GenoStr *geno_datetime_format(GenoInt ts, GenoStr *fmt, GenoLoc loc);
GenoAdt *geno_clock_parse(GenoStr *text, GenoStr *fmt, GenoLoc loc);         /* Option[Float] */
GenoAdt *geno_datetime_parse(GenoStr *text, GenoStr *fmt, GenoLoc loc);      /* Option[Int] */
double geno_clock_elapsed(double start, double end_time, GenoLoc loc);
GenoInt geno_datetime_elapsed(GenoInt start, GenoInt end_time, GenoLoc loc);
/* Seeds the generator from getrandom() once per process (geno_rt_init). */
void geno_random_seed_init(void);
GenoInt geno_random_int(GenoInt lo, GenoInt hi, GenoLoc loc);                /* [lo, hi] */
GenoInt geno_math_random_int(GenoInt lo, GenoInt hi, GenoLoc loc);
double geno_random_float(GenoLoc loc);                                       /* [0, 1) */
double geno_math_random_float(GenoLoc loc);
GenoAdt *geno_regex_match(GenoStr *pattern, GenoStr *text, GenoLoc loc);     /* Option[String] */
GenoList *geno_regex_find_all(GenoStr *pattern, GenoStr *text, GenoLoc loc);
GenoStr *geno_regex_replace(GenoStr *pattern, GenoStr *replacement, GenoStr *text, GenoLoc loc);
/* ==== end of clock, random, regex ========================================= */

#endif
