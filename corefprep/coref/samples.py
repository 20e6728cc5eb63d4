"""Entity-coreference samples from the kept documents (SPEC 2.4).

Samples are built in ``doc_index`` order over all finished filter batches, with a per-entity cap
counted across the whole corpus, so worker count, batch size and interruptions never change them.

The cap counts only samples that become rows. Whether a candidate sample becomes a row is the
tokenizer's business (its antecedent and mention must share one ``--seq-len`` window, and their
boundaries must fall between tokens, see :mod:`corefprep.coref.masking`): the kept documents are encoded
here with the same tokenizer and judged by the same pure function the tokenize stage uses, and a
candidate that will not become a row never uses up its entity's cap. Each filter batch's verdicts
(one small integer per candidate) are kept beside the sample chunks, keyed by the batch's content,
the tokenizer and the settings that decide them, so a rerun does not encode the corpus again.

Samples are grouped into chunks of ``tok_chunk`` samples; each chunk is written once (with the
texts of its documents) and kept as long as its fingerprint matches, so a resumed run
re-tokenizes only chunks whose content changed.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.atomic import atomic_write_bytes, atomic_write_json, config_hash, read_json
from ..core.errors import CorefprepError
from ..core.log import progress_bar, say
from ..core.plural import count
from ..core.workdir import WorkDir
from ..dedup.result import DedupResult
from ..filter.records import BatchStats
from ..tokenizer.config import TokenizeConfig
from ..tokenizer.info import manage_tokenizers_parallelism, tokenizer_info
from ..tokenizer.load import load_fast_tokenizer
from .candidates import CorpusStats, SampleSpec, SamplesSummary, cap_samples, doc_candidates, entities_of
from .config import SampleConfig
from .masking import Fate, plain_backend, sample_fates, special_tokens, window_rule


class Entry(NamedTuple):
    """A document's samples in a chunk."""

    doc_index: int
    doc_id: str
    source: str
    specs: list[SampleSpec]
    batch: int  # the filter batch that holds its text
    dup_count: int | None  # copies it had, when the run deduplicated

CHUNK_SCHEMA = pa.schema(
    [
        ("doc_index", pa.int64()),
        ("doc_id", pa.string()),
        ("source", pa.string()),
        ("text", pa.string()),
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
class SamplesResult:
    chunks: list[ChunkInfo]
    summary: SamplesSummary
    seconds: float


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


# --- which candidates become rows ----------------------------------------------------------------


class SampleJudge:
    """Decides with the tokenizer which candidates become rows, as the tokenize stage will."""

    def __init__(self, tok: Any, tcfg: TokenizeConfig, tokenizer_sha: str):
        self.backend = plain_backend(tok.backend_tokenizer)
        self.rule = window_rule(tcfg, special_tokens(self.backend))
        self.policy = tcfg.unaligned
        # everything the verdicts depend on besides the documents
        self.key = {"tokenizer": tokenizer_sha, "rule": list(self.rule)}

    def fates(self, texts: list[str], spans: list[list[tuple[int, int, int, int]]]) -> list[list[Fate]]:
        return sample_fates(texts, spans, self.backend, self.rule)


def batch_fates(work: WorkDir, k: int, batch_hash: str, cfg: SampleConfig, judge: SampleJudge,
                read_rows: int = 512) -> np.ndarray:
    """The fate of every candidate of filter batch ``k`` (documents in row order, candidates in
    :func:`doc_candidates` order), read from its record when that matches, else computed (the
    batch's documents encoded ``read_rows`` at a time) and recorded."""
    path = work.samples_dir / f"fates_{k:05d}.i8"
    meta = work.samples_dir / f"fates_{k:05d}.json"
    key = config_hash({"batch": batch_hash, "candidates": cfg.candidate_rules(), **judge.key})
    old = read_json(meta)
    if old and old.get("key") == key and path.is_file():
        data = path.read_bytes()
        if len(data) == old.get("candidates") and hashlib.sha256(data).hexdigest() == old.get("sha256"):
            return np.frombuffer(data, dtype=np.int8)
    meta.unlink(missing_ok=True)  # never a record beside a verdict file it does not describe
    work.samples_dir.mkdir(parents=True, exist_ok=True)
    out: list[int] = []
    pf = pq.ParquetFile(work.batch_parquet(k))
    for rb in pf.iter_batches(batch_size=read_rows, columns=["text", "entities"]):
        texts = rb.column("text").to_pylist()
        spans = [[c.spans for c in doc_candidates(entities_of(ents), cfg)]
                 for ents in rb.column("entities").to_pylist()]
        for fates in judge.fates(texts, spans):
            out.extend(fates)
    data = np.asarray(out, dtype=np.int8).tobytes()
    atomic_write_bytes(path, data)
    atomic_write_json(meta, {"key": key, "candidates": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return np.frombuffer(data, dtype=np.int8)


def build_sample_chunks(
    work: WorkDir, batch_ids: list[int], batch_hashes: dict[int, str], cfg: SampleConfig, tok_chunk: int,
    max_samples: int | None = None, judge: SampleJudge | None = None,
    progress: Callable[[int], None] | None = None, dedup: DedupResult | None = None,
) -> tuple[list[ChunkInfo], CorpusStats]:
    """Build all samples (the first ``max_samples`` if given); (re)write only chunks whose content
    changed. With a ``judge`` only candidates that become rows are samples (and use up the cap);
    without one every candidate is. Documents ``dedup`` removed have no samples (they still use no
    cap: the entity cap counts the kept copies only)."""
    work.samples_dir.mkdir(parents=True, exist_ok=True)
    stats = CorpusStats(cfg)
    counts = stats.entity_samples
    chunks: list[ChunkInfo] = []
    buf: list[Entry] = []
    buf_samples = 0
    chunk_key = judge.key if judge is not None else None

    def close() -> None:
        nonlocal buf, buf_samples
        if buf:
            chunks.append(_close_chunk(work, len(chunks), buf, batch_hashes, chunk_key))
        buf, buf_samples = [], 0

    full = False
    for k in batch_ids:
        if full:
            break
        fates = batch_fates(work, k, batch_hashes[k], cfg, judge) if judge is not None else None
        pos = 0
        table = pq.ParquetFile(work.batch_parquet(k)).read(columns=["doc_index", "doc_id", "source", "entities"])
        doc_index = table.column("doc_index").to_numpy()
        removed = dedup.removed_mask(doc_index).tolist() if dedup is not None else [False] * len(doc_index)
        dups = dedup.dup_counts(doc_index).tolist() if dedup is not None else [None] * len(doc_index)
        for row, gone, dup in zip(table.to_pylist(), removed, dups, strict=True):
            cands = doc_candidates(entities_of(row["entities"]), cfg)
            doc_fates = fates[pos : pos + len(cands)] if fates is not None else None
            pos += len(cands)
            if gone:
                continue
            limit = None if max_samples is None else max_samples - stats.num_samples
            specs = cap_samples(cands, doc_fates, counts, cfg, stats.tally, limit)
            if specs:
                stats.add(specs, count_entities=False)
                stats.num_docs += 1
            while specs:
                take = specs[: tok_chunk - buf_samples]
                specs = specs[len(take) :]
                buf.append(Entry(row["doc_index"], row["doc_id"], row["source"], take, k, dup))
                buf_samples += len(take)
                if buf_samples >= tok_chunk:
                    close()
            if max_samples is not None and stats.num_samples >= max_samples:
                full = True
                break
        if fates is not None and not full and pos != len(fates):
            raise CorefprepError(f"the sample verdicts of filter batch {k} do not match its documents; delete "
                                 f"{work.samples_dir} and run again")
        if progress is not None:
            progress(table.num_rows)  # the batch's kept documents
    close()
    # Chunks beyond the new last one belong to an older, longer sample list; verdicts of batches
    # that no longer exist are of no use.
    for p in work.samples_dir.glob("chunk_*"):
        stem = p.name.split(".")[0]
        if int(stem.split("_")[1]) >= len(chunks):
            p.unlink(missing_ok=True)
    for p in work.samples_dir.glob("fates_*"):
        if int(p.name.split(".")[0].split("_")[1]) not in batch_hashes:
            p.unlink(missing_ok=True)
    return chunks, stats


def _close_chunk(
    work: WorkDir, index: int, buf: list[Entry], batch_hashes: dict[int, str], judge_key: dict[str, Any] | None,
) -> ChunkInfo:
    h = hashlib.blake2b(digest_size=16)
    batches = sorted({b.batch for b in buf})
    dedup = buf[0].dup_count is not None  # the run deduplicated: each document says how many copies it had
    schema = CHUNK_SCHEMA.append(pa.field("dup_count", pa.int32())) if dedup else CHUNK_SCHEMA
    # the tokenizer and window settings decided which samples are here
    h.update(orjson.dumps(judge_key, option=orjson.OPT_SORT_KEYS))
    h.update(orjson.dumps([batch_hashes[b] for b in batches]))
    for doc_index, doc_id, source, specs, _k, dup in buf:
        h.update(orjson.dumps([doc_index, doc_id, source, [tuple(s) for s in specs], *([dup] if dedup else [])]))
    fp = h.hexdigest()
    path = work.samples_dir / f"chunk_{index:05d}.arrow"
    meta_path = work.samples_dir / f"chunk_{index:05d}.json"
    info = ChunkInfo(index, fp, sum(len(b.specs) for b in buf), len(buf), buf[0].doc_index, buf[-1].doc_index, path,
                     False)
    old = read_json(meta_path)
    if old and old.get("fingerprint") == fp and path.exists() and old.get("bytes") == path.stat().st_size:
        return info
    tmp = path.with_name(f".{path.name}.tmp")
    # One filter batch's texts in memory at a time: a chunk of a million samples can span
    # hundreds of thousands of documents.
    try:
        with pa.OSFile(str(tmp), "wb") as sink, pa.ipc.new_stream(sink, schema) as writer:
            for k in batches:
                entries = [b for b in buf if b.batch == k]
                texts = _texts(work, k, {b.doc_index for b in entries})
                for i in range(0, len(entries), 1000):
                    rows = [
                        {
                            "doc_index": doc_index,
                            "doc_id": doc_id,
                            "source": source,
                            "text": texts[doc_index],
                            "samples": [
                                s._asdict() for s in specs
                            ],
                            **({"dup_count": dup} if dedup else {}),
                        }
                        for doc_index, doc_id, source, specs, _k, dup in entries[i : i + 1000]
                    ]
                    writer.write_table(pa.Table.from_pylist(rows, schema=schema))
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
    t = pq.ParquetFile(work.batch_parquet(k)).read(columns=["doc_index", "text"])
    return {
        di: text
        for di, text in zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True)
        if di in wanted
    }


# --- the stage ---------------------------------------------------------------------------------


def run_samples(work: WorkDir, done: dict[int, BatchStats], cfg: SampleConfig, tcfg: TokenizeConfig,
                tok_chunk: int, *, progress: bool = True,
                dedup: DedupResult | None = None) -> SamplesResult:
    """The samples stage over the finished filter batches ``done``."""
    t0 = time.monotonic()
    hashes = {k: s.parquet_sha256 for k, s in done.items()}
    tok = load_fast_tokenizer(tcfg.model)
    judge = SampleJudge(tok, tcfg, tokenizer_info(tok, tcfg.model)["sha256"])
    manage_tokenizers_parallelism(1)  # one process encodes: let the tokenizer use every core
    # encoding every kept document to judge its candidates takes minutes on a big corpus: show it
    bar = progress_bar(sum(s.passed for s in done.values()), "samples", enabled=progress)
    try:
        chunks, stats = build_sample_chunks(work, sorted(done), hashes, cfg, tok_chunk, max_samples=cfg.max_samples,
                                            judge=judge, progress=bar.update, dedup=dedup)
    finally:
        bar.close()
    summary = stats.summary(tcfg.unaligned)
    written = sum(1 for c in chunks if c.written)
    atomic_write_json(work.samples_dir / "index.json",
                      {"chunks": [{"index": c.index, "fingerprint": c.fingerprint, "samples": c.samples}
                                  for c in chunks], "summary": summary.as_dict()})
    t = stats.tally
    unaligned = t.unaligned + t.widened
    seconds = time.monotonic() - t0
    with_samples = count(summary.num_documents_with_samples, "document")
    say(f"samples: {count(summary.num_samples, 'sample')} from {with_samples}, "
        f"{count(summary.num_unique_entities, 'entity')}, {count(len(chunks), 'chunk')} ({written} written) "
        f"in {seconds:.1f}s; of {t.candidates:,} candidates {unaligned:,} "
        f"({summary.unaligned_share:.1%}) have a boundary inside a token "
        f"({'widened' if judge.rule.widen else 'dropped'}), {t.too_far:,} do not fit one "
        f"{tcfg.seq_len}-token window (dropped)")
    if not chunks and t.candidates:
        raise CorefprepError(
            f"every sample was dropped: of {t.candidates:,} candidates {t.too_far:,} do not fit one "
            f"{tcfg.seq_len}-token window and {t.unaligned:,} have a boundary inside a token; raise --seq-len"
            + ("" if judge.rule.widen else " or use --unaligned widen")
        )
    return SamplesResult(chunks, summary, seconds)
