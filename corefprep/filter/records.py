"""What the filter stage passes around: a decider's verdict on one document, a quarantined
document, and a finished batch's stats record (``work/filter/batch_NNNNN.json``)."""

from __future__ import annotations

import dataclasses
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
        return {**d, **self.extra}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> BatchStats:
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        kw = {k: v for k, v in d.items() if k in known}
        kw["quarantined"] = [Quarantined.from_dict(q) for q in d.get("quarantined", [])]
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
