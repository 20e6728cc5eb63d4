"""The entity-mlm merge stage: the tokenized chunks' files become the final dataset (SPEC 2.5).

No row is rewritten: :func:`corefprep.output.dataset.assemble_dataset` links the chunks' Arrow
files into ``<output-dir>/entity_coref_<rules>_<seq-len>/`` with metadata.json and stats.json.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, NamedTuple

from ..core.atomic import config_hash, read_json
from ..core.errors import CorefprepError
from ..core.histogram import Histogram
from ..core.log import say
from ..core.timings import Timings
from ..dedup.result import DedupResult, dedup_metadata
from ..filter.records import BatchStats
from ..filter.stats import totals_of
from ..output.dataset import assemble_dataset, dataset_from_files
from ..output.markers import Output
from ..output.metadata import Provenance, base_metadata
from .candidates import SamplesSummary
from .tokenize import Tokenized


class Merged(NamedTuple):
    rows: int
    seconds: float | None  # None: the dataset was up to date


def run_merge(work_root: Path, final: Path, tokenized: Tokenized, samples: SamplesSummary,
              done: dict[int, BatchStats], timings: Timings, *, seq_len: int, max_entity_freq: int,
              provenance: Provenance, dedup: DedupResult | None = None) -> Merged:
    """Build (or find up to date) the final dataset ``final`` from the tokenized chunk files
    (``timings``: the run's so far, for its metadata.json, which adds the merge's own)."""
    dirs = tokenized.files
    fingerprint = config_hash([tokenized.key, [d.relative_to(work_root).as_posix() for d in dirs],
                               [read_json(d.parent.with_suffix(".json")) for d in dirs]])
    marker = Output.dataset(final).up_to_date(fingerprint)
    if marker and not provenance.force:
        say(f"merge: {final} is up to date ({marker.get('num_samples'):,} samples)")
        return Merged(int(marker.get("num_samples", 0)), None)
    if not dirs:
        raise CorefprepError(
            f"every sample was dropped: no antecedent and mention fit one {seq_len}-token window; raise --seq-len"
        )
    t0 = time.monotonic()
    batch_stats = [done[k] for k in sorted(done)]
    metadata = base_metadata(
        "entity_coref", sources=provenance.sources, documents=totals_of(batch_stats), tokenizer=tokenized.tokenizer,
        config=provenance.config, timings=timings, seq_len=seq_len, max_entity_freq=max_entity_freq,
        **{k: v for k, v in samples.as_dict().items() if k != "num_samples"},
        samples_before_tokenize=samples.num_samples, dropped_samples=tokenized.dropped_samples,
        **length_summary(dirs, seq_len),
        **dedup_metadata(dedup),
    )
    built = assemble_dataset(dirs, final, metadata, [s.to_json() for s in batch_stats], fingerprint=fingerprint)
    seconds = time.monotonic() - t0
    say(f"merge: {built.rows:,} samples -> {final} in {seconds:.1f}s")
    return Merged(built.rows, seconds)


def length_summary(files: list[Path], seq_len: int) -> dict[str, Any]:
    """Statistics and a histogram of the tokens per row (the ``length`` column)."""
    hist = Histogram.uniform(0, seq_len, max_bins=seq_len + 1)
    for part in dataset_from_files(files).data.column("length").chunks:
        hist.extend(part.to_numpy())
    return {"length_stats": hist.stats(), "length_distribution": hist.as_dict(max_bins=64)}
