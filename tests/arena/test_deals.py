"""Duplicate deals (arena/deals.py): a chance stream per kind of chance, shared by role-swapped matches."""

from __future__ import annotations

import pytest

from boardcade import load_game
from boardcade.arena import play_match, round_robin
from boardcade.arena.deals import chance_draws
from boardcade.core.phases import PhasedGame
from boardcade.core.registry import game_class
from boardcade.games.mb_centipede.game import MBCentipedeGame


def first_of_each_kind(draws: list[tuple[str, int]]) -> dict[str, int]:
    first: dict[str, int] = {}
    for kind, outcome in draws:
        first.setdefault(kind, outcome)
    return first


def test_duplicate_deal_gives_role_swapped_matches_the_same_first_chance_outcomes(variant_spec):
    """Both matches of a deal (the seats swapped; a random agent drawing from its own generator in one seat) see
    the same first outcome of every kind of chance both reach; matches of another deal see other ones."""
    name, opts = variant_spec
    game = load_game(name, **opts)
    specs = round_robin(name, opts, ["greedy", "random"], games=3, seed=11, deals="duplicate")
    assert len(specs) == 6 and specs[0].deal == specs[1].deal != specs[2].deal
    firsts = []
    for i in range(0, 6, 2):
        a, b = play_match(specs[i]), play_match(specs[i + 1])
        assert a["deal"] == b["deal"] == specs[i].deal and a["seats"] != b["seats"]
        assert set(a["seats"]) == set(b["seats"])
        da, db = chance_draws(game, a["actions"]), chance_draws(game, b["actions"])
        fa, fb = first_of_each_kind(da), first_of_each_kind(db)
        shared = set(fa) & set(fb)
        assert shared and "chance" not in shared  # the game names its kinds
        assert {k: fa[k] for k in shared} == {k: fb[k] for k in shared}
        firsts.append(da[:8])
    assert firsts[0] != firsts[1] or firsts[1] != firsts[2]


def test_independent_deals_draw_each_match_its_own_chance():
    specs = round_robin("qbert", {}, ["greedy", "random"], games=1, seed=11, deals="independent")
    assert [s.deal for s in specs] == [None, None] and specs[0].seed != specs[1].seed
    with pytest.raises(ValueError, match="duplicate, independent"):
        round_robin("qbert", {}, ["greedy", "random"], games=1, deals="shuffled")


@pytest.mark.parametrize("name", ["qbert", "mb_centipede", "atari_centipede"])
def test_every_chance_phase_of_a_game_has_a_named_kind(name):
    cls = game_class(name)
    assert issubclass(cls, PhasedGame)
    chance_phases = {rule.name for rule in cls.PHASES if rule.actor == -1}
    assert chance_phases and set(cls.CHANCE_KINDS) == chance_phases


def test_chance_kinds_naming_a_phase_that_is_not_chance_is_refused():
    class Bad(MBCentipedeGame):
        CHANCE_KINDS = {"spin": "spinner", "gun": "dice"}

    with pytest.raises(Exception, match="not chance phases: \\['gun'\\]"):
        Bad()
