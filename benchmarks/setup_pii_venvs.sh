#!/usr/bin/env bash
# Create the two virtualenvs of benchmarks/bench_pii.py's peers (issue 26), each used only through
# benchmarks/pii_peers.py; none of these packages is ever a dependency of corefprep itself.
#
# - benchmarks/.venv-pii: presidio-analyzer (its pattern recognizers, called without the analyzer
#   engine and so without a spaCy model) with python-phonenumbers for its PhoneRecognizer, and
#   datatrove (its PIIFormatter).
# - benchmarks/.venv-pii-dolma: dolma (its pii_regex_v1 tagger). Apart because dolma 1.2.1 pins
#   numpy < 2 while datatrove 0.10.1 needs numpy >= 2.
#
# Pins, and why: presidio-analyzer 2.2.366 is the release with the Korean RRN/FRN recognizers this
# benchmark was written against; datatrove 0.10.1 is the release bench_llm_rules.py uses; dolma 1.2.1
# is the newest on PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"

make_venv() {  # make_venv DIR PEER PACKAGE... (PEER: the pii_peers.py peer the smoke run tries)
    local venv="$1" peer="$2" stamp="$1/.installed-v1"
    shift 2
    if [ -f "$stamp" ]; then
        echo "$venv is ready"
        return
    fi
    test -x "$venv/bin/python" || "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q "$@"
    # fail here, not in the middle of the benchmark, when a peer cannot run on one record
    echo '{"id": "x", "text": "연락처 010-1234-5678 메일 abc@naver.com ", "label": "pos", "spans": []}' >"$venv/smoke.jsonl"
    "$venv/bin/python" "$here/pii_peers.py" "$peer" "$venv/smoke.jsonl" >/dev/null
    touch "$stamp"
    echo "$venv is ready"
}

make_venv "$here/.venv-pii" presidio "presidio-analyzer==2.2.366" "phonenumbers==9.0.43" "datatrove==0.10.1"
make_venv "$here/.venv-pii-dolma" dolma "dolma==1.2.1"
