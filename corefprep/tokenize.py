"""Tokenize sample chunks into trainer-ready rows (SPEC 2.5).

Each document is encoded once, split at every mention boundary of its repeated entities, so each
mention is a whole number of subword tokens: masking it replaces exactly its tokens, and decoding
the labelled positions gives the entity back. Every sample of the document is then a window of
that one encoding, which is much cheaper than encoding each sample's text separately.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from bisect import bisect_right
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .errors import CorefprepError

BUNDLED_TOKENIZER = Path(__file__).parent / "data" / "tokenizer"
MIN_ROWS_PER_PROC = 2000


@dataclass(frozen=True)
class TokenizeConfig:
    model: str = str(BUNDLED_TOKENIZER)
    seq_len: int = 2048
    objective: str = "entity-mlm"  # or "clm"
    mask_style: str = "all"  # "all": every subword of the mention masked; "single": one mask token
    pad_to_max_length: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


SPECIAL_KEYS = ("cls_token", "sep_token", "mask_token", "pad_token", "eos_token", "bos_token", "unk_token")


class LocalFastTokenizer:
    """A tokenizer directory with a tokenizer.json, loaded with the `tokenizers` library alone.

    Importing transformers (which in turn imports torch when present) costs several seconds per
    process; a local fast tokenizer needs only its tokenizer.json and the special-token names.
    Exposes the part of the transformers fast-tokenizer interface corefprep uses.
    """

    is_fast = True

    def __init__(self, path: Path):
        from tokenizers import Tokenizer

        self.name_or_path = str(path)
        self.backend_tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        specials: dict[str, Any] = {}
        for name in ("special_tokens_map.json", "tokenizer_config.json"):
            f = path / name
            if f.exists():
                try:
                    cfg = json.loads(f.read_text(encoding="utf-8"))
                except (OSError, ValueError) as exc:
                    raise CorefprepError(f"{f} is not readable JSON ({exc})") from None
                for key in SPECIAL_KEYS:
                    if key in cfg and key not in specials:
                        v = cfg[key]
                        specials[key] = v.get("content") if isinstance(v, dict) else v
        for key in SPECIAL_KEYS:
            token = specials.get(key)
            setattr(self, key, token)
            setattr(self, f"{key}_id", self.backend_tokenizer.token_to_id(token) if token else None)

    def __len__(self) -> int:
        return int(self.backend_tokenizer.get_vocab_size(with_added_tokens=True))

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return str(self.backend_tokenizer.decode(ids, skip_special_tokens=skip_special_tokens))


def load_fast_tokenizer(model: str) -> Any:
    """A fast tokenizer from a local directory or a hub name; slow ones are refused.

    A local directory with a tokenizer.json loads with `tokenizers` directly; anything else goes
    through transformers' AutoTokenizer (hub download, conversion of slow vocabularies)."""
    local = Path(model).expanduser()
    if (local / "tokenizer.json").is_file():
        tok: Any = LocalFastTokenizer(local)
    else:
        tok = _load_with_transformers(model, local)
    if tok.mask_token_id is None:
        raise CorefprepError(f"tokenizer {model!r} has no mask token, which entity-mlm needs")
    return tok


def _load_with_transformers(model: str, local: Path) -> Any:
    from transformers import AutoTokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(local) if local.exists() else model, use_fast=True)
    except Exception as exc:
        hint = (
            "it is not a local directory and could not be fetched from the hub (no network?); "
            "download it elsewhere and pass its local directory with --model"
            if not local.exists()
            else f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        )
        raise CorefprepError(f"cannot load tokenizer {model!r}: {hint}") from None
    if not getattr(tok, "is_fast", False):
        raise CorefprepError(
            f"tokenizer {model!r} is a slow (Python) tokenizer; corefprep needs a fast (Rust) one "
            "with a tokenizer.json — convert it with transformers and save it again"
        )
    return tok


def tokenizer_info(tok: Any, model: str) -> dict[str, Any]:
    backend_json = tok.backend_tokenizer.to_str()
    return {
        "name_or_path": model,
        "class": type(tok).__name__,
        "mask_token": tok.mask_token,
        "vocab_size": len(tok),
        "mask_token_id": tok.mask_token_id,
        "pad_token_id": tok.pad_token_id,
        "cls_token_id": tok.cls_token_id,
        "sep_token_id": tok.sep_token_id,
        "eos_token_id": tok.eos_token_id,
        "sha256": hashlib.sha256(backend_json.encode()).hexdigest()[:16],
    }


_USER_PARALLELISM = os.environ.get("TOKENIZERS_PARALLELISM")


def manage_tokenizers_parallelism(num_proc: int) -> None:
    """Rust threads inside each of several map processes would oversubscribe the cores: let Rust
    parallelise only when a chunk is tokenized in a single process, unless the user set it."""
    if _USER_PARALLELISM is None:
        os.environ["TOKENIZERS_PARALLELISM"] = "true" if num_proc <= 1 else "false"


def id_types(vocab_size: int) -> tuple[str, str]:
    """Smallest integer types for token ids and labels (labels also hold -100). A small vocabulary
    (the bundled tokenizer has 8,000) halves the dataset on disk; 130k-vocab models keep int32."""
    ids = "uint16" if vocab_size <= 0xFFFF else "int32"
    labels = "int16" if vocab_size <= 0x7FFF else "int32"
    return ids, labels


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
        "input_ids": _list_array(inputs, schema.field("input_ids").type),
        "labels": _list_array(labels, schema.field("labels").type),
    }
    for k, v in cols.items():
        arrays[k] = pa.array(v, type=schema.field(k).type)
    if cfg.pad_to_max_length:
        arrays["attention_mask"] = _list_array(masks, schema.field("attention_mask").type)
    return pa.table([arrays[f.name] for f in schema], schema=schema)


def _list_array(parts: list[np.ndarray], list_type: Any) -> Any:
    import pyarrow as pa

    offsets = np.zeros(len(parts) + 1, dtype=np.int32)
    if parts:
        np.cumsum([len(p) for p in parts], out=offsets[1:])
    values = np.concatenate(parts) if parts else np.zeros(0, dtype=list_type.value_type.to_pandas_dtype())
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=list_type.value_type))


def _span(bounds: list[int], first: dict[int, int], last: dict[int, int], s: int, e: int) -> tuple[int, int] | None:
    i = bisect_right(bounds, s) - 1  # segment that starts at s
    j = bisect_right(bounds, e - 1) - 1  # segment that holds the last char
    if bounds[i] != s or bounds[j + 1] != e:
        return None
    segs = [w for w in range(i, j + 1) if w in first]
    if not segs:
        return None
    return first[segs[0]], last[segs[-1]]


def _clm_features() -> Any:
    from datasets import Features, Sequence, Value

    return Features({"input_ids": Sequence(Value("int32")), "labels": Sequence(Value("int32")),
                     "length": Value("int32")})


def pack_clm(batch: dict[str, list[Any]], backend: Any, eos_id: int, seq_len: int) -> dict[str, list]:
    """Batched map function for ``clm``: documents joined with EOS, cut into seq_len blocks.

    As in the usual causal-LM recipe, the tail of each map batch shorter than seq_len is dropped
    (a larger --map-batch-size loses less)."""
    stream: list[int] = []
    for enc in backend.encode_batch(batch["text"], add_special_tokens=False):
        stream.extend(enc.ids)
        stream.append(eos_id)
    blocks = [stream[i : i + seq_len] for i in range(0, len(stream) - seq_len + 1, seq_len)]
    return {"input_ids": blocks, "labels": blocks, "length": [seq_len] * len(blocks)}


def clm_eos_id(tok: Any) -> int:
    """EOS for joining documents; BERT-style tokenizers have none, so [SEP] plays that part."""
    eos = tok.eos_token_id if tok.eos_token_id is not None else tok.sep_token_id
    if eos is None:
        raise CorefprepError("the tokenizer has neither an EOS nor a SEP token to join documents for clm")
    return int(eos)


def tokenize_chunk(
    chunk_arrow: Path,
    out_dir: Path,
    tok: Any,
    cfg: TokenizeConfig,
    *,
    num_proc: int,
    batch_size: int,
    writer_batch_size: int,
) -> int:
    """Tokenize one samples chunk and save it with save_to_disk (tmp dir + rename). Returns rows."""
    from datasets import Dataset, disable_progress_bars

    disable_progress_bars()  # corefprep draws its own bars
    backend = tok.backend_tokenizer
    backend.encode("워밍업 warm-up")  # first call builds caches; keep it out of the map workers' timing
    if cfg.objective == "clm":
        fn: Any = pack_clm
        kwargs: dict[str, Any] = {"backend": backend, "eos_id": clm_eos_id(tok), "seq_len": cfg.seq_len}
        features = _clm_features()
    else:
        ids = {"cls": tok.cls_token_id, "sep": tok.sep_token_id, "mask": tok.mask_token_id,
               "pad": tok.pad_token_id if tok.pad_token_id is not None else 0}
        if ids["cls"] is None or ids["sep"] is None:
            raise CorefprepError("the tokenizer has no CLS/SEP tokens; entity-mlm needs BERT-style specials")
        vocab = len(tok)
        fn, kwargs = encode_docs, {"backend": backend, "ids": ids, "cfg": cfg, "vocab_size": vocab}
        features = _features(cfg, vocab)
    tmp = out_dir.with_name(f".{out_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        if chunk_arrow.suffix == ".parquet":  # clm reads a filter batch directly
            import pyarrow.parquet as pq

            src = Dataset(pq.read_table(chunk_arrow, columns=["text"]))
        else:
            src = Dataset.from_file(str(chunk_arrow))
        procs = num_proc if num_proc > 1 and len(src) >= MIN_ROWS_PER_PROC * num_proc else 1
        manage_tokenizers_parallelism(procs)
        ds = src.map(
            fn,
            batched=True,
            batch_size=batch_size,
            writer_batch_size=writer_batch_size,
            # extra processes cost a second or two each to start: only worth it for big chunks
            num_proc=procs if procs > 1 else None,
            remove_columns=src.column_names,
            features=features,
            fn_kwargs=kwargs,
            cache_file_name=str(tmp / "map.arrow"),
            new_fingerprint=hashlib.sha256(str(out_dir).encode()).hexdigest()[:16],
            desc=None,
        )
        rows = len(ds)
        ds.save_to_disk(str(tmp / "data"))
        del ds, src
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp / "data", out_dir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
