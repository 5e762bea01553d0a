/* http.c — the http capability (http_fetch, http_post, http_request) and
 * the host side of serve (http_listen), with the reference's results and
 * error texts and a stricter address policy (docs/security.md, "## http").
 *
 * REQUESTS (HOST_HTTP_REQUEST; parts[0] names the builtin):
 *   http_fetch | http_post | http_request, method, url, body,
 *       header name/value pairs...           (needs GENO_CAP_HTTP)
 *     reply HOST_OK: fetch/post [body]; request [status, body, name, value...]
 *   http_listen, port                        (needs GENO_CAP_SERVE; the serve part below)
 *   serve_next                               -> [method, raw path, body, name, value...]
 *   serve_respond, kind, status, body, name, value...
 *
 * THE CLIENT follows the reference (geno/_serve.py install_http_callbacks:
 * urllib with a validating connection class and its own redirect handler):
 *   - the URL must be http or https with a hostname ("scheme 'x' is not
 *     allowed, only http and https", "URL must include a hostname");
 *   - the host is resolved here (getaddrinfo, bounded by the run's deadline)
 *     and every address must be public by the reference's tables
 *     (_is_public_http_ipv4 / _is_public_native_http_ipv6, with IPv4
 *     embedded in IPv6 — mapped, compatible, 6to4, NAT64, translated —
 *     judged as IPv4, and Teredo / local NAT64 refused), else "non-public
 *     network targets are not allowed"; --http-allow-private lifts that;
 *   - stricter than the reference: even with --http-allow-private, link-local
 *     169.254/16 (cloud metadata lives there), the known metadata addresses
 *     (100.100.100.200, 192.0.0.192, fd00:ec2::254, fd00:ec2::23),
 *     unspecified, multicast and 240/4 are refused;
 *   - the connection is pinned: libcurl gets the validated addresses
 *     (CURLOPT_RESOLVE), and its socket-open callback refuses any address
 *     that is not one of them or fails the policy, so a DNS answer that
 *     changes between check and connect (rebinding) cannot move it;
 *   - redirects (301, 302, 303, 307, 308) are followed here, at most 10 (the
 *     11th is "too many redirects"), each target checked like the first;
 *     303 (and 301/302 after POST) become GET without a body; a
 *     cross-origin redirect (scheme, host or port differ) drops every header
 *     the caller set (Authorization, Cookie, ...), as the reference does;
 *   - no proxy, no cookies, no netrc; HTTP/1.1 only; the request headers
 *     urllib sends (Accept-Encoding: identity, User-Agent, Connection:
 *     close, names title-cased, a default form Content-Type with a body);
 *   - the body is decoded as UTF-8 with replacement, counted 8192 bytes at
 *     a time as the reference reads it: past max_text_chars the transfer
 *     stops with "String size exceeds limit (N > M)" (E499);
 *   - a 30 s connect timeout and a 30 s idle timeout, as the reference's
 *     socket timeout; the run's deadline bounds everything (HOST_TIMEOUT);
 *   - errors read as the reference's: http_fetch / http_post raise E499
 *     ("http_fetch: <urlopen error [Errno 111] Connection refused>"),
 *     http_request answers Err(text); 4xx/5xx responses are results.
 */
#define _GNU_SOURCE
#include "host.h"
#include "curl_dl.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <geno/rt.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HTTP_MAX_REDIRECTS 10
#define HTTP_SOCKET_TIMEOUT_MS 30000.0   /* the reference's urlopen(timeout=30) */
#define HTTP_READ_CHUNK 8192             /* _read_limited_utf8_stream's read size */
#define HTTP_MAX_HEADER_LINES 100        /* http.client._MAXHEADERS */
#define HTTP_USER_AGENT "Python-urllib/3.11"
#define HTTP_MAX_PINNED 32

/* ---- growable byte buffer --------------------------------------------------- */

typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static void buf_add(Buf *b, const void *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *p = realloc(b->p, cap);
        if (!p) abort();
        b->p = p;
        b->cap = cap;
    }
    if (n) memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_puts(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }
static void buf_putc(Buf *b, char c) { buf_add(b, &c, 1); }

static void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0) abort();
    buf_add(b, s, (size_t)n);
    free(s);
}

/* The contents as a malloc'd string (never NULL); b is emptied. */
static char *buf_take(Buf *b) {
    char *p = b->p ? b->p : strdup("");
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}

static char *xstrndup(const char *s, size_t n) {
    char *p = strndup(s, n);
    if (!p) abort();
    return p;
}

static char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) abort();
    va_end(ap);
    return s;
}

/* ---- Python-compatible texts ------------------------------------------------ */

/* One code point of valid UTF-8 at s (n bytes left); *len its byte length. */
static uint32_t utf8_next(const unsigned char *s, size_t n, int *len) {
    uint32_t c = s[0];
    int k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if ((size_t)k > n) k = 1;
    if (k == 1) { *len = 1; return c; }
    c &= k == 2 ? 0x1F : k == 3 ? 0x0F : 0x07;
    for (int i = 1; i < k; i++) c = (c << 6) | (s[i] & 0x3F);
    *len = k;
    return c;
}

/* Python's UnicodeEncodeError text when UTF-8 s has a code point >= limit
 * (128: 'ascii', 256: 'latin-1'), positions counted in code points from
 * `base`; NULL when everything encodes. */
static char *encode_error(const char *codec, const char *s, size_t n, uint32_t limit, long base) {
    const unsigned char *u = (const unsigned char *)s;
    long pos = 0;
    for (size_t i = 0; i < n;) {
        int k;
        uint32_t c = utf8_next(u + i, n - i, &k);
        if (c >= limit) {
            long start = pos, end = pos + 1;
            uint32_t first = c;
            size_t j = i + (size_t)k;
            while (j < n) {
                int k2;
                uint32_t c2 = utf8_next(u + j, n - j, &k2);
                if (c2 < limit) break;
                end++;
                j += (size_t)k2;
            }
            unsigned lim = limit;
            if (end - start == 1) {
                char esc[16];
                if (first < 0x100) snprintf(esc, sizeof esc, "\\x%02x", first);
                else if (first < 0x10000) snprintf(esc, sizeof esc, "\\u%04x", first);
                else snprintf(esc, sizeof esc, "\\U%08x", first);
                return xasprintf("'%s' codec can't encode character '%s' in position %ld: ordinal not in range(%u)",
                                 codec, esc, base + start, lim);
            }
            return xasprintf("'%s' codec can't encode characters in position %ld-%ld: ordinal not in range(%u)",
                             codec, base + start, base + end - 1, lim);
        }
        pos++;
        i += (size_t)k;
    }
    return NULL;
}

/* Python's repr of a str given as UTF-8 (control characters escaped). */
static char *py_repr(const char *s) {
    char *r = host_py_repr(s);
    return r ? r : xstrdup("''");
}

/* Python's repr of bytes: b'...'. */
static char *py_bytes_repr(const unsigned char *s, size_t n) {
    bool sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
    char q = sq && !dq ? '"' : '\'';
    Buf b = {0};
    buf_putc(&b, 'b');
    buf_putc(&b, q);
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c == (unsigned)q || c == '\\') { buf_putc(&b, '\\'); buf_putc(&b, (char)c); }
        else if (c == '\t') buf_puts(&b, "\\t");
        else if (c == '\n') buf_puts(&b, "\\n");
        else if (c == '\r') buf_puts(&b, "\\r");
        else if (c < 0x20 || c >= 0x7F) buf_printf(&b, "\\x%02x", c);
        else buf_putc(&b, (char)c);
    }
    buf_putc(&b, q);
    return buf_take(&b);
}

/* Latin-1 bytes (what http.client decodes header lines as) to UTF-8. */
static char *latin1_to_utf8(const char *s, size_t n, size_t *out_len) {
    Buf b = {0};
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) buf_putc(&b, (char)c);
        else {
            char two[2] = {(char)(0xC0 | (c >> 6)), (char)(0x80 | (c & 0x3F))};
            buf_add(&b, two, 2);
        }
    }
    *out_len = b.len;
    return buf_take(&b);
}

/* UTF-8 whose code points are all < 256 to Latin-1 bytes (checked first). */
static char *utf8_to_latin1(const char *s, size_t n, size_t *out_len) {
    Buf b = {0};
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        int k;
        uint32_t c = utf8_next(u + i, n - i, &k);
        buf_putc(&b, (char)(c & 0xFF));
        i += (size_t)k;
    }
    *out_len = b.len;
    return buf_take(&b);
}

/* Characters Python's UTF-8 decoder (errors="replace") makes of s: each
 * well-formed sequence is one, each maximal ill-formed subpart one U+FFFD.
 * Unless `final`, a truncated but so far valid sequence at the end is left
 * for the next call (*used stops before it). */
static int64_t utf8_decode_count(const unsigned char *s, size_t n, size_t *used, bool final) {
    int64_t count = 0;
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) { count++; i++; continue; }
        int need;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c == 0xE0) { need = 2; lo = 0xA0; }
        else if (c == 0xED) { need = 2; hi = 0x9F; }
        else if (c >= 0xE1 && c <= 0xEF) need = 2;
        else if (c == 0xF0) { need = 3; lo = 0x90; }
        else if (c == 0xF4) { need = 3; hi = 0x8F; }
        else if (c >= 0xF1 && c <= 0xF3) need = 3;
        else { count++; i++; continue; }
        int j = 1;
        bool truncated = false;
        while (j <= need) {
            if (i + (size_t)j >= n) { truncated = true; break; }
            unsigned b = s[i + (size_t)j];
            if (b < (j == 1 ? lo : 0x80) || b > (j == 1 ? hi : 0xBF)) break;
            j++;
        }
        if (truncated && !final) break;
        count++;
        i += j > need ? (size_t)need + 1 : (size_t)j;
    }
    *used = i;
    return count;
}

/* ---- URLs, as Python parses them --------------------------------------------- */

/* urllib.parse.urlsplit (3.11): the parts a check needs. */
typedef struct {
    char *scheme;       /* lowercased; "" if none */
    char *netloc;       /* NULL without "//" */
    char *path;
    char *query;        /* NULL if no '?' */
    char *fragment;     /* NULL if no '#' */
    const char *error;  /* ValueError text, or NULL */
    char *error_owned;
} PyUrl;

static void pyurl_free(PyUrl *u) {
    free(u->scheme);
    free(u->netloc);
    free(u->path);
    free(u->query);
    free(u->fragment);
    free(u->error_owned);
    memset(u, 0, sizeof *u);
}

static bool is_scheme_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
           c == '.';
}

static bool ipv6_literal(const char *s, size_t n) {
    char tmp[INET6_ADDRSTRLEN + 64];
    if (n >= sizeof tmp) return false;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    char *pct = strchr(tmp, '%');   /* ipaddress accepts a scope id */
    if (pct) *pct = '\0';
    struct in6_addr a;
    return inet_pton(AF_INET6, tmp, &a) == 1;
}

static bool ipv4_literal(const char *s, size_t n) {
    char tmp[32];
    if (n >= sizeof tmp) return false;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    struct in_addr a;
    return inet_pton(AF_INET, tmp, &a) == 1;
}

static void pyurl_split(const char *url, PyUrl *u) {
    memset(u, 0, sizeof *u);
    /* lstrip C0 controls and space; drop tab, CR, LF anywhere. */
    while (*url && (unsigned char)*url <= 0x20) url++;
    Buf clean = {0};
    for (const char *p = url; *p; p++)
        if (*p != '\t' && *p != '\r' && *p != '\n') buf_putc(&clean, *p);
    char *s = buf_take(&clean);
    char *rest = s;
    char *colon = strchr(s, ':');
    if (colon && colon > s && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) {
        bool ok = true;
        for (char *p = s; p < colon; p++)
            if (!is_scheme_char(*p)) { ok = false; break; }
        if (ok) {
            u->scheme = xstrndup(s, (size_t)(colon - s));
            for (char *p = u->scheme; *p; p++)
                if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
            rest = colon + 1;
        }
    }
    if (!u->scheme) u->scheme = xstrdup("");
    if (rest[0] == '/' && rest[1] == '/') {
        size_t n = strcspn(rest + 2, "/?#");
        u->netloc = xstrndup(rest + 2, n);
        rest += 2 + n;
        bool open = strchr(u->netloc, '[') != NULL, close = strchr(u->netloc, ']') != NULL;
        if (open != close) u->error = "Invalid IPv6 URL";
        else if (open) {
            char *b = strchr(u->netloc, '[') + 1;
            size_t bn = strcspn(b, "]");
            if (b[0] == 'v') {
                /* \Av[a-fA-F0-9]+\..+\Z */
                size_t k = 1;
                while (k < bn && strchr("0123456789abcdefABCDEF", b[k])) k++;
                if (!(k > 1 && k < bn && b[k] == '.' && k + 1 < bn)) u->error = "IPvFuture address is invalid";
            } else if (ipv4_literal(b, bn)) {
                u->error = "An IPv4 address cannot be in brackets";
            } else if (!ipv6_literal(b, bn)) {
                char *h = xstrndup(b, bn);
                char *r = py_repr(h);
                u->error = u->error_owned = xasprintf("%s does not appear to be an IPv4 or IPv6 address", r);
                free(h);
                free(r);
            }
        }
    }
    char *hash = strchr(rest, '#');
    if (hash) {
        u->fragment = xstrdup(hash + 1);
        *hash = '\0';
    }
    char *q = strchr(rest, '?');
    if (q) {
        u->query = xstrdup(q + 1);
        *q = '\0';
    }
    u->path = xstrdup(rest);
    free(s);
}

/* SplitResult.hostname (lowercased; NULL if empty) and .port (0 if none;
 * -1 with *err set when it is not a valid port). */
static char *pyurl_hostname(const PyUrl *u) {
    if (!u->netloc) return NULL;
    const char *at = strrchr(u->netloc, '@');
    const char *hi = at ? at + 1 : u->netloc;
    const char *br = strchr(hi, '[');
    size_t n;
    if (br) {
        hi = br + 1;
        n = strcspn(hi, "]");
    } else n = strcspn(hi, ":");
    if (n == 0) return NULL;
    char *h = xstrndup(hi, n);
    /* lower() before a '%' zone only */
    for (char *p = h; *p && *p != '%'; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
    return h;
}

static long pyurl_port(const PyUrl *u, char **err) {
    *err = NULL;
    if (!u->netloc) return 0;
    const char *at = strrchr(u->netloc, '@');
    const char *hi = at ? at + 1 : u->netloc;
    const char *port = NULL;
    const char *br = strchr(hi, '[');
    if (br) {
        const char *close = strchr(br, ']');
        if (close) {
            const char *c = strchr(close, ':');
            port = c ? c + 1 : NULL;
        }
    } else {
        const char *c = strchr(hi, ':');
        port = c ? c + 1 : NULL;
    }
    if (!port || !*port) return 0;
    bool digits = true;
    for (const char *p = port; *p; p++)
        if (*p < '0' || *p > '9') digits = false;
    if (!digits) {
        char *r = py_repr(port);
        *err = xasprintf("Port could not be cast to integer value as %s", r);
        free(r);
        return -1;
    }
    while (port[0] == '0' && port[1]) port++;
    if (strlen(port) > 5 || atol(port) > 65535) {
        *err = xstrdup("Port out of range 0-65535");
        return -1;
    }
    return atol(port);
}

/* urlunsplit, for the redirect target's clean-up. */
static char *pyurl_join_parts(const char *scheme, const char *netloc, const char *path, const char *query,
                              const char *fragment) {
    Buf b = {0};
    bool uses_netloc = !strcmp(scheme, "http") || !strcmp(scheme, "https") || !strcmp(scheme, "ftp");
    if (scheme[0]) {
        buf_puts(&b, scheme);
        buf_putc(&b, ':');
    }
    if ((netloc && netloc[0]) || (scheme[0] && uses_netloc && strncmp(path, "//", 2) != 0)) {
        buf_puts(&b, "//");
        if (netloc) buf_puts(&b, netloc);
        if (path[0] && path[0] != '/') buf_putc(&b, '/');
    }
    buf_puts(&b, path);
    if (query && query[0]) {
        buf_putc(&b, '?');
        buf_puts(&b, query);
    }
    if (fragment && fragment[0]) {
        buf_putc(&b, '#');
        buf_puts(&b, fragment);
    }
    return buf_take(&b);
}

typedef struct {
    char **v;
    size_t n;
} Strs;

/* Appends s.split('/') to out. */
static void split_into(Strs *out, const char *s) {
    for (const char *p = s;;) {
        const char *slash = strchr(p, '/');
        size_t n = slash ? (size_t)(slash - p) : strlen(p);
        out->v = realloc(out->v, sizeof *out->v * (out->n + 1));
        if (!out->v) abort();
        out->v[out->n++] = xstrndup(p, n);
        if (!slash) break;
        p = slash + 1;
    }
}

/* urllib.parse.urljoin(base, url) for http(s) bases. */
static char *pyurl_join(const char *base, const char *url) {
    if (!base[0]) return xstrdup(url);
    if (!url[0]) return xstrdup(base);
    PyUrl b, r;
    pyurl_split(base, &b);
    pyurl_split(url, &r);
    char *out;
    const char *scheme = r.scheme[0] ? r.scheme : b.scheme;
    bool relative = !strcmp(scheme, "http") || !strcmp(scheme, "https") || !strcmp(scheme, "ftp");
    if (strcmp(scheme, b.scheme) != 0 || !relative) {
        out = xstrdup(url);
    } else if (r.netloc && r.netloc[0]) {
        out = pyurl_join_parts(scheme, r.netloc, r.path, r.query, r.fragment);
    } else if (!r.path[0]) {
        out = pyurl_join_parts(scheme, b.netloc, b.path, r.query && r.query[0] ? r.query : b.query, r.fragment);
    } else {
        /* Merge the paths and remove dot segments, as urljoin does. */
        Strs seg = {0};
        if (r.path[0] == '/') split_into(&seg, r.path);
        else {
            split_into(&seg, b.path);
            if (seg.n && seg.v[seg.n - 1][0]) free(seg.v[--seg.n]);   /* not a directory */
            split_into(&seg, r.path);
            /* segments[1:-1] = filter(None, segments[1:-1]) */
            size_t k = seg.n ? 1 : 0;
            for (size_t i = 1; i + 1 < seg.n; i++) {
                if (seg.v[i][0]) seg.v[k++] = seg.v[i];
                else free(seg.v[i]);
            }
            if (seg.n > 1) seg.v[k++] = seg.v[seg.n - 1];
            seg.n = k;
        }
        const char **res = calloc(seg.n + 2, sizeof *res);
        size_t nres = 0;
        for (size_t i = 0; i < seg.n; i++) {
            if (!strcmp(seg.v[i], "..")) {
                if (nres) nres--;
            } else if (strcmp(seg.v[i], ".") != 0) res[nres++] = seg.v[i];
        }
        if (seg.n && (!strcmp(seg.v[seg.n - 1], ".") || !strcmp(seg.v[seg.n - 1], ".."))) res[nres++] = "";
        Buf path = {0};
        for (size_t i = 0; i < nres; i++) {
            if (i) buf_putc(&path, '/');
            buf_puts(&path, res[i]);
        }
        if (!path.len) buf_putc(&path, '/');
        char *ps = buf_take(&path);
        out = pyurl_join_parts(scheme, b.netloc, ps, r.query, r.fragment);
        free(ps);
        free(res);
        for (size_t i = 0; i < seg.n; i++) free(seg.v[i]);
        free(seg.v);
    }
    pyurl_free(&b);
    pyurl_free(&r);
    return out;
}

/* ---- the address policy ------------------------------------------------------ */

static bool v4_in(uint32_t a, const char *net, int bits) {
    struct in_addr n;
    inet_pton(AF_INET, net, &n);
    uint32_t m = bits ? ~0u << (32 - bits) : 0;
    return (a & m) == (ntohl(n.s_addr) & m);
}

/* _is_public_http_ipv4. */
static bool v4_public(uint32_t a) {
    static const struct { const char *net; int bits; } denied[] = {
        {"0.0.0.0", 8}, {"10.0.0.0", 8}, {"100.64.0.0", 10}, {"127.0.0.0", 8}, {"169.254.0.0", 16},
        {"172.16.0.0", 12}, {"192.0.0.0", 24}, {"192.0.2.0", 24}, {"192.88.99.0", 24}, {"192.168.0.0", 16},
        {"198.18.0.0", 15}, {"198.51.100.0", 24}, {"203.0.113.0", 24}, {"224.0.0.0", 4}, {"240.0.0.0", 4},
    };
    for (size_t i = 0; i < sizeof denied / sizeof *denied; i++)
        if (v4_in(a, denied[i].net, denied[i].bits)) return false;
    return true;
}

/* Refused even with --http-allow-private: unspecified, link-local (cloud
 * metadata), multicast, reserved/broadcast, and other metadata services. */
static bool v4_never(uint32_t a) {
    return v4_in(a, "0.0.0.0", 8) || v4_in(a, "169.254.0.0", 16) || v4_in(a, "224.0.0.0", 4) ||
           v4_in(a, "240.0.0.0", 4) || v4_in(a, "100.100.100.200", 32) || v4_in(a, "192.0.0.192", 32);
}

static bool v6_in(const unsigned char *a, const char *net, int bits) {
    unsigned char n[16];
    inet_pton(AF_INET6, net, n);
    int full = bits / 8, rem = bits % 8;
    if (memcmp(a, n, (size_t)full) != 0) return false;
    if (rem) {
        unsigned char m = (unsigned char)(0xFF << (8 - rem));
        if ((a[full] & m) != (n[full] & m)) return false;
    }
    return true;
}

static uint32_t v4_at(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The IPv4 addresses the reference finds inside an IPv6 one; returns how
 * many (into out[5]). */
static int v6_embedded(const unsigned char *a, uint32_t *out) {
    static const unsigned char zero[12];
    int n = 0;
    if (v6_in(a, "::ffff:0:0", 96)) out[n++] = v4_at(a + 12);          /* ipv4_mapped */
    if (!memcmp(a, zero, 12)) out[n++] = v4_at(a + 12);                 /* ::/96 */
    if (v6_in(a, "2002::", 16)) out[n++] = v4_at(a + 2);                /* sixtofour */
    if (v6_in(a, "64:ff9b::", 96)) out[n++] = v4_at(a + 12);            /* well-known NAT64 */
    if (v6_in(a, "::ffff:0:0:0", 96)) out[n++] = v4_at(a + 12);         /* IPv4-translated */
    return n;
}

/* _validate_http_address for IPv6. */
static bool v6_public(const unsigned char *a) {
    if (v6_in(a, "64:ff9b:1::", 48) || v6_in(a, "2001::", 32)) return false;   /* local NAT64, Teredo */
    uint32_t emb[5];
    int n = v6_embedded(a, emb);
    if (n) {
        for (int i = 0; i < n; i++)
            if (!v4_public(emb[i])) return false;
        return true;
    }
    static const struct { const char *net; int bits; } denied[] = {
        {"::", 128}, {"::1", 128}, {"100::", 64}, {"5f00::", 16}, {"2001::", 23}, {"2001:20::", 28},
        {"2001:30::", 28}, {"2001:db8::", 32}, {"3fff::", 20}, {"fc00::", 7}, {"fe80::", 10}, {"fec0::", 10},
        {"ff00::", 8},
    };
    for (size_t i = 0; i < sizeof denied / sizeof *denied; i++)
        if (v6_in(a, denied[i].net, denied[i].bits)) return false;
    return true;
}

static bool v6_never(const unsigned char *a) {
    static const unsigned char zero[16];
    if (!memcmp(a, zero, 16) || v6_in(a, "ff00::", 8) || v6_in(a, "fd00:ec2::254", 128) ||
        v6_in(a, "fd00:ec2::23", 128))
        return true;
    uint32_t emb[5];
    int n = v6_embedded(a, emb);
    bool compat = !memcmp(a, zero, 12);
    for (int i = 0; i < n; i++) {
        if (compat && emb[i] == 1) continue;     /* ::1 is loopback, not 0.0.0.1 */
        if (v4_never(emb[i])) return true;
    }
    return false;
}

/* May the program connect to sa under p? */
static bool addr_allowed(const HostPolicy *p, const struct sockaddr *sa) {
    if (sa->sa_family == AF_INET) {
        uint32_t a = ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr);
        return !v4_never(a) && (p->http_allow_private || v4_public(a));
    }
    if (sa->sa_family == AF_INET6) {
        const unsigned char *a = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        return !v6_never(a) && (p->http_allow_private || v6_public(a));
    }
    return false;
}

static bool same_addr(const struct sockaddr *a, const struct sockaddr *b) {
    if (a->sa_family != b->sa_family) return false;
    if (a->sa_family == AF_INET)
        return ((const struct sockaddr_in *)a)->sin_addr.s_addr == ((const struct sockaddr_in *)b)->sin_addr.s_addr;
    if (a->sa_family == AF_INET6)
        return !memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr, &((const struct sockaddr_in6 *)b)->sin6_addr,
                       16);
    return false;
}

/* ---- one call ------------------------------------------------------------------ */

/* How a failure surfaces (the Python exception class decides it). */
typedef enum {
    HE_NONE,
    HE_RUNTIME,     /* RuntimeError with "fn: ..." already in the text */
    HE_OSVALUE,     /* OSError / ValueError inside the try: fetch/post add "fn: " */
    HE_VALUE_PRE,   /* ValueError from the first check, outside fetch's try */
    HE_FATAL,       /* escapes every handler: E499 even for http_request */
    HE_TIMEOUT,     /* the run's deadline passed */
} ErrKind;

typedef struct {
    char *name;     /* as the caller wrote it, capitalize()d by urllib */
    char *value;
} Header;

typedef struct {
    const HostPolicy *p;
    const char *fn;
    bool is_request;
    ErrKind err;
    char *msg;
} Call;

static void fail(Call *c, ErrKind k, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(Call *c, ErrKind k, const char *fmt, ...) {
    if (c->err != HE_NONE) return;
    c->err = k;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        if (vasprintf(&c->msg, fmt, ap) < 0) c->msg = NULL;
        va_end(ap);
    }
}

/* Resolves host:port (SOCK_STREAM) within the deadline. 0 ok, -1 no
 * answer, -2 the deadline passed. */
static int resolve(const HostPolicy *p, const char *host, long port, struct addrinfo **out) {
    char service[16];
    snprintf(service, sizeof service, "%ld", port);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM};
    *out = NULL;
    if (host_ms_left(p) <= 0) return -2;
    if (p->deadline_ms <= 0) return getaddrinfo(host, service, &hints, out) == 0 ? 0 : -1;
    /* Asynchronously, so a slow resolver cannot outlast the run. */
    struct gaicb *cb = calloc(1, sizeof *cb);
    struct addrinfo *h = malloc(sizeof *h);
    if (!cb || !h) abort();
    *h = hints;
    cb->ar_name = xstrdup(host);
    cb->ar_service = xstrdup(service);
    cb->ar_request = h;
    struct gaicb *list[1] = {cb};
    if (getaddrinfo_a(GAI_NOWAIT, list, 1, NULL) != 0) {
        free((char *)cb->ar_name);
        free((char *)cb->ar_service);
        free(h);
        free(cb);
        return getaddrinfo(host, service, &hints, out) == 0 ? 0 : -1;
    }
    while (gai_error(cb) == EAI_INPROGRESS) {
        double left = host_ms_left(p);
        if (left <= 0) {
            /* Not cancellable once running: the request stays allocated. */
            if (gai_cancel(cb) == EAI_CANCELED) {
                free((char *)cb->ar_name);
                free((char *)cb->ar_service);
                free(h);
                free(cb);
            }
            return -2;
        }
        if (left > 1000) left = 1000;
        struct timespec ts = {(time_t)(left / 1000), (long)((left - (double)(long)(left / 1000) * 1000) * 1e6)};
        const struct gaicb *wait[1] = {cb};
        gai_suspend(wait, 1, &ts);
    }
    int rc = gai_error(cb);
    *out = rc == 0 ? cb->ar_result : NULL;
    free((char *)cb->ar_name);
    free((char *)cb->ar_service);
    free(h);
    free(cb);
    return rc == 0 ? 0 : -1;
}

/* _resolve_validated_http_addresses: resolves and checks every address.
 * Returns the list (caller frees) or NULL after fail(). */
static struct addrinfo *resolve_checked(Call *c, const char *host, long port) {
    struct addrinfo *ai = NULL;
    int rc = resolve(c->p, host, port, &ai);
    if (rc == -2) {
        fail(c, HE_TIMEOUT, NULL);
        return NULL;
    }
    if (rc != 0 || !ai) {
        char *r = py_repr(host);
        fail(c, HE_RUNTIME, "%s: cannot resolve host %s", c->fn, r);
        free(r);
        return NULL;
    }
    for (struct addrinfo *a = ai; a; a = a->ai_next) {
        if (a->ai_family != AF_INET && a->ai_family != AF_INET6) {
            fail(c, HE_RUNTIME, "%s: cannot validate resolved host", c->fn);
            break;
        }
        if (!addr_allowed(c->p, a->ai_addr)) {
            fail(c, HE_RUNTIME, "%s: non-public network targets are not allowed", c->fn);
            break;
        }
    }
    if (c->err) {
        freeaddrinfo(ai);
        return NULL;
    }
    return ai;
}

/* _validate_http_target. `first`: before fetch's try block (a ValueError is
 * then reported without the "fn: " prefix). */
static bool check_target(Call *c, const char *url, bool first) {
    PyUrl u;
    pyurl_split(url, &u);
    bool ok = false;
    if (u.error) {
        fail(c, first ? HE_VALUE_PRE : HE_OSVALUE, "%s", u.error);
    } else if (strcmp(u.scheme, "http") != 0 && strcmp(u.scheme, "https") != 0) {
        fail(c, HE_RUNTIME, "%s: scheme '%s' is not allowed, only http and https", c->fn, u.scheme);
    } else {
        char *host = pyurl_hostname(&u);
        if (!host) fail(c, HE_RUNTIME, "%s: URL must include a hostname", c->fn);
        else {
            char *perr;
            long port = pyurl_port(&u, &perr);
            /* With private targets allowed the reference returns before
             * reading .port; http.client then says "nonnumeric port". An
             * out-of-range port is refused here in both cases (Python would
             * let getaddrinfo wrap it round). */
            bool cast_error = perr && strncmp(perr, "Port could not", 14) == 0;
            if (perr && !(cast_error && c->p->http_allow_private)) {
                fail(c, first ? HE_VALUE_PRE : HE_OSVALUE, "%s", perr);
                free(perr);
            } else if (c->p->http_allow_private) {
                free(perr);
                ok = true;      /* the connection's own check still applies */
            } else {
                if (!port) port = strcmp(u.scheme, "https") ? 80 : 443;
                struct addrinfo *ai = resolve_checked(c, host, port);
                if (ai) {
                    freeaddrinfo(ai);
                    ok = true;
                }
            }
            free(host);
        }
    }
    pyurl_free(&u);
    return ok;
}

/* _http_origin: (scheme, hostname lowercased without trailing dots, port). */
static char *origin_of(const char *url) {
    PyUrl u;
    pyurl_split(url, &u);
    char *host = pyurl_hostname(&u);
    char *perr;
    long port = pyurl_port(&u, &perr);
    free(perr);
    if (!port) port = !strcmp(u.scheme, "https") ? 443 : !strcmp(u.scheme, "http") ? 80 : -1;
    size_t hn = host ? strlen(host) : 0;
    while (hn && host[hn - 1] == '.') hn--;
    char *o = xasprintf("%s|%.*s|%ld", u.scheme, (int)hn, host ? host : "", port);
    free(host);
    pyurl_free(&u);
    return o;
}

/* What urllib.request.Request and http.client make of a URL. */
typedef struct {
    char *scheme;       /* lowercased */
    char *host_header;  /* Request.host: the Host header as written */
    char *host;         /* the connection's host, brackets removed */
    long port;
    char *selector;     /* path and query, "/" at least */
} ConnTarget;

static void conn_free(ConnTarget *t) {
    free(t->scheme);
    free(t->host_header);
    free(t->host);
    free(t->selector);
    memset(t, 0, sizeof *t);
}

static int hexval(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static char *percent_decode(const char *s) {
    Buf b = {0};
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == '%' && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
            buf_putc(&b, (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2])));
            i += 2;
        } else buf_putc(&b, s[i]);
    }
    return buf_take(&b);
}

static bool conn_parse(Call *c, const char *url, ConnTarget *t) {
    memset(t, 0, sizeof *t);
    /* unwrap(): strip, <...>, URL: */
    size_t n = strlen(url);
    const char *s = url;
    while (n && (*s == ' ' || (*s >= '\t' && *s <= '\r') || (*s >= 0x1c && *s <= 0x1f))) s++, n--;
    while (n && (s[n - 1] == ' ' || (s[n - 1] >= '\t' && s[n - 1] <= '\r') || (s[n - 1] >= 0x1c && s[n - 1] <= 0x1f))) n--;
    if (n >= 2 && s[0] == '<' && s[n - 1] == '>') {
        s++, n -= 2;
        while (n && (*s == ' ' || (*s >= '\t' && *s <= '\r'))) s++, n--;
        while (n && (s[n - 1] == ' ' || (s[n - 1] >= '\t' && s[n - 1] <= '\r'))) n--;
    }
    if (n >= 4 && !strncmp(s, "URL:", 4)) {
        s += 4, n -= 4;
        while (n && (*s == ' ' || (*s >= '\t' && *s <= '\r'))) s++, n--;
    }
    char *full = xstrndup(s, n);
    char *hash = strrchr(full, '#');
    if (hash) *hash = '\0';
    /* _splittype: ([^/:]+):(.*) */
    size_t sn = strcspn(full, "/:");
    if (sn == 0 || full[sn] != ':') {
        char *r = py_repr(url);
        fail(c, HE_OSVALUE, "unknown url type: %s", r);
        free(r);
        free(full);
        return false;
    }
    t->scheme = xstrndup(full, sn);
    for (char *p = t->scheme; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
    const char *rest = full + sn + 1;
    if (strcmp(t->scheme, "http") != 0 && strcmp(t->scheme, "https") != 0) {
        fail(c, HE_OSVALUE, "<urlopen error unknown url type: %s>", t->scheme);
        free(full);
        return false;
    }
    char *hostport = NULL;
    if (rest[0] == '/' && rest[1] == '/') {
        size_t hn = strcspn(rest + 2, "/#?");
        char *raw = xstrndup(rest + 2, hn);
        hostport = percent_decode(raw);
        free(raw);
        const char *path = rest + 2 + hn;
        t->selector = path[0] && path[0] != '/' ? xasprintf("/%s", path) : xstrdup(path);
    } else t->selector = xstrdup(rest);
    free(full);
    if (!t->selector[0]) {
        free(t->selector);
        t->selector = xstrdup("/");
    }
    if (!hostport || !hostport[0]) {
        free(hostport);
        fail(c, HE_OSVALUE, "<urlopen error no host given>");
        return false;
    }
    t->host_header = xstrdup(hostport);
    /* http.client.HTTPConnection._get_hostport */
    long port = !strcmp(t->scheme, "https") ? 443 : 80;
    char *i = strrchr(hostport, ':'), *j = strrchr(hostport, ']');
    if (i && (!j || i > j)) {
        const char *ps = i + 1;
        if (*ps) {
            bool digits = true;
            for (const char *q = ps; *q; q++)
                if (*q < '0' || *q > '9') digits = false;
            if (!digits) {
                fail(c, HE_FATAL, "nonnumeric port: '%s'", ps);   /* InvalidURL: not a ValueError */
                free(hostport);
                return false;
            }
            while (ps[0] == '0' && ps[1]) ps++;
            port = strlen(ps) > 6 ? 1000000 : atol(ps);
            if (port > 65535) {
                fail(c, HE_OSVALUE, "Port out of range 0-65535");
                free(hostport);
                return false;
            }
        }
        *i = '\0';
    }
    size_t hl = strlen(hostport);
    if (hl >= 2 && hostport[0] == '[' && hostport[hl - 1] == ']') {
        memmove(hostport, hostport + 1, hl - 2);
        hostport[hl - 2] = '\0';
    }
    t->host = hostport;
    t->port = port;
    return true;
}

/* ---- one HTTP exchange with libcurl --------------------------------------------- */

static char *redirect_target(const char *current, const char *location);

typedef struct {
    Call *c;
    struct sockaddr_storage pinned[HTTP_MAX_PINNED];
    int npinned;
    bool denied, unpinned;
    /* response headers of the current (final or interim) response */
    Header *hdrs;
    size_t nhdrs;
    int header_lines;
    bool too_many_headers;
    long code;              /* from the status line */
    const char *url;        /* the URL asked for (redirect targets join it) */
    bool follow;            /* a redirect we follow: its body is not needed */
    bool follow_cut;        /* ... so the transfer was stopped there */
    const char *method;
    Buf body;
    size_t decoded;         /* body bytes passed to the character count */
    size_t counted_to;      /* ... in HTTP_READ_CHUNK steps */
    int64_t chars;
    bool too_big;
    bool deadline_hit, idle_hit;
    double last_progress;
    curl_off_t last_dl, last_ul;
} Exchange;

static void headers_clear(Exchange *x) {
    for (size_t i = 0; i < x->nhdrs; i++) {
        free(x->hdrs[i].name);
        free(x->hdrs[i].value);
    }
    free(x->hdrs);
    x->hdrs = NULL;
    x->nhdrs = 0;
    x->header_lines = 0;
}

static const char *header_get(const Exchange *x, const char *name) {
    for (size_t i = 0; i < x->nhdrs; i++)
        if (!strcasecmp(x->hdrs[i].name, name)) return x->hdrs[i].value;
    return NULL;
}

static bool is_redirect(long code) {
    return code == 301 || code == 302 || code == 303 || code == 307 || code == 308;
}

/* A value as email's compat32 policy keeps it: trailing CR/LF removed. */
static void rstrip_crlf(char *s) {
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\r' || s[n - 1] == '\n')) s[--n] = '\0';
}

static size_t on_header(char *data, size_t size, size_t nitems, void *ud) {
    Exchange *x = ud;
    size_t n = size * nitems;
    if (n >= 5 && !memcmp(data, "HTTP/", 5)) {      /* a (new) status line */
        headers_clear(x);
        x->follow = false;
        const char *sp = memchr(data, ' ', n);
        x->code = sp ? strtol(sp + 1, NULL, 10) : 0;
        return n;
    }
    if (++x->header_lines > HTTP_MAX_HEADER_LINES) {
        x->too_many_headers = true;
        return 0;
    }
    if ((n == 2 && data[0] == '\r' && data[1] == '\n') || (n == 1 && data[0] == '\n')) {
        if (x->nhdrs) rstrip_crlf(x->hdrs[x->nhdrs - 1].value);
        if (is_redirect(x->code)) {
            const char *loc = header_get(x, "location");
            if (!loc) loc = header_get(x, "uri");
            char *target = loc ? redirect_target(x->url, loc) : NULL;
            x->follow = target != NULL;
            free(target);
        }
        return n;
    }
    if ((data[0] == ' ' || data[0] == '\t') && x->nhdrs) {   /* obs-fold continuation */
        Header *h = &x->hdrs[x->nhdrs - 1];
        size_t old = strlen(h->value);
        char *v = realloc(h->value, old + n + 1);
        if (!v) abort();
        memcpy(v + old, data, n);
        v[old + n] = '\0';
        h->value = v;
        return n;
    }
    const char *colon = memchr(data, ':', n);
    if (!colon) return n;
    if (x->nhdrs) rstrip_crlf(x->hdrs[x->nhdrs - 1].value);
    Header *hs = realloc(x->hdrs, sizeof *hs * (x->nhdrs + 1));
    if (!hs) abort();
    x->hdrs = hs;
    const char *v = colon + 1;
    while (v < data + n && (*v == ' ' || *v == '\t')) v++;
    hs[x->nhdrs].name = xstrndup(data, (size_t)(colon - data));
    hs[x->nhdrs].value = xstrndup(v, (size_t)(data + n - v));
    x->nhdrs++;
    return n;
}

/* Counts the characters of the body read so far, a read-chunk at a time. */
static void count_chunks(Exchange *x, bool final) {
    int64_t limit = x->c->p->max_text_chars;
    while (!x->too_big && (final ? x->counted_to < x->body.len : x->body.len - x->counted_to >= HTTP_READ_CHUNK)) {
        size_t end = x->counted_to + HTTP_READ_CHUNK;
        if (end > x->body.len) end = x->body.len;
        size_t used;
        x->chars += utf8_decode_count((const unsigned char *)x->body.p + x->decoded, end - x->decoded, &used, false);
        x->decoded += used;
        x->counted_to = end;
        if (limit > 0 && x->chars > limit) x->too_big = true;
    }
    if (final && !x->too_big && x->decoded < x->body.len) {
        size_t used;
        x->chars += utf8_decode_count((const unsigned char *)x->body.p + x->decoded, x->body.len - x->decoded, &used,
                                      true);
        x->decoded = x->body.len;
        if (limit > 0 && x->chars > limit) x->too_big = true;
    }
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *ud) {
    Exchange *x = ud;
    size_t n = size * nmemb;
    if (x->follow) {                    /* the reference reads and drops it */
        x->follow_cut = true;
        return 0;
    }
    buf_add(&x->body, data, n);
    count_chunks(x, false);
    return x->too_big ? 0 : n;
}

static int on_progress(void *ud, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal;
    (void)ultotal;
    Exchange *x = ud;
    double now = host_now_ms();
    if (x->c->p->deadline_ms > 0 && now >= x->c->p->deadline_ms) {
        x->deadline_hit = true;
        return 1;
    }
    if (dlnow != x->last_dl || ulnow != x->last_ul) {
        x->last_dl = dlnow;
        x->last_ul = ulnow;
        x->last_progress = now;
    } else if (now - x->last_progress > HTTP_SOCKET_TIMEOUT_MS) {
        x->idle_hit = true;
        return 1;
    }
    return 0;
}

/* The pin: only the addresses resolved and checked for this exchange. */
static curl_socket_t on_open_socket(void *ud, curlsocktype purpose, struct curl_sockaddr *a) {
    Exchange *x = ud;
    if (purpose != CURLSOCKTYPE_IPCXN) return CURL_SOCKET_BAD;
    bool pinned = false;
    for (int i = 0; i < x->npinned && !pinned; i++)
        pinned = same_addr((const struct sockaddr *)&x->pinned[i], &a->addr);
    if (!pinned) {
        x->unpinned = true;
        return CURL_SOCKET_BAD;
    }
    if (!addr_allowed(x->c->p, &a->addr)) {
        x->denied = true;
        return CURL_SOCKET_BAD;
    }
    return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

static void exchange_free(Exchange *x) {
    headers_clear(x);
    free(x->body.p);
    memset(&x->body, 0, sizeof x->body);
}

/* Title-cases a header name as str.title() (ASCII letters). */
static char *title_case(const char *s) {
    char *t = xstrdup(s);
    bool prev_letter = false;
    for (char *p = t; *p; p++) {
        bool letter = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z');
        if (letter) *p = prev_letter ? (char)(*p | 0x20) : (char)(*p & ~0x20);
        prev_letter = letter;
    }
    return t;
}

static bool header_in(const Header *h, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcasecmp(h[i].name, name)) return true;
    return false;
}

/* http.client's checks of the request line and of the caller's headers,
 * in the order it makes them. */
static bool check_request_text(Call *c, const char *method, const char *selector, const Header *hdrs, size_t nh) {
    for (const char *m = method; *m; m++)
        if ((unsigned char)*m < 0x20) {
            char *r = py_repr(method);
            char ch[2] = {*m, 0};
            char *rc = py_repr(ch);
            fail(c, HE_OSVALUE, "method can't contain control characters. %s (found at least %s)", r, rc);
            free(r);
            free(rc);
            return false;
        }
    for (const char *s = selector; *s; s++)
        if ((unsigned char)*s <= 0x20 || *s == 0x7F) {
            char *r = py_repr(selector);
            char ch[2] = {*s, 0};
            char *rc = py_repr(ch);
            fail(c, HE_FATAL, "URL can't contain control characters. %s (found at least %s)", r, rc);
            free(r);
            free(rc);
            return false;
        }
    char *line = xasprintf("%s %s HTTP/1.1", method, selector);
    char *e = encode_error("ascii", line, strlen(line), 128, 0);
    free(line);
    if (e) {
        fail(c, HE_OSVALUE, "%s", e);
        free(e);
        return false;
    }
    for (size_t i = 0; i < nh; i++) {
        char *name = title_case(hdrs[i].name);
        e = encode_error("ascii", name, strlen(name), 128, 0);
        if (e) {
            fail(c, HE_OSVALUE, "%s", e);
            free(e);
            free(name);
            return false;
        }
        /* [^:\s][^:\r\n]* */
        size_t nl = strlen(name);
        bool legal = nl > 0 && name[0] != ':' && !strchr(" \t\n\r\f\v", name[0]);
        for (size_t k = 1; k < nl && legal; k++)
            if (name[k] == ':' || name[k] == '\r' || name[k] == '\n') legal = false;
        if (!legal) {
            char *r = py_bytes_repr((const unsigned char *)name, nl);
            fail(c, HE_OSVALUE, "Invalid header name %s", r);
            free(r);
            free(name);
            return false;
        }
        free(name);
        const char *v = hdrs[i].value;
        e = encode_error("latin-1", v, strlen(v), 256, 0);
        if (e) {
            fail(c, HE_OSVALUE, "%s", e);
            free(e);
            return false;
        }
        size_t vl;
        char *lv = utf8_to_latin1(v, strlen(v), &vl);
        bool illegal = false;
        for (size_t k = 0; k < vl && !illegal; k++) {
            char nx = k + 1 < vl ? lv[k + 1] : '\0';
            if (lv[k] == '\n' && nx != ' ' && nx != '\t') illegal = true;
            if (lv[k] == '\r' && nx != ' ' && nx != '\t' && nx != '\n') illegal = true;
        }
        if (illegal) {
            char *r = py_bytes_repr((const unsigned char *)lv, vl);
            fail(c, HE_OSVALUE, "Invalid header value %s", r);
            free(r);
            free(lv);
            return false;
        }
        free(lv);
    }
    return true;
}

/* libcurl, once curl_ready has loaded it (curl_dl.h). */
static const CurlApi *cu;

static struct curl_slist *add_header_line(struct curl_slist *l, const char *name, const char *value) {
    size_t vl;
    char *lv = utf8_to_latin1(value, strlen(value), &vl);
    char *line = vl ? xasprintf("%s: %s", name, lv) : xasprintf("%s;", name);   /* "X;" sends "X:" */
    struct curl_slist *n = cu->slist_append(l, line);
    free(line);
    free(lv);
    if (!n) abort();
    return n;
}

/* Loads libcurl on the first request; false after fail() when it is missing. */
static bool curl_ready(Call *c) {
    const char *why = NULL;
    cu = curl_api(&why);
    if (!cu) fail(c, HE_OSVALUE, "<urlopen error %s>", why);
    return cu != NULL;
}

/* One request to t; fills x (status in *status). false after fail(). */
static bool exchange(Call *c, const ConnTarget *t, const char *method, const Buf *data, const Header *hdrs, size_t nh,
                     Exchange *x, long *status) {
    if (!check_request_text(c, method, t->selector, hdrs, nh)) return false;
    /* Connect: resolve the connection's host and pin what was checked. */
    struct addrinfo *ai = resolve_checked(c, t->host, t->port);
    if (!ai) return false;
    Buf resolve_entry = {0};
    buf_printf(&resolve_entry, "%s:%ld:", t->host, t->port);
    int k = 0;
    for (struct addrinfo *a = ai; a && k < HTTP_MAX_PINNED; a = a->ai_next) {
        char ip[INET6_ADDRSTRLEN];
        const void *src = a->ai_family == AF_INET ? (const void *)&((struct sockaddr_in *)a->ai_addr)->sin_addr
                                                  : (const void *)&((struct sockaddr_in6 *)a->ai_addr)->sin6_addr;
        if (!inet_ntop(a->ai_family, src, ip, sizeof ip)) continue;
        memcpy(&x->pinned[k], a->ai_addr, a->ai_addrlen);
        buf_printf(&resolve_entry, a->ai_family == AF_INET6 ? "%s[%s]" : "%s%s", k ? "," : "", ip);
        k++;
    }
    x->npinned = k;
    freeaddrinfo(ai);

    if (!curl_ready(c)) {
        free(resolve_entry.p);
        return false;
    }
    CURL *h = cu->easy_init();
    if (!h) {
        free(resolve_entry.p);
        fail(c, HE_OSVALUE, "<urlopen error out of memory>");
        return false;
    }
    bool v6 = strchr(t->host, ':') != NULL;
    char *curl_url = xasprintf("%s://%s%s%s:%ld%s", t->scheme, v6 ? "[" : "", t->host, v6 ? "]" : "", t->port,
                               t->selector);
    /* An address literal needs no entry (curl does not resolve it; the
     * socket callback still checks it). */
    struct in6_addr lit;
    bool literal = inet_pton(AF_INET, t->host, &lit) == 1 || inet_pton(AF_INET6, t->host, &lit) == 1;
    struct curl_slist *resolve_list = literal ? NULL : cu->slist_append(NULL, resolve_entry.p);
    free(resolve_entry.p);

    /* The headers urllib sends, in its order. */
    struct curl_slist *hl = NULL;
    hl = cu->slist_append(hl, "Expect:");
    if (!header_in(hdrs, nh, "Accept")) hl = cu->slist_append(hl, "Accept:");
    if (!header_in(hdrs, nh, "Accept-Encoding")) hl = cu->slist_append(hl, "Accept-Encoding: identity");
    if (data) {
        if (!header_in(hdrs, nh, "Content-Type"))
            hl = cu->slist_append(hl, "Content-Type: application/x-www-form-urlencoded");
        if (!header_in(hdrs, nh, "Content-Length")) {
            char cl[64];
            snprintf(cl, sizeof cl, "Content-Length: %zu", data->len);
            hl = cu->slist_append(hl, cl);
        }
    }
    if (!header_in(hdrs, nh, "Host")) hl = add_header_line(hl, "Host", t->host_header);
    if (!header_in(hdrs, nh, "User-Agent")) hl = cu->slist_append(hl, "User-Agent: " HTTP_USER_AGENT);
    for (size_t i = 0; i < nh; i++) {
        if (!strcasecmp(hdrs[i].name, "Connection")) continue;
        char *name = title_case(hdrs[i].name);
        hl = add_header_line(hl, name, hdrs[i].value);
        free(name);
    }
    hl = cu->slist_append(hl, "Connection: close");

    char errbuf[CURL_ERROR_SIZE] = "";
    double left = host_ms_left(c->p);
    long total_ms = left > 1e12 ? 0 : (long)left + 1;
    double connect_ms = left < HTTP_SOCKET_TIMEOUT_MS ? left : HTTP_SOCKET_TIMEOUT_MS;
    x->c = c;
    x->method = method;
    x->last_progress = host_now_ms();
    x->last_dl = x->last_ul = -1;

    cu->easy_setopt(h, CURLOPT_URL, curl_url);
    cu->easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    cu->easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    cu->easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    cu->easy_setopt(h, CURLOPT_PROXY, "");
    cu->easy_setopt(h, CURLOPT_NOPROXY, "*");
    cu->easy_setopt(h, CURLOPT_NETRC, (long)CURL_NETRC_IGNORED);
    cu->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    cu->easy_setopt(h, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    cu->easy_setopt(h, CURLOPT_PATH_AS_IS, 1L);
    cu->easy_setopt(h, CURLOPT_RESOLVE, resolve_list);
    cu->easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
    cu->easy_setopt(h, CURLOPT_OPENSOCKETDATA, x);
    cu->easy_setopt(h, CURLOPT_HTTPHEADER, hl);
    cu->easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    cu->easy_setopt(h, CURLOPT_HEADERDATA, x);
    cu->easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    cu->easy_setopt(h, CURLOPT_WRITEDATA, x);
    cu->easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    cu->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    cu->easy_setopt(h, CURLOPT_XFERINFODATA, x);
    cu->easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
    cu->easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, (long)connect_ms + 1);
    if (total_ms) cu->easy_setopt(h, CURLOPT_TIMEOUT_MS, total_ms);
    /* The CA store: the system's, or OpenSSL's SSL_CERT_FILE / SSL_CERT_DIR
     * as Python's default context reads them. */
    const char *ca_file = getenv("SSL_CERT_FILE"), *ca_dir = getenv("SSL_CERT_DIR");
    if (ca_file && *ca_file) cu->easy_setopt(h, CURLOPT_CAINFO, ca_file);
    if (ca_dir && *ca_dir) cu->easy_setopt(h, CURLOPT_CAPATH, ca_dir);
    cu->easy_setopt(h, CURLOPT_HTTP_CONTENT_DECODING, 0L);
    cu->easy_setopt(h, CURLOPT_HTTP_TRANSFER_DECODING, 1L);
    cu->easy_setopt(h, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
    cu->easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)0);
    if (!strcmp(method, "HEAD")) cu->easy_setopt(h, CURLOPT_NOBODY, 1L);
    else if (!strcmp(method, "GET") && !data) cu->easy_setopt(h, CURLOPT_HTTPGET, 1L);
    if (data && strcmp(method, "HEAD") != 0) {
        cu->easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)data->len);
        cu->easy_setopt(h, CURLOPT_POSTFIELDS, data->p ? data->p : "");
    }
    cu->easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);

    CURLcode rc = cu->easy_perform(h);
    cu->easy_getinfo(h, CURLINFO_RESPONSE_CODE, status);
    long os_errno = 0;
    cu->easy_getinfo(h, CURLINFO_OS_ERRNO, &os_errno);
    curl_off_t connected_us = 0;
    cu->easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connected_us);
    curl_off_t sent = 0;
    cu->easy_getinfo(h, CURLINFO_SIZE_UPLOAD_T, &sent);
    cu->easy_cleanup(h);
    cu->slist_free_all(hl);
    cu->slist_free_all(resolve_list);
    free(curl_url);

    if (x->too_many_headers) {
        fail(c, HE_FATAL, "got more than %d headers", HTTP_MAX_HEADER_LINES);
        return false;
    }
    if (x->too_big) {
        fail(c, HE_FATAL, "String size exceeds limit (%lld > %lld)", (long long)x->chars,
             (long long)c->p->max_text_chars);
        return false;
    }
    if (x->deadline_hit || (rc != CURLE_OK && c->p->deadline_ms > 0 && host_ms_left(c->p) <= 0)) {
        fail(c, HE_TIMEOUT, NULL);
        return false;
    }
    if (rc == CURLE_OK || rc == CURLE_PARTIAL_FILE || (rc == CURLE_WRITE_ERROR && x->follow_cut)) {
        /* A short body: http.client's read(amt) returns what came. */
        if (!x->follow) count_chunks(x, true);
        if (x->too_big) {
            fail(c, HE_FATAL, "String size exceeds limit (%lld > %lld)", (long long)x->chars,
                 (long long)c->p->max_text_chars);
            return false;
        }
        return true;
    }
    if (x->denied) {
        fail(c, HE_RUNTIME, "%s: non-public network targets are not allowed", c->fn);
        return false;
    }
    if (x->unpinned) {
        fail(c, HE_RUNTIME, "%s: cannot validate resolved host", c->fn);
        return false;
    }
    bool connected = connected_us > 0;
    switch (rc) {
    case CURLE_COULDNT_CONNECT:
        if (!os_errno) os_errno = ECONNREFUSED;
        fail(c, HE_OSVALUE, "<urlopen error [Errno %ld] %s>", os_errno, strerror((int)os_errno));
        break;
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_ABORTED_BY_CALLBACK:
        /* connect or sending: inside urllib's URLError wrapper */
        if (!connected || (data && sent < (curl_off_t)data->len)) fail(c, HE_OSVALUE, "<urlopen error timed out>");
        else fail(c, HE_OSVALUE, "timed out");
        break;
    case CURLE_GOT_NOTHING:
        fail(c, HE_OSVALUE, "Remote end closed connection without response");
        break;
    case CURLE_SEND_ERROR:
        if (!os_errno) os_errno = EPIPE;
        fail(c, HE_OSVALUE, "<urlopen error [Errno %ld] %s>", os_errno, strerror((int)os_errno));
        break;
    case CURLE_RECV_ERROR:
        if (!os_errno) os_errno = ECONNRESET;
        fail(c, HE_OSVALUE, "[Errno %ld] %s", os_errno, strerror((int)os_errno));
        break;
    case CURLE_PEER_FAILED_VERIFICATION: {
        /* Python's ssl texts (the reference's CPython 3.11 build). */
        const char *problem = "SSL certificate problem: ";
        if (!strncmp(errbuf, problem, strlen(problem))) {
            fail(c, HE_OSVALUE, "<urlopen error [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: %s (_ssl.c:1006)>",
                 errbuf + strlen(problem));
        } else if (strstr(errbuf, "subject name")) {
            struct in6_addr lit;
            bool ip = inet_pton(AF_INET, t->host, &lit) == 1 || inet_pton(AF_INET6, t->host, &lit) == 1;
            fail(c, HE_OSVALUE,
                 "<urlopen error [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: %s mismatch, certificate "
                 "is not valid for '%s'. (_ssl.c:1006)>", ip ? "IP address" : "Hostname", t->host);
        } else fail(c, HE_OSVALUE, "<urlopen error [SSL] %s>", errbuf[0] ? errbuf : cu->easy_strerror(rc));
        break;
    }
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
        fail(c, HE_OSVALUE, "<urlopen error [SSL] %s>", errbuf[0] ? errbuf : cu->easy_strerror(rc));
        break;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_UNSUPPORTED_PROTOCOL:
        fail(c, HE_FATAL, "%s", errbuf[0] ? errbuf : cu->easy_strerror(rc));
        break;
    default:
        fail(c, HE_OSVALUE, "<urlopen error %s>", errbuf[0] ? errbuf : cu->easy_strerror(rc));
    }
    return false;
}

/* The redirect target urllib computes from a Location value (raw bytes),
 * or NULL when urllib would return the response itself. */
static char *redirect_target(const char *current, const char *location) {
    PyUrl u;
    pyurl_split(location, &u);
    if (strcmp(u.scheme, "http") && strcmp(u.scheme, "https") && strcmp(u.scheme, "ftp") && u.scheme[0]) {
        pyurl_free(&u);
        return NULL;
    }
    char *fixed = pyurl_join_parts(u.scheme, u.netloc, u.netloc && !u.path[0] ? "/" : u.path, u.query, u.fragment);
    pyurl_free(&u);
    /* quote(newurl, encoding="iso-8859-1", safe=string.punctuation) */
    Buf q = {0};
    for (const unsigned char *p = (const unsigned char *)fixed; *p; p++) {
        if (*p <= 0x20 || *p >= 0x7F) buf_printf(&q, "%%%02X", *p);
        else buf_putc(&q, (char)*p);
    }
    free(fixed);
    char *quoted = buf_take(&q);
    char *joined = pyurl_join(current, quoted);
    free(quoted);
    return joined;
}

static void reply_error(Call *c, HostMsg *reply) {
    const char *m = c->msg ? c->msg : "http: error";
    host_msg_free(reply);
    switch (c->err) {
    case HE_TIMEOUT:
        host_msg_init(reply, HOST_TIMEOUT);
        return;
    case HE_FATAL:
        host_msg_init(reply, HOST_OK);
        host_reply_text(reply, HOST_FAIL, "%s", m);
        return;
    case HE_OSVALUE:
        host_msg_init(reply, HOST_OK);
        if (c->is_request) host_reply_text(reply, HOST_ERR, "%s", m);
        else host_reply_text(reply, HOST_FAIL, "%s: %s", c->fn, m);
        return;
    default:
        host_msg_init(reply, HOST_OK);
        host_reply_text(reply, c->is_request ? HOST_ERR : HOST_FAIL, "%s", m);
    }
}

static void http_client(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    const char *fn = req->parts[0].data;
    Call c = {.p = p, .fn = fn, .is_request = !strcmp(fn, "http_request")};
    bool is_post = !strcmp(fn, "http_post");
    /* method.upper() */
    char *method = xstrdup(req->parts[1].data);
    for (char *m = method; *m; m++)
        if (*m >= 'a' && *m <= 'z') *m = (char)(*m - 32);
    char *url = xstrdup(req->parts[2].data);
    const HostBytes *body = &req->parts[3];
    Buf data = {0};
    bool has_data;
    if (c.is_request) has_data = !((!strcmp(method, "GET") || !strcmp(method, "HEAD")) && body->len == 0);
    else has_data = is_post;
    if (has_data) buf_add(&data, body->data, body->len);
    /* Request.add_header: keys capitalize()d, the last value wins. */
    Header *hdrs = NULL;
    size_t nh = 0;
    if (is_post) {
        hdrs = calloc(1, sizeof *hdrs);
        hdrs[0].name = xstrdup("Content-type");
        hdrs[0].value = xstrdup("application/json");
        nh = 1;
    }
    for (uint32_t i = 4; i + 1 < req->n; i += 2) {
        const char *name = req->parts[i].data, *value = req->parts[i + 1].data;
        size_t k = 0;
        while (k < nh && strcasecmp(hdrs[k].name, name) != 0) k++;
        if (k == nh) {
            Header *hs = realloc(hdrs, sizeof *hs * (nh + 1));
            if (!hs) abort();
            hdrs = hs;
            hdrs[nh].name = xstrdup(name);
            hdrs[nh].value = NULL;
            nh++;
        }
        free(hdrs[k].value);
        hdrs[k].value = xstrdup(value);
    }

    Exchange x = {0};
    long status = 0;
    bool ok = check_target(&c, url, true);
    int redirects = 0;
    while (ok) {
        ConnTarget t;
        if (!conn_parse(&c, url, &t)) {
            conn_free(&t);
            break;
        }
        memset(&x, 0, sizeof x);
        x.url = url;
        ok = exchange(&c, &t, method, has_data ? &data : NULL, hdrs, nh, &x, &status);
        conn_free(&t);
        if (!ok) break;
        /* http_error_30x: follow, or return this response. */
        const char *loc = is_redirect(status) ? header_get(&x, "location") : NULL;
        if (is_redirect(status) && !loc) loc = header_get(&x, "uri");
        char *target = loc ? redirect_target(url, loc) : NULL;
        if (!target) break;
        if (redirects >= HTTP_MAX_REDIRECTS) {
            fail(&c, HE_RUNTIME, "%s: too many redirects", fn);
            free(target);
            ok = false;
            break;
        }
        if (!check_target(&c, target, false)) {
            free(target);
            ok = false;
            break;
        }
        /* redirect_request: the method, the body and the headers it keeps. */
        const char *new_method = method;
        if ((status == 303 && strcmp(method, "HEAD") != 0) ||
            ((status == 301 || status == 302) && !strcmp(method, "POST")))
            new_method = "GET";
        bool changed = strcmp(new_method, method) != 0;
        if (changed || ((!strcmp(new_method, "GET") || !strcmp(new_method, "HEAD")) && has_data && data.len == 0))
            has_data = false;
        char *o1 = origin_of(url), *o2 = origin_of(target);
        bool same = !strcmp(o1, o2);
        free(o1);
        free(o2);
        size_t keep = 0;
        for (size_t i = 0; i < nh; i++) {
            bool drop = !same || (changed && (!strcasecmp(hdrs[i].name, "content-length") ||
                                              !strcasecmp(hdrs[i].name, "content-type") ||
                                              !strcasecmp(hdrs[i].name, "transfer-encoding")));
            if (drop) {
                free(hdrs[i].name);
                free(hdrs[i].value);
            } else hdrs[keep++] = hdrs[i];
        }
        nh = keep;
        if (changed) {
            char *m = xstrdup(new_method);
            free(method);
            method = m;
        }
        free(url);
        url = target;
        redirects++;
        exchange_free(&x);
    }

    if (!ok || c.err) {
        reply_error(&c, reply);
    } else {
        size_t blen;
        char *text = host_utf8_replace(x.body.p ? x.body.p : "", x.body.len, &blen);
        if (c.is_request) host_msg_addf(reply, "%ld", status);
        host_msg_add(reply, text ? text : "", text ? blen : 0);
        free(text);
        if (c.is_request)
            for (size_t i = 0; i < x.nhdrs; i++) {
                size_t n;
                char *s = latin1_to_utf8(x.hdrs[i].name, strlen(x.hdrs[i].name), &n);
                host_msg_add(reply, s, n);
                free(s);
                s = latin1_to_utf8(x.hdrs[i].value, strlen(x.hdrs[i].value), &n);
                host_msg_add(reply, s, n);
                free(s);
            }
    }
    exchange_free(&x);
    for (size_t i = 0; i < nh; i++) {
        free(hdrs[i].name);
        free(hdrs[i].value);
    }
    free(hdrs);
    free(data.p);
    free(method);
    free(url);
    free(c.msg);
}

/* ---- serve: the listening half ------------------------------------------------------
 *
 * As the reference's http_listen (geno/_serve.py install_serve_callbacks, a
 * single-threaded http.server.HTTPServer on 127.0.0.1 with
 * BaseHTTPRequestHandler, HTTP/1.0, one request per connection):
 *   - request line, version and header syntax as BaseHTTPRequestHandler
 *     (400 "Bad request syntax (...)", 431, 414, 505; HTTP/0.9 answers
 *     without a status line); only GET, POST, PUT and DELETE reach the
 *     program, others get 501 "Unsupported method ('X')";
 *   - exactly one Host header, 127.0.0.1:PORT or localhost:PORT (also
 *     without the port on port 80), else 421 "Misdirected Request";
 *   - Content-Length only (no Transfer-Encoding), at most 1 MiB (413
 *     "Request body too large"), read completely, valid UTF-8 (400);
 *   - the program answers with an HttpResponse: status 200..599, header
 *     names of token characters, values without control characters and
 *     Latin-1 encodable, none of the headers the server manages
 *     (Connection, Content-Length, Transfer-Encoding, ...), no body on
 *     204/205/304; anything else is 500 "Internal Server Error";
 *   - 30 s per request (an idle client cannot hold the server), and the
 *     run's deadline ends the wait for the next one (HOST_TIMEOUT, E501).
 * Stricter than the reference: the listening socket is made here, by the
 * host, so in `genoc run` the sandboxed program never holds a socket. */

#define SERVE_MAX_BODY "1048576"     /* _HTTP_LISTEN_MAX_BODY_BYTES, compared as text */
#define SERVE_REQUEST_MS 30000.0
#define SERVE_MAX_LINE 65536
#define SERVE_SERVER "BaseHTTP/0.6 Python/3.11.7"

static int serve_fd = -1;       /* the listening socket */
static long serve_port;         /* the port it is bound to */
static int serve_conn = -1;     /* the connection whose request the program holds */
static char *serve_what;        /* "METHOD /path" of that request, for the error log */

static const struct { int code; const char *phrase, *explain; } http_phrases[] = {
    {100, "Continue", "Request received, please continue"},
    {101, "Switching Protocols", "Switching to new protocol; obey Upgrade header"},
    {102, "Processing", ""}, {103, "Early Hints", ""},
    {200, "OK", "Request fulfilled, document follows"},
    {201, "Created", "Document created, URL follows"},
    {202, "Accepted", "Request accepted, processing continues off-line"},
    {203, "Non-Authoritative Information", "Request fulfilled from cache"},
    {204, "No Content", "Request fulfilled, nothing follows"},
    {205, "Reset Content", "Clear input form for further input"},
    {206, "Partial Content", "Partial content follows"},
    {207, "Multi-Status", ""}, {208, "Already Reported", ""}, {226, "IM Used", ""},
    {300, "Multiple Choices", "Object has several resources -- see URI list"},
    {301, "Moved Permanently", "Object moved permanently -- see URI list"},
    {302, "Found", "Object moved temporarily -- see URI list"},
    {303, "See Other", "Object moved -- see Method and URL list"},
    {304, "Not Modified", "Document has not changed since given time"},
    {305, "Use Proxy", "You must use proxy specified in Location to access this resource"},
    {307, "Temporary Redirect", "Object moved temporarily -- see URI list"},
    {308, "Permanent Redirect", "Object moved permanently -- see URI list"},
    {400, "Bad Request", "Bad request syntax or unsupported method"},
    {401, "Unauthorized", "No permission -- see authorization schemes"},
    {402, "Payment Required", "No payment -- see charging schemes"},
    {403, "Forbidden", "Request forbidden -- authorization will not help"},
    {404, "Not Found", "Nothing matches the given URI"},
    {405, "Method Not Allowed", "Specified method is invalid for this resource"},
    {406, "Not Acceptable", "URI not available in preferred format"},
    {407, "Proxy Authentication Required", "You must authenticate with this proxy before proceeding"},
    {408, "Request Timeout", "Request timed out; try again later"},
    {409, "Conflict", "Request conflict"},
    {410, "Gone", "URI no longer exists and has been permanently removed"},
    {411, "Length Required", "Client must specify Content-Length"},
    {412, "Precondition Failed", "Precondition in headers is false"},
    {413, "Request Entity Too Large", "Entity is too large"},
    {414, "Request-URI Too Long", "URI is too long"},
    {415, "Unsupported Media Type", "Entity body in unsupported format"},
    {416, "Requested Range Not Satisfiable", "Cannot satisfy request range"},
    {417, "Expectation Failed", "Expect condition could not be satisfied"},
    {418, "I'm a Teapot", "Server refuses to brew coffee because it is a teapot."},
    {421, "Misdirected Request", "Server is not able to produce a response"},
    {422, "Unprocessable Entity", ""}, {423, "Locked", ""}, {424, "Failed Dependency", ""},
    {425, "Too Early", ""}, {426, "Upgrade Required", ""},
    {428, "Precondition Required", "The origin server requires the request to be conditional"},
    {429, "Too Many Requests",
     "The user has sent too many requests in a given amount of time (\"rate limiting\")"},
    {431, "Request Header Fields Too Large",
     "The server is unwilling to process the request because its header fields are too large"},
    {451, "Unavailable For Legal Reasons",
     "The server is denying access to the resource as a consequence of a legal demand"},
    {500, "Internal Server Error", "Server got itself in trouble"},
    {501, "Not Implemented", "Server does not support this operation"},
    {502, "Bad Gateway", "Invalid responses from another server/proxy"},
    {503, "Service Unavailable", "The server cannot process the request due to a high load"},
    {504, "Gateway Timeout", "The gateway server did not receive a timely response"},
    {505, "HTTP Version Not Supported", "Cannot fulfill request"},
    {506, "Variant Also Negotiates", ""}, {507, "Insufficient Storage", ""}, {508, "Loop Detected", ""},
    {510, "Not Extended", ""},
    {511, "Network Authentication Required", "The client needs to authenticate to gain network access"},
};

static const char *phrase_of(int code, bool explain) {
    for (size_t i = 0; i < sizeof http_phrases / sizeof *http_phrases; i++)
        if (http_phrases[i].code == code) return explain ? http_phrases[i].explain : http_phrases[i].phrase;
    return explain ? NULL : "";
}

/* One accepted connection: buffered reads bounded by a deadline. */
typedef struct {
    int fd;
    char buf[16384];
    size_t len, pos;
    double deadline;        /* this request's end (30 s, or the run's deadline) */
    bool run_deadline;      /* ... and it is the run's */
    bool v09;               /* answer without status line and headers (HTTP/0.9) */
} Conn;

/* 1 data, 0 EOF, -1 error or this request's time is up, -2 the run's. */
static int conn_fill(Conn *k) {
    if (k->pos < k->len) return 1;
    double left = k->deadline - host_now_ms();
    if (left <= 0) return k->run_deadline ? -2 : -1;
    struct pollfd pf = {k->fd, POLLIN, 0};
    int r = poll(&pf, 1, left > 1e9 ? -1 : (int)left + 1);
    if (r < 0 && errno == EINTR) return conn_fill(k);
    if (r <= 0) return host_now_ms() >= k->deadline && k->run_deadline ? -2 : -1;
    ssize_t n = read(k->fd, k->buf, sizeof k->buf);
    if (n < 0 && errno == EINTR) return conn_fill(k);
    if (n <= 0) return n == 0 ? 0 : -1;
    k->len = (size_t)n;
    k->pos = 0;
    return 1;
}

/* readline(max + 1): a line with its '\n', or what came before EOF. */
static int conn_line(Conn *k, Buf *line, size_t max) {
    line->len = 0;
    buf_add(line, "", 0);
    while (line->len <= max) {
        int r = conn_fill(k);
        if (r < 0) return r;
        if (r == 0) return 1;
        char c = k->buf[k->pos++];
        buf_putc(line, c);
        if (c == '\n') break;
    }
    return 1;
}

static int conn_exact(Conn *k, Buf *out, size_t n) {
    while (out->len < n) {
        int r = conn_fill(k);
        if (r < 0) return r;
        if (r == 0) return 0;
        size_t take = k->len - k->pos;
        if (take > n - out->len) take = n - out->len;
        buf_add(out, k->buf + k->pos, take);
        k->pos += take;
    }
    return 1;
}

static void send_all(int fd, const char *p, size_t n) {
    double end = host_now_ms() + SERVE_REQUEST_MS;
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            p += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            double left = end - host_now_ms();
            struct pollfd pf = {fd, POLLOUT, 0};
            if (left <= 0 || poll(&pf, 1, (int)left + 1) <= 0) return;
            continue;
        }
        return;
    }
}

/* send_response(code[, message]): status line, Server, Date. */
static void response_head(Buf *out, const Conn *k, int code, const char *message) {
    if (k->v09) return;
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    buf_printf(out, "HTTP/1.0 %d %s\r\nServer: %s\r\nDate: %s, %02d %s %04d %02d:%02d:%02d GMT\r\n", code,
               message ? message : phrase_of(code, false), SERVE_SERVER, days[tm.tm_wday], tm.tm_mday,
               months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

static void response_header(Buf *out, const Conn *k, const char *name, const char *value, size_t vlen) {
    if (k->v09) return;
    buf_puts(out, name);
    buf_puts(out, ": ");
    buf_add(out, value, vlen);
    buf_puts(out, "\r\n");
}

static void response_end(Buf *out, const Conn *k) {
    if (!k->v09) buf_puts(out, "\r\n");
}

/* _plain_response. */
static void send_plain(Conn *k, int code, const char *body) {
    Buf out = {0};
    response_head(&out, k, code, NULL);
    const char *ct = "text/plain; charset=utf-8";
    response_header(&out, k, "Content-Type", ct, strlen(ct));
    char len[32];
    snprintf(len, sizeof len, "%zu", strlen(body));
    response_header(&out, k, "Content-Length", len, strlen(len));
    response_header(&out, k, "Connection", "close", 5);
    response_end(&out, k);
    buf_puts(&out, body);
    send_all(k->fd, out.p, out.len);
    free(out.p);
}

static void html_escape(Buf *b, const char *s) {
    for (; *s; s++) {
        if (*s == '&') buf_puts(b, "&amp;");
        else if (*s == '<') buf_puts(b, "&lt;");
        else if (*s == '>') buf_puts(b, "&gt;");
        else buf_putc(b, *s);
    }
}

/* BaseHTTPRequestHandler.send_error (message and explain are UTF-8). */
static void send_error_page(Conn *k, const char *command, int code, const char *message, const char *explain) {
    const char *short_msg = phrase_of(code, false), *long_msg = phrase_of(code, true);
    if (!message) message = short_msg;
    if (!explain) explain = long_msg ? long_msg : "";
    Buf out = {0}, body = {0};
    /* the status line carries the message as its reason, Latin-1 */
    size_t ml;
    char *enc = encode_error("latin-1", message, strlen(message), 256, 0);
    char *reason = enc ? xstrdup(message) : utf8_to_latin1(message, strlen(message), &ml);
    free(enc);
    response_head(&out, k, code, reason);
    free(reason);
    response_header(&out, k, "Connection", "close", 5);
    if (code >= 200 && code != 204 && code != 205 && code != 304) {
        buf_puts(&body,
                 "<!DOCTYPE HTML>\n<html lang=\"en\">\n    <head>\n        <meta charset=\"utf-8\">\n"
                 "        <title>Error response</title>\n    </head>\n    <body>\n"
                 "        <h1>Error response</h1>\n");
        buf_printf(&body, "        <p>Error code: %d</p>\n        <p>Message: ", code);
        html_escape(&body, message);
        buf_printf(&body, ".</p>\n        <p>Error code explanation: %d - ", code);
        html_escape(&body, explain);
        buf_puts(&body, ".</p>\n    </body>\n</html>\n");
        const char *ct = "text/html;charset=utf-8";
        response_header(&out, k, "Content-Type", ct, strlen(ct));
        char len[32];
        snprintf(len, sizeof len, "%zu", body.len);
        response_header(&out, k, "Content-Length", len, strlen(len));
    }
    response_end(&out, k);
    if (strcmp(command, "HEAD") != 0 && body.len) buf_add(&out, body.p, body.len);
    send_all(k->fd, out.p, out.len);
    free(out.p);
    free(body.p);
}

/* Python's repr of a Latin-1 decoded str. */
static char *latin1_repr(const char *s, size_t n) {
    size_t ul;
    char *u = latin1_to_utf8(s, n, &ul);
    char *r = py_repr(u);
    free(u);
    return r;
}

static bool py_space(unsigned char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f) || c == 0x85 || c == 0xa0;
}

static void close_conn(Conn *k) {
    shutdown(k->fd, SHUT_WR);
    close(k->fd);
    k->fd = -1;
}

/* Reads and checks one request. Returns 1 when the program must answer it
 * (reply filled, the connection kept in serve_conn), 0 when it was answered
 * or dropped here, -2 when the run's deadline passed. */
static int serve_read_request(const HostPolicy *p, Conn *k, HostMsg *reply) {
    Buf line = {0};
    int r = conn_line(k, &line, SERVE_MAX_LINE);
    if (r < 0 || line.len == 0) {
        free(line.p);
        return r == -2 ? -2 : 0;
    }
    if (line.len > SERVE_MAX_LINE) {
        free(line.p);
        send_error_page(k, "", 414, NULL, NULL);
        return 0;
    }
    /* requestline = str(raw, 'iso-8859-1').rstrip('\r\n'); words = split() */
    size_t n = line.len;
    while (n && (line.p[n - 1] == '\r' || line.p[n - 1] == '\n')) n--;
    char *words[4];
    size_t wlen[4];
    int nw = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && py_space((unsigned char)line.p[i])) i++;
        if (i >= n) break;
        size_t s = i;
        while (i < n && !py_space((unsigned char)line.p[i])) i++;
        if (nw < 4) {
            words[nw] = line.p + s;
            wlen[nw] = i - s;
        }
        nw++;
    }
    int ret = 0;
    char *command = NULL;
    k->v09 = true;              /* default_request_version until parsed */
    if (nw == 0) goto done;
    if (nw >= 3) {
        const char *v = nw <= 4 ? words[nw - 1] : NULL;
        size_t vl = nw <= 4 ? wlen[nw - 1] : 0;
        if (!v) {   /* more than 4 words: find the last one */
            size_t e = n;
            while (e && py_space((unsigned char)line.p[e - 1])) e--;
            size_t s = e;
            while (s && !py_space((unsigned char)line.p[s - 1])) s--;
            v = line.p + s;
            vl = e - s;
        }
        bool ok = vl > 5 && !memcmp(v, "HTTP/", 5);
        long major = 0;
        if (ok) {
            const char *num = v + 5, *dot = memchr(num, '.', vl - 5);
            size_t nl = vl - 5;
            if (!dot || memchr(dot + 1, '.', (size_t)(v + vl - dot - 1))) ok = false;
            else {
                size_t a = (size_t)(dot - num), b = nl - a - 1;
                if (a == 0 || b == 0 || a > 10 || b > 10) ok = false;
                for (size_t i = 0; ok && i < nl; i++)
                    if (num + i != dot && (num[i] < '0' || num[i] > '9')) ok = false;
                if (ok) major = strtol(num, NULL, 10);
            }
        }
        if (!ok) {
            char *r2 = latin1_repr(v, vl);
            char *m = xasprintf("Bad request version (%s)", r2);
            send_error_page(k, "", 400, m, NULL);
            free(m);
            free(r2);
            goto done;
        }
        if (major >= 2) {
            char *num = latin1_to_utf8(v + 5, vl - 5, &(size_t){0});
            char *m = xasprintf("Invalid HTTP version (%s)", num);
            send_error_page(k, "", 505, m, NULL);
            free(m);
            free(num);
            goto done;
        }
        k->v09 = false;
    }
    if (nw < 2 || nw > 3) {
        char *r2 = latin1_repr(line.p, n);
        char *m = xasprintf("Bad request syntax (%s)", r2);
        send_error_page(k, "", 400, m, NULL);
        free(m);
        free(r2);
        goto done;
    }
    size_t cl;
    command = latin1_to_utf8(words[0], wlen[0], &cl);
    if (nw == 2 && strcmp(command, "GET") != 0) {
        char *r2 = py_repr(command);
        char *m = xasprintf("Bad HTTP/0.9 request type (%s)", r2);
        send_error_page(k, command, 400, m, NULL);
        free(m);
        free(r2);
        goto done;
    }
    Buf path = {0};
    {
        const char *pp = words[1];
        size_t pl = wlen[1];
        if (pl >= 2 && pp[0] == '/' && pp[1] == '/') {
            while (pl && *pp == '/') pp++, pl--;
            buf_putc(&path, '/');
        }
        size_t ul;
        char *u = latin1_to_utf8(pp, pl, &ul);
        buf_add(&path, u, ul);
        free(u);
    }
    /* http.client.parse_headers, then email's header parsing. */
    Header *hs = NULL;
    size_t nh = 0;
    int lines = 0;
    bool in_headers = true;
    for (;;) {
        r = conn_line(k, &line, SERVE_MAX_LINE);
        if (r < 0) {
            ret = r == -2 ? -2 : 0;
            goto headers_done;
        }
        if (line.len > SERVE_MAX_LINE) {
            send_error_page(k, command, 431, "Line too long", "got more than 65536 bytes when reading header line");
            goto headers_done;
        }
        if (++lines > HTTP_MAX_HEADER_LINES) {
            send_error_page(k, command, 431, "Too many headers", "got more than 100 headers");
            goto headers_done;
        }
        if (line.len == 0 || !strcmp(line.p, "\r\n") || !strcmp(line.p, "\n")) break;
        if (!in_headers) continue;
        if (line.p[0] == ' ' || line.p[0] == '\t') {
            if (nh) {
                size_t old = strlen(hs[nh - 1].value);
                hs[nh - 1].value = realloc(hs[nh - 1].value, old + line.len + 1);
                memcpy(hs[nh - 1].value + old, line.p, line.len + 1);
            }
            continue;
        }
        const char *colon = memchr(line.p, ':', line.len);
        bool token = colon != NULL;
        for (const char *q = line.p; token && q < colon; q++)
            if ((unsigned char)*q < 0x21 || (unsigned char)*q > 0x7e) token = false;
        if (!token) {
            in_headers = false;     /* the rest is "body" to the email parser */
            continue;
        }
        if (nh) rstrip_crlf(hs[nh - 1].value);
        hs = realloc(hs, sizeof *hs * (nh + 1));
        const char *v = colon + 1;
        while (*v == ' ' || *v == '\t') v++;
        hs[nh].name = xstrndup(line.p, (size_t)(colon - line.p));
        hs[nh].value = xstrdup(v);
        nh++;
    }
    if (nh) rstrip_crlf(hs[nh - 1].value);
    if (strcmp(command, "GET") && strcmp(command, "POST") && strcmp(command, "PUT") && strcmp(command, "DELETE")) {
        char *r2 = py_repr(command);
        char *m = xasprintf("Unsupported method (%s)", r2);
        send_error_page(k, command, 501, m, NULL);
        free(m);
        free(r2);
        goto headers_done;
    }
    {
        /* Host */
        int nhost = 0;
        const char *host = NULL;
        for (size_t i = 0; i < nh; i++)
            if (!strcasecmp(hs[i].name, "Host")) {
                nhost++;
                host = hs[i].value;
            }
        char a1[40], a2[40];
        snprintf(a1, sizeof a1, "127.0.0.1:%ld", serve_port);
        snprintf(a2, sizeof a2, "localhost:%ld", serve_port);
        bool host_ok = nhost == 1 && (!strcasecmp(host, a1) || !strcasecmp(host, a2) ||
                                      (serve_port == 80 && (!strcasecmp(host, "127.0.0.1") ||
                                                            !strcasecmp(host, "localhost"))));
        if (!host_ok) {
            send_plain(k, 421, "Misdirected Request");
            goto headers_done;
        }
        /* Content-Length */
        const char *cls = NULL;
        int ncl = 0;
        bool te = false;
        for (size_t i = 0; i < nh; i++) {
            if (!strcasecmp(hs[i].name, "Transfer-Encoding")) te = true;
            if (!strcasecmp(hs[i].name, "Content-Length")) {
                ncl++;
                cls = hs[i].value;
            }
        }
        const char *bad = NULL;
        long length = 0;
        if (te) bad = "Transfer-Encoding is not supported";
        else if (ncl > 1 || (cls && strchr(cls, ','))) bad = "Ambiguous Content-Length header";
        else if (cls && cls[0] == '-') bad = "Invalid Content-Length: must not be negative";
        else if (cls && strcmp(cls, "0") != 0) {
            bool digits = cls[0] >= '1' && cls[0] <= '9';
            for (const char *q = cls + 1; digits && *q; q++)
                if (*q < '0' || *q > '9') digits = false;
            if (!digits) bad = "Invalid Content-Length header";
            else if (strlen(cls) > strlen(SERVE_MAX_BODY) ||
                     (strlen(cls) == strlen(SERVE_MAX_BODY) && strcmp(cls, SERVE_MAX_BODY) > 0)) {
                send_plain(k, 413, "Request body too large");
                goto headers_done;
            } else length = atol(cls);
        }
        if (bad) {
            send_plain(k, 400, bad);
            goto headers_done;
        }
        Buf body = {0};
        buf_add(&body, "", 0);
        if (length) {
            r = conn_exact(k, &body, (size_t)length);
            if (r < 0) {
                ret = r == -2 ? -2 : 0;     /* a timeout: no answer */
                free(body.p);
                goto headers_done;
            }
            if (r == 0) {
                send_plain(k, 400, "Incomplete request body");
                free(body.p);
                goto headers_done;
            }
        }
        size_t bad_at;
        if (!host_utf8_valid(body.p, body.len, &bad_at)) {
            send_plain(k, 400, "Request body must be valid UTF-8");
            free(body.p);
            goto headers_done;
        }
        int64_t chars = host_utf8_chars(body.p, body.len);
        if (p->max_text_chars > 0 && chars > p->max_text_chars) {
            char *m = xasprintf("String size exceeds limit (%lld > %lld)", (long long)chars,
                                (long long)p->max_text_chars);
            send_plain(k, 413, m);
            free(m);
            free(body.p);
            goto headers_done;
        }
        free(serve_what);
        serve_what = xasprintf("%s %s", command, path.p);
        /* For the program: method, raw path, body, headers. */
        host_msg_add_str(reply, command);
        host_msg_add(reply, path.p, path.len);
        host_msg_add(reply, body.p, body.len);
        for (size_t i = 0; i < nh; i++) {
            size_t l;
            char *s = latin1_to_utf8(hs[i].name, strlen(hs[i].name), &l);
            host_msg_add(reply, s, l);
            free(s);
            s = latin1_to_utf8(hs[i].value, strlen(hs[i].value), &l);
            host_msg_add(reply, s, l);
            free(s);
        }
        free(body.p);
        ret = 1;
    }
headers_done:
    for (size_t i = 0; i < nh; i++) {
        free(hs[i].name);
        free(hs[i].value);
    }
    free(hs);
    free(path.p);
done:
    free(command);
    free(line.p);
    return ret;
}

static void serve_listen(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    (void)p;
    if (req->n != 2) return host_reply_text(reply, HOST_FAIL, "http_listen: malformed request");
    const char *ps = req->parts[1].data;
    char *end;
    errno = 0;
    long long port = strtoll(ps, &end, 10);
    if (errno || *end || port < 0 || port > 65535)
        return host_reply_text(reply, HOST_FAIL, "bind(): port must be 0-65535.");
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(fd, 5) < 0) {
        int e = errno;
        if (fd >= 0) close(fd);
        return host_reply_text(reply, HOST_FAIL, "Cannot bind to port %lld: [Errno %d] %s", port, e, strerror(e));
    }
    socklen_t sl = sizeof sa;
    getsockname(fd, (struct sockaddr *)&sa, &sl);
    if (serve_fd >= 0) close(serve_fd);
    serve_fd = fd;
    serve_port = ntohs(sa.sin_port);
    host_msg_addf(reply, "%ld", serve_port);
}

static void serve_next(const HostPolicy *p, HostMsg *reply) {
    if (serve_fd < 0) return host_reply_text(reply, HOST_FAIL, "serve: http_listen has not been called");
    if (serve_conn >= 0) {      /* the program never answered the last one */
        close(serve_conn);
        serve_conn = -1;
    }
    for (;;) {
        double left = host_ms_left(p);
        if (left <= 0) break;
        struct pollfd pf = {serve_fd, POLLIN, 0};
        int r = poll(&pf, 1, left > 1000 ? 1000 : (int)left + 1);
        if (r <= 0) continue;
        int fd = accept4(serve_fd, NULL, NULL, SOCK_CLOEXEC);
        if (fd < 0) continue;
        Conn *k = calloc(1, sizeof *k);
        if (!k) abort();
        k->fd = fd;
        double request_end = host_now_ms() + SERVE_REQUEST_MS;
        k->deadline = request_end;
        if (p->deadline_ms > 0 && p->deadline_ms < request_end) {
            k->deadline = p->deadline_ms;
            k->run_deadline = true;
        }
        int got = serve_read_request(p, k, reply);
        if (got == 1) {
            serve_conn = k->fd;
            free(k);
            return;
        }
        close_conn(k);
        free(k);
        host_msg_free(reply);
        host_msg_init(reply, HOST_OK);
        if (got == -2) break;
    }
    host_msg_free(reply);
    host_msg_init(reply, HOST_TIMEOUT);
}

/* _validate_response_headers / _validate_http_response_status, then the
 * response (or a 500). parts: serve_respond, kind, status, body, pairs. */
static void serve_respond(const HostMsg *req, HostMsg *reply) {
    if (req->n < 4 || (req->n - 4) % 2) return host_reply_text(reply, HOST_FAIL, "serve_respond: malformed request");
    if (serve_conn < 0) return;
    Conn k = {.fd = serve_conn};
    serve_conn = -1;
    const char *kind = req->parts[1].data;
    const HostBytes *body = &req->parts[3];
    if (!strcmp(kind, "drop")) {
        fprintf(stderr, "Unhandled error in serve handler for %s: %s\n", serve_what ? serve_what : "?", body->data);
        fflush(stderr);
        close_conn(&k);
        return;
    }
    if (!strcmp(kind, "plain")) {
        send_plain(&k, atoi(req->parts[2].data), body->data);
        close_conn(&k);
        return;
    }
    /* The reference logs the error server-side and answers a plain 500. */
    char *why = NULL;
    char *end;
    errno = 0;
    long status = strtol(req->parts[2].data, &end, 10);
    if (!strcmp(kind, "error")) why = xstrdup(body->data);
    static const char *const managed[] = {"connection", "content-length", "keep-alive", "proxy-connection",
                                          "te", "trailer", "transfer-encoding", "upgrade"};
    for (uint32_t i = 4; !why && i + 1 < req->n; i += 2) {
        const HostBytes *name = &req->parts[i], *value = &req->parts[i + 1];
        /* ^[!#$%&'*+.^_`|~0-9A-Za-z-]+$ */
        bool ok = name->len > 0;
        for (size_t j = 0; ok && j < name->len; j++) {
            unsigned char ch = (unsigned char)name->data[j];
            if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                  (ch && strchr("!#$%&'*+.^_`|~-", ch))))
                ok = false;
        }
        char *rn = py_repr(name->data);
        if (!ok) {
            why = xasprintf("Invalid response header name: %s", rn);
        } else {
            for (size_t j = 0; ok && j < value->len; j++) {
                unsigned char ch = (unsigned char)value->data[j];
                if ((ch < 32 && ch != '\t') || ch == 127) ok = false;
            }
            char *e = ok ? encode_error("latin-1", value->data, value->len, 256, 0) : NULL;
            if (!ok || e) why = xasprintf("Invalid response header value for %s", rn);
            free(e);
            for (size_t j = 0; !why && j < sizeof managed / sizeof *managed; j++)
                if (!strcasecmp(name->data, managed[j]))
                    why = xasprintf("Response header is managed by the server: %s", rn);
        }
        free(rn);
    }
    bool bodyless = status == 204 || status == 205 || status == 304;
    if (!why && (errno || *end || status < 200 || status > 599)) why = xstrdup("Invalid response status");
    if (!why && bodyless && body->len) why = xasprintf("HTTP status %ld must not include a response body", status);
    if (why) {
        fprintf(stderr, "Unhandled error in serve handler for %s: %s\n", serve_what ? serve_what : "?", why);
        fflush(stderr);
        free(why);
        send_plain(&k, 500, "Internal Server Error");
        close_conn(&k);
        return;
    }
    Buf out = {0};
    response_head(&out, &k, (int)status, NULL);
    for (uint32_t i = 4; i + 1 < req->n; i += 2) {
        size_t vl;
        char *lv = utf8_to_latin1(req->parts[i + 1].data, req->parts[i + 1].len, &vl);
        response_header(&out, &k, req->parts[i].data, lv, vl);
        free(lv);
    }
    if (!bodyless) {
        char len[32];
        snprintf(len, sizeof len, "%zu", body->len);
        response_header(&out, &k, "Content-Length", len, strlen(len));
    }
    response_header(&out, &k, "Connection", "close", 5);
    response_end(&out, &k);
    if (!bodyless) buf_add(&out, body->data, body->len);
    send_all(k.fd, out.p, out.len);
    free(out.p);
    close_conn(&k);
}

static void host_serve(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    const char *fn = req->parts[0].data;
    bool listen_op = !strcmp(fn, "http_listen");
    if (!listen_op && strcmp(fn, "serve_next") != 0 && strcmp(fn, "serve_respond") != 0)
        return host_reply_text(reply, HOST_FAIL, "http: unknown request '%s'", fn);
    if (!(p->caps & GENO_CAP_SERVE))
        return host_reply_text(reply, HOST_DENIED,
                               "Capability denied: 'http_listen' requires a capability that was not granted");
    if (listen_op) return serve_listen(p, req, reply);
    if (!strcmp(fn, "serve_next")) return serve_next(p, reply);
    serve_respond(req, reply);
}

void host_http(const HostPolicy *p, const HostMsg *req, HostMsg *reply) {
    if (req->n < 1) return host_reply_text(reply, HOST_FAIL, "http: malformed request");
    const char *fn = req->parts[0].data;
    bool client = !strcmp(fn, "http_fetch") || !strcmp(fn, "http_post") || !strcmp(fn, "http_request");
    if (!client) return host_serve(p, req, reply);
    if (!(p->caps & GENO_CAP_HTTP))
        return host_reply_text(reply, HOST_DENIED, "Capability denied: '%s' requires a capability that was not granted",
                               fn);
    if (req->n < 4 || (req->n - 4) % 2 != 0) return host_reply_text(reply, HOST_FAIL, "%s: malformed request", fn);
    http_client(p, req, reply);
}
