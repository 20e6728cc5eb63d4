"""The ``--pii`` setting: what the filter does with personal data in the documents it keeps."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import option
from .tlds import list_version

MODES = ("off", "redact", "tag")
# The detectors' version, in the filter settings a batch records: a release whose detectors find
# other spans changes it, and batches are re-decided (from recorded values, without Kiwi). The
# bundled list of top-level domains (emails) is recorded beside it: a newer list may find others.
# 2: the scan in linear time; ㅡ, /, _ between a phone number's groups; landlines without separator
# after a phone word; vetoes only as the number's label; real top-level domains; no git remotes.
# 3: forms written to slip past filters (spelled @ and dots, spaced or Hangul digits, 82- and +82.),
# mixed card and account separators, a bank's name beside an account, 우체국택배 no banking word;
# ~ and _ between a resident number's halves, digits spaced one by one, IPv4 with spaced dots or
# after an address word, Latin label words whole (not "ver" in "naver"), phone-shaped runs no account.
# Also bare and spaced landlines on their shape (no phone word), a dot between a resident number's
# halves, defanged dots ([.], (.)), 8-8 cards with any separator, a plain @ with spelled dots, spaced
# dashes in accounts, a bank's name across a slash; spaced digits 1-2 spaces apart, 에 between
# spelled groups, a bank's Latin letters before an account; 4-6-x cards only from 3, IPv6 with a
# port, no account that is phone-shaped (080, 050x too), an ISBN or after 영수증 or 등기.
# 4: any number spelled in Hangul digits (nine at least, not glued to a word), O for 0 in a number,
# 점 for an address's dots, @ in brackets or spaced on one side, a bare "at" after a mail word, dots
# spaced after them after an address word, cards grouped any way after a card word, accounts spaced
# digit by digit, no account grouped as a phone number is or inside a sum (₩12,500 795-…).
# 5: 앳 and 닷 for "at" and "dot", 82) before a phone number, a particle after a number spelled in
# Hangul, no account of a card's 4-4-4-4, labelled a resident's, or going on masked (…-62-***).
# 6: a resident number born before October 2020 needs its check digit (either rule for a foreign
# resident's) and nothing else; Hangul and Arabic groups mixed a space apart, ㅇ for 0; no card with
# an account's noun nearer than the card word, no account under a registration number's label.
# 7: no account after a mask (***-883952-09-213) or an ID code's letters and a dash (ORD-2025-…),
# 청구번호 a veto label; IPv6 after a colon glued to a word, ✉ a mail word, a word glued before
# Arabic digits of a number spelled in part.
# 8: addresses defanged with [dot] or (dot) and [:] or [::]; 축협 a bank's name.
DETECTORS_VERSION = 8


@dataclass(frozen=True)
class PiiConfig:
    pii: str | None = option(None, "personal data (resident numbers, phones, emails, IPs, cards, bank accounts) in "
                                   "kept documents: redact = replaced by a same-shaped value that is no one's, tag = "
                                   "text kept and the spans recorded in the batches' pii column, off (default: redact "
                                   "with --rules llm, off with --rules v2)", choices=MODES)

    pii_raw_examples: bool = option(False, "with --pii redact, show personal data as the input had it where a run "
                                           "shows documents besides its kept rows: the rejected examples (work/"
                                           "filter/rejected_NNNNN.parquet, the report), error details and the "
                                           "quarantine list (default: redacted there too)")

    def mode(self, rules_name: str) -> str:
        """The mode this run uses: the one given, else the rule set's default."""
        if self.pii is not None:
            return self.pii
        return "redact" if rules_name == "llm" else "off"


def settings_of(mode: str, raw_examples: bool = False) -> str | dict[str, object]:
    """What the filter settings record (``off`` as a plain string, as a batch without it meant).
    ``examples: raw`` only when a redacting run keeps its examples raw (they are redacted else)."""
    if mode == "off":
        return mode
    settings: dict[str, object] = {"mode": mode, "detectors": DETECTORS_VERSION, "tlds": list_version()}
    if mode == "redact" and raw_examples:
        settings["examples"] = "raw"
    return settings


def examples_redacted(settings: object) -> bool:
    """Whether a run with the recorded ``pii`` setting redacts what it shows of documents besides
    its kept rows (examples, error details, quarantine list)."""
    return mode_of(settings) == "redact" and not (isinstance(settings, dict) and settings.get("examples") == "raw")


def mode_of(settings: object) -> str:
    """The mode a recorded ``pii`` setting names (:func:`settings_of`'s inverse; absent: off)."""
    return str(settings.get("mode", "off")) if isinstance(settings, dict) else str(settings or "off")
