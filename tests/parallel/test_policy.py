"""The one fault rule (corefprep.parallel.policy), decision by decision; the engines that follow
it are in test_local.py and test_ray.py."""

from __future__ import annotations

from fixtures.units import Toy, without

from corefprep.parallel import DocumentFaults, Lost, RetryUnit, Unit

UNIT = Unit("u1", Toy((1, 2, 3)), 3)


def _killed(item: int | None) -> Lost:
    return Lost(UNIT, item, "was killed by signal 9 (SIGKILL)")


def test_a_step_without_documents_counts_every_loss():
    r = RetryUnit().lost(_killed(None))
    assert (r.redo, r.counted, r.set_aside) == (UNIT, True, None)
    assert r.cause == "a worker was killed by signal 9 (SIGKILL)"


def test_a_document_is_set_aside_after_its_second_death_and_a_timeout_at_once():
    policy = DocumentFaults(False, without)
    first = policy.lost(_killed(2))
    assert (first.redo, first.counted, first.set_aside) == (UNIT, False, None)
    second = policy.lost(_killed(2))
    assert not second.counted and second.set_aside is not None
    assert (second.set_aside.item, second.set_aside.reason) == (2, "worker_died")
    assert second.redo is not None and second.redo.args.skip == frozenset({2})
    hang = policy.lost(Lost(UNIT, 3, "was killed by signal 9 (SIGKILL)", timed_out=4.0))
    assert hang.set_aside is not None and hang.set_aside.reason == "timeout"
    assert hang.set_aside.detail == "document 3 ran past --doc-timeout (4 s); its worker was killed"
    assert set(policy.quarantined) == {2, 3} and policy.lost_workers == 3


def test_deaths_between_documents_and_strict_count_as_failed_attempts():
    assert DocumentFaults(False, without).lost(_killed(None)).counted
    strict = DocumentFaults(True, without)
    r = strict.lost(_killed(2))
    assert r.counted and r.set_aside is None and r.redo == UNIT and not strict.quarantined
    assert r.cause == "a worker was killed by signal 9 (SIGKILL) on document 2"
