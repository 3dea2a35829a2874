"""Match playing, schedules, resumable runs and the local backend, on every registered game."""

from __future__ import annotations

import json
import random

import pytest

from boardcade import load_game
from boardcade.arena import MatchSpec, Run, play_match, round_robin, run_local, seatings, sides, summarise
from boardcade.core.record import Record


def test_contract_match_with_same_seed_replays_identically(variant_spec):
    """Same seed, same match: chance and agents draw only from the match seed; the record replays (contract)."""
    name, opts = variant_spec
    n = load_game(name, **opts).num_players
    seats = tuple(["random", "greedy"] * n)[:n]
    spec = MatchSpec("k", name, opts, seats, seed=42)
    first, second = play_match(spec), play_match(spec)
    assert first["actions"] == second["actions"] and first["returns"] == second["returns"]
    final = Record(name, first["options"], list(seats), first["actions"], first["returns"]).replay()
    assert final.is_terminal() and final.returns() == first["returns"]
    assert first["roles"] == final.roles()


def test_contract_sides_group_team_mates_that_share_returns(variant_spec):
    """Contract: team mates share returns. Sides found for the schedule must agree with random playouts."""
    name, opts = variant_spec
    game = load_game(name, **opts)
    groups = sides(game)
    assert sorted(p for g in groups for p in g) == list(range(game.num_players))
    rng = random.Random(8)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        ret = state.returns()
        for g in groups:
            assert len({ret[p] for p in g}) == 1


def test_round_robin_covers_every_seat_order():
    """Arena: every pairing plays in every seat order, `games` times each, with distinct seeds."""
    assert sorted(seatings(2, [[0], [1]], ["a", "b"])) == [("a", "b"), ("b", "a")]
    assert len(seatings(2, [[0], [1]], ["a", "b", "c"])) == 6
    assert sorted(seatings(4, [[0, 2], [1, 3]], ["x", "y"])) == [("x", "y", "x", "y"), ("y", "x", "y", "x")]
    assert seatings(2, [[0], [1]], ["solo"]) == [("solo", "solo")]
    specs = round_robin("qbert", {}, ["random", "greedy"], games=3, seed=1)
    assert len(specs) == 6 and len({s.seed for s in specs}) == 6 and len({s.key for s in specs}) == 6
    assert round_robin("qbert", {}, ["random", "greedy"], games=3, seed=1) == specs


@pytest.mark.parametrize("agents, message", [(["a", "a"], "once"), ([], "at least one")])
def test_round_robin_rejects_bad_agent_lists(agents, message):
    with pytest.raises(ValueError, match=message):
        seatings(2, [[0], [1]], agents)


def test_run_resumes_where_it_stopped_and_refuses_other_settings(tmp_path):
    """Arena: results are saved as they finish; a rerun skips them; a half-written last line is ignored."""
    config = {"game": "qbert", "agents": ["random", "greedy"], "games": 2, "seed": 3}
    specs = round_robin("qbert", {}, ["random", "greedy"], games=2, seed=3)
    run = Run(tmp_path, config, specs)
    for _ in run.play(workers=1):
        break  # as if interrupted after the first match
    with open(tmp_path / "results.jsonl", "a") as f:
        f.write('{"key": "cut sho')
    again = Run(tmp_path, config, specs)
    assert len(again.results) == 1 and len(again.todo) == 3
    played = list(again.play(workers=1))
    assert len(played) == 3 and again.todo == []
    keys = [
        json.loads(line)["key"] for line in (tmp_path / "results.jsonl").read_text().splitlines() if "cut" not in line
    ]
    assert sorted(keys) == sorted(s.key for s in specs)
    with pytest.raises(ValueError, match="seed"):
        Run(tmp_path, {**config, "seed": 4}, specs)


def test_local_processes_give_the_same_results_as_one_process():
    """Arena: same seeds, same results, however many processes play them."""
    specs = round_robin("qbert", {}, ["random", "greedy"], games=1, seed=9)
    serial = {r["key"]: r["returns"] for r in run_local(specs, workers=1)}
    parallel = {r["key"]: r["returns"] for r in run_local(specs, workers=2)}
    assert serial == parallel


def test_summary_counts_wins_per_agent_role_and_pair():
    recs = [
        {"seats": ["a", "b"], "roles": ["X", "Y"], "returns": [1.0, -1.0], "length": 10},
        {"seats": ["b", "a"], "roles": ["X", "Y"], "returns": [1.0, -1.0], "length": 20},
        {"seats": ["a", "b"], "roles": ["X", "Y"], "returns": [0.0, 0.0], "length": 30},
    ]
    s = summarise(recs, ["a", "b"])
    assert (s["agents"]["a"]["wins"], s["agents"]["a"]["draws"], s["agents"]["a"]["losses"]) == (1, 1, 1)
    assert s["roles"]["a as X"]["games"] == 2 and s["roles"]["a as X"]["wins"] == 1
    assert s["roles"]["b as X"]["wins"] == 1
    assert s["pairs"]["a vs b"]["score"] == pytest.approx(0.5)
    assert s["mean_length"] == pytest.approx(20)
