"""Helpers for Milton Bradley Centipede rule tests: positions come from the scenario builder
(`boardcade.testing.scenario`), play is driven by what actions mean (`act`), and results are read from the
public contract only (observation, events, stats)."""

from __future__ import annotations

import json
from importlib import resources
from types import SimpleNamespace

import pytest

import boardcade
from boardcade.testing import act, scenario

GREEN, RED = 0, 1


def new(**options):
    return boardcade.load_game("mb_centipede", **options).new_initial_state()


def pos(state, player: int) -> list:
    """Where each segment of `player` is, head first: path index, "home" or "goal"."""
    segs = state.observation(None)["centipedes"][player]["segments"]
    return [s["space"] if s["at"] == "path" else s["at"] for s in segs]


def xys(state, player: int) -> list:
    """Coordinates of `player`'s segments on the path, head first ("home"/"goal" for the others)."""
    segs = state.observation(None)["centipedes"][player]["segments"]
    return [tuple(s["xy"]) if s["at"] == "path" else s["at"] for s in segs]


def alive(state, player: int) -> list[bool]:
    return [s["alive"] for s in state.observation(None)["centipedes"][player]["segments"]]


def poison(state) -> dict:
    """Poison mushrooms on the board: coordinates -> planted?"""
    return {tuple(m["xy"]): m["planted"] for m in state.observation(None)["poison"]}


def obs(state) -> dict:
    return state.observation(None)


def index(state, xy) -> int:
    """Path index of the path space at xy (read from the board in the observation)."""
    return [tuple(p) for p in obs(state)["board"]["path"]].index(tuple(xy))


def rules(state, since: int = 0) -> list[str]:
    return [e.rule for e in state.events()[since:]]


def texts(state) -> list[str]:
    return [e.text for e in state.events()]


def gun(position: int, **description):
    """`description`'s position, the player to move spins GUN and fires from `position`."""
    state = scenario("mb_centipede", spin="GUN", **description)
    act(state, "gun", position=position)
    return state


def layout_doc() -> dict:
    """The shipped board's layout document (a fresh copy to change in tests)."""
    text = resources.files("boardcade.games.mb_centipede").joinpath("layouts", "revised.json").read_text()
    return json.loads(text)


@pytest.fixture
def mb() -> SimpleNamespace:
    return SimpleNamespace(
        new=new,
        pos=pos,
        xys=xys,
        alive=alive,
        poison=poison,
        obs=obs,
        index=index,
        rules=rules,
        texts=texts,
        gun=gun,
        layout_doc=layout_doc,
        GREEN=GREEN,
        RED=RED,
    )
