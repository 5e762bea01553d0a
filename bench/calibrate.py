#!/usr/bin/env python3
"""Suggest sizes for bench/sizes.tsv.

    GENO_REF=/tmp/bin/geno-ref bench/calibrate.py [--only a,b] [--write] [--no-ref] [--no-full]

Times are CPU seconds (user + sys of the child), so that other load on the
machine does not skew the search.

small: the reference interpreter (run --json, which reports steps_used) should
take about 1.5 s and at most ~900,000 of its default 1,000,000
steps; accepted when 0.5 s <= time <= 3 s and steps <= 950,000.
full:  the hand-written C twin (cc -O2) should take about 0.4 s; accepted when
0.2 s <= time <= 1 s.

Starts from the sizes already in sizes.tsv (or 10 / 1000 for new programs) and
searches by secant steps in log-log space (time ~ size^p).  With --write the
accepted sizes are written back to sizes.tsv (programs that did not converge
keep their old sizes and are listed).  Runs one process at a time.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bl  # noqa: E402

REF_TARGET_S = 1.5
REF_STARTUP_S = 0.7
REF_STEP_LIMIT = 950_000
REF_STEP_TARGET = 800_000
C_TARGET_S = 0.4


def search(measure, s0, ok, target_metric, max_iter=9, lo_size=1):
    """measure(size) -> metric (1.0 == on target); returns (size, metric, ok)."""
    pts = []
    s = max(lo_size, s0)
    seen = {}
    for _ in range(max_iter):
        if s in seen:
            m = seen[s]
        else:
            m = measure(s)
            seen[s] = m
            pts.append((s, m))
        if ok(s):
            return s, m, True
        # exponent from the two most recent distinct points above the noise floor
        p = 1.0
        good = [(x, y) for x, y in pts if y > 0.02]
        if len(good) >= 2:
            (s1, m1), (s2, m2) = good[-2], good[-1]
            if s1 != s2 and m1 != m2:
                p = math.log(m2 / m1) / math.log(s2 / s1)
                p = min(max(p, 0.3), 25.0)
        factor = (target_metric / max(m, 1e-3)) ** (1.0 / p)
        factor = min(max(factor, 1 / 8), 8)
        nxt = int(round(s * factor))
        if nxt == s:
            nxt = s + (1 if m < target_metric else -1)
        s = max(lo_size, nxt)
    best = min(pts, key=lambda t: abs(math.log(max(t[1], 1e-3) / target_metric)))
    return best[0], best[1], False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--no-ref", action="store_true")
    ap.add_argument("--no-full", action="store_true")
    ap.add_argument("--build-dir", default=os.path.join(bl.BENCH, "build", "calibrate"))
    args = ap.parse_args()

    sizes = {n: (s, f) for n, s, f in bl.read_sizes()} if os.path.exists(bl.SIZES) else {}
    names = sorted(f[:-5] for f in os.listdir(bl.PROGRAMS) if f.endswith(".geno"))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    os.makedirs(args.build_dir, exist_ok=True)
    bl.build_timer(args.build_dir)
    ref = None if args.no_ref else bl.ref_command()
    new = dict(sizes)
    unconverged = []

    for name in names:
        small0, full0 = sizes.get(name, (10, 1000))
        src = open(os.path.join(bl.PROGRAMS, name + ".geno")).read()
        line = [f"{name:22}"]
        if ref:
            info = {}

            def measure_ref(size):
                path = os.path.join(args.build_dir, f"{name}_cal.geno")
                with open(path, "w") as f:
                    f.write(bl.substitute(src, size))
                env, argv = ref
                r = bl.run_measured(argv + ["run", "--json", "--cap", "print", path], timeout=30, env_add=env)
                steps = None
                try:
                    j = json.loads(r.out)
                    steps = j.get("steps_used") if j.get("ok") else None
                    if not j.get("ok"):
                        codes = [d.get("code") for d in j.get("diagnostics", [])]
                        steps = 2 * REF_STEP_TARGET if "E503" in codes else None
                        if "E503" not in codes and "E501" not in codes:
                            print(f"  {name} small={size}: reference error {j.get('diagnostics')[:1]}", file=sys.stderr)
                except ValueError:
                    pass
                if r.timed_out:
                    steps = 2 * REF_STEP_TARGET
                t = r.user + r.sys          # CPU time: robust against other load
                info[size] = (t, steps)
                m_time = max(t - REF_STARTUP_S, 0.01) / (REF_TARGET_S - REF_STARTUP_S)
                m_steps = (steps or 0) / REF_STEP_TARGET
                return max(m_time, m_steps)

            def ok_ref(size):
                t, steps = info[size]
                return steps is not None and steps <= REF_STEP_LIMIT and 0.5 <= t <= 3.0 and \
                    (t >= 1.0 or steps >= 0.6 * REF_STEP_TARGET)

            s, m, good = search(measure_ref, small0, ok_ref, 1.0)
            t, steps = info[s]
            line.append(f"small {s:>7} ({t:5.2f} s, {steps} steps){'' if good else ' NOT CONVERGED'}")
            if good:
                new[name] = (s, new.get(name, (s, full0))[1])
            else:
                unconverged.append(name + " (small)")
        if not args.no_full:
            exe = os.path.join(args.build_dir, name + ".cbin")
            subprocess.run(["cc", "-O2", "-o", exe, os.path.join(bl.PROGRAMS, name + ".c"), "-lgmp", "-lm"], check=True)
            times = {}

            def measure_c(size):
                r = bl.run_measured([exe, str(size)], timeout=60)
                times[size] = r.user + r.sys
                return r.wall / C_TARGET_S

            s, m, good = search(measure_c, full0, lambda size: 0.2 <= times[size] <= 1.0, 1.0)
            line.append(f"full {s:>10} ({times[s]:5.2f} s){'' if good else ' NOT CONVERGED'}")
            if good:
                new[name] = (new.get(name, (small0, s))[0], s)
            else:
                unconverged.append(name + " (full)")
        new.setdefault(name, (small0, full0))
        print("  ".join(line), flush=True)

    if args.write:
        with open(bl.SIZES, "w") as f:
            f.write("# name\tsmall\tfull\n")
            f.write("# small: the reference interpreter takes ~0.5-3 s within its 1,000,000-step limit\n")
            f.write("# full:  the hand-written C twin takes ~0.2-1 s.  Suggested by bench/calibrate.py.\n")
            for n in sorted(new):
                f.write(f"{n}\t{new[n][0]}\t{new[n][1]}\n")
        print(f"wrote {bl.SIZES}")
    if unconverged:
        print("not converged:", ", ".join(unconverged))


if __name__ == "__main__":
    main()
