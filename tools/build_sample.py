#!/usr/bin/env python3
"""Build the bundled sample corpus in ``corefprep/data/`` (SPEC section 2.7).

Three files from the shared dev corpus are copied byte for byte into
``corefprep/data/sample/``, and ``corefprep/data/NOTICE.md`` is written with the
source, attribution and license of each one:

* ``kor_Hang_wiki.jsonl.zst``          Korean Wikipedia text (CC BY-SA), 326 docs
* ``kor_Hang_legal.jsonl.zst``         Constitution of Korea + National Assembly bills, 20 docs
* ``fin_Latn_hplt12_sample.jsonl.zst`` real HPLT v1.2 Finnish records (CC0), 20 docs

Deliberately NOT copied: ``kor_Hang_web.jsonl.zst`` (movie reviews, blogs, tweets and
Kiwi evaluation sentences with no redistribution license) and ``kor_Hang_hplt12.jsonl.zst``
(a re-layout of wiki documents that are already bundled).

Every file is decompressed and parsed before it is copied, and its record count is
checked. The output is deterministic: running the script twice gives identical files.

Usage::

    python tools/build_sample.py [--dev-dir ../shared/corpus/dev] [--out-dir corefprep/data]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import orjson
import zstandard

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DEV_DIR = REPO.parent / "shared" / "corpus" / "dev"
DEFAULT_OUT_DIR = REPO / "corefprep" / "data"

# Budget for the whole of corefprep/data (sample + tokenizer + NOTICE); the sample alone
# must leave room for the tokenizer (about 0.2 MB).
SAMPLE_BUDGET_BYTES = 700_000


@dataclass(frozen=True)
class SampleFile:
    name: str
    docs: int
    layout: str  # "v2" (HPLT v2 keys) or "v1.2"


SAMPLE_FILES: tuple[SampleFile, ...] = (
    SampleFile("kor_Hang_wiki.jsonl.zst", 326, "v2"),
    SampleFile("kor_Hang_legal.jsonl.zst", 20, "v2"),
    SampleFile("fin_Latn_hplt12_sample.jsonl.zst", 20, "v1.2"),
)

# Files of the dev corpus that must never end up in the package.
FORBIDDEN = ("kor_Hang_web.jsonl.zst", "kor_Hang_hplt12.jsonl.zst")


def read_records(data: bytes) -> list[dict]:
    """Decompress a .jsonl.zst payload and parse every line (raises on any defect)."""
    with zstandard.ZstdDecompressor().stream_reader(data) as reader:
        raw = reader.read()
    return [orjson.loads(line) for line in raw.splitlines() if line.strip()]


def validate(spec: SampleFile, data: bytes) -> list[dict]:
    records = read_records(data)
    if len(records) != spec.docs:
        raise SystemExit(f"{spec.name}: expected {spec.docs} records, found {len(records)}")
    for i, rec in enumerate(records):
        if not isinstance(rec.get("text"), str) or not rec["text"]:
            raise SystemExit(f"{spec.name}: record {i} has no text")
        if spec.layout == "v2" and "u" not in rec:
            raise SystemExit(f"{spec.name}: record {i} is not in HPLT v2 layout (no 'u')")
        if spec.layout == "v1.2" and "url" not in rec:
            raise SystemExit(f"{spec.name}: record {i} is not in HPLT v1.2 layout (no 'url')")
    return records


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _count_by_source(records: list[dict], prefix: str) -> int:
    return sum(1 for r in records if r.get("f", "").startswith(prefix))


# --------------------------------------------------------------------------- NOTICE text

NOTICE_TEMPLATE = """\
# Bundled data: sources, attributions and licenses

This directory holds a small sample corpus and a small tokenizer, so that
`corefprep prepare` with no input runs offline. **The Apache-2.0 license of the corefprep
code does not cover these files.** Each file keeps the license of its source, as listed
below. The notes describe what each source says about itself; they are not legal advice.

All document text is real human-written text from the sources named below; none of it is
generated. Unless a section says otherwise, two things in the files were made up by the
corefprep developers for testing:

1. how sentences, lines and paragraphs were grouped into documents, and
2. the HPLT-style metadata fields (`f`, `o`, `s`, `rs`, `u` apart from real Wikipedia
   URLs, `c`, `ts`, `collection`, `lang`, `prob`, `seg_langs`, `robotstxt`, `id`,
   `filter`, `pii`, `doc_scores`). They do not describe a real crawl. URLs under
   `https://example.invalid/` are placeholders and never resolve.

Text was otherwise only tidied: each line was stripped of surrounding whitespace, empty
lines were dropped, and carriage returns and page breaks became line breaks. There is no
Unicode normalisation and no correction of spelling or spacing.

The sample files are byte-for-byte copies of the corefprep development corpus, built by
`python tools/build_sample.py`.

| file | documents | bytes | SHA-256 |
|---|---:|---:|---|
{table}

## `sample/kor_Hang_wiki.jsonl.zst` (Korean Wikipedia, CC BY-SA)

**Authors:** the contributors to Korean Wikipedia (https://ko.wikipedia.org/).

**License:** Creative Commons Attribution-ShareAlike. Korean Wikipedia text is available
under CC BY-SA 3.0 Unported (https://creativecommons.org/licenses/by-sa/3.0/), and text
contributed to current revisions is under CC BY-SA 4.0 International
(https://creativecommons.org/licenses/by-sa/4.0/). This file is an adapted version of that
text and is shared under the same terms.

* **Attribution.** For {n_korquad} documents, the `u` field is the real address of the source
  article (`https://ko.wikipedia.org/wiki/<title>`); the history page of each article lists
  its authors. Several documents can come from one article, so `u` is not unique. The
  other {n_kiwi} documents come from Wikipedia excerpts whose article titles were not
  published with them; their `u` is a placeholder.
* **Share-alike.** If you share this file, or something you made from its text, you must
  give the same credit and license your version under CC BY-SA (the same version or a
  compatible later one), and say what you changed. Keep this notice with the file.
* **Changes made.** Paragraphs or sentences of each article were joined into documents of
  roughly 250 to 3,000 characters, a few exact duplicate paragraphs were dropped, lines
  were stripped, and made-up metadata was added (see above). Paragraphs that are next to
  each other in a document were not necessarily next to each other in the article.

How the text reached this file:

* **{n_korquad} documents via KorQuAD 1.0** (`f` = `corefprep-dev/wiki-korquad.warc.gz`): the
  paragraphs come from the development set of KorQuAD 1.0
  (`dataset/KorQuAD_v1.0_dev.json` in the `korquad/korquad.github.io` repository;
  LG CNS; Lim, Kim and Lee 2019, arXiv:1909.07005). Only the Wikipedia paragraphs were
  used; none of KorQuAD's questions or answers are included. Note that KorQuAD
  distributes its dataset under CC BY-ND 2.0 KR (no derivatives). The underlying text is
  Korean Wikipedia text under CC BY-SA, but regrouping paragraphs taken from the KorQuAD
  package may count as an adaptation of that package. If this matters for your use,
  drop these documents (they are the ones whose `f` contains `wiki-korquad`) or get the
  text directly from Wikipedia.
* **{n_kiwi} documents via the kiwipiepy test set** (`f` =
  `corefprep-dev/wiki-kiwipiepy-testset.warc.gz`): Wikipedia excerpts from
  `benchmark/sentence_split/testset/wikipedia.txt` in the `bab2min/kiwipiepy` repository
  (whose code is LGPL-2.1-or-later). Each excerpt, stored there with one sentence per
  line, was joined back into one paragraph; one long excerpt was split in two at a
  sentence boundary. The text itself is Korean Wikipedia text under CC BY-SA.

## `sample/kor_Hang_legal.jsonl.zst` (public-domain law and public documents)

Taken from the corpus data shipped with the konlpy 0.6.0 Python package
(`konlpy/data/corpus/`; the konlpy software is GPL-3.0, which covers its code).

* **{n_kolaw} documents: the Constitution of the Republic of Korea** (`kolaw/constitution.txt`),
  cut at line boundaries into parts of about 2,000 characters, preferring cuts just
  before article and chapter headings. Under Article 7 of the Korean Copyright Act, the
  constitution and statutes are not protected by copyright, so this text is in the public
  domain.
* **{n_kobill} documents: bills and motions of the National Assembly** of the Republic of Korea
  (`kobill/1809890.txt` to `1809899.txt`, November 2010), one document each. These are
  official public documents of the National Assembly. The text was extracted from PDF
  files, so some lines are still broken in the middle of a sentence.

## `sample/fin_Latn_hplt12_sample.jsonl.zst` (HPLT v1.2, CC0)

Twenty real Finnish web documents in HPLT v1.2 layout, with their real metadata (nothing
in this file was made up or changed). The file is an exact copy of
`utils/tests/sample1.jsonl.zst` in the `hplt-project/monotextor-slurm` repository (whose
code is GPL-3.0). It comes from the HPLT project (High Performance Language Technologies,
https://hplt-project.org/).

**License:** HPLT releases its packaging of the data under CC0 1.0 ("no rights
reserved", https://creativecommons.org/publicdomain/zero/1.0/), on the HPLT terms of use.
HPLT does not claim to own the web text it extracted: the authors of the original web
pages may still hold rights in it. HPLT runs a notice-and-take-down procedure for
material that rights holders object to; please respect those terms, and remove any
document from your copy if a rights holder asks for it.

## `tokenizer/` (Korean WordPiece tokenizer)

A small BERT-style WordPiece tokenizer (special tokens `[PAD] [UNK] [CLS] [SEP] [MASK]`,
ids 0 to 4; no lowercasing and no accent stripping, so Hangul syllables are not split
into jamo; 8,000 entries). Its vocabulary was learned from the texts of the three sample
files above by frequency-ranked merging of adjacent pieces (the procedure of the Hugging
Face `tokenizers` WordPiece trainer, with ties broken deterministically), and it is stored
in the Hugging Face `tokenizers`/`transformers` format. It was built by running:

    python tools/build_sample.py       # refreshes sample/ and this NOTICE
    python tools/build_tokenizer.py    # writes tokenizer/ from sample/

It holds a vocabulary of short strings and the tokenizer settings; it does not contain
the documents. It was derived from the texts listed above, so the attributions above
apply to it as well. Load it offline with
`transformers.AutoTokenizer.from_pretrained("<path to corefprep/data/tokenizer>")`.

## Not included

The development corpus also has web text (movie reviews, blog posts, tweets and Kiwi
evaluation sentences). Those texts come with no license that allows redistribution, so
they are deliberately not part of this package.
"""


def render_notice(rows: list[tuple[str, int, int, str]], counts: dict[str, int]) -> str:
    table = "\n".join(
        f"| `sample/{name}` | {docs} | {size:,} | `{digest}` |" for name, docs, size, digest in rows
    )
    return NOTICE_TEMPLATE.format(table=table, **counts)


# --------------------------------------------------------------------------- main


def build(dev_dir: Path, out_dir: Path) -> int:
    sample_dir = out_dir / "sample"
    rows: list[tuple[str, int, int, str]] = []
    counts: dict[str, int] = {}
    total = 0
    for spec in SAMPLE_FILES:
        src = dev_dir / spec.name
        if not src.is_file():
            raise SystemExit(f"missing source file {src} (use --dev-dir)")
        data = src.read_bytes()
        records = validate(spec, data)
        if spec.name == "kor_Hang_wiki.jsonl.zst":
            counts["n_korquad"] = _count_by_source(records, "corefprep-dev/wiki-korquad")
            counts["n_kiwi"] = _count_by_source(records, "corefprep-dev/wiki-kiwipiepy-testset")
            if counts["n_korquad"] + counts["n_kiwi"] != len(records):
                raise SystemExit(f"{spec.name}: records from an unknown source")
        elif spec.name == "kor_Hang_legal.jsonl.zst":
            counts["n_kolaw"] = _count_by_source(records, "corefprep-dev/legal-kolaw")
            counts["n_kobill"] = _count_by_source(records, "corefprep-dev/legal-kobill")
            if counts["n_kolaw"] + counts["n_kobill"] != len(records):
                raise SystemExit(f"{spec.name}: records from an unknown source")
        dst = sample_dir / spec.name
        if not dst.is_file() or dst.read_bytes() != data:
            write_atomic(dst, data)
        rows.append((spec.name, len(records), len(data), hashlib.sha256(data).hexdigest()))
        total += len(data)
        print(f"  {spec.name:36s} {len(records):4d} docs {len(data):9,d} bytes")

    # Anything else in sample/ is stale or was put there by hand: never ship it.
    wanted = {s.name for s in SAMPLE_FILES}
    for path in sorted(sample_dir.iterdir()):
        if path.name not in wanted:
            kind = "forbidden" if path.name in FORBIDDEN else "unexpected"
            print(f"  removing {kind} file {path}", file=sys.stderr)
            path.unlink()

    if total > SAMPLE_BUDGET_BYTES:
        raise SystemExit(f"sample is {total:,} bytes, over the {SAMPLE_BUDGET_BYTES:,}-byte budget")

    notice = render_notice(rows, counts).encode("utf-8")
    notice_path = out_dir / "NOTICE.md"
    if not notice_path.is_file() or notice_path.read_bytes() != notice:
        write_atomic(notice_path, notice)
    print(f"  {'NOTICE.md':36s}           {len(notice):9,d} bytes")
    print(f"sample total {total:,} bytes in {sample_dir}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dev-dir", type=Path, default=DEFAULT_DEV_DIR,
                    help=f"shared dev corpus directory (default: {DEFAULT_DEV_DIR})")
    ap.add_argument("--out-dir", type=Path, default=DEFAULT_OUT_DIR,
                    help="data directory to write sample/ and NOTICE.md into (default: corefprep/data)")
    args = ap.parse_args(argv)
    return build(args.dev_dir, args.out_dir)


if __name__ == "__main__":
    sys.exit(main())
