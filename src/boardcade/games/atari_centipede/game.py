"""Atari's Centipede (IDW 2017) for 2 or 4 players: the Game and the State contract.

Rules: rules/atari-centipede.md. Static data and the per-game layout: board.py; the action codec:
actions.py; piece mechanics: pieces.py; the sequence of decisions: turns.py. This module holds the public
contract: options, chance, labels, observations, hidden information, cloning.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, TERMINAL, ActionCodec, Game, Option, State

from . import board as B
from .actions import DICE_OFF, DRAW, ROLL, acts_for, die_label
from .pieces import GameOver, PiecesMixin
from .prompts import DECISIONS
from .turns import (
    CHANCE_PHASES,
    GNOME_PHASES,
    P_CDROP,
    P_CSPIDER,
    P_DICEOFF,
    P_DRAW,
    P_GPLACE,
    P_OVER,
    P_ROLL,
    P_SEED,
    P_SEED_CHANCE,
    PHASE_NAMES,
    TurnsMixin,
)

COLOUR_NAMES = B.COLOUR_NAMES


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
            "field_rows",
            B.DEFAULT_FIELD_ROWS,
            "rows of the field between the two Gnome rows (AC-1.1); 10 was the first reconstruction's board",
            kind=int,
            minimum=B.MIN_FIELD_ROWS,
            maximum=B.MAX_FIELD_ROWS,
        ),
        Option(
            "max_rounds",
            200,
            "digital safety cap: after this many full rounds the game is a draw (AC-3.5)",
            kind=int,
            minimum=1,
            maximum=100000,
        ),
        Option(
            "offer_stuck_bugs",
            False,
            "List bugs that cannot move (a boxed-in spider, a flea on its last row) among the bugs to move, picking "
            "one letting it stay (rules version 2's reading); off, they stay without being offered (AC-6.1).",
            kind=bool,
        ),
    )
    VARIANTS = (("2 players", {"players": 2}), ("4 players", {"players": 4}))
    DECISIONS = DECISIONS  # what each decision asks (prompts.py)
    # Version 2 (2026-12-01): the board of `field_rows` (default 18, was 10), the codec's numbering, Slam the Ball
    # during a die (AC-5.4), Spawn Centipede's entry (AC-6.6), spiders must move (AC-8).
    # Version 3 (2026-12-02): bugs that cannot move are not offered a move (AC-6.1); version 2 replays with
    # offer_stuck_bugs=True (spec.legacy_rules).
    RULES_VERSION = 3
    # Chance outcomes: a die face (6), a card (5), a seeded mushroom's row (at most 30 field rows), a dice-off
    # pair (36). The player actions depend on the board's length: set per game from its codec.
    max_chance_outcomes = 36

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.num_distinct_actions = self.codec.size

    @property
    def layout(self) -> B.Layout:
        return B.layout(self.options["field_rows"], self.options["players"])

    @property
    def acts(self):
        return acts_for(self.layout)

    def make_codec(self) -> ActionCodec:
        return self.acts.codec

    @property
    def num_players(self) -> int:
        return self.options["players"]

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """4 players: team A is seats 0 (Gnome) and 1 (Centipede), team B seats 2 and 3 (AC-11)."""
        return self.layout.teams

    @property
    def max_game_length(self) -> int:
        # setup (seeding, placing, rolling, dealing) + per round: each Gnome turn at most ~80 steps
        # (5 card uses with rerolls, bonus moves) and each Centipede turn at most ~80 (12 bugs).
        return 400 + self.options["max_rounds"] * 80 * self.options["players"]

    def new_initial_state(self) -> AtariCentipedeState:
        return AtariCentipedeState(self)

    def __deepcopy__(self, memo: dict) -> AtariCentipedeGame:
        return self  # a game is immutable once loaded (its codec and layout are shared, read-only tables)

    def __reduce__(self):
        return (_load_game, (dict(self.options),))  # pickled by its options (the codec is rebuilt, not pickled)

    def player_name(self, player: int) -> str:
        role = ("Gnome", "Centipede")[player % 2]
        if not self.layout.team_game:
            return role
        return f"{B.COLOUR_NAMES[player // 2].capitalize()} {role}"  # a team is named by its colour (AC-11)

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        if 0 <= action < self.codec.size:
            return self.codec.label(action)
        return f"action {action}"


class AtariCentipedeState(PiecesMixin, TurnsMixin, State):
    def __init__(self, game: AtariCentipedeGame):
        super().__init__(game)
        lay = self._lay = game.layout
        self._A = game.acts
        self._random_setup = game.options["setup"] == "random"
        self._offer_stuck = game.options["offer_stuck_bugs"]
        self._max_rounds = game.options["max_rounds"]
        self._cent_speed_table = B.CENT_SPEED
        ncol = lay.colours
        ngn = lay.gnomes
        # board
        self._board = [B.EMPTY] * lay.nsq
        self._bcol = [-1] * lay.nsq
        self._cents: list[list] = []  # [colour, squares head first, facings, moved this turn]
        self._fleas: list[list] = []  # [square, colour, moved]
        self._spiders: list[list] = []
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
        self._spawns: list[tuple[int, int]] = [(), ()][:ncol]
        self._hand = [[0] * 5 for _ in range(ncol)]
        self._deck = [list(B.DECK) for _ in range(ncol)]
        self._discard = [[0] * 5 for _ in range(ncol)]
        self._tucked = [0] * ncol
        self._cycle = [0] * ncol
        self._card_log: list[tuple] = []  # ("d"|"p", colour, cycle, card, history index, event index)
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
        self._moving: list | None = None
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
        self._phase = P_SEED
        self._cur = 0
        self._begin_setup()

    # ---- names -------------------------------------------------------------------------------
    def _gnome_name(self, g: int) -> str:
        return f"{B.COLOUR_NAMES[g]} Gnome" if self._lay.team_game else "Gnome"

    # ---- contract: flow ----------------------------------------------------------------------
    def current_player(self) -> int:
        return self._cur

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase in GNOME_PHASES:
            return self._gnome_legal()
        A = self._A
        if phase == P_SEED:
            base = A.SEED_SQ
            return [base + s for s in self._seed_squares()]
        if phase == P_GPLACE:
            return [A.place_gnome(s) for s in self._gplace_squares()]
        return self._centipede_legal()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase == P_ROLL:
            return _ROLL_OUTCOMES
        if phase == P_DRAW:
            deck = self._deck[self._draw_colour]
            total = sum(deck)
            return [(k, deck[k] / total) for k in range(5) if deck[k]]
        if phase == P_SEED_CHANCE:
            rows = [s // B.COLS - 1 for s in self._seed_squares()]
            return [(r, 1 / len(rows)) for r in rows]
        if phase == P_DICEOFF:
            return _DICEOFF_OUTCOMES
        return []

    def _apply(self, action: int) -> None:
        try:
            self._apply_inner(action)
        except GameOver as end:
            self._set(P_OVER, TERMINAL)
            self._finish(self._result_for(end.team), end.rule, end.text)

    def _result_for(self, team: int) -> list[float]:
        winners = self._lay.teams[team]
        return [1.0 if p in winners else -1.0 for p in range(self._lay.players)]

    def _apply_inner(self, action: int) -> None:
        phase = self._phase
        if phase in GNOME_PHASES:
            self._apply_gnome(action)
        elif phase == P_ROLL:
            self._roll(action)
        elif phase == P_DRAW:
            self._draw(action)
        elif phase == P_SEED:
            self._seed(action - self._A.SEED_SQ)
        elif phase == P_SEED_CHANCE:
            self._seed((action + 1) * B.COLS + self._seed_col)
        elif phase == P_GPLACE:
            self._place_gnome(self._A.place_gnome_square(action))
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
        hi, lo = B.COLOUR_NAMES[high], B.COLOUR_NAMES[low]
        self._emit("AC-11.3", f"dice-off {a + 1} to {b + 1}: the {hi} team picks the end, the {lo} team starts")
        lay = self._lay
        self._order = [
            (lay.gnome_seat[low], 0, low),
            (lay.cent_seat[low], 1, low),
            (lay.gnome_seat[high], 0, high),
            (lay.cent_seat[high], 1, high),
        ]
        self._placing = high
        self._set(P_GPLACE, lay.gnome_seat[high])

    def roles(self) -> list[str]:
        return [self.game.player_name(p).lower() for p in range(self._lay.players)]

    def stats(self) -> dict[str, float]:
        return {
            "rounds": self._round,
            "segments_on_board": sum(self._segs),
            "mushrooms_on_board": B.MUSHROOMS - self._supply,
        }

    def _why_illegal(self, action: int) -> str:
        return f"while deciding '{PHASE_NAMES[self._phase]}' only the listed actions are allowed"

    # ---- labels ------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.action_info(action)["label"]

    def action_info(self, action: int) -> dict[str, Any]:
        phase = self._phase
        if phase in CHANCE_PHASES:
            return self._chance_info(phase, action)
        codec = self._A.codec
        if not 0 <= action < codec.size:
            return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
        info = codec.info(action)
        kind = info["kind"]
        args = info["args"]
        if "row" in args:
            info["target"] = [args["row"], args["col"]]
        if kind == "die":
            info["label"] = die_label(args["face"] - 1)
            info["actions"] = B.FACE_TEXTS[args["face"] - 1]
        elif kind == "move" and phase in GNOME_PHASES and self._gnome[self._g] >= 0:
            g = self._g
            col = self._gnome[g] % B.COLS
            n = self._move_distance()
            dest = max(0, min(B.COLS - 1, col + (n if args["dir"] == "right" else -n)))
            info["target"] = [self._gend[g], dest]
            info["label"] = f"move {args['dir']} to c{dest}"
        elif kind == "spawn_centipede" and self._spawns[self._c]:
            square = self._spawns[self._c][0 if args["col"] == 0 else 1]
            info["target"] = list(B.coords(square))
            info["label"] = f"enter at the spawn point {B.square_name(square)}"
        elif kind == "spawn_flea" and self._home[self._c] >= 0:
            row = self._lay.flea_row[self._home[self._c]]
            info["target"] = [row, args["col"]]
            info["label"] = f"spawn a flea at r{row}c{args['col']}"
        elif kind == "drop_mushroom" and phase == P_CDROP and self._flea_from >= 0:
            info["target"] = list(B.coords(self._flea_from))
            info["label"] = f"drop a mushroom at {B.square_name(self._flea_from)}"
        return info

    def _move_distance(self) -> int:
        """Squares the next move covers: the die's move action, or Wrist Control's one square."""
        if self._die >= 0 and self._die_step < len(B.DIE_FACES[self._die]):
            kind, n = B.DIE_FACES[self._die][self._die_step]
            if kind == B.MOVE:
                return n
        return 1

    def _chance_info(self, phase: int, outcome: int) -> dict[str, Any]:
        if phase == P_ROLL:
            info = ROLL.info(outcome)
            info["label"] = f"a die shows {B.FACE_TEXTS[outcome]}"
            info["actions"] = B.FACE_TEXTS[outcome]
        elif phase == P_DRAW:
            info = DRAW.info(outcome)
            info["colour"] = COLOUR_NAMES[self._draw_colour]
            info["label"] = f"{info['colour']} Centipede draws {info['args']['card']}"
        elif phase == P_SEED_CHANCE:
            info = self._A.seed_codec.info(outcome)
            row = info["args"]["row"]
            info["target"] = [row, self._seed_col]
            info["label"] = f"a mushroom is seeded at r{row}c{self._seed_col}"
        else:
            info = DICE_OFF.info(outcome)
        return info

    # ---- observation -------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        lay = self._lay
        obs["players"] = lay.players
        obs["rows"] = lay.rows
        obs["field_rows"] = lay.field_rows
        obs["spawn_points"] = [list(B.coords(s)) for s in sorted(lay.all_spawns)]
        obs["phase"] = PHASE_NAMES[self._phase]
        obs["round"] = self._round
        obs["max_rounds"] = self._max_rounds
        obs["roles"] = self.roles()
        obs["safety_cap_hit"] = self._capped
        obs["mushrooms"] = [list(B.coords(s)) for s, cell in enumerate(self._board) if cell == B.MUSH]
        obs["mushroom_supply"] = self._supply
        obs["centipedes"] = [
            {"colour": COLOUR_NAMES[c[0]], "segments": [list(B.coords(s)) for s in c[1]], "facing": c[2][0]}
            for c in self._cents
        ]
        obs["fleas"] = [{"colour": COLOUR_NAMES[b[1]], "square": list(B.coords(b[0]))} for b in self._fleas]
        obs["spiders"] = [{"colour": COLOUR_NAMES[b[1]], "square": list(B.coords(b[0]))} for b in self._spiders]
        obs["bug_supply"] = {"fleas": self._flea_supply, "spiders": self._spider_supply}
        obs["gnomes"] = [
            {
                "player": lay.gnome_seat[g],
                "team": B.TEAM_NAMES[g] if lay.team_game else None,
                "square": list(B.coords(self._gnome[g])) if self._gnome[g] >= 0 else None,
                "cards": {B.CARD_NAMES[k]: ready for k, ready in enumerate(self._cards[g]) if self._has_card(k)},
            }
            for g in range(lay.gnomes)
        ]
        obs["dice_pool"] = [{"face": f + 1, "actions": B.FACE_TEXTS[f]} for f in range(6) for _ in range(self._pool[f])]
        obs["die_in_use"] = (
            {"face": self._die + 1, "actions": B.FACE_TEXTS[self._die], "next_step": self._die_step}
            if self._die >= 0 and self._turn_i >= 0
            else None
        )
        sides = []
        for c in range(lay.colours):
            owner = lay.cent_seat[c]
            side = {
                "player": owner,
                "colour": COLOUR_NAMES[c],
                "home_row": self._home[c],
                "segments_on_board": self._segs[c],
                "hand_size": sum(self._hand[c]),
                "deck_size": sum(self._deck[c]),
                "discard": {B.CENT_CARD_NAMES[k]: v for k, v in enumerate(self._discard[c]) if v},
                "tucked_spawn_centipede": self._tucked[c],
                "speed_bonus": self._tucked[c],
            }
            if player == owner:
                side["hand"] = [B.CENT_CARD_NAMES[k] for k in range(5) for _ in range(self._hand[c][k])]
            sides.append(side)
        obs["centipede_players"] = sides
        phase = self._phase
        if phase == P_CDROP and self._flea_from >= 0:
            obs["flea_left"] = list(B.coords(self._flea_from))
        if (phase == P_CDROP or phase == P_CSPIDER) and self._moving is not None:
            obs["moving_bug"] = list(B.coords(self._moving[0]))  # the flea or spider now moving
        elif phase == P_SEED or phase == P_SEED_CHANCE:
            col = self._seed_col  # -1: the seeder picks this turn's column with its first mushroom (AC-2.2)
            obs["seeding"] = {"column": col if col >= 0 else None, "left": self._seed_left}
        elif phase == P_DRAW:
            obs["drawing"] = COLOUR_NAMES[self._draw_colour]  # whose deck a card is drawn from
        return self._with_decision(obs)

    # ---- hidden information ------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        hist = self._history.copy()
        cent_seat = self._lay.cent_seat
        for kind, c, _, _, idx, _ in self._card_log:
            if kind == "d" and cent_seat[c] != player:
                hist[idx] = -9
        return f"p{player}:" + ",".join(map(str, hist))

    def resample_from_infostate(self, player: int, rng: random.Random) -> AtariCentipedeState:
        """Another state `player` cannot tell from this one: hidden draws of other Centipede players are
        re-ordered within each reshuffle cycle (and against the unseen deck) while every card later
        played stays in hand when played (rule AC-12.1)."""
        new = self.clone()
        for c in range(self._lay.colours):
            if self._lay.cent_seat[c] != player:
                new._reshuffle_hidden(c, rng)
        return new

    def _reshuffle_hidden(self, c: int, rng: random.Random) -> None:
        # A Markov chain over the hidden draws (swaps within a reshuffle cycle, and against the unseen deck in
        # the current cycle) that keeps every later play possible. It starts from a deal built from public
        # facts only (`_canonical_start`), never from the real one, so the sample depends on what `player`
        # knows and the rng alone (AC-12.1).
        log = [list(e) for e in self._card_log if e[1] == c]
        draws = [e for e in log if e[0] == "d"]
        if not draws:
            return
        last_cycle = self._cycle[c]
        by_cycle: dict[int, list[list]] = {}
        for e in draws:
            by_cycle.setdefault(e[2], []).append(e)
        unseen = [k for k in range(5) for _ in range(self._deck[c][k])]
        unseen = _canonical_start(log, by_cycle, unseen, last_cycle)

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
        owner = self._lay.cent_seat[c]
        new_log = {}
        for e in log:
            hand[e[3]] += 1 if e[0] == "d" else -1
            if e[0] == "d":
                self._history[e[4]] = e[3]
                self._replace_event(
                    e[5], text=f"{COLOUR_NAMES[c]} Centipede draws {B.CENT_CARD_NAMES[e[3]]}", visible_to=(owner,)
                )
                new_log[e[4]] = tuple(e)
        self._card_log = [new_log.get(e[4], e) if e[1] == c and e[0] == "d" else e for e in self._card_log]
        self._hand[c] = hand
        self._deck[c] = [0] * 5
        for k in unseen:
            self._deck[c][k] += 1
        self._legal_cache = None

    # ---- cloning -----------------------------------------------------------------------------
    # Fields holding numbers, booleans or objects never changed in place (shared by reference).
    _SHARED = (
        "_lay",
        "_A",
        "_random_setup",
        "_max_rounds",
        "_cent_speed_table",
        "_order",
        "_supply",
        "_flea_supply",
        "_spider_supply",
        "_round",
        "_turn_i",
        "_g",
        "_c",
        "_placing",
        "_die",
        "_die_step",
        "_die_used",
        "_offer_stuck",
        "_used_card",
        "_bonus",
        "_pending_spider",
        "_slam_pending",
        "_entering",
        "_spider_to",
        "_flea_left",
        "_flea_from",
        "_rolls_left",
        "_after_roll",
        "_roll_rule",
        "_draws_left",
        "_draw_colour",
        "_setup_colour",
        "_phase",
        "_cur",
        "_seed_cols_done",
        "_seed_col",
        "_seed_left",
    )

    def __deepcopy__(self, memo: dict) -> AtariCentipedeState:
        return self.clone()  # static tables stay shared; `copy.deepcopy` (OpenSpiel's tests) gets a clone

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()  # pickling (OpenSpiel's serialisation): the shared tables come from the game
        del state["_lay"], state["_A"]
        for name in State.__slots__:
            state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict) -> None:
        for name in State.__slots__:
            setattr(self, name, state.pop(name))
        self.__dict__.update(state)
        self._lay = self.game.layout
        self._A = self.game.acts

    def clone(self) -> AtariCentipedeState:
        new = AtariCentipedeState.__new__(AtariCentipedeState)
        self._copy_base_into(new)
        d = self.__dict__
        nd = new.__dict__
        for k in self._SHARED:
            nd[k] = d[k]
        new._board = self._board.copy()
        new._bcol = self._bcol.copy()
        new._cents = [[c[0], c[1].copy(), c[2].copy(), c[3]] for c in self._cents]
        new._fleas = [b.copy() for b in self._fleas]
        new._spiders = [b.copy() for b in self._spiders]
        moving = self._moving
        new._moving = None
        if moving is not None:
            for old, cp in zip(self._fleas + self._spiders, new._fleas + new._spiders, strict=True):
                if old is moving:
                    new._moving = cp
        new._segs = self._segs.copy()
        new._col_mush = self._col_mush.copy()
        new._gnome = self._gnome.copy()
        new._gend = self._gend.copy()
        new._above = self._above.copy()
        new._gnome_at_end = self._gnome_at_end.copy()
        new._cards = [c.copy() for c in self._cards]
        new._pool = self._pool.copy()
        new._dy = self._dy.copy()
        new._home = self._home.copy()
        new._spawns = self._spawns.copy()
        new._hand = [h.copy() for h in self._hand]
        new._deck = [h.copy() for h in self._deck]
        new._discard = [h.copy() for h in self._discard]
        new._tucked = self._tucked.copy()
        new._cycle = self._cycle.copy()
        new._card_log = self._card_log.copy()
        new._diceoff = self._diceoff.copy()
        return new


def _load_game(options: dict) -> AtariCentipedeGame:
    return AtariCentipedeGame(**options)


_ROLL_OUTCOMES = [(f, 1 / 6) for f in range(6)]
_DICEOFF_OUTCOMES = [(k, 1 / 36) for k in range(36)]

__all__ = ["AtariCentipedeGame", "AtariCentipedeState", "P_OVER", "TERMINAL"]


def _canonical_start(log: list[list], by_cycle: dict[int, list[list]], unseen: list[int], last_cycle: int) -> list[int]:
    """Rewrite the hidden draws in `log` (in place) to a deal built only from public facts: which draws
    happened in which reshuffle cycle, each cycle's cards (the current cycle's together with the unseen deck)
    and the cards played. Each play takes the earliest still-unnamed draw whose cycle still holds that card;
    the draws left over get the cycle's remaining cards in card order. Returns the unseen deck that goes with
    it. In the rare history where this greedy order finds no deal, the log is left as it is."""
    pools: dict[int, list[int]] = {y: [0] * 5 for y in by_cycle}
    for y, group in by_cycle.items():
        for e in group:
            pools[y][e[3]] += 1
    last = pools.setdefault(last_cycle, [0] * 5)  # the current cycle may have no draw yet
    for k in unseen:
        last[k] += 1
    named: dict[int, int] = {}  # id of a draw entry -> card
    waiting: list[list] = []
    for e in log:
        if e[0] == "d":
            waiting.append(e)
            continue
        k = e[3]
        for i, w in enumerate(waiting):
            if pools[w[2]][k]:
                pools[w[2]][k] -= 1
                named[id(w)] = k
                del waiting[i]
                break
        else:
            return unseen
    for w in waiting:
        pool = pools[w[2]]
        k = next(k for k in range(5) if pool[k])
        pool[k] -= 1
        named[id(w)] = k
    for e in log:
        if e[0] == "d":
            e[3] = named[id(e)]
    return [k for k in range(5) for _ in range(last[k])]
