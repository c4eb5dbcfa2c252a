"""The package refuses a game as the command line and the playground do: the table in
crates/match3-cli/tests/refusals.json (whose Rust test runs it through `match3 new` and
`POST /api/games`) run through `match3.Game`, and through the binary once more."""

import json
import subprocess

import pytest

import match3
from conftest import ROOT

CASES = json.loads((ROOT / "crates" / "match3-cli" / "tests" / "refusals.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["what"] for c in CASES])
def test_python_refuses_a_game_as_the_command_line_does(match3_binary, case):
    with pytest.raises(ValueError) as refused:
        match3.Game(**case["python"])
    assert str(refused.value) == case["error"]
    out = subprocess.run([match3_binary, *case["cli"]], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip() == f"match3: {case['error']}"


def test_what_a_game_would_ignore_is_refused():
    with pytest.raises(ValueError, match="colors: a given board sets its own"):
        match3.Game("lines", board="ABC/BCA", colors=6)
    with pytest.raises(ValueError, match="size: a level sets its own size"):
        match3.Game(level=ROOT / "levels" / "01-first-steps.toml", size=(8, 8))
    assert match3.Game("lines", seed=4).board.shape == (8, 8)


def test_simulate_refuses_as_the_command_line_does(match3_binary):
    """One check of a simulation for both: blockers on rules whose boards start empty are
    refused (never quietly dropped), with the command line's words."""
    error = "blockers 10: the clusters-drop rules generate no blockers (their boards start empty)"
    with pytest.raises(ValueError) as refused:
        match3.simulate("clusters-drop", blockers=10, games=2)
    assert str(refused.value) == error
    out = subprocess.run([match3_binary, "simulate", "--rules", "clusters-drop", "--blockers", "10"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip() == f"match3: {error}"


@pytest.mark.parametrize("precision", [0.0, -0.1, 0.6, float("nan"), float("inf")])
def test_a_precision_the_command_line_refuses_is_refused(precision):
    level = ROOT / "levels" / "01-first-steps.toml"
    with pytest.raises(ValueError, match=r"precision .*: give the interval's half-width as a fraction above 0"):
        match3.simulate(level=level, games=2, precision=precision)
