"""Stopping a run from outside its main thread: SIGTERM, Ctrl-C, and a run that can no longer go on;
and processes that cannot outlive the run.

The command line holds :func:`handlers` for the time of a command. While it does:

- SIGTERM raises :class:`Stopped` in the main thread. Like Ctrl-C's KeyboardInterrupt it is not an
  ``Exception``, so no ``except Exception`` swallows it: the run unwinds as it does for any error
  (workers stopped, finished units kept, the lock released).
- Ctrl-C (SIGINT) raises KeyboardInterrupt, as Python's own handler does.
- Another thread that finds the run cannot go on (its lease on the output was lost) calls
  :func:`interrupt_main` with the error to raise in the main thread. The main thread is woken by a
  signal, so a blocking wait (a worker's result, a sleep) ends at once instead of at its timeout.
- Once one of these has been raised, the run is unwinding: a second SIGTERM or Ctrl-C (people press
  it twice) does not cut the cleanup short, which would leave the lock or the store's lease behind
  for the next run to take over; it is said once and otherwise ignored. Each cleanup step has its
  own time limit, and SIGKILL stops the process at once for whoever cannot wait.

Without the handlers (corefprep used as a library, the tests' in-process runs) ``interrupt_main``
does nothing: the checks before every write (:mod:`corefprep.core.fence`) stop the run at its next
write instead.

:func:`forks_die_with_parent`, also held by the command line, makes every process forked meanwhile
(the local engine's workers, ``datasets.map``'s pool) die with its parent, however the parent ends:
see :func:`die_with_parent`.
"""

from __future__ import annotations

import ctypes
import multiprocessing as mp
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

# The signal that carries another thread's error to the main thread (never sent from outside).
WAKE = signal.SIGUSR1
STOPS = (signal.SIGTERM, signal.SIGINT)


class Stopped(BaseException):
    """The run was asked to stop by a signal (exit code 128 + its number, as a shell reports it)."""

    def __init__(self, signum: int):
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


_pending: list[BaseException] = []
_active = False  # handlers() is held (in the main thread)
# interrupt_main's check and signal against handlers() ending: an error never arrives after the end
_lock = threading.Lock()
# Set once a handler has raised: the run is unwinding, and later stop signals wait for it.
_unwinding = threading.Event()
_said_unwinding = threading.Event()


def _quiet_while_unwinding(signum: int) -> bool:
    """True (the signal is dropped) when the run is already unwinding; says so once."""
    if not _unwinding.is_set():
        return False
    if not _said_unwinding.is_set():
        _said_unwinding.set()
        try:
            name = signal.Signals(signum).name
            print(f"(already stopping: {name} ignored while the cleanup finishes, so that the next run can start at "
                  "once; SIGKILL stops at once)", file=sys.stderr, flush=True)
        except (OSError, ValueError, RuntimeError):
            pass  # stderr is gone, or was being written when the signal came: nothing to tell
    return True


def _on_term(signum: int, frame: FrameType | None) -> None:
    if _quiet_while_unwinding(signum):
        return
    _unwinding.set()
    raise Stopped(signum)


def _on_int(signum: int, frame: FrameType | None) -> None:
    if _quiet_while_unwinding(signum):
        return
    _unwinding.set()
    raise KeyboardInterrupt


def _on_wake(signum: int, frame: FrameType | None) -> None:
    if _pending and _active and not _unwinding.is_set():
        _unwinding.set()
        raise _pending.pop(0)
    _pending.clear()  # the run is already unwinding (or over): that error changes nothing


@contextmanager
def handlers() -> Iterator[None]:
    """SIGTERM stops the run, Ctrl-C interrupts it, :func:`interrupt_main` reaches the main thread,
    a second stop during the unwinding is ignored; the handlers of SIGTERM and SIGINT that were in
    force before come back at the end. Outside the main thread: nothing is installed."""
    global _active
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.getsignal(s) for s in STOPS}
    was_active = _active
    with _lock:
        _pending.clear()
        _unwinding.clear()
        _said_unwinding.clear()
        install()
        _active = True
    try:
        yield
    finally:
        _said_unwinding.set()  # a stop signal now, while the handlers are put back, is dropped quietly
        _unwinding.set()
        with _lock:
            _active = was_active
            _pending.clear()
            for s, h in before.items():
                signal.signal(s, h if h is not None else signal.SIG_DFL)
            _unwinding.clear()
            _said_unwinding.clear()
        # The wake signal keeps its (now idle) handler: one sent just before the end and delivered
        # after it must not meet SIGUSR1's default action, which ends the process.


def install() -> None:
    """(Re)install the handlers: after a library that put its own in place (a local Ray node sets
    one for SIGTERM). A stop signal ignored when the command started (``nohup``, a background job of
    a shell) stays ignored."""
    for s, handler in ((signal.SIGTERM, _on_term), (signal.SIGINT, _on_int)):
        if signal.getsignal(s) is not signal.SIG_IGN:
            signal.signal(s, handler)
    signal.signal(WAKE, _on_wake)


def installed() -> bool:
    """Whether :func:`handlers` is held: then a library that replaced a handler must call :func:`install`."""
    return _active and signal.getsignal(WAKE) is _on_wake


def interrupt_main(exc: BaseException) -> bool:
    """Raise ``exc`` in the main thread as soon as it runs Python code again; False when no
    handler is installed (nothing is done)."""
    main = threading.main_thread()
    if main.ident is None or threading.current_thread() is main:
        return False
    with _lock:
        if not installed():
            return False
        _pending.append(exc)
        signal.pthread_kill(main.ident, WAKE)
    return True


# --- processes that die with their parent ---------------------------------------------------------

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with_parent(parent: int | None) -> None:
    """In a freshly forked process: have the kernel SIGKILL it when its parent ends, however the
    parent ends (SIGKILL included); exit at once if ``parent`` (the pid that forked it) is already
    gone. Linux only; elsewhere nothing is done.

    Why the kernel's death signal rather than a pipe the child watches: a worker stuck inside a C
    call that holds the GIL (Kiwi, a regular expression) runs no watching thread, and the signal
    needs no cooperation from the child at all. Its limits: it is sent when the *thread* that forked
    the child ends (the fork happens in the thread that keeps using the child: the supervisor's, or
    the one that runs ``datasets.map``), it is lost if the parent died before the ``prctl`` call
    (hence the check of the parent's pid after it), and it does not reach a process started by
    ``exec`` of a set-user-ID program (corefprep starts none).
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return  # refused (a sandbox): the process lives as before
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent:
        os._exit(1)  # the parent died between the fork and the prctl: nobody wants this process


_forks_die = False  # while True, every fork of this process (and of its children) dies with its parent
_forking_parent: int | None = None  # the pid of the process that forks, noted just before it does
_registered = False


def _before_fork() -> None:
    global _forking_parent
    _forking_parent = os.getpid()


def _after_fork_in_child() -> None:
    if _forks_die:
        die_with_parent(_forking_parent)


@contextmanager
def forks_die_with_parent() -> Iterator[None]:
    """Every process this one forks while the block runs (and any they fork) is killed by the
    kernel when its parent ends (:func:`die_with_parent`): a killed command leaves no worker or
    map process behind, computing for nobody. Processes started with ``exec`` (``subprocess``)
    are not concerned: a local Ray node gives its own processes the same fate."""
    global _forks_die, _registered
    if not _registered:
        os.register_at_fork(before=_before_fork, after_in_child=_after_fork_in_child)
        _registered = True
    before, _forks_die = _forks_die, True
    try:
        yield
    finally:
        _forks_die = before


def parent_pid() -> int | None:
    """In a process started by ``multiprocessing``: the pid of the process that started it (noted
    before the fork, so a parent that has died since is not mistaken for init)."""
    parent = mp.parent_process()
    return parent.pid if parent is not None else None
