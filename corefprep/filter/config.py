"""The filter stage's settings: what decides a batch's content, and how batches are computed.

:class:`FilterConfig` (with the rule set and the inputs) decides what the batch files hold, so the
work manifest records it; :class:`~corefprep.parallel.config.EngineConfig` only decides how and
where they are computed, so changing it never invalidates a finished batch.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import option
from ..parallel.config import ENGINES, PLANNED, EngineConfig

__all__ = ["ENGINES", "PLANNED", "EngineConfig", "FilterConfig"]


@dataclass(frozen=True)
class FilterConfig:
    text_field: str = option("text", "JSON/Parquet field holding the text")
    batch_docs: int = option(200_000, "documents per filter batch", positive=True)
    keep_rejected: int = option(3, "rejected documents kept as examples per reason and batch, with their text and "
                                   "measured values (work/filter/rejected_NNNNN.parquet; 0: none)",
                                metavar="N")
