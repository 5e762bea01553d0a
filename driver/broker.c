/* broker.c — serving the sandboxed child's effect requests.
 *
 * The supervisor (sandbox.c) calls broker_serve when the child's socket is
 * readable. A request is bounded (HOST_MAX_REQUEST bytes, HOST_MAX_PARTS
 * parts) and must decode exactly; anything else is a protocol violation and
 * ends the child, never the parent. The effect itself runs here, under the
 * policy built once per run, and is bounded by the run's deadline. */
#include "broker.h"

#include <stdlib.h>
#include <string.h>

void broker_policy(HostPolicy *p, const RunOptions *o, double deadline_ms) {
    memset(p, 0, sizeof *p);
    p->caps = o->caps;
    p->program_args = o->args;
    p->nprogram_args = o->nargs;
    host_policy_default_roots(p, o->file);
    for (int i = 0; i < o->nfs_roots; i++) host_policy_add_root(p, o->fs_roots[i]);
    p->env_allow = o->env_allow;
    p->nenv_allow = o->nenv_allow;
    p->http_allow_private = o->http_allow_private;
    p->max_text_chars = o->max_collection_size;
    p->max_write_bytes = o->max_file_size_bytes > 0 ? o->max_file_size_bytes : o->max_collection_size;
    p->deadline_ms = deadline_ms;
    p->timeout_s = o->timeout;
}

BrokerEvent broker_serve(int fd, const HostPolicy *p) {
    HostMsg req, reply;
    int rc = host_msg_read(fd, &req, HOST_MAX_REQUEST);
    if (rc == -1) return BROKER_CLOSED;
    if (rc != 0 || req.op == 0 || req.op >= HOST_OP_END) {
        if (rc == 0) host_msg_free(&req);
        return BROKER_VIOLATION;
    }
    host_perform(p, &req, &reply);
    host_msg_free(&req);
    /* The parent reports a timeout that ends the run, once; the child only
     * reports one it can foresee (a sleep longer than the time left). */
    if (reply.op == HOST_TIMEOUT && host_ms_left(p) <= 0) {
        host_msg_free(&reply);
        return BROKER_DEADLINE;
    }
    host_msg_write(fd, &reply);     /* a child gone meanwhile is seen by the supervisor */
    host_msg_free(&reply);
    return BROKER_SERVED;
}
