"""A batch's kept rows: spilled in sorted runs as they come, written back as a parquet in doc_index
order whose bytes depend on the rows alone. pyarrow's own whole-table writer is the yardstick."""

from __future__ import annotations

import random
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import corefprep.filter.kept_rows as kr
from corefprep.core.atomic import is_temp_name, temp_path
from corefprep.filter.batch import BATCH_SCHEMA, TAGGED_SCHEMA


def _row(i: int, chars: int = 5, tagged: bool = False) -> dict:
    row = {"doc_index": i, "doc_id": f"d{i}", "source": "in.jsonl", "url": None, "text": "가" * chars + str(i),
           "entities": [{"form": "서울", "starts": [i % 7], "ends": [i % 7 + 2]}] if i % 3 else []}
    if tagged:
        row["pii"] = [{"kind": "phone", "start": 0, "end": 3}] if i % 2 else []
    return row


@contextmanager
def _bounds(run_rows: int, group_rows: int, run_chars: int = 10**9, group_chars: int = 10**9):
    saved = kr.RUN_ROWS, kr.GROUP_ROWS, kr.RUN_CHARS, kr.GROUP_CHARS
    kr.RUN_ROWS, kr.GROUP_ROWS, kr.RUN_CHARS, kr.GROUP_CHARS = run_rows, group_rows, run_chars, group_chars
    try:
        yield
    finally:
        kr.RUN_ROWS, kr.GROUP_ROWS, kr.RUN_CHARS, kr.GROUP_CHARS = saved


def _write(tmp: Path, rows: list[dict], name: str = "out.parquet", tagged: bool = False) -> tuple[Path, list[bool]]:
    """The parquet, and after each add whether the spill file existed."""
    spill = temp_path(tmp / f"{name}.kept.arrow")
    kept = kr.KeptRows(spill, TAGGED_SCHEMA if tagged else BATCH_SCHEMA)
    seen = []
    try:
        for row in rows:
            kept.add(row, len(row["text"]))
            seen.append(spill.exists())
        kept.write(tmp / name)
    finally:
        kept.discard()
    assert not spill.exists() and len(kept) == len(rows)
    return tmp / name, seen


def test_rows_in_any_order_come_out_sorted_spilled_on_the_way_and_the_spill_file_goes(tmp_path):
    rows = [_row(i) for i in range(0, 300, 3)]
    shuffled = random.Random(1).sample(rows, len(rows))
    with _bounds(run_rows=7, group_rows=16):
        path, seen = _write(tmp_path, shuffled)
    assert seen.index(True) == 6 and all(seen[6:])  # on disk from the first full run on
    table = pq.read_table(path)
    assert table.equals(pa.Table.from_pylist(rows, schema=BATCH_SCHEMA))  # pyarrow's table of the sorted rows
    assert [pq.ParquetFile(path).metadata.row_group(g).num_rows for g in range(7)] == [16] * 6 + [4]


def test_the_bytes_depend_on_the_rows_alone(tmp_path):
    rows = [_row(i, chars=i % 11) for i in range(200)]
    written = []
    with _bounds(run_rows=9, group_rows=32, group_chars=150):
        for n, order in enumerate([rows, rows[::-1], random.Random(2).sample(rows, len(rows))]):
            written.append(_write(tmp_path, order, f"o{n}.parquet")[0].read_bytes())
    with _bounds(run_rows=50, group_rows=32, group_chars=150):  # other runs, same groups
        written.append(_write(tmp_path, rows[::-1], "o3.parquet")[0].read_bytes())
    assert len(set(written)) == 1
    meta = pq.ParquetFile(tmp_path / "o0.parquet").metadata
    assert meta.num_row_groups > 200 // 32 + 1  # the character bound cut groups too


@pytest.mark.parametrize("tagged", [False, True])
@pytest.mark.parametrize("n", [0, 1, 5, 40])
def test_a_batch_of_one_group_is_written_as_pyarrow_writes_the_whole_table(tmp_path, n, tagged):
    rows = [_row(i, tagged=tagged) for i in range(n)]
    with _bounds(run_rows=4, group_rows=64):  # spilled, yet one group
        path, _ = _write(tmp_path, rows[::-1], tagged=tagged)
    whole = pa.Table.from_pylist(rows, schema=TAGGED_SCHEMA if tagged else BATCH_SCHEMA)
    pq.write_table(whole, tmp_path / "whole.parquet", compression="zstd")
    assert path.read_bytes() == (tmp_path / "whole.parquet").read_bytes()


def test_a_failure_before_the_write_leaves_no_spill_file_and_its_name_is_swept_as_a_temporary(tmp_path):
    spill = temp_path(tmp_path / "batch_00000.kept.arrow")
    assert is_temp_name(spill.name)  # a killed writer's leftover is removed by the next run
    with _bounds(run_rows=2, group_rows=4):
        kept = kr.KeptRows(spill, BATCH_SCHEMA)
        for i in range(5):
            row = _row(i)
            kept.add(row, len(row["text"]))
        assert spill.exists()
        kept.discard()
    assert not spill.exists()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), unique=True, max_size=60), st.integers(1, 8), st.integers(1, 9),
       st.integers(1, 40), st.randoms(use_true_random=False))
def test_any_rows_any_bounds_give_pyarrows_sorted_table(tmp_path_factory, ids, run_rows, group_rows, group_chars,
                                                        rnd):
    tmp = tmp_path_factory.mktemp("p")
    rows = [_row(i, chars=i % 13) for i in ids]
    with _bounds(run_rows, group_rows, run_chars=group_chars * 2, group_chars=group_chars):
        path, _ = _write(tmp, rnd.sample(rows, len(rows)))
    in_order = sorted(rows, key=lambda r: r["doc_index"])
    assert pq.read_table(path).equals(pa.Table.from_pylist(in_order, schema=BATCH_SCHEMA))
