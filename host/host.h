/* host.h — effects that need authority, and the messages that ask for them.
 *
 * A program never performs fs, process, env, stdin, sleep or http effects
 * itself. Its runtime (rt/effects.c) encodes a request — an operation and a
 * list of byte strings — and hands it to a transport:
 *
 *   genoc run:   the sandboxed child writes the request to its socket; the
 *                parent (driver/broker.c) decodes and validates it, checks
 *                its policy, performs it with host_perform and answers;
 *   genoc build: the binary calls host_perform directly, with the same
 *                policy built from its own flags.
 *
 * So the policy checks live in one place (the files of host/), and a sandboxed child
 * that is taken over still has no system call that reaches anything.
 *
 * Wire format (native byte order; both ends are the same binary):
 *   u32 payload length, then the payload: u32 op, u32 count,
 *   count × (u32 length, bytes).
 * Host code uses malloc, never the GC: it also runs in the genoc parent,
 * where no program runtime exists.
 */
#ifndef GENOC_HOST_H
#define GENOC_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Requests (HostMsg.op of a request). */
typedef enum {
    HOST_FS_READ_TEXT = 1,      /* path */
    HOST_FS_WRITE_TEXT,         /* path, content */
    HOST_FS_LIST_DIR,           /* path */
    HOST_FS_EXISTS,             /* path */
    HOST_FS_METADATA,           /* path */
    HOST_FS_SYMLINK_METADATA,   /* path */
    HOST_FS_CANONICALIZE,       /* path */
    HOST_ENV_GET,               /* builtin name, variable name */
    HOST_CLI_ARGS,              /* (none) */
    HOST_EXEC,                  /* has_stdin "0"/"1", stdin, command line (shell words) */
    HOST_SPAWN,                 /* has_stdin, stdin, program, args... */
    HOST_STDIN_READ_ALL,        /* (none) */
    HOST_SLEEP_MS,              /* milliseconds (decimal) */
    HOST_HTTP_REQUEST,          /* builtin name, method, url, body, header name/value pairs...;
                                 * also serve's "http_listen" (port), "serve_next" and
                                 * "serve_respond" (kind, status, body, pairs): host/http.c */
    HOST_OP_END
} HostOp;

/* Replies (HostMsg.op of a reply). */
typedef enum {
    HOST_OK = 0,        /* parts: the result (per operation, see host.c) */
    HOST_ERR = 1,       /* parts[0]: the Err(...) text of a Result-returning builtin */
    HOST_FAIL = 2,      /* parts[0]: a runtime error (E499) the program can catch */
    HOST_DENIED = 3,    /* parts[0]: a policy denial raised as E412 */
    HOST_TIMEOUT = 4,   /* the run's wall-clock deadline passed during the effect */
} HostStatus;

/* Bounds a parent enforces on what a child may send. */
#define HOST_MAX_PARTS 100000
#define HOST_MAX_REQUEST (64u << 20)
#define HOST_MAX_REPLY (256u << 20)

typedef struct {
    size_t len;
    char *data;         /* NUL-terminated for convenience (not counted in len) */
} HostBytes;

typedef struct {
    uint32_t op;        /* HostOp or HostStatus */
    uint32_t n;
    HostBytes *parts;
} HostMsg;

/* Message construction (malloc; host_msg_free releases parts and array). */
void host_msg_init(HostMsg *m, uint32_t op);
void host_msg_add(HostMsg *m, const char *data, size_t len);
void host_msg_add_str(HostMsg *m, const char *s);
void host_msg_addf(HostMsg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void host_msg_free(HostMsg *m);
/* A one-part reply with status st (HOST_ERR, HOST_FAIL, HOST_DENIED). */
void host_reply_text(HostMsg *reply, uint32_t st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Encodes m (with its u32 length prefix) into a malloc'd buffer. */
char *host_msg_encode(const HostMsg *m, size_t *len);
/* Decodes a payload (without the length prefix); parts are copies.
 * Returns 0, or -1 if the payload is malformed. */
int host_msg_decode(const char *payload, size_t len, HostMsg *m);

/* Whole-message I/O on a blocking descriptor: 0 ok, -1 error or EOF,
 * -2 the message exceeds `max` bytes (nothing more is read). */
int host_msg_write(int fd, const HostMsg *m);
int host_msg_read(int fd, HostMsg *m, size_t max);

/* What the host allows (built from `genoc run` options or a built binary's
 * flags). */
typedef struct {
    unsigned caps;              /* GENO_CAP_* granted */
    char **fs_roots;            /* absolute, resolved; tried in order */
    int nfs_roots;
    int64_t max_write_bytes;    /* fs_write_text content bound */
    int64_t max_text_chars;     /* strings returned to the program (max_collection_size) */
    char **env_allow;           /* names readable even if they look secret; "X*" = prefix */
    int nenv_allow;
    char **program_args;        /* cli_args() */
    int nprogram_args;
    double deadline_ms;         /* CLOCK_MONOTONIC ms when the run must end; 0 = none */
    double timeout_s;           /* the run's --timeout, for the E501 message */
    bool http_allow_private;    /* --http-allow-private: loopback/private targets allowed */
} HostPolicy;

/* Performs req under policy p; fills reply (always). */
void host_perform(const HostPolicy *p, const HostMsg *req, HostMsg *reply);

/* Policy helpers shared by the effect files. */
void host_policy_add_root(HostPolicy *p, const char *dir);   /* resolves it */
/* Appends the names of a comma-separated list ("A,B*") to list/n (malloc). */
void host_add_names(char ***list, int *n, const char *csv);
/* The reference's fs roots: cwd, the source file's directory, and every
 * path-like program argument (its directory if it is a file). */
void host_policy_default_roots(HostPolicy *p, const char *source_path);
double host_now_ms(void);       /* CLOCK_MONOTONIC */
/* ms left before the deadline (a large number if none); <= 0 when passed. */
double host_ms_left(const HostPolicy *p);

/* Python-compatible helpers (host/pycompat.c). */
char *host_py_repr(const char *s);                    /* 'text' as Python's repr */
char *host_oserror(int err, const char *path);        /* "[Errno 2] No such file ...: 'p'" */
/* Python's os.path.realpath (non-strict): symlinks resolved as far as the
 * path exists, the rest normalised lexically. `path` must be absolute. */
char *host_realpath(const char *path);
/* UTF-8 check; host_utf8_replace decodes with errors="replace" (malloc). */
bool host_utf8_valid(const char *s, size_t n, size_t *bad_at);
/* Python's UnicodeDecodeError text ("'utf-8' codec can't decode byte 0x.. in
 * position N: invalid start byte", ...) for the invalid sequence at bad_at. */
char *host_utf8_error(const char *s, size_t n, size_t bad_at);
char *host_utf8_replace(const char *s, size_t n, size_t *out_len);
/* Code points in valid UTF-8. */
int64_t host_utf8_chars(const char *s, size_t n);

/* The operation families (host/fs.c, host/process.c, host/env.c,
 * host/stdio.c, host/http.c). */
void host_fs(const HostPolicy *p, const HostMsg *req, HostMsg *reply);
void host_process(const HostPolicy *p, const HostMsg *req, HostMsg *reply);
void host_env(const HostPolicy *p, const HostMsg *req, HostMsg *reply);
void host_stdin(const HostPolicy *p, const HostMsg *req, HostMsg *reply);
void host_sleep(const HostPolicy *p, const HostMsg *req, HostMsg *reply);
void host_http(const HostPolicy *p, const HostMsg *req, HostMsg *reply);

#endif
