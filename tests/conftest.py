import pytest

pytest_plugins = ["fixtures.reliability"]


@pytest.fixture(scope="session")
def kiwi():
    from corefprep.rules.kiwi import load_kiwi

    return load_kiwi()
