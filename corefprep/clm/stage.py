"""The clm path after the filter (SPEC 2.5, objective clm): tokenize each filter batch's kept
documents once, then pack them into the final dataset and/or export them for Megatron."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CorefprepError
from ..core.timings import Timings
from ..core.workdir import WorkDir
from ..dedup.result import DedupResult
from ..filter.records import BatchStats
from ..output.metadata import Provenance
from ..tokenizer.config import MapConfig, TokenizeConfig
from ..tokenizer.ids import ids_dtype
from ..tokenizer.info import id_upper_bound, tokenizer_info
from ..tokenizer.load import load_fast_tokenizer
from ..tokenizer.specials import clm_specials
from .doc_tokens import run_doc_tokens
from .megatron import export_megatron
from .packing import build_clm_dataset


@dataclass(frozen=True)
class ClmResult:
    tokens: int
    timings: Timings  # the run's, with this path's stages (tokenize, and pack / megatron / merge when built)
    dataset: Path | None = None  # the packed dataset, when it was built
    rows: int = 0
    megatron: Path | None = None  # the .bin/.idx prefix, when it was written
    megatron_documents: int = 0


def prepare_clm(work: WorkDir, done: dict[int, BatchStats], cfg: TokenizeConfig, mcfg: MapConfig, *,
                final: Path, megatron: Path, provenance: Provenance, timings: Timings,
                build: bool = True, progress: bool = True, dedup: DedupResult | None = None) -> ClmResult:
    """Tokenize (per filter batch) and, with ``build``, pack/export the kept documents (without the
    ones ``dedup`` removed: every kept document is encoded once whatever dedup decides, so changing
    the dedup settings only packs again)."""
    if sum(s.passed for s in done.values()) == 0:
        raise CorefprepError("no document passed the filter; see `corefprep status` for the rejection reasons")
    t0 = time.monotonic()
    tok = load_fast_tokenizer(cfg.model, require_mask=False)
    specials = clm_specials(tok, cfg)
    info: dict[str, Any] = tokenizer_info(tok, cfg.model, specials)
    dtype = ids_dtype(id_upper_bound(tok))
    info["id_dtype"] = dtype.name
    store, batches = run_doc_tokens(work, done, tok, specials, info, dtype, num_proc=mcfg.num_proc or 1,
                                    progress=progress)
    timings = timings.with_stage("tokenize", time.monotonic() - t0)
    if dedup is not None:
        batches = [b.without(dedup.removed_mask(b.docs()[:, 0])) for b in batches]
    tokens = sum(b.tokens for b in batches)
    if not build:
        return ClmResult(tokens, timings)
    result = ClmResult(tokens, timings)
    if cfg.output_format in ("megatron", "both"):
        exported = export_megatron(megatron, store, batches, info, done, timings, provenance=provenance, dedup=dedup)
        timings = exported.timings
        result = ClmResult(tokens, timings, megatron=megatron, megatron_documents=exported.documents)
    if cfg.output_format in ("hf", "both"):
        packed = build_clm_dataset(final, cfg, store, batches, info, done, timings,
                                   writer_batch_size=mcfg.writer_batch_size or 1000, provenance=provenance,
                                   dedup=dedup)
        result = ClmResult(tokens, packed.timings, final, packed.rows, result.megatron, result.megatron_documents)
    return result
