/* env.c — the env capability: environment variables and program arguments.
 *
 * The reference's CLI reads any variable once `--cap env` is granted, secrets
 * included. genoc applies the deny-list its hosted mode uses (names that look
 * like credentials: AWS_*, *_TOKEN, *PASSWORD*, ...) unless the name is
 * allowed with --env-allow NAME (or a PREFIX*); a denied name raises E412
 * with the reference's hosted-mode message. */
#define _GNU_SOURCE
#include "host.h"

#include <ctype.h>
#include <geno/rt.h>
#include <stdlib.h>
#include <string.h>

static bool looks_secret(const char *name) {
    static const char *const exact[] = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                                        "GENO_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS", NULL};
    static const char *const prefixes[] = {"AWS_", "AZURE_", "GCP_", "GCLOUD_", "GOOGLE_", NULL};
    static const char *const suffixes[] = {"_CREDENTIAL", "_CREDENTIALS", "_KEY", "_PASS", "_PWD", NULL};
    static const char *const parts[] = {"APIKEY", "CONNECTION_STRING", "DATABASE_URL", "DB_URL", "PASSPHRASE",
                                        "PASSWD", "PASSWORD", "PRIVATE_KEY", "SECRET", "TOKEN", NULL};
    size_t n = strlen(name);
    char *up = malloc(n + 1);
    if (!up) return true;
    for (size_t i = 0; i <= n; i++) up[i] = (char)toupper((unsigned char)name[i]);
    bool hit = false;
    for (int i = 0; exact[i] && !hit; i++) hit = !strcmp(up, exact[i]);
    for (int i = 0; prefixes[i] && !hit; i++) hit = !strncmp(up, prefixes[i], strlen(prefixes[i]));
    for (int i = 0; suffixes[i] && !hit; i++) {
        size_t k = strlen(suffixes[i]);
        hit = n >= k && !strcmp(up + n - k, suffixes[i]);
    }
    for (int i = 0; parts[i] && !hit; i++) hit = strstr(up, parts[i]) != NULL;
    free(up);
    return hit;
}

static bool allowed(const HostPolicy *p, const char *name) {
    for (int i = 0; i < p->nenv_allow; i++) {
        const char *a = p->env_allow[i];
        size_t k = strlen(a);
        if (k && a[k - 1] == '*' ? !strncmp(name, a, k - 1) : !strcmp(name, a)) return true;
    }
    return !looks_secret(name);
}

void host_env(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    const char *fn = req->op == HOST_CLI_ARGS ? "cli_args" : req->n ? req->parts[0].data : "env_get";
    if (strcmp(fn, "env_get") && strcmp(fn, "env_get_or") && strcmp(fn, "cli_args")) fn = "env_get";
    if (!(p->caps & GENO_CAP_ENV))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: '%s' requires a capability that was not granted", fn);
    if (req->op == HOST_CLI_ARGS) {
        for (int i = 0; i < p->nprogram_args; i++) host_msg_add_str(reply, p->program_args[i]);
        return;
    }
    if (req->n != 2) return host_reply_text(reply, HOST_FAIL, "%s: malformed request", fn);
    const char *name = req->parts[1].data;
    if (memchr(name, '\0', req->parts[1].len) || memchr(name, '=', req->parts[1].len) || !*name) {
        /* Python's os.environ.get: such a name is simply absent. */
        host_msg_init(reply, HOST_ERR);
        return;
    }
    if (!allowed(p, name)) {
        char *r = host_py_repr(name);
        host_reply_text(reply, HOST_DENIED,
                        "%s: environment variable %s is not allowed by the host env policy", fn, r ? r : name);
        free(r);
        return;
    }
    const char *v = getenv(name);
    if (!v) {
        host_msg_init(reply, HOST_ERR);     /* unset: None / the default */
        return;
    }
    host_msg_add_str(reply, v);
}
