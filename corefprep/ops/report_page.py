"""The report's HTML page: one self-contained file (inline CSS, plots as base64 PNGs, no script),
so that it opens anywhere, offline, and can be mailed or attached to an issue as it is.
"""

from __future__ import annotations

import base64
import html
import time
from typing import Any, NamedTuple

from ..core.plural import count
from ..filter.stats import describe_pii
from .report_data import DatasetData, PageTables, RunData
from .report_hangul import romanize
from .report_plots import Plot
from .status import describe_cpu, duration
from .tuning import SweepRow

MAX_TABLE_ROWS = 200

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans KR", "Noto Sans CJK KR", "NanumGothic",
       "Malgun Gothic", "Apple SD Gothic Neo", sans-serif; margin: 0 auto; max-width: 1040px; padding: 16px 20px;
       color: #1f2328; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h3 { font-size: 1.0em; margin-top: 1.2em; }
h2 { font-size: 1.15em; margin-top: 1.8em; border-bottom: 1px solid #d0d7de; padding-bottom: 0.2em; }
.sub { color: #59636e; margin-top: 0; }
img { max-width: 100%; height: auto; display: block; }
.caption { color: #59636e; font-size: 0.9em; margin: 0.3em 0 0; }
.note { background: #fff8e5; border-left: 4px solid #d4a72c; padding: 6px 10px; font-size: 0.92em; }
.fine { background: #f6f8fa; border-left: 4px solid #8c959f; padding: 6px 10px; font-size: 0.92em; }
.warn { background: #fff4e5; border-left: 4px solid #d4700a; padding: 6px 10px; }
table { border-collapse: collapse; font-size: 0.88em; margin: 0.5em 0; }
th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #f6f8fa; }
tr:nth-child(even) td { background: #fafbfc; }
table.summary td:first-child { font-weight: 600; white-space: nowrap; }
table.examples td:nth-child(1) { white-space: nowrap; }
table.examples td:nth-child(2), table.examples td:nth-child(3) { min-width: 9em; max-width: 14em; }
table.examples td:nth-child(4) { min-width: 24em; }
table.sweep td { white-space: nowrap; }
table.sweep td.now { background: #e7f0fa; }
.unknown { color: #8c6d1f; font-size: 0.9em; }
"""


class SummaryRow(NamedTuple):
    label: str
    text: str


def render_html(run: RunData, plots: list[Plot], hangul: str | None, tables: PageTables) -> str:
    out = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>corefprep report — "
           f"{html.escape(str(run.output_dir))}</title><style>{CSS}</style></head><body>"]
    out.append(f"<h1>corefprep report</h1><p class=\"sub\">{html.escape(str(run.output_dir))} — made "
               f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}</p>")
    summary = "".join(f"<tr><td>{html.escape(r.label)}</td><td>{html.escape(r.text)}</td></tr>"
                      for r in summary_rows(run))
    if raw_personal_data(run, tables):
        out.append('<p class="warn"><b>This page shows personal data as the input had it.</b> The run redacts it in '
                   'the documents it keeps (--pii redact) but kept its rejected examples raw (--pii-raw-examples), '
                   'and so does the table of rejected documents below. Do not pass this page around.</p>')
    out.append(f"<table class=\"summary\"><tbody>{summary}</tbody></table>")
    for p in plots:
        out += plot_section(p)
        if p.key == "rejections":
            out.append("<h3 id=\"examples\">Rejected documents to read</h3>")
            out.append(examples_table(tables))
            out.append("<h3 id=\"thresholds\">What nearby thresholds would keep</h3>")
            out.append(sweep_table(tables))
        if p.key.startswith("entities") and p.png is not None:
            ds = next((d for d in run.datasets if p.key in ("entities", f"entities_{d.name}")), None)
            if ds is not None:
                out.append("<details><summary>top entities</summary>" + entity_table(ds, hangul) + "</details>")
    out.append("<h2 id=\"quarantine\">Quarantined documents</h2>")
    out.append("<p class=\"caption\">Documents that killed their worker twice (worker_died) or ran past "
               "--doc-timeout (timeout); they count as rejected.</p>")
    out.append(quarantine_table(run))
    out.append("<h2 id=\"malformed\">Malformed records</h2>")
    out.append(malformed_table(run))
    out.append("</body></html>\n")
    return "\n".join(out)


def plot_section(p: Plot) -> list[str]:
    """A plot's heading, image and caption, or its note."""
    out = [f"<h2 id=\"{html.escape(p.key)}\">{html.escape(p.title)}</h2>"]
    if p.png is not None:
        data = base64.b64encode(p.png).decode("ascii")
        out.append(f"<img src=\"data:image/png;base64,{data}\" alt=\"{html.escape(p.title)}\">")
        if p.caption:
            out.append(f"<p class=\"caption\">{html.escape(p.caption)}</p>")
    if p.note:
        out.append(f"<p class=\"note\">{html.escape(p.note)}</p>")
    return out


def summary_rows(run: RunData) -> list[SummaryRow]:
    st = run.status
    t = st.totals
    rej = sum(t.rejected.values())
    mal = sum(t.malformed.values())
    rate = f" ({st.pass_rate:.1%})" if st.pass_rate is not None else ""
    live = st.run
    rows = [
        SummaryRow("batches", f"{st.done} done, {st.pending} pending, {st.failed} failed of {st.num_batches} "
                              f"(batches of {st.batch_docs:,})"),
        SummaryRow("documents", f"{t.documents:,} of {st.inputs_documents:,} filtered: {t.passed:,} passed{rate}, "
                                f"{rej:,} rejected, {mal:,} malformed, {st.quarantined:,} quarantined"),
        SummaryRow("personal data", describe_pii(t.pii_modes, t.pii_docs, t.pii)),
        SummaryRow("speed", f"{st.docs_per_s or 0:,.0f} docs/s over the finished batches "
                            f"({duration(st.filter_seconds or 0)} of filtering)"
                            + (f"; ETA {duration(st.eta_seconds)} for the rest" if st.eta_seconds else "")),
        SummaryRow("run", f"live: pid {live.pid} on {live.host}" if live.live else "no run is live"),
    ]
    if st.cpu:
        rows.insert(-1, SummaryRow("cpu", describe_cpu(st.cpu, st.done)))
    failed = st.failed_batches
    if failed:
        shown = "; ".join(f"{b.batch}: {b.error or '?'}" for b in failed[:5])
        rows.append(SummaryRow("failed batches",
                               shown + (f"; and {len(failed) - 5} more" if len(failed) > 5 else "")))
    sm = st.samples
    if sm is not None:
        rows.append(SummaryRow("samples", f"{sm.samples:,} in {count(sm.chunks, 'chunk')}"
                                          + ("" if sm.complete else ", incomplete")))
    for d in st.outputs:
        state = count(d.num_samples, "row") if d.complete else "INCOMPLETE (no _COMPLETE marker)"
        rows.append(SummaryRow("dataset", f"{d.path}: {state}"))
    return rows


# --- tables ---------------------------------------------------------------------------------


def _table(headers: list[str], rows: list[list[Any]], more: int = 0, more_where: str = "", css: str = "") -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    extra = f'<p class="note">{more:,} more {html.escape(more_where)}</p>' if more else ""
    cls = f' class="{css}"' if css else ""
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{extra}"


def quarantine_table(run: RunData) -> str:
    entries = sorted((q for s in run.stats for q in s.quarantined), key=lambda q: q.doc_index)
    if not entries:
        return '<p class="fine">No document was quarantined.</p>'
    rows = [[q.doc_index, q.reason, f"{q.file}:{q.line}", q.doc_id, q.detail or ""] for q in entries[:MAX_TABLE_ROWS]]
    where = f"in {run.status.quarantine_file or 'work/quarantine.jsonl'}"
    return _table(["doc_index", "reason", "file:line", "doc_id", "detail"], rows, len(entries) - len(rows), where)


def malformed_table(run: RunData) -> str:
    examples = [[s.batch, e] for s in run.stats for e in s.malformed_examples]
    if not examples:
        return '<p class="fine">No record was malformed.</p>'
    total = sum(s.malformed_total for s in run.stats)
    rows = examples[:MAX_TABLE_ROWS]
    return _table(["batch", "file:line and reason"], rows, total - len(rows),
                  "(each batch quotes its first few; all are counted)")


def entity_table(ds: DatasetData, hangul: str | None) -> str:
    top = ds.metadata.get("top_entities") or []
    if not top or ds.metadata.get("dataset_type") == "clm":
        return ""
    # without a Hangul font the plot shows romanised names: the table pairs them with the originals
    rows = [[i + 1, e, n] + ([] if hangul else [romanize(str(e))]) for i, (e, n) in enumerate(top[:50])]
    return _table(["rank", "entity", "samples"] + ([] if hangul else ["romanised"]), rows)


def raw_personal_data(run: RunData, tables: PageTables) -> bool:
    """The run redacts personal data, yet some of its examples show it as the input had it."""
    return "redact" in run.status.totals.pii_modes and "as the input had it" in tables.examples_shown


def examples_table(tables: PageTables) -> str:
    """A few rejected documents per reason, with the value that failed (--keep-rejected)."""
    if not tables.examples:
        return ('<p class="fine">The batches kept no rejected documents to read (--keep-rejected 0, or a run of an '
                'older corefprep).</p>')
    rows = []
    for e in tables.examples:
        measured = "" if e.measured is None else _number(e.measured)
        if e.reason in tables.at_offset and e.measured is not None and 0 <= e.measured < len(e.text):
            # a position in the text says little by itself: show the characters found there
            measured = f"at {measured}: {e.text[int(e.measured):int(e.measured) + 6]}"
        if e.limit:
            measured += f" (passes: {e.limit})"
        text = " ".join(e.text.split())
        rows.append([e.reason, measured, f"{e.where}, doc_index {e.doc_index}, {e.chars:,} chars",
                     text[:160] + ("…" if len(text) > 160 else "")])
    redacted = ("" if "redacted" not in tables.examples_shown else
                " Personal data in them is redacted, as in the documents the run keeps (--pii redact; "
                "--pii-raw-examples keeps it).")
    caption = ('<p class="caption">The first documents of each reason (in input order) that the batches kept to '
               'read, with what the rule that rejected them measured; all of them, with every measured value, are '
               'in work/filter/rejected_NNNNN.parquet (<code>corefprep explain FILE:LINE</code> shows every rule on '
               f'one).{redacted}</p>')
    return caption + _table(["reason", "measured", "document", "text"], rows, css="examples")


def _number(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:.4g}"


def sweep_table(tables: PageTables) -> str:
    """How many documents each threshold keeps at nearby values, from the recorded values."""
    if not tables.has_rules:
        return '<p class="note">The run has no manifest: no rules to vary.</p>'
    sw = tables.sweep
    if sw is None:
        return f'<p class="note">{html.escape(str(tables.sweep_error))}</p>'
    now = next((r.kept for r in sw.rows if r.current), None)
    by_field: dict[str, list[SweepRow]] = {}
    for r in sw.rows:
        by_field.setdefault(r.field, []).append(r)
    width = max(len(v) for v in by_field.values())
    body = []
    for name, variants in by_field.items():
        cells = []
        for r in variants:
            change = "" if now is None or r.current else f" ({r.kept - now:+,})"
            unknown = f'<br><span class="unknown">+{r.unknown:,} unknown</span>' if r.unknown else ""
            cls = ' class="now"' if r.current else ""
            cells.append(f"<td{cls}><b>{html.escape(str(r.value))}</b>: {r.kept:,}{change}{unknown}</td>")
        cells += ["<td></td>"] * (width - len(variants))  # fields have different numbers of variants
        body.append(f"<tr><td>--{html.escape(name.replace('_', '-'))}</td>{''.join(cells)}</tr>")
    over = (f"over the {sw.documents:,} documents of the first {sw.batches} of {sw.of_batches} batches"
            if sw.batches < sw.of_batches else f"over all {sw.documents:,} decided documents")
    note = (f'<p class="caption">Documents kept with one threshold at another value and the others as the run had '
            f'them (the value it had is shaded), {over}, before deduplication ({sw.left_out:,} malformed, Kiwi-error '
            'or quarantined documents left out). "unknown": documents whose verdict at that value needs a value the '
            'filter never measured (it stopped at an earlier rule); rerunning with that value analyses only those. '
            'Computed from the recorded values, no document analysed.</p>')
    head = "<tr><th>threshold</th>" + f"<th colspan=\"{width}\">value: documents kept (change)</th></tr>"
    return note + f'<table class="sweep"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table>'
