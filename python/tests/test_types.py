"""The type stubs describe the compiled module as it is, and the package type-checks:
both with mypy (installed by `.ci/run`; skipped without it)."""

import pathlib
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "match3"


def mypy(*args):
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True)


def test_the_stubs_match_the_compiled_module():
    out = mypy("mypy.stubtest", "match3._core")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_package_type_checks():
    out = mypy("mypy", "--disallow-untyped-defs", "--warn-unused-ignores", str(PACKAGE))
    assert out.returncode == 0, out.stdout + out.stderr
