"""The game contract for Atari's Centipede: hidden information (AC-12, AC-12.1), playouts, replay, clones, errors,
observations, rendering and the heuristic."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import boardcade
from boardcade import IllegalActionError
from boardcade.core import Record, open_record, record_from_json, sample_chance
from boardcade.games.atari_centipede.heuristic import evaluate
from boardcade.games.atari_centipede.render import render


def midgame(ac, players: int, seed: int, steps: int = 400):
    """A random match stopped after `steps` actions (or at its end)."""
    s = ac.new(players, setup="random")
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def late(ac, players: int, seed: int):
    """A random match rebuilt at three quarters of its length (many hidden draws behind it)."""
    end = ac.play_random(ac.new(players, setup="random"), random.Random(seed))
    s = ac.new(players, setup="random")
    for a in end.history()[: len(end.history()) * 3 // 4]:
        s.apply_action(a)
    return s


def replay(state):
    fresh = state.game.new_initial_state()
    for a in state.history():
        fresh.apply_action(a)
    return fresh


def test_hidden_hands_look_identical_to_the_gnome(ac):
    """AC-12.1: two states differing only in the Centipede's hand give the Gnome the same observation and
    information state; the owner sees the difference."""
    a = ac.pos(hand=("Spawn Spider", "Spawn Flea", "Mushroom"))
    b = ac.pos(hand=("Spawn Centipede", "Spawn Centipede", "Berserk!"))
    assert a.observation(0) == b.observation(0)
    assert a.observation(None) == b.observation(None)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation(1) != b.observation(1)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert "hand" in a.observation(1)["centipede_players"][0]
    draws = [e for e in a.events() if e.rule == "AC-6.2" and e.visible_to == (1,)]
    assert len(draws) == 3 and all("draws a card" not in e.text for e in draws)


def test_discard_and_tucked_cards_are_public(ac):
    """AC-12.1: the discard pile and the tucked Spawn Centipede cards are shown to every viewer."""
    s = ac.pos(discard=("Spawn Spider", "Berserk!"), tucked=1)
    for viewer in (0, 1, None):
        side = s.observation(viewer)["centipede_players"][0]
        assert side["discard"] == {"Spawn Spider": 1, "Berserk!": 1} and side["tucked_spawn_centipede"] == 1


def _hands(state) -> tuple:
    sides = state.observation(None)["centipede_players"]
    return tuple(
        tuple(state.observation(side["player"])["centipede_players"][c]["hand"]) for c, side in enumerate(sides)
    )


@pytest.mark.parametrize("players", [2, 4])
def test_resample_changes_only_what_the_player_cannot_see(ac, players):
    """AC-12.1: resampled states keep the player's information state, replay from their own history, and
    vary the hidden hands."""
    s = late(ac, players, seed=11)
    assert not s.is_terminal()
    rng = random.Random(5)
    hands = set()
    for _ in range(20):
        r = s.resample_from_infostate(0, rng)
        assert r.information_state_string(0) == s.information_state_string(0)
        assert r.observation(0) == s.observation(0)
        again = replay(r)
        for viewer in [None, *range(players)]:
            assert again.observation(viewer) == r.observation(viewer)
        assert again.legal_actions() == r.legal_actions() and again.chance_outcomes() == r.chance_outcomes()
        assert again.information_state_string(0) == s.information_state_string(0)
        hands.add(_hands(r))
    assert len(hands) > 1
    own = s.resample_from_infostate(1, rng)
    assert _hands(own)[0] == _hands(s)[0]


@pytest.mark.parametrize("players", [2, 4])
def test_resample_depends_only_on_what_the_player_knows(ac, players):
    """AC-12.1: two states a player cannot tell apart resample to the same state under the same seed, so a
    search agent (or a hint) drawing from them learns nothing about the real hidden hands."""
    checked = 0
    for seed in (3, 11, 17):
        s = late(ac, players, seed=seed)
        if s.is_terminal():
            continue
        for p in range(players):
            twin = s.resample_from_infostate(p, random.Random(1000 + p))  # same information, other hands
            assert twin.information_state_string(p) == s.information_state_string(p)
            a = s.resample_from_infostate(p, random.Random(7))
            b = twin.resample_from_infostate(p, random.Random(7))
            assert [a.information_state_string(q) for q in range(players)] == [
                b.information_state_string(q) for q in range(players)
            ]
            checked += 1
    assert checked >= players


@pytest.mark.parametrize("players", [2, 4])
def test_random_playouts_reach_the_end(ac, players):
    """AC-3.4: random matches end (a win or the cap) with a legal action for every player to move."""
    for seed in range(15):
        s = ac.play_random(ac.new(players, setup="random" if seed % 2 else "players"), random.Random(seed))
        assert s.is_terminal()
        assert sorted(s.returns()) in ([-1.0, 1.0], [-1.0, -1.0, 1.0, 1.0]) or s.safety_cap_hit()
        assert len(s.history()) <= s.game.max_game_length


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]), steps=st.integers(0, 600))
def test_history_replays_to_the_same_state_and_clones_are_independent(ac, seed, players, steps):
    """AC-12.1: replaying `history()` rebuilds the same state; a clone can be played on without touching the
    original."""
    s = midgame(ac, players, seed, steps)
    again = replay(s)
    for viewer in [None] + list(range(players)):
        assert again.observation(viewer) == s.observation(viewer)
    assert again.returns() == s.returns()
    before = s.observation(None)
    c = s.clone()
    ac.play_random(c, random.Random(seed + 1))
    assert s.observation(None) == before
    assert replay(c).observation(None) == c.observation(None)


def test_illegal_actions_are_refused_with_the_state_unchanged(ac):
    """AC-4.2: an action outside the legal list raises IllegalActionError naming what is legal; nothing changes."""
    s = ac.pos()
    codec = s.game.codec
    before = (s.observation(None), s.history())
    with pytest.raises(IllegalActionError, match="choose die"):
        s.apply_action(codec.encode("end_turn"))
    with pytest.raises(IllegalActionError):
        s.apply_action(10_000)
    with pytest.raises(IllegalActionError):
        s.apply_action("fire")
    assert (s.observation(None), s.history()) == before
    ac.act(s, "die", face=1)
    with pytest.raises(IllegalActionError, match="left"):
        s.apply_action(codec.encode("fire"))


def test_observation_render_and_heuristic_for_every_view(ac):
    """AC-12.1: observations are JSON, hold legal actions only for the player to move, render for every seat
    and the spectator; the heuristic stays in [-1, 1]."""
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for players in (2, 4):
        for steps in (0, 40, 250, 5000):
            s = midgame(ac, players, seed=steps + players, steps=steps)
            for viewer in [None] + list(range(players)):
                obs = s.observation(viewer)
                json.dumps(obs)
                if viewer != s.current_player():
                    assert obs["legal_actions"] == []
                console.print(render(obs))
            for p in range(players):
                assert -1.0 <= evaluate(s, p) <= 1.0
            if not s.is_terminal() and not s.is_chance_node():
                for a in s.legal_actions():
                    info = s.action_info(a)
                    assert info["action"] == a and info["label"]
    assert "Atari's Centipede" in console.export_text()


def test_registered_with_variants_and_options(ac):
    """AC-2.1: the game is loadable by name with documented option defaults and both variants."""
    g = boardcade.load_game("atari_centipede")
    assert g.options == {
        "players": 2,
        "setup": "players",
        "field_rows": 18,
        "max_rounds": 200,
        "offer_stuck_bugs": False,
    }
    assert g.game_type.rules_version == 3
    assert [opts for _, opts in g.VARIANTS] == [{"players": 2}, {"players": 4}]
    assert g.num_distinct_actions == g.codec.size and g.max_chance_outcomes == 36
    assert boardcade.load_game("atari_centipede", players=4).num_players == 4


@pytest.mark.parametrize("players", [2, 4])
def test_clone_at_every_step_continues_identically(ac, players):
    """AC-2.7, AC-3.4: a clone taken at any point of a match (setup included) carries every field and, given
    the same actions, ends exactly as the original."""
    s = ac.new(players)
    rng = random.Random(players)
    while not s.is_terminal():
        c = s.clone()
        for viewer in [None, *range(players)]:
            assert c.observation(viewer) == s.observation(viewer)
        assert [c.information_state_string(p) for p in range(players)] == [
            s.information_state_string(p) for p in range(players)
        ]
        assert c.legal_actions() == s.legal_actions() and c.chance_outcomes() == s.chance_outcomes()
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        c.apply_action(a)
        s.apply_action(a)
        assert c.observation(None) == s.observation(None) and c.returns() == s.returns()


def test_AC_1_1_a_rules_version_1_match_opens_as_a_finished_record(ac):
    """AC-1.1 (rules version 2): a match stored under version 1 (10 field rows, the old action numbers) no longer
    replays; it opens as a finished record with a note, never dropped. A version-2 record replays."""
    old = {
        "format": "boardcade-record",
        "version": 2,
        "game": "atari_centipede",
        "rules_version": 1,
        "options": {"players": 2, "setup": "players", "max_rounds": 200},
        "seats": ["human", "human"],
        "actions": [46, 10, 82, 55, 19, 91, 64],  # version 1: seeding squares numbered row * 9 + col
        "result": None,
        "started_at": "2026-11-01T10:00:00+00:00",
        "finished_at": None,
        "meta": {},
    }
    opened = open_record(record_from_json(old))
    assert opened.state is None and "version 1" in opened.note
    s = ac.new()
    for _ in range(7):
        s.apply_action(s.legal_actions()[0])
    again = open_record(record_from_json(json.loads(Record.for_state(s, ["a", "b"]).dumps())))
    assert again.state is not None and again.state.history() == s.history()


@pytest.mark.parametrize(
    ("description", "named"),
    [
        ({"colour": "red"}, "unknown scenario keys: colour"),
        ({"gnome": (5, 4)}, "gnome"),
        ({"mushrooms": [(0, 3)]}, "not a field square"),
        ({"mushrooms": [(5, 5)], "spiders": [(5, 5)]}, "already holds a mushroom"),
        ({"centipedes": [{"segments": [(5, 1), (5, 3)], "facing": "left"}]}, "side by side"),
        ({"centipedes": [{"segments": [(5, 1)], "facing": "up"}]}, "facing"),
        ({"centipedes": [{"segments": [(5, c) for c in range(7)], "facing": "left"}]}, "7 segments"),
        ({"fleas": [(2, 0), (2, 1), (2, 2), (2, 3)]}, "only 3"),
        ({"dice": (0, 7)}, "dice"),
        ({"hand": ("Berserk!", "Berserk!")}, "Berserk! appears 2 times"),
        ({"hand": ("Joker",)}, "unknown card 'Joker'"),
        ({"used_cards": ("Shield",)}, "used_cards"),
        ({"to_move": 5}, "to_move"),
    ],
)
def test_AC_2_1_scenario_descriptions_are_checked(ac, description, named):
    """AC-2.1 (positions for tests): a description that cannot be a position is refused with a ValueError that
    names what is wrong."""
    with pytest.raises(ValueError, match=named):
        ac.pos(**description)


def test_AC_11_6_scenario_refuses_glitch_in_four_players(ac):
    """AC-11.6: the 4-player game has no Glitch, so a scenario cannot turn it face down."""
    with pytest.raises(ValueError, match="used_cards"):
        ac.pos(4, used_cards={"A": ["Glitch"]})
