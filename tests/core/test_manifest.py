"""The typed view of work/manifest.json that status, explain, the report and dedup read."""

from __future__ import annotations

import json

from corefprep.core.manifest import RecordedInput, read_manifest
from corefprep.core.workdir import WorkDir


def test_a_manifest_reads_as_typed_fields_and_an_older_one_as_defaults(tmp_path):
    work = WorkDir(tmp_path)
    assert read_manifest(work) is None
    work.root.mkdir(parents=True)
    work.manifest.write_text(json.dumps({
        "config_id": "abc", "filter_config": {"total_docs": 45, "batch_docs": 20, "text_field": "body",
                                              "rules": {"rules": "v2", "min_chars": 800}},
        "input_files": [["/data/a.jsonl", 30], ["/data/b.jsonl", 15]], "rules_options": {"rules": "v2"},
        "batches": {"0": "abc", "2": "old"}, "configs": {"abc": {}, "old": {}}}))
    m = read_manifest(work)
    assert m is not None
    assert (m.config_id, m.total_docs, m.batch_docs, m.num_batches, m.text_field) == ("abc", 45, 20, 3, "body")
    assert m.input_files == (RecordedInput("/data/a.jsonl", 30), RecordedInput("/data/b.jsonl", 15))
    assert m.rules == {"rules": "v2", "min_chars": 800} and m.batches == {0: "abc", 2: "old"}
    work.manifest.write_text(json.dumps({"config_id": "x", "filter_config": {"total_docs": 5}}))  # an older one
    old = read_manifest(work)
    assert old is not None and old.input_files == () and old.batch_docs == 1 and old.text_field == "text"
