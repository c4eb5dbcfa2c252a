"""The example scripts run, and say what they claim."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))

import bot_ladder  # noqa: E402
import reinforce  # noqa: E402

from conftest import LEVELS  # noqa: E402


def test_the_numpy_policy_learns_to_beat_random_play():
    trained, random = reinforce.main(50000)
    assert trained > random * 1.05


def test_the_bot_ladder_prints_a_row_per_level_and_a_column_per_bot():
    text = bot_ladder.main(["bot_ladder.py", "4", str(LEVELS[0].parent), "random,greedy"])
    lines = text.splitlines()
    assert lines[0].split()[1:] == ["random", "greedy"]
    assert len(lines) == 1 + len(LEVELS)
    assert all("%" in line for line in lines[1:])
