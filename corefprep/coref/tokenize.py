"""The entity-mlm tokenize stage: each samples chunk becomes rows with ``datasets.map`` (SPEC 2.5).

The rows themselves are built by :mod:`corefprep.coref.masking`; each chunk's rows are written
once, by ``datasets.map`` itself, and the final dataset links those files (see
:mod:`corefprep.output.dataset`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.atomic import atomic_write_json, clean_temp_files, config_hash, file_sizes, has_sizes, read_json
from ..core.fence import FENCE
from ..core.heap import frozen_for_fork, give_back
from ..core.log import progress_bar, say
from ..core.plural import count
from ..core.workdir import WorkDir
from ..tokenizer.config import MapConfig, TokenizeConfig
from ..tokenizer.info import manage_tokenizers_parallelism, tokenizer_info
from ..tokenizer.load import load_fast_tokenizer
from .masking import encode_docs, plain_backend, row_features, special_tokens
from .samples import ChunkInfo

MIN_ROWS_PER_PROC = 2000


def tokenize_chunk(
    chunk_arrow: Path,
    out_dir: Path,
    tok: Any,
    cfg: TokenizeConfig,
    *,
    num_proc: int,
    batch_size: int,
    writer_batch_size: int,
    in_memory: bool = False,
    fingerprint: str | None = None,
) -> tuple[int, list[str]]:
    """Tokenize one samples chunk into ``out_dir`` (written under a temporary name, then renamed).

    The rows are written once, by ``datasets.map`` itself: its output files are the chunk, and
    the final dataset links them (see :mod:`corefprep.coref.merge`). Returns (rows, the chunk's file
    names in row order)."""
    from datasets import Dataset, disable_progress_bars

    disable_progress_bars()  # corefprep draws its own bars
    # rows are windows of tokenizer(document): the whole document, never truncated
    backend = plain_backend(tok.backend_tokenizer)
    vocab = len(tok)
    fn: Any = encode_docs
    kwargs: dict[str, Any] = {"backend": backend, "specials": special_tokens(backend),
                              "mask_id": tok.mask_token_id,
                              "pad_id": tok.pad_token_id if tok.pad_token_id is not None else 0,
                              "cfg": cfg, "vocab_size": vocab}
    backend.encode("워밍업 warm-up")  # first call builds caches; keep it out of the map workers' timing
    tmp = out_dir.with_name(f".{out_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        src = Dataset.from_file(str(chunk_arrow), in_memory=in_memory)
        features = row_features(cfg, vocab, "dup_count" in src.column_names)
        procs = num_proc if num_proc > 1 and len(src) >= MIN_ROWS_PER_PROC * num_proc else 1
        manage_tokenizers_parallelism(procs)
        give_back()  # what the samples stage freed, before processes fork from this one
        with frozen_for_fork():  # and the objects it still holds stay shared with them
            ds = src.map(
                fn,
                batched=True,
                batch_size=batch_size,
                writer_batch_size=writer_batch_size,
                # extra processes cost a second or two each to start: only worth it for big chunks
                num_proc=procs if procs > 1 else None,
                remove_columns=src.column_names,
                features=features,
                fn_kwargs=kwargs,
                cache_file_name=str(tmp / "rows.arrow"),
                # recorded in the rows' Arrow files: of what they were made from, not of where, so the same
                # chunk tokenized in any output directory gives the same bytes
                new_fingerprint=fingerprint or hashlib.sha256(str(out_dir).encode()).hexdigest()[:16],
                desc=None,
            )
        rows = len(ds)
        files = [Path(c["filename"]).name for c in ds.cache_files]
        del ds, src
        for name in files:
            with open(tmp / name, "rb") as f:
                os.fsync(f.fileno())
        FENCE.check()
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return rows, files


# --- the stage ---------------------------------------------------------------------------------


def _tok_key(tcfg: TokenizeConfig, info: dict[str, Any]) -> str:
    return config_hash({"tokenize": tcfg.as_dict(), "tokenizer": info["sha256"], "vocab": info["vocab_size"]})


def _whole(out: Path, record: dict[str, Any]) -> bool:
    """Whether a chunk's files are those its record describes: sizes recorded since corefprep 0.2;
    an older record's files are read through instead (row count)."""
    files = record.get("files")
    if not isinstance(files, list) or not files:
        return False
    if isinstance(record.get("bytes"), dict):
        return set(record["bytes"]) == set(files) and has_sizes(out, record["bytes"])
    try:
        import pyarrow as pa

        rows = 0
        for name in files:
            with pa.memory_map(str(out / name)) as src:
                rows += pa.ipc.open_stream(src).read_all().num_rows
        return rows == record.get("rows")
    except (OSError, pa.ArrowInvalid):
        return False


@dataclass(frozen=True)
class Tokenized:
    """The tokenize stage's result: every chunk's Arrow files in row order, and what the merge
    records about it."""

    files: list[Path]
    tokenizer: dict[str, Any]  # metadata.json's "tokenizer"
    dropped_samples: int
    key: str  # of the tokenizer and settings (work/tokenized/<key>/)
    seconds: float


def run_tokenize(work: WorkDir, chunks: list[ChunkInfo], tcfg: TokenizeConfig, mcfg: MapConfig, *,
                 progress: bool = True) -> Tokenized:
    """Tokenize every samples chunk whose rows are not already whole on disk."""
    t0 = time.monotonic()
    tok = load_fast_tokenizer(tcfg.model)
    info = tokenizer_info(tok, tcfg.model)
    key = _tok_key(tcfg, info)
    tdir = work.tokenized_dir / key
    tdir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(tdir)
    dirs: list[Path] = []
    dropped = remade = 0
    bar = progress_bar(sum(c.samples for c in chunks), "tokenize", unit="sample", enabled=progress)
    try:
        for c in chunks:
            out = tdir / f"chunk_{c.index:05d}"
            meta = tdir / f"chunk_{c.index:05d}.json"
            old = read_json(meta)
            if old and old.get("fingerprint") == c.fingerprint and _whole(out, old):
                dropped += old.get("dropped", 0)
                rows, files = old.get("rows", 1), old["files"]
            else:
                if old and old.get("fingerprint") == c.fingerprint:
                    remade += 1  # its files are not whole (a killed run, a full disk, a damaged file)
                meta.unlink(missing_ok=True)
                t1 = time.monotonic()
                rows, files = tokenize_chunk(c.path, out, tok, tcfg, num_proc=mcfg.num_proc or 1,
                                             batch_size=mcfg.map_batch_size or 100,
                                             writer_batch_size=mcfg.writer_batch_size or 1000,
                                             in_memory=bool(mcfg.keep_in_memory),
                                             fingerprint=config_hash([key, c.fingerprint]))
                lost = c.samples - rows
                atomic_write_json(meta, {"fingerprint": c.fingerprint, "samples": c.samples, "rows": rows,
                                         "files": files, "bytes": file_sizes(out, files), "dropped": lost,
                                         "seconds": round(time.monotonic() - t1, 3)})
                dropped += lost
            if rows > 0:  # a chunk whose samples were all dropped has nothing to merge
                dirs.extend(out / f for f in files)
            bar.update(c.samples)
    finally:
        bar.close()
    # chunk dirs of an older, longer sample list
    for p in tdir.glob("chunk_*"):
        if int(p.name.split(".")[0].split("_")[1]) >= len(chunks):
            shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink(missing_ok=True)
    elapsed = time.monotonic() - t0
    again = f" ({remade} tokenized again: their files were not whole)" if remade else ""
    say(f"tokenize: {count(sum(c.samples for c in chunks), 'sample')} in {count(len(chunks), 'chunk')}{again}, "
        f"{elapsed:.1f}s")
    if dropped:
        # the samples stage judged every sample with this tokenizer and these settings
        say(f"warning: {dropped:,} samples did not become rows although the samples stage kept them; "
            "this is a bug, please report it")
    return Tokenized(dirs, info, dropped, key, elapsed)
