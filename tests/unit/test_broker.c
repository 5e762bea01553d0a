/* test_broker.c — the capability broker's defences, at the host level
 * (host/host.h): what a hostile sandboxed child can send and what the
 * parent's policy does with it.
 *
 *   - message framing (host/msg.c): garbage, an oversized length, a part
 *     count or part length that lies, trailing bytes and truncation are
 *     rejected by host_msg_read (-2 malformed/oversized, -1 EOF), without
 *     reading further and without crashing;
 *   - host_perform (host/host.c): an unknown operation is a plain failure;
 *     every operation is denied (HOST_DENIED) without its capability, and
 *     malformed argument lists are refused;
 *   - fs policy (host/fs.c): paths escaping the roots (`..`, absolute,
 *     symlinks to files and directories outside, a dangling symlink, a NUL
 *     byte, a sibling directory sharing the root's prefix) are refused and
 *     nothing outside is created; a `..` that comes back inside is fine;
 *   - env policy (host/env.c): credential-looking names are denied unless
 *     allowed;
 *   - process (host/process.c): a relative executable is refused; a
 *     background descendant that left the process group (setsid) is killed
 *     when the call returns.
 * The broker itself (driver/broker.c) is host_msg_read + host_perform. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "geno/rt.h"
#include "../../host/host.h"

/* ---- framing ---------------------------------------------------------------- */

static int sv[2];

static void sock_setup(void) { ck_assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0); }

static void sock_teardown(void) {
    close(sv[0]);
    close(sv[1]);
}

static void send_raw(const void *p, size_t n) { ck_assert(write(sv[1], p, n) == (ssize_t)n); }

static void send_u32(uint32_t v) { send_raw(&v, 4); }

/* Sends the length prefix, then the words of the payload. */
static void send_frame(const uint32_t *words, size_t nwords, const char *tail, size_t ntail) {
    send_u32((uint32_t)(nwords * 4 + ntail));
    if (nwords) send_raw(words, nwords * 4);
    if (ntail) send_raw(tail, ntail);
}

START_TEST(roundtrip) {
    HostMsg m, got;
    host_msg_init(&m, HOST_FS_WRITE_TEXT);
    host_msg_add_str(&m, "a.txt");
    host_msg_add(&m, "x\0y", 3);
    ck_assert_int_eq(host_msg_write(sv[1], &m), 0);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), 0);
    ck_assert_uint_eq(got.op, HOST_FS_WRITE_TEXT);
    ck_assert_uint_eq(got.n, 2);
    ck_assert_str_eq(got.parts[0].data, "a.txt");
    ck_assert_uint_eq(got.parts[1].len, 3);
    ck_assert(memcmp(got.parts[1].data, "x\0y", 3) == 0);
    host_msg_free(&m);
    host_msg_free(&got);
}
END_TEST

START_TEST(oversized_length) {
    /* 4 GiB - 1 announced: refused before any allocation or further read. */
    send_u32(0xFFFFFFFFu);
    send_raw("junk", 4);
    HostMsg got;
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* Just over the bound. */
    send_u32(HOST_MAX_REQUEST + 1);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
}
END_TEST

START_TEST(garbage_payloads) {
    HostMsg got;
    /* Shorter than op + count. */
    send_frame(NULL, 0, "abc", 3);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* Five parts announced, none present. */
    uint32_t five[] = {HOST_FS_READ_TEXT, 5};
    send_frame(five, 2, NULL, 0);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* A part length far past the end of the payload (no overflow). */
    uint32_t liar[] = {HOST_FS_READ_TEXT, 1, 0xFFFFFFF0u};
    send_frame(liar, 3, "abcd", 4);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* More parts than HOST_MAX_PARTS. */
    uint32_t many[] = {HOST_FS_READ_TEXT, HOST_MAX_PARTS + 1};
    send_frame(many, 2, NULL, 0);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* Bytes after the last part. */
    uint32_t trailing[] = {HOST_FS_READ_TEXT, 1, 1};
    send_frame(trailing, 3, "xEXTRA", 6);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* Random bytes. */
    unsigned char noise[256];
    for (int i = 0; i < 256; i++) noise[i] = (unsigned char)(i * 37 + 11);
    send_u32(sizeof noise);
    send_raw(noise, sizeof noise);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -2);
    /* Still in sync afterwards: a good message reads fine. */
    HostMsg m;
    host_msg_init(&m, HOST_CLI_ARGS);
    ck_assert_int_eq(host_msg_write(sv[1], &m), 0);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), 0);
    ck_assert_uint_eq(got.op, HOST_CLI_ARGS);
    host_msg_free(&got);
    host_msg_free(&m);
}
END_TEST

START_TEST(truncated_then_eof) {
    HostMsg got;
    send_u32(100);
    send_raw("short", 5);
    close(sv[1]);
    sv[1] = open("/dev/null", O_WRONLY);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -1);
    /* And a bare EOF. */
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -1);
}
END_TEST

START_TEST(half_length_then_eof) {
    HostMsg got;
    send_raw("\x10\x00", 2);
    close(sv[1]);
    sv[1] = open("/dev/null", O_WRONLY);
    ck_assert_int_eq(host_msg_read(sv[0], &got, HOST_MAX_REQUEST), -1);
}
END_TEST

/* ---- host_perform: capabilities and malformed requests --------------------- */

static HostPolicy pol;

static void policy_setup(void) {
    memset(&pol, 0, sizeof pol);
    pol.max_text_chars = 10000000;
    pol.max_write_bytes = 10000000;
    pol.timeout_s = 30;
}

/* Performs op with the given parts; returns the reply status, the first part in *text. */
static uint32_t perform(uint32_t op, int n, const char *const *parts, char *text, size_t textsz) {
    HostMsg req, reply;
    host_msg_init(&req, op);
    for (int i = 0; i < n; i++) host_msg_add_str(&req, parts[i]);
    host_perform(&pol, &req, &reply);
    if (text) snprintf(text, textsz, "%s", reply.n ? reply.parts[0].data : "");
    uint32_t st = reply.op;
    host_msg_free(&req);
    host_msg_free(&reply);
    return st;
}

START_TEST(unknown_ops) {
    char t[256];
    ck_assert_uint_eq(perform(0, 0, NULL, t, sizeof t), HOST_FAIL);
    ck_assert_str_eq(t, "unknown host operation 0");
    ck_assert_uint_eq(perform(HOST_OP_END, 0, NULL, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(0xFFFFFFFFu, 0, NULL, t, sizeof t), HOST_FAIL);
}
END_TEST

START_TEST(denied_without_caps) {
    /* Well-formed requests for every operation, no capability granted. */
    static const struct { uint32_t op; int n; const char *parts[5]; const char *name; } reqs[] = {
        {HOST_FS_READ_TEXT, 1, {"/etc/passwd"}, "fs_read_text"},
        {HOST_FS_WRITE_TEXT, 2, {"/tmp/genoc_unit_pwned", "x"}, "fs_write_text"},
        {HOST_FS_LIST_DIR, 1, {"/"}, "fs_list_dir"},
        {HOST_FS_EXISTS, 1, {"/"}, "fs_exists"},
        {HOST_FS_METADATA, 1, {"/"}, "fs_metadata"},
        {HOST_FS_SYMLINK_METADATA, 1, {"/"}, "fs_symlink_metadata"},
        {HOST_FS_CANONICALIZE, 1, {"/"}, "fs_canonicalize"},
        {HOST_ENV_GET, 2, {"env_get", "PATH"}, "env_get"},
        {HOST_ENV_GET, 2, {"env_get_or", "PATH"}, "env_get_or"},
        {HOST_CLI_ARGS, 0, {NULL}, "cli_args"},
        {HOST_EXEC, 3, {"0", "", "/bin/sh -c 'echo pwned > /tmp/genoc_unit_pwned'"}, "exec"},
        {HOST_EXEC, 3, {"1", "in", "/bin/cat"}, "exec_with_input"},
        {HOST_SPAWN, 3, {"0", "", "/bin/true"}, "spawn"},
        {HOST_SPAWN, 3, {"1", "in", "/bin/cat"}, "spawn_with_input"},
        {HOST_STDIN_READ_ALL, 0, {NULL}, "stdin_read_all"},
        {HOST_SLEEP_MS, 1, {"1"}, "sleep_ms"},
    };
    char t[256], want[256];
    for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++) {
        ck_assert_uint_eq(perform(reqs[i].op, reqs[i].n, reqs[i].parts, t, sizeof t), HOST_DENIED);
        snprintf(want, sizeof want, "Capability denied: '%s' requires a capability that was not granted",
                 reqs[i].name);
        ck_assert_str_eq(t, want);
    }
    /* Only the capabilities the request needs are checked: all but fs. */
    pol.caps = ~0u & ~(unsigned)GENO_CAP_FS;
    const char *p[] = {"/etc/passwd"};
    ck_assert_uint_eq(perform(HOST_FS_READ_TEXT, 1, p, t, sizeof t), HOST_DENIED);
    ck_assert_int_eq(access("/tmp/genoc_unit_pwned", F_OK), -1);
    /* A bogus builtin name in an env request cannot pick a friendlier text. */
    pol.caps = 0;
    const char *e[] = {"not_a_builtin\n", "PATH"};
    ck_assert_uint_eq(perform(HOST_ENV_GET, 2, e, t, sizeof t), HOST_DENIED);
    ck_assert_str_eq(t, "Capability denied: 'env_get' requires a capability that was not granted");
}
END_TEST

START_TEST(malformed_with_caps) {
    pol.caps = ~0u;
    char t[256];
    const char *none[] = {NULL};
    const char *three[] = {"a", "b", "c"};
    ck_assert_uint_eq(perform(HOST_FS_READ_TEXT, 0, none, t, sizeof t), HOST_FAIL);
    ck_assert_str_eq(t, "fs_read_text: malformed request");
    ck_assert_uint_eq(perform(HOST_FS_WRITE_TEXT, 1, three, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_FS_EXISTS, 3, three, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_ENV_GET, 0, none, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_ENV_GET, 3, three, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_EXEC, 0, none, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_SPAWN, 2, three, t, sizeof t), HOST_FAIL);
    ck_assert_uint_eq(perform(HOST_SLEEP_MS, 0, none, t, sizeof t), HOST_FAIL);
    const char *neg[] = {"-5"};
    ck_assert_uint_eq(perform(HOST_SLEEP_MS, 1, neg, t, sizeof t), HOST_FAIL);
    ck_assert_str_eq(t, "sleep_ms: negative duration not allowed (-5)");
    /* A sleep past the deadline is a timeout at once, not a sleep. */
    pol.deadline_ms = host_now_ms() + 200;
    const char *longsleep[] = {"100000000"};
    double t0 = host_now_ms();
    ck_assert_uint_eq(perform(HOST_SLEEP_MS, 1, longsleep, t, sizeof t), HOST_TIMEOUT);
    ck_assert(host_now_ms() - t0 < 1000);
}
END_TEST

/* ---- fs policy ---------------------------------------------------------------- */

static char base[PATH_MAX], root[PATH_MAX + 16], outside[PATH_MAX + 16];

static void put_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void fs_setup(void) {
    policy_setup();
    snprintf(base, sizeof base, "/tmp/genoc_unit_broker.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(base));
    snprintf(root, sizeof root, "%s/root", base);
    snprintf(outside, sizeof outside, "%s/outside", base);
    ck_assert(mkdir(root, 0755) == 0 && mkdir(outside, 0755) == 0);
    char p[PATH_MAX * 2];
    snprintf(p, sizeof p, "%s/secret.txt", outside);
    put_file(p, "SECRET\n");
    snprintf(p, sizeof p, "%s/inside.txt", root);
    put_file(p, "inside\n");
    snprintf(p, sizeof p, "%s/sub", root);
    ck_assert(mkdir(p, 0755) == 0);
    snprintf(p, sizeof p, "%s/link_secret", root);
    ck_assert(symlink("../outside/secret.txt", p) == 0);
    snprintf(p, sizeof p, "%s/link_outdir", root);
    ck_assert(symlink(outside, p) == 0);
    char target[PATH_MAX * 2];
    snprintf(target, sizeof target, "%s/created.txt", outside);
    snprintf(p, sizeof p, "%s/link_newfile", root);
    ck_assert(symlink(target, p) == 0);
    snprintf(p, sizeof p, "%s/root_sibling", base);
    ck_assert(mkdir(p, 0755) == 0);
    snprintf(p, sizeof p, "%s/root_sibling/s.txt", base);
    put_file(p, "SIBLING\n");
    pol.caps = GENO_CAP_FS;
    host_policy_add_root(&pol, root);
}

static void fs_teardown(void) {
    char cmd[PATH_MAX + 32];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
    for (int i = 0; i < pol.nfs_roots; i++) free(pol.fs_roots[i]);
    free(pol.fs_roots);
}

static uint32_t fs1(uint32_t op, const char *path, char *t, size_t tsz) {
    const char *p[] = {path};
    return perform(op, 1, p, t, tsz);
}

START_TEST(fs_escapes_refused) {
    char t[512], abs_secret[PATH_MAX * 2], abs_dotdot[PATH_MAX * 2];
    snprintf(abs_secret, sizeof abs_secret, "%s/secret.txt", outside);
    snprintf(abs_dotdot, sizeof abs_dotdot, "%s/../outside/secret.txt", root);
    const char *escapes[] = {"../outside/secret.txt", "sub/../../outside/secret.txt", "/etc/passwd",
                             abs_secret, abs_dotdot, "link_secret", "link_outdir/secret.txt",
                             "../root_sibling/s.txt", "..", "/"};
    for (size_t i = 0; i < sizeof escapes / sizeof escapes[0]; i++) {
        ck_assert_uint_eq(fs1(HOST_FS_READ_TEXT, escapes[i], t, sizeof t), HOST_FAIL);
        ck_assert_str_eq(t, "fs_read_text: path escapes configured filesystem roots");
        ck_assert_uint_eq(fs1(HOST_FS_EXISTS, escapes[i], t, sizeof t), HOST_FAIL);
        ck_assert_uint_eq(fs1(HOST_FS_METADATA, escapes[i], t, sizeof t), HOST_ERR);
        ck_assert_str_eq(t, "fs_metadata: path escapes configured filesystem roots");
        ck_assert_uint_eq(fs1(HOST_FS_CANONICALIZE, escapes[i], t, sizeof t), HOST_ERR);
        ck_assert(strstr(t, outside) == NULL);
    }
    ck_assert_uint_eq(fs1(HOST_FS_LIST_DIR, "link_outdir", t, sizeof t), HOST_ERR);
    ck_assert_str_eq(t, "fs_list_dir: path escapes configured filesystem roots");
    ck_assert_uint_eq(fs1(HOST_FS_LIST_DIR, "..", t, sizeof t), HOST_ERR);
    /* Embedded NUL cannot cut a path short. */
    HostMsg req, reply;
    host_msg_init(&req, HOST_FS_READ_TEXT);
    host_msg_add(&req, "inside.txt\0/../../outside/secret.txt", 36);
    host_perform(&pol, &req, &reply);
    ck_assert_uint_eq(reply.op, HOST_FAIL);
    ck_assert_str_eq(reply.parts[0].data, "embedded null byte");
    host_msg_free(&req);
    host_msg_free(&reply);
}
END_TEST

START_TEST(fs_writes_stay_inside) {
    char t[512], p[PATH_MAX * 2];
    const char *targets[] = {"../outside/new.txt", "link_newfile", "link_outdir/new.txt", "link_secret",
                             "/tmp/genoc_unit_pwned"};
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        const char *parts[] = {targets[i], "pwned"};
        ck_assert_uint_eq(perform(HOST_FS_WRITE_TEXT, 2, parts, t, sizeof t), HOST_FAIL);
        ck_assert_str_eq(t, "fs_write_text: path escapes configured filesystem roots");
    }
    snprintf(p, sizeof p, "%s/created.txt", outside);
    ck_assert_int_eq(access(p, F_OK), -1);
    snprintf(p, sizeof p, "%s/new.txt", outside);
    ck_assert_int_eq(access(p, F_OK), -1);
    ck_assert_int_eq(access("/tmp/genoc_unit_pwned", F_OK), -1);
    snprintf(p, sizeof p, "%s/secret.txt", outside);
    FILE *f = fopen(p, "r");
    char buf[32] = {0};
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(buf, sizeof buf, f));
    fclose(f);
    ck_assert_str_eq(buf, "SECRET\n");
    /* Over the size bound: refused before the file is touched. */
    pol.max_write_bytes = 4;
    const char *big[] = {"big.txt", "12345"};
    ck_assert_uint_eq(perform(HOST_FS_WRITE_TEXT, 2, big, t, sizeof t), HOST_FAIL);
    snprintf(p, sizeof p, "%s/big.txt", root);
    ck_assert_int_eq(access(p, F_OK), -1);
}
END_TEST

START_TEST(fs_back_inside_allowed) {
    char t[512];
    ck_assert_uint_eq(fs1(HOST_FS_READ_TEXT, "sub/../inside.txt", t, sizeof t), HOST_OK);
    ck_assert_str_eq(t, "inside\n");
    const char *w[] = {"sub/../sub/w.txt", "data"};
    ck_assert_uint_eq(perform(HOST_FS_WRITE_TEXT, 2, w, t, sizeof t), HOST_OK);
    ck_assert_uint_eq(fs1(HOST_FS_READ_TEXT, "sub/w.txt", t, sizeof t), HOST_OK);
    ck_assert_str_eq(t, "data");
    /* The link itself is inside the root: lstat is allowed. */
    ck_assert_uint_eq(fs1(HOST_FS_SYMLINK_METADATA, "link_secret", t, sizeof t), HOST_OK);
    ck_assert_str_eq(t, "2");   /* FileKindSymlink */
}
END_TEST

/* ---- env and process policy ----------------------------------------------------- */

START_TEST(env_secrets_denied) {
    pol.caps = GENO_CAP_ENV;
    setenv("AWS_SECRET_ACCESS_KEY", "SECRET", 1);
    setenv("MY_API_TOKEN", "SECRET", 1);
    char t[512];
    const char *a[] = {"env_get", "AWS_SECRET_ACCESS_KEY"};
    ck_assert_uint_eq(perform(HOST_ENV_GET, 2, a, t, sizeof t), HOST_DENIED);
    ck_assert_str_eq(t, "env_get: environment variable 'AWS_SECRET_ACCESS_KEY' is not allowed by the host env policy");
    const char *b[] = {"env_get_or", "my_api_token"};
    ck_assert_uint_eq(perform(HOST_ENV_GET, 2, b, t, sizeof t), HOST_DENIED);
    char *allow[] = {"MY_API_*"};
    pol.env_allow = allow;
    pol.nenv_allow = 1;
    const char *c[] = {"env_get", "MY_API_TOKEN"};
    ck_assert_uint_eq(perform(HOST_ENV_GET, 2, c, t, sizeof t), HOST_OK);
    ck_assert_str_eq(t, "SECRET");
    ck_assert_uint_eq(perform(HOST_ENV_GET, 2, a, t, sizeof t), HOST_DENIED);
}
END_TEST

START_TEST(process_relative_refused) {
    pol.caps = GENO_CAP_PROCESS;
    char t[512];
    const char *a[] = {"0", "", "sh -c 'echo pwned > /tmp/genoc_unit_pwned'"};
    ck_assert_uint_eq(perform(HOST_EXEC, 3, a, t, sizeof t), HOST_ERR);
    ck_assert_str_eq(t, "process: executable must be an absolute path");
    const char *b[] = {"0", "", "sh", "-c", "true"};
    ck_assert_uint_eq(perform(HOST_SPAWN, 5, b, t, sizeof t), HOST_ERR);
    ck_assert_int_eq(access("/tmp/genoc_unit_pwned", F_OK), -1);
}
END_TEST

START_TEST(process_setsid_descendant_killed) {
    pol.caps = GENO_CAP_PROCESS;
    /* The background child leaves the process group and session; its pid
     * comes back on stdout. */
    HostMsg req, reply;
    host_msg_init(&req, HOST_SPAWN);
    host_msg_add_str(&req, "0");
    host_msg_add_str(&req, "");
    host_msg_add_str(&req, "/bin/sh");
    host_msg_add_str(&req, "-c");
    host_msg_add_str(&req, "/usr/bin/setsid /bin/sleep 1000 >/dev/null 2>&1 </dev/null & echo $!; /bin/sleep 0.3");
    host_perform(&pol, &req, &reply);
    ck_assert_uint_eq(reply.op, HOST_OK);
    ck_assert_uint_eq(reply.n, 3);
    ck_assert_str_eq(reply.parts[0].data, "0");
    pid_t bg = (pid_t)atoi(reply.parts[1].data);
    ck_assert_int_gt(bg, 1);
    /* Killed and reaped before host_perform returned. */
    ck_assert_int_eq(kill(bg, 0), -1);
    ck_assert_int_eq(errno, ESRCH);
    host_msg_free(&req);
    host_msg_free(&reply);
}
END_TEST

START_TEST(process_returns_when_child_exits) {
    pol.caps = GENO_CAP_PROCESS;
    /* A background child holding stdout open does not hold the call up. */
    HostMsg req, reply;
    host_msg_init(&req, HOST_EXEC);
    host_msg_add_str(&req, "0");
    host_msg_add_str(&req, "");
    host_msg_add_str(&req, "/bin/sh -c '/bin/sleep 1000 & echo out'");
    double t0 = host_now_ms();
    host_perform(&pol, &req, &reply);
    ck_assert(host_now_ms() - t0 < 5000);
    ck_assert_uint_eq(reply.op, HOST_OK);
    ck_assert_str_eq(reply.parts[1].data, "out\n");
    host_msg_free(&req);
    host_msg_free(&reply);
}
END_TEST

static Suite *broker_suite(void) {
    Suite *s = suite_create("broker");
    TCase *framing = tcase_create("framing");
    tcase_add_checked_fixture(framing, sock_setup, sock_teardown);
    tcase_add_test(framing, roundtrip);
    tcase_add_test(framing, oversized_length);
    tcase_add_test(framing, garbage_payloads);
    tcase_add_test(framing, truncated_then_eof);
    tcase_add_test(framing, half_length_then_eof);
    suite_add_tcase(s, framing);

    TCase *perf = tcase_create("perform");
    tcase_add_checked_fixture(perf, policy_setup, NULL);
    tcase_add_test(perf, unknown_ops);
    tcase_add_test(perf, denied_without_caps);
    tcase_add_test(perf, malformed_with_caps);
    tcase_add_test(perf, env_secrets_denied);
    tcase_add_test(perf, process_relative_refused);
    tcase_add_test(perf, process_setsid_descendant_killed);
    tcase_add_test(perf, process_returns_when_child_exits);
    tcase_set_timeout(perf, 20);
    suite_add_tcase(s, perf);

    TCase *fs = tcase_create("fs");
    tcase_add_checked_fixture(fs, fs_setup, fs_teardown);
    tcase_add_test(fs, fs_escapes_refused);
    tcase_add_test(fs, fs_writes_stay_inside);
    tcase_add_test(fs, fs_back_inside_allowed);
    suite_add_tcase(s, fs);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(broker_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed != 0;
}
