#!/usr/bin/env python3
"""Behaviour check between two source trees of corefprep: same corpus, same arguments, same outputs.

A refactor that claims "behaviour unchanged" has to produce the very same data. This script runs the
real ``python -m corefprep prepare`` CLI of an old commit (the *base*) and of the current checkout (the
*new* tree) on one corpus with one set of arguments, then compares what both wrote:

* every filter batch ``work/filter/batch_*.parquet``: same file names, same bytes (sha256); when the
  bytes differ, the tables are compared too (``pyarrow.Table.equals``) to tell an encoding change from
  a content change;
* every final dataset (a subdirectory of the output with a ``_COMPLETE`` marker), paired across the
  trees by ``metadata.json`` ``dataset_type`` + ``seq_len`` since a refactor may rename it (e.g.
  ``clm_v2_2048`` -> ``clm_llm_2048``): read back with ``datasets.load_from_disk``, same columns,
  features and row count, and a sha256 per column over every row in order. Whether the Arrow shard
  files are also byte-identical is reported as information;
* the Megatron ``*_text_document.bin`` / ``.idx`` pairs: same bytes.

``metadata.json`` legitimately differs (timings, created_at, output names): its remaining differences
are printed for information only, with timings, created_at, corefprep_version and the tree/output
directory prefixes of path values left out.

Two configurations, each run once per tree into its own output directory:

* ``v2``:  ``prepare CORPUS -o OUT --batch-docs 500 --workers 2 --no-progress`` (entity-mlm, rules v2)
* ``llm``: ``prepare CORPUS -o OUT --rules llm --objective clm --batch-docs 500 --workers 2 --no-progress
  --seq-len 2048 --format both``

Each tree runs with the interpreter running this script, ``PYTHONPATH=<tree>`` (which takes precedence
over the editable install) and an empty working directory; before each run the script prints which
``corefprep/__init__.py`` that environment imports and stops if it is not the expected tree's.

Usage (from the repository root)::

    python benchmarks/compare_commits.py --base f9cec2c                  # base as a temporary git worktree
    python benchmarks/compare_commits.py --base f9cec2c --base-tree ../old --configs llm
    python benchmarks/compare_commits.py --base f9cec2c --keep /tmp/cmp --extra="--max-samples 50"

The corpus defaults to ``$COREFPREP_SHARED/corpus/dev`` or ``<repo>/../shared/corpus/dev``. The last line
is ``compare: IDENTICAL`` (exit 0) or ``compare: DIFFERENT (reasons)`` (exit 1, also when a run fails);
a setup problem (no corpus, unknown commit, wrong tree imported) is one line on stderr with exit 2.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

CONFIGS: dict[str, list[str]] = {
    "v2": ["--batch-docs", "500", "--workers", "2", "--no-progress"],
    "llm": ["--rules", "llm", "--objective", "clm", "--batch-docs", "500", "--workers", "2", "--no-progress",
            "--seq-len", "2048", "--format", "both"],
}

# Rows hashed per step. Fixed windows (rather than the shards' own record batches) make the digest a
# function of the rows alone, so two datasets with the same rows split into shards differently still
# compare equal, and memory stays bounded by one window whatever the dataset size.
HASH_WINDOW_ROWS = 512

# metadata.json keys that differ from run to run by design; any dotted path containing one is skipped.
VOLATILE_METADATA_KEYS = {"timings", "created_at", "corefprep_version"}

MAX_METADATA_LINES = 25
STDERR_TAIL_LINES = 25
BATCH_ROWS_IN_FULL = 24


class SetupError(Exception):
    """Arguments or machine not usable: reported as one line with exit code 2."""


# --- small helpers -----------------------------------------------------------------------------------


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def short(digest: str | None) -> str:
    return digest[:12] if digest else "-"


def clip(text: str, width: int = 56) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def git(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)


def fmt_seconds(s: float) -> str:
    return f"{s:.1f} s" if s < 120 else f"{s / 60:.1f} min"


def locate_corpus(explicit: str | None) -> Path:
    if explicit is not None:
        cands = [Path(explicit)]
    else:
        env = os.environ.get("COREFPREP_SHARED")
        cands = ([Path(env) / "corpus" / "dev"] if env else []) + [REPO.parent / "shared" / "corpus" / "dev"]
    for c in cands:
        if c.is_dir():
            return c.resolve()
    raise SetupError(f"corpus not found (looked in {', '.join(str(c) for c in cands)}); "
                     "pass --corpus DIR or set COREFPREP_SHARED")


# --- trees ---------------------------------------------------------------------------------------------


@dataclass
class Tree:
    side: str  # "base" or "new"
    path: Path
    commit: str
    status: str  # "clean", "uncommitted changes: N paths" or "not a git checkout"


def inspect_tree(side: str, path: Path) -> Tree:
    if not (path / "corefprep" / "__init__.py").is_file():
        raise SetupError(f"{side} tree {path} has no corefprep/__init__.py")
    head = git(path, "rev-parse", "HEAD")
    if head.returncode != 0:
        return Tree(side, path, "(no commit)", "not a git checkout")
    # Untracked files count too: a new module the refactor forgot to add changes what gets imported.
    changes = [ln for ln in git(path, "status", "--porcelain").stdout.splitlines() if ln.strip()]
    status = f"uncommitted changes: {len(changes)} paths" if changes else "clean"
    return Tree(side, path, head.stdout.strip(), status)


def resolve_commit(repo: Path, rev: str) -> str:
    r = git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if r.returncode != 0:
        raise SetupError(f"{rev!r} is not a commit of {repo}")
    return r.stdout.strip()


def add_worktree(repo: Path, commit: str, dest: Path) -> None:
    r = git(repo, "worktree", "add", "--detach", str(dest), commit)
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]
        raise SetupError(f"git worktree add --detach {dest} {commit} failed: {last}")


def remove_worktree(repo: Path, dest: Path) -> None:
    r = git(repo, "worktree", "remove", "--force", str(dest))
    if r.returncode != 0 and dest.exists():
        # Half-created worktrees (interrupted checkout) can refuse removal: drop the files, then let git
        # forget the registration, so `git worktree list` is back to what it was.
        shutil.rmtree(dest, ignore_errors=True)
    git(repo, "worktree", "prune")


# --- running the CLI -----------------------------------------------------------------------------------

IMPORT_PROBE = """\
import importlib.util
spec = importlib.util.find_spec("corefprep")
print(spec.origin if spec else "")
try:
    import corefprep
    print(corefprep.__file__)
except Exception as e:  # the location is what is checked; the run itself will show the failure
    print("import failed: %s: %s" % (type(e).__name__, e))
"""


def child_env(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    # Neither tree (one may be a colleague's checkout) gets __pycache__ written into it. Not
    # PYTHONPYCACHEPREFIX: that also hides site-packages' own .pyc files, and every import of
    # datasets/transformers in every worker would compile from source (seconds per run).
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["HF_HUB_OFFLINE"] = "1"
    env["HF_DATASETS_OFFLINE"] = "1"
    env["TOKENIZERS_PARALLELISM"] = "false"
    return env


def check_import(tree: Tree, env: dict[str, str], cwd: Path) -> None:
    """Print which corefprep the run's exact environment imports; stop unless it is the tree's own."""
    try:
        r = subprocess.run([sys.executable, "-c", IMPORT_PROBE], env=env, cwd=cwd, capture_output=True, text=True,
                           timeout=120)
    except subprocess.TimeoutExpired as e:
        raise SetupError(f"{tree.side}: importing corefprep took over 120 s") from e
    lines = r.stdout.splitlines()
    origin = lines[0] if lines else ""
    expected = (tree.path / "corefprep" / "__init__.py").resolve()
    print(f"  {tree.side} imports {origin or '(nothing)'}", flush=True)
    if not origin or Path(origin).resolve() != expected:
        raise SetupError(f"{tree.side} run would import {origin or 'no corefprep'} instead of {expected}; "
                         "refusing to compare the wrong code")
    if len(lines) > 1 and lines[1].startswith("import failed"):
        print(f"  {tree.side}: {lines[1]}", flush=True)


@dataclass
class Run:
    side: str
    out: Path
    returncode: int | None  # None: killed at the timeout
    seconds: float
    stderr_tail: list[str]
    last_line: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def state(self) -> str:
        if self.returncode is None:
            return f"TIMEOUT after {fmt_seconds(self.seconds)}"
        if self.ok:
            return f"ok, {fmt_seconds(self.seconds)}"
        return f"FAILED (exit {self.returncode} after {fmt_seconds(self.seconds)})"


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop the CLI and its filter workers (same process group), politely first."""
    for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


def tail(path: Path, n: int) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()[-n:]
    except OSError:
        return []


def run_cli(tree: Tree, corpus: Path, options: list[str], run_dir: Path, timeout: float) -> Run:
    run_dir.mkdir(parents=True, exist_ok=True)
    out = run_dir / "out"
    # The cwd must hold no corefprep/ directory: `python -m` puts it ahead of PYTHONPATH on sys.path.
    cwd = run_dir / "cwd"
    cwd.mkdir(exist_ok=True)
    env = child_env(tree.path)
    check_import(tree, env, cwd)
    cmd = [sys.executable, "-m", "corefprep", "prepare", str(corpus), "-o", str(out), *options]
    stdout_log, stderr_log = run_dir / "stdout.log", run_dir / "stderr.log"
    print(f"  {tree.side} running ... (logs: {stderr_log})", flush=True)
    returncode: int | None
    with stdout_log.open("wb") as so, stderr_log.open("wb") as se:
        t0 = time.monotonic()
        # A session of its own: a terminal Ctrl-C reaches only this script, which then stops the whole
        # group itself (workers included) instead of leaving orphans writing into the output.
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=so, stderr=se, stdin=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            returncode = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            returncode = None
        except BaseException:
            kill_group(proc)
            raise
        seconds = time.monotonic() - t0
    err_tail = tail(stderr_log, STDERR_TAIL_LINES) or tail(stdout_log, STDERR_TAIL_LINES)
    # The CLI's closing summary ("done: ...") is on stdout, its progress on stderr.
    last = next((ln for ln in reversed(tail(stdout_log, 5) + err_tail) if ln.strip()), "")
    run = Run(tree.side, out, returncode, seconds, err_tail, last)
    print(f"  {tree.side} {run.state()}" + (f": {last}" if run.ok and last else ""), flush=True)
    if not run.ok:
        print(f"  --- {tree.side} stderr (last {len(err_tail)} lines) ---")
        for ln in err_tail:
            print(f"  | {ln}")
        print("  ---", flush=True)
    return run


# --- the comparison table ------------------------------------------------------------------------------


@dataclass
class Report:
    config: str
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, item: str, base: str, new: str, same: bool | None, *, info: bool = False,
            why_not: str | None = None, verdict: str | None = None, summarized: bool = False) -> None:
        """One table row. ``same`` None: nothing to compare; ``info``: shown, not part of the verdict;
        ``summarized``: part of the verdict, but the caller states one reason for a group of rows."""
        if verdict is None:
            verdict = "-" if same is None else ("yes" if same else "no")
            if info and same is not None:
                verdict += " (info)"
        self.rows.append((item, clip(base), clip(new), verdict))
        if same is False and not info and not summarized:
            self.reasons.append(f"{self.config}: {why_not or item.strip() + ' differs'}")

    def print(self) -> None:
        header = ("item", "base", "new", "identical")
        widths = [max(len(r[i]) for r in [header, *self.rows]) for i in range(4)]

        def fmt(cells: tuple[str, ...]) -> str:
            return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

        print(fmt(header))
        print("  ".join("-" * w for w in widths))
        for r in self.rows:
            print(fmt(r))


# --- filter batches ------------------------------------------------------------------------------------


def compare_batches(report: Report, base_out: Path, new_out: Path) -> None:
    import pyarrow.parquet as pq

    def listing(out: Path) -> dict[str, Path]:
        return {p.name: p for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}

    a, b = listing(base_out), listing(new_out)
    names = sorted(set(a) | set(b))
    same_names = set(a) == set(b)
    report.add("filter batches (files)", str(len(a)), str(len(b)), same_names,
               why_not=f"filter batch file names differ ({len(set(a) ^ set(b))} not in both)")
    in_full = len(names) <= BATCH_ROWS_IN_FULL
    identical = 0
    details: list[str] = []
    for name in names:
        if name not in a or name not in b:
            report.add(f"  {name}", "present" if name in a else "missing", "present" if name in b else "missing",
                       None)
            continue
        ha, hb = sha256_file(a[name]), sha256_file(b[name])
        if ha == hb:
            identical += 1
            if in_full:
                report.add(f"  {name}", short(ha), short(hb), True)
            continue
        try:
            tables_equal = pq.read_table(a[name]).equals(pq.read_table(b[name]), check_metadata=True)
            detail = "tables equal, bytes differ" if tables_equal else "tables differ"
        except Exception as e:  # a batch pyarrow cannot read is a finding, not a crash
            detail = f"unreadable: {type(e).__name__}"
        details.append(detail)
        report.add(f"  {name}", short(ha), short(hb), False, verdict=f"no ({detail})", summarized=True)
    both = len(set(a) & set(b))
    if not in_full:
        report.add(f"  ({identical} of {both} batches byte-identical, only the others listed)", "", "",
                   identical == both, summarized=True)
    if details:
        kinds = ", ".join(f"{details.count(d)} {d}" for d in sorted(set(details)))
        report.reasons.append(f"{report.config}: {len(details)} of {both} filter batches differ ({kinds})")


# --- final datasets ------------------------------------------------------------------------------------


def _feed_array(h: Any, arr: Any) -> None:
    """Hash one column slice by value, independently of how Arrow lays it out in memory (slice offsets,
    chunking, bytes under null slots), so equal rows always give equal digests."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    t = arr.type
    if pa.types.is_dictionary(t):
        _feed_array(h, arr.dictionary_decode())
        return
    h.update(len(arr).to_bytes(8, "little"))
    if arr.null_count:
        h.update(b"N" + np.packbits(arr.is_valid().to_numpy(zero_copy_only=False)).tobytes())
        arr = arr.filter(arr.is_valid())
    else:
        h.update(b"V")
    if pa.types.is_null(t):
        return
    if pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_boolean(t) or pa.types.is_temporal(t):
        h.update(np.ascontiguousarray(arr.to_numpy(zero_copy_only=False)).tobytes())
    elif pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_binary(t) \
            or pa.types.is_large_binary(t):
        lengths = pc.binary_length(arr).to_numpy(zero_copy_only=False).astype("<i8")
        h.update(lengths.tobytes())
        for v in arr.to_pylist():
            h.update(v.encode("utf-8") if isinstance(v, str) else v)
    elif pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t) or pa.types.is_map(t):
        lengths = pc.list_value_length(arr).to_numpy(zero_copy_only=False).astype("<i8")
        h.update(lengths.tobytes())
        _feed_array(h, arr.flatten())
    elif pa.types.is_struct(t):
        for child in arr.flatten():
            _feed_array(h, child)
    else:
        # Rare types (decimal, extension, ...): slower but still exact.
        h.update(repr(arr.to_pylist()).encode("utf-8"))


@dataclass
class DatasetDigest:
    path: Path
    columns: list[str]
    features: Any
    features_digest: str
    num_rows: int
    column_digests: dict[str, str]
    all_digest: str
    shards: list[tuple[str, str]]  # (file name, sha256) in the order load_from_disk reads them


def digest_dataset(path: Path) -> DatasetDigest:
    import datasets

    ds = datasets.load_from_disk(str(path))
    columns = list(ds.column_names)
    hashers = {c: hashlib.sha256() for c in columns}
    # with_format("arrow").iter reads zero-copy slices of the memory-mapped shards and honours an
    # indices mapping, if a dataset ever had one, so this sees the rows exactly as a trainer would.
    for window in ds.with_format("arrow").iter(batch_size=HASH_WINDOW_ROWS):
        for c in columns:
            _feed_array(hashers[c], window.column(c))
    column_digests = {c: h.hexdigest() for c, h in hashers.items()}
    everything = hashlib.sha256()
    for c in columns:
        everything.update(c.encode("utf-8") + b"\0" + column_digests[c].encode("ascii"))
    features_json = json.dumps(ds.features.to_dict(), sort_keys=True, default=str)
    shard_files = [Path(f["filename"]) for f in ds.cache_files] or sorted(path.glob("data-*.arrow"))
    shards = [(f.name, sha256_file(f)) for f in shard_files]
    return DatasetDigest(path, columns, ds.features, hashlib.sha256(features_json.encode()).hexdigest(),
                         ds.num_rows, column_digests, everything.hexdigest(), shards)


def shard_difference(a: Path, b: Path) -> str:
    """Why two Arrow shards with equal rows differ in bytes. datasets stores the dataset fingerprint in
    the schema metadata, and a fingerprint that falls back to a random one changes from run to run."""
    import pyarrow as pa

    def schema(path: Path) -> Any:
        with pa.memory_map(str(path)) as src:
            try:
                return pa.ipc.open_stream(src).schema
            except pa.ArrowInvalid:
                return pa.ipc.open_file(src).schema

    try:
        sa, sb = schema(a), schema(b)
    except (OSError, pa.ArrowException) as e:
        return f"unreadable: {type(e).__name__}"
    if not sa.equals(sb, check_metadata=False):
        return "Arrow schemas differ"
    ma, mb = sa.metadata or {}, sb.metadata or {}
    if ma == mb:
        return "same schema and metadata, record batches differ"
    keys = []
    for k in sorted(set(ma) | set(mb)):
        if ma.get(k) == mb.get(k):
            continue
        try:
            ja, jb = json.loads(ma.get(k, b"{}")), json.loads(mb.get(k, b"{}"))
            keys += [f"{k.decode()}.{j}" for j in sorted(set(ja) | set(jb)) if ja.get(j) != jb.get(j)]
        except (ValueError, AttributeError):
            keys.append(k.decode(errors="replace"))
    return "schema metadata " + ", ".join(keys)


def read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def find_datasets(out: Path) -> dict[tuple[str, str], list[Path]]:
    found: dict[tuple[str, str], list[Path]] = {}
    if not out.is_dir():
        return found
    for d in sorted(out.iterdir()):
        if d.is_dir() and d.name != "work" and (d / "_COMPLETE").is_file():
            meta = read_json(d / "metadata.json")
            key = (str(meta.get("dataset_type", "?")), str(meta.get("seq_len", "?")))
            found.setdefault(key, []).append(d)
    return found


def pair_up(a: dict[Any, list[Path]], b: dict[Any, list[Path]]) -> list[tuple[Any, Path | None, Path | None]]:
    """Pairs per key; several per key are matched by name first, then in name order."""
    pairs: list[tuple[Any, Path | None, Path | None]] = []
    for key in sorted(set(a) | set(b), key=str):
        left, right = list(a.get(key, [])), list(b.get(key, []))
        for p in list(left):
            q = next((q for q in right if q.name == p.name), None)
            if q is not None:
                pairs.append((key, p, q))
                left.remove(p)
                right.remove(q)
        while left or right:
            pairs.append((key, left.pop(0) if left else None, right.pop(0) if right else None))
    return pairs


def compare_datasets(report: Report, base_out: Path, new_out: Path) -> list[tuple[Path, Path]]:
    """Rows for every final dataset; returns the (base, new) metadata.json pairs for the info diff."""
    pairs = pair_up(find_datasets(base_out), find_datasets(new_out))
    if not pairs:
        report.add("final datasets", "none", "none", True)
    metas: list[tuple[Path, Path]] = []
    for (dtype, seq_len), pa_, pb in pairs:
        label = f"dataset {dtype} seq_len={seq_len}"
        if pa_ is None or pb is None:
            report.add(label, pa_.name if pa_ else "missing", pb.name if pb else "missing", False,
                       why_not=f"{label} only in {'base' if pa_ else 'new'}")
            continue
        report.add(label, pa_.name, pb.name, None)
        metas.append((pa_ / "metadata.json", pb / "metadata.json"))
        try:
            da, db = digest_dataset(pa_), digest_dataset(pb)
        except Exception as e:  # a dataset datasets cannot read is a finding, not a crash
            report.add("  load_from_disk", "", f"{type(e).__name__}: {e}"[:80], False,
                       why_not=f"{label}: load_from_disk failed ({type(e).__name__})")
            continue
        names = pa_.name if pa_.name == pb.name else f"{pa_.name} vs {pb.name}"
        problems = []
        if da.columns != db.columns:
            problems.append("columns differ")
        if da.features != db.features:
            problems.append("features differ")
        if da.num_rows != db.num_rows:
            problems.append(f"{da.num_rows:,} vs {db.num_rows:,} rows")
        changed = [c for c in set(da.columns) | set(db.columns) if da.column_digests.get(c) != db.column_digests.get(c)]
        if changed:
            problems.append(f"content of {len(changed)} of {len(set(da.columns) | set(db.columns))} columns differs")
        if problems:
            report.reasons.append(f"{report.config}: {label} ({names}): {', '.join(problems)}")
        report.add("  columns", f"{len(da.columns)} columns", f"{len(db.columns)} columns", da.columns == db.columns,
                   summarized=True)
        if da.columns != db.columns:
            report.notes.append(f"{label} columns, base: {da.columns}")
            report.notes.append(f"{label} columns, new:  {db.columns}")
        report.add("  features", short(da.features_digest), short(db.features_digest), da.features == db.features,
                   summarized=True)
        if da.features != db.features:
            report.notes.append(f"{label} features, base: {da.features}")
            report.notes.append(f"{label} features, new:  {db.features}")
        report.add("  rows", f"{da.num_rows:,}", f"{db.num_rows:,}", da.num_rows == db.num_rows, summarized=True)
        for c in sorted(set(da.columns) | set(db.columns), key=lambda c: (c not in da.columns, c)):
            ca, cb = da.column_digests.get(c), db.column_digests.get(c)
            report.add(f"  content {c}", short(ca), short(cb), ca == cb if ca and cb else False, summarized=True)
        report.add("  content (all columns, in order)", short(da.all_digest), short(db.all_digest),
                   da.all_digest == db.all_digest, summarized=True)
        n = max(len(da.shards), len(db.shards))
        for i in range(n):
            sa = da.shards[i] if i < len(da.shards) else None
            sb = db.shards[i] if i < len(db.shards) else None
            name = sa[0] if sa else sb[0] if sb else "?"
            if sa and sb and sa[0] != sb[0]:
                name = f"{sa[0]} / {sb[0]}"
            same = bool(sa and sb and sa[1] == sb[1])
            verdict = None
            if sa and sb and not same:
                verdict = f"no (info: {shard_difference(da.path / sa[0], db.path / sb[0])})"
            report.add(f"  arrow shard {name}", short(sa[1]) if sa else "missing", short(sb[1]) if sb else "missing",
                       same, info=True, verdict=verdict)
    return metas


# --- Megatron ------------------------------------------------------------------------------------------


def find_megatron(out: Path) -> dict[str, list[Path]]:
    """Prefixes (OUT/<name>_text_document) of the .bin/.idx pairs, all under one key: names may differ."""
    if not out.is_dir():
        return {}
    prefixes = {p.with_suffix("") for p in out.glob("*_text_document.bin")}
    prefixes |= {p.with_suffix("") for p in out.glob("*_text_document.idx")}
    return {"megatron": sorted(prefixes)} if prefixes else {}


def compare_megatron(report: Report, base_out: Path, new_out: Path) -> list[tuple[Path, Path]]:
    metas: list[tuple[Path, Path]] = []
    for _, pa_, pb in pair_up(find_megatron(base_out), find_megatron(new_out)):
        if pa_ is None or pb is None:
            lone = pa_ or pb
            side = "base" if pa_ else "new"
            report.add("megatron", pa_.name if pa_ else "missing", pb.name if pb else "missing", False,
                       why_not=f"megatron {lone.name if lone else '?'} only in {side}")
            continue
        for ext in (".bin", ".idx"):
            fa, fb = pa_.with_name(pa_.name + ext), pb.with_name(pb.name + ext)
            ha = sha256_file(fa) if fa.is_file() else None
            hb = sha256_file(fb) if fb.is_file() else None
            report.add(f"megatron {ext}", f"{fa.name} {short(ha)}", f"{fb.name} {short(hb)}",
                       ha is not None and ha == hb, why_not=f"megatron {fa.name} vs {fb.name}: bytes differ")
        metas.append((pa_.with_name(pa_.name + ".metadata.json"), pb.with_name(pb.name + ".metadata.json")))
    return metas


# --- metadata.json, information only -------------------------------------------------------------------


def flatten(obj: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(obj, dict) and obj:
        flat: dict[str, Any] = {}
        for k, v in obj.items():
            flat.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return flat
    return {prefix: obj}


def strip_roots(value: Any, roots: list[tuple[str, str]]) -> Any:
    """Replace the tree and output directory prefixes in path values, which differ between runs by
    construction; what is left of a path (a renamed output, say) still shows up in the diff."""
    if isinstance(value, str):
        for root, placeholder in roots:
            value = value.replace(root, placeholder)
        return value
    if isinstance(value, list):
        return [strip_roots(v, roots) for v in value]
    return value


def roots_for(tree: Path, out: Path) -> list[tuple[str, str]]:
    pairs = {(str(out), "<out>"), (str(out.resolve()), "<out>"), (str(tree), "<tree>"),
             (str(tree.resolve()), "<tree>")}
    # Longest first: the output directory may sit inside the tree's scratch area.
    return sorted(pairs, key=lambda p: -len(p[0]))


def metadata_diff(a: Path, b: Path, roots_a: list[tuple[str, str]], roots_b: list[tuple[str, str]]) -> list[str]:
    if not a.is_file() or not b.is_file():
        return [f"{a.name if a.is_file() else 'missing'} vs {b.name if b.is_file() else 'missing'}"]

    def load(path: Path, roots: list[tuple[str, str]]) -> dict[str, Any]:
        return {k: strip_roots(v, roots) for k, v in flatten(read_json(path)).items()
                if not VOLATILE_METADATA_KEYS.intersection(k.split("."))}

    fa, fb = load(a, roots_a), load(b, roots_b)

    def show(v: Any) -> str:
        s = json.dumps(v, ensure_ascii=False, default=str)
        return s if len(s) <= 70 else s[:67] + "..."

    lines = []
    for k in sorted(set(fa) | set(fb)):
        if k not in fb:
            lines.append(f"only in base: {k} = {show(fa[k])}")
        elif k not in fa:
            lines.append(f"only in new:  {k} = {show(fb[k])}")
        elif fa[k] != fb[k]:
            lines.append(f"{k}: {show(fa[k])} -> {show(fb[k])}")
    return lines


def where(meta: Path) -> str:
    """A metadata file named so it can be told apart: DATASET/metadata.json or PREFIX.metadata.json."""
    return f"{meta.parent.name}/{meta.name}" if meta.name == "metadata.json" else meta.name


# --- one configuration ---------------------------------------------------------------------------------


@dataclass
class ConfigResult:
    name: str
    runs: list[Run]
    report: Report


def run_config(name: str, base: Tree, new: Tree, corpus: Path, extra: list[str], out_root: Path,
               timeout: float) -> ConfigResult:
    options = [*CONFIGS[name], *extra]
    print(f"\n=== {name}: corefprep prepare {shlex.quote(str(corpus))} -o OUT {shlex.join(options)}", flush=True)
    report = Report(name)
    runs: list[Run] = []
    for tree in (base, new):
        run = run_cli(tree, corpus, options, out_root / name / tree.side, timeout)
        runs.append(run)
        if not run.ok:
            break  # without a base output there is nothing to hold the new tree's against
    state = {r.side: r.state() for r in runs}
    report.add("run", state.get("base", "not run"), state.get("new", "not run (base failed)"), None)
    failed = [r for r in runs if not r.ok]
    if failed or len(runs) < 2:
        for r in failed:
            report.reasons.append(f"{name}: {r.side} run {r.state().lower()}")
        return ConfigResult(name, runs, report)
    base_out, new_out = runs[0].out, runs[1].out
    compare_batches(report, base_out, new_out)
    metas = compare_datasets(report, base_out, new_out)
    metas += compare_megatron(report, base_out, new_out)
    roots_a, roots_b = roots_for(base.path, base_out), roots_for(new.path, new_out)
    for ma, mb in metas:
        diff = metadata_diff(ma, mb, roots_a, roots_b)
        title = where(ma) if where(ma) == where(mb) else f"{where(ma)} vs {where(mb)}"
        if not diff:
            report.notes.append(f"{title}: no differences besides timings, created_at, version and path roots")
            continue
        report.notes.append(f"{title} (information only, {len(diff)} differences):")
        report.notes.extend(f"    {ln}" for ln in diff[:MAX_METADATA_LINES])
        if len(diff) > MAX_METADATA_LINES:
            report.notes.append(f"    ... and {len(diff) - MAX_METADATA_LINES} more")
    return ConfigResult(name, runs, report)


# --- main ----------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", help="old commit (any git revision); required unless --base-tree is given")
    ap.add_argument("--base-tree", type=Path, help="existing checkout of the base commit (no worktree is made)")
    ap.add_argument("--new-tree", type=Path, default=REPO, help="tree under test (default: this repository)")
    ap.add_argument("--corpus", help="input directory (default: $COREFPREP_SHARED/corpus/dev or "
                                     "<repo>/../shared/corpus/dev)")
    ap.add_argument("--configs", default="v2,llm", help=f"comma list of {', '.join(CONFIGS)} (default: all)")
    ap.add_argument("--extra", default="", help='more prepare arguments for every run, e.g. --extra="--force"')
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per CLI run (default: 1800)")
    ap.add_argument("--work-dir", type=Path, help="parent of the scratch directory (default: the system temp dir)")
    ap.add_argument("--keep", type=Path, metavar="DIR",
                    help="write the run outputs and logs to DIR (new or empty) and leave them there")
    args = ap.parse_args(argv)
    if not args.base and not args.base_tree:
        ap.error("--base is required (or --base-tree)")
    args.config_names = [c.strip() for c in args.configs.split(",") if c.strip()]
    unknown = [c for c in args.config_names if c not in CONFIGS]
    if unknown or not args.config_names:
        ap.error(f"--configs: unknown {', '.join(unknown) or '(empty)'}; choose from {', '.join(CONFIGS)}")
    if args.timeout <= 0:
        ap.error("--timeout must be positive")
    return args


def summarize(results: list[ConfigResult]) -> list[str]:
    reasons = [r for res in results for r in res.report.reasons]
    for res in results:
        print(f"\n=== {res.name}: comparison")
        res.report.print()
        for note in res.report.notes:
            print(f"  {note}")
    print("\nwall times:")
    for res in results:
        for run in res.runs:
            print(f"  {res.name:4} {run.side:4} {run.state()}")
    return reasons


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # SIGTERM (a CI job cancelled, `timeout`) takes the same path as Ctrl-C: children stopped,
    # worktree and scratch removed.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    cleanups: list[Callable[[], None]] = []
    try:
        return compare(args, cleanups)
    except SetupError as e:
        print(f"compare_commits: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncompare: interrupted", file=sys.stderr)
        return 130
    finally:
        # A second Ctrl-C must not leave a registered worktree behind.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for fn in reversed(cleanups):
            try:
                fn()
            except Exception as e:  # cleanup keeps going: the worktree matters more than a temp file
                print(f"compare_commits: cleanup: {e}", file=sys.stderr)


def compare(args: argparse.Namespace, cleanups: list[Callable[[], None]]) -> int:
    corpus = locate_corpus(args.corpus)
    extra = shlex.split(args.extra)
    new_path = args.new_tree.resolve()
    keep = args.keep.resolve() if args.keep is not None else None
    # A used directory would mix old outputs into the comparison (the CLI resumes finished stages).
    if keep is not None and keep.exists() and (not keep.is_dir() or any(keep.iterdir())):
        raise SetupError(f"--keep {keep} exists and is not an empty directory")
    base_sha = resolve_commit(REPO, args.base) if args.base else None
    if args.work_dir is not None:
        args.work_dir.mkdir(parents=True, exist_ok=True)
    # Always a fresh directory of our own, even inside a given --work-dir, so removing it is safe.
    scratch = Path(tempfile.mkdtemp(prefix="corefprep-compare-", dir=args.work_dir)).resolve()
    cleanups.append(lambda: shutil.rmtree(scratch, ignore_errors=True))
    out_root = keep if keep is not None else scratch / "runs"
    out_root.mkdir(parents=True, exist_ok=True)

    if args.base_tree is not None:
        base_path = args.base_tree.resolve()
        how = "existing checkout"
    else:
        base_path = scratch / "base-tree"
        cleanups.append(lambda: remove_worktree(REPO, base_path))
        print(f"git worktree add --detach {base_path} {args.base}", flush=True)
        add_worktree(REPO, base_sha or "", base_path)
        how = "temporary worktree"
    base = inspect_tree("base", base_path)
    new = inspect_tree("new", new_path)
    if base_sha is not None and base.commit != base_sha:
        raise SetupError(f"--base-tree {base_path} is at {base.commit[:12]}, not {args.base} ({base_sha[:12]})")

    import datasets

    datasets.disable_progress_bars()
    print(f"python  {sys.executable} ({sys.version.split()[0]}), datasets {datasets.__version__}")
    print(f"corpus  {corpus}")
    print(f"base    {base.commit}  {base.path}  ({how}; {base.status})")
    print(f"new     {new.commit}  {new.path}  ({new.status})")
    print(f"outputs {out_root}" + (" (kept)" if keep else " (removed at the end; --keep DIR to keep)"))

    results = [run_config(name, base, new, corpus, extra, out_root, args.timeout)
               for name in args.config_names]
    reasons = summarize(results)
    print(f"\nbase {base.commit[:12]} {base.path} ({base.status}) vs new {new.commit[:12]} {new.path} ({new.status})")
    if reasons:
        shown = "; ".join(reasons[:6]) + (f"; and {len(reasons) - 6} more" if len(reasons) > 6 else "")
        print(f"compare: DIFFERENT ({shown})")
        return 1
    print("compare: IDENTICAL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
