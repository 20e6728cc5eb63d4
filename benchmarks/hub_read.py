#!/usr/bin/env python3
"""Reading the same data as files and as an ``hf://`` input (datasets' streaming path), side by side.

Builds a dataset directory of COPIES copies of one JSONL(.zst) file in a temporary directory and
times, for the files and for ``hf://datasets/<that directory>``: resolving, counting the records
(what the first run does once), reading every document, and reading the last 100 documents (what a
resumed batch near the end pays to get there). Prints the hub path's times as ratios to the files'.

    python benchmarks/hub_read.py [FILE] [--copies 8]

FILE defaults to ../shared/corpus/dev/kor_Hang_web.jsonl.zst. Nothing is downloaded (HF_HUB_OFFLINE=1).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "dev" / "kor_Hang_web.jsonl.zst"


def measure(spec: str) -> dict[str, float]:
    from corefprep.io.read import count_records, iter_documents
    from corefprep.io.resolve import resolve_inputs

    out: dict[str, float] = {}
    t = time.perf_counter()
    files = resolve_inputs([spec])
    out["resolve"] = time.perf_counter() - t
    t = time.perf_counter()
    counts = [count_records(f) for f in files]
    out["count"] = time.perf_counter() - t
    t = time.perf_counter()
    n = sum(1 for _ in iter_documents(files))
    out["read"] = time.perf_counter() - t
    t = time.perf_counter()
    tail = sum(1 for _ in iter_documents(files, start=max(0, sum(counts) - 100), counts=counts))
    out["last_100"] = time.perf_counter() - t
    out["documents"] = n
    assert n == sum(counts) and tail == min(100, n)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--copies", type=int, default=8)
    a = ap.parse_args()
    if not a.file.exists():
        raise SystemExit(f"{a.file}: not found; pass a JSONL(.zst) file")
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp) / "dataset"
        d.mkdir()
        suffix = "".join(a.file.suffixes[-2:]) if a.file.name.endswith(".zst") else a.file.suffix
        for i in range(a.copies):
            shutil.copyfile(a.file, d / f"part{i:03d}{suffix}")
        measure(f"hf://datasets/{d}")  # warm-up: datasets' first JSON read in a process costs seconds
        files, hub = measure(str(d)), measure(f"hf://datasets/{d}")
    print(f"{int(files['documents']):,} documents in {a.copies} copies of {a.file.name}")
    print(f"{'':10} {'files':>9} {'hf://':>9} {'hf/files':>9}")
    for key in ("resolve", "count", "read", "last_100"):
        ratio = hub[key] / files[key] if files[key] > 0 else float("inf")
        print(f"{key:10} {files[key]:8.2f}s {hub[key]:8.2f}s {ratio:8.1f}x")
    print(f"read rate: files {files['documents'] / files['read']:,.0f} docs/s, "
          f"hf:// {hub['documents'] / hub['read']:,.0f} docs/s")


if __name__ == "__main__":
    main()
