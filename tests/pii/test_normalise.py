"""The folded copy the patterns read (corefprep.pii.normalise.fold): look-alikes as ASCII, one code
point for one, so that every offset found in it is an offset in the document."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corefprep.pii.normalise import fold

_PIECES = list("0123456789-. oO@[]()점ㅡ가이사일공구") + ["공일공", "[@]", "(@)", "[.]", "o1o", "１２", "－"]


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_fold_keeps_every_offset(text: str) -> None:
    assert len(fold(text)) == len(text)


@pytest.mark.parametrize(("text", "folded"), [
    ("번호 칠삼공육공이-일칠일사구삼육)", "번호 730602-1714936)"),  # a number spelled in Hangul
    ("연락 010-4242-삼구사이 ", "연락 010-4242-3942 "),  # in part
    ("담당 공이사이삼구팔일일삼", "담당 0242398113"),
    ("육이일일이공ㅡ이일공오육이팔", "621120-2105628"),  # ㅡ between Hangul digits
    ("제 번호는o1o-9374-3896이에요", "제 번호는010-9374-3896이에요"),  # O for 0
    ("서버 61점27점237점149", "서버 61.27.237.149"),
    ("kim[@]kakao.com kim(@)daum.net", "kim @ kakao.com kim @ daum.net"),
])
def test_look_alikes_are_folded(text: str, folded: str) -> None:
    assert fold(text) == folded


@pytest.mark.parametrize("text", [
    "사이 일이삼 공사 오이",  # words, and runs under nine digits
    "구구단일이삼사오육칠팔구",  # a run glued to a word
    "021128-3514816이 제",  # 이 after Arabic digits: a particle
    "O1737241467", "010-OOOO-1234", "VIIKKO14",  # a leading letter O, a mask, a word
    "3점 5점", "12점34",
])
def test_words_and_ids_are_left(text: str) -> None:
    assert fold(text) == text
