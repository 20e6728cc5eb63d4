"""Command line: `corefprep prepare|filter|samples|tokenize|merge|status|report|doctor` (SPEC section 3).

Errors are one sentence on stderr with exit code 1 (2 for usage errors); `--debug` adds the
traceback.
"""

from __future__ import annotations

import argparse
import errno
import sys
import traceback
from pathlib import Path
from typing import Any

from .errors import CorefprepError, UsageError
from .samples import SampleConfig
from .tokenize import BUNDLED_TOKENIZER, TokenizeConfig

STAGES = ("filter", "samples", "tokenize", "merge")

_NOT_THE_FILTER = (
    "It does not run the filter: every filter batch must be done, the inputs, --batch-docs, --text-field and rule "
    "options must be those the batches were made with (a difference is refused), and the filter's own options "
    "(--workers, --chunksize, --engine, --retries, --doc-timeout, --strict, --batches) have no effect."
)
# (one-line help in the command list, what the stage command really runs)
STAGE_HELP = {
    "prepare": ("full run: filter, samples, tokenize, merge",
                "The whole pipeline: filter the inputs batch by batch, build the entity-coreference samples, tokenize "
                "them and merge the final dataset into OUTPUT_DIR/<name>/. Every stage resumes: work that is done "
                "and unchanged is kept."),
    "filter": ("only the filter: inputs -> work/filter/ batches",
               "Read the inputs and run the filter rules batch by batch into OUTPUT_DIR/work/filter/ (finished "
               "batches are kept; --batches recomputes chosen ones), then stop. The samples and tokenize options "
               "are ignored."),
    "samples": ("only the samples, from finished filter batches",
                "Build the entity-coreference samples of the finished filter batches into OUTPUT_DIR/work/samples/ "
                "(chunks whose content did not change are kept). " + _NOT_THE_FILTER + " Of the tokenize options "
                "only --tok-chunk (samples per chunk) matters; with --objective clm there are no samples and "
                "nothing is done."),
    "tokenize": ("samples (refreshed) and tokenize, no merge",
                 "Run the samples stage (unchanged chunks are kept), then tokenize the samples chunks into "
                 "OUTPUT_DIR/work/tokenized/ (chunks tokenized before with the same tokenizer and settings are "
                 "kept); with --objective clm, tokenize and pack the kept documents. It writes no final dataset "
                 "(`merge` or `prepare` do). " + _NOT_THE_FILTER),
    "merge": ("samples, tokenize and merge: the final dataset",
              "Run samples, tokenize and merge, each keeping what is done and unchanged, and write the final "
              "dataset OUTPUT_DIR/<name>/ with metadata.json: `prepare` without the filter. " + _NOT_THE_FILTER),
}


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default, unless the help already names it or there is
    none to show (flags, options that are off or planned unless given)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if ("default" in text or not action.option_strings or action.default is None or action.default is False
                or action.default is argparse.SUPPRESS):
            return action.help
        return f"{text} (default: %(default)s)".strip()


def _positive(v: str) -> int:
    try:
        n = int(v)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{v!r} is not an integer") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"{v!r} must be positive")
    return n


def _rule_type(kind: str) -> Any:
    return {"int": int, "float": float}.get(kind, str)


def _show(v: Any) -> str:
    if isinstance(v, tuple | list):
        return ",".join(map(str, v))
    return "none" if v is None else str(v)


def add_rule_options(p: argparse.ArgumentParser) -> None:
    """One option per threshold of any rule set (``--min-chars`` ...), its defaults per rule set in
    the help. Options are None unless given, so the chosen rule set's own default applies."""
    from .rules import rule_options, rule_sets

    names = sorted(rule_sets())
    r = p.add_argument_group("filter rules (thresholds; defaults depend on --rules)")
    r.add_argument("--rules", choices=names, default="v2",
                   help="rule set: v2 = entity-coreference documents (today's script), llm = clean text for LLM "
                        "pretraining (default: v2)")
    for o in rule_options():
        flag = "--" + o.field.replace("_", "-")
        defaults = "; ".join(f"{k}: {_show(v)}" for k, v in o.defaults.items())
        text = f"{o.help} (default {defaults})" if o.help else f"(default {defaults})"
        if o.kind == "bool":
            r.add_argument(flag, dest=f"rule_{o.field}", action=argparse.BooleanOptionalAction, default=None,
                           help=text)
        else:
            metavar = {"words": "W1,W2", "path": "FILE", "int": "N", "float": "X"}.get(o.kind, "S")
            r.add_argument(flag, dest=f"rule_{o.field}", type=_rule_type(o.kind), default=None, metavar=metavar,
                           help=text)
    # today's spelling of --no-drop-pronouns
    r.add_argument("--keep-pronouns", dest="rule_drop_pronouns", action="store_false", default=None,
                   help="keep documents containing pronouns (same as --no-drop-pronouns)")


def rules_from_args(a: argparse.Namespace) -> Any:
    from .rules import make_rules, rule_options

    given: dict[str, Any] = {}
    for o in rule_options():
        v = getattr(a, f"rule_{o.field}", None)
        if v is None:
            continue
        if o.kind == "words":
            v = tuple(w.strip() for w in v.split(",") if w.strip())
        given[o.field] = v
    return make_rules(a.rules, **given)


def _ignored(group: str, stage: str) -> str | None:
    """The note an option group carries in a stage command that does not use it."""
    if stage == "filter" and group in ("samples", "tokenize"):
        return "ignored by `corefprep filter` (it stops after the filter)"
    if stage == "samples" and group == "tokenize":
        return "ignored by `corefprep samples`, except --objective and --tok-chunk"
    return None


def add_run_options(p: argparse.ArgumentParser, stage: str = "prepare") -> None:
    from .options import RunOptions

    d = RunOptions(workers=1, num_proc=1, map_batch_size=1, writer_batch_size=1)  # no env lookups here
    s = SampleConfig()
    planned = "(default: planned for this machine, see the run's plan line)"
    p.add_argument("inputs", nargs="*", help="files, globs or directories (.jsonl[.gz|.zst], .parquet, .txt); "
                                             "none = the bundled sample corpus")
    g = p.add_argument_group("run")
    g.add_argument("--output-dir", "-o", type=Path, default=Path("prepared_datasets"),
                   help="where work/ and the final dataset go (default: ./prepared_datasets)")
    g.add_argument("--text-field", default="text", help="JSON/Parquet field holding the text (default: text)")
    g.add_argument("--batch-docs", type=_positive, default=d.batch_docs, help="documents per filter batch")
    g.add_argument("--workers", "--num-workers", type=_positive, default=None,
                   help=f"filter processes {planned}")
    g.add_argument("--chunksize", type=_positive, default=None,
                   help=f"documents per task sent to a worker (made smaller for small batches) {planned}")
    g.add_argument("--maxtasksperchild", type=_positive, default=d.maxtasksperchild,
                   help="documents a filter worker analyses before it is replaced (bounds leaks)")
    g.add_argument("--batches", help="recompute exactly these batches, e.g. 52-102,7 (default: every batch not done)")
    g.add_argument("--force", action="store_true", help="recompute everything, even under changed settings")
    g.add_argument("--break-lock", action="store_true",
                   help="take the output directory's lock even if another run (on another host) seems to hold it; "
                        "only when you know that run is dead")
    g.add_argument("--strict", action="store_true", help="a malformed record is an error instead of a counted skip")
    g.add_argument("--retries", type=int, default=d.retries,
                   help="retries of a batch that failed (a worker died between documents, a rule raised)")
    g.add_argument("--doc-timeout", type=float, default=d.doc_timeout, metavar="SECONDS",
                   help="a document analysed longer than this is quarantined (reason timeout) and its worker "
                        "killed; a document that kills two workers is quarantined as worker_died; with --strict "
                        "either stops the run instead")
    g.add_argument("--engine", choices=["local", "ray"], default=d.engine,
                   help="local: a process Pool on this machine; ray: batches as Ray actor calls on a cluster")
    g.add_argument("--ray-address", default=None, metavar="ADDR",
                   help="with --engine ray: the cluster to join (auto = a running cluster); default starts a "
                        "local Ray instance")
    g.add_argument("--log-json", type=Path, default=None, metavar="FILE",
                   help="append one JSON object per event (batch done, stage start/done, error) to FILE "
                        "(default: none)")
    g.add_argument("--no-progress", action="store_true", help="no progress bars (summaries still print)")
    add_rule_options(p)
    sm = p.add_argument_group("samples", _ignored("samples", stage))
    sm.add_argument("--max-entity-freq", type=_positive, default=s.max_entity_freq,
                    help="samples per entity in the whole corpus, at most")
    sm.add_argument("--min-distance", type=int, default=s.min_distance,
                    help="fewest characters from the antecedent's start to the mention's")
    sm.add_argument("--max-distance", type=int, default=s.max_distance,
                    help="most characters from the antecedent's start to the mention's")
    sm.add_argument("--max-samples", type=_positive, default=None,
                    help="stop after this many samples (default: no limit)")
    t = p.add_argument_group("tokenize", _ignored("tokenize", stage))
    t.add_argument("--model", default=str(BUNDLED_TOKENIZER),
                   help="fast tokenizer: local directory or hub name (default: the bundled Korean WordPiece)")
    t.add_argument("--seq-len", type=_positive, default=2048, help="tokens per row, at most")
    t.add_argument("--objective", choices=["entity-mlm", "clm"], default="entity-mlm",
                   help="entity-mlm: masked-mention rows; clm: kept documents packed for causal LM")
    t.add_argument("--mask-style", choices=["all", "single"], default="all",
                   help="all: every subword of the mention masked; single: one mask token (today's layout)")
    t.add_argument("--pad-to-max-length", action="store_true", help="fixed-length rows (today's layout)")
    t.add_argument("--unaligned", choices=["widen", "drop"], default="widen",
                   help="a mention or antecedent boundary inside a token: widen the span to the whole tokens "
                        "(default; keeps today's samples) or drop the sample (every mask is exactly the mention)")
    t.add_argument("--eos-token", help="clm: the token ending each document (default: the tokenizer's EOS; a "
                   "BERT-style tokenizer's [SEP])")
    t.add_argument("--bos-token", help="clm: the token starting each document, or 'none' (default: the tokenizer's "
                   "BOS unless it is its EOS; a BERT-style tokenizer's [CLS] when [SEP] is the EOS)")
    t.add_argument("--keep-last", action="store_true",
                   help="clm: keep the corpus' final partial block as a shorter last row instead of dropping it")
    t.add_argument("--no-pack", action="store_true",
                   help="clm: one row per document (its first --seq-len tokens) instead of packed blocks")
    t.add_argument("--doc-boundaries", action="store_true",
                   help="clm: add a doc_starts column (offsets in each block where a document starts)")
    t.add_argument("--format", dest="output_format", choices=["hf", "megatron", "both"], default="hf",
                   help="clm output: hf = a load_from_disk dataset (default), megatron = "
                        "<output-dir>/clm_v2_text_document.bin/.idx for Megatron-LM/NeMo, both")
    t.add_argument("--tok-chunk", "--token-chunk-size", type=_positive, default=None,
                   help=f"samples per tokenized chunk {planned}")
    t.add_argument("--num-proc", type=_positive, default=None,
                   help=f"datasets.map processes (env DATASET_NUM_PROC) {planned}")
    t.add_argument("--map-batch-size", "--tokenizer-batch-size", type=_positive, default=None,
                   help=f"datasets.map batch size (env DATASET_BATCH_SIZE) {planned}")
    t.add_argument("--writer-batch-size", type=_positive, default=None,
                   help=f"rows per write of datasets.map (env DATASET_WRITER_BATCH_SIZE) {planned}")
    t.add_argument("--in-memory", dest="keep_in_memory", action=argparse.BooleanOptionalAction, default=None,
                   help=f"let datasets keep each chunk in memory while tokenizing {planned}")


def options_from_args(a: argparse.Namespace) -> Any:
    from .options import RunOptions

    _check_clm_options(a)
    if a.batches is not None:
        from .batches import parse_batch_spec

        parse_batch_spec(a.batches)  # syntax now, before any input is read; the range once counted
    fcfg = rules_from_args(a)
    from .plan import PLANNED_FIELDS, apply_plan

    # the machine's plan fills what the user did not give (and DATASET_* variables did not set)
    explicit = {name for name in PLANNED_FIELDS if getattr(a, name, None) is not None}
    planned_values = {name: getattr(a, name) for name in explicit}
    opts = RunOptions(
        inputs=list(a.inputs), output_dir=a.output_dir, text_field=a.text_field, batch_docs=a.batch_docs,
        maxtasksperchild=a.maxtasksperchild, strict=a.strict,
        force=a.force, break_lock=a.break_lock, batches=a.batches, retries=max(0, a.retries),
        doc_timeout=a.doc_timeout, engine=a.engine, ray_address=a.ray_address, log_json=a.log_json, filter=fcfg,
        samples=SampleConfig(max_entity_freq=a.max_entity_freq, min_distance=a.min_distance,
                             max_distance=a.max_distance),
        tokenize=TokenizeConfig(model=a.model, seq_len=a.seq_len, objective=a.objective, mask_style=a.mask_style,
                                pad_to_max_length=a.pad_to_max_length, unaligned=a.unaligned,
                                eos_token=a.eos_token, bos_token=a.bos_token, keep_last=a.keep_last,
                                pack=not a.no_pack, doc_boundaries=a.doc_boundaries,
                                output_format=a.output_format),
        progress=not a.no_progress, max_samples=a.max_samples, **planned_values,
    )
    apply_plan(opts, explicit)
    return opts


def _check_clm_options(a: argparse.Namespace) -> None:
    """clm-only options with entity-mlm, or options that contradict each other, are usage errors."""
    given = [flag for flag, on in (("--eos-token", a.eos_token is not None), ("--bos-token", a.bos_token is not None),
                                   ("--keep-last", a.keep_last), ("--no-pack", a.no_pack),
                                   ("--doc-boundaries", a.doc_boundaries), ("--format", a.output_format != "hf"))
             if on]
    if given and a.objective != "clm":
        raise UsageError(f"{', '.join(given)} only apply to --objective clm")
    if a.no_pack and (a.keep_last or a.doc_boundaries):
        raise UsageError("--keep-last and --doc-boundaries apply to packed rows; with --no-pack each row is one "
                         "document")
    for flag, v in (("--eos-token", a.eos_token), ("--bos-token", a.bos_token)):
        if v is not None and not v:
            raise UsageError(f"{flag} needs a token (for no BOS: --bos-token none)")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    p = argparse.ArgumentParser(prog="corefprep", description="Korean web text -> entity-coreference datasets",
                                formatter_class=HelpFormatter)
    p.add_argument("--version", action="version", version=f"corefprep {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in ("prepare", *STAGES):
        short, long = STAGE_HELP[command]
        add_run_options(sub.add_parser(command, help=short, description=long, formatter_class=HelpFormatter),
                        command)
    sp = sub.choices["prepare"]
    st = sub.add_parser("status", help="summary of a run: batches, documents, speed and ETA, live run, later stages",
                        formatter_class=HelpFormatter,
                        description="Summary of OUTPUT_DIR: batches done / pending / failed, documents passed and "
                                    "rejected by reason, quarantined documents, docs/s over the finished batches and "
                                    "the ETA of the pending ones, the run holding the directory (if any), samples, "
                                    "tokenized chunks and final datasets. Failed batches are listed; --batches lists "
                                    "others.")
    st.add_argument("output_dir", type=Path, nargs="?", default=Path("prepared_datasets"),
                    help="the --output-dir of the run (default: prepared_datasets)")
    st.add_argument("--json", action="store_true",
                    help="one JSON object: the summary, totals, every batch, later stages")
    st.add_argument("--batches", metavar="SPEC", help="also list these batches, e.g. 0-9,52")
    rp = sub.add_parser("report", help="plots and a self-contained HTML page about a run",
                        formatter_class=HelpFormatter,
                        description="Write PNG plots (pass rate and speed per batch, rejection reasons, document "
                                    "lengths, entities, distances, tokens per row, timings) and one self-contained "
                                    "HTML page (images embedded) about OUTPUT_DIR; prints the page's path. Works on "
                                    "a run stopped after any stage.")
    rp.add_argument("output_dir", type=Path, nargs="?", default=Path("prepared_datasets"),
                    help="the --output-dir of the run (default: prepared_datasets)")
    rp.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="where the page and plots go (default: OUTPUT_DIR/report)")
    dr = sub.add_parser("doctor", help="check inputs, disk and RAM, measure this machine, show the plan and "
                                       "estimated run time", formatter_class=HelpFormatter)
    dr.add_argument("inputs", nargs="*", help="the inputs a run would read (estimates need them)")
    dr.add_argument("--model", default=str(BUNDLED_TOKENIZER), help="the tokenizer a run would use")
    dr.add_argument("--output-dir", "-o", type=Path, default=Path("prepared_datasets"))
    dr.add_argument("--objective", choices=["entity-mlm", "clm"], default="entity-mlm")
    dr.add_argument("--seq-len", type=_positive, default=2048)
    dr.add_argument("--text-field", default="text")
    dr.add_argument("--json", action="store_true", help="one JSON object")
    add_rule_options(dr)  # the estimate is for the rules the run would use (--rules llm costs differ)
    for sp_ in (st, rp, dr):
        sp_.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    for sp_ in [sp, *[sub.choices[s] for s in STAGES]]:
        sp_.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _run(a: argparse.Namespace) -> int:
    if a.command == "status":
        import orjson

        from .status import collect_status, format_status

        st = collect_status(a.output_dir)
        shown = None
        if a.batches:
            from .batches import parse_batch_spec

            shown = parse_batch_spec(a.batches, st["num_batches"])
        if a.json:
            sys.stdout.write(orjson.dumps(st, option=orjson.OPT_INDENT_2).decode() + "\n")
        else:
            print(format_status(st, shown))
        return 0
    if a.command == "report":
        from .report import write_report

        print(write_report(a.output_dir, a.out))
        return 0
    if a.command == "doctor":
        from .doctor import run_doctor
        from .options import RunOptions

        return run_doctor(RunOptions(inputs=list(a.inputs), output_dir=a.output_dir, text_field=a.text_field,
                                     filter=rules_from_args(a),
                                     tokenize=TokenizeConfig(model=a.model, seq_len=a.seq_len, objective=a.objective)),
                          as_json=a.json)
    from .pipeline import prepare

    opts = options_from_args(a)
    stages = STAGES if a.command == "prepare" else (a.command,)
    res = prepare(opts, stages)
    rej = sum(res.get("rejected", {}).values())
    mal = sum(res.get("malformed", {}).values())
    line = (f"done: {res['documents']:,} documents in {res['done']}/{res['batches']} batches, {res['passed']:,} "
            f"passed, {rej:,} rejected, {mal:,} malformed")
    if "samples" in res:
        line += f"; {res['samples']:,} " + ("rows" if opts.tokenize.objective == "clm" else "samples")
    if "dataset" in res:
        line += f" -> {res['dataset']}"
    print(line)
    _log_event(a, "run_done", documents=res["documents"], passed=res["passed"], samples=res.get("samples"),
               dataset=res.get("dataset"))
    return 0


def _one_line(msg: object) -> str:
    """Error messages are one line whatever the exception text holds."""
    return " ".join(str(msg).split())


def _enospc(exc: BaseException) -> OSError | None:
    """The no-space error behind ``exc``, if any (libraries sometimes wrap it or lose its errno)."""
    seen: set[int] = set()
    e: BaseException | None = exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, OSError) and (e.errno == errno.ENOSPC or "No space left on device" in str(e)):
            return e
        e = e.__cause__ or e.__context__
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    a = parser.parse_args(argv)
    a.debug = getattr(a, "debug", False)
    try:
        return _run(a)
    except KeyboardInterrupt:
        msg = "corefprep: interrupted; finished batches are kept — rerun the same command to resume"
        print(msg, file=sys.stderr)
        _log_error(a, "interrupted", msg, 130)
        return 130
    except Exception as exc:
        if a.debug:
            traceback.print_exc()
        code, msg = _error_message(exc)
        print(msg, file=sys.stderr)
        _log_error(a, type(exc).__name__, msg, code)
        return code


def _error_message(exc: Exception) -> tuple[int, str]:
    """The exit code and the one line the user sees."""
    full = _enospc(exc)
    if full is not None:
        where = f" ({full.filename})" if getattr(full, "filename", None) else ""
        return 1, (f"corefprep: error: no space left on the device{where}; free some space and rerun the same "
                   "command — finished batches and chunks are kept")
    if isinstance(exc, CorefprepError):
        return exc.exit_code, f"corefprep: error: {_one_line(exc)}"
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        return 1, (f"corefprep: error: {_one_line(exc.strerror or exc)}{where}; rerun the same command after "
                   "fixing it (--debug shows the traceback)")
    # a bug: still one line unless --debug
    return 1, (f"corefprep: internal error: {type(exc).__name__}: {_one_line(exc)} (rerun with --debug for the "
               "traceback and please report it)")


def _log_error(a: argparse.Namespace, kind: str, message: str, exit_code: int) -> None:
    """An ``error`` event in the --log-json file, so a log collector sees why a run ended."""
    _log_event(a, "error", error=kind, message=message.removeprefix("corefprep: "), exit_code=exit_code)


def _log_event(a: argparse.Namespace, event: str, **fields: Any) -> None:
    """One event in the run's --log-json file (the run's own log is closed by now)."""
    path = getattr(a, "log_json", None)
    if path is None:
        return
    from .progress import EventLog

    try:
        with EventLog(path, output_dir=str(a.output_dir)) as events:
            events.emit(event, command=a.command, **fields)
    except OSError:
        pass  # the log file itself is the problem; the outcome is on stdout/stderr already


if __name__ == "__main__":
    sys.exit(main())
