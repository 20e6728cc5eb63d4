"""The clm tokenize stage's files (corefprep.clm.doc_tokens): every filter batch's kept documents,
encoded through one stream of slices that crosses batch boundaries, equal the tokenizer's own
encoding of each batch's texts, framed [BOS] ids [EOS], whatever the slice size and the number of
tokenizer calls in flight; a batch that kept nothing gets empty files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from fixtures.clm import framing, own_tokenizer
from fixtures.shared import REPO

import corefprep.clm.doc_tokens as doc_tokens
from corefprep.core.atomic import file_sha256
from corefprep.core.workdir import WorkDir
from corefprep.filter.records import BatchStats
from corefprep.tokenizer.config import TokenizeConfig
from corefprep.tokenizer.ids import ids_dtype
from corefprep.tokenizer.info import id_upper_bound, tokenizer_info
from corefprep.tokenizer.load import load_fast_tokenizer
from corefprep.tokenizer.specials import clm_specials

MODEL = str(REPO / "corefprep" / "data" / "tokenizer")

# doc_index -> text per filter batch: batch 1 kept nothing; batch 2 holds an empty text and the
# tokenizer's own special-token strings written in a document (plain text inside documents)
BATCHES: dict[int, dict[int, str]] = {
    0: {0: "서울은 대한민국의 수도이다.", 2: "한국어 문서 두 번째.", 3: "짧다", 5: "셋째 문장입니다. " * 20,
        6: "다섯", 8: "여섯째 문서", 9: "마지막 문서는 길지 않다."},
    1: {},
    2: {11: "", 12: "본문 안의 [SEP] 와 [CLS] 는 글자일 뿐이다.", 14: "열네 번째"},
    3: {15: "가나다", 17: "라마바사", 18: "아자차카타파하 " * 50, 19: "끝", 21: "정말 끝."},
}


def _filtered(root: Path) -> tuple[WorkDir, dict[int, BatchStats]]:
    """The filter's parquet batches (doc_index, text) and records for BATCHES."""
    work = WorkDir(root)
    work.filter_dir.mkdir(parents=True)
    done = {}
    for k, docs in BATCHES.items():
        path = work.batch_parquet(k)
        pq.write_table(pa.table({"doc_index": pa.array(list(docs), pa.int64()),
                                 "text": pa.array(list(docs.values()), pa.string())}), path)
        done[k] = BatchStats(batch=k, start=0, end=0, documents=len(docs), passed=len(docs), rejected={},
                             malformed={}, rows=len(docs), parquet_bytes=path.stat().st_size,
                             parquet_sha256=file_sha256(path), config_id="test")
    return work, done


def _tokenize(root: Path) -> list[doc_tokens.BatchTokens]:
    work, done = _filtered(root)
    tok = load_fast_tokenizer(MODEL, require_mask=False)
    specials = clm_specials(tok, TokenizeConfig(model=MODEL, objective="clm"))
    dtype = ids_dtype(id_upper_bound(tok))
    _store, batches = doc_tokens.run_doc_tokens(work, done, tok, specials, tokenizer_info(tok, MODEL, specials),
                                                dtype, num_proc=2, progress=False)
    return batches


@pytest.mark.parametrize(("docs_per_call", "in_flight"), [(2, 1), (3, 2), (1000, 2)])
def test_batches_are_the_tokenizers_own_encoding_of_their_texts(tmp_path, monkeypatch, docs_per_call, in_flight):
    monkeypatch.setattr(doc_tokens, "ENCODE_DOCS", docs_per_call)  # slices end inside and across batches
    monkeypatch.setattr(doc_tokens, "IN_FLIGHT", in_flight)
    batches = _tokenize(tmp_path)
    own = own_tokenizer(MODEL)
    own.encode_special_tokens = True  # special-token strings in a document are its text
    bos, eos = framing(MODEL)
    assert [b.batch for b in batches] == sorted(BATCHES)
    for b in batches:
        texts = list(BATCHES[b.batch].values())
        expect = [[bos, *e.ids, eos] for e in own.encode_batch(texts, add_special_tokens=False)]
        got = b.read(0, b.tokens)
        assert got.dtype == np.uint16 and got.tolist() == [t for d in expect for t in d]
        assert b.docs()[:, 0].tolist() == list(BATCHES[b.batch])
        assert b.docs()[:, 1].tolist() == [len(d) for d in expect]
        assert (b.documents, b.tokens) == (len(texts), sum(map(len, expect)))
    assert batches[1].documents == batches[1].tokens == 0 and batches[1].ids_path.stat().st_size == 0
    sep_inside = batches[2].read(0, batches[2].tokens).tolist()
    assert sep_inside.count(eos) == 3 and sep_inside.count(bos) == 3  # only the framing's own


def test_the_files_do_not_depend_on_how_the_stream_is_cut(tmp_path, monkeypatch):
    ref = {b.batch: (b.ids_path.read_bytes(), b.docs_path.read_bytes()) for b in _tokenize(tmp_path / "ref")}
    monkeypatch.setattr(doc_tokens, "ENCODE_DOCS", 1)
    monkeypatch.setattr(doc_tokens, "IN_FLIGHT", 1)
    cut = {b.batch: (b.ids_path.read_bytes(), b.docs_path.read_bytes()) for b in _tokenize(tmp_path / "cut")}
    assert cut == ref
