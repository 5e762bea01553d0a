/* Formatting with snprintf, zero padding, string comparison. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    int64_t total = 0, h = 0;
    char longest[256] = "", line[256], name[32], qty[32];
    for (int64_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "item%lld", (long long)(i % 97));
        snprintf(qty, sizeof qty, "%05lld", (long long)(i * 13 % 1000));
        int len = snprintf(line, sizeof line, "[%lld] %s: qty=%s price=%lld.%lld9 total=%lld", (long long)i, name, qty,
                           (long long)(i * 7 % 100), (long long)(i % 10), (long long)(i * 91));
        total += len;
        h = (h * 31 + len + (unsigned char)line[len - 1]) % 1000000007;
        int ll = (int)strlen(longest);
        if (len > ll || (len == ll && strcmp(line, longest) > 0)) strcpy(longest, line);
    }
    printf("%lld %lld\n%s\n", (long long)total, (long long)h, longest);
    return 0;
}
