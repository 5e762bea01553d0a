/* clock.c — the clock builtins (capability `clock`): clock_now,
 * clock_format, clock_parse, clock_elapsed and their datetime_ twins,
 * with the reference's results and messages (geno/builtins.py,
 * builtin_clock_*; datetime_* delegate to them, so their messages also
 * say `clock_format:` / `clock_parse:`). sleep_ms lives elsewhere.
 *
 * Everything is UTC and computed here: no time zone, no file, no libc
 * time conversion (glibc's gmtime reads /etc/localtime on first use, which
 * the sandbox forbids). The only system call is clock_gettime(REALTIME).
 *
 * clock_now / datetime_now: int(time.time()), time.time() being the
 *   nanosecond clock divided by 1e9 as a double.
 * clock_format(ts, fmt): in the reference's order
 *   ts < 0                 clock_format: negative timestamps (pre-1970) are not supported
 *   fmt: every % must start %Y %m %d %H %M %S or %%, else
 *                          clock_format: trailing '%' with no directive in format string
 *                          clock_format: unsupported format directive '%X' (supported: ...)
 *   then datetime.fromtimestamp(ts, timezone.utc), whose failures it wraps:
 *   NaN                    clock_format: Invalid value NaN (not a number)
 *   seconds (after rounding the microseconds half to even) outside time_t
 *                          clock_format: timestamp out of range for platform time_t
 *   a year glibc's gmtime cannot hold in tm_year (int)
 *                          clock_format: [Errno 75] Value too large for defined data type
 *   a year outside 1..9999 (year computed as the C int tm_year + 1900, wrapping)
 *                          clock_format: year N is out of range
 *   then strftime, which stops at the first NUL character of the format.
 * datetime_format(ts: Int): float(ts) first (E499 `int too large to convert
 *   to float`), then as clock_format.
 * clock_parse(text, fmt): the format is validated as above (`clock_parse:`),
 *   then turned into the regex ^...$ where %Y is (?P<Y>\d{4}) and %m %d %H
 *   %M %S are \d{2} groups, everything else literal. A directive used twice
 *   is a regex compile error the reference does not catch: E499 `redefinition
 *   of group name 'Y' as group 2; was group 1 at position P` (P in the built
 *   pattern; ` (line L, column C)` added when the format holds a newline).
 *   \d is any Unicode decimal digit and `$` also matches before a final
 *   "\n", as in Python. Missing fields default to 1970-01-01 00:00:00; an
 *   invalid date or time (month 13, Feb 30, hour 24, year 0) gives None.
 *   The result is the UTC timestamp as a Float (datetime_parse: Int).
 * clock_elapsed(a, b): b - a.  datetime_elapsed(a, b): int(float(b) - float(a)),
 *   E499 `cannot convert float infinity to integer` when that overflows.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "geno/rt.h"
#include "int.h"
#include "str.h"
#include "strlib.h"
#include "unicode.h"

/* ---- errors ---------------------------------------------------------------- */

/* Raises E499 with `prefix` + the code point bytes [s, s+n) + `suffix`: the
 * message may hold any character, NUL included. */
static _Noreturn void raise_with(GenoLoc loc, const char *prefix, const char *s, int64_t n, const char *suffix) {
    size_t a = strlen(prefix), c = strlen(suffix);
    char *buf = geno_alloc_atomic(a + (size_t)n + c + 1);
    memcpy(buf, prefix, a);
    memcpy(buf + a, s, (size_t)n);
    memcpy(buf + a + n, suffix, c);
    int64_t len = (int64_t)(a + (size_t)n + c);
    geno_raise_str("E499", loc, geno_str_make(buf, len, geno_utf8_count(buf, len)));
}

/* _validate_clock_fmt: every % starts one of the supported directives. */
static void validate_fmt(const char *func, GenoStr *fmt, GenoLoc loc) {
    const char *s = fmt->data;
    int64_t n = fmt->len;
    for (int64_t i = 0; i < n; i++) {
        if (s[i] != '%') continue;
        if (i + 1 >= n) geno_raise("E499", loc, "%s: trailing '%%' with no directive in format string", func);
        char d = s[i + 1];
        if (!strchr("YmdHMS%", d) || d == 0) {
            uint32_t cp;
            int k = geno_utf8_decode(s + i + 1, n - i - 1, &cp);
            char prefix[64];
            snprintf(prefix, sizeof prefix, "%s: unsupported format directive '%%", func);
            raise_with(loc, prefix, s + i + 1, k, "' (supported: %Y %m %d %H %M %S %%)");
        }
        i++;
    }
}

/* ---- civil dates (proleptic Gregorian, days since 1970-01-01) ---------------- */

static int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

static int64_t days_from_civil(int64_t y, int m, int d) {
    y -= m <= 2;
    int64_t era = floor_div(y, 400);
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d) {
    z += 719468;
    int64_t era = floor_div(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

static int is_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in_month(int64_t y, int m) {
    static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : dim[m - 1];
}

/* ---- now ----------------------------------------------------------------------- */

static GenoInt now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    double d = (double)((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec) / 1e9;
    return geno_int_from_i64((int64_t)d);
}

GenoInt geno_clock_now(GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "clock_now", loc);
    return now_seconds();
}

GenoInt geno_datetime_now(GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "datetime_now", loc);
    return now_seconds();
}

/* ---- format --------------------------------------------------------------------- */

/* Python's round-half-even of a double (_PyTime_RoundHalfEven). */
static double round_half_even(double x) {
    double r = round(x);
    if (fabs(x - r) == 0.5) r = 2.0 * round(x / 2.0);
    return r;
}

static GenoStr *format_ts(double ts, GenoStr *fmt, GenoLoc loc) {
    const char *F = "clock_format";
    if (ts < 0) geno_raise("E499", loc, "%s: negative timestamps (pre-1970) are not supported", F);
    validate_fmt(F, fmt, loc);
    if (isnan(ts)) geno_raise("E499", loc, "%s: Invalid value NaN (not a number)", F);
    /* _PyTime_DoubleToDenominator with microseconds, half to even */
    double intpart, frac = modf(ts, &intpart);
    frac = round_half_even(frac * 1e6);
    if (frac >= 1e6) intpart += 1.0;
    else if (frac < 0) intpart -= 1.0;
    if (!(intpart >= -9223372036854775808.0 && intpart < 9223372036854775808.0))
        geno_raise("E499", loc, "%s: timestamp out of range for platform time_t", F);
    int64_t t = (int64_t)intpart;
    /* glibc's gmtime: EOVERFLOW when the year does not fit tm_year */
    int64_t days = floor_div(t, 86400), secs = t - days * 86400, y;
    int m, d;
    civil_from_days(days, &y, &m, &d);
    if (y - 1900 > 2147483647LL || y - 1900 < -2147483647LL - 1)
        geno_raise("E499", loc, "%s: [Errno 75] Value too large for defined data type", F);
    int32_t year = (int32_t)((uint32_t)(int32_t)(y - 1900) + 1900u);   /* tm_year + 1900 in C int */
    if (year < 1 || year > 9999) geno_raise("E499", loc, "%s: year %d is out of range", F, (int)year);
    int hh = (int)(secs / 3600), mm = (int)(secs / 60 % 60), ss = (int)(secs % 60);

    /* strftime up to the first NUL: the format is valid, so every % pairs */
    const char *s = fmt->data;
    int64_t n = (int64_t)strnlen(s, (size_t)fmt->len);
    char *out = geno_alloc_atomic((size_t)n * 2 + 1);
    int64_t o = 0, extra = 0;   /* extra: bytes beyond one per code point */
    for (int64_t i = 0; i < n; i++) {
        if (s[i] != '%') {
            if (((unsigned char)s[i] & 0xC0) == 0x80) extra++;
            out[o++] = s[i];
            continue;
        }
        char dir = s[++i];
        int v, w = 2;
        switch (dir) {
        case 'Y': v = year; w = 4; break;
        case 'm': v = m; break;
        case 'd': v = d; break;
        case 'H': v = hh; break;
        case 'M': v = mm; break;
        case 'S': v = ss; break;
        default: out[o++] = '%'; continue;
        }
        o += sprintf(out + o, "%0*d", w, v);
    }
    return geno_str_make(out, o, o - extra);
}

GenoStr *geno_clock_format(double ts, GenoStr *fmt, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "clock_format", loc);
    return format_ts(ts, fmt, loc);
}

GenoStr *geno_datetime_format(GenoInt ts, GenoStr *fmt, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "datetime_format", loc);
    return format_ts(geno_int_to_double(ts, loc), fmt, loc);
}

/* ---- parse ------------------------------------------------------------------------ */

/* The directive's index in "YmdHMS", or -1. */
static int directive(char c) {
    const char *p = c ? strchr("YmdHMS", c) : NULL;
    return p ? (int)(p - "YmdHMS") : -1;
}

/* Compiling the reference's pattern fails only on a repeated directive:
 * raises that re.error. Positions count code points of the built pattern
 * "^" + parts, where a literal is re.escape()d (one or two characters). */
static void check_pattern(GenoStr *fmt, GenoLoc loc) {
    const char *s = fmt->data;
    int64_t n = fmt->len;
    int group_of[6] = {0}, groups = 0;
    int64_t pos = 1, last_nl = -1, lines = 0;   /* "^" */
    int has_nl = memchr(s, '\n', (size_t)n) != NULL;
    for (int64_t i = 0; i < n;) {
        if (s[i] == '%' && i + 1 < n && s[i + 1] == '%') {
            pos++;
            i += 2;
            continue;
        }
        int k = s[i] == '%' && i + 1 < n ? directive(s[i + 1]) : -1;
        if (k >= 0) {
            groups++;
            if (group_of[k]) {
                int64_t p = pos + 4;   /* the name, after "(?P<" */
                char msg[200];
                int len = snprintf(msg, sizeof msg,
                                   "redefinition of group name '%c' as group %d; was group %d at position %lld",
                                   "YmdHMS"[k], groups, group_of[k], (long long)p);
                if (has_nl)
                    snprintf(msg + len, sizeof msg - (size_t)len, " (line %lld, column %lld)", (long long)lines + 1,
                             (long long)(p - last_nl));
                geno_raise("E499", loc, "%s", msg);
            }
            group_of[k] = groups;
            pos += 12;   /* (?P<Y>\d{4}) */
            i += 2;
            continue;
        }
        uint32_t cp;
        i += geno_utf8_decode(s + i, n - i, &cp);
        if (cp < 128 && strchr("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", (int)cp) && cp) {
            pos++;   /* the backslash */
            if (cp == '\n') {
                last_nl = pos;
                lines++;
            }
        }
        pos++;
    }
}

/* Matches text against fmt as the reference's anchored regex; fills the six
 * fields (defaults where absent). Returns 0 when the text does not match. */
static int match_fmt(GenoStr *text, GenoStr *fmt, int64_t f[6]) {
    const char *s = fmt->data, *t = text->data;
    int64_t n = fmt->len, tn = text->len, j = 0;
    static const int width[6] = {4, 2, 2, 2, 2, 2};
    f[0] = 1970, f[1] = 1, f[2] = 1, f[3] = f[4] = f[5] = 0;
    for (int64_t i = 0; i < n;) {
        if (s[i] == '%' && i + 1 < n && s[i + 1] == '%') {
            if (j >= tn || t[j] != '%') return 0;
            j++;
            i += 2;
            continue;
        }
        int k = s[i] == '%' && i + 1 < n ? directive(s[i + 1]) : -1;
        if (k >= 0) {
            int64_t v = 0;
            for (int w = 0; w < width[k]; w++) {
                if (j >= tn) return 0;
                uint32_t cp;
                int len = geno_utf8_decode(t + j, tn - j, &cp);
                int digit = geno_uc_decimal(cp);
                if (digit < 0) return 0;
                v = v * 10 + digit;
                j += len;
            }
            f[k] = v;
            i += 2;
            continue;
        }
        /* a literal code point: the same bytes */
        int len = geno_utf8_len((unsigned char)s[i]);
        if (len > n - i) len = (int)(n - i);
        if (len > tn - j || memcmp(s + i, t + j, (size_t)len) != 0) return 0;
        i += len;
        j += len;
    }
    return j == tn || (j == tn - 1 && t[j] == '\n');   /* `$` */
}

/* The timestamp, or 0 when the fields are not a valid datetime. */
static int parse_ts(GenoStr *text, GenoStr *fmt, int64_t *out, GenoLoc loc) {
    validate_fmt("clock_parse", fmt, loc);
    check_pattern(fmt, loc);
    int64_t f[6];
    if (!match_fmt(text, fmt, f)) return 0;
    if (f[0] < 1 || f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > days_in_month(f[0], (int)f[1]) || f[3] > 23 ||
        f[4] > 59 || f[5] > 59)
        return 0;
    *out = days_from_civil(f[0], (int)f[1], (int)f[2]) * 86400 + f[3] * 3600 + f[4] * 60 + f[5];
    return 1;
}

GenoAdt *geno_clock_parse(GenoStr *text, GenoStr *fmt, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "clock_parse", loc);
    int64_t ts;
    return parse_ts(text, fmt, &ts, loc) ? geno_some(geno_f2w((double)ts)) : geno_none();
}

GenoAdt *geno_datetime_parse(GenoStr *text, GenoStr *fmt, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "datetime_parse", loc);
    int64_t ts;
    return parse_ts(text, fmt, &ts, loc) ? geno_some((GenoWord)GENO_INT_SMALL(ts)) : geno_none();
}

/* ---- elapsed ------------------------------------------------------------------------ */

double geno_clock_elapsed(double start, double end_time, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "clock_elapsed", loc);
    return end_time - start;
}

GenoInt geno_datetime_elapsed(GenoInt start, GenoInt end_time, GenoLoc loc) {
    geno_require_cap(GENO_CAP_CLOCK, "datetime_elapsed", loc);
    double e = geno_int_to_double(end_time, loc);
    double d = e - geno_int_to_double(start, loc);
    if (isinf(d)) geno_raise("E499", loc, "cannot convert float infinity to integer");
    if (fabs(d) < 2305843009213693952.0) return GENO_INT_SMALL((int64_t)d);   /* 2^61 */
    mpz_t z;
    mpz_init_set_d(z, d);
    return geno_int_from_mpz(z, loc);
}
