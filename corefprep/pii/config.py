"""The ``--pii`` setting: what the filter does with personal data in the documents it keeps."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import option

MODES = ("off", "redact", "tag")
# The detectors' version, in the filter settings a batch records: a release whose detectors find
# other spans changes it, and batches are re-decided (from recorded values, without Kiwi).
DETECTORS_VERSION = 1


@dataclass(frozen=True)
class PiiConfig:
    pii: str | None = option(None, "personal data (resident numbers, phones, emails, IPs, cards, bank accounts) in "
                                   "kept documents: redact = replaced by a same-shaped value that is no one's, tag = "
                                   "text kept and the spans recorded in the batches' pii column, off (default: redact "
                                   "with --rules llm, off with --rules v2)", choices=MODES)

    def mode(self, rules_name: str) -> str:
        """The mode this run uses: the one given, else the rule set's default."""
        if self.pii is not None:
            return self.pii
        return "redact" if rules_name == "llm" else "off"


def settings_of(mode: str) -> str | dict[str, object]:
    """What the filter settings record (``off`` as a plain string, as a batch without it meant)."""
    return mode if mode == "off" else {"mode": mode, "detectors": DETECTORS_VERSION}


def mode_of(settings: object) -> str:
    """The mode a recorded ``pii`` setting names (:func:`settings_of`'s inverse; absent: off)."""
    return str(settings.get("mode", "off")) if isinstance(settings, dict) else str(settings or "off")
