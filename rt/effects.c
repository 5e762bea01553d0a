/* effects.c — the builtins that need authority: fs, env, process, stdin,
 * sleep_ms (http: rt/effects_http.c).
 *
 * Each checks its capability (E412), encodes a request (host/host.h) and
 * passes it to the transport: host_perform in this process for `genoc
 * build` binaries (policy from the binary's flags), or the broker socket to
 * the supervising parent inside the `genoc run` sandbox, where this process
 * can no longer make the system calls itself. The reply becomes the Geno
 * value, or the error the reference raises:
 *   HOST_FAIL -> E499 (catchable), HOST_DENIED -> E412,
 *   HOST_TIMEOUT -> E501 "Execution timed out after S seconds".
 */
#define _GNU_SOURCE
#include "effects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "geno/rt.h"
#include "int.h"
#include "run.h"

HostPolicy geno_host_policy;

static void direct_transport(const HostMsg *req, HostMsg *reply) {
    host_perform(&geno_host_policy, req, reply);
}

static int broker_fd = -1;

/* A broker that does not answer is gone (it killed us, or is dying). */
static void socket_transport(const HostMsg *req, HostMsg *reply) {
    if (host_msg_write(broker_fd, req) != 0 || host_msg_read(broker_fd, reply, HOST_MAX_REPLY) != 0)
        _exit(70);
}

static void (*transport)(const HostMsg *, HostMsg *) = direct_transport;

void geno_host_use_broker(int fd) {
    broker_fd = fd;
    transport = socket_transport;
}

/* Performs req; on anything but HOST_OK / HOST_ERR raises the matching
 * error (after freeing both messages). */
void geno_host_call(HostMsg *req, HostMsg *reply, GenoLoc loc) {
    transport(req, reply);
    host_msg_free(req);
    if (reply->op == HOST_OK || reply->op == HOST_ERR) return;
    uint32_t st = reply->op;
    GenoStr *text = reply->n ? geno_str_new(reply->parts[0].data, (int64_t)reply->parts[0].len)
                             : geno_str_new("", 0);
    host_msg_free(reply);
    if (st == HOST_DENIED) geno_raise_str("E412", loc, text);
    if (st == HOST_TIMEOUT) {
        char secs[32];
        double t = geno_host_policy.timeout_s;
        if (t == (double)(int64_t)t) snprintf(secs, sizeof secs, "%.1f", t);
        else snprintf(secs, sizeof secs, "%g", t);
        geno_raise("E501", loc, "Execution timed out after %s seconds", secs);
    }
    geno_raise_str("E499", loc, text);
}

/* The same for the other effect files (rt/effects_http.c). */

static void add_str(HostMsg *m, GenoStr *s) { host_msg_add(m, s->data, (size_t)s->len); }

static GenoStr *part_str(HostMsg *reply, uint32_t i) {
    return i < reply->n ? geno_str_new(reply->parts[i].data, (int64_t)reply->parts[i].len) : geno_str_new("", 0);
}

static GenoWord part_int(HostMsg *reply, uint32_t i) {
    return (GenoWord)GENO_INT_SMALL(i < reply->n ? strtoll(reply->parts[i].data, NULL, 10) : 0);
}

/* Err(text) from a HOST_ERR reply; frees it. */
static GenoAdt *err_result(HostMsg *reply) {
    GenoStr *e = part_str(reply, 0);
    host_msg_free(reply);
    return geno_err((GenoWord)(uintptr_t)e);
}

/* ---- fs --------------------------------------------------------------------- */

static void fs_request(HostMsg *reply, uint32_t op, const char *fn, GenoStr *path, GenoStr *content,
                       GenoLoc loc) {
    geno_require_cap(GENO_CAP_FS, fn, loc);
    HostMsg req;
    host_msg_init(&req, op);
    add_str(&req, path);
    if (content) add_str(&req, content);
    geno_host_call(&req, reply, loc);
}

GenoStr *geno_fs_read_text(GenoStr *path, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, HOST_FS_READ_TEXT, "fs_read_text", path, NULL, loc);
    GenoStr *s = part_str(&reply, 0);
    host_msg_free(&reply);
    return s;
}

void geno_fs_write_text(GenoStr *path, GenoStr *content, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, HOST_FS_WRITE_TEXT, "fs_write_text", path, content, loc);
    host_msg_free(&reply);
}

int geno_fs_exists(GenoStr *path, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, HOST_FS_EXISTS, "fs_exists", path, NULL, loc);
    int yes = reply.n && reply.parts[0].data[0] == '1';
    host_msg_free(&reply);
    return yes;
}

GenoAdt *geno_fs_list_dir(GenoStr *path, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, HOST_FS_LIST_DIR, "fs_list_dir", path, NULL, loc);
    if (reply.op == HOST_ERR) return err_result(&reply);
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (uint32_t i = 0; i < reply.n; i++) geno_list_builder_add(&b, (GenoWord)(uintptr_t)part_str(&reply, i), loc);
    host_msg_free(&reply);
    return geno_ok((GenoWord)(uintptr_t)geno_list_builder_finish(&b));
}

static GenoAdt *metadata(uint32_t op, const char *fn, GenoStr *path, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, op, fn, path, NULL, loc);
    if (reply.op == HOST_ERR) return err_result(&reply);
    /* FileMetadata(kind: FileKind, size: Int, modified_ms: Int). */
    GenoAdt *m = geno_alloc(sizeof(GenoAdt) + 3 * sizeof(GenoWord));
    m->tag = 0;
    m->fields[0] = (GenoWord)(uintptr_t)GENO_NULLARY(reply.n ? atoi(reply.parts[0].data) & 3 : 3);
    m->fields[1] = part_int(&reply, 1);
    m->fields[2] = part_int(&reply, 2);
    host_msg_free(&reply);
    return geno_ok((GenoWord)(uintptr_t)m);
}

GenoAdt *geno_fs_metadata(GenoStr *path, GenoLoc loc) {
    return metadata(HOST_FS_METADATA, "fs_metadata", path, loc);
}

GenoAdt *geno_fs_symlink_metadata(GenoStr *path, GenoLoc loc) {
    return metadata(HOST_FS_SYMLINK_METADATA, "fs_symlink_metadata", path, loc);
}

GenoAdt *geno_fs_canonicalize(GenoStr *path, GenoLoc loc) {
    HostMsg reply;
    fs_request(&reply, HOST_FS_CANONICALIZE, "fs_canonicalize", path, NULL, loc);
    if (reply.op == HOST_ERR) return err_result(&reply);
    GenoStr *s = part_str(&reply, 0);
    host_msg_free(&reply);
    return geno_ok((GenoWord)(uintptr_t)s);
}

/* ---- env -------------------------------------------------------------------- */

/* The variable's value, or NULL when unset. */
static GenoStr *env_lookup(const char *fn, GenoStr *name, GenoLoc loc) {
    geno_require_cap(GENO_CAP_ENV, fn, loc);
    HostMsg req, reply;
    host_msg_init(&req, HOST_ENV_GET);
    host_msg_add_str(&req, fn);
    add_str(&req, name);
    geno_host_call(&req, &reply, loc);
    GenoStr *v = reply.op == HOST_OK ? part_str(&reply, 0) : NULL;
    host_msg_free(&reply);
    if (v && v->cplen > geno_cfg.max_collection_size)
        geno_raise("E499", loc, "%s: String size exceeds limit (%lld > %lld)", fn, (long long)v->cplen,
                   (long long)geno_cfg.max_collection_size);
    return v;
}

GenoAdt *geno_env_get(GenoStr *name, GenoLoc loc) {
    GenoStr *v = env_lookup("env_get", name, loc);
    return v ? geno_some((GenoWord)(uintptr_t)v) : geno_none();
}

GenoStr *geno_env_get_or(GenoStr *name, GenoStr *fallback, GenoLoc loc) {
    GenoStr *v = env_lookup("env_get_or", name, loc);
    return v ? v : fallback;
}

GenoList *geno_cli_args(GenoLoc loc) {
    geno_require_cap(GENO_CAP_ENV, "cli_args", loc);
    HostMsg req, reply;
    host_msg_init(&req, HOST_CLI_ARGS);
    geno_host_call(&req, &reply, loc);
    GenoListBuilder b;
    geno_list_builder_init(&b);
    for (uint32_t i = 0; i < reply.n; i++) geno_list_builder_add(&b, (GenoWord)(uintptr_t)part_str(&reply, i), loc);
    host_msg_free(&reply);
    return geno_list_builder_finish(&b);
}

/* ---- process ---------------------------------------------------------------- */

/* Ok(ProcessResult(exit_code, stdout, stderr)) or Err(text). */
static GenoAdt *process_result(HostMsg *req, GenoLoc loc) {
    HostMsg reply;
    geno_host_call(req, &reply, loc);
    if (reply.op == HOST_ERR) return err_result(&reply);
    GenoAdt *r = geno_alloc(sizeof(GenoAdt) + 3 * sizeof(GenoWord));
    r->tag = 0;
    r->fields[0] = part_int(&reply, 0);
    r->fields[1] = (GenoWord)(uintptr_t)part_str(&reply, 1);
    r->fields[2] = (GenoWord)(uintptr_t)part_str(&reply, 2);
    host_msg_free(&reply);
    return geno_ok((GenoWord)(uintptr_t)r);
}

static void process_request(HostMsg *req, uint32_t op, const char *fn, GenoStr *input, GenoLoc loc) {
    geno_require_cap(GENO_CAP_PROCESS, fn, loc);
    host_msg_init(req, op);
    host_msg_add_str(req, input ? "1" : "0");
    if (input) add_str(req, input);
    else host_msg_add(req, "", 0);
}

GenoAdt *geno_exec(GenoStr *command, GenoStr *input, GenoLoc loc) {
    HostMsg req;
    process_request(&req, HOST_EXEC, input ? "exec_with_input" : "exec", input, loc);
    add_str(&req, command);
    return process_result(&req, loc);
}

GenoAdt *geno_spawn(GenoStr *program, GenoList *args, GenoStr *input, GenoLoc loc) {
    HostMsg req;
    process_request(&req, HOST_SPAWN, input ? "spawn_with_input" : "spawn", input, loc);
    add_str(&req, program);
    int64_t n = geno_list_len(args);
    for (int64_t i = 0; i < n; i++) add_str(&req, (GenoStr *)(uintptr_t)geno_list_get(args, i));
    return process_result(&req, loc);
}

/* ---- stdin and sleep -------------------------------------------------------- */

GenoAdt *geno_stdin_read_all(GenoLoc loc) {
    geno_require_cap(GENO_CAP_STDIN, "stdin_read_all", loc);
    HostMsg req, reply;
    host_msg_init(&req, HOST_STDIN_READ_ALL);
    geno_host_call(&req, &reply, loc);
    if (reply.op == HOST_ERR) return err_result(&reply);
    GenoStr *s = part_str(&reply, 0);
    host_msg_free(&reply);
    return geno_ok((GenoWord)(uintptr_t)s);
}

void geno_sleep_ms(GenoInt ms, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "sleep_ms", loc);
    if (!GENO_INT_IS_SMALL(ms)) {
        if (geno_int_sign(ms) < 0) geno_raise("E499", loc, "sleep_ms: negative duration not allowed");
        ms = GENO_INT_SMALL(GENO_SMALL_MAX);    /* longer than any deadline */
    }
    HostMsg req, reply;
    host_msg_init(&req, HOST_SLEEP_MS);
    host_msg_addf(&req, "%lld", (long long)GENO_INT_VALUE(ms));
    geno_host_call(&req, &reply, loc);
    host_msg_free(&reply);
}

/* ---- the policy of a `genoc build` binary ----------------------------------- */

static void push(char ***list, int *n, const char *v, size_t len) {
    *list = realloc(*list, sizeof **list * (size_t)(*n + 1));
    (*list)[(*n)++] = strndup(v, len);
}

/* --fs-root DIR, --env-allow NAME[,NAME], --http-allow-private and the
 * program arguments after `--`; the other flags are geno_parse_flags'. */
void geno_host_policy_from_flags(int argc, char **argv, const GenoConfig *cfg, const char *source_path) {
    HostPolicy *p = &geno_host_policy;
    char **roots = NULL;
    int nroots = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            while (++i < argc) push(&p->program_args, &p->nprogram_args, argv[i], strlen(argv[i]));
            break;
        }
        if (strcmp(a, "--http-allow-private") == 0) {
            p->http_allow_private = true;
            continue;
        }
        bool root = strncmp(a, "--fs-root", 9) == 0 && (a[9] == '\0' || a[9] == '=');
        bool env = strncmp(a, "--env-allow", 11) == 0 && (a[11] == '\0' || a[11] == '=');
        if (!root && !env) continue;
        const char *v = strchr(a, '=') ? strchr(a, '=') + 1 : (i + 1 < argc ? argv[++i] : "");
        if (root) push(&roots, &nroots, v, strlen(v));
        else host_add_names(&p->env_allow, &p->nenv_allow, v);
    }
    p->caps = cfg->caps;
    p->max_text_chars = cfg->max_collection_size;
    p->max_write_bytes = cfg->max_file_size_bytes > 0 ? cfg->max_file_size_bytes : cfg->max_collection_size;
    host_policy_default_roots(p, source_path);
    for (int i = 0; i < nroots; i++) host_policy_add_root(p, roots[i]);
}
