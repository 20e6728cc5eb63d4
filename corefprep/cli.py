"""Command line: `corefprep prepare|filter|samples|tokenize|merge|status|doctor` (SPEC section 3).

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
from .rules.v2 import DEFAULT_STOPWORDS, V2Rules
from .samples import SampleConfig
from .tokenize import BUNDLED_TOKENIZER, TokenizeConfig

STAGES = ("filter", "samples", "tokenize", "merge")


def _positive(v: str) -> int:
    try:
        n = int(v)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{v!r} is not an integer") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"{v!r} must be positive")
    return n


def add_run_options(p: argparse.ArgumentParser) -> None:
    from .options import RunOptions

    d = RunOptions()
    f = V2Rules()
    s = SampleConfig()
    p.add_argument("inputs", nargs="*", help="files, globs or directories (.jsonl[.gz|.zst], .parquet, .txt); "
                                             "none = the bundled sample corpus")
    g = p.add_argument_group("run")
    g.add_argument("--output-dir", "-o", type=Path, default=Path("prepared_datasets"),
                   help="where work/ and the final dataset go (default: ./prepared_datasets)")
    g.add_argument("--text-field", default="text", help="JSON/Parquet field holding the text (default: text)")
    g.add_argument("--batch-docs", type=_positive, default=d.batch_docs, help="documents per filter batch")
    g.add_argument("--workers", "--num-workers", type=_positive, default=d.workers,
                   help=f"filter processes (default: usable cores = {d.workers})")
    g.add_argument("--chunksize", type=_positive, default=d.chunksize,
                   help="Pool chunksize (made smaller automatically for small batches)")
    g.add_argument("--maxtasksperchild", type=_positive, default=d.maxtasksperchild)
    g.add_argument("--batches", help="recompute exactly these batches, e.g. 52-102,7")
    g.add_argument("--force", action="store_true", help="recompute everything, even under changed settings")
    g.add_argument("--break-lock", action="store_true",
                   help="take the output directory's lock even if another run (on another host) seems to hold it; "
                        "only when you know that run is dead")
    g.add_argument("--strict", action="store_true", help="a malformed record is an error instead of a counted skip")
    g.add_argument("--retries", type=int, default=d.retries, help="retries of a batch whose worker died")
    g.add_argument("--no-progress", action="store_true", help="no progress bars (summaries still print)")
    r = p.add_argument_group("filter rules (v2 defaults)")
    r.add_argument("--rules", choices=["v2"], default="v2")
    r.add_argument("--min-chars", type=int, default=f.min_chars)
    r.add_argument("--max-chars", type=int, default=f.max_chars)
    r.add_argument("--min-punct", type=int, default=f.min_punct, help="minimum count of characters in --punct-chars")
    r.add_argument("--punct-chars", default=f.punct_chars)
    r.add_argument("--min-hangul-ratio", type=float, default=f.min_hangul_ratio)
    r.add_argument("--max-symbol-ratio", type=float, default=f.max_symbol_ratio)
    r.add_argument("--min-nnp-share", type=float, default=f.min_nnp_share)
    r.add_argument("--max-nnp-share", type=float, default=f.max_nnp_share)
    r.add_argument("--keep-pronouns", action="store_true", help="do not drop documents containing NP tokens")
    r.add_argument("--min-entity-chars", type=int, default=f.min_entity_chars)
    r.add_argument("--min-entity-count", type=int, default=f.min_entity_count)
    r.add_argument("--entity-stopwords", default=",".join(DEFAULT_STOPWORDS),
                   help="comma-separated NNP forms never used as entities")
    r.add_argument("--early-exit-chars", type=int, default=f.early_exit_chars,
                   help="analyse in pieces of this many chars and stop at the first pronoun (0 = whole docs); "
                        "speed only, decisions are unchanged")
    sm = p.add_argument_group("samples")
    sm.add_argument("--max-entity-freq", type=_positive, default=s.max_entity_freq)
    sm.add_argument("--min-distance", type=int, default=s.min_distance)
    sm.add_argument("--max-distance", type=int, default=s.max_distance)
    sm.add_argument("--max-samples", type=_positive, default=None, help="stop after this many samples")
    t = p.add_argument_group("tokenize")
    t.add_argument("--model", default=str(BUNDLED_TOKENIZER),
                   help="fast tokenizer: local directory or hub name (default: the bundled Korean WordPiece)")
    t.add_argument("--seq-len", type=_positive, default=2048)
    t.add_argument("--objective", choices=["entity-mlm", "clm"], default="entity-mlm")
    t.add_argument("--mask-style", choices=["all", "single"], default="all",
                   help="all: every subword of the mention masked; single: one mask token (today's layout)")
    t.add_argument("--pad-to-max-length", action="store_true", help="fixed-length rows (today's layout)")
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
    t.add_argument("--tok-chunk", "--token-chunk-size", type=_positive, default=d.tok_chunk,
                   help="samples per tokenized chunk")
    t.add_argument("--num-proc", type=_positive, default=d.num_proc, help="datasets.map processes "
                   "(env DATASET_NUM_PROC)")
    t.add_argument("--map-batch-size", "--tokenizer-batch-size", type=_positive, default=d.map_batch_size,
                   help="datasets.map batch size (env DATASET_BATCH_SIZE)")
    t.add_argument("--writer-batch-size", type=_positive, default=d.writer_batch_size,
                   help="env DATASET_WRITER_BATCH_SIZE")


def options_from_args(a: argparse.Namespace) -> Any:
    from .options import RunOptions

    if a.min_chars > a.max_chars:
        raise UsageError(f"--min-chars {a.min_chars} is larger than --max-chars {a.max_chars}")
    if a.min_nnp_share > a.max_nnp_share:
        raise UsageError("--min-nnp-share is larger than --max-nnp-share")
    _check_clm_options(a)
    if a.batches is not None:
        from .batches import parse_batch_spec

        parse_batch_spec(a.batches)  # syntax now, before any input is read; the range once counted
    fcfg = V2Rules(
        min_chars=a.min_chars, max_chars=a.max_chars, min_punct=a.min_punct, punct_chars=a.punct_chars,
        min_hangul_ratio=a.min_hangul_ratio, max_symbol_ratio=a.max_symbol_ratio,
        min_nnp_share=a.min_nnp_share, max_nnp_share=a.max_nnp_share, drop_pronouns=not a.keep_pronouns,
        min_entity_chars=a.min_entity_chars, min_entity_count=a.min_entity_count,
        entity_stopwords=tuple(w for w in a.entity_stopwords.split(",") if w), early_exit_chars=a.early_exit_chars,
    )
    return RunOptions(
        inputs=list(a.inputs), output_dir=a.output_dir, text_field=a.text_field, batch_docs=a.batch_docs,
        workers=a.workers, chunksize=a.chunksize, maxtasksperchild=a.maxtasksperchild, strict=a.strict,
        force=a.force, break_lock=a.break_lock, batches=a.batches, retries=max(0, a.retries), filter=fcfg,
        samples=SampleConfig(max_entity_freq=a.max_entity_freq, min_distance=a.min_distance,
                             max_distance=a.max_distance),
        tokenize=TokenizeConfig(model=a.model, seq_len=a.seq_len, objective=a.objective, mask_style=a.mask_style,
                                pad_to_max_length=a.pad_to_max_length, eos_token=a.eos_token,
                                bos_token=a.bos_token, keep_last=a.keep_last, pack=not a.no_pack,
                                doc_boundaries=a.doc_boundaries, output_format=a.output_format),
        tok_chunk=a.tok_chunk, num_proc=a.num_proc, map_batch_size=a.map_batch_size,
        writer_batch_size=a.writer_batch_size, progress=not a.no_progress,
        max_samples=a.max_samples,
    )


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

    p = argparse.ArgumentParser(prog="corefprep", description="Korean web text -> entity-coreference datasets")
    p.add_argument("--version", action="version", version=f"corefprep {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sp = sub.add_parser("prepare", help="full run: filter, samples, tokenize, merge")
    add_run_options(sp)
    for stage in STAGES:
        add_run_options(sub.add_parser(stage, help=f"run only the {stage} stage"))
    st = sub.add_parser("status", help="batches done / pending / failed, counts, docs/s")
    st.add_argument("output_dir", type=Path, nargs="?", default=Path("prepared_datasets"))
    st.add_argument("--json", action="store_true", help="one JSON object (totals and batches)")
    dr = sub.add_parser("doctor", help="check this machine and suggest settings")
    dr.add_argument("--model", default=str(BUNDLED_TOKENIZER))
    dr.add_argument("--output-dir", type=Path, default=Path("prepared_datasets"))
    for sp_ in (st, dr):
        sp_.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    for sp_ in [sp, *[sub.choices[s] for s in STAGES]]:
        sp_.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _run(a: argparse.Namespace) -> int:
    if a.command == "status":
        import orjson

        from .status import collect_status, format_status

        st = collect_status(a.output_dir)
        if a.json:
            sys.stdout.write(orjson.dumps(st, option=orjson.OPT_INDENT_2).decode() + "\n")
        else:
            print(format_status(st))
        return 0
    if a.command == "doctor":
        from .doctor import run_doctor

        return run_doctor(a.model, a.output_dir)
    from .pipeline import prepare

    opts = options_from_args(a)
    stages = STAGES if a.command == "prepare" else (a.command,)
    res = prepare(opts, stages)
    rej = sum(res.get("rejected", {}).values())
    mal = sum(res.get("malformed", {}).values())
    line = (f"done: {res['documents']:,} documents in {res['done']}/{res['batches']} batches, {res['passed']:,} "
            f"passed, {rej:,} rejected, {mal:,} malformed")
    if "samples" in res:
        line += f"; {res['samples']:,} samples"
    if "dataset" in res:
        line += f" -> {res['dataset']}"
    print(line)
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
        print("corefprep: interrupted; finished batches are kept — rerun the same command to resume",
              file=sys.stderr)
        return 130
    except Exception as exc:
        if a.debug:
            traceback.print_exc()
        full = _enospc(exc)
        if full is not None:
            where = f" ({full.filename})" if getattr(full, "filename", None) else ""
            print(f"corefprep: error: no space left on the device{where}; free some space and rerun the same "
                  "command — finished batches and chunks are kept", file=sys.stderr)
            return 1
        if isinstance(exc, CorefprepError):
            print(f"corefprep: error: {_one_line(exc)}", file=sys.stderr)
            return exc.exit_code
        if isinstance(exc, OSError):
            where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
            print(f"corefprep: error: {_one_line(exc.strerror or exc)}{where}; rerun the same command after "
                  "fixing it (--debug shows the traceback)", file=sys.stderr)
            return 1
        # a bug: still one line unless --debug
        print(f"corefprep: internal error: {type(exc).__name__}: {_one_line(exc)} (rerun with --debug for the "
              "traceback and please report it)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
