"""Milton Bradley Centipede's state as data: its declared fields, and the tables every state of a game shares.

The contract (observations, action descriptions, copies) is added in game.py; the turn flow (phases.py) and the
board mechanics (mechanics.py) are plain functions of this state.
"""

from __future__ import annotations

from typing import Self

from boardcade.core.game import COPY, SHARE
from boardcade.core.phases import PhasedGame, PhasedState

from .codec import Actions
from .layout import Layout

DEN = -1
HOLLOW = -1
# stats() figures kept in _counts, in this order (mechanics.py names their indexes).
STAT_NAMES = (
    "spins_green",
    "spins_red",
    "shot_opponent_segment",
    "shot_own_segment",
    "shot_poison",
    "shot_spider",
    "shot_scorpion",
    "shot_spider_on_gun",
    "shot_plug_in",
    "shot_red_line",
    "shot_opponent_gun",
    "shot_off_board",
    "shortcuts_green",
    "shortcuts_red",
    "shortcuts_declined",
    "spider_attacks",
    "spider_removals",
    "scorpion_plantings",
    "passes",
    "meetings",
)


class Phase:
    """The phases of a turn, each's one name in code (core/phases.py); phases.py declares each one's rule, and
    the observation shows the name in lower case."""

    SPIN = 0
    FREE_CHOICE = 1
    GUN = 2
    REVIVE = 3
    SHORTCUT = 4
    SPIDER_SCORPION = 5
    OVER = 6


class Tables:
    """What every state of one loaded game shares, read-only: the action numbers of each kind, the spinner's
    outcomes, each gun position's moves (MB-3.1) and the option values the rules read."""

    __slots__ = ("acts", "spin_outcomes", "gun_moves", "max_turns", "shortcut_under_opponent")

    def __init__(self, acts: Actions, spin_outcomes: list[tuple[int, float]], options: dict[str, object]):
        self.acts = acts
        self.spin_outcomes = spin_outcomes
        guns = acts.gun
        # MB-3.1: the gun moves to a different position of its line, then fires.
        self.gun_moves: tuple[list[int], ...] = tuple(
            [a for k, a in enumerate(guns) if k != cur] for cur in range(len(guns))
        )
        self.max_turns = int(options["max_turns"])  # type: ignore[call-overload]
        self.shortcut_under_opponent = bool(options["shortcut_under_opponent"])

    def __repr__(self) -> str:
        return (
            f"Tables(spin_outcomes={self.spin_outcomes}, max_turns={self.max_turns}, "
            f"shortcut_under_opponent={self.shortcut_under_opponent})"
        )


class MBState(PhasedState):
    """A position: where the segments, poison mushrooms, guns, Spider and Scorpion are, and whose turn it is."""

    # The state's own fields, declared once (core.game.State): how a copy takes each.
    FIELDS = {
        "_L": SHARE,  # the board (layout.py), shared by every state of the game
        "_T": SHARE,  # the game's tables (Tables), shared too
        "_seg": COPY,  # _seg[p*6 + k]: player p's segment k (0 = head): a path index, or a home/goal sentinel
        "_alive": COPY,  # _alive[p*6 + k]: that segment is live (label side up)
        "_poison": COPY,  # _poison[i]: poison space i holds a poison mushroom (under the Scorpion counts)
        "_supply": SHARE,  # poison mushroom tokens off the board
        "_gun": COPY,  # _gun[p]: player p's gun position on its Firing Line
        "_spider": SHARE,  # DEN, poison space i, _L.spider_space0 + Spider Space j, or _L.spider_gun0 + gun owner
        "_scorpion": SHARE,  # HOLLOW, or the poison space it stands on (its token there not yet planted)
        "_player": SHARE,  # whose turn it is (the one who spins)
        "_steps": SHARE,  # centipede spaces still to move
        "_turns": SHARE,  # spins so far
        "_spin": SHARE,  # the last spin's sector (-1: none yet)
        "_counts": COPY,  # figures for stats() (STAT_NAMES)
    }
    __slots__ = tuple(FIELDS)
    _L: Layout
    _T: Tables
    _seg: list[int]
    _alive: list[bool]
    _poison: list[bool]
    _supply: int
    _gun: list[int]
    _spider: int
    _scorpion: int
    _player: int
    _steps: int
    _turns: int
    _spin: int
    _counts: list[int]

    def __init__(self, game: PhasedGame, layout: Layout, tables: Tables, first_player: int):
        super().__init__(game)
        self._L = layout
        self._T = tables
        self._seg = [layout.home_pos[0]] * 6 + [layout.home_pos[1]] * 6
        self._alive = [True] * 12  # MB-1.8: a head and five body segments each, all live, in the home base
        self._poison = [False] * len(layout.poison_idx)
        self._supply = layout.tokens
        self._gun = [layout.safety[0], layout.safety[1]]
        self._spider = DEN
        self._scorpion = HOLLOW
        self._player = first_player
        self._steps = 0
        self._turns = 0
        self._spin = -1
        self._counts = [0] * len(STAT_NAMES)
        self._enter(Phase.SPIN)  # MB-2.1: the first player spins

    def _seat(self, role: int) -> int:
        return self._player  # the one role: the player whose turn it is

    def clone(self) -> Self:
        """An independent copy: the fields of FIELDS written out, so that the compiled class copies its C fields
        directly (the copy FIELDS would build goes through each field's descriptor there). A test holds it to
        FIELDS (tests/core/test_contract_all_games.py)."""
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new._L = self._L
        new._T = self._T
        new._seg = self._seg.copy()
        new._alive = self._alive.copy()
        new._poison = self._poison.copy()
        new._supply = self._supply
        new._gun = self._gun.copy()
        new._spider = self._spider
        new._scorpion = self._scorpion
        new._player = self._player
        new._steps = self._steps
        new._turns = self._turns
        new._spin = self._spin
        new._counts = self._counts.copy()
        return new
