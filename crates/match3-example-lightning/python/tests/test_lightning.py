"""The lightning package: the match3 API over an engine with one more variant. Its games
play, its simulations give the `match3-lightning` command line's numbers, and its
Gymnasium environments pass Gymnasium's checks with lightning among the observation's
planes."""

import json
import os
import pathlib
import pickle
import shutil
import subprocess

import gymnasium
import numpy as np
import pytest

import match3
import match3.gym
import match3_lightning
from match3_lightning import gym as lightning_gym

ROOT = pathlib.Path(__file__).resolve().parents[4]


@pytest.fixture(scope="session")
def lightning_binary():
    """MATCH3_LIGHTNING (which must then exist: CI sets it), else this checkout's build or
    the PATH's; the agreement test is skipped only when there is none at all."""
    given = os.environ.get("MATCH3_LIGHTNING")
    if given:
        assert os.access(given, os.X_OK), f"MATCH3_LIGHTNING={given} is not an executable"
        return given
    for candidate in [ROOT / "target" / "release" / "match3-lightning", ROOT / "target" / "debug" / "match3-lightning"]:
        if os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("match3-lightning")
    if not found:
        pytest.skip("no match3-lightning binary: build it (cargo build -p match3-example-lightning)")
    return found


def test_the_api_is_match3s_over_its_own_engine():
    for name in match3.__all__:
        assert hasattr(match3_lightning, name), name
    for name in lightning_gym.__all__:
        assert hasattr(match3.gym, name), name
    assert match3_lightning.Game is not match3.Game
    assert type(match3_lightning.Game("lines")._g).__module__ == "match3_lightning._core"
    assert gymnasium.spec("match3_lightning/Match3-v0").entry_point == "match3_lightning.gym:Match3Env"


def test_the_rules_come_from_the_registry():
    assert match3_lightning.RULES == (*match3.RULES, "lightning")
    with pytest.raises(ValueError, match="unknown rules"):
        match3.Game("lightning")


def test_a_lightning_game_plays_and_makes_lightning():
    game = match3_lightning.Game(rules="lightning", seed=5)
    assert game.rules == "lightning"
    assert any("lightning" in kind for kind in game.special_kinds)
    bot = match3_lightning.Bot("greedy", seed=5)
    for _ in range(5):
        game.play(bot.choose(game))
    assert game.moves == 5 and game.score > 0
    square = match3_lightning.Game("lightning", board="ABA/AAC/CBD", seed=3)
    trace = square.play({"swap": [[0, 2], [0, 1]]})
    assert trace["phases"][0]["created"][0]["piece"] == "A!"
    assert repr(square).startswith("<match3_lightning.Game lightning")
    assert match3_lightning.Game.load(square.save()).notation == square.notation


def test_simulate_gives_the_command_lines_numbers(lightning_binary):
    ours = match3_lightning.simulate(rules="lightning", bot="greedy", games=12, moves=30, seed=9, timing=False)
    out = subprocess.run([lightning_binary, "simulate", "--rules", "lightning", "--bot", "greedy", "--games", "12",
                          "--moves", "30", "--seed", "9", "--json", "--no-timing"],
                         capture_output=True, text=True, check=True)
    assert ours == json.loads(out.stdout)
    assert ours["rules"] == "lightning" and ours["specials_created"] > 0


def test_solve_runs_on_the_packages_engine():
    solved = match3_lightning.solve(match3_lightning.Game("finite", board="teaching"), goal="clear")
    assert solved == match3.solve(match3.Game("finite", board="teaching"), goal="clear")


def lightning_plane(env):
    """The index of the lightning plane in a one-hot observation: after the palette's
    planes, colourless and the four cell kinds, the rules' special kinds in order."""
    kinds = match3_lightning.Game("lightning").special_kinds
    colors = env.observation_space.shape[0] - 1 - 4 - len(kinds) - 5
    return colors + 1 + 4 + next(i for i, k in enumerate(kinds) if "lightning" in k)


def test_the_environment_passes_gymnasiums_checks_with_lightning_in_its_planes():
    from gymnasium.utils.env_checker import check_env

    env = lightning_gym.Match3Env(rules="lightning", obs_mode="onehot")
    check_env(env, skip_render_check=True)
    plain = match3.gym.Match3Env(rules="lines", obs_mode="onehot")
    assert env.observation_space.shape[0] == plain.observation_space.shape[0] + 1
    plane = lightning_plane(env)
    obs, _ = env.reset(seed=1)
    for _ in range(100):
        if obs[plane].any():
            break
        obs, _, terminated, truncated, _ = env.step(env.bot_action("greedy"))
        if terminated or truncated:
            obs, _ = env.reset()
    assert obs[plane].any(), "no lightning in 100 greedy moves"
    assert "!" in env.notation()


def test_the_vector_and_pickles_are_the_packages():
    vec = lightning_gym.Match3VectorEnv(3, rules="lightning")
    obs, info = vec.reset(seed=2)
    assert obs.shape == (3, 8, 8)
    vec.step(np.array([int(np.flatnonzero(m)[0]) for m in info["action_mask"]]))
    env = lightning_gym.Match3Env(rules="lightning")
    env.reset(seed=4)
    again = pickle.loads(pickle.dumps(env))
    assert type(again) is lightning_gym.Match3Env
    assert type(again._core).__module__ == "match3_lightning._core"
    assert again.notation() == env.notation()
