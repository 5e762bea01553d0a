#!/usr/bin/env python3
"""Differential check on the reference's benchmark problems.

For every problem under <reference>/benchmark/problems/ that has a Geno
canonical solution, build one program: the solution without its own `main`,
plus a `main` that prints the solution function called on each listed example
input (visible and hidden).  Run it through the reference interpreter and
through genoc, and compare stdout and exit status.

Inputs are shaped the way the reference's benchmark runner shapes them: a
problem with several parameters takes a list of arguments; one with a single
parameter takes the value itself, or a one-element list holding it.

Usage: GENO_REF="python3 -m geno" bench_problems.py REF_DIR GENOC [run|build]
Needs PyYAML.  Not part of CI (it needs the reference).
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml


def split_type_args(text):
    """Split 'A, B[C, D], E' at top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def generic(type_text, name):
    m = re.fullmatch(name + r"\[(.*)\]", type_text.strip())
    return split_type_args(m.group(1)) if m else None


def geno_string(s):
    out = []
    for ch in s:
        out.append({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t",
                    "\r": "\\r"}.get(ch, ch))
    return '"' + "".join(out) + '"'


def literal(value, type_text):
    """Render a YAML value as a Geno literal of the given type."""
    t = type_text.strip()
    if t == "Int":
        return str(int(value))
    if t == "Float":
        r = repr(float(value))
        return r if ("." in r or "e" in r or "n" in r) else r + ".0"
    if t == "Bool":
        return "true" if value else "false"
    if t == "String":
        return geno_string(str(value))
    if t == "Unit":
        return "()"
    args = generic(t, "List")
    if args:
        return "[" + ", ".join(literal(v, args[0]) for v in value) + "]"
    args = generic(t, "Set")
    if args:
        return "set_from_list([" + ", ".join(literal(v, args[0]) for v in value) + "])"
    args = generic(t, "Map")
    if args:
        items = value.items() if isinstance(value, dict) else value
        return "{" + ", ".join(f"{literal(k, args[0])}: {literal(v, args[1])}"
                               for k, v in items) + "}"
    args = generic(t, "Option")
    if args:
        if value is None or value == "None" or value == {"None": None}:
            return "None"
        inner = value["Some"] if isinstance(value, dict) else value
        return f"Some({literal(inner, args[0])})"
    args = generic(t, "Result")
    if args:
        if "Ok" in value:
            return f"Ok({literal(value['Ok'], args[0])})"
        return f"Err({literal(value['Err'], args[1])})"
    if t.startswith("(") and t.endswith(")"):
        parts = split_type_args(t[1:-1])
        return "(" + ", ".join(literal(v, p) for v, p in zip(value, parts)) + ")"
    raise ValueError(f"no literal form for type {t}")


def call_args(example_input, inputs):
    if len(inputs) > 1:
        return list(example_input)
    if isinstance(example_input, list) and len(example_input) == 1:
        return [example_input[0]]
    return [example_input]


def build_program(problem):
    sig = problem["signature"]
    inputs = sig["inputs"]
    examples = problem["examples"]
    cases = (examples.get("visible") or []) + (examples.get("hidden") or [])
    calls = []
    for case in cases:
        args = call_args(case["input"], inputs)
        rendered = [literal(a, p["type"]) for a, p in zip(args, inputs)]
        if len(inputs) >= 3:  # the reference requires names from 3 arguments on
            rendered = [f"{p['name']}: {r}" for p, r in zip(inputs, rendered)]
        calls.append(f"{sig['function_name']}({', '.join(rendered)})")
    solution = problem["canonical_solutions"]["geno"]
    solution = re.sub(r"(?ms)^func main\(\).*?^end func[^\n]*\n?", "", solution)
    main = "".join(f"    print({c})\n" for c in calls)
    return f"{solution}\n\nfunc main() -> Unit\n{main}end func\n", len(calls)


def run(cmd, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def main():
    if len(sys.argv) < 3 or "GENO_REF" not in os.environ:
        sys.exit(__doc__)
    ref_dir, genoc = Path(sys.argv[1]), sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "run"
    ref_cmd = shlex.split(os.environ["GENO_REF"])
    work = Path(tempfile.mkdtemp(prefix="genoc-bench-problems-"))
    same = total = calls_total = 0
    failures = []
    for path in sorted((ref_dir / "benchmark" / "problems").rglob("*.yaml")):
        problem = yaml.safe_load(path.read_text())["problem"]
        if "geno" not in problem.get("canonical_solutions", {}):
            continue
        name = re.sub(r"\W", "_", path.stem).lower()
        try:
            text, ncalls = build_program(problem)
        except (ValueError, KeyError, TypeError) as e:
            failures.append((name, f"cannot render inputs: {e}"))
            total += 1
            continue
        prog = work / f"{name}.geno"
        prog.write_text(text)
        total += 1
        calls_total += ncalls
        ref = run(ref_cmd + ["run", "--unsafe", "--cap", "print", str(prog)])
        if mode == "build":
            exe = work / name
            built = run([genoc, "build", "-o", str(exe), str(prog)])
            got = run([str(exe), "--cap", "print"]) if built[0] == 0 else built
        else:
            got = run([genoc, "run", "--cap", "print", str(prog)])
        if ref[0] != 0:
            failures.append((name, f"the reference itself exits {ref[0]}: {ref[2][-300:]!r}"))
        elif ref[:2] == got[:2]:
            same += 1
        else:
            failures.append((name, f"reference exit {ref[0]}, genoc exit {got[0]}; "
                                   f"genoc stderr: {got[2][-300:]!r}"))
    print(f"benchmark problems ({mode}): {same}/{total} identical, "
          f"{calls_total} calls; programs in {work}")
    for name, why in failures:
        print(f"FAIL {name}: {why}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
