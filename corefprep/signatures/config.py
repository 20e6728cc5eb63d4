"""Deduplication settings (SPEC 2.3a): which copies count as the same document."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.options import option

MODES = ("none", "exact", "minhash")
WORD_UNITS = ("space", "kiwi")


@dataclass(frozen=True)
class DedupConfig:
    dedup: str | None = option(None, "remove duplicate documents after the filter: none, exact (same text after NFC "
                                     "and whitespace) or minhash (near-duplicates, FineWeb-2's settings) (default: "
                                     "minhash with --rules llm, none with --rules v2)", choices=MODES)
    dedup_words: str | None = option(None, "words of the MinHash shingles: space = whitespace words, kiwi = Kiwi "
                                           "morphemes as FineWeb-2 (default: kiwi when the rules analyse documents "
                                           "with Kiwi, so the filter's analysis is reused, else space)",
                                     choices=WORD_UNITS)
    dedup_ngram: int = option(5, "words per shingle", positive=True)
    dedup_bands: int = option(14, "MinHash bands: a pair sharing any band's hashes is a candidate", positive=True)
    dedup_rows: int = option(8, "MinHash hashes per band", positive=True)
    dedup_seed: int = option(1, "seed of the MinHash hash functions")
    dedup_against: Path | str | None = option(None, "also remove documents that duplicate the documents of this "
                                                    "earlier prepared output directory, or store URL (its signatures "
                                                    "are reused)", metavar="DIR")

    def mode(self, rules_name: str) -> str:
        """The mode this run uses: the one given, else the rule set's default."""
        if self.dedup is not None:
            return self.dedup
        return "minhash" if rules_name == "llm" else "none"

    def words(self, rules_use_kiwi: bool) -> str:
        if self.dedup_words is not None:
            return self.dedup_words
        return "kiwi" if rules_use_kiwi else "space"
