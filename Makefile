# The two set-up commands: each creates or reuses .venv/, installs corefprep into it, then runs.
# `make demo` installs the core only; `make test` and the other targets add the extras the tests,
# docs and benchmarks need (dev, train, ray, docs).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SUM    := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
STAMP  := $(VENV)/.installed-$(SUM)
CORE_STAMP := $(VENV)/.installed-core-$(SUM)

.PHONY: demo test test-fast docs lint bench bench-seek bench-clm bench-llm bench-dedup bench-pii bench-merge bench-ray bench-ray-cluster bench-s3 bench-retune bench-scale bench-disk compare-base soak install clean

# The extras pull torch (train, and dev for megatron-core): on the public index its Linux wheel is the
# CUDA build, which brings several GB of nvidia-* packages; the CPU build comes from PyTorch's own
# index (README, "Installing"). The full install also stands for the core one: make demo after it
# installs nothing.
# PYTHONWARNINGS: setuptools' notes on editable installs are not ours to act on; -qq keeps errors only
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install -qq -e '.[dev,train,ray,docs]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP) $(CORE_STAMP)

# The core only: what `corefprep prepare`, status and report need (no torch, Ray, moto or mkdocs).
$(CORE_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install -qq -e .
	rm -f $(VENV)/.installed-core-*
	touch $(CORE_STAMP)

install: $(STAMP)

# The whole pipeline on the bundled sample corpus, offline: prepared_datasets/entity_coref_v2_2048/
demo: $(CORE_STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/corefprep prepare --output-dir prepared_datasets
	$(BIN)/corefprep status prepared_datasets
	$(BIN)/corefprep report prepared_datasets

# The suite in tiers (tests/fixtures/tiers.py). test-fast: unit tests, no CLI in a subprocess, no Ray
# (under 2 minutes). test: everything but the soak, what CI runs: three pytest-xdist workers on 2 cores
# (measured 11:05 against 12:23 with two: many tests wait on time limits and leases, and a third worker
# fills those waits), each given whole test files (a module's shared run and Ray instance stay in one
# process), the costliest files first; then, alone, the tests that race processes. --timeout: a test that hangs fails (pytest-timeout) instead of holding CI;
# --durations: the 15 slowest.
# PYTHONDONTWRITEBYTECODE= : where the environment says not to write bytecode, every pytest worker
# would rewrite and compile the tests again (~11 s each) and every CLI process the tests start would
# compile corefprep again (~0.2 s each, hundreds of them); the tests keep their compiled files.
PYTEST := HF_HUB_OFFLINE=1 PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q --timeout 900
test-fast: $(STAMP)
	$(PYTEST) -m "not slow and not soak" -n 2 --dist loadfile --no-loadscope-reorder --durations 15

test: $(STAMP)
	$(PYTEST) -m "not soak and not serial" -n 3 --dist loadfile --no-loadscope-reorder --durations 15
	$(PYTEST) -m "serial and not soak" --durations 5
	$(BIN)/ruff check corefprep tests scripts benchmarks tools
	$(BIN)/lint-imports
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

# The documentation site (mkdocs.yml, docs/) into site/; the build regenerates docs/cli.md from the parser.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

lint: $(STAMP)
	$(BIN)/ruff check corefprep tests scripts benchmarks tools
	$(BIN)/lint-imports

# Long reliability runs, not part of `make test`: kills at many moments, full disks at many levels, the
# chaos soak of an output on a store (tests/run/test_chaos.py; CP_SOAK_ROUNDS, CP_SOAK_SEED), and the
# costlier variants of tests whose main case make test runs (dev-corpus re-decides, the Ray fault
# matrix's every cell, the benchmarks' smoke runs).
soak: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -q -m soak --durations 20

# Merge before (concatenate + save_to_disk, every row rewritten) and after (chunk files hard-linked).
bench-merge: $(STAMP)
	$(BIN)/python benchmarks/bench_merge.py --rows 400000 --chunks 4

# --engine ray against the local engine on the same corpus and CPUs, and the reader's ceiling (needs ../shared).
bench-ray: $(STAMP)
	$(BIN)/python benchmarks/bench_ray.py --docs 20000 --workers 2

# --engine ray on 3 nodes sharing nothing but s3:// (moto on loopback), one removed mid-run, against the
# local engine on the same cores: throughput, identical bytes, store requests per batch (needs ../shared).
bench-ray-cluster: $(STAMP)
	$(BIN)/python benchmarks/bench_ray_cluster.py --docs 200000

# The filter with its inputs on s3:// (moto's S3 server on loopback) against local disk, side by side,
# and the s3 side's peak memory on corpora of 1x and 4x the size (needs ../shared).
bench-s3: $(STAMP)
	$(BIN)/python benchmarks/bench_s3.py --docs 20000 --workers 2 --repeats 2 --sizes 5000,20000

# Behaviour unchanged: the dev corpus through this checkout and through BASE (a commit), outputs compared
# byte for byte in content (needs ../shared).
BASE ?= 30849ea
compare-base: $(STAMP)
	$(BIN)/python benchmarks/compare_commits.py --base $(BASE)

# Side-by-side benchmark against a re-implementation of today's script (needs ../shared).
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py --docs 20000 --workers 2 --repeats 2

# Changed thresholds re-decided from the recorded values vs a fresh run, per change: documents sent
# to Kiwi again, wall time, identical outputs; and the values files' bytes (issue 16; needs ../shared).
bench-retune: $(STAMP)
	$(BIN)/python benchmarks/bench_retune.py --docs 20000 --workers 2

# Time to start a batch early vs late in a 240k-document, 12-file corpus (issue 7; needs ../shared).
bench-seek: $(STAMP)
	$(BIN)/python benchmarks/bench_seek.py --files 12 --docs-per-file 20000 --batch-docs 15000

# clm tokenize+pack against the tokenizer's own encode_batch, and memory at N vs 4N docs (needs ../shared).
bench-clm: $(STAMP)
	$(BIN)/python benchmarks/bench_clm.py --docs 5000

# Rule set llm against datatrove's FineWeb-2 kor_Hang filters (needs ../shared). datatrove runs in
# benchmarks/.venv-datatrove, made by benchmarks/setup_datatrove_venv.sh; its decisions are cached
# in benchmarks/.cache (the first run computes them: tens of minutes on 2 cores).
bench-llm: $(STAMP)
	bash benchmarks/setup_datatrove_venv.sh
	$(BIN)/python benchmarks/bench_llm_rules.py --docs 20000 --workers 2

# Dedup against datatrove's four MinHash stages (same venv as bench-llm; needs ../shared):
# agreement, docs/s and memory at N and 4N, cost in a clm run, NFD, synthetic 1M/4M signatures.
bench-dedup: $(STAMP)
	bash benchmarks/setup_datatrove_venv.sh
	$(BIN)/python benchmarks/bench_dedup.py --docs 20000 --workers 2

# A million documents on one machine (issue 38; hours on 2 cores, needs ../shared): the default entity-mlm
# path on 1M documents in 4 files and clm + llm rules + minhash on 250k of them (whitespace words: with
# Kiwi's, which analyse every document whole, that run alone takes hours more), each batch's docs/s and
# the process tree's memory over time, sizes, status/report/explain/--batches times. Resumable: the
# phases done are kept in benchmarks/.scale/results.json; benchmarks/.scale/progress.log says where it is.
bench-scale: $(STAMP)
	$(BIN)/python benchmarks/bench_scale.py --docs 1000000 --files 4 --clm-docs 250000 --clm-words space --workers 2

# Bytes per entity-mlm sample: today's layout against sparse labels, narrower types and compression (issue 38).
bench-disk: $(STAMP)
	$(BIN)/python benchmarks/bench_disk.py --docs 6000 --seq-lens 2048,256

# The Korean PII detector against datatrove's PIIFormatter, presidio's recognizers, Dolma's PII tagger and
# Polyglot-Ko's rules on benchmarks/pii/eval.jsonl (issue 26; offline), then on the out-of-sample sets eval_oos.jsonl and eval_oos2.jsonl. The peers run in benchmarks/.venv-pii
# and .venv-pii-dolma, made by benchmarks/setup_pii_venvs.sh; prints corefprep's misses and false positives.
# Then every span in the dev corpus and redact = off outside them, and what --pii redact costs a
# --rules llm --objective clm run (needs ../shared).
bench-pii: $(STAMP)
	bash benchmarks/setup_pii_venvs.sh
	$(BIN)/python benchmarks/bench_pii.py
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos.jsonl --out-json benchmarks/.cache/pii_oos.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos2.jsonl --out-json benchmarks/.cache/pii_oos2.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos3.jsonl --out-json benchmarks/.cache/pii_oos3.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos4.jsonl --out-json benchmarks/.cache/pii_oos4.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos5.jsonl --out-json benchmarks/.cache/pii_oos5.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos6.jsonl --out-json benchmarks/.cache/pii_oos6.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos7.jsonl --out-json benchmarks/.cache/pii_oos7.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos8.jsonl --out-json benchmarks/.cache/pii_oos8.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos9.jsonl --out-json benchmarks/.cache/pii_oos9.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos10.jsonl --out-json benchmarks/.cache/pii_oos10.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos11.jsonl --out-json benchmarks/.cache/pii_oos11.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos12.jsonl --out-json benchmarks/.cache/pii_oos12.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos13.jsonl --out-json benchmarks/.cache/pii_oos13.json
	$(BIN)/python benchmarks/bench_pii.py --eval benchmarks/pii/eval_oos14.jsonl --out-json benchmarks/.cache/pii_oos14.json
	$(BIN)/python benchmarks/pii_dev_corpus.py
	$(BIN)/python benchmarks/bench_pii_cost.py --docs 5000 --workers 2 --repeats 2

clean:
	rm -rf prepared_datasets/entity_coref_* prepared_datasets/work .pytest_cache
