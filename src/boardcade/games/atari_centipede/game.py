"""Atari's Centipede (IDW 2017) for 2 or 4 players: the Game and the State contract.

Rules: rules/atari-centipede.md. Static data and the per-game layout: board.py; the action codec:
actions.py; piece mechanics: pieces.py; the turn as a table of phases: phases.py (its procedures by part of the
turn: setup.py, turn.py, gnome.py, centipede.py); the state's fields: state.py.
This module holds the public contract: options, chance, labels, observations, hidden information, cloning.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from boardcade.core import CHANCE, TERMINAL, ActionCodec, Game, Option, State
from boardcade.core.codec import Action
from boardcade.core.phases import PhasedGame, PhasedState

from . import board as B
from .actions import DICE_OFF, DRAW, ROLL, Actions, acts_for, die_label
from .board import CardMove
from .danger import danger
from .observation import AtariObservation, SideView
from .phases import CHANCE_PHASES, GNOME_PHASES, PHASE_NAMES, PHASES
from .pieces import GameOver
from .prompts import DECISIONS
from .setup import begin_setup
from .state import CENTIPEDE, GNOME, PLACER, SEEDER, AtariData, Phase, Tables
from .turn import has_card, result_for

COLOUR_NAMES = B.COLOUR_NAMES


class AtariCentipedeGame(PhasedGame):
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
    PHASES = PHASES  # the turn as a table of phases (phases.py)
    # The kinds of chance (Game.chance_kind): the Gnome's dice, each colour's deck, the dice-off, random seeding.
    CHANCE_KINDS = {
        "roll dice": "dice",
        "draw card": "cards",
        "dice-off": "dice-off",
        "seed mushrooms (random)": "seeding",
    }
    PHASE_ROLES = {SEEDER: "seeding side", PLACER: "Gnome placing itself", GNOME: "Gnome", CENTIPEDE: "Centipede"}
    # Version 2 (2026-12-01): the board of `field_rows` (default 18, was 10), the codec's numbering, Slam the Ball
    # during a die (AC-5.4), Spawn Centipede's entry (AC-6.6), spiders must move (AC-8).
    # Version 3 (2026-12-02): bugs that cannot move are not offered a move (AC-6.1); version 2 replays with
    # offer_stuck_bugs=True (spec.legacy_rules).
    RULES_VERSION = 3
    # Chance outcomes: a die face (6), a card (5), a seeded mushroom's row (at most 30 field rows), a dice-off
    # pair (36). The player actions depend on the board's length: set per game from its codec.
    max_chance_outcomes = 36

    def prepare(self) -> None:
        assert self.codec is not None
        self.num_distinct_actions = self.codec.size
        self.tables = Tables(self.acts, self.options)

    @property
    def layout(self) -> B.Layout:
        return B.layout(self.options["field_rows"], self.options["players"])

    @property
    def acts(self) -> Actions:
        return acts_for(self.layout)

    def make_codec(self) -> ActionCodec:
        return self.acts.codec

    def action_argument(self, action: Action) -> int:
        """A handler's argument: the square of an action given by a row and a column, else the digit of its one
        argument (a face, a card, a direction, a column, a spawn point), 0 without one."""
        args = action.args
        if "row" in args:
            return int(args["row"]) * B.COLS + int(args["col"])
        return action.digits[0] if action.digits else 0

    @property
    def num_players(self) -> int:
        players: int = self.options["players"]
        return players

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """4 players: team A is seats 0 (Gnome) and 1 (Centipede), team B seats 2 and 3 (AC-11)."""
        return self.layout.teams

    @property
    def max_game_length(self) -> int:
        # setup (seeding, placing, rolling, dealing) + per round: each Gnome turn at most ~80 steps
        # (5 card uses with rerolls, bonus moves) and each Centipede turn at most ~80 (12 bugs).
        rounds: int = self.options["max_rounds"]
        return 400 + rounds * 80 * self.num_players

    def new_initial_state(self) -> AtariCentipedeState:
        return AtariCentipedeState(self, self.layout, self.tables)

    def __deepcopy__(self, memo: dict[int, Any]) -> AtariCentipedeGame:
        return self  # a game is immutable once loaded (its codec and layout are shared, read-only tables)

    def __reduce__(self) -> tuple[Callable[..., Game], tuple[Any, ...]]:
        return (_load_game, (dict(self.options),))  # pickled by its options (the codec is rebuilt, not pickled)

    def player_name(self, player: int) -> str:
        role = ("Gnome", "Centipede")[player % 2]
        if not self.layout.team_game:
            return role
        return f"{B.COLOUR_NAMES[player // 2].capitalize()} {role}"  # a team is named by its colour (AC-11)

    def chance_kind(self, state: State) -> str:
        """CHANCE_KINDS, with a kind per deck: each colour draws from its own deck (AC-6.2)."""
        kind = super().chance_kind(state)
        if kind == "cards":
            return f"cards ({COLOUR_NAMES[cast(AtariData, state)._draw_colour]})"
        return kind

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance outcome {action}"
        if 0 <= action < self.action_codec.size:
            return self.action_codec.label(action)
        return f"action {action}"


_phased_apply = PhasedState._apply


class AtariCentipedeState(AtariData):
    """A position (its fields: state.py) with the contract: observations, action descriptions, hidden
    information, copies."""

    __slots__ = ()
    game: AtariCentipedeGame

    def __init__(self, game: AtariCentipedeGame, lay: B.Layout, tables: Tables):
        super().__init__(game, lay, tables)
        begin_setup(self)

    def _apply(self, action: int) -> None:
        try:
            _phased_apply(self, action)  # PhasedState._apply (without super()'s lookup per action)
        except GameOver as end:  # a win, the moment it happens (AC-3.4)
            self._enter(Phase.OVER)
            self._finish(result_for(self, end.team), end.rule, end.text)

    def roles(self) -> list[str]:
        return [self.game.player_name(p).lower() for p in range(self._lay.players)]

    def reveals(self, action: int) -> bool:
        """A Centipede card comes from a hand only its owner sees (AC-12.1): playing it shows it (AC-6.1), so it
        cannot be taken back (core/undo.py)."""
        return self._phase == Phase.CPLAY

    def stats(self) -> dict[str, float]:
        return {
            "rounds": self._round,
            "segments_on_board": sum(self._segs),
            "mushrooms_on_board": B.MUSHROOMS - self._supply,
        }

    # ---- labels ------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return str(self.action_info(action)["label"])

    def action_info(self, action: int) -> dict[str, Any]:
        phase = self._phase
        if phase in CHANCE_PHASES:
            return self._chance_info(phase, action)
        codec = self._T.acts.codec
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
        elif kind == "drop_mushroom" and phase == Phase.CDROP and self._flea_from >= 0:
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
        if phase == Phase.ROLL:
            info = ROLL.info(outcome)
            info["label"] = f"a die shows {B.FACE_TEXTS[outcome]}"
            info["actions"] = B.FACE_TEXTS[outcome]
        elif phase == Phase.DRAW:
            info = DRAW.info(outcome)
            info["colour"] = COLOUR_NAMES[self._draw_colour]
            info["label"] = f"{info['colour']} Centipede draws {info['args']['card']}"
        elif phase == Phase.SEED_CHANCE:
            info = self._T.acts.seed_codec.info(outcome)
            row = info["args"]["row"]
            info["target"] = [row, self._seed_col]
            info["label"] = f"a mushroom is seeded at r{row}c{self._seed_col}"
        else:
            info = DICE_OFF.info(outcome)
        return info

    # ---- observation -------------------------------------------------------------------------
    def observation(self, player: int | None) -> AtariObservation:
        lay = self._lay
        sides: list[SideView] = []
        for c in range(lay.colours):
            owner = lay.cent_seat[c]
            side: SideView = {
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
        # (mypy cannot tell that the common keys hold none of the optional keys added below: hence the ignore)
        obs: AtariObservation = {
            **self._observation_common(player),  # type: ignore[typeddict-item]
            "players": lay.players,
            "rows": lay.rows,
            "field_rows": lay.field_rows,
            "spawn_points": [list(B.coords(s)) for s in sorted(lay.all_spawns)],
            "phase": PHASE_NAMES[self._phase],
            "round": self._round,
            "max_rounds": self._T.max_rounds,
            "roles": self.roles(),
            "safety_cap_hit": self._capped,
            "mushrooms": [list(B.coords(s)) for s, cell in enumerate(self._board) if cell == B.MUSH],
            "mushroom_supply": self._supply,
            "centipedes": [
                {
                    "colour": COLOUR_NAMES[c.colour],
                    "segments": [list(B.coords(s)) for s in c.squares],
                    "facing": c.facings[0],
                }
                for c in self._cents
            ],
            "fleas": [{"colour": COLOUR_NAMES[b.colour], "square": list(B.coords(b.square))} for b in self._fleas],
            "spiders": [{"colour": COLOUR_NAMES[b.colour], "square": list(B.coords(b.square))} for b in self._spiders],
            "bug_supply": {"fleas": self._flea_supply, "spiders": self._spider_supply},
            "gnomes": [
                {
                    "player": lay.gnome_seat[g],
                    "team": B.TEAM_NAMES[g] if lay.team_game else None,
                    "square": list(B.coords(self._gnome[g])) if self._gnome[g] >= 0 else None,
                    "cards": {B.CARD_NAMES[k]: ready for k, ready in enumerate(self._cards[g]) if has_card(self, k)},
                }
                for g in range(lay.gnomes)
            ],
            "dice_pool": [{"face": f + 1, "actions": B.FACE_TEXTS[f]} for f in range(6) for _ in range(self._pool[f])],
            "die_in_use": (
                {"face": self._die + 1, "actions": B.FACE_TEXTS[self._die], "next_step": self._die_step}
                if self._die >= 0 and self._turn_i >= 0
                else None
            ),
            "centipede_players": sides,
        }
        phase = self._phase
        if phase == Phase.CDROP and self._flea_from >= 0:
            obs["flea_left"] = list(B.coords(self._flea_from))
        if (phase == Phase.CDROP or phase == Phase.CSPIDER) and self._moving >= 0:
            obs["moving_bug"] = list(B.coords(self._moving))  # the flea or spider now moving
        elif phase == Phase.SEED or phase == Phase.SEED_CHANCE:
            col = self._seed_col  # -1: the seeder picks this turn's column with its first mushroom (AC-2.2)
            obs["seeding"] = {"column": col if col >= 0 else None, "left": self._seed_left}
        elif phase == Phase.DRAW:
            obs["drawing"] = COLOUR_NAMES[self._draw_colour]  # whose deck a card is drawn from
        g = self._g
        if phase in GNOME_PHASES and player is not None and lay.gnome_seat[g] == player and self._gnome[g] >= 0:
            # The Gnome's player, choosing its moves: where ending them may be eaten next (public facts only).
            obs["danger"] = self._view_part("danger", (len(self._history), g), lambda: danger(self, g))
        return self._with_decision(obs)

    # ---- hidden information ------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        hist = self._history.copy()
        cent_seat = self._lay.cent_seat
        for move in self._card_log:
            if move.drawn and cent_seat[move.colour] != player:
                hist[move.step] = -9
        return f"p{player}:" + ",".join(map(str, hist))

    def resample_from_infostate(self, player: int, rng: random.Random) -> AtariCentipedeState:
        """Another state `player` cannot tell from this one: hidden draws of other Centipede players are
        re-ordered within each reshuffle cycle (and against the unseen deck) while every card later
        played stays in hand when played (rule AC-12.1)."""
        new = self.clone()
        for c in range(self._lay.colours):
            if self._lay.cent_seat[c] != player:
                _reshuffle_hidden(new, c, rng)
        return new

    # ---- copies ------------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> AtariCentipedeState:
        return self.clone()  # static tables stay shared; `copy.deepcopy` (OpenSpiel's tests) gets a clone

    def __getstate__(self) -> dict[str, Any]:
        """Pickling (OpenSpiel's serialisation): every field but the shared tables, which come from the game."""
        state = {name: getattr(self, name) for cls in type(self).__mro__ for name in cls.__dict__.get("__slots__", ())}
        del state["_lay"], state["_T"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._lay = self.game.layout
        self._T = self.game.tables


def _reshuffle_hidden(st: AtariCentipedeState, c: int, rng: random.Random) -> None:
    """Redraw colour c's hidden draws (on a copy): a Markov chain over them (swaps within a reshuffle cycle,
    and against the unseen deck in the current cycle) that keeps every later play possible. It starts from a
    deal built from public facts only (`_canonical_start`), never from the real one, so the sample depends on
    what the player knows and the rng alone (AC-12.1)."""
    log = [m.copy() for m in st._card_log if m.colour == c]
    draws = [m for m in log if m.drawn]
    if not draws:
        return
    last_cycle = st._cycle[c]
    by_cycle: dict[int, list[CardMove]] = {}
    for m in draws:
        by_cycle.setdefault(m.cycle, []).append(m)
    unseen = [k for k in range(5) for _ in range(st._deck[c][k])]
    unseen = _canonical_start(log, by_cycle, unseen, last_cycle)

    def feasible() -> bool:
        hand = [0] * 5
        for m in log:
            if m.drawn:
                hand[m.card] += 1
            else:
                hand[m.card] -= 1
                if hand[m.card] < 0:
                    return False
        return True

    for _ in range(min(400, 4 * len(draws))):
        a = rng.choice(draws)
        group = by_cycle[a.cycle]
        use_deck = a.cycle == last_cycle and unseen and rng.random() < len(unseen) / (len(unseen) + len(group))
        if use_deck:
            j = rng.randrange(len(unseen))
            old = a.card
            if unseen[j] == old:
                continue
            a.card = unseen[j]
            if feasible():
                unseen[j] = old
            else:
                a.card = old
        else:
            b = rng.choice(group)
            if a.card == b.card:
                continue
            a.card, b.card = b.card, a.card
            if not feasible():
                a.card, b.card = b.card, a.card
    hand = [0] * 5
    owner = st._lay.cent_seat[c]
    redrawn = {}
    for m in log:
        hand[m.card] += 1 if m.drawn else -1
        if m.drawn:
            st._history[m.step] = m.card
            st._replace_event(
                m.event, text=f"{COLOUR_NAMES[c]} Centipede draws {B.CENT_CARD_NAMES[m.card]}", visible_to=(owner,)
            )
            redrawn[m.step] = m
    st._card_log = [redrawn.get(m.step, m) if m.colour == c and m.drawn else m for m in st._card_log]
    st._hand[c] = hand
    st._deck[c] = [0] * 5
    for k in unseen:
        st._deck[c][k] += 1
    st._legal_cache = None


def _load_game(options: dict[str, Any]) -> AtariCentipedeGame:
    return AtariCentipedeGame(**options)


__all__ = ["PHASE_NAMES", "AtariCentipedeGame", "AtariCentipedeState", "TERMINAL", "Phase"]


def _canonical_start(
    log: list[CardMove], by_cycle: dict[int, list[CardMove]], unseen: list[int], last_cycle: int
) -> list[int]:
    """Rewrite the hidden draws in `log` (in place) to a deal built only from public facts: which draws
    happened in which reshuffle cycle, each cycle's cards (the current cycle's together with the unseen deck)
    and the cards played. Each play takes the earliest still-unnamed draw whose cycle still holds that card;
    the draws left over get the cycle's remaining cards in card order. Returns the unseen deck that goes with
    it. In the rare history where this greedy order finds no deal, the log is left as it is."""
    pools: dict[int, list[int]] = {y: [0] * 5 for y in by_cycle}
    for y, group in by_cycle.items():
        for m in group:
            pools[y][m.card] += 1
    last = pools.setdefault(last_cycle, [0] * 5)  # the current cycle may have no draw yet
    for k in unseen:
        last[k] += 1
    named: dict[int, int] = {}  # id of a draw -> card
    waiting: list[CardMove] = []
    for m in log:
        if m.drawn:
            waiting.append(m)
            continue
        k = m.card
        for i, w in enumerate(waiting):
            if pools[w.cycle][k]:
                pools[w.cycle][k] -= 1
                named[id(w)] = k
                del waiting[i]
                break
        else:
            return unseen
    for w in waiting:
        pool = pools[w.cycle]
        k = next(k for k in range(5) if pool[k])
        pool[k] -= 1
        named[id(w)] = k
    for m in log:
        if m.drawn:
            m.card = named[id(m)]
    return [k for k in range(5) for _ in range(last[k])]
