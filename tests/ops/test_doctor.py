"""`corefprep doctor`: preflight, measurements, plan and estimates; exit 1 with the reasons a run
cannot fit."""

from __future__ import annotations

import re

import orjson
import pytest
from fixtures import minicorpus as mc

import corefprep.ops.doctor as doctor
import corefprep.run.preflight as preflight
from corefprep.io.read import iter_documents
from corefprep.io.resolve import resolve_inputs
from corefprep.ops.doctor import KiwiBench, SampleStats, TokenizerBench, build_report, estimate_times, run_doctor
from corefprep.rules.v2 import V2Rules
from corefprep.run.options import RunOptions
from corefprep.run.plan import GiB, Machine, MiB, TokenizerProfile, make_plan
from corefprep.tokenizer.config import TokenizeConfig

FAST = 0.4  # seconds of benchmarks in the in-process tests


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    mc.warm_kiwi()
    return mc.mini_corpus(tmp_path_factory)


def test_report_on_inputs_has_every_part(corpus, tmp_path):
    r = build_report(RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out"), FAST)
    assert r.ok, r.problems
    text = "\n".join(r.lines)
    for start in ("machine: ", "tokenizer: ", "kiwi: ", "sample: ", "plan: ", "disk: ", "estimate for ", "env: ",
                  "ok: "):
        assert any(line.startswith(start) for line in r.lines), start
    for stage in ("filter", "samples", "tokenize", "merge"):
        assert f"  {stage}: " in text
    assert r.tokenizer["ok"] and r.tokenizer["tokens_per_s"] > 0 and r.tokenizer["vocab_size"] == 8000
    assert r.kiwi["chars_per_s"] > 0 and r.kiwi["decided"] > 0


def test_sample_shares_match_the_rules_run_outside_the_doctor(corpus, tmp_path):
    r = build_report(RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out"), FAST)
    rules = V2Rules()
    docs = list(iter_documents(resolve_inputs([str(corpus)])))
    malformed = sum(d.text is None for d in docs)
    reach = sum(1 for d in docs if d.text is not None and rules.cheap(d.text) is None)
    assert r.sample["documents"] == len(docs) and r.sample["malformed"] == malformed
    assert r.sample["reach_share"] == pytest.approx(reach / len(docs))


def test_the_sample_follows_the_files_sizes(tmp_path):
    """A small file must not speak for a big one: documents are sampled in proportion to size."""
    import json

    big, small = tmp_path / "a_big.jsonl", tmp_path / "b_small.jsonl"
    big.write_text("".join(json.dumps({"text": f"문서 {i} " * 40}) + "\n" for i in range(3000)), encoding="utf-8")
    small.write_text("".join(json.dumps({"text": f"문서 {i} " * 40}) + "\n" for i in range(300)), encoding="utf-8")
    files = resolve_inputs([str(big), str(small)])
    st, _ = doctor.sample_inputs(files, V2Rules(), limit=660)
    assert st.documents == pytest.approx(660, abs=2)
    from_big = sum(1 for _ in zip(range(st.documents), iter_documents([files[0]], stop=600), strict=False))
    assert from_big == 600  # 10/11 of the sample from the file that holds 10/11 of the bytes


@pytest.mark.slow
def test_doctor_estimates_with_the_rules_the_run_would_use(corpus, tmp_path, capsys):
    from corefprep.rules import make_rules

    rc = mc.run_cli(["doctor", str(corpus), "-o", str(tmp_path / "out"), "--rules", "llm", "--min-words", "20",
                     "--objective", "clm"])
    out = capsys.readouterr().out
    assert rc == 0 and "(rules llm on " in out
    assert "  pack: " in out and "  samples: " not in out and "  merge: " not in out  # clm's stages
    llm = make_rules("llm", min_words=20)
    r = build_report(RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out", rules=llm), FAST)
    docs = [d for d in iter_documents(resolve_inputs([str(corpus)])) if d.text is not None]
    reach = sum(1 for d in docs if llm.cheap(d.text) is None)
    assert r.sample["reach_share"] == pytest.approx(reach / r.sample["documents"])
    assert r.sample["reach_share"] != pytest.approx(
        build_report(RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out"), FAST).sample["reach_share"])


@pytest.mark.slow
def test_blocked_domains_count_in_the_estimate(tmp_path):
    """The doctor's sample goes through the rules with each record's URL, as the filter's does: a
    blocklist's ``domain:`` lines that match half of the documents halve the share that reaches
    Kiwi and lower the estimated kept share."""
    from corefprep.rules import make_rules

    space = make_rules("llm", words="space")
    texts = [r["text"] for r in mc.bundled_records()
             if isinstance(r.get("text"), str) and 600 <= len(r["text"]) <= 2500 and space.cheap(r["text"]) is None]
    texts = texts[:60]
    assert len(texts) == 60, "the bundled sample changed"
    src = tmp_path / "web.jsonl"
    hosts = ("https://news.spam.example/a/{}", "https://blog.good.kr/p/{}")
    src.write_bytes(b"".join(orjson.dumps({"id": f"d{i}", "url": hosts[i % 2].format(i), "text": t}) + b"\n"
                             for i, t in enumerate(texts)))
    block = tmp_path / "block.txt"
    block.write_text("# spam sites\ndomain:spam.example\n", encoding="utf-8")

    def sample(**rules: object) -> dict:
        opts = RunOptions(inputs=[str(src)], output_dir=tmp_path / "out", rules=make_rules("llm", **rules))
        r = build_report(opts, 1.0)
        assert r.sample["decided"] > 0
        return r.sample

    free, blocked = sample(), sample(blocklist=str(block))
    assert free["reach_share"] == pytest.approx(1.0)
    assert blocked["reach_share"] == pytest.approx(0.5)
    assert free["kept_share"] > 0 and blocked["kept_share"] < free["kept_share"]


@pytest.mark.slow
def test_json_is_one_object_and_the_plan_is_the_one_for_this_machine(tmp_path, capsys):
    rc = mc.run_cli(["doctor", "--output-dir", str(tmp_path / "out"), "--json"])
    obj = orjson.loads(capsys.readouterr().out)
    assert rc == 0 and obj["ok"] is True and obj["problems"] == []
    m = obj["machine"]
    machine = Machine(m["affinity_cpus"], m["available_bytes"], m["total_bytes"], m["cgroup_cpus"],
                      m["cgroup_memory_max"])
    plan = make_plan(machine, TokenizerProfile(obj["tokenizer"]["vocab_size"]))
    assert obj["plan"]["workers"] == plan.workers and obj["plan"]["description"] == plan.describe()
    assert {f["check"] for f in obj["preflight"]["findings"]} >= {"inputs", "output_dir", "disk"}
    assert obj["kiwi"]["two_process_speedup"] is None or obj["kiwi"]["two_process_speedup"] > 0


@pytest.mark.slow
def test_human_output_through_the_cli(tmp_path, capsys):
    rc = mc.run_cli(["doctor", str(mc.SAMPLE), "-o", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert rc == 0 and "Traceback" not in out
    assert "tokenizer: " in out and "— fast (" in out and out.rstrip().endswith("ok: a run fits on this machine")


# --- problems ---------------------------------------------------------------------------------------


def _problems(opts, capsys, monkeypatch=None):
    rc = run_doctor(opts, bench_seconds=FAST)
    out = capsys.readouterr().out
    assert rc == 1
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("PROBLEMS (")
    return last


def test_a_tokenizer_that_does_not_load(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    opts = RunOptions(output_dir=tmp_path, tokenize=TokenizeConfig(model=str(tmp_path / "no-tokenizer-here")))
    assert "tokenizer: cannot load tokenizer" in _problems(opts, capsys)


def test_a_very_slow_tokenizer(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(doctor, "SLOW_TOKENS_PER_S", 10**12)
    assert "tokens/s" in _problems(RunOptions(output_dir=tmp_path), capsys)


def test_too_little_disk(corpus, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(preflight, "disk_free", lambda p: 1024)
    last = _problems(RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out"), capsys)
    assert "only 1 KiB is free" in last


def test_an_unwritable_output_dir(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "is not writable" in _problems(RunOptions(output_dir=blocker / "out"), capsys)


def test_less_ram_than_one_kiwi_and_one_worker(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(doctor, "detect_machine", lambda: Machine(4, 300 * MiB, 1 * GiB))
    assert "of RAM is free, less than one Kiwi and one worker need" in _problems(RunOptions(output_dir=tmp_path),
                                                                                 capsys)


def test_missing_inputs(tmp_path, capsys):
    assert "no such file" in _problems(RunOptions(inputs=[str(tmp_path / "nope.jsonl")], output_dir=tmp_path), capsys)


# --- the time estimate --------------------------------------------------------------------------------


def test_estimate_times_from_measured_rates():
    sample = SampleStats(documents=1000, reach_kiwi=400, read_seconds=0.1, survivor_chars=400 * 1500)
    kiwi = KiwiBench(chars_per_s=100_000, docs_per_s=66, two_process_speedup=2.0, decided=100, kept=5,
                     text_source="x")
    tok = TokenizerBench("m", True, vocab_size=8000, tokens_per_s=1_000_000, chars_per_token=1.5)
    plan = make_plan(Machine(8, 31 * GiB, 32 * GiB), TokenizerProfile(8000))
    est = {e.stage: e for e in estimate_times(10_000_000, sample, kiwi, tok, plan, kept_share=0.02)}
    # 4M documents of 1,500 characters at 100k chars/s on 8 workers that scale perfectly
    assert est["filter"].seconds == pytest.approx(4_000_000 * 1500 / (100_000 * 8))
    # 200k kept documents of 1,000 tokens each, 8 processes
    assert est["tokenize"].seconds == pytest.approx(200_000 * 1000 / (1_000_000 * 8) + 16)
    # a reader slower than the workers sets the pace
    slow_reader = SampleStats(documents=1000, reach_kiwi=400, read_seconds=100.0, survivor_chars=400 * 1500)
    est2 = {e.stage: e for e in estimate_times(10_000_000, slow_reader, kiwi, tok, plan, kept_share=0.02)}
    assert est2["filter"].seconds == pytest.approx(10_000_000 / 10)


# --- a document that kills or hangs the doctor's workers ---------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("fault,strict", [("kill", False), ("hang", False), ("kill", True), ("raise", False)])
def test_a_document_that_kills_or_hangs_the_doctors_worker_is_named(corpus, tmp_path, monkeypatch, fault, strict):
    """The doctor's Kiwi sample runs under the supervisor: such a document is set aside and named
    (a run would quarantine it); with --strict, or for a bug, the report names it as a problem."""
    from fixtures.faults import inject

    from corefprep.parallel import EngineConfig

    inject(monkeypatch, "doctor", fault, item=1)
    opts = RunOptions(inputs=[str(corpus)], output_dir=tmp_path / "out",
                      engine=EngineConfig(doc_timeout=1.0, retries=1, strict=strict))
    r = build_report(opts, FAST)
    if fault == "raise" or strict:
        [problem] = [p for p in r.problems if p.startswith("kiwi: ")]
        # (the unit that meets the document first: one process, or one of two when the first one's
        # time ran out before it, on a loaded machine)
        assert re.search(r"doctor: unit (one process|process [12] of 2) ", problem), problem
        assert ("raised RuntimeError" if fault == "raise" else "failed 2 times") in problem
        return
    assert r.ok, r.problems
    reason = "timeout" if fault == "hang" else "worker_died"
    named = [ln for ln in r.lines if "killed or hung its worker and was set aside" in ln]
    assert named and all(f"({reason}: " in ln and ":" in ln.split("set aside, as a run would quarantine it: ")[1]
                         for ln in named)
    assert r.kiwi is not None and r.kiwi["decided"] > 0
