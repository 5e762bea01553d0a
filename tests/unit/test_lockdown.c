/* test_lockdown.c — the seccomp allow-list of the `genoc run` child
 * (driver/lockdown.c, compiled in here).
 *
 * Each test forks; the child puts a socketpair end on the broker fd,
 * installs the filter with sandbox_lockdown and then tries one thing. Forbidden system
 * calls — open, socket, fork, execve, an executable mmap or mprotect, kill,
 * reading stdin, writing to any descriptor but stdout/stderr/the broker —
 * must kill it with SIGSYS; writing to stdout, the broker socket round trip,
 * malloc (small and mmap-sized), clocks and exit must keep working. */
#define _GNU_SOURCE
#include <check.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../driver/lockdown.c"

#define BROKER SANDBOX_BROKER_FD   /* the filter is compiled for it */
#define STATUS SANDBOX_STATUS_FD   /* writable too (the exit status byte) */
#define OTHER_FD 9                 /* a writable descriptor the filter does not allow */

typedef void (*Attempt)(void);

static int out_pipe[2], sock[2];

/* Runs attempt() in a locked-down child; returns its wait status. The
 * child's stdout, fd STATUS and fd OTHER_FD are out_pipe's write end (so
 * the numbers do not depend on which descriptors the test harness holds);
 * fd BROKER is one end of sock. */
static int locked(Attempt attempt) {
    ck_assert(pipe(out_pipe) == 0);
    ck_assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sock) == 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(out_pipe[1], 1);
        dup2(out_pipe[1], STATUS);
        dup2(out_pipe[1], OTHER_FD);
        dup2(sock[1], BROKER);
        if (sandbox_lockdown() != 0) _exit(99);
        attempt();
        _exit(0);
    }
    close(out_pipe[1]);
    close(sock[1]);
    int ws = 0;
    ck_assert_int_eq(waitpid(pid, &ws, 0), pid);
    return ws;
}

static void done(void) {
    close(out_pipe[0]);
    close(sock[0]);
}

static void assert_sigsys(Attempt attempt) {
    int ws = locked(attempt);
#ifdef GENOC_SANITIZE
    (void)ws;   /* the sanitizer build installs no filter */
#else
    ck_assert_msg(WIFSIGNALED(ws) && WTERMSIG(ws) == SIGSYS, "expected SIGSYS, got status 0x%x", ws);
#endif
    done();
}

/* ---- what must be killed ------------------------------------------------- */

static void try_open(void) { (void)!open("/etc/passwd", O_RDONLY); }
static void try_openat(void) { (void)!syscall(SYS_openat, AT_FDCWD, "/etc/passwd", O_RDONLY); }
static void try_socket(void) { (void)!socket(AF_INET, SOCK_STREAM, 0); }
static void try_fork(void) { (void)!fork(); }
static void try_clone(void) { (void)!syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0); }
static void try_execve(void) {
    char *argv[] = {"/bin/true", NULL};
    execve("/bin/true", argv, NULL);
}
static void try_mmap_exec(void) {
    (void)!mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}
static void try_mprotect_exec(void) {
    /* Mapped before nothing: map writable (allowed), then ask for exec. */
    void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) _exit(98);
    (void)!mprotect(p, 4096, PROT_READ | PROT_EXEC);
}
static void try_kill(void) { (void)!kill(getppid(), 0); }
static void try_read_stdin(void) {
    char c;
    (void)!read(0, &c, 1);
}
static void try_write_other_fd(void) { (void)!write(OTHER_FD, "x", 1); }
static void try_getpid_raw(void) { (void)!syscall(SYS_getpid); }
static void try_ptrace(void) { (void)!syscall(SYS_ptrace, 0, 0, 0, 0); }
static void try_unlink(void) { (void)!unlink("/tmp/genoc_lockdown_should_not_exist"); }

START_TEST(open_killed) { assert_sigsys(try_open); }
END_TEST
START_TEST(openat_killed) { assert_sigsys(try_openat); }
END_TEST
START_TEST(socket_killed) { assert_sigsys(try_socket); }
END_TEST
START_TEST(fork_killed) { assert_sigsys(try_fork); }
END_TEST
START_TEST(clone_killed) { assert_sigsys(try_clone); }
END_TEST
START_TEST(execve_killed) { assert_sigsys(try_execve); }
END_TEST
START_TEST(mmap_exec_killed) { assert_sigsys(try_mmap_exec); }
END_TEST
START_TEST(mprotect_exec_killed) { assert_sigsys(try_mprotect_exec); }
END_TEST
START_TEST(kill_killed) { assert_sigsys(try_kill); }
END_TEST
START_TEST(read_stdin_killed) { assert_sigsys(try_read_stdin); }
END_TEST
START_TEST(write_other_fd_killed) { assert_sigsys(try_write_other_fd); }
END_TEST
START_TEST(getpid_killed) { assert_sigsys(try_getpid_raw); }
END_TEST
START_TEST(ptrace_killed) { assert_sigsys(try_ptrace); }
END_TEST
START_TEST(unlink_killed) { assert_sigsys(try_unlink); }
END_TEST

/* ---- what must keep working ---------------------------------------------- */

static void allowed_work(void) {
    static const char hello[] = "hello from the sandbox\n";
    if (write(1, hello, sizeof hello - 1) != (ssize_t)(sizeof hello - 1)) _exit(10);
    if (write(2, "", 0) != 0) _exit(11);
    /* Small (brk) and large (mmap) allocations, used and freed. */
    char *small = malloc(100);
    char *big = malloc(8 << 20);
    if (!small || !big) _exit(12);
    memset(small, 1, 100);
    memset(big, 2, 8 << 20);
    big = realloc(big, 32 << 20);
    if (!big) _exit(13);
    big[(32 << 20) - 1] = 3;
    free(big);
    free(small);
    void *rw = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (rw == MAP_FAILED) _exit(14);
    if (mprotect(rw, 1 << 16, PROT_READ) != 0) _exit(15);
    munmap(rw, 1 << 16);
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) _exit(16);
    /* The broker round trip: write a request, read the answer. */
    if (write(BROKER, "ping", 4) != 4) _exit(17);
    char buf[4];
    if (read(BROKER, buf, 4) != 4 || memcmp(buf, "pong", 4) != 0) _exit(18);
    /* The exit status byte (driver/sandbox.c): last, after the text above. */
    if (write(STATUS, "!", 1) != 1) _exit(19);
}

START_TEST(allowed_calls_work) {
    ck_assert(pipe(out_pipe) == 0);
    ck_assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sock) == 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(out_pipe[1], 1);
        dup2(out_pipe[1], STATUS);
        dup2(sock[1], BROKER);
        if (sandbox_lockdown() != 0) _exit(99);
        allowed_work();
        _exit(0);
    }
    close(out_pipe[1]);
    close(sock[1]);
    char req[4];
    ck_assert_int_eq(read(sock[0], req, 4), 4);
    ck_assert(memcmp(req, "ping", 4) == 0);
    ck_assert_int_eq(write(sock[0], "pong", 4), 4);
    int ws = 0;
    ck_assert_int_eq(waitpid(pid, &ws, 0), pid);
    ck_assert_msg(WIFEXITED(ws) && WEXITSTATUS(ws) == 0, "child status 0x%x", ws);
    char out[64] = {0};
    ck_assert_int_gt(read(out_pipe[0], out, sizeof out - 1), 0);
    ck_assert_str_eq(out, "hello from the sandbox\n!");
    done();
}
END_TEST

static Suite *lockdown_suite(void) {
    Suite *s = suite_create("lockdown");
    TCase *k = tcase_create("killed");
    tcase_add_test(k, open_killed);
    tcase_add_test(k, openat_killed);
    tcase_add_test(k, socket_killed);
    tcase_add_test(k, fork_killed);
    tcase_add_test(k, clone_killed);
    tcase_add_test(k, execve_killed);
    tcase_add_test(k, mmap_exec_killed);
    tcase_add_test(k, mprotect_exec_killed);
    tcase_add_test(k, kill_killed);
    tcase_add_test(k, read_stdin_killed);
    tcase_add_test(k, write_other_fd_killed);
    tcase_add_test(k, getpid_killed);
    tcase_add_test(k, ptrace_killed);
    tcase_add_test(k, unlink_killed);
    suite_add_tcase(s, k);
    TCase *a = tcase_create("allowed");
    tcase_add_test(a, allowed_calls_work);
    suite_add_tcase(s, a);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(lockdown_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}
