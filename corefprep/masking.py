"""Entity-mlm rows: windows of a document's tokenization with the mention masked (SPEC 2.5).

Each document is encoded once, split at every mention boundary of its repeated entities, so each
mention is a whole number of subword tokens: masking it replaces exactly its tokens, and decoding
the labelled positions gives the entity back. Every sample of the document is then a window of
that one encoding, which is much cheaper than encoding each sample's text separately.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Any

import numpy as np

from .columns import id_types, list_array
from .tokenize import TokenizeConfig


@lru_cache(maxsize=8)  # encode_docs asks for it once per map batch
def _features(cfg: TokenizeConfig, vocab_size: int = 1 << 31) -> Any:
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
    return Features(f)


def encode_docs(batch: dict[str, list[Any]], backend: Any, ids: dict[str, int], cfg: TokenizeConfig,
                vocab_size: int = 1 << 31) -> Any:
    """Batched map function: document rows in, one row per sample out (as a pyarrow Table, built
    from numpy arrays: no per-token Python objects)."""
    import pyarrow as pa

    seg_lists: list[list[str]] = []
    bounds_list: list[list[int]] = []
    for text, cuts in zip(batch["text"], batch["cuts"], strict=True):
        bounds = sorted({0, len(text), *cuts})
        bounds_list.append(bounds)
        seg_lists.append([text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)])
    encodings = backend.encode_batch(seg_lists, is_pretokenized=True, add_special_tokens=False)

    features = _features(cfg, vocab_size)
    ids_np, labels_np = (np.dtype(t) for t in id_types(vocab_size))
    budget = cfg.seq_len - 2  # [CLS] ... [SEP]
    cls_id, sep_id, mask_id, pad_id = ids["cls"], ids["sep"], ids["mask"], ids["pad"]
    inputs: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    cols: dict[str, list[Any]] = {k: [] for k in ("length", "target", "antecedent_pos", "coref_pos", "distance",
                                                   "doc_id", "doc_index", "source", "antecedent_span",
                                                   "mention_span")}
    for row, enc, bounds in zip(range(len(seg_lists)), encodings, bounds_list, strict=True):
        tok_ids = np.asarray(enc.ids, dtype=np.int64)
        n_tok = len(tok_ids)
        # token range of every segment
        seg_first: dict[int, int] = {}
        seg_last: dict[int, int] = {}
        for t, w in enumerate(enc.word_ids):
            if w is None:
                continue
            seg_first.setdefault(w, t)
            seg_last[w] = t + 1
        for s in batch["samples"][row]:
            a = _span(bounds, seg_first, seg_last, s["antecedent_start"], s["antecedent_end"])
            m = _span(bounds, seg_first, seg_last, s["mention_start"], s["mention_end"])
            if a is None or m is None:
                continue  # a mention made no tokens (only whitespace/control chars)
            single = cfg.mask_style == "single"
            # "single" collapses the mention to one mask token: positions after it shift left
            shrink = (m[1] - m[0] - 1) if single else 0
            body_len = n_tok - shrink
            lo_tok, hi_tok = a[0], (m[0] + 1 if single else m[1])
            if hi_tok - lo_tok > budget:
                continue  # antecedent and mention cannot share one window of seq_len
            # Centre the antecedent..mention stretch in the window, clamped to the document.
            start = lo_tok - (budget - (hi_tok - lo_tok)) // 2
            start = max(0, min(start, body_len - budget))
            stop = min(body_len, start + budget)
            if single:
                body = np.concatenate([tok_ids[: m[0]], [mask_id], tok_ids[m[1] :]])[start:stop]
                ms, me = m[0] - start + 1, m[0] - start + 2
                label_ids: Any = tok_ids[m[0]]
            else:
                body = tok_ids[start:stop].copy()
                ms, me = m[0] - start + 1, m[1] - start + 1
                label_ids = tok_ids[m[0] : m[1]]
                body[ms - 1 : me - 1] = mask_id
            n = len(body) + 2
            total = cfg.seq_len if cfg.pad_to_max_length else n
            inp = np.full(total, pad_id, dtype=ids_np)
            inp[0], inp[1 : n - 1], inp[n - 1] = cls_id, body, sep_id
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
            cols["antecedent_span"].append([a[0] - start + 1, a[1] - start + 1])
            cols["mention_span"].append([ms, me])
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


def _span(bounds: list[int], first: dict[int, int], last: dict[int, int], s: int, e: int) -> tuple[int, int] | None:
    i = bisect_right(bounds, s) - 1  # segment that starts at s
    j = bisect_right(bounds, e - 1) - 1  # segment that holds the last char
    if bounds[i] != s or bounds[j + 1] != e:
        return None
    segs = [w for w in range(i, j + 1) if w in first]
    if not segs:
        return None
    return first[segs[0]], last[segs[-1]]
