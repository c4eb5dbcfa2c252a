"""Shared fixtures: the repository's folders and the `match3` binary the agreement
tests compare against."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEVELS = sorted((ROOT / "levels").glob("*.toml"))


@pytest.fixture(scope="session")
def match3_binary():
    """MATCH3 (which must then exist: CI sets it), else this checkout's build or the
    PATH's; the agreement tests are skipped only when there is none at all."""
    given = os.environ.get("MATCH3")
    if given:
        assert os.access(given, os.X_OK), f"MATCH3={given} is not an executable"
        return given
    for candidate in [ROOT / "target" / "release" / "match3", ROOT / "target" / "debug" / "match3"]:
        if os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("match3")
    if not found:
        pytest.skip("no match3 binary: build it (cargo build -p match3-cli) or set MATCH3")
    return found
