"""corefprep.core.plural: counts that agree with their nouns in what a user reads."""

from __future__ import annotations

from corefprep.core.plural import count, noun


def test_one_is_singular_everything_else_plural():
    assert [count(n, "batch") for n in (0, 1, 2)] == ["0 batches", "1 batch", "2 batches"]
    assert count(1, "process") == "1 process" and count(3, "process") == "3 processes"
    assert count(1, "entity") == "1 entity" and count(44, "entity") == "44 entities"
    assert count(1, "document") == "1 document" and count(12_000, "document") == "12,000 documents"
    assert count(2, "file") == "2 files" and count(1, "chunk") == "1 chunk" and count(5, "day") == "5 days"


def test_floats_and_irregular_plurals():
    assert count(1.0, "worker") == "1 worker" and count(2.5, "worker") == "2.5 workers"
    assert noun(1, "is", "are") == "is" and noun(2, "is", "are") == "are"
