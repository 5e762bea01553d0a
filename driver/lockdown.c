/* lockdown.c — installs the `genoc run` child's seccomp-bpf allow-list
 * (driver/lockdown_rules.h says what it allows), compiled to BPF at build
 * time by tools/gen_seccomp_filter.c. Installed after libtcc has relocated
 * the program (tcc maps its code RWX) and before the program's first
 * instruction, the way libseccomp's seccomp_load does it: no new
 * privileges, then the filter, no flags. */
#include "sandbox.h"

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

extern const struct sock_filter lockdown_filter[];
extern const unsigned short lockdown_filter_len;

int sandbox_lockdown(void) {
#ifdef GENOC_SANITIZE
    /* ASan/UBSan runtimes make system calls of their own at any time
     * (reports, shadow mapping): the sanitizer build runs unfiltered. */
    return 0;
#else
    struct sock_fprog prog = {lockdown_filter_len, (struct sock_filter *)lockdown_filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0) return 0;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0 ? 0 : -1;
#endif
}
