/* fs.c — the fs capability: seven builtins confined to the policy's roots.
 *
 * Paths are resolved as the reference's CLI does (geno/_serve.py): an
 * absolute path must resolve (symlinks followed) under some root; a
 * relative one is joined to each root in turn and the first resolution that
 * stays under that root wins. Everything escaping gives
 * "<builtin>: path escapes configured filesystem roots". Symlinks are
 * resolved before the check, so a link inside a root that points outside
 * is refused. Reads and writes use the resolved path, with O_NOFOLLOW on
 * the last component and O_NONBLOCK so a FIFO cannot stall the host.
 *
 * Results and error texts are Python's: OSError text "[Errno 2] No such
 * file or directory: '/abs/path'", universal newlines when reading text.
 */
#define _GNU_SOURCE
#include "host.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <geno/rt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *op_name(uint32_t op) {
    switch (op) {
    case HOST_FS_READ_TEXT: return "fs_read_text";
    case HOST_FS_WRITE_TEXT: return "fs_write_text";
    case HOST_FS_LIST_DIR: return "fs_list_dir";
    case HOST_FS_EXISTS: return "fs_exists";
    case HOST_FS_METADATA: return "fs_metadata";
    case HOST_FS_SYMLINK_METADATA: return "fs_symlink_metadata";
    default: return "fs_canonicalize";
    }
}

static bool under_root(const char *path, const char *root) {
    size_t n = strlen(root);
    if (strcmp(root, "/") == 0) return path[0] == '/';
    return strncmp(path, root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static char *join(const char *a, const char *b) {
    char *s = NULL;
    return asprintf(&s, "%s/%s", a, b) < 0 ? NULL : s;
}

/* The reference's lstat resolution: the parent resolved, the last
 * component kept (normalised). */
static char *resolve_keep_last(const char *path) {
    char *copy = strdup(path);
    if (!copy) return NULL;
    size_t n = strlen(copy);
    while (n > 1 && copy[n - 1] == '/') copy[--n] = '\0';
    char *slash = strrchr(copy, '/');
    char *name = slash + 1;
    *slash = '\0';
    char *parent = host_realpath(copy[0] ? copy : "/");
    char *out = NULL;
    if (parent && (!*name || !strcmp(name, "."))) out = strdup(parent);
    else if (parent && !strcmp(name, "..")) {
        char *s = strrchr(parent, '/');
        if (s == parent) s[1] = '\0';
        else if (s) *s = '\0';
        out = strdup(parent);
    } else if (parent) out = strcmp(parent, "/") ? join(parent, name) : join("", name);
    free(parent);
    free(copy);
    return out;
}

/* Resolves path under the roots; NULL with *why set (malloc) if it escapes. */
static char *resolve(const HostPolicy *p, const char *path, const char *fn, bool keep_last, char **why) {
    *why = NULL;
    if (path[0] == '/') {
        char *r = keep_last ? resolve_keep_last(path) : host_realpath(path);
        for (int i = 0; r && i < p->nfs_roots; i++)
            if (under_root(r, p->fs_roots[i])) return r;
        free(r);
    } else {
        for (int i = 0; i < p->nfs_roots; i++) {
            char *j = join(p->fs_roots[i], path);
            char *r = j ? (keep_last ? resolve_keep_last(j) : host_realpath(j)) : NULL;
            free(j);
            if (r && under_root(r, p->fs_roots[i])) return r;
            free(r);
        }
    }
    if (asprintf(why, "%s: path escapes configured filesystem roots", fn) < 0) *why = NULL;
    return NULL;
}

static void reply_err(HostMsg *reply, uint32_t st, char *text) {
    host_reply_text(reply, st, "%s", text ? text : "error");
    free(text);
}

static void read_text(const HostPolicy *p, const char *path, HostMsg *reply) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0) return reply_err(reply, HOST_FAIL, host_oserror(errno, path));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        close(fd);
        return reply_err(reply, HOST_FAIL, e == EISDIR ? host_oserror(EISDIR, path)
                                                      : strdup("fs_read_text: not a regular file"));
    }
    /* At most 4 bytes a character: anything longer exceeds the limit. */
    size_t cap = (size_t)p->max_text_chars * 4 + 4, len = 0;
    size_t want = (size_t)st.st_size < cap ? (size_t)st.st_size + 1 : cap + 1;
    char *buf = malloc(want + 1);
    if (!buf) {
        close(fd);
        return host_reply_text(reply, HOST_FAIL, "fs_read_text: out of memory");
    }
    ssize_t r;
    while (len < want && (r = read(fd, buf + len, want - len)) != 0) {
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) break;
        len += (size_t)r;
    }
    close(fd);
    size_t bad;
    if (!host_utf8_valid(buf, len, &bad)) {
        /* Python decodes text files incrementally: a sequence cut off by
         * the end of the file is reported relative to that pending tail. */
        char *why = host_utf8_error(buf, len, bad);
        if (why && strstr(why, "unexpected end of data")) {
            free(why);
            why = host_utf8_error(buf + bad, len - bad, 0);
        }
        reply_err(reply, HOST_FAIL, why);
        free(buf);
        return;
    }
    /* Universal newlines: \r\n and \r become \n (Python's text mode). */
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\r') {
            buf[o++] = '\n';
            if (i + 1 < len && buf[i + 1] == '\n') i++;
        } else buf[o++] = buf[i];
    }
    int64_t chars = host_utf8_chars(buf, o);
    if (chars > p->max_text_chars) {
        host_reply_text(reply, HOST_FAIL, "String size exceeds limit (%lld > %lld)", (long long)chars,
                        (long long)p->max_text_chars);
    } else host_msg_add(reply, buf, o);
    free(buf);
}

static void write_text(const HostPolicy *p, const char *path, const HostBytes *content, HostMsg *reply) {
    if ((int64_t)content->len > p->max_write_bytes)
        return host_reply_text(reply, HOST_FAIL,
                               "fs_write_text: content of %zu bytes exceeds the file size limit (%lld bytes)",
                               content->len, (long long)p->max_write_bytes);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0666);
    if (fd < 0) return reply_err(reply, HOST_FAIL, host_oserror(errno, path));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return host_reply_text(reply, HOST_FAIL, "fs_write_text: not a regular file");
    }
    const char *d = content->data;
    size_t left = content->len;
    while (left > 0) {
        ssize_t w = write(fd, d, left);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) {
            int e = errno;
            close(fd);
            return reply_err(reply, HOST_FAIL, host_oserror(e, path));
        }
        d += w;
        left -= (size_t)w;
    }
    close(fd);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_dir(const char *path, HostMsg *reply) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        int e = errno;
        if (fd >= 0) close(fd);
        return reply_err(reply, HOST_ERR, host_oserror(e, path));
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, "..")) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **g = realloc(names, sizeof *g * cap);
            if (!g) break;
            names = g;
        }
        names[n++] = strdup(ent->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);   /* names is NULL when empty: qsort(NULL, 0) is UB */
    for (size_t i = 0; i < n; i++) {
        if (names[i]) host_msg_add_str(reply, names[i]);
        free(names[i]);
    }
    free(names);
}

static void metadata(const char *path, bool follow, HostMsg *reply) {
    struct stat st;
    if ((follow ? stat(path, &st) : lstat(path, &st)) != 0)
        return reply_err(reply, HOST_ERR, host_oserror(errno, path));
    int kind = S_ISREG(st.st_mode) ? 0 : S_ISDIR(st.st_mode) ? 1 : S_ISLNK(st.st_mode) ? 2 : 3;
    long long ms = (long long)st.st_mtim.tv_sec * 1000 + st.st_mtim.tv_nsec / 1000000;
    host_msg_addf(reply, "%d", kind);
    host_msg_addf(reply, "%lld", (long long)st.st_size);
    host_msg_addf(reply, "%lld", ms);
}

void host_fs(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    const char *fn = op_name(req->op);
    if (!(p->caps & GENO_CAP_FS))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: '%s' requires a capability that was not granted", fn);
    size_t want_parts = req->op == HOST_FS_WRITE_TEXT ? 2 : 1;
    if (req->n != want_parts) return host_reply_text(reply, HOST_FAIL, "%s: malformed request", fn);
    const HostBytes *path = &req->parts[0];
    /* Result-returning builtins answer Err; the others raise. */
    bool result_fn = req->op == HOST_FS_LIST_DIR || req->op == HOST_FS_METADATA ||
                     req->op == HOST_FS_SYMLINK_METADATA || req->op == HOST_FS_CANONICALIZE;
    uint32_t fail = result_fn ? HOST_ERR : HOST_FAIL;
    if (memchr(path->data, '\0', path->len))
        return host_reply_text(reply, req->op == HOST_FS_LIST_DIR ? HOST_FAIL : fail, "embedded null byte");
    char *why = NULL;
    char *resolved = resolve(p, path->data, fn, req->op == HOST_FS_SYMLINK_METADATA, &why);
    if (!resolved) return reply_err(reply, fail, why);
    switch (req->op) {
    case HOST_FS_READ_TEXT: read_text(p, resolved, reply); break;
    case HOST_FS_WRITE_TEXT: write_text(p, resolved, &req->parts[1], reply); break;
    case HOST_FS_LIST_DIR: list_dir(resolved, reply); break;
    case HOST_FS_EXISTS: {
        struct stat st;
        host_msg_add_str(reply, stat(resolved, &st) == 0 ? "1" : "0");
        break;
    }
    case HOST_FS_METADATA: metadata(resolved, true, reply); break;
    case HOST_FS_SYMLINK_METADATA: metadata(resolved, false, reply); break;
    default: {
        struct stat st;
        if (stat(resolved, &st) != 0)
            host_reply_text(reply, HOST_ERR, "fs_canonicalize: path does not exist: %s", path->data);
        else host_msg_add_str(reply, resolved);
    }
    }
    free(resolved);
}
