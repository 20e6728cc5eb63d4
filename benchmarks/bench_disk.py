"""Disk per sample of the entity-mlm dataset: the current layout against its alternatives (issue 38, part 4).

Measurement only: corefprep's code is not changed. The script runs ``corefprep prepare`` (entity-mlm, the
bundled tokenizer) at each ``--seq-len`` into a temporary directory, reads the final dataset it wrote, and
rebuilds the same rows in other layouts:

* the old single script's layout (``benchmarks/baseline_v2.py``: every row padded to ``--seq-len``,
  ``Dataset.from_dict`` types: int32 ids, int8 attention mask, int64 labels), the reference ``make bench``
  divides by ("bytes on disk per sample");
* the current layout as written (8,000-token vocabulary: uint16 ids, int16 labels), and with the types
  corefprep writes for a vocabulary over 65,535 such as kf-deberta-base's 130,000 (int32 ids and labels);
* narrower scalar columns (``length`` uint16, ``doc_index`` int32);
* sparse labels: ``label_pos`` + ``label_ids`` list columns instead of ``labels``, expanded back by
  ``Dataset.set_transform``; and ids only, the positions taken from ``input_ids == [MASK]``;
* Arrow IPC compression (zstd, lz4) of the same file, read by ``datasets.load_from_disk``, and parquet zstd
  read by ``Dataset.from_parquet`` (which writes an uncompressed Arrow copy into its cache).

Bytes per sample are the dataset's ``.arrow`` files over its rows (``make bench`` counts the whole directory,
``metadata.json`` and ``stats.json`` included: that figure is printed too). Load is ``load_from_disk`` in
this process; "heap" is what pyarrow allocated for the loaded table (0 when the file is memory-mapped);
"32 rows" is the median time of ``ds[indices]`` for random batches of 32 rows, the way a DataLoader reads a
map-style dataset, expansion included where a transform is set.

    python benchmarks/bench_disk.py [--docs 6000] [--seq-lens 2048,256] [--workers 1]

``--docs 0`` (or no shared directory with tools/make_bench_corpus.py) uses the bundled sample corpus.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import locate_shared  # noqa: E402

BATCH = 32


def arrow_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.glob("*.arrow"))


def dir_bytes(path: Path) -> int:  # as benchmarks/bench.py counts "bytes on disk per sample"
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def prepare(corpus: Path | None, out: Path, seq_len: int, workers: int) -> tuple[Path, float]:
    cmd = [sys.executable, "-m", "corefprep", "prepare", *([str(corpus)] if corpus else []), "-o", str(out),
           "--seq-len", str(seq_len), "--workers", str(workers), "--no-progress"]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return out / f"entity_coref_v2_{seq_len}", time.perf_counter() - t0


# --- building the variants from the written table ---------------------------------------------------------


def list_col(values: np.ndarray, offsets: np.ndarray, value_type: pa.DataType) -> pa.Array:
    return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), pa.array(values, type=value_type))


def flat(col: pa.ChunkedArray) -> tuple[np.ndarray, np.ndarray]:
    """Values and int32 offsets of a list column."""
    arr = col.combine_chunks()
    offsets = np.asarray(arr.offsets, dtype=np.int64)
    values = np.asarray(arr.values)[offsets[0]:offsets[-1]]
    return values, (offsets - offsets[0]).astype(np.int32)


def with_cols(table: pa.Table, cols: dict[str, pa.Array | None]) -> pa.Table:
    """``table`` with columns replaced (same position), added (at the end) or dropped (None)."""
    for name, arr in cols.items():
        i = table.schema.get_field_index(name)
        if arr is None:
            table = table.remove_column(i)
        elif i >= 0:
            table = table.set_column(i, name, arr)
        else:
            table = table.append_column(name, arr)
    return table.replace_schema_metadata(None)


def wide_types(table: pa.Table) -> pa.Table:
    """The types corefprep writes for a vocabulary over 65,535 (corefprep.tokenizer.ids.id_types)."""
    return with_cols(table, {"input_ids": table["input_ids"].cast(pa.list_(pa.int32())),
                             "labels": table["labels"].cast(pa.list_(pa.int32()))})


def narrow_scalars(table: pa.Table) -> pa.Table:
    return with_cols(table, {"length": table["length"].cast(pa.uint16()),
                             "doc_index": table["doc_index"].cast(pa.int32())})


def sparse(table: pa.Table, with_pos: bool = True) -> pa.Table:
    """``labels`` replaced by the positions that are not -100 (uint16: seq_len <= 65,535) and their ids."""
    lab, off = flat(table["labels"])
    keep = lab != -100
    row = np.repeat(np.arange(len(off) - 1), np.diff(off))
    pos = (np.arange(len(lab)) - off[row])[keep]
    counts = np.bincount(row[keep], minlength=len(off) - 1)
    new_off = np.zeros(len(off), dtype=np.int32)
    np.cumsum(counts, out=new_off[1:])
    ids_type = table.schema.field("input_ids").type.value_type
    cols: dict[str, Any] = {"labels": None, "label_ids": list_col(lab[keep], new_off, ids_type)}
    if with_pos:
        cols["label_pos"] = list_col(pos.astype(np.uint16), new_off, pa.uint16())
    return with_cols(table, cols)


def expand_sparse(batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """set_transform: ``labels`` rebuilt from ``label_pos`` / ``label_ids`` (the other columns unchanged)."""
    labels = []
    for ids, pos, lid in zip(batch["input_ids"], batch.pop("label_pos"), batch.pop("label_ids"), strict=True):
        row = np.full(len(ids), -100, dtype=np.int64)
        row[np.asarray(pos, dtype=np.int64)] = lid
        labels.append(row.tolist())
    batch["labels"] = labels
    return batch


def expand_from_mask(mask_id: int) -> Callable[[dict[str, list[Any]]], dict[str, list[Any]]]:
    def expand(batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        labels = []
        for ids, lid in zip(batch["input_ids"], batch.pop("label_ids"), strict=True):
            a = np.asarray(ids)
            row = np.full(len(a), -100, dtype=np.int64)
            row[a == mask_id] = lid
            labels.append(row.tolist())
        batch["labels"] = labels
        return batch
    return expand


def old_layout(table: pa.Table, seq_len: int, pad_id: int) -> pa.Table:
    """baseline_v2.py's rows: every token column padded to seq_len, the types Dataset.from_dict gives them."""
    from datasets import Dataset

    probe = {"input_ids": [[1] * 4], "attention_mask": [[1] * 4], "labels": [[-100] * 4], "target": ["x"],
             "antecedent_pos": [1], "coref_pos": [2], "distance": [1], "doc_id": ["x"]}
    schema = Dataset.from_dict(probe).features.arrow_schema.remove_metadata()
    n = table.num_rows
    ids, off = flat(table["input_ids"])
    lab, _ = flat(table["labels"])
    lens = np.diff(off)
    grid_ids = np.full((n, seq_len), pad_id, dtype=np.int64)
    grid_lab = np.full((n, seq_len), -100, dtype=np.int64)
    grid_att = np.zeros((n, seq_len), dtype=np.int64)
    for r in range(n):
        a, b = off[r], off[r + 1]
        grid_ids[r, : b - a], grid_lab[r, : b - a], grid_att[r, : b - a] = ids[a:b], lab[a:b], 1
    assert (lens <= seq_len).all()
    offsets = np.arange(n + 1, dtype=np.int64) * seq_len
    cols = {"input_ids": grid_ids, "attention_mask": grid_att, "labels": grid_lab}
    arrays = [list_col(cols[f.name].ravel().astype(f.type.value_type.to_pandas_dtype()), offsets, f.type.value_type)
              if f.name in cols else table[f.name].cast(f.type) for f in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


# --- writing and reading ----------------------------------------------------------------------------------


def save(table: pa.Table, path: Path) -> Path:
    from datasets import Dataset
    from datasets.table import InMemoryTable

    Dataset(InMemoryTable(table)).save_to_disk(str(path), num_shards=1)
    return path


def recompress(src: Path, dst: Path, codec: str) -> Path:
    """A copy of a save_to_disk directory whose Arrow files are IPC streams with compressed buffers."""
    shutil.copytree(src, dst)
    for f in dst.glob("*.arrow"):
        with pa.memory_map(str(f)) as m:
            reader = pa.ipc.open_stream(m)
            batches = list(reader)  # the record batches as written (writer_batch_size rows each)
            schema = reader.schema
        f.unlink()
        with pa.OSFile(str(f), "wb") as sink, pa.ipc.new_stream(
                sink, schema, options=pa.ipc.IpcWriteOptions(compression=codec)) as w:
            for b in batches:
                w.write_batch(b)
    return dst


@dataclass
class Read:
    load_ms: float
    heap_mb: float
    batch_ms: float
    sees: str
    rows: int


def read(loader: Callable[[], Any], transform: Callable[..., Any] | None, n_batches: int, seed: int = 0) -> Read:
    """Load, then time random batches of 32 rows; what the ``labels`` column looks like to a plain reader."""
    import gc

    gc.collect()
    heap0 = pa.total_allocated_bytes()
    t0 = time.perf_counter()
    ds = loader()
    load_ms = (time.perf_counter() - t0) * 1e3
    heap_mb = (pa.total_allocated_bytes() - heap0) / 2**20
    plain = "labels" in ds.column_names
    others = ", ".join(c for c in ds.column_names if "label" in c)
    sees = f"labels {ds.features['labels']}" if plain else f"no labels column ({others})"
    if transform is not None:
        ds.set_transform(transform)
    rng = np.random.default_rng(seed)
    times = []
    for _ in range(n_batches):
        idx = rng.choice(len(ds), size=min(BATCH, len(ds)), replace=False).tolist()
        t = time.perf_counter()
        rows = ds[idx]
        times.append(time.perf_counter() - t)
        assert len(rows["labels"]) == len(idx)
    return Read(load_ms, heap_mb, statistics.median(times) * 1e3, sees, len(ds))


def labels_equal(ds_a: Any, ds_b: Any, n: int) -> bool:
    """The first n rows' labels agree (the transform's expansion against the written column)."""
    a, b = ds_a[:n]["labels"], ds_b[:n]["labels"]
    return all(list(x) == list(y) for x, y in zip(a, b, strict=True))


def collator_on_sparse(path: Path, pad_id: int) -> str:
    """What corefprep's EntityCorefCollator makes of sparse rows read without the transform."""
    from datasets import load_from_disk

    from corefprep.training import EntityCorefCollator

    ds = load_from_disk(str(path))
    rows = [ds[i] for i in range(min(BATCH, len(ds)))]
    try:
        out = EntityCorefCollator(pad_token_id=pad_id)(rows)
    except Exception as exc:  # noqa: BLE001 - report whatever it raises
        return f"EntityCorefCollator raises {type(exc).__name__}: {str(exc)[:70]}"
    lab = out["labels"]
    return f"EntityCorefCollator: {(lab != -100).float().mean().item():.0%} of labels not -100 (clm labels)"


# --- one sequence length ----------------------------------------------------------------------------------


def measure(final: Path, seq_len: int, work: Path, n_batches: int) -> tuple[list[list[str]], list[list[str]], str]:
    from datasets import Dataset, load_from_disk
    from tokenizers import Tokenizer

    meta = json.loads((final / "metadata.json").read_text())
    tok = Tokenizer.from_file(str(Path(meta["config"]["tokenize"]["model"]) / "tokenizer.json"))
    pad_id, mask_id = tok.token_to_id("[PAD]"), tok.token_to_id("[MASK]")
    table = load_from_disk(str(final)).data.table.replace_schema_metadata(None)
    n = table.num_rows
    lab, _ = flat(table["labels"])
    ids, _ = flat(table["input_ids"])
    head = (f"seq_len {seq_len}: {n:,} rows, {len(ids) / n:,.0f} tokens per row on average, "
            f"{(lab == -100).mean():.2%} of labels -100 ({(lab != -100).sum() / n:.2f} labelled per row); "
            f"whole directory (make bench's measure) {dir_bytes(final) / n:,.0f} B/sample")

    d = work / f"v{seq_len}"
    d.mkdir()
    wide = wide_types(table)
    dirs: dict[str, tuple[Path, Callable[..., Any] | None]] = {}

    def add(name: str, path: Path, transform: Callable[..., Any] | None = None) -> None:
        dirs[name] = (path, transform)

    add("old script's layout (padded; int32 ids, int8 mask, int64 labels)", save(old_layout(table, seq_len, pad_id),
                                                                                d / "old"))
    add("**current, as written** (8k vocab: uint16 ids, int16 labels)", final)
    add("current types at a 130k vocab (int32 ids, int32 labels)", save(wide, d / "wide"))
    add("narrower scalars (length uint16, doc_index int32), 8k vocab", save(narrow_scalars(table), d / "narrow"))
    add("narrower scalars, 130k vocab", save(narrow_scalars(wide), d / "narrow_wide"))
    add("sparse labels (label_pos uint16 + label_ids) + set_transform, 8k", save(sparse(table), d / "sparse"),
        expand_sparse)
    add("sparse labels + set_transform, 130k vocab", save(sparse(wide), d / "sparse_wide"), expand_sparse)
    add("label_ids only, positions = input_ids == [MASK], 8k", save(sparse(table, False), d / "ids_only"),
        expand_from_mask(mask_id))
    add("label_ids only, 130k vocab", save(sparse(wide, False), d / "ids_only_wide"), expand_from_mask(mask_id))
    for codec in ("zstd", "lz4"):
        add(f"IPC {codec}, load_from_disk, 8k vocab", recompress(final, d / f"ipc_{codec}", codec))
        add(f"IPC {codec}, load_from_disk, 130k vocab", recompress(d / "wide", d / f"ipc_{codec}_wide", codec))
    add("sparse labels + IPC zstd, 130k vocab", recompress(d / "sparse_wide", d / "sparse_wide_zstd", "zstd"),
        expand_sparse)

    old_bps = arrow_bytes(dirs[next(iter(dirs))][0]) / n
    cur_bps = arrow_bytes(final) / n
    rows_out: list[list[str]] = []

    def row(name: str, bps: float, r: Read, extra: str = "") -> None:
        rows_out.append([name, f"{bps:,.0f}", f"{bps / cur_bps:.3f}×", f"{bps / old_bps:.3f}×", f"{r.load_ms:.1f}",
                         f"{r.heap_mb:.2f}", f"{r.batch_ms:.2f}", r.sees + extra])

    for name, (path, transform) in dirs.items():
        r = read(lambda p=path: load_from_disk(str(p)), transform, n_batches)
        extra = ""
        if transform is not None:
            got = load_from_disk(str(path))
            got.set_transform(transform)
            ref = load_from_disk(str(final))
            ok = labels_equal(got, ref, n)
            extra = (f"; with the transform: labels as written ({'identical' if ok else 'DIFFER'}); "
                     f"{collator_on_sparse(path, pad_id)}")
        row(name, arrow_bytes(path) / n, r, extra)

    for vocab, tab in (("8k", table), ("130k", wide)):
        pqf = d / f"parquet_{vocab}" / "data.parquet"
        pqf.parent.mkdir()
        pq.write_table(tab, pqf, compression="zstd")
        cache = d / f"pqcache_{vocab}"
        r = read(lambda f=pqf, c=cache: Dataset.from_parquet(str(f), cache_dir=str(c)), None, n_batches)
        r.sees += f"; from_parquet wrote {dir_bytes(cache) / n:,.0f} B/sample of Arrow cache; load_from_disk: no"
        row(f"parquet zstd via Dataset.from_parquet, {vocab} vocab", pqf.stat().st_size / n, r)

    cols: list[list[str]] = []
    for name, tab in (("8k", table), ("130k", wide)):
        for c in tab.column_names:
            one = tab.select([c])
            raw, z = ipc_size(one, None), ipc_size(one, "zstd")
            cols.append([f"{c} ({name})", str(tab.schema.field(c).type), f"{raw / n:,.1f}", f"{z / n:,.1f}",
                         f"{raw / ipc_size(tab, None):.1%}"])
    return rows_out, cols, head


def ipc_size(table: pa.Table, codec: str | None) -> int:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema, options=pa.ipc.IpcWriteOptions(compression=codec)) as w:
        w.write_table(table, max_chunksize=1000)
    return sink.getvalue().size


def md_table(head: list[str], rows: list[list[str]]) -> str:
    right = [i > 0 and i < len(head) - 1 for i in range(len(head))]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---:" if r else "---" for r in right) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=6000, help="bench corpus documents (0: the bundled sample)")
    ap.add_argument("--seq-lens", default="2048,256")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--batches", type=int, default=200, help="random batches of 32 rows timed per variant")
    ap.add_argument("--shared", default=None, help="dir with tools/make_bench_corpus.py ($COREFPREP_SHARED)")
    ap.add_argument("--keep", default=None, help="work here and keep it (default: a temp dir, removed)")
    a = ap.parse_args()

    work = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="bench_disk_"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        shared = locate_shared(a.shared) if a.docs else None
        corpus = None
        if shared is not None:
            corpus = work / f"bench_{a.docs}.jsonl.zst"
            subprocess.run([sys.executable, str(shared / "tools" / "make_bench_corpus.py"), "--docs", str(a.docs),
                            "--out", str(corpus)], check=True, stdout=subprocess.DEVNULL)
        what = f"bench corpus of {a.docs:,} documents" if corpus else "the bundled sample corpus"
        print(f"# bench_disk: {what}, corefprep prepare --workers {a.workers}; pyarrow {pa.__version__}\n")
        for seq_len in (int(s) for s in a.seq_lens.split(",")):
            final, secs = prepare(corpus, work / f"prep_{seq_len}", seq_len, a.workers)
            rows, cols, head = measure(final, seq_len, work, a.batches)
            print(f"## {head} (prepare took {secs:.1f} s)\n")
            print(md_table(["variant", "B/sample", "× current", "× old script", "load ms", "heap MiB",
                            f"{BATCH} rows ms", "a reader of `labels` as a plain column sees"], rows))
            print("\nper column (IPC stream of that column alone, bytes per sample):\n")
            print(md_table(["column", "type", "B/sample", "zstd B/sample", "share"], cols) + "\n", flush=True)
        print("Compression gains come from repeated text: the rows of one document share most of their tokens (a "
              "document gives several samples), and the bench corpus recombines a small pool of sentences. "
              "Compressed IPC files are decompressed whole into the heap by load_from_disk (no memory-mapping).")
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
