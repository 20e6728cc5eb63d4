"""Merge before and after: rewriting every row vs assembling the final dataset from the chunk files.

Before (corefprep up to commit c6398bd, and what most pipelines do): the tokenized chunks are
opened, concatenated and written again with ``Dataset.save_to_disk``, so every row is copied once
more. After (``corefprep.output.dataset.assemble_dataset``): the chunks' Arrow files become the final
dataset's shards by hard link, plus the two JSON files ``load_from_disk`` reads.

Both run side by side on the same chunks, made here in the tokenize stage's row format (entity-mlm
rows of ``--tokens`` ids, uint32 as for a 130,000-token vocabulary). Both results are opened with
``load_from_disk`` and compared row for row, so the fast path is checked to be the same dataset.

    python benchmarks/bench_merge.py --rows 400000 --chunks 4
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np


def make_chunks(root: Path, rows: int, chunks: int, tokens: int, seed: int) -> tuple[list[Path], float]:
    """``chunks`` Arrow files like the tokenize stage writes (datasets' own writer); returns them and
    the seconds it took to write them (a floor for what tokenizing these rows costs)."""
    import pyarrow as pa
    from datasets import Dataset, Features, Sequence, Value

    feats = Features({"input_ids": Sequence(Value("uint32")), "labels": Sequence(Value("int32")),
                      "length": Value("int32"), "doc_index": Value("int64")})
    rng = np.random.default_rng(seed)
    files: list[Path] = []
    t0 = time.perf_counter()
    per = rows // chunks
    for c in range(chunks):
        lengths = rng.integers(tokens // 2, tokens + 1, per)
        offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
        ids = rng.integers(5, 130_000, int(offsets[-1]), dtype=np.uint32)
        labels = np.where(rng.random(ids.size) < 0.05, ids.astype(np.int32), -100).astype(np.int32)
        table = pa.table({
            "input_ids": pa.ListArray.from_arrays(pa.array(offsets), pa.array(ids)),
            "labels": pa.ListArray.from_arrays(pa.array(offsets), pa.array(labels)),
            "length": pa.array(lengths.astype(np.int32)),
            "doc_index": pa.array(np.arange(c * per, (c + 1) * per, dtype=np.int64)),
        })
        out = root / f"chunk_{c:05d}"
        Dataset(table).cast(feats).save_to_disk(str(out))
        files += sorted(out.glob("data-*.arrow"))
    return files, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=400_000)
    ap.add_argument("--chunks", type=int, default=4)
    ap.add_argument("--tokens", type=int, default=384, help="longest row; rows are 1/2 to 1x this")
    ap.add_argument("--work-dir", type=Path, default=None)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()

    from datasets import concatenate_datasets, disable_progress_bars, load_from_disk

    from corefprep.output.dataset import assemble_dataset, dataset_from_files

    disable_progress_bars()
    root = Path(tempfile.mkdtemp(prefix="bench_merge_", dir=a.work_dir))
    try:
        files, write_s = make_chunks(root / "chunks", a.rows, a.chunks, a.tokens, a.seed)
        size = sum(f.stat().st_size for f in files)

        t0 = time.perf_counter()
        before = root / "before"
        concatenate_datasets([dataset_from_files([f]) for f in files]).save_to_disk(str(before))
        before_s = time.perf_counter() - t0

        t0 = time.perf_counter()
        after = root / "after"
        rows = assemble_dataset(files, after, {"timings": {}}, [], fingerprint="bench")
        after_s = time.perf_counter() - t0

        old, new = load_from_disk(str(before)), load_from_disk(str(after))
        same = len(old) == len(new) == rows and all(
            old.data.column(c).equals(new.data.column(c)) for c in old.column_names)
        extra_before = sum(p.stat().st_size for p in before.rglob("*.arrow"))
        print(f"merge of {rows:,} rows in {len(files)} chunk files ({size / 2**20:,.0f} MiB), "
              f"writing the chunks took {write_s:.2f} s")
        print("| merge | seconds | extra disk (MiB) | vs writing the chunks |")
        print("|---|---:|---:|---:|")
        print(f"| before: concatenate + save_to_disk | {before_s:.2f} | {extra_before / 2**20:,.0f} | "
              f"{before_s / write_s:.2f}× |")
        print(f"| after: assemble_dataset (hard links) | {after_s:.3f} | 0 | {after_s / write_s:.3f}× |")
        print(f"speed-up {before_s / after_s:,.0f}×; datasets identical row for row: {same}")
        if not same:
            raise SystemExit("the assembled dataset differs from save_to_disk's")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
