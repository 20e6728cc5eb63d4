"""Writes stop before the run may have lost its output to another run.

A run owns its output by a lease it keeps renewing: the lock file of its directory
(:mod:`corefprep.store.lock`) and, for an output on object storage, the store's lease object
(:mod:`corefprep.store.lease`). Another run, on another host, takes a lease over only once it has
watched it go unrenewed for the lease plus a margin, on its own monotonic clock. So the holder
stops writing the lease *minus* that margin after the last renewal it knows succeeded, counted on
its own monotonic clock from the moment that renewal was *sent* (the store or the filesystem
applied it later, and a taker can only have seen it later still). Between the holder's last write
and a taker's first there are then two margins, whatever the partition or pause in between; no
clock of another host is read.

The fence is this process's, shared with the worker processes it forks (a few bytes of shared
memory, so a renewal in the driver moves every worker's fence too). Each holder has a slot; the
fence falls at the earliest of them. :meth:`Fence.check` is called before every write that makes
something visible: an atomic rename (:mod:`corefprep.core.atomic`), every request that writes to
the store (each attempt, retries included). A Ray actor (another process tree) has a fence of its
own that nothing holds: it writes nowhere the output's readers look (see
:mod:`corefprep.store.incoming`).

What the fence cannot do: a write whose check passed and that is then held back (the process
stopped by SIGSTOP in the microseconds between the check and the system call, or a request stuck
in the network longer than the store's own timeouts) can land after the fence. Object stores offer
no fencing token for ordinary objects; two margins of slack is what corefprep gives.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import threading
import time
from collections.abc import Callable

from .errors import CorefprepError

# Slots of the shared fence: one per kind of lease a run holds.
LOCK, LEASE = 0, 1
_SLOTS = 2


class LeaseLost(CorefprepError):
    """This run no longer owns its output (its lease was taken over, or could not be renewed in
    time); it stopped writing."""


class Fence:
    """The deadline (monotonic seconds) after which this process and its forked workers must not
    write; ``inf`` while no lease is held (a run without a lease is not fenced), ``-inf`` once lost."""

    def __init__(self) -> None:
        # fork-shared memory: created at import, before any worker is forked
        self._until = mp.get_context("fork").RawArray("d", [math.inf] * _SLOTS)
        self._why: list[str | None] = [None] * _SLOTS  # the driver's own words for a lost slot
        self._what: list[str | None] = [None] * _SLOTS  # what each slot's lease is on (an output)
        self._changed = threading.Condition()

    # --- holding -----------------------------------------------------------------------------

    def hold(self, slot: int, until: float, what: str | None = None) -> None:
        """The holder of ``slot`` renewed its lease (on ``what``, named in the error): writes may
        go on until ``until`` (monotonic)."""
        with self._changed:
            if self._until[slot] != -math.inf:  # a lost slot stays lost until released
                self._until[slot] = until
            self._what[slot] = what or self._what[slot]
            self._changed.notify_all()

    def lose(self, slot: int, why: str) -> None:
        """The holder of ``slot`` knows its lease is gone: no write from now on."""
        with self._changed:
            self._until[slot] = -math.inf
            self._why[slot] = why
            self._changed.notify_all()

    def release(self, slot: int) -> None:
        """The lease of ``slot`` is given back (or was never taken): it no longer fences."""
        with self._changed:
            self._until[slot] = math.inf
            self._why[slot] = self._what[slot] = None
            self._changed.notify_all()

    # --- checking ----------------------------------------------------------------------------

    def until(self) -> float:
        return min(self._until[:])

    def lost(self) -> str | None:
        """Why writes are stopped, or None while they may go on."""
        now = time.monotonic()
        for slot in range(_SLOTS):
            if self._until[slot] <= now:
                what = self._what[slot]
                return self._why[slot] or (f"{what}: {_LATE[slot]}" if what else _LATE[slot])
        return None

    def check(self) -> None:
        """Raise LeaseLost when writes must stop: before each write that makes something visible."""
        why = self.lost()
        if why is not None:
            raise LeaseLost(why)

    def watch(self, on_fall: Callable[[str], None]) -> Callable[[], None]:
        """Call ``on_fall(why)`` (in a thread of its own) when the fence falls, at the deadline
        itself, however busy or blocked the renewing thread is; returns a function that stops
        the watching."""
        stop = threading.Event()

        def run() -> None:
            with self._changed:
                while not stop.is_set():
                    why = self.lost()
                    if why is not None:
                        break
                    self._changed.wait(timeout=min(max(0.0, self.until() - time.monotonic()) + 0.001, 3600.0))
                else:
                    return
            on_fall(why)

        thread = threading.Thread(target=run, name="corefprep-fence", daemon=True)
        thread.start()

        def stop_watching() -> None:
            stop.set()
            with self._changed:
                self._changed.notify_all()
            thread.join(timeout=5)

        return stop_watching


_LATE = {
    LOCK: "the output directory's lock could not be renewed in time (its filesystem did not answer); another run may "
          "take it over, so this run stopped writing",
    LEASE: "the output's lease on the store could not be renewed in time (the store did not answer); another run may "
           "take it over, so this run stopped writing",
}

FENCE = Fence()
