"""The one order in which a run takes its output, works in it and gives it back:

1. **lock** the output directory (for an output on a store, the local stage directory the run works
   in): a second run on the same directory or stage is refused before anything in it is touched;
2. for an output on a store, take the store's **lease** (:mod:`corefprep.store.lease`): one run per
   output URL, on any host;
3. **pull**: make the stage equal to the store (only what changed since this host last synced
   moves), so a rerun resumes from whatever any host finished and uploaded;
4. **record** the run (``work/run.json``) and remove what killed runs left half-written, the
   leftovers of Ray actors' deliveries included (:mod:`corefprep.store.incoming`);
5. **work**, while a background thread uploads every finished file (``--upload-every``); a failing
   upload is said once and retried on the next pass;
6. **publish** what is finished at the end, successful or not;
7. **release** the lease, then the lock.

Each hold is a lease that fences this process's writes (:mod:`corefprep.core.fence`): if the run
loses either, it stops writing at once and ends in one line.

A run killed at any moment leaves the store with whole objects only, each uploaded after the files
it depends on: the same states a kill leaves on a local disk, from which a rerun resumes.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.errors import CorefprepError
from ..core.fence import FENCE, LeaseLost
from ..core.log import say
from ..core.workdir import WorkDir
from .client import StoreError
from .incoming import INCOMING, Delivery, Drops, take_in_here
from .lease import StoreLease
from .lock import hold_lock, record_run
from .mirror import Mirror, Moved
from .terms import Terms
from .urls import tag_requests

T = TypeVar("T")


@dataclass(frozen=True)
class Owned:
    """An output this run owns: where it works, and for an output on a store its mirror."""

    output_dir: Path
    drops: Drops  # where this run's Ray actors deliver
    terms: Terms
    mirror: Mirror | None = None

    def take_in(self, delivery: Delivery) -> None:
        """Move what a Ray actor delivered into place (the driver's side, fenced; a store that
        fails is retried as long as the run's hold on it lasts)."""
        mirror = self.mirror
        if mirror is not None:
            retrying(lambda: mirror.adopt(delivery.place, list(delivery.files), list(delivery.removed)), self.terms)
        else:
            take_in_here(delivery, self.output_dir)


def retrying(fn: Callable[[], T], terms: Terms) -> T:
    """``fn()``, tried again while the store fails, for up to what a renewal gives (a partition
    shorter than that is ridden out); then its last error. The fence falling ends it at once."""
    give_up = time.monotonic() + terms.writes_for
    said = False
    while True:
        try:
            return fn()
        except StoreError as exc:
            FENCE.check()
            if time.monotonic() >= give_up:
                raise
            if not said:
                say(f"{exc}; retrying every {terms.retry_every:.0f} s")
                said = True
            time.sleep(terms.retry_every)


@contextmanager
def owned(output_dir: Path, url: str | None, *, command: str | None, break_lock: bool = False,
          terms: Terms | None = None, upload_every: float = 10.0) -> Iterator[Owned]:
    """Own ``output_dir`` (the stage of ``url`` when the output is on a store) for the time of the
    block, in the order of the module doc."""
    terms = terms or Terms()
    work = WorkDir(Path(output_dir))
    with hold_lock(work, break_lock=break_lock, terms=terms):
        if url is None:
            record_run(work, command)
            yield Owned(work.output_dir, Drops.new(None), terms)
            return
        token = uuid.uuid4().hex
        tag_requests(token)  # the store's access log names this run in every request
        lease = StoreLease(url, command, terms, token=token)
        lease.acquire(break_lock=break_lock)
        try:
            with _published(work, url, lease, terms, command, upload_every) as mirror:
                yield Owned(work.output_dir, Drops.new(url.rstrip("/")), terms, mirror)
        finally:
            lease.release()


@contextmanager
def _published(work: WorkDir, url: str, lease: StoreLease, terms: Terms, command: str | None,
               every: float) -> Iterator[Mirror]:
    """Pull, record, then keep uploading until the block ends; the last upload after it."""
    mirror = Mirror(url, work.output_dir, fenced=terms, conditional_deletes=lease.conditional_deletes)
    pulled = retrying(mirror.pull, terms)
    record_run(work, command)
    retrying(lambda: mirror.drop(INCOMING), terms)  # killed runs' actors' deliveries: nobody will take them in
    say(f"output {url}: working in {work.output_dir}" + _moved(pulled, "downloaded"))
    publisher = Publisher(mirror, every, terms).start()
    try:
        yield mirror
    except BaseException:
        _last_push(publisher, failed=True)
        raise
    pushed = _last_push(publisher, failed=False)
    say(f"output {url}: up to date" + _moved(pushed, "uploaded"))


class Publisher:
    """Uploads what the run finished, every ``every`` seconds, in a background thread."""

    def __init__(self, mirror: Mirror, every: float, terms: Terms):
        self.mirror, self.every, self.terms = mirror, every, terms
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="corefprep-publisher", daemon=True)
        self._failing = False

    def start(self) -> Publisher:
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            if FENCE.lost():
                return  # the main thread stops with the reason
            try:
                self.mirror.push(running=True)
                if self._failing:
                    say(f"uploads to {self.mirror.url} work again")
                self._failing = False
            except LeaseLost:
                return
            except StoreError as exc:
                if not self._failing:
                    say(f"{exc}; the run goes on here and retries the upload every {self.every:.0f} s")
                self._failing = True

    def finish(self, *, retry: bool = True) -> Moved:
        """Stop the thread, then upload everything finished (the run wrote its last file); a failed
        run makes one attempt only (its own error is what matters)."""
        self._stop.set()
        self._thread.join()
        FENCE.check()
        return retrying(self.mirror.push, self.terms) if retry else self.mirror.push()


def _last_push(publisher: Publisher, *, failed: bool) -> Moved:
    """The final upload; after a failed run its own failure is said, never raised over the run's."""
    try:
        return publisher.finish(retry=not failed)
    except CorefprepError as exc:
        if not failed:
            raise
        if FENCE.lost() is None:  # (a lost lease is the run's own error, said once by it)
            say(f"{exc} (what the run finished stays in {publisher.mirror.stage}; the next run uploads it)")
        return Moved(0, 0, 0)


def _moved(m: Moved, verb: str) -> str:
    if not (m.files or m.deleted):
        return ""
    parts = [f"{m.files} files ({m.bytes / 2**20:.1f} MiB) {verb}"] if m.files else []
    if m.deleted:
        parts.append(f"{m.deleted} removed")
    return f" ({', '.join(parts)})"
