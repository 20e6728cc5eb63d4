"""Entity-mlm rows: windows of the tokenizer's own encoding of a document, mention masked (SPEC 2.5).

A document is encoded once, whole and exactly as the tokenizer encodes it (``tokenizer(text)``
without its special tokens), with character offsets. The antecedent's and the mention's character
spans (code-point offsets into the text as read) are mapped onto tokens through those offsets, so
a row is ``prefix + window + suffix``: the prefix and suffix are the special tokens the
tokenizer's own post-processor adds (``[CLS]``/``[SEP]``, ``<s>``/``</s>``, a lone BOS, or
nothing), and the window is a contiguous stretch of the document's tokens.

Alignment. A token *overlaps* a span when its content (its offsets minus the whitespace a token
carries: byte-level ``Ġ``, Metaspace ``▁``, offsets that include a leading space) shares a
character with it. A span is *aligned* when every token between the first and the last overlapping
one lies inside it. A subword tokenizer may merge a particle into the entity's last token
(``해밋이`` as one piece) or a preceding character into its first: that span is unaligned, and
masking "the mention" would mask more or less than the mention. The policy (``--unaligned``):

- ``widen`` (default): the whole overlapping tokens are masked (the label then covers a little
  more text, typically the particle that shares the entity's last token). The samples are those of
  today's script: with a WordPiece vocabulary a quarter or more of all mentions end inside a
  token (29% on the bench corpus), and dropping them would cost that much data;
- ``drop``: the sample is dropped, so every row masks exactly its mention.

A span that makes no token of its own (only characters the normaliser removes) is always dropped.
The same pure function (:func:`place_sample`) decides each sample's fate in the samples stage (so
the per-entity cap counts only samples that become rows) and builds the rows here.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from enum import IntEnum
from functools import lru_cache
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from ..core.errors import CorefprepError
from ..tokenizer.config import TokenizeConfig
from ..tokenizer.ids import id_types, list_array

UNALIGNED_POLICIES = ("drop", "widen")


class Fate(IntEnum):
    """What becomes of one sample (stored per candidate by the samples stage, hence small ints)."""

    FIT = 0  # a row, masking exactly the mention
    WIDENED = 1  # a row; a boundary fell inside a token and the whole tokens are used (--unaligned widen)
    UNALIGNED = 2  # dropped: a boundary falls inside a token (--unaligned drop), or the span has no token
    TOO_FAR = 3  # dropped: antecedent and mention cannot share one window

    @property
    def is_row(self) -> bool:
        return self <= Fate.WIDENED


class SpecialTokens(NamedTuple):
    """The ids the tokenizer's post-processor puts before and after a single sequence."""

    prefix: tuple[int, ...]
    suffix: tuple[int, ...]


class WindowRule(NamedTuple):
    """What decides a sample's fate besides the document's tokens."""

    budget: int  # document tokens per row: seq_len minus the special tokens
    single: bool  # --mask-style single: the mention becomes one mask token
    widen: bool  # --unaligned widen


class DocTokens(NamedTuple):
    """One document's encoding: ids and each token's content span in characters."""

    ids: np.ndarray  # int64
    starts: np.ndarray  # first character of the token's content
    ends: np.ndarray  # one past its last character
    content: np.ndarray  # bool: the token covers at least one non-whitespace character
    # when starts and ends never decrease (every tokenizer we know), the same as lists, so that a
    # span's tokens are found by bisection; None otherwise
    ordered: tuple[list[int], list[int], list[bool]] | None


class Placement(NamedTuple):
    """A sample that becomes a row: token ranges in the document's encoding and the window."""

    antecedent: tuple[int, int]
    mention: tuple[int, int]
    start: int  # window [start, stop) over the document's tokens (after a single-mask collapse)
    stop: int
    fate: Fate


# --- the tokenizer as the rows see it ------------------------------------------------------------


def plain_backend(backend: Any) -> Any:
    """A copy of a `tokenizers.Tokenizer` that never truncates or pads: a tokenizer.json may carry
    a truncation setting (e.g. 512) that would cut documents short."""
    from tokenizers import Tokenizer

    if backend.truncation is None and backend.padding is None:
        return backend
    plain = Tokenizer.from_str(backend.to_str())
    plain.no_truncation()
    plain.no_padding()
    return plain


def special_tokens(backend: Any) -> SpecialTokens:
    """The prefix and suffix ids the tokenizer's own post-processor adds to a single sequence,
    found by encoding a short text with and without special tokens (nothing is hard-coded)."""
    probe = "a 1"
    bare = backend.encode(probe, add_special_tokens=False).ids
    full = backend.encode(probe, add_special_tokens=True).ids
    for i in range(len(full) - len(bare) + 1):
        if full[i : i + len(bare)] == bare:
            return SpecialTokens(tuple(full[:i]), tuple(full[i + len(bare) :]))
    raise CorefprepError(
        "cannot tell which special tokens the tokenizer adds: its encoding of a text with special tokens does "
        "not contain its encoding without them; entity-mlm needs a tokenizer that only adds tokens around a text"
    )


def window_rule(cfg: TokenizeConfig, specials: SpecialTokens) -> WindowRule:
    if cfg.unaligned not in UNALIGNED_POLICIES:
        raise CorefprepError(f"unknown --unaligned policy {cfg.unaligned!r}; use drop or widen")
    budget = cfg.seq_len - len(specials.prefix) - len(specials.suffix)
    return WindowRule(budget, cfg.mask_style == "single", cfg.unaligned == "widen")


# --- characters to tokens ------------------------------------------------------------------------

# Whether a code point counts as whitespace (str.isspace; none lies above U+3000): a token's
# leading/trailing whitespace is not content. Index min(code, _SPACE_LIMIT) into this table.
_SPACE_LIMIT = 0x3001
_IS_SPACE = np.array([chr(c).isspace() for c in range(_SPACE_LIMIT)] + [False], dtype=bool)


def doc_tokens(text: str, ids: list[int], offsets: list[tuple[int, int]]) -> DocTokens:
    """Content spans of a document's tokens: offsets trimmed of the whitespace they carry."""
    n = len(text)
    ids_a = np.asarray(ids, dtype=np.int64)
    # fromiter over the flattened pairs: twice as fast as np.asarray on a list of tuples
    off = np.fromiter(chain.from_iterable(offsets), dtype=np.int64, count=2 * len(offsets)).reshape(-1, 2)
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    space = _IS_SPACE[np.minimum(codes, _SPACE_LIMIT)]
    pos = np.arange(n, dtype=np.int64)
    # next_content[i]: first non-space character at or after i (n if none)
    next_content = np.empty(n + 1, dtype=np.int64)
    next_content[n] = n
    if n:
        next_content[:n] = np.minimum.accumulate(np.where(space, n, pos)[::-1])[::-1]
    # content_end[e]: one past the last non-space character before e (0 if none)
    content_end = np.zeros(n + 1, dtype=np.int64)
    if n:
        content_end[1:] = np.maximum.accumulate(np.where(space, 0, pos + 1))
    s = np.clip(off[:, 0], 0, n)
    e = np.clip(off[:, 1], 0, n)
    starts = next_content[s]
    ends = content_end[e]
    content = starts < ends
    # tokens without content sit at their raw start, so that the columns stay ordered
    starts = np.where(content, starts, s)
    ends = np.where(content, ends, s)
    ordered = None
    if np.all(starts[1:] >= starts[:-1]) and np.all(ends[1:] >= ends[:-1]):
        ordered = (starts.tolist(), ends.tolist(), content.tolist())
    return DocTokens(ids_a, starts, ends, content, ordered)


def token_span(doc: DocTokens, start: int, end: int) -> tuple[int, int, bool] | None:
    """Tokens [i, j) from the first to the last one whose content overlaps characters [start, end),
    and whether the span is aligned (every token with content in [i, j) lies inside it); None when
    no token overlaps."""
    if doc.ordered is not None:
        starts, ends, content = doc.ordered
        # tokens [i, j) end after start and start before end; in order, the ones strictly between
        # the first and the last with content lie inside whenever those two do
        i, j = bisect_right(ends, start), bisect_left(starts, end)
        while i < j and not content[i]:
            i += 1
        while j > i and not content[j - 1]:
            j -= 1
        if i == j:
            return None
        return i, j, starts[i] >= start and ends[j - 1] <= end
    hit = doc.content & (doc.starts < end) & (doc.ends > start)
    idx = np.flatnonzero(hit)
    if not len(idx):
        return None
    i, j = int(idx[0]), int(idx[-1]) + 1
    inside = (doc.starts[i:j] >= start) & (doc.ends[i:j] <= end)
    aligned = bool(np.all(inside | ~doc.content[i:j]))
    return i, j, aligned


def place_sample(doc: DocTokens, antecedent: tuple[int, int], mention: tuple[int, int],
                 rule: WindowRule) -> Placement | Fate:
    """The row a sample becomes (its token spans and window), or why it is dropped.

    Pure: the samples stage and the tokenize stage call it on the same encoding and agree."""
    a = token_span(doc, *antecedent)
    m = token_span(doc, *mention)
    if a is None or m is None or a[1] > m[0]:  # no token, or one token holds both spans
        return Fate.UNALIGNED
    fate = Fate.FIT
    if not (a[2] and m[2]):
        if not rule.widen:
            return Fate.UNALIGNED
        fate = Fate.WIDENED
    n_tok = len(doc.ids)
    # "single" collapses the mention to one mask token: positions after it shift left
    body_len = n_tok - (m[1] - m[0] - 1) if rule.single else n_tok
    lo, hi = a[0], (m[0] + 1 if rule.single else m[1])
    if hi - lo > rule.budget:
        return Fate.TOO_FAR
    # Centre the antecedent..mention stretch in the window, clamped to the document.
    start = lo - (rule.budget - (hi - lo)) // 2
    start = max(0, min(start, body_len - rule.budget))
    stop = min(body_len, start + rule.budget)
    return Placement((a[0], a[1]), (m[0], m[1]), start, stop, fate)


def sample_fates(texts: list[str], spans: list[list[tuple[int, int, int, int]]], backend: Any,
                 rule: WindowRule) -> list[list[Fate]]:
    """Fate of every (antecedent start, end, mention start, end) of every document; documents
    without spans are not encoded. ``backend`` is a :func:`plain_backend`."""
    todo = [i for i, s in enumerate(spans) if s]
    out: list[list[Fate]] = [[] for _ in texts]
    if not todo:
        return out
    encodings = backend.encode_batch([texts[i] for i in todo], add_special_tokens=False)
    for i, enc in zip(todo, encodings, strict=True):
        doc = doc_tokens(texts[i], enc.ids, enc.offsets)
        for a_s, a_e, m_s, m_e in spans[i]:
            p = place_sample(doc, (a_s, a_e), (m_s, m_e), rule)
            out[i].append(p.fate if isinstance(p, Placement) else p)
    return out


# --- rows ----------------------------------------------------------------------------------------


@lru_cache(maxsize=8)  # encode_docs asks for it once per map batch
def row_features(cfg: TokenizeConfig, vocab_size: int = 1 << 31, dup_count: bool = False) -> Any:
    """The rows' columns; ``dup_count`` (how many copies the row's document had) when the run
    deduplicated."""
    from datasets import Features, Sequence, Value

    ids_t, labels_t = id_types(vocab_size)
    f = {
        "input_ids": Sequence(Value(ids_t)),
        "labels": Sequence(Value(labels_t)),
        "length": Value("int32"),
        "target": Value("string"),
        "antecedent_pos": Value("int32"),
        "coref_pos": Value("int32"),
        "distance": Value("int32"),
        "doc_id": Value("string"),
        "doc_index": Value("int64"),
        "source": Value("string"),
        "antecedent_span": Sequence(Value("int32"), length=2),
        "mention_span": Sequence(Value("int32"), length=2),
    }
    if cfg.pad_to_max_length:
        f["attention_mask"] = Sequence(Value("int8"))
    if dup_count:
        f["dup_count"] = Value("int32")
    return Features(f)


def encode_docs(batch: dict[str, list[Any]], backend: Any, specials: SpecialTokens, mask_id: int, pad_id: int,
                cfg: TokenizeConfig, vocab_size: int = 1 << 31) -> Any:
    """Batched map function: document rows in (``text`` and its ``samples``), one row per sample
    out, as a pyarrow Table built from numpy arrays (no per-token Python objects). ``backend`` is
    a :func:`plain_backend`. Samples that are not rows (see :func:`place_sample`) are skipped; the
    samples stage has already left them out, so normally every sample becomes a row."""
    import pyarrow as pa

    rule = window_rule(cfg, specials)
    encodings = backend.encode_batch(batch["text"], add_special_tokens=False)
    with_dups = "dup_count" in batch
    features = row_features(cfg, vocab_size, with_dups)
    ids_np, labels_np = (np.dtype(t) for t in id_types(vocab_size))
    prefix = np.asarray(specials.prefix, dtype=ids_np)
    suffix = np.asarray(specials.suffix, dtype=ids_np)
    off = len(prefix)  # token index in the row of the window's first token
    inputs: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    cols: dict[str, list[Any]] = {k: [] for k in ("length", "target", "antecedent_pos", "coref_pos", "distance",
                                                   "doc_id", "doc_index", "source", "antecedent_span",
                                                   "mention_span", *(("dup_count",) if with_dups else ()))}
    for row, (text, enc) in enumerate(zip(batch["text"], encodings, strict=True)):
        doc = doc_tokens(text, enc.ids, enc.offsets)
        tok_ids = doc.ids
        for s in batch["samples"][row]:
            p = place_sample(doc, (s["antecedent_start"], s["antecedent_end"]),
                             (s["mention_start"], s["mention_end"]), rule)
            if not isinstance(p, Placement):
                continue
            (m0, m1), start, stop = p.mention, p.start, p.stop
            if rule.single:
                body = np.concatenate([tok_ids[:m0], [mask_id], tok_ids[m1:]])[start:stop]
                ms, me = m0 - start + off, m0 - start + off + 1
                label_ids: Any = tok_ids[m0]
            else:
                body = tok_ids[start:stop].copy()
                ms, me = m0 - start + off, m1 - start + off
                label_ids = tok_ids[m0:m1]
                body[m0 - start : m1 - start] = mask_id
            n = len(prefix) + len(body) + len(suffix)
            total = cfg.seq_len if cfg.pad_to_max_length else n
            inp = np.full(total, pad_id, dtype=ids_np)
            inp[:off] = prefix
            inp[off : off + len(body)] = body
            inp[off + len(body) : n] = suffix
            lab = np.full(total, -100, dtype=labels_np)
            lab[ms:me] = label_ids
            inputs.append(inp)
            labels.append(lab)
            if cfg.pad_to_max_length:
                am = np.zeros(total, dtype=np.int8)
                am[:n] = 1
                masks.append(am)
            cols["length"].append(n)
            cols["target"].append(s["target"])
            cols["antecedent_pos"].append(s["antecedent_start"])
            cols["coref_pos"].append(s["mention_start"])
            cols["distance"].append(s["mention_start"] - s["antecedent_start"])
            cols["doc_id"].append(batch["doc_id"][row])
            cols["doc_index"].append(batch["doc_index"][row])
            cols["source"].append(batch["source"][row])
            cols["antecedent_span"].append([p.antecedent[0] - start + off, p.antecedent[1] - start + off])
            cols["mention_span"].append([ms, me])
            if with_dups:
                cols["dup_count"].append(batch["dup_count"][row])
    schema = features.arrow_schema
    arrays: dict[str, Any] = {
        "input_ids": list_array(inputs, schema.field("input_ids").type),
        "labels": list_array(labels, schema.field("labels").type),
    }
    for k, v in cols.items():
        arrays[k] = pa.array(v, type=schema.field(k).type)
    if cfg.pad_to_max_length:
        arrays["attention_mask"] = list_array(masks, schema.field("attention_mask").type)
    return pa.table([arrays[f.name] for f in schema], schema=schema)
