#!/usr/bin/env python3
"""FineWeb-2's kor_Hang quality filters in datatrove, for ``bench_llm_rules.py`` and the tests.

Runs in ``benchmarks/.venv-datatrove`` (``setup_datatrove_venv.sh``), never in corefprep's own
environment. The filters are FineWeb-2's filtering step as its published pipeline script builds it:
GopherRepetitionFilter (paragraph and line-character rules off), FineWebQualityFilter (short-line
rule off, duplicated-line characters 0.1), GopherQualityFilter, each with the kor_Hang thresholds
and stop words. The thresholds come in as JSON from the caller (taken from corefprep's llm
defaults), so both sides run the same numbers.

    python datatrove_kor_hang.py [pipeline] --input DIR --output DIR --config JSON --tasks N --workers W
    python datatrove_kor_hang.py texts --texts FILE.jsonl --config JSON

``pipeline`` runs ``LocalPipelineExecutor`` over the directory's .jsonl.zst files and writes
``DIR/kept/*.jsonl.gz`` and ``DIR/removed/<filter>/*.jsonl.gz`` (with ``metadata.filter_reason``),
then prints one JSON line: documents, kept, seconds. ``texts`` calls the three filters directly on
each ``{"text": ...}`` line, one process, and prints one JSON line per text (its reason, null when
kept) and a last line with documents/s.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import json
import os
import sys
import time
from typing import Any

LANG = "kor_Hang"


def build_filters(c: dict[str, Any], removed: str | None = None) -> list[Any]:
    from datatrove.pipeline.filters import FineWebQualityFilter, GopherQualityFilter, GopherRepetitionFilter
    from datatrove.pipeline.writers import JsonlWriter

    def excluded(name: str) -> Any:
        return JsonlWriter(os.path.join(removed, name)) if removed else None

    return [
        GopherRepetitionFilter(
            language=LANG, dup_para_frac=0, dup_line_char_frac=0, dup_para_char_frac=0,
            dup_line_frac=c["dup_line_frac"], top_n_grams=c["top_n_grams"], dup_n_grams=c["dup_n_grams"],
            exclusion_writer=excluded("goph_rep"),
        ),
        FineWebQualityFilter(
            language=LANG, short_line_thr=999, char_duplicates_ratio=c["char_duplicates_ratio"],
            line_punct_thr=c["line_punct_thr"], new_line_ratio=c["new_line_ratio"],
            exclusion_writer=excluded("fw_qual"),
        ),
        GopherQualityFilter(
            language=LANG, min_doc_words=c["min_doc_words"], max_doc_words=c["max_doc_words"],
            min_avg_word_length=c["min_avg_word_length"], max_avg_word_length=c["max_avg_word_length"],
            max_non_alpha_words_ratio=c["max_non_alpha_words_ratio"], stop_words=c["stopwords"],
            min_stop_words=c["min_stop_words"], exclusion_writer=excluded("goph_qual"),
        ),
    ]


def run_pipeline(a: argparse.Namespace) -> None:
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter

    removed = os.path.join(a.output, "removed")
    pipeline = [JsonlReader(a.input, glob_pattern="*.jsonl.zst"), *build_filters(json.loads(a.config), removed),
                JsonlWriter(os.path.join(a.output, "kept"))]
    t0 = time.perf_counter()
    LocalPipelineExecutor(pipeline=pipeline, tasks=a.tasks, workers=a.workers,
                          logging_dir=os.path.join(a.output, "logs"), start_method="fork").run()
    seconds = time.perf_counter() - t0

    def count(pattern: str) -> int:
        n = 0
        for path in glob.glob(pattern, recursive=True):
            with gzip.open(path, "rt", encoding="utf-8") as f:
                n += sum(1 for _ in f)
        return n

    kept = count(os.path.join(a.output, "kept", "*.jsonl.gz"))
    dropped = count(os.path.join(removed, "**", "*.jsonl.gz"))
    print(json.dumps({"documents": kept + dropped, "kept": kept, "seconds": seconds}))


def run_texts(a: argparse.Namespace) -> None:
    from datatrove.data import Document

    filters = build_filters(json.loads(a.config))
    with open(a.texts, encoding="utf-8") as f:
        docs = [Document(text=json.loads(line)["text"], id=str(i)) for i, line in enumerate(f) if line.strip()]
    filters[0].filter(Document(text="형태소 분석기를 미리 한 번 실행해 둡니다.", id="warm-up"))  # loads Kiwi
    reasons: list[str | None] = []
    t0 = time.perf_counter()
    for doc in docs:
        reason = None
        for flt in filters:
            result = flt.filter(doc)
            if result is not True:
                reason = result[1] if isinstance(result, tuple) else "dropped"
                break
        reasons.append(reason)
    seconds = time.perf_counter() - t0
    for r in reasons:
        print(json.dumps({"reason": r}))
    print(json.dumps({"documents": len(docs), "docs_per_s": len(docs) / seconds if seconds else 0.0}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pipeline")
    p.add_argument("--input", required=True, help="directory of .jsonl.zst files")
    p.add_argument("--output", required=True)
    p.add_argument("--config", required=True, help="JSON object of thresholds (see build_filters)")
    p.add_argument("--tasks", type=int, required=True)
    p.add_argument("--workers", type=int, required=True)
    t = sub.add_parser("texts")
    t.add_argument("--texts", required=True, help='JSONL file of {"text": ...}')
    t.add_argument("--config", required=True)
    argv = sys.argv[1:]
    if argv and argv[0].startswith("--"):  # no command given: pipeline is the default
        argv = ["pipeline", *argv]
    a = ap.parse_args(argv)
    run_pipeline(a) if a.cmd == "pipeline" else run_texts(a)


if __name__ == "__main__":
    main()
