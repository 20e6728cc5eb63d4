"""The console script's entry: a stop signal while Python still imports the CLI ends in one line."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest
from fixtures.cli import cli_env
from fixtures.shared import REPO

pytestmark = pytest.mark.slow  # a Python process per case

# The CLI's import made to wait (as a loaded machine's imports do), so the signal surely lands in it.
SLOW_IMPORT = r'''
import sys, time
class Slow:
    def find_spec(self, name, path, target=None):
        if name == "corefprep.cli":
            print("importing", flush=True)
            time.sleep(60)
        return None
sys.meta_path.insert(0, Slow())
from corefprep.launch import main
sys.exit(main(["--help"]))
'''


@pytest.mark.parametrize(("sig", "code", "said"), [(signal.SIGTERM, 143, "stopped by SIGTERM"),
                                                   (signal.SIGINT, 130, "interrupted")])
def test_a_stop_signal_while_the_cli_is_imported_is_one_line(sig: int, code: int, said: str) -> None:
    p = subprocess.Popen([sys.executable, "-c", SLOW_IMPORT], env=cli_env(), cwd=REPO, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert p.stdout is not None and p.stdout.readline() == "importing\n"
        p.send_signal(sig)
        _, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert p.returncode == code, err
    assert err.splitlines() == [f"corefprep: {said} while starting; nothing was done"], err


def test_the_console_script_and_python_m_start_the_same_cli() -> None:
    for argv in (["-m", "corefprep", "--version"], ["-c", "from corefprep.launch import run; run()", "--version"]):
        r = subprocess.run([sys.executable, *argv], env=cli_env(), cwd=REPO, capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0 and r.stdout.startswith("corefprep "), (argv, r.stdout, r.stderr)
