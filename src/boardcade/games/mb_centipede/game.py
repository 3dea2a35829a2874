"""Centipede (Milton Bradley, 1983): the game, its options and the turn flow.

Rules: docs/rules/mb-centipede.md (rule IDs MB-...). Board data: board.py. Board mechanics: rules.py.
Action encoding: actions.py. Everything is public, so information states are just the action history.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.game import CHANCE, TERMINAL, Game, State
from ...core.options import Option
from . import actions as A
from .board import (
    DEN_XY,
    FIRING_Y,
    GOAL,
    HOLLOW_XY,
    HOME,
    PATH,
    PATH_LEN,
    PLAYER_NAMES,
    PLUG_INS,
    POISON_TOKENS,
    POISON_XY,
    ROLES,
    SAFETY_X,
    SEGMENTS,
    SHORTCUT_LANDING,
    SPIDER_SPACE_XY,
    STEP,
    remaining,
    xy,
)
from .mechanics import DEN, HOLLOW, ON_GUN0, SPACE0, RulesMixin

P_SPIN, P_FREE, P_GUN, P_REVIVE, P_SHORTCUT, P_PIECES, P_OVER = range(7)
PHASE_NAMES = ("spin", "free_choice", "gun", "revive", "shortcut", "spider_scorpion", "over")
GUN_ACTIONS = list(range(A.GUN0, A.REVIVE0))
SHORTCUT_ACTIONS = [A.SHORTCUT_TAKE, A.SHORTCUT_DECLINE]
FREE_NAMES = ("the gun", "the centipede", "the Spider or the Scorpion")


SECTORS = "(GUN,CENTIPEDE,SPIDER/SCORPION,FREE CHOICE)"


def _check_weights(value: str) -> str | None:
    try:
        parts = [int(p) for p in value.split(",")]
    except ValueError:
        return f"{value!r} must be 4 whole numbers separated by commas {SECTORS}"
    if len(parts) != 4 or min(parts) < 0 or sum(parts) <= 0:
        return f"{value!r} must be 4 non-negative whole numbers, not all zero {SECTORS}"
    return None


class MBCentipedeGame(Game):
    name = "mb_centipede"
    title = "Centipede (Milton Bradley, 1983)"
    PERFECT_INFORMATION = True  # the spinner is public; no player holds hidden information
    num_distinct_actions = A.NUM_ACTIONS
    max_chance_outcomes = A.NUM_SPINS
    OPTIONS = (
        Option(
            "spinner_weights",
            "2,3,2,1",
            "Relative spinner sector weights for GUN,CENTIPEDE,SPIDER/SCORPION,FREE CHOICE (MB-2.2, MB-D7).",
            check=_check_weights,
        ),
        Option("first_player", 0, "Who spins first: 0 = Green, 1 = Red (MB-1.9).", choices=(0, 1), kind=int),
        Option(
            "max_turns",
            400,
            "Digital safety cap: the game is a draw after this many spins (MB-9.3, MB-D17).",
            kind=int,
            minimum=1,
            maximum=100000,
        ),
    )
    VARIANTS = (("default", {}), ("red_first", {"first_player": 1}))

    def __init__(self, **options: Any):
        super().__init__(**options)
        weights = [int(w) for w in self.options["spinner_weights"].split(",")]
        total = sum(weights)
        self.spin_outcomes = [(o, w / total) for o, w in enumerate(weights) if w > 0]

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        # per spin at most: spin, free choice, and either gun + revive or up to six shortcut decisions
        return 8 * self.options["max_turns"]

    def new_initial_state(self) -> MBCentipedeState:
        return MBCentipedeState(self)

    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"spin: {A.SPIN_NAMES[action]}" if 0 <= action < A.NUM_SPINS else f"outcome {action}"
        return A.describe(action)


class MBCentipedeState(RulesMixin, State):
    game: MBCentipedeGame

    def __init__(self, game: MBCentipedeGame):
        super().__init__(game)
        self._seg = [HOME[0]] * SEGMENTS + [HOME[1]] * SEGMENTS
        self._alive = [True] * (2 * SEGMENTS)
        self._poison = [False] * 10
        self._supply = POISON_TOKENS
        self._gun = [SAFETY_X, SAFETY_X]
        self._spider = DEN
        self._scorpion = HOLLOW
        self._player = game.options["first_player"]
        self._phase = P_SPIN
        self._steps = 0  # centipede spaces still to move
        self._turns = 0  # spins so far
        self._spin = -1
        self._winner = -1
        self._capped = False

    # ---- contract hooks ----------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self._phase
        if ph == P_SPIN:
            return CHANCE
        if ph == P_OVER:
            return TERMINAL
        return self._player

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.game.spin_outcomes)

    def _legal_actions(self) -> list[int]:
        ph, p = self._phase, self._player
        if ph == P_GUN:
            return GUN_ACTIONS
        if ph == P_SHORTCUT:
            return SHORTCUT_ACTIONS
        if ph == P_PIECES:
            return self._piece_moves(p)
        if ph == P_FREE:
            out = [] if self._gun_disabled(p) else [A.CHOOSE_GUN]
            out.append(A.CHOOSE_CENTIPEDE)
            if self._piece_moves(p):
                out.append(A.CHOOSE_PIECES)
            return out
        if ph == P_REVIVE:
            b = p * SEGMENTS
            out = [A.REVIVE0 + k for k in range(SEGMENTS) if not self._alive[b + k]]
            out.append(A.REVIVE_NONE)
            return out
        return []

    def _why_illegal(self, action: int) -> str:
        if not 0 <= action < (A.NUM_SPINS if self._phase == P_SPIN else A.NUM_ACTIONS):
            return "it is outside the action range"
        ph = self._phase
        if ph == P_SPIN:
            return "that spinner sector has weight 0"
        p = self._player
        if ph == P_FREE:
            if action == A.CHOOSE_GUN and self._gun_disabled(p):
                return "your gun is disabled by the Spider (MB-3.10)"
            return "on FREE CHOICE you pick gun, centipede or Spider/Scorpion (MB-8.1)"
        if ph == P_GUN:
            return "after spinning GUN you choose a firing-line position for your gun (MB-3.1)"
        if ph == P_REVIVE:
            return "you may revive one of your own dead segments, or nothing (MB-3.3)"
        if ph == P_SHORTCUT:
            return "you must decide whether to take the shortcut (MB-5.1)"
        if A.SPIDER_DEN <= action < A.NUM_ACTIONS:
            return "the Spider or Scorpion cannot go there now (MB-7.2, MB-7.7)"
        return "after spinning SPIDER/SCORPION you move the Spider or the Scorpion (MB-7.1)"

    def _apply(self, a: int) -> None:
        ph, p = self._phase, self._player
        if ph == P_SPIN:
            self._do_spin(a)
        elif ph == P_GUN:
            self._gun[p] = a - A.GUN0 + 1
            self._emit("MB-3.1", f"{PLAYER_NAMES[p]} moves the gun to x={self._gun[p]} and fires")
            if self._fire(p) and not all(self._alive[p * SEGMENTS : (p + 1) * SEGMENTS]):
                self._phase = P_REVIVE
            else:
                self._end_turn()
        elif ph == P_REVIVE:
            if a != A.REVIVE_NONE:
                k = a - A.REVIVE0
                self._alive[p * SEGMENTS + k] = True
                part = "head" if k == 0 else f"body segment {k}"
                self._emit("MB-3.3", f"{PLAYER_NAMES[p]} revives its {part}")
            self._end_turn()
        elif ph == P_SHORTCUT:
            h = self._seg[p * SEGMENTS]
            self._steps -= 1
            if a == A.SHORTCUT_TAKE:
                land = SHORTCUT_LANDING[p][h]
                self._emit("MB-5.2", f"{PLAYER_NAMES[p]}'s head takes the shortcut to {_xy_text(land)}")
                moved = self._enter(p, land)
            else:
                self._emit("MB-5.3", f"{PLAYER_NAMES[p]}'s head enters the poison mushroom space without a shortcut")
                moved = self._enter(p, h + STEP[p])
            if moved:
                self._continue_move()
            else:
                self._end_turn()
        elif ph == P_PIECES:
            self._pieces(a)
        elif ph == P_FREE:
            self._emit("MB-8.1", f"{PLAYER_NAMES[p]} uses the free choice for {FREE_NAMES[a - A.CHOOSE_GUN]}")
            if a == A.CHOOSE_GUN:
                self._phase = P_GUN
            elif a == A.CHOOSE_CENTIPEDE:
                self._start_centipede()
            else:
                self._phase = P_PIECES

    # ---- turn flow ---------------------------------------------------------------------------
    def _do_spin(self, outcome: int) -> None:
        p = self._player
        self._turns += 1
        self._spin = outcome
        self._emit("MB-2.1", f"{PLAYER_NAMES[p]} spins {A.SPIN_NAMES[outcome]}")
        if outcome == A.SPIN_GUN:
            if self._gun_disabled(p):
                self._emit("MB-3.10", f"{PLAYER_NAMES[p]}'s gun is under the Spider: the turn passes")
                self._end_turn()
            else:
                self._phase = P_GUN
        elif outcome == A.SPIN_CENTIPEDE:
            self._start_centipede()
        elif outcome == A.SPIN_PIECES:
            self._phase = P_PIECES
            if not self._piece_moves(p):
                self._emit("MB-2.3", "neither the Spider nor the Scorpion can move: the turn passes")
                self._end_turn()
        else:
            self._phase = P_FREE

    def _start_centipede(self) -> None:
        p = self._player
        b = p * SEGMENTS
        if not self._alive[b]:
            self._alive[b] = True
            self._emit("MB-4.2", f"{PLAYER_NAMES[p]}'s head is dead: no move; the head is revived instead")
            self._end_turn()
            return
        self._steps = sum(self._alive[b : b + SEGMENTS])
        self._emit("MB-4.1", f"{PLAYER_NAMES[p]}'s centipede moves {self._steps} space(s)")
        self._continue_move()

    def _continue_move(self) -> None:
        """Step the head until the move is used up, a shortcut decision is due, or the move ends early."""
        p = self._player
        d = STEP[p]
        goal = GOAL[p]
        while self._steps > 0:
            h = self._seg[p * SEGMENTS]
            if h == goal:
                self._shift(p, goal)
            else:
                if self._shortcut_open(p):
                    self._phase = P_SHORTCUT
                    return
                if not self._enter(p, h + d):
                    self._end_turn()
                    return
            self._steps -= 1
            if self._win_check(p):
                break
        self._end_turn()

    def _pieces(self, a: int) -> None:
        if self._move_piece(self._player, a):
            self._next_spin(self._player)  # MB-7.4: the attacker spins again
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        p = self._player
        if self._win_check(p):
            self._winner = p
            self._phase = P_OVER
            self._emit(
                "MB-9.2",
                f"all of {PLAYER_NAMES[p]}'s segments are in {PLAYER_NAMES[1 - p]}'s home base: {PLAYER_NAMES[p]} wins",
            )
            return
        self._next_spin(1 - p)

    def _next_spin(self, player: int) -> None:
        self._steps = 0
        if self._turns >= self.game.options["max_turns"]:
            self._phase = P_OVER
            self._capped = True
            self._emit("MB-9.3", f"the safety cap of {self._turns} spins is reached: the game is a draw")
            return
        self._player = player
        self._phase = P_SPIN

    # ---- results -----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        w = self._winner
        if w < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def roles(self) -> list[str]:
        return list(ROLES)

    def safety_cap_hit(self) -> bool:
        return self._capped

    def turns(self) -> int:
        """Spins so far (the unit of the safety cap and of game length)."""
        return self._turns

    # ---- presentation ------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(self.current_player(), action)

    def action_info(self, action: int) -> dict[str, Any]:
        info: dict[str, Any] = {"action": action, "label": self.action_to_string(action)}
        p = self._player
        if self._phase == P_SPIN:
            info["kind"] = "spin"
        elif A.GUN0 <= action < A.REVIVE0:
            info.update(kind="gun", target=[action - A.GUN0 + 1, FIRING_Y[p]])
        elif A.REVIVE0 <= action < A.REVIVE_NONE:
            pos = self._seg[p * SEGMENTS + action - A.REVIVE0]
            info.update(kind="revive", segment=action - A.REVIVE0, target=xy(pos))
        elif action == A.REVIVE_NONE:
            info["kind"] = "revive"
        elif action in SHORTCUT_ACTIONS:
            h = self._seg[p * SEGMENTS]
            pos = SHORTCUT_LANDING[p][h] if action == A.SHORTCUT_TAKE else h + STEP[p]
            info.update(kind="shortcut", target=xy(pos))
        elif A.CHOOSE_GUN <= action <= A.CHOOSE_PIECES:
            info["kind"] = "choose"
        elif action == A.SPIDER_DEN:
            info.update(kind="spider", target=list(DEN_XY))
        elif A.SPIDER_POISON0 <= action < A.SPIDER_SPACE0:
            info.update(kind="spider", target=list(POISON_XY[action - A.SPIDER_POISON0]))
        elif A.SPIDER_SPACE0 <= action < A.SPIDER_ATTACK:
            info.update(kind="spider", target=list(SPIDER_SPACE_XY[action - A.SPIDER_SPACE0]))
        elif action == A.SPIDER_ATTACK:
            info.update(kind="spider", target=[self._gun[1 - p], FIRING_Y[1 - p]])
        elif action == A.SCORPION_HOLLOW:
            info.update(kind="scorpion", target=list(HOLLOW_XY))
        elif A.SCORPION_POISON0 <= action < A.NUM_ACTIONS:
            info.update(kind="scorpion", target=list(POISON_XY[action - A.SCORPION_POISON0]))
        return info

    def _piece_xy(self, code: int, home: tuple[int, int]) -> tuple[str, list[float]]:
        if code < 0:
            return "home", list(home)
        if code < SPACE0:
            return "poison", list(POISON_XY[code])
        if code < ON_GUN0:
            return "spider_space", list(SPIDER_SPACE_XY[code - SPACE0])
        q = code - ON_GUN0
        return "gun", [self._gun[q], FIRING_Y[q]]

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        cents = []
        for p in (0, 1):
            segs = []
            for k in range(SEGMENTS):
                pos = self._seg[p * SEGMENTS + k]
                at = "home" if pos == HOME[p] else "goal" if pos == GOAL[p] else "path"
                segs.append(
                    {
                        "segment": k,
                        "head": k == 0,
                        "alive": self._alive[p * SEGMENTS + k],
                        "at": at,
                        "space": pos if at == "path" else None,
                        "xy": xy(pos),
                    }
                )
            cents.append({"player": p, "name": PLAYER_NAMES[p], "segments": segs})
        spider_at, spider_xy = self._piece_xy(self._spider, DEN_XY)
        scorp_at, scorp_xy = self._piece_xy(self._scorpion, HOLLOW_XY)
        obs.update(
            board={
                "path": [list(c) for c in PATH],
                "plug_ins": sorted([list(c) for c in PLUG_INS]),
                "poison_spaces": [list(c) for c in POISON_XY],
                "spider_spaces": [list(c) for c in SPIDER_SPACE_XY],
                "den": list(DEN_XY),
                "hollow": list(HOLLOW_XY),
                "safety_x": SAFETY_X,
                "firing_y": list(FIRING_Y),
            },
            centipedes=cents,
            poison=[
                {"space": i, "xy": list(POISON_XY[i]), "planted": self._poison[i] and self._scorpion != i}
                for i in range(10)
                if self._poison[i]
            ],
            supply=self._supply,
            guns=[
                {"player": p, "x": self._gun[p], "xy": [self._gun[p], FIRING_Y[p]], "disabled": self._gun_disabled(p)}
                for p in (0, 1)
            ],
            spider={"at": "den" if spider_at == "home" else spider_at, "xy": spider_xy},
            scorpion={"at": "hollow" if scorp_at == "home" else scorp_at, "xy": scorp_xy},
            spin=A.SPIN_NAMES[self._spin] if self._spin >= 0 else None,
            phase=PHASE_NAMES[self._phase],
            player=self._player,
            moves_left=self._steps,
            turn=self._turns,
            max_turns=self.game.options["max_turns"],
            remaining=[sum(remaining(p, self._seg[p * SEGMENTS + k]) for k in range(SEGMENTS)) for p in (0, 1)],
        )
        return obs

    # ---- information, copies -------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        """Everything is public (MB-10.1): the action history identifies what either player knows."""
        return "mb_centipede:" + ",".join(map(str, self._history))

    def resample_from_infostate(self, player: int, rng: random.Random) -> MBCentipedeState:
        """No hidden information (MB-10.1): the only consistent state is this one."""
        return self.clone()

    def clone(self) -> MBCentipedeState:
        new = MBCentipedeState.__new__(MBCentipedeState)
        self._copy_base_into(new)
        new._seg = self._seg.copy()
        new._alive = self._alive.copy()
        new._poison = self._poison.copy()
        new._gun = self._gun.copy()
        new._supply = self._supply
        new._spider = self._spider
        new._scorpion = self._scorpion
        new._player = self._player
        new._phase = self._phase
        new._steps = self._steps
        new._turns = self._turns
        new._spin = self._spin
        new._winner = self._winner
        new._capped = self._capped
        return new


def _xy_text(pos: int) -> str:
    if 0 <= pos < PATH_LEN:
        x, y = PATH[pos]
        return f"({x:g},{y:g})"
    return "the goal base"
