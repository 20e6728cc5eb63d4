"""Tests for corefprep.io (resolve, read, formats): input resolution and streaming documents from every format."""

from __future__ import annotations

import gzip
import itertools
import logging
import os
import random
import re
import shutil
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import corefprep.io.formats as formats
import corefprep.io.read as readers
from corefprep.core.errors import InputError
from corefprep.io.documents import Document, InputFile
from corefprep.io.read import iter_documents
from corefprep.io.resolve import ignored_files, resolve_inputs

# ../shared next to the repository (absent in a fresh clone: the test using it skips)
SHARED_DEV = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "dev"


# ----------------------------------------------------------------------------------------------
# helpers


def _compress(path: Path, data: bytes) -> bytes:
    name = path.name
    if name.endswith(".zst"):
        return zstandard.ZstdCompressor(level=3).compress(data)
    if name.endswith(".gz"):
        return gzip.compress(data)
    return data


def write_lines(path: Path, lines: list[bytes | str | dict], *, final_newline: bool = True) -> Path:
    raw = []
    for line in lines:
        if isinstance(line, dict):
            line = orjson.dumps(line)
        elif isinstance(line, str):
            line = line.encode("utf-8")
        raw.append(line)
    data = b"\n".join(raw) + (b"\n" if final_newline and raw else b"")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_compress(path, data))
    return path


def write_parquet(path: Path, columns: dict, row_group_size: int | None = None) -> Path:
    pq.write_table(pa.table(columns), path, row_group_size=row_group_size)
    return path


def read_all(*specs, **kwargs) -> list[Document]:
    return list(iter_documents(resolve_inputs([str(s) for s in specs]), **kwargs))


def random_korean_lines(n: int, seed: int = 0) -> list[bytes]:
    """Records with high-entropy Hangul text so that zstd needs several blocks."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        text = "".join(chr(rng.randrange(0xAC00, 0xD7A4)) for _ in range(rng.randrange(100, 400)))
        out.append(orjson.dumps({"id": f"d{i}", "u": f"https://example.invalid/{i}", "text": text}))
    return out


def collect_until_error(files: list[InputFile]) -> tuple[list[Document], InputError]:
    got: list[Document] = []
    with pytest.raises(InputError) as info:
        for doc in iter_documents(files):
            got.append(doc)
    return got, info.value


# ----------------------------------------------------------------------------------------------
# Document / InputFile


def test_doc_id_prefers_record_id_and_falls_back_to_file_and_line():
    with_id = Document(0, "t", "/x/y/a.jsonl.zst", 3, "abc", None, None)
    without = Document(1, "t", "/x/y/a.jsonl.zst", 7, None, None, None)
    assert with_id.doc_id == "abc"
    assert without.doc_id == "a.jsonl.zst:7"
    with pytest.raises(AttributeError):
        with_id.text = "other"  # frozen


# ----------------------------------------------------------------------------------------------
# JSONL layouts


V2_KEYS = ["f", "o", "s", "rs", "u", "c", "ts", "collection", "lang", "prob", "text", "seg_langs",
           "robotstxt", "id", "filter", "pii", "doc_scores"]


def hplt_v2(i: int, text: str) -> dict:
    rec = {k: None for k in V2_KEYS}
    rec.update(f="corefprep-dev/x.warc.gz", o=0, s=len(text.encode()), rs=len(text.encode()),
               u=f"https://example.invalid/v2/{i}", c="text/html", ts="2024-01-01T00:00:00Z",
               collection="dev", lang=["kor_Hang"], prob=[0.98], text=text,
               seg_langs=["kor_Hang"] * len(text.split("\n")), robotstxt="allowed", id=f"md5-{i}",
               filter="keep", pii=[], doc_scores=[8.0] + [1.0] * 8)
    return rec


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz", ".jsonl.zst"])
def test_hplt_v2_layout_every_compression(tmp_path, suffix):
    texts = ["첫 문서입니다.\n둘째 줄", "  앞뒤 공백도 그대로  ", "세 번째"]
    path = write_lines(tmp_path / f"v2{suffix}", [hplt_v2(i, t) for i, t in enumerate(texts)])
    docs = read_all(path)
    assert [d.text for d in docs] == texts
    assert [d.doc_index for d in docs] == [0, 1, 2]
    assert [d.line for d in docs] == [1, 2, 3]
    assert [d.record_id for d in docs] == ["md5-0", "md5-1", "md5-2"]
    assert [d.url for d in docs] == [f"https://example.invalid/v2/{i}" for i in range(3)]
    assert all(d.malformed is None and d.source == str(path) for d in docs)


def test_hplt_v12_layout_with_int_ids(tmp_path):
    recs = [
        {"id": 0, "document_lang": "fi", "scores": [0.9, 0.8], "langs": ["fi", "fi"],
         "text": "Rivi 1\nRivi 2", "url": "https://a.example/0", "collection": "cc40"},
        {"id": 19, "document_lang": "ko", "scores": [1.0], "langs": ["ko"],
         "text": "한국어", "url": "https://a.example/19", "collection": "cc40"},
    ]
    docs = read_all(write_lines(tmp_path / "v12.jsonl.zst", recs))
    assert [d.record_id for d in docs] == ["0", "19"]
    assert [d.doc_id for d in docs] == ["0", "19"]
    assert [d.url for d in docs] == ["https://a.example/0", "https://a.example/19"]
    assert [d.text for d in docs] == ["Rivi 1\nRivi 2", "한국어"]


def test_hplt_v3_layout_and_url_sources(tmp_path):
    recs = [
        {"text": "v3 doc", "id": "x1", "u": "https://u.example/1", "lang": "kor_Hang", "ts": "t"},
        {"text": "no id, no url"},
        {"text": "both", "url": "https://url.example", "u": "https://u.example"},
    ]
    path = write_lines(tmp_path / "v3.jsonl", recs)
    docs = read_all(path)
    assert [d.record_id for d in docs] == ["x1", None, None]
    assert [d.url for d in docs] == ["https://u.example/1", None, "https://url.example"]
    assert docs[1].doc_id == "v3.jsonl:2"


def test_custom_text_field(tmp_path):
    path = write_lines(tmp_path / "c.jsonl", [{"content": "본문", "text": 5}, {"text": "x"}])
    docs = read_all(path, text_field="content")
    assert docs[0].text == "본문" and docs[0].malformed is None
    assert docs[1].text is None and docs[1].malformed == "missing_text"


def test_malformed_records_and_blank_lines_have_exact_line_numbers(tmp_path):
    lines = [
        {"id": "a", "text": "hello", "u": "http://x"},  # 1 ok
        b"",  # 2 blank
        b"   \t ",  # 3 blank
        b'{"text": "broken"',  # 4 invalid_json
        b'{"text": "\xff\xfe bad"}',  # 5 invalid_utf8
        b"[1, 2]",  # 6 not_an_object
        {"id": 7, "content": "no text", "url": "http://y"},  # 7 missing_text (keeps id/url)
        {"text": 42},  # 8 text_not_string
        {"text": None},  # 9 missing_text
        {"text": ""},  # 10 ok: empty text is not malformed
        b'"just a string"',  # 11 not_an_object
        b'{"text": " spaced \\n "}\r',  # 12 ok, CRLF line ending; text kept exactly
        b"",  # 13 blank
        b'{"text": "\\ud800"}',  # 14 lone surrogate escape: invalid_json
        b"{'text': 'single quotes'}",  # 15 invalid_json
    ]
    path = write_lines(tmp_path / "m.jsonl.zst", lines, final_newline=False)
    docs = read_all(path)
    got = [(d.doc_index, d.line, d.malformed) for d in docs]
    assert got == [
        (0, 1, None),
        (1, 4, "invalid_json"),
        (2, 5, "invalid_utf8"),
        (3, 6, "not_an_object"),
        (4, 7, "missing_text"),
        (5, 8, "text_not_string"),
        (6, 9, "missing_text"),
        (7, 10, None),
        (8, 11, "not_an_object"),
        (9, 12, None),
        (10, 14, "invalid_json"),
        (11, 15, "invalid_json"),
    ]
    assert all((d.text is None) == (d.malformed is not None) for d in docs)
    assert docs[4].record_id == "7" and docs[4].url == "http://y"
    assert docs[7].text == ""
    assert docs[9].text == " spaced \n "
    assert set(d.malformed for d in docs if d.malformed) <= set(formats.MALFORMED_REASONS)


def test_blank_only_and_empty_files_yield_nothing(tmp_path):
    a = write_lines(tmp_path / "a.jsonl", [{"text": "a"}])
    paths = [
        tmp_path / "empty.jsonl",
        tmp_path / "empty.jsonl.zst",
        tmp_path / "empty.jsonl.gz",
        tmp_path / "empty.txt",
    ]
    for p in paths:
        p.write_bytes(b"")
    (tmp_path / "zst_of_nothing.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(b""))
    (tmp_path / "gz_of_nothing.jsonl.gz").write_bytes(gzip.compress(b""))
    write_lines(tmp_path / "blanks.jsonl.gz", [b"", b"  ", b"\t"])
    write_lines(tmp_path / "blanks.txt", ["", "   ", "\u3000"])
    write_parquet(tmp_path / "empty.parquet", {"text": pa.array([], pa.string())})
    b = write_lines(tmp_path / "z.jsonl", [{"text": "z"}])
    docs = read_all(tmp_path)  # directory: sorted, so a.jsonl first and z.jsonl last
    assert [(d.text, d.doc_index, d.source) for d in docs] == [("a", 0, str(a)), ("z", 1, str(b))]


def test_utf8_bom_at_file_start_is_ignored(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"text": "a"}\n{"text": "b"}\n')
    assert [d.text for d in read_all(path)] == ["a", "b"]
    txt = tmp_path / "bom.txt"
    txt.write_bytes(b"\xef\xbb\xbfline\n")
    assert [d.text for d in read_all(txt)] == ["line"]


def test_multi_frame_zstd_is_read_across_frames(tmp_path):
    c = zstandard.ZstdCompressor()
    path = tmp_path / "frames.jsonl.zst"
    part1 = b'{"text": "one"}\n{"text": "tw'
    part2 = b'o"}\n\n{"text": "three"}\n'
    skippable = (0x184D2A50).to_bytes(4, "little") + (3).to_bytes(4, "little") + b"xyz"
    path.write_bytes(c.compress(part1) + skippable + c.compress(part2))
    docs = read_all(path)
    assert [(d.text, d.line) for d in docs] == [("one", 1), ("two", 2), ("three", 4)]


def test_long_lines_spanning_many_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(formats, "_READ_CHUNK", 7)
    monkeypatch.setattr(formats, "_ZSTD_IN_CHUNK", 5)
    recs = [{"text": "가" * 50, "id": str(i)} for i in range(5)]
    for suffix in (".jsonl", ".jsonl.gz", ".jsonl.zst"):
        docs = read_all(write_lines(tmp_path / f"long{suffix}", recs))
        assert [d.text for d in docs] == ["가" * 50] * 5
        assert [d.line for d in docs] == [1, 2, 3, 4, 5]


# ----------------------------------------------------------------------------------------------
# txt


def test_txt_blocks_blank_lines_crlf_and_invalid_utf8(tmp_path):
    path = tmp_path / "doc.txt"
    path.write_bytes(
        b"\n"  # 1
        b"\n"  # 2
        b"  \n"  # 3
        b"first line\n"  # 4
        b"second  \n"  # 5
        b"\n"  # 6
        b"\n"  # 7
        b"\t\n"  # 8
        b"third block\r\n"  # 9
        b"more\r\n"  # 10
        b"\r\n"  # 11
        b"\xff bad\n"  # 12
        b"still\n"  # 13
        + "\u3000\n".encode()  # 14 (ideographic space only: a separator)
        + b"last"  # 15, no final newline
    )
    docs = read_all(path)
    assert [(d.doc_index, d.line, d.text, d.malformed) for d in docs] == [
        (0, 4, "first line\nsecond  ", None),
        (1, 9, "third block\nmore", None),
        (2, 12, None, "invalid_utf8"),
        (3, 15, "last", None),
    ]
    assert all(d.record_id is None and d.url is None for d in docs)
    assert docs[0].doc_id == "doc.txt:4"


# ----------------------------------------------------------------------------------------------
# parquet


def test_parquet_rows_ids_urls_and_bad_values(tmp_path):
    path = write_parquet(
        tmp_path / "p.parquet",
        {
            "text": ["가나다", None, "", "라마"],
            "id": [10, 11, None, 13],
            "u": ["https://u/0", None, "https://u/2", "https://u/3"],
        },
        row_group_size=3,
    )
    docs = read_all(path)
    assert [(d.doc_index, d.line, d.text, d.record_id, d.url, d.malformed) for d in docs] == [
        (0, 1, "가나다", "10", "https://u/0", None),
        (1, 2, None, "11", None, "missing_text"),
        (2, 3, "", None, "https://u/2", None),
        (3, 4, "라마", "13", "https://u/3", None),
    ]


def test_parquet_non_string_text_column_and_url_column(tmp_path):
    path = write_parquet(tmp_path / "n.parquet", {"text": [1, None, 3], "url": ["a", "b", "c"]})
    docs = read_all(path)
    assert [d.malformed for d in docs] == ["text_not_string", "missing_text", "text_not_string"]
    assert [d.url for d in docs] == ["a", "b", "c"]


def test_parquet_without_text_column_names_file_and_columns(tmp_path):
    path = write_parquet(tmp_path / "nt.parquet", {"body": ["x"], "id": ["1"]})
    files = resolve_inputs([str(path)])
    with pytest.raises(InputError) as info:
        list(iter_documents(files))
    msg = str(info.value)
    assert str(path) in msg and "'text'" in msg and "body, id" in msg
    # with the right field it works
    assert [d.text for d in iter_documents(files, text_field="body")] == ["x"]


def test_corrupt_parquet_raises_input_error(tmp_path):
    path = tmp_path / "bad.parquet"
    path.write_bytes(b"this is not parquet at all" * 10)
    with pytest.raises(InputError, match=re.escape(str(path))):
        read_all(path)


def test_parquet_skips_whole_row_groups_before_start(tmp_path, monkeypatch):
    path = write_parquet(tmp_path / "rg.parquet", {"text": [f"t{i}" for i in range(20)]}, row_group_size=4)
    seen_groups = []
    original = pq.ParquetFile.iter_batches

    def spy(self, *args, **kwargs):
        seen_groups.append(list(kwargs.get("row_groups") or []))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(pq.ParquetFile, "iter_batches", spy)
    docs = list(iter_documents(resolve_inputs([str(path)]), start=9, stop=13))
    assert [(d.doc_index, d.text, d.line) for d in docs] == [(i, f"t{i}", i + 1) for i in range(9, 13)]
    assert seen_groups == [[2, 3]]
    # a file entirely before start is not read at all (metadata only)
    seen_groups.clear()
    assert list(iter_documents(resolve_inputs([str(path)]), start=20)) == []
    assert seen_groups == []


# ----------------------------------------------------------------------------------------------
# doc_index continuity and start/stop


def build_mixed_inputs(tmp_path: Path) -> list[InputFile]:
    write_lines(tmp_path / "a.jsonl", [{"text": "a0", "id": 1}, b"", b"{bad", {"text": "a2"}, b"  ",
                                       {"no": "text"}])
    write_lines(tmp_path / "b.jsonl.gz", [{"text": f"b{i}", "u": f"u{i}"} for i in range(5)])
    write_parquet(tmp_path / "c.parquet", {"text": [f"c{i}" for i in range(7)], "id": list(range(7))},
                  row_group_size=3)
    (tmp_path / "d.txt").write_text("d0\n\nd1 line1\nd1 line2\n\n\n\nd2\n", encoding="utf-8")
    (tmp_path / "e.jsonl.zst").write_bytes(b"")
    write_lines(tmp_path / "f.jsonl.zst", [{"text": f"f{i}"} for i in range(6)] + [b"[]"])
    return resolve_inputs([str(tmp_path / n) for n in
                           ("a.jsonl", "b.jsonl.gz", "c.parquet", "d.txt", "e.jsonl.zst", "f.jsonl.zst")])


def test_doc_index_is_continuous_across_files(tmp_path):
    files = build_mixed_inputs(tmp_path)
    docs = list(iter_documents(files))
    assert [d.doc_index for d in docs] == list(range(len(docs)))
    assert len(docs) == 4 + 5 + 7 + 3 + 0 + 7
    assert [os.path.basename(d.source)[0] for d in docs] == list("aaaa" "bbbbb" "ccccccc" "ddd" "fffffff")
    assert docs[0].record_id == "1"
    assert docs[1].malformed == "invalid_json" and docs[1].line == 3
    assert docs[3].malformed == "missing_text" and docs[3].line == 6
    assert docs[16].text == "d0" and docs[17].text == "d1 line1\nd1 line2" and docs[17].line == 3
    assert docs[-1].malformed == "not_an_object"


def test_start_stop_equal_full_read_sliced(tmp_path):
    files = build_mixed_inputs(tmp_path)
    full = list(iter_documents(files))
    n = len(full)
    for start in range(n + 2):
        for stop in {start, start + 1, start + 3, start + 8, n, n + 5, None}:
            got = list(iter_documents(files, start=start, stop=stop))
            assert got == full[start:stop], (start, stop)


def test_start_stop_with_small_chunks(tmp_path, monkeypatch):
    files = build_mixed_inputs(tmp_path)
    full = list(iter_documents(files))
    monkeypatch.setattr(formats, "_READ_CHUNK", 5)
    monkeypatch.setattr(formats, "_ZSTD_IN_CHUNK", 3)
    monkeypatch.setattr(formats, "_PARQUET_BATCH_ROWS", 2)
    assert list(iter_documents(files)) == full
    for start in range(0, len(full) + 1, 2):
        assert list(iter_documents(files, start=start, stop=start + 5)) == full[start:start + 5]


def test_skipped_jsonl_records_are_not_parsed(tmp_path, monkeypatch):
    lines = [{"text": f"t{i}"} for i in range(100)]
    lines.insert(50, b"")
    path = write_lines(tmp_path / "s.jsonl.zst", lines)
    calls = []
    real = formats._loads

    def counting_loads(data):
        calls.append(data)
        return real(data)

    monkeypatch.setattr(formats, "_loads", counting_loads)
    files = resolve_inputs([str(path)])
    docs = list(iter_documents(files, start=70, stop=72))
    assert [(d.doc_index, d.text, d.line) for d in docs] == [(70, "t70", 72), (71, "t71", 73)]
    assert len(calls) == 2
    # the same holds when the skip ends inside a chunk processed line by line
    calls.clear()
    monkeypatch.setattr(formats, "_READ_CHUNK", 64)
    docs = list(iter_documents(files, start=49, stop=51))
    assert [(d.text, d.line) for d in docs] == [("t49", 50), ("t50", 52)]
    assert len(calls) == 2


def test_stop_does_not_open_later_files(tmp_path):
    a = write_lines(tmp_path / "a.jsonl", [{"text": "a0"}, {"text": "a1"}])
    b = write_lines(tmp_path / "b.jsonl", [{"text": "b0"}])
    files = resolve_inputs([str(a), str(b)])
    b.unlink()
    assert [d.text for d in iter_documents(files, stop=2)] == ["a0", "a1"]
    assert [d.text for d in iter_documents(files, stop=1)] == ["a0"]
    with pytest.raises(InputError, match=re.escape(str(b))):
        list(iter_documents(files, stop=3))


def test_invalid_start_and_empty_range():
    with pytest.raises(ValueError):
        list(iter_documents([], start=-1))
    assert list(iter_documents([], start=5, stop=5)) == []


# ----------------------------------------------------------------------------------------------
# corrupt / truncated compressed data and I/O errors


def assert_corrupt_message(err: InputError, path: Path, kind: str) -> int:
    msg = str(err)
    assert msg.startswith(f"{path}: corrupt or truncated {kind} data after line "), msg
    assert "repair or remove the file" in msg
    return int(re.search(r"after line (\d+);", msg).group(1))


@pytest.mark.parametrize("checksum", [False, True])
def test_truncated_zstd_is_detected_everywhere(tmp_path, checksum):
    lines = random_korean_lines(600)
    data = b"\n".join(lines) + b"\n"
    blob = zstandard.ZstdCompressor(level=3, write_checksum=checksum).compress(data)
    assert len(data) > 3 * 128 * 1024 and len(blob) > 2 * formats._ZSTD_IN_CHUNK  # several blocks, reads
    src = tmp_path / "src.jsonl.zst"
    src.write_bytes(blob)
    assert len(read_all(src)) == 600
    cuts = [2, 10, len(blob) // 3, len(blob) // 2, len(blob) - 5, len(blob) - 1]
    for cut in cuts:
        path = tmp_path / f"cut{cut}.jsonl.zst"
        path.write_bytes(blob[:cut])
        got, err = collect_until_error(resolve_inputs([str(path)]))
        last = assert_corrupt_message(err, path, "jsonl.zst")
        # only a cut into the final checksum can leave every line readable; it still fails
        assert last < 600 or (checksum and cut > len(blob) - 5)
        assert [d.line for d in got] == list(range(1, last + 1))
        assert all(d.malformed is None for d in got)  # no half line ever becomes a record


def test_truncated_second_zstd_frame(tmp_path):
    c = zstandard.ZstdCompressor()
    frame1 = c.compress(b'{"text": "one"}\n{"text": "two"}\n')
    frame2 = c.compress(b'{"text": "three"}\n')
    path = tmp_path / "f.jsonl.zst"
    path.write_bytes(frame1 + frame2[:-2])
    got, err = collect_until_error(resolve_inputs([str(path)]))
    assert [d.text for d in got] == ["one", "two"]
    assert assert_corrupt_message(err, path, "jsonl.zst") == 2


def test_garbage_zstd_raises(tmp_path):
    path = tmp_path / "g.jsonl.zst"
    path.write_bytes(b"definitely not zstd data\n" * 4)
    _, err = collect_until_error(resolve_inputs([str(path)]))
    assert assert_corrupt_message(err, path, "jsonl.zst") == 0


def test_truncated_gzip_raises_with_last_good_line(tmp_path):
    data = b"\n".join(random_korean_lines(300, seed=1)) + b"\n"
    blob = gzip.compress(data)
    for cut in (5, len(blob) // 2, len(blob) - 3):
        path = tmp_path / f"cut{cut}.jsonl.gz"
        path.write_bytes(blob[:cut])
        got, err = collect_until_error(resolve_inputs([str(path)]))
        last = assert_corrupt_message(err, path, "jsonl.gz")
        assert [d.line for d in got] == list(range(1, last + 1))
        assert last < 300 or cut == len(blob) - 3  # cutting the trailer loses no line, but still fails


def test_corrupted_gzip_bytes_raise(tmp_path):
    data = b"\n".join(random_korean_lines(300, seed=2)) + b"\n"
    blob = bytearray(gzip.compress(data))
    mid = len(blob) // 2
    blob[mid:mid + 32] = bytes(random.Random(3).randrange(256) for _ in range(32))
    path = tmp_path / "corrupt.jsonl.gz"
    path.write_bytes(bytes(blob))
    _, err = collect_until_error(resolve_inputs([str(path)]))
    assert_corrupt_message(err, path, "jsonl.gz")


def test_not_gzip_at_all_raises(tmp_path):
    path = tmp_path / "plain.jsonl.gz"
    path.write_bytes(b'{"text": "x"}\n')
    _, err = collect_until_error(resolve_inputs([str(path)]))
    assert assert_corrupt_message(err, path, "jsonl.gz") == 0


def test_read_error_mid_file_raises_input_error(tmp_path, monkeypatch):
    path = write_lines(tmp_path / "io.jsonl", [{"text": f"t{i}"} for i in range(50)])

    class FlakyFile:
        def __init__(self, p):
            self._fh = open(p, "rb")  # noqa: SIM115
            self._reads = 0

        def read(self, n=-1):
            self._reads += 1
            if self._reads > 3:
                raise OSError(5, "Input/output error")
            return self._fh.read(n)

        def close(self):
            self._fh.close()

    monkeypatch.setattr(formats, "_READ_CHUNK", 40)
    monkeypatch.setattr(formats, "_open_binary", FlakyFile)
    got, err = collect_until_error(resolve_inputs([str(path)]))
    msg = str(err)
    assert msg.startswith(f"{path}: read error after line {len(got)}"), msg
    assert "Input/output error" in msg
    assert 0 < len(got) < 50


def test_file_removed_after_resolving_raises_input_error(tmp_path):
    path = write_lines(tmp_path / "gone.jsonl", [{"text": "x"}])
    files = resolve_inputs([str(path)])
    path.unlink()
    with pytest.raises(InputError, match=re.escape(str(path))):
        list(iter_documents(files))


# ----------------------------------------------------------------------------------------------
# resolve_inputs


def test_resolve_file_kinds_and_metadata(tmp_path):
    names = ["a.jsonl", "b.jsonl.gz", "c.jsonl.zst", "d.parquet", "e.txt", "F.JSONL"]
    for n in names:
        (tmp_path / n).write_bytes(b"")
    files = resolve_inputs([str(tmp_path / n) for n in names])
    assert [f.kind for f in files] == ["jsonl", "jsonl.gz", "jsonl.zst", "parquet", "txt", "jsonl"]
    st = os.stat(tmp_path / "a.jsonl")
    # an absolute file argument is named by its file name in the rows, not by the absolute path
    assert files[0] == InputFile(str(tmp_path / "a.jsonl"), "jsonl", st.st_size, st.st_mtime_ns, "a.jsonl")


def test_resolve_order_dirs_recursive_sorted_globs_and_dedup(tmp_path, caplog):
    d = tmp_path / "data"
    for rel in ["b.jsonl", "a.jsonl.zst", "sub/z.txt", "sub/deeper/c.parquet", "a0/x.jsonl",
                "notes.md", "raw.zst", ".hidden.jsonl", ".cache/y.jsonl"]:
        p = d / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"")
    extra = tmp_path / "extra.jsonl"
    extra.write_bytes(b"")
    link = tmp_path / "link.jsonl"
    link.symlink_to(extra)
    with caplog.at_level(logging.WARNING, logger="corefprep"):
        files = resolve_inputs([str(extra), str(d), str(tmp_path / "*.jsonl"), str(d / "b.jsonl"),
                                f"{d}/./b.jsonl", str(link)])
    assert [f.path for f in files] == [
        str(extra),
        f"{d}/a.jsonl.zst",
        f"{d}/a0/x.jsonl",
        f"{d}/b.jsonl",
        f"{d}/sub/deeper/c.parquet",
        f"{d}/sub/z.txt",
    ]
    # rows name a file relative to the directory or glob it was found under
    assert [f.name for f in files] == ["extra.jsonl", "a.jsonl.zst", "a0/x.jsonl", "b.jsonl", "sub/deeper/c.parquet",
                                       "sub/z.txt"]
    assert sorted(ignored_files([str(d)])) == sorted(
        [f"{d}/.cache", f"{d}/.hidden.jsonl", f"{d}/notes.md", f"{d}/raw.zst"]
    )
    assert "ignoring 4 unsupported or hidden path(s)" in caplog.text


def test_glob_matches_are_sorted(tmp_path):
    for n in ["c.jsonl", "a.jsonl", "b.txt", "skip.csv"]:
        (tmp_path / n).write_bytes(b"")
    files = resolve_inputs([str(tmp_path / "*")])
    assert [os.path.basename(f.path) for f in files] == ["a.jsonl", "b.txt", "c.jsonl"]
    assert ignored_files([str(tmp_path / "*")]) == [str(tmp_path / "skip.csv")]
    files = resolve_inputs([str(tmp_path / "**" / "*.jsonl")])
    assert [os.path.basename(f.path) for f in files] == ["a.jsonl", "c.jsonl"]


def test_resolve_empty_spec_list():
    assert resolve_inputs([]) == []


@pytest.mark.parametrize(
    "setup, spec, fragment",
    [
        (lambda t: None, "missing.jsonl", "no such file or directory"),
        (lambda t: (t / "data.csv").write_bytes(b""), "data.csv", "unsupported file type"),
        (lambda t: (t / "data.zst").write_bytes(b""), "data.zst", "unsupported file type"),
        (lambda t: (t / "data.json").write_bytes(b""), "data.json", "unsupported file type"),
        (lambda t: None, "nothing-*.jsonl", "matches no files"),
        (lambda t: (t / "only.csv").write_bytes(b""), "only*", "no supported input files"),
        (lambda t: (t / "emptydir").mkdir(), "emptydir", "directory contains no supported input files"),
        (lambda t: ((t / "d2").mkdir(), (t / "d2" / "x.md").write_bytes(b"")), "d2",
         "directory contains no supported input files"),
        (lambda t: (t / "dangling.jsonl").symlink_to(t / "nowhere.jsonl"), "dangling.jsonl",
         "broken symbolic link"),
    ],
)
def test_resolve_errors(tmp_path, setup, spec, fragment):
    setup(tmp_path)
    full = str(tmp_path / spec)
    with pytest.raises(InputError) as info:
        resolve_inputs([full])
    msg = str(info.value)
    assert msg.startswith(full + ":"), msg
    assert fragment in msg


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read chmod 000 files")
def test_unreadable_file_real_permissions(tmp_path):
    path = write_lines(tmp_path / "secret.jsonl", [{"text": "x"}])
    path.chmod(0)
    try:
        with pytest.raises(InputError, match="not readable"):
            resolve_inputs([str(path)])
        with pytest.raises(InputError, match=re.escape(str(path))):
            resolve_inputs([str(tmp_path)])
    finally:
        path.chmod(0o644)


def test_unreadable_file_simulated(tmp_path, monkeypatch):
    d = tmp_path / "dir"
    ok = write_lines(d / "a.jsonl", [{"text": "x"}])
    bad = write_lines(d / "b.jsonl", [{"text": "y"}])
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(bad) else
                        real_access(p, mode, **kw))
    for spec in (str(bad), str(d), str(d / "*.jsonl")):
        with pytest.raises(InputError) as info:
            resolve_inputs([spec])
        assert str(info.value).startswith(f"{bad}: file is not readable")
    assert [f.path for f in resolve_inputs([str(ok)])] == [str(ok)]


def test_open_failure_is_reported(tmp_path, monkeypatch):
    path = write_lines(tmp_path / "a.jsonl", [{"text": "x"}])
    real_open = open

    def fake_open(p, *args, **kwargs):
        if str(p) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(p, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    with pytest.raises(InputError, match=re.escape(f"{path}: file cannot be opened (Permission denied)")):
        resolve_inputs([str(path)])


# ----------------------------------------------------------------------------------------------
# the real dev corpus (skipped in a fresh clone without ../shared)

DEV_COUNTS = {
    "kor_Hang_wiki.jsonl.zst": 326,
    "kor_Hang_web.jsonl.zst": 2232,
    "kor_Hang_legal.jsonl.zst": 20,
    "kor_Hang_hplt12.jsonl.zst": 50,
    "fin_Latn_hplt12_sample.jsonl.zst": 20,
}


@pytest.mark.skipif(not SHARED_DEV.is_dir(), reason="shared dev corpus not available")
def test_shared_dev_corpus_counts_and_truncation(tmp_path):
    files = resolve_inputs([str(SHARED_DEV)])
    assert sorted(os.path.basename(f.path) for f in files) == sorted(DEV_COUNTS)
    index = 0
    for f in files:
        docs = list(iter_documents([f]))
        name = os.path.basename(f.path)
        assert len(docs) == DEV_COUNTS[name], name
        assert all(d.malformed is None and d.text for d in docs)
        assert all(d.record_id is not None and d.url is not None for d in docs)
        assert [d.line for d in docs] == list(range(1, len(docs) + 1))
        index += len(docs)
    all_docs = list(iter_documents(files))
    assert [d.doc_index for d in all_docs] == list(range(index))
    fin = [d for d in all_docs if d.source.endswith("fin_Latn_hplt12_sample.jsonl.zst")]
    assert [d.record_id for d in fin] == [str(i) for i in range(20)]  # int ids -> str
    # a real file truncated in the middle must fail with the last good line
    src = SHARED_DEV / "kor_Hang_wiki.jsonl.zst"
    cut = tmp_path / "wiki_cut.jsonl.zst"
    with open(src, "rb") as fin_fh, open(cut, "wb") as out:
        shutil.copyfileobj(fin_fh, out)
    with open(cut, "r+b") as fh:
        fh.truncate(cut.stat().st_size // 2)
    got, err = collect_until_error(resolve_inputs([str(cut)]))
    last = assert_corrupt_message(err, cut, "jsonl.zst")
    assert 0 < last < 326 and len(got) == last


def test_relative_arguments_name_files_as_given(tmp_path, monkeypatch):
    (tmp_path / "in" / "ko").mkdir(parents=True)
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / "in" / "ko" / name).write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    assert [f.name for f in resolve_inputs(["in/ko/a.jsonl"])] == ["in/ko/a.jsonl"]
    assert [f.name for f in resolve_inputs(["in/ko/*.jsonl"])] == ["a.jsonl", "b.jsonl"]
    assert [f.name for f in resolve_inputs(["in"])] == ["ko/a.jsonl", "ko/b.jsonl"]


def test_seek_with_counts_opens_only_the_files_that_hold_the_range(tmp_path, monkeypatch):
    paths = []
    for i in range(5):
        p = tmp_path / f"part{i}.jsonl"
        p.write_bytes(b"".join(orjson.dumps({"id": f"{i}-{j}", "text": f"doc {i}-{j}"}) + b"\n" for j in range(10)))
        paths.append(str(p))
    files = resolve_inputs(paths)
    counts = [readers.count_records(f) for f in files]
    assert counts == [10] * 5
    opened: list[str] = []
    real_open = formats._open_binary
    monkeypatch.setattr(formats, "_open_binary", lambda path: (opened.append(os.path.basename(path)),
                                                               real_open(path))[1])
    docs = list(iter_documents(files, start=37, stop=43, counts=counts))
    assert [d.doc_index for d in docs] == list(range(37, 43))
    assert [d.record_id for d in docs] == ["3-7", "3-8", "3-9", "4-0", "4-1", "4-2"]
    assert opened == ["part3.jsonl", "part4.jsonl"]
    # without counts the same documents come back, but every earlier file is read
    opened.clear()
    assert [d.record_id for d in iter_documents(files, start=37, stop=43)] == [d.record_id for d in docs]
    assert opened == [f"part{i}.jsonl" for i in range(5)]


def test_peek_fields_and_a_wrong_text_field_stop_before_reading(tmp_path):
    p = tmp_path / "x.jsonl.zst"
    recs = b"".join(orjson.dumps({"id": i, "body": "본문", "url": "u"}) + b"\n" for i in range(100))
    p.write_bytes(zstandard.ZstdCompressor().compress(recs))
    files = resolve_inputs([str(p)])
    assert readers.peek_fields(files[0], 20) == (20, {"id", "body", "url"})
    readers.check_text_field(files, "body")
    with pytest.raises(InputError, match="none of its first 20 records has the text field 'text'.*body, id, url.*"
                                         "--text-field"):
        readers.check_text_field(files, "text")


# ----------------------------------------------------------------------------------------------
# DocCursor: many ranges in increasing order, each JSONL file decompressed once


def _counted(files: list[InputFile]) -> list[int]:
    return [readers.count_records(f) for f in files]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cuts=st.lists(st.integers(0, 28), max_size=10), chunk=st.sampled_from([5, 64, 1 << 20]),
       every=st.integers(1, 3), left=st.integers(0, 4))
def test_cursor_ranges_in_increasing_order_equal_iter_documents(tmp_path, monkeypatch, cuts, chunk, every, left):
    """Any increasing ranges, with gaps (another actor's batches), spanning files of every kind and
    ranges left unfinished by their reader, give what iter_documents gives for each range."""
    files = build_mixed_inputs(tmp_path)
    counts = _counted(files)
    full = list(iter_documents(files))
    monkeypatch.setattr(formats, "_READ_CHUNK", chunk)
    bounds = sorted({0, len(full), *cuts})
    cursor = readers.DocCursor(files, "text", counts)
    for i, (lo, hi) in enumerate(itertools.pairwise(bounds)):
        if i % every:
            continue  # not this reader's range
        it = cursor.range(lo, hi)
        if i % 2 and len(full[lo:hi]) > left:  # its reader stops early (a failed batch) and moves on
            assert [next(it) for _ in range(left)] == full[lo:lo + left]
            continue
        assert list(it) == full[lo:hi], (lo, hi)
    cursor.close()


def test_cursor_opens_a_jsonl_file_once_for_increasing_ranges_and_parses_only_them(tmp_path, monkeypatch):
    path = write_lines(tmp_path / "big.jsonl.zst", [{"text": f"t{i}"} for i in range(1000)])
    files = resolve_inputs([str(path)])
    opened: list[str] = []
    parsed: list[bytes] = []
    real_open, real_loads = formats._open_binary, formats._loads
    monkeypatch.setattr(formats, "_open_binary", lambda p: (opened.append(p), real_open(p))[1])
    monkeypatch.setattr(formats, "_loads", lambda data: (parsed.append(data), real_loads(data))[1])
    monkeypatch.setattr(formats, "_READ_CHUNK", 256)  # many chunks: skips cross chunk borders
    cursor = readers.DocCursor(files, "text", [1000])
    for k in range(0, 10, 3):  # every third batch of 100, as one of three Ray actors gets them
        docs = list(cursor.range(k * 100, k * 100 + 100))
        assert [d.text for d in docs] == [f"t{i}" for i in range(k * 100, k * 100 + 100)]
    assert len(opened) == 1 and len(parsed) == 400
    # a range behind the reader opens the file again, from its start
    assert [d.text for d in cursor.range(150, 152)] == ["t150", "t151"]
    assert len(opened) == 2
    cursor.close()


def test_cursor_over_a_corrupt_file_raises_each_time_with_the_last_good_line(tmp_path):
    data = zstandard.ZstdCompressor().compress(b"".join(orjson.dumps({"text": f"t{i}"}) + b"\n" for i in range(50)))
    path = tmp_path / "cut.jsonl.zst"
    path.write_bytes(data[: len(data) - 8])
    files = resolve_inputs([str(path)])
    cursor = readers.DocCursor(files, "text", [50])
    for lo in (0, 10):
        with pytest.raises(InputError, match=r"cut\.jsonl\.zst: corrupt or truncated jsonl\.zst data after line"):
            list(cursor.range(lo, 50))
    cursor.close()


def test_a_jsonl_reader_reads_forward_only(tmp_path):
    path = write_lines(tmp_path / "f.jsonl", [{"text": f"t{i}"} for i in range(5)])
    reader = formats.JsonlReader(resolve_inputs([str(path)])[0], "text", 0)
    assert [d.text for d in reader.take(1, 3)] == ["t1", "t2"]
    with pytest.raises(ValueError, match="reads forward"):
        list(reader.take(0, 5))
    live = reader.take(3, 5)
    assert next(live).text == "t3"
    with pytest.raises(ValueError, match="one range at a time"):
        list(reader.take(4, 5))
    live.close()
    assert [d.text for d in reader.take(4, 9)] == ["t4"]
    reader.close()
