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
"""

import json

from . import _core
from ._core import BLOCKER, COLORLESS, CRATE, EMPTY, HOLE

__all__ = ["Game", "Bot", "simulate", "solve", "BOTS", "RULES", "EMPTY", "BLOCKER", "HOLE", "CRATE", "COLORLESS"]

#: The bundled rule variants.
RULES = ("lines", "clusters", "clusters-drop", "clusters-tap", "finite")
#: The bots, weakest first (``greedy-known`` is off the ladder: greedy without guessed refills).
BOTS = ("random", "greedy", "lookahead", "mcts", "greedy-known")


class Game:
    """One game of ``rules`` (see :data:`RULES`): a generated ``size`` board with
    ``colors`` colours from ``seed``, ``board`` in notation (``"ABC/BCA"``) or a preset
    name, or the level file ``level`` (a path; its random cells drawn from ``seed``).

    ``board`` is the board as a NumPy ``int8`` array: the colour index (A = 0 ... Z = 25)
    of each piece, :data:`COLORLESS` for a colour bomb, :data:`EMPTY`, :data:`BLOCKER`,
    :data:`HOLE` or :data:`CRATE` for the other cells; :meth:`layers` gives specials,
    jelly, locks and crate health."""

    def __init__(self, rules=None, size=(8, 8), colors=6, seed=0, board=None, level=None, *, _core_game=None):
        if _core_game is not None:
            self._g = _core_game
        else:
            level = None if level is None else str(level)
            self._g = _core.Game(rules, tuple(size), colors, seed, board, level)

    def play(self, move):
        """Plays ``move`` (``{"swap": [[r, c], [r, c]]}``, ``{"drop": c}`` or
        ``{"tap": [r, c]}``) and returns the turn's trace as a dict with the keys of
        ``match3 resolve --json``: ``opening``, ``phases`` (each with ``cleared``,
        ``falls``, ``spawns``, ``score``, ...) and ``shuffle``."""
        return json.loads(self._g.play_json(json.dumps(move)))

    def legal_moves(self):
        """Every legal move, as dicts, in the engine's order."""
        return json.loads(self._g.legal_moves_json())

    def bot_move(self, bot):
        """The move ``bot`` (a :class:`Bot`) would play here, or ``None``."""
        return json.loads(self._g.bot_move_json(bot))

    @property
    def board(self):
        """The board as a NumPy ``int8`` array (rows x cols)."""
        return self._g.board

    def layers(self):
        """What :attr:`board` leaves out, as arrays of its shape: ``special`` (0 for
        none, else 1 + the index of the kind in :attr:`special_kinds`), ``jelly``
        (layers left), ``locked`` (bool) and ``crate`` (health left, 0 for none)."""
        return self._g.layers()

    @property
    def goals(self):
        """The level's goals with their progress (``[]`` without a level), as
        ``match3 simulate --level --json`` prints them."""
        return json.loads(self._g.goals_json())

    notation = property(lambda self: self._g.notation, doc="The board in notation.")
    score = property(lambda self: self._g.score, doc="Points so far.")
    moves = property(lambda self: self._g.moves, doc="Moves played.")
    status = property(lambda self: self._g.status, doc='"playable", "no-moves", "cleared", "won" or "lost".')
    moves_left = property(lambda self: self._g.moves_left, doc="Moves left under a level's limit, else None.")
    rules = property(lambda self: self._g.rules, doc="The rules' name.")
    special_kinds = property(lambda self: self._g.special_kinds, doc="The rules' special kinds, by name.")

    def save(self):
        """The game as JSON text, for :meth:`load`."""
        return self._g.save()

    @classmethod
    def load(cls, text):
        """A game saved by :meth:`save`: it plays on exactly as the saved one would."""
        return cls(_core_game=_core.Game.load(text))

    def __repr__(self):
        return f"<match3.Game {self.rules} score={self.score} moves={self.moves} {self.status}>"


class Bot:
    """A bot (see :data:`BOTS`) with its own generator seeded by ``seed``:
    ``game.play(bot.choose(game))`` plays its move."""

    def __init__(self, name="greedy", seed=0):
        self._b = _core.Bot(name, seed)

    name = property(lambda self: self._b.name)

    def choose(self, game):
        """The move this bot plays in ``game`` (a dict), or ``None`` when none is legal."""
        return game.bot_move(self._b)


def simulate(rules=None, bot="greedy", games=50, moves=50, seed=1, size=None, colors=None, blockers=0,
             level=None, precision=None, jobs=0, timing=True):
    """``games`` games of ``bot`` on generated boards of ``rules`` (``size``, ``colors``,
    ``blockers`` percent), or on the level file ``level``, with the GIL released and
    ``jobs`` threads (0: every core; the result does not depend on it). Returns the dict
    ``match3 simulate --json`` prints, with the same keys and numbers; ``timing=False``
    nulls the wall-clock fields, as ``--no-timing`` does. ``precision`` (levels) plays
    blocks of games until the pass rate's 95% interval is at most that wide either side."""
    level = None if level is None else str(level)
    size = None if size is None else tuple(size)
    return json.loads(_core.simulate_json(rules, bot, games, moves, seed, size, colors, blockers, level,
                                          precision, jobs, timing))


def solve(game, goal="score", max_nodes=None, max_seconds=30.0):
    """Solves ``game``'s position exactly, as ``match3 solve --json`` does: for the best
    final ``goal="score"`` or the fewest-move ``"clear"`` (rules that draw no new
    pieces), or, for a game started from a level file, for a win. Past ``max_nodes`` or
    ``max_seconds`` the answer is the best line found, with ``optimal`` false."""
    args = (goal,) if max_nodes is None else (goal, max_nodes)
    return json.loads(_core.solve_json(game._g, *args, max_seconds=max_seconds))
