/* broker.h — the parent's side of the capability broker (DESIGN.md §4).
 *
 * The sandboxed child asks; the parent checks the grant and its policy and
 * performs the effect with host_perform (host/host.h), then answers. */
#ifndef GENOC_BROKER_H
#define GENOC_BROKER_H

#include "host.h"
#include "options.h"

/* The policy for one run: grants, fs roots (the reference CLI's defaults
 * plus --fs-root), env allow-list, program arguments, limits, deadline. */
void broker_policy(HostPolicy *p, const RunOptions *o, double deadline_ms);

typedef enum {
    BROKER_SERVED,      /* one request answered */
    BROKER_CLOSED,      /* the child closed its end (it exited) */
    BROKER_VIOLATION,   /* oversized or malformed request: stop the child */
    BROKER_DEADLINE,    /* the run's deadline passed during the effect: stop it (E501) */
} BrokerEvent;

/* Reads one request from fd, performs it, writes the reply. */
BrokerEvent broker_serve(int fd, const HostPolicy *p);

#endif
