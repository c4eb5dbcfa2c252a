"""A Stable-Baselines3 ``VecEnv`` over the Rust vector: every environment steps in one
call, in parallel across cores, and sb3's algorithms (and sb3-contrib's ``MaskablePPO``,
through ``action_masks``) train on it directly.

>>> from match3.sb3 import Match3SB3VecEnv                   # doctest: +SKIP
>>> env = Match3SB3VecEnv(64, obs_mode="onehot", seed=0)     # doctest: +SKIP
>>> MaskablePPO("MlpPolicy", VecMonitor(env)).learn(100_000)  # doctest: +SKIP

It follows sb3's ``VecEnv`` contract: ``reset()`` returns the observations alone (seeded
by ``seed(...)`` or the constructor's ``seed``); ``step`` returns observations, rewards,
dones (terminated or truncated) and a list of one info dict per environment, where an
ended episode's info holds ``terminal_observation`` (its last observation: the returned
one is the next episode's first) and ``TimeLimit.truncated`` (ended by the move limit,
not by the game). ``env_method("action_masks")`` and ``action_masks()`` give the legal
actions. Stable-Baselines3 is not a dependency of this package: with it installed the
class is an sb3 ``VecEnv``; without, it is the same class on a plain base (which the
tests check against the contract).
"""

from __future__ import annotations

import importlib
from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode

from ._envs import Layout, Obs
from .gym import Match3VectorEnv

__all__ = ["Match3SB3VecEnv"]

Indices = Union[None, int, Sequence[int]]


class _PlainVecEnv:
    """What sb3's ``VecEnv`` base gives its subclasses, for when sb3 is not installed."""

    def __init__(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._seeds: list[Optional[int]] = [None] * num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self.render_mode: Optional[str] = None
        self.metadata: dict[str, Any] = {"render_modes": []}

    def _reset_seeds(self) -> None:
        self._seeds = [None] * self.num_envs

    def _reset_options(self) -> None:
        self._options = [{} for _ in range(self.num_envs)]

    def step(self, actions: npt.NDArray[Any]) -> Any:
        self.step_async(actions)  # type: ignore[attr-defined]
        return self.step_wait()  # type: ignore[attr-defined]

    def seed(self, seed: Optional[int] = None) -> Sequence[Optional[int]]:
        if seed is None:
            seed = int(np.random.randint(0, np.iinfo(np.uint32).max, dtype=np.uint32))
        self._seeds = [seed + idx for idx in range(self.num_envs)]
        return self._seeds

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name)  # type: ignore[attr-defined]
            return True
        except AttributeError:
            return False


def _base() -> Any:
    """sb3's ``VecEnv`` when sb3 is installed, else the plain stand-in."""
    try:
        return importlib.import_module("stable_baselines3.common.vec_env").VecEnv
    except ImportError:
        return _PlainVecEnv


_Base: Any = _base()


class Match3SB3VecEnv(_Base):
    """``num_envs`` match3 games as an sb3 ``VecEnv``; the other arguments are
    :class:`match3.gym.Match3VectorEnv`'s (``obs_mode``, ``rules``, ``level``, ``illegal``,
    ``reward_scale``, ...), and ``seed`` seeds the first ``reset`` (later resets draw
    fresh seeds unless ``seed(...)`` is called)."""

    def __init__(self, num_envs: int, seed: Optional[int] = None, **kwargs: Any) -> None:
        self.vector = Match3VectorEnv(num_envs, autoreset_mode=AutoresetMode.SAME_STEP, copy=False, **kwargs)
        # sb3's base asks for render_mode through get_attr, which reads the vector.
        super().__init__(num_envs, self.vector.single_observation_space, self.vector.single_action_space)
        self._seeds = [seed] * num_envs
        self._actions = np.zeros(num_envs, dtype=np.int64)

    def reset(self) -> Obs:
        obs, _ = self.vector.reset(seed=self._seeds[0])
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._reset_seeds()
        self._reset_options()
        return Layout.copy(obs)

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]:
        obs, rewards, terminated, truncated, info = self.vector.step(self._actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = info["final_obs"][i]
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return Layout.copy(obs), rewards.copy(), dones, infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of every environment, ``(num_envs, num_actions)``."""
        return self.vector.action_masks()

    def close(self) -> None:
        self.vector.close()

    def _indices(self, indices: Indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        return [int(i) for i in indices]

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        """The vector's attribute ``attr_name``, once per environment asked for (the
        environments share their options)."""
        value = getattr(self.vector, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        raise AttributeError(f"set_attr({attr_name!r}): the environments' options are fixed when they are made")

    def env_method(self, method_name: str, *method_args: Any, indices: Indices = None,
                   **method_kwargs: Any) -> list[Any]:
        """``"action_masks"`` gives each environment's mask; ``"bot_action"`` each
        environment's bot action (see :meth:`Match3VectorEnv.bot_action`)."""
        chosen = self._indices(indices)
        if method_name == "action_masks":
            masks = self.vector.action_masks()
            return [masks[i] for i in chosen]
        if method_name == "bot_action":
            actions = self.vector.bot_action(*method_args, **method_kwargs)
            return [int(actions[i]) for i in chosen]
        raise AttributeError(f"env_method({method_name!r}): give 'action_masks' or 'bot_action'")

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[Optional[npt.NDArray[np.uint8]]]:
        """Each environment's board drawn (32 pixels a cell)."""
        return [self.vector._core.render(i, 32) for i in range(self.num_envs)]
