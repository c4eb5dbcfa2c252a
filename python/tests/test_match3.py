"""The Python package against the engine: games, errors, determinism, save and load,
the environment checker and vector auto-reset."""

import json
import subprocess

import numpy as np
import pytest

import match3
from match3.gym import Match3Env, Match3VectorEnv


def test_the_teaching_swap_scores_three_and_traces_like_resolve():
    game = match3.Game("finite", board="teaching")
    trace = game.play({"swap": [[0, 2], [1, 2]]})
    assert trace["phases"][0]["cleared"] == [[0, 0], [0, 1], [0, 2]]
    assert (game.score, game.moves, game.status) == (3, 1, "playable")
    assert game.board[0].tolist() == [match3.EMPTY] * 3 + [2]


def test_a_refused_move_raises_and_changes_nothing():
    game = match3.Game("lines", seed=4)
    before = (game.notation, game.score, game.moves)
    with pytest.raises(ValueError, match="illegal move"):
        game.play({"swap": [[0, 0], [5, 5]]})
    with pytest.raises(ValueError):
        game.play({"jump": 3})
    assert (game.notation, game.score, game.moves) == before
    with pytest.raises(ValueError, match="unknown rules"):
        match3.Game("chess")


def test_save_and_load_continue_the_same_game():
    game = match3.Game("lines", seed=7)
    game.play(game.legal_moves()[0])
    copy = match3.Game.load(game.save())
    move = game.legal_moves()[0]
    assert game.play(move) == copy.play(move)
    assert copy.notation == game.notation


def test_the_same_seed_gives_the_same_trajectory_whatever_the_number_of_envs():
    def run(n):
        env = Match3VectorEnv(n, max_moves=30)
        obs, info = env.reset(seed=11)
        total = np.zeros(n)
        for _ in range(60):
            obs, r, _, _, info = env.step(info["action_mask"].argmax(axis=1))
            total += r
        return total
    assert run(3).tolist() == run(3).tolist()
    assert run(8)[:3].tolist() == run(3).tolist()


def test_vector_environments_restart_ended_episodes():
    env = Match3VectorEnv(2, rules="finite", size=(4, 4), colors=3, max_moves=5)
    _, info = env.reset(seed=0)
    ended = 0
    for _ in range(40):
        _, _, term, trunc, info = env.step(info["action_mask"].argmax(axis=1))
        ended += int((term | trunc).sum())
        assert info["action_mask"].any(axis=1).all(), "a restarted game has moves"
    assert ended > 0


def test_the_environment_passes_gymnasiums_checker():
    from gymnasium.utils.env_checker import check_env
    for mode in ["int8", "onehot"]:
        check_env(Match3Env(obs_mode=mode), skip_render_check=True)


def test_actions_match_the_legal_moves():
    env = Match3Env(rules="finite", size=(4, 4), colors=3)
    _, info = env.reset(seed=5)
    legal = np.flatnonzero(info["action_mask"])
    assert len(legal) > 0
    _, reward, _, _, _ = env.step(int(legal[0]))
    assert reward > 0


def test_sampled_actions_are_legal_and_repeat_with_the_seed():
    def run():
        env = Match3VectorEnv(16, max_moves=20)
        _, info = env.reset(seed=3)
        seen = []
        for _ in range(30):
            actions = env.sample_actions().copy()
            rows = np.arange(16)
            assert info["action_mask"][rows, actions].all()
            _, _, _, _, info = env.step(actions)
            seen.append(actions)
        return np.array(seen)
    assert (run() == run()).all()
