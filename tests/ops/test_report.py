"""`corefprep report` (corefprep/ops/report.py and its report_* modules): PNG plots and one self-contained HTML page.

Reports are made from real runs of the mini corpus (a full `prepare` and a filter-only run with
a quarantined document); what the plots draw is checked against the outside: the corpus lines
themselves, the dataset as `datasets` loads it, `status --json`, and matplotlib's own warnings
about glyphs a font lacks.
"""

from __future__ import annotations

import base64
import html
import io
import shutil
import warnings
from html.parser import HTMLParser
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.faults import install as install_faults

from corefprep.cli import main
from corefprep.ops.report import (
    DatasetData,
    _draw,
    find_hangul_font,
    histogram_of,
    load_run,
    plot_entities,
    plot_lengths,
    plot_style,
    plot_tokens,
    png_bytes,
    romanize,
    token_counts,
    write_report,
)
from corefprep.ops.status import describe_cpu

SEQ = "256"
NAME = f"entity_coref_v2_{SEQ}"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
RUN = ["--no-progress", "--workers", "2", "--batch-docs", "4"]


@pytest.fixture(scope="module")
def full_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("report_full")
    assert mc.run_cli(["prepare", str(mc.mini_corpus(tmp_path_factory)), "-o", str(out), *RUN, "--tok-chunk", "16",
                       "--seq-len", SEQ]) == 0
    return out


@pytest.fixture(scope="module")
def filter_run(tmp_path_factory):
    """Filter only; document 3 kills two workers and is quarantined."""
    out = tmp_path_factory.mktemp("report_filter")
    with pytest.MonkeyPatch.context() as mp:
        install_faults("kill@3", mp)
        assert mc.run_cli(["filter", str(mc.mini_corpus(tmp_path_factory)), "-o", str(out), *RUN]) == 0
    return out


class _Page(HTMLParser):
    """Sections (h2 ids), images and external references of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, dict[str, list]] = {}
        self.current: str | None = None
        self.external: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        self.tags.add(tag)
        if tag == "h2":
            self.current = a.get("id")
            self.sections[self.current] = {"img": [], "note": []}
        for key in ("src", "href"):
            v = a.get(key)
            if v and not v.startswith(("data:", "#")):
                self.external.append(v)
        if tag == "img" and self.current:
            self.sections[self.current]["img"].append(a["src"])
        if tag == "p" and "note" in (a.get("class") or "") and self.current:
            self.sections[self.current]["note"].append(True)


def _parse(page: Path) -> tuple[_Page, str]:
    text = page.read_text(encoding="utf-8")
    p = _Page()
    p.feed(text)
    return p, text


def _decode(src: str) -> bytes:
    assert src.startswith("data:image/png;base64,")
    return base64.b64decode(src.split(",", 1)[1], validate=True)


# --------------------------------------------------------------------------- whole reports


def test_report_of_a_full_run_is_one_self_contained_page(full_run, capsys):
    from PIL import Image

    capsys.readouterr()
    assert main(["report", str(full_run)]) == 0
    page = Path(capsys.readouterr().out.strip())
    assert page == full_run / "report" / "report.html"
    parsed, text = _parse(page)
    assert parsed.external == [] and "script" not in parsed.tags and "link" not in parsed.tags
    assert "@import" not in text and "url(" not in text
    for key in ("batches", "rejections", "lengths", "entities", "distances", "tokens", "timings"):
        imgs = parsed.sections[key]["img"]
        assert len(imgs) == 1, key
        data = _decode(imgs[0])
        assert data.startswith(PNG_MAGIC)
        assert data == (full_run / "report" / f"{key}.png").read_bytes()  # the PNG beside the page is the same
        with Image.open(io.BytesIO(data)) as im:
            assert im.width == 1000 and 250 < im.height < 700
    assert {"quarantine", "malformed"} <= set(parsed.sections)
    # the status of `status`: the report is not a dataset
    st = orjson.loads(_run_json(full_run, capsys))
    assert [Path(d["path"]).name for d in st["datasets"]] == [NAME]
    # the summary says where the CPU went as status does
    assert st["cpu"]["kiwi"] > 0
    assert f"<td>cpu</td><td>{html.escape(describe_cpu(st['cpu'], st['done']))}</td>" in text


def _run_json(out: Path, capsys) -> bytes:
    capsys.readouterr()
    assert main(["status", str(out), "--json"]) == 0
    return capsys.readouterr().out.encode()


def test_report_of_a_filter_only_run_notes_what_is_missing(filter_run, tmp_path, capsys):
    capsys.readouterr()
    assert main(["report", str(filter_run), "--out", str(tmp_path / "r")]) == 0
    page = Path(capsys.readouterr().out.strip())
    assert page == tmp_path / "r" / "report.html"
    parsed, text = _parse(page)
    for key in ("batches", "rejections", "lengths", "timings"):
        assert len(parsed.sections[key]["img"]) == 1, key
    for key in ("entities", "distances", "tokens"):
        assert parsed.sections[key]["img"] == [] and parsed.sections[key]["note"], key
    assert "no final dataset yet" in text
    # the quarantined document is listed with where it came from
    q = [orjson.loads(line) for line in (filter_run / "work" / "quarantine.jsonl").read_bytes().splitlines()]
    assert [e["doc_index"] for e in q] == [3]
    assert "worker_died" in text and f"{q[0]['file']}:{q[0]['line']}" in text
    # every malformed record of the mini corpus is quoted
    for reason in ("invalid_json", "missing_text", "text_not_string"):
        assert reason in text


def test_the_dedup_plot_is_drawn_for_a_run_that_deduplicated_and_a_note_otherwise(full_run, tmp_path_factory,
                                                                                    tmp_path, capsys):
    """The mini corpus holds every kept document twice: ``--dedup exact`` over the full run's filter
    batches makes clusters of two, which dedup.png draws; the run without dedup gets a note."""
    capsys.readouterr()
    assert main(["report", str(full_run), "--out", str(tmp_path / "plain")]) == 0
    parsed, text = _parse(Path(capsys.readouterr().out.strip()))
    assert parsed.sections["dedup"]["img"] == [] and parsed.sections["dedup"]["note"]
    assert "did not deduplicate" in text and not (tmp_path / "plain" / "dedup.png").exists()
    out = tmp_path / "run"
    shutil.copytree(full_run / "work", out / "work")
    assert mc.run_cli(["dedup", str(mc.mini_corpus(tmp_path_factory)), "-o", str(out), *RUN, "--dedup", "exact"]) == 0
    summary = orjson.loads((out / "work" / "dedup" / "result" / "summary.json").read_bytes())
    assert summary["removed"] > 0 and summary["cluster_sizes"] == {"2": summary["removed"]}
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    parsed, text = _parse(Path(capsys.readouterr().out.strip()))
    [img] = parsed.sections["dedup"]["img"]
    assert _decode(img) == (out / "report" / "dedup.png").read_bytes()
    assert _decode(img).startswith(PNG_MAGIC)
    assert f"exact: {summary['removed']:,} of {summary['documents']:,} kept documents removed" in text


def test_few_batches_say_why_their_plots_are_a_point_or_two():
    from corefprep.ops.report_plots import few_batches_note

    one = few_batches_note(1, 200_000)
    assert one is not None and one.startswith("With 1 batch, these plots have 1 point")
    assert "--batch-docs 200,000" in one and "the same dataset" in one
    assert few_batches_note(2, 50).startswith("With 2 batches, these plots have 2 points")
    assert few_batches_note(3, 200_000) is None


@pytest.mark.slow
def test_a_one_batch_run_says_so_under_its_per_batch_plots(tmp_path_factory, capsys):
    out = tmp_path_factory.mktemp("report_one_batch")
    assert mc.run_cli(["filter", str(mc.mini_corpus(tmp_path_factory)), "-o", str(out), "--no-progress",
                       "--workers", "1"]) == 0
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    text = Path(capsys.readouterr().out.strip()).read_text(encoding="utf-8")
    assert "1 finished batch of up to 200,000 documents" in text
    assert text.count("With 1 batch, these plots have 1 point") == 2  # pass rate and speed; seconds per batch


def test_report_of_a_directory_without_a_run(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no corefprep run" in err


# --------------------------------------------------------------------------- what the plots draw


def test_length_plot_counts_every_well_formed_document(filter_run, tmp_path_factory):
    lines = mc.mini_corpus_lines(tmp_path_factory)
    well_formed = []
    for line in lines:
        try:
            rec = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if isinstance(rec.get("text"), str):
            well_formed.append(rec["text"])
    run = load_run(filter_run)
    with plot_style(None):
        fig, _caption = plot_lengths(run)
    read, kept = (p.get_data().values for p in fig.axes[0].patches[:2])
    assert sum(read) == len(well_formed)
    assert sum(kept) == orjson.loads(_status_json(filter_run))["totals"]["passed"]
    assert [t.get_text() for t in fig.axes[0].texts] == ["--min-chars 800", "--max-chars 2,500"]


def _status_json(out: Path) -> bytes:
    from corefprep.ops.status import collect_status

    return orjson.dumps(collect_status(out))


def test_token_counts_equal_the_datasets_own_lengths(full_run):
    import numpy as np
    from datasets import load_from_disk

    ds = load_from_disk(str(full_run / NAME))
    h, rows = token_counts(full_run / NAME)
    assert rows == len(ds)
    expected = np.bincount(np.asarray(ds["length"]))
    assert h.counts == expected.tolist() and h.edges == list(range(len(expected) + 1))


def test_token_counts_of_a_dataset_without_a_length_column(tmp_path):
    from datasets import Dataset

    Dataset.from_dict({"input_ids": [[1, 2, 3], [4], [5, 6, 7], []]}).save_to_disk(str(tmp_path / "clm"))
    h, rows = token_counts(tmp_path / "clm")
    assert rows == 4 and h.counts == [1, 1, 0, 2]


def test_tokens_plot_prefers_a_histogram_in_the_metadata(full_run):
    meta = {"seq_len": 8, "length_distribution": {"edges": [0, 4, 8, 9], "counts": [3, 5, 2], "below": 0,
                                                  "above": 0}}
    with plot_style(None):
        fig, caption = plot_tokens(DatasetData(full_run / NAME, meta))
    assert list(fig.axes[0].patches[0].get_data().values) == [3, 5, 2]
    assert "10 rows" in caption and "metadata.json" in caption


def test_histograms_as_metadata_records_them():
    assert histogram_of({"edges": [0, 10, 20], "counts": [1, 2]}) == ([0.0, 10.0, 20.0], [1, 2])
    assert histogram_of({"10-49": 3, "50-99": 1}) == ([10.0, 50.0, 100.0], [3, 1])
    assert histogram_of({"10-49": 3, "60-99": 1}) is None  # a gap
    assert histogram_of({"edges": [0, 1], "counts": [1, 2]}) is None
    assert histogram_of("garbage") is None and histogram_of({}) is None


# --------------------------------------------------------------------------- missing and unexpected data


def test_plots_without_their_data_become_notes(full_run, tmp_path):
    clm = DatasetData(full_run / NAME, {"dataset_type": "clm", "timings": {}})
    p = _draw("entities", "Entities", plot_entities, clm, None)
    assert p.png is None and "clm dataset" in p.note
    odd = DatasetData(full_run / NAME, {"top_entities": [["a", "many"]]})
    p = _draw("entities", "Entities", plot_entities, odd, None)
    assert p.png is None and "cannot read" in p.note
    # batches written by an older corefprep carry no length histograms
    out = tmp_path / "old"
    shutil.copytree(full_run, out)
    for f in (out / "work" / "filter").glob("batch_*[0-9].json"):
        s = orjson.loads(f.read_bytes())
        del s["chars_in"], s["chars_kept"]
        f.write_bytes(orjson.dumps(s))
    page = write_report(out)
    parsed, text = _parse(page)
    assert parsed.sections["lengths"]["img"] == [] and "older corefprep" in text
    assert len(parsed.sections["entities"]["img"]) == 1


# --------------------------------------------------------------------------- Hangul


def _render_warnings(fig) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png_bytes(fig)
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_entity_names_render_in_a_font_with_hangul(full_run):
    meta = orjson.loads((full_run / NAME / "metadata.json").read_bytes())
    ds = DatasetData(full_run / NAME, meta)
    family = find_hangul_font()
    assert family is not None  # shipped by the koreanize-matplotlib dependency, not by the system
    with plot_style(family):
        fig, _ = plot_entities(ds, family)
        labels = [t.get_text() for t in fig.axes[1].get_yticklabels()]
        missing = _render_warnings(fig)
    top = [e for e, _n in meta["top_entities"][:len(labels)]]
    assert sorted(labels) == sorted(top) and any("\uac00" <= ch <= "\ud7a3" for ch in "".join(labels))
    assert missing == []
    # the check above can fail: without the Hangul font the same labels lose their glyphs
    with plot_style(None):
        fig, _ = plot_entities(ds, family)
        assert _render_warnings(fig)


def test_without_a_hangul_font_names_are_romanised(full_run, tmp_path, monkeypatch):
    import corefprep.ops.report as report

    monkeypatch.setattr(report, "find_hangul_font", lambda: None)
    page = write_report(full_run, tmp_path / "r")
    _parsed, text = _parse(page)
    assert "entity names are romanised" in text
    meta = orjson.loads((full_run / NAME / "metadata.json").read_bytes())
    first = meta["top_entities"][0][0]
    assert f"<td>{first}</td><td>{meta['top_entities'][0][1]}</td><td>{romanize(first)}</td>" in text
    with plot_style(None):
        fig, _ = plot_entities(DatasetData(full_run / NAME, meta), None)
        labels = [t.get_text() for t in fig.axes[1].get_yticklabels()]
        assert all(label.isascii() for label in labels)
        assert _render_warnings(fig) == []


def test_romanize():
    assert romanize("일본") == "ilbon"
    assert romanize("서울") == "seoul"
    assert romanize("화양연화 pt.2") == "hwayangyeonhwa pt.2"
    assert romanize("방탄소년단") == "bangtansonyeondan"
    assert romanize("ABC") == "ABC"



def test_rows_of_one_length_are_a_visible_bar(tmp_path):
    """clm blocks are all --seq-len long: their histogram is one 1-token bin on a 0..2048 axis,
    which must still show as a bar labelled with the row count."""
    from matplotlib.patches import Rectangle

    from corefprep.ops.report import plot_tokens

    edges = [float(e) for e in range(0, 2048, 64)] + [2048.0, 2049.0]
    counts = [0] * (len(edges) - 2) + [386]
    meta = {"seq_len": 2048, "length_distribution": {"edges": edges, "counts": counts}}
    fig, caption = plot_tokens(DatasetData(tmp_path / "clm_v2_2048", meta))
    ax = fig.axes[0]
    lo, hi = ax.get_xlim()
    bars = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() == 386]
    assert bars and bars[0].get_width() >= (hi - lo) / 80
    assert "386" in [t.get_text() for t in ax.texts]
    assert caption.startswith("386 rows")
