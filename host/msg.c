/* msg.c — building, encoding and reading broker messages (see host.h). */
#define _GNU_SOURCE
#include "host.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Noreturn void out_of_memory(void) {
    static const char msg[] = "genoc: out of memory in the capability broker\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(70);
}

static void *xmalloc_or_die(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory();
    return p;
}

void host_msg_init(HostMsg *m, uint32_t op) {
    m->op = op;
    m->n = 0;
    m->parts = NULL;
}

void host_msg_add(HostMsg *m, const char *data, size_t len) {
    if ((m->n & (m->n - 1)) == 0) {     /* grow at powers of two */
        HostBytes *p = realloc(m->parts, sizeof *p * (m->n ? 2 * m->n : 1));
        if (!p) out_of_memory();
        m->parts = p;
    }
    char *copy = xmalloc_or_die(len + 1);
    if (len) memcpy(copy, data, len);
    copy[len] = '\0';
    m->parts[m->n++] = (HostBytes){len, copy};
}

void host_msg_add_str(HostMsg *m, const char *s) { host_msg_add(m, s, strlen(s)); }

static void vadd(HostMsg *m, const char *fmt, va_list ap) {
    char *s = NULL;
    int n = vasprintf(&s, fmt, ap);
    if (n < 0) out_of_memory();
    host_msg_add(m, s, (size_t)n);
    free(s);
}

void host_msg_addf(HostMsg *m, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vadd(m, fmt, ap);
    va_end(ap);
}

void host_reply_text(HostMsg *reply, uint32_t st, const char *fmt, ...) {
    host_msg_free(reply);
    host_msg_init(reply, st);
    va_list ap;
    va_start(ap, fmt);
    vadd(reply, fmt, ap);
    va_end(ap);
}

void host_msg_free(HostMsg *m) {
    for (uint32_t i = 0; i < m->n; i++) free(m->parts[i].data);
    free(m->parts);
    m->parts = NULL;
    m->n = 0;
}

static void put_u32(char **p, uint32_t v) {
    memcpy(*p, &v, 4);
    *p += 4;
}

char *host_msg_encode(const HostMsg *m, size_t *len) {
    size_t payload = 8;
    for (uint32_t i = 0; i < m->n; i++) payload += 4 + m->parts[i].len;
    char *buf = xmalloc_or_die(payload + 4), *p = buf;
    put_u32(&p, (uint32_t)payload);
    put_u32(&p, m->op);
    put_u32(&p, m->n);
    for (uint32_t i = 0; i < m->n; i++) {
        put_u32(&p, (uint32_t)m->parts[i].len);
        memcpy(p, m->parts[i].data, m->parts[i].len);
        p += m->parts[i].len;
    }
    *len = payload + 4;
    return buf;
}

int host_msg_decode(const char *payload, size_t len, HostMsg *m) {
    uint32_t op, n;
    if (len < 8) return -1;
    memcpy(&op, payload, 4);
    memcpy(&n, payload + 4, 4);
    if (n > HOST_MAX_PARTS) return -1;
    host_msg_init(m, op);
    size_t at = 8;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k;
        if (len - at < 4) goto bad;
        memcpy(&k, payload + at, 4);
        at += 4;
        if (len - at < k) goto bad;
        host_msg_add(m, payload + at, k);
        at += k;
    }
    if (at != len) goto bad;
    return 0;
bad:
    host_msg_free(m);
    return -1;
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, char *p, size_t n) {
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

int host_msg_write(int fd, const HostMsg *m) {
    size_t len;
    char *buf = host_msg_encode(m, &len);
    int rc = write_all(fd, buf, len);
    free(buf);
    return rc;
}

int host_msg_read(int fd, HostMsg *m, size_t max) {
    uint32_t len;
    if (read_all(fd, (char *)&len, 4) < 0) return -1;
    if (len > max) return -2;
    char *buf = malloc(len ? len : 1);
    if (!buf) return -2;
    int rc = read_all(fd, buf, len) < 0 ? -1 : host_msg_decode(buf, len, m) ? -2 : 0;
    free(buf);
    return rc;
}
