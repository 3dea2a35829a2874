"""Post-game analysis (issue 29): every decision evaluated from the deciding seat's own information, never from
hidden facts (two matches that differ only in what a seat cannot see give that seat the same evaluations),
graded by the drop in estimated win chance, the same in worker processes as in this one, by the strongest level
of the agent registry."""

from __future__ import annotations

import random

import pytest

from boardcade import load_game
from boardcade.agents import AGENTS, AgentSpec, ISMCTSAgent, make_agent
from boardcade.analysis import analyse, decisions, for_view, grade, record_key, strongest_agent, win_chance
from boardcade.core import Record, play, random_playout
from boardcade.testing import act

CHEAP = "medium:iterations=40"  # an iteration budget: the same seed gives the same evaluations on any machine


def match(game: str, seed: int, agent: str = "easy", **options) -> Record:
    g = load_game(game, **options)
    state = g.new_initial_state()
    play(state, {p: make_agent(agent, seed + p) for p in range(g.num_players)}, random.Random(seed))
    return Record.for_state(state, [agent] * g.num_players)


def twin(record: Record, seat: int) -> tuple[list[int], list[int], int]:
    """Two matches differing only in what `seat` cannot see: a chance outcome hidden from `seat` replaced by
    another it cannot tell apart, both cut where they would stop looking alike to it (or stop being legal); of
    all such pairs in the match, the one in which `seat` decides most often. Returns both action lists and the
    step where they part."""
    game = record.load_game()
    state = game.new_initial_state()
    actions = record.actions
    best, most = None, 0
    for d, action in enumerate(actions):
        if state.is_chance_node():
            for other, _ in state.chance_outcomes():
                a, b = state.clone(), state.clone()
                a.apply_action(action)
                b.apply_action(other)
                if other == action or a.information_state_string(seat) != b.information_state_string(seat):
                    continue
                k, decided = d + 1, 0
                while k < len(actions) and actions[k] in b.legal_actions() and not a.is_terminal():
                    decided += a.current_player() == seat and len(a.legal_actions()) > 1
                    a.apply_action(actions[k])
                    b.apply_action(actions[k])
                    if a.information_state_string(seat) != b.information_state_string(seat):
                        break
                    k += 1
                if decided > most:
                    best, most = (actions[:k], [*actions[:d], other, *actions[d + 1 : k]], d), decided
        state.apply_action(action)
    assert best is not None, "no hidden chance outcome to swap in this match"
    return best


def peeking_tells_apart(one: Record, two: Record, seat: int, since: int) -> bool:
    """Whether a cheating evaluation would tell the two matches apart at one of `seat`'s decisions after step
    `since`: random play-outs from the real states (hidden cards included), compared by what `seat` sees after them."""
    a, b = one.load_game().new_initial_state(), two.load_game().new_initial_state()
    for i, (x, y) in enumerate(zip(one.actions, two.actions, strict=True)):
        if i > since and a.current_player() == seat and len(a.legal_actions()) > 1:
            ends = [
                [random_playout(s.clone(), random.Random(k), 30).observation_string(seat) for k in range(3)]
                for s in (a, b)
            ]
            if ends[0] != ends[1]:
                return True
        a.apply_action(x)
        b.apply_action(y)
    return False


def own(analysis: dict, seat: int, since: int = 0) -> list[dict]:
    """`seat`'s evaluations from step `since` on, without the CPU time each took."""
    keys = ("step", "win", "best", "played", "alternatives", "drop", "grade")
    return [{k: p[k] for k in keys} for p in for_view(analysis, seat)["positions"] if p["step"] >= since]


@pytest.mark.parametrize(
    "game, seat, why",
    [
        ("qbert", None, "QB-3.1: the nasty player never sees Q*bert's roll in the tube"),
        ("atari_centipede", 0, "AC-12.1: the Gnome never sees the Centipede's hand"),
    ],
)
def test_the_analysis_never_reads_hidden_facts(game, seat, why):
    """Two matches identical for `seat` but for a hidden chance outcome (another d8 roll Q*bert did not use up;
    another card drawn into the Centipede's hand): `seat`'s evaluations are the same in both, while the match
    itself did differ."""
    record = match(game, 1, "greedy")
    if seat is None:  # Q*bert: the nasty player of the first round
        state = record.load_game().new_initial_state()
        state.apply_action(record.actions[0])
        seat = 1 - state.observation(None)["qbert_player"]
    one, two, parted = twin(record, seat)
    a, b = (
        Record(record.game, record.options, record.seats, one),
        Record(record.game, record.options, record.seats, two),
    )
    knows = [p for p in range(2) if p != seat]  # the seat whose roll or hand it is tells the two apart
    assert any(a.replay().information_state_string(p) != b.replay().information_state_string(p) for p in knows)
    if game == "atari_centipede":  # and an evaluation that played on from the real state would tell them apart too
        assert peeking_tells_apart(a, b, seat, parted)
    first, second = analyse(a, agent=CHEAP, workers=0), analyse(b, agent=CHEAP, workers=0)
    assert len(own(first, seat, parted)) >= 3, "the seat decided several times after the matches parted"
    assert own(first, seat, parted) == own(second, seat, parted), why


def test_a_blunder_is_marked_with_the_move_that_saves_the_position():
    """QB-5.5: Q*bert threatened by Coily with moves left in the tube stays put and is captured, ending the round
    with the pegs he had: a blunder, and the suggestion is an escape hop."""
    game = load_game("qbert")
    state = game.new_initial_state()
    act(state, "roll_off", p1=6, p2=1)
    act(state, "d8", face=8)
    for direction in ("down-left", "down-right", "down-left", "down-right", "down-left", "down-right"):
        act(state, "hop", dir=direction)  # to (6,3), the cube Coily enters on (QB-4.5)
    act(state, "stop")
    act(state, "character_die", character="Coily")
    act(state, "d6", face=1)
    act(state, "enter")
    blunder_step = state.move_number()
    act(state, "stop")  # stays put: captured (QB-5.5)
    record = Record("qbert", {}, ["human", "human"], state.history())
    analysis = analyse(record, agent="hard:iterations=300", workers=0)
    entry = next(p for p in analysis["positions"] if p["step"] == blunder_step)
    assert entry["view"] == 0 and entry["played"]["label"] == "stay put (Q*bert is captured)"
    assert entry["grade"] == "blunder" and entry["drop"] >= 0.3, entry
    assert entry["best"]["info"]["kind"] == "hop" and entry["best"]["win"] > entry["played"]["win"]
    assert entry["best"]["info"]["target"], "the suggestion can be drawn on the board"


def test_every_decision_is_evaluated_and_the_graph_adds_up():
    record = match("mb_centipede", 1, "greedy")
    analysis = analyse(record, agent=CHEAP, workers=0)
    steps = [p["step"] for p in analysis["positions"]]
    assert steps == decisions(record.load_game().new_initial_state(), record.actions)
    for p in analysis["positions"]:
        assert abs(sum(p["win"]) - 1) < 1e-3 and p["win"][p["side"]] == p["mover_win"]
        assert p["grade"] == grade(p["drop"]) and 0 <= p["drop"] <= 1
        assert p["view"] == p["seat"] and p["played"]["win"] is not None
        if p["played"]["action"] == p["best"]["action"]:
            assert p["drop"] == 0 and p["grade"] == "good"
    assert analysis["final"] == [win_chance(record.result[0]), win_chance(record.result[1])]
    assert {p["view"] for p in for_view(analysis, 1)["positions"]} == {1}
    assert [grade(x) for x in (0.0, 0.099, 0.1, 0.2, 0.3, 1.0)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_worker_processes_give_the_same_analysis_with_progress():
    record = match("qbert", 5, "greedy")
    seen = []
    here = analyse(record, agent=CHEAP, workers=0)
    there = analyse(record, agent=CHEAP, workers=2, progress=lambda done, total: seen.append((done, total)))
    assert own(there, None) == own(here, None) and there["workers"] == 2
    total = len(here["positions"])
    assert seen[0] == (0, total) and seen[-1] == (total, total) and len(seen) >= 3
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_strongest_level_of_the_registry_is_used(monkeypatch):
    assert strongest_agent() == "hard"
    stronger = AgentSpec("expert", ISMCTSAgent, fixed={"iterations": 20}, level=True, seconds_per_move=9.0)
    monkeypatch.setitem(AGENTS._specs, "expert", stronger)
    assert strongest_agent() == "expert"
    record = match("qbert", 5, "greedy")
    assert analyse(record, workers=0)["agent"] == "expert"


def test_the_same_match_is_the_same_analysis_however_its_record_is_written():
    """A record that leaves out default options or its (current) rules version names the same stored analysis."""
    short = Record("qbert", {}, ["human", "human"], [0, 3])
    game = load_game("qbert")
    full = Record("qbert", dict(game.options), ["a", "b"], [0, 3], rules_version=game.RULES_VERSION)
    assert record_key(short, "hard", 0) == record_key(full, "hard", 0)
    assert record_key(short, "hard", 0) != record_key(short, "medium", 0) != record_key(short, "hard", 1)
