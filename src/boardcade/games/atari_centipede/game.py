"""Atari's Centipede (IDW 2017) for 2 or 4 players: the Game and the State contract.

Rules: docs/rules/atari-centipede.md. Board data: board.py; piece mechanics: pieces.py; the sequence
of decisions: turns.py. This module holds the public contract: options, chance, observations, hidden
information, cloning.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, TERMINAL, Game, Option, State

from . import board as B
from .pieces import GameOver, PiecesMixin
from .turns import (
    GNOME_PHASES,
    P_BONUS,
    P_CBERSERK,
    P_CDROP,
    P_CFLEA,
    P_CMUSH,
    P_CPLAY,
    P_CSPIDER,
    P_CSPIDERSPAWN,
    P_DICEOFF,
    P_DRAW,
    P_GCHOOSE,
    P_GGLITCH,
    P_GPLACE,
    P_GSTEP,
    P_OVER,
    P_ROLL,
    P_SEED,
    P_SEED_CHANCE,
    P_SPAWN,
    PHASE_NAMES,
    TurnsMixin,
)

COLOUR_NAMES = ("red", "blue")


class AtariCentipedeGame(Game):
    name = "atari_centipede"
    title = "Atari's Centipede (IDW 2017)"
    OPTIONS = (
        Option("players", 2, "2 (Gnome vs Centipede) or 4 (two teams of Gnome + Centipede)", choices=(2, 4), kind=int),
        Option(
            "setup",
            "players",
            "'players': the players seed the mushrooms; 'random': chance seeds them (AC-2.3)",
            choices=("players", "random"),
        ),
        Option(
            "max_rounds",
            200,
            "digital safety cap: after this many full rounds the game is a draw (AC-3.5)",
            kind=int,
            minimum=1,
            maximum=100000,
        ),
    )
    VARIANTS = (("2 players", {"players": 2}), ("4 players", {"players": 4}))
    num_distinct_actions = B.NUM_ACTIONS
    max_chance_outcomes = B.MAX_CHANCE

    @property
    def num_players(self) -> int:
        return self.options["players"]

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """4 players: team A is seats 0 (Gnome) and 1 (Centipede), team B seats 2 and 3 (AC-11)."""
        return ((0, 1), (2, 3)) if self.options["players"] == 4 else ((0,), (1,))

    @property
    def max_game_length(self) -> int:
        # setup (seeding, placing, rolling, dealing) + per round: each Gnome turn at most ~80 steps
        # (5 card uses with rerolls, bonus moves) and each Centipede turn at most ~80 (12 bugs).
        return 400 + self.options["max_rounds"] * 80 * self.options["players"]

    def new_initial_state(self) -> AtariCentipedeState:
        return AtariCentipedeState(self)

    def player_name(self, player: int) -> str:
        if self.num_players == 2:
            return ("Gnome", "Centipede")[player]
        team = "AB"[player // 2]
        return f"{('Gnome', 'Centipede')[player % 2]} (team {team})"

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        return B.action_name(action)


class AtariCentipedeState(PiecesMixin, TurnsMixin, State):
    def __init__(self, game: AtariCentipedeGame, _blank: bool = False):
        super().__init__(game)
        if _blank:
            return
        n = self._n = game.options["players"]
        self._random_setup = game.options["setup"] == "random"
        self._max_rounds = game.options["max_rounds"]
        ncol = self._ncol = 1 if n == 2 else 2
        ngn = 1 if n == 2 else 2
        self._gplayer = [0] if n == 2 else [0, 2]
        self._cplayer = [1] if n == 2 else [1, 3]
        self._all_spawns = B.ALL_SPAWNS
        self._cent_speed_table = B.CENT_SPEED
        # board
        self.board = [B.EMPTY] * B.NSQ
        self.bcol = [-1] * B.NSQ
        self.cents: list[list] = []  # [colour, squares head first, facings, moved this turn]
        self.fleas: list[list] = []  # [square, colour, moved]
        self.spiders: list[list] = []
        self.segs = [0] * ncol
        self.supply = B.MUSHROOMS
        self.flea_supply = B.FLEAS
        self.spider_supply = B.SPIDERS
        self._col_mush = [0] * B.COLS
        # gnomes
        self.gnome = [-1] * ngn
        self.gend = [-1] * ngn
        self._above = [-1] * ngn
        self._gnome_at_end: dict[int, int] = {}
        self.cards = [[True, True, True, n == 2] for _ in range(ngn)]
        self.pool = [0] * 6
        # centipede sides
        self._home = [-1] * ncol
        self._dy = [0] * ncol
        self._spawns: list[tuple[int, int]] = [(), ()][:ncol]
        self.hand = [[0] * 5 for _ in range(ncol)]
        self.deck = [list(B.DECK) for _ in range(ncol)]
        self.discard = [[0] * 5 for _ in range(ncol)]
        self.tucked = [0] * ncol
        self._cycle = [0] * ncol
        self._card_log: list[tuple] = []  # ("d"|"p", colour, cycle, card, history index, event index)
        # turn structure
        self._setup_order = list(range(ncol))
        self._setup_colour = 0
        if n == 2:
            self._order = [(0, 0, 0), (1, 1, 0)]
        else:
            self._order = []
        self._turn_i = -1
        self.round = 0
        self._winner = -1
        self._cap = False
        self._g = 0
        self._c = 0
        self._placing = 0
        self._die = -1
        self._die_step = 0
        self._used_card = False
        self._bonus = False
        self._pending_spider = False
        self._moving: list | None = None
        self._flea_left = 0
        self._flea_from = -1
        self._rolls_left = 0
        self._after_roll = 0
        self._draws_left = 0
        self._draw_colour = 0
        self._diceoff: list[tuple[int, int]] = []
        self.phase = P_SEED
        self._cur = 0
        self._begin_setup()

    # ---- names -------------------------------------------------------------------------------
    def _colour_name(self, c: int) -> str:
        return COLOUR_NAMES[c]

    def _gnome_name(self, g: int) -> str:
        return "Gnome" if self._n == 2 else f"team {'AB'[g]} Gnome"

    # ---- contract: flow ----------------------------------------------------------------------
    def current_player(self) -> int:
        return self._cur

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase in GNOME_PHASES:
            return self._gnome_legal()
        if phase == P_SEED:
            return self._seed_squares()
        if phase == P_GPLACE:
            return self._gplace_squares()
        return self._centipede_legal()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == P_ROLL:
            return [(f, 1 / 6) for f in range(6)]
        if phase == P_DRAW:
            deck = self.deck[self._draw_colour]
            total = sum(deck)
            return [(k, deck[k] / total) for k in range(5) if deck[k]]
        if phase == P_SEED_CHANCE:
            rows = [s // B.COLS for s in self._seed_squares()]
            return [(r, 1 / len(rows)) for r in rows]
        if phase == P_DICEOFF:
            return [(k, 1 / 36) for k in range(36)]
        return []

    def _apply(self, action: int) -> None:
        try:
            self._apply_inner(action)
        except GameOver as end:
            self._winner = end.side
            self._set(P_OVER, TERMINAL)

    def _apply_inner(self, action: int) -> None:
        phase = self.phase
        if phase in GNOME_PHASES:
            self._apply_gnome(action)
        elif phase == P_ROLL:
            self._roll(action)
        elif phase == P_DRAW:
            self._draw(action)
        elif phase == P_SEED:
            self._seed(action)
        elif phase == P_SEED_CHANCE:
            self._seed(action * B.COLS + self._seed_col)
        elif phase == P_GPLACE:
            self._place_gnome(action)
        elif phase == P_DICEOFF:
            self._dice_off(action)
        else:
            self._apply_centipede(action)

    def _dice_off(self, outcome: int) -> None:
        a, b = divmod(outcome, 6)
        self._diceoff.append((a + 1, b + 1))
        if a == b:
            self._emit("AC-11.3", f"dice-off: both Gnomes roll {a + 1}; roll again")
            return
        high = 0 if a > b else 1
        low = 1 - high
        self._emit("AC-11.3", f"dice-off {a + 1} to {b + 1}: team {'AB'[high]} picks the end, team {'AB'[low]} starts")
        self._order = [(0 + 2 * low, 0, low), (1 + 2 * low, 1, low), (0 + 2 * high, 0, high), (1 + 2 * high, 1, high)]
        self._placing = high
        self._set(P_GPLACE, self._gplayer[high])

    def returns(self) -> list[float]:
        n = self._n
        if self._winner < 0:
            return [0.0] * n
        side = (lambda p: p) if n == 2 else (lambda p: p // 2)
        return [1.0 if side(p) == self._winner else -1.0 for p in range(n)]

    def roles(self) -> list[str]:
        return [self.game.player_name(p).lower() for p in range(self._n)]

    def safety_cap_hit(self) -> bool:
        return self._cap

    def stats(self) -> dict[str, float]:
        segs = sum(self.segs)
        return {"rounds": self.round, "segments_on_board": segs, "mushrooms_on_board": 30 - self.supply}

    def _why_illegal(self, action: int) -> str:
        return f"while deciding '{PHASE_NAMES[self.phase]}' only the listed actions are allowed"

    # ---- labels ------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.action_info(action)["label"]

    def action_info(self, action: int) -> dict[str, Any]:
        phase = self.phase
        info: dict[str, Any] = {"action": action}
        if self._cur == CHANCE:
            if phase == P_ROLL:
                label, kind = f"die shows {B.face_text(action)}", "roll"
            elif phase == P_DRAW:
                label, kind = f"draw {B.CENT_CARD_NAMES[action]}", "draw"
            elif phase == P_SEED_CHANCE:
                label, kind = f"mushroom at r{action}c{self._seed_col}", "seed"
            else:
                label, kind = f"dice-off {action // 6 + 1} to {action % 6 + 1}", "dice_off"
            info.update(label=label, kind=kind)
            return info
        if 0 <= action < B.NSQ:
            kinds = {
                P_SEED: "seed",
                P_GPLACE: "place_gnome",
                P_SPAWN: "spawn_centipede",
                P_GGLITCH: "remove_mushroom",
                P_CFLEA: "spawn_flea",
                P_CSPIDER: "spider_to",
                P_CSPIDERSPAWN: "spawn_spider",
                P_BONUS: "bonus_move",
            }
            kind = kinds.get(phase, "bug")
            if phase == P_CMUSH:
                kind = "remove_mushroom" if self.board[action] == B.MUSH else "place_mushroom"
            elif phase not in kinds:
                kind = "berserk" if phase == P_CBERSERK else "move_bug"
            info.update(
                label=f"{kind.replace('_', ' ')} {B.square_name(action)}", kind=kind, target=list(B.coords(action))
            )
            return info
        label = B.action_name(action)
        kind = label.split()[0]
        if action in (B.LEFT, B.RIGHT):
            kind = "move"
            if phase in GNOME_PHASES:
                g = self._g
                col = self.gnome[g] % B.COLS
                n = 1 if phase != P_GSTEP else B.DIE_FACES[self._die][self._die_step][1]
                dest = max(0, min(B.COLS - 1, col + (n if action == B.RIGHT else -n)))
                info["target"] = [self.gend[g], dest]
                label = f"move {label} to c{dest}"
        elif action == B.SKIP:
            label = {P_CDROP: "no mushroom", P_BONUS: "decline bonus move"}.get(phase, "nothing to recharge")
        elif B.DIE_BASE <= action < B.USE_BASE:
            kind = "die"
        elif B.RECHARGE_BASE <= action < B.PLAY_BASE:
            label += " and end the turn" if phase not in (P_GSTEP,) else ""
        elif action == B.DROP and self._flea_from >= 0:
            info["target"] = list(B.coords(self._flea_from))
        info.update(label=label, kind=kind)
        return info

    # ---- observation -------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        n = self._n
        obs["players"] = n
        obs["phase"] = PHASE_NAMES[self.phase]
        obs["round"] = self.round
        obs["max_rounds"] = self._max_rounds
        obs["roles"] = self.roles()
        obs["safety_cap_hit"] = self._cap
        obs["mushrooms"] = [list(B.coords(s)) for s, cell in enumerate(self.board) if cell == B.MUSH]
        obs["mushroom_supply"] = self.supply
        obs["centipedes"] = [
            {"colour": COLOUR_NAMES[c[0]], "segments": [list(B.coords(s)) for s in c[1]], "facing": c[2][0]}
            for c in self.cents
        ]
        obs["fleas"] = [{"colour": COLOUR_NAMES[b[1]], "square": list(B.coords(b[0]))} for b in self.fleas]
        obs["spiders"] = [{"colour": COLOUR_NAMES[b[1]], "square": list(B.coords(b[0]))} for b in self.spiders]
        obs["bug_supply"] = {"fleas": self.flea_supply, "spiders": self.spider_supply}
        obs["gnomes"] = [
            {
                "player": self._gplayer[g],
                "square": list(B.coords(self.gnome[g])) if self.gnome[g] >= 0 else None,
                "cards": {B.CARD_NAMES[k]: ready for k, ready in enumerate(self.cards[g]) if self._has_card(k)},
            }
            for g in range(len(self.gnome))
        ]
        obs["dice_pool"] = [B.face_text(f) for f in range(6) for _ in range(self.pool[f])]
        obs["die_in_use"] = (
            {"face": B.face_text(self._die), "next_step": self._die_step}
            if self._die >= 0 and self._turn_i >= 0
            else None
        )
        sides = []
        for c in range(self._ncol):
            owner = self._cplayer[c]
            side = {
                "player": owner,
                "colour": COLOUR_NAMES[c],
                "home_row": self._home[c],
                "segments_on_board": self.segs[c],
                "hand_size": sum(self.hand[c]),
                "deck_size": sum(self.deck[c]),
                "discard": {B.CENT_CARD_NAMES[k]: v for k, v in enumerate(self.discard[c]) if v},
                "tucked_spawn_centipede": self.tucked[c],
                "speed_bonus": self.tucked[c],
            }
            if player == owner:
                side["hand"] = [B.CENT_CARD_NAMES[k] for k in range(5) for _ in range(self.hand[c][k])]
            sides.append(side)
        obs["centipede_players"] = sides
        if self.phase == P_CDROP and self._flea_from >= 0:
            obs["flea_left"] = list(B.coords(self._flea_from))
        return obs

    # ---- hidden information ------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        hist = self._history.copy()
        for kind, c, _, _, idx, _ in self._card_log:
            if kind == "d" and self._cplayer[c] != player:
                hist[idx] = -9
        return f"p{player}:" + ",".join(map(str, hist))

    def resample_from_infostate(self, player: int, rng: random.Random) -> AtariCentipedeState:
        """Another state `player` cannot tell from this one: hidden draws of other Centipede players are
        re-ordered within each reshuffle cycle (and against the unseen deck) while every card later
        played stays in hand when played (rule AC-12.1)."""
        new = self.clone()
        for c in range(self._ncol):
            if self._cplayer[c] != player:
                new._reshuffle_hidden(c, rng)
        return new

    def _reshuffle_hidden(self, c: int, rng: random.Random) -> None:
        log = [list(e) for e in self._card_log if e[1] == c]
        draws = [e for e in log if e[0] == "d"]
        if not draws:
            return
        last_cycle = self._cycle[c]
        by_cycle: dict[int, list[list]] = {}
        for e in draws:
            by_cycle.setdefault(e[2], []).append(e)
        unseen = [k for k in range(5) for _ in range(self.deck[c][k])]

        def feasible() -> bool:
            hand = [0] * 5
            for e in log:
                if e[0] == "d":
                    hand[e[3]] += 1
                else:
                    hand[e[3]] -= 1
                    if hand[e[3]] < 0:
                        return False
            return True

        for _ in range(min(400, 4 * len(draws))):
            a = rng.choice(draws)
            group = by_cycle[a[2]]
            use_deck = a[2] == last_cycle and unseen and rng.random() < len(unseen) / (len(unseen) + len(group))
            if use_deck:
                j = rng.randrange(len(unseen))
                old = a[3]
                if unseen[j] == old:
                    continue
                a[3] = unseen[j]
                if feasible():
                    unseen[j] = old
                else:
                    a[3] = old
            else:
                b = rng.choice(group)
                if a[3] == b[3]:
                    continue
                a[3], b[3] = b[3], a[3]
                if not feasible():
                    a[3], b[3] = b[3], a[3]
        hand = [0] * 5
        owner = self._cplayer[c]
        new_log = {}
        for e in log:
            hand[e[3]] += 1 if e[0] == "d" else -1
            if e[0] == "d":
                self._history[e[4]] = e[3]
                old = self._events[e[5]]
                self._events[e[5]] = old._replace(
                    text=f"{COLOUR_NAMES[c]} Centipede draws {B.CENT_CARD_NAMES[e[3]]}", visible_to=(owner,)
                )
                new_log[e[4]] = tuple(e)
        self._card_log = [new_log.get(e[4], e) if e[1] == c and e[0] == "d" else e for e in self._card_log]
        self.hand[c] = hand
        self.deck[c] = [0] * 5
        for k in unseen:
            self.deck[c][k] += 1
        self._legal_cache = None

    # ---- cloning -----------------------------------------------------------------------------
    _SHARED = (
        "_n",
        "_random_setup",
        "_max_rounds",
        "_ncol",
        "_gplayer",
        "_cplayer",
        "_all_spawns",
        "_cent_speed_table",
        "_setup_order",
    )
    _SCALARS = (
        "supply",
        "flea_supply",
        "spider_supply",
        "round",
        "_turn_i",
        "_winner",
        "_cap",
        "_g",
        "_c",
        "_placing",
        "_die",
        "_die_step",
        "_used_card",
        "_bonus",
        "_pending_spider",
        "_flea_left",
        "_flea_from",
        "_rolls_left",
        "_after_roll",
        "_draws_left",
        "_draw_colour",
        "phase",
        "_cur",
        "_seed_cols_done",
        "_seed_col",
        "_seed_left",
        "_setup_colour",
        "_order",
        "_home",
        "_spawns",
    )

    def clone(self) -> AtariCentipedeState:
        new = AtariCentipedeState(self.game, _blank=True)
        self._copy_base_into(new)
        d = self.__dict__
        nd = new.__dict__
        for k in self._SHARED:
            nd[k] = d[k]
        for k in self._SCALARS:
            nd[k] = d[k]
        new.board = self.board.copy()
        new.bcol = self.bcol.copy()
        new.cents = [[c[0], c[1].copy(), c[2].copy(), c[3]] for c in self.cents]
        new.fleas = [b.copy() for b in self.fleas]
        new.spiders = [b.copy() for b in self.spiders]
        moving = self._moving
        new._moving = None
        if moving is not None:
            for old, cp in zip(self.fleas + self.spiders, new.fleas + new.spiders, strict=False):
                if old is moving:
                    new._moving = cp
        new.segs = self.segs.copy()
        new._col_mush = self._col_mush.copy()
        new.gnome = self.gnome.copy()
        new.gend = self.gend.copy()
        new._above = self._above.copy()
        new._gnome_at_end = self._gnome_at_end.copy()
        new.cards = [c.copy() for c in self.cards]
        new.pool = self.pool.copy()
        new._dy = self._dy.copy()
        new._home = self._home.copy()
        new._spawns = self._spawns.copy()
        new.hand = [h.copy() for h in self.hand]
        new.deck = [h.copy() for h in self.deck]
        new.discard = [h.copy() for h in self.discard]
        new.tucked = self.tucked.copy()
        new._cycle = self._cycle.copy()
        new._card_log = self._card_log.copy()
        new._diceoff = self._diceoff.copy()
        new._order = list(self._order)
        return new


__all__ = ["AtariCentipedeGame", "AtariCentipedeState", "P_CPLAY", "P_CFLEA", "P_GCHOOSE", "P_OVER", "TERMINAL"]
