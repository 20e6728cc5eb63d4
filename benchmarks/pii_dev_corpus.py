#!/usr/bin/env python3
"""Personal data on the whole dev corpus (issue 26): every span the detectors find, for a person to
read, and the proof that text without personal data is byte-identical under --pii redact and off.

1. The detectors over every document of ``../shared/corpus/dev`` (kept or not): each span with its
   kind, file, line and a little context, written to ``benchmarks/pii/dev_corpus_spans.txt``.
2. ``corefprep filter`` over the same files with ``--rules llm`` under ``--pii off``, ``redact`` and
   ``tag``: the same documents kept. A kept document without a tagged span has the same bytes under
   all three. A document with spans is the same under off and tag, and under redact differs
   exactly inside its tagged spans.

Exit status 1 when any of that fails.

    python benchmarks/pii_dev_corpus.py          # part of `make bench-pii`
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
from pathlib import Path

import orjson
import pyarrow.parquet as pq
import zstandard

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import locate_shared  # noqa: E402

from corefprep.pii import PiiSpan, find_pii, mask_text  # noqa: E402


def documents(files: list[Path]) -> list[tuple[str, int, str]]:
    out = []
    for f in files:
        with open(f, "rb") as raw:
            reader = io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8")
            for line_no, line in enumerate(reader, 1):
                text = orjson.loads(line).get("text")
                if isinstance(text, str):
                    out.append((f.name, line_no, text))
    return out


def listing(docs: list[tuple[str, int, str]]) -> tuple[list[str], dict[str, int]]:
    lines, kinds = [], {}
    for name, line_no, text in docs:
        for s in find_pii(text):
            kinds[s.kind] = kinds.get(s.kind, 0) + 1
            before = text[max(0, s.start - 30):s.start].replace("\n", " ")
            after = text[s.end:s.end + 20].replace("\n", " ")
            lines.append(f"{s.kind:<8} {name}:{line_no}  …{before}[{text[s.start:s.end]}]{after}…")
    return lines, kinds


def kept(out: Path) -> dict[int, dict]:
    rows = {}
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        rows.update({r["doc_index"]: r for r in pq.read_table(p).to_pylist()})
    return rows


def filtered(files: list[Path], out: Path, mode: str) -> dict[int, dict]:
    cmd = [str(Path(sys.executable).with_name("corefprep")), "filter", *map(str, files), "-o", str(out),
           "--rules", "llm", "--pii", mode, "--no-progress", "--workers", "2"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return kept(out)


def compare(files: list[Path]) -> tuple[list[str], str]:
    problems = []
    with tempfile.TemporaryDirectory(prefix="pii_dev_") as tmp:
        runs = {mode: filtered(files, Path(tmp) / mode, mode) for mode in ("off", "redact", "tag")}
    off, redact, tag = runs["off"], runs["redact"], runs["tag"]
    if not off.keys() == redact.keys() == tag.keys():
        problems.append(f"kept sets differ: off {len(off)}, redact {len(redact)}, tag {len(tag)}")
    same = with_spans = 0
    for i in off.keys() & redact.keys() & tag.keys():
        a, b, t = off[i]["text"], redact[i]["text"], tag[i]
        if t["text"] != a:
            problems.append(f"doc_index {i}: tag changed the text")
        spans = t["pii"]
        if not spans:
            same += a == b
            if a != b:
                problems.append(f"doc_index {i}: no span found, but redact changed the text")
            continue
        with_spans += 1
        expected = mask_text(a, [PiiSpan(s["kind"], s["start"], s["end"]) for s in spans])
        if b != expected:
            problems.append(f"doc_index {i}: redact differs from its tagged spans")
    summary = (f"{len(off):,} documents kept by --rules llm: {same:,} without personal data, byte-identical under "
               f"off, redact and tag; {with_spans:,} with personal data, redacted exactly inside their tagged spans")
    return problems, summary


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shared", default=None)
    p.add_argument("--out", type=Path, default=HERE / "pii" / "dev_corpus_spans.txt")
    a = p.parse_args()
    shared = locate_shared(a.shared)
    if shared is None:
        print("skipped: ../shared/corpus is not there", file=sys.stderr)
        return 0
    files = sorted((shared / "corpus" / "dev").glob("*.jsonl.zst"))
    docs = documents(files)
    lines, kinds = listing(docs)
    head = (f"# Every span corefprep's detectors find in the dev corpus ({len(docs):,} documents of "
            f"{', '.join(f.name for f in files)}): {len(lines)} spans {kinds}\n"
            "# kind, file:line, the span in [brackets] with 30 characters before and 20 after\n")
    a.out.write_text(head + "\n".join(lines) + "\n")
    print(head + "\n".join(lines))
    problems, summary = compare(files)
    print("\n" + summary)
    for problem in problems:
        print("PROBLEM: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
