"""The Gymnasium environments: the checker, actions against the engine's legal moves,
observations, level rewards, auto-reset and determinism across vector sizes and
thread counts."""

import subprocess
import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import match3
from conftest import LEVELS
from match3.gym import Match3Env, Match3VectorEnv


@pytest.mark.parametrize("obs_mode", ["int8", "onehot", "image", "rgb", "dict"])
@pytest.mark.parametrize("rules", ["lines", "clusters-drop", "clusters-tap"])
def test_the_environment_passes_gymnasiums_checker_without_a_warning(rules, obs_mode):
    import warnings

    import gymnasium as gym
    render = "rgb_array" if obs_mode == "rgb" else "ansi"
    env = gym.make("match3/Match3-v0", rules=rules, obs_mode=obs_mode, render_mode=render)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_a_level_environment_passes_the_checker_and_rewards_goal_units():
    crates = next(p for p in LEVELS if "crate-wall" in p.name)
    check_env(Match3Env(level=crates, obs_mode="onehot"), skip_render_check=True)
    env = Match3Env(level=crates)
    _, info = env.reset(seed=4)
    game = match3.Game(board=env.notation(), rules="lines")
    assert env.observation_space.shape == game.board.shape
    total, done = 0.0, False
    while not done:
        _, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        total, done = total + reward, terminated or truncated
    # Crate hits, not points: a few units, far below any score.
    assert 0 < total < 100


def test_the_mask_is_the_engines_legal_moves():
    for rules in ["lines", "clusters", "clusters-drop", "clusters-tap", "finite"]:
        env = Match3VectorEnv(3, rules=rules, size=(5, 6), colors=4)
        _, info = env.reset(seed=8)
        for i in range(3):
            game = match3.Game(rules, board=env.notation(i))
            legal = sorted(env.action_of(m) for m in game.legal_moves())
            assert legal == np.flatnonzero(info["action_mask"][i]).tolist(), rules
            assert all(env.move_of(a) in game.legal_moves() for a in legal)


def test_observations_agree_with_the_board():
    env = Match3VectorEnv(4, obs_mode="onehot", colors=5)
    obs, _ = env.reset(seed=1)
    for _ in range(20):
        obs, _, _, _, _ = env.step(env.sample_actions())
    for i in range(4):
        board = match3.Game("lines", board=env.notation(i)).board
        cell_planes = obs[i, : 5 + 5]
        assert (cell_planes.sum(axis=0) == 1).all(), "each cell is one of colour/colourless/empty/..."
        colors = np.where(board >= 0, board, -1)
        assert ((cell_planes[:5].argmax(axis=0) == colors) | (colors < 0)).all()


def test_vector_environments_start_the_next_episode_at_the_step_after_one_ends():
    env = Match3VectorEnv(2, rules="finite", size=(4, 4), colors=3, max_moves=5)
    _, info = env.reset(seed=0)
    ended, restarts = np.zeros(2, dtype=bool), 0
    for _ in range(40):
        obs, reward, term, trunc, info = env.step(info["action_mask"].argmax(axis=1))
        # The step after an end starts a new game, whatever the action: nothing scored,
        # nothing ended, and the new game has moves.
        assert (reward[ended] == 0).all() and not (term | trunc)[ended].any()
        assert info["action_mask"][ended].any(axis=1).all(), "a restarted game has moves"
        restarts += int(ended.sum())
        ended = term | trunc
    assert restarts >= 8


def run(n, steps=60, seed=11):
    env = Match3VectorEnv(n, max_moves=30)
    obs, info = env.reset(seed=seed)
    total, boards = np.zeros(n), []
    for _ in range(steps):
        obs, r, _, _, info = env.step(env.sample_actions())
        total += r
        boards.append(obs.copy())
    return total, np.array(boards)


def test_the_same_seed_gives_the_same_trajectory_whatever_the_number_of_envs():
    (a, boards_a), (b, boards_b) = run(3), run(3)
    assert a.tolist() == b.tolist() and (boards_a == boards_b).all()
    bigger, boards = run(40)
    assert bigger[:3].tolist() == a.tolist() and (boards[:, :3] == boards_a).all()
    assert run(3, seed=12)[0].tolist() != a.tolist()


def test_the_same_seed_gives_the_same_trajectory_whatever_the_number_of_threads():
    script = "import sys; sys.path.insert(0, sys.argv[1]); from test_envs import run; " \
             "t, b = run(64); print(t.tolist(), int(b.sum()))"
    here = str(__import__("pathlib").Path(__file__).parent)
    outs = [subprocess.run([sys.executable, "-c", script, here], capture_output=True, text=True, check=True,
                           env={**__import__("os").environ, "RAYON_NUM_THREADS": str(k)}).stdout
            for k in (1, 2, 3)]
    assert outs[0] == outs[1] == outs[2] and outs[0]


def test_a_vector_steps_from_any_thread():
    # The first thread to step works in the module's pool; a call from another thread
    # runs on a pool of its own, also when the module's pool has no other thread (it
    # would wait for ever for a worker that never comes).
    script = "import sys, threading; sys.path.insert(0, sys.argv[1]); from test_envs import run; " \
             "run(4); out = {}; t = threading.Thread(target=lambda: out.update(r=run(64))); " \
             "t.start(); t.join(); t, b = out['r']; print(t.tolist(), int(b.sum()))"
    here = str(__import__("pathlib").Path(__file__).parent)
    main_thread = run(64)
    for k in (1, 2):
        out = subprocess.run([sys.executable, "-c", script, here], capture_output=True, text=True, check=True,
                             timeout=60, env={**__import__("os").environ, "RAYON_NUM_THREADS": str(k)}).stdout
        assert out == f"{main_thread[0].tolist()} {int(main_thread[1].sum())}\n"


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="no fork on this system")
def test_a_forked_process_steps_its_copy_of_a_vector():
    # The forked child has only the thread that forked: a batch handed to threads of the
    # parent's pools (which do not exist in the child) would wait for ever. Stepped from
    # the main thread (the module's pool) and from other threads (a second pool).
    script = "import os, threading; from match3.gym import Match3VectorEnv\n" \
             "env = Match3VectorEnv(64); env.reset(seed=0)\n" \
             "def step(): env.step(env.sample_actions())\n" \
             "def in_thread(): t = threading.Thread(target=step); t.start(); t.join()\n" \
             "step(); in_thread()\n" \
             "pid = os.fork()\n" \
             "if pid == 0:\n    step(); in_thread(); os._exit(0)\n" \
             "print(os.waitpid(pid, 0)[1])"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout == "0\n"


def test_sampled_actions_are_legal_and_repeat_with_the_seed():
    def sampled():
        env = Match3VectorEnv(16, max_moves=20)
        _, info = env.reset(seed=3)
        seen = []
        for _ in range(30):
            actions = env.sample_actions().copy()
            assert info["action_mask"][np.arange(16), actions].all()
            _, _, _, _, info = env.step(actions)
            seen.append(actions)
        return np.array(seen)
    assert (sampled() == sampled()).all()


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError):
        Match3Env(obs_mode="rgb8")
    with pytest.raises(ValueError):
        Match3VectorEnv(0)
    with pytest.raises(ValueError):
        Match3Env(rules="chess")
    env = Match3VectorEnv(2)
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(np.zeros(3, dtype=np.int64))


def test_make_and_make_vec_give_these_environments():
    import gymnasium as gym
    single = gym.make("match3/Match3-v0", rules="clusters", colors=4)
    assert isinstance(single.unwrapped, Match3Env)
    vector = gym.make_vec("match3/Match3-v0", num_envs=8, vectorization_mode="vector_entry_point", colors=4)
    assert isinstance(vector, Match3VectorEnv) and vector.num_envs == 8
    obs, _ = vector.reset(seed=0)
    assert obs.shape == (8, 8, 8)
