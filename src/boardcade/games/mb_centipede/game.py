"""Centipede (Milton Bradley, 1983): the game, its options and its state.

Rules: rules/mb-centipede.md (rule IDs MB-...). Board: a layout file (layout.py, layouts/*.json). The turn as a
table of phases: phases.py; board mechanics (shots, centipede moves, Spider and Scorpion): mechanics.py.
Actions: codec.py. Everything is public, so information states are just the action history.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, Option
from boardcade.core.codec import Action, ActionCodec
from boardcade.core.phases import PhasedGame

from .codec import (
    K_CHOOSE,
    K_GUN,
    K_NO_SHORTCUT,
    K_PASS,
    K_REVIVE,
    K_REVIVE_NONE,
    K_SCORPION_HOLLOW,
    K_SCORPION_POISON,
    K_SHORTCUT,
    K_SPIDER_ATTACK,
    K_SPIDER_DEN,
    K_SPIDER_POISON,
    K_SPIDER_SPACE,
    KINDS,
    SECTORS,
    SEGMENTS,
    SPIN,
    Actions,
    make_codec,
)
from .layout import DEFAULT, GREEN, Layout, check_option, fmt, get_layout
from .mechanics import gun_disabled
from .observation import CentipedeView, MBObservation, PieceView, SegmentView
from .phases import PHASE_NAMES, PHASES
from .prompts import DECISIONS
from .state import DEN, HOLLOW, STAT_NAMES, MBState, Phase, Tables

__all__ = ["PHASE_NAMES", "MBCentipedeGame", "MBCentipedeState", "Phase"]

PLAYER_NAMES = ("Green", "Red")
ROLES = ("green", "red")
_SECTOR_TEXT = "(GUN,CENTIPEDE,SPIDER/SCORPION,FREE CHOICE)"


def _check_weights(value: str) -> str | None:
    try:
        parts = [int(p) for p in value.split(",")]
    except ValueError:
        return f"{value!r} must be 4 whole numbers separated by commas {_SECTOR_TEXT}"
    if len(parts) != 4 or min(parts) < 0 or sum(parts) <= 0:
        return f"{value!r} must be 4 non-negative whole numbers, not all zero {_SECTOR_TEXT}"
    return None


class MBCentipedeGame(PhasedGame):
    name = "mb_centipede"
    title = "Centipede (Milton Bradley, 1983)"
    PERFECT_INFORMATION = True  # the spinner is public; no player holds hidden information (MB-10.1)
    # 2: the revised board (MB-D1 to MB-D6, MB-D13, MB-D18, MB-D19); version 1 cannot replay.
    # 3: an opponent segment on the next space is a meeting even on a poison mushroom (MB-D20); version 2 replays
    #    with shortcut_under_opponent=True (spec.legacy_rules).
    RULES_VERSION = 3
    max_chance_outcomes = SPIN.size
    num_distinct_actions = make_codec().size  # the default layout's; each game sets its own (layout option)
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
        Option(
            "layout",
            DEFAULT,
            "The board (MB-1.10): 'revised' (the shipped board, MB-D1 to MB-D6), or the JSON text of your own "
            "layout file (rules document, 'Describing your own board').",
            check=check_option,
        ),
        Option(
            "shortcut_under_opponent",
            False,
            "Offer the shortcut when the poison mushroom ahead lies under an opponent segment (rules version 2's "
            "reading); off, the centipedes meet there instead (MB-5.1, MB-6.1, MB-D20).",
            kind=bool,
        ),
    )
    VARIANTS = (("default", {}), ("red_first", {"first_player": 1}))
    DECISIONS = DECISIONS  # what each decision asks (prompts.py)

    PHASES = PHASES  # the turn as a table of phases (phases.py)
    CHANCE_KINDS = {"spin": "spinner"}  # the one kind of chance (Game.chance_kind)

    def make_codec(self) -> ActionCodec:
        self.layout: Layout = get_layout(self.options["layout"])
        lay = self.layout
        return make_codec(lay.num_guns, len(lay.poison_idx), len(lay.spider_xy))

    def prepare(self) -> None:
        codec = self.codec
        assert codec is not None and tuple(codec.kinds()) == KINDS
        self.num_distinct_actions = codec.size
        self.acts = Actions(codec)
        weights = [int(w) for w in self.options["spinner_weights"].split(",")]
        total = sum(weights)
        self.spin_outcomes = [(o, w / total) for o, w in enumerate(weights) if w > 0]
        self.tables = Tables(self.acts, self.spin_outcomes, self.options)
        self.labels = tuple(self._label(a) for a in range(codec.size))

    def action_argument(self, action: Action) -> int:
        """A handler's argument: the digit of the action's one argument (0 without one)."""
        return action.digits[0] if action.digits else 0

    def _label(self, a: int) -> str:
        lay = self.layout
        k, v = self.kind_of[a], self.arg_of[a]
        if k == K_GUN:
            where = f"the Safety Space (position {v})" if v == lay.safety[GREEN] else f"position {v}"
            return f"move your gun to {where} and fire"
        if k == K_REVIVE:
            return "revive your head" if v == 0 else f"revive your body segment {v}"
        if k == K_SPIDER_POISON:
            return f"Spider onto the poison mushroom at {fmt(lay.poison_xy[v])}"
        if k == K_SPIDER_SPACE:
            side = PLAYER_NAMES[lay.spider_beside[v]]
            return f"Spider onto the Spider Space beside {side}'s Firing Line at {fmt(lay.spider_xy[v])}"
        if k == K_SCORPION_POISON:
            return f"Scorpion plants a poison mushroom at {fmt(lay.poison_xy[v])}"
        if k == K_CHOOSE:
            return (
                f"free choice: {('move and shoot your gun', 'move your centipede', 'move the Spider or Scorpion')[v]}"
            )
        return {
            K_REVIVE_NONE: "revive nothing",
            K_SHORTCUT: "take the shortcut",
            K_NO_SHORTCUT: "no shortcut: enter the poison mushroom space",
            K_SPIDER_DEN: "Spider back to its Den",
            K_SPIDER_ATTACK: "Spider attacks your opponent's gun",
            K_SCORPION_HOLLOW: "Scorpion back to its Hollow",
            K_PASS: "pass: move neither the Spider nor the Scorpion",
        }[k]

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        # per spin at most: the spin, a free choice, and either gun + revive, one move of a piece, or one
        # shortcut decision per space moved (six)
        turns: int = self.options["max_turns"]
        return 8 * turns

    def new_initial_state(self) -> MBCentipedeState:
        return MBCentipedeState(self, self.layout, self.tables, self.options["first_player"])

    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return SPIN.label(action) if 0 <= action < SPIN.size else f"outcome {action}"
        return self.labels[action] if 0 <= action < len(self.labels) else f"action {action}"


class MBCentipedeState(MBState):
    """A position (its fields: state.py) with the contract: observations, action descriptions, copies."""

    __slots__ = ()
    game: MBCentipedeGame

    def _gun_disabled(self, p: int) -> bool:
        return gun_disabled(self, p)

    # ---- results -----------------------------------------------------------------------------
    def roles(self) -> list[str]:
        return list(ROLES)

    def turns(self) -> int:
        """Spins so far (the unit of the safety cap and of game length)."""
        return self._turns

    def stats(self) -> dict[str, float]:
        """Spins per player, shots by outcome, shortcuts, Spider attacks, Scorpion plantings (for simulate and
        balance reports)."""
        c = self._counts
        out = {"spins": float(self._turns)}
        for name, value in zip(STAT_NAMES, c, strict=True):
            out[name] = float(value)
        out["shots"] = float(sum(c[i] for i, name in enumerate(STAT_NAMES) if name.startswith("shot_")))
        out["shortcuts"] = out["shortcuts_green"] + out["shortcuts_red"]
        return out

    # ---- presentation ------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(self.current_player(), action)

    def action_info(self, action: int) -> dict[str, Any]:
        if self._phase == Phase.SPIN:
            return SPIN.info(action)
        g = self.game
        if not 0 <= action < g.num_distinct_actions:
            return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
        info = g.action_codec.info(action)
        info["label"] = g.labels[action]
        target = self._target(g.kind_of[action], g.arg_of[action])
        if target is not None:
            info["target"] = target
        return info

    def _target(self, k: int, v: int) -> list[float] | None:
        """Board coordinates where a user interface places a choice (None: not on the board)."""
        lay = self._L
        p = self._player
        if k == K_GUN:
            return list(lay.guns[p][v])
        if k == K_REVIVE:
            return lay.xy(p, self._seg[p * SEGMENTS + v])
        if k == K_SHORTCUT or k == K_NO_SHORTCUT:
            h = self._seg[p * SEGMENTS]
            pos = lay.landing[p][h] if k == K_SHORTCUT else h + lay.step[p]
            return list(lay.path[pos]) if 0 <= pos < lay.n else None
        if k == K_SPIDER_DEN:
            return list(lay.den)
        if k == K_SPIDER_POISON or k == K_SCORPION_POISON:
            return list(lay.poison_xy[v])
        if k == K_SPIDER_SPACE:
            return list(lay.spider_xy[v])
        if k == K_SPIDER_ATTACK:
            return list(lay.guns[1 - p][self._gun[1 - p]])
        if k == K_SCORPION_HOLLOW:
            return list(lay.hollow)
        return None

    def observation(self, player: int | None) -> MBObservation:
        lay = self._L
        cents: list[CentipedeView] = []
        for p in (0, 1):
            segs: list[SegmentView] = []
            for k in range(SEGMENTS):
                pos = self._seg[p * SEGMENTS + k]
                at = "home" if pos == lay.home_pos[p] else "goal" if pos == lay.goal[p] else "path"
                segs.append(
                    {
                        "segment": k,
                        "head": k == 0,
                        "alive": self._alive[p * SEGMENTS + k],
                        "at": at,
                        "space": pos if at == "path" else None,
                        "xy": lay.xy(p, pos),
                    }
                )
            cents.append({"player": p, "name": PLAYER_NAMES[p], "segments": segs})
        obs: MBObservation = {
            **self._observation_common(player),
            "board": lay.board(),
            "centipedes": cents,
            "poison": [
                {"space": i, "xy": list(lay.poison_xy[i]), "planted": self._scorpion != i}
                for i in range(len(self._poison))
                if self._poison[i]
            ],
            "supply": self._supply,
            "guns": [
                {
                    "player": p,
                    "position": self._gun[p],
                    "xy": list(lay.guns[p][self._gun[p]]),
                    "disabled": gun_disabled(self, p),
                }
                for p in (0, 1)
            ],
            "spider": _spider_view(self),
            "scorpion": _scorpion_view(self),
            "spin": SECTORS[self._spin] if self._spin >= 0 else None,
            "phase": PHASE_NAMES[self._phase],
            "player": self._player,
            "moves_left": self._steps,
            "turn": self._turns,
            "max_turns": self._T.max_turns,
            "safety_cap_hit": self._capped,  # the safety cap, not the rules, ended the game (MB-9.3)
            "remaining": [sum(lay.remaining(p, self._seg[p * SEGMENTS + k]) for k in range(SEGMENTS)) for p in (0, 1)],
        }
        return self._with_decision(obs)

    # ---- information, copies -------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        """Everything is public (MB-10.1): the action history identifies what either player knows."""
        return "mb_centipede:" + ",".join(map(str, self._history))

    def resample_from_infostate(self, player: int, rng: random.Random) -> MBCentipedeState:
        """No hidden information (MB-10.1): the only consistent state is this one."""
        return self.clone()


def _spider_view(st: MBCentipedeState) -> PieceView:
    lay = st._L
    sp = st._spider
    if sp == DEN:
        return {"at": "den", "xy": list(lay.den)}
    if sp < lay.spider_space0:
        return {"at": "poison", "space": sp, "xy": list(lay.poison_xy[sp])}
    if sp < lay.spider_gun0:
        j = sp - lay.spider_space0
        return {"at": "spider_space", "space": j, "xy": list(lay.spider_xy[j])}
    q = sp - lay.spider_gun0
    return {"at": "gun", "player": q, "xy": list(lay.guns[q][st._gun[q]])}


def _scorpion_view(st: MBCentipedeState) -> PieceView:
    lay = st._L
    sc = st._scorpion
    if sc == HOLLOW:
        return {"at": "hollow", "xy": list(lay.hollow)}
    return {"at": "poison", "space": sc, "xy": list(lay.poison_xy[sc])}
