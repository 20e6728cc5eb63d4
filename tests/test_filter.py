"""The filter stage's Pool edge, and the behaviour its speed and memory optimisations rely on."""

import multiprocessing as mp
import random
import re

import psutil

from corefprep.filter import FilterPool, auto_chunksize, filter_batch
from corefprep.kiwi import load_kiwi
from corefprep.readers import Document
from corefprep.rules.text import hangul_count, symbol_count
from corefprep.rules.v2 import V2Rules as FilterConfig


def test_vectorised_counts_equal_the_rule_definitions():
    rng = random.Random(0)
    alphabet = "가나다힣갛abcXYZ019 \n\t_.,!?★😀\u3000\r\x00\x1f\ud7a4\uabff" + "\u4e00"
    for _ in range(2000):
        t = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert symbol_count(t) == sum(1 for c in t if not (c.isalnum() or c in " \n\t"))
        assert hangul_count(t) == len(re.findall("[가-힣]", t))


def test_auto_chunksize_keeps_every_worker_busy():
    assert auto_chunksize(200_000, 2, 2000) == 2000
    assert auto_chunksize(1000, 2, 2000) == 63  # 8 chunks per worker
    assert auto_chunksize(3, 4, 2000) == 1


def _child_private_mb(q):
    kiwi = load_kiwi()  # inherited from the parent: must not load or build anything new
    for _ in range(5):
        kiwi.tokenize("이순신은 조선 중기의 무신이다. 이순신은 임진왜란 때 거북선을 이끌었다. " * 10)
    q.put(psutil.Process().memory_full_info().uss / 2**20)


def test_forked_workers_share_the_warmed_up_kiwi():
    """Kiwi builds ~250 MB lazily on its first analysis; load_kiwi warms it up before the Pool forks
    so workers share it. A worker's private memory stays small (measured ~3 MB, ~266 MB without)."""
    load_kiwi()
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_child_private_mb, args=(q,))
    p.start()
    uss = q.get(timeout=120)
    p.join()
    assert uss < 100, f"a forked Kiwi worker holds {uss:.0f} MB of private memory"


def _docs(texts):
    return [Document(i, t, "mem.jsonl", i + 1, f"d{i}", None, None) for i, t in enumerate(texts)]


def test_filter_batch_accounts_for_every_document(kiwi):
    good = ("세종대왕은 조선의 네 번째 임금이다. 세종대왕은 집현전 학자들과 함께 훈민정음을 만들었다. "
            "조선의 수도는 한양이었고 한양에는 경복궁이 세워졌다. 경복궁은 조선 왕조의 법궁으로 쓰였다. ") * 8
    pronoun = good[:400] + " 그는 한양으로 갔다. " + good[400:]
    texts = [good, "짧다.", pronoun, "Latin text only. " * 60, good]
    docs = _docs(texts)
    docs.append(Document(5, None, "mem.jsonl", 6, None, None, "invalid_json"))
    with FilterPool(FilterConfig(), workers=2) as fpool:
        res = filter_batch(fpool, iter(docs), expected_docs=len(docs), chunksize=2)
    assert res.documents == 6 == res.accounted()
    assert [r["doc_index"] for r in res.rows] == [0, 4]  # sorted by doc_index whatever finished first
    assert res.rejected == {"too_short": 1, "has_pronoun": 1, "low_hangul": 1}
    assert res.malformed == {"invalid_json": 1}
    assert res.malformed_examples == ["mem.jsonl:6 invalid_json"]
    assert res.rows[0]["text"] == good and res.rows[0]["entities"]
