/* effects_http.c — the program side of the http and serve capabilities.
 *
 * http_fetch, http_post and http_request check their capability (E412),
 * encode a HOST_HTTP_REQUEST (builtin name, method, url, body, header
 * name/value pairs) and let the host (host/http.c) perform it — in this
 * process for a `genoc build` binary, in the supervising parent for
 * `genoc run`. Replies as effects.c's: HOST_FAIL is E499 with the
 * reference's text, HOST_ERR the Err of http_request, HOST_TIMEOUT E501.
 *
 * serve: http_route keeps the routes here (method upper-cased, in
 * registration order); http_respond builds an HttpResponse (it needs the
 * serve capability, as in the reference); http_listen asks the host to
 * listen on 127.0.0.1:PORT, prints "Listening on http://127.0.0.1:PORT"
 * (straight to stdout, as the reference's Python print), then loops: the
 * host accepts and checks the next request ("serve_next": Host header,
 * Content-Length, UTF-8 body, methods GET/POST/PUT/DELETE — it answers the
 * others itself), this side routes it (exact method and path, else 404
 * "Not Found"), runs the handler and sends its HttpResponse back
 * ("serve_respond"), which the host validates (status 200..599, header
 * names and values, the headers the server manages) before writing it; an
 * error in the handler is a 500 "Internal Server Error". As in the
 * reference each handler gets a fresh step budget and its prints are
 * discarded. The loop never returns: the run's --timeout ends it (E501).
 */
#define _GNU_SOURCE
#include "effects.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geno/rt.h"
#include "print.h"
#include "run.h"

static void add_str(HostMsg *m, GenoStr *s) { host_msg_add(m, s->data, (size_t)s->len); }

static GenoStr *part_str(HostMsg *reply, uint32_t i) {
    return i < reply->n ? geno_str_new(reply->parts[i].data, (int64_t)reply->parts[i].len) : geno_str_new("", 0);
}

static GenoWord W(const void *p) { return (GenoWord)(uintptr_t)p; }

/* Appends the (String, String) pairs of a List[(String, String)]. */
static void add_pairs(HostMsg *m, GenoList *pairs) {
    int64_t n = geno_list_len(pairs);
    for (int64_t i = 0; i < n; i++) {
        GenoTuple *t = (GenoTuple *)(uintptr_t)geno_list_get(pairs, i);
        add_str(m, (GenoStr *)(uintptr_t)t[0]);
        add_str(m, (GenoStr *)(uintptr_t)t[1]);
    }
}

/* List[(String, String)] from reply parts [from, reply->n) taken in pairs. */
static GenoList *pairs_from(HostMsg *reply, uint32_t from, GenoLoc loc) {
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (uint32_t i = from; i + 1 < reply->n; i += 2)
        geno_list_builder_add(&b, W(geno_tuple2(W(part_str(reply, i)), W(part_str(reply, i + 1)))), loc);
    return geno_list_builder_finish(&b);
}

/* HttpResponse(status, body, headers), the checker's field order. */
static GenoAdt *http_response(GenoInt status, GenoStr *body, GenoList *headers) {
    GenoAdt *r = geno_alloc(sizeof(GenoAdt) + 3 * sizeof(GenoWord));
    r->tag = 0;
    r->fields[0] = (GenoWord)status;
    r->fields[1] = W(body);
    r->fields[2] = W(headers);
    return r;
}

/* ---- http ------------------------------------------------------------------- */

static void http_call(HostMsg *reply, const char *fn, const char *method, GenoStr *method_str, GenoStr *url,
                      GenoStr *body, GenoList *headers, GenoLoc loc) {
    geno_require_cap(GENO_CAP_HTTP, fn, loc);
    HostMsg req;
    host_msg_init(&req, HOST_HTTP_REQUEST);
    host_msg_add_str(&req, fn);
    if (method_str) add_str(&req, method_str);
    else host_msg_add_str(&req, method);
    add_str(&req, url);
    if (body) add_str(&req, body);
    else host_msg_add(&req, "", 0);
    if (headers) add_pairs(&req, headers);
    geno_host_call(&req, reply, loc);
}

GenoStr *geno_http_fetch(GenoStr *url, GenoLoc loc) {
    HostMsg reply;
    http_call(&reply, "http_fetch", "GET", NULL, url, NULL, NULL, loc);
    GenoStr *s = part_str(&reply, 0);
    host_msg_free(&reply);
    return s;
}

GenoStr *geno_http_post(GenoStr *url, GenoStr *body, GenoLoc loc) {
    HostMsg reply;
    http_call(&reply, "http_post", "POST", NULL, url, body, NULL, loc);
    GenoStr *s = part_str(&reply, 0);
    host_msg_free(&reply);
    return s;
}

GenoAdt *geno_http_request(GenoStr *method, GenoStr *url, GenoList *headers, GenoStr *body, GenoLoc loc) {
    HostMsg reply;
    http_call(&reply, "http_request", NULL, method, url, body, headers, loc);
    if (reply.op == HOST_ERR) {
        GenoStr *e = part_str(&reply, 0);
        host_msg_free(&reply);
        return geno_err(W(e));
    }
    GenoInt status = GENO_INT_SMALL(reply.n ? strtoll(reply.parts[0].data, NULL, 10) : 0);
    GenoStr *text = part_str(&reply, 1);
    GenoList *hs = pairs_from(&reply, 2, loc);
    host_msg_free(&reply);
    return geno_ok(W(http_response(status, text, hs)));
}

/* ---- serve ------------------------------------------------------------------- */

typedef struct {
    GenoStr *method;
    GenoStr *path;
    GenoClosure *handler;
} Route;

static Route *routes;           /* GC memory (geno_alloc): the static is a root */
static int64_t nroutes, route_cap;

GenoAdt *geno_http_respond(GenoInt status, GenoList *headers, GenoStr *body, GenoLoc loc) {
    geno_require_cap(GENO_CAP_SERVE, "http_respond", loc);
    return http_response(status, body, headers);
}

void geno_http_route(GenoStr *method, GenoStr *path, GenoClosure *handler, GenoLoc loc) {
    geno_require_cap(GENO_CAP_SERVE, "http_route", loc);
    int64_t count = nroutes + 1;
    if (count > geno_cfg.max_collection_size)
        geno_raise("E499", loc, "Route registry size exceeds limit (%lld > %lld)", (long long)count,
                   (long long)geno_cfg.max_collection_size);
    if (nroutes == route_cap) {
        int64_t cap = route_cap ? 2 * route_cap : 8;
        Route *r = geno_alloc(sizeof *r * (size_t)cap);
        if (nroutes) memcpy(r, routes, sizeof *r * (size_t)nroutes);
        routes = r;
        route_cap = cap;
    }
    routes[nroutes].method = geno_to_upper(method, loc);
    routes[nroutes].path = path;
    routes[nroutes].handler = handler;
    nroutes++;
}

static bool str_eq_bytes(GenoStr *s, const char *p, size_t n) {
    return (size_t)s->len == n && memcmp(s->data, p, n) == 0;
}

/* Sends the answer to the request the host is holding. */
static void respond(const char *kind, GenoInt status, GenoStr *body, GenoList *headers, GenoLoc loc) {
    HostMsg req, reply;
    host_msg_init(&req, HOST_HTTP_REQUEST);
    host_msg_add_str(&req, "serve_respond");
    host_msg_add_str(&req, kind);
    GenoStr *st = geno_int_to_str(status);
    add_str(&req, st);
    if (body) add_str(&req, body);
    else host_msg_add(&req, "", 0);
    if (headers) add_pairs(&req, headers);
    geno_host_call(&req, &reply, loc);
    host_msg_free(&reply);
}

/* One request: route it and answer. */
static void serve_one(HostMsg *next, GenoLoc loc) {
    /* parts: method, raw path, body, header name/value pairs */
    const HostBytes *m = &next->parts[0], *raw = &next->parts[1];
    const char *q = memchr(raw->data, '?', raw->len);
    size_t path_len = q ? (size_t)(q - raw->data) : raw->len;
    Route *route = NULL;
    for (int64_t i = 0; i < nroutes && !route; i++)
        if (str_eq_bytes(routes[i].method, m->data, m->len) && str_eq_bytes(routes[i].path, raw->data, path_len))
            route = &routes[i];
    if (!route) {
        host_msg_free(next);
        static const char nf[] = "Not Found";
        respond("plain", GENO_INT_SMALL(404), geno_str_new(nf, sizeof nf - 1), NULL, loc);
        return;
    }
    /* HttpRequest(method, path, query, headers, body) */
    GenoAdt *hreq = geno_alloc(sizeof(GenoAdt) + 5 * sizeof(GenoWord));
    hreq->tag = 0;
    hreq->fields[0] = W(part_str(next, 0));
    hreq->fields[1] = W(geno_str_new(raw->data, (int64_t)path_len));
    hreq->fields[2] = W(q ? geno_str_new(q + 1, (int64_t)(raw->len - path_len - 1)) : geno_str_new("", 0));
    hreq->fields[3] = W(pairs_from(next, 3, loc));
    hreq->fields[4] = W(part_str(next, 2));
    host_msg_free(next);

    /* A fresh step budget, prints discarded (_run_serve_handler). */
    int64_t saved_steps = geno_steps_left;
    geno_steps_left = geno_cfg.max_steps > 0 ? geno_cfg.max_steps : INT64_MAX;
    geno_out_suppress(1);
    GenoTryFrame f;
    GenoAdt *volatile resp = NULL;
    const char *volatile failed = NULL;
    geno_try_push(&f, 1);
    if (setjmp(f.jb) == 0) {
        resp = (GenoAdt *)(uintptr_t)GENO_CALL1(route->handler, W(hreq));
        geno_try_pop(&f);
    } else {
        /* The reference answers 500 to an error, and drops the connection
         * on a resource limit or timeout (its SandboxError). */
        failed = f.code && !strncmp(f.code, "E50", 3) ? "drop" : "error";
    }
    geno_out_suppress(0);
    geno_steps_left = saved_steps;
    if (failed) {
        /* the host logs it (as the reference logs the exception) */
        GenoStr *why = geno_caught_message(&f) ? f.message : geno_str_new("", 0);
        char code[16];
        snprintf(code, sizeof code, "%s", f.code ? f.code : "E499");
        GenoBuf *b = geno_buf_new();
        geno_buf_add_str(b, geno_str_new("error[", 6));
        geno_buf_add_str(b, geno_str_new(code, (int64_t)strlen(code)));
        geno_buf_add_str(b, geno_str_new("]: ", 3));
        geno_buf_add_str(b, why);
        respond(failed, GENO_INT_SMALL(500), geno_buf_finish(b, loc), NULL, loc);
    } else {
        respond("handler", (GenoInt)resp->fields[0], (GenoStr *)(uintptr_t)resp->fields[1],
                (GenoList *)(uintptr_t)resp->fields[2], loc);
    }
}

void geno_http_listen(GenoInt port, GenoLoc loc) {
    geno_require_cap(GENO_CAP_SERVE, "http_listen", loc);
    HostMsg req, reply;
    host_msg_init(&req, HOST_HTTP_REQUEST);
    host_msg_add_str(&req, "http_listen");
    GenoStr *ps = geno_int_to_str(port);
    add_str(&req, ps);
    geno_host_call(&req, &reply, loc);
    host_msg_free(&reply);
    /* Python's print(): stdout, not the program's counted output. */
    static const char head[] = "Listening on http://127.0.0.1:";
    geno_out_write(head, sizeof head - 1);
    geno_out_write(ps->data, ps->len);
    geno_out_write("\n", 1);
    geno_out_flush();
    for (;;) {
        HostMsg next;
        host_msg_init(&req, HOST_HTTP_REQUEST);
        host_msg_add_str(&req, "serve_next");
        geno_host_call(&req, &next, loc);
        if (next.n < 3) {
            host_msg_free(&next);
            continue;
        }
        serve_one(&next, loc);
    }
}
