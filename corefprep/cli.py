"""Command line: `corefprep prepare|filter|samples|tokenize|merge|status|report|doctor` (SPEC section 3).

Errors are one sentence on stderr with exit code 1 (2 for usage errors); `--debug` adds the
traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import select
import shlex
import sys
import traceback
from pathlib import Path
from typing import Any, NoReturn

from .core import stop
from .core.errors import CorefprepError, UsageError
from .core.log import EventLog
from .core.options import add_options, path_or_url, values_from
from .core.plural import count
from .core.redact import HIDDEN, mask_text, mask_url, url_credentials
from .core.version import __version__
from .coref.config import SampleConfig
from .filter.config import EngineConfig, FilterConfig
from .filter.stats import parse_batch_spec, pii_kinds
from .ops.doctor import run_doctor
from .ops.explain import explain, explained_json, format_explained
from .ops.report import write_report
from .ops.status import collect_status_of, format_status
from .parallel import UnitError
from .pii import PiiConfig
from .rules import make_rules, rule_options, rule_sets
from .run.options import DEFAULT_OUTPUT_DIR, RunOptions
from .run.pipeline import STAGES, RunResult, prepare
from .run.plan import apply_plan
from .run.remote import staged, view
from .signatures.config import DedupConfig
from .store.urls import is_url, parse_storage_options, use_storage_options
from .tokenizer.config import MapConfig, TokenizeConfig

_NOT_THE_FILTER = (
    "It does not run the filter: every filter batch must be done, the inputs, --batch-docs, --text-field and rule "
    "options must be those the batches were made with (otherwise it stops; after a threshold change, `corefprep "
    "filter` re-decides the batches from their recorded values), and the filter's own options "
    "(--chunksize, --retries, --doc-timeout, --strict, --batches) have no effect; --workers and --engine size the "
    "dedup stage's own work (signing batches filtered without signatures, the bands)."
)
# (one-line help in the command list, what the stage command really runs)
STAGE_HELP = {
    "prepare": ("full run: filter, dedup, samples, tokenize, merge",
                "The whole pipeline: filter the inputs batch by batch, remove duplicates (--dedup), build the "
                "entity-coreference samples (--objective entity-mlm) or the documents' tokens (--objective clm), "
                "tokenize and merge (clm: pack) the final dataset into OUTPUT_DIR/<name>/. Every stage resumes: "
                "work that is done and unchanged is kept."),
    "filter": ("only the filter: inputs -> work/filter/ batches",
               "Read the inputs and run the filter rules batch by batch into OUTPUT_DIR/work/filter/ (finished "
               "batches are kept; --batches recomputes chosen ones), then stop. The samples and tokenize options "
               "are ignored."),
    "dedup": ("only deduplication, over the finished filter batches",
              "Remove duplicate documents among the kept documents of the finished filter batches (--dedup exact or "
              "minhash; signatures, bands and clusters that are done and unchanged are kept) and write the removed "
              "documents to OUTPUT_DIR/work/dedup/result/removed.parquet. " + _NOT_THE_FILTER),
    "samples": ("dedup (refreshed) and the samples, from finished filter batches",
                "Deduplicate (when the run does; unchanged work is kept), then build the entity-coreference samples "
                "of the kept documents into OUTPUT_DIR/work/samples/ (chunks whose content did not change are "
                "kept). " + _NOT_THE_FILTER + " Of the tokenize options "
                "only --tok-chunk (samples per chunk) matters; with --objective clm there are no samples and "
                "nothing is done."),
    "tokenize": ("dedup and samples (refreshed) and tokenize, no merge",
                 "Run dedup and the samples stage (unchanged work is kept), then tokenize the samples chunks into "
                 "OUTPUT_DIR/work/tokenized/ (chunks tokenized before with the same tokenizer and settings are "
                 "kept); with --objective clm, tokenize and pack the kept documents. It writes no final dataset "
                 "(`merge` or `prepare` do). " + _NOT_THE_FILTER),
    "merge": ("dedup, samples, tokenize and merge: the final dataset",
              "Run dedup, samples, tokenize and merge, each keeping what is done and unchanged, and write the final "
              "dataset OUTPUT_DIR/<name>/ with metadata.json: `prepare` without the filter. " + _NOT_THE_FILTER),
}


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default, unless the help already names it or there is
    none to show (flags, options that are off or planned unless given). A flag that turns something
    off (--no-pack) stores False into a default of True: "(default: True)" would read as "this flag
    is on", so flags show no default either way."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if ("default" in text or not action.option_strings or action.default is None or action.default is False
                or action.default is argparse.SUPPRESS or isinstance(action, argparse._StoreFalseAction)):
            return action.help
        return f"{text} (default: %(default)s)".strip()


# Options whose value may hold a secret: never recorded, printed or echoed in an error.
SECRET_OPTIONS = frozenset({"storage_options"})
# Values that are not locations (document text), so no URL in them is refused.
NOT_LOCATIONS = frozenset({"text"})


class Parser(argparse.ArgumentParser):
    """corefprep's argument parser (its subcommands' too): options are never abbreviated, and a
    usage error never repeats what may be a secret.

    An abbreviation is refused because it escapes whatever looks for an option by its name:
    ``--storage-opt JSON`` would be ``--storage-options`` to argparse and an unknown word to
    everything else."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:  # type: ignore[override]
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {self._unknown(extras, getattr(ns, 'command', None))}")
        return ns

    def _unknown(self, extras: list[str], command: str | None) -> str:
        """The unrecognized words, their values hidden (an unknown option's value may be the secret
        of a misspelt --storage-options), and for an abbreviation the option it is short for."""
        parser = _subparsers(self).get(command or "", self)
        words, hints, after_option = [], [], False
        for word in extras:
            if word.startswith("-") and len(word) > 1:
                name, eq, _value = word.partition("=")
                words.append(name + (f"={HIDDEN}" if eq else ""))
                full = sorted(o for o in parser._option_string_actions if o.startswith(name) and name.startswith("--"))
                if full:
                    hints.append(f"{name} is short for {' or '.join(full)}")
                after_option = not eq
            else:
                words.append(HIDDEN if after_option else mask_url(word))
                after_option = False
        text = " ".join(words)
        if hints:
            text += f" (options are not abbreviated: {'; '.join(hints)})"
        return text

    def error(self, message: str) -> NoReturn:
        super().error(mask_text(message))


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands' parsers by name (argparse has no public accessor)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _rule_type(kind: str) -> Any:
    return {"int": int, "float": float}.get(kind, str)


def _show(v: Any) -> str:
    if isinstance(v, tuple | list):
        return ",".join(map(str, v))
    return "none" if v is None else str(v)


def add_rule_options(p: argparse.ArgumentParser) -> None:
    """One option per threshold of any rule set (``--min-chars`` ...), its defaults per rule set in
    the help. Options are None unless given, so the chosen rule set's own default applies."""
    names = sorted(rule_sets())
    r = p.add_argument_group("filter rules (thresholds; defaults depend on --rules)")
    r.add_argument("--rules", choices=names, default=None,
                   help="rule set: v2 = documents for entity-coreference samples (repeated proper nouns, no "
                        "pronoun), llm = clean text for LLM pretraining (default: v2)")
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
    # the older spelling of --no-drop-pronouns, kept for existing command lines
    r.add_argument("--keep-pronouns", dest="rule_drop_pronouns", action="store_false", default=None,
                   help="keep documents containing pronouns (same as --no-drop-pronouns)")


def rules_from_args(a: argparse.Namespace) -> Any:
    return make_rules(a.rules or "v2", **rule_overrides(a))


def rule_overrides(a: argparse.Namespace) -> dict[str, Any]:
    """The rule options given on the command line, by field."""
    given: dict[str, Any] = {}
    for o in rule_options():
        v = getattr(a, f"rule_{o.field}", None)
        if v is None:
            continue
        if o.kind == "words":
            v = tuple(w.strip() for w in v.split(",") if w.strip())
        given[o.field] = v
    return given


def _ignored(group: str, stage: str) -> str | None:
    """The note an option group carries in a stage command that does not use it."""
    if stage == "filter" and group in ("samples", "tokenize"):
        return "ignored by `corefprep filter` (it stops after the filter)"
    if stage == "filter" and group == "dedup":
        return "`corefprep filter` only signs the kept documents for it"
    if stage == "dedup" and group in ("samples", "tokenize"):
        return "ignored by `corefprep dedup`"
    if stage == "samples" and group == "tokenize":
        return "ignored by `corefprep samples`, except --objective and --tok-chunk"
    return None


def add_run_options(p: argparse.ArgumentParser, stage: str = "prepare") -> None:
    """Every option of a run, from the configs that declare them (corefprep.core.options)."""
    p.add_argument("inputs", nargs="*", help="files, globs or directories (.jsonl[.gz|.zst], .parquet, .txt), "
                                             "hf://datasets/NAME[:CONFIG][@SPLIT] or s3://bucket/prefix/; none = "
                                             "the bundled sample corpus")
    g = p.add_argument_group("run")
    add_options(g, RunOptions, only=("output_dir",))
    add_options(g, FilterConfig)
    add_options(g, EngineConfig)
    add_options(g, RunOptions, skip=("output_dir",))
    add_rule_options(p)
    add_options(p.add_argument_group("personal data", "applied by the filter to the documents it keeps"), PiiConfig)
    add_options(p.add_argument_group("dedup", _ignored("dedup", stage)), DedupConfig)
    add_options(p.add_argument_group("samples", _ignored("samples", stage)), SampleConfig)
    t = p.add_argument_group("tokenize", _ignored("tokenize", stage))
    add_options(t, TokenizeConfig)
    add_options(t, MapConfig)


def options_from_args(a: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> RunOptions:
    """The run the command line describes, its planned options filled for this machine (``parser``:
    the one that parsed ``a``, by default corefprep's)."""
    _check_clm_options(a)
    _check_pii_options(a)
    refuse_url_credentials(a)
    if a.batches is not None:
        parse_batch_spec(a.batches)  # syntax now, before any input is read; the range once counted
    opts = RunOptions(
        inputs=list(a.inputs), **values_from(RunOptions, a),
        command=recorded_command(parser or build_parser(), a),
        filter=FilterConfig(**values_from(FilterConfig, a)),
        engine=EngineConfig(**values_from(EngineConfig, a)),
        rules=rules_from_args(a),
        dedup=DedupConfig(**values_from(DedupConfig, a)),
        pii=PiiConfig(**values_from(PiiConfig, a)),
        samples=SampleConfig(**values_from(SampleConfig, a)),
        tokenize=TokenizeConfig(**values_from(TokenizeConfig, a)),
        map=MapConfig(**values_from(MapConfig, a)),
    )
    return apply_plan(opts)


def recorded_command(parser: argparse.ArgumentParser, a: argparse.Namespace) -> str:
    """The command as a run records it (``work/run.json``, the store's lease, the ``run_start`` event,
    ``corefprep status``), made from what argparse parsed rather than from the words typed: each
    option under its own name however it was spelt (``--storage-options=JSON``, ``-o``), options
    left at their default omitted, the value of a secret option hidden and URLs masked
    (:mod:`corefprep.core.redact`). Quoted so that it can be run again as it is."""
    sub = _subparsers(parser).get(a.command, parser)
    positional: list[str] = []
    optional: list[str] = []
    seen: set[str] = set()
    for action in sub._actions:
        if (action.dest in seen or action.dest in (argparse.SUPPRESS, "help")
                or isinstance(action, argparse._HelpAction | argparse._VersionAction)):
            continue
        seen.add(action.dest)  # one option per destination (--keep-pronouns is --no-drop-pronouns)
        value = getattr(a, action.dest, action.default)
        if not action.option_strings:
            positional += [_recorded_value(action.dest, v) for v in _listed(value)]
        elif value != action.default:
            optional += _recorded_option(action, value)
    return " ".join(["corefprep", a.command, *positional, *optional])


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _recorded_value(dest: str, value: Any) -> str:
    if dest in SECRET_OPTIONS:
        return HIDDEN
    return shlex.quote(mask_url(str(value)))


def _recorded_option(action: argparse.Action, value: Any) -> list[str]:
    """``--name [VALUE ...]`` for an option given a value other than its default."""
    longs = [o for o in action.option_strings if o.startswith("--")] or action.option_strings
    if isinstance(action, argparse.BooleanOptionalAction):
        return [longs[0] if value else next((o for o in longs if o.startswith("--no-")), longs[0])]
    if action.nargs == 0:  # store_true, store_false, store_const: the flag is all there is
        return [longs[0]]
    return [longs[0], *(_recorded_value(action.dest, v) for v in _listed(value))]


def refuse_url_credentials(a: argparse.Namespace) -> None:
    """A URL given with credentials in it (``s3://KEY:SECRET@bucket/...``, ``?token=...``) is a usage
    error: no store corefprep reads takes them from there (s3fs takes ``KEY:SECRET@bucket`` for a
    bucket's name, and repeats it in its error), and the URL is recorded and printed in many places.
    The message names the option and the URL with the secret hidden."""
    for dest, value in sorted(vars(a).items()):
        if dest in SECRET_OPTIONS or dest in NOT_LOCATIONS:
            continue
        for v in _listed(value):
            what = url_credentials(v) if isinstance(v, str) else None
            if what is not None:
                where = {"inputs": "an input", "output_dir": "the output directory",
                         "target": "the document or run to explain"}.get(dest, f"--{dest.replace('_', '-')}")
                raise UsageError(f"{where}: {mask_url(v)}: credentials in a URL are not supported (it has {what}); "
                                 "give them with the AWS_* environment variables or ~/.aws (the store's usual "
                                 "settings), or --storage-options")


def _check_pii_options(a: argparse.Namespace) -> None:
    if getattr(a, "pii_raw_examples", False):
        mode = PiiConfig(pii=a.pii).mode(a.rules or "v2")
        if mode != "redact":
            raise UsageError(f"--pii-raw-examples applies with --pii redact (this run's --pii is {mode}: nothing is "
                             "redacted)")


def _check_clm_options(a: argparse.Namespace) -> None:
    """clm-only options with entity-mlm, or options that contradict each other, are usage errors."""
    given = [flag for flag, on in (("--eos-token", a.eos_token is not None), ("--bos-token", a.bos_token is not None),
                                   ("--keep-last", a.keep_last), ("--no-pack", not a.pack),
                                   ("--doc-boundaries", a.doc_boundaries), ("--format", a.output_format != "hf"))
             if on]
    if given and a.objective != "clm":
        raise UsageError(f"{', '.join(given)} only apply to --objective clm")
    if not a.pack and (a.keep_last or a.doc_boundaries):
        raise UsageError("--keep-last and --doc-boundaries apply to packed rows; with --no-pack each row is one "
                         "document")
    for flag, v in (("--eos-token", a.eos_token), ("--bos-token", a.bos_token)):
        if v is not None and not v:
            raise UsageError(f"{flag} needs a token (for no BOS: --bos-token none)")


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="corefprep", description="Korean web text -> trainer-ready datasets: entity-coreference samples "
                                             "for masked LMs (--objective entity-mlm) or packed causal-LM blocks "
                                             "(--objective clm)",
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
                                    "the ETA of the pending ones, where their CPU went (inside Kiwi, rule code, "
                                    "reading, ...), the run holding the directory (if any), samples, "
                                    "tokenized chunks and final outputs. Failed batches are listed; --batches lists "
                                    "others.")
    st.add_argument("output_dir", type=path_or_url, nargs="?", default=DEFAULT_OUTPUT_DIR,
                    help=f"the --output-dir of the run, a directory or a store URL (default: {DEFAULT_OUTPUT_DIR})")
    st.add_argument("--json", action="store_true",
                    help="one JSON object: the summary, totals, every batch, later stages")
    st.add_argument("--batches", metavar="SPEC", help="also list these batches, e.g. 0-9,52")
    rp = sub.add_parser("report", help="plots and a self-contained HTML page about a run",
                        formatter_class=HelpFormatter,
                        description="Write PNG plots (pass rate and speed per batch, rejection reasons, document "
                                    "lengths, entities, distances, tokens per row, timings) and one self-contained "
                                    "HTML page (images embedded) about OUTPUT_DIR; prints the page's path. Works on "
                                    "a run stopped after any stage.")
    rp.add_argument("output_dir", type=path_or_url, nargs="?", default=DEFAULT_OUTPUT_DIR,
                    help=f"the --output-dir of the run, a directory or a store URL (default: {DEFAULT_OUTPUT_DIR})")
    rp.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="where the page and plots go (default: OUTPUT_DIR/report; for a store URL, "
                         "NAME-report in the current directory)")
    dr = sub.add_parser("doctor", help="check inputs, disk and RAM, measure this machine, show the plan and "
                                       "estimated run time", formatter_class=HelpFormatter)
    dr.add_argument("inputs", nargs="*", help="the inputs a run would read (estimates need them)")
    add_options(dr, TokenizeConfig, only=("model", "seq_len", "objective"))
    add_options(dr, RunOptions, only=("output_dir",))
    add_options(dr, FilterConfig, only=("text_field",))
    dr.add_argument("--json", action="store_true", help="one JSON object")
    add_rule_options(dr)  # the estimate is for the rules the run would use (--rules llm costs differ)
    ex = sub.add_parser("explain", help="every rule on one document: measured value, threshold, verdict",
                        formatter_class=HelpFormatter,
                        description="Apply every rule to one document, in the order the filter applies them, and "
                                    "show what each measured, its threshold and its verdict (also the rules after "
                                    "the first failing one, which the filter never gets to). The document: FILE:LINE "
                                    "of an input, OUTPUT_DIR --doc-index N (a run's document, with that run's "
                                    "settings and what its batch recorded), or --text. Rule options override the "
                                    "settings.")
    ex.add_argument("target", nargs="?", help="FILE:LINE, or the OUTPUT_DIR of a run (with --doc-index)")
    ex.add_argument("--doc-index", type=int, metavar="N", help="the document's doc_index in the run OUTPUT_DIR")
    ex.add_argument("--text", help="explain this text instead of a record")
    add_options(ex, FilterConfig, only=("text_field",))
    ex.add_argument("--json", action="store_true", help="one JSON object")
    ex.add_argument("--raw", action="store_true",
                    help="show personal data as the document has it (default: redacted where the run, or the rule "
                         "set's default --pii, redacts it)")
    add_rule_options(ex)
    for sp_ in (st, rp, dr, ex):
        sp_.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
        add_options(sp_, RunOptions, only=("storage_options",))
    for sp_ in [sp, *[sub.choices[s] for s in STAGES]]:
        sp_.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _run(a: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> int:
    refuse_url_credentials(a)
    if a.storage_options:
        use_storage_options(parse_storage_options(a.storage_options))
    if a.command == "status":
        import orjson

        st = collect_status_of(a.output_dir)
        shown = parse_batch_spec(a.batches, st["num_batches"]) if a.batches else None
        if a.json:
            sys.stdout.write(orjson.dumps(st, option=orjson.OPT_INDENT_2).decode() + "\n")
        else:
            print(format_status(st, shown))
        return 0
    if a.command == "report":
        if isinstance(a.output_dir, str):  # a run on a store: read from a local copy, written here
            name = a.output_dir.rstrip("/").rsplit("/", 1)[-1]
            print(write_report(view(a.output_dir), a.out or Path(f"{name}-report")))
        else:
            print(write_report(a.output_dir, a.out))
        return 0
    if a.command == "explain":
        return _explain(a)
    if a.command == "doctor":
        opts = staged(RunOptions(inputs=list(a.inputs), output_dir=a.output_dir,
                                 filter=FilterConfig(text_field=a.text_field), rules=rules_from_args(a),
                                 tokenize=TokenizeConfig(**values_from(TokenizeConfig, a))))
        return run_doctor(opts, as_json=a.json)
    opts = options_from_args(a, parser)
    stages = STAGES if a.command == "prepare" else (a.command,)
    res = prepare(opts, stages)
    print(_done_line(res))
    _log_event(a, "run_done", documents=res.documents, passed=res.passed, samples=res.samples,
               dataset=str(res.dataset) if res.dataset else None)
    return 0


def _explain(a: argparse.Namespace) -> int:
    import orjson

    if a.target and is_url(a.target) and a.doc_index is not None:
        run: Path | None = view(a.target)  # a run on a store: a local copy of it
    else:
        run = Path(a.target) if a.target and Path(a.target).is_dir() else None
    if run is None and a.doc_index is not None:
        raise UsageError("--doc-index needs the OUTPUT_DIR of a run")
    given = rule_overrides(a)
    named = make_rules(a.rules, **given) if a.rules else None
    e = explain(target=None if run else a.target, run=run, doc_index=a.doc_index, text=a.text, rules=named,
                overrides=given, text_field=a.text_field, raw=a.raw)
    if a.json:
        sys.stdout.write(orjson.dumps(explained_json(e), option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        print(format_explained(e))
    return 0


def _done_line(res: RunResult) -> str:
    t = res.totals
    rejected, malformed = sum(t["rejected"].values()), sum(t["malformed"].values())
    line = f"done: {count(res.documents, 'document')} in {res.done}/{count(res.batches, 'batch')}, "
    if res.dedup is None:
        line += f"{res.passed:,} passed, {rejected:,} rejected, {malformed:,} malformed"
    else:  # what the filter passed is not what the outputs hold: say what deduplication took
        line += (f"{res.passed:,} passed the filter ({rejected:,} rejected, {malformed:,} malformed), "
                 f"{res.dedup.removed:,} duplicates removed, {res.dedup.kept:,} kept")
    if t.get("pii_docs"):
        line += f"; personal data in {t['pii_docs']:,} kept documents ({pii_kinds(t['pii'])})"
    if res.samples is not None:
        line += f"; {count(res.samples, res.rows_kind[:-1])}"
    if res.dataset is not None:
        line += f" -> {res.dataset}"
    return line


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
    # SIGTERM and Ctrl-C unwind the run like an error (workers stopped, finished units kept, the lock
    # and the store's lease released); whatever this process forks dies with it, however it ends.
    with stop.handlers(), stop.forks_die_with_parent():
        return _main(a, parser)


def _main(a: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        return _run(a, parser)
    except (KeyboardInterrupt, stop.Stopped) as exc:
        return _stopped(a, exc)
    except Exception as exc:
        behind = _stop_behind(exc)
        if behind is not None:
            return _stopped(a, behind)
        if isinstance(exc, BrokenPipeError) and _stdout_reader_gone():
            return 141  # `corefprep status DIR | head`: the reader has what it wanted; 128 + SIGPIPE, as the shell's
        if a.debug:
            traceback.print_exc()
        code, msg = _error_message(exc)
        msg = mask_text(msg)  # a URL with a secret that reached a library's message (never the option values)
        print(msg, file=sys.stderr)
        _log_error(a, type(exc).__name__, msg, code)
        return code


def _stopped(a: argparse.Namespace, exc: BaseException) -> int:
    """The one line, the event and the exit code of a run stopped by Ctrl-C or a signal."""
    if isinstance(exc, stop.Stopped):
        kind, code, what = "stopped", exc.exit_code, str(exc)
    else:
        kind, code, what = "interrupted", 130, "interrupted"
    msg = f"corefprep: {what}; finished batches are kept — rerun the same command to resume"
    print(msg, file=sys.stderr)
    _log_error(a, kind, msg, code)
    return code


def _stop_behind(exc: BaseException) -> BaseException | None:
    """The Ctrl-C or stop signal behind ``exc``: raised inside a C extension's call, it can come out
    as another error (Ray's wait turns it into a SystemError caused by it)."""
    seen: set[int] = set()
    e: BaseException | None = exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, KeyboardInterrupt | stop.Stopped):
            return e
        e = e.__cause__ or e.__context__
    return None


def _stdout_reader_gone() -> bool:
    """True when stdout is a pipe whose reader has closed it (the kernel flags the pipe's write end
    with an error). stdout then goes to /dev/null, so the interpreter's last flush stays quiet."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a test or a wrapper without a descriptor
        return False
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    if not any(events & select.POLLERR for _, events in poller.poll(0)):
        return False
    os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
    return True


def _error_message(exc: Exception) -> tuple[int, str]:
    """The exit code and the one line the user sees."""
    full = _enospc(exc)
    if full is not None:
        where = f" ({full.filename})" if getattr(full, "filename", None) else ""
        step = f" in {exc.step} (unit {exc.unit.key})" if isinstance(exc, UnitError) else ""
        return 1, (f"corefprep: error: no space left on the device{where}{step}; free some space and rerun the same "
                   "command — finished batches and chunks are kept")
    if isinstance(exc, UnitError) and exc.internal:
        return 1, (f"corefprep: internal error: {_one_line(exc)} (rerun with --debug for the traceback and please "
                   "report it)")
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
    try:
        with EventLog(path, output_dir=mask_url(str(a.output_dir))) as events:
            events.emit(event, command=a.command, **fields)
    except OSError:
        pass  # the log file itself is the problem; the outcome is on stdout/stderr already


if __name__ == "__main__":
    sys.exit(main())
