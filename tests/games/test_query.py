"""Each game's query module (games/<game>/query.py, what the heuristic, threat and tensor code read instead of
engine fields) answers as the observation does for every seat along seeded random matches, hidden things
included: Q*bert's roll only for those who may see it (QB-7.1, QB-7.2), an Atari's Centipede hand only for its
owner (AC-12.1); everything public in MB Centipede (MB-10.1)."""

from __future__ import annotations

import inspect
import random
from dataclasses import FrozenInstanceError

import pytest

import boardcade
from boardcade.core import sample_chance
from boardcade.games.atari_centipede import board as AB
from boardcade.games.atari_centipede import query as AQ
from boardcade.games.mb_centipede import query as MQ
from boardcade.games.qbert import query as QQ


def _states(game: str, seed: int, steps: int, **options):
    rng = random.Random(seed)
    state = boardcade.load_game(game, **options).new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        legal = state.legal_actions()
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else legal[rng.randrange(len(legal))])


def test_qbert_query_matches_each_seats_view_and_hides_the_roll_qb_7_1():
    hidden = shown = 0
    for state in _states("qbert", 3, 400):
        for viewer in (0, 1, None):
            obs = state.observation(viewer)
            roll = QQ.roll_seen_by(state, viewer)
            assert roll == (None if obs["roll_hidden"] else obs["roll"] or 0)
            assert QQ.moves_left_seen_by(state, viewer) == obs["moves_left"]
            assert QQ.roll_visible_to(state, viewer) == (obs["roll"] is not None)
            hidden += roll is None
            shown += bool(roll) and viewer == QQ.qbert_player(state)
        obs = state.observation(None)
        assert QQ.qbert_player(state) == obs["qbert_player"]
        assert QQ.moves_used(state) == obs["moves_used"]
        assert QQ.totals(state) == obs["totals"]
        assert QQ.turn(state) == obs["turn"]
        assert QQ.frozen(state) == obs["frozen"]
        assert QQ.pegs(state).bit_count() == obs["pegs_left"]
    assert hidden and shown  # the match had rolls hidden from the others and seen by Q*bert


def test_atari_query_matches_each_seats_view_and_hides_hands_ac_12_1():
    seen = 0
    for state in _states("atari_centipede", 5, 600, players=4):
        for viewer in (0, 1, 2, 3, None):
            for side in state.observation(viewer)["centipede_players"]:
                c = AB.COLOUR_NAMES.index(side["colour"])
                hand = AQ.hand_seen_by(state, c, viewer)
                assert (hand is not None) == ("hand" in side) == (viewer == side["player"])
                if hand is not None:
                    seen += 1
                    assert sum(hand) == side["hand_size"] == len(side["hand"])
                assert AQ.hand_size(state, c) == side["hand_size"]
                assert AQ.deck_size(state, c) == side["deck_size"]
                assert AQ.segments_on_board(state)[c] == side["segments_on_board"]
        obs = state.observation(None)
        die = obs["die_in_use"]
        assert AQ.die_in_use(state) == (-1 if die is None else die["face"] - 1)
        assert AQ.mushroom_supply(state) == obs["mushroom_supply"]
        assert AQ.flea_supply(state) == obs["bug_supply"]["fleas"]
        assert AQ.spider_supply(state) == obs["bug_supply"]["spiders"]
        assert sum(AQ.dice_pool(state)) == len(obs["dice_pool"])
    assert seen


def test_mb_query_matches_the_public_view_mb_10_1():
    for state in _states("mb_centipede", 7, 400):
        obs = state.observation(None)
        assert MQ.player(state) == obs["player"]
        assert MQ.supply(state) == obs["supply"]
        assert MQ.steps_left(state) == obs["moves_left"]
        assert MQ.spins(state) == obs["turn"]
        for gun in obs["guns"]:
            assert MQ.guns(state)[gun["player"]] == gun["position"]
            assert MQ.gun_disabled(state, gun["player"]) == gun["disabled"]
        for cent in obs["centipedes"]:
            for seg in cent["segments"]:
                assert MQ.alive(state)[cent["player"] * MQ.SEGMENTS + seg["segment"]] == seg["alive"]
        assert sum(MQ.poison(state)) == len(obs["poison"])


def test_atari_plan_answers_every_query_as_its_state_ac_4_6():
    """The planner's typed view (query.Plan, heuristic.py's plans of the die in use, AC-4.6) answers each query
    exactly as the state it was made from, in every phase of a seeded 4-player match; a Plan lacking a field a
    query reads fails here."""
    queries = [
        (name, fn)
        for name, fn in vars(AQ).items()
        if inspect.isfunction(fn) and fn.__module__ == AQ.__name__ and not name.startswith("_") and name != "plan_of"
    ]
    per_colour = {"hand_size", "deck_size"}
    phases = set()
    for state in _states("atari_centipede", 8, 500, players=4):
        plan = AQ.plan_of(state)
        assert AQ.plan_of(plan) is plan
        phases.add(AQ.phase(state))
        for name, fn in queries:
            if name == "hand_seen_by":
                for c in range(AQ.layout(state).colours):
                    for viewer in (0, 1, 2, 3, None):
                        assert fn(plan, c, viewer) == fn(state, c, viewer), name
            elif name in per_colour:
                for c in range(AQ.layout(state).colours):
                    assert fn(plan, c) == fn(state, c), name
            else:
                assert fn(plan) == fn(state), name
    assert len(phases) >= 10  # setup, the Gnomes' and the Centipedes' turns were all met
    with pytest.raises(FrozenInstanceError):
        plan._supply = 0
