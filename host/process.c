/* process.c — the process capability: exec, exec_with_input, spawn,
 * spawn_with_input.
 *
 * As the reference's CLI: the command line is split like Python's
 * shlex.split; the executable must be an absolute path (no PATH search);
 * the environment is PATH only unless `env` is granted too; stdout and
 * stderr are captured and decoded as UTF-8 with replacement; the process
 * gets 30 s or what is left of the run, whichever is less.
 *
 * Unlike the reference, the process runs in its own process group, and the
 * whole group is killed when it exits or times out: nothing it started in
 * the background outlives the call. A descendant that left the group
 * (setsid, a daemon's double fork) is caught too: the host is a child
 * subreaper, so such orphans become its children, and after the call every
 * child it did not have before is killed and reaped.
 *
 * As in the reference (which captures into temporary files), the call ends
 * when the process exits: output still in the pipes is taken, and a
 * background child that keeps them open does not hold the call up. */
#define _GNU_SOURCE
#include "host.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <geno/rt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROCESS_TIMEOUT_MS 30000.0

typedef struct {
    char **v;
    int n, cap;
} Argv;

static void argv_push(Argv *a, char *s) {
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 8;
        a->v = realloc(a->v, sizeof *a->v * (size_t)a->cap);
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void argv_free(Argv *a) {
    for (int i = 0; i < a->n; i++) free(a->v[i]);
    free(a->v);
}

/* Python's shlex.split (POSIX mode, no comments). Returns NULL on success
 * or the ValueError text. */
static const char *shlex_split(const char *s, Argv *out) {
    size_t n = strlen(s);
    char *tok = malloc(n + 1);
    size_t k = 0;
    bool in_tok = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (in_tok) { tok[k] = '\0'; argv_push(out, strndup(tok, k)); k = 0; in_tok = false; }
            continue;
        }
        in_tok = true;
        if (c == '\\') {
            if (i + 1 >= n) { free(tok); return "No escaped character"; }
            tok[k++] = s[++i];
        } else if (c == '\'') {
            size_t j = i + 1;
            while (j < n && s[j] != '\'') tok[k++] = s[j++];
            if (j >= n) { free(tok); return "No closing quotation"; }
            i = j;
        } else if (c == '"') {
            size_t j = i + 1;
            while (j < n && s[j] != '"') {
                if (s[j] == '\\' && j + 1 < n && (s[j + 1] == '"' || s[j + 1] == '\\')) j++;
                tok[k++] = s[j++];
            }
            if (j >= n) { free(tok); return "No closing quotation"; }
            i = j;
        } else tok[k++] = c;
    }
    if (in_tok) argv_push(out, strndup(tok, k));
    free(tok);
    return NULL;
}

/* ---- descendants that outlive the call ------------------------------------- */

typedef struct {
    pid_t *v;
    int n;
} PidSet;

static bool pidset_has(const PidSet *s, pid_t p) {
    for (int i = 0; i < s->n; i++)
        if (s->v[i] == p) return true;
    return false;
}

/* The current children of this process, from /proc/PID/stat (field 4). */
static PidSet children_now(void) {
    PidSet s = {NULL, 0};
    int cap = 0;
    pid_t self = getpid();
    DIR *d = opendir("/proc");
    if (!d) return s;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n <= 0) continue;
        buf[n] = '\0';
        char *rp = strrchr(buf, ')');     /* the command name may hold anything */
        char state;
        int ppid;
        if (!rp || sscanf(rp + 1, " %c %d", &state, &ppid) != 2 || ppid != self) continue;
        if (s.n == cap) {
            cap = cap ? 2 * cap : 16;
            pid_t *v = realloc(s.v, sizeof *v * (size_t)cap);
            if (!v) break;
            s.v = v;
        }
        s.v[s.n++] = (pid_t)atoi(e->d_name);
    }
    closedir(d);
    return s;
}

/* Kills and reaps every child that is not in `before`, round after round:
 * the children of a killed process become ours (subreaper) in turn. */
static void kill_new_children(const PidSet *before) {
    for (int round = 0; round < 1000; round++) {
        PidSet now = children_now();
        int killed = 0;
        for (int i = 0; i < now.n; i++) {
            if (pidset_has(before, now.v[i])) continue;
            kill(now.v[i], SIGKILL);
            killed++;
        }
        for (int i = 0; i < now.n; i++) {
            if (pidset_has(before, now.v[i])) continue;
            while (waitpid(now.v[i], NULL, 0) < 0 && errno == EINTR) {}
        }
        free(now.v);
        if (!killed) return;
    }
}

/* Has pid exited? Leaves it unreaped (WNOWAIT). */
static bool has_exited(pid_t pid) {
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

typedef struct {
    char *buf;
    size_t len, cap;
} Capture;

static bool capture_add(Capture *c, const char *p, size_t n, size_t limit) {
    if (c->len + n > limit) return false;
    if (c->len + n + 1 > c->cap) {
        c->cap = (c->len + n + 1) * 2;
        c->buf = realloc(c->buf, c->cap);
    }
    memcpy(c->buf + c->len, p, n);
    c->len += n;
    return true;
}

static void add_decoded(HostMsg *reply, Capture *c) {
    size_t len = 0;
    char *text = host_utf8_replace(c->buf ? c->buf : "", c->len, &len);
    host_msg_add(reply, text ? text : "", text ? len : 0);
    free(text);
    free(c->buf);
}

static void run_argv(const HostPolicy *p, Argv *a, const HostBytes *input, HostMsg *reply) {
    if (a->n == 0) return host_reply_text(reply, HOST_ERR, "process: command must not be empty");
    if (a->v[0][0] != '/') return host_reply_text(reply, HOST_ERR, "process: executable must be an absolute path");
    char *exe = host_realpath(a->v[0]);
    free(a->v[0]);
    a->v[0] = exe;

    double left = host_ms_left(p);
    if (left <= 0) { host_msg_free(reply); host_msg_init(reply, HOST_TIMEOUT); return; }
    bool by_deadline = left < PROCESS_TIMEOUT_MS;
    double end = host_now_ms() + (by_deadline ? left : PROCESS_TIMEOUT_MS);

    int in[2], out[2], err[2], status[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(status, O_CLOEXEC))
        return host_reply_text(reply, HOST_ERR, "%s", strerror(errno));
    char *path_env = NULL;
    const char *path = getenv("PATH");
    if (path && asprintf(&path_env, "PATH=%s", path) < 0) path_env = NULL;
    char *minimal_env[] = {path_env, NULL};
    extern char **environ;
    char **env = (p->caps & GENO_CAP_ENV) ? environ : minimal_env;

    /* Orphaned descendants re-parent to us, not to init (see the top). */
    static bool subreaper;
    if (!subreaper) subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
    PidSet before = children_now();

    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        execve(a->v[0], a->v, env);
        int e = errno;
        (void)!write(status[1], &e, sizeof e);
        _exit(127);
    }
    free(path_env);
    close(in[0]); close(out[1]); close(err[1]); close(status[1]);
    if (pid < 0) {
        int e = errno;
        free(before.v);
        close(in[1]); close(out[0]); close(err[0]); close(status[0]);
        return host_reply_text(reply, HOST_ERR, "%s", strerror(e));
    }
    setpgid(pid, pid);
    int exec_errno = 0;
    if (read(status[0], &exec_errno, sizeof exec_errno) == (ssize_t)sizeof exec_errno) {
        close(status[0]); close(in[1]); close(out[0]); close(err[0]);
        waitpid(pid, NULL, 0);
        free(before.v);
        char *m = host_oserror(exec_errno, a->v[0]);
        host_reply_text(reply, HOST_ERR, "%s", m ? m : "exec failed");
        free(m);
        return;
    }
    close(status[0]);

    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
    const char *feed = input ? input->data : NULL;
    size_t feed_left = input ? input->len : 0;
    if (!feed_left) { close(in[1]); in[1] = -1; }
    else fcntl(in[1], F_SETFL, O_NONBLOCK);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    fcntl(err[0], F_SETFL, O_NONBLOCK);
    Capture cap[2] = {{0}};
    int fds[2] = {out[0], err[0]};
    size_t limit = (size_t)p->max_text_chars * 4 + 4;
    bool timed_out = false, too_big = false;
    /* The exit wakes the poll (a pidfd; without one, poll in short steps). */
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    bool exited = false;
    while (fds[0] >= 0 || fds[1] >= 0 || in[1] >= 0) {
        double wait = end - host_now_ms();
        if (wait <= 0) { timed_out = true; break; }
        struct pollfd pf[4];
        int np = 0, who[4];
        for (int k = 0; k < 2; k++) if (fds[k] >= 0) { pf[np] = (struct pollfd){fds[k], POLLIN, 0}; who[np++] = k; }
        if (in[1] >= 0) { pf[np] = (struct pollfd){in[1], POLLOUT, 0}; who[np++] = 2; }
        if (pidfd >= 0) { pf[np] = (struct pollfd){pidfd, POLLIN, 0}; who[np++] = 3; }
        double step = pidfd >= 0 ? 1000 : 20;
        if (poll(pf, (nfds_t)np, wait > step ? (int)step : (int)wait + 1) < 0 && errno != EINTR) break;
        /* Exited: take what is in the pipes now and stop, even if a
         * background child still holds them open. */
        if (has_exited(pid)) {
            exited = true;
            for (int k = 0; k < 2 && !too_big; k++) {
                char buf[65536];
                ssize_t r;
                /* At most what a pipe holds, while writers may go on. */
                for (int chunk = 0; chunk < 32 && fds[k] >= 0 && (r = read(fds[k], buf, sizeof buf)) > 0; chunk++)
                    if (!capture_add(&cap[k], buf, (size_t)r, limit)) { too_big = true; break; }
            }
            break;
        }
        for (int i = 0; i < np; i++) {
            if (!pf[i].revents || who[i] == 3) continue;
            if (who[i] == 2) {
                ssize_t w = write(in[1], feed, feed_left);
                if (w > 0) { feed += w; feed_left -= (size_t)w; }
                if ((w < 0 && errno != EAGAIN && errno != EINTR) || feed_left == 0) { close(in[1]); in[1] = -1; }
                continue;
            }
            char buf[65536];
            ssize_t r = read(fds[who[i]], buf, sizeof buf);
            if (r < 0 && (errno == EAGAIN || errno == EINTR)) continue;
            if (r <= 0) { close(fds[who[i]]); fds[who[i]] = -1; continue; }
            if (!capture_add(&cap[who[i]], buf, (size_t)r, limit)) { too_big = true; break; }
        }
        if (too_big) break;
    }
    if (pidfd >= 0) close(pidfd);
    /* Both pipes closed: wait for the exit (within the time left), then
     * kill the group — the process if still there, and all it started —
     * and every descendant that left the group. */
    while (!timed_out && !too_big && !exited) {
        if (has_exited(pid)) exited = true;
        else if (host_now_ms() >= end) timed_out = true;
        else usleep(500);
    }
    /* Still unreaped (a zombie at worst), so the group id is still ours. */
    kill(-pid, SIGKILL);
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
    kill_new_children(&before);
    free(before.v);
    for (int k = 0; k < 2; k++) if (fds[k] >= 0) close(fds[k]);
    if (in[1] >= 0) close(in[1]);
    signal(SIGPIPE, old_pipe);
    if (timed_out || too_big) {
        free(cap[0].buf);
        free(cap[1].buf);
        if (too_big)
            return host_reply_text(reply, HOST_FAIL, "String size exceeds limit (> %lld)", (long long)p->max_text_chars);
        if (by_deadline) { host_msg_free(reply); host_msg_init(reply, HOST_TIMEOUT); return; }
        return host_reply_text(reply, HOST_ERR, "Process timed out");
    }
    host_msg_addf(reply, "%d", WIFEXITED(ws) ? WEXITSTATUS(ws) : -WTERMSIG(ws));
    add_decoded(reply, &cap[0]);
    add_decoded(reply, &cap[1]);
}

void host_process(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    bool spawn = req->op == HOST_SPAWN;
    bool with_input = req->n >= 1 && req->parts[0].data[0] == '1';
    const char *fn = spawn ? (with_input ? "spawn_with_input" : "spawn") : (with_input ? "exec_with_input" : "exec");
    if (!(p->caps & GENO_CAP_PROCESS))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: '%s' requires a capability that was not granted", fn);
    if (req->n < 3) return host_reply_text(reply, HOST_FAIL, "%s: malformed request", fn);
    Argv a = {0};
    if (spawn) {
        for (uint32_t i = 2; i < req->n; i++) argv_push(&a, strdup(req->parts[i].data));
    } else {
        const char *bad = shlex_split(req->parts[2].data, &a);
        if (bad) {
            argv_free(&a);
            return host_reply_text(reply, HOST_ERR, "%s", bad);
        }
    }
    for (uint32_t i = 2; i < req->n; i++)
        if (memchr(req->parts[i].data, '\0', req->parts[i].len)) {
            argv_free(&a);
            return host_reply_text(reply, HOST_ERR, "embedded null byte");
        }
    run_argv(p, &a, with_input ? &req->parts[1] : NULL, reply);
    argv_free(&a);
}
