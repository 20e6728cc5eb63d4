#!/usr/bin/env python3
"""datatrove's four MinHash stages on a directory of JSONL shards (run by bench_dedup.py with
``benchmarks/.venv-datatrove/bin/python``; never imported by corefprep).

    datatrove_minhash.py --input SHARDS --work DIR --workers 2 --words space|kiwi [--no-nfd]
    datatrove_minhash.py --input SHARDS --work DIR --read

Each input record is ``{"id": "<doc_index>", "text": ...}``. The stages run as FineWeb-2 runs
them (LocalPipelineExecutor; signatures one task per shard, buckets one task per bucket, one
clustering task, filter one task per shard) with its settings: 5-grams, 14 buckets x 8 hashes,
64-bit xxhash. Word unit ``space`` gives datatrove a whitespace splitter (the same unit as
corefprep's ``--dedup-words space``); ``kiwi`` is its own Korean splitter (Kiwi). ``--no-nfd``
turns off the text simplification's Unicode decomposition (which turns Hangul syllables into
jamo before the words are split). Prints one JSON object: seconds per stage.

``--read`` (run after, in a process of its own, so that the measured process's memory is the four
stages' alone) reads what they wrote in ``--work`` and prints the ids removed and each clustered
id's cluster.
"""

from __future__ import annotations

import argparse
import gzip
import json
import struct
import time
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
from datatrove.utils.text import TextNormConfig
from datatrove.utils.word_tokenizers import WordTokenizer


class Whitespace(WordTokenizer):
    """Words split on whitespace (corefprep's ``--dedup-words space`` unit)."""

    def word_tokenize(self, text: str) -> list[str]:
        return text.split()

    def sent_tokenize(self, text: str) -> list[str]:
        return [text]

    def span_tokenize(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError


def run_stages(a: argparse.Namespace) -> dict[str, float]:
    work = Path(a.work)
    shards = sorted(Path(a.input).glob("*.jsonl*"))
    cfg = MinhashConfig(n_grams=5, num_buckets=14, hashes_per_bucket=8,
                        hash_config=HashConfig(precision=64, hash_fc="xxhash"),
                        norm_config=TextNormConfig(norm_unicode_diacritics=not a.no_nfd))
    language = Whitespace() if a.words == "space" else "kor_Hang"
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
    ap.add_argument("--words", choices=("space", "kiwi"), default="space")
    ap.add_argument("--no-nfd", action="store_true")
    ap.add_argument("--read", action="store_true", help="print what an earlier run removed (no stage is run)")
    a = ap.parse_args()
    print(json.dumps(read_decisions(a) if a.read else {"seconds": run_stages(a)}))


if __name__ == "__main__":
    main()
