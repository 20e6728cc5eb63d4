"""What the filter stage passes around: a decider's verdict on one document, a quarantined
document, and a finished batch's stats record (``work/filter/batch_NNNNN.json``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..pii import PiiSpan
from ..rules import Entity

# Reasons an engine gives a document the rules never decided: it killed its worker twice or ran
# past --doc-timeout (SPEC 2.3). Both are quarantined: listed in work/quarantine.jsonl.
QUARANTINE_REASONS = ("worker_died", "timeout")


class Verdict(NamedTuple):
    """A decider's answer for one document that passed the cheap rules (a tuple: workers pickle
    thousands of them per chunk)."""

    doc_index: int
    reason: str | None  # None: kept
    entities: list[Entity]  # [(form, [(start, end), ...]), ...] for rule set v2; [] otherwise
    kiwi_chars: int = 0  # characters Kiwi analysed (the cost)
    error: str | None = None  # Kiwi's error (reason kiwi_error) or what happened to a quarantined document
    signature: bytes | None = None  # a kept document's dedup signature record, when the run deduplicates
    values: dict[str, Any] | None = None  # what the rules measured (the batch's values file)
    pii: tuple[PiiSpan, ...] = ()  # a kept document's personal data (--pii redact or tag)
    # with personal data and a signer: the signature of the text the other --pii choice writes
    # (redacted or not), so that switching never analyses the document again
    other_signature: bytes | None = None
    kiwi_cpu: float = 0.0  # CPU seconds inside Kiwi's analyses of this document
    sign_cpu: float = 0.0  # CPU seconds signing it and finding its personal data (kept documents)


@dataclass(frozen=True)
class Busy:
    """A decider's time so far: wall and CPU seconds deciding documents, and the CPU seconds its
    processes spent outside that (receiving chunks, returning verdicts)."""

    wall: float = 0.0
    cpu: float = 0.0
    between: float = 0.0

    def __add__(self, other: Busy) -> Busy:
        return Busy(self.wall + other.wall, self.cpu + other.cpu, self.between + other.between)

    def __sub__(self, other: Busy) -> Busy:
        return Busy(self.wall - other.wall, self.cpu - other.cpu, self.between - other.between)


@dataclass(frozen=True)
class BatchCpu:
    """Where a batch's CPU seconds went, by process and by kind of work (``cpu`` in the batch's
    stats). The reading process's parts are its main thread's; ``parent`` is all of its CPU in
    the batch, so what the parts leave of it is handing chunks to the workers and taking their
    verdicts back (pickling, the supervisor). The workers' parts are summed over the workers."""

    read: float = 0.0  # reading the inputs: decompressing, parsing records
    cheap: float = 0.0  # the cheap rules
    write: float = 0.0  # taking verdicts into the batch and writing its files
    parent: float = 0.0  # the reading process, all of it (every thread)
    kiwi: float = 0.0  # workers: inside Kiwi's analyses
    rules: float = 0.0  # workers: the rules' own code, around Kiwi
    sign: float = 0.0  # workers: dedup signatures and personal data of kept documents
    between: float = 0.0  # workers: outside deciding (unpickling chunks, pickling verdicts)

    @property
    def handoff(self) -> float:
        """The reading process's CPU besides reading, cheap rules and writing."""
        return max(0.0, self.parent - self.read - self.cheap - self.write)

    @property
    def workers(self) -> float:
        return self.kiwi + self.rules + self.sign + self.between

    @property
    def total(self) -> float:
        return self.parent + self.workers

    @classmethod
    def summed(cls, cpus: Iterable[BatchCpu]) -> BatchCpu:
        """Many batches' parts, added up."""
        names = [f.name for f in dataclasses.fields(cls)]
        out = dict.fromkeys(names, 0.0)
        for cpu in cpus:
            for name in names:
                out[name] += getattr(cpu, name)
        return cls(**out)

    def to_json(self) -> dict[str, float]:
        return {f.name: round(getattr(self, f.name), 3) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> BatchCpu:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: float(v) for k, v in (d or {}).items() if k in names})


@dataclass(frozen=True)
class Quarantined:
    """A document set aside by an engine (reason in QUARANTINE_REASONS), with where to find it."""

    doc_index: int
    file: str
    line: int
    doc_id: str
    reason: str
    detail: str | None

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Quarantined:
        return cls(d["doc_index"], d.get("file", ""), d.get("line", 0), d.get("doc_id", ""), d["reason"],
                   d.get("detail"))


@dataclass
class BatchStats:
    """A finished batch's record. Read and written as the JSON every corefprep version wrote
    (keys sorted); engine-specific keys (the Ray node, actor pid, ...) travel in ``extra``."""

    batch: int
    start: int
    end: int
    documents: int
    passed: int
    rejected: dict[str, int]
    malformed: dict[str, int]
    rows: int
    parquet_bytes: int
    parquet_sha256: str
    config_id: str
    malformed_examples: list[str] = field(default_factory=list)
    kiwi_errors: list[str] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    kiwi_docs: int = 0
    kiwi_chars: int = 0
    # the batch's side files: every document's verdict and values, and rejected examples
    values_bytes: int = 0
    values_sha256: str = ""
    rejected_bytes: int = 0
    rejected_sha256: str = ""
    keep_rejected: int = 0
    # re-decided from an earlier decision's recorded values (the config id it was made under), and
    # how many documents reaching the workers' rules were decided from them without Kiwi
    redecided_from: str | None = None
    decided_from_values: int = 0
    # personal data in the kept documents: spans per kind, documents holding any, and what was done
    pii_mode: str = "off"
    pii: dict[str, int] = field(default_factory=dict)
    pii_docs: int = 0
    chars_in: list[int] = field(default_factory=list)
    chars_kept: list[int] = field(default_factory=list)
    read_seconds: float = 0.0
    worker_deaths: int = 0
    worker_seconds: float = 0.0
    worker_cpu_seconds: float = 0.0
    cpu: BatchCpu = field(default_factory=BatchCpu)  # where the CPU seconds went (batches since issue 27)
    seconds: float = 0.0
    docs_per_s: float | None = None
    workers: int = 1
    engine: str = "local"
    attempts: int = 1
    host: str = ""
    finished_at: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "extra"}
        d["quarantined"] = [q.as_dict() for q in self.quarantined]
        d["cpu"] = self.cpu.to_json()
        return {**d, **self.extra}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> BatchStats:
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        kw = {k: v for k, v in d.items() if k in known}
        kw["quarantined"] = [Quarantined.from_dict(q) for q in d.get("quarantined", [])]
        kw["cpu"] = BatchCpu.from_json(d.get("cpu"))
        return cls(**kw, extra={k: v for k, v in d.items() if k not in known})

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    @property
    def malformed_total(self) -> int:
        return sum(self.malformed.values())

    @property
    def pass_rate(self) -> float:
        return self.passed / self.documents if self.documents else 0.0
