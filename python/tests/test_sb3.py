"""The Stable-Baselines3 adapter keeps sb3's VecEnv contract: checked here against the
contract as sb3 documents it (whether sb3 is installed or not), and, where sb3 and
sb3-contrib are installed, by training MaskablePPO on it a few hundred steps."""

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from match3.gym import Match3VectorEnv
from match3.sb3 import Match3SB3VecEnv


def test_the_adapter_keeps_sb3s_vec_env_contract():
    env = Match3SB3VecEnv(3, rules="finite", size=(4, 4), colors=3, max_moves=6, seed=5)
    # Built like sb3's VecEnv: its attributes, the spaces of one environment.
    assert env.num_envs == 3 and env.reset_infos == [{}, {}, {}] and env.render_mode is None
    assert env.observation_space.shape == (4, 4) and env.action_space.n == env.vector.single_action_space.n
    obs = env.reset()
    assert isinstance(obs, np.ndarray) and obs.shape == (3, 4, 4)
    twin = Match3VectorEnv(3, rules="finite", size=(4, 4), colors=3, max_moves=6,
                           autoreset_mode=AutoresetMode.SAME_STEP)
    twin_obs, info = twin.reset(seed=5)
    assert (obs == twin_obs).all(), "the constructor's seed seeds the first reset"
    ends = 0
    for _ in range(40):
        masks = np.stack(env.env_method("action_masks"))
        assert (masks == info["action_mask"]).all() and (env.action_masks() == masks).all()
        actions = masks.argmax(axis=1)
        obs, rewards, dones, infos = env.step(actions)
        want_obs, want_rewards, term, trunc, info = twin.step(actions)
        assert rewards.dtype == np.float32 and dones.dtype == np.bool_ and len(infos) == 3
        assert (obs == want_obs).all() and (rewards == want_rewards).all() and (dones == (term | trunc)).all()
        for i in range(3):
            # The returned observation is the next episode's; the ended one's is kept.
            assert ("terminal_observation" in infos[i]) == dones[i]
            if dones[i]:
                ends += 1
                assert (infos[i]["terminal_observation"] == info["final_obs"][i]).all()
                assert infos[i]["TimeLimit.truncated"] == bool(trunc[i] and not term[i])
    assert ends >= 5
    assert env.has_attr("action_masks") and env.get_attr("render_mode") == [None] * 3
    assert env.get_attr("num_envs", indices=[0, 2]) == [3, 3]
    assert env.env_is_wrapped(object) == [False] * 3
    assert all(a >= 0 for a in env.env_method("bot_action", "greedy", 0))
    assert len(env.get_images()) == 3 and env.get_images()[0].shape == (128, 128, 3)
    with pytest.raises(AttributeError):
        env.get_attr("no_such_attribute")
    env.seed(11)
    again = env.reset()
    assert (again == Match3VectorEnv(3, rules="finite", size=(4, 4), colors=3).reset(seed=11)[0]).all()
    env.close()


def test_dict_observations_pass_through_as_dicts():
    env = Match3SB3VecEnv(2, obs_mode="dict", max_moves=2, seed=0)
    obs = env.reset()
    assert set(obs) == {"board", "moves_left", "goals", "next"} and obs["board"].shape[0] == 2
    env.step(np.zeros(2, dtype=np.int64))
    _, _, dones, infos = env.step(np.zeros(2, dtype=np.int64))
    assert dones.all() and set(infos[0]["terminal_observation"]) == set(obs)
    assert infos[0]["TimeLimit.truncated"]


def test_maskable_ppo_trains_on_the_adapter():
    pytest.importorskip("stable_baselines3")
    contrib = pytest.importorskip("sb3_contrib")
    from stable_baselines3.common.vec_env import VecEnv, VecMonitor
    env = Match3SB3VecEnv(8, obs_mode="onehot", seed=0)
    assert isinstance(env, VecEnv)
    model = contrib.MaskablePPO("MlpPolicy", VecMonitor(env), n_steps=16, batch_size=64, n_epochs=1, seed=0)
    model.learn(256)
    assert model.num_timesteps >= 256
    assert AutoresetMode.SAME_STEP == env.vector.metadata["autoreset_mode"]
