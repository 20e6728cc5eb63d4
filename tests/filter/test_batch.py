"""The filter stage's unit of work (compute_batch), and the behaviour its speed and memory
optimisations rely on. Quarantine and timeouts of the supervised workers are in tests/filter/test_workers.py."""

import multiprocessing as mp
import random
import re
from types import SimpleNamespace

import orjson
import psutil
import pyarrow.parquet as pq
import pytest

from corefprep.core.atomic import read_json
from corefprep.core.errors import InputError
from corefprep.core.workdir import WorkDir
from corefprep.filter import kept_rows
from corefprep.filter.batch import compute_batch
from corefprep.filter.context import FilterContext
from corefprep.filter.deciders import InProcessDecider
from corefprep.filter.faults import BatchFaults
from corefprep.filter.judge import Judge
from corefprep.filter.workers import CHUNK_CHARS, MIN_CHUNK, ChunkSizer, WorkerDecider, _chunks
from corefprep.io.read import count_records
from corefprep.io.resolve import resolve_inputs
from corefprep.parallel import EngineConfig
from corefprep.rules.kiwi import load_kiwi
from corefprep.rules.text import hangul_count, symbol_count
from corefprep.rules.v2 import V2Rules


def test_vectorised_counts_equal_the_rule_definitions():
    rng = random.Random(0)
    alphabet = "가나다힣갛abcXYZ019 \n\t_.,!?★😀\u3000\r\x00\x1f\ud7a4\uabff" + "\u4e00"
    for _ in range(2000):
        t = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert symbol_count(t) == sum(1 for c in t if not (c.isalnum() or c in " \n\t"))
        assert hangul_count(t) == len(re.findall("[가-힣]", t))


def _chunk_sizes(expected: int, workers: int, cap: int, survivors: list[int]) -> list[int]:
    docs = (SimpleNamespace(doc_index=i, text="문서") for i in survivors)
    return [u.size for u in _chunks(docs, ChunkSizer(expected, workers, cap), 0)]  # type: ignore[arg-type]


def test_chunks_shrink_toward_the_end_of_a_batch():
    """Every survivor is in exactly one chunk; chunks never pass --chunksize; the first ones double
    from a few documents (every worker starts at once), mid-batch ones are large (few hand-offs)
    and the last ones small again, so no worker waits on another's big last chunk."""
    survivors = [i for i in range(20_000) if i % 9 < 4]  # 44% pass the cheap rules, as on the bench corpus
    sizes = _chunk_sizes(20_000, 2, 2000, survivors)
    assert sum(sizes) == len(survivors)
    top = sizes.index(max(sizes))
    assert sizes[:4] == [MIN_CHUNK, 2 * MIN_CHUNK, 4 * MIN_CHUNK, 8 * MIN_CHUNK] and max(sizes) >= 500
    assert sizes[top:] == sorted(sizes[top:], reverse=True)
    assert sizes[-3:] == [MIN_CHUNK] * 2 + [sizes[-1]] and sizes[-1] <= MIN_CHUNK
    assert len(sizes) < 100  # not thousands of tiny hand-offs
    assert max(_chunk_sizes(20_000, 2, 300, survivors)) == 300  # --chunksize caps them
    assert _chunk_sizes(0, 2, 500, list(range(1200))) == [500, 500, 200]  # nothing expected: --chunksize
    assert _chunk_sizes(3, 4, 2000, [0, 1, 2]) == [3]


def test_chunks_are_cut_at_a_bound_on_their_text_too():
    """The parent holds every document of the chunks in flight: a chunk of --chunksize long
    documents is cut once it holds CHUNK_CHARS characters (it passes the bound by at most its last
    document), and short documents still fill a chunk to --chunksize. No document is lost or
    repeated."""
    long = CHUNK_CHARS // 10 + 1
    lengths = [long] * 25 + [CHUNK_CHARS * 3] + [5] * 1200 + [0]
    docs = [SimpleNamespace(doc_index=i, text="가" * n if n else None) for i, n in enumerate(lengths)]
    units = list(_chunks(iter(docs), ChunkSizer(0, 2, 500), 0))  # type: ignore[arg-type]
    assert [u.size for u in units] == [10, 10, 6, 500, 500, 201]
    assert [d.doc_index for u in units for d in u.args] == list(range(len(docs)))
    for u in units:
        chars = [len(d.text or "") for d in u.args]
        assert sum(chars[:-1]) < CHUNK_CHARS  # cut as soon as the bound is reached


def _child_private_mb(q):
    kiwi = load_kiwi()  # inherited from the parent: must not load or build anything new
    for _ in range(5):
        kiwi.tokenize("이순신은 조선 중기의 무신이다. 이순신은 임진왜란 때 거북선을 이끌었다. " * 10)
    q.put(psutil.Process().memory_full_info().uss / 2**20)


def test_forked_workers_share_the_warmed_up_kiwi():
    """Kiwi builds ~250 MB lazily on its first analysis; load_kiwi warms it up before the Pool forks
    so workers share it. A worker's private memory stays small (measured ~3 MB, ~266 MB without)."""
    load_kiwi()
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_child_private_mb, args=(q,))
    p.start()
    uss = q.get(timeout=120)
    p.join()
    assert uss < 100, f"a forked Kiwi worker holds {uss:.0f} MB of private memory"


GOOD = ("세종대왕은 조선의 네 번째 임금이다. 세종대왕은 집현전 학자들과 함께 훈민정음을 만들었다. "
        "조선의 수도는 한양이었고 한양에는 경복궁이 세워졌다. 경복궁은 조선 왕조의 법궁으로 쓰였다. ") * 8


def _context(tmp_path, records: list[bytes], batch_docs: int = 100) -> FilterContext:
    tmp_path.mkdir(parents=True, exist_ok=True)
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(records) + b"\n")
    files = resolve_inputs([str(src)])
    counts = [count_records(f) for f in files]
    return FilterContext(WorkDir(tmp_path / "out"), tuple(files), tuple(counts), "text", Judge(V2Rules()), batch_docs,
                         sum(counts), "cfg")


def _faults(ctx: FilterContext, k: int) -> BatchFaults:
    lo, hi = ctx.bounds(k)
    return BatchFaults(k, lo, hi, False)


def _records() -> list[bytes]:
    pronoun = GOOD[:400] + " 그는 한양으로 갔다. " + GOOD[400:]
    texts = [GOOD, "짧다.", pronoun, "Latin text only. " * 60, GOOD]
    recs = [orjson.dumps({"id": f"d{i}", "text": t}) for i, t in enumerate(texts)]
    return recs + [b'{"id": "broken", "text": "unterminated']


@pytest.mark.parametrize("engine", ["workers", "in-process"])
def test_compute_batch_accounts_for_every_document_and_writes_the_batch(tmp_path, kiwi, engine):
    ctx = _context(tmp_path, _records())
    if engine == "workers":
        with WorkerDecider(ctx.judge, EngineConfig(workers=2, chunksize=2)) as decider:
            stats = compute_batch(ctx, 0, decider, _faults(ctx, 0))
    else:
        stats = compute_batch(ctx, 0, InProcessDecider(ctx.judge, kiwi), _faults(ctx, 0))
    assert stats.documents == 6 == stats.passed + sum(stats.rejected.values()) + sum(stats.malformed.values())
    assert stats.rejected == {"too_short": 1, "has_pronoun": 1, "low_hangul": 1}
    assert stats.malformed == {"invalid_json": 1}
    assert stats.malformed_examples == [f"{tmp_path / 'in.jsonl'}:6 invalid_json"]
    assert sum(stats.chars_in) == 5 and sum(stats.chars_kept) == 2
    table = pq.read_table(ctx.work.batch_parquet(0))
    assert table.column("doc_index").to_pylist() == [0, 4]  # sorted whatever finished first
    assert table.column("source").to_pylist() == ["in.jsonl", "in.jsonl"]  # the file's name, not its path
    assert table.column("text").to_pylist() == [GOOD, GOOD]
    assert read_json(ctx.work.batch_stats(0)) == stats.to_json()
    # where the CPU went: Kiwi analysed the three documents past the cheap rules, inside the
    # deciding time; the reading process's parts are within its whole
    cpu = stats.cpu
    assert stats.kiwi_chars > 0 and 0 < cpu.kiwi <= stats.worker_cpu_seconds
    assert cpu.kiwi + cpu.rules + cpu.sign == pytest.approx(stats.worker_cpu_seconds, abs=0.002)
    assert min(cpu.read, cpu.cheap, cpu.write, cpu.between) >= 0 and cpu.cheap > 0
    assert cpu.read + cpu.cheap + cpu.write <= cpu.parent + 0.002
    if engine == "in-process":
        assert cpu.between == 0  # nothing crosses a process boundary


def test_both_deciders_write_the_same_bytes(tmp_path, kiwi):
    """The local engine's workers and a Ray actor's in-process decider must produce identical batches."""
    recs = _records() * 3
    a = _context(tmp_path / "a", recs, batch_docs=7)
    b = _context(tmp_path / "b", recs, batch_docs=7)
    with WorkerDecider(a.judge, EngineConfig(workers=2, chunksize=1)) as decider:
        for k in range(a.num_batches):
            compute_batch(a, k, decider, _faults(a, k))
    for k in range(b.num_batches):
        compute_batch(b, k, InProcessDecider(b.judge, kiwi), _faults(b, k))
    for k in range(a.num_batches):
        assert a.work.batch_parquet(k).read_bytes() == b.work.batch_parquet(k).read_bytes()


def test_a_batch_keeping_more_than_a_run_spills_and_writes_its_rows_in_order_on_both_deciders(tmp_path, kiwi,
                                                                                               monkeypatch):
    """Kept rows beyond a run go to a spill file on the way (corefprep.filter.kept_rows); the batch's
    parquet is the same bytes whichever decider and worker finished first, in doc_index order, in
    row groups, and no spill file is left."""
    monkeypatch.setattr(kept_rows, "RUN_ROWS", 2)
    monkeypatch.setattr(kept_rows, "GROUP_ROWS", 5)
    recs = [orjson.dumps({"id": f"d{i}", "text": GOOD}) for i in range(12)]
    a, b = _context(tmp_path / "a", recs), _context(tmp_path / "b", recs)
    with WorkerDecider(a.judge, EngineConfig(workers=2, chunksize=1)) as decider:
        assert compute_batch(a, 0, decider, _faults(a, 0)).rows == 12
    compute_batch(b, 0, InProcessDecider(b.judge, kiwi), _faults(b, 0))
    assert a.work.batch_parquet(0).read_bytes() == b.work.batch_parquet(0).read_bytes()
    meta = pq.ParquetFile(a.work.batch_parquet(0)).metadata
    assert [meta.row_group(g).num_rows for g in range(meta.num_row_groups)] == [5, 5, 2]
    assert pq.read_table(a.work.batch_parquet(0)).column("doc_id").to_pylist() == [f"d{i}" for i in range(12)]
    assert [p.name for p in a.work.filter_dir.iterdir() if p.name.startswith(".")] == []


def test_a_batch_of_records_without_the_text_field_is_one_sentence(tmp_path, kiwi):
    ctx = _context(tmp_path, [orjson.dumps({"id": i, "body": "본문"}) for i in range(5)])
    with pytest.raises(InputError, match="none of its 5 records has the text field 'text'.*--text-field"):
        compute_batch(ctx, 0, InProcessDecider(ctx.judge, kiwi), _faults(ctx, 0))
