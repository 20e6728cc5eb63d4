"""Planning the filter stage: a batch whose files look finished but cannot be trusted is named when
it is computed again, never recomputed silently."""

from __future__ import annotations

from fixtures import minicorpus as mc


def test_a_batch_with_an_unreadable_stats_record_or_a_damaged_parquet_is_named(tmp_path, tmp_path_factory, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    argv = ["filter", str(corpus), "-o", str(out), "--batch-docs", "8", "--workers", "1", "--no-progress"]
    assert mc.run_cli(argv) == 0
    filt = out / "work" / "filter"
    (filt / "batch_00001.json").write_text('{"batch": 1, "start"')  # cut short
    (filt / "batch_00002.parquet").write_bytes(b"PAR1 not the bytes its stats describe")
    capsys.readouterr()
    assert mc.run_cli(argv) == 0
    err = capsys.readouterr().err
    assert f"filter: batch 1 is computed again: {filt / 'batch_00001.json'} is not a whole stats record" in err
    assert (f"filter: batch 2 is computed again: {filt / 'batch_00002.parquet'} does not match its stats record"
            in err)
    assert "2 of " in err  # exactly those two are computed
    assert mc.run_cli(argv) == 0 and "computed again" not in capsys.readouterr().err
