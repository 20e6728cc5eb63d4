"""A kept document's personal data and dedup signatures, made where it is decided (SPEC 2.3b).

The signature is always of the text as the batch writes it: with ``--pii redact`` the redacted
text, so copies that differ only in a phone number are the same document to dedup. A document
holding personal data is also signed as the other choice would write it (``other``): re-deciding
a batch under another ``--pii`` then takes its signature from there instead of analysing the
document again. So with a signer, personal data is looked for even under ``--pii off`` (it is
neither counted nor touched).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..pii import find_pii
from ..pii.kept import other_text, spans_for, written_text
from ..pii.spans import PiiSpan
from ..rules.words import surface_words
from ..signatures.minhash import Signer


class KeptSigned(NamedTuple):
    pii: tuple[PiiSpan, ...]
    signature: bytes | None
    other_signature: bytes | None


def sign_kept(mode: str, signer: Signer | None, doc_index: int, text: str, kiwi_words: list[str] | None,
              kiwi_tokens: Any, kiwi: Any) -> KeptSigned:
    """The spans of a kept document and its signatures, from the words of the decision's Kiwi
    analysis when it made them. A redaction keeps every character's place and class (digits stay
    digits, letters letters), so the redacted text's words are read off the same ``kiwi_tokens``,
    not analysed again."""
    if signer is None:
        return KeptSigned(spans_for(mode, text), None, None)
    spans = tuple(find_pii(text))
    plain = signer.sign(doc_index, text, kiwi_words, kiwi)
    if not spans:
        return KeptSigned((), plain, None)
    masked = written_text("redact", text, spans)
    masked_words = None if kiwi_words is None or kiwi_tokens is None else surface_words(masked, kiwi_tokens)
    redacted = signer.sign(doc_index, masked, masked_words, kiwi)
    shown = () if mode == "off" else spans
    return KeptSigned(shown, redacted, plain) if mode == "redact" else KeptSigned(shown, plain, redacted)


def resigned(mode: str, signer: Signer, doc_index: int, text: str, spans: tuple[PiiSpan, ...]) -> KeptSigned:
    """Re-deciding without a worker, with a signer that needs no Kiwi: both signatures made here."""
    written = signer.sign(doc_index, written_text(mode, text, spans))
    other = signer.sign(doc_index, other_text(mode, text, spans)) if spans else None
    return KeptSigned(() if mode == "off" else spans, written, other)
