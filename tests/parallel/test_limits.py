"""How long a unit may go without progress (corefprep.parallel.limits)."""

from __future__ import annotations

from fixtures.units import toy_unit

from corefprep.parallel import Step, Unit
from corefprep.parallel.beat import NO_ITEM, BeatRecord
from corefprep.parallel.limits import BETWEEN_ITEMS_SECONDS, MIN_UNIT_SECONDS, SLACK, Limits


def _beat(item: int) -> BeatRecord:
    return BeatRecord(1, 0, item, 0, 0)


def test_a_document_has_doc_timeout_and_the_gaps_between_documents_more():
    limits = Limits(Step("filter", toy_unit, item_limit=3.0))
    unit = Unit("u", None, 1000)
    assert limits.of(unit, _beat(7)) == 3.0
    assert limits.of(unit, _beat(NO_ITEM)) == BETWEEN_ITEMS_SECONDS
    assert Limits(Step("filter", toy_unit, item_limit=900.0)).of(unit, _beat(NO_ITEM)) == 900.0


def test_a_unit_without_documents_gets_its_flag_or_a_limit_derived_from_finished_units():
    assert Limits(Step("bands", toy_unit, unit_limit=5.0)).of(Unit("b", None, 1e9), None) == 5.0
    limits = Limits(Step("count", toy_unit, floor_rate=1e6))
    big, small = Unit("big", None, 500e6), Unit("small", None, 1e6)
    assert limits.of(big, None) == 500.0  # before any unit finished: the floor rate
    assert limits.of(small, None) == MIN_UNIT_SECONDS
    limits.finished(Unit("done", None, 100e6), 1.0)  # 100 MB/s measured
    limits.finished(Unit("slow", None, 100e6), 2.0)  # the slowest counts: 50 MB/s
    assert limits.of(big, None) == SLACK * 10.0
    assert limits.of(small, None) == MIN_UNIT_SECONDS
