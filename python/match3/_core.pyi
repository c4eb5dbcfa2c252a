"""The compiled engine (PyO3). Use :mod:`match3` and :mod:`match3.gym`, which wrap it
with dicts and Gymnasium's API; these are the raw calls, with moves, traces and results
as JSON text."""

from typing import Optional, final

import numpy as np
import numpy.typing as npt

__all__ = ["Game", "Bot", "VecEnv", "simulate_json", "solve_json", "EMPTY", "BLOCKER", "HOLE", "CRATE", "COLORLESS"]

EMPTY: int
BLOCKER: int
HOLE: int
CRATE: int
COLORLESS: int

@final
class Game:
    def __new__(
        cls,
        rules: Optional[str] = None,
        size: Optional[tuple[int, int]] = None,
        colors: Optional[int] = None,
        seed: int = 0,
        board: Optional[str] = None,
        level: Optional[str] = None,
        blockers: int = 0,
    ) -> "Game": ...
    def play_json(self, mv: str) -> str: ...
    def legal_moves_json(self) -> str: ...
    @property
    def board(self) -> npt.NDArray[np.int8]: ...
    def layers(self) -> dict[str, npt.NDArray[np.int8] | npt.NDArray[np.bool_]]: ...
    @property
    def special_kinds(self) -> list[str]: ...
    def goals_json(self) -> str: ...
    def bot_move_json(self, bot: Bot) -> str: ...
    @property
    def notation(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def moves_left(self) -> Optional[int]: ...
    @property
    def rules(self) -> str: ...
    def save(self) -> str: ...
    @staticmethod
    def load(text: str) -> "Game": ...

@final
class Bot:
    def __new__(cls, name: str, seed: int = 0) -> "Bot": ...
    @property
    def name(self) -> str: ...

@final
class VecEnv:
    def __new__(
        cls,
        num_envs: int,
        rules: Optional[str] = None,
        rows: int = 8,
        cols: int = 8,
        colors: int = 6,
        seed: int = 0,
        max_moves: int = 100,
        autoreset: bool = True,
        level: Optional[str] = None,
        planes: bool = False,
    ) -> "VecEnv": ...
    @property
    def num_envs(self) -> int: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def colors(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    def move_json(self, a: int) -> str: ...
    def action_of(self, mv: str) -> Optional[int]: ...
    def notation(self, i: int) -> str: ...
    def reset(self, seed: int) -> None: ...
    def sample(self, out: npt.NDArray[np.int64]) -> None: ...
    def observe(self, obs: npt.NDArray[np.int8], masks: npt.NDArray[np.bool_]) -> None: ...
    def step_one(
        self, action: int
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_], float, bool, bool]: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        obs: npt.NDArray[np.int8],
        rewards: npt.NDArray[np.float32],
        terminated: npt.NDArray[np.bool_],
        truncated: npt.NDArray[np.bool_],
        masks: npt.NDArray[np.bool_],
    ) -> None: ...

def simulate_json(
    rules: Optional[str] = None,
    bot: str = "greedy",
    games: int = 50,
    moves: int = 50,
    seed: int = 1,
    size: Optional[tuple[int, int]] = None,
    colors: Optional[int] = None,
    blockers: int = 0,
    level: Optional[str] = None,
    precision: Optional[float] = None,
    jobs: int = 0,
    timing: bool = True,
) -> str: ...
def solve_json(game: Game, goal: str = "score", max_nodes: int = ..., max_seconds: float = 30.0) -> str: ...
