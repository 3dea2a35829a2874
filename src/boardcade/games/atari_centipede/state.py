"""Atari's Centipede's state as data: its fields, and the tables every state of a game shares.

The contract (observations, action descriptions, hidden information, copies) is added in game.py; the turn flow
(phases.py) and the board mechanics (pieces.py) are plain functions of this state.
"""

from __future__ import annotations

from typing import Any

from boardcade.core.phases import PhasedGame, PhasedState

from . import board as B
from .actions import Actions

# The roles of a phase's actor (core.phases): the seat seeding mushrooms, the Gnome placing itself, the Gnome
# whose turn it is, the Centipede player whose turn (or bonus move) it is.
SEEDER, PLACER, GNOME, CENTIPEDE = range(4)


class Tables:
    """What every state of one loaded game shares, read-only: the action numbers and the option values."""

    __slots__ = ("acts", "random_setup", "offer_stuck", "max_rounds")

    def __init__(self, acts: Actions, options: dict[str, Any]):
        self.acts = acts
        self.random_setup: bool = options["setup"] == "random"
        self.offer_stuck: bool = options["offer_stuck_bugs"]
        self.max_rounds: int = options["max_rounds"]

    def __repr__(self) -> str:
        return (
            f"Tables(actions={self.acts.codec.size}, random_setup={self.random_setup}, "
            f"offer_stuck={self.offer_stuck}, max_rounds={self.max_rounds})"
        )


class AtariData(PhasedState):
    """A position: the board, the pieces, the Gnomes and their cards, the Centipede sides' cards, whose turn it
    is and where in it (setup included)."""

    def __init__(self, game: PhasedGame, lay: B.Layout, tables: Tables):
        super().__init__(game)
        self._lay = lay
        self._T = tables
        ncol = lay.colours
        ngn = lay.gnomes
        # board
        self._board = [B.EMPTY] * lay.nsq
        self._bcol = [-1] * lay.nsq
        self._cents: list[list[Any]] = []  # [colour, squares head first, facings, moved this turn]
        self._fleas: list[list[Any]] = []  # [square, colour, moved]
        self._spiders: list[list[Any]] = []
        self._segs = [0] * ncol
        self._supply = B.MUSHROOMS
        self._flea_supply = B.FLEAS
        self._spider_supply = B.SPIDERS
        self._col_mush = [0] * B.COLS
        # gnomes
        self._gnome = [-1] * ngn
        self._gend = [-1] * ngn
        self._above = [-1] * ngn
        self._gnome_at_end: dict[int, int] = {}
        self._cards = [[True, True, True, lay.glitch] for _ in range(ngn)]
        self._pool = [0] * 6
        # centipede sides
        self._home = [-1] * ncol
        self._dy = [0] * ncol
        self._spawns: list[tuple[int, ...]] = [(), ()][:ncol]
        self._hand = [[0] * 5 for _ in range(ncol)]
        self._deck = [list(B.DECK) for _ in range(ncol)]
        self._discard = [[0] * 5 for _ in range(ncol)]
        self._tucked = [0] * ncol
        self._cycle = [0] * ncol
        self._card_log: list[tuple[Any, ...]] = []  # ("d"|"p", colour, cycle, card, history index, event index)
        # turn structure: (player, 0 = Gnome / 1 = Centipede, Gnome or colour index)
        self._order = [] if lay.team_game else [(lay.gnome_seat[0], 0, 0), (lay.cent_seat[0], 1, 0)]
        self._turn_i = -1
        self._round = 0
        self._g = 0
        self._c = 0
        self._placing = 0
        self._die = -1  # the face of the die in use (-1: none in use)
        self._die_step = 0
        self._die_used = False  # this turn's die has been activated (AC-4.2)
        self._used_card = False
        self._bonus = False
        self._pending_spider = False
        self._slam_pending = False  # Slam the Ball used during a die: the die in use is rerolled after it (AC-5.4)
        self._entering = False  # a centipede is entering: losing the last segment is checked after it (AC-6.6)
        self._moving: list[Any] | None = None
        self._spider_to: list[int] = []  # the moving spider's destinations (AC-8), found when it starts
        self._flea_left = 0
        self._flea_from = -1
        self._rolls_left = 0
        self._after_roll = 0
        self._roll_rule = "AC-2.5"
        self._draws_left = 0
        self._draw_colour = 0
        self._setup_colour = 0
        self._diceoff: list[tuple[int, int]] = []
        self._seed_cols_done = 0
        self._seed_col = -1
        self._seed_left = 3

    def _seat(self, role: int) -> int:
        lay = self._lay
        if role == GNOME:
            return lay.gnome_seat[self._g]
        if role == CENTIPEDE:
            return lay.cent_seat[self._c]
        if role == SEEDER:
            seeders = lay.seeders
            return seeders[self._seed_cols_done % len(seeders)]
        return lay.gnome_seat[self._placing]  # PLACER
