/* benchtimer RESULT TIMEOUT_S CMD [ARGS...]
 *
 * Runs CMD (stdin, stdout and stderr inherited), waits for it with wait4 and
 * writes one line to the file RESULT:
 *
 *     <wall seconds> <ru_maxrss kB> <exit code or -signal> <timed out 0/1> <user s> <sys s>
 *
 * bench/run uses this small launcher instead of timing from Python because a
 * child forked from the Python process reports Python's own resident size as
 * its peak (Linux carries the pre-exec high-water mark across exec), and
 * because clock_gettime around fork/exec/wait4 here adds far less noise. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;
static volatile sig_atomic_t timed_out;

static void on_alarm(int sig) {
    (void)sig;
    timed_out = 1;
    if (child > 0) kill(-child, SIGKILL);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: benchtimer RESULT TIMEOUT_S CMD [ARGS...]\n");
        return 2;
    }
    double timeout = atof(argv[2]);
    double t0 = now();
    child = fork();
    if (child < 0) { perror("fork"); return 2; }
    if (child == 0) {
        setpgid(0, 0);
        execvp(argv[3], argv + 3);
        fprintf(stderr, "benchtimer: cannot run %s\n", argv[3]);
        _exit(127);
    }
    setpgid(child, child);
    struct sigaction sa = {0};
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    if (timeout > 0) {
        struct itimerval it = {{0, 0}, {(time_t)timeout, (suseconds_t)((timeout - (double)(time_t)timeout) * 1e6)}};
        setitimer(ITIMER_REAL, &it, NULL);
    }
    int status = 0;
    struct rusage ru;
    pid_t w;
    do w = wait4(child, &status, 0, &ru); while (w < 0 && errno == EINTR);
    double wall = now() - t0;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1;
    FILE *f = fopen(argv[1], "w");
    if (!f) { perror(argv[1]); return 2; }
    fprintf(f, "%.6f %ld %d %d %.6f %.6f\n", wall, ru.ru_maxrss, code, (int)timed_out,
            (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6,
            (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6);
    fclose(f);
    return 0;
}
