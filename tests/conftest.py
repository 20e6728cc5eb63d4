import pytest

# fixtures.tiers: the fast/slow/serial tiers and the guard that keeps the fast tier free of
# subprocess CLI runs and Ray (see its docstring)
pytest_plugins = ["fixtures.tiers", "fixtures.reliability", "fixtures.s3"]


@pytest.fixture(scope="session")
def kiwi():
    from corefprep.rules.kiwi import load_kiwi

    return load_kiwi()


@pytest.fixture(autouse=True)
def _no_fence_left_behind():
    """A test that holds or loses a lease in this process gives its fence back: the next test's
    writes must not be refused for it."""
    yield
    from corefprep.core.fence import FENCE, LEASE, LOCK

    FENCE.release(LOCK)
    FENCE.release(LEASE)
