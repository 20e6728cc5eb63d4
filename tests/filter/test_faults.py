"""The fault matrix (SPEC 5, issue 14): no fault makes a run hang, and every fault ends the way the
README says, with either engine.

{worker killed, hang past --doc-timeout, rule raises; on Ray also the actor killed while reading}
x {default, --strict} x {local, ray} x {first try, a retry of a batch that failed before}. Every cell
runs the real CLI (``corefprep prepare``) on the reliability corpus with the fault installed by the
tests' harness (tests/fixtures/faults.py) and a hard timeout, and must end:

- exit 0 with the faulty document quarantined (killed twice: ``worker_died``; past the timeout:
  ``timeout``) and every other document decided as in a clean run; or
- exit 1 in one sentence naming the batch and the faulty document (``--strict``, or a rule that
  raises, which is a bug rather than bad data);

and a plain rerun (the same command, no fault) ends with the clean run's dataset. The faulty
document is one Kiwi rejects anyway, so a quarantine leaves the dataset unchanged. "A retry" adds
a one-time failure of another document of the same batch: the batch's first attempt fails for
that reason and the fault must be handled as well in the attempt that follows (the hang of issue
14 lived exactly there).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from fixtures.cli import FINAL_NAME, RUN_OPTS, assert_one_sentence, dataset_digest, filter_rows, popen_cli, run_cli
from fixtures.reliability import Corpus, Reference, make_reference

try:
    import ray  # noqa: F401
except ImportError:
    ray = None

DOC_TIMEOUT = "3"
LIMIT = 240.0  # seconds a faulty run may take; the harness kills its process group after that
# batch 0 (the batch without malformed records, which --strict would stop at first)
POISONED = 9  # a document the cheap rules pass and Kiwi rejects
# Kept documents that raise once, so that the batch's first attempt fails ("a retry"). On Ray one
# actor decides the batch in order: the spoiler comes before the faulty document. In the Pool it
# must sit in another chunk (chunks of 2 here: 2,9 | 13,17), or its failure would be lost with the
# chunk of a worker the faulty document kills.
SPOILER = {"ray": 2, "local": 13}

CELLS = [
    (engine, fault, mode, attempt)
    for engine in ("local", "ray")
    for fault in ("kill", "hang", "raise", *(("kill-read",) if engine == "ray" else ()))
    for mode in ("default", "strict")
    for attempt in ("first", "retry")
]


@pytest.fixture(scope="module")
def wellformed(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """The reliability corpus with its two malformed records replaced by short documents: --strict
    stops at a malformed record too, and on Ray another batch may reach it first."""
    import orjson
    import zstandard

    root = tmp_path_factory.mktemp("wellformed")
    files = []
    for f in corpus.files:
        raw = f.read_bytes()
        text = zstandard.ZstdDecompressor().stream_reader(raw).read() if f.suffix == ".zst" else raw
        lines = []
        for i, line in enumerate(text.splitlines()):
            try:
                ok = "text" in orjson.loads(line)
            except orjson.JSONDecodeError:
                ok = False
            lines.append(line if ok else orjson.dumps({"id": f"filler-{f.name}-{i}", "text": "짧은 문서입니다."}))
        out = root / f.name
        data = b"\n".join(lines) + b"\n"
        out.write_bytes(zstandard.ZstdCompressor(level=3).compress(data) if f.suffix == ".zst" else data)
        files.append(out)
    return Corpus(files, corpus.records, corpus.kiwi_docs, {})


@pytest.fixture(scope="module")
def clean(wellformed: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Reference:
    return make_reference(wellformed, tmp_path_factory.mktemp("clean"))


def _expected(fault: str, mode: str) -> str | None:
    """The quarantine reason when the run must finish, None when it must stop naming the document."""
    if mode == "strict" or fault == "raise":
        return None
    return "timeout" if fault == "hang" else "worker_died"


def _run_bounded(args: list[object], env: dict[str, str]) -> tuple[int, str, float]:
    """The CLI with a hard limit: past LIMIT its whole process group is killed and the cell fails."""
    p = popen_cli(args, **env)
    t0 = time.monotonic()
    try:
        _, err = p.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate(timeout=60)
        pytest.fail(f"the run did not end within {LIMIT:.0f} s: it hangs")
    return p.returncode, err, time.monotonic() - t0


@pytest.mark.slow
@pytest.mark.parametrize("engine,fault,mode,attempt", CELLS, ids=["-".join(c) for c in CELLS])
def test_every_fault_ends_and_a_plain_rerun_gives_the_clean_dataset(wellformed: Corpus, clean: Reference,
                                                                   tmp_path: Path, engine: str, fault: str,
                                                                   mode: str, attempt: str) -> None:
    corpus, reference = wellformed, clean
    if engine == "ray" and ray is None:
        pytest.skip("the ray extra is not installed")
    spoiler = SPOILER[engine]
    assert POISONED in corpus.kiwi_docs[0] and spoiler in corpus.kiwi_docs[0]
    assert POISONED not in {r["doc_index"] for r in reference.filter_rows}, "the faulty document must be rejected"
    assert spoiler in {r["doc_index"] for r in reference.filter_rows}
    out = tmp_path / "out"
    args: list[object] = ["prepare", *corpus.args, "-o", out, *RUN_OPTS, "--doc-timeout", DOC_TIMEOUT,
                          "--engine", engine]
    spec = f"{fault}@{POISONED}"
    if attempt == "retry":
        spec += f",raise-once@{spoiler}:{tmp_path / 'spoiled'}"
    rc, err, seconds = _run_bounded([*args, *(["--strict"] if mode == "strict" else [])], {"CP_TEST_FAULTS": spec})
    assert "Traceback" not in err, err
    reason = _expected(fault, mode)
    quarantine = out / "work" / "quarantine.jsonl"
    if reason is not None:
        assert rc == 0, err
        entries = [json.loads(ln) for ln in quarantine.read_text().splitlines()]
        assert [(e["doc_index"], e["reason"]) for e in entries] == [(POISONED, reason)]
        assert filter_rows(out) == reference.filter_rows  # every other document decided as in a clean run
    else:
        assert rc == 1, err
        assert_one_sentence(err, "batch 0 (documents 0-19) failed", f"document {POISONED}")
        assert (out / "work" / "filter" / "batch_00000.failed.json").exists()
        assert not quarantine.exists() or quarantine.read_text() == ""
    if attempt == "retry":
        assert (tmp_path / "spoiled").exists()  # the batch did fail once before the fault was handled
        assert "retrying" in err
    r = run_cli(args, timeout=LIMIT)  # the same command, no fault
    assert r.returncode == 0, r.stderr
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
