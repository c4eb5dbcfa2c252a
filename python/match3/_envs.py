"""What :mod:`match3.gym`'s environments share: the Rust vector they drive, the arrays it
writes into, the observation spaces and views, and the checks on arguments and actions."""

from __future__ import annotations

import copy
import os
import sys
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from . import _core

Path = Union[str, "os.PathLike[str]"]
#: An observation: an array, or a dict of arrays (``obs_mode="dict"``).
Obs = Any

OBS_MODES = ("int8", "onehot", "image", "rgb", "dict")
ILLEGAL = ("noop", "penalty", "raise")
INT32_MAX = 2**31 - 1
#: Pixels a cell's side in ``render()``'s pictures.
RENDER_CELL_PIXELS = 32
#: The arrays a call rewrites in full.
OUTPUTS = ("obs", "extras", "masks", "rewards", "terminated", "truncated", "illegal")
#: Whether reference counts are exact (not on a free-threaded Python, which counts some
#: references apart): only then can an array that no one holds be told apart.
EXACT_REFCOUNTS = getattr(sys, "_is_gil_enabled", lambda: True)()


def _integer(name: str, value: Any, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``, or a ValueError naming ``name``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} {value!r}: give an integer from {low} to {high}")
    if not low <= int(value) <= high:
        raise ValueError(f"{name} {value}: give {low} to {high}")
    return int(value)


def _number(name: str, value: Any) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name} {value!r}: give a number")
    return float(value)


def make_core(num_envs: int, rules: Optional[str], size: Any, colors: Any, max_moves: Any, obs_mode: str,
              level: Optional[Path], autoreset: str, illegal: str, illegal_penalty: Any,
              reward_scale: Any) -> _core.VecEnv:
    """The Rust vector, after checking each argument's type and range in Python's words."""
    if obs_mode not in OBS_MODES:
        raise ValueError(f"obs_mode {obs_mode!r}: give one of {', '.join(map(repr, OBS_MODES))}")
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal {illegal!r}: give one of {', '.join(map(repr, ILLEGAL))}")
    if rules is not None and not isinstance(rules, str):
        raise ValueError(f"rules {rules!r}: give a rule variant's name")
    if not (isinstance(size, (tuple, list)) and len(size) == 2):
        raise ValueError(f"size {size!r}: give (rows, columns)")
    rows, cols = (_integer("size", side, 1, 32) for side in size)
    path = None if level is None else os.fspath(level)
    return _core.VecEnv(_integer("num_envs", num_envs, 1, 2**20), rules, rows, cols,
                        _integer("colors", colors, 1, 26), 0, _integer("max_moves", max_moves, 1, 2**32 - 1),
                        autoreset, path, obs_mode, illegal, _number("illegal_penalty", illegal_penalty),
                        _number("reward_scale", reward_scale))


class Buffers:
    """The arrays the Rust vector writes into, allocated once (the attribute names are
    those the Rust side reads): ``obs`` holds the board arrays' bytes, viewed as ``int8``
    where the observation is signed; ``final_*`` hold ended episodes' last observations
    under same-step autoreset (``None`` otherwise)."""

    def __init__(self, core: _core.VecEnv, same_step: bool) -> None:
        n = core.num_envs
        self.obs = np.zeros((n, *core.obs_shape), dtype=np.uint8)
        self.extras = np.zeros((n, core.extras_len), dtype=np.int32)
        self.masks = np.zeros((n, core.num_actions), dtype=np.int8)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self.illegal = np.zeros(n, dtype=np.bool_)
        self.final_obs: Optional[npt.NDArray[np.uint8]] = None
        self.final_extras: Optional[npt.NDArray[np.int32]] = None
        self.final_masks: Optional[npt.NDArray[np.int8]] = None
        if same_step:
            self.final_obs = np.zeros_like(self.obs)
            self.final_extras = np.zeros_like(self.extras)
            self.final_masks = np.zeros_like(self.masks)

    def renewed(self, spare: Optional[Buffers] = None) -> Buffers:
        """Buffers for a call's outputs (which it rewrites in full), leaving these ones
        unchanged to whoever holds them: ``spare`` (buffers handed out earlier) when it is
        :meth:`unheld`, else new arrays. Reusing them spares the allocation, whose fresh
        memory the system maps in page by page (a tenth of a 1,024-environment step,
        measured). The ``final_*`` arrays are shared."""
        if spare is not None and spare.unheld():
            return spare
        new = copy.copy(self)
        for name in OUTPUTS:
            setattr(new, name, np.empty_like(getattr(self, name)))
        return new

    def unheld(self) -> bool:
        """Whether nothing but these buffers holds their output arrays (no name, no view:
        a view holds its base array, no list or tensor sharing the memory) and all can
        still be written (someone may have made one read-only before letting it go).
        Writing such arrays again changes nothing anyone can see."""
        # getrefcount counts its own argument: 2 is this object's attribute alone.
        return EXACT_REFCOUNTS and all(sys.getrefcount(getattr(self, name)) <= 2
                                       and getattr(self, name).flags.writeable for name in OUTPUTS)


class Layout:
    """An observation mode's spaces, and its observations as views of the arrays."""

    def __init__(self, core: _core.VecEnv, obs_mode: str) -> None:
        self.mode = obs_mode
        self.goals = len(core.goal_kinds)
        rows, cols = core.shape
        board: spaces.Box
        if obs_mode == "int8":
            board = spaces.Box(low=-4, high=26, shape=(rows, cols), dtype=np.int8)
        elif obs_mode in ("image", "rgb"):
            board = spaces.Box(low=0, high=255, shape=tuple(core.obs_shape), dtype=np.uint8)
        else:
            board = spaces.Box(low=0, high=1, shape=tuple(core.obs_shape), dtype=np.int8)
        self.space: spaces.Space[Any] = board
        if obs_mode == "dict":
            self.space = spaces.Dict({
                "board": board,
                "moves_left": spaces.Box(low=0, high=core.max_moves, shape=(1,), dtype=np.int32),
                "goals": spaces.Box(low=0, high=INT32_MAX, shape=(self.goals, 2), dtype=np.int32),
                "next": spaces.Box(low=0, high=1, shape=(core.next_len,), dtype=np.int32),
            })

    def views(self, obs: npt.NDArray[np.uint8], extras: npt.NDArray[np.int32]) -> Obs:
        """The batch of observations the arrays hold, as views (no copy)."""
        board = obs if self.mode in ("image", "rgb") else obs.view(np.int8)
        if self.mode != "dict":
            return board
        g = 1 + 2 * self.goals
        return {
            "board": board,
            "moves_left": extras[:, :1],
            "goals": extras[:, 1:g].reshape(len(extras), self.goals, 2),
            "next": extras[:, g:],
        }

    @staticmethod
    def one(batch: Obs, i: int) -> Obs:
        """Environment ``i``'s observation of ``batch``, copied."""
        if type(batch) is dict:
            return {k: v[i].copy() for k, v in batch.items()}
        return batch[i].copy()

    @staticmethod
    def copy(batch: Obs) -> Obs:
        if isinstance(batch, dict):
            return {k: v.copy() for k, v in batch.items()}
        return batch.copy()

    @staticmethod
    def arrays(batch: Obs) -> list[npt.NDArray[Any]]:
        return list(batch.values()) if isinstance(batch, dict) else [batch]


def check_action(action: Any, n: int) -> int:
    """A single environment's action as an int, or a ValueError saying what is wrong."""
    if type(action) is int and 0 <= action < n:
        return action
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"action {action!r} ({type(action).__name__}): give an integer from 0 to {n - 1}")
    if not 0 <= int(action) < n:
        raise ValueError(f"action {action} is outside the action space: give 0 to {n - 1}")
    return int(action)


def check_actions(actions: Any, n: int) -> npt.NDArray[np.int64]:
    """A vector's actions as a C-contiguous ``int64`` array of ``n``, or a ValueError (the
    Rust side checks each one's range)."""
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise ValueError(f"actions of dtype {array.dtype}: give integers (one per environment)")
    if array.shape != (n,):
        raise ValueError(f"actions of shape {array.shape}: give one per environment, shape ({n},)")
    if array.dtype.kind == "u" and n and int(array.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"action {int(array.max())} is outside the action space")
    return np.ascontiguousarray(array, dtype=np.int64)
