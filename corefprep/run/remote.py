"""A run whose ``--output-dir`` is a store URL (``s3://bucket/prefix``): the run's options turned
to a local stage directory (and local copies of a --model or --dedup-against on a store), and the
names of its outputs on the store. How the run owns the output (lock, lease, pull, uploads,
release) is :mod:`corefprep.store.own`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from pathlib import Path

from ..core.errors import InputError, UsageError
from ..store.lease import StoreLease
from ..store.lock import host_id
from ..store.mirror import Mirror
from ..store.terms import LEASE_SECONDS
from ..store.urls import is_url
from .options import RunOptions


def cache_dir(kind: str, url: str) -> Path:
    """``~/.cache/corefprep/<kind>/<hash of url>`` (XDG_CACHE_HOME respected), one per output URL."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "corefprep" / kind / hashlib.sha256(url.rstrip("/").encode()).hexdigest()[:16]


def staged(opts: RunOptions) -> RunOptions:
    """``opts`` with a local place for everything it names on a store: the output's stage directory
    (the output URL kept), and local copies of a --model or --dedup-against directory (downloaded
    now, only what changed since the last run). Unchanged when nothing is on a store."""
    copies = dict(opts.copies)
    if is_url(opts.tokenize.model):
        local = str(local_copy("model", opts.tokenize.model))
        copies[local] = opts.tokenize.model
        opts = opts.replace(tokenize=dataclasses.replace(opts.tokenize, model=local))
    if isinstance(opts.dedup.dedup_against, str):
        local_run = local_copy("view", opts.dedup.dedup_against)
        copies[str(local_run)] = opts.dedup.dedup_against
        opts = opts.replace(dedup=dataclasses.replace(opts.dedup, dedup_against=local_run))
    opts = opts.replace(copies=copies)
    if not isinstance(opts.output_dir, str):
        return opts
    url = opts.output_dir.rstrip("/")
    if not opts.upload_every > 0:
        raise UsageError("--upload-every must be a positive number of seconds")
    # no directory the Ray nodes are known to share: actors write to the store, beats stay on their nodes
    engine = dataclasses.replace(opts.engine, shared_dir=False)
    return opts.replace(output_dir=Path(opts.stage_dir or cache_dir("stage", url)), output_url=url, engine=engine)


def local_copy(kind: str, url: str) -> Path:
    """A local copy of the directory at ``url``, brought up to date with it (``view`` for a run's
    output that is only read, ``model`` for a tokenizer)."""
    url = url.rstrip("/")
    mirror = Mirror(url, cache_dir(kind, url))
    mirror.pull()
    if not mirror.local_files():
        raise InputError(f"{url}: nothing there (no object under this prefix)")
    return mirror.stage


def published(opts: RunOptions, path: Path | str | None) -> str | None:
    """Where a file or directory of the stage is on the store (the path itself for a local output)."""
    if path is None:
        return None
    if opts.output_url is None or not isinstance(path, Path):
        return str(path)
    try:
        rel = path.relative_to(Path(opts.output_dir))
    except ValueError:
        return str(path)
    return f"{opts.output_url}/{rel.as_posix()}"


def view(url: str) -> Path:
    """A local copy of the output at ``url`` for commands that only read it (status, report,
    explain), kept apart from any run's stage."""
    return local_copy("view", url)


def store_holder(url: str) -> dict[str, object] | None:
    """Who holds the output URL's lease (for ``status``), or None."""
    holder = StoreLease(url, None).read()
    if holder is None:
        return None
    r = holder.record
    return {"pid": r.get("pid"), "host": r.get("hostname") or r.get("host"), "started": r.get("started"),
            "command": r.get("command"), "refreshed": r.get("refreshed"),
            "here": r.get("host") == host_id(), "lease_seconds": holder.lease_seconds(LEASE_SECONDS)}
