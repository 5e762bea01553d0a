/* host.c — dispatching a request to its effect family, and the policy
 * helpers they share. Each family re-checks the capability itself: a
 * request from the sandboxed child is only a request. */
#define _GNU_SOURCE
#include "host.h"

#include <geno/rt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double host_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double host_ms_left(const HostPolicy *p) {
    return p->deadline_ms > 0 ? p->deadline_ms - host_now_ms() : 1e15;
}

/* An absolute version of path (relative to the current directory). */
static char *absolute(const char *path) {
    if (path[0] == '/') return strdup(path);
    char cwd[PATH_MAX], *abs = NULL;
    if (!getcwd(cwd, sizeof cwd)) return NULL;
    return asprintf(&abs, "%s/%s", cwd, path) < 0 ? NULL : abs;
}

void host_policy_add_root(HostPolicy *p, const char *dir) {
    char *abs = absolute(dir);
    char *real = abs ? host_realpath(abs) : NULL;
    free(abs);
    if (!real) return;
    char **r = realloc(p->fs_roots, sizeof *r * (size_t)(p->nfs_roots + 1));
    if (!r) {
        free(real);
        return;
    }
    p->fs_roots = r;
    p->fs_roots[p->nfs_roots++] = real;
}

void host_add_names(char ***list, int *n, const char *csv) {
    for (const char *q = csv; *q;) {
        size_t k = strcspn(q, ",");
        if (k) {
            char **g = realloc(*list, sizeof **list * (size_t)(*n + 1));
            if (!g) return;
            *list = g;
            (*list)[(*n)++] = strndup(q, k);
        }
        q += k + (q[k] == ',');
    }
}

void host_policy_default_roots(HostPolicy *p, const char *source_path) {
    host_policy_add_root(p, ".");
    if (source_path) {
        char *abs = absolute(source_path);
        if (abs) {
            char *slash = strrchr(abs, '/');
            if (slash == abs) slash[1] = '\0';
            else if (slash) *slash = '\0';
            host_policy_add_root(p, abs);
            free(abs);
        }
    }
    /* Path-like program arguments: absolute, or with a '/'. */
    for (int i = 0; i < p->nprogram_args; i++) {
        const char *a = p->program_args[i];
        if (a[0] != '/' && !strchr(a, '/')) continue;
        char *abs = absolute(a);
        char *real = abs ? host_realpath(abs) : NULL;
        free(abs);
        if (!real) continue;
        struct stat st;
        if (!(stat(real, &st) == 0 && S_ISDIR(st.st_mode))) {
            char *slash = strrchr(real, '/');
            if (slash == real) slash[1] = '\0';
            else if (slash) *slash = '\0';
        }
        host_policy_add_root(p, real);
        free(real);
    }
}

void host_perform(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    host_msg_init(reply, HOST_OK);
    switch (req->op) {
    case HOST_FS_READ_TEXT: case HOST_FS_WRITE_TEXT: case HOST_FS_LIST_DIR: case HOST_FS_EXISTS:
    case HOST_FS_METADATA: case HOST_FS_SYMLINK_METADATA: case HOST_FS_CANONICALIZE:
        host_fs(p, req, reply);
        return;
    case HOST_ENV_GET: case HOST_CLI_ARGS:
        host_env(p, req, reply);
        return;
    case HOST_EXEC: case HOST_SPAWN:
        host_process(p, req, reply);
        return;
    case HOST_STDIN_READ_ALL:
        host_stdin(p, req, reply);
        return;
    case HOST_SLEEP_MS:
        host_sleep(p, req, reply);
        return;
    case HOST_HTTP_REQUEST:
        host_http(p, req, reply);
        return;
    default:
        host_reply_text(reply, HOST_FAIL, "unknown host operation %u", req->op);
    }
}
