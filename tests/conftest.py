import pytest


@pytest.fixture(scope="session")
def kiwi():
    from corefprep.kiwi import load_kiwi

    return load_kiwi()


def _shared_dir():
    import os
    from pathlib import Path

    env = os.environ.get("COREFPREP_SHARED")
    for cand in ([Path(env)] if env else []) + [Path(__file__).resolve().parents[2] / "shared", Path("/work/shared")]:
        if (cand / "corpus" / "dev").is_dir():
            return cand
    return None


SHARED = _shared_dir()
DEV_CORPUS = SHARED / "corpus" / "dev" if SHARED else None
needs_shared = pytest.mark.skipif(SHARED is None, reason="../shared (dev corpus) is absent")
