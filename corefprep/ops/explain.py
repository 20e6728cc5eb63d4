"""`corefprep explain`: every rule on one document, with what it measured, its threshold and its
verdict, in the order the filter applies them.

The document is a record of an input file (``FILE:LINE``), a ``doc_index`` of a run (``OUTPUT_DIR
--doc-index N``: that run's settings, its inputs, and what its batch recorded for the document), or
a text given on the command line. Every value is measured, also those the filter never got to
(it stops at the first rule a document fails), so one look shows every rule a document fails and
how far it is from each threshold. Rule options given on the command line override the run's.
The personal data the detectors find in it is listed too, with what redaction writes instead.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path
from typing import Any

from ..core.errors import CorefprepError, UsageError
from ..core.manifest import read_manifest
from ..core.plural import count
from ..core.workdir import WorkDir
from ..filter.values import read_values
from ..io.documents import Document
from ..io.read import iter_documents
from ..io.resolve import resolve_inputs
from ..pii import PiiConfig, PiiSpan, find_pii
from ..pii.config import examples_redacted, mode_of
from ..pii.mask import mask_span, mask_text
from ..rules import Rules, Step, make_rules
from ..rules.checks import CHEAP
from ..rules.kiwi import load_kiwi
from ..run.manifest import recorded_rules


@dataclasses.dataclass
class Explained:
    doc: Document
    rules: Rules
    steps: list[Step]
    kiwi_error: str | None
    verdict: str | None  # the first failing rule's reason (None: kept), as the filter decides
    recorded: dict[str, Any] | None = None  # what the run's batch recorded for it
    settings_from: str = "the defaults and the options given"
    pii: list[PiiSpan] = dataclasses.field(default_factory=list)  # what the detectors find in the text
    pii_mode: str | None = None  # what the run does with it (--pii), when explaining a run's document
    redact: bool = False  # show the document's personal data redacted (as the run shows documents)


def parse_target(target: str) -> tuple[str, int]:
    """``FILE:LINE`` -> (file, line)."""
    path, sep, line = target.rpartition(":")
    if not sep or not line.isdigit() or not path:
        raise UsageError(f"{target!r}: give FILE:LINE (e.g. data/part1.jsonl.zst:120), OUTPUT_DIR with --doc-index, "
                         "or --text")
    return path, int(line)


def document_at(path: str, line: int, text_field: str, rules: Rules) -> Document:
    """The record of ``path`` at ``line`` (a text file's block that holds the line)."""
    files = resolve_inputs([path])
    if len(files) != 1:
        raise UsageError(f"{path}: FILE:LINE names one input file, not a directory or glob")
    found: Document | None = None
    for doc in iter_documents(files, text_field, meta_fields=tuple(rules.meta_fields)):
        if doc.line > line:
            break
        found = doc
        if doc.line == line:
            break
    if found is None or (files[0].kind != "txt" and found.line != line):
        raise CorefprepError(f"{path} has no record at line {line}")
    return found


def document_of_run(work: WorkDir, doc_index: int, rules: Rules) -> Document:
    """Document ``doc_index`` of the run in ``work``, read from the inputs the run recorded."""
    manifest = read_manifest(work)
    located = manifest.input_files if manifest is not None else ()
    if manifest is None or not located:
        raise CorefprepError(f"{work.output_dir} has no record of where its inputs are (made by an older corefprep, "
                             "or not a run); explain FILE:LINE instead")
    base = 0
    for path, records in located:
        if doc_index < base + records:
            files = resolve_inputs([path])
            docs = iter_documents(files, manifest.text_field, doc_index - base, doc_index - base + 1,
                                  counts=[records], meta_fields=tuple(rules.meta_fields))
            doc = next(iter(docs), None)
            if doc is None:
                raise CorefprepError(f"{path} holds fewer records than the run counted; it changed since the run")
            return dataclasses.replace(doc, doc_index=doc_index)
        base += records
    raise UsageError(f"--doc-index {doc_index}: the run's inputs hold {base:,} documents (0-{base - 1})")


def _recorded(work: WorkDir, doc_index: int, rules: Rules) -> dict[str, Any] | None:
    manifest = read_manifest(work)
    if manifest is None or not manifest.filter_config.get("batch_docs"):
        return None
    k = doc_index // manifest.batch_docs
    path = work.batch_values(k)
    if not path.exists():
        return None
    rec = read_values(path, rules)
    i = doc_index - rec.lo
    values = {c.name: rec.value(c.kind, c.name, i) for g in rules.groups
              if g.name in rec.present and rec.present[g.name][i] for c in g.columns}
    return {"batch": k, "verdict": str(rec.verdicts[i]), "values": values}


def explain(*, target: str | None, run: Path | None, doc_index: int | None, text: str | None,
            rules: Rules | None, overrides: dict[str, Any], text_field: str, raw: bool = False) -> Explained:
    """What `corefprep explain` shows (see the module docstring). ``rules``: the rule set the
    command line names (when it names one), ``overrides``: the rule options it gives. Personal
    data shows redacted where the run redacts it (for a document that is no run's, where the rule
    set's default --pii does), unless ``raw``."""
    settings_from = "the defaults and the options given"
    if run is not None:
        work = WorkDir(run)
        base = recorded_rules(work)
        if base is None:
            raise CorefprepError(f"{run} is not a corefprep output directory (no work/manifest.json)")
        if rules is not None and rules.name != base.name:
            base = rules
        else:
            base = make_rules(base.name, **{**_options(base), **overrides})
            settings_from = f"the run's ({work.manifest})" + (" with the options given" if overrides else "")
        rules = base
    if rules is None:
        rules = make_rules("v2", **overrides)
    if text is not None:
        doc = Document(-1, text, "--text", 0, None)
    elif run is not None:
        if doc_index is None:
            raise UsageError("with OUTPUT_DIR, name the document with --doc-index N")
        doc = document_of_run(WorkDir(run), doc_index, rules)
    else:
        if target is None:
            raise UsageError("name a document: FILE:LINE, OUTPUT_DIR --doc-index N, or --text TEXT")
        doc = document_at(*parse_target(target), text_field, rules)
    if doc.text is None:
        raise CorefprepError(f"{doc.source}:{doc.line} is a malformed record ({doc.malformed}): no text to explain")
    kiwi = load_kiwi() if rules.uses_kiwi else None
    steps, error = rules.explain(doc.text, kiwi, doc.meta)  # type: ignore[attr-defined]
    verdict = next((s.check.reason for s in steps if s.fails), None)
    if error is not None and verdict is None:
        verdict = "kiwi_error"
    recorded = _recorded(WorkDir(run), doc.doc_index, rules) if run is not None else None
    settings = _pii_settings(WorkDir(run)) if run is not None else None
    redact = not raw and (examples_redacted(settings) if run is not None else PiiConfig().mode(rules.name) == "redact")
    return Explained(doc, rules, steps, error, verdict, recorded, settings_from, find_pii(doc.text),
                     mode_of(settings) if run is not None else None, redact)


def _pii_settings(work: WorkDir) -> object:
    manifest = read_manifest(work)
    return manifest.filter_config.get("pii") if manifest is not None else None


def _pii_lines(e: Explained) -> list[str]:
    if not e.pii:
        return ["personal data: none found"]
    text = e.doc.text or ""
    done = {"redact": "the run redacts them", "tag": "the run tags them", "off": "the run leaves them (--pii off)"}
    head = f"personal data: {count(len(e.pii), 'span')}"
    if e.pii_mode:
        head += f"; {done.get(e.pii_mode, e.pii_mode)}"
    if e.redact:
        return [head + " (shown redacted; --raw shows them as written)"] + [
            f"  {s.kind:<8} {s.start:,}-{s.end:,}  -> {mask_span(text, s)!r}" for s in e.pii]
    return [head] + [f"  {s.kind:<8} {s.start:,}-{s.end:,}  {text[s.start:s.end]!r} -> {mask_span(text, s)!r}"
                     for s in e.pii]


def _options(rules: Rules) -> dict[str, Any]:
    d = rules.as_dict()
    d.pop("rules", None)
    return d


def _show(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def format_explained(e: Explained) -> str:
    doc = e.doc
    where = "--text" if doc.doc_index < 0 else f"{doc.source}:{doc.line}, doc_index {doc.doc_index}, id {doc.doc_id}"
    lines = [f"document: {where} ({len(doc.text or ''):,} characters)",
             f"rules: {e.rules.name}, with {e.settings_from}"]
    rows = [("#", "rule", "reason", "measured", "passes when", "verdict")]
    stopped = False
    for i, s in enumerate(e.steps, 1):
        verdict = _verdict(e, s)
        if s.fails and not stopped:
            verdict += "  <- the filter stops here"
            stopped = True
        elif stopped and s.applies:
            verdict += " (not reached)"
        rows.append((str(i), _rule_name(e, s), s.check.reason, _measured(e, s),
                     s.check.limit(e.rules) if s.applies else "", verdict))
    widths = [max(_cells(r[j]) for r in rows) for j in range(5)]
    for r in rows:
        lines.append("  ".join(r[j] + " " * (widths[j] - _cells(r[j])) for j in range(5)) + "  " + r[5])
    lines += [f"n/a: {why}" for why in dict.fromkeys(s.idle[1] for s in e.steps if s.applies and s.idle)]
    if stopped:
        lines.append("not reached: the filter stops at the first rule a document fails; the rules after it are "
                     "measured here only to show how far the document is from each")
    if e.kiwi_error:
        lines.append(f"Kiwi failed on the document: {e.kiwi_error}")
    lines.append(f"verdict: {'kept' if e.verdict is None else 'rejected, ' + e.verdict}")
    if e.recorded is not None:
        same = e.recorded["verdict"] == ("kept" if e.verdict is None else e.verdict)
        lines.append(f"recorded by the run (batch {e.recorded['batch']}): {e.recorded['verdict']}"
                     + ("" if same else "  (differs: the settings or the rules changed since)"))
    return "\n".join(lines + _pii_lines(e))


def _cells(text: str) -> int:
    """Terminal columns ``text`` takes: Hangul and other wide characters take two, so the columns
    after a measured text in Hangul stay aligned."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _rule_name(e: Explained, s: Step) -> str:
    """The rule in a few words, and where the filter applies it (the reader or a Kiwi worker)."""
    stages = {g.name: g.stage for g in e.rules.groups}
    where_run = "reader" if all(stages[g] == CHEAP for g in s.check.needs) else "worker"
    return f"{s.check.rule} [{where_run}]"


def _verdict(e: Explained, s: Step) -> str:
    if not s.applies:
        return "off"
    if s.idle is not None:
        return "n/a"
    if s.quantity is None and any(g for g in s.check.needs):
        return "not measured" if e.kiwi_error else "n/a"
    return "FAIL" if s.fails else "pass"


def _measured(e: Explained, s: Step) -> str:
    """What the rule measured, as people read it: an offset in the text as the characters there."""
    if not s.applies:
        return ""
    if s.idle is not None:
        return s.idle[0]
    if s.check.at_offset and isinstance(s.quantity, int):
        if s.quantity < 0:
            return "none found"
        text = mask_text(e.doc.text or "", e.pii) if e.redact else (e.doc.text or "")
        return f"at {s.quantity:,}: {text[s.quantity:s.quantity + 8]!r}"
    return _show(s.quantity)


def explained_json(e: Explained) -> dict[str, Any]:
    doc = e.doc
    return {
        "document": {"source": doc.source, "line": doc.line, "doc_index": doc.doc_index if doc.doc_index >= 0 else None,
                     "doc_id": doc.doc_id if doc.doc_index >= 0 else None, "chars": len(doc.text or "")},
        "rules": e.rules.name,
        "settings": e.rules.as_dict(),
        "checks": [{"n": i, "rule": s.check.rule, "reason": s.check.reason, "applies": s.applies,
                    "measured": s.quantity, "passes_when": s.check.limit(e.rules) if s.applies else None,
                    "fails": s.fails, "note": s.idle[1] if s.idle else None} for i, s in enumerate(e.steps, 1)],
        "kiwi_error": e.kiwi_error,
        "verdict": e.verdict or "kept",
        "recorded": e.recorded,
        "pii": [{"kind": s.kind, "start": s.start, "end": s.end} for s in e.pii],
        "pii_mode": e.pii_mode,
        "pii_shown": "redacted" if e.redact else "as written",
    }
