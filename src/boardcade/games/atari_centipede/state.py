"""Atari's Centipede's state as data: its fields, and the tables every state of a game shares.

The contract (observations, action descriptions, hidden information, copies) is added in game.py; the turn flow
(phases.py) and the board mechanics (pieces.py) are plain functions of this state.
"""

from __future__ import annotations

from typing import Any, Self

from boardcade.core.game import COPY, COPY_EACH, SHARE
from boardcade.core.phases import PhasedGame, PhasedState

from . import board as B
from .actions import Actions


class Phase:
    """The phases (decisions and chance nodes), each's one name in code (core/phases.py): setup (SEED to
    GPLACE), the dice and the cards drawn (ROLL, DRAW), the Gnome's turn (G...), the Centipede's turn (C...);
    phases.py declares each one's rule (what the observation shows, who acts and what may follow)."""

    SEED = 0
    SEED_CHANCE = 1
    DICEOFF = 2
    GPLACE = 3
    ROLL = 4
    DRAW = 5
    SPAWN = 6
    GCHOOSE = 7
    GSTEP = 8
    GAFTER = 9
    GWRIST = 10
    GGLITCH = 11
    BONUS = 12
    CPLAY = 13
    CFLEA = 14
    CMUSH = 15
    CBERSERK = 16
    CMOVE = 17
    CSPIDER = 18
    CDROP = 19
    CSPIDERSPAWN = 20
    OVER = 21


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

    # The state's own fields, declared once (core.game.State): how a copy takes each.
    FIELDS = {
        "_lay": SHARE,  # the board's geometry and the seats (board.Layout), shared by every state of the game
        "_T": SHARE,  # the game's tables (Tables), shared too
        # the board
        "_board": COPY,  # per square: EMPTY, MUSH, FLEA, SPIDER or SEG
        "_bcol": COPY,  # per square: the colour of the bug there (-1: none)
        "_cents": COPY_EACH,  # the centipedes (board.Centipede)
        "_fleas": COPY_EACH,  # the fleas (board.Bug)
        "_spiders": COPY_EACH,  # the spiders (board.Bug)
        "_segs": COPY,  # per colour: its segments on the board
        "_supply": SHARE,  # mushrooms off the board
        "_flea_supply": SHARE,  # fleas off the board
        "_spider_supply": SHARE,  # spiders off the board
        "_col_mush": COPY,  # per column: mushrooms seeded there (AC-2.2)
        # the Gnomes
        "_gnome": COPY,  # per Gnome: its square (-1: not placed yet)
        "_gend": COPY,  # per Gnome: its end's row
        "_above": COPY,  # per Gnome: the square in front of it (AC-10.1)
        "_gnome_at_end": COPY,  # row -> the Gnome at that end
        "_cards": COPY_EACH,  # per Gnome: each Gnome Control card face up?
        "_pool": COPY,  # dice in the pool, per face
        # the Centipede sides
        "_home": COPY,  # per colour: its home row (-1: not set yet)
        "_dy": COPY,  # per colour: +1 or -1, the row step toward the Gnome it hunts
        "_spawns": COPY,  # per colour: its two spawn squares
        "_hand": COPY_EACH,  # per colour: cards in hand, per card (hidden: AC-12.1)
        "_deck": COPY_EACH,  # per colour: cards in the deck, per card
        "_discard": COPY_EACH,  # per colour: the discard pile, per card
        "_tucked": COPY,  # per colour: tucked Spawn Centipede cards (+1 speed each)
        "_cycle": COPY,  # per colour: reshuffles of its deck so far
        "_card_log": COPY,  # every card drawn and played (board.CardMove), for resampling the hidden draws
        # the turn
        "_order": SHARE,  # a round's turns: (seat, 0 Gnome / 1 Centipede, Gnome or colour index); replaced whole
        "_turn_i": SHARE,  # the turn in the order (-1: setup)
        "_round": SHARE,
        "_g": SHARE,  # the Gnome whose turn it is
        "_c": SHARE,  # the colour whose turn (or bonus move, or deal) it is
        "_placing": SHARE,  # the Gnome choosing its end (AC-2.4)
        "_die": SHARE,  # the face of the die in use (-1: none in use)
        "_die_step": SHARE,  # its next action
        "_die_used": SHARE,  # this turn's die has been activated (AC-4.2)
        "_used_card": SHARE,  # a Gnome Control card was used this turn (AC-5.6)
        "_bonus": SHARE,  # the bug now moving makes the bonus move (AC-11.8)
        "_pending_spider": SHARE,  # Spawn Spider was played: a spider after the moves (AC-6.5)
        "_slam_pending": SHARE,  # Slam the Ball used during a die: the die in use is rerolled after it (AC-5.4)
        "_entering": SHARE,  # a centipede is entering: losing the last segment is checked after it (AC-6.6)
        "_moving": SHARE,  # the square of the flea or spider now moving (-1: none)
        "_spider_to": SHARE,  # the moving spider's destinations (AC-8), found when it starts; replaced whole
        "_flea_left": SHARE,  # squares the moving flea still moves
        "_flea_from": SHARE,  # the square it just left (AC-9.2)
        "_rolls_left": SHARE,  # dice still to roll into the pool
        "_after_roll": SHARE,  # what follows the rolls (AFTER_SETUP or AFTER_GNOME)
        "_roll_rule": SHARE,  # the rule the rolls' events cite
        "_draws_left": SHARE,  # cards still to draw
        "_draw_colour": SHARE,  # whose deck they come from
        "_setup_colour": SHARE,  # the colour being dealt at setup
        "_diceoff": COPY,  # the dice-off's rolls (AC-11.3)
        "_seed_cols_done": SHARE,  # columns seeded so far (AC-2.2)
        "_seed_col": SHARE,  # the column being seeded (-1: the seeder picks it)
        "_seed_left": SHARE,  # mushrooms still to seed in it
    }
    __slots__ = tuple(FIELDS)
    _lay: B.Layout
    _T: Tables
    _board: list[int]
    _bcol: list[int]
    _cents: list[B.Centipede]
    _fleas: list[B.Bug]
    _spiders: list[B.Bug]
    _segs: list[int]
    _supply: int
    _flea_supply: int
    _spider_supply: int
    _col_mush: list[int]
    _gnome: list[int]
    _gend: list[int]
    _above: list[int]
    _gnome_at_end: dict[int, int]
    _cards: list[list[bool]]
    _pool: list[int]
    _home: list[int]
    _dy: list[int]
    _spawns: list[tuple[int, ...]]
    _hand: list[list[int]]
    _deck: list[list[int]]
    _discard: list[list[int]]
    _tucked: list[int]
    _cycle: list[int]
    _card_log: list[B.CardMove]
    _order: list[tuple[int, int, int]]
    _turn_i: int
    _round: int
    _g: int
    _c: int
    _placing: int
    _die: int
    _die_step: int
    _die_used: bool
    _used_card: bool
    _bonus: bool
    _pending_spider: bool
    _slam_pending: bool
    _entering: bool
    _moving: int
    _spider_to: list[int]
    _flea_left: int
    _flea_from: int
    _rolls_left: int
    _after_roll: int
    _roll_rule: str
    _draws_left: int
    _draw_colour: int
    _setup_colour: int
    _diceoff: list[tuple[int, int]]
    _seed_cols_done: int
    _seed_col: int
    _seed_left: int

    def __init__(self, game: PhasedGame, lay: B.Layout, tables: Tables):
        super().__init__(game)
        self._lay = lay
        self._T = tables
        ncol = lay.colours
        ngn = lay.gnomes
        self._board = [B.EMPTY] * lay.nsq
        self._bcol = [-1] * lay.nsq
        self._cents = []
        self._fleas = []
        self._spiders = []
        self._segs = [0] * ncol
        self._supply = B.MUSHROOMS
        self._flea_supply = B.FLEAS
        self._spider_supply = B.SPIDERS
        self._col_mush = [0] * B.COLS
        self._gnome = [-1] * ngn
        self._gend = [-1] * ngn
        self._above = [-1] * ngn
        self._gnome_at_end = {}
        self._cards = [[True, True, True, lay.glitch] for _ in range(ngn)]
        self._pool = [0] * 6
        self._home = [-1] * ncol
        self._dy = [0] * ncol
        self._spawns = [() for _ in range(ncol)]
        self._hand = [[0] * 5 for _ in range(ncol)]
        self._deck = [list(B.DECK) for _ in range(ncol)]
        self._discard = [[0] * 5 for _ in range(ncol)]
        self._tucked = [0] * ncol
        self._cycle = [0] * ncol
        self._card_log = []
        self._order = [] if lay.team_game else [(lay.gnome_seat[0], 0, 0), (lay.cent_seat[0], 1, 0)]
        self._turn_i = -1
        self._round = 0
        self._g = 0
        self._c = 0
        self._placing = 0
        self._die = -1
        self._die_step = 0
        self._die_used = False
        self._used_card = False
        self._bonus = False
        self._pending_spider = False
        self._slam_pending = False
        self._entering = False
        self._moving = -1
        self._spider_to = []
        self._flea_left = 0
        self._flea_from = -1
        self._rolls_left = 0
        self._after_roll = 0
        self._roll_rule = "AC-2.5"
        self._draws_left = 0
        self._draw_colour = 0
        self._setup_colour = 0
        self._diceoff = []
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

    def clone(self) -> Self:
        """An independent copy: the fields of FIELDS written out, so that the compiled class copies its C fields
        directly (the copy FIELDS would build goes through each field's descriptor there). A test holds it to
        FIELDS (tests/core/test_contract_all_games.py)."""
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new._lay = self._lay
        new._T = self._T
        new._board = self._board.copy()
        new._bcol = self._bcol.copy()
        new._cents = [x.copy() for x in self._cents]
        new._fleas = [x.copy() for x in self._fleas]
        new._spiders = [x.copy() for x in self._spiders]
        new._segs = self._segs.copy()
        new._supply = self._supply
        new._flea_supply = self._flea_supply
        new._spider_supply = self._spider_supply
        new._col_mush = self._col_mush.copy()
        new._gnome = self._gnome.copy()
        new._gend = self._gend.copy()
        new._above = self._above.copy()
        new._gnome_at_end = self._gnome_at_end.copy()
        new._cards = [x.copy() for x in self._cards]
        new._pool = self._pool.copy()
        new._home = self._home.copy()
        new._dy = self._dy.copy()
        new._spawns = self._spawns.copy()
        new._hand = [x.copy() for x in self._hand]
        new._deck = [x.copy() for x in self._deck]
        new._discard = [x.copy() for x in self._discard]
        new._tucked = self._tucked.copy()
        new._cycle = self._cycle.copy()
        new._card_log = self._card_log.copy()
        new._order = self._order
        new._turn_i = self._turn_i
        new._round = self._round
        new._g = self._g
        new._c = self._c
        new._placing = self._placing
        new._die = self._die
        new._die_step = self._die_step
        new._die_used = self._die_used
        new._used_card = self._used_card
        new._bonus = self._bonus
        new._pending_spider = self._pending_spider
        new._slam_pending = self._slam_pending
        new._entering = self._entering
        new._moving = self._moving
        new._spider_to = self._spider_to
        new._flea_left = self._flea_left
        new._flea_from = self._flea_from
        new._rolls_left = self._rolls_left
        new._after_roll = self._after_roll
        new._roll_rule = self._roll_rule
        new._draws_left = self._draws_left
        new._draw_colour = self._draw_colour
        new._setup_colour = self._setup_colour
        new._diceoff = self._diceoff.copy()
        new._seed_cols_done = self._seed_cols_done
        new._seed_col = self._seed_col
        new._seed_left = self._seed_left
        return new
