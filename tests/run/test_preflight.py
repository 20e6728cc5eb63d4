"""corefprep.preflight: input estimates, the output-directory probe, the disk check, and prepare
failing fast on them before any batch runs."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures import minicorpus as mc

import corefprep.run.preflight as preflight
from corefprep.core.errors import CorefprepError
from corefprep.io.resolve import resolve_inputs
from corefprep.run.options import RunOptions
from corefprep.run.preflight import (
    FINAL_BYTES,
    Finding,
    Preflight,
    enforce,
    estimate_disk,
    estimate_input,
    format_bytes,
    probe_output_dir,
    run_preflight,
    stage_bytes,
)

SYLLABLES = [chr(c) for c in range(0xAC00, 0xAC00 + 400)]


def _records(n: int, seed: int = 0) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = [rng.choice(SYLLABLES) + rng.choice(SYLLABLES) for _ in range(rng.randint(50, 400))]
        out.append(orjson.dumps({"id": str(i), "text": " ".join(words) + "."}))
    return out


def _raw(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


# --- inputs --------------------------------------------------------------------------------------


def test_whole_small_files_are_counted_exactly(tmp_path):
    lines = _records(300)
    (tmp_path / "a.jsonl").write_bytes(_raw(lines))
    (tmp_path / "b.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(_raw(lines[:120])))
    (tmp_path / "c.jsonl.gz").write_bytes(gzip.compress(_raw(lines[:50])))
    (tmp_path / "d.txt").write_text("첫 문서입니다.\n둘째 줄.\n\n둘째 문서.\n\n\n셋째 문서.\n", encoding="utf-8")
    est = estimate_input(resolve_inputs([str(tmp_path)]))
    assert est.files == 4 and est.documents == 300 + 120 + 50 + 3
    assert est.decompressed_bytes == len(_raw(lines)) * 1 + len(_raw(lines[:120])) + len(_raw(lines[:50])) + (
        tmp_path / "d.txt").stat().st_size
    assert est.compressed_bytes == sum(p.stat().st_size for p in tmp_path.iterdir())


def test_big_compressed_files_are_estimated_from_their_first_mib(tmp_path):
    lines = _records(12_000, seed=1)
    raw = _raw(lines)
    # two zstd frames and two gzip members, as concatenated shards are
    half = len(lines) // 2
    cz = zstandard.ZstdCompressor(level=1)
    (tmp_path / "big.jsonl.zst").write_bytes(cz.compress(_raw(lines[:half])) + cz.compress(_raw(lines[half:])))
    (tmp_path / "big.jsonl.gz").write_bytes(gzip.compress(_raw(lines[:half]), 1) + gzip.compress(_raw(lines[half:]), 1))
    for p in tmp_path.iterdir():
        assert p.stat().st_size > preflight.SAMPLE_COMPRESSED_BYTES  # really sampled, not read whole
    est = estimate_input(resolve_inputs([str(tmp_path)]))
    assert est.documents == pytest.approx(2 * len(lines), rel=0.1)
    assert est.decompressed_bytes == pytest.approx(2 * len(raw), rel=0.1)
    assert est.ratio_by_kind["jsonl.zst"] > 1.5 and est.ratio_by_kind["jsonl.gz"] > 1.5


def test_parquet_rows_come_from_metadata(tmp_path):
    pq.write_table(pa.table({"text": ["가나다"] * 1234, "id": [str(i) for i in range(1234)]}), tmp_path / "x.parquet")
    est = estimate_input(resolve_inputs([str(tmp_path / "x.parquet")]))
    assert est.documents == 1234 and est.decompressed_bytes > 0


def test_the_bundled_sample_and_the_dev_corpus_estimates_are_close():
    from corefprep.io.read import count_records
    from corefprep.run.options import BUNDLED_SAMPLE

    files = resolve_inputs([str(BUNDLED_SAMPLE)])
    assert estimate_input(files).documents == sum(count_records(f) for f in files)


# --- output directory ------------------------------------------------------------------------------


def test_probe_of_a_writable_dir_leaves_nothing_behind(tmp_path):
    out = tmp_path / "new" / "out"
    f, links = probe_output_dir(out)
    assert f.level == "ok" and links is True
    assert not out.exists()  # created for the probe, removed again
    out.mkdir(parents=True)
    f, _ = probe_output_dir(out)
    assert f.level == "ok" and list(out.iterdir()) == []


def test_probe_of_an_unwritable_dir_is_an_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    f, _ = probe_output_dir(blocker / "out")
    assert f.level == "error" and str(blocker / "out") in f.message and "--output-dir" in f.message


# --- disk ------------------------------------------------------------------------------------------

def test_stage_bytes_scale_with_kept_documents_and_id_width():
    small = stage_bytes(1_000_000, "entity-mlm", 0.02, 2)
    wide = stage_bytes(1_000_000, "entity-mlm", 0.02, 4)
    assert wide["tokenized"] == 2 * small["tokenized"] and wide["filter"] == small["filter"]
    assert stage_bytes(2_000_000, "entity-mlm", 0.02)["samples"] == pytest.approx(2 * small["samples"], rel=1e-6)
    assert small["final"] == FINAL_BYTES
    copies = stage_bytes(1_000_000, "entity-mlm", 0.02, hard_links=False)
    assert copies["final"] == FINAL_BYTES + copies["tokenized"]
    clm = stage_bytes(1_000_000, "clm", 0.02)
    assert clm["samples"] == 0 and clm["tokenized"] < small["tokenized"]


def test_unknown_rule_sets_are_assumed_to_keep_half(tmp_path):
    v2 = estimate_disk(tmp_path, 1_000_000, "clm", "v2")
    other = estimate_disk(tmp_path, 1_000_000, "clm", "llm")
    assert other.needed_bytes > 10 * v2.needed_bytes and "llm" in other.basis


def test_a_shortfall_is_a_warning_with_the_numbers_or_an_error_when_strict(tmp_path, monkeypatch):
    monkeypatch.setattr(preflight, "disk_free", lambda p: 64 << 10)
    opts = RunOptions(inputs=[str(Path(mc.SAMPLE))], output_dir=tmp_path / "out")
    pf = run_preflight(opts)
    [w] = pf.warnings
    assert w.check == "disk" and pf.disk.needed_bytes > pf.disk.free_bytes == 64 << 10
    assert "only 64 KiB is free" in w.message
    assert f"needs about {format_bytes(pf.disk.needed_bytes)} of disk" in w.message
    said: list[str] = []
    enforce(pf, said.append)  # warnings are said, nothing raised
    assert said and said[0].startswith("preflight: warning: ")
    strict = run_preflight(opts, strict=True)
    assert [f.check for f in strict.errors] == ["disk"]
    with pytest.raises(CorefprepError, match="free space or choose another --output-dir"):
        enforce(strict, said.append)


def test_missing_inputs_are_an_error_finding(tmp_path):
    pf = run_preflight(RunOptions(inputs=[str(tmp_path / "nope.jsonl")], output_dir=tmp_path / "out"))
    assert [f.check for f in pf.errors] == ["inputs"] and "no such file" in pf.errors[0].message
    assert pf.disk is None and pf.as_dict()["findings"][0]["level"] == "error"


def test_format_bytes():
    assert (format_bytes(3 * 2**30), format_bytes(5.5 * 2**20), format_bytes(4096)) == ("3.00 GiB", "5.5 MiB",
                                                                                         "4 KiB")


def test_enforce_with_no_findings_is_silent():
    said: list[str] = []
    enforce(Preflight([Finding("inputs", "ok", "fine", {})]), said.append)
    assert said == []


# --- the demo tokenizer --------------------------------------------------------------------------


def _demo(opts: RunOptions) -> Finding | None:
    return preflight.demo_tokenizer_finding(opts, resolve_inputs(opts.input_specs()))


def test_the_bundled_sample_with_the_bundled_tokenizer_is_the_demo_and_says_nothing(tmp_path):
    assert _demo(RunOptions(output_dir=tmp_path)) is None  # no input: the bundled sample
    assert _demo(RunOptions(inputs=[str(mc.SAMPLE)], output_dir=tmp_path)) is None
    one = sorted(mc.SAMPLE.glob("*.jsonl.zst"))[0]
    assert _demo(RunOptions(inputs=[str(one)], output_dir=tmp_path)) is None


def test_own_data_with_the_bundled_tokenizer_gets_one_warning_pointing_to_model(tmp_path):
    mine = tmp_path / "mine.jsonl"
    mine.write_bytes(_raw(_records(3)))
    found = _demo(RunOptions(inputs=[str(mine)], output_dir=tmp_path / "out"))
    assert found is not None and found.level == "warning" and found.check == "tokenizer"
    assert "demo vocabulary" in found.message and "bundled sample" in found.message and "--model" in found.message
    assert "\n" not in found.message
    # the sample plus one's own file is one's own data too
    assert _demo(RunOptions(inputs=[str(mc.SAMPLE), str(mine)], output_dir=tmp_path)) is not None
    # the whole preflight carries it, and enforce prints it as one warning line; a filter-only run does not
    said: list[str] = []
    enforce(run_preflight(RunOptions(inputs=[str(mine)], output_dir=tmp_path / "out")), said.append)
    assert [s for s in said if "demo vocabulary" in s] == [f"preflight: warning: {found.message}"]
    quiet = run_preflight(RunOptions(inputs=[str(mine)], output_dir=tmp_path / "out"), tokenizes=False)
    assert not any(f.check == "tokenizer" for f in quiet.findings)


def test_own_data_with_a_model_given_says_nothing(tmp_path):
    from corefprep.tokenizer.config import TokenizeConfig

    mine = tmp_path / "mine.jsonl"
    mine.write_bytes(_raw(_records(3)))
    model = tmp_path / "my-tokenizer"
    assert _demo(RunOptions(inputs=[str(mine)], output_dir=tmp_path,
                            tokenize=TokenizeConfig(model=str(model)))) is None
    assert _demo(RunOptions(inputs=[str(mine)], output_dir=tmp_path,
                            tokenize=TokenizeConfig(model="kakaobank/kf-deberta-base"))) is None


# --- against a real run ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("preflight_run")
    corpus = mc.mini_corpus(tmp_path_factory)
    assert mc.run_cli(["prepare", str(corpus), "--output-dir", str(out), "--workers", "1", "--no-progress",
                       "--seq-len", "512"]) == 0
    return corpus, out


def _tree(p: Path) -> int:
    return preflight._tree_bytes(p)


def test_estimate_from_the_finished_batches_covers_what_the_run_wrote(finished_run, tmp_path):
    corpus, out = finished_run
    files = resolve_inputs([str(corpus)])
    docs = estimate_input(files).documents
    measured = preflight.measured_batches(out)
    assert measured is not None and 0 < measured.kept_share < 1
    # the same run planned into an empty directory with the measured kept share
    est = estimate_disk(tmp_path / "fresh", docs, "entity-mlm", kept_share=measured.kept_share)
    written = _tree(out)
    assert written <= est.needed_bytes <= 4 * written
    # in the finished directory only what is not there yet is needed
    again = estimate_disk(out, docs, "entity-mlm")
    assert again.already_written == written and again.needed_bytes < est.needed_bytes
    assert "already in" in again.basis


def test_prepare_strict_with_too_little_disk_fails_before_any_batch(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(preflight, "disk_free", lambda p: 4096)
    out = tmp_path / "out"
    rc = mc.run_cli(["prepare", str(mc.SAMPLE), "--output-dir", str(out), "--strict", "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 1
    lines = [line for line in err.splitlines() if line.startswith("corefprep: error:")]
    assert len(lines) == 1 and "KiB is free" in lines[0] and "Traceback" not in err
    assert not (out / "work" / "filter").exists()  # no batch ran


def test_prepare_into_an_unwritable_output_dir_fails_at_once(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    rc = mc.run_cli(["prepare", str(mc.SAMPLE), "--output-dir", str(blocker / "out"), "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 1 and "is not writable" in err and "Traceback" not in err


def test_prepare_warns_and_goes_on_without_strict(tmp_path, tmp_path_factory, monkeypatch, capsys):
    monkeypatch.setattr(preflight, "disk_free", lambda p: 4096)
    out = tmp_path / "out"
    rc = mc.run_cli(["filter", str(mc.mini_corpus(tmp_path_factory)), "--output-dir", str(out), "--workers", "1",
                     "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 0 and "preflight: warning: the run needs about" in err
    assert "only 4 KiB is free" in err


def test_the_clm_estimate_counts_the_final_rows_they_are_new_files(tmp_path, tmp_path_factory):
    """The final entity-mlm dataset links the tokenized chunks; the final clm outputs are new files
    as large as the token stream (the packed rows, and the Megatron pair with --format both). They
    were counted as links: a disk could fill although the preflight said there was room."""
    import os

    from corefprep.run.preflight import estimate_disk, stage_bytes

    small, big = (stage_bytes(n, "clm", 0.5, hard_links=True) for n in (10_000, 10_000_000))
    assert big["final"] > 100 * small["final"] and big["final"] >= big["tokenized"]
    both = stage_bytes(10_000_000, "clm", 0.5, hard_links=True, output_format="both")
    assert both["final"] >= 2 * big["tokenized"]
    assert stage_bytes(10_000_000, "entity-mlm", 0.5, hard_links=True)["final"] < 1 << 20  # links

    def inodes(root):
        out = {}
        for d, _dirs, names in os.walk(root):
            for n in names:
                st = os.lstat(os.path.join(d, n))
                out[(st.st_dev, st.st_ino)] = st.st_size
        return out

    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    assert mc.run_cli(["prepare", str(corpus), "-o", str(out), "--rules", "llm", "--words", "space", "--objective",
                       "clm", "--seq-len", "64", "--batch-docs", "100", "--workers", "2", "--no-progress",
                       "--min-words", "5", "--min-chars", "10"]) == 0
    (final,) = [p for p in out.iterdir() if p.is_dir() and p.name.startswith("clm_")]
    work = inodes(out / "work")
    new_bytes = sum(size for key, size in inodes(final).items() if key not in work)
    tokenized = sum(inodes(out / "work" / "tokenized").values())
    documents = sum(1 for _ in corpus.open("rb"))
    est = estimate_disk(out, documents, "clm", "llm", hard_links=True)  # scaled by the batches on disk
    assert new_bytes > tokenized / 2  # the packed rows are a second copy of the tokens ...
    assert est.per_stage["final"] >= new_bytes / 3, (est.per_stage, new_bytes)  # ... and the estimate says so
