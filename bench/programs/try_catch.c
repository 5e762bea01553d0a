/* Exceptions with setjmp/longjmp: a handler stack, "throwing" typed errors
 * and a division-by-zero check. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

typedef enum { E_NOT_FOUND, E_STRING, E_RUNTIME } ErrKind;
typedef struct { ErrKind kind; int64_t key; const char *msg; } Err;

static jmp_buf *handler;
static Err current;

static void throw_err(Err e) { current = e; longjmp(*handler, 1); }

static int64_t lookup(int64_t k) {
    if (k % 5 == 0) throw_err((Err){E_NOT_FOUND, k, NULL});
    if (k % 7 == 0) throw_err((Err){E_STRING, 0, "seven"});
    return k * 2;
}

static int64_t risky(int64_t k) {
    int64_t d = k % 11 - 1;
    if (d == 0) throw_err((Err){E_RUNTIME, 0, "Division by zero"});
    return 100 / d + lookup(k + 1) - lookup(k + 1);
}

int main(int argc, char **argv) {
    int64_t n = argc > 1 ? atoll(argv[1]) : 1000;
    volatile int64_t ok = 0, not_found = 0, strings = 0, runtime = 0, acc = 0;
    for (int64_t i = 0; i < n; i++) {
        jmp_buf outer, inner;
        jmp_buf *saved = handler;
        if (setjmp(outer) == 0) {
            handler = &outer;
            if (setjmp(inner) == 0) {
                handler = &inner;
                acc = (acc + lookup(i) + risky(i)) % 1000000007;
                ok = ok + 1;
            } else {
                handler = &outer;
                if (current.kind == E_NOT_FOUND) not_found = not_found + current.key % 3;
                else throw_err(current);            /* not an AppError: rethrow */
            }
        } else {
            if (current.kind == E_STRING && strcmp(current.msg, "seven") == 0) strings = strings + 1;
            else runtime = runtime + 1;
        }
        handler = saved;
    }
    printf("%lld %lld %lld %lld %lld\n", (long long)ok, (long long)not_found, (long long)strings, (long long)runtime, (long long)acc);
    return 0;
}
