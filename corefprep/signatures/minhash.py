"""Signing a document: its exact hash and its MinHash band keys (pure: text in, one record out).

- **Exact**: a 128-bit BLAKE2b of the text after NFC with every run of whitespace made one space,
  so copies that differ only in Unicode composition or spacing are the same document.
- **MinHash** (Broder 1997; the settings of FineWeb and FineWeb-2: word 5-gram shingles, 14 bands of
  8 hashes, 64-bit hashing): the words (the text's runs of letters and digits after NFC and
  casefolding, or Kiwi morphemes as FineWeb-2 counts Korean words: of the NFC text, casefolded,
  those without a letter or digit dropped), every run of ``ngram`` consecutive words is a shingle,
  and for each of ``bands * rows`` hash functions the smallest hash over the shingles is kept.
  Two documents agree on one such minimum with probability equal to the Jaccard similarity *s*
  of their shingle sets, so they share all ``rows`` minima of a band with probability *s^rows*
  and at least one of the ``bands`` bands with 1 - (1 - s^rows)^bands. Only a band's key (a
  64-bit hash of its ``rows`` minima) is kept.

Words are hashed all at once per document (a polynomial hash of their code points from prefix
sums, mixed with splitmix64 and the seed: :func:`segment_hashes`); a shingle's hash mixes its words' hashes in
order (through splitmix64, so shingle hashes are well mixed); the hash functions are
``a_i * x mod 2^64`` for random odd ``a_i`` (drawn from ``--dedup-seed``): each a bijection of the
already mixed shingle hashes, so each minimum is that of a random order of the shingles, one
vector multiplication per shingle and function (an added ``b_i`` cost a third of the minima's time
and changed nothing measurable: tests/signatures checks that two documents agree on a function's
minimum as often as their Jaccard similarity says, on each function independently, and that
pairs are caught as the banding curve says): all of it vectorised with numpy over a document's shingles, a block
at a time so a long document needs bounded memory. A document with fewer words than one shingle
has no band keys: it is deduplicated by its exact hash only.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..core.atomic import config_hash
from ..rules.kiwi import kiwi_version
from ..rules.words import kiwi_words as analyse_words

SIGNATURE_VERSION = 5  # bump when a signature's bytes for the same text and settings change
SHINGLE_BLOCK = 2048  # shingles hashed at a time (bounds a long document's memory)
# characters of the documents whose words are found and hashed in one pass: the pass's arrays take
# ~40 bytes a character (and the table of powers grows to its code points), so 250 documents in
# one pass took a signing worker ~70 MB; at 64k characters the per-call overhead is still spread
# over tens of documents
WORD_PASS_CHARS = 1 << 16
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
# odd multipliers for the words' positions in a shingle (the fractional bits of sqrt of primes)
_POSITION = np.array([0x6A09E667F3BCC909, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
                      0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179],
                     dtype=np.uint64)
_HAS_ALNUM = re.compile(r"[^\W_]")  # a letter or digit of any script
_NOT_ALNUM = re.compile(r"[\W_]+")  # a run of anything else
_ALNUM_RUN = re.compile(r"[^\W_]+")  # a run of letters and digits


def splitmix64(x: np.ndarray) -> np.ndarray:
    """The splitmix64 finaliser, elementwise on uint64 (a bijection with good avalanche)."""
    # arrays only: numpy wraps uint64 array arithmetic silently (no errstate needed, and it costs
    # more than the arithmetic on a document's few values)
    z = (x ^ (x >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


_P = 0xD6E8FEB86659FD93  # odd (invertible mod 2^64) with dense bits
_P_INV = pow(_P, -1, 2**64)
_POWERS: list[np.ndarray] = [np.ones(1, dtype=np.uint64), np.ones(1, dtype=np.uint64)]  # P^i, P^-i


def _powers(n: int) -> tuple[np.ndarray, np.ndarray]:
    """P^i and P^-i mod 2^64 for i < n (grown by doubling, kept for the process)."""
    if len(_POWERS[0]) < n:
        size = max(n, 2 * len(_POWERS[0]), 4096)
        with np.errstate(over="ignore"):
            for i, base in enumerate((_P, _P_INV)):
                steps = np.full(size, base, dtype=np.uint64)
                steps[0] = 1
                _POWERS[i] = np.cumprod(steps, dtype=np.uint64)
    return _POWERS[0][:n], _POWERS[1][:n]


def segment_hashes(text: str, sep: str, seed: int) -> np.ndarray:
    """One 64-bit hash per ``sep``-separated segment of ``text`` (no empty segments expected)."""
    a = code_points(text)
    cuts = np.flatnonzero(a == ord(sep))
    return span_hashes(a, np.concatenate(([0], cuts + 1)), np.concatenate((cuts, [len(a)])), seed)


def span_hashes(a: np.ndarray, starts: np.ndarray, ends: np.ndarray, seed: int) -> np.ndarray:
    """One 64-bit hash per span ``a[start:end]`` of the code points ``a``: the polynomial sum
    (code point + 1) * P^i over the span, mod 2^64, computed for all spans at once from prefix
    sums, then mixed with the span's length and ``seed`` by splitmix64. The value depends on the
    span's code points only, not on where it stands. Words differ in their code points, so their
    hashes differ but with probability ~2^-64."""
    pw, inv = _powers(len(a) + 1)
    with np.errstate(over="ignore"):
        prefix = np.zeros(len(a) + 1, dtype=np.uint64)
        np.cumsum((a.astype(np.uint64) + np.uint64(1)) * pw[:len(a)], out=prefix[1:])
        h = (prefix[ends] - prefix[starts]) * inv[starts]
        h = h + (ends - starts).astype(np.uint64) * _GOLDEN + np.uint64(seed)
    return splitmix64(h)


_ALNUM: list[np.ndarray] = []  # [flag of every code point: a letter or digit], made on first use


def alnum_table() -> np.ndarray:
    """Whether each code point is a letter or digit, as ``_NOT_ALNUM`` decides it (the table is
    filled from that regex's own matches over all code points, so the two cannot disagree)."""
    if not _ALNUM:
        table = np.zeros(sys.maxunicode + 1, dtype=bool)
        # made from an array: one str of 1.1M characters, not 1.1M str objects (~60 MB)
        every = np.arange(sys.maxunicode + 1, dtype="<u4").tobytes().decode("utf-32-le", "surrogatepass")
        for m in _ALNUM_RUN.finditer(every):
            table[m.start():m.end()] = True
        _ALNUM.append(table)
    return _ALNUM[0]


def code_points(text: str) -> np.ndarray:
    """The text's code points (a lone surrogate as itself)."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def word_spans(folded: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The code points of ``folded`` (NFC and casefolded text) and its words' spans in them:
    (code points, starts, ends). A word is a maximal run of letters and digits, as
    :func:`text_words_joined` splits: the regex's pass replaced by one table lookup per code point
    (the regex was a quarter of the signing step's CPU)."""
    cps = code_points(folded)
    edges = np.diff(alnum_table()[cps].astype(np.int8), prepend=np.int8(0), append=np.int8(0))
    return cps, np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


def exact_hash(text: str, nfc: str | None = None) -> tuple[int, int]:
    """128 bits of the text after NFC with whitespace runs collapsed to one space, as two ints
    (``nfc``: the text already in NFC, when the caller has it)."""
    norm = " ".join((unicodedata.normalize("NFC", text) if nfc is None else nfc).split())
    d = hashlib.blake2b(norm.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    return int.from_bytes(d[:8], "little"), int.from_bytes(d[8:], "little")


_SPACE: list[np.ndarray] = []  # [flag of every code point: whitespace to str.split], made on first use


def space_table() -> np.ndarray:
    """Whether each code point is whitespace as ``str.split()`` splits (``str.isspace``; none is
    above U+3000, which tests/signatures checks over every code point)."""
    if not _SPACE:
        table = np.zeros(sys.maxunicode + 1, dtype=bool)
        table[[c for c in range(0x3001) if chr(c).isspace()]] = True
        _SPACE.append(table)
    return _SPACE[0]


def code_point_tables() -> None:
    """Make both code point tables (a parent that forks its signing workers shares them)."""
    alnum_table()
    space_table()


def exact_hashes(nfcs: Sequence[str]) -> np.ndarray:
    """:func:`exact_hash` of each of several NFC texts (an array of n x 2 ints), their whitespace
    runs made one space in one vector pass over the texts joined; each text's part is then stripped
    of the space at either end. (A run that spans two texts leaves its one space to the first, which
    strips it, as the second would.) Splitting each text into a list of words and joining them again
    was two thirds of the exact hash's time."""
    cps = code_points("".join(nfcs))
    ws = np.take(space_table(), cps)  # (take, boolean masks and index arrays: the fast numpy paths)
    keep = ~ws
    keep[1:] |= keep[:-1].copy()  # a space stays when what comes before it is no space
    if len(keep):
        keep[0] = True
    spaced = cps.copy()
    spaced[np.flatnonzero(ws)] = 32
    out = spaced[keep]
    starts = np.cumsum([0] + [len(t) for t in nfcs])
    bounds = (starts - np.searchsorted(np.flatnonzero(~keep), starts)).tolist()  # in ``out``
    norm = out.tobytes().decode("utf-32-le", "surrogatepass")
    digests = b"".join(hashlib.blake2b(norm[bounds[i]:bounds[i + 1]].strip().encode("utf-8", "surrogatepass"),
                                       digest_size=16).digest() for i in range(len(nfcs)))
    return np.frombuffer(digests, dtype="<u8").reshape(len(nfcs), 2)


def normalise_words(words: Sequence[str]) -> list[str]:
    """Kiwi's morphemes as words: NFC, casefolded; those with no letter or digit (punctuation,
    symbols) dropped."""
    if not words:
        return []
    # one normalisation of all words at once: morphemes hold no NUL
    joined = unicodedata.normalize("NFC", "\0".join(words)).casefold()
    return [w for w in joined.split("\0") if w.isalnum() or _HAS_ALNUM.search(w)]


def text_words_joined(text: str, nfc: str | None = None) -> str:
    """The text's own words (``--dedup-words space``) joined by single spaces: after NFC and
    casefolding, every run of characters that are not letters or digits (whitespace,
    punctuation, symbols, "_") is one separator, as datatrove's text simplification turns
    punctuation into spaces before it splits at whitespace. One regex pass in C."""
    t = (unicodedata.normalize("NFC", text) if nfc is None else nfc).casefold()
    return _NOT_ALNUM.sub(" ", t).strip()


def text_words(text: str) -> list[str]:
    joined = text_words_joined(text)
    return joined.split(" ") if joined else []


@dataclass(frozen=True)
class Signer:
    mode: str  # "exact" or "minhash"
    words: str = "space"  # "space" or "kiwi"
    ngram: int = 5
    bands: int = 14
    rows: int = 8
    seed: int = 1

    @property
    def key(self) -> str:
        """What a signature depends on: a rerun with the same key reuses the signatures on disk
        (and ``--dedup-against`` accepts an earlier run's). Kiwi's words depend on its version."""
        d: dict[str, Any] = asdict(self)
        if self.mode == "exact":
            d = {"mode": "exact"}
        elif self.uses_kiwi:
            d["kiwi"] = kiwi_version()
        return config_hash({"v": SIGNATURE_VERSION, **d})

    @property
    def uses_kiwi(self) -> bool:
        return self.mode == "minhash" and self.words == "kiwi"

    @cached_property
    def dtype(self) -> np.dtype:
        """One signature record: the document, its exact hash, its shingle count, its band keys."""
        n = self.bands if self.mode == "minhash" else 0
        return np.dtype([("doc_index", "<i8"), ("exact", "<u8", (2,)), ("shingles", "<i4"), ("bands", "<u8", (n,))])

    @cached_property
    def _multipliers(self) -> np.ndarray:
        """The odd ``a`` of the ``bands * rows`` hash functions x -> a*x mod 2^64."""
        rng = np.random.Generator(np.random.PCG64(self.seed))
        return rng.integers(0, 2**64, size=self.bands * self.rows, dtype=np.uint64, endpoint=False) | np.uint64(1)

    @cached_property
    def _row_mix(self) -> np.ndarray:
        """One odd constant per row of a band (a band's minima are mixed in order)."""
        return splitmix64(np.arange(1, self.rows + 1, dtype=np.uint64) * _GOLDEN) | np.uint64(1)

    def split(self, text: str, kiwi_words: list[str] | None = None, kiwi: Any = None,
              nfc: str | None = None) -> list[str]:
        """The document's normalised words in this signer's unit (``kiwi_words`` when the filter
        already has them; else Kiwi is asked, or the text's runs of letters and digits). Kiwi
        words are those of the NFC text (``nfc`` when the caller has it)."""
        if self.words == "kiwi":
            if not unicodedata.is_normalized("NFC", text):
                # Kiwi reads decomposed Hangul as jamo, not syllables: the words of the filter's
                # analysis of such a text are not those of its NFC copy, so it is analysed again
                kiwi_words = analyse_words(unicodedata.normalize("NFC", text) if nfc is None else nfc, kiwi)
            elif kiwi_words is None:
                kiwi_words = analyse_words(text, kiwi)
            return normalise_words(kiwi_words)
        return text_words(text)

    def sign(self, doc_index: int, text: str, kiwi_words: list[str] | None = None, kiwi: Any = None) -> bytes:
        """One signature record (``dtype``) as bytes."""
        rec = np.zeros(1, dtype=self.dtype)
        rec["doc_index"] = doc_index
        nfc = unicodedata.normalize("NFC", text)
        rec["exact"][0] = exact_hash(text, nfc)
        if self.mode == "minhash":
            n, keys = self.band_keys(self.text_word_hashes(text, kiwi_words, kiwi, nfc))
            rec["shingles"] = n
            rec["bands"][0] = keys
        return rec.tobytes()

    def sign_exact(self, doc_index: int, text: str) -> bytes:
        """A record with the exact hash only (no shingles, no band keys), as for a document too short
        for one shingle: what a document gets that could not be signed for near-duplicates."""
        rec = np.zeros(1, dtype=self.dtype)
        rec["doc_index"] = doc_index
        rec["exact"][0] = exact_hash(text)
        return rec.tobytes()

    def sign_many(self, docs: Sequence[tuple[int, str]]) -> bytes:
        """``sign`` of each document (text words only), the same bytes, computed for all of them at
        once: their words are found and hashed in one pass over the documents joined, and the
        MinHash minima of many documents taken in one vector pass (per-call overhead, not
        arithmetic, is most of a short document's cost)."""
        if self.uses_kiwi:
            return b"".join(self.sign(d, t) for d, t in docs)
        recs = np.zeros(len(docs), dtype=self.dtype)
        recs["doc_index"] = [d for d, _ in docs]
        nfcs = [unicodedata.normalize("NFC", t) for _, t in docs]
        lo = 0
        while lo < len(nfcs):  # a pass at most WORD_PASS_CHARS long (or one longer document)
            hi, chars = lo + 1, len(nfcs[lo])
            while hi < len(nfcs) and chars + len(nfcs[hi]) <= WORD_PASS_CHARS:
                chars += len(nfcs[hi])
                hi += 1
            recs["exact"][lo:hi] = exact_hashes(nfcs[lo:hi])
            if self.mode == "minhash":
                shingles, first = self._block_shingles([t.casefold() for t in nfcs[lo:hi]])
                recs["shingles"][lo:hi] = np.diff(first)
                self._block_bands(recs[lo:hi], shingles, first)
            lo = hi
        return recs.tobytes()

    def _block_shingles(self, folded: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The shingle hashes of several documents (NFC, casefolded), in order, and where each
        document's begin (``first[i]:first[i + 1]`` are document i's). The documents are joined by
        a NUL, which is no letter or digit: no word spans two documents, and the shingles that
        would are dropped."""
        cps, starts, ends = word_spans("\0".join(folded))
        bounds = np.cumsum([len(f) + 1 for f in folded])  # code point just past each document's NUL
        word_doc = np.searchsorted(bounds, starts, side="right")
        shingles = self.shingle_hashes(span_hashes(cps, starts, ends, self.seed))
        if len(shingles):
            keep = word_doc[:len(shingles)] == word_doc[self.ngram - 1:]
            shingles, shingle_doc = shingles[keep], word_doc[:len(keep)][keep]
        else:
            shingle_doc = np.zeros(0, dtype=np.int64)
        first = np.zeros(len(folded) + 1, dtype=np.int64)
        np.cumsum(np.bincount(shingle_doc, minlength=len(folded)), out=first[1:])
        return shingles, first

    def _block_bands(self, recs: np.ndarray, shingles: np.ndarray, first: np.ndarray) -> None:
        """Every document's band keys: the minima of consecutive documents with SHINGLE_BLOCK
        shingles or fewer taken together in one vector pass, a longer one's block by block; then
        the keys of all of them at once (per group, their dozen small array operations were a
        third of the minima's time)."""
        counts = np.diff(first)
        minima = np.empty((len(counts), self.bands * self.rows), dtype=np.uint64)
        group: list[int] = []
        size = 0
        for i, n in enumerate(counts.tolist()):
            if n > SHINGLE_BLOCK:
                minima[i] = self._minima(shingles[first[i]:first[i + 1]])
            if group and (n > SHINGLE_BLOCK or size + n > SHINGLE_BLOCK):  # a group's shingles are contiguous
                self._group_minima(minima, shingles, first, group)
                group, size = [], 0
            if 0 < n <= SHINGLE_BLOCK:
                group.append(i)
                size += n
        if group:
            self._group_minima(minima, shingles, first, group)
        signed = counts > 0
        if signed.any():
            recs["bands"][signed] = self._keys(minima[signed])

    def _group_minima(self, minima: np.ndarray, shingles: np.ndarray, first: np.ndarray, group: list[int]) -> None:
        """The minima of the consecutive documents ``group``, whose shingles are contiguous."""
        a = self._multipliers
        lo, hi = first[group[0]], first[group[-1] + 1]
        # functions x shingles, not the transpose: each function's row is one contiguous run that
        # the multiply and the minima stream through (a third less time than by shingle)
        t = a[:, None] * shingles[None, lo:hi]
        minima[group] = np.minimum.reduceat(t, first[group] - lo, axis=1).T

    def _minima(self, shingles: np.ndarray) -> np.ndarray:
        a = self._multipliers
        mins = np.full(len(a), np.iinfo(np.uint64).max, dtype=np.uint64)
        buf = np.empty((len(a), min(len(shingles), SHINGLE_BLOCK)), dtype=np.uint64)
        for lo in range(0, len(shingles), SHINGLE_BLOCK):
            block = shingles[None, lo:lo + SHINGLE_BLOCK]
            t = buf[:, :block.shape[1]]  # functions x shingles, as in _band_group
            np.multiply(a[:, None], block, out=t)  # in place: no temporary the size of the block
            np.minimum(mins, t.min(axis=1), out=mins)
        return mins

    def _keys(self, minima: np.ndarray) -> np.ndarray:
        """Band keys of documents' minima (docs x bands*rows): each minimum mixed with its row's
        constant, a band's summed and mixed again."""
        per_band = minima.reshape(len(minima), self.bands, self.rows)
        return splitmix64(splitmix64(per_band * self._row_mix).sum(axis=2, dtype=np.uint64))

    def word_hashes(self, words: list[str]) -> np.ndarray:
        """One 64-bit hash per word (see :func:`segment_hashes`)."""
        if not words:
            return np.zeros(0, dtype=np.uint64)
        return segment_hashes("\0".join(words), "\0", self.seed)

    def text_word_hashes(self, text: str, kiwi_words: list[str] | None = None, kiwi: Any = None,
                         nfc: str | None = None) -> np.ndarray:
        """``word_hashes(split(text))`` without a Python object per word on the ``space`` path."""
        if self.words == "kiwi":
            return self.word_hashes(self.split(text, kiwi_words, kiwi, nfc))
        cps, starts, ends = word_spans((unicodedata.normalize("NFC", text) if nfc is None else nfc).casefold())
        return span_hashes(cps, starts, ends, self.seed)

    def shingle_hashes(self, words: list[str] | np.ndarray) -> np.ndarray:
        """One 64-bit hash per run of ``ngram`` consecutive words (in order); ``words`` may be
        their word hashes already."""
        n = len(words) - self.ngram + 1
        if n <= 0:
            return np.zeros(0, dtype=np.uint64)
        wh = words if isinstance(words, np.ndarray) else self.word_hashes(words)
        # position j of the shingle weighs its word by its own odd constant (order matters), then
        # one splitmix64 mixes the sum
        h = np.zeros(n, dtype=np.uint64)
        for j in range(self.ngram):
            h += wh[j:j + n] * _POSITION[j % len(_POSITION)] + np.uint64(j)
        return splitmix64(h)

    def band_keys(self, words: list[str] | np.ndarray) -> tuple[int, np.ndarray]:
        """(shingles, one key per band); no shingle: (0, zeros). ``shingles`` counts positions: a
        repeated shingle changes no minimum, so the hashes are not made unique first."""
        shingles = self.shingle_hashes(words)
        keys = np.zeros(self.bands, dtype=np.uint64)
        if not len(shingles):
            return 0, keys
        return len(shingles), self._keys(self._minima(shingles)[None, :])[0]

    def records(self, data: bytes) -> np.ndarray:
        return np.frombuffer(data, dtype=self.dtype)
