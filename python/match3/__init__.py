"""The match3 engine from Python: games with the command line's JSON shapes, the bots,
whole simulations and the exact solver, and fast Gymnasium environments in
:mod:`match3.gym`.

>>> import match3
>>> game = match3.Game("finite", board="teaching")
>>> game.play({"swap": [[0, 2], [1, 2]]})["phases"][0]["score"]
3
>>> game.board[0].tolist()
[-1, -1, -1, 2]

Bad input (an unknown rule, a malformed board, an illegal move) raises ``ValueError``
with the engine's message, and a refused move leaves the game as it was.

This Python layer imports nothing of its own package by name, only its compiled
``_core``: a package built over another registry of variants ships these same files
beside its own ``_core`` (``match3_lightning`` does) and has this API over its variants.
"""

from __future__ import annotations

import json
import os
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from . import _core
from ._core import BLOCKER, COLORLESS, CRATE, EMPTY, HOLE

#: A move or a trace: the command line's JSON shapes as Python values.
Json = dict[str, Any]
Path = Union[str, "os.PathLike[str]"]

__all__ = ["Game", "Bot", "simulate", "solve", "BOTS", "RULES", "EMPTY", "BLOCKER", "HOLE", "CRATE", "COLORLESS"]

#: The rule variants the compiled engine was built over: the bundled ones (``lines``,
#: ``clusters``, ``clusters-drop``, ``clusters-tap``, ``finite``), and in a package built
#: over a larger registry (``match3_lightning``) its variants too.
RULES: tuple[str, ...] = tuple(_core.rules())
#: The bots, weakest first (``greedy-known`` is off the ladder: greedy without guessed refills).
BOTS = ("random", "greedy", "lookahead", "mcts", "greedy-known")


class Game:
    """One game of ``rules`` (see :data:`RULES`): a generated ``size`` board with
    ``colors`` colours and ``blockers`` percent of blockers from ``seed`` (the variant's
    defaults when not given: 8x8 and 5 colours for ``lines``), ``board`` in notation
    (``"ABC/BCA"``) or a preset name, or the level file ``level`` (a path; its random
    cells drawn from ``seed``). A size, colours or blockers beside a board or a level are
    refused with ``ValueError``, as the command line refuses them.

    ``board`` is the board as a NumPy ``int8`` array: the colour index (A = 0 ... Z = 25)
    of each piece, :data:`COLORLESS` for a colour bomb, :data:`EMPTY`, :data:`BLOCKER`,
    :data:`HOLE` or :data:`CRATE` for the other cells; :meth:`layers` gives specials,
    jelly, locks and crate health."""

    def __init__(self, rules: Optional[str] = None, size: Optional[tuple[int, int]] = None,
                 colors: Optional[int] = None, seed: int = 0, board: Optional[str] = None,
                 level: Optional[Path] = None, blockers: int = 0, *,
                 _core_game: Optional[_core.Game] = None) -> None:
        if _core_game is not None:
            self._g = _core_game
        else:
            path = None if level is None else os.fspath(level)
            shape = None if size is None else (int(size[0]), int(size[1]))
            self._g = _core.Game(rules, shape, colors, seed, board, path, blockers)

    def play(self, move: Json) -> Json:
        """Plays ``move`` (``{"swap": [[r, c], [r, c]]}``, ``{"drop": c}`` or
        ``{"tap": [r, c]}``) and returns the turn's trace as a dict with the keys of
        ``match3 resolve --json``: ``opening``, ``phases`` (each with ``cleared``,
        ``falls``, ``spawns``, ``score``, ...) and ``shuffle``."""
        return json.loads(self._g.play_json(json.dumps(move)))

    def legal_moves(self) -> list[Json]:
        """Every legal move, as dicts, in the engine's order."""
        return json.loads(self._g.legal_moves_json())

    def bot_move(self, bot: _core.Bot) -> Optional[Json]:
        """The move ``bot`` (a :class:`Bot`) would play here, or ``None``."""
        move: Optional[Json] = json.loads(self._g.bot_move_json(bot))
        return move

    @property
    def board(self) -> npt.NDArray[np.int8]:
        """The board as a NumPy ``int8`` array (rows x cols)."""
        return self._g.board

    def layers(self) -> dict[str, npt.NDArray[Any]]:
        """What :attr:`board` leaves out, as arrays of its shape: ``special`` (0 for
        none, else 1 + the index of the kind in :attr:`special_kinds`), ``jelly``
        (layers left), ``locked`` (bool) and ``crate`` (health left, 0 for none)."""
        return self._g.layers()

    @property
    def goals(self) -> list[Json]:
        """The level's goals with their progress (``[]`` without a level), as
        ``match3 simulate --level --json`` prints them."""
        return json.loads(self._g.goals_json())

    @property
    def notation(self) -> str:
        """The board in notation."""
        return self._g.notation

    @property
    def score(self) -> int:
        """Points so far."""
        return self._g.score

    @property
    def moves(self) -> int:
        """Moves played."""
        return self._g.moves

    @property
    def status(self) -> str:
        """``"playable"``, ``"no_moves"``, ``"cleared"``, ``"won"`` or ``"lost"``."""
        return self._g.status

    @property
    def moves_left(self) -> Optional[int]:
        """Moves left under a level's limit, else None."""
        return self._g.moves_left

    @property
    def rules(self) -> str:
        """The rules' name."""
        return self._g.rules

    @property
    def special_kinds(self) -> list[str]:
        """The rules' special kinds by name, in the order ``layers()["special"]`` counts from 1."""
        return self._g.special_kinds

    def save(self) -> str:
        """The game as JSON text, for :meth:`load`."""
        return self._g.save()

    @classmethod
    def load(cls, text: str) -> Game:
        """A game saved by :meth:`save`: it plays on exactly as the saved one would."""
        return cls(_core_game=_core.Game.load(text))

    def __repr__(self) -> str:
        return f"<{__name__}.Game {self.rules} score={self.score} moves={self.moves} {self.status}>"


class Bot:
    """A bot (see :data:`BOTS`) with its own generator seeded by ``seed``:
    ``game.play(bot.choose(game))`` plays its move."""

    def __init__(self, name: str = "greedy", seed: int = 0) -> None:
        self._b = _core.Bot(name, seed)

    @property
    def name(self) -> str:
        """The bot's name."""
        return self._b.name

    def choose(self, game: Game) -> Optional[Json]:
        """The move this bot plays in ``game`` (a dict), or ``None`` when none is legal."""
        return game.bot_move(self._b)


def simulate(rules: Optional[str] = None, bot: str = "greedy", games: int = 50, moves: int = 50, seed: int = 1,
             size: Optional[tuple[int, int]] = None, colors: Optional[int] = None, blockers: int = 0,
             level: Optional[Path] = None, precision: Optional[float] = None, jobs: int = 0,
             timing: bool = True) -> Json:
    """``games`` games of ``bot`` on generated boards of ``rules`` (``size``, ``colors``,
    ``blockers`` percent), or on the level file ``level``, with the GIL released and
    ``jobs`` threads (0: every core; the result does not depend on it). Returns the dict
    ``match3 simulate --json`` prints, with the same keys and numbers; ``timing=False``
    nulls the wall-clock fields, as ``--no-timing`` does. ``precision`` (levels) plays
    blocks of games until the pass rate's 95% interval is at most that wide either side;
    when ``games`` runs out first, ``precision_met`` is false and a ``UserWarning`` says
    how wide the interval is."""
    path = None if level is None else os.fspath(level)
    shape = None if size is None else (int(size[0]), int(size[1]))
    return json.loads(_core.simulate_json(rules, bot, games, moves, seed, shape, colors, blockers, path,
                                          precision, jobs, timing))


def solve(game: Game, goal: str = "score", max_nodes: Optional[int] = None, max_seconds: float = 30.0) -> Json:
    """Solves ``game``'s position exactly, as ``match3 solve --json`` does: for the best
    final ``goal="score"`` or the fewest-move ``"clear"`` (rules that draw no new
    pieces), or, for a game started from a level file, for a win. Past ``max_nodes`` or
    ``max_seconds`` the answer is the best line found, with ``optimal`` false."""
    if max_nodes is None:
        return json.loads(_core.solve_json(game._g, goal, max_seconds=max_seconds))
    return json.loads(_core.solve_json(game._g, goal, max_nodes, max_seconds))
