"""`corefprep doctor`: is this machine ready, and what settings suit it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import psutil

from .errors import CorefprepError

# measured: the parent with a warmed-up Kiwi ~550 MB; each forked worker shares it and adds a
# few MB of its own (50 leaves room for analysis buffers); a batch keeps only passing texts
KIWI_PARENT_MB = 600
KIWI_WORKER_MB = 50


def _disk_kind(path: Path) -> str:
    try:
        dev = os.stat(path).st_dev
        major, minor = os.major(dev), os.minor(dev)
        sys_dev = Path(f"/sys/dev/block/{major}:{minor}")
        real = sys_dev.resolve()
        for cand in (real, real.parent):
            rot = cand / "queue" / "rotational"
            if rot.exists():
                return "HDD" if rot.read_text().strip() == "1" else "SSD"
    except OSError:
        pass
    return "unknown"


def run_doctor(model: str, output_dir: Path) -> int:
    from .options import usable_cores
    from .tokenize import load_fast_tokenizer

    ok = True
    cores = usable_cores()
    mem = psutil.virtual_memory()
    target = output_dir if output_dir.exists() else Path.cwd()
    disk = shutil.disk_usage(target)
    print(f"cores (usable): {cores}")
    print(f"memory: {mem.total / 2**30:.1f} GiB total, {mem.available / 2**30:.1f} GiB available")
    print(f"disk at {target}: {disk.free / 2**30:.1f} GiB free of {disk.total / 2**30:.1f} GiB ({_disk_kind(target)})")
    try:
        tok = load_fast_tokenizer(model)
        print(f"tokenizer: {model} — fast ({type(tok).__name__}), vocab {len(tok):,}, mask {tok.mask_token!r}")
    except CorefprepError as exc:
        ok = False
        print(f"tokenizer: PROBLEM — {exc}")
    for var in ("DATASET_NUM_PROC", "DATASET_BATCH_SIZE", "DATASET_WRITER_BATCH_SIZE", "TOKENIZERS_PARALLELISM",
                "HF_HUB_OFFLINE", "HF_HOME", "OMP_NUM_THREADS"):
        print(f"env {var}={os.environ.get(var, '(unset)')}")
    by_mem = int((mem.available / 2**20 - KIWI_PARENT_MB) // KIWI_WORKER_MB)
    workers = max(1, min(cores, by_mem))
    print(f"recommended: --workers {workers} --batch-docs 200000 --chunksize 2000 "
          f"--num-proc {max(1, min(cores, 4))} (DATASET_NUM_PROC)")
    if disk.free < 5 * 2**30:
        ok = False
        print("disk: PROBLEM — under 5 GiB free; a 20M-document run needs tens of GiB")
    return 0 if ok else 1
