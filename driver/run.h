/* run.h — `genoc run`: check in the parent, execute in the sandbox. */
#ifndef GENOC_RUN_H
#define GENOC_RUN_H

/* argv: the words after `run`. Returns genoc's exit status. */
int run_command(int argc, char **argv);

/* driver/test.c: `genoc test [-v] [--timeout S] FILE|DIR...`. */
int test_command(int argc, char **argv);

#endif
