"""Causal-LM rows: kept documents packed into fixed-length blocks (SPEC 2.5, objective clm)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CorefprepError
from .merge import run_merge


def _clm_features() -> Any:
    from datasets import Features, Sequence, Value

    return Features({"input_ids": Sequence(Value("int32")), "labels": Sequence(Value("int32")),
                     "length": Value("int32")})


def pack_clm(batch: dict[str, list[Any]], backend: Any, eos_id: int, seq_len: int) -> dict[str, list]:
    """Batched map function for ``clm``: documents joined with EOS, cut into seq_len blocks.

    As in the usual causal-LM recipe, the tail of each map batch shorter than seq_len is dropped
    (a larger --map-batch-size loses less)."""
    stream: list[int] = []
    for enc in backend.encode_batch(batch["text"], add_special_tokens=False):
        stream.extend(enc.ids)
        stream.append(eos_id)
    blocks = [stream[i : i + seq_len] for i in range(0, len(stream) - seq_len + 1, seq_len)]
    return {"input_ids": blocks, "labels": blocks, "length": [seq_len] * len(blocks)}


def clm_eos_id(tok: Any) -> int:
    """EOS for joining documents; BERT-style tokenizers have none, so [SEP] plays that part."""
    eos = tok.eos_token_id if tok.eos_token_id is not None else tok.sep_token_id
    if eos is None:
        raise CorefprepError("the tokenizer has neither an EOS nor a SEP token to join documents for clm")
    return int(eos)


# --- the stage ---------------------------------------------------------------------------------


@dataclass
class _BatchChunk:
    """A filter batch seen as a tokenize chunk (the clm objective tokenizes kept documents)."""

    index: int
    fingerprint: str
    samples: int
    path: Path


def prepare_clm(opts: Any, stages: tuple[str, ...], done: dict[int, dict[str, Any]],
                 result: dict[str, Any], timings: dict[str, float]) -> dict[str, Any]:
    chunks = [_BatchChunk(k, s["parquet_sha256"], s["passed"], opts.work.batch_parquet(k))
              for k, s in sorted(done.items()) if s["passed"] > 0]
    if not chunks:
        raise CorefprepError("no document passed the filter; see `corefprep status` for the rejection reasons")
    if "tokenize" not in stages and "merge" not in stages:
        return result
    t0 = time.monotonic()
    from .tokenize import run_tokenize

    dirs, tok_meta = run_tokenize(opts, chunks)  # type: ignore[arg-type]
    timings["tokenize"] = round(time.monotonic() - t0, 3)
    if "merge" not in stages:
        return result
    summary = {"num_samples": sum(c.samples for c in chunks), "num_documents_with_samples": len(chunks)}
    n = run_merge(opts, dirs, summary, tok_meta, done, timings)
    return {**result, "samples": n, "dataset": str(opts.final_dir), "timings": timings}
