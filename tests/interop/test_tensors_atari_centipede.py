"""Atari's Centipede's own tensor block (interop/tensors/atari_centipede.py), for 2 and 4 players."""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
import pytest

from boardcade import load_game
from boardcade.games.atari_centipede import board as B
from boardcade.games.atari_centipede.game import COLOUR_NAMES
from boardcade.games.atari_centipede.phases import PHASE_NAMES
from boardcade.interop.tensors import encode, encoder_for
from boardcade.testing import rules_fired, scenario

from .tensor_helpers import game_block, playout_states, walk

VARIANTS = [2, 4]
LINKS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # link planes 3..6 of a colour: up, down, left, right


def _squares(plane) -> list[list[int]]:
    return [[int(r), int(c)] for r, c in zip(*np.nonzero(plane), strict=True)]


def _one(block) -> int:
    (hot,) = np.flatnonzero(block)
    return int(hot)


def _decode(named, ncol: int, max_rounds: int, last: int) -> dict:
    """The game's observation keys read back from a tensor, using only the board's constants."""
    board = named["board"]
    cents, fleas, spiders, segment_squares = [], [], [], []
    for c in range(ncol):
        planes = board[1 + 9 * c : 1 + 9 * (c + 1)]
        for head in _squares(planes[1]):
            segs = [head]
            while True:
                r, col = segs[-1]
                links = [d for k, d in enumerate(LINKS) if planes[3 + k, r, col]]
                if not links:
                    break
                (dr, dc) = links[0]
                segs.append([r + dr, col + dc])
            facing = 1 if planes[2, head[0], head[1]] else -1
            cents.append({"colour": COLOUR_NAMES[c], "segments": segs, "facing": facing})
        segment_squares.append(_squares(planes[0]))
        fleas += [{"colour": COLOUR_NAMES[c], "square": s} for s in _squares(planes[7])]
        spiders += [{"colour": COLOUR_NAMES[c], "square": s} for s in _squares(planes[8])]
    gnome0 = 1 + 9 * ncol
    gnomes = []
    for g in range(ncol):
        squares = _squares(board[gnome0 + g])
        cards = [bool(named["gnome_cards"][g, k]) for k in range(4)]
        gnomes.append({"square": squares[0] if squares else None, "cards": cards})
    die = named["die_in_use"]
    sides = []
    for c in range(ncol):
        side = named["side"][c]
        sides.append(
            {
                "colour": COLOUR_NAMES[c],
                "home_row": (0, last, -1)[_one(named["home_row"][c])],
                "segments_on_board": round(float(side[0]) * 6),
                "hand_size": round(float(side[1]) * 3),
                "deck_size": round(float(side[2]) * 11),
                "tucked_spawn_centipede": round(float(side[3]) * 2),
                "discard": [round(float(named["discard"][c, k]) * B.DECK[k]) for k in range(5)],
                "hand": [round(float(named["hand"][c, k]) * B.DECK[k]) for k in range(5)]
                if named["hand_visible"][c]
                else None,
            }
        )
    flea_left = _squares(board[-1])
    return {
        "phase": PHASE_NAMES[_one(named["phase"])],
        "round": round(float(named["round"][0]) * max_rounds),
        "safety_cap_hit": bool(named["safety_cap"][0]),
        "mushrooms": _squares(board[0]),
        "mushroom_supply": round(float(named["mushroom_supply"][0]) * 30),
        "bug_supply": {
            "fleas": round(float(named["bug_supply"][0]) * 3),
            "spiders": round(float(named["bug_supply"][1]) * 3),
        },
        "centipedes": sorted(cents, key=json.dumps),
        "segment_squares": segment_squares,
        "fleas": sorted(fleas, key=json.dumps),
        "spiders": sorted(spiders, key=json.dumps),
        "gnomes": gnomes,
        "dice_pool": [round(float(n) * 6) for n in named["dice_pool"]],
        "die_in_use": None if not die[:6].any() else {"face": _one(die[:6]), "next_step": round(float(die[6]) * 3)},
        "sides": sides,
        "flea_left": flea_left[0] if flea_left else None,
    }


def _expected(obs: dict) -> dict:
    pool = Counter(d["face"] - 1 for d in obs["dice_pool"])
    die = obs["die_in_use"]
    sides = []
    for s in obs["centipede_players"]:
        hand = Counter(s["hand"]) if "hand" in s else None
        sides.append(
            {
                "colour": s["colour"],
                "home_row": s["home_row"],
                "segments_on_board": s["segments_on_board"],
                "hand_size": s["hand_size"],
                "deck_size": s["deck_size"],
                "tucked_spawn_centipede": s["tucked_spawn_centipede"],
                "discard": [s["discard"].get(name, 0) for name in B.CENT_CARD_NAMES],
                "hand": [hand[name] for name in B.CENT_CARD_NAMES] if hand is not None else None,
            }
        )
    return {
        "phase": obs["phase"],
        "round": obs["round"],
        "safety_cap_hit": obs["safety_cap_hit"],
        "mushrooms": sorted(obs["mushrooms"]),
        "mushroom_supply": obs["mushroom_supply"],
        "bug_supply": obs["bug_supply"],
        "centipedes": sorted(obs["centipedes"], key=json.dumps),
        "segment_squares": [
            sorted(sq for cent in obs["centipedes"] if cent["colour"] == colour for sq in cent["segments"])
            for colour in COLOUR_NAMES[: len(obs["centipede_players"])]
        ],
        "fleas": sorted(obs["fleas"], key=json.dumps),
        "spiders": sorted(obs["spiders"], key=json.dumps),
        "gnomes": [
            {"square": g["square"], "cards": [g["cards"].get(name, False) for name in B.CARD_NAMES]}
            for g in obs["gnomes"]
        ],
        "dice_pool": [pool[f] for f in range(6)],
        "die_in_use": None if die is None else {"face": die["face"] - 1, "next_step": die["next_step"]},
        "sides": sides,
        "flea_left": obs.get("flea_left"),
    }


@pytest.mark.parametrize("players", VARIANTS)
def test_fixed_shape_and_unit_bounds_over_random_play(players):
    """Contract (observation): one shape per variant for every state and viewer, every value within [0, 1] (finite
    bounds, unlike the hashed fallback)."""
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    assert enc.module.__name__ == "boardcade.games.atari_centipede.tensors"
    assert (game_block(enc, enc.low.copy()) == 0.0).all() and (game_block(enc, enc.high.copy()) == 1.0).all()
    for state in playout_states(game, seed=11, games=2):
        for viewer in [*range(players), None]:
            x = encode(state, viewer)
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert ((x >= enc.low) & (x <= enc.high)).all()


@pytest.mark.parametrize("players", VARIANTS)
def test_the_tensor_decodes_back_to_the_observation(players):
    """AC-1 to AC-11: everything the observation shows (mushrooms, each centipede with its order and facing, fleas,
    spiders, Gnomes and their cards, dice, supplies, discards, the viewer's own hand) can be read back from the
    tensor alone, so distinct observations always give distinct tensors."""
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    ncol, max_rounds = players // 2, game.options["max_rounds"]
    for i, state in enumerate(playout_states(game, seed=5, games=4)):
        viewer = (None, *range(players))[i % (players + 1)]
        obs = state.observation(viewer)
        assert _decode(enc.named(encode(state, viewer)), ncol, max_rounds, obs["rows"] - 1) == _expected(obs)


@pytest.mark.parametrize("players", VARIANTS)
def test_ac_12_1_hand_only_in_its_owners_tensor(players):
    """AC-12.1: a Centipede hand is in its owner's tensor only; Gnomes, the other Centipede and spectators see just
    its size."""
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    for state in playout_states(game, seed=3, games=1):
        sides = state.observation(None)["centipede_players"]
        if any(side["hand_size"] == 0 for side in sides):
            continue
        for c, side in enumerate(sides):
            owner = side["player"]
            mine = enc.named(encode(state, owner))
            assert mine["hand_visible"][c] == 1.0 and mine["hand"][c].sum() > 0
            for viewer in [p for p in range(players) if p != owner] + [None]:
                theirs = enc.named(encode(state, viewer))
                assert theirs["hand_visible"][c] == 0.0 and theirs["hand"][c].sum() == 0.0
                assert theirs["side"][c, 1] == mine["side"][c, 1]  # the hand size is public
        return
    raise AssertionError("no Centipede hand was dealt")


@pytest.mark.parametrize("players", VARIANTS)
def test_ac_12_1_states_differing_only_in_hidden_cards_look_the_same(players):
    """AC-12.1: a state resampled for a player differs from the real one only in cards that player cannot see; it
    gives that player (and spectators) identical tensors, while the owners of the changed hands tell them apart."""
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    rng = random.Random(2)
    found = 0
    for i, state in enumerate(playout_states(game, seed=4, games=2)):
        if i % 3 or state.is_terminal() or state.is_chance_node():
            continue
        owners = [side["player"] for side in state.observation(None)["centipede_players"]]
        for viewer in range(players):
            other = state.resample_from_infostate(viewer, rng)
            changed = [
                o
                for o in owners
                if state.observation(o)["centipede_players"] != other.observation(o)["centipede_players"]
            ]
            if not changed:
                continue
            found += 1
            assert viewer not in changed
            for owner in changed:
                assert not np.array_equal(encode(state, owner), encode(other, owner))
            for blind in (viewer, None):
                assert np.array_equal(encode(state, blind), encode(other, blind))
                obs_a, obs_b = state.observation(blind), other.observation(blind)
                assert np.array_equal(enc.encode_info_state(obs_a), enc.encode_info_state(obs_b))
    assert found > 0, "resampling never changed a hidden hand"


def test_ac_3_5_safety_cap_shows_in_the_tensor():
    """AC-3.5: when the round cap ends the game as a draw, the tensor says so (and the round block is full)."""
    game = load_game("atari_centipede", players=2, max_rounds=1)
    enc = encoder_for(game)
    for seed in range(20):
        *_, last = playout_states(game, seed=seed, games=1)
        if last.safety_cap_hit():
            named = enc.named(encode(last, 0))
            assert named["safety_cap"][0] == 1.0 and named["round"][0] == 1.0
            assert named["phase"][PHASE_NAMES.index("game over")] == 1.0
            return
    raise AssertionError("no random game reached the one-round cap")


@pytest.mark.parametrize("field_rows", [10, 14])
def test_ac_1_1_board_planes_follow_the_field_rows_option(field_rows):
    """AC-1.1: the board planes have `field_rows` + 2 rows, and the tensor still decodes back to the observation."""
    game = load_game("atari_centipede", players=2, field_rows=field_rows)
    enc = encoder_for(game)
    assert enc.named(enc.low.copy())["board"].shape[1:] == (field_rows + 2, 9)
    for i, state in enumerate(playout_states(game, seed=7, games=1)):
        if i % 5:
            continue
        obs = state.observation(1)
        assert _decode(enc.named(encode(state, 1)), 1, game.options["max_rounds"], field_rows + 1) == _expected(obs)


# ---- the direct path (encode_state) --------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 4},
        {"players": 2, "field_rows": 10},
        {"players": 4, "field_rows": 10},
        {"players": 2, "field_rows": 10, "setup": "random", "max_rounds": 3},
    ],
    ids=["2p", "4p", "2p-10-rows", "4p-10-rows", "2p-random-setup-capped"],
)
def test_AC_12_1_direct_tensors_equal_the_observations_on_random_matches(options, every_state, direct_equals_reference):
    """AC-12.1, AC-1.1, AC-11, AC-2.3, AC-3.5: on every state of seeded random matches per variant (2 and 4
    players, 18 and 10 field rows, chance seeding with the round cap), the tensors encoded straight from the state
    equal those read from observation(p), for every seat and a spectator, hands dealt among them."""
    game = load_game("atari_centipede", **options)
    states = list(every_state(game, seed=29, games=2 if game.options["field_rows"] > 10 else 3))
    sides = [s.observation(None)["centipede_players"] for s in states]
    assert sum(1 for side in sides if all(c["hand_size"] for c in side)) > 50  # hands dealt in many of them
    if "max_rounds" in options:  # AC-3.5: the cap's draws are among them
        assert any(s.safety_cap_hit() for s in states)
    assert direct_equals_reference(game, states) == (game.num_players + 1) * len(states)


@pytest.mark.parametrize("players", VARIANTS)
def test_AC_12_1_direct_tensors_never_show_a_hidden_hand(players, direct_equals_reference):
    """AC-12.1: positions that differ only in the cards of a Centipede's hand (the same number of cards) give the
    Gnomes, the other Centipede and spectators identical directly encoded tensors through a Gnome turn and into the
    Centipede's turn, while the owner's tensor shows its hand; both paths agree on every state."""
    hands = [
        ("Spawn Spider", "Spawn Flea", "Mushroom"),
        ("Berserk!", "Spawn Centipede", "Spawn Centipede"),
        ("Spawn Spider", "Spawn Spider", "Spawn Spider"),
        ("Mushroom", "Mushroom", "Berserk!"),
    ]
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    owner = 1  # the red Centipede
    blind = [p for p in range(players) if p != owner] + [None]
    seen = {viewer: [] for viewer in blind}
    owners_view = []
    for hand in hands:
        description = {"hand": hand if players == 2 else {"red": hand}, "dice": (3, 3, 5, 1, 1, 6)}
        if players == 4:
            description["first"] = "A"
        start = scenario(game, **description)
        states = walk(start, [], then=0)
        rng = random.Random(5)
        state = start.clone()
        while state.current_player() != owner and not state.is_terminal():  # the Gnomes' (and blue's) turns
            state.apply_action(rng.choice(state.legal_actions()))
            states.append(state.clone())
        assert state.observation(owner)["phase"] == "play a card", "the red Centipede's turn begins"
        assert direct_equals_reference(game, states) == (players + 1) * len(states)
        for viewer in blind:
            seen[viewer].append(np.stack([enc.encode_state(s, viewer) for s in states]))
        mine = enc.named(enc.encode_state(states[-1], owner))
        assert [round(float(mine["hand"][0, k]) * B.DECK[k]) for k in range(5)] == [
            hand.count(name) for name in B.CENT_CARD_NAMES
        ]
        owners_view.append(enc.encode_state(states[-1], owner))
    for viewer, stacks in seen.items():
        assert all(np.array_equal(stacks[0], other) for other in stacks[1:]), viewer
    assert len({x.tobytes() for x in owners_view}) == len(hands)


@pytest.mark.parametrize("players", VARIANTS)
def test_AC_12_1_direct_tensors_of_resampled_states(players):
    """AC-12.1: a state resampled for a player (hidden draws reordered) gives that player and spectators the same
    directly encoded tensor as the real one."""
    game = load_game("atari_centipede", players=players)
    enc = encoder_for(game)
    rng = random.Random(8)
    changed = 0
    for i, state in enumerate(playout_states(game, seed=9, games=2)):
        if i % 5 or state.is_terminal():
            continue
        for viewer in range(players):
            other = state.resample_from_infostate(viewer, rng)
            for blind in (viewer, None):
                assert np.array_equal(enc.encode_state(state, blind), enc.encode_state(other, blind))
                assert np.array_equal(enc.encode_state(other, blind), encode(other, blind))
            owners = [p for p in game.layout.cent_seat if p != viewer]
            changed += any(not np.array_equal(enc.encode_state(state, p), enc.encode_state(other, p)) for p in owners)
    assert changed > 0, "resampling never changed a hidden hand"


def test_direct_tensors_on_rare_positions(direct_equals_reference):
    """AC-5, AC-6.4 to AC-6.6, AC-8, AC-9, AC-11: positions random play seldom reaches (a flea asking about its
    mushroom drop, spiders, touching centipedes of one colour and a centipede bent over two rows, face-down Gnome
    cards, a full dice pool of one face, tucked Spawn Centipede cards, discards, hands of repeated cards, a
    4-player board with both colours, a Gnome on the far row), each followed by random play: both paths agree for
    every viewer."""
    two, four = load_game("atari_centipede", players=2), load_game("atari_centipede", players=4)
    ten = load_game("atari_centipede", players=2, field_rows=10)
    far = two.layout.last - 1
    positions = [
        (  # AC-6.4, AC-9: a flea spawned, moving and asked about a mushroom drop; tucked cards, discards
            scenario(
                two,
                centipedes=[{"segments": [(5, 5), (5, 6), (5, 7), (5, 8)], "facing": "left"}],
                hand=("Spawn Flea", "Spawn Flea", "Spawn Flea"),
                discard=("Mushroom", "Berserk!"),
                tucked=1,
                to_move=1,
            ),
            [("play", {"card": "Spawn Flea"}), ("spawn_flea", {"col": 2}), ("move_bug", {"row": far, "col": 2})],
            ["AC-6.4"],
        ),
        (  # AC-8, AC-7.4: spiders, two touching red centipedes, one bent over two rows; face-down Gnome cards
            scenario(
                two,
                gnome=(two.layout.last, 4),
                centipedes=[
                    {"segments": [(6, 2), (6, 3), (6, 4)], "facing": "left"},
                    {"segments": [(7, 4), (8, 4), (8, 5)], "facing": "right"},
                ],
                spiders=[(5, 0), (9, 8)],
                fleas=[(3, 3)],
                mushrooms=[(4, 4), (10, 1), (12, 7)],
                used_cards=("Glitch", "Wrist Control"),
                dice=(6, 6, 6, 6, 6, 6),
                hand=("Spawn Spider", "Spawn Spider"),
                to_move=1,
            ),
            [("play", {"card": "Spawn Spider"})],
            ["AC-8"],
        ),
        (  # AC-11: four players, both colours and both Gnomes on the board, team A to play
            scenario(
                four,
                centipedes=[
                    {"segments": [(5, 3), (5, 4)], "facing": "right", "colour": "red"},
                    {"segments": [(5, 5), (5, 6), (6, 6)], "facing": "left", "colour": "blue"},
                ],
                fleas=[{"square": (8, 1), "colour": "blue"}],
                spiders=[{"square": (9, 0), "colour": "red"}],
                used_cards={"A": ("Slam the Ball",), "B": ("Trigger Finger", "Wrist Control")},
                hand={"red": ("Berserk!",), "blue": ("Mushroom", "Mushroom")},
                tucked={"red": 0, "blue": 2},
                first="A",
            ),
            [],
            [],
        ),
        (  # AC-1.1: the 10-row board, a Berserk! card played
            scenario(ten, hand=("Berserk!", "Mushroom"), dice=(1, 1), to_move=1),
            [("play", {"card": "Berserk!"})],
            [],
        ),
    ]
    flea_drops = 0
    for seed, (start, steps, rules) in enumerate(positions):
        states = walk(start, steps, then=80, seed=seed)
        flea_drops += sum(1 for s in states if s.observation(None).get("flea_left"))
        assert set(rules) <= set(rules_fired(states[-1])), rules
        game = start.game
        assert direct_equals_reference(game, states) == (game.num_players + 1) * len(states)
    assert flea_drops > 0  # AC-9.2: the square a flea just left is in the tensor while the drop is asked
