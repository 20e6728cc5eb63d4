"""Inputs on object storage (corefprep/io/storage.py): ``s3://`` objects, prefixes and globs,
read from moto's S3 server on loopback through the real client (s3fs, botocore), compared with the
same files read from local disk."""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures.s3 import SECRET_KEY, FaultyProxy, S3Server

import corefprep.io.counts as counts
from corefprep.core.errors import InputError
from corefprep.io.read import count_records, iter_documents
from corefprep.io.resolve import resolve_inputs
from corefprep.io.storage import identity
from corefprep.store.urls import is_url, scheme_of

TEXTS = [f"서울의 {i}번째 문서입니다. 문장이 이어집니다." for i in range(40)]


def _records(lo: int, hi: int) -> list[dict[str, object]]:
    return [{"id": f"d{i}", "u": f"https://example.kr/{i}", "text": TEXTS[i]} for i in range(lo, hi)]


def _jsonl(records: list[dict[str, object]]) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in records)


@pytest.fixture(scope="module")
def local_inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One corpus in every input format, with a hidden file and an unsupported one that are skipped."""
    root = tmp_path_factory.mktemp("inputs")
    (root / "a").mkdir()
    (root / "a" / "part1.jsonl").write_bytes(_jsonl(_records(0, 8)))
    (root / "a" / "part2.jsonl.gz").write_bytes(gzip.compress(_jsonl(_records(8, 16))))
    (root / "b").mkdir()
    (root / "b" / "part3.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(_jsonl(_records(16, 24))))
    table = pa.Table.from_pylist(_records(24, 36))
    pq.write_table(table, root / "b" / "part4.parquet", row_group_size=4)
    (root / "b" / "part5.txt").write_text("\n\n".join(TEXTS[36:40]) + "\n", encoding="utf-8")
    (root / "b" / ".hidden.jsonl").write_bytes(_jsonl(_records(0, 1)))
    (root / "b" / "notes.csv").write_text("not,an,input\n")
    return root


@pytest.fixture(scope="module")
def bucket(s3_server: S3Server, local_inputs: Path) -> str:
    s3_server.bucket("corpus")
    return s3_server.upload(local_inputs, "s3://corpus/hplt/kor")


def _docs(files: list) -> list[tuple]:
    return [(d.doc_index, d.text, d.line, d.record_id, d.url, d.malformed) for d in iter_documents(files)]


def test_store_urls_are_told_from_local_paths_and_hub_specs() -> None:
    assert scheme_of("s3://b/k.jsonl") == "s3" and scheme_of("GS://b/k") == "gs" and scheme_of("file:///x") == "file"
    assert not is_url("/data/x.jsonl") and not is_url("hf://datasets/a/b") and not is_url("C:\\x.jsonl")


def test_a_stores_own_checksum_is_the_identity_and_nothing_else_is() -> None:
    etag = "9b2cf535f27731c974343645a3985328"
    assert identity({"ETag": f'"{etag}"', "size": 3}) == f"etag:{etag}"
    assert identity({"ETag": '"d41d8cd98f00b204e9800998ecf8427e-3"'}) == "etag:d41d8cd98f00b204e9800998ecf8427e-3"
    assert identity({"md5Hash": "q2xz"}) == "md5hash:q2xz"
    assert identity({"size": 3, "LastModified": "2026-01-01"}) is None


def test_a_prefix_lists_like_a_directory(bucket: str, local_inputs: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="corefprep"):
        remote = resolve_inputs([bucket + "/"])
    local = resolve_inputs([str(local_inputs)])
    assert [f.name for f in remote] == [f.name for f in local] == ["a/part1.jsonl", "a/part2.jsonl.gz",
                                                                  "b/part3.jsonl.zst", "b/part4.parquet",
                                                                  "b/part5.txt"]
    assert [f.path for f in remote] == [f"{bucket}/{f.name}" for f in remote]
    assert [(f.kind, f.size) for f in remote] == [(f.kind, f.size) for f in local]
    assert all(f.store_id and f.store_id.startswith("etag:") for f in remote)
    assert "ignoring 2 unsupported or hidden path(s)" in caplog.text and ".hidden.jsonl" in caplog.text


def test_a_glob_and_a_single_object(bucket: str) -> None:
    assert [f.name for f in resolve_inputs([bucket + "/*/part[13]*"])] == ["a/part1.jsonl", "b/part3.jsonl.zst"]
    [one] = resolve_inputs([bucket + "/b/part4.parquet"])
    assert one.name == "part4.parquet" and one.kind == "parquet"


def test_every_format_reads_from_the_store_as_from_disk(bucket: str, local_inputs: Path) -> None:
    remote, local = resolve_inputs([bucket]), resolve_inputs([str(local_inputs)])
    assert _docs(remote) == _docs(local) and len(_docs(local)) == 40
    assert [count_records(f, "text") for f in remote] == [8, 8, 8, 12, 4]
    # seeking: a batch that starts inside the parquet file reads from there on
    cut = [(d.doc_index, d.text) for d in iter_documents(remote, start=30, stop=34, counts=[8, 8, 8, 12, 4])]
    assert cut == [(i, TEXTS[i]) for i in range(30, 34)]


def test_counting_trusts_the_etag_and_does_not_read_the_object_twice(bucket: str, monkeypatch) -> None:
    def no_second_read(path: str) -> str:
        raise AssertionError(f"{path} was hashed although its store keeps a checksum")

    monkeypatch.setattr(counts, "file_sha256", no_second_read)
    [f] = resolve_inputs([bucket + "/a/part1.jsonl"])
    job = counts._Job(0, f, "text", None, None)
    done = counts.count_unit(job, _NoBeat())
    assert done.records == 8 and done.sha256 == f.store_id
    assert counts.input_signature(f, counts.InputCount(done.records, done.sha256)) == [f.path, f.size, f.store_id]


class _NoBeat:
    def on(self, item: int) -> None: ...
    def off(self) -> None: ...
    def count(self, n: int) -> None: ...


@pytest.mark.parametrize("spec,says", [
    ("s3://corpus/no/such/prefix", "s3://corpus/no/such/prefix: no such object or prefix; check the URL and rerun"),
    ("s3://no-such-bucket-here/x.jsonl", "s3://no-such-bucket-here/x.jsonl: no such object or prefix"),
    ("s3://corpus/hplt/kor/b/notes*", "holds no supported input files"),
])
def test_a_bad_url_is_one_line_naming_it(bucket: str, spec: str, says: str) -> None:
    with pytest.raises(InputError) as err:
        resolve_inputs([spec])
    assert says in str(err.value) and "\n" not in str(err.value) and SECRET_KEY not in str(err.value)


@pytest.fixture
def through_faults(s3_server: S3Server, monkeypatch: pytest.MonkeyPatch):
    """Points this process at a FaultyProxy in front of the server (a fresh client: fsspec caches one)."""
    from s3fs import S3FileSystem

    proxies: list[FaultyProxy] = []

    def make(rate: float, kinds: tuple[str, ...] = ("503", "reset", "slow")) -> FaultyProxy:
        proxies.append(FaultyProxy(s3_server.endpoint, rate, kinds))
        monkeypatch.setenv("AWS_ENDPOINT_URL", proxies[-1].endpoint)
        S3FileSystem.clear_instance_cache()
        return proxies[-1]

    yield make
    for p in proxies:
        p.close()
    monkeypatch.undo()
    S3FileSystem.clear_instance_cache()


def test_transient_errors_are_retried_and_the_documents_are_the_same(bucket: str, local_inputs: Path,
                                                                      through_faults) -> None:
    proxy = through_faults(0.3)
    remote = resolve_inputs([bucket])
    assert _docs(remote) == _docs(resolve_inputs([str(local_inputs)]))
    assert proxy.failed >= 2, (proxy.failed, proxy.requests)


@pytest.mark.slow  # the retries' backoff: about 12 s (a reset on every request: 10 s, measured once)
def test_a_store_that_keeps_failing_is_one_line_in_bounded_time(bucket: str, through_faults) -> None:
    import time

    kind = "503"
    through_faults(1.0, (kind,))
    t0 = time.monotonic()
    with pytest.raises(InputError) as err:
        resolve_inputs([bucket])
    assert time.monotonic() - t0 < 60
    said = str(err.value)
    assert said.startswith(f"{bucket}: cannot be listed (") and "\n" not in said and SECRET_KEY not in said, said
    print(f"{kind}: {time.monotonic() - t0:.1f} s: {said}")


def test_an_object_replaced_after_the_listing_is_an_error_not_fewer_documents(s3_server: S3Server, bucket: str) -> None:
    client = s3_server.client()
    client.put_object(Bucket="corpus", Key="moving/part.jsonl", Body=_jsonl(_records(0, 8)))
    [f] = resolve_inputs(["s3://corpus/moving/part.jsonl"])
    client.put_object(Bucket="corpus", Key="moving/part.jsonl", Body=_jsonl(_records(0, 2)))
    with pytest.raises(InputError, match=r"part.jsonl: changed since the run listed it \([0-9,]+ bytes then, "):
        list(iter_documents([f]))
