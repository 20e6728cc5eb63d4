"""Run settings: every option declared once (a field of its stage's config), the work manifest
holding exactly the settings that decide the batches' rows, and DATASET_* variables that set
defaults (a bad value is one sentence, exit 2, never a traceback)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from corefprep.cli import build_parser
from corefprep.core.errors import UsageError
from corefprep.core.options import declared, flag_of
from corefprep.coref.config import SampleConfig
from corefprep.filter.config import EngineConfig, FilterConfig
from corefprep.pii import DETECTORS_VERSION, PiiConfig
from corefprep.pii.tlds import list_version
from corefprep.rules import rule_sets
from corefprep.run.filter_stage import filter_config
from corefprep.run.options import RunOptions
from corefprep.run.plan import apply_plan
from corefprep.signatures.config import DedupConfig
from corefprep.tokenizer.config import MapConfig, TokenizeConfig

CONFIGS = (RunOptions, FilterConfig, EngineConfig, SampleConfig, TokenizeConfig, MapConfig, DedupConfig, PiiConfig)


@pytest.mark.parametrize("value", ["abc", "-5", "0", "1.5"])
def test_a_bad_dataset_variable_is_a_usage_error(monkeypatch, value):
    monkeypatch.setenv("DATASET_BATCH_SIZE", value)
    with pytest.raises(UsageError, match=f"DATASET_BATCH_SIZE='{value}' is not a positive whole number"):
        apply_plan(RunOptions())


def test_dataset_variables_set_the_defaults(monkeypatch):
    monkeypatch.setenv("DATASET_NUM_PROC", "3")
    monkeypatch.setenv("DATASET_WRITER_BATCH_SIZE", "222")
    opts = apply_plan(RunOptions())
    assert (opts.map.num_proc, opts.map.writer_batch_size) == (3, 222)
    assert "DATASET_NUM_PROC" in opts.plan.describe()  # the plan line says who set it
    given = apply_plan(RunOptions(map=MapConfig(num_proc=5)))
    assert given.map.num_proc == 5  # an option given wins over the variable


def test_every_option_is_declared_once():
    """Each flag of `corefprep prepare` comes from exactly one field of one stage's config (or a
    rule set's threshold), and shows that field's default: no second place to keep in step."""
    fields: dict[str, str] = {}
    for cls in CONFIGS:
        for f, c in declared(cls):
            assert f.name not in fields, f"{f.name} is declared by {fields[f.name]} and {cls.__name__}"
            fields[f.name] = cls.__name__
            assert flag_of(f, c).startswith("-")
    rule_fields = {f.name for cls in rule_sets().values() for f in dataclasses.fields(cls)}
    prepare = build_parser()._subparsers._group_actions[0].choices["prepare"]  # type: ignore[union-attr]
    dests = {a.dest for a in prepare._actions if a.option_strings and a.dest not in ("help", "debug", "rules")}
    from_rules = {d for d in dests if d.startswith("rule_")}
    assert {d.removeprefix("rule_") for d in from_rules} == rule_fields
    assert dests - from_rules == set(fields)
    for action in prepare._actions:
        if action.dest in fields and action.default is not None and action.dest != "progress":
            cls = next(c for c in CONFIGS if c.__name__ == fields[action.dest])
            assert action.default == next(f.default for f in dataclasses.fields(cls) if f.name == action.dest)


@pytest.mark.parametrize("rules", sorted(rule_sets()))
def test_the_manifest_holds_every_setting_that_decides_rows_and_only_those(rules):
    """A batch's files are decided by the inputs, the text field, the batch size, every field of
    the rule set (early_exit_chars included), the rules' code, the Kiwi version (when the rules use
    Kiwi), the examples kept and what happens to personal data; engine, samples, tokenize and
    machine settings never enter the manifest, so changing them never re-decides or recomputes a filter batch."""
    from corefprep.rules import make_rules

    opts = RunOptions(rules=make_rules(rules))
    cfg = filter_config(opts, [["in.jsonl", 1, "sha256:x"]], 1)
    assert set(cfg) == {"rules", "text_field", "batch_docs", "inputs", "total_docs", "rules_code", "kiwi",
                        "keep_rejected", "pii"}
    # --pii decides what the kept text is: the rule set's default, and the detectors' version with it
    assert cfg["pii"] == ({"mode": "redact", "detectors": DETECTORS_VERSION, "tlds": list_version()}
                          if rules == "llm" else "off")
    assert cfg["kiwi"].startswith("kiwipiepy ") and cfg["rules_code"] == opts.rules.code_version()
    assert set(cfg["rules"]) == {f.name for f in dataclasses.fields(type(opts.rules))} | {"rules"}
    other = RunOptions(rules=make_rules(rules), engine=EngineConfig(workers=7, chunksize=3, retries=0, strict=True,
                                                                   doc_timeout=5.0, engine="ray"),
                       samples=SampleConfig(max_entity_freq=3), tokenize=TokenizeConfig(seq_len=99),
                       map=MapConfig(num_proc=1, tok_chunk=5))
    assert filter_config(other, [["in.jsonl", 1, "sha256:x"]], 1) == cfg


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["prepare", "--help"], ["prepare", "-o", "{tmp}"], ["doctor"]])
def test_the_real_cli_says_one_sentence(tmp_path, argv):
    env = {"DATASET_NUM_PROC": "many", "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "corefprep", *[a.format(tmp=tmp_path) for a in argv]],
                       capture_output=True, text=True, env=env, timeout=120)
    if argv[-1] == "--help":  # the help does not read the environment
        assert r.returncode == 0 and "--num-proc" in r.stdout
        return
    if argv[0] == "doctor":  # the doctor reports it among its findings
        assert "DATASET_NUM_PROC" in r.stdout + r.stderr and "Traceback" not in r.stderr
        return
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("corefprep: error: environment variable DATASET_NUM_PROC='many' "
                                                   "is not a positive whole number"), lines


@pytest.mark.parametrize("args,signer", [
    ([], None),  # rule set v2: today's results stay as they are
    (["--rules", "llm"], ("minhash", "kiwi")),  # the filter's Kiwi analysis gives the words
    (["--rules", "llm", "--words", "space"], ("minhash", "space")),  # no Kiwi in the rules: none for dedup
    (["--rules", "llm", "--dedup", "none"], None),
    (["--dedup", "exact"], ("exact", None)),  # no words: the exact hash of the whole text
    (["--dedup", "minhash"], ("minhash", "kiwi")),  # v2 analyses with Kiwi
    (["--rules", "llm", "--dedup-words", "space"], ("minhash", "space")),
])
def test_dedup_defaults_follow_the_rule_set(args, signer, tmp_path):
    from corefprep.cli import options_from_args

    opts = options_from_args(build_parser().parse_args(["prepare", str(tmp_path), *args]))
    s = opts.signer()
    assert (None if s is None else (s.mode, s.words if s.mode == "minhash" else None)) == signer
    assert opts.dedup_mode == ("none" if signer is None else signer[0])
    if s is not None and s.mode == "minhash":  # FineWeb-2's settings
        assert (s.ngram, s.bands, s.rows, s.seed) == (5, 14, 8, 1)
