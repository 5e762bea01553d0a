/* stdio.c — stdin_read_all (stdin capability) and sleep_ms (clock).
 *
 * Both block, so both are bounded by the run's deadline: stdin from a pipe
 * that never closes ends the run with E501 at --timeout (the reference
 * waits forever), and a sleep longer than the time left is E501 at once,
 * as in the reference. */
#define _GNU_SOURCE
#include "host.h"

#include <errno.h>
#include <geno/rt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void timeout(HostMsg *reply) {
    host_msg_free(reply);
    host_msg_init(reply, HOST_TIMEOUT);
}

void host_stdin(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    (void)req;
    if (!(p->caps & GENO_CAP_STDIN))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: 'stdin_read_all' requires a capability that was not granted");
    size_t limit = (size_t)p->max_text_chars * 4 + 4, len = 0, cap = 65536;
    char *buf = malloc(cap);
    for (;;) {
        double left = host_ms_left(p);
        if (left <= 0) {
            free(buf);
            return timeout(reply);
        }
        struct pollfd pf = {0, POLLIN, 0};
        int r = poll(&pf, 1, left > 1000 ? 1000 : (int)left + 1);
        if (r < 0 && errno != EINTR) break;
        if (r <= 0) continue;
        if (len + 65536 > cap) buf = realloc(buf, cap *= 2);
        ssize_t k = read(0, buf + len, 65536);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            int e = errno;
            free(buf);
            return host_reply_text(reply, HOST_ERR, "[Errno %d] %s", e, strerror(e));
        }
        if (k == 0) break;
        len += (size_t)k;
        if (len > limit) {
            free(buf);
            return host_reply_text(reply, HOST_FAIL, "String size exceeds limit (> %lld)",
                                   (long long)p->max_text_chars);
        }
    }
    size_t bad;
    if (!host_utf8_valid(buf, len, &bad)) {
        char *why = host_utf8_error(buf, len, bad);
        host_reply_text(reply, HOST_ERR, "stdin is not valid UTF-8: %s", why ? why : "invalid UTF-8");
        free(why);
    } else if (host_utf8_chars(buf, len) > p->max_text_chars) {
        host_reply_text(reply, HOST_FAIL, "String size exceeds limit (%lld > %lld)",
                        (long long)host_utf8_chars(buf, len), (long long)p->max_text_chars);
    } else host_msg_add(reply, buf, len);
    free(buf);
}

void host_sleep(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    if (!(p->caps & GENO_CAP_CLOCK))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: 'sleep_ms' requires a capability that was not granted");
    if (req->n != 1) return host_reply_text(reply, HOST_FAIL, "sleep_ms: malformed request");
    long long ms = strtoll(req->parts[0].data, NULL, 10);
    if (ms < 0) return host_reply_text(reply, HOST_FAIL, "sleep_ms: negative duration not allowed (%lld)", ms);
    if (ms == 0) return;
    if ((double)ms > host_ms_left(p)) return timeout(reply);
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {}
}
