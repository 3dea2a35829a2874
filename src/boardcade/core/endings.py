"""Endings a match can have outside its game's own rules, the same for every game (the players', not the game's):
a player resigns, the players agree a draw, a player runs out of time, or the match is called off before it
really began. Each has a rule ID (END-*) that records and logs cite like any game rule; the result follows
from the game's declared sides (`Game.teams()`), never from its internals.

- **END-1** Resignation: a player may resign at any time while the match is on; their side loses and every
  other side wins.
- **END-2** Agreed draw: where the game's rules can end in a draw (`GameSpec.draws`), a side may offer a draw
  while the match is on; when every side has agreed at the same position, the match ends drawn.
- **END-3** Out of time: in a match created with a turn time limit, a player who has not moved when the limit
  runs out (or, in a match on a chess clock, whose clock runs out) loses as if resigning (unless, with a turn
  limit, the match's creator chose that a computer then plays that turn for them: every decision of it, and the
  seat is theirs again from their next turn).
- **END-4** Abort: before the second player has made a first move, a player may call the match off; it ends
  with no result and no winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .game import TERMINAL, Game

RESIGN = "END-1"
DRAW = "END-2"
TIMEOUT = "END-3"
ABORT = "END-4"
RULES = {
    RESIGN: "Resignation: a player may resign at any time while the match is on; their side loses and every other "
    "side wins.",
    DRAW: "Agreed draw: where the game's rules can end in a draw, a side may offer a draw; when every side has "
    "agreed at the same position, the match ends drawn.",
    TIMEOUT: "Out of time: with a turn time limit, a player who has not moved when it runs out loses as if "
    "resigning (or a computer plays that turn for them, as the match's creator chose); on a chess clock, a player "
    "whose clock runs out loses as if resigning.",
    ABORT: "Abort: before the second player's first move, a player may call the match off; it ends with no result.",
}
KINDS = {RESIGN: "resign", DRAW: "draw", TIMEOUT: "timeout", ABORT: "abort"}


@dataclass(frozen=True)
class Ending:
    """How a match ended outside its game's rules: the rule, the seat it concerns (who resigned, ran out of time
    or aborted; None for an agreed draw) and the sentence shown and logged."""

    rule: str
    seat: int | None
    text: str

    @property
    def kind(self) -> str:
        return KINDS[self.rule]

    def result(self, game: Game) -> list[float] | None:
        """The result it gives: the seat's side -1 and every other side +1 (END-1, END-3), all 0 (END-2), none
        (END-4)."""
        if self.rule == ABORT:
            return None
        if self.rule == DRAW:
            return [0.0] * game.num_players
        side = next(team for team in game.teams() if self.seat in team)
        return [-1.0 if p in side else 1.0 for p in range(game.num_players)]

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "kind": self.kind, "seat": self.seat, "text": self.text}


def ending_from_json(data: Any, game: Game) -> Ending:
    """Read an ending (from a record or the database); RecordError says what is wrong."""
    if not isinstance(data, dict) or data.get("rule") not in RULES:
        raise RecordError(f"an ending must be an object whose 'rule' is one of {', '.join(RULES)}")
    seat = data.get("seat")
    if data["rule"] == DRAW:
        if seat is not None:
            raise RecordError("an agreed draw (END-2) names no seat")
    elif type(seat) is not int or not 0 <= seat < game.num_players:
        raise RecordError(f"ending {data['rule']}: 'seat' must be a player number 0..{game.num_players - 1}")
    text = data.get("text")
    return Ending(data["rule"], seat, text if isinstance(text, str) and text else RULES[data["rule"]])


def ended_view(obs: dict[str, Any], ending: Ending, result: list[float] | None) -> dict[str, Any]:
    """A view of the last position as the ending leaves it: over, its result (all 0 when aborted), nothing to
    choose, and the ending told as the last event (with its rule) and as the prompt."""
    out = dict(obs)
    n = len(obs.get("returns") or []) or (len(result) if result else 0)
    out.update(
        is_terminal=True,
        current_player=TERMINAL,
        returns=list(result) if result is not None else [0.0] * n,
        legal_actions=[],
        decision="over",
        prompt=ending.text,
        ending=ending.to_json(),
    )
    out["events"] = [
        *obs.get("events", []),
        {"rule": ending.rule, "text": ending.text, "step": obs.get("move_number", 0)},
    ]
    return out
