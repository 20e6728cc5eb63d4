"""An output directory on object storage, worked in through a local stage directory.

A run whose ``--output-dir`` is a store URL works exactly as it does on a local disk, in a stage
directory on this host, so every guarantee of the local layout holds there unchanged: files are
finished under temporary names and renamed, markers come last, the lock keeps a second local run
out. The mirror keeps the store equal to the stage:

- **push** uploads every finished file (never a temporary name) with one PUT, or one multipart
  upload completed at its end: an object becomes visible whole or not at all. Files go up in the
  order they were finished (their modification time), so a marker, written after its data, is
  uploaded after it. Files the stage no longer has are deleted from the store, newest first
  (markers before their data). While the run writes, a pass uploads only files finished before it
  started listing, so a directory listing that misses a file being renamed in cannot put a marker
  on the store without its data.
- **pull** makes the stage equal to the store before a run (or a ``status``): changed objects are
  downloaded, in the order they were uploaded, and files the store does not hold are removed.

What was synced is recorded per file (size, modification time, ETag) in the stage, so a pass moves
only what changed, and a stage that outlives its run costs nothing to bring up to date.

The run that owns the output (:mod:`corefprep.store.own`) makes its mirror ``fenced``: each of its
write requests checks the run's fence first (:mod:`corefprep.core.fence`), and a delete is
conditional on the ETag the mirror recorded, so it never removes an object someone else replaced.
Nobody else writes the output's objects: Ray actors put what they finish under a prefix of their
own, and the owning run takes it in (:meth:`Mirror.adopt`).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from ..core.atomic import atomic_write_bytes, is_temp_name, read_json, temp_path
from .client import Refused, StoreError, call, not_implemented
from .terms import Terms
from .urls import filesystem

# The sync record in the stage (a hidden name: never pushed, never taken for an output).
STATE_NAME = ".corefprep-mirror.json"
# Files that belong to the host that holds them: the local lease (the store has its own).
LOCAL_ONLY = frozenset({"work/LOCK"})
# A file's modification time is the kernel's coarse clock (one tick late at most); a pass uploads
# what was finished at least this long before it began listing.
HORIZON_NS = 50_000_000


@dataclass(frozen=True)
class Synced:
    """What the stage and the store held alike when a file was last synced."""

    size: int
    mtime_ns: int
    etag: str

    def matches(self, st: os.stat_result) -> bool:
        return (st.st_size, st.st_mtime_ns) == (self.size, self.mtime_ns)


@dataclass(frozen=True)
class Moved:
    files: int
    bytes: int
    deleted: int


class Mirror:
    """The stage directory ``stage`` of the store URL ``url``; ``fenced`` by the ``terms`` of the
    lease of the run that owns the output (its writes check the fence and are bounded in time)."""

    def __init__(self, url: str, stage: Path, *, fenced: Terms | None = None, conditional_deletes: bool = True):
        self.url = url.rstrip("/")
        self.stage = Path(stage)
        if fenced is not None:
            self.fs, root = filesystem(self.url, timing=fenced.write_timing(), fenced=True)
        else:
            self.fs, root = filesystem(self.url)
        self.root = root.rstrip("/")
        self.conditional_deletes = conditional_deletes
        self._state = self._load_state()
        # the run's upload thread and the driver fetching what Ray actors uploaded share the record
        self._lock = threading.RLock()

    # --- both directions ---------------------------------------------------------------------

    def push(self, *, running: bool = False) -> Moved:
        """Upload what the stage finished since the last pass; delete what it removed. ``running``:
        the run is still writing (upload only what was finished before the listing began)."""
        with self._lock:
            return self._push(running)

    def _push(self, running: bool) -> Moved:
        horizon = time.time_ns() - HORIZON_NS if running else None
        local = self.local_files()
        deleted = 0
        for rel in sorted(set(self._state) - set(local), key=lambda r: -self._state[r].mtime_ns):
            if (self.stage / rel).exists():
                continue  # missed by a listing racing a rename: not gone
            self._delete(rel, self._state[rel].etag)
            del self._state[rel]
            deleted += 1
        changed = sorted((st.st_mtime_ns, rel) for rel, st in local.items()
                         if not self._is_synced(rel, st) and (horizon is None or st.st_mtime_ns < horizon))
        moved = 0
        for _, rel in changed:
            moved += self._upload(rel, local[rel])
        if changed or deleted:  # a pass with nothing to move (most, while a batch runs) writes nothing
            self._save_state()
        return Moved(len(changed), moved, deleted)

    def pull(self) -> Moved:
        """Make the stage equal to the store."""
        with self._lock:
            return self._pull()

    def fetch(self, rels: list[str]) -> Moved:
        """Download the objects ``rels`` that another process put on the store (a Ray actor's batch)
        into the stage, recorded as synced (never uploaded back)."""
        with self._lock:
            moved = 0
            for rel in rels:
                info = self._call("download", rel, lambda rel=rel: self.fs.info(self._key(rel), refresh=True))
                moved += self._download(rel, info)
            self._save_state()
            return Moved(len(rels), moved, 0)

    def adopt(self, incoming: str, rels: list[str], removed: list[str]) -> Moved:
        """Take in what a Ray actor put under the prefix ``incoming`` of this store (its files
        ``rels``, in the order they were finished): each is copied into place on the store (the
        store copies it; with this mirror's fenced writes), downloaded into the stage and recorded
        as synced; then ``removed`` (files the actor's attempt no longer has) are deleted, and the
        actor's prefix too."""
        with self._lock:
            moved = 0
            for rel in rels:
                src, dst = f"{self.root}/{incoming}/{rel}", self._key(rel)
                self._call("copy", rel, lambda src=src, dst=dst: self.fs.copy(src, dst))
                info = self._call("copy", rel, lambda dst=dst: self.fs.info(dst, refresh=True))
                moved += self._download(rel, info)
            for rel in removed:
                known = self._state.pop(rel, None)
                (self.stage / rel).unlink(missing_ok=True)
                if known is not None:
                    self._delete(rel, known.etag)
            self._save_state()
            self.drop(incoming)
            return Moved(len(rels), moved, len(removed))

    def drop(self, prefix: str) -> None:
        """Delete every object under ``prefix`` (a hidden prefix of this store's own: an actor's
        drop, or what killed runs left there)."""
        where = self._key(prefix)

        def remove() -> None:
            self.fs.invalidate_cache(where)
            if self.fs.exists(where):
                self.fs.rm(where, recursive=True)

        self._call("delete", prefix, remove, missing_ok=True)

    def _pull(self) -> Moved:
        remote = self.remote_files()
        deleted = 0
        for rel in sorted(set(self.local_files()) - set(remote)):
            (self.stage / rel).unlink(missing_ok=True)
            self._state.pop(rel, None)
            deleted += 1
        want = sorted((str(info.get("LastModified", "")), rel) for rel, info in remote.items()
                      if not self._has(rel, info))
        moved = 0
        for _, rel in want:
            moved += self._download(rel, remote[rel])
        if want or deleted:
            self._save_state()
        return Moved(len(want), moved, deleted)

    # --- listings ----------------------------------------------------------------------------

    def local_files(self) -> dict[str, os.stat_result]:
        """Every finished file of the stage by its path relative to it (no hidden or temporary
        name at any depth, nothing that stays on this host)."""
        out: dict[str, os.stat_result] = {}
        for dirpath, dirnames, filenames in os.walk(self.stage):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            base = Path(dirpath)
            for name in filenames:
                if name.startswith(".") or is_temp_name(name):
                    continue
                path = base / name
                rel = path.relative_to(self.stage).as_posix()
                if rel in LOCAL_ONLY:
                    continue
                try:
                    out[rel] = path.stat()
                except FileNotFoundError:
                    continue  # removed since listed
        return out

    def remote_files(self, under: str = "") -> dict[str, dict[str, Any]]:
        """Every object under the store URL (or its directory ``under``) by its path relative to it."""
        where = self._key(under.strip("/"))

        def find() -> dict[str, dict[str, Any]]:
            self.fs.invalidate_cache(where)
            return self.fs.find(where, detail=True)

        found = self._call("list", under, find)
        prefix = self.root + "/"
        return {name[len(prefix):]: info for name, info in found.items()
                if name.startswith(prefix) and info.get("type", "file") == "file"
                and not _hidden(name[len(prefix):])}

    # --- one file ----------------------------------------------------------------------------

    def _key(self, rel: str) -> str:
        return f"{self.root}/{rel}" if rel else self.root

    def _is_synced(self, rel: str, st: os.stat_result) -> bool:
        known = self._state.get(rel)
        return known is not None and known.matches(st)

    def _has(self, rel: str, info: dict[str, Any]) -> bool:
        known = self._state.get(rel)
        if known is None or known.etag != _etag(info):
            return False
        try:
            return known.matches((self.stage / rel).stat())
        except FileNotFoundError:
            return False

    def _upload(self, rel: str, st: os.stat_result) -> int:
        path, key = self.stage / rel, self._key(rel)
        try:
            self._call("upload", rel, lambda: self.fs.put_file(str(path), key))
        except StoreError:
            if not path.exists():
                return 0  # removed while it went up: the next pass deletes it from the store
            raise
        info = self._call("upload", rel, lambda: self.fs.info(key, refresh=True))
        # recorded with the stat taken before the upload: a file replaced meanwhile goes up again
        self._state[rel] = Synced(st.st_size, st.st_mtime_ns, _etag(info))
        return st.st_size

    def _download(self, rel: str, info: dict[str, Any]) -> int:
        path = self.stage / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = temp_path(path)
        try:
            self._call("download", rel, lambda: self.fs.get_file(self._key(rel), str(tmp)))
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        st = path.stat()
        self._state[rel] = Synced(st.st_size, st.st_mtime_ns, _etag(info))
        return st.st_size

    def _call(self, op: str, rel: str, fn: Any, *, missing_ok: bool = False) -> Any:
        """``fn()``, whose failure (after the client's own retries) is one line naming the object
        and the operation: never the settings it was made with."""
        return call(f"{self.url}/{rel}" if rel else self.url, op, fn, missing_ok=missing_ok)

    def _delete(self, rel: str, etag: str) -> None:
        """Delete the object ``rel`` if it still holds what this stage last synced (``etag``): an
        object replaced since is left alone. A store without conditional deletes is sent a plain
        one (on such a store only the owning run writes these objects: see the module doc)."""
        from .client import delete_object

        bucket, _, key = self._key(rel).partition("/")
        if self.conditional_deletes:
            try:
                self._call("delete", rel, lambda: delete_object(self.fs, bucket, key, f'"{etag}"'), missing_ok=True)
                return
            except Refused:
                return  # replaced since: not ours to delete
            except StoreError as exc:
                if not not_implemented(exc.__cause__ or exc):
                    raise
                self.conditional_deletes = False
        self._call("delete", rel, lambda: self.fs.rm_file(self._key(rel)), missing_ok=True)

    # --- the sync record ---------------------------------------------------------------------

    def _load_state(self) -> dict[str, Synced]:
        raw = read_json(self.stage / STATE_NAME)
        if not isinstance(raw, dict) or raw.get("url") != self.url:
            return {}  # none yet, or a stage reused for another URL: everything is compared anew
        return {rel: Synced(**v) for rel, v in raw.get("files", {}).items()}

    def _save_state(self) -> None:
        self.stage.mkdir(parents=True, exist_ok=True)
        files = {rel: {"size": s.size, "mtime_ns": s.mtime_ns, "etag": s.etag} for rel, s in self._state.items()}
        atomic_write_bytes(self.stage / STATE_NAME, orjson.dumps({"url": self.url, "files": files}))


def _hidden(rel: str) -> bool:
    """A name the mirror leaves alone on both sides: hidden at any depth (a temporary file, the
    store's lease) or a temporary name."""
    return any(part.startswith(".") for part in rel.split("/")) or is_temp_name(rel.rsplit("/", 1)[-1])


def _etag(info: dict[str, Any]) -> str:
    return str(info.get("ETag") or info.get("etag") or info.get("md5Hash") or info.get("size")).strip('"')
