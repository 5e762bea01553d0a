/* emit_builtins.c — C text for calls of the reference's builtins.
 *
 * Most builtins are one runtime call: a table maps the builtin's name to a
 * template over its arguments (in parameter order, after the checker's
 * normalisation) and says how the C result becomes the Geno value:
 *
 *   $0..$5  the arguments' C values        $W0..$W5  the arguments as words
 *   $D0..   the arguments' type descriptors $E0       arg 0's element type
 *   $L      GENO_LOC of the call            $R        the result's descriptor
 *   $T      the result's element type's descriptor
 *
 * Builtins whose typing depends on the operands (Num: Int or Float) or that
 * return an Option built from an out-parameter are handled in code below.
 * A builtin with no entry is reported as not compiled yet (E300), never
 * passed to the C compiler.
 */
#include "emit.h"

#include <ctype.h>
#include <string.h>

typedef enum {
    R_VALUE,    /* the template's C value is the result as is */
    R_BOOL,     /* C int 0/1 -> Bool */
    R_WORD,     /* a GenoWord -> the result's C type */
    R_COUNT,    /* an int64_t count -> Int */
    R_UNIT,     /* a void call -> Unit */
} ResultKind;

typedef struct {
    const char *name;
    ResultKind res;
    const char *tmpl;
} Template;

static const Template templates[] = {
    /* lists */
    {"head", R_WORD, "geno_list_head($0, $L)"},
    {"tail", R_VALUE, "geno_list_tail($0, $L)"},
    {"append", R_VALUE, "geno_list_append($0, $W1, $L)"},
    {"concat", R_VALUE, "geno_list_concat($0, $1, $L)"},
    {"reverse", R_VALUE, "geno_list_reverse($0)"},
    {"contains", R_BOOL, "geno_list_contains($0, $W1, $E0)"},
    {"set_at", R_VALUE, "geno_list_set_at($0, $1, $W2, $L)"},
    {"slice", R_VALUE, "geno_list_slice($0, $1, $2)"},
    {"list_take", R_VALUE, "geno_list_take($0, $1)"},
    {"list_drop", R_VALUE, "geno_list_drop($0, $1)"},
    {"map", R_VALUE, "geno_list_map($0, $1, $L)"},
    {"list_map", R_VALUE, "geno_list_map($0, $1, $L)"},
    {"filter", R_VALUE, "geno_list_filter($0, $1, $L)"},
    {"list_filter", R_VALUE, "geno_list_filter($0, $1, $L)"},
    {"fold", R_WORD, "geno_list_fold($0, $W1, $2)"},
    {"list_fold_right", R_WORD, "geno_list_fold_right($0, $W1, $2)"},
    {"flat_map", R_VALUE, "geno_list_flat_map($0, $1, $L)"},
    {"take_while", R_VALUE, "geno_list_take_while($0, $1)"},
    {"all", R_BOOL, "geno_list_all($0, $1)"},
    {"list_all", R_BOOL, "geno_list_all($0, $1)"},
    {"list_any", R_BOOL, "geno_list_any($0, $1)"},
    {"list_find", R_VALUE, "geno_list_find($0, $1)"},
    {"list_find_index", R_VALUE, "geno_list_find_index($0, $1)"},
    {"sort", R_VALUE, "geno_list_sort($0, $1, $L)"},
    {"zip", R_VALUE, "geno_list_zip($0, $1, $L)"},
    {"list_zip", R_VALUE, "geno_list_zip($0, $1, $L)"},
    {"enumerate", R_VALUE, "geno_list_enumerate($0, $L)"},
    {"list_enumerate", R_VALUE, "geno_list_enumerate($0, $L)"},
    {"list_flatten", R_VALUE, "geno_list_flatten($0, $L)"},
    {"list_intersperse", R_VALUE, "geno_list_intersperse($0, $W1, $L)"},
    {"list_chunk", R_VALUE, "geno_list_chunks($0, $1, $L)"},
    {"is_permutation", R_BOOL, "geno_list_is_permutation($0, $1, $E0, $L)"},
    {"is_sorted", R_BOOL, "geno_is_sorted($0)"},
    {"list_length", R_COUNT, "geno_list_len($0)"},
    /* strings */
    {"split", R_VALUE, "geno_split($0, $1, $L)"},
    {"string_split", R_VALUE, "geno_string_split($0, $1, $L)"},
    {"join", R_VALUE, "geno_join($0, $1, $L)"},
    {"string_join", R_VALUE, "geno_string_join($0, $1, $L)"},
    {"trim", R_VALUE, "geno_trim($0)"},
    {"string_trim", R_VALUE, "geno_string_trim($0)"},
    {"string_trim_start", R_VALUE, "geno_string_trim_start($0)"},
    {"string_trim_end", R_VALUE, "geno_string_trim_end($0)"},
    {"to_upper", R_VALUE, "geno_to_upper($0, $L)"},
    {"to_lower", R_VALUE, "geno_to_lower($0, $L)"},
    {"string_to_upper", R_VALUE, "geno_string_to_upper($0, $L)"},
    {"string_to_lower", R_VALUE, "geno_string_to_lower($0, $L)"},
    {"starts_with", R_BOOL, "geno_starts_with($0, $1)"},
    {"ends_with", R_BOOL, "geno_ends_with($0, $1)"},
    {"contains_substring", R_BOOL, "geno_contains_substring($0, $1)"},
    {"string_starts_with", R_BOOL, "geno_string_starts_with($0, $1)"},
    {"string_ends_with", R_BOOL, "geno_string_ends_with($0, $1)"},
    {"string_contains", R_BOOL, "geno_string_contains($0, $1)"},
    {"to_chars", R_VALUE, "geno_to_chars($0, $L)"},
    {"sort_strings", R_VALUE, "geno_sort_strings($0, $L)"},
    {"repeat_string", R_VALUE, "geno_repeat_string($0, $1, $L)"},
    {"string_repeat", R_VALUE, "geno_string_repeat($0, $1, $L)"},
    {"replace", R_VALUE, "geno_replace($0, $1, $2, $L)"},
    {"string_replace", R_VALUE, "geno_string_replace($0, $1, $2, $L)"},
    {"substring", R_VALUE, "geno_substring($0, $1, $2)"},
    {"string_substring", R_VALUE, "geno_string_substring($0, $1, $2)"},
    {"format", R_VALUE, "geno_format($0, $1, $L)"},
    {"is_numeric_string", R_BOOL, "geno_is_numeric_string($0)"},
    {"char_code", R_VALUE, "geno_char_code($0, $L)"},
    {"from_char_code", R_VALUE, "geno_from_char_code($0, $L)"},
    {"string_char_at", R_VALUE, "geno_string_char_at($0, $1)"},
    {"string_index_of", R_VALUE, "geno_string_index_of($0, $1)"},
    {"string_last_index_of", R_VALUE, "geno_string_last_index_of($0, $1)"},
    {"string_pad_left", R_VALUE, "geno_string_pad_left($0, $1, $2, $L)"},
    {"string_pad_right", R_VALUE, "geno_string_pad_right($0, $1, $2, $L)"},
    {"path_join", R_VALUE, "geno_path_join($0, $1, $L)"},
    {"path_parent", R_VALUE, "geno_path_parent($0)"},
    {"path_filename", R_VALUE, "geno_path_filename($0)"},
    {"path_extension", R_VALUE, "geno_path_extension($0)"},
    {"path_is_absolute", R_BOOL, "geno_path_is_absolute($0)"},
    {"csv_parse", R_VALUE, "geno_csv_parse($0, $L)"},
    /* numbers */
    {"int_to_float", R_VALUE, "geno_int_to_double($0, $L)"},
    {"float_to_int", R_VALUE, "geno_float_to_int($0, $L)"},
    {"floor", R_VALUE, "geno_float_floor($0, $L)"},
    {"ceil", R_VALUE, "geno_float_ceil($0, $L)"},
    {"round", R_VALUE, "geno_float_round($0, $L)"},
    {"math_floor", R_VALUE, "geno_math_floor($0, $L)"},
    {"math_ceil", R_VALUE, "geno_math_ceil($0, $L)"},
    {"math_round", R_VALUE, "geno_math_round($0, $L)"},
    {"sqrt", R_VALUE, "geno_float_sqrt($0, $L)"},
    {"math_sqrt", R_VALUE, "geno_math_sqrt($0, $L)"},
    {"math_sin", R_VALUE, "geno_math_sin($0, $L)"},
    {"math_cos", R_VALUE, "geno_math_cos($0, $L)"},
    {"math_pi", R_VALUE, "geno_math_pi()"},
    {"math_e", R_VALUE, "geno_math_e()"},
    {"bit_or", R_VALUE, "geno_int_or($0, $1, $L)"},
    {"is_positive", R_BOOL, "geno_is_positive($0)"},
    /* Map (immutable) */
    {"map_insert", R_VALUE, "geno_map_insert($0, $W1, $W2, $D0, $L)"},
    {"map_get", R_VALUE, "({ GenoWord o_; geno_map_get($0, $W1, $D0, &o_) ? geno_some(o_) : geno_none(); })"},
    {"map_entries", R_VALUE, "geno_map_entries($0, $D0, $L)"},
    {"map_from_list", R_VALUE, "geno_map_from_list($0, $R, $L)"},
    {"map_from_entries", R_VALUE, "geno_map_from_list($0, $R, $L)"},
    {"map_merge", R_VALUE, "geno_map_merge($0, $1, $D0, $L)"},
    {"map_map_values", R_VALUE, "({ GenoMap *m_ = $0; geno_map_with_values(m_, geno_list_map(geno_map_values(m_), $1, $L)); })"},
    {"map_filter_map", R_VALUE, "geno_map_filter($0, $1, $D0, $L)"},
    /* Set */
    {"set_new", R_VALUE, "geno_set_new()"},
    {"set_from_list", R_VALUE, "geno_set_from_list($0, $R, $L)"},
    {"set_add", R_UNIT, "geno_set_add($0, $W1, $D0, $L)"},
    {"set_remove", R_UNIT, "geno_set_remove($0, $W1, $D0)"},
    {"set_contains", R_BOOL, "geno_set_contains($0, $W1, $D0)"},
    {"set_size", R_COUNT, "geno_set_size($0)"},
    {"set_to_list", R_VALUE, "geno_set_to_list($0, $D0, $L)"},
    {"set_union", R_VALUE, "geno_set_union($0, $1, $D0, $L)"},
    {"set_intersection", R_VALUE, "geno_set_intersection($0, $1, $D0)"},
    /* MutableMap */
    {"mutable_map_new", R_VALUE, "geno_mutable_map_new()"},
    {"mutable_map_set", R_UNIT, "geno_mutable_map_set($0, $W1, $W2, $D0, $L)"},
    {"mutable_map_get", R_VALUE, "({ GenoWord o_; geno_mutable_map_get($0, $W1, $D0, &o_) ? geno_some(o_) : geno_none(); })"},
    {"mutable_map_contains", R_BOOL, "geno_mutable_map_contains($0, $W1, $D0)"},
    {"mutable_map_delete", R_UNIT, "geno_mutable_map_delete($0, $W1, $D0)"},
    {"mutable_map_size", R_COUNT, "geno_mutable_map_size($0)"},
    {"mutable_map_keys", R_VALUE, "geno_mutable_map_keys($0, $L)"},
    /* Array */
    {"array_new", R_VALUE, "geno_array_new($0, $W1, $R, $L)"},
    {"array_from_list", R_VALUE, "geno_array_from_list($0, $R, $L)"},
    {"array_get", R_WORD, "geno_array_get($0, $1, $L)"},
    {"array_set", R_UNIT, "geno_array_set($0, $1, $W2, $L)"},
    {"array_length", R_COUNT, "geno_array_length($0)"},
    {"array_to_list", R_VALUE, "geno_array_to_list($0, $L)"},
    {"array_copy", R_VALUE, "geno_array_copy($0, $D0)"},
    {"array_fill", R_UNIT, "geno_array_fill($0, $W1)"},
    /* Vec */
    {"vec_new", R_VALUE, "geno_vec_new($R)"},
    {"vec_from_list", R_VALUE, "geno_vec_from_list($0, $R)"},
    {"vec_push", R_UNIT, "geno_vec_push($0, $W1, $L)"},
    {"vec_pop", R_VALUE, "({ GenoWord o_; geno_vec_pop($0, &o_) ? geno_some(o_) : geno_none(); })"},
    {"vec_get", R_WORD, "geno_vec_get($0, $1, $L)"},
    {"vec_set", R_UNIT, "geno_vec_set($0, $1, $W2, $L)"},
    {"vec_length", R_COUNT, "geno_vec_length($0)"},
    {"vec_to_list", R_VALUE, "geno_vec_to_list($0, $L)"},
    /* Option / Result combinators (closures return words; ADTs are pointers) */
    {"option_map", R_VALUE, "({ GenoAdt *o_ = $0; GenoClosure *f_ = $1; o_->tag == GENO_TAG_SOME ? geno_some(GENO_CALL1(f_, o_->fields[0])) : o_; })"},
    {"option_and_then", R_VALUE, "({ GenoAdt *o_ = $0; GenoClosure *f_ = $1; o_->tag == GENO_TAG_SOME ? (GenoAdt *)(uintptr_t)GENO_CALL1(f_, o_->fields[0]) : o_; })"},
    {"option_flatten", R_VALUE, "({ GenoAdt *o_ = $0; o_->tag == GENO_TAG_SOME ? (GenoAdt *)(uintptr_t)o_->fields[0] : o_; })"},
    {"option_to_result", R_VALUE, "({ GenoAdt *o_ = $0; GenoWord e_ = $W1; o_->tag == GENO_TAG_SOME ? geno_ok(o_->fields[0]) : geno_err(e_); })"},
    {"result_map", R_VALUE, "({ GenoAdt *o_ = $0; GenoClosure *f_ = $1; o_->tag == GENO_TAG_OK ? geno_ok(GENO_CALL1(f_, o_->fields[0])) : o_; })"},
    {"result_map_err", R_VALUE, "({ GenoAdt *o_ = $0; GenoClosure *f_ = $1; o_->tag == GENO_TAG_ERR ? geno_err(GENO_CALL1(f_, o_->fields[0])) : o_; })"},
    {"result_and_then", R_VALUE, "({ GenoAdt *o_ = $0; GenoClosure *f_ = $1; o_->tag == GENO_TAG_OK ? (GenoAdt *)(uintptr_t)GENO_CALL1(f_, o_->fields[0]) : o_; })"},
    {"result_to_option", R_VALUE, "({ GenoAdt *o_ = $0; o_->tag == GENO_TAG_OK ? geno_some(o_->fields[0]) : geno_none(); })"},
    /* data formats */
    {"json_parse", R_VALUE, "geno_json_parse($0, $L)"},
    {"json_stringify", R_VALUE, "geno_json_stringify($0, $L)"},
    {"json_stringify_pretty", R_VALUE, "geno_json_stringify_pretty($0, $1, $L)"},
    {"json_to_string", R_VALUE, "geno_json_to_string($W0, $D0, $L)"},
    {"csv_parse_with_headers", R_VALUE, "geno_csv_parse_with_headers($0, $T, $L)"},
    {"toml_parse", R_VALUE, "geno_toml_parse($0, $L)"},
    /* app-mode graphics and input: the interpreter's stubs */
    {"clear_screen", R_UNIT, "((void)0)"},
    {"draw_rect", R_UNIT, "((void)0)"},
    {"draw_rect_outline", R_UNIT, "((void)0)"},
    {"draw_circle", R_UNIT, "((void)0)"},
    {"draw_line", R_UNIT, "((void)0)"},
    {"draw_text", R_UNIT, "((void)0)"},
    {"clear_text_input", R_UNIT, "((void)0)"},
    {"screen_width", R_VALUE, "GENO_INT_SMALL(800)"},
    {"screen_height", R_VALUE, "GENO_INT_SMALL(600)"},
    {"is_key_down", R_VALUE, "((int64_t)0)"},
    {"is_key_pressed", R_VALUE, "((int64_t)0)"},
    {"is_mouse_down", R_VALUE, "((int64_t)0)"},
    {"is_mouse_clicked", R_VALUE, "((int64_t)0)"},
    {"mouse_x", R_VALUE, "GENO_INT_SMALL(0)"},
    {"mouse_y", R_VALUE, "GENO_INT_SMALL(0)"},
    {"get_text_input", R_VALUE, "geno_str_new(\"\", 0)"},
    /* values */
    {"to_string", R_VALUE, "geno_to_string($W0, $D0)"},
    {"range", R_VALUE, "geno_list_range($0, $1, $2, $L)"},
    {"unwrap", R_WORD, "geno_unwrap($0, $L)"},
    {"option_unwrap_or", R_WORD, "({ GenoAdt *o_ = $0; o_->tag == GENO_TAG_SOME ? o_->fields[0] : $W1; })"},
    {"unwrap_or", R_WORD, "({ GenoAdt *o_ = $0; o_->tag == GENO_TAG_SOME ? o_->fields[0] : $W1; })"},
    {"is_some", R_BOOL, "(($0)->tag == GENO_TAG_SOME)"},
    {"is_none", R_BOOL, "(($0)->tag == GENO_TAG_NONE)"},
    {"option_is_some", R_BOOL, "(($0)->tag == GENO_TAG_SOME)"},
    {"option_is_none", R_BOOL, "(($0)->tag == GENO_TAG_NONE)"},
    {"result_is_ok", R_BOOL, "(($0)->tag == GENO_TAG_OK)"},
    {"result_is_err", R_BOOL, "(($0)->tag == GENO_TAG_ERR)"},
    {"result_unwrap_or", R_WORD, "({ GenoAdt *o_ = $0; o_->tag == GENO_TAG_OK ? o_->fields[0] : $W1; })"},
};

static const Template *find_template(const char *name) {
    for (size_t i = 0; i < sizeof templates / sizeof templates[0]; i++)
        if (strcmp(templates[i].name, name) == 0) return &templates[i];
    return NULL;
}

static Type *elem_type(Type *t) {
    t = ty_resolve(t);
    return t->nargs ? t->args[0] : ty_prim(TY_UNIT);
}

static char *expand(Emitter *em, Expr *e, const char *tmpl, char **vals) {
    StrBuf sb = {0};
    Expr **args = e->elems.items;
    for (const char *p = tmpl; *p; p++) {
        if (*p != '$') {
            sb_putc(&sb, *p);
            continue;
        }
        char k = *++p;
        if (isdigit((unsigned char)k)) {
            sb_puts(&sb, vals[k - '0']);
        } else if (k == 'L') {
            sb_puts(&sb, loc_arg(e->loc));
        } else if (k == 'R') {
            sb_puts(&sb, type_desc(em, e->ty));
        } else if (k == 'T') {
            sb_puts(&sb, type_desc(em, elem_type(e->ty)));
        } else {
            int i = *++p - '0';
            if (k == 'W') sb_puts(&sb, to_word(emitted_type(args[i]), vals[i]));
            else if (k == 'D') sb_puts(&sb, type_desc(em, emitted_type(args[i])));
            else if (k == 'E') sb_puts(&sb, type_desc(em, elem_type(args[i]->ty)));
        }
    }
    return sb_take(&sb);
}

static char *finish(Expr *e, ResultKind res, char *c) {
    switch (res) {
    case R_BOOL: return xasprintf("((int64_t)%s)", c);
    case R_WORD: return from_word(e->ty, c);
    case R_COUNT: return xasprintf("GENO_INT_SMALL(%s)", c);
    case R_UNIT: return xasprintf("(%s, (GenoWord)0)", c);
    default: return c;
    }
}

/* Num builtins: Int when every operand is Int, else Float. */
static char *emit_num(Expr *e, const char *name, char **v) {
    Expr **a = e->elems.items;
    bool flt = ty_is(e->ty, TY_FLOAT);
    char *L = loc_arg(e->loc);
    char *f[3];
    for (int i = 0; i < e->elems.len && i < 3; i++)
        f[i] = ty_is(a[i]->ty, TY_INT) && !(a[i]->aux & AUX_TO_FLOAT) && flt
                   ? xasprintf("geno_int_to_double(%s, %s)", v[i], L) : v[i];
    if (!strcmp(name, "abs") || !strcmp(name, "math_abs"))
        return flt ? xasprintf("geno_float_abs(%s)", f[0]) : xasprintf("geno_int_abs(%s, %s)", v[0], L);
    if (!strcmp(name, "square"))
        return flt ? xasprintf("geno_square_float(%s)", f[0]) : xasprintf("geno_square_int(%s, %s)", v[0], L);
    if (!strcmp(name, "add")) return flt ? xasprintf("(%s + %s)", f[0], f[1]) : xasprintf("GENO_INT_ADD(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "subtract")) return flt ? xasprintf("(%s - %s)", f[0], f[1]) : xasprintf("GENO_INT_SUB(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "divide"))
        return flt ? xasprintf("geno_float_divide(%s, %s, %s)", f[0], f[1], L) : xasprintf("geno_int_divide(%s, %s, %s)", v[0], v[1], L);
    if (!strcmp(name, "multiply")) return flt ? xasprintf("(%s * %s)", f[0], f[1]) : xasprintf("GENO_INT_MUL(%s, %s, %s)", v[0], v[1], L);
    /* max/min/clamp keep the winning operand's own type at run time in the
     * reference; with mixed operands genoc's static type is Float. */
    const char *fn = NULL;
    if (!strcmp(name, "max")) fn = "max";
    else if (!strcmp(name, "math_max")) fn = "math_max";
    else if (!strcmp(name, "math_min")) fn = "math_min";
    else if (!strcmp(name, "clamp") || !strcmp(name, "math_clamp")) fn = "clamp";
    if (!fn) return NULL;
    if (!strcmp(fn, "clamp"))
        return flt ? xasprintf("geno_clamp_float(%s, %s, %s)", f[0], f[1], f[2])
                   : xasprintf("geno_clamp_int(%s, %s, %s)", v[0], v[1], v[2]);
    return xasprintf("geno_%s_%s(%s, %s)", fn, flt ? "float" : "int", flt ? f[0] : v[0], flt ? f[1] : v[1]);
}

/* Option results from a found-flag and out-parameters. */
static char *emit_option_call(Emitter *em, Expr *e, const char *name, char **v) {
    int id = ++em->tmp;
    char *L = loc_arg(e->loc);
    if (!strcmp(name, "parse_int"))
        return xasprintf("({ GenoInt o_%d; geno_parse_int(%s, &o_%d, %s) ? geno_some((GenoWord)o_%d) : geno_none(); })",
                         id, v[0], id, L, id);
    if (!strcmp(name, "parse_float"))
        return xasprintf("({ double o_%d; geno_parse_float(%s, &o_%d, %s) ? geno_some(geno_f2w(o_%d)) : geno_none(); })",
                         id, v[0], id, L, id);
    if (!strcmp(name, "split_once") || !strcmp(name, "string_split_once"))
        return xasprintf("({ GenoStr *a_%d, *b_%d; geno_%s(%s, %s, &a_%d, &b_%d, %s) ? "
                         "geno_some((GenoWord)(uintptr_t)geno_tuple2((GenoWord)(uintptr_t)a_%d, (GenoWord)(uintptr_t)b_%d)) : geno_none(); })",
                         id, id, name, v[0], v[1], id, id, L, id, id);
    return NULL;
}

static bool is_num_builtin(const char *n) {
    static const char *const names[] = {"abs", "math_abs", "square", "add", "subtract", "multiply", "divide",
                                        "max", "math_max", "math_min", "clamp", "math_clamp", NULL};
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], n)) return true;
    return false;
}

char *emit_builtin(Emitter *em, Expr *e, const char *name) {
    char *v[6] = {0};
    for (int i = 0; i < e->elems.len && i < 6; i++) v[i] = emit_expr(em, e->elems.items[i]);
    Type *t0 = e->elems.len ? e->elems.items[0]->ty : NULL;
    char *L = loc_arg(e->loc);
    if (!strcmp(name, "print")) {
        if (ty_is(t0, TY_STRING)) return xasprintf("(geno_print_str(%s, %s), (GenoWord)0)", v[0], L);
        return xasprintf("(geno_print(%s, %s, %s), (GenoWord)0)", to_word(t0, v[0]), type_desc(em, t0), L);
    }
    if (!strcmp(name, "to_string") && ty_is(t0, TY_STRING)) return v[0];
    if (!strcmp(name, "length")) {
        switch (ty_resolve(t0)->kind) {
        case TY_STRING: return xasprintf("geno_str_length(%s)", v[0]);
        case TY_ARRAY: return xasprintf("GENO_INT_SMALL(geno_array_length(%s))", v[0]);
        default: return xasprintf("GENO_INT_SMALL(geno_list_len(%s))", v[0]);
        }
    }
    if (!strcmp(name, "range") && e->elems.len == 2) v[2] = "GENO_INT_SMALL(1)";
    if (!strcmp(name, "sort_by"))
        return xasprintf("geno_list_sort_by(%s, %s, %s, %s)", v[0], v[1],
                         type_desc(em, ty_resolve(e->elems.items[1]->ty)->ret), L);
    if (!strcmp(name, "list_group_by"))
        return xasprintf("geno_list_group_by(%s, %s, %s, %s)", v[0], v[1],
                         type_desc(em, ty_resolve(e->elems.items[1]->ty)->ret), L);
    if (!strcmp(name, "math_log"))
        return ty_is(t0, TY_INT) ? xasprintf("geno_math_log_int(%s, %s)", v[0], L)
                                 : xasprintf("geno_math_log(%s, %s)", v[0], L);
    if (is_num_builtin(name)) {
        char *r = emit_num(e, name, v);
        if (r) return r;
    }
    char *opt = emit_option_call(em, e, name, v);
    if (opt) return opt;
    const Template *t = find_template(name);
    if (!t) {
        emit_unsupported(em, e->loc, xasprintf("the builtin '%s'", name));
        return xstrdup("0");
    }
    return finish(e, t->res, expand(em, e, t->tmpl, v));
}
