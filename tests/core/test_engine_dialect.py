"""The engine dialect (docs/contract.md): every game's engine, the example outside the package included, uses of
`State`'s protected parts only those the core lists for engines (ENGINE_CALLS, ENGINE_HOOKS, ENGINE_FIELDS), and
is written with the kit `boardcade.core` exports."""

import re
from pathlib import Path

import boardcade.core as core
from boardcade.core.game import State
from boardcade.core.phases import PhasedState

ROOT = Path(__file__).resolve().parents[2]
ENGINES = sorted((ROOT / "src" / "boardcade" / "games").rglob("*.py")) + sorted(
    (ROOT / "examples" / "pig").glob("*.py")
)
LISTED = set(core.ENGINE_CALLS) | set(core.ENGINE_HOOKS) | set(core.ENGINE_FIELDS)


def _protected_core_names() -> set[str]:
    names = set(dir(State)) | set(dir(PhasedState)) | set(State.__slots__) | set(PhasedState.FIELDS)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_every_listed_name_is_a_protected_part_of_State():
    assert LISTED <= _protected_core_names(), sorted(LISTED - _protected_core_names())


def test_engines_use_only_the_protected_parts_of_State_listed_for_them():
    protected = _protected_core_names()
    misuse = sorted(
        f"{path.relative_to(ROOT)}: {name}"
        for path in ENGINES
        for name in set(re.findall(r"\.(_[a-z]\w*)\b", path.read_text()))
        if name in protected and name not in LISTED
    )
    assert not misuse, f"engines reach into State's machinery (see docs/contract.md, the engine dialect): {misuse}"


def test_the_engine_kit_is_exported_from_core():
    for name in ("PhasedGame", "PhasedState", "PhaseRule", "phase_table", "phase_graph", "PLAYER", "SHARE", "COPY"):
        assert name in core.__all__ and hasattr(core, name), name
    assert "Observation" in core.__all__ and "EventView" in core.__all__


def test_the_example_game_is_written_with_the_phase_table_and_the_field_list(monkeypatch):
    """PG-2.1: the example outside the package (examples/pig) is a phased game whose copies come from its fields."""
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    from pig.game import PigGame, PigState

    assert issubclass(PigGame, core.PhasedGame) and issubclass(PigState, core.PhasedState)
    # No hand-written clone: the only one the class may hold is the copy core builds from FIELDS on first use
    # (core.State.clone installs it on the class, so another test's matches may have put it there).
    built = vars(PigState).get("clone")
    assert built is None or built.__doc__.startswith("An independent copy (built from the FIELDS"), built
    assert "def clone" not in (ROOT / "examples" / "pig" / "game.py").read_text() and PigState.FIELDS
    assert [rule.key for rule in PigGame.PHASES] == ["PLAY", "ROLLING", "OVER"]
