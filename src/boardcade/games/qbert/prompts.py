"""Q*bert: what each decision asks, in words (core/prompts.py; docs/contract.md).

Built from the viewer's observation alone: the roll in the secret tube and the moves left (QB-7.1) appear only
in Q*bert's player's own question, because only his observation holds them. The decision kind never depends on
them: a move with the roll used up is still a "qbert_move" (a variant of its wording).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import Decisions, Prompt, Seat

from .observation import QbertObservation
from .phases import DECISION_OF

_ESCAPING = "{who} is deciding whether Q*bert escapes {by}."
_GOING = "{who} is escaping {by} with Q*bert ({hops} escape {hop_word} so far)."

TABLE = {
    "rolloff": Prompt(None, "Roll-off: each player rolls the six-sided die; the higher roll is Q*bert first."),
    "qbert_roll": Prompt(None, "{who} rolls the eight-sided die in the secret tube for Q*bert."),
    "qbert_move": Prompt(
        "Hop Q*bert: {left} of your {roll} {move_word} left. Choose a cube, or end the move.",
        "{who} is hopping Q*bert ({hops} {hop_word} so far; the roll is hidden in the tube).",
    ),
    "qbert_move.used_up": Prompt(
        "Your roll of {roll} is used up: end the move.",
        "{who} is hopping Q*bert ({hops} {hop_word} so far; the roll is hidden in the tube).",
    ),
    "character_die": Prompt(None, "{who} rolls the character die: which nasty moves."),
    "nasty_die": Prompt(None, "{who} rolls the six-sided die: how many steps {character} takes."),
    "nasty_move": Prompt(
        "Move {character}: {steps} {step_word} left. Choose where it goes.",
        "{who}, the nasty player, is moving {character} ({steps} {step_word} left).",
    ),
    "escape": Prompt(
        "{by} threatens Q*bert! Escape: {how} ({left} {move_word} left), or stay put and be captured.",
        _ESCAPING,
    ),
    "escape.cannot": Prompt(
        "{by} threatens Q*bert and your roll of {roll} is used up: stay put; Q*bert is captured.", _ESCAPING
    ),
    "escape.going": Prompt("Escaping {by}: {how} ({left} {move_word} left), or end the escape.", _GOING),
    "escape.used_up": Prompt("Escaping {by}: your roll of {roll} is used up; end the escape.", _GOING),
    "over": Prompt(None, "Game over: {ending}."),
}


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def pick(obs: QbertObservation, facts: dict[str, Any], player_name: Callable[[Seat], str]) -> str:
    """The decision of the phase in `obs` (its phase rule names the kind, phases.py), with the facts its prompt
    names (the roll only in its owner's view)."""
    kind = DECISION_OF[obs["phase"]]
    if kind == "over" or kind == "rolloff":
        return kind
    qp = obs["qbert_player"]
    if kind == "qbert_roll":
        facts["who"] = player_name(qp)
        return kind
    if kind == "character_die" or kind == "nasty_die":
        facts["who"] = player_name(1 - qp)
        facts["character"] = obs["character"]
        return kind
    if kind == "nasty_move":
        facts["character"] = obs["character"]
        facts["steps"] = steps = obs["steps_left"]
        facts["step_word"] = _plural(steps, "step")
        return "nasty_move"
    # Q*bert's move or escape: the moves left are in his player's view only (None in everyone else's).
    left = obs["moves_left"]
    escaping = kind == "escape"
    hops = obs["escape_hops"] if escaping else obs["moves_used"]
    facts["hops"] = hops
    facts["hop_word"] = _plural(hops, "hop")
    if escaping:
        escape = obs["escape"]
        assert escape is not None, "an escape's view names the threat"
        facts["by"] = escape["by"]
    if left is not None and obs["viewer"] == qp:
        facts["left"] = left
        facts["roll"] = obs["roll"]
        facts["move_word"] = _plural(left, "move")
        discs = any(a["kind"] == "disc" for a in obs["legal_actions"])
        facts["how"] = "hop away or ride a disc" if discs else "hop away"
        if escaping:
            if hops:
                return "escape.going" if left else "escape.used_up"
            return "escape" if left else "escape.cannot"
        return "qbert_move" if left else "qbert_move.used_up"
    if escaping:
        return "escape.going" if hops else "escape"
    return "qbert_move"


DECISIONS = Decisions(TABLE, pick)
