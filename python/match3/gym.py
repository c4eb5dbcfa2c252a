"""Gymnasium environments: :class:`Match3Env` (one game, ``match3/Match3-v0``) and
:class:`Match3VectorEnv` (``num_envs`` games stepped in Rust in one call, in parallel
across cores, without the GIL, into arrays allocated once).

**Observations** (``obs_mode``):

- ``"int8"``: the board, ``(rows, cols)`` ``int8``: a piece's colour index (A = 0 ...),
  26 for a colourless piece (colour bomb), -1 empty, -2 blocker, -3 hole, -4 crate (the
  constants of :mod:`match3`).
- ``"onehot"``: ``(planes, rows, cols)`` ``int8`` of 0 and 1, plane-major: one plane per
  colour of the palette, then colourless, empty, blocker, hole, crate, one plane per
  special kind of the rules (in ``Game.special_kinds`` order), jelly (any layer left) and
  locked.

**Actions** are ``Discrete``: every swap of two side neighbours (the horizontal ones row
by row, ``r * (cols - 1) + c`` for ``(r, c)``-``(r, c + 1)``, then the vertical ones,
``rows * (cols - 1) + r * cols + c`` for ``(r, c)``-``(r + 1, c)``), or every column
(rules that drop), or every cell, row-major (rules that tap). ``info["action_mask"]``
marks the legal ones. An illegal action plays nothing, scores 0 and still counts a move.

**Reward**: the points the move scored; on a level with a goal other than score, the
goal units it gained instead (pieces of collected colours up to each count, jelly layers,
crate hits).

**Episodes** are *terminated* when the game ends (no legal move left, or a level won or
lost) and *truncated* after ``max_moves`` moves. Each episode is a new board (for a
level, a new deal) with a seed derived from the ``reset`` seed, the environment's index
and the episode's number: the same seed gives the same episodes whatever the number of
environments or threads.
"""

from __future__ import annotations

import json
import os
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
import gymnasium as gym
from gymnasium import spaces

from . import _core

__all__ = ["Match3Env", "Match3VectorEnv"]

Path = Union[str, "os.PathLike[str]"]
Obs = npt.NDArray[np.int8]
Info = dict[str, Any]


class _Actions:
    """What actions mean, shared by both environments."""

    _core: _core.VecEnv

    def move_of(self, action: int) -> Optional[dict[str, Any]]:
        """The move (a dict, as ``Game.play`` takes) of ``action``, or None."""
        move: Optional[dict[str, Any]] = json.loads(self._core.move_json(int(action)))
        return move

    def action_of(self, move: dict[str, Any]) -> Optional[int]:
        """The action of ``move`` (a dict), or None when it has none."""
        return self._core.action_of(json.dumps(move))


def _core_env(num_envs: int, rules: Optional[str], size: tuple[int, int], colors: int, max_moves: int,
              obs_mode: str, level: Optional[Path], autoreset: bool) -> _core.VecEnv:
    if obs_mode not in ("int8", "onehot"):
        raise ValueError(f"obs_mode {obs_mode!r}: give 'int8' or 'onehot'")
    path = None if level is None else os.fspath(level)
    return _core.VecEnv(num_envs, rules, size[0], size[1], colors, 0, max_moves, autoreset, path,
                        obs_mode == "onehot")


def _spaces(core: _core.VecEnv) -> tuple[spaces.Box, spaces.Discrete]:
    rows, cols = core.shape
    if core.depth == 1:
        obs = spaces.Box(low=-4, high=26, shape=(rows, cols), dtype=np.int8)
    else:
        obs = spaces.Box(low=0, high=1, shape=(core.depth, rows, cols), dtype=np.int8)
    return obs, spaces.Discrete(core.num_actions)


class Match3Env(_Actions, gym.Env):
    """One game of ``rules`` (default ``"lines"``) on a ``size`` board with ``colors``
    colours, or of the level file ``level`` (its rules, board, palette and move limit), as
    a Gymnasium environment. See
    the module's documentation for observations, actions and rewards."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, rules: Optional[str] = None, size: tuple[int, int] = (8, 8), colors: int = 6,
                 max_moves: int = 100, obs_mode: str = "int8", level: Optional[Path] = None,
                 render_mode: Optional[str] = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: give None or 'ansi'")
        self._core = _core_env(1, rules, size, colors, max_moves, obs_mode, level, autoreset=False)
        self.observation_space, self.action_space = _spaces(self._core)
        self.render_mode = render_mode
        self._obs = np.zeros((1,) + self.observation_space.shape, dtype=np.int8)
        self._mask = np.zeros((1, self._core.num_actions), dtype=bool)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[Obs, Info]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        self._core.reset(seed)
        self._core.observe(self._obs, self._mask)
        return self._obs[0].copy(), {"action_mask": self._mask[0].copy()}

    def step(self, action: int) -> tuple[Obs, float, bool, bool, Info]:
        obs, mask, reward, terminated, truncated = self._core.step_one(int(action))
        self._obs[0] = obs
        return obs, reward, terminated, truncated, {"action_mask": mask}

    def notation(self) -> str:
        """The board in notation (``match3.Game(rules, board=...)`` takes it)."""
        return self._core.notation(0)

    def render(self) -> str:
        """The last observation as text (``render_mode="ansi"``)."""
        board = self._obs[0] if self._core.depth == 1 else self._obs[0].argmax(axis=0)
        return "\n".join(" ".join(f"{v:3d}" for v in row) for row in board)


class Match3VectorEnv(_Actions, gym.vector.VectorEnv):
    """``num_envs`` games stepped in Rust in one call, in parallel across cores with the
    GIL released. Ended episodes restart in the same step (the returned observation is the
    new episode's first; the reward and flags are the ended one's). The observation,
    reward, flag and mask arrays are allocated once and rewritten by every step: copy
    them to keep them. Arguments as for :class:`Match3Env`."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, rules: Optional[str] = None, size: tuple[int, int] = (8, 8),
                 colors: int = 6, max_moves: int = 100, obs_mode: str = "int8", level: Optional[Path] = None) -> None:
        self._core = _core_env(num_envs, rules, size, colors, max_moves, obs_mode, level, autoreset=True)
        self.num_envs = num_envs
        self.single_observation_space, self.single_action_space = _spaces(self._core)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, num_envs)
        n, shape = num_envs, self.single_observation_space.shape
        self._obs = np.zeros((n,) + shape, dtype=np.int8)
        self._masks = np.zeros((n, self._core.num_actions), dtype=bool)
        self._rewards = np.zeros(n, dtype=np.float32)
        self._term = np.zeros(n, dtype=bool)
        self._trunc = np.zeros(n, dtype=bool)
        self._actions = np.zeros(n, dtype=np.int64)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[Obs, Info]:
        """Every environment back to its first episode under ``seed`` (one drawn from
        the operating system's entropy when None, as Gymnasium does)."""
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
        self._core.reset(int(seed))
        self._core.observe(self._obs, self._masks)
        return self._obs, {"action_mask": self._masks}

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per environment, drawn in Rust from each
        environment's own generator (seeded by ``reset``) when the observation was
        written: the fastest way to play at random."""
        self._core.sample(self._actions)
        return self._actions

    def notation(self, i: int) -> str:
        """Environment ``i``'s board in notation."""
        return self._core.notation(int(i))

    def step(self, actions: npt.ArrayLike) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Info]:
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._core.step(actions, self._obs, self._rewards, self._term, self._trunc, self._masks)
        return self._obs, self._rewards, self._term, self._trunc, {"action_mask": self._masks}


gym.register(id="match3/Match3-v0", entry_point="match3.gym:Match3Env",
             vector_entry_point="match3.gym:Match3VectorEnv")
