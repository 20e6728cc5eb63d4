"""Where an output directory keeps its intermediate state (SPEC 2.2).

``<output-dir>/work/`` holds everything a run needs to resume: filter batches, sample chunks,
tokenized chunks, the manifest that records the settings the batches were made with
(:mod:`corefprep.run.manifest`), the cached per-file record counts and the lock that keeps a
second run out (:mod:`corefprep.store.lock`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .atomic import clean_temp_files, is_temp_name, remove_path


@dataclass(frozen=True)
class WorkDir:
    """Paths of one output directory's intermediate state."""

    output_dir: Path

    @property
    def root(self) -> Path:
        return self.output_dir / "work"

    @property
    def filter_dir(self) -> Path:
        return self.root / "filter"

    @property
    def samples_dir(self) -> Path:
        return self.root / "samples"

    @property
    def tokenized_dir(self) -> Path:
        return self.root / "tokenized"

    @property
    def dedup_dir(self) -> Path:
        return self.root / "dedup"

    @property
    def manifest(self) -> Path:
        return self.root / "manifest.json"

    @property
    def incoming(self) -> Path:
        """Where Ray actors deliver what they finish, for the driver to move into place
        (corefprep.store.incoming); what is left there belongs to no live run once the lock is held."""
        return self.root / ".incoming"

    @property
    def lock(self) -> Path:
        return self.root / "LOCK"

    @property
    def run_record(self) -> Path:
        """Who holds the lock, since when, running what (for `status` and lock messages)."""
        return self.root / "run.json"

    @property
    def input_counts(self) -> Path:
        return self.root / "input_counts.json"

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine.jsonl"

    def batch_parquet(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.parquet"

    def batch_stats(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.json"

    def batch_values(self, k: int) -> Path:
        """Every document's verdict and measured values (corefprep.filter.values); not named
        batch_*.parquet, which names the kept documents only."""
        return self.filter_dir / f"values_{k:05d}.parquet"

    def batch_rejected(self, k: int) -> Path:
        """Rejected documents kept as examples (--keep-rejected)."""
        return self.filter_dir / f"rejected_{k:05d}.parquet"

    def failed_marker(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.failed.json"


def clean_leftovers(work: WorkDir) -> int:
    """Remove every temporary file or directory a killed run left in the output directory and its
    work directory. Only safe while holding the lock (no live run is writing them)."""
    dirs = [work.output_dir, work.root, work.filter_dir, work.samples_dir, work.tokenized_dir, work.dedup_dir]
    for parent in (work.tokenized_dir, work.dedup_dir):
        if parent.is_dir():
            dirs += sorted(p for p in parent.iterdir() if p.is_dir() and not is_temp_name(p.name))
    undelivered = int(work.incoming.exists())
    remove_path(work.incoming)
    return sum(clean_temp_files(d) for d in dirs) + undelivered
