"""Pig's parts, for boardcade's registry: `register_game("pig.spec:SPEC")`, or an entry point in your
package's pyproject.toml:  [project.entry-points."boardcade.games"]  pig = "pig.spec:SPEC"."""

from boardcade.core import GameSpec

SPEC = GameSpec(
    name="pig",
    title="Pig",
    pitch="Push your luck: roll again for more points, or bank them before a 1 wipes the turn.",
    game="pig.game:PigGame",
    rules_doc="rules/pig.md",
    scenario="pig.scenario:build",
    heuristic="pig.heuristic:evaluate",
    rule_prefix="PG",
    legacy_rules={1: {"target": 20}},  # version 1 always played to 20 points
)
