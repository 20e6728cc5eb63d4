"""Redaction (corefprep.pii.mask): the same length, the same shape, a value that is no one's, and
text without personal data untouched."""

from __future__ import annotations

import pytest

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
