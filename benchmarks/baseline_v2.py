#!/usr/bin/env python3
"""A re-implementation of today's ``prepare_entity_coref_v2.py`` workflow, for comparison only.

This is deliberately *not* part of the package and deliberately written the way a typical user
script is written (not slowed down, not secretly optimised), so ``benchmarks/bench.py`` can
measure corefprep against it on the same input:

1. read every text into a list; keep 800-2500 chars in the parent; a ``Pool(W, initializer=<Kiwi()>,
   maxtasksperchild=1000).imap_unordered(worker, docs, chunksize=2000)`` where each worker loads its
   own Kiwi, applies the cheap v2 rules, runs ``kiwi.tokenize`` on the whole document, checks the NNP
   share and returns the text plus *every* token as a dict;
2. a second Pool maps (text, token dicts) to repeated-entity maps (documents with an NP dropped);
3. samples with the per-entity cap, in document order;
4. the tokenizer on Python lists with ``padding="max_length"``, ``Dataset.from_dict`` per chunk,
   ``save_to_disk``, ``concatenate_datasets``, final ``save_to_disk``.

For the benchmark it also writes a stage-marker file (``--stage-file``: one ``stage<TAB>unix time``
line per stage start, so an outside sampler can attribute memory to stages), ``timings.json`` and
``samples.jsonl`` (doc_id, target, antecedent_pos, coref_pos) for the parity check. Those extra
files are written outside the timed stages.

    python benchmarks/baseline_v2.py CORPUS.jsonl.zst --output-dir DIR --workers 2 --seq-len 2048
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

# Heavy imports at the top, as the original script has them (their cost lands in stage 1).
import zstandard
from datasets import Dataset, concatenate_datasets, load_from_disk
from kiwipiepy import Kiwi
from transformers import AutoTokenizer

BUNDLED_TOKENIZER = Path(__file__).resolve().parent.parent / "corefprep" / "data" / "tokenizer"

MIN_CHARS, MAX_CHARS = 800, 2500
MIN_PUNCT = 3
MIN_HANGUL_RATIO = 0.4
MAX_SYMBOL_RATIO = 0.3
MIN_NNP_SHARE, MAX_NNP_SHARE = 0.05, 0.20
STOPWORDS = {"것", "수", "등", "때", "곳", "점", "년", "월", "일"}
MIN_DISTANCE, MAX_DISTANCE = 10, 2000
HANGUL_RE = re.compile("[가-힣]")

Sample = dict[str, Any]

# --- stage markers (benchmark plumbing, not part of the original workflow) ------------------

_STAGE_FILE: Path | None = None


def mark(stage: str) -> float:
    now = time.time()
    if _STAGE_FILE is not None:
        with open(_STAGE_FILE, "a", encoding="utf-8") as f:
            f.write(f"{stage}\t{now:.6f}\n")
    return now


# --- stage 1: read + Kiwi filter ------------------------------------------------------------

kiwi: Any = None


def init_worker() -> None:
    # Each worker builds its own default Kiwi (~300-500 MB each), exactly like the original.
    global kiwi
    kiwi = Kiwi()


def read_corpus(path: str) -> tuple[list[str], list[str]]:
    texts: list[str] = []
    ids: list[str] = []
    if path.endswith(".zst"):
        fh: Any = io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(open(path, "rb")), encoding="utf-8")
    else:
        fh = open(path, encoding="utf-8")
    with fh:
        for line in fh:
            if not line.strip():
                continue
            rec = json.loads(line)
            texts.append(rec["text"])
            ids.append(str(rec.get("id", len(ids))))
    return texts, ids


def passes_cheap_rules(text: str) -> bool:
    n = len(text)
    if sum(text.count(c) for c in ".?!") < MIN_PUNCT:
        return False
    if len(HANGUL_RE.findall(text)) / n < MIN_HANGUL_RATIO:
        return False
    symbols = sum(1 for c in text if not c.isalnum() and c not in " \n\t")
    return symbols / n <= MAX_SYMBOL_RATIO


def process_doc(item: tuple[int, str]) -> tuple[int, str, list[dict[str, Any]]] | None:
    idx, text = item
    try:
        if not passes_cheap_rules(text):
            return None
        tokens = kiwi.tokenize(text)
        if not tokens:
            return None
        nnp_share = sum(1 for t in tokens if t.tag == "NNP") / len(tokens)
        if not (MIN_NNP_SHARE <= nnp_share <= MAX_NNP_SHARE):
            return None
        return idx, text, [{"form": t.form, "tag": t.tag, "start": t.start, "len": t.len} for t in tokens]
    except Exception:
        return None


# --- stage 2: entities ----------------------------------------------------------------------


def extract_entities(
    item: tuple[int, str, list[dict[str, Any]]],
) -> tuple[int, str, dict[str, list[tuple[int, int]]]] | None:
    idx, text, tokens = item
    try:
        if any(t["tag"] == "NP" for t in tokens):
            return None
        mentions: dict[str, list[tuple[int, int]]] = {}
        for t in tokens:
            form = t["form"]
            if t["tag"] == "NNP" and len(form) >= 2 and form not in STOPWORDS:
                mentions.setdefault(form, []).append((t["start"], t["start"] + t["len"]))
        entities = {f: ms for f, ms in mentions.items() if len(ms) >= 2}
        if not entities:
            return None
        return idx, text, entities
    except Exception:
        return None


# --- stage 3: samples -----------------------------------------------------------------------


def build_samples(
    docs: list[tuple[int, str, dict[str, list[tuple[int, int]]]]], ids: list[str], max_entity_freq: int
) -> list[Sample]:
    counts: Counter[str] = Counter()
    samples: list[Sample] = []
    for idx, text, entities in docs:
        for form, mentions in entities.items():
            ant_start = mentions[0][0]
            for m_start, _m_end in mentions[1:4]:
                distance = m_start - ant_start
                if MIN_DISTANCE <= distance <= MAX_DISTANCE and counts[form] < max_entity_freq:
                    samples.append({"doc_id": ids[idx], "target": form, "antecedent_pos": ant_start,
                                    "coref_pos": m_start, "distance": distance, "text": text})
                    counts[form] += 1
    return samples


# --- stage 4: tokenize, save ------------------------------------------------------------------


def tokenize_and_save(
    samples: list[Sample], out_dir: Path, model: str, seq_len: int, token_chunk_size: int, tokenizer_batch_size: int
) -> int:
    tokenizer = AutoTokenizer.from_pretrained(model)
    mask, mask_id = tokenizer.mask_token, tokenizer.mask_token_id
    tmp_root = out_dir / "tmp_chunks"
    tmp_root.mkdir(parents=True, exist_ok=True)
    chunk_dirs: list[str] = []
    for c, start in enumerate(range(0, len(samples), token_chunk_size)):
        chunk = samples[start : start + token_chunk_size]
        columns: dict[str, list[Any]] = {k: [] for k in (
            "input_ids", "attention_mask", "labels", "target", "antecedent_pos", "coref_pos", "distance", "doc_id")}
        for b in range(0, len(chunk), tokenizer_batch_size):
            batch = chunk[b : b + tokenizer_batch_size]
            texts = [s["text"][: s["coref_pos"]] + mask + s["text"][s["coref_pos"] + len(s["target"]) :] for s in batch]
            enc = tokenizer(texts, padding="max_length", truncation=True, max_length=seq_len)
            target_ids = tokenizer([s["target"] for s in batch], add_special_tokens=False)["input_ids"]
            for s, ids, attn, tid in zip(batch, enc["input_ids"], enc["attention_mask"], target_ids, strict=True):
                labels = [-100] * len(ids)
                if mask_id in ids and tid:
                    labels[ids.index(mask_id)] = tid[0]
                columns["input_ids"].append(ids)
                columns["attention_mask"].append(attn)
                columns["labels"].append(labels)
                for k in ("target", "antecedent_pos", "coref_pos", "distance", "doc_id"):
                    columns[k].append(s[k])
        ds = Dataset.from_dict(columns)
        path = str(tmp_root / f"chunk_{c:04d}")
        ds.save_to_disk(path)
        chunk_dirs.append(path)
        del ds, columns
    if chunk_dirs:
        final = concatenate_datasets([load_from_disk(p) for p in chunk_dirs])
    else:  # no samples at all: still leave a (empty) dataset behind
        final = Dataset.from_dict({k: [] for k in ("input_ids", "attention_mask", "labels", "target",
                                                   "antecedent_pos", "coref_pos", "distance", "doc_id")})
    name = out_dir / f"entity_coref_v2_{seq_len}"
    final.save_to_disk(str(name), num_shards=1 if len(final) == 0 else None)  # 0 shards would not load
    with open(name / "metadata.json", "w", encoding="utf-8") as f:
        json.dump({"dataset_type": "entity_coref", "version": "2", "num_samples": len(final), "seq_len": seq_len,
                   "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}, f, ensure_ascii=False)
    n = len(final)
    del final
    shutil.rmtree(tmp_root)
    return n


def main(argv: list[str] | None = None) -> int:
    global _STAGE_FILE
    ap = argparse.ArgumentParser(description="Today's entity-coref v2 workflow (benchmark baseline).")
    ap.add_argument("input", help=".jsonl or .jsonl.zst with a 'text' field")
    ap.add_argument("--output-dir", type=Path, required=True)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seq-len", type=int, default=2048)
    ap.add_argument("--model", default=str(BUNDLED_TOKENIZER))
    ap.add_argument("--max-entity-freq", type=int, default=1000)
    ap.add_argument("--token-chunk-size", type=int, default=1000)
    ap.add_argument("--tokenizer-batch-size", type=int, default=64)
    ap.add_argument("--stage-file", type=Path, default=None, help="append 'stage<TAB>time' lines here")
    a = ap.parse_args(argv)
    _STAGE_FILE = a.stage_file
    a.output_dir.mkdir(parents=True, exist_ok=True)

    t_read = mark("read")
    texts, ids = read_corpus(a.input)
    docs = [(i, t) for i, t in enumerate(texts) if MIN_CHARS <= len(t) <= MAX_CHARS]

    t_filter = mark("filter")
    results: list[tuple[int, str, list[dict[str, Any]]]] = []
    with Pool(a.workers, initializer=init_worker, maxtasksperchild=1000) as pool:
        for r in pool.imap_unordered(process_doc, docs, chunksize=2000):
            if r is not None:
                results.append(r)

    t_entities = mark("entities")
    with Pool(a.workers) as pool:
        entity_docs = [r for r in pool.map(extract_entities, results) if r is not None]
    kiwi_passed = len(results)
    del results

    t_samples = mark("samples")
    entity_docs.sort(key=lambda r: r[0])  # imap_unordered: back to document order for the entity cap
    samples = build_samples(entity_docs, ids, a.max_entity_freq)

    t_tokenize = mark("tokenize")
    rows = tokenize_and_save(samples, a.output_dir, a.model, a.seq_len, a.token_chunk_size, a.tokenizer_batch_size)
    t_done = mark("done")

    # Benchmark outputs, outside the timed stages.
    with open(a.output_dir / "samples.jsonl", "w", encoding="utf-8") as f:
        for s in samples:
            f.write(json.dumps([s["doc_id"], s["target"], s["antecedent_pos"], s["coref_pos"]], ensure_ascii=False))
            f.write("\n")
    timings = {
        "stages": {"read": t_filter - t_read, "filter": t_entities - t_filter, "entities": t_samples - t_entities,
                   "samples": t_tokenize - t_samples, "tokenize": t_done - t_tokenize},
        "documents": len(texts), "length_ok": len(docs), "kiwi_passed": kiwi_passed, "kept": len(entity_docs),
        "samples": len(samples), "rows": rows,
    }
    with open(a.output_dir / "timings.json", "w", encoding="utf-8") as f:
        json.dump(timings, f, indent=1)
    print(f"baseline: {len(texts)} docs, {len(entity_docs)} kept, {len(samples)} samples, {rows} rows "
          f"in {t_done - t_read:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
