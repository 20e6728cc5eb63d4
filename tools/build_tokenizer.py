#!/usr/bin/env python3
"""Train the bundled Korean WordPiece tokenizer (SPEC section 2.5) from the bundled sample.

BERT-style pipeline, built with the Hugging Face ``tokenizers`` library:

* normalizer ``BertNormalizer(clean_text=True, handle_chinese_chars=True,
  strip_accents=False, lowercase=False)``. There is no NFD and no accent stripping, so
  Hangul syllables are never decomposed into jamo;
* pre-tokenizer ``BertPreTokenizer`` (split on whitespace and punctuation);
* ``WordPiece`` model with ``##`` continuation prefix and ``[UNK]``. Its vocabulary is
  learned by the same frequency-ranked pair merging as ``tokenizers.trainers.WordPieceTrainer``,
  but with a deterministic tie-break (the library trainer is not reproducible from run to
  run, see ``learn_vocab``);
* specials ``[PAD] [UNK] [CLS] [SEP] [MASK]`` = ids 0..4;
* post-processor ``[CLS] $A [SEP]`` / ``[CLS] $A [SEP] $B:1 [SEP]:1``; WordPiece decoder.

The training texts are all documents of ``corefprep/data/sample/`` in a fixed order: the
Korean wiki and legal files plus the Finnish HPLT sample. Including the Finnish sample
means every character of the bundled corpus is in the vocabulary (no ``[UNK]`` on it).

The result is saved with ``transformers.PreTrainedTokenizerFast.save_pretrained`` and
loads offline with ``AutoTokenizer.from_pretrained(out_dir)`` as a fast tokenizer.
``model_max_length`` is a large sentinel (corefprep truncates by itself) and padding is on
the right. Building is deterministic: the same inputs give byte-identical files.

Usage::

    python tools/build_tokenizer.py [--sample-dir corefprep/data/sample]
                                    [--out corefprep/data/tokenizer] [--vocab-size 8000]
"""

from __future__ import annotations

import argparse
import hashlib
import heapq
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import orjson
import zstandard

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SAMPLE_DIR = REPO / "corefprep" / "data" / "sample"
DEFAULT_OUT = REPO / "corefprep" / "data" / "tokenizer"

# Fixed order: training input order is part of what makes the result reproducible.
TRAIN_FILES = (
    "kor_Hang_wiki.jsonl.zst",
    "kor_Hang_legal.jsonl.zst",
    "fin_Latn_hplt12_sample.jsonl.zst",
)
CONTINUING_PREFIX = "##"
SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
DEFAULT_VOCAB_SIZE = 8000
DEFAULT_MIN_FREQUENCY = 2
MODEL_MAX_LENGTH = 1_000_000  # sentinel: corefprep does its own truncation
# Same in transformers 4.x and 5.x (4.x's generic default would add token_type_ids).
MODEL_INPUT_NAMES = ["input_ids", "attention_mask"]
# What save_pretrained may write; --out is only replaced when it holds nothing else.
TOKENIZER_FILES = {"tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt",
                   "added_tokens.json", "chat_template.jinja"}


def iter_texts(sample_dir: Path, files: tuple[str, ...] = TRAIN_FILES) -> Iterator[str]:
    for name in files:
        path = sample_dir / name
        if not path.is_file():
            raise SystemExit(f"missing {path}; run tools/build_sample.py first (or pass --sample-dir)")
        with zstandard.ZstdDecompressor().stream_reader(path.read_bytes()) as reader:
            raw = reader.read()
        for line in raw.splitlines():
            if line.strip():
                text = orjson.loads(line).get("text")
                if isinstance(text, str) and text:
                    yield text


def count_words(texts: list[str]) -> Counter[str]:
    """Word frequencies after the exact normalizer and pre-tokenizer the tokenizer uses."""
    normalizer, pre_tokenizer = make_normalizer(), make_pre_tokenizer()
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(piece for piece, _ in pre_tokenizer.pre_tokenize_str(normalizer.normalize_str(text)))
    return counts


def learn_vocab(word_counts: Counter[str], vocab_size: int, min_frequency: int) -> list[str]:
    """Learn a WordPiece vocabulary by frequency-ranked pair merges, deterministically.

    This is the same procedure as ``tokenizers.trainers.WordPieceTrainer`` (which runs
    the BPE trainer with a ``##`` continuation prefix): start from single characters, the
    first character of a word plain and the others as ``##c``, then repeatedly merge the
    most frequent adjacent pair until the vocabulary is full or the best pair occurs fewer
    than ``min_frequency`` times. The library trainer numbers the ``##`` symbols in
    hash-map order and breaks count ties by those numbers, so two runs can give different
    vocabularies (huggingface/tokenizers#1794). Here ties go to the pair whose two strings
    sort first, and every list is built in sorted order, so the result depends only on the
    word counts.

    Returns the vocabulary in id order: specials, alphabet (by code point), ``##``
    alphabet (by code point), then merged tokens in the order they were learned.
    """
    prefix = CONTINUING_PREFIX
    words: list[list[str]] = []
    freqs: list[int] = []
    for word in sorted(word_counts):
        words.append([word[0]] + [prefix + ch for ch in word[1:]])
        freqs.append(word_counts[word])

    alphabet = sorted({ch for word in word_counts for ch in word})
    continuing = sorted({sym for syms in words for sym in syms[1:]}, key=lambda s: s[len(prefix):])
    vocab: list[str] = list(SPECIAL_TOKENS) + alphabet + continuing
    known = set(vocab)
    if len(vocab) > vocab_size:
        raise SystemExit(f"the alphabet alone has {len(vocab)} symbols; raise --vocab-size above that")

    pair_counts: dict[tuple[str, str], int] = {}
    where: dict[tuple[str, str], set[int]] = defaultdict(set)
    for i, syms in enumerate(words):
        for pair in zip(syms, syms[1:], strict=False):
            pair_counts[pair] = pair_counts.get(pair, 0) + freqs[i]
            where[pair].add(i)
    heap = [(-n, a, b) for (a, b), n in pair_counts.items()]
    heapq.heapify(heap)

    while len(vocab) < vocab_size and heap:
        neg, a, b = heapq.heappop(heap)
        if pair_counts.get((a, b), 0) != -neg:
            continue  # stale entry; the current count was pushed when it changed
        if -neg < max(min_frequency, 1):
            break
        merged = a + b[len(prefix):]
        if merged not in known:
            known.add(merged)
            vocab.append(merged)
        # Rewrite every word holding the pair, left to right, and adjust only the pair
        # counts next to each merge (the pair itself disappears from every word).
        del pair_counts[(a, b)]
        delta: dict[tuple[str, str], int] = defaultdict(int)
        for i in sorted(where.pop((a, b))):
            syms, n = words[i], freqs[i]
            out: list[str] = []
            j, last = 0, len(syms) - 1
            while j <= last:
                if j < last and syms[j] == a and syms[j + 1] == b:
                    if out:
                        delta[(out[-1], a)] -= n
                        delta[(out[-1], merged)] += n
                        where[(out[-1], merged)].add(i)
                    if j + 2 <= last:
                        delta[(b, syms[j + 2])] -= n
                        delta[(merged, syms[j + 2])] += n
                        where[(merged, syms[j + 2])].add(i)
                    out.append(merged)
                    j += 2
                else:
                    out.append(syms[j])
                    j += 1
            words[i] = out  # unchanged when i was a stale entry of `where`
        for pair in sorted(delta):
            change = delta[pair]
            if change == 0 or pair == (a, b):
                continue
            count = pair_counts.get(pair, 0) + change
            if count > 0:
                pair_counts[pair] = count
                heapq.heappush(heap, (-count, pair[0], pair[1]))
            else:
                pair_counts.pop(pair, None)
                where.pop(pair, None)
    return vocab


def make_normalizer():
    from tokenizers import normalizers

    return normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=False, lowercase=False
    )


def make_pre_tokenizer():
    from tokenizers import pre_tokenizers

    return pre_tokenizers.BertPreTokenizer()


def assemble(vocab: list[str]):
    """The full ``tokenizers.Tokenizer``: normalizer, pre-tokenizer, model, template, decoder."""
    from tokenizers import Tokenizer, decoders, processors
    from tokenizers.models import WordPiece

    ids = {token: i for i, token in enumerate(vocab)}
    if len(ids) != len(vocab):
        raise SystemExit("duplicate tokens in the vocabulary")
    for want_id, token in enumerate(SPECIAL_TOKENS):
        if ids.get(token) != want_id:
            raise SystemExit(f"special token {token} has id {ids.get(token)}, expected {want_id}")
    tok = Tokenizer(WordPiece(ids, unk_token="[UNK]", continuing_subword_prefix=CONTINUING_PREFIX))
    tok.normalizer = make_normalizer()
    tok.pre_tokenizer = make_pre_tokenizer()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])],
    )
    tok.decoder = decoders.WordPiece(prefix=CONTINUING_PREFIX)
    # Registers the specials as added tokens (never split, skipped by decode(skip_special_tokens)).
    tok.add_special_tokens(list(SPECIAL_TOKENS))
    return tok


def train(texts: list[str], vocab_size: int, min_frequency: int):
    return assemble(learn_vocab(count_words(texts), vocab_size, min_frequency))


def save(tok, out_dir: Path) -> None:
    from transformers import PreTrainedTokenizerFast

    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        pad_token="[PAD]",
        unk_token="[UNK]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        model_max_length=MODEL_MAX_LENGTH,
        padding_side="right",
        model_input_names=MODEL_INPUT_NAMES,
    )
    fast.save_pretrained(str(out_dir))

    # transformers 5.x records its internal class name ("TokenizersBackend"), which
    # transformers 4.x cannot resolve. "PreTrainedTokenizerFast" loads in both.
    cfg_path = out_dir / "tokenizer_config.json"
    cfg = json.loads(cfg_path.read_text(encoding="utf-8"))
    cfg["tokenizer_class"] = "PreTrainedTokenizerFast"
    cfg["model_input_names"] = MODEL_INPUT_NAMES
    cfg["model_max_length"] = MODEL_MAX_LENGTH
    cfg["padding_side"] = "right"
    text = json.dumps(cfg, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    cfg_path.write_text(text, encoding="utf-8")


def verify(out_dir: Path, probe: str) -> None:
    """Reload the saved directory the way users will and check the contract."""
    from transformers import AutoTokenizer

    t = AutoTokenizer.from_pretrained(str(out_dir), local_files_only=True)
    problems = []
    if not t.is_fast:
        problems.append("not a fast tokenizer")
    for want_id, token in enumerate(SPECIAL_TOKENS):
        if t.convert_tokens_to_ids(token) != want_id:
            problems.append(f"{token} is not id {want_id}")
    if (t.pad_token, t.unk_token, t.cls_token, t.sep_token, t.mask_token) != SPECIAL_TOKENS:
        problems.append("special-token attributes are not set")
    if t.model_max_length != MODEL_MAX_LENGTH or t.padding_side != "right":
        problems.append("model_max_length / padding_side not saved")
    ids = t(probe)["input_ids"]
    if ids[0] != 2 or ids[-1] != 3 or 1 in ids:
        problems.append(f"probe encodes badly: {t.convert_ids_to_tokens(ids)}")
    if problems:
        raise SystemExit(f"{out_dir}: " + "; ".join(problems))


def build(sample_dir: Path, out_dir: Path, vocab_size: int, min_frequency: int) -> dict:
    t0 = time.perf_counter()
    texts = list(iter_texts(sample_dir))
    tok = train(texts, vocab_size, min_frequency)
    train_s = time.perf_counter() - t0

    out_dir = out_dir.resolve()
    if out_dir.exists():
        foreign = sorted(p.name for p in out_dir.iterdir() if p.name not in TOKENIZER_FILES)
        if foreign:  # never wipe a directory that is not a tokenizer directory
            raise SystemExit(f"{out_dir} holds non-tokenizer files {foreign[:5]}; refusing to replace it")
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=f".{out_dir.name}.", suffix=".tmp"))
    try:
        save(tok, tmp)
        verify(tmp, texts[0][:200])
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp, out_dir)
        os.chmod(out_dir, 0o755)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    total_s = time.perf_counter() - t0
    files = {p.name: p.stat().st_size for p in sorted(out_dir.iterdir())}
    digest = hashlib.sha256((out_dir / "tokenizer.json").read_bytes()).hexdigest()
    return {
        "documents": len(texts),
        "vocab_size": tok.get_vocab_size(),
        "train_seconds": round(train_s, 2),
        "total_seconds": round(total_s, 2),
        "files": files,
        "tokenizer_json_sha256": digest,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample-dir", type=Path, default=DEFAULT_SAMPLE_DIR,
                    help="directory with the bundled *.jsonl.zst sample (default: corefprep/data/sample)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help="output directory, replaced if present (default: corefprep/data/tokenizer)")
    ap.add_argument("--vocab-size", type=int, default=DEFAULT_VOCAB_SIZE)
    ap.add_argument("--min-frequency", type=int, default=DEFAULT_MIN_FREQUENCY)
    args = ap.parse_args(argv)
    info = build(args.sample_dir, args.out, args.vocab_size, args.min_frequency)
    print(f"trained on {info['documents']} documents: vocab size {info['vocab_size']}, "
          f"{info['train_seconds']} s training, {info['total_seconds']} s total")
    for name, size in info["files"].items():
        print(f"  {args.out / name}  {size:,} bytes")
    print(f"  tokenizer.json sha256 {info['tokenizer_json_sha256']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
