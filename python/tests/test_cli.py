"""The package against the `match3` command line: a seeded game's traces equal
`resolve --json`, and `simulate` and `solve` print the same JSON."""

import json
import subprocess

import pytest

import match3
from conftest import LEVELS


def cli(binary, *args):
    out = subprocess.run([binary, *map(str, args)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cell(p):
    return f"{p[0]},{p[1]}"


@pytest.mark.parametrize("rules,seed", [("lines", 1), ("lines", 7), ("clusters", 3), ("clusters-tap", 2),
                                        ("clusters-drop", 5), ("finite", 0)])
def test_each_turn_traces_like_resolve(match3_binary, rules, seed):
    size = (4, 4) if rules == "finite" else (8, 8)
    game, bot = match3.Game(rules, size=size, colors=4, seed=seed), match3.Bot("greedy", seed=seed)
    for _ in range(3):
        if game.status != "playable":
            break
        board, move = game.notation, bot.choose(game)
        if "swap" in move:
            a, b = move["swap"]
            how = ["--swap", cell(a), cell(b)]
        elif "tap" in move:
            how = ["--tap", cell(move["tap"])]
        else:
            how = ["--drop", move["drop"]]
        # resolve starts a game from the board with the seed: the same generator as a
        # Python game from that board.
        fresh = match3.Game(rules, board=board, seed=seed + 100)
        expected = cli(match3_binary, "resolve", "--rules", rules, "--board", board, "--seed", seed + 100,
                       *how, "--json")
        trace = fresh.play(move)
        assert trace == {k: expected[k] for k in ("opening", "phases", "shuffle")}
        assert fresh.notation == expected["board"] and fresh.score == expected["score"]
        game.play(move)


def test_simulate_prints_the_same_json(match3_binary):
    args = dict(rules="clusters", bot="random", games=25, moves=30, seed=4)
    ours = match3.simulate(**args, timing=False)
    theirs = cli(match3_binary, "simulate", "--rules", "clusters", "--bot", "random", "--games", 25,
                 "--moves", 30, "--seed", 4, "--json", "--no-timing")
    assert ours == theirs
    level = next(p for p in LEVELS if "jelly-ring" in p.name)
    ours = match3.simulate(level=level, bot="greedy", games=20, timing=False)
    theirs = cli(match3_binary, "simulate", "--level", level, "--bot", "greedy", "--games", 20, "--json",
                 "--no-timing")
    assert ours == theirs


def test_solve_prints_the_same_json(match3_binary):
    ours = match3.solve(match3.Game("finite", board="teaching"), goal="clear")
    theirs = cli(match3_binary, "solve", "--rules", "finite", "--board", "teaching", "--goal", "clear", "--json")
    assert ours == theirs
    level = next(p for p in LEVELS if "finite-locks" in p.name)
    ours = match3.solve(match3.Game(level=level, seed=2))
    theirs = cli(match3_binary, "solve", "--level", level, "--seed", 2, "--json")
    assert ours == theirs
