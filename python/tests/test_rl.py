"""What an RL researcher relies on: observations that carry the state, Gymnasium's
vector semantics and wrappers, masks in every convention, strict input, state that
pickles and restores, rewards, pictures, and no crash on large or odd arguments."""

import copy
import weakref
import pickle
import shutil

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from gymnasium.vector import AutoresetMode

import match3
from conftest import ROOT
from match3.gym import Match3Env, Match3VectorEnv

LEVELS = ROOT / "levels"


def first_legal(info):
    return int(np.flatnonzero(info["action_mask"])[0])


# Observations that carry the state.

def test_the_dict_observation_shows_the_piece_the_next_drop_places():
    """The drop rules' next piece was hidden: the piece that lands is the one `next`
    announced, and different deals announce different pieces."""
    announced = set()
    for seed in range(6):
        env = Match3Env(rules="clusters-drop", obs_mode="dict", colors=6)
        obs, info = env.reset(seed=seed)
        assert obs["next"].sum() == 1
        color = int(obs["next"][:6].argmax())
        announced.add(color)
        column = first_legal(info)
        before = match3.Game("clusters-drop", board=env.notation()).board[:, column]
        env.step(column)
        after = match3.Game("clusters-drop", board=env.notation()).board[:, column]
        landed = [int(a) for b, a in zip(before, after) if b != a]
        # The dropped piece lands in the column (it may clear at once and leave nothing).
        assert landed == [] or color in landed
    assert len(announced) > 1


def test_the_dict_observation_shows_moves_left_and_goal_progress():
    level = LEVELS / "13-jelly-ring.toml"
    env = Match3Env(level=level, obs_mode="dict")
    obs, info = env.reset(seed=3)
    game = match3.Game(level=level, seed=0)
    assert obs["moves_left"].tolist() == [game.moves_left]
    (progress, target), = obs["goals"].tolist()
    layers = match3.Game("lines", board=env.notation()).layers()["jelly"]
    assert (progress, target) == (0, int(layers.sum()))
    total = 0.0
    for step in range(1, 6):
        obs, reward, terminated, truncated, info = env.step(first_legal(info))
        total += reward
        assert obs["moves_left"].tolist() == [game.moves_left - step]
        assert obs["goals"][0, 0] == total, "the reward counts the jelly layers cleared"
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break


def test_without_a_level_moves_left_counts_down_to_the_move_limit():
    env = Match3VectorEnv(3, obs_mode="dict", max_moves=4)
    obs, _ = env.reset(seed=0)
    assert obs["goals"].shape == (3, 0, 2) and obs["moves_left"].tolist() == [[4]] * 3
    for left in (3, 2, 1, 0):
        obs, *_ = env.step(env.sample_actions())
        assert obs["moves_left"].tolist() == [[left]] * 3


@pytest.mark.parametrize("level", ["13-jelly-ring.toml", "15-crate-wall.toml", "16-clusters-cellar.toml"])
def test_onehot_planes_count_jelly_layers_and_crate_health(level):
    env = Match3Env(level=LEVELS / level, obs_mode="onehot")
    obs, _ = env.reset(seed=2)
    game = match3.Game("clusters" if "clusters" in level else "lines", board=env.notation())
    layers, colors, kinds = game.layers(), env._core.colors, len(game.special_kinds)
    crate, layer = colors + 4, colors + 5 + kinds
    jelly = obs[layer] + obs[layer + 2]
    health = obs[crate] + obs[layer + 3] + obs[layer + 4]
    assert (jelly == layers["jelly"]).all() and (health == layers["crate"]).all()
    assert (obs[layer + 1] == layers["locked"]).all()
    assert jelly.max() == 2 or health.max() >= 2, "the level has a cell with two layers or health"


def test_image_observations_are_the_planes_channels_last_in_uint8():
    onehot, image = Match3Env(obs_mode="onehot"), Match3Env(obs_mode="image")
    a, _ = onehot.reset(seed=5)
    b, _ = image.reset(seed=5)
    assert image.observation_space.dtype == np.uint8 and b.shape == (8, 8, a.shape[0])
    assert (b == np.moveaxis(a, 0, -1).astype(np.uint8) * 255).all()


def test_rgb_observations_and_rgb_array_renders_draw_each_cell_in_its_colour():
    env = Match3Env(obs_mode="rgb", render_mode="rgb_array", colors=4)
    obs, _ = env.reset(seed=9)
    picture = env.render()
    assert obs.shape == (64, 64, 3) and obs.dtype == np.uint8
    assert picture.shape == (256, 256, 3) and picture.dtype == np.uint8
    board = match3.Game("lines", board=env.notation()).board
    fills = {0: [0xff, 0x6b, 0x6b], 1: [0x5a, 0xa9, 0xff], 2: [0x4c, 0xc9, 0x5e], 3: [0xff, 0xd2, 0x3f]}
    for (r, c), color in np.ndenumerate(board):
        assert obs[r * 8 + 4, c * 8 + 4].tolist() == fills[color]
        assert picture[r * 32 + 16, c * 32 + 16].tolist() == fills[color]


def test_ansi_prints_the_engines_notation():
    env = Match3Env(level=LEVELS / "14-locked-jelly.toml", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    rows, status = text.splitlines()[:-1], text.splitlines()[-1]
    assert match3.Game("lines", board="/".join(rows)).notation == env.notation()
    assert status.startswith("score 0 · ") and "moves left" in status
    with pytest.warns(UserWarning, match="render_mode"):
        assert Match3Env().render() is None


# Vector semantics by the book.

def play(mode, steps=60, n=1, seed=4, **kw):
    env = Match3VectorEnv(n, rules="finite", size=(4, 4), colors=3, max_moves=6, autoreset_mode=mode, **kw)
    obs, info = env.reset(seed=seed)
    out = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(info["action_mask"].argmax(axis=1))
        out.append((obs.copy(), reward.copy(), term.copy(), trunc.copy(), info))
    return out


def test_same_step_gives_the_last_observation_that_next_step_shows():
    nxt, same = play(AutoresetMode.NEXT_STEP, 130), play(AutoresetMode.SAME_STEP, 60)
    i, ends = 0, 0
    for obs, reward, term, trunc, info in same:
        n_obs, n_reward, n_term, n_trunc, _ = nxt[i]
        assert (reward == n_reward).all() and (term == n_term).all() and (trunc == n_trunc).all()
        if term[0] or trunc[0]:
            ends += 1
            assert info["_final_obs"].tolist() == [True]
            assert (info["final_obs"][0] == n_obs[0]).all(), "the ended episode's last observation"
            assert (info["final_info"]["action_mask"][0] == nxt[i][4]["action_mask"][0]).all()
            i += 1
            reset = nxt[i]
            assert reset[1][0] == 0 and not (reset[2][0] or reset[3][0])
            assert (obs[0] == reset[0][0]).all(), "the next episode's first observation"
        else:
            assert (obs == n_obs).all() and "final_obs" not in info
        i += 1
    assert ends >= 5


def test_the_standard_vector_wrappers_take_the_vector():
    from gymnasium.wrappers.vector import (FlattenObservation, NormalizeObservation, NormalizeReward,
                                           RecordEpisodeStatistics)
    env = RecordEpisodeStatistics(NormalizeReward(NormalizeObservation(FlattenObservation(
        Match3VectorEnv(4, obs_mode="dict", max_moves=10)))))
    obs, info = env.reset(seed=0)
    lengths = []
    for _ in range(25):
        obs, _, term, trunc, info = env.step(env.unwrapped.sample_actions())
        if "episode" in info:
            lengths += info["episode"]["l"][info["_episode"]].tolist()
    assert obs.ndim == 2 and obs.dtype == np.float32
    assert lengths and set(lengths) == {10}


def test_gym_spec_and_make_vec_set_the_move_limit():
    assert gym.spec("match3/Match3-v0").max_episode_steps == 100
    env = gym.make("match3/Match3-v0", obs_mode="dict")
    obs, info = env.reset(seed=0)
    assert obs["moves_left"].tolist() == [100]
    vec = gym.make_vec("match3/Match3-v0", num_envs=3, vectorization_mode="vector_entry_point",
                       max_episode_steps=10, obs_mode="dict")
    obs, _ = vec.reset(seed=0)
    assert obs["moves_left"].tolist() == [[10]] * 3
    for step in range(10):
        _, _, _, trunc, _ = vec.step(vec.unwrapped.sample_actions())
    assert trunc.all()


# Masking everywhere.

def test_masks_serve_gymnasium_sampling_and_action_masks():
    env = Match3Env()
    _, info = env.reset(seed=1)
    assert info["action_mask"].dtype == np.int8 and (env.action_masks() == info["action_mask"]).all()
    for _ in range(20):
        a = env.action_space.sample(mask=info["action_mask"])
        assert info["action_mask"][a] == 1
        _, _, _, _, info = env.step(a)
        assert info["illegal"] is False
    vec = Match3VectorEnv(5)
    _, info = vec.reset(seed=1)
    actions = vec.action_space.sample(mask=tuple(info["action_mask"]))
    assert info["action_mask"][np.arange(5), actions].all()
    assert (vec.action_masks() == info["action_mask"]).all()


def test_illegal_actions_noop_penalty_or_raise():
    def illegal_action(info):
        return int(np.flatnonzero(info["action_mask"] == 0)[0])

    noop = Match3Env(obs_mode="dict")
    obs, info = noop.reset(seed=2)
    before = noop.notation()
    obs, reward, _, _, info = noop.step(illegal_action(info))
    assert (reward, info["illegal"], noop.notation()) == (0.0, True, before)
    assert obs["moves_left"].tolist() == [99], "an illegal action still counts a move"

    penalty = Match3Env(illegal="penalty", illegal_penalty=2.5)
    _, info = penalty.reset(seed=2)
    assert penalty.step(illegal_action(info))[1] == -2.5

    strict = Match3Env(illegal="raise")
    _, info = strict.reset(seed=2)
    state = strict.get_state()
    with pytest.raises(ValueError, match="illegal"):
        strict.step(illegal_action(info))
    assert strict.get_state() == state, "a refused action changes nothing"
    vec = Match3VectorEnv(3, illegal="raise")
    _, info = vec.reset(seed=0)
    state = vec.get_state()
    actions = info["action_mask"].argmax(axis=1)
    actions[1] = illegal_action({"action_mask": info["action_mask"][1]})
    with pytest.raises(ValueError, match="environment 1"):
        vec.step(actions)
    assert vec.get_state() == state
    assert (vec.action_masks() == info["action_mask"]).all(), "the arrays are the ones before"


# Strict input.

@pytest.mark.parametrize("action", [-1, 112, 10**6, 1.5, "3", None, True, np.float64(2.0), [1]])
def test_actions_that_are_not_valid_integers_raise_value_error(action):
    env = Match3Env()
    env.reset(seed=0)
    state = env.get_state()
    with pytest.raises(ValueError):
        env.step(action)
    assert env.get_state() == state


def test_numpy_integers_are_actions_and_vectors_refuse_bad_arrays():
    env = Match3Env()
    _, info = env.reset(seed=0)
    env.step(np.int32(first_legal(info)))
    env.step(np.array(first_legal(info), dtype=np.uint8))
    vec = Match3VectorEnv(2)
    vec.reset(seed=0)
    for bad in [np.array([0.0, 1.0]), np.array([0, 112]), np.array([-1, 0]), ["a", "b"], np.array([0, 1, 2])]:
        with pytest.raises(ValueError):
            vec.step(bad)
    vec.step([0, 1])


def test_step_before_reset_after_an_episode_and_after_close_raise():
    env = Match3Env(max_moves=2)
    with pytest.raises(ResetNeeded):
        env.step(0)
    _, info = env.reset(seed=0)
    env.step(first_legal(info))
    _, _, _, truncated, info = env.step(first_legal(info))
    assert truncated
    with pytest.raises(ResetNeeded):
        env.step(first_legal(info))
    env.close()
    with pytest.raises(ClosedEnvironmentError):
        env.reset(seed=0)
    vec = Match3VectorEnv(2)
    with pytest.raises(ResetNeeded):
        vec.step([0, 0])
    vec.close()
    with pytest.raises(ClosedEnvironmentError):
        vec.reset(seed=0)


# Rewards.

def test_reward_scale_multiplies_every_reward():
    def rewards(scale):
        env = Match3VectorEnv(8, reward_scale=scale)
        env.reset(seed=6)
        return np.concatenate([env.step(env.sample_actions())[1] for _ in range(30)])
    plain, scaled = rewards(1.0), rewards(0.01)
    assert plain.max() >= 30 and np.allclose(scaled, plain * 0.01)


# State.

def test_pickled_and_copied_environments_play_on_identically():
    env = Match3VectorEnv(6, obs_mode="dict", autoreset_mode=AutoresetMode.SAME_STEP, max_moves=20)
    env.reset(seed=3)
    for _ in range(7):
        env.step(env.sample_actions())
    twins = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for _ in range(30):
        actions = env.sample_actions()
        want = env.step(actions)
        for twin in twins:
            assert (twin.sample_actions() == actions).all()
            got = twin.step(actions)
            assert all((got[0][k] == want[0][k]).all() for k in want[0])
            assert all((g == w).all() for g, w in zip(got[1:4], want[1:4]))


def test_a_pickled_level_environment_needs_no_file(tmp_path):
    path = tmp_path / "level.toml"
    shutil.copy(LEVELS / "10-drop-funnel.toml", path)
    env = gym.make("match3/Match3-v0", level=path, obs_mode="dict")
    env.reset(seed=1)
    text = pickle.dumps(env)
    path.unlink()
    twin = pickle.loads(text)
    assert twin.unwrapped.notation() == env.unwrapped.notation()
    assert twin.step(2)[1:3] == env.step(2)[1:3]


def test_get_and_set_state_go_back_and_refuse_other_environments():
    env = Match3Env(obs_mode="dict")
    obs, info = env.reset(seed=8)
    state = env.get_state()
    trail = [env.step(first_legal(info))[1] for _ in range(5)]
    back, _ = env.set_state(state)
    assert (back["board"] == obs["board"]).all()
    assert [env.step(first_legal(info))[1] for _ in range(5)] == trail
    before = env.get_state()
    for other in [Match3Env(rules="clusters"), Match3Env(size=(6, 6)), Match3Env(colors=5)]:
        with pytest.raises(ValueError):
            env.set_state(other.get_state())
    with pytest.raises(ValueError):
        env.set_state('{"match3_env": 1}')
    assert env.get_state() == before


def test_bot_actions_are_the_bots_moves_in_the_environments_position():
    env = Match3VectorEnv(4, rules="finite", size=(5, 5), colors=4)
    env.reset(seed=2)
    actions = env.bot_action("greedy", seed=0)
    for i in range(4):
        game = match3.Game("finite", board=env.notation(i))
        assert env.move_of(actions[i]) == match3.Bot("greedy").choose(game)
    single = Match3Env(rules="lines")
    _, info = single.reset(seed=1)
    for bot in ["random", "lookahead", "mcts"]:
        a = single.bot_action(bot, seed=3)
        assert info["action_mask"][a] == 1 and single.bot_action(bot, seed=3) == a
    with pytest.raises(ValueError):
        single.bot_action("oracle")


# Never abort, never PanicException.

def test_a_vector_too_large_for_memory_raises_memory_error_naming_its_size():
    with pytest.raises(MemoryError, match="GB"):
        Match3VectorEnv(2**20, size=(32, 32), obs_mode="onehot")


def test_arrays_handed_out_keep_their_values_and_ones_let_go_are_written_again():
    env = Match3VectorEnv(4, max_moves=5)
    env.reset(seed=0)
    held, let_go, reused = [], {}, []
    for t in range(12):
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        arrays = [obs, obs[1:], reward, term, trunc, info["action_mask"], info["illegal"]]
        # Every array of a step whose arrays were all let go comes back two steps later.
        if t - 2 in let_go:
            reused.append(let_go[t - 2]() is reward)
        if t % 3 == 0:
            held.append((arrays, [a.copy() for a in arrays]))
        else:
            let_go[t] = weakref.ref(reward)
        del obs, reward, term, trunc, info, arrays
    for arrays, values in held:
        assert all((a == v).all() for a, v in zip(arrays, values)), "a held array changed"
    assert reused and all(reused), reused


def test_arrays_made_read_only_then_let_go_are_not_written_again():
    env = Match3VectorEnv(3)
    env.reset(seed=0)
    for _ in range(6):
        _, reward, *_ = env.step(env.sample_actions())
        reward.flags.writeable = False
        del reward
    env.step(env.sample_actions())


def test_arrays_made_read_only_or_passed_twice_raise_no_panic():
    env = Match3VectorEnv(3, copy=False)
    obs, info = env.reset(seed=0)
    obs.flags.writeable = False
    frozen = obs.copy()
    new, *_ = env.step(env.sample_actions())
    assert (obs == frozen).all() and new is not obs, "the vector writes into new arrays"
    core, bufs = env._core, env._bufs
    bufs.masks = bufs.final_masks = np.zeros((3, core.num_actions), np.int8)
    bufs.extras = bufs.final_extras = np.zeros((3, 0), np.int32)
    bufs.final_obs = bufs.obs
    with pytest.raises(ValueError, match="cannot be written"):
        core.step(np.zeros(3, dtype=np.int64), bufs)
    bufs.final_obs = bufs.final_extras = bufs.final_masks = None
    bufs.rewards = np.zeros(3, np.float32)
    bufs.rewards.flags.writeable = False
    with pytest.raises(ValueError, match="rewards"):
        core.step(np.zeros(3, dtype=np.int64), bufs)
