"""Milton Bradley Centipede's own tensor block (games/mb_centipede/tensors.py), sized by the board layout."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from boardcade import load_game
from boardcade.games.mb_centipede.tensors import PHASES, SPINS
from boardcade.interop.tensors import encode, encoder_for, generic
from boardcade.testing import rules_fired, scenario

from .tensor_helpers import game_block, playout_states, walk

VARIANTS = [{}, {"first_player": 1}]


def _game_keys(obs: dict) -> str:
    """The game's own observation keys (the static board drawing left out), as canonical text."""
    return json.dumps({k: v for k, v in obs.items() if k not in generic.COMMON_KEYS and k != "board"}, sort_keys=True)


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "red_first"])
def test_fixed_shape_and_unit_bounds_over_random_play(options):
    """Contract (observation): one shape for every state and viewer, every value within [0, 1] (finite bounds, unlike
    the hashed fallback)."""
    game = load_game("mb_centipede", **options)
    enc = encoder_for(game)
    assert enc.module.__name__ == "boardcade.games.mb_centipede.tensors"
    game_low, game_high = game_block(enc, enc.low.copy()), game_block(enc, enc.high.copy())
    assert (game_low == 0.0).all() and (game_high == 1.0).all()
    for state in playout_states(game, seed=11, games=2):
        for viewer in (0, 1, None):
            x = encode(state, viewer)
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert ((x >= enc.low) & (x <= enc.high)).all()


def test_mb_10_1_everything_is_public_so_every_viewer_sees_the_same_board():
    """MB-10.1: nothing is hidden, so Green, Red and a spectator get the same game block."""
    game = load_game("mb_centipede")
    enc = encoder_for(game)
    for state in playout_states(game, seed=5, games=1):
        green = game_block(enc, encode(state, 0))
        assert np.array_equal(green, game_block(enc, encode(state, 1)))
        assert np.array_equal(green, game_block(enc, encode(state, None)))


def test_distinct_positions_give_distinct_tensors():
    """Two states whose observations differ (segments, guns, Spider, Scorpion, mushrooms, phase, ...) never share a
    game block, and equal observations give equal blocks: the encoding loses nothing the observation shows."""
    game = load_game("mb_centipede")
    enc = encoder_for(game)
    by_obs: dict[str, bytes] = {}
    for state in playout_states(game, seed=7, games=4):
        by_obs.setdefault(_game_keys(state.observation(0)), game_block(enc, encode(state, 0)).tobytes())
    assert len(by_obs) > 200
    assert len(set(by_obs.values())) == len(by_obs)


def test_mb_1_start_position_blocks():
    """MB-1: both centipedes start live in their own home bases, guns on the Safety Space, Spider in its Den,
    Scorpion in its Hollow, all 10 poison mushrooms in the supply."""
    game = load_game("mb_centipede")
    named = encoder_for(game).named(encode(game.new_initial_state(), 0))
    assert named["segments"].shape == (2, 6, 89)  # 87 path spaces, home, goal
    assert (named["segments"][:, :, 87] == 1.0).all() and named["segments"].sum() == 12
    assert (named["alive"] == 1.0).all()
    assert named["guns"][0, 5] == named["guns"][1, 5] == 1.0 and named["guns"].sum() == 2
    assert named["spider"][0] == 1.0 and named["scorpion"][0] == 1.0
    assert named["poison"].sum() == 0.0 and named["supply"][0] == 1.0
    assert named["phase"][0] == 1.0 and named["spin"][4] == 1.0


def test_mb_3_10_spider_on_a_gun_shows_whose_gun_is_disabled():
    """MB-3.10: a Spider attacking a gun appears on that gun's slot, and that gun is marked disabled."""
    game = load_game("mb_centipede")
    enc = encoder_for(game)
    for owner, colour in enumerate(("green", "red")):
        state = scenario(game, spider=f"{colour}_gun", **{f"{colour}_gun": 2})
        named = enc.named(encode(state, None))
        assert named["spider"][15 + owner] == 1.0 and named["spider"].sum() == 1.0  # after Den, 10 poison, 4 spaces
        assert named["gun_disabled"][owner] == 1.0 and named["gun_disabled"][1 - owner] == 0.0
        assert named["guns"][owner, 2] == 1.0


def _decode(named, max_turns: int, board: dict) -> dict:
    """The game's observation keys read back from a tensor, using only the static board of the observation."""
    n, poison, spaces = len(board["path"]), board["poison_spaces"], board["spider_spaces"]

    def one(block) -> int:
        (hot,) = np.flatnonzero(block)
        return int(hot)

    def place(slot: int, home: str) -> dict:
        if slot == 0:
            return {"at": home, "xy": board["den" if home == "den" else "hollow"]}
        if slot <= len(poison):
            return {"at": "poison", "space": slot - 1, "xy": poison[slot - 1]}
        if slot <= len(poison) + len(spaces):
            j = slot - 1 - len(poison)
            return {"at": "spider_space", "space": j, "xy": spaces[j]["xy"]}
        owner = slot - 1 - len(poison) - len(spaces)
        return {"at": "gun", "player": owner, "xy": board["firing_lines"][owner]["guns"][one(named["guns"][owner])]}

    spin = one(named["spin"])
    centipedes = []
    for p in (0, 1):
        segs = []
        for k in range(6):
            at = one(named["segments"][p, k])
            where = "path" if at < n else ("home" if at == n else "goal")
            segs.append({"alive": bool(named["alive"][p, k]), "at": where, "space": at if at < n else None})
        centipedes.append(segs)
    return {
        "phase": PHASES[one(named["phase"])],
        "player": one(named["player"]),
        "spin": SPINS[spin] if spin < 4 else None,
        "centipedes": centipedes,
        "poison": [int(i) for i in np.flatnonzero(named["poison"])],
        "supply": round(float(named["supply"][0]) * 10),
        "guns": [(one(named["guns"][p]), bool(named["gun_disabled"][p])) for p in (0, 1)],
        "spider": place(one(named["spider"]), "den"),
        "scorpion": place(one(named["scorpion"]), "hollow"),
        "moves_left": round(float(named["moves_left"][0]) * 6),
        "turn": round(float(named["turn"][0]) * max_turns),
        "remaining": [round(float(r) * 6 * (n + 1)) for r in named["remaining"]],
    }


def _expected(obs: dict) -> dict:
    keep = ("alive", "at", "space")
    return {
        "phase": obs["phase"],
        "player": obs["player"],
        "spin": obs["spin"],
        "centipedes": [[{k: s[k] for k in keep} for s in c["segments"]] for c in obs["centipedes"]],
        "poison": sorted(m["space"] for m in obs["poison"]),
        "supply": obs["supply"],
        "guns": [(g["position"], g["disabled"]) for g in obs["guns"]],
        "spider": obs["spider"],
        "scorpion": obs["scorpion"],
        "moves_left": obs["moves_left"],
        "turn": obs["turn"],
        "remaining": obs["remaining"],
    }


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "red_first"])
def test_the_tensor_decodes_back_to_the_observation(options):
    """MB-1 to MB-9: every piece the observation shows (each segment's space and life, guns, Spider, Scorpion,
    poison mushrooms and supply, phase, spin, moves left, turn count) can be read back from the tensor alone."""
    game = load_game("mb_centipede", **options)
    enc = encoder_for(game)
    max_turns = game.options["max_turns"]
    for state in playout_states(game, seed=9, games=2):
        obs = state.observation(0)
        assert _decode(enc.named(encode(state, 0)), max_turns, obs["board"]) == _expected(obs)


def test_mb_1_10_the_block_is_sized_by_the_layout():
    """MB-1.10: an owner's board with two more poison spaces gets a wider poison, Spider and Scorpion block, and a
    position built on it encodes within bounds."""
    doc = json.loads(resources.files("boardcade.games.mb_centipede").joinpath("layouts", "revised.json").read_text())
    doc["poison_spaces"] += [[12, 4], [0, 6]]
    game = load_game("mb_centipede", layout=json.dumps(doc))
    enc = encoder_for(game)
    state = scenario(game, poison=[(12, 4)], scorpion=(0, 6), spider=(12, 4))
    named = enc.named(encode(state, None))
    assert named["poison"].shape == (12,) and named["spider"].shape == (1 + 12 + 4 + 2,)
    assert named["poison"][10] == named["poison"][11] == 1.0 and named["spider"][1 + 10] == 1.0
    assert named["scorpion"][1 + 11] == 1.0


# ---- the direct path (encode_state) --------------------------------------------------------------------
def _wider_board() -> str:
    """The shipped board with two more poison spaces and fewer tokens than poison spaces (MB-1.10)."""
    doc = json.loads(resources.files("boardcade.games.mb_centipede").joinpath("layouts", "revised.json").read_text())
    doc["poison_spaces"] += [[12, 4], [0, 6]]
    doc["poison_tokens"] = 8
    return json.dumps(doc)


@pytest.mark.parametrize(
    "options",
    [{}, {"first_player": 1}, {"layout": "wider"}, {"max_turns": 40}],
    ids=["default", "red_first", "wider-board", "safety-cap"],
)
def test_mb_10_1_direct_tensors_equal_the_observations_on_random_matches(options, every_state, direct_equals_reference):
    """MB-10.1, MB-1.10, MB-9.3: on every state of four seeded random matches per variant, on an owner's board
    with more poison spaces than tokens, and with the spin cap (draws), the tensors encoded straight from the
    state equal those read from observation(p), for Green, Red and a spectator."""
    if options.get("layout") == "wider":
        options = {"layout": _wider_board()}
    game = load_game("mb_centipede", **options)
    states = list(every_state(game, seed=23, games=4))
    if "max_turns" in options:  # MB-9.3: the cap's draws are among them
        assert any(s.is_terminal() and list(s.returns()) == [0.0, 0.0] for s in states)
    assert direct_equals_reference(game, states) == 3 * len(states)


def test_direct_tensors_on_rare_positions(direct_equals_reference):
    """MB-3.3, MB-3.10, MB-5.1, MB-5.2, MB-7.2, MB-7.7, MB-9.2: positions random play seldom reaches (a revival
    after a hit, the Spider on either gun or a Spider Space, the Scorpion on a poison space, a shortcut, segments
    in the goal and a win), each followed by random play: both paths agree for every viewer."""
    game = load_game("mb_centipede")
    positions = [
        (  # MB-3.3: a hit, then Green revives a segment
            scenario(game, red={"head": (4, 8)}, green={"head": (10, 4)}, green_dead=[0, 3], spin="GUN"),
            [("gun", {"position": 8}), ("revive", {"segment": 3})],
            ["MB-3.3"],
        ),
        (  # MB-3.10: the Spider on Green's gun, the Scorpion on its own poison space
            scenario(game, spider="green_gun", green_gun=2, scorpion=(10, 6), poison=[(2, 4)], to_move="red"),
            [],
            [],
        ),
        (  # MB-3.10: the Spider on Red's gun, Red to move
            scenario(game, spider="red_gun", red_gun=7, to_move="red", red_dead=[1, 2]),
            [],
            [],
        ),
        (  # MB-7.2: the Spider on a Spider Space, poison mushrooms out of the supply
            scenario(game, spider=(14, 8), poison=[(2, 4), (4, 8), (8, 2)], supply=4, turns=12),
            [],
            [],
        ),
        (  # MB-5.1, MB-5.2: a shortcut taken
            scenario(game, spin="CENTIPEDE", green={"head": (2, 3)}, green_dead=[3, 4, 5], poison=[(2, 4)]),
            [("shortcut", {})],
            ["MB-5.2"],
        ),
        (  # MB-9.2: Green's last segments walk into Red's home base
            scenario(game, spin="CENTIPEDE", green=["goal", "goal", "goal", "goal", 85, 84]),
            [],
            ["MB-9.2"],
        ),
    ]
    for seed, (start, steps, rules) in enumerate(positions):
        states = walk(start, steps, then=40, seed=seed)
        assert set(rules) <= set(rules_fired(states[len(steps)])), rules
        assert direct_equals_reference(game, states) == 3 * len(states)
