"""Engine property: two states differing only in hidden information look identical, at every step, to each
player who cannot see it (and to spectators); games with nothing hidden show everyone the same thing."""

from __future__ import annotations

import pytest
from hypothesis import given

import boardcade
from boardcade.core import sample_chance

from .support import Driver, case_ids, cases, count, examples, reproducer, scripts, walk

QB, AC, MB = cases("qbert"), cases("atari_centipede"), cases("mb_centipede")


def _same_view(a, b, viewers, players) -> None:
    for p in viewers:
        assert a.observation(p) == b.observation(p), f"viewer {p} can tell the states apart"
    for p in players:
        assert a.information_state_string(p) == b.information_state_string(p), f"player {p}'s information state"


def _step_both(main, twin, driver) -> bool:
    """Apply the same public action to both; player choices come from the actions legal in both.
    Returns False when no action is legal in both (the hidden difference has to become visible)."""
    if main.is_chance_node():
        action = sample_chance(main, driver.rng)
        assert action in twin.legal_actions(), "a public chance outcome depends on hidden information"
    else:
        common = [a for a in main.legal_actions() if a in set(twin.legal_actions())]
        if not common:
            return False
        action = driver.pick(common)
    main.apply_action(action)
    twin.apply_action(action)
    return True


@pytest.mark.parametrize(("case", "name", "opts"), QB, ids=case_ids(QB))
@examples(15)
@given(script=scripts)
def test_QB_7_1_a_different_secret_roll_is_invisible_to_the_nasty_player(case, name, opts, script):
    """QB-7.1: the twin rolls a different d8 in the secret tube; with the same hops (chosen among those legal
    for both rolls) and the same nasty moves, the nasty player and spectators get identical observations and
    information states at every step until the roll is revealed, which happens in both at the same step;
    the Q*bert player's information state does differ."""
    game = boardcade.load_game(name, **opts)
    driver = Driver(script)
    main = game.new_initial_state()
    twin = main.clone()
    steps = compared = 0
    while not main.is_terminal():
        with reproducer(case, main):
            if main.observation(None)["phase"] == "qbert-roll":
                roll = sample_chance(main, driver.rng)
                other = (roll + 1 + driver.rng.randrange(7)) % 8
                main.apply_action(roll)
                twin.apply_action(other)
            else:
                assert _step_both(main, twin, driver), "Q*bert can always stop"
            steps += 1
            hidden = main.observation(None)["roll_hidden"], twin.observation(None)["roll_hidden"]
            if not any(hidden):
                twin = main.clone()
                continue
            assert hidden[0] == hidden[1], "the roll is revealed in one state only"
            qp = main.observation(None)["qbert_player"]
            _same_view(main, twin, [None, 1 - qp], [1 - qp])
            assert main.information_state_string(qp) != twin.information_state_string(qp)
            compared += 1
    assert compared > 0
    count("hidden_views", case, compared)


@pytest.mark.parametrize(("case", "name", "opts"), AC, ids=case_ids(AC))
@examples(10)
@given(script=scripts)
def test_AC_12_1_other_draws_are_invisible_to_everyone_but_the_hand_owner(case, name, opts, script):
    """AC-12.1, AC-6.2: the twin draws other Centipede cards than the main state whenever it can (so its
    hand and remaining deck order differ); with the same public actions (cards played chosen among those
    both hands hold), every player who owns no differing hand, and spectators, get identical observations
    and information states at every step; the owners' information states differ."""
    game = boardcade.load_game(name, **opts)
    n = game.num_players
    driver = Driver(script)
    main = game.new_initial_state()
    twin = main.clone()
    differing: set[int] = set()
    steps = compared = 0
    while not main.is_terminal():
        with reproducer(case, main):
            draw = main.action_info(main.legal_actions()[0]) if main.is_chance_node() else {}
            if draw.get("kind") == "draw":
                colour = draw["colour"]
                card = sample_chance(main, driver.rng)
                others = [k for k in twin.legal_actions() if k != card]
                alt = driver.rng.choice(others) if others and driver.rng.random() < 0.7 else card
                if alt not in twin.legal_actions():
                    alt = others[0]
                main.apply_action(card)
                twin.apply_action(alt)
                if alt != card:
                    differing.add(colour)
            elif not _step_both(main, twin, driver):
                twin, differing = main.clone(), set()
                continue
            steps += 1
            sides = main.observation(None)["centipede_players"]
            owners = {side["player"] for side in sides if side["colour"] in differing}
            blind = [p for p in range(n) if p not in owners]
            _same_view(main, twin, [None, *blind], blind)
            for p in owners:
                assert main.information_state_string(p) != twin.information_state_string(p)
            compared += bool(differing)
    assert compared > 0
    count("hidden_views", case, compared)


def _public_part(obs: dict) -> dict:
    # The prompt differs by design: the player to move is asked the question, the others told what happens.
    return {k: v for k, v in obs.items() if k not in ("viewer", "legal_actions", "events", "prompt")}


@pytest.mark.parametrize(("case", "name", "opts"), MB, ids=case_ids(MB))
@examples(20)
@given(script=scripts)
def test_MB_10_1_every_view_shows_the_same_content(case, name, opts, script):
    """MB-10.1: nothing is hidden: at every step the observations of both players and of a spectator agree
    on everything but the viewer, the mover's own legal-action list and prompt, and events; events are all
    public too, both players' information states are equal, and the two non-movers read the same prompt."""
    game = boardcade.load_game(name, **opts)
    steps = 0
    for state in walk(game, script):
        with reproducer(case, state):
            views = [state.observation(p) for p in (None, 0, 1)]
            assert _public_part(views[0]) == _public_part(views[1]) == _public_part(views[2])
            assert views[0]["events"] == views[1]["events"] == views[2]["events"]
            assert all(e.visible_to is None for e in state.events())
            assert state.information_state_string(0) == state.information_state_string(1)
            mover = state.current_player()
            if mover >= 0:
                assert [i["action"] for i in views[1 + mover]["legal_actions"]] == state.legal_actions()
                assert views[0]["prompt"] == views[2 - mover]["prompt"]
            else:
                assert views[0]["prompt"] == views[1]["prompt"] == views[2]["prompt"]
        steps += 1
    count("hidden_views", case, steps)
