#!/usr/bin/env python3
"""datatrove's four MinHash stages on a directory of JSONL shards (run by bench_dedup.py with
``benchmarks/.venv-datatrove/bin/python``; never imported by corefprep).

    datatrove_minhash.py --input SHARDS --work DIR --workers 2 --words matched|space|kiwi [--no-nfd]
    datatrove_minhash.py --input SHARDS --work DIR --read
    datatrove_minhash.py --input SHARDS --work DIR --words matched --words-digest

Each input record is ``{"id": "<doc_index>", "text": ...}``. The stages run as FineWeb-2 runs
them (LocalPipelineExecutor; signatures one task per shard, buckets one task per bucket, one
clustering task, filter one task per shard) with its settings: 5-grams, 14 buckets x 8 hashes,
64-bit xxhash. Word unit ``matched`` gives datatrove corefprep's ``--dedup-words space`` words
(its text simplification off, a splitter that finds the runs of letters and digits of the NFC,
casefolded text: ``--words-digest`` lets bench_dedup.py check them document by document);
``space`` keeps datatrove's text simplification as shipped and splits at whitespace; ``kiwi`` is
its own Korean splitter (Kiwi). ``--no-nfd``
turns off the text simplification's Unicode decomposition (which turns Hangul syllables into
jamo before the words are split). Prints one JSON object: seconds per stage.

``--read`` (run after, in a process of its own, so that the measured process's memory is the four
stages' alone) reads what they wrote in ``--work`` and prints the ids removed and each clustered
id's cluster.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import struct
import time
import unicodedata
from pathlib import Path

import zstandard
from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.dedup.minhash import (
    MinhashConfig,
    MinhashDedupBuckets,
    MinhashDedupCluster,
    MinhashDedupFilter,
    MinhashDedupSignature,
)
from datatrove.pipeline.readers import JsonlReader
from datatrove.pipeline.writers import JsonlWriter
from datatrove.utils.hashing import HashConfig
from datatrove.utils.text import TextNormConfig, simplify_text
from datatrove.utils.word_tokenizers import WordTokenizer, load_word_tokenizer


class Whitespace(WordTokenizer):
    """Words split on whitespace (corefprep's ``--dedup-words space`` unit)."""

    def word_tokenize(self, text: str) -> list[str]:
        return text.split()

    def sent_tokenize(self, text: str) -> list[str]:
        return [text]

    def span_tokenize(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError


class MatchedWords(WordTokenizer):
    """corefprep's ``--dedup-words space`` unit itself, so that both systems hash the same words:
    the runs of letters and digits of the NFC, casefolded text (everything else separates words).
    Given with every step of datatrove's text simplification turned off."""

    RUN = re.compile(r"[^\W_]+")

    def word_tokenize(self, text: str) -> list[str]:
        return self.RUN.findall(unicodedata.normalize("NFC", text).casefold())

    def sent_tokenize(self, text: str) -> list[str]:
        return [text]

    def span_tokenize(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError


OFF = TextNormConfig(lowercase=False, norm_whitespace=False, remove_punctuation=False, norm_unicode_diacritics=False,
                     norm_numbers=False, norm_weekdays=False, norm_monthnames=False)


def config(a: argparse.Namespace) -> tuple[MinhashConfig, object]:
    """The MinHash settings and word splitter of ``--words``: ``matched`` (corefprep's words, text
    simplification off), ``space`` (datatrove's text simplification as shipped, then whitespace) or
    ``kiwi`` (its Korean splitter)."""
    norm = OFF if a.words == "matched" else TextNormConfig(norm_unicode_diacritics=not a.no_nfd)
    cfg = MinhashConfig(n_grams=5, num_buckets=14, hashes_per_bucket=8,
                        hash_config=HashConfig(precision=64, hash_fc="xxhash"), norm_config=norm)
    language = {"matched": MatchedWords(), "space": Whitespace()}.get(a.words, "kor_Hang")
    return cfg, language


def words_digest(a: argparse.Namespace) -> list[str]:
    """Per input document, in shard order: md5 of the words datatrove's signature step hashes (its
    text simplification, then its splitter), to check them against corefprep's document by document."""
    cfg, language = config(a)
    tok = language if isinstance(language, WordTokenizer) else load_word_tokenizer(language)
    out = []
    for s in sorted(Path(a.input).glob("*.jsonl")):
        for line in s.read_bytes().splitlines():
            if line.strip():
                words = tok.word_tokenize(simplify_text(json.loads(line)["text"], cfg.norm_config))
                out.append(hashlib.md5("\x1f".join(words).encode("utf-8", "surrogatepass")).hexdigest())
    return out


def run_stages(a: argparse.Namespace) -> dict[str, float]:
    work = Path(a.work)
    shards = sorted(Path(a.input).glob("*.jsonl*"))
    cfg, language = config(a)
    seconds = {}

    def run(name: str, pipeline: list, tasks: int) -> None:
        t = time.perf_counter()
        LocalPipelineExecutor(pipeline=pipeline, tasks=tasks, workers=min(a.workers, tasks),
                              logging_dir=str(work / "logs" / name), skip_completed=False).run()
        seconds[name] = time.perf_counter() - t

    run("signatures", [JsonlReader(a.input, glob_pattern="*.jsonl*"),
                       MinhashDedupSignature(output_folder=str(work / "sigs"), config=cfg, language=language)],
        len(shards))
    run("buckets", [MinhashDedupBuckets(input_folder=str(work / "sigs"), output_folder=str(work / "buckets"),
                                        config=cfg)], cfg.num_buckets)
    run("cluster", [MinhashDedupCluster(input_folder=str(work / "buckets"), output_folder=str(work / "remove"),
                                        config=cfg, save_cluster_id=True)], 1)
    run("filter", [JsonlReader(a.input, glob_pattern="*.jsonl*"),
                   MinhashDedupFilter(input_folder=str(work / "remove")),
                   JsonlWriter(str(work / "deduped"), compression=None)], len(shards))
    return seconds


def read_decisions(a: argparse.Namespace) -> dict[str, object]:
    """The ids the stages removed and each clustered id's cluster, from ``--work``."""
    work = Path(a.work)
    # (shard rank, position in shard) -> id, as datatrove's reader numbers them
    ids: list[list[str]] = []
    for s in sorted(Path(a.input).glob("*.jsonl*")):
        raw = s.read_bytes()
        if s.suffix == ".zst":
            raw = zstandard.ZstdDecompressor().decompressobj().decompress(raw)
        elif s.suffix == ".gz":
            raw = gzip.decompress(raw)
        ids.append([json.loads(line)["id"] for line in raw.splitlines() if line.strip()])
    removed: list[str] = []
    clusters: dict[str, int] = {}
    for rank, shard_ids in enumerate(ids):
        rm = work / "remove" / f"{rank:06d}.remove"
        if rm.exists():
            removed += [shard_ids[i] for (i,) in struct.iter_unpack("<I", rm.read_bytes())]
        cl = work / "remove" / f"{rank:06d}.clusters"
        if cl.exists():
            for doc, c in struct.iter_unpack("<II", cl.read_bytes()):
                clusters[shard_ids[doc]] = c
    return {"removed": removed, "clusters": clusters}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--words", choices=("matched", "space", "kiwi"), default="space")
    ap.add_argument("--no-nfd", action="store_true")
    ap.add_argument("--read", action="store_true", help="print what an earlier run removed (no stage is run)")
    ap.add_argument("--words-digest", action="store_true", help="print each document's words' md5 (no stage is run)")
    a = ap.parse_args()
    if a.words_digest:
        print(json.dumps(words_digest(a)))
    else:
        print(json.dumps(read_decisions(a) if a.read else {"seconds": run_stages(a)}))


if __name__ == "__main__":
    main()
