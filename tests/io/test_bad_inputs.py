"""Bad input (issue 4 item 3, SPEC 2.1 and 3): every kind gives either a counted, reasoned skip
(malformed records with file:line in the batch stats) or one clear error sentence and exit 1 —
never a traceback, never an uncounted document. After every successful run the accounting holds:
input records = passed + rejected (by reason) + malformed, as `corefprep status --json` says.

Runs are `corefprep filter` in this process (Kiwi stays loaded); a few go through the real CLI
process to check what a user sees.
"""

from __future__ import annotations

import gzip
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures.cli import KNOWN_KEPT, assert_one_sentence, cli_inprocess, run_cli
from fixtures.faults import install as install_faults
from fixtures.shared import SAMPLE

OPTS = ["--no-progress", "--workers", "1", "--batch-docs", "4"]


def short(i: int) -> bytes:
    return orjson.dumps({"id": f"s{i}", "text": f"짧은 문서 {i}번."})


def jsonl(path: Path, lines: list[bytes]) -> Path:
    data = b"\n".join(lines) + b"\n"
    if path.name.endswith(".zst"):
        data = zstandard.ZstdCompressor().compress(data)
    elif path.name.endswith(".gz"):
        data = gzip.compress(data)
    path.write_bytes(data)
    return path


def kept_text() -> str:
    """A bundled-sample document that passes rule set v2 (so it goes through Kiwi and is kept)."""
    from corefprep.io.read import iter_documents
    from corefprep.io.resolve import resolve_inputs
    from corefprep.rules.v2 import V2Rules as FilterConfig

    cfg = FilterConfig()
    docs = [d for d in iter_documents(resolve_inputs([str(SAMPLE)]), stop=max(KNOWN_KEPT) + 1)
            if d.doc_index in KNOWN_KEPT and d.text and cfg.cheap(d.text) is None]
    assert docs, "the bundled sample changed: update KNOWN_KEPT in tests/fixtures/cli.py"
    return min(docs, key=lambda d: len(d.text)).text


@pytest.fixture
def run(kiwi: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, dict[str, Any] | None]]:
    """filter INPUTS -> (exit code, stderr, status --json or None)."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    install_faults("", monkeypatch)
    out = tmp_path / "out"

    def go(*inputs: Any, extra: tuple[str, ...] = ()) -> tuple[int, str, dict[str, Any] | None]:
        rc, _, err = cli_inprocess(["filter", *inputs, "-o", out, *OPTS, *extra], capsys)
        assert "Traceback" not in err, err
        if rc != 0:
            assert rc == 1, err
            assert_one_sentence(err)
            return rc, err, None
        rc2, js, err2 = cli_inprocess(["status", out, "--json"], capsys)
        assert rc2 == 0, err2
        return rc, err, json.loads(js)

    return go


def check_accounting(st: dict[str, Any], records: int) -> dict[str, Any]:
    t = st["totals"]
    assert st["inputs_documents"] == records and st["done"] == st["num_batches"]
    assert t["documents"] == records
    assert t["passed"] + sum(t["rejected"].values()) + sum(t["malformed"].values()) == records
    return t


def malformed_examples(out: Path) -> list[str]:
    ex: list[str] = []
    for p in sorted((out / "work" / "filter").glob("batch_?????.json")):
        ex += json.loads(p.read_text())["malformed_examples"]
    return ex


# ----------------------------------------------------------------------------------------------
# counted, reasoned skips


def test_invalid_json_lines_are_counted_with_file_and_line(run, tmp_path):
    f = jsonl(tmp_path / "a.jsonl", [short(0), b'{"text": "cut off', b"not json at all", short(3),
                                      b'{"text": "raw \x01 control"}', b'{"text": "x"} trailing', short(6)])
    rc, _, st = run(f)
    assert rc == 0
    t = check_accounting(st, 7)
    assert t["malformed"] == {"invalid_json": 4} and t["rejected"] == {"too_short": 3}
    assert malformed_examples(tmp_path / "out") == [f"{f}:{n} invalid_json" for n in (2, 3, 5, 6)]


def test_invalid_utf8_is_counted(run, tmp_path):
    f = jsonl(tmp_path / "a.jsonl", [short(0), b'{"text": "bad \xff\xfe bytes"}', b"\xc3\x28\xa0\xa1", short(3)])
    txt = tmp_path / "b.txt"
    txt.write_bytes("첫 문서입니다.\n\n".encode() + b"\xff\xfe broken\nsecond line\n\n" + "셋째.\n".encode())
    rc, _, st = run(f, txt)
    assert rc == 0
    t = check_accounting(st, 7)
    assert t["malformed"] == {"invalid_utf8": 3}
    assert malformed_examples(tmp_path / "out") == [f"{f}:2 invalid_utf8", f"{f}:3 invalid_utf8",
                                                    f"{txt}:3 invalid_utf8"]


def test_records_without_usable_text_are_counted(run, tmp_path):
    f = jsonl(tmp_path / "a.jsonl", [
        b'{"id": "no-text", "title": "x"}', b'{"text": null}',  # missing_text
        b'{"text": 123}', b'{"text": ["a"]}', b'{"text": {"k": 1}}', b'{"text": true}',  # text_not_string
        b"[1, 2]", b'"just a string"', b"42",  # not_an_object
        short(9),
    ])
    rc, _, st = run(f)
    assert rc == 0
    t = check_accounting(st, 10)
    assert t["malformed"] == {"missing_text": 2, "text_not_string": 4, "not_an_object": 3}
    assert t["rejected"] == {"too_short": 1}
    assert len(malformed_examples(tmp_path / "out")) == 9


def test_empty_and_blank_text_is_rejected_as_too_short(run, tmp_path):
    f = jsonl(tmp_path / "a.jsonl", [b'{"text": ""}', b'{"text": "   \\n\\t "}', short(2)])
    rc, _, st = run(f)
    assert rc == 0
    assert check_accounting(st, 3)["rejected"] == {"too_short": 3}


def test_five_megabyte_document_is_rejected_as_too_long_quickly(run, tmp_path):
    big = "가나다라마 바사아자차. " * (5_000_000 // 13)
    f = jsonl(tmp_path / "big.jsonl.zst", [short(0), orjson.dumps({"id": "big", "text": big}), short(2)])
    t0 = time.monotonic()
    rc, _, st = run(f)
    assert rc == 0 and time.monotonic() - t0 < 60
    assert check_accounting(st, 3)["rejected"] == {"too_long": 1, "too_short": 2}


def test_nul_and_control_characters_are_counted(run, tmp_path):
    text = kept_text()
    cut = text.index(".", 200) + 1
    dirty = text[:cut] + "\x00\x01\x1b[0m\x7f\u200b" + text[cut:] + "\x00"
    f = jsonl(tmp_path / "a.jsonl", [
        orjson.dumps({"id": "dirty", "text": dirty}),  # escaped NUL/controls: a document like any other
        orjson.dumps({"id": "nul-only", "text": "\x00" * 900}),
        b'{"text": "raw \x00 nul"}',  # raw control bytes inside a JSON string: invalid JSON
        b'{"text": "lone \\ud800 surrogate"}',  # not encodable text: invalid JSON
    ])
    txt = tmp_path / "b.txt"
    txt.write_bytes(b"NUL \x00 inside a text block\n\n" + "한국어 문서.\x07\n".encode())
    rc, _, st = run(f, txt)
    assert rc == 0
    t = check_accounting(st, 6)
    assert t["malformed"] == {"invalid_json": 2}
    assert sum(t["rejected"].values()) + t["passed"] == 4
    assert t["passed"] == 1  # control characters do not change Kiwi's decision on the document
    rows = pq.read_table(tmp_path / "out" / "work" / "filter" / "batch_00000.parquet").to_pylist()
    assert [r["text"] for r in rows] == [dirty]  # stored exactly as read: offsets index that text
    ents = rows[0]["entities"]
    assert ents and all(dirty[s:e] == ent["form"] for ent in ents for s, e in zip(ent["starts"], ent["ends"],
                                                                                   strict=True))


def test_empty_files_among_others_hold_no_records(run, tmp_path):
    d = tmp_path / "in"
    d.mkdir()
    (d / "a_empty.jsonl").write_bytes(b"")
    (d / "b_blank.jsonl").write_bytes(b"\n  \n\n")
    (d / "c_empty.jsonl.gz").write_bytes(gzip.compress(b""))
    (d / "d_empty.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(b""))
    (d / "e_empty.txt").write_bytes(b"")
    jsonl(d / "f.jsonl", [short(0), short(1)])
    rc, _, st = run(d)
    assert rc == 0
    assert check_accounting(st, 2)["rejected"] == {"too_short": 2}


def test_parquet_with_bad_values_is_counted(run, tmp_path):
    p = tmp_path / "a.parquet"
    pq.write_table(pa.table({"text": ["짧다.", None, "또 짧다."], "id": [1, 2, 3]}), p)
    q = tmp_path / "b.parquet"
    pq.write_table(pa.table({"text": [1, 2]}), q)
    rc, _, st = run(p, q)
    assert rc == 0
    t = check_accounting(st, 5)
    assert t["malformed"] == {"missing_text": 1, "text_not_string": 2}
    assert malformed_examples(tmp_path / "out") == [f"{p}:2 missing_text", f"{q}:1 text_not_string",
                                                    f"{q}:2 text_not_string"]


def test_unsupported_files_inside_a_directory_are_skipped_with_a_warning(run, tmp_path, caplog):
    d = tmp_path / "in"
    d.mkdir()
    jsonl(d / "a.jsonl", [short(0)])
    (d / "notes.md").write_text("not an input")
    (d / ".hidden.jsonl").write_bytes(short(1))
    rc, _, st = run(d)
    assert rc == 0
    check_accounting(st, 1)
    assert "notes.md" in caplog.text and "ignoring 2" in caplog.text


# ----------------------------------------------------------------------------------------------
# one clear error sentence, exit 1


def test_truncated_zst_stops_naming_file_and_last_good_line(run, tmp_path):
    lines = [orjson.dumps({"id": i, "text": f"문서 {i}. " + os.urandom(200).hex()}) for i in range(2000)]
    blob = zstandard.ZstdCompressor().compress(b"\n".join(lines) + b"\n")
    f = tmp_path / "cut.jsonl.zst"
    f.write_bytes(blob[: len(blob) // 2])
    rc, err, _ = run(f)
    assert rc == 1
    line = assert_one_sentence(err, str(f), "corrupt or truncated jsonl.zst data after line")
    assert 0 < int(line.split("after line ")[1].split(";")[0]) < 2000


def test_corrupt_gz_stops_naming_the_file(run, tmp_path):
    blob = bytearray(gzip.compress(b"\n".join(orjson.dumps({"text": os.urandom(300).hex()})
                                              for _ in range(300)) + b"\n"))
    blob[len(blob) // 2: len(blob) // 2 + 40] = b"\x00" * 40
    f = tmp_path / "bad.jsonl.gz"
    f.write_bytes(bytes(blob))
    good = jsonl(tmp_path / "good.jsonl", [short(0)])
    rc, err, _ = run(good, f)
    assert rc == 1
    assert_one_sentence(err, str(f), "corrupt or truncated jsonl.gz data")


def test_empty_file_alone_is_a_clear_error(run, tmp_path):
    f = tmp_path / "empty.jsonl"
    f.write_bytes(b"")
    rc, err, _ = run(f)
    assert rc == 1
    assert_one_sentence(err, "hold no records")


def _file(name: str, data: bytes | None = None) -> Callable[[Path], Path]:
    def make(t: Path) -> Path:
        if data is not None:
            (t / name).write_bytes(data)
        return t / name

    return make


def _parquet_without_text(t: Path) -> Path:
    pq.write_table(pa.table({"body": ["x"], "id": [1]}), t / "x.parquet")
    return t / "x.parquet"


@pytest.mark.parametrize("make, fragments", [
    (_parquet_without_text, ["no text column 'text'", "body, id", "--text-field"]),
    (_file("x.parquet", b"this is not parquet"), ["not a readable parquet file"]),
    (_file("does-not-exist.jsonl"), ["no such file or directory"]),
    (_file("data.csv", b"text\nx\n"), ["unsupported file type"]),
    (_file("data.json", b'{"text": "x"}'), ["unsupported file type"]),
    (_file("data.jsonl.bz2", b"BZh9"), ["unsupported file type"]),
    (_file("nothing-*.jsonl"), ["matches no files"]),
], ids=["parquet-without-text", "not-parquet", "nonexistent", "csv", "json", "bz2", "empty-glob"])
def test_unusable_inputs_are_one_clear_error(run, tmp_path, make, fragments):
    path = make(tmp_path)
    rc, err, _ = run(path)
    assert rc == 1
    assert_one_sentence(err, str(path), *fragments)


def test_unreadable_file_in_a_directory_is_a_clear_error(run, tmp_path, monkeypatch):
    d = tmp_path / "in"
    d.mkdir()
    jsonl(d / "a.jsonl", [short(0)])
    bad = jsonl(d / "b.jsonl", [short(1)])
    if os.geteuid() == 0:  # root reads chmod 000 files: simulate what another user would see
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, m, **kw: False if str(p) == str(bad) else real(p, m, **kw))
    else:
        bad.chmod(0)
    try:
        rc, err, _ = run(d)
    finally:
        bad.chmod(0o644)
    assert rc == 1
    assert_one_sentence(err, str(bad), "not readable")


def test_unlistable_subdirectory_is_a_clear_error(run, tmp_path, monkeypatch):
    d = tmp_path / "in"
    (d / "sub").mkdir(parents=True)
    jsonl(d / "a.jsonl", [short(0)])
    jsonl(d / "sub" / "b.jsonl", [short(1)])
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if str(path) == str(d / "sub"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    rc, err, _ = run(d)
    assert rc == 1
    assert_one_sentence(err, str(d / "sub"), "cannot be listed")


def test_strict_makes_a_malformed_record_an_error_naming_file_and_line(run, tmp_path):
    f = jsonl(tmp_path / "a.jsonl", [short(0), short(1), b'{"text": 5}'])
    rc, err, _ = run(f, extra=("--strict",))
    assert rc == 1
    assert_one_sentence(err, f"{f}:3", "text_not_string", "--strict")


# ----------------------------------------------------------------------------------------------
# what a user sees from the real process


@pytest.mark.slow
def test_real_cli_errors_and_counts_without_traceback(tmp_path):
    blob = zstandard.ZstdCompressor().compress(b"\n".join(short(i) for i in range(200)) + b"\n")
    cut = tmp_path / "cut.jsonl.zst"
    cut.write_bytes(blob[:-7])
    for inputs, fragment in [([cut], "corrupt or truncated"), ([tmp_path / "missing.jsonl"], "no such file"),
                             ([tmp_path / "x.csv"], "no such file")]:
        r = run_cli(["filter", *inputs, "-o", tmp_path / "out", *OPTS])
        assert r.returncode == 1
        assert r.stdout == ""
        assert_one_sentence(r.stderr, fragment)
        assert len(r.stderr.strip().splitlines()) == 1
    r = run_cli(["filter", *OPTS, "-o", tmp_path / "out", "--batches", "1-"])
    assert r.returncode == 2 and "Traceback" not in r.stderr
