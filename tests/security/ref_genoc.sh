#!/usr/bin/env bash
# A `genoc run`-shaped front for the reference interpreter, to compare the
# corpus's expectations with it:
#   tests/security/run.sh tests/security/ref_genoc.sh [PROGRAM.geno...]
# Runs `python3 -m geno run --json --unsafe FLAGS FILE` with
# PYTHONPATH=$GENO_REF (default /work/ref) and turns the JSON result back
# into stdout (the output) and stderr (`[CODE] message` per diagnostic),
# with its exit status. genoc-only flags (--fs-root, --env-allow,
# --http-allow-private) and program arguments after `--` are dropped: the
# reference has none of them. Some programs fail under it on purpose (it
# has no wall-clock kill of native code, no memory limit and no
# process-group cleanup in --unsafe mode); see the comments in each program.
# The reference's --json mode has no host callbacks for sleep, fs, process,
# env or stdin (E413): with REF_TEXT=1 the plain `--unsafe` CLI runs instead
# and its stdout and stderr pass through unchanged (no [CODE] on stderr, so
# compare the messages by eye).
set -u
[ "${1:-}" = run ] || { echo "usage: $0 run FLAGS FILE [-- ARGS]" >&2; exit 2; }
shift
out=()
while [ $# -gt 0 ]; do
    case "$1" in
        --) break ;;
        --fs-root|--env-allow) shift 2; continue ;;
        --fs-root=*|--env-allow=*|--http-allow-private) shift; continue ;;
        *) out+=("$1"); shift ;;
    esac
done
if [ -n "${REF_TEXT:-}" ]; then
    PYTHONPATH=${GENO_REF:-/work/ref} exec python3 -m geno run --unsafe "${out[@]}"
fi
json=$(PYTHONPATH=${GENO_REF:-/work/ref} python3 -m geno run --json --unsafe "${out[@]}")
status=$?
printf '%s' "$json" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except Exception:
    sys.exit(0)
sys.stdout.write(d.get("output") or "")
for g in d.get("diagnostics") or []:
    sys.stderr.write("[%s] %s\n" % (g.get("code"), g.get("message")))
'
exit $status
