"""Fast tokenizers and the tokenize stage's chunk loop (SPEC 2.5).

Loading (local directories with ``tokenizers`` alone, hub names through transformers), what a
dataset records about its tokenizer, and tokenizing one chunk with ``datasets.map``. The rows
themselves are built by :mod:`corefprep.masking` (entity-mlm) and :mod:`corefprep.packing` (clm).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .atomic import atomic_write_json, clean_temp_files, config_hash, read_json
from .errors import CorefprepError
from .progress import say

BUNDLED_TOKENIZER = Path(__file__).parent / "data" / "tokenizer"
MIN_ROWS_PER_PROC = 2000


@dataclass(frozen=True)
class TokenizeConfig:
    model: str = str(BUNDLED_TOKENIZER)
    seq_len: int = 2048
    objective: str = "entity-mlm"  # or "clm"
    mask_style: str = "all"  # "all": every subword of the mention masked; "single": one mask token
    pad_to_max_length: bool = False
    # a mention/antecedent boundary inside a token: "drop" the sample or "widen" to whole tokens
    unaligned: str = "drop"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


SPECIAL_KEYS = ("cls_token", "sep_token", "mask_token", "pad_token", "eos_token", "bos_token", "unk_token")


class LocalFastTokenizer:
    """A tokenizer directory with a tokenizer.json, loaded with the `tokenizers` library alone.

    Importing transformers (which in turn imports torch when present) costs several seconds per
    process; a local fast tokenizer needs only its tokenizer.json and the special-token names.
    Exposes the part of the transformers fast-tokenizer interface corefprep uses.
    """

    is_fast = True

    def __init__(self, path: Path):
        from tokenizers import Tokenizer

        self.name_or_path = str(path)
        self.backend_tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        specials: dict[str, Any] = {}
        for name in ("special_tokens_map.json", "tokenizer_config.json"):
            f = path / name
            if f.exists():
                try:
                    cfg = json.loads(f.read_text(encoding="utf-8"))
                except (OSError, ValueError) as exc:
                    raise CorefprepError(f"{f} is not readable JSON ({exc})") from None
                for key in SPECIAL_KEYS:
                    if key in cfg and key not in specials:
                        v = cfg[key]
                        specials[key] = v.get("content") if isinstance(v, dict) else v
        for key in SPECIAL_KEYS:
            token = specials.get(key)
            setattr(self, key, token)
            setattr(self, f"{key}_id", self.backend_tokenizer.token_to_id(token) if token else None)

    def __len__(self) -> int:
        return int(self.backend_tokenizer.get_vocab_size(with_added_tokens=True))

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return str(self.backend_tokenizer.decode(ids, skip_special_tokens=skip_special_tokens))


def load_fast_tokenizer(model: str) -> Any:
    """A fast tokenizer from a local directory or a hub name; slow ones are refused.

    A local directory with a tokenizer.json loads with `tokenizers` directly; anything else goes
    through transformers' AutoTokenizer (hub download, conversion of slow vocabularies)."""
    local = Path(model).expanduser()
    if (local / "tokenizer.json").is_file():
        tok: Any = LocalFastTokenizer(local)
    else:
        tok = _load_with_transformers(model, local)
    if tok.mask_token_id is None:
        raise CorefprepError(f"tokenizer {model!r} has no mask token, which entity-mlm needs")
    return tok


def _load_with_transformers(model: str, local: Path) -> Any:
    from transformers import AutoTokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(local) if local.exists() else model, use_fast=True)
    except Exception as exc:
        hint = (
            "it is not a local directory and could not be fetched from the hub (no network?); "
            "download it elsewhere and pass its local directory with --model"
            if not local.exists()
            else f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        )
        raise CorefprepError(f"cannot load tokenizer {model!r}: {hint}") from None
    if not getattr(tok, "is_fast", False):
        raise CorefprepError(
            f"tokenizer {model!r} is a slow (Python) tokenizer; corefprep needs a fast (Rust) one "
            "with a tokenizer.json — convert it with transformers and save it again"
        )
    return tok


def tokenizer_info(tok: Any, model: str) -> dict[str, Any]:
    backend_json = tok.backend_tokenizer.to_str()
    return {
        "name_or_path": model,
        "class": type(tok).__name__,
        "mask_token": tok.mask_token,
        "vocab_size": len(tok),
        "mask_token_id": tok.mask_token_id,
        "pad_token_id": tok.pad_token_id,
        "cls_token_id": tok.cls_token_id,
        "sep_token_id": tok.sep_token_id,
        "eos_token_id": tok.eos_token_id,
        "sha256": hashlib.sha256(backend_json.encode()).hexdigest()[:16],
    }


_USER_PARALLELISM = os.environ.get("TOKENIZERS_PARALLELISM")


def manage_tokenizers_parallelism(num_proc: int) -> None:
    """Rust threads inside each of several map processes would oversubscribe the cores: let Rust
    parallelise only when a chunk is tokenized in a single process, unless the user set it."""
    if _USER_PARALLELISM is None:
        os.environ["TOKENIZERS_PARALLELISM"] = "true" if num_proc <= 1 else "false"


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
) -> tuple[int, list[str]]:
    """Tokenize one samples chunk into ``out_dir`` (written under a temporary name, then renamed).

    The rows are written once, by ``datasets.map`` itself: its output files are the chunk, and
    the final dataset links them (see :mod:`corefprep.merge`). Returns (rows, the chunk's file
    names in row order)."""
    from datasets import Dataset, disable_progress_bars

    from .masking import _features, encode_docs, plain_backend, special_tokens
    from .packing import _clm_features, clm_eos_id, pack_clm

    disable_progress_bars()  # corefprep draws its own bars
    if cfg.objective == "clm":
        backend = tok.backend_tokenizer
        fn: Any = pack_clm
        kwargs: dict[str, Any] = {"backend": backend, "eos_id": clm_eos_id(tok), "seq_len": cfg.seq_len}
        features = _clm_features()
    else:
        # rows are windows of tokenizer(document): the whole document, never truncated
        backend = plain_backend(tok.backend_tokenizer)
        vocab = len(tok)
        fn, kwargs = encode_docs, {"backend": backend, "specials": special_tokens(backend),
                                   "mask_id": tok.mask_token_id,
                                   "pad_id": tok.pad_token_id if tok.pad_token_id is not None else 0,
                                   "cfg": cfg, "vocab_size": vocab}
        features = _features(cfg, vocab)
    backend.encode("워밍업 warm-up")  # first call builds caches; keep it out of the map workers' timing
    tmp = out_dir.with_name(f".{out_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        if chunk_arrow.suffix == ".parquet":  # clm reads a filter batch directly
            import pyarrow.parquet as pq

            src = Dataset(pq.read_table(chunk_arrow, columns=["text"]))
        else:
            src = Dataset.from_file(str(chunk_arrow), in_memory=in_memory)
        procs = num_proc if num_proc > 1 and len(src) >= MIN_ROWS_PER_PROC * num_proc else 1
        manage_tokenizers_parallelism(procs)
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
            new_fingerprint=hashlib.sha256(str(out_dir).encode()).hexdigest()[:16],
            desc=None,
        )
        rows = len(ds)
        files = [Path(c["filename"]).name for c in ds.cache_files]
        del ds, src
        for name in files:
            with open(tmp / name, "rb") as f:
                os.fsync(f.fileno())
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return rows, files


# --- the stage ---------------------------------------------------------------------------------


def _tok_key(opts: Any, info: dict[str, Any]) -> str:
    return config_hash({"tokenize": opts.tokenize.as_dict(), "tokenizer": info["sha256"],
                        "vocab": info["vocab_size"]})


def run_tokenize(opts: Any, chunks: list[Any]) -> tuple[list[Path], dict[str, Any]]:
    from tqdm import tqdm

    t0 = time.monotonic()
    tok = load_fast_tokenizer(opts.tokenize.model)
    info = tokenizer_info(tok, opts.tokenize.model)
    key = _tok_key(opts, info)
    tdir = opts.work.tokenized_dir / key
    tdir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(tdir)
    dirs: list[Path] = []
    dropped = 0
    clm = opts.tokenize.objective == "clm"
    bar = tqdm(total=sum(c.samples for c in chunks), unit="sample", desc="tokenize", file=sys.stderr,
               disable=not opts.progress, dynamic_ncols=True)
    try:
        for c in chunks:
            out = tdir / f"chunk_{c.index:05d}"
            meta = tdir / f"chunk_{c.index:05d}.json"
            old = read_json(meta)
            if old and old.get("fingerprint") == c.fingerprint and all((out / f).is_file()
                                                                       for f in old.get("files", [None])):
                dropped += old.get("dropped", 0)
                rows, files = old.get("rows", 1), old["files"]
            else:
                meta.unlink(missing_ok=True)
                t1 = time.monotonic()
                rows, files = tokenize_chunk(c.path, out, tok, opts.tokenize, num_proc=opts.num_proc,
                                             batch_size=opts.map_batch_size,
                                             writer_batch_size=opts.writer_batch_size,
                                             in_memory=getattr(opts, "keep_in_memory", False))
                lost = 0 if clm else c.samples - rows
                atomic_write_json(meta, {"fingerprint": c.fingerprint, "samples": c.samples, "rows": rows,
                                         "files": files, "dropped": lost,
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
    if clm:
        say(f"tokenize: {sum(c.samples for c in chunks):,} documents packed into {opts.tokenize.seq_len}-token "
            f"blocks in {len(chunks)} chunk(s), {elapsed:.1f}s")
    else:
        say(f"tokenize: {sum(c.samples for c in chunks):,} samples in {len(chunks)} chunk(s), {elapsed:.1f}s")
        if dropped:
            # the samples stage judged every sample with this tokenizer and these settings
            say(f"warning: {dropped:,} samples did not become rows although the samples stage kept them; "
                "this is a bug, please report it")
    return dirs, {"tokenizer": info, "dropped_samples": dropped, "key": key}
