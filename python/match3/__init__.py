"""The match3 engine from Python: games with the command line's JSON shapes, and fast
Gymnasium environments in :mod:`match3.gym`.

>>> import match3
>>> game = match3.Game("finite", board="teaching")
>>> game.play({"swap": [[0, 2], [1, 2]]})["phases"][0]["score"]
3
"""

import json

from . import _core
from ._core import BLOCKER, COLORLESS, CRATE, EMPTY, HOLE

__all__ = ["Game", "EMPTY", "BLOCKER", "HOLE", "CRATE", "COLORLESS"]


class Game:
    """One game of ``rules`` ("lines", "clusters", "clusters-drop", "clusters-tap",
    "finite"): a generated ``size`` board with ``colors`` colours from ``seed``, or
    ``board`` in notation or a preset name. A refused move raises ``ValueError`` and
    changes nothing."""

    def __init__(self, rules="lines", size=(8, 8), colors=6, seed=0, board=None, _core_game=None):
        self._g = _core_game or _core.Game(rules, tuple(size), colors, seed, board)

    def play(self, move):
        """Plays ``move`` (``{"swap": [[r, c], [r, c]]}``, ``{"drop": c}`` or
        ``{"tap": [r, c]}``) and returns the turn's trace as a dict."""
        return json.loads(self._g.play_json(json.dumps(move)))

    def legal_moves(self):
        """Every legal move, as dicts."""
        return json.loads(self._g.legal_moves_json())

    @property
    def board(self):
        """The board as a NumPy ``int8`` array: colour index, or EMPTY, BLOCKER, HOLE,
        CRATE, COLORLESS."""
        return self._g.board

    notation = property(lambda self: self._g.notation, doc="The board in notation.")
    score = property(lambda self: self._g.score)
    moves = property(lambda self: self._g.moves)
    status = property(lambda self: self._g.status)
    moves_left = property(lambda self: self._g.moves_left)
    rules = property(lambda self: self._g.rules)

    def save(self):
        """The game as JSON text."""
        return self._g.save()

    @classmethod
    def load(cls, text):
        """A game saved by :meth:`save`."""
        return cls(_core_game=_core.Game.load(text))
