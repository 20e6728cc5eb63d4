#!/usr/bin/env python3
"""FineWeb-2's kor_Hang quality filters in datatrove, for ``bench_llm_rules.py``.

Runs in ``benchmarks/.venv-datatrove`` (``setup_datatrove_venv.sh``), never in corefprep's own
environment. The pipeline is FineWeb-2's filtering step as its published pipeline script builds it:
GopherRepetitionFilter (paragraph and line-character rules off), FineWebQualityFilter (short-line
rule off, duplicated-line characters 0.1), GopherQualityFilter, each with the kor_Hang thresholds
and stop words, run by ``LocalPipelineExecutor``. The thresholds come in as JSON from the caller
(taken from corefprep's llm defaults), so both sides run the same numbers.

    python datatrove_kor_hang.py --input DIR --output DIR --config JSON --tasks N --workers W

Writes ``DIR/kept/*.jsonl.gz`` (documents kept) and ``DIR/removed/<filter>/*.jsonl.gz`` (dropped,
with ``metadata.filter_reason``), and prints one JSON line: documents, kept, seconds.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import json
import os
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", required=True, help="directory of .jsonl.zst files")
    ap.add_argument("--output", required=True)
    ap.add_argument("--config", required=True, help="JSON object of thresholds (see build_pipeline)")
    ap.add_argument("--tasks", type=int, required=True)
    ap.add_argument("--workers", type=int, required=True)
    a = ap.parse_args()

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.filters import FineWebQualityFilter, GopherQualityFilter, GopherRepetitionFilter
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter

    c = json.loads(a.config)
    lang = "kor_Hang"
    removed = os.path.join(a.output, "removed")
    pipeline = [
        JsonlReader(a.input, glob_pattern="*.jsonl.zst"),
        GopherRepetitionFilter(
            language=lang, dup_para_frac=0, dup_line_char_frac=0, dup_para_char_frac=0,
            dup_line_frac=c["dup_line_frac"], top_n_grams=c["top_n_grams"], dup_n_grams=c["dup_n_grams"],
            exclusion_writer=JsonlWriter(os.path.join(removed, "goph_rep")),
        ),
        FineWebQualityFilter(
            language=lang, short_line_thr=999, char_duplicates_ratio=c["char_duplicates_ratio"],
            line_punct_thr=c["line_punct_thr"], new_line_ratio=c["new_line_ratio"],
            exclusion_writer=JsonlWriter(os.path.join(removed, "fw_qual")),
        ),
        GopherQualityFilter(
            language=lang, min_doc_words=c["min_doc_words"], max_doc_words=c["max_doc_words"],
            min_avg_word_length=c["min_avg_word_length"], max_avg_word_length=c["max_avg_word_length"],
            max_non_alpha_words_ratio=c["max_non_alpha_words_ratio"], stop_words=c["stopwords"],
            min_stop_words=c["min_stop_words"],
            exclusion_writer=JsonlWriter(os.path.join(removed, "goph_qual")),
        ),
        JsonlWriter(os.path.join(a.output, "kept")),
    ]
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


if __name__ == "__main__":
    main()
