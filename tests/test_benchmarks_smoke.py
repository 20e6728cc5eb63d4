"""Smoke tests for benchmarks/: the baseline re-implementation runs end to end on a few documents,
and the benchmark skips cleanly without the shared corpus tools. Uses only in-repo data."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
WIKI = REPO / "corefprep" / "data" / "sample" / "kor_Hang_wiki.jsonl.zst"


# Records 31, 50 and 78 of the bundled wiki sample pass every v2 rule (found once with corefprep);
# with ten ordinary records before them the baseline sees rejections and makes samples.
PICK = [*range(10), 31, 50, 78]


def _records(picks: list[int]) -> list[str]:
    zstandard = pytest.importorskip("zstandard")
    with open(WIKI, "rb") as raw:
        lines = io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8")
        return [line for i, line in zip(range(max(picks) + 1), lines, strict=False) if i in picks]


@pytest.mark.soak  # a benchmark's smoke run: its make target runs the real one
@pytest.mark.slow
def test_baseline_runs_on_a_few_docs(tmp_path: Path) -> None:
    pytest.importorskip("kiwipiepy")
    if not WIKI.exists():
        pytest.skip("bundled sample corpus missing")
    corpus = tmp_path / "tiny.jsonl"
    corpus.write_text("".join(_records(PICK)), encoding="utf-8")
    out = tmp_path / "out"
    stages = tmp_path / "stages.tsv"
    subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "baseline_v2.py"), str(corpus), "--output-dir", str(out),
         "--workers", "1", "--seq-len", "256", "--stage-file", str(stages)],
        check=True, timeout=120, capture_output=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_CACHE": str(tmp_path / "hf")},
    )
    timings = json.loads((out / "timings.json").read_text(encoding="utf-8"))
    assert timings["documents"] == len(PICK)
    samples = (out / "samples.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(samples) == timings["samples"] == timings["rows"]
    names = [line.split("\t")[0] for line in stages.read_text(encoding="utf-8").splitlines()]
    assert names == ["read", "filter", "entities", "samples", "tokenize", "done"]
    from datasets import load_from_disk

    ds = load_from_disk(str(out / "entity_coref_v2_256"))
    assert len(ds) == timings["rows"]
    if len(ds):  # the bundled sample could change; the run itself is what this test is about
        assert len(ds[0]["input_ids"]) == 256  # today's layout: padded to seq_len


@pytest.mark.slow
def test_bench_skips_without_shared(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench.py"), "--shared", str(tmp_path / "absent")],
        capture_output=True, text=True, timeout=60,
    )
    assert r.returncode == 0
    assert "skipped" in r.stdout


@pytest.mark.slow
@pytest.mark.parametrize("script", ["bench_llm_rules.py", "bench_dedup.py"])
def test_datatrove_benches_skip_without_shared(tmp_path: Path, script: str) -> None:
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / script), "--shared", str(tmp_path / "absent")],
        capture_output=True, text=True, timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "skipped" in r.stdout


def test_bench_llm_gives_datatrove_the_llm_thresholds() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import bench_llm_rules
    finally:
        sys.path.pop(0)
    from corefprep.rules.llm import KOR_STOPWORDS

    c = bench_llm_rules.datatrove_config()
    # FineWeb-2's published kor_Hang numbers, as the benchmark hands them to datatrove
    assert c["dup_line_frac"] == 0.374 and c["line_punct_thr"] == 0.062 and c["new_line_ratio"] == 0.196
    assert c["top_n_grams"] == [[2, 0.282], [3, 0.228], [4, 0.185]]
    assert c["dup_n_grams"] == [[5, 0.201], [6, 0.184], [7, 0.168], [8, 0.154], [9, 0.14], [10, 0.127]]
    assert (c["min_avg_word_length"], c["max_avg_word_length"], c["max_non_alpha_words_ratio"]) == (1, 6, 0.791)
    assert c["stopwords"] == list(KOR_STOPWORDS) and len(KOR_STOPWORDS) == 21 and c["min_stop_words"] == 2


def test_jaccard_and_tree_pss() -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import bench
    finally:
        sys.path.pop(0)
    import psutil

    a = {("d", "e", 1, 20), ("d", "e", 1, 40)}
    assert bench.jaccard(a, a) == 1.0
    assert bench.jaccard(a, {("d", "e", 1, 20)}) == 0.5
    assert bench.jaccard(set(), set()) == 1.0
    pss = bench.tree_pss(psutil.Process())
    assert pss.total >= pss.parent > 0


@pytest.mark.slow
def test_bench_dedup_scale_run_removes_the_planted_copies(tmp_path: Path) -> None:
    """The synthetic scale run (signature files written directly, the stage run on them) at a
    small size: it runs the real stage and finds copies."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import bench_dedup
    finally:
        sys.path.pop(0)
    r = bench_dedup.synthetic(5000, 1, tmp_path)
    assert r["n"] == 5000 and 300 <= r["removed"] <= 500 and r["peak"] > 0


def _bench_retune():
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import bench_retune
    finally:
        sys.path.pop(0)
    return bench_retune


@pytest.mark.slow
def test_bench_retune_skips_without_shared(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_retune.py"), "--shared", str(tmp_path / "absent")],
        capture_output=True, text=True, timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "skipped" in r.stdout


@pytest.mark.slow
@pytest.mark.soak  # two rule sets' runs and re-runs (about 45 s of CPU): make bench-retune runs the real one
def test_bench_retune_runs_on_a_few_docs(tmp_path: Path) -> None:
    """Two changes of each rule set on a tiny bench corpus: re-decided equals fresh, a cheap rule
    tightened sends nothing to Kiwi, and a difference planted afterwards is named down to the document."""
    pytest.importorskip("kiwipiepy")
    bench_retune = _bench_retune()
    if bench_retune.locate_shared(None) is None:
        pytest.skip("../shared (make_bench_corpus.py) is absent")
    out = tmp_path / "result.json"
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_retune.py"), "--docs", "120", "--batches", "2",
         "--workers", "1", "--changes", "no-op,tighten a cheap,line rule", "--keep", "--work-dir",
         str(tmp_path / "runs"), "--json", str(out)],
        capture_output=True, text=True, timeout=600, env={**os.environ, "HF_HUB_OFFLINE": "1"},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    res = json.loads(out.read_text(encoding="utf-8"))
    by_name = {x["change"]: x for x in res["results"]}
    assert set(by_name) == {"v2 no-op rerun (reference)", "v2 tighten a cheap rule", "llm no-op rerun (reference)",
                            "llm tighten a line rule"}
    assert all(x["identical"] for x in res["results"]), [x["differences"] for x in res["results"]]
    cheap = by_name["v2 tighten a cheap rule"]
    assert cheap["redecided"]["sent"] == 0 and cheap["redecided"]["redecided"] == cheap["redecided"]["batches"] == 2
    assert by_name["v2 no-op rerun (reference)"]["redecided"]["batches"] == 0
    assert all(b["sizes"]["values"] > 0 for b in res["bases"])
    assert "| v2 tighten a cheap rule" in r.stdout and "values_*.parquet" in r.stdout

    # a verdict and a kept row changed behind the benchmark's back are reported by batch and document
    import pyarrow as pa
    import pyarrow.parquet as pq

    base = next((tmp_path / "runs").glob("*/llm_base"))
    other = tmp_path / "other"
    shutil.copytree(base, other)
    values = other / "work" / "filter" / "values_00001.parquet"
    t = pq.read_table(values)
    verdicts = t.column("verdict").to_pylist()
    verdicts[0] = "planted"
    pq.write_table(t.set_column(t.schema.get_field_index("verdict"), "verdict", pa.array(verdicts)), values)
    kept = other / "work" / "filter" / "batch_00000.parquet"
    t = pq.read_table(kept)
    pq.write_table(t.slice(1), kept)
    diffs = bench_retune.compare(other, base)
    first_kept = pq.read_table(base / "work" / "filter" / "batch_00000.parquet").column("doc_index")[0].as_py()
    assert any("batch_00000.parquet" in d and f"kept only when fresh: doc_index [{first_kept}]" in d for d in diffs)
    assert any("values_00001.parquet" in d and "doc_index 60: re-decided 'planted'" in d for d in diffs), diffs


@pytest.mark.soak  # a benchmark's smoke run: its make target runs the real one
@pytest.mark.slow
def test_bench_s3_runs_on_a_few_docs() -> None:
    """Both sides on the same few hundred documents: a ratio, the memory, identical batch files."""
    pytest.importorskip("s3fs")
    pytest.importorskip("moto.server")
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from common import locate_shared
    finally:
        sys.path.pop(0)
    if locate_shared(None) is None:
        pytest.skip("../shared (make_bench_corpus.py) is absent")
    r = subprocess.run([sys.executable, str(REPO / "benchmarks" / "bench_s3.py"), "--docs", "200", "--batch-docs",
                        "100", "--repeats", "1"], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "| **ratio s3 / local** |" in r.stdout and "byte-identical to the local run's: yes" in r.stdout, r.stdout


@pytest.mark.slow
def test_tree_mem_sees_a_forked_childs_memory_and_ends_with_its_root(tmp_path: Path) -> None:
    """The benchmarks' memory sampler: the peak is the whole tree's (a forked child's private 64 MiB
    counted), and it stops by itself when the root process has ended."""
    child = ("import os, time\nif os.fork() == 0:\n    b = bytearray(64 << 20)\n    b[::4096] = b'x' * len(b[::4096])\n"
             "    time.sleep(1.5)\n    os._exit(0)\nos.wait()\n")
    p = subprocess.Popen([sys.executable, "-c", child])
    out = tmp_path / "curve.csv"
    subprocess.run([sys.executable, "-I", "-S", str(REPO / "benchmarks" / "tree_mem.py"), "--root", str(p.pid),
                    "--every", "0.05", "--out", str(out)], check=True, timeout=30)
    assert p.wait(timeout=10) == 0
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from tree_mem import read_curve
    finally:
        sys.path.pop(0)
    curve, peak = read_curve(str(out))
    assert peak >= 64 << 20 and max(n for _, _, n in curve) == 2


@pytest.mark.slow
def test_bench_dedup_maps_nothing_of_the_venv_it_measures() -> None:
    """bench_dedup's own process stays alive while it samples the two systems' PSS: had it imported
    pyarrow, numpy or corefprep it would take its share of their pages from corefprep's figure."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import bench_dedup; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'pyarrow', 'corefprep', 'psutil', "
            "'orjson', 'zstandard', 'datasets'}))")
    r = subprocess.run([sys.executable, "-c", code, str(REPO / "benchmarks")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
