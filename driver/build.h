/* build.h — `genoc build`: emitted C → external cc -O2 → native executable. */
#ifndef GENOC_BUILD_H
#define GENOC_BUILD_H

/* argv: the words after `build`. Returns genoc's exit status. */
int build_command(int argc, char **argv);

#endif
