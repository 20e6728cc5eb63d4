"""corefprep.core.stop: SIGTERM and Ctrl-C unwind the main thread once (a second one waits for the
cleanup), another thread's error reaches the main thread, and a forked process dies with its parent
however the parent ends (the kernel's death signal, checked with real processes: a parent killed
with SIGKILL, and a parent already gone before the child asked)."""

from __future__ import annotations

import os
import signal
import threading
import time

import psutil
import pytest
from fixtures.background import gone_within

from corefprep.core import stop


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_sigterm_raises_stopped_in_the_main_thread_and_the_old_handler_comes_back():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(stop.Stopped) as info, stop.handlers():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler interrupts the sleep
    assert info.value.exit_code == 143 and str(info.value) == "stopped by SIGTERM"
    assert signal.getsignal(signal.SIGTERM) is before and not stop.installed()


def test_a_second_stop_during_the_unwinding_is_said_once_and_ignored(capsys):
    cleaned = []
    with stop.handlers():
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except stop.Stopped:
            for s in (signal.SIGTERM, signal.SIGINT, signal.SIGTERM):  # impatient
                os.kill(os.getpid(), s)
                time.sleep(0.05)
            cleaned.append(True)  # the cleanup ran to its end
    assert cleaned == [True]
    err = capsys.readouterr().err
    assert err.count("already stopping") == 1 and "SIGKILL stops at once" in err
    assert not err.startswith("corefprep:")  # not a second error line


def test_ctrl_c_is_a_keyboard_interrupt_and_an_ignored_one_stays_ignored():
    with pytest.raises(KeyboardInterrupt), stop.handlers():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as under `nohup ... &`
    try:
        with stop.handlers():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_another_thread_s_error_interrupts_a_blocking_wait_in_the_main_thread():
    class LeaseLost(Exception):
        pass

    assert not stop.interrupt_main(LeaseLost())  # without the handlers: nothing is done
    t0 = time.monotonic()
    with pytest.raises(LeaseLost), stop.handlers():
        threading.Timer(0.1, stop.interrupt_main, args=(LeaseLost(),)).start()
        threading.Event().wait(10)
    assert time.monotonic() - t0 < 5


def test_a_wake_signal_arriving_after_the_end_is_harmless():
    """Another thread's signal sent just before the handlers end may be delivered after: it must not
    meet SIGUSR1's default action, which ends the process (tried in a forked process)."""
    pid = os.fork()
    if pid == 0:
        try:
            with stop.handlers():
                pass
            os.kill(os.getpid(), stop.WAKE)
            time.sleep(0.1)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def _fork_parent_with_child(die: bool) -> tuple[int, int]:
    """Fork a parent that forks a sleeping child (with ``forks_die_with_parent`` held when ``die``);
    returns (parent pid, child pid)."""
    r, w = os.pipe()
    parent = os.fork()
    if parent == 0:  # the parent: fork the child, tell its pid, wait to be killed
        try:
            os.close(r)
            if die:
                with stop.forks_die_with_parent():
                    child = os.fork()
            else:
                child = os.fork()
            if child == 0:
                time.sleep(60)
                os._exit(0)
            os.write(w, f"{child}\n".encode())
            time.sleep(60)
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        child = int(f.readline())
    return parent, child


@pytest.mark.parametrize("die", [True, False])
def test_a_forked_process_dies_with_its_parent_killed_by_sigkill(die):
    parent, child = _fork_parent_with_child(die)
    try:
        os.kill(parent, signal.SIGKILL)
        os.waitpid(parent, 0)
        # without it the child lives on, re-parented, for its whole minute: what the review found
        assert gone_within(child, 5.0 if die else 1.5) is die
    finally:
        _kill(child)


def test_a_child_whose_parent_died_before_it_asked_exits_at_once():
    r, w = os.pipe()
    parent = os.fork()
    if parent == 0:
        try:
            os.close(r)
            me = os.getpid()
            child = os.fork()
            if child == 0:  # wait for the parent's death, then ask: the kernel would never signal
                deadline = time.monotonic() + 10
                while os.getppid() == me and time.monotonic() < deadline:
                    time.sleep(0.01)
                stop.die_with_parent(me)
                time.sleep(60)  # reached only if die_with_parent did not end this process
                os._exit(0)
            os.write(w, f"{child}\n".encode())
        finally:
            os._exit(0)  # the parent dies at once
    os.close(w)
    os.waitpid(parent, 0)
    with os.fdopen(r) as f:
        child = int(f.readline())
    try:
        assert gone_within(child, 5.0)
    finally:
        _kill(child)


def test_outside_the_block_a_fork_does_not_die_with_its_parent():
    with stop.forks_die_with_parent():
        pass
    parent, child = _fork_parent_with_child(die=False)  # the hook is registered, but not in force
    try:
        os.kill(parent, signal.SIGKILL)
        os.waitpid(parent, 0)
        assert not gone_within(child, 1.0)
    finally:
        _kill(child)


def _sleep_a_minute(row: dict) -> dict:
    time.sleep(60)
    return row


@pytest.mark.slow  # seconds: datasets and its pool start in the forked parent
def test_the_processes_of_datasets_map_die_with_the_run():
    """The tokenize stage's ``datasets.map(num_proc=N)`` forks a pool (and a manager) of its own:
    they die with the process that holds ``forks_die_with_parent`` as the local engine's workers do."""
    parent = os.fork()
    if parent == 0:
        try:
            import datasets

            with stop.forks_die_with_parent():
                datasets.Dataset.from_dict({"x": list(range(4))}).map(_sleep_a_minute, num_proc=2)
        finally:
            os._exit(0)
    kids: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + 60
        while len(kids) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            kids = psutil.Process(parent).children(recursive=True)
        assert len(kids) >= 2, "datasets.map started no pool"
        time.sleep(0.5)  # the pool's processes are at work
        kids = psutil.Process(parent).children(recursive=True)
        os.kill(parent, signal.SIGKILL)
        os.waitpid(parent, 0)
        assert all(gone_within(k.pid, 5.0) for k in kids), [k.pid for k in kids if k.is_running()]
    finally:
        _kill(parent)
        for k in kids:
            _kill(k.pid)
