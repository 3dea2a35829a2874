"""The game contract for mb_centipede: playouts, illegal actions, clones, replay, information, cap, views."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import boardcade
from boardcade import IllegalActionError, Record
from boardcade.agents.base import GreedyAgent, RandomAgent
from boardcade.core import game_class
from boardcade.games.mb_centipede.heuristic import evaluate
from boardcade.games.mb_centipede.render import render

RULE_ID = re.compile(r"^MB-[0-9]+(\.[0-9]+)*$")


def snapshot(s):
    return (
        s.history(),
        list(s._seg),
        list(s._alive),
        list(s._poison),
        list(s._gun),
        s._supply,
        s._spider,
        s._scorpion,
        s._phase,
        s._player,
        s._steps,
        s._turns,
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["default", "red_first"]))
def test_random_playouts_reach_the_end(mb, seed, variant):
    """Random games end (win or cap) with legal actions at every non-terminal state; chance sums to 1."""
    game = boardcade.load_game("mb_centipede", **dict(game_class("mb_centipede").VARIANTS)[variant])
    s = game.new_initial_state()

    def check(st_):
        legal = st_.legal_actions()
        assert legal == sorted(legal)
        if st_.is_chance_node():
            assert abs(sum(p for _, p in st_.chance_outcomes()) - 1) < 1e-9
        else:
            assert all(0 <= a < game.num_distinct_actions for a in legal)

    mb.random_playout(s, random.Random(seed), check)
    assert s.is_terminal() and len(s.history()) <= game.max_game_length
    r = s.returns()
    assert r in ([1.0, -1.0], [-1.0, 1.0]) or (s.safety_cap_hit() and r == [0.0, 0.0])


def test_events_name_rules_and_are_public(mb):
    """Every event names an MB rule ID and everyone may see it (MB-10.1)."""
    s = mb.random_playout(mb.new(), random.Random(5))
    assert s.events()
    for e in s.events():
        assert RULE_ID.match(e.rule) and e.visible_to is None
    assert len(s.events(0)) == len(s.events(1)) == len(s.events(None)) == len(s.events())


def test_illegal_actions_raise_and_leave_the_state_unchanged(mb):
    s = mb.new()
    for bad in (-1, 4, 99):  # outside the spinner
        before = snapshot(s)
        with pytest.raises(IllegalActionError, match="Legal now"):
            s.apply_action(bad)
        assert snapshot(s) == before
    with pytest.raises(IllegalActionError, match="integer"):
        s.apply_action("gun")
    mb.spin(s, mb.A.SPIN_GUN)
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="firing-line position"):
        s.apply_action(mb.A.SPIDER_DEN)
    assert snapshot(s) == before
    s = mb.new(max_turns=1)
    s.apply_action(mb.A.SPIN_CENTIPEDE)
    assert s.is_terminal()
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply_action(0)


def test_clone_is_independent(mb):
    rng = random.Random(2)
    s = mb.new()
    for _ in range(60):
        s.apply_action(rng.choice(s.legal_actions()))
    c = s.clone()
    assert snapshot(c) == snapshot(s)
    before = snapshot(s)
    mb.random_playout(c, rng)
    assert snapshot(s) == before and not s.is_terminal()


def test_replaying_history_reproduces_the_state(mb):
    rng = random.Random(3)
    s = mb.new()
    for _ in range(150):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    r = mb.new()
    for a in s.history():
        r.apply_action(a)
    assert snapshot(r) == snapshot(s)
    assert r.observation(None) == s.observation(None)
    rec = Record.for_state(mb.random_playout(s, rng), ["random", "random"])
    assert snapshot(rec.replay()) == snapshot(s)


def test_mb_10_1_nothing_is_hidden(mb):
    """MB-10.1: both players see the same observation (apart from viewer and own legal actions); the info
    state is the history, and resampling returns an identical state."""
    rng = random.Random(4)
    s = mb.new()
    for _ in range(40):
        s.apply_action(rng.choice(s.legal_actions()))
    o0, o1, spec = s.observation(0), s.observation(1), s.observation(None)
    for o in (o0, o1, spec):
        json.dumps(o)
        o.pop("viewer"), o.pop("legal_actions")
    assert o0 == o1 == spec
    assert s.information_state_string(0) == s.information_state_string(1)
    t = s.clone()
    t.apply_action(t.legal_actions()[0])
    assert t.information_state_string(0) != s.information_state_string(0)
    for p in (0, 1):
        r = s.resample_from_infostate(p, rng)
        assert r is not s and r.history() == s.history() and snapshot(r) == snapshot(s)
        assert r.information_state_string(p) == s.information_state_string(p)


def test_mb_9_3_safety_cap_ends_in_a_draw(mb):
    """MB-9.3: after max_turns spins the game ends as a draw and safety_cap_hit() is true."""
    s = mb.new(max_turns=5, spinner_weights="1,0,0,0")
    mb.random_playout(s, random.Random(0))
    assert s.turns() == 5 and s.safety_cap_hit() and s.returns() == [0.0, 0.0]
    assert s.events()[-1].rule == "MB-9.3"
    assert boardcade.load_game("mb_centipede").options["max_turns"] == 400


def test_mb_9_4_returns_and_roles(mb):
    """MB-9.4: +1 winner, -1 loser, 0 before the end; roles are green and red."""
    s = mb.new()
    assert s.returns() == [0.0, 0.0] and s.roles() == ["green", "red"]
    mb.place(s, mb.RED, [-1, -1, -1, -1, -1, 0])
    mb.spin(s, mb.A.SPIN_CENTIPEDE, mb.RED)
    assert s.returns() == [-1.0, 1.0] and not s.safety_cap_hit()
    assert s.observation(0)["returns"] == [-1.0, 1.0]


def test_action_info_places_every_choice(mb):
    rng = random.Random(6)
    s = mb.new()
    seen = set()
    while not s.is_terminal() and len(s.history()) < 400:
        for a in s.legal_actions():
            info = s.action_info(a)
            assert info["action"] == a and info["label"] and info["kind"]
            seen.add(info["kind"])
            if info["kind"] in ("gun", "spider", "scorpion", "shortcut"):
                assert len(info["target"]) == 2
        s.apply_action(rng.choice(s.legal_actions()))
    assert {"spin", "gun", "choose", "spider", "scorpion"} <= seen


def test_render_draws_every_view(mb):
    """The terminal board shows path, mushrooms, both centipedes (live and dead), guns, Spider and Scorpion."""
    s = mb.poison(mb.new(), 3)
    s._scorpion = 4
    s._poison[4] = True
    s._supply -= 1
    s._spider = 3
    mb.place(s, mb.GREEN, mb.trail(mb.GREEN, mb.at(2, 8)), dead=(2,))
    mb.place(s, mb.RED, mb.trail(mb.RED, mb.at(7, 6)), dead=(0,))
    console = Console(width=120, record=True, color_system=None)
    for viewer in (0, 1, None):
        console.print(render(s.observation(viewer)))
    text = console.export_text()
    for glyph in ("G", "g", "x", "X", "r", "S", "K", "M", "A", "V", "*"):
        assert glyph in text
    assert "Green" in text and "Red" in text
    console = Console(width=120, record=True, color_system=None)
    console.print(render(mb.random_playout(mb.new(), random.Random(1)).observation(None)))
    assert "Game over" in console.export_text()


def test_heuristic_in_range_and_prefers_progress(mb):
    rng = random.Random(7)
    s = mb.new()
    while not s.is_terminal():
        for p in (0, 1):
            assert -1.0 <= evaluate(s, p) <= 1.0
        s.apply_action(rng.choice(s.legal_actions()))
    assert evaluate(s, 0) == s.returns()[0]
    a, b = mb.new(), mb.new()
    mb.place(a, mb.GREEN, mb.trail(mb.GREEN, 40))
    mb.place(b, mb.GREEN, mb.trail(mb.GREEN, 20))
    assert evaluate(a, 0) > evaluate(b, 0) and evaluate(a, 1) < evaluate(b, 1)


def test_greedy_beats_random_more_often_than_not(mb):
    """The greedy agent (one ply on the heuristic) wins most games against random play."""
    wins = 0
    for seed in range(6):
        s = mb.new(first_player=seed % 2)
        agents = [GreedyAgent(seed), RandomAgent(seed)]
        chance = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(chance.choice(s.legal_actions()))
            else:
                s.apply_action(agents[s.current_player()].step(s))
        wins += s.returns()[0] > 0
    assert wins >= 4
