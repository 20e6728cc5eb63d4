import pytest

# fixtures.tiers: the fast/slow/serial tiers and the guard that keeps the fast tier free of
# subprocess CLI runs and Ray (see its docstring)
pytest_plugins = ["fixtures.tiers", "fixtures.reliability", "fixtures.s3"]


@pytest.fixture(scope="session")
def kiwi():
    from corefprep.rules.kiwi import load_kiwi

    return load_kiwi()
