"""Each game's phase table is the map of the game: keyed by its Phase names, with every transition a match takes
declared (checked by check_game), every handler naming the rule it carries out, every rule ID of the rules
document named by the engine, and the document's phase graph drawn from the table (core/phases.py)."""

import re
from pathlib import Path

import pytest

from boardcade.core import GameError, game_names, game_spec, load_game
from boardcade.core.phases import GRAPH_NOTE, PhasedGame, PhaseRule, phase_table
from boardcade.testing import GameCheckError, check_game

GAMES = game_names()


def _engine_text(name: str) -> str:
    folder = Path(__import__(f"boardcade.games.{name}", fromlist=["_"]).__file__).parent
    return "\n".join(p.read_text() for p in sorted(folder.glob("*.py")))


def _ids(prefix: str, text: str) -> set[str]:
    return set(re.findall(rf"\b{re.escape(prefix)}-[0-9]+(?:\.[0-9]+)*\b", text))


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_document_shows_the_declared_phase_graph(name):
    spec = game_spec(name)
    cls = spec.game_class()
    assert issubclass(cls, PhasedGame)
    text = spec.rules_text()
    assert GRAPH_NOTE in text, f"{spec.rules_doc} has no phase graph"
    shown = text[text.index(GRAPH_NOTE) :]
    expected = cls.phase_graph()
    assert shown.startswith(expected), f"{spec.rules_doc}'s phase graph is out of date; it should read:\n{expected}"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_id_of_the_rules_document_is_named_by_engine_code(name):
    spec = game_spec(name)
    documented = _ids(spec.rule_prefix, spec.rules_text())
    missing = documented - _ids(spec.rule_prefix, _engine_text(name))
    assert not missing, f"{name}: rule IDs no engine module names: {sorted(missing)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_phase_handler_names_its_rule_in_its_docstring(name):
    spec = game_spec(name)
    game = load_game(name)
    unnamed = [
        f"{rule.key}: {handler.__name__}"
        for rule in game.PHASES
        for handler in rule.handlers()
        if not _ids(spec.rule_prefix, handler.__doc__ or "")
    ]
    assert not unnamed, f"{name}: handlers whose docstring names no rule ID: {unnamed}"


@pytest.mark.parametrize("name", GAMES)
def test_the_table_is_keyed_by_the_phase_names(name):
    game = load_game(name)
    for number, rule in enumerate(game.PHASES):
        assert rule.phase == number and rule.key.isupper()
        assert all(0 <= n < len(game.PHASES) for n in rule.next)


def _redeclared(rule: PhaseRule, next_phases: tuple[int, ...]) -> PhaseRule:
    return PhaseRule(
        rule.phase,
        rule.actor,
        next=next_phases,
        legal=rule.legal,
        on=rule.on,
        outcomes=rule.outcomes,
        fixed_outcomes=rule.fixed_outcomes,
        chance=rule.chance,
        why=rule.why,
        shown=rule.name,
        decision=rule.decision,
    )


def test_check_game_refuses_a_transition_the_table_does_not_declare():
    """MB-3.1: after the gun fires the turn passes to the other player's spin; a table that forgot to declare
    GUN -> SPIN is caught by the contract checks."""
    from boardcade.games.mb_centipede.game import MBCentipedeGame, Phase

    rules = [
        _redeclared(r, tuple(n for n in r.next if n != Phase.SPIN)) if r.phase == Phase.GUN else _redeclared(r, r.next)
        for r in MBCentipedeGame.PHASES
    ]

    class Forgetful(MBCentipedeGame):
        PHASES = phase_table(Phase, rules)

    with pytest.raises(GameCheckError, match="in phase GUN led to phase SPIN"):
        check_game(Forgetful(), matches=3, seed=1)


def test_phase_table_refuses_a_table_that_does_not_match_the_phase_names():
    class Phase:
        START = 0
        OVER = 1

    def legal(st):
        return [0]

    start = PhaseRule(Phase.START, 0, next=(Phase.OVER,), legal=legal, on={"go": lambda st, arg: None})
    with pytest.raises(GameError, match="without a rule: OVER"):
        phase_table(Phase, [start])
    with pytest.raises(GameError, match="two rules"):
        phase_table(Phase, [start, start, PhaseRule(Phase.OVER, -4)])
    with pytest.raises(GameError, match="unknown next phases"):
        phase_table(Phase, [PhaseRule(Phase.START, 0, next=(7,), legal=legal, on={"go": legal})])
    with pytest.raises(GameError, match="must declare its next phases"):
        PhaseRule(Phase.START, 0, legal=legal, on={"go": legal})

    class Gap:
        START = 0
        OVER = 2

    with pytest.raises(GameError, match="must number its phases 0..1"):
        phase_table(Gap, [])
