"""The dedup stage through the real CLI (issue 15), on a corpus whose duplicates are known
(tests/fixtures/dupcorpus.py): which copies go and which stay, against brute-force Jaccard;
the same result whatever the workers, batch size or engine; resumable after a kill at every
write; only what changed is redone; ``--dedup-against``; what status, the log and the datasets
say about it.
"""

from __future__ import annotations

import itertools
import json
import shutil
import unicodedata
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures import dupcorpus
from fixtures.cli import (
    assert_accounting,
    assert_nothing_false_done,
    assert_one_sentence,
    dataset_digest,
    leftovers,
    run_cli,
    status_json,
)
from fixtures.clm import kept_texts
from fixtures.shared import DEV_CORPUS, needs_shared

from corefprep.signatures.minhash import text_words

pytestmark = pytest.mark.slow  # the real CLI in subprocesses throughout

CLM = ["--objective", "clm", *dupcorpus.LLM_SPACE, "--no-progress"]
FINAL = "clm_llm_2048"


def _ok(args: list[Any], **kw: Any) -> str:
    r = run_cli(args, **kw)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stderr


def _removed(out: Path) -> list[tuple[int, int, str]]:
    t = pq.read_table(out / "work" / "dedup" / "result" / "removed.parquet")
    return sorted(zip(t.column("doc_index").to_pylist(), t.column("duplicate_of").to_pylist(),
                      t.column("reason").to_pylist(), strict=True))


def _clusters(out: Path) -> dict[int, int]:
    t = pq.read_table(out / "work" / "dedup" / "result" / "clusters.parquet")
    return dict(zip(t.column("doc_index").to_pylist(), t.column("cluster").to_pylist(), strict=True))


def _summary(out: Path) -> dict[str, Any]:
    s = json.loads((out / "work" / "dedup" / "result" / "summary.json").read_text())
    s.pop("removed_file")
    s.pop("batches")  # per filter batch: depends on --batch-docs
    s.pop("fingerprint")  # of the signature files, which follow the batches
    return s


def _write(directory: Path, texts: list[str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    lines = b"".join(orjson.dumps({"id": f"d{i}", "text": t}) + b"\n" for i, t in enumerate(texts))
    (directory / "docs.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(lines))
    return directory


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dupcorpus.Corpus:
    return dupcorpus.build(tmp_path_factory.mktemp("dups"))


@pytest.fixture(scope="module")
def reference(corpus: dupcorpus.Corpus, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One uninterrupted full run (2 workers, batches of 20)."""
    out = tmp_path_factory.mktemp("ref") / "out"
    _ok(["prepare", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20"])
    return out


def _shingles(text: str, n: int = 5) -> set[tuple[str, ...]]:
    w = text_words(text)
    return {tuple(w[i:i + n]) for i in range(max(1, len(w) - n + 1))}


def test_copies_go_and_the_earliest_stays(corpus, reference):
    kept = {i for i, _ in kept_texts(reference)}
    assert len(kept) >= len(corpus.texts) - 2, "the dup corpus should pass the filter nearly whole"
    expected = corpus.expect_removed(kept)
    got = {d: (of, reason) for d, of, reason in _removed(reference)}
    assert {d: of for d, (of, _) in got.items()} == expected
    for d, (_, reason) in got.items():  # an original removed for a copy in front of it: "before"
        kind = corpus.kind[d] if d in corpus.copy_of else "before"
        assert reason == ("duplicate_near" if kind == "edited" else "duplicate_exact"), (d, kind, reason)
    prefix = [d for d, k in corpus.kind.items() if k == "prefix"]
    assert prefix and not set(prefix) & set(got)
    # at least every kind of copy was exercised
    kinds = {corpus.kind[d] for d in got}
    assert {"exact", "edited"} <= kinds and corpus.copy_of[0] in got
    s = json.loads((reference / "work" / "dedup" / "result" / "summary.json").read_text())
    assert s["removed"] == len(expected) and s["kept"] == len(kept) - len(expected)
    assert s["cluster_sizes"].get("3") == 1  # base 0 and its two copies


def test_clusters_agree_with_brute_force_jaccard(corpus, reference):
    """Every kept pair with 5-gram Jaccard >= 0.9 shares a cluster (it is caught with probability
    1 - (1 - 0.9^8)^14 > 0.9999), and no pair below 0.3 does unless a chain joins it."""
    kept = dict(kept_texts(reference))
    cluster = _clusters(reference)
    sh = {d: _shingles(t) for d, t in kept.items()}
    high = low_joined = 0
    for a, b in itertools.combinations(sorted(kept), 2):
        j = len(sh[a] & sh[b]) / len(sh[a] | sh[b])
        same = a in cluster and cluster.get(a) == cluster.get(b)
        if j >= 0.9:
            high += 1
            assert same, (a, b, j)
        elif j < 0.3 and same:
            low_joined += 1
    assert high >= 14 and low_joined == 0


def test_dup_count_and_removed_documents_in_the_packed_and_per_document_datasets(corpus, reference, tmp_path):
    from datasets import load_from_disk

    meta = json.loads((reference / FINAL / "metadata.json").read_text())
    assert meta["dedup"]["removed"] == len(_removed(reference)) and meta["dedup"]["mode"] == "minhash"
    out = tmp_path / "out"
    shutil.copytree(reference / "work", out / "work")  # the filter and dedup are reused
    err = _ok(["prepare", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20", "--no-pack"])
    assert "dedup: up to date" in err
    ds = load_from_disk(str(out / "clm_llm_2048"))
    removed = {d for d, _, _ in _removed(reference)}
    counts = dict(zip(ds["doc_index"], ds["dup_count"], strict=True))
    kept = {i for i, _ in kept_texts(reference)}
    assert set(counts) == kept - removed
    cluster = _clusters(reference)
    sizes = {c: list(cluster.values()).count(c) for c in set(cluster.values())}
    assert counts == {d: sizes.get(cluster.get(d, -1), 1) for d in counts}
    assert counts[0] == 2 and max(counts.values()) == 3


@pytest.mark.parametrize("workers,batch_docs", [("1", "7"), ("2", "50")])
def test_the_result_does_not_depend_on_workers_or_batches(corpus, reference, tmp_path, workers, batch_docs):
    out = tmp_path / "out"
    _ok(["prepare", corpus.path.parent, "-o", out, *CLM, "--workers", workers, "--batch-docs", batch_docs])
    assert _removed(out) == _removed(reference) and _clusters(out) == _clusters(reference)
    assert _summary(out) == _summary(reference)
    assert dataset_digest(out / FINAL) == dataset_digest(reference / FINAL)


def test_the_ray_engine_gives_the_local_result(corpus, reference, tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "out"
    _ok(["prepare", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20", "--engine", "ray"],
        timeout=600)
    a, b = out / "work" / "dedup" / "result", reference / "work" / "dedup" / "result"
    assert (a / "removed.parquet").read_bytes() == (b / "removed.parquet").read_bytes()
    assert (a / "clusters.parquet").read_bytes() == (b / "clusters.parquet").read_bytes()
    assert dataset_digest(out / FINAL) == dataset_digest(reference / FINAL)


@pytest.mark.parametrize("kill", [
    "before|sig-.*batch_00001\\.npy|1",  # the filter signing its second batch
    "after|bands-.*band_05\\.npy|1",  # a band's edges written, its record not
    "before|removed\\.parquet|1",
    "after|clusters\\.parquet|1",
    "before|summary\\.json|1",  # everything but the result's marker
])
def test_a_killed_run_resumes_to_the_same_result(corpus, reference, tmp_path, kill):
    out = tmp_path / "out"
    args = ["prepare", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20"]
    r = run_cli(args, kill=kill)
    assert r.returncode != 0, "the kill point was never reached"
    assert not (out / FINAL / "_COMPLETE").exists()
    assert_nothing_false_done(out)
    _ok(args)
    assert _removed(out) == _removed(reference) and _clusters(out) == _clusters(reference)
    assert dataset_digest(out / FINAL) == dataset_digest(reference / FINAL)
    assert leftovers(out) == []


def test_batches_filtered_without_dedup_are_signed_by_the_dedup_stage_resumably(corpus, reference, tmp_path):
    out = tmp_path / "out"
    src = corpus.path.parent
    _ok(["filter", src, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20", "--dedup", "none"])
    assert not (out / "work" / "dedup").exists()
    args = ["dedup", src, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20"]
    assert run_cli(args, kill="before|sig-.*batch_00002\\.npy|1").returncode != 0
    sigs = sorted(p.name for p in (out / "work" / "dedup").glob("sig-*/batch_*.json"))
    assert "batch_00002.json" not in sigs and not (out / "work" / "dedup" / "result").exists()
    err = _ok(args)
    n = 4 - len(sigs)
    assert f"signing the kept documents of {n} filter batch{'es' if n != 1 else ''} (" in err  # the others: reused
    assert _removed(out) == _removed(reference)
    assert "dedup: up to date" in _ok(args)


def test_rerunning_one_batch_resigns_only_that_batch(corpus, reference, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    sig = next((out / "work" / "dedup").glob("sig-*"))

    def files() -> dict[str, tuple[int, int]]:
        return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(sig.iterdir())}

    before = files()
    _ok(["filter", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20",
         "--batches", "1", "--force"])
    after = files()
    changed = sorted(n for n in before if before[n] != after[n])
    assert changed == ["batch_00001.json", "batch_00001.npy"]
    err = _ok(["dedup", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20"])
    assert "dedup: up to date" in err  # the batch's content did not change: neither did the result
    assert _removed(out) == _removed(reference)


def test_rerunning_one_batch_whose_content_changed_redoes_its_signatures_bands_and_result(corpus, reference,
                                                                                          tmp_path):
    """``--batches 2`` recomputed while document 41 (an exact copy of document 1) kills its worker
    twice: it is quarantined, so batch 2 keeps one document fewer. Only batch 2's signatures are
    rewritten; the dedup stage then redoes every band and the result, which no longer removes 41."""
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    dedup_dir = out / "work" / "dedup"
    [sig] = dedup_dir.glob("sig-*")
    [bands] = dedup_dir.glob("bands-*")
    assert corpus.kind[41] == "exact" and corpus.copy_of[41] == 1

    def files(d: Path) -> dict[str, tuple[int, int]]:
        return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(d.iterdir())}

    sig_before, bands_before = files(sig), files(bands)
    _ok(["filter", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20", "--batches", "2"],
        CP_TEST_FAULTS="kill@41")
    quarantined = [json.loads(line) for line in (out / "work" / "quarantine.jsonl").read_text().splitlines()]
    assert [(q["doc_index"], q["reason"]) for q in quarantined] == [(41, "worker_died")]
    sig_after = files(sig)
    assert sorted(n for n in sig_before if sig_before[n] != sig_after[n]) == ["batch_00002.json", "batch_00002.npy"]
    assert set(sig_after) == set(sig_before)
    err = _ok(["dedup", corpus.path.parent, "-o", out, *CLM, "--workers", "2", "--batch-docs", "20"])
    assert "dedup: up to date" not in err and "(15 of 15 units computed now)" in err
    bands_after = files(bands)
    assert set(bands_after) == set(bands_before)
    assert all(bands_after[n] != bands_before[n] for n in bands_before)
    assert _removed(out) == [r for r in _removed(reference) if r[0] != 41]
    assert "dedup: up to date" in _ok(["dedup", corpus.path.parent, "-o", out, *CLM, "--batch-docs", "20"])


def _partly_nfd(text: str) -> str:
    """Every fifth Hangul syllable decomposed into jamo: the same text after NFC (a whole NFD copy
    would fail the filter's Hangul share)."""
    out, n = [], 0
    for c in text:
        if "가" <= c <= "힣":
            out.append(unicodedata.normalize("NFD", c) if n % 5 == 0 else c)
            n += 1
        else:
            out.append(c)
    return "".join(out)


def test_exact_mode_removes_copies_up_to_nfc_and_spacing_and_keeps_near_copies(corpus, tmp_path):
    originals = [d for d, k in corpus.kind.items() if k == "original"]
    nfd_of = originals[24:28]  # originals no other copy refers to
    texts = corpus.texts + [_partly_nfd(corpus.texts[d]) for d in nfd_of]
    nfd = {len(corpus.texts) + j: d for j, d in enumerate(nfd_of)}
    assert all(texts[c] != texts[d] and unicodedata.normalize("NFC", texts[c]) == texts[d] for c, d in nfd.items())
    out = tmp_path / "out"
    _ok(["prepare", _write(tmp_path / "in", texts), "-o", out, *CLM, "--workers", "2", "--batch-docs", "20",
         "--dedup", "exact", "--no-pack"])
    kept = {i for i, _ in kept_texts(out)}
    assert set(nfd) <= kept and {d for d, k in corpus.kind.items() if k == "edited"} <= kept
    expected = {d: of for d, of in corpus.expect_removed(kept).items() if corpus.kind.get(d) != "edited"}
    expected.update(nfd)
    assert any(corpus.kind.get(d) == "exact" and corpus.texts[d] != corpus.texts[of] for d, of in expected.items())
    removed = _removed(out)
    assert {d: of for d, of, _ in removed} == expected  # each cluster keeps its lowest doc_index
    assert {reason for _, _, reason in removed} == {"duplicate_exact"}
    st = status_json(out)
    assert_accounting(st, len(texts))
    assert st["totals"]["rejected"]["duplicate_exact"] == len(expected)
    assert "duplicate_near" not in st["totals"]["rejected"]
    from datasets import load_from_disk

    ds = load_from_disk(str(out / FINAL))
    assert set(ds["doc_index"]) == kept - set(expected)  # near copies and prefix copies stay
    dups = dict(zip(ds["doc_index"], ds["dup_count"], strict=True))
    assert dups[corpus.copy_of[47]] == 3 and dups[nfd_of[0]] == 2 and dups[originals[30]] == 1


def test_input_without_duplicates_and_input_of_one_document(corpus, tmp_path):
    originals = [corpus.texts[d] for d, k in corpus.kind.items() if k == "original"]
    out = tmp_path / "unique"
    _ok(["prepare", _write(tmp_path / "u", originals), "-o", out, *CLM, "--batch-docs", "15"])
    s = json.loads((out / "work" / "dedup" / "result" / "summary.json").read_text())
    assert s["removed"] == 0 and s["clustered"] == 0 and s["documents"] == len(originals)
    out = tmp_path / "same"
    _ok(["prepare", _write(tmp_path / "s", [originals[3]] * 12), "-o", out, *CLM, "--batch-docs", "5",
         "--no-pack"])
    assert _removed(out) == [(d, 0, "duplicate_exact") for d in range(1, 12)]
    from datasets import load_from_disk

    ds = load_from_disk(str(out / "clm_llm_2048"))
    assert ds["doc_index"] == [0] and ds["dup_count"] == [12]


def test_deduplicating_against_an_earlier_run(corpus, tmp_path):
    originals = [d for d, k in corpus.kind.items() if k == "original"]
    first = tmp_path / "first"
    _ok(["prepare", _write(tmp_path / "a", [corpus.texts[d] for d in originals[:20]]), "-o", first, *CLM])
    # the second crawl: the rest of the originals and every copy
    second_docs = [d for d in range(len(corpus.texts)) if d not in originals[:20]]
    out = tmp_path / "second"
    _ok(["prepare", _write(tmp_path / "b", [corpus.texts[d] for d in second_docs]), "-o", out, *CLM,
         "--dedup-against", first])
    t = pq.read_table(out / "work" / "dedup" / "result" / "removed.parquet").to_pylist()
    against = {second_docs[r["doc_index"]]: originals[r["duplicate_of"]] for r in t if r["duplicate_of_run"]}
    assert all(r["duplicate_of_run"] in ("", str(first)) for r in t)
    # every copy of a document of the first run is removed as a copy of it
    expect = {d: o for d, o in corpus.copy_of.items() if o in originals[:20] and corpus.kind[d] != "prefix"}
    assert against == expect
    meta = json.loads((out / FINAL / "metadata.json").read_text())
    assert meta["dedup"]["against"] == [str(first)]
    # a wrong --dedup-against fails before the filter runs, in one line
    for against, says in [(tmp_path / "nothing", "no corefprep run there"), (out, "own output directory")]:
        r = run_cli(["prepare", tmp_path / "b", "-o", tmp_path / "third", *CLM, "--dedup-against", against]
                    if against != out else ["dedup", tmp_path / "b", "-o", out, *CLM, "--dedup-against", out])
        assert r.returncode == 2, r.stderr
        assert_one_sentence(r.stderr, says)
    assert not (tmp_path / "third" / "work" / "filter").exists()
    # signatures made with other settings are not comparable
    r = run_cli(["prepare", tmp_path / "b", "-o", tmp_path / "third", *CLM, "--dedup-ngram", "4",
                 "--dedup-against", first])
    assert r.returncode != 0 and "no signatures made with this run's dedup settings" in r.stderr


def test_status_counts_removed_duplicates_as_rejections_and_the_log_has_the_stage(corpus, reference, tmp_path):
    st = status_json(reference)
    assert_accounting(st, len(corpus.texts))
    rej = st["totals"]["rejected"]
    s = json.loads((reference / "work" / "dedup" / "result" / "summary.json").read_text())
    assert rej.get("duplicate_exact", 0) == s["by_reason"]["duplicate_exact"] > 0
    assert rej.get("duplicate_near", 0) == s["by_reason"]["duplicate_near"] > 0
    assert st["totals"]["passed"] == s["kept"]
    out, log = tmp_path / "out", tmp_path / "events.jsonl"
    shutil.copytree(reference / "work", out / "work")
    shutil.rmtree(out / "work" / "dedup" / "result")
    _ok(["dedup", corpus.path.parent, "-o", out, *CLM, "--batch-docs", "20", "--log-json", log])
    events = [json.loads(line) for line in log.read_text().splitlines()]
    done = [e for e in events if e.get("event") == "stage_done" and e.get("stage") == "dedup"]
    assert len(done) == 1 and done[0]["removed"] == s["removed"], events


def test_kiwi_morphemes_as_words(corpus, reference, tmp_path):
    """The FineWeb-2 way (words are Kiwi's morphemes, reused from the filter's own analysis): the
    same copies go as with whitespace words on this corpus."""
    out = tmp_path / "out"
    args = ["prepare", corpus.path.parent, "-o", out, "--objective", "clm", "--rules", "llm", "--no-progress",
            "--workers", "2", "--batch-docs", "40"]
    _ok(args)
    kept = {i for i, _ in kept_texts(out)}
    assert {d: of for d, of, _ in _removed(out)} == corpus.expect_removed(kept)
    assert json.loads((out / "work" / "dedup" / "result" / "summary.json").read_text())["settings"]["words"] == "kiwi"


@needs_shared
def test_dev_corpus_plus_copies(tmp_path):
    """The dev corpus (wiki, web, legal, HPLT: real Korean) and, after it, copies of 60 of its
    documents: exact copies all go and the original stays; lightly edited copies go; a copy that
    shares only a 150-character prefix with its original is not joined to it."""
    import random

    from corefprep.rules.llm import LlmRules

    src = tmp_path / "in"
    src.mkdir()
    texts = []
    for p in sorted(DEV_CORPUS.glob("kor_Hang_*.jsonl.zst")):
        shutil.copyfile(p, src / p.name)
        with zstandard.ZstdDecompressor().stream_reader(p.open("rb")) as r:
            texts += [orjson.loads(line)["text"] for line in r.read().splitlines() if line.strip()]
    rules = LlmRules(words="space")
    kept = [i for i, t in enumerate(texts) if len(t) >= 800 and rules.cheap(t) is None
            and rules.decide(t, None).reason is None]
    picked = random.Random(7).sample(kept, 60)
    copies, planted = [], {}
    for j, i in enumerate(picked):
        t = texts[i]
        kind = ("exact", "edited", "prefix")[j % 3]
        if kind == "edited":
            words = t.split(" ")
            words[len(words) // 2] = "바뀐낱말"
            t = " ".join(words) + " 덧붙인말."
        elif kind == "prefix":
            # then another dev document: this copy duplicates that one, not the one it borrowed from
            t = t[:150] + " " + texts[kept[j]]
        planted[len(texts) + len(copies)] = (kind, i)
        copies.append(t)
    (src / "zz_copies.jsonl").write_bytes(b"".join(orjson.dumps({"text": t}) + b"\n" for t in copies))
    out = tmp_path / "out"
    _ok(["filter", src, "-o", out, *dupcorpus.LLM_SPACE, "--no-progress"])
    _ok(["dedup", src, "-o", out, *dupcorpus.LLM_SPACE, "--no-progress"])
    removed = {d: of for d, of, _ in _removed(out)}
    cluster = _clusters(out)
    filtered = {i for i, _ in kept_texts(out)}
    checked = {"exact": 0, "edited": 0, "prefix": 0}
    for copy, (kind, orig) in planted.items():
        if copy not in filtered or orig not in filtered:
            continue
        checked[kind] += 1
        if kind == "exact":
            # the copy goes; the original stays unless an earlier dev document is its duplicate
            assert removed[copy] == cluster[orig] <= orig, (copy, orig)
        elif kind == "edited":
            assert copy in removed and cluster[copy] == cluster[orig]
        else:
            assert cluster.get(copy, copy) != cluster.get(orig, orig), (copy, orig)
    assert min(checked.values()) >= 15, checked
