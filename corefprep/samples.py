"""Entity-coreference samples from the kept documents (SPEC 2.4).

Samples are built in ``doc_index`` order over all finished filter batches, with a per-entity cap
counted across the whole corpus, so worker count, batch size and interruptions never change them.
They are grouped into chunks of ``tok_chunk`` samples; each chunk is written once (with the texts
of its documents) and kept as long as its fingerprint matches, so a resumed run re-tokenizes only
chunks whose content changed.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

from .atomic import atomic_write_json, read_json
from .progress import say
from .workdir import WorkDir

SampleSpec = tuple[str, int, int, int, int]  # target, antecedent [start, end), mention [start, end)

CHUNK_SCHEMA = pa.schema(
    [
        ("doc_index", pa.int64()),
        ("doc_id", pa.string()),
        ("source", pa.string()),
        ("text", pa.string()),
        # every mention boundary of every repeated entity: the tokenizer splits the text there, so
        # a doc's tokenization does not depend on which of its samples landed in this chunk
        ("cuts", pa.list_(pa.int32())),
        (
            "samples",
            pa.list_(
                pa.struct(
                    [
                        ("target", pa.string()),
                        ("antecedent_start", pa.int32()),
                        ("antecedent_end", pa.int32()),
                        ("mention_start", pa.int32()),
                        ("mention_end", pa.int32()),
                    ]
                )
            ),
        ),
    ]
)


@dataclass(frozen=True)
class SampleConfig:
    max_entity_freq: int = 1000
    min_distance: int = 10
    max_distance: int = 2000
    # the 2nd..max_mentions-th mentions each pair with the first one
    max_mentions: int = 4

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def doc_samples(
    entities: list[tuple[str, list[tuple[int, int]]]], counts: Counter[str], cfg: SampleConfig
) -> list[SampleSpec]:
    """Samples of one document, updating the corpus-wide per-entity ``counts``."""
    out: list[SampleSpec] = []
    for form, mentions in entities:
        a_start, a_end = mentions[0]
        for m_start, m_end in mentions[1 : cfg.max_mentions]:
            if counts[form] >= cfg.max_entity_freq:
                break
            if cfg.min_distance <= m_start - a_start <= cfg.max_distance:
                out.append((form, a_start, a_end, m_start, m_end))
                counts[form] += 1
    return out


@dataclass
class ChunkInfo:
    index: int
    fingerprint: str
    samples: int
    docs: int
    first_doc: int
    last_doc: int
    path: Path
    written: bool


class CorpusStats:
    """What metadata.json reports about the samples, gathered while they are built."""

    def __init__(self) -> None:
        self.entity_samples: Counter[str] = Counter()
        self.distances: list[int] = []
        self.num_samples = 0
        self.num_docs = 0

    def add(self, specs: list[SampleSpec]) -> None:
        for target, a_start, _a_end, m_start, _m_end in specs:
            self.entity_samples[target] += 1
            self.distances.append(m_start - a_start)
        self.num_samples += len(specs)

    def summary(self, top: int = 50) -> dict[str, Any]:
        lens = [len(e) for e in self.entity_samples]
        d = self.distances
        bins = [10, 50, 100, 200, 500, 1000, 2001]
        dist: dict[str, int] = {}
        lo = bins[0]
        for hi in bins[1:]:
            dist[f"{lo}-{hi - 1}"] = sum(1 for x in d if lo <= x < hi)
            lo = hi
        return {
            "num_samples": self.num_samples,
            "num_documents_with_samples": self.num_docs,
            "num_unique_entities": len(self.entity_samples),
            "top_entities": self.entity_samples.most_common(top),
            "entity_length_stats": _stats(lens),
            "distance_stats": _stats(d),
            "distance_distribution": dist,
        }


def _stats(xs: list[int]) -> dict[str, float]:
    if not xs:
        return {"min": 0, "max": 0, "mean": 0.0, "median": 0.0}
    return {"min": min(xs), "max": max(xs), "mean": round(statistics.fmean(xs), 2),
            "median": float(statistics.median(xs))}


def _iter_kept(work: WorkDir, batch_ids: list[int]) -> Iterator[tuple[int, dict[str, Any]]]:
    for k in batch_ids:
        table = pq.read_table(work.batch_parquet(k), columns=["doc_index", "doc_id", "source", "entities"])
        for row in table.to_pylist():
            yield k, row


def build_sample_chunks(
    work: WorkDir, batch_ids: list[int], batch_hashes: dict[int, str], cfg: SampleConfig, tok_chunk: int,
    max_samples: int | None = None,
) -> tuple[list[ChunkInfo], CorpusStats]:
    """Build all samples (the first ``max_samples`` if given); (re)write only chunks whose content
    changed."""
    work.samples_dir.mkdir(parents=True, exist_ok=True)
    counts: Counter[str] = Counter()
    stats = CorpusStats()
    chunks: list[ChunkInfo] = []
    buf: list[tuple[int, str, str, list[int], list[SampleSpec], int]] = []
    buf_samples = 0

    def close() -> None:
        nonlocal buf, buf_samples
        if buf:
            chunks.append(_close_chunk(work, len(chunks), buf, batch_hashes))
        buf, buf_samples = [], 0

    for k, row in _iter_kept(work, batch_ids):
        entities = [(e["form"], list(zip(e["starts"], e["ends"], strict=True))) for e in row["entities"]]
        specs = doc_samples(entities, counts, cfg)
        if max_samples is not None:
            specs = specs[: max(0, max_samples - stats.num_samples)]
        if not specs:
            if max_samples is not None and stats.num_samples >= max_samples:
                break
            continue
        stats.add(specs)
        stats.num_docs += 1
        cuts = sorted({p for _f, ms in entities for m in ms for p in m})
        while specs:
            take = specs[: tok_chunk - buf_samples]
            specs = specs[len(take) :]
            buf.append((row["doc_index"], row["doc_id"], row["source"], cuts, take, k))
            buf_samples += len(take)
            if buf_samples >= tok_chunk:
                close()
    close()
    # Chunks beyond the new last one belong to an older, longer sample list.
    for p in work.samples_dir.glob("chunk_*"):
        stem = p.name.split(".")[0]
        if int(stem.split("_")[1]) >= len(chunks):
            p.unlink(missing_ok=True)
    return chunks, stats


def _close_chunk(
    work: WorkDir, index: int, buf: list[tuple[int, str, str, list[int], list[SampleSpec], int]],
    batch_hashes: dict[int, str],
) -> ChunkInfo:
    h = hashlib.blake2b(digest_size=16)
    batches = sorted({b[5] for b in buf})
    h.update(orjson.dumps([batch_hashes[b] for b in batches]))
    for doc_index, doc_id, source, cuts, specs, _k in buf:
        h.update(orjson.dumps([doc_index, doc_id, source, cuts, specs]))
    fp = h.hexdigest()
    path = work.samples_dir / f"chunk_{index:05d}.arrow"
    meta_path = work.samples_dir / f"chunk_{index:05d}.json"
    info = ChunkInfo(index, fp, sum(len(b[4]) for b in buf), len(buf), buf[0][0], buf[-1][0], path, False)
    old = read_json(meta_path)
    if old and old.get("fingerprint") == fp and path.exists() and old.get("bytes") == path.stat().st_size:
        return info
    tmp = path.with_name(f".{path.name}.tmp")
    # One filter batch's texts in memory at a time: a chunk of a million samples can span
    # hundreds of thousands of documents.
    try:
        with pa.OSFile(str(tmp), "wb") as sink, pa.ipc.new_stream(sink, CHUNK_SCHEMA) as writer:
            for k in batches:
                entries = [b for b in buf if b[5] == k]
                texts = _texts(work, k, {b[0] for b in entries})
                for i in range(0, len(entries), 1000):
                    rows = [
                        {
                            "doc_index": doc_index,
                            "doc_id": doc_id,
                            "source": source,
                            "text": texts[doc_index],
                            "cuts": cuts,
                            "samples": [
                                {"target": s[0], "antecedent_start": s[1], "antecedent_end": s[2],
                                 "mention_start": s[3], "mention_end": s[4]}
                                for s in specs
                            ],
                        }
                        for doc_index, doc_id, source, cuts, specs, _k in entries[i : i + 1000]
                    ]
                    writer.write_table(pa.Table.from_pylist(rows, schema=CHUNK_SCHEMA))
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a full disk gets its space back
        raise
    atomic_write_json(meta_path, {"fingerprint": fp, "samples": info.samples, "docs": info.docs,
                                  "first_doc": info.first_doc, "last_doc": info.last_doc,
                                  "bytes": path.stat().st_size})
    info.written = True
    return info


def _texts(work: WorkDir, k: int, wanted: set[int]) -> dict[int, str]:
    t = pq.read_table(work.batch_parquet(k), columns=["doc_index", "text"])
    return {
        di: text
        for di, text in zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True)
        if di in wanted
    }


# --- the stage ---------------------------------------------------------------------------------


def run_samples(opts: Any, done: dict[int, dict[str, Any]]) -> tuple[list[Any], dict[str, Any]]:
    t0 = time.monotonic()
    hashes = {k: s["parquet_sha256"] for k, s in done.items()}
    chunks, stats = build_sample_chunks(opts.work, sorted(done), hashes, opts.samples, opts.tok_chunk,
                                        max_samples=opts.max_samples)
    summary = stats.summary()
    written = sum(1 for c in chunks if c.written)
    atomic_write_json(opts.work.samples_dir / "index.json",
                      {"chunks": [{"index": c.index, "fingerprint": c.fingerprint, "samples": c.samples}
                                  for c in chunks], "summary": summary})
    say(f"samples: {summary['num_samples']:,} samples from {summary['num_documents_with_samples']:,} documents, "
        f"{summary['num_unique_entities']:,} entities, {len(chunks)} chunk(s) ({written} written) "
        f"in {time.monotonic() - t0:.1f}s")
    return chunks, summary
