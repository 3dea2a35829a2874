"""Helpers for Q*bert rule tests: positions come from the scenario builder, play goes through the contract.

Nothing here reads or writes engine fields: positions are described (`boardcade.games.qbert.scenario`),
actions are chosen by what they mean (`boardcade.testing.act`), and results are read from `observation`,
`events`, `returns`, `legal_actions` and `action_info`.
"""

from __future__ import annotations

import pytest

from boardcade.testing import act, can, choices, scenario


def start(options: dict | None = None, roll: int | None = 5, **description):
    """A position (scenario description keys, see boardcade.games.qbert.scenario) with Q*bert to move after
    his secret roll of `roll` (None: waiting for the roll). Player 0 is Q*bert unless told otherwise."""
    return scenario("qbert", options=options or {}, roll=roll, **description)


def view(state, player=None) -> dict:
    return state.observation(player)


def phase(state) -> str:
    return state.observation(None)["phase"]


def scores(state) -> list[tuple[int, int]]:
    """(Q*bert player, pegs) per finished round."""
    return [(s["qbert_player"], s["pegs"]) for s in state.observation(None)["scores"]]


def where(state, key: str):
    """A nasty's place: its cube (r, i) (a face walker: the cube whose face it holds), "home" or "out"."""
    for n in state.observation(None)["nasties"]:
        if n["key"] == key:
            if n["cube"] is not None:
                return tuple(n["cube"])
            return "home" if n["where"] == "home" else "out"
    raise KeyError(key)


def qbert_at(state) -> tuple[int, int]:
    return tuple(state.observation(None)["qbert"])


def fired(state, rule: str, text: str = "") -> bool:
    """Whether an event of `rule` (whose text contains `text`) happened."""
    return any(e.rule == rule and text in e.text for e in state.events())


def nasty_turn(state, character: str, steps: int):
    """End Q*bert's move (if he is still moving) and roll the character die and the d6."""
    if phase(state) == "qbert-move":
        act(state, "stop")
    act(state, "character_die", character=character)
    act(state, "d6", face=steps)
    return state


def hop(state, direction: str):
    return act(state, "hop", dir=direction)


def step(state, direction: str):
    return act(state, "step", dir=direction)


def kinds(state) -> list[tuple[str, dict]]:
    """(kind, args) of every legal action now, in action order."""
    return [(i["kind"], i["args"]) for i in choices(state)]


def targets(state, kind: str | None = None) -> list[tuple[int, int] | None]:
    return [tuple(i["target"]) if i.get("target") else None for i in choices(state) if kind in (None, i["kind"])]


class Helpers:
    """The helpers above, handed to tests as the `qb` fixture."""

    act = staticmethod(act)
    can = staticmethod(can)
    choices = staticmethod(choices)
    start = staticmethod(start)
    view = staticmethod(view)
    phase = staticmethod(phase)
    scores = staticmethod(scores)
    where = staticmethod(where)
    qbert_at = staticmethod(qbert_at)
    fired = staticmethod(fired)
    nasty_turn = staticmethod(nasty_turn)
    hop = staticmethod(hop)
    step = staticmethod(step)
    kinds = staticmethod(kinds)
    targets = staticmethod(targets)


@pytest.fixture
def qb() -> type[Helpers]:
    return Helpers
