"""Sample the proportional set size (PSS) of a process tree, from a process that maps nothing of it.

PSS splits every shared page among the processes that map it. A sampler that imports the measured
venv's libraries (pyarrow, corefprep, psutil's C part) maps their pages too, takes its share of them,
and the measured tree reads lighter than it is. So this module is standard library only, and
benchmarks run it as its own process with ``-I -S`` (no site-packages, no user paths):

    python -I -S benchmarks/tree_mem.py --root PID --every 0.5 --out FILE.csv

It writes one line per sample, ``seconds_since_start,pss_bytes,processes``, flushed, until the root
process is gone, then ``peak,<bytes>`` as its last line. The interpreter's own pages (the
python binary, libc) are still shared with the measured tree: a few MiB at most.
"""

from __future__ import annotations

import argparse
import os
import sys
import time


def children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                out.extend(int(c) for c in f.read().split())
        except OSError:
            continue
    return out


def pss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def tree(root: int) -> list[int]:
    seen, todo = [], [root]
    while todo:
        pid = todo.pop()
        seen.append(pid)
        todo.extend(children(pid))
    return seen


def sample(root: int) -> tuple[int, int]:
    pids = tree(root)
    return sum(pss_bytes(p) for p in pids), len(pids)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def read_curve(path: str) -> tuple[list[tuple[float, int, int]], int]:
    """The samples and the peak a sampler wrote (the peak line may be missing if it was killed)."""
    curve: list[tuple[float, int, int]] = []
    peak = 0
    with open(path) as f:
        for line in f:
            parts = line.strip().split(",")
            if parts[0] == "peak":
                peak = int(parts[1])
            elif len(parts) == 3:
                curve.append((float(parts[0]), int(parts[1]), int(parts[2])))
    return curve, peak or max((c[1] for c in curve), default=0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=int, required=True)
    ap.add_argument("--every", type=float, default=0.5)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    t0, peak = time.monotonic(), 0
    with open(a.out, "w") as out:
        while alive(a.root):
            pss, n = sample(a.root)
            peak = max(peak, pss)
            out.write(f"{time.monotonic() - t0:.2f},{pss},{n}\n")
            out.flush()
            time.sleep(a.every)
        out.write(f"peak,{peak}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
