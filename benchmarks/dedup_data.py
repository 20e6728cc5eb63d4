"""The data side of ``bench_dedup.py``, run by it as a short-lived process (so the benchmark's own
process, alive while the two systems are measured, maps no page of pyarrow, numpy or corefprep: a
process's proportional set size gives every other mapper of a page its share of it).

    python dedup_data.py corpus SHARED DOCS INTO        # the corpus and planted copies; prints them
    python dedup_data.py kept-shards OUT INTO SHARDS    # the filter's kept documents as JSONL shards
    python dedup_data.py kept-docs OUT                  # their doc_index values
    python dedup_data.py words-digest SHARDS            # md5 of each shard document's words
    python dedup_data.py result DIR                     # what corefprep dedup removed and clustered
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import zstandard

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import ensure_corpus, iter_texts  # noqa: E402


def write_jsonl_zst(path: Path, records: Iterable[dict[str, Any]]) -> None:
    with open(path, "wb") as f, zstandard.ZstdCompressor(level=3).stream_writer(f) as w:
        for r in records:
            w.write(orjson.dumps(r) + b"\n")


def corpus_with_copies(shared: Path, docs: int, into: Path, share: float = 0.1, seed: int = 0) -> dict[str, Any]:
    """``into``/a.jsonl.zst (the bench corpus) and b_copies.jsonl.zst; returns what was planted:
    {"exact"|"edited"|"prefix": [(copy doc_index, original doc_index)]}."""
    src = ensure_corpus(shared, docs, seed)
    texts = list(iter_texts(src))
    into.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, into / "a.jsonl.zst")
    rng = random.Random(seed)
    picked = rng.sample(range(len(texts)), int(len(texts) * share))
    planted: dict[str, list[tuple[int, int]]] = {"exact": [], "edited": [], "prefix": []}
    copies = []
    for j, i in enumerate(picked):
        kind = "exact" if j % 4 < 2 else ("edited" if j % 4 == 2 else "prefix")
        t = texts[i]
        if kind == "edited":
            words = t.split(" ")
            words[len(words) // 2] = "바뀐낱말"
            t = " ".join(words) + " 덧붙인말."
        elif kind == "prefix":
            t = t[:150] + " " + texts[rng.randrange(len(texts))]
        planted[kind].append((len(texts) + len(copies), i))
        copies.append({"id": f"copy{j}", "text": t})
    write_jsonl_zst(into / "b_copies.jsonl.zst", copies)
    return planted


def kept_shards(out: Path, into: Path, shards: int) -> int:
    """The filter's kept documents as JSONL shards for datatrove, in doc_index order."""
    rows: list[tuple[int, str]] = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        t = pq.read_table(p, columns=["doc_index", "text"])
        rows += zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True)
    rows.sort()
    into.mkdir(parents=True, exist_ok=True)
    per = -(-len(rows) // shards)
    for k in range(shards):
        part = rows[k * per:(k + 1) * per]
        (into / f"{k:05d}.jsonl").write_bytes(b"".join(orjson.dumps({"id": str(d), "text": t}) + b"\n"
                                                      for d, t in part))
    return len(rows)


def words_digest(shards: Path) -> list[str]:
    """Per document of the shards, in order: md5 of corefprep's ``--dedup-words space`` words."""
    from corefprep.signatures.minhash import text_words

    out = []
    for s in sorted(shards.glob("*.jsonl")):
        for line in s.read_bytes().splitlines():
            if line.strip():
                words = text_words(orjson.loads(line)["text"])
                out.append(hashlib.md5("\x1f".join(words).encode("utf-8", "surrogatepass")).hexdigest())
    return out


def kept_docs(out: Path) -> list[int]:
    docs: list[int] = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        docs += pq.read_table(p, columns=["doc_index"]).column("doc_index").to_pylist()
    return docs


def result(d: Path) -> dict[str, Any]:
    cl = pq.read_table(d / "clusters.parquet")
    return {"removed": pq.read_table(d / "removed.parquet").column("doc_index").to_pylist(),
            "documents": json.loads((d / "summary.json").read_text())["documents"],
            "clustered": dict(zip(cl.column("doc_index").to_pylist(), cl.column("cluster").to_pylist(), strict=True))}


def main(argv: list[str]) -> int:
    cmd, *args = argv
    if cmd == "corpus":
        out: Any = corpus_with_copies(Path(args[0]), int(args[1]), Path(args[2]))
    elif cmd == "kept-shards":
        out = kept_shards(Path(args[0]), Path(args[1]), int(args[2]))
    elif cmd == "words-digest":
        out = words_digest(Path(args[0]))
    elif cmd == "kept-docs":
        out = kept_docs(Path(args[0]))
    elif cmd == "result":
        out = result(Path(args[0]))
    else:
        raise SystemExit(f"dedup_data: unknown command {cmd!r}")
    sys.stdout.write(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
