"""Which samples a document yields and which of them the corpus-wide entity cap lets through
(SPEC 2.4), and the statistics metadata.json reports about them. Pure: no files, no tokenizer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from ..core.histogram import Histogram
from .config import SampleConfig
from .masking import Fate


class SampleSpec(NamedTuple):
    """One sample: the entity's form and two of its mentions, as code-point offsets in the text."""

    target: str
    antecedent_start: int
    antecedent_end: int
    mention_start: int
    mention_end: int

    @property
    def spans(self) -> tuple[int, int, int, int]:
        """Antecedent [start, end) and mention [start, end), what masking aligns to tokens."""
        return self.antecedent_start, self.antecedent_end, self.mention_start, self.mention_end


Entities = list[tuple[str, list[tuple[int, int]]]]


def doc_candidates(entities: Entities, cfg: SampleConfig) -> list[SampleSpec]:
    """Every sample the rules allow in one document, before the cap: for each repeated entity in
    order of first appearance, its 2nd..max_mentions-th mentions at an allowed distance from the
    first one (measured start to start, in characters of the text as read)."""
    out: list[SampleSpec] = []
    for form, mentions in entities:
        a_start, a_end = mentions[0]
        for m_start, m_end in mentions[1 : cfg.max_mentions]:
            if cfg.min_distance <= m_start - a_start <= cfg.max_distance:
                out.append(SampleSpec(form, a_start, a_end, m_start, m_end))
    return out


@dataclass
class Tally:
    """What happened to the candidates the cap let through (metadata.json reports it)."""

    candidates: int = 0
    widened: int = 0  # kept with whole tokens (--unaligned widen)
    unaligned: int = 0  # dropped: a boundary inside a token, or a span without a token
    too_far: int = 0  # dropped: antecedent and mention do not fit one window


def cap_samples(candidates: Sequence[SampleSpec], fates: Sequence[int] | None, counts: Counter[str],
                cfg: SampleConfig, tally: Tally | None = None, limit: int | None = None) -> list[SampleSpec]:
    """The candidates that become rows, in order, updating the corpus-wide per-entity ``counts``.

    ``fates[i]`` (a :class:`~corefprep.coref.masking.Fate`) says whether candidate i becomes a row; None
    means every one does. A candidate whose entity already has ``max_entity_freq`` rows is not
    looked at; one that does not become a row does not count towards the cap. ``limit`` stops after
    that many samples."""
    out: list[SampleSpec] = []
    for i, spec in enumerate(candidates):
        if limit is not None and len(out) >= limit:
            break
        if counts[spec.target] >= cfg.max_entity_freq:
            continue
        fate = Fate(fates[i]) if fates is not None else Fate.FIT
        if tally is not None:
            tally.candidates += 1
            if fate == Fate.WIDENED:
                tally.widened += 1
            elif fate == Fate.UNALIGNED:
                tally.unaligned += 1
            elif fate == Fate.TOO_FAR:
                tally.too_far += 1
        if fate.is_row:
            out.append(spec)
            counts[spec.target] += 1
    return out


def doc_samples(entities: Entities, counts: Counter[str], cfg: SampleConfig) -> list[SampleSpec]:
    """Samples of one document when every candidate becomes a row, updating ``counts``."""
    return cap_samples(doc_candidates(entities, cfg), None, counts, cfg)



_DISTANCE_BINS = (50, 100, 200, 500, 1000)


@dataclass
class CorpusStats:
    """What metadata.json reports about the samples, gathered while they are built, in memory
    bounded by the number of distinct entities (which the cap counts anyway)."""

    cfg: SampleConfig = field(default_factory=SampleConfig)
    entity_samples: Counter[str] = field(default_factory=Counter)  # rows per entity: the cap's count
    tally: Tally = field(default_factory=Tally)
    num_samples: int = 0
    num_docs: int = 0

    def __post_init__(self) -> None:
        lo, hi = self.cfg.min_distance, self.cfg.max_distance
        self.distances = Histogram.uniform(lo, hi)
        self.distance_bins = Histogram([lo, *(b for b in _DISTANCE_BINS if lo < b <= hi), hi + 1])

    def add(self, specs: list[SampleSpec], count_entities: bool = True) -> None:
        """Record samples that become rows (``count_entities=False`` when the cap already did)."""
        for spec in specs:
            if count_entities:
                self.entity_samples[spec.target] += 1
            distance = spec.mention_start - spec.antecedent_start
            self.distances.add(distance)
            self.distance_bins.add(distance)
        self.num_samples += len(specs)

    def summary(self, unaligned_policy: str, top: int = 50) -> SamplesSummary:
        lengths = Histogram.uniform(1, 64)
        for e, n in self.entity_samples.items():
            if n:
                lengths.add(len(e))
        t = self.tally
        unaligned = t.widened + t.unaligned
        return SamplesSummary(
            num_samples=self.num_samples,
            num_documents_with_samples=self.num_docs,
            num_unique_entities=sum(1 for n in self.entity_samples.values() if n),
            top_entities=self.entity_samples.most_common(top),
            entity_length_stats=lengths.stats(),
            entity_length_distribution=lengths.as_dict(),
            distance_stats=self.distances.stats(),
            distance_distribution=self.distance_bins.distribution(),
            distance_histogram=self.distances.as_dict(),
            candidate_samples=t.candidates,
            unaligned_samples=unaligned,
            unaligned_share=round(unaligned / t.candidates, 6) if t.candidates else 0.0,
            widened_samples=t.widened,
            window_dropped_samples=t.too_far,
            unaligned_policy=unaligned_policy,
        )


@dataclass(frozen=True)
class SamplesSummary:
    """What the samples stage built, as metadata.json and work/samples/index.json record it."""

    num_samples: int  # that became rows, within the entity cap
    num_documents_with_samples: int
    num_unique_entities: int
    top_entities: list[tuple[str, int]]  # (form, samples), most first
    entity_length_stats: dict[str, Any]  # of the entities' lengths in characters
    entity_length_distribution: dict[str, Any]
    distance_stats: dict[str, Any]  # of antecedent-to-mention distances in characters
    distance_distribution: dict[str, Any]  # by distance band
    distance_histogram: dict[str, Any]
    candidate_samples: int  # every (antecedent, mention) pair looked at
    unaligned_samples: int  # with a boundary inside a token (widened or dropped, by the policy)
    unaligned_share: float
    widened_samples: int
    window_dropped_samples: int  # too far apart for one --seq-len window
    unaligned_policy: str  # --unaligned

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def entities_of(raw: list[dict[str, Any]]) -> Entities:
    """A filter batch row's ``entities`` column as (form, [(start, end), ...]) pairs."""
    return [(e["form"], list(zip(e["starts"], e["ends"], strict=True))) for e in raw]
