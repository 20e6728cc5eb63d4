"""Entity-coreference samples (SPEC 2.4): the per-document rules, the corpus-wide entity cap and
the sample chunks that feed the tokenizer.

Unit tests use hand-made entity lists and hand-written filter batches (no Kiwi); the cap tests at
the end run the real pipeline on the small mini corpus (tests/fixtures/minicorpus.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc

from corefprep.core.workdir import WorkDir
from corefprep.coref.candidates import CorpusStats, SampleSpec, Tally, doc_samples
from corefprep.coref.config import SampleConfig
from corefprep.coref.masking import Fate
from corefprep.coref.samples import SampleJudge, batch_fates, build_sample_chunks
from corefprep.coref.tokenize import tokenize_chunk
from corefprep.filter.batch import BATCH_SCHEMA
from corefprep.rules.v2 import V2Rules
from corefprep.tokenizer.config import BUNDLED_TOKENIZER, TokenizeConfig
from corefprep.tokenizer.info import tokenizer_info
from corefprep.tokenizer.load import load_fast_tokenizer

# --------------------------------------------------------------------------- doc_samples rules


def _ent(form: str, *starts: int) -> tuple[str, list[tuple[int, int]]]:
    return form, [(s, s + len(form)) for s in starts]


def test_distance_bounds_are_inclusive_10_and_2000():
    cfg = SampleConfig()
    counts: Counter[str] = Counter()
    # distances 9 (too close), 10 (ok), 2000 (ok) -- only mentions 2..4 count
    got = doc_samples([_ent("서울", 100, 109, 110, 2100)], counts, cfg)
    assert got == [("서울", 100, 102, 110, 112), ("서울", 100, 102, 2100, 2102)]
    got = doc_samples([_ent("부산", 0, 2001)], Counter(), cfg)
    assert got == []  # distance 2001 is out


def test_distance_is_measured_from_antecedent_start_not_end():
    # antecedent [0, 8), mention at 12: start-to-start 12 (>= 10) although only 4 chars apart
    got = doc_samples([_ent("마이크로소프트사", 0, 12)], Counter(), SampleConfig())
    assert [(s[1], s[3]) for s in got] == [(0, 12)]


def test_only_second_to_fourth_mentions_pair_with_the_first():
    ent = _ent("방탄소년단", 0, 20, 40, 60, 80, 100)
    got = doc_samples([ent], Counter(), SampleConfig())
    assert [s[3] for s in got] == [20, 40, 60]  # the 5th and 6th mentions are never used
    assert all(s[1] == 0 and s[2] == 5 for s in got)  # always paired with the first mention


def test_too_close_second_mention_does_not_stop_later_ones():
    got = doc_samples([_ent("일본", 0, 5, 30, 3000)], Counter(), SampleConfig())
    assert [s[3] for s in got] == [30]


def test_samples_follow_entity_order_then_mention_order():
    ents = [_ent("나중", 50, 80), _ent("처음", 0, 20, 40)]  # given order = order of first appearance
    got = doc_samples(ents, Counter(), SampleConfig())
    assert [(s[0], s[3]) for s in got] == [("나중", 80), ("처음", 20), ("처음", 40)]


def test_entity_cap_counts_across_documents():
    cfg = SampleConfig(max_entity_freq=3)
    counts: Counter[str] = Counter()
    first = doc_samples([_ent("서울", 0, 20, 40), _ent("부산", 0, 30)], counts, cfg)
    second = doc_samples([_ent("서울", 0, 20, 40, 60), _ent("부산", 0, 30, 60)], counts, cfg)
    assert [s[0] for s in first] == ["서울", "서울", "부산"]
    assert [(s[0], s[3]) for s in second] == [("서울", 20), ("부산", 30), ("부산", 60)]
    assert counts == {"서울": 3, "부산": 3}
    third = doc_samples([_ent("서울", 0, 20), _ent("부산", 0, 20)], counts, cfg)
    assert third == []


def test_cap_of_one_and_custom_distances():
    cfg = SampleConfig(max_entity_freq=1, min_distance=1, max_distance=5)
    got = doc_samples([_ent("대구", 0, 3, 5, 6)], Counter(), cfg)
    assert got == [("대구", 0, 2, 3, 5)]


@dataclass
class _Tok:
    form: str
    tag: str
    start: int
    end: int


def test_repeated_entities_in_order_of_first_appearance():
    toks = [
        _Tok("부산", "NNP", 0, 2), _Tok("서울", "NNP", 5, 7), _Tok("수", "NNP", 8, 9), _Tok("서울", "NNP", 10, 12),
        _Tok("가", "NNP", 13, 14), _Tok("가", "NNP", 15, 16), _Tok("부산", "NNP", 20, 22), _Tok("부산", "NNG", 25, 27),
        _Tok("대구", "NNP", 30, 32), _Tok("수", "NNP", 33, 34),
    ]
    ents = V2Rules().repeated_entities([(t.form, t.start, t.end) for t in toks if t.tag == "NNP"])
    # 부산 appears first; 수 is a stopword, 가 is one character, 대구 occurs once, NNG is not an entity
    assert ents == [("부산", [(0, 2), (20, 22)]), ("서울", [(5, 7), (10, 12)])]


def test_corpus_stats_summary():
    st = CorpusStats()
    st.add([SampleSpec("서울", 0, 2, 10, 12), SampleSpec("서울", 0, 2, 2000, 2002),
            SampleSpec("부산광역시", 0, 5, 100, 105)])
    st.num_docs = 2
    s = st.summary("widen")
    assert s.num_samples == 3 and s.num_unique_entities == 2 and s.num_documents_with_samples == 2
    assert s.top_entities[0] == ("서울", 2)
    assert s.distance_stats["min"] == 10 and s.distance_stats["max"] == 2000
    assert sum(s.distance_distribution.values()) == 3  # every distance in 10..2000 falls in a bin
    assert s.entity_length_stats["max"] == 5
    assert CorpusStats().summary("widen").distance_stats["min"] == 0
    assert s.as_dict()["unaligned_policy"] == "widen" and list(s.as_dict())[0] == "num_samples"


# --------------------------------------------------------------------------- sample chunks

_FILLER = "그리고 여러 가지 이야기가 이어진다. "  # 20 characters


def _doc(doc_index: int, forms: list[str], reps: int = 3) -> dict:
    """A document mentioning each form ``reps`` times, separated by filler; real offsets."""
    text = ""
    mentions: dict[str, list[tuple[int, int]]] = {f: [] for f in forms}
    for _ in range(reps):
        for f in forms:
            mentions[f].append((len(text), len(text) + len(f)))
            text += f + "은 " + _FILLER
    return {
        "doc_index": doc_index, "doc_id": f"d{doc_index}", "source": "synthetic.jsonl", "url": None, "text": text,
        "entities": [{"form": f, "starts": [m[0] for m in ms], "ends": [m[1] for m in ms]}
                     for f, ms in mentions.items()],
    }


def _write_batches(work: WorkDir, docs: list[dict], batch_docs: int, total: int) -> dict[int, str]:
    """Kept documents as filter batch parquet files; returns fake batch hashes."""
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    hashes = {}
    for k in range(-(-total // batch_docs)):
        rows = [d for d in docs if k * batch_docs <= d["doc_index"] < (k + 1) * batch_docs]
        pq.write_table(pa.Table.from_pylist(rows, schema=BATCH_SCHEMA), work.batch_parquet(k))
        hashes[k] = f"hash{k}"
    return hashes


def _chunk_rows(path: Path) -> list[dict]:
    with pa.OSFile(str(path), "rb") as f:
        return pa.ipc.open_stream(f).read_all().to_pylist()


def _all_samples(chunks) -> list[tuple]:
    out = []
    for c in chunks:
        for row in _chunk_rows(c.path):
            for s in row["samples"]:
                out.append((row["doc_index"], s["target"], s["antecedent_start"], s["mention_start"]))
    return out


DOCS = [_doc(1, ["서울", "부산"]), _doc(4, ["부산", "대구"]), _doc(5, ["서울"], reps=5), _doc(9, ["대전", "서울"])]


def test_chunks_hold_samples_in_doc_order_with_texts(tmp_path):
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, DOCS, batch_docs=3, total=10)
    chunks, stats = build_sample_chunks(work, sorted(hashes), hashes, SampleConfig(max_entity_freq=3), tok_chunk=4)
    samples = _all_samples(chunks)
    assert [s[0] for s in samples] == sorted(s[0] for s in samples)
    # cap 3 across documents: 서울 gets 2 in doc 1 and 1 in doc 5; none left for doc 9
    assert Counter(s[1] for s in samples) == {"서울": 3, "부산": 3, "대구": 2, "대전": 2}
    assert stats.num_samples == len(samples) == 10
    assert [c.samples for c in chunks] == [4, 4, 2]
    assert all(c.written for c in chunks)
    texts = {d["doc_index"]: d["text"] for d in DOCS}
    for c in chunks:
        for row in _chunk_rows(c.path):
            assert row["text"] == texts[row["doc_index"]]
            for s in row["samples"]:
                t = row["text"]
                assert t[s["antecedent_start"]:s["antecedent_end"]] == s["target"]
                assert t[s["mention_start"]:s["mention_end"]] == s["target"]
    meta = orjson.loads((work.samples_dir / "chunk_00000.json").read_bytes())
    assert meta["samples"] == 4 and meta["fingerprint"] == chunks[0].fingerprint


def test_samples_do_not_depend_on_batch_size(tmp_path):
    results = []
    for b in (1, 3, 10):
        work = WorkDir(tmp_path / f"b{b}")
        hashes = _write_batches(work, DOCS, batch_docs=b, total=10)
        chunks, _ = build_sample_chunks(work, sorted(hashes), hashes, SampleConfig(max_entity_freq=2), tok_chunk=3)
        results.append(_all_samples(chunks))
    assert results[0] == results[1] == results[2]
    assert max(Counter(s[1] for s in results[0]).values()) == 2


def test_unchanged_chunks_are_not_rewritten_and_stale_ones_removed(tmp_path):
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, DOCS, batch_docs=3, total=10)
    cfg = SampleConfig(max_entity_freq=3)
    first, _ = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=4)
    inodes = {c.path: c.path.stat().st_ino for c in first}
    again, _ = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=4)
    assert [c.fingerprint for c in again] == [c.fingerprint for c in first]
    assert not any(c.written for c in again)
    assert {c.path: c.path.stat().st_ino for c in again} == inodes
    # A batch whose content hash changed rewrites only the chunks holding its documents.
    hashes2 = {**hashes, 3: "other"}  # batch 3 = documents 9..11 -> only the last chunk
    third, _ = build_sample_chunks(work, sorted(hashes2), hashes2, cfg, tok_chunk=4)
    assert [c.written for c in third] == [False, False, True]
    # A shorter sample list removes chunk files beyond its end.
    fewer, _ = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=100)
    assert len(fewer) == 1
    assert sorted(p.name for p in work.samples_dir.glob("chunk_*")) == ["chunk_00000.arrow", "chunk_00000.json"]


def test_max_samples_keeps_the_first_samples(tmp_path):
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, DOCS, batch_docs=3, total=10)
    cfg = SampleConfig(max_entity_freq=3)
    full, _ = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=100)
    everything = _all_samples(full)
    part, stats = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=100, max_samples=5)
    assert _all_samples(part) == everything[:5]
    assert stats.num_samples == 5


def test_no_kept_documents_make_no_chunks(tmp_path):
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, [], batch_docs=3, total=6)
    chunks, stats = build_sample_chunks(work, sorted(hashes), hashes, SampleConfig(), tok_chunk=10)
    assert chunks == [] and stats.num_samples == 0


# --------------------------------------------------------------------------- the cap counts rows


@pytest.fixture(scope="module")
def bundled():
    return load_fast_tokenizer(str(BUNDLED_TOKENIZER))


def _judge(tok, **tcfg) -> SampleJudge:
    return SampleJudge(tok, TokenizeConfig(**tcfg), tokenizer_info(tok, "bundled")["sha256"])


def _pair_doc(doc_index: int, form: str, gap: int) -> dict:
    """``form`` twice, ``gap`` fillers apart (a comma after it keeps the bundled tokenizer's token
    boundaries at the entity's ends)."""
    text = form + ", 처음 이야기. " + _FILLER * gap
    second = len(text)
    text += form + ", 끝. "
    return {"doc_index": doc_index, "doc_id": f"d{doc_index}", "source": "synthetic.jsonl", "url": None,
            "text": text, "entities": [{"form": form, "starts": [0, second], "ends": [len(form), second + len(form)]}]}


def _rows_of(chunks, tok, tmp_path: Path, **tcfg) -> list[dict]:
    from datasets import Dataset

    rows = []
    for c in chunks:
        out = tmp_path / f"tok_{c.index}"
        _n, files = tokenize_chunk(c.path, out, tok, TokenizeConfig(**tcfg), num_proc=1, batch_size=10,
                                   writer_batch_size=10)
        for f in files:
            rows += Dataset.from_file(str(out / f)).to_list()
    return rows


def test_cap_is_spent_only_on_samples_that_become_rows(tmp_path, bundled):
    """서울's first three samples cannot share a 32-token window, the next three can: with the cap at
    2 it still gets 2 rows (the old way spent the cap on the first two and got none)."""
    docs = [_pair_doc(i, "서울", gap=12) for i in range(3)] + [_pair_doc(i, "서울", gap=1) for i in range(3, 6)]
    work = WorkDir(tmp_path / "w")
    hashes = _write_batches(work, docs, batch_docs=2, total=6)
    cfg = SampleConfig(max_entity_freq=2)
    judge = _judge(bundled, seq_len=32)
    chunks, stats = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=1, judge=judge)
    assert [s[0] for s in _all_samples(chunks)] == [3, 4]
    assert stats.tally == Tally(candidates=5, too_far=3)  # doc 5 is never looked at: the cap is full
    rows = _rows_of(chunks, bundled, tmp_path, seq_len=32)
    assert Counter(r["target"] for r in rows) == {"서울": 2}
    assert stats.summary("widen").window_dropped_samples == 3
    # without the tokenizer's verdict the cap goes to samples the window drops
    work2 = WorkDir(tmp_path / "n")
    _write_batches(work2, docs, batch_docs=2, total=6)
    naive, _ = build_sample_chunks(work2, sorted(hashes), hashes, cfg, tok_chunk=1)
    assert [s[0] for s in _all_samples(naive)] == [0, 1]
    assert _rows_of(naive, bundled, tmp_path / "naive", seq_len=32) == []


def test_rows_say_how_many_copies_their_document_had(tmp_path, bundled):
    """With deduplication, removed documents give no samples and every row carries ``dup_count``:
    its document's cluster size (a kept document with two removed copies: 3), 1 for a unique one."""
    import numpy as np

    from corefprep.dedup.result import DedupResult, DedupSummary

    docs = [_pair_doc(1, "서울", 1), _pair_doc(4, "서울", 1), _pair_doc(5, "부산", 1), _pair_doc(6, "서울", 1),
            _pair_doc(9, "대구", 1)]
    dedup = DedupResult("exact", "fp", np.array([4, 6]), np.array([1, 4, 6]), np.array([3, 3, 3], dtype=np.int32),
                        DedupSummary.from_json({"mode": "exact", "fingerprint": "fp"}))
    work = WorkDir(tmp_path / "w")
    hashes = _write_batches(work, docs, batch_docs=4, total=10)
    chunks, _ = build_sample_chunks(work, sorted(hashes), hashes, SampleConfig(), tok_chunk=2, dedup=dedup)
    in_chunks = {r["doc_index"]: r["dup_count"] for c in chunks for r in _chunk_rows(c.path)}
    assert in_chunks == {1: 3, 5: 1, 9: 1}
    rows = _rows_of(chunks, bundled, tmp_path, seq_len=32)
    assert {r["doc_index"]: r["dup_count"] for r in rows} == {1: 3, 5: 1, 9: 1}
    assert len(rows) == 3
    # without deduplication there is no such column
    plain = WorkDir(tmp_path / "p")
    _write_batches(plain, docs, batch_docs=4, total=10)
    chunks, _ = build_sample_chunks(plain, sorted(hashes), hashes, SampleConfig(), tok_chunk=2)
    assert "dup_count" not in _rows_of(chunks, bundled, tmp_path / "plain", seq_len=32)[0]


def test_unaligned_samples_do_not_use_the_cap(tmp_path, bundled):
    """With the bundled tokenizer "닌텐도가" ends inside a token ("##도가") and "닌텐도, " does not."""
    enc = bundled.backend_tokenizer.encode("닌텐도가 닌텐도, ", add_special_tokens=False)
    assert "##도가" in enc.tokens
    def doc(i: int, particle: str) -> dict:
        d = _pair_doc(i, "닌텐도", gap=2)
        d["text"] = d["text"].replace("닌텐도, 끝", "닌텐도" + particle + " 끝")
        return d

    docs = [doc(0, "가"), doc(1, "가"), doc(2, ","), doc(3, ",")]
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, docs, batch_docs=10, total=4)
    cfg = SampleConfig(max_entity_freq=2)
    chunks, stats = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=10,
                                        judge=_judge(bundled, unaligned="drop"))
    assert [s[0] for s in _all_samples(chunks)] == [2, 3]
    assert stats.tally == Tally(candidates=4, unaligned=2)
    summary = stats.summary("drop")
    assert summary.unaligned_samples == 2 and summary.unaligned_share == 0.5
    widen, wstats = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=10,
                                        judge=_judge(bundled))  # the default widens
    assert [s[0] for s in _all_samples(widen)] == [0, 1]  # widened samples are rows: they use the cap
    assert wstats.tally == Tally(candidates=2, widened=2)


def test_fingerprints_follow_the_tokenizer_and_window_settings(tmp_path, bundled):
    docs = [_pair_doc(i, "서울", gap=1) for i in range(4)]
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, docs, batch_docs=2, total=4)
    cfg = SampleConfig()

    def build(judge):
        return build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=2, judge=judge)[0]

    first = build(_judge(bundled, seq_len=512))
    fates_files = sorted(work.samples_dir.glob("fates_*"))
    assert len(fates_files) == 4  # two batches: verdicts and their records
    stamp = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in fates_files}
    again = build(_judge(bundled, seq_len=512))
    assert not any(c.written for c in again) and [c.fingerprint for c in again] == [c.fingerprint for c in first]
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in fates_files} == stamp  # not recomputed
    # the same samples, but decided under other settings: new fingerprints, new verdicts
    for other in (_judge(bundled, seq_len=500), _judge(bundled, mask_style="single"),
                  _judge(bundled, unaligned="widen"), None):
        chunks = build(other)
        assert _all_samples(chunks) == _all_samples(first)
        assert all(c.written for c in chunks)
        assert not {c.fingerprint for c in chunks} & {c.fingerprint for c in first}
    tok_other = SampleJudge(bundled, TokenizeConfig(), "another-tokenizer")
    assert not {c.fingerprint for c in build(tok_other)} & {c.fingerprint for c in first}


def test_verdicts_are_reused_and_do_not_depend_on_read_size(tmp_path, bundled, monkeypatch):
    docs = [_pair_doc(i, f"도시{i % 3}", gap=i % 14) for i in range(12)]
    work = WorkDir(tmp_path)
    hashes = _write_batches(work, docs, batch_docs=5, total=12)
    judge = _judge(bundled, seq_len=40)
    cfg = SampleConfig()
    small = [batch_fates(work, k, hashes[k], cfg, judge, read_rows=1).tolist() for k in sorted(hashes)]
    for p in work.samples_dir.glob("fates_*"):
        p.unlink()
    big = [batch_fates(work, k, hashes[k], cfg, judge).tolist() for k in sorted(hashes)]
    assert small == big and {f for fs in big for f in fs} == {int(Fate.FIT), int(Fate.TOO_FAR)}
    # a rerun reads the verdicts instead of encoding the corpus again
    monkeypatch.setattr(judge, "fates", lambda *a: pytest.fail("encoded again"))
    chunks, stats = build_sample_chunks(work, sorted(hashes), hashes, cfg, tok_chunk=100, judge=judge)
    assert stats.num_samples == sum(f == 0 for fs in big for f in fs)
    # a damaged verdict file is noticed (its checksum) and recomputed
    monkeypatch.undo()
    path = work.samples_dir / "fates_00000.i8"
    path.write_bytes(bytes(len(path.read_bytes())))
    assert batch_fates(work, 0, hashes[0], cfg, judge).tolist() == big[0]


def test_stats_stay_bounded_and_exact_where_it_matters():
    st = CorpusStats()
    st.add([SampleSpec("서울", 0, 2, d, d + 2) for d in range(10, 2001)] * 3)
    s = st.summary("widen")
    assert s.distance_stats == {"min": 10, "max": 2000, "mean": 1005.0, "median": 1005.0}
    assert sum(s.distance_distribution.values()) == 3 * 1991
    assert sum(s.distance_histogram["counts"]) == 3 * 1991 and len(s.distance_histogram["counts"]) <= 100
    assert st.distances.counts.nbytes <= 8 * 4097  # fixed size whatever the number of samples


# --------------------------------------------------------------------------- cap on the real pipeline


@pytest.fixture(scope="module")
def capped_runs(tmp_path_factory):
    """`corefprep prepare --max-entity-freq 2` on the mini corpus: twice with batches of 4, once
    with one batch of 300."""
    corpus = mc.mini_corpus(tmp_path_factory)
    outs = {}
    for name, extra in (("a", ["--batch-docs", "4"]), ("b", ["--batch-docs", "4"]), ("c", ["--batch-docs", "300"])):
        out = tmp_path_factory.mktemp(f"cap_{name}")
        rc = mc.run_cli(["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2",
                         "--seq-len", "512", "--max-entity-freq", "2", *extra])
        assert rc == 0
        outs[name] = out
    return outs


def _chunk_targets(out: Path) -> list[str]:
    return [s["target"] for p in sorted((out / "work" / "samples").glob("chunk_*.arrow"))
            for row in _chunk_rows(p) for s in row["samples"]]


def test_entity_cap_respected(capped_runs):
    from datasets import load_from_disk

    out = capped_runs["a"]
    targets = _chunk_targets(out)
    counts = Counter(targets)
    assert targets and max(counts.values()) == 2
    # the mini corpus holds every kept document twice: without the cap entities repeat more
    assert len(counts) >= 5
    ds = load_from_disk(str(out / "entity_coref_v2_512"))
    assert max(Counter(ds["target"]).values()) <= 2
    meta = orjson.loads((out / "entity_coref_v2_512" / "metadata.json").read_bytes())
    assert meta["max_entity_freq"] == 2
    assert all(n <= 2 for _e, n in meta["top_entities"])


def test_entity_cap_deterministic_across_runs_and_batch_sizes(capped_runs):
    ta, tb, tc = (_chunk_targets(capped_runs[k]) for k in "abc")
    assert ta == tb == tc
    hashes = {mc.dataset_hash(capped_runs[k] / "entity_coref_v2_512") for k in "abc"}
    assert len(hashes) == 1
