/* check_stmt.c — statements: bindings, assignment targets, control flow,
 * return-path analysis.
 *
 * let/var take the annotation's type or the value's (an un-annotated
 * binding whose value still holds a type variable or Any cannot be
 * inferred); tuple destructuring binds one local per name. Assignments need
 * a `var` (E306); index assignment works on Array, Vec and MutableMap, field
 * assignment on ADT values with the field on every variant. `for` iterates
 * a List or Array. A function returns on all paths when its body ends in a
 * return or throw, or an if/match/try whose branches all do (loops never
 * count), as in the reference.
 */
#include "check_int.h"

static bool is_kind(Type *t, TyKind k) { return ty_resolve(t)->kind == k; }

static void check_let(Checker *c, Stmt *s) {
    const char *kw = s->kind == ST_LET ? "let" : "var";
    bool mut = s->kind == ST_VAR;
    if (s->names.len) {
        Type *decl = resolve_type(c, s->type_ann);
        Type *t = check_expr(c, s->value);
        record_expected(c, s->value, decl);
        if (!strict_compat(c, decl, t))
            ERR(c, "E300", s->loc, "Type mismatch in tuple destructuring: declared type %s, but the value has type %s",
                tstr(decl), tstr(t));
        Sym *whole = xmalloc(sizeof *whole);
        whole->kind = SYM_LOCAL;
        whole->name = "<tuple>";
        whole->ty = decl;
        whole->id = new_local_id(c, whole);
        s->sym = whole;
        Type *d = ty_resolve(decl);
        if (d->kind != TY_TUPLE) {
            ERR(c, "E300", s->loc, "Tuple destructuring requires a tuple type, got %s", tstr(decl));
            return;
        }
        if (d->nargs != s->names.len) {
            ERR(c, "E300", s->loc, "Tuple has %d elements, but destructuring has %d names", d->nargs, s->names.len);
            return;
        }
        whole->nparts = s->names.len;
        whole->parts = xmalloc(sizeof(Sym *) * (s->names.len + 1));
        for (int i = 0; i < s->names.len; i++) whole->parts[i] = declare_local(c, s->names.items[i], d->args[i], mut);
        return;
    }
    int before = c->d->list.len;
    if (!s->type_ann) ptrmap_put(&recheck_scopes, s->value, c->scope);
    Type *t = check_expr(c, s->value);
    Type *bound;
    if (s->type_ann) {
        Type *decl = resolve_type(c, s->type_ann);
        record_expected(c, s->value, decl);
        if (!strict_compat(c, decl, t))
            ERR(c, "E300", s->loc, "Type mismatch in '%s %s': declared type %s, but the value has type %s", kw, s->name,
                tstr(decl), tstr(t));
        bound = decl;
    } else {
        if (c->d->list.len == before && (contains_any(t) || has_vars(t)))
            ERR(c, "E300", s->loc, "Cannot infer a concrete type for '%s %s' from %s; add an explicit type annotation", kw,
                s->name, tstr(t));
        bound = t;
    }
    /* Rebinding a name in the same scope keeps an earlier `var`'s mutability
     * (the reference's environment never forgets it). */
    Sym *prev = NULL;
    for (int i = c->scope->syms.len - 1; i >= 0; i--)
        if (strcmp(c->scope->syms.items[i]->name, s->name) == 0) {
            prev = c->scope->syms.items[i];
            break;
        }
    s->sym = declare_local(c, s->name, bound, mut || (prev && prev->is_mutable));
}

static const char *root_name(Expr *e) {
    while (e && (e->kind == EX_FIELD || e->kind == EX_INDEX)) e = e->a;
    return e && e->kind == EX_IDENT ? e->name : NULL;
}

static void mark_assigned(Checker *c, Sym *v) {
    if (!v || v->kind != SYM_LOCAL) return;
    note_use(c, v);
    v->assigned = true;
    if (v->captured && v->is_mutable) v->assigned_after_capture = true;
}

static void check_assign(Checker *c, Stmt *s) {
    Sym *v = lookup_var(c, s->name);
    if (!v) {
        ERR(c, "E301", s->loc, "Undefined variable: %s%s", s->name, suggest_vars(c, s->name));
        return;
    }
    s->sym = v;
    if (v->kind != SYM_LOCAL || !v->is_mutable) {
        ERR(c, "E306", s->loc, "Cannot assign to immutable variable: %s", s->name);
        return;
    }
    mark_assigned(c, v);
    Type *t = check_expr(c, s->value);
    record_expected(c, s->value, v->ty);
    if (!strict_compat(c, v->ty, t))
        ERR(c, "E300", s->loc, "Type mismatch in assignment: expected %s, got %s", tstr(v->ty), tstr(t));
}

static bool immutable_root(Checker *c, Expr *target, const char **name) {
    *name = root_name(target);
    if (!*name) return false;
    Sym *v = lookup_var(c, *name);
    if (!v) return false;
    if (v->kind == SYM_LOCAL && v->is_mutable) {
        mark_assigned(c, v);
        return false;
    }
    return true;
}

static void check_index_assign(Checker *c, Stmt *s) {
    Type *t = ty_resolve(check_expr(c, s->target));
    Type *it = ty_resolve(check_expr(c, s->index));
    Type *vt = check_expr(c, s->value);
    const char *root;
    if (immutable_root(c, s->target, &root)) {
        ERR(c, "E306", s->loc, "Cannot assign index on immutable variable: %s", root);
        return;
    }
    if (t->kind == TY_ARRAY || t->kind == TY_VEC) {
        if (it->kind != TY_INT)
            ERR(c, "E300", s->loc, "%s index must be Int, got %s", t->kind == TY_ARRAY ? "Array" : "Vec", tstr(it));
        record_expected(c, s->value, t->args[0]);
        if (!strict_compat(c, t->args[0], vt))
            ERR(c, "E300", s->loc, "Type mismatch: expected %s, got %s", tstr(t->args[0]), tstr(vt));
    } else if (t->kind == TY_MUTMAP) {
        if (!strict_compat(c, t->args[0], it))
            ERR(c, "E300", s->loc, "Map key type mismatch: expected %s, got %s", tstr(t->args[0]), tstr(it));
        record_expected(c, s->value, t->args[1]);
        if (!strict_compat(c, t->args[1], vt))
            ERR(c, "E300", s->loc, "Map value type mismatch: expected %s, got %s", tstr(t->args[1]), tstr(vt));
    } else {
        ERR(c, "E300", s->loc, "Cannot use index assignment on %s (only Array, Vec, MutableMap)", tstr(t));
    }
}

Type *field_type_of(Checker *c, Type *t, const char *name, SrcLoc loc, const char *what, bool *reported);

static void check_field_assign(Checker *c, Stmt *s) {
    Type *t = ty_resolve(check_expr(c, s->target));
    if (t->kind != TY_ADT) {
        ERR(c, "E300", s->loc, "Cannot assign field '%s' on type %s", s->name, tstr(t));
        return;
    }
    const char *root;
    if (immutable_root(c, s->target, &root)) {
        ERR(c, "E306", s->loc, "Cannot assign field on immutable variable: %s", root);
        return;
    }
    Type *vt = check_expr(c, s->value);
    bool reported;
    Type *ft = field_type_of(c, t, s->name, s->loc, "update", &reported);
    if (reported) return;
    if (!ft) {
        ERR(c, "E307", s->loc, "No field '%s' on type %s", s->name, t->name);
        return;
    }
    record_expected(c, s->value, ft);
    if (!strict_compat(c, ft, vt))
        ERR(c, "E300", s->loc, "Type mismatch: field '%s' expects %s, got %s", s->name, tstr(ft), tstr(vt));
}

static void check_scoped_block(Checker *c, StmtList *b) {
    push_scope(c);
    check_block(c, b);
    pop_scope(c);
}

static void check_return(Checker *c, Stmt *s) {
    if (!c->cur_ret) {
        ERR(c, "E300", s->loc, "Return outside of function");
        return;
    }
    Type *t = s->value ? check_expr(c, s->value) : t_unit();
    if (c->lambda_rets) {
        vec_push(c->lambda_rets, t);
        return;
    }
    if (s->value) record_expected(c, s->value, c->cur_ret);
    if (!strict_compat(c, c->cur_ret, t))
        ERR(c, "E300", s->loc, "Return type mismatch: expected %s, got %s", tstr(c->cur_ret), tstr(t));
}

void check_stmt(Checker *c, Stmt *s) {
    switch (s->kind) {
    case ST_LET:
    case ST_VAR:
        check_let(c, s);
        return;
    case ST_ASSIGN:
        check_assign(c, s);
        return;
    case ST_INDEX_ASSIGN:
        check_index_assign(c, s);
        return;
    case ST_FIELD_ASSIGN:
        check_field_assign(c, s);
        return;
    case ST_IF: {
        Type *t = check_expr(c, s->cond);
        if (!is_kind(t, TY_BOOL)) ERR(c, "E300", s->loc, "If condition must be Bool, got %s", tstr(t));
        check_scoped_block(c, &s->body);
        check_scoped_block(c, &s->else_body);
        return;
    }
    case ST_WHILE: {
        Type *t = check_expr(c, s->cond);
        if (!is_kind(t, TY_BOOL)) ERR(c, "E300", s->loc, "While condition must be Bool, got %s", tstr(t));
        c->loop_depth++;
        check_scoped_block(c, &s->body);
        c->loop_depth--;
        return;
    }
    case ST_FOR: {
        Type *it = ty_resolve(check_expr(c, s->value));
        Type *elem = t_any();
        if (it->kind != TY_LIST && it->kind != TY_ARRAY)
            ERR(c, "E300", s->loc, "For loop requires List or Array, got %s", tstr(it));
        else
            elem = it->args[0];
        Type *vt = resolve_type(c, s->type_ann);
        if (!strict_compat(c, vt, elem))
            ERR(c, "E300", s->loc, "For variable type %s doesn't match list element type %s", tstr(vt), tstr(elem));
        else if (!is_kind(it, TY_ERROR))
            record_expected(c, s->value, it->kind == TY_ARRAY ? ty_new(TY_ARRAY, 1, &vt) : ty_list(vt));
        push_scope(c);
        s->sym = declare_local(c, s->name, vt, false);
        c->loop_depth++;
        check_block(c, &s->body);
        c->loop_depth--;
        pop_scope(c);
        return;
    }
    case ST_MATCH: {
        ptrmap_put(&recheck_scopes, s->value, c->scope);
        Type *st = check_expr(c, s->value);
        for (int i = 0; i < s->arms.len; i++) {
            MatchArm *arm = &s->arms.items[i];
            push_scope(c);
            check_pattern(c, arm->pattern, st);
            if (arm->guard) {
                Type *g = check_expr(c, arm->guard);
                if (!is_kind(g, TY_BOOL)) ERR(c, "E300", arm->loc, "Match guard must be Bool, got %s", tstr(g));
            }
            check_block(c, &arm->body);
            pop_scope(c);
        }
        check_exhaustive(c, st, &s->arms, s->loc);
        return;
    }
    case ST_RETURN:
        check_return(c, s);
        return;
    case ST_BREAK:
        if (!c->loop_depth) ERR(c, "E300", s->loc, "'break' outside of loop");
        return;
    case ST_CONTINUE:
        if (!c->loop_depth) ERR(c, "E300", s->loc, "'continue' outside of loop");
        return;
    case ST_TRY: {
        check_scoped_block(c, &s->body);
        Type *ct = resolve_type(c, s->type_ann);
        TyKind k = ty_resolve(ct)->kind;
        bool ok = k == TY_STRING || (k == TY_ADT && strcmp(ty_resolve(ct)->name, "Option") != 0 &&
                                     strcmp(ty_resolve(ct)->name, "Result") != 0);
        if (!ok) ERR(c, "E300", s->catch_loc, "Catch variable must be String or a user-defined type, got %s", tstr(ct));
        push_scope(c);
        s->sym = declare_local(c, s->catch_name, ct, false);
        check_block(c, &s->else_body);
        pop_scope(c);
        return;
    }
    case ST_EXPR:
        check_expr(c, s->value);
        return;
    case ST_ASSERT: {
        Type *t = ty_resolve(check_expr(c, s->value));
        if (t->kind != TY_BOOL && t->kind != TY_VAR)
            ERR(c, "E300", s->loc, "Assert expression must be Bool, got %s", tstr(t));
        return;
    }
    }
}

void check_block(Checker *c, StmtList *body) {
    for (int i = 0; i < body->len; i++) check_stmt(c, body->items[i]);
}

static bool stmt_returns(Stmt *s) {
    switch (s->kind) {
    case ST_RETURN:
        return true;
    case ST_EXPR:
        return s->value->kind == EX_THROW;
    case ST_IF:
        return definitely_returns(&s->body) && definitely_returns(&s->else_body);
    case ST_MATCH:
        if (!s->arms.len) return false;
        for (int i = 0; i < s->arms.len; i++)
            if (!definitely_returns(&s->arms.items[i].body)) return false;
        return true;
    case ST_TRY:
        return definitely_returns(&s->body) && definitely_returns(&s->else_body);
    default:
        return false;
    }
}

bool definitely_returns(StmtList *body) {
    for (int i = 0; i < body->len; i++)
        if (stmt_returns(body->items[i])) return true;
    return false;
}
