#!/usr/bin/env bash
# Create benchmarks/.venv-datatrove: datatrove in a virtualenv of its own, used only by
# benchmarks/bench_llm_rules.py (FineWeb-2's kor_Hang filters) and bench_dedup.py (its MinHash
# dedup) to run side by side with corefprep.
# datatrove is never a dependency of corefprep itself.
#
# Pins, and why:
# - datatrove 0.10.1: the release whose filter semantics the llm rule set was checked against.
# - kiwipiepy / kiwipiepy_model 0.21.0: datatrove's Korean word splitter asks Kiwi for the
#   SkipBigram ("sbg") model, which kiwipiepy >= 0.22 no longer ships (datatrove itself pins
#   kiwipiepy<0.22 in its "multilingual" extra). corefprep uses current kiwipiepy.
# - regex, orjson, zstandard: datatrove's text utilities, JSONL reader/writer and .zst input.
# - xxhash < 4, tokenizers: its MinHash stages (benchmarks/datatrove_minhash.py, bench_dedup.py) hash
#   strings with xxhash, which xxhash 4 refuses (bytes only); importing its dedup package imports
#   tokenizers.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv-datatrove"
python="${PYTHON:-python3}"
stamp="$venv/.installed-v3"
if [ -f "$stamp" ]; then
    echo "$venv is ready"
    exit 0
fi
test -x "$venv/bin/python" || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "datatrove==0.10.1" "kiwipiepy==0.21.0" "kiwipiepy_model==0.21.0" \
    regex orjson zstandard "xxhash<4" tokenizers
# fail here, not in the middle of a benchmark, when the Korean splitter cannot load
"$venv/bin/python" -c "
from datatrove.utils.word_tokenizers import load_word_tokenizer
print('datatrove kor_Hang words:', load_word_tokenizer('kor_Hang').word_tokenize('세종대왕은 한글을 창제했다.'))"
touch "$stamp"
echo "$venv is ready"
