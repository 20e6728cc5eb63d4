"""A run whose ``--output-dir`` is a store URL (``s3://bucket/prefix``).

The run works in a stage directory on this host (``--stage-dir``, by default one per URL under
``~/.cache/corefprep/stage``), exactly as it would in a local output directory, and
:class:`~corefprep.io.mirror.Mirror` keeps the store equal to it:

1. the store's lease is taken (:mod:`corefprep.run.store_lease`): one run per output URL, on any
   host;
2. the stage is made equal to the store (only what changed since this host last synced moves), so
   a rerun resumes from whatever any host finished and uploaded;
3. while the run goes on, a background thread uploads every finished file (``--upload-every``);
   a failing upload is said once and retried on the next pass, never stopping the run;
4. at the end, successful or not, what is finished is uploaded, and the lease released.

A run killed at any moment leaves the store with whole objects only, each uploaded after the files
it depends on: the same states a kill leaves on a local disk, from which a rerun resumes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import CorefprepError, InputError, LockedError, UsageError
from ..core.log import say
from ..store.lease import StoreLease, store_lease
from ..store.mirror import Mirror, Moved, StoreError
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


class Publisher:
    """Uploads what the run finished, every ``every`` seconds, in a background thread."""

    def __init__(self, mirror: Mirror, lease: StoreLease, every: float):
        self.mirror, self.lease, self.every = mirror, lease, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="corefprep-publisher", daemon=True)
        self._failing = False

    def start(self) -> Publisher:
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            if self.lease.lost:
                return
            try:
                self.mirror.push(running=True)
                if self._failing:
                    say(f"uploads to {self.mirror.url} work again")
                self._failing = False
            except StoreError as exc:
                if not self._failing:
                    say(f"{exc}; the run goes on here and retries the upload every {self.every:.0f} s")
                self._failing = True

    def finish(self) -> Moved:
        """Stop the thread, then upload everything finished (the run wrote its last file)."""
        self._stop.set()
        self._thread.join()
        if self.lease.lost:
            raise LockedError(self.lease.lost)
        return self.mirror.push()


@contextmanager
def on_store(opts: RunOptions, command: str | None) -> Iterator[Mirror | None]:
    """Hold the output URL's lease and keep the store equal to the stage while the run works;
    yields the mirror (None for a local output)."""
    if opts.output_url is None:
        yield None
        return
    with store_lease(opts.output_url, break_lock=opts.break_lock, command=command) as lease:
        mirror = Mirror(opts.output_url, Path(opts.output_dir))
        pulled = mirror.pull()
        say(f"output {opts.output_url}: working in {opts.output_dir}" + _moved(pulled, "downloaded"))
        publisher = Publisher(mirror, lease, opts.upload_every).start()
        try:
            yield mirror
        except BaseException:
            _last_push(publisher, failed=True)
            raise
        pushed = _last_push(publisher, failed=False)
        say(f"output {opts.output_url}: up to date" + _moved(pushed, "uploaded"))


def _last_push(publisher: Publisher, *, failed: bool) -> Moved:
    """The final upload; after a failed run its own failure is said, never raised over the run's."""
    try:
        return publisher.finish()
    except CorefprepError as exc:
        if not failed:
            raise
        say(f"{exc} (what the run finished stays in {publisher.mirror.stage}; the next run uploads it)")
        return Moved(0, 0, 0)


def _moved(m: Moved, verb: str) -> str:
    if not (m.files or m.deleted):
        return ""
    parts = [f"{m.files} files ({m.bytes / 2**20:.1f} MiB) {verb}"] if m.files else []
    if m.deleted:
        parts.append(f"{m.deleted} removed")
    return f" ({', '.join(parts)})"


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
            "command": r.get("command"), "refreshed": r.get("refreshed")}
