/* rt/effects.h — the runtime's side of the capability broker (effects.c). */
#ifndef GENO_RT_EFFECTS_H
#define GENO_RT_EFFECTS_H

#include "geno/rt.h"
#include "host.h"

/* What a `genoc build` binary's host allows (filled by geno_host_policy_from_flags);
 * in the `genoc run` child only timeout_s is used (for E501 texts). */
extern HostPolicy geno_host_policy;

/* Performs req through the transport (frees it; fills reply): HOST_OK and
 * HOST_ERR return, anything else raises E412 / E499 / E501 (effects.c). */
void geno_host_call(HostMsg *req, HostMsg *reply, GenoLoc loc);

/* From now on, effects are requests on this socket to the parent broker. */
void geno_host_use_broker(int fd);

/* A built binary's host policy from its command line (--fs-root,
 * --env-allow, --http-allow-private, arguments after `--`) and cfg. */
void geno_host_policy_from_flags(int argc, char **argv, const GenoConfig *cfg, const char *source_path);

#endif
