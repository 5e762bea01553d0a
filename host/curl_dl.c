/* curl_dl.c — dlopen of libcurl on first use (see curl_dl.h). */
#include "curl_dl.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

/* The soname of libcurl 7.x and 8.x. */
#define CURL_SONAME "libcurl.so.4"

static CurlApi api;
static const CurlApi *loaded;
static const char *load_error;

static bool load_symbol(void *lib, const char *name, void **slot) {
    *slot = dlsym(lib, name);
    if (!*slot) load_error = "a libcurl function is missing";
    return *slot != NULL;
}

static const CurlApi *load(void) {
    void *lib = dlopen(CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        load_error = "cannot load " CURL_SONAME;
        return NULL;
    }
    CURLcode (*global_init)(long) = NULL;
    bool ok = load_symbol(lib, "curl_global_init", (void **)&global_init)
           && load_symbol(lib, "curl_easy_init", (void **)&api.easy_init)
           && load_symbol(lib, "curl_easy_setopt", (void **)&api.easy_setopt)
           && load_symbol(lib, "curl_easy_perform", (void **)&api.easy_perform)
           && load_symbol(lib, "curl_easy_getinfo", (void **)&api.easy_getinfo)
           && load_symbol(lib, "curl_easy_cleanup", (void **)&api.easy_cleanup)
           && load_symbol(lib, "curl_easy_strerror", (void **)&api.easy_strerror)
           && load_symbol(lib, "curl_slist_append", (void **)&api.slist_append)
           && load_symbol(lib, "curl_slist_free_all", (void **)&api.slist_free_all);
    if (!ok) return NULL;
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        load_error = "libcurl failed to initialise";
        return NULL;
    }
    return &api;
}

const CurlApi *curl_api(const char **why) {
    static bool tried;
    if (!tried) {
        tried = true;
        loaded = load();
    }
    if (!loaded && why) *why = load_error;
    return loaded;
}
