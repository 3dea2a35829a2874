"""The direct tensor path (`Encoder.encode_state`, `Writer`): the same values as the reference path through
`observation(p)`, for every game whose tensors module provides `encode_state`, and for a small game defined
here (hidden rolls, chance, a terminal state) that exercises the mechanism whatever the built-in games provide."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

from boardcade.core import (
    CHANCE,
    TERMINAL,
    ActionCodec,
    Arg,
    Block,
    Game,
    GameSpec,
    State,
    load_game,
    register_game,
    unregister_game,
)
from boardcade.interop.tensors import Encoder, encoder_for

GOAL = 10
CODEC = ActionCodec([Block("walk", label="walk one space"), Block("roll", label="roll the secret die")])
DIE = ActionCodec([Block("die", (Arg("face", (1, 2, 3)),), label="the die shows {face}", actor="chance")])
WALK, ROLL = CODEC.start("walk"), CODEC.start("roll")


class RaceGame(Game):
    """Two players race to GOAL: walk one space in the open, or roll a d3 only the roller sees."""

    name = "dice_race"
    title = "Dice race"
    CODEC = CODEC
    num_distinct_actions = CODEC.size
    max_chance_outcomes = DIE.size

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 4 * GOAL

    def new_initial_state(self) -> RaceState:
        return RaceState(self)


class RaceState(State):
    def __init__(self, game: RaceGame):
        super().__init__(game)
        self._player = 0
        self.rolling = False
        self.walked = [0, 0]
        self.rolled = [0, 0]

    def current_player(self) -> int:
        if self._result is not None:
            return TERMINAL
        return CHANCE if self.rolling else self._player

    def _legal_actions(self) -> list[int]:
        return [WALK, ROLL]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]

    def _apply(self, action: int) -> None:
        p = self._player
        if self.rolling:
            self.rolling = False
            self.rolled[p] += action + 1
            self._emit("DR-2", f"the die shows {action + 1}", (p,))
        elif action == ROLL:
            self.rolling = True
            return
        else:
            self.walked[p] += 1
            self._emit("DR-1", f"player {p + 1} walks")
        if self.walked[p] + self.rolled[p] >= GOAL:
            result = [-1.0, -1.0]
            result[p] = 1.0
            self._finish(result, "DR-3", f"player {p + 1} wins")
        self._player = 1 - p

    def action_info(self, action: int) -> dict:
        return DIE.info(action) if self.rolling else CODEC.info(action)

    def observation(self, player: int | None) -> dict:
        obs = self._observation_common(player)
        obs["walked"] = list(self.walked)
        obs["rolled"] = [t if player == q else None for q, t in enumerate(self.rolled)]
        obs["rolling"] = self.rolling
        return obs

    def resample_from_infostate(self, player: int, rng: random.Random) -> RaceState:
        return self.clone()  # the true state is one the player cannot tell apart (enough for these tests)

    def clone(self) -> RaceState:
        other = RaceState.__new__(RaceState)
        self._copy_base_into(other)
        other._player, other.rolling = self._player, self.rolling
        other.walked, other.rolled = self.walked.copy(), self.rolled.copy()
        return other


def _fields(game):
    return [("walked", (2, GOAL + 1)), ("rolled", (GOAL + 3,)), ("rolling", (1,))]


def _fill(obs, v, game):
    for p, w in enumerate(obs["walked"]):
        v["walked"][p, min(w, GOAL)] = 1.0
    own = [t for t in obs["rolled"] if t is not None]
    if own:
        v["rolled"][own[0]] = 1.0
    v["rolling"][0] = float(obs["rolling"])


def _encode_state(state, player, v, game):
    for p, w in enumerate(state.walked):
        v["walked"][p, min(w, GOAL)] = 1.0
    if player is not None:
        v["rolled"][state.rolled[player]] = 1.0
    v["rolling"][0] = float(state.rolling)


RACE_TENSORS = SimpleNamespace(fields=_fields, fill=_fill, encode_state=_encode_state)


@pytest.fixture
def race():
    register_game(GameSpec(name="dice_race", title="Dice race", game=RaceGame, tensors=RACE_TENSORS), replace=True)
    yield load_game("dice_race")
    unregister_game("dice_race")


def test_direct_path_equals_the_json_path_on_a_game_defined_here(race, every_state, direct_equals_reference):
    """Contract (observation): encode_state fills the common, game and events blocks exactly as the reference
    path does from observation(p), for both players and the spectator, chance and terminal states included."""
    assert direct_equals_reference(race, every_state(race, seed=1, games=5)) > 100


def test_every_game_encodes_states_as_its_observation_says(case, random_states, every_state, direct_equals_reference):
    """Contract (observation): a game whose tensors module has encode_state gives the same tensors as its
    fill(observation(p)) on every state along seeded random matches, without building an observation; a game
    without one still gets encode_state and writers, through observation(p)."""
    game = case.load()
    enc = encoder_for(game)
    if enc.direct:
        assert direct_equals_reference(game, every_state(game, seed=3, games=2)) > 100
        return
    writer = enc.writer(np.zeros(enc.size, np.float32))
    batch = enc.batch_writer(np.zeros((3, enc.size), np.float32))
    previous = None
    for state in random_states(game, seed=6, games=1, every=13):
        for viewer in (0, None):
            reference = enc.encode(state.observation(viewer))
            assert np.array_equal(enc.encode_state(state, viewer), reference)
            assert np.array_equal(writer.write(state, viewer), reference)
        # Rows 0 and 2 rewritten, row 1 left as it was (the batched env's illegal or finished matches).
        kept = batch.out[1].copy()
        batch.write([0, 2], [state, state], [0, game.num_players - 1])
        assert np.array_equal(batch.out[0], enc.encode(state.observation(0)))
        assert np.array_equal(batch.out[2], enc.encode(state.observation(game.num_players - 1)))
        assert np.array_equal(batch.out[1], kept)
        if previous is not None:
            batch.write([1], [previous], [None])
            assert np.array_equal(batch.out[1], enc.encode(previous.observation(None)))
        previous = state


def test_writer_refuses_a_wrong_buffer(race):
    """Bad input: a buffer of the wrong shape or dtype is named with what is expected."""
    enc = Encoder(race)
    with pytest.raises(ValueError, match=rf"expected \(rows, {enc.size}\) float32"):
        enc.batch_writer(np.zeros((2, enc.size + 1), np.float32))
    with pytest.raises(ValueError, match=rf"expected \({enc.size},\) float32"):
        enc.writer(np.zeros(enc.size, np.float64))
    with pytest.raises(ValueError, match=rf"expected \({enc.info_state_size},\) float32"):
        enc.writer(np.zeros(enc.size, np.float32), info_state=True)


@pytest.mark.parametrize("name", ["qbert", "atari_centipede"])
def test_info_state_events_kept_incrementally_stay_true(name):
    """The information-state tensor's events block is folded incrementally on the state (each event hashed once
    per viewer): on one state followed through a seeded match, and on resampled states whose past hidden events
    were rewritten (Q*bert's secret roll QB-5.4, the Centipede hand AC-12.1), it equals the reference path."""
    game = load_game(name)
    enc = encoder_for(game)
    rng = random.Random(4)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 300:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if steps % 7:
            continue
        for viewer in [None, *range(game.num_players)]:
            direct = enc.encode_state(state, viewer, info_state=True).copy()
            assert np.array_equal(direct, enc.encode_info_state(state.observation(viewer))), (steps, viewer)
        player = state.current_player()
        if player >= 0:
            other = state.resample_from_infostate(player, random.Random(steps))
            for viewer in [None, *range(game.num_players)]:
                enc.encode_state(other, viewer, info_state=True)  # fill the cache, then rewrite the past
                again = other.resample_from_infostate(player, random.Random(steps + 1))
                direct = enc.encode_state(again, viewer, info_state=True).copy()
                assert np.array_equal(direct, enc.encode_info_state(again.observation(viewer))), (steps, viewer)
    assert steps >= 100
