"""Redaction (corefprep.pii.mask): the same length, the same shape, a value that is no one's, and
text without personal data untouched."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corefprep.pii import find_pii, mask_text

CASES = [
    ("연락처 010-1234-5678로", "연락처 010-0000-0000로"),
    ("해외 +82 10-1234-5678", "해외 +82 10-0000-0000"),
    ("(02) 123-4567 대표", "(02) 000-0000 대표"),
    ("메일abc.def@naver.com으로", "메일xxx.xxx@naver.com으로"),
    ("주민번호 900101-1234568", "주민번호 000000-0000000"),
    ("카드 4111-1111-1111-1111", "카드 0000-0000-0000-0000"),
    ("IP 121.134.56.78 에서", "IP 000.000.00.00 에서"),
    ("주소 2404:6800:4004:81a::200e", "주소 0000:0000:0000:000::0000"),
    ("휴대폰 ０１０－９８７６－５４３２", "휴대폰 ０１０－００００－００００"),
    ("신한 110-123-456789 입금", "신한 000-000-000000 입금"),
]


@pytest.mark.parametrize("text,redacted", CASES)
def test_redaction_keeps_the_shape_and_the_length(text, redacted):
    out = mask_text(text, find_pii(text))
    assert out == redacted and len(out) == len(text)


def test_redacting_a_redacted_text_changes_nothing():
    """What a redaction leaves is stable: a redacted phone number still reads as one (its zeros are
    never an assigned number) and redacts to itself, so re-deciding a batch never drifts."""
    for text, _ in CASES:
        once = mask_text(text, find_pii(text))
        assert mask_text(once, find_pii(once)) == once


def test_text_without_personal_data_is_the_same_object_unchanged():
    text = "2020-11-12 회의에서 1588-1234 고객센터와 ISBN 978-89-12345-67-8 을 논의했다."
    assert find_pii(text) == [] and mask_text(text, []) is text


# Any text, not only the forms above: spans are in order, inside the text, never overlapping, and
# redaction keeps every offset (same length) and every character outside the spans.
_ALPHABET = list("0123456789 -./_()+@:,") + list("abzAZ가나ㅡ공일칠영０－") + [
    "010", "02", "+82", "(at)", "골뱅이", "[dot]", "naver.com", "계좌", "카드", "주민", "전화", "\n"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_ALPHABET), max_size=60).map("".join))
def test_spans_are_ordered_and_redaction_keeps_every_offset(text):
    spans = find_pii(text)
    assert all(0 <= s.start < s.end <= len(text) for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:], strict=False))
    masked = mask_text(text, spans)
    assert len(masked) == len(text)
    outside = [i for i in range(len(text)) if not any(s.start <= i < s.end for s in spans)]
    assert all(masked[i] == text[i] for i in outside)
