"""Engine property: pieces are conserved — what is on the board plus what is off it is always the full set."""

from __future__ import annotations

import pytest
from hypothesis import example, given

import boardcade
from boardcade.games.atari_centipede import board as AB

from .support import Script, case_ids, cases, count, examples, reproducer, scripts, walk

QB, AC, MB = cases("qbert"), cases("atari_centipede"), cases("mb_centipede")


@pytest.mark.parametrize(("case", "name", "opts"), QB, ids=case_ids(QB))
@examples(25)
@given(script=scripts)
def test_QB_1_3_and_QB_3_4_the_28_pegs_are_on_the_board_or_taken_this_round(case, name, opts, script):
    """QB-1.3, QB-3.4, QB-6.2, QB-6.3: at every step the pegs on the board plus the pegs taken this round
    (counted from the QB-3.4 events since the round began) make 28; each finished round scores exactly the
    pegs taken in it; the peg list matches the count."""
    game = boardcade.load_game(name, **opts)
    steps = 0
    for state in walk(game, script):
        with reproducer(case, state):
            obs = state.observation(None)
            pegs = obs["pegs"]
            assert len(pegs) == obs["pegs_left"] and len({tuple(c) for c in pegs}) == len(pegs)
            # A round's pegs are the QB-3.4 events since the previous round was scored (QB-6.2); the board is
            # reset (QB-6.3) at once after scoring, even when a tiebreak roll-off comes first.
            taken_per_round = [0]
            for e in state.events():
                if e.rule == "QB-6.2":
                    taken_per_round.append(0)
                elif e.rule == "QB-3.4":
                    taken_per_round[-1] += 1
            # At the end of the match the last round's board stays as it was when it was scored.
            this_round = taken_per_round[-2] if obs["is_terminal"] else taken_per_round[-1]
            assert obs["pegs_left"] + this_round == 28, f"step {steps}: pegs are not conserved"
            scored = [s["pegs"] for s in obs["scores"]]
            assert scored == taken_per_round[: len(scored)], "a round scored a different number of pegs"
        steps += 1
    count("conservation", case, steps)


def _check_atari(state) -> None:
    obs = state.observation(None)
    mushrooms = [tuple(m) for m in obs["mushrooms"]]
    fleas = [tuple(b["square"]) for b in obs["fleas"]]
    spiders = [tuple(b["square"]) for b in obs["spiders"]]
    segments = [tuple(s) for c in obs["centipedes"] for s in c["segments"]]
    # Every piece stands on a square of its own, inside the field (AC-1.1).
    squares = mushrooms + fleas + spiders + segments
    assert len(set(squares)) == len(squares), "two pieces share a square"
    assert all(1 <= r <= obs["rows"] - 2 and 0 <= c < 9 for r, c in squares), "a piece left the field"
    # AC-1.3: 30 mushrooms, on the board or in the supply.
    assert obs["mushroom_supply"] >= 0 and len(mushrooms) + obs["mushroom_supply"] == AB.MUSHROOMS
    # AC-1.3: 3 fleas and 3 spiders, on the board or in the supply.
    assert len(fleas) + obs["bug_supply"]["fleas"] == AB.FLEAS
    assert len(spiders) + obs["bug_supply"]["spiders"] == AB.SPIDERS
    # AC-1.3: 6 segments per colour: the segments on the board never exceed 6, and the centipedes and the
    # counter agree.
    for c, side in enumerate(obs["centipede_players"]):
        in_cents = sum(len(x["segments"]) for x in obs["centipedes"] if x["colour"] == side["colour"])
        assert in_cents == side["segments_on_board"], f"{side['colour']} segments disagree"
        assert 0 <= in_cents <= AB.SEGMENTS
        # AC-6.2: 11 cards per colour, in deck, hand, discard or tucked (AC-6.6).
        hand = state.observation(side["player"])["centipede_players"][c]["hand"]
        total = len(hand) + side["deck_size"] + sum(side["discard"].values()) + side["tucked_spawn_centipede"]
        assert total == sum(AB.DECK) == 11, f"{side['colour']} has {total} cards"
        # Card by card, where the deck's make-up is public: at a draw, the chance outcomes weigh each card by
        # its copies in the deck.
        draw = [state.action_info(a) for a in state.legal_actions()] if state.is_chance_node() else []
        if draw and draw[0]["kind"] == "draw" and draw[0]["colour"] == side["colour"]:
            deck_size = side["deck_size"]
            in_deck = {state.action_info(a)["args"]["card"]: round(p * deck_size) for a, p in state.chance_outcomes()}
            for k, copies in enumerate(AB.DECK):
                name = AB.CENT_CARD_NAMES[k]
                tucked = side["tucked_spawn_centipede"] if k == AB.SPAWN_CENT else 0
                where = (in_deck.get(name, 0), hand.count(name), side["discard"].get(name, 0), tucked)
                assert sum(where) == copies, f"{name}: {where}"


@pytest.mark.parametrize(("case", "name", "opts"), AC, ids=case_ids(AC))
@examples(15)
@given(script=scripts)
# Found by a soak run (4 players): a flea's step removes the last red segment; the game ends with the flea
# gone from the board squares but still listed at the square it left (AC-9.1). Kept until the engine is fixed.
@example(script=Script(699648, (127, 1, 7, 96, 0, 0, 51)))
def test_AC_1_3_and_AC_6_2_mushrooms_bugs_segments_and_cards_are_conserved(case, name, opts, script):
    """AC-1.3, AC-6.2, AC-6.6: at every step, 30 mushrooms (board + supply), 3 fleas and 3 spiders (board +
    supply), at most 6 segments per colour with board, centipedes and counters agreeing, and 11 cards per
    colour (deck + hand + discard + tucked, per card kind)."""
    game = boardcade.load_game(name, **opts)
    steps = 0
    for state in walk(game, script):
        with reproducer(case, state):
            _check_atari(state)
        steps += 1
    count("conservation", case, steps)


@pytest.mark.parametrize(("case", "name", "opts"), MB, ids=case_ids(MB))
@examples(25)
@given(script=scripts)
def test_MB_1_5_the_10_poison_tokens_are_on_the_board_or_in_the_supply(case, name, opts, script):
    """MB-1.5, MB-7.7: at every step the poison mushroom tokens on the board (planted or under the Scorpion)
    plus the supply make 10; the Scorpion on a poison space always has its unplanted token under it."""
    game = boardcade.load_game(name, **opts)
    steps = 0
    for state in walk(game, script):
        with reproducer(case, state):
            obs = state.observation(None)
            assert obs["supply"] >= 0 and len(obs["poison"]) + obs["supply"] == 10, f"step {steps}"
            assert len({p["space"] for p in obs["poison"]}) == len(obs["poison"])
            if obs["scorpion"]["at"] == "poison":
                under = [p for p in obs["poison"] if p["xy"] == obs["scorpion"]["xy"]]
                assert len(under) == 1 and not under[0]["planted"], "the Scorpion stands on a space with no token"
            for cent in obs["centipedes"]:
                assert len(cent["segments"]) == 6
        steps += 1
    count("conservation", case, steps)
