"""Helpers for Atari's Centipede rule tests: positions come from the scenario builder and everything is read
through the public contract (observations, events, legal actions and their action_info)."""

from __future__ import annotations

import random
import types

import pytest

import boardcade
from boardcade.core import CHANCE, sample_chance
from boardcade.testing import act, can, choices, find_action, rules_fired, scenario

GAME = "atari_centipede"
LAST = boardcade.load_game(GAME).new_initial_state().observation(None)["rows"] - 1  # the far Gnome row
FAR = LAST - 1  # the field row next to the far Gnome row (a spawn row)


def new(players: int = 2, **options):
    return boardcade.load_game(GAME, players=players, **options).new_initial_state()


def pos(players: int = 2, options: dict | None = None, **description):
    """A position from the scenario builder (`boardcade.games.atari_centipede.scenario`)."""
    return scenario(GAME, options={"players": players, **(options or {})}, **description)


def obs(state, viewer=None) -> dict:
    return state.observation(viewer)


def cents(state, colour: str = "red") -> list[list[tuple[int, int]]]:
    """Every centipede of a colour, head first, as (row, col) squares."""
    return [[tuple(s) for s in c["segments"]] for c in obs(state)["centipedes"] if c["colour"] == colour]


def facings(state, colour: str = "red") -> list[int]:
    return [c["facing"] for c in obs(state)["centipedes"] if c["colour"] == colour]


def mushrooms(state) -> set[tuple[int, int]]:
    return {tuple(m) for m in obs(state)["mushrooms"]}


def fleas(state) -> list[tuple[int, int]]:
    return [tuple(f["square"]) for f in obs(state)["fleas"]]


def spiders(state) -> list[tuple[int, int]]:
    return [tuple(s["square"]) for s in obs(state)["spiders"]]


def supply(state) -> int:
    return obs(state)["mushroom_supply"]


def gnome(state, g: int = 0) -> tuple[int, int]:
    return tuple(obs(state)["gnomes"][g]["square"])


def cards(state, g: int = 0) -> dict[str, bool]:
    return obs(state)["gnomes"][g]["cards"]


def pool(state) -> list[int]:
    return sorted(d["face"] for d in obs(state)["dice_pool"])


def side(state, colour: int = 0, viewer=None) -> dict:
    return obs(state, viewer)["centipede_players"][colour]


def kinds(state) -> list[str]:
    return [i["kind"] for i in choices(state)]


def targets(state, kind: str) -> list[tuple[int, int]]:
    """The squares of the legal actions of `kind`, in action order."""
    return [tuple(i["target"]) for i in choices(state) if i["kind"] == kind]


def phase(state) -> str:
    return obs(state)["phase"]


def filler(count: int, rows: tuple[int, ...]) -> list[tuple[int, int]]:
    """`count` mushroom squares filling the given rows left to right (to empty the supply)."""
    squares = [(r, c) for r in rows for c in range(9)]
    assert len(squares) >= count
    return squares[:count]


def roll(state, *faces: int) -> None:
    """Chance: the dice being rolled show these faces (1-6)."""
    for f in faces:
        assert state.current_player() == CHANCE
        act(state, "roll", face=f)


def draw(state, card: str) -> None:
    act(state, "draw", card=card)


def play_random(state, rng: random.Random, max_steps: int = 100000):
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            assert legal, "a player to move must have a legal action"
            state.apply_action(rng.choice(legal))
        steps += 1
    return state


def setup_until(state, stop: str) -> None:
    """Take the first legal choice (and the first chance outcome) until the phase named `stop`."""
    while phase(state) != stop:
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])


_HELPERS = types.SimpleNamespace(
    LAST=LAST,
    FAR=FAR,
    new=new,
    pos=pos,
    obs=obs,
    cents=cents,
    facings=facings,
    mushrooms=mushrooms,
    fleas=fleas,
    spiders=spiders,
    supply=supply,
    gnome=gnome,
    cards=cards,
    pool=pool,
    side=side,
    kinds=kinds,
    targets=targets,
    phase=phase,
    filler=filler,
    roll=roll,
    draw=draw,
    play_random=play_random,
    setup_until=setup_until,
    act=act,
    can=can,
    choices=choices,
    find_action=find_action,
    rules_fired=rules_fired,
)


@pytest.fixture
def ac() -> types.SimpleNamespace:
    """The helpers above, handed to tests as the `ac` fixture."""
    return _HELPERS
