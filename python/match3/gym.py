"""Gymnasium environments: :class:`Match3Env` (one game) and :class:`Match3VectorEnv`
(``num_envs`` games stepped in Rust in one call, in parallel, without the GIL).

Observations are the board as ``int8`` (``obs_mode="int8"``: colour index, negative for
empty, blocker, hole and crate; see :mod:`match3`) or one-hot planes (``obs_mode="onehot"``:
one plane per colour, then empty, blocker, hole, crate). Actions are every swap of two
neighbours (horizontal ones row by row, then vertical ones), or every column (drop
rules), or every cell (tap rules); ``info["action_mask"]`` marks the legal ones. The
reward is the score a move gains. An episode is terminated when the game ends (no move
left, won or lost) and truncated at ``max_moves``; an illegal action plays nothing and
still counts a move.
"""

import numpy as np
import gymnasium as gym
from gymnasium import spaces

from . import _core

PLANES_AFTER_COLORS = 4  # empty, blocker, hole, crate


def _spaces(rows, cols, colors, obs_mode, n_actions):
    if obs_mode == "int8":
        obs = spaces.Box(low=-4, high=26, shape=(rows, cols), dtype=np.int8)
    elif obs_mode == "onehot":
        obs = spaces.Box(low=0, high=1, shape=(colors + PLANES_AFTER_COLORS, rows, cols), dtype=np.int8)
    else:
        raise ValueError(f"obs_mode {obs_mode!r}: give 'int8' or 'onehot'")
    return obs, spaces.Discrete(n_actions)


def _onehot(board, colors):
    """(..., rows, cols) int8 boards to (..., colors + 4, rows, cols) planes."""
    codes = np.where(board >= 0, board, colors - 1 - board.astype(np.int16))
    planes = np.arange(colors + PLANES_AFTER_COLORS, dtype=np.int16)
    return (codes[..., None, :, :] == planes[:, None, None]).astype(np.int8)


class Match3Env(gym.Env):
    """One game as a Gymnasium environment (``match3/Match3-v0``)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, rules="lines", size=(8, 8), colors=6, max_moves=100, obs_mode="int8", render_mode=None):
        self._args = dict(rules=rules, rows=size[0], cols=size[1], colors=colors, max_moves=max_moves)
        self._core = _core.VecEnv(1, seed=0, autoreset=False, **self._args)
        self._colors, self._mode = colors, obs_mode
        self.observation_space, self.action_space = _spaces(size[0], size[1], colors, obs_mode, self._core.num_actions)
        self.render_mode = render_mode
        self._obs = np.zeros((1, size[0], size[1]), dtype=np.int8)
        self._mask = np.zeros((1, self._core.num_actions), dtype=bool)

    def _out(self):
        board = self._obs[0].copy()
        return board if self._mode == "int8" else _onehot(board, self._colors)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        self._core.reset(seed)
        self._core.observe(self._obs, self._mask)
        return self._out(), {"action_mask": self._mask[0].copy()}

    def step(self, action):
        board, mask, reward, terminated, truncated = self._core.step_one(int(action))
        self._obs[0] = board
        obs = board if self._mode == "int8" else _onehot(board, self._colors)
        return obs, reward, terminated, truncated, {"action_mask": mask}

    def render(self):
        return "\n".join(" ".join(f"{v:3d}" for v in row) for row in self._obs[0])


class Match3VectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games stepped in Rust in one call. Ended episodes restart in the same
    step (the returned observation is the new episode's); arrays are allocated once."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs, rules="lines", size=(8, 8), colors=6, max_moves=100, obs_mode="int8"):
        self.num_envs = num_envs
        self._core = _core.VecEnv(num_envs, rules, size[0], size[1], colors, 0, max_moves, True)
        self._colors, self._mode = colors, obs_mode
        self.single_observation_space, self.single_action_space = _spaces(
            size[0], size[1], colors, obs_mode, self._core.num_actions)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self._core.num_actions))
        n = num_envs
        self._obs = np.zeros((n, size[0], size[1]), dtype=np.int8)
        self._masks = np.zeros((n, self._core.num_actions), dtype=bool)
        self._rewards = np.zeros(n, dtype=np.float32)
        self._term = np.zeros(n, dtype=bool)
        self._trunc = np.zeros(n, dtype=bool)
        self._actions = np.zeros(n, dtype=np.int64)

    def _out(self):
        return self._obs if self._mode == "int8" else _onehot(self._obs, self._colors)

    def reset(self, *, seed=None, options=None):
        self._core.reset(0 if seed is None else int(seed))
        self._core.observe(self._obs, self._masks)
        return self._out(), {"action_mask": self._masks}

    def sample_actions(self):
        """A uniformly random legal action per environment (seeded by ``reset``), drawn
        in Rust: the fastest way to play at random."""
        self._core.sample(self._actions)
        return self._actions

    def step(self, actions):
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._core.step(actions, self._obs, self._rewards, self._term, self._trunc, self._masks)
        return self._out(), self._rewards, self._term, self._trunc, {"action_mask": self._masks}


gym.register(id="match3/Match3-v0", entry_point="match3.gym:Match3Env")
