"""Centipede (Milton Bradley, 1983): the game, its options and the turn flow.

Rules: rules/mb-centipede.md (rule IDs MB-...). Board: a layout file (layout.py, layouts/*.json). Board
mechanics (shots, centipede moves, Spider and Scorpion): mechanics.py. Actions: codec.py. Everything is public,
so information states are just the action history.
"""

from __future__ import annotations

import random
from typing import Any

from boardcade.core import CHANCE, TERMINAL, Game, Option, State

from .codec import SECTORS, SEGMENTS, SPIN, SPIN_CENTIPEDE, SPIN_GUN, SPIN_PIECES, make_codec
from .layout import DEFAULT, GREEN, Layout, check_option, fmt, get_layout
from .mechanics import (
    C_DECLINED,
    C_PASS,
    C_SHORTCUT,
    C_SPINS,
    DEN,
    HOLLOW,
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
    N_COUNTS,
    STAT_NAMES,
    RulesMixin,
)
from .prompts import DECISIONS

PLAYER_NAMES = ("Green", "Red")
ROLES = ("green", "red")
P_SPIN, P_FREE, P_GUN, P_REVIVE, P_SHORTCUT, P_PIECES, P_OVER = range(7)
PHASE_NAMES = ("spin", "free_choice", "gun", "revive", "shortcut", "spider_scorpion", "over")
FREE_NAMES = ("the gun", "the centipede", "the Spider or the Scorpion")
_SECTOR_TEXT = "(GUN,CENTIPEDE,SPIDER/SCORPION,FREE CHOICE)"


def _check_weights(value: str) -> str | None:
    try:
        parts = [int(p) for p in value.split(",")]
    except ValueError:
        return f"{value!r} must be 4 whole numbers separated by commas {_SECTOR_TEXT}"
    if len(parts) != 4 or min(parts) < 0 or sum(parts) <= 0:
        return f"{value!r} must be 4 non-negative whole numbers, not all zero {_SECTOR_TEXT}"
    return None


class MBCentipedeGame(Game):
    name = "mb_centipede"
    title = "Centipede (Milton Bradley, 1983)"
    PERFECT_INFORMATION = True  # the spinner is public; no player holds hidden information (MB-10.1)
    RULES_VERSION = 2  # 2: the revised board (MB-D1 to MB-D6, MB-D13, MB-D18, MB-D19); version 1 cannot replay
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
    )
    VARIANTS = (("default", {}), ("red_first", {"first_player": 1}))
    DECISIONS = DECISIONS  # what each decision asks (prompts.py)

    def make_codec(self):
        self.layout: Layout = get_layout(self.options["layout"])
        lay = self.layout
        return make_codec(lay.num_guns, len(lay.poison_idx), len(lay.spider_xy))

    def __init__(self, **options: Any):
        super().__init__(**options)
        codec = self.codec
        assert codec is not None and tuple(codec.kinds()) == KINDS
        self.num_distinct_actions = codec.size
        weights = [int(w) for w in self.options["spinner_weights"].split(",")]
        total = sum(weights)
        self.spin_outcomes = [(o, w / total) for o, w in enumerate(weights) if w > 0]
        # Decoded once: each action's kind (an index into KINDS) and its one argument's digit (0 if none).
        self.kind_of = tuple(KINDS.index(codec.decode(a).kind) for a in range(codec.size))
        self.arg_of = tuple((codec.decode(a).digits or (0,))[0] for a in range(codec.size))
        self.start = {kind: codec.start(kind) for kind in KINDS}
        lay = self.layout
        g0 = self.start["gun"]
        # MB-3.1: the gun moves to a different position of its line, then fires.
        self.gun_moves = tuple([g0 + k for k in range(lay.num_guns) if k != cur] for cur in range(lay.num_guns))
        self.labels = tuple(self._label(a) for a in range(codec.size))

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
        return 8 * self.options["max_turns"]

    def new_initial_state(self) -> MBCentipedeState:
        return MBCentipedeState(self)

    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return SPIN.label(action) if 0 <= action < SPIN.size else f"outcome {action}"
        return self.labels[action] if 0 <= action < len(self.labels) else f"action {action}"


class MBCentipedeState(RulesMixin, State):
    game: MBCentipedeGame

    def __init__(self, game: MBCentipedeGame):
        super().__init__(game)
        lay = game.layout
        self._L = lay
        self._seg = [lay.home_pos[0]] * SEGMENTS + [lay.home_pos[1]] * SEGMENTS
        self._alive = [True] * (2 * SEGMENTS)
        self._poison = [False] * len(lay.poison_idx)
        self._supply = lay.tokens
        self._gun = [lay.safety[0], lay.safety[1]]
        self._spider = DEN
        self._scorpion = HOLLOW
        self._player = game.options["first_player"]
        self._phase = P_SPIN
        self._steps = 0  # centipede spaces still to move
        self._turns = 0  # spins so far
        self._spin = -1
        self._counts = [0] * N_COUNTS

    # ---- contract hooks ----------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self._phase
        if ph == P_SPIN:
            return CHANCE
        if ph == P_OVER:
            return TERMINAL
        return self._player

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.spin_outcomes

    def _legal_actions(self) -> list[int]:
        ph, p = self._phase, self._player
        g = self.game
        if ph == P_GUN:
            return g.gun_moves[self._gun[p]]
        if ph == P_SHORTCUT:
            s = g.start["shortcut"]
            return [s, s + 1]
        if ph == P_PIECES:
            out = self._piece_moves(p)
            out.append(g.start["pass"])
            return out
        if ph == P_FREE:
            c = g.start["choose"]
            out = [] if self._gun_disabled(p) else [c]
            out.append(c + 1)
            if self._piece_moves(p):
                out.append(c + 2)
            return out
        if ph == P_REVIVE:
            b = p * SEGMENTS
            r = g.start["revive"]
            out = [r + k for k in range(SEGMENTS) if not self._alive[b + k]]
            out.append(g.start["revive_none"])
            return out
        return []

    def _why_illegal(self, action: int) -> str:
        ph = self._phase
        if ph == P_SPIN:
            if not 0 <= action < SPIN.size:
                return f"a spin shows one of the sectors 0..{SPIN.size - 1}"
            return "that spinner sector has weight 0"
        if not 0 <= action < self.game.num_distinct_actions:
            return f"it is outside this game's actions 0..{self.game.num_distinct_actions - 1}"
        p = self._player
        k = self.game.kind_of[action]
        if ph == P_FREE:
            if k == K_CHOOSE and self.game.arg_of[action] == 0 and self._gun_disabled(p):
                return "your gun is disabled by the Spider (MB-3.10)"
            return "on FREE CHOICE you pick gun, centipede or Spider/Scorpion (MB-8.1)"
        if ph == P_GUN:
            if k == K_GUN:
                return "the gun must move to a different position of its Firing Line before it fires (MB-3.1)"
            return "after spinning GUN you choose a new firing-line position for your gun (MB-3.1)"
        if ph == P_REVIVE:
            return "you may revive one of your own dead segments, or nothing (MB-3.3)"
        if ph == P_SHORTCUT:
            return "you must decide whether to take the shortcut (MB-5.1)"
        if K_SPIDER_DEN <= k <= K_SCORPION_POISON:
            return "the Spider or Scorpion cannot go there now (MB-7.2, MB-7.7)"
        return "after spinning SPIDER/SCORPION you move the Spider or the Scorpion, or pass (MB-7.1, MB-7.9)"

    def _apply(self, a: int) -> None:
        ph, p = self._phase, self._player
        if ph == P_SPIN:
            self._do_spin(a)
            return
        g = self.game
        k, v = g.kind_of[a], g.arg_of[a]
        if ph == P_GUN:
            self._gun[p] = v
            self._emit("MB-3.1", f"{PLAYER_NAMES[p]} moves the gun to position {v} and fires")
            if self._fire(p) and not all(self._alive[p * SEGMENTS : (p + 1) * SEGMENTS]):
                self._phase = P_REVIVE
            else:
                self._end_turn()
        elif ph == P_REVIVE:
            if k == K_REVIVE:
                self._alive[p * SEGMENTS + v] = True
                part = "head" if v == 0 else f"body segment {v}"
                self._emit("MB-3.3", f"{PLAYER_NAMES[p]} revives its {part}")
            self._end_turn()
        elif ph == P_SHORTCUT:
            self._shortcut_decision(p, k == K_SHORTCUT)
        elif ph == P_PIECES:
            if k == K_PASS:
                self._counts[C_PASS] += 1
                self._emit("MB-7.9", f"{PLAYER_NAMES[p]} moves neither the Spider nor the Scorpion")
                self._end_turn()
            elif self._move_piece(p, k, v):
                self._next_spin(p)  # MB-7.4: the attacker spins again
            else:
                self._end_turn()
        elif ph == P_FREE:
            self._emit("MB-8.1", f"{PLAYER_NAMES[p]} uses the free choice for {FREE_NAMES[v]}")
            if v == 0:
                self._phase = P_GUN
            elif v == 1:
                self._start_centipede()
            else:
                self._phase = P_PIECES

    # ---- turn flow ---------------------------------------------------------------------------
    def _do_spin(self, outcome: int) -> None:
        p = self._player
        self._turns += 1
        self._counts[C_SPINS + p] += 1
        self._spin = outcome
        self._emit("MB-2.1", f"{PLAYER_NAMES[p]} spins {SECTORS[outcome]}")
        if outcome == SPIN_GUN:
            if self._gun_disabled(p):
                self._emit("MB-3.10", f"{PLAYER_NAMES[p]}'s gun is under the Spider: the turn passes")
                self._end_turn()
            else:
                self._phase = P_GUN
        elif outcome == SPIN_CENTIPEDE:
            self._start_centipede()
        elif outcome == SPIN_PIECES:
            moves = self._piece_moves(p)
            if not moves:
                self._emit("MB-2.3", "neither the Spider nor the Scorpion can move: the turn passes")
                self._end_turn()
            else:
                self._phase = P_PIECES
                moves.append(self.game.start["pass"])
                self._legal_cache = moves  # what _legal_actions would compute next (apply_action cleared it)
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
        lay = self._L
        d = lay.step[p]
        goal = lay.goal[p]
        landing = lay.landing[p]
        poison_at = lay.poison_at
        poison = self._poison
        seg = self._seg
        b = p * SEGMENTS
        n = lay.n
        while self._steps > 0:
            h = seg[b]
            if h == goal:
                self._shift(p, goal)
            else:
                if 0 <= h < n and landing[h] >= 0 and poison[poison_at[h + d]]:
                    self._phase = P_SHORTCUT  # MB-5.1: its owner decides
                    return
                if not self._enter(p, h + d):
                    self._end_turn()
                    return
            self._steps -= 1
            if seg[b + 5] == goal:
                break
        self._end_turn()

    def _shortcut_decision(self, p: int, take: bool) -> None:
        lay = self._L
        h = self._seg[p * SEGMENTS]
        self._steps -= 1
        if take:
            land = lay.landing[p][h]
            self._counts[C_SHORTCUT + p] += 1
            self._emit("MB-5.2", f"{PLAYER_NAMES[p]}'s head takes the shortcut to {fmt(lay.path[land])}")
            moved = self._enter(p, land)
        else:
            self._counts[C_DECLINED] += 1
            self._emit("MB-5.3", f"{PLAYER_NAMES[p]}'s head enters the poison mushroom space without a shortcut")
            moved = self._enter(p, h + lay.step[p])
        if moved:
            self._continue_move()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        p = self._player
        if self._seg[p * SEGMENTS + 5] == self._L.goal[p]:
            self._phase = P_OVER
            result = [1.0, -1.0] if p == GREEN else [-1.0, 1.0]
            self._finish(
                result,
                "MB-9.2",
                f"all of {PLAYER_NAMES[p]}'s segments are in {PLAYER_NAMES[1 - p]}'s home base: {PLAYER_NAMES[p]} wins",
            )
            return
        self._next_spin(1 - p)

    def _next_spin(self, player: int) -> None:
        self._steps = 0
        if self._turns >= self.game.options["max_turns"]:
            self._phase = P_OVER
            self._finish(
                [0.0, 0.0], "MB-9.3", f"the safety cap of {self._turns} spins is reached: the game is a draw", True
            )
            return
        self._player = player
        self._phase = P_SPIN

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
        if self._phase == P_SPIN:
            return SPIN.info(action)
        g = self.game
        if not 0 <= action < g.num_distinct_actions:
            return {"action": action, "kind": "action", "args": {}, "label": f"action {action}"}
        info = g.codec.info(action)
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

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self._observation_common(player)
        lay = self._L
        cents = []
        for p in (0, 1):
            segs = []
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
        obs.update(
            board=lay.board(),
            centipedes=cents,
            poison=[
                {"space": i, "xy": list(lay.poison_xy[i]), "planted": self._scorpion != i}
                for i in range(len(self._poison))
                if self._poison[i]
            ],
            supply=self._supply,
            guns=[
                {
                    "player": p,
                    "position": self._gun[p],
                    "xy": list(lay.guns[p][self._gun[p]]),
                    "disabled": self._gun_disabled(p),
                }
                for p in (0, 1)
            ],
            spider=self._spider_view(),
            scorpion=self._scorpion_view(),
            spin=SECTORS[self._spin] if self._spin >= 0 else None,
            phase=PHASE_NAMES[self._phase],
            player=self._player,
            moves_left=self._steps,
            turn=self._turns,
            max_turns=self.game.options["max_turns"],
            remaining=[sum(lay.remaining(p, self._seg[p * SEGMENTS + k]) for k in range(SEGMENTS)) for p in (0, 1)],
        )
        return self._with_decision(obs)

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
        new._L = self._L
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
        new._counts = self._counts.copy()
        return new
