/* rt/print.h — the runtime's own output buffer (see print.c). */
#ifndef GENO_RT_PRINT_H
#define GENO_RT_PRINT_H

#include <stdint.h>

/* Queues bytes for cfg.out_fd (no output limit: for the `=>` line). */
void geno_out_write(const char *s, int64_t len);
/* Writes everything queued; safe to call any time. */
void geno_out_flush(void);
/* Forgets queued bytes and the characters counted for max_output_length. */
void geno_out_reset(void);
/* E499 if the output holds a lone surrogate (the reference's stdout
 * refuses it when main has returned): called after main. */
void geno_out_check_encodable(void);
/* Writes main's `=> <repr>` line (its surrogates noted as the output's). */
void geno_out_result_line(GenoStr *repr);
void geno_out_suppress(int on);   /* 1: prints are dropped (example clauses) */
/* Writes all of s to fd with write(2), retrying short writes. */
void geno_write_all(int fd, const char *s, int64_t len);

#endif
