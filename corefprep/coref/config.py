"""The samples stage's settings (SPEC 2.4)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..core.options import option


@dataclass(frozen=True)
class SampleConfig:
    max_entity_freq: int = option(1000, "samples per entity in the whole corpus, at most", positive=True)
    min_distance: int = option(10, "fewest characters from the antecedent's start to the mention's")
    max_distance: int = option(2000, "most characters from the antecedent's start to the mention's")
    # the 2nd..max_mentions-th mentions each pair with the first one
    max_mentions: int = 4
    max_samples: int | None = option(None, "stop after this many samples (default: no limit)", positive=True)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def candidate_rules(self) -> list[int]:
        """The settings that decide which candidates a document has (not the cap)."""
        return [self.min_distance, self.max_distance, self.max_mentions]
