"""Shared helpers for bench/run and bench/calibrate.py (Python 3, stdlib only).

A benchmark is bench/programs/NAME.geno plus its hand-written twin
bench/programs/NAME.c (and optionally NAME.py).  The Geno program holds its
size on one line ending in `// SIZE`, e.g.

    let n: Int = 30 // SIZE

which `substitute` rewrites; the C twin (and the Python twin) read the size
from argv[1].  bench/sizes.tsv gives each program a small and a full size.
"""

import os
import re
import shlex
import signal
import subprocess
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
PROGRAMS = os.path.join(BENCH, "programs")
SIZES = os.path.join(BENCH, "sizes.tsv")

SIZE_LINE = re.compile(r"^(\s*(?:let|var)\s+\w+\s*:\s*Int\s*=\s*)-?\d+(\s*//\s*SIZE\b.*)$", re.M)


def read_sizes(path=SIZES):
    """[(name, small, full)] in file order; '#' starts a comment."""
    rows = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if parts[0] == "name":          # header
                continue
            if len(parts) < 3:
                raise ValueError(f"{path}: bad line: {line!r}")
            rows.append((parts[0], int(parts[1]), int(parts[2])))
    return rows


def substitute(src, size):
    """The program text with its `// SIZE` line set to `size`."""
    out, k = SIZE_LINE.subn(lambda m: f"{m.group(1)}{size}{m.group(2)}", src)
    if k != 1:
        raise ValueError(f"expected exactly one '// SIZE' line, found {k}")
    return out


def description(name):
    """The first comment line(s) of NAME.geno, for the report."""
    text = []
    with open(os.path.join(PROGRAMS, name + ".geno")) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("//"):
                break
            text.append(line[2:].strip())
    return " ".join(text)


def ref_command():
    """GENO_REF split into (env additions, argv prefix), or None.

    Accepts a plain command (`/tmp/bin/geno-ref`) or one with leading
    assignments (`PYTHONPATH=/path/to/geno-lang python3 -m geno`)."""
    spec = os.environ.get("GENO_REF", "").strip()
    if not spec:
        return None
    words = shlex.split(spec)
    env = {}
    while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
        k, v = words.pop(0).split("=", 1)
        env[k] = v
    if not words:
        return None
    return env, words


def default_genoc():
    for cand in (os.environ.get("GENOC"), os.path.join(REPO, "build", "genoc"), "/tmp/b2/genoc"):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return os.path.join(REPO, "build", "genoc")


class Result:
    __slots__ = ("wall", "maxrss_kb", "rc", "out", "err", "timed_out", "user", "sys")

    def __repr__(self):
        return f"Result(rc={self.rc}, wall={self.wall:.3f}, rss={self.maxrss_kb}, timeout={self.timed_out})"


_TIMER = None


def build_timer(build_dir, cc="cc"):
    """Compile bench/timer.c (the fork/exec/wait4 launcher) into build_dir."""
    global _TIMER
    os.makedirs(build_dir, exist_ok=True)
    exe = os.path.join(build_dir, "benchtimer")
    src = os.path.join(BENCH, "timer.c")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        subprocess.run([cc, "-O2", "-o", exe, src], check=True)
    _TIMER = exe
    return exe


def run_measured(cmd, timeout=600.0, env_add=None, cwd=None):
    """Run cmd through the launcher; return wall seconds, the child's peak
    RSS (ru_maxrss from wait4, kB), exit status, stdout and stderr."""
    import tempfile
    if _TIMER is None:
        raise RuntimeError("build_timer() first")
    env = None
    if env_add:
        env = dict(os.environ)
        env.update(env_add)
    fd, res = tempfile.mkstemp(prefix="benchtimer-")
    os.close(fd)
    try:
        with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
            p = subprocess.run([_TIMER, res, str(timeout)] + list(cmd), stdout=fo, stderr=fe,
                               stdin=subprocess.DEVNULL, env=env, cwd=cwd)
            fo.seek(0)
            fe.seek(0)
            r = Result()
            r.out = fo.read().decode("utf-8", "replace")
            r.err = fe.read().decode("utf-8", "replace")
        with open(res) as f:
            fields = f.read().split()
        if p.returncode != 0 or len(fields) < 6:
            raise RuntimeError(f"benchtimer failed: {r.err.strip()}")
        r.wall = float(fields[0])
        r.maxrss_kb = int(fields[1])
        r.rc = int(fields[2])
        r.timed_out = fields[3] == "1"
        r.user = float(fields[4])
        r.sys = float(fields[5])
        return r
    finally:
        os.unlink(res)


def first_difference(a, b):
    """A short description of where two outputs first differ."""
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            return f"line {i + 1}: {x[:80]!r} vs {y[:80]!r}"
    if a != b:
        return "trailing whitespace/newline differs"
    return "identical"


def short_error(r):
    """The most telling line of a failed run's stderr."""
    if r.timed_out:
        return "timed out"
    lines = [l.strip() for l in r.err.splitlines() if l.strip()]
    for l in lines:
        if re.search(r"error\[|Error:|Limit Error|E\d{3}", l):
            return l[:200]
    return (lines[-1][:200] if lines else f"exit status {r.rc}")
