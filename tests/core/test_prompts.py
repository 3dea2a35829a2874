"""Every decision says what it is (core/prompts.py, docs/contract.md "decision" and "prompt"; issue 27 item 2).

Seeded full matches of every game and variant, played through the one play loop (greedy and random seats):
at every step each viewer's observation names the same declared decision kind; the seat that decides reads its
own question, the others read what is happening, naming that seat; chance nodes say what is rolled, spun or
drawn; the end says the result. No decision falls back to the generic prompt of a game that declares none.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import boardcade
from boardcade.agents import make_agent
from boardcade.core import (
    CHANCE,
    GameError,
    Prompt,
    State,
    game_class,
    play,
    register_game,
    same_for_all,
    unregister_game,
)
from boardcade.core.loop import random_decider
from boardcade.core.prompts import DEFAULT_DECISIONS, Decisions

GAMES = ("qbert", "atari_centipede", "mb_centipede")
GENERIC = {text for entry in DEFAULT_DECISIONS.table.values() for text in entry if text}
# Kinds so rare in random play that a few seeded matches need not reach them; each has a scenario test.
RARE = {"atari_centipede": {"bonus_move"}}  # test_ac_prompts.py: test_AC_11_8_the_bonus_move_is_asked_for
# Option sets beyond the VARIANTS that reach decisions of their own (chance seeds the mushrooms, AC-2.3).
EXTRA = {"atari_centipede": [("random setup", {"setup": "random"})]}


def _check_views(state: State, seen: Counter) -> None:
    game = state.game
    cur = state.current_player()
    views = {p: state.observation(p) for p in [None, *range(game.num_players)]}
    kinds = {v["decision"] for v in views.values()}
    assert len(kinds) == 1, f"viewers disagree on the decision: {kinds}"
    kind = kinds.pop()
    assert kind in game.DECISIONS.kinds, f"{kind!r} is not declared"
    seen[kind] += 1
    prompts = {p: v["prompt"] for p, v in views.items()}
    assert all(text and text not in GENERIC for text in prompts.values()), prompts
    if state.is_terminal():
        assert kind == "over" and all(text.startswith("Game over: ") for text in prompts.values())
        assert len(set(prompts.values())) == 1
    elif cur == CHANCE:
        assert len(set(prompts.values())) == 1, "a chance node is described alike to everyone"
    else:
        name = game.player_name(cur)
        others = {text for p, text in prompts.items() if p != cur}
        assert len(others) == 1, f"the viewers who do not decide read different texts: {others}"
        told = others.pop()
        assert name in told, f"{told!r} does not name the deciding seat {name!r}"
        assert prompts[cur] != told, "the seat that decides is asked its question, not told about itself"


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_of_full_matches_is_prompted_by_its_declared_kind(name):
    """Contract (docs/contract.md): seeded full matches of each variant (greedy against random, and random
    self-play) carry a declared decision kind and a specific prompt at every step, "over" with the result at
    the end; across them every declared kind occurs."""
    seen: Counter = Counter()
    for label, options in [*game_class(name).VARIANTS, *EXTRA.get(name, [])]:
        game = boardcade.load_game(name, **options)
        assert isinstance(game.DECISIONS, Decisions) and game.DECISIONS is not DEFAULT_DECISIONS, label
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state()
            if seed == 0:
                deciders = {p: random_decider(rng) for p in range(game.num_players)}
                deciders[0] = make_agent("greedy", seed)
            else:
                deciders = same_for_all(random_decider(rng))
            _check_views(state, seen)
            play(state, deciders, rng, on_step=lambda s, *_: _check_views(s, seen))
            assert state.is_terminal()
    missing = game.DECISIONS.kinds - set(seen) - RARE.get(name, set())
    assert not missing, f"declared kinds never reached in {name}: {sorted(missing)}"


@pytest.mark.parametrize(("name", "options"), [("qbert", {}), ("atari_centipede", {"players": 4})])
def test_prompts_of_viewers_who_do_not_decide_never_depend_on_what_they_cannot_see(name, options):
    """QB-7.1, AC-12.1: for every viewer who does not decide, the decision and prompt are the same in every
    state `resample_from_infostate` draws for that viewer (another secret roll, other Centipede hands)."""
    game = boardcade.load_game(name, **options)
    rng = random.Random(7)
    hidden = 0  # comparisons where the drawn state really differs from the true one
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal() and state.move_number() < 600:
            cur = state.current_player()
            for p in range(game.num_players):
                if p == cur:
                    continue
                mine = state.observation(p)
                for _ in range(2):
                    drawn = state.resample_from_infostate(p, rng)
                    other = drawn.observation(p)
                    assert (other["decision"], other["prompt"]) == (mine["decision"], mine["prompt"])
                    hidden += drawn.history() != state.history()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        if hidden >= 200:
            break
    assert hidden >= 200


def test_a_game_declaring_no_decisions_gets_the_generic_ones(monkeypatch):
    """Contract: a game without DECISIONS (the Pig example, from outside the package) still carries "decision"
    and "prompt": a generic "move", "chance" and "over" with the result."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "examples"))
    register_game("pig.spec:SPEC")
    try:
        game = boardcade.load_game("pig")
        state = game.new_initial_state()
        rng = random.Random(1)
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        cur = state.current_player()
        mine, other = state.observation(cur), state.observation(1 - cur)
        assert mine["decision"] == other["decision"] == "move"
        assert mine["prompt"] == "Your turn: choose one of the legal actions."
        assert other["prompt"] == f"{game.player_name(cur)} is deciding."
        play(state, same_for_all(random_decider(rng)), rng)
        winner = state.returns().index(1.0)
        assert state.observation(None)["decision"] == "over"
        assert state.observation(None)["prompt"] == f"Game over: {game.player_name(winner)} wins."
    finally:
        unregister_game("pig")


def test_decisions_refuse_a_table_that_cannot_say_everything():
    """Contract: keys are kind or kind.variant; every entry has a text for the others; "over" is declared."""
    pick = lambda obs, facts, name: "over"  # noqa: E731
    with pytest.raises(GameError, match="over"):
        Decisions({"move": Prompt("Go.", "{who} goes.")}, pick)
    with pytest.raises(GameError, match="Bad Key"):
        Decisions({"Bad Key": Prompt("Go.", "{who} goes."), "over": Prompt(None, "Over.")}, pick)
    with pytest.raises(GameError, match="other viewers"):
        Decisions({"move": Prompt("Go.", ""), "over": Prompt(None, "Over.")}, pick)
    table = Decisions({"move.fast": Prompt("Go.", "{who} goes."), "over": Prompt(None, "Over.")}, pick)
    assert table.kinds == {"move", "over"}
