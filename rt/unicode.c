/* unicode.c — UTF-8 decoding, Unicode properties and Python's case mapping.
 *
 * The reference upper/lower-cases with Python's str.upper()/str.lower()
 * (Python 3.11, Unicode 14). One-to-one mappings come from utf8proc
 * (utf8proc_toupper/utf8proc_tolower, Unicode 15); rt/unicode_tables.h,
 * generated from Python's own database, adds what utf8proc's simple mapping
 * lacks: the full (one-to-many) mappings of SpecialCasing (ß -> SS, ŉ -> ʼN,
 * İ -> i̇, ligatures, Greek with ypogegrammeni, ...) and the Cased /
 * Case_Ignorable properties behind lower()'s final-sigma rule: a capital
 * sigma becomes ς when a cased letter precedes it and none follows it
 * (case-ignorable characters skipped on both sides), else σ.
 *
 * A comparison over every code point 0..0x10FFFF (surrogates excluded)
 * against python3.11's str.upper/str.lower found no difference: Unicode 15
 * added no case pairs, so utf8proc's newer data agrees with Python's.
 *
 * Strings may hold surrogates (from_char_code(0xD800)); they are decoded
 * structurally and map to themselves.
 */
#include <string.h>
#include <utf8proc.h>

#include "geno/rt.h"
#include "run.h"
#include "unicode.h"
#include "unicode_tables.h"

#define NELEMS(a) ((int64_t)(sizeof(a) / sizeof((a)[0])))

int geno_utf8_decode(const char *s, int64_t avail, uint32_t *cp) {
    const unsigned char *p = (const unsigned char *)s;
    unsigned char c = p[0];
    int n = geno_utf8_len(c);
    if (n > avail) n = 1;
    switch (n) {
    case 1: *cp = c; break;
    case 2: *cp = ((uint32_t)(c & 0x1F) << 6) | (p[1] & 0x3F); break;
    case 3: *cp = ((uint32_t)(c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F); break;
    default:
        *cp = ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12)
            | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
        break;
    }
    return n;
}

int geno_utf8_encode(uint32_t cp, char *out) {
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | (cp >> 18));
    o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

/* ---- properties ------------------------------------------------------------ */

static int in_ranges(const uint32_t (*r)[2], int64_t n, uint32_t cp) {
    int64_t lo = 0, hi = n - 1;
    while (lo <= hi) {
        int64_t mid = (lo + hi) / 2;
        if (cp < r[mid][0]) hi = mid - 1;
        else if (cp > r[mid][1]) lo = mid + 1;
        else return 1;
    }
    return 0;
}

int geno_uc_is_space(uint32_t cp) {
    if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
    for (int64_t i = 0; i < NELEMS(geno_space_chars); i++)
        if (geno_space_chars[i] == cp) return 1;
    return 0;
}

int geno_uc_decimal(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
    int64_t lo = 0, hi = NELEMS(geno_decimal_zeros) - 1, best = -1;
    while (lo <= hi) {                  /* the last zero <= cp */
        int64_t mid = (lo + hi) / 2;
        if (geno_decimal_zeros[mid] <= cp) { best = mid; lo = mid + 1; }
        else hi = mid - 1;
    }
    if (best < 0 || cp - geno_decimal_zeros[best] > 9) return -1;
    return (int)(cp - geno_decimal_zeros[best]);
}

int geno_uc_is_alpha(uint32_t cp) {
    if (cp < 0x80) return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
    if (cp > 0x10FFFF) return 0;
    utf8proc_category_t c = utf8proc_category((utf8proc_int32_t)cp);
    return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

static int is_cased(uint32_t cp) { return in_ranges(geno_cased, NELEMS(geno_cased), cp); }
static int is_case_ignorable(uint32_t cp) {
    return in_ranges(geno_case_ignorable, NELEMS(geno_case_ignorable), cp);
}

static const GenoCaseSpecial *find_special(const GenoCaseSpecial *t, int64_t n, uint32_t cp) {
    int64_t lo = 0, hi = n - 1;
    while (lo <= hi) {
        int64_t mid = (lo + hi) / 2;
        if (cp < t[mid].cp) hi = mid - 1;
        else if (cp > t[mid].cp) lo = mid + 1;
        else return &t[mid];
    }
    return NULL;
}

/* ---- case mapping ------------------------------------------------------------ */

static GenoStr *new_str(const char *bytes, int64_t len, int64_t cplen, GenoLoc loc) {
    int64_t limit = geno_cfg.max_collection_size;
    if (cplen > limit)
        geno_raise("E499", loc, "String size exceeds limit (%lld > %lld)", (long long)cplen, (long long)limit);
    GenoStr *s = geno_alloc_atomic(sizeof(GenoStr) + (size_t)len + 1);
    s->data = (char *)(s + 1);
    s->len = len;
    s->cplen = cplen;
    memcpy(s->data, bytes, (size_t)len);
    return s;
}

static GenoStr *ascii_case(GenoStr *s, int upper) {
    const unsigned char lo = upper ? 'a' : 'A';
    int64_t i = 0;
    while (i < s->len && (unsigned char)(s->data[i] - lo) >= 26) i++;
    if (i == s->len) return s;              /* nothing to change */
    GenoStr *r = geno_alloc_atomic(sizeof(GenoStr) + (size_t)s->len + 1);
    r->data = (char *)(r + 1);
    r->len = r->cplen = s->len;
    memcpy(r->data, s->data, (size_t)i);
    for (; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        r->data[i] = (char)((unsigned char)(c - lo) < 26 ? c ^ 0x20 : c);
    }
    return r;
}

/* The start of the code point that ends just before byte position pos. */
static int64_t prev_start(const char *s, int64_t pos) {
    int64_t p = pos - 1;
    while (p > 0 && ((unsigned char)s[p] & 0xC0) == 0x80 && pos - p < 4) p--;
    return p;
}

/* Python's Final_Sigma test for the capital sigma at [at, after). */
static int final_sigma(const GenoStr *s, int64_t at, int64_t after) {
    uint32_t c = 0;
    int64_t p = at;
    int found = 0;
    while (p > 0) {
        p = prev_start(s->data, p);
        geno_utf8_decode(s->data + p, s->len - p, &c);
        if (!is_case_ignorable(c)) { found = 1; break; }
    }
    if (!found || !is_cased(c)) return 0;
    p = after;
    while (p < s->len) {
        p += geno_utf8_decode(s->data + p, s->len - p, &c);
        if (!is_case_ignorable(c)) return !is_cased(c);
    }
    return 1;
}

static GenoStr *map_case(GenoStr *s, int upper, GenoLoc loc) {
    if (s->len == s->cplen) return ascii_case(s, upper);
    /* one code point maps to at most 3, of at most 3 bytes per input byte */
    char *out = geno_alloc_atomic((size_t)s->len * 3 + 4);
    int64_t o = 0, cplen = 0, i = 0;
    const GenoCaseSpecial *table = upper ? geno_upper_special : geno_lower_special;
    int64_t ntable = upper ? NELEMS(geno_upper_special) : NELEMS(geno_lower_special);
    while (i < s->len) {
        unsigned char b = (unsigned char)s->data[i];
        if (b < 0x80) {
            out[o++] = (char)((unsigned char)(b - (upper ? 'a' : 'A')) < 26 ? b ^ 0x20 : b);
            cplen++;
            i++;
            continue;
        }
        uint32_t cp;
        int n = geno_utf8_decode(s->data + i, s->len - i, &cp);
        const GenoCaseSpecial *sp = find_special(table, ntable, cp);
        if (sp) {
            for (int k = 0; k < sp->n; k++) o += geno_utf8_encode(sp->to[k], out + o);
            cplen += sp->n;
        } else {
            uint32_t m;
            if (!upper && cp == 0x3A3) m = final_sigma(s, i, i + n) ? 0x3C2 : 0x3C3;
            else if (cp > 0x10FFFF) m = cp;
            else m = (uint32_t)(upper ? utf8proc_toupper((utf8proc_int32_t)cp)
                                      : utf8proc_tolower((utf8proc_int32_t)cp));
            o += geno_utf8_encode(m, out + o);
            cplen++;
        }
        i += n;
    }
    return new_str(out, o, cplen, loc);
}

GenoStr *geno_uc_upper(GenoStr *s, GenoLoc loc) { return map_case(s, 1, loc); }
GenoStr *geno_uc_lower(GenoStr *s, GenoLoc loc) { return map_case(s, 0, loc); }
