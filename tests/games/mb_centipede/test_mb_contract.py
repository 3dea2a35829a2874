"""The game contract for mb_centipede: playouts, illegal actions, clones, replay, information, cap, views, codec,
stats and the rules document's action tables."""

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
from boardcade.core import game_class, game_spec, open_record, play, random_playout, record_from_json
from boardcade.games.mb_centipede.codec import SPIN
from boardcade.games.mb_centipede.heuristic import evaluate
from boardcade.games.mb_centipede.render import render
from boardcade.testing import act, scenario

RULE_ID = re.compile(r"^MB-[0-9]+(\.[0-9]+)*$")


def snapshot(s):
    """Everything the contract shows about a state."""
    return (s.history(), s.current_player(), s.legal_actions(), s.observation_string(None), s.stats(), s.returns())


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["default", "red_first"]))
def test_random_playouts_reach_the_end(mb, seed, variant):
    """Random games end (win or cap) with legal actions at every non-terminal state; chance sums to 1."""
    game = boardcade.load_game("mb_centipede", **dict(game_class("mb_centipede").VARIANTS)[variant])
    s = game.new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal == sorted(legal) and legal
        if s.is_chance_node():
            assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9
        else:
            assert all(0 <= a < game.num_distinct_actions for a in legal)
        s.apply_action(rng.choice(legal))
    assert len(s.history()) <= game.max_game_length
    r = s.returns()
    assert r in ([1.0, -1.0], [-1.0, 1.0]) or (s.safety_cap_hit() and r == [0.0, 0.0])


def test_events_name_rules_and_are_public(mb):
    """Every event names an MB rule ID and everyone may see it (MB-10.1)."""
    s = random_playout(mb.new(), random.Random(5))
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
    act(s, "spin", sector="GUN")
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="firing-line position"):
        s.apply_action(s.game.codec.encode("spider_den"))
    with pytest.raises(IllegalActionError, match="outside this game's actions 0..50"):
        s.apply_action(51)
    assert snapshot(s) == before
    s = mb.new(max_turns=1)
    act(s, "spin", sector="CENTIPEDE")
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
    random_playout(c, rng)
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
    rec = Record.for_state(random_playout(s, rng), ["random", "random"])
    assert rec.to_json()["rules_version"] == 3
    assert snapshot(rec.replay()) == snapshot(s)


def test_mb_10_1_nothing_is_hidden(mb):
    """MB-10.1: both players see the same observation (apart from viewer, own legal actions and the prompt: the
    mover is asked, the others told); the info state is the history, and resampling returns an identical state."""
    rng = random.Random(4)
    s = mb.new()
    for _ in range(40):
        s.apply_action(rng.choice(s.legal_actions()))
    o0, o1, spec = s.observation(0), s.observation(1), s.observation(None)
    mover = s.current_player()
    assert mover >= 0 and spec["prompt"] == (o1 if mover == 0 else o0)["prompt"]
    for o in (o0, o1, spec):
        json.dumps(o)
        o.pop("viewer"), o.pop("legal_actions"), o.pop("prompt")
    assert o0 == o1 == spec
    assert s.information_state_string(0) == s.information_state_string(1)
    t = s.clone()
    t.apply_action(t.legal_actions()[0])
    assert t.information_state_string(0) != s.information_state_string(0)
    for p in (0, 1):
        r = s.resample_from_infostate(p, rng)
        assert r is not s and snapshot(r) == snapshot(s)
        assert r.information_state_string(p) == s.information_state_string(p)


def test_mb_9_3_safety_cap_ends_in_a_draw(mb):
    """MB-9.3: after max_turns spins the game ends as a draw and safety_cap_hit() is true."""
    s = mb.new(max_turns=5, spinner_weights="1,0,0,0")
    random_playout(s, random.Random(0))
    assert mb.obs(s)["turn"] == 5 and s.safety_cap_hit() and s.returns() == [0.0, 0.0]
    assert s.events()[-1].rule == "MB-9.3" and s.stats()["spins"] == 5
    assert boardcade.load_game("mb_centipede").options["max_turns"] == 400
    s = scenario("mb_centipede", options={"max_turns": 10}, turns=9, spin="CENTIPEDE")
    assert s.is_terminal() and s.safety_cap_hit()
    # What a player is shown says so too: the observation, and the terminal's end line (it read a key MB's
    # observation did not have, so it never said why the game was drawn).
    from boardcade.games.mb_centipede.render import result_words

    for viewer in (None, 0, 1):
        assert s.observation(viewer)["safety_cap_hit"] is True
    assert result_words(s.observation(0)) == "The match is a draw (the safety cap ended it)"
    assert mb.obs(mb.new())["safety_cap_hit"] is False


def test_mb_9_4_returns_and_roles(mb):
    """MB-9.4: +1 winner, -1 loser, 0 before the end; roles are green and red."""
    s = mb.new()
    assert s.returns() == [0.0, 0.0] and s.roles() == ["green", "red"]
    s = scenario("mb_centipede", to_move="red", red=["goal"] * 5 + [0], spin="CENTIPEDE")
    assert s.returns() == [-1.0, 1.0] and not s.safety_cap_hit()
    assert s.observation(0)["returns"] == [-1.0, 1.0]


def test_action_info_places_every_choice(mb):
    """action_info carries the codec's kind and args and, for board choices, target coordinates; chance outcomes
    are spins."""
    rng = random.Random(6)
    s = mb.new()
    seen = set()
    codec = s.game.codec
    while not s.is_terminal() and len(s.history()) < 600:
        for a in s.legal_actions():
            info = s.action_info(a)
            assert info["action"] == a and info["label"] and info["kind"]
            seen.add(info["kind"])
            if s.is_chance_node():
                assert info == SPIN.info(a)
            else:
                assert codec.encode(info["kind"], **info["args"]) == a
            if info["kind"] in ("gun", "spider_poison", "spider_space", "scorpion_poison", "shortcut", "revive"):
                assert len(info["target"]) == 2
        s.apply_action(rng.choice(s.legal_actions()))
    assert {"spin", "gun", "choose", "spider_poison", "scorpion_poison", "pass"} <= seen


def test_rules_document_tables_are_the_codecs(mb):
    """The rules document's action tables are generated from the codecs, so they cannot drift."""
    text = game_spec("mb_centipede").rules_text()
    assert mb.new().game.codec.markdown() in text
    assert SPIN.markdown("Outcome") in text


def test_stats_count_what_happened(mb):
    """stats(): spins per player, shots by outcome, shortcuts, Spider attacks, Scorpion plantings agree with the
    events of a whole game."""
    s = random_playout(mb.new(), random.Random(8))
    st_ = s.stats()
    rules = [e.rule for e in s.events()]
    assert st_["spins"] == st_["spins_green"] + st_["spins_red"] == rules.count("MB-2.1") == mb.obs(s)["turn"]
    assert st_["shots"] == rules.count("MB-3.1") > 0
    shots = sum(v for k, v in st_.items() if k.startswith("shot_"))
    assert shots == st_["shots"]
    assert st_["shortcuts"] == rules.count("MB-5.2") and st_["shortcuts_declined"] == rules.count("MB-5.3")
    assert st_["scorpion_plantings"] == sum("puts a poison mushroom" in e.text for e in s.events())
    assert st_["spider_attacks"] == sum("attacks" in e.text for e in s.events())
    assert st_["passes"] == rules.count("MB-7.9") and st_["meetings"] == rules.count("MB-6.1")


def test_render_draws_every_view(mb):
    """The terminal board shows the path with red-lined curves, mushrooms, both centipedes (live and dead), guns
    on the side edges, Spider, Scorpion and the home bases' contents."""
    s = scenario(
        "mb_centipede",
        poison=[(8, 2)],
        spider=(8, 2),
        scorpion=(8, 6),
        green={"head": (2, 6)},
        green_dead=[2],
        red={"head": (10, 4), "length": 4},
        red_dead=[0],
        red_gun=3,
    )
    console = Console(width=120, record=True, color_system=None)
    for viewer in (0, 1, None):
        console.print(render(s.observation(viewer)))
    text = console.export_text()
    for glyph in ("G", "g", "x", "X", "r", "S", "K", "M", "~", ">", "<", "*", "+", "r2", "D", "H"):
        assert glyph in text  # "+": Red's empty Safety Space; "r2": two Red segments still at home
    assert "Green" in text and "Red" in text
    console = Console(width=120, record=True, color_system=None)
    done = random_playout(mb.new(), random.Random(1))
    console.print(render(done.observation(None)))
    out = console.export_text()
    winner = "gr"[0 if done.returns()[0] > 0 else 1]
    assert "Game over" in out and f"{winner}6" in out  # the winner's centipede is drawn in the goal base


def test_heuristic_in_range_and_prefers_progress(mb):
    rng = random.Random(7)
    s = mb.new()
    while not s.is_terminal():
        for p in (0, 1):
            assert -1.0 <= evaluate(s, p) <= 1.0
        s.apply_action(rng.choice(s.legal_actions()))
    assert evaluate(s, 0) == s.returns()[0]
    a = scenario("mb_centipede", green={"head": 40})
    b = scenario("mb_centipede", green={"head": 20})
    assert evaluate(a, 0) > evaluate(b, 0) and evaluate(a, 1) < evaluate(b, 1)


def test_greedy_beats_random_more_often_than_not(mb):
    """The greedy agent (one ply on the heuristic) wins most games against random play."""
    wins = 0
    for seed in range(6):
        s = mb.new(first_player=seed % 2)
        play(s, [GreedyAgent(seed), RandomAgent(seed)], random.Random(seed))
        wins += s.returns()[0] > 0
    assert wins >= 4


def test_scenario_descriptions_are_validated(mb):
    """The scenario builder refuses descriptions that cannot be positions, naming what is wrong."""
    bad = [
        ({"colour": "blue"}, "unknown scenario key"),
        ({"green": [(1, 1)]}, r"\(1,1\) is not a path space"),
        ({"green": [5], "red": [5]}, "two segments on the same path space"),
        ({"poison": [(0, 4)]}, "not a poison space"),
        ({"spider": (2, 4)}, "no poison mushroom"),
        ({"scorpion": (2, 4), "poison": [(2, 4)]}, "already holds"),
        ({"spider": "red_gun"}, "Safety Space"),
        ({"green_gun": 11}, "gun position 0..10"),
        ({"spin": "JACKPOT"}, "spin must be one of"),
        ({"green": ["goal"] * 6}, "already won"),
    ]
    for description, message in bad:
        with pytest.raises(ValueError, match=message):
            scenario("mb_centipede", **description)


def test_rules_version_1_matches_open_as_finished_records_with_a_note(mb):
    """The revised board came with rules version 2, and MB-D20 with version 3; a match stored under version 2
    replays under its own reading of the shortcut (option shortcut_under_opponent filled in); one stored under
    version 1 (the first board) is kept and shown as a finished record with a note, never replayed on the wrong
    board."""
    assert mb.new().game.game_type.rules_version == 3
    s = random_playout(mb.new(), random.Random(9))
    data = Record.for_state(s, ["random", "random"]).to_json()
    data["rules_version"] = 2
    del data["options"]["shortcut_under_opponent"]
    opened = open_record(record_from_json(data))
    assert opened.playable and opened.state.game.options["shortcut_under_opponent"] is True
    data["rules_version"] = 1
    opened = open_record(record_from_json(data))
    assert opened.state is None and "rules version 1" in opened.note
