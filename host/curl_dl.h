/* curl_dl.h — libcurl, loaded the first time a program makes an http
 * request.
 *
 * Linking libcurl maps it and ~30 libraries it depends on (TLS, Kerberos,
 * LDAP, ...) into every process at start-up: measured on this VM, an empty
 * program went from 4 ms to 24 ms, and genoc itself and every `genoc build`
 * binary paid it even when the program never touches the network. So
 * host/http.c calls libcurl through this table, filled by dlopen on first
 * use. The constants and types still come from <curl/curl.h>.
 */
#ifndef GENO_HOST_CURL_DL_H
#define GENO_HOST_CURL_DL_H

#define CURL_DISABLE_TYPECHECK   /* its checking macros would hide the table's calls */
#include <curl/curl.h>

typedef struct CurlApi {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} CurlApi;

/* The loaded and globally initialised libcurl, or NULL with *why saying
 * what failed (the library or one of its functions is missing). Loads once;
 * later calls return the same answer. */
const CurlApi *curl_api(const char **why);

#endif
