/* rt/run.h — runtime state shared by the runtime files (see run.c). */
#ifndef GENO_RT_RUN_H
#define GENO_RT_RUN_H

#include "geno/rt.h"

/* The configuration of the running program (limits, caps, fds). */
extern GenoConfig geno_cfg;

/* Initialises the GC and all runtime state from cfg (also for tests and
 * hosts that call runtime functions without geno_run). */
void geno_rt_init(const GenoConfig *cfg);

#endif
