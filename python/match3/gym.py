"""Gymnasium environments: :class:`Match3Env` (one game, ``match3/Match3-v0``) and
:class:`Match3VectorEnv` (``num_envs`` games stepped in Rust in one call, in parallel
across cores, without the GIL). Both take the same options; python/README.md has the
full account (observations and what each mode leaves out, actions, rewards, episodes,
autoreset, state, speed).

**Observations** (``obs_mode``):

- ``"int8"``: the board, ``(rows, cols)`` ``int8``: a piece's colour index (A = 0 ...),
  26 for a colourless piece (colour bomb), -1 empty, -2 blocker, -3 hole, -4 crate.
  Leaves out specials, jelly, locks, crate health, moves left, goals and the next piece.
- ``"onehot"``: ``(planes, rows, cols)`` ``int8`` of 0 and 1: a plane per colour of the
  palette, then colourless, empty, blocker, hole, crate, a plane per special kind of the
  rules (``Game.special_kinds`` order), then jelly (at least one layer), locked, jelly
  (two layers), crate health at least 2, at least 3. Every cell is observed in full;
  leaves out moves left, goals and the next piece.
- ``"image"``: the same planes channels-last, ``(rows, cols, planes)`` ``uint8`` of 0
  and 255 (the image convention of convolutional policies).
- ``"rgb"``: the board drawn as ``render()`` draws it, 8 pixels a cell, ``(rows * 8,
  cols * 8, 3)`` ``uint8``.
- ``"dict"``: a ``Dict`` of ``board`` (the one-hot planes), ``moves_left`` (``(1,)``
  ``int32``: moves before the episode ends by a limit, the level's or ``max_moves``),
  ``goals`` (``(goals, 2)`` ``int32``: each level goal's progress and target, in the
  file's order; ``(0, 2)`` without a level) and ``next`` (``(colors + 1 + kinds,)``
  ``int32``: the piece the next drop places, one-hot over the colours and colourless,
  plus its special kind; zeros for rules that deal none). Levels and drop rules are
  fully observed.

**Actions** are ``Discrete``. Swap rules: one block per swap direction of the variant,
in the order right, down, down-right, down-left (side-by-side variants have the first
two), each block row by row from the pair's upper (or left) cell: right ``r * (cols - 1)
+ c`` swaps ``(r, c)`` with ``(r, c + 1)``, down ``r * cols + c`` swaps ``(r, c)`` with
``(r + 1, c)``, down-right ``r * (cols - 1) + c`` swaps ``(r, c)`` with ``(r + 1, c +
1)``, down-left ``r * (cols - 1) + c - 1`` swaps ``(r, c)`` with ``(r + 1, c - 1)``,
each plus the sizes of the blocks before it. Drop rules: a column. Tap rules: a cell,
row-major. ``info["action_mask"]`` and ``action_masks()`` mark the legal actions
(``int8``, as ``action_space.sample(mask=...)`` takes). An action outside the space, or
not an integer, raises ``ValueError``. An illegal action (``illegal=``): ``"noop"``
(default) plays nothing, scores 0, counts a move and sets ``info["illegal"]``;
``"penalty"`` does the same with reward ``-illegal_penalty``; ``"raise"`` raises
``ValueError`` and changes nothing.

**Reward**: the points the move scored, times ``reward_scale``; on a level with a goal
other than score, the goal units it gained instead (pieces of collected colours up to
each count, jelly layers, crate hits).

**Episodes** are *terminated* when the game ends (no legal move left, or a level won or
lost) and *truncated* after ``max_moves`` moves. Each episode is a new board (for a
level, a new deal) with a seed derived from the ``reset`` seed, the environment's index
and the episode's number: the same seed gives the same episodes whatever the number of
environments or threads.
"""

from __future__ import annotations

import json
from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from gymnasium.vector import AutoresetMode

from . import _core
from ._envs import RENDER_CELL_PIXELS, Buffers, Layout, Obs, Path, _integer, check_action, check_actions, make_core

__all__ = ["Match3Env", "Match3VectorEnv"]

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


class Match3Env(_Actions, gym.Env[Obs, np.int64]):
    """One game of ``rules`` (default ``"lines"``) on a ``size`` board with ``colors``
    colours, or of the level file ``level`` (its rules, board, palette and move limit), as
    a Gymnasium environment. See the module's documentation for observations, actions,
    rewards and the options ``illegal``, ``illegal_penalty`` and ``reward_scale``.
    ``render_mode``: ``"ansi"`` (the board in the engine's notation and a status line) or
    ``"rgb_array"`` (the board drawn, 32 pixels a cell). The move limit is ``max_moves``
    (the registered ``max_episode_steps`` is the same 100; change the limit with
    ``max_moves``: ``gym.make``'s ``max_episode_steps`` adds a ``TimeLimit`` from outside,
    which the observation's ``moves_left`` does not see)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, rules: Optional[str] = None, size: tuple[int, int] = (8, 8), colors: int = 6,
                 max_moves: int = 100, obs_mode: str = "int8", level: Optional[Path] = None,
                 render_mode: Optional[str] = None, *, illegal: str = "noop", illegal_penalty: float = 1.0,
                 reward_scale: float = 1.0) -> None:
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r}: give None, 'ansi' or 'rgb_array'")
        self._core = make_core(1, rules, size, colors, max_moves, obs_mode, level, "disabled", illegal,
                               illegal_penalty, reward_scale)
        self._layout = Layout(self._core, obs_mode)
        self.observation_space = self._layout.space
        self.action_space = gym.spaces.Discrete(self._core.num_actions)
        self.render_mode = render_mode
        self._setup()
        # "new" (before the first reset), "running", "ended" (until reset) or "closed".
        self._phase = "new"

    def _setup(self) -> None:
        """The arrays the core writes into and the views of them."""
        self._bufs = Buffers(self._core, same_step=False)
        self._obs = self._layout.views(self._bufs.obs, self._bufs.extras)
        self._n = self._core.num_actions

    def _check(self, doing: str) -> None:
        if self._phase == "closed":
            raise ClosedEnvironmentError(f"{doing} after close(): make a new environment")

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[Obs, Info]:
        self._check("reset()")
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        self._core.reset(int(seed), self._bufs)
        self._phase = "running"
        return Layout.one(self._obs, 0), {"action_mask": self._bufs.masks[0].copy()}

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, Info]:
        if self._phase != "running":
            self._check("step()")
            raise ResetNeeded("call reset() before step()" if self._phase == "new" else
                              "the episode ended (terminated or truncated): call reset() before step()")
        reward, terminated, truncated, illegal = self._core.step_one(check_action(action, self._n), self._bufs)
        if terminated or truncated:
            self._phase = "ended"
        info = {"action_mask": self._bufs.masks[0].copy(), "illegal": illegal}
        return Layout.one(self._obs, 0), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the current position (``int8`` 0 and 1)."""
        return self._bufs.masks[0].copy()

    def notation(self) -> str:
        """The board in notation (``match3.Game(rules, board=...)`` takes it)."""
        return self._core.notation(0)

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        """``"ansi"``: the board in the engine's notation, a row a line, then a line with
        the score, moves left, status, next piece and goals; ``"rgb_array"``: the board
        drawn, ``(rows * 32, cols * 32, 3)`` ``uint8``; without a render mode, None."""
        if self.render_mode == "ansi":
            return self._core.text(0)
        if self.render_mode == "rgb_array":
            return self._core.render(0, RENDER_CELL_PIXELS)
        gym.logger.warn("render() without a render_mode: give render_mode='ansi' or 'rgb_array' when making the "
                        "environment")
        return None

    def bot_action(self, bot: str = "greedy", seed: int = 0) -> Optional[int]:
        """The action the bundled ``bot`` (``"random"``, ``"greedy"``, ``"greedy-known"``,
        ``"lookahead"`` or ``"mcts"``, seeded with ``seed``) plays in the current position,
        or None when no move is legal: a teacher, a baseline, a planner."""
        self._check("bot_action()")
        out = np.zeros(1, dtype=np.int64)
        self._core.bot_actions(bot, int(seed), out)
        return None if out[0] < 0 else int(out[0])

    def get_state(self) -> str:
        """The environment's state as JSON text: its game in the engine's save format,
        the episode's counters and its random-action generator, with the options that
        made it. :meth:`set_state` takes it back."""
        self._check("get_state()")
        return self._core.get_state()

    def set_state(self, state: str) -> tuple[Obs, Info]:
        """Puts the environment back in ``state`` (from :meth:`get_state` of an
        environment of the same rules or level, size and palette) and returns its
        observation and info, as ``reset`` does. A refused state (``ValueError``) changes
        nothing."""
        self._check("set_state()")
        self._core.set_state(state, self._bufs)
        self._phase = "ended" if self._core.ended(0) else "running"
        return Layout.one(self._obs, 0), {"action_mask": self._bufs.masks[0].copy()}

    def close(self) -> None:
        self._phase = "closed"

    def __getstate__(self) -> dict[str, Any]:
        # The core pickles through its saved state; the arrays are made anew.
        return {k: v for k, v in self.__dict__.items() if k not in ("_bufs", "_obs")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._setup()
        self._core.write(self._bufs)


class Match3VectorEnv(_Actions, gym.vector.VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games stepped in Rust in one call, in parallel across cores with the
    GIL released. Arguments as for :class:`Match3Env`, and:

    - ``autoreset_mode``: ``AutoresetMode.NEXT_STEP`` (default: the step after an episode
      ends starts the next one, ignoring its action, with reward 0 and both flags false)
      or ``AutoresetMode.SAME_STEP`` (the step that ends an episode starts the next one
      and returns its first observation; ``info["final_obs"]`` and ``info["final_info"]``
      hold the ended one's last observation and info, marked by ``info["_final_obs"]``).
    - ``max_episode_steps``: a move limit below ``max_moves`` (what ``gym.make_vec``
      passes).
    - ``copy``: True (default) never changes an array it returned while anything holds
      it: each step writes into the step before last's arrays when they were all let go,
      else into new ones. False returns the arrays the vector rewrites every step (copy
      what you keep; an array you make read-only is left alone, and the vector writes
      into new ones).
    """

    def __init__(self, num_envs: int, rules: Optional[str] = None, size: tuple[int, int] = (8, 8),
                 colors: int = 6, max_moves: int = 100, obs_mode: str = "int8", level: Optional[Path] = None, *,
                 autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP, illegal: str = "noop",
                 illegal_penalty: float = 1.0, reward_scale: float = 1.0, max_episode_steps: Optional[int] = None,
                 copy: bool = True, render_mode: Optional[str] = None) -> None:
        mode = _autoreset_mode(autoreset_mode)
        if render_mode is not None:
            raise ValueError(f"render_mode {render_mode!r}: a vector does not render; render one Match3Env")
        if max_episode_steps is not None:
            limit = _integer("max_episode_steps", max_episode_steps, 1, 2**32 - 1)
            max_moves = min(_integer("max_moves", max_moves, 1, 2**32 - 1), limit)
        same = mode == AutoresetMode.SAME_STEP
        self._core = make_core(num_envs, rules, size, colors, max_moves, obs_mode, level,
                               "same_step" if same else "next_step", illegal, illegal_penalty, reward_scale)
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.render_mode = None
        self.num_envs = self._core.num_envs
        self._copy = bool(copy)
        self._layout = Layout(self._core, obs_mode)
        self.single_observation_space = self._layout.space
        self.single_action_space = gym.spaces.Discrete(self._core.num_actions)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, self.num_envs)
        self._setup()
        self._started = False

    def _setup(self) -> None:
        """The arrays the core writes into and the views of them."""
        same = self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        self._bufs = b = Buffers(self._core, same_step=same)
        self._spare: Optional[Buffers] = None
        self._obs = self._layout.views(b.obs, b.extras)
        self._final = self._layout.views(b.final_obs, b.final_extras) if same else None  # type: ignore[arg-type]
        self._actions = np.zeros(self.num_envs, dtype=np.int64)

    def _write(self, call: Any, *args: Any) -> None:
        """``call(*args, bufs)`` into the arrays :meth:`_prepare` gives; when it raises
        (a refused action or state), the arrays are the ones before."""
        before = self._bufs, self._spare, self._obs, self._final
        self._prepare()
        try:
            call(*args, self._bufs)
        except BaseException:
            self._bufs, self._spare, self._obs, self._final = before
            raise

    def _prepare(self) -> None:
        """Arrays for the next call to write into: ones no one holds (``copy=True``: the
        call before last's when they were all let go, else new ones), or the same ones
        unless one handed out was made read-only (``copy=False``)."""
        b = self._bufs
        if self._copy:
            self._bufs, self._spare = b.renewed(self._spare), b
            self._obs = self._layout.views(self._bufs.obs, self._bufs.extras)
            return
        handed = Layout.arrays(self._obs) + [b.masks, b.rewards, b.terminated, b.truncated, b.illegal]
        if not all(a.flags.writeable for a in handed):
            self._setup()

    def _check(self, doing: str) -> None:
        if self.closed:
            raise ClosedEnvironmentError(f"{doing} after close(): make a new vector")

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[Obs, Info]:
        """Every environment back to its first episode under ``seed`` (one drawn from
        the operating system's entropy when None, as Gymnasium does)."""
        self._check("reset()")
        if seed is not None:
            seed = _integer("seed", seed, 0, 2**64 - 1)
        if options:
            raise ValueError(f"options {options!r}: a vector resets every environment and takes no options")
        super().reset(seed=seed)
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
        self._write(self._core.reset, int(seed))
        self._started = True
        return self._obs, {"action_mask": self._bufs.masks}

    def step(self, actions: Any) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                          npt.NDArray[np.bool_], Info]:
        self._check("step()")
        if not self._started:
            raise ResetNeeded("call reset() before step()")
        chosen = check_actions(actions, self.num_envs)
        self._write(self._core.step, chosen)
        b = self._bufs
        info: Info = {"action_mask": b.masks, "illegal": b.illegal}
        if self._final is not None:
            self._final_info(info)
        return self._obs, b.rewards, b.terminated, b.truncated, info

    def _final_info(self, info: Info) -> None:
        """Same-step autoreset: the ended episodes' last observations and infos, as
        Gymnasium's vectors give them."""
        b = self._bufs
        ended = b.terminated | b.truncated
        if not ended.any():
            return
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = Layout.one(self._final, int(i))
        assert b.final_masks is not None
        info["final_obs"], info["_final_obs"] = final_obs, ended
        info["final_info"] = {
            "action_mask": np.where(ended[:, None], b.final_masks, 0).astype(np.int8),
            "_action_mask": ended.copy(),
            "illegal": b.illegal & ended,
            "_illegal": ended.copy(),
        }
        info["_final_info"] = ended.copy()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of each environment's current position, ``(num_envs,
        num_actions)`` ``int8``."""
        return self._bufs.masks.copy()

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per environment, drawn in Rust from each
        environment's own generator (seeded by ``reset``) when the observation was
        written: the fastest way to play at random."""
        self._core.sample(self._actions)
        return self._actions.copy() if self._copy else self._actions

    def bot_action(self, bot: str = "greedy", seed: int = 0) -> npt.NDArray[np.int64]:
        """The action the bundled ``bot`` plays in each environment's position (its
        generator seeded from ``seed`` and the environment's index), the bots thinking in
        parallel; 0 where no move is legal (an ended episode's last position, whose next
        step ignores the action)."""
        self._check("bot_action()")
        out = np.zeros(self.num_envs, dtype=np.int64)
        self._core.bot_actions(bot, int(seed), out)
        return np.maximum(out, 0)

    def notation(self, i: int) -> str:
        """Environment ``i``'s board in notation."""
        return self._core.notation(int(i))

    def get_state(self) -> str:
        """Every environment's state as JSON text (see :meth:`Match3Env.get_state`)."""
        self._check("get_state()")
        return self._core.get_state()

    def set_state(self, state: str) -> tuple[Obs, Info]:
        """Puts every environment back in ``state`` (from :meth:`get_state` of a vector
        of as many environments of the same rules or level, size and palette) and
        returns the observations and info. A refused state changes nothing."""
        self._check("set_state()")
        self._write(self._core.set_state, state)
        self._started = True
        return self._obs, {"action_mask": self._bufs.masks}

    def close_extras(self, **kwargs: Any) -> None:
        pass

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()
                if k not in ("_bufs", "_spare", "_obs", "_final", "_actions")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._setup()
        self._core.write(self._bufs)


def _autoreset_mode(given: Union[AutoresetMode, str]) -> AutoresetMode:
    try:
        mode = AutoresetMode(given)
    except ValueError:
        mode = AutoresetMode.DISABLED
    if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        raise ValueError(f"autoreset_mode {given!r}: give AutoresetMode.NEXT_STEP or AutoresetMode.SAME_STEP")
    return mode


# Registered under the package's own name: ``match3/Match3-v0``, and in a package built
# over another registry (``match3_lightning``), that package's.
_PACKAGE = __name__.rpartition(".")[0]
gym.register(id=f"{_PACKAGE}/Match3-v0", entry_point=f"{_PACKAGE}.gym:Match3Env",
             vector_entry_point=f"{_PACKAGE}.gym:Match3VectorEnv", max_episode_steps=100)
