"""Testing tools for boardcade games (ours and yours).

- `check_game(game)`: the contract and property checks every game must pass.
- `scenario(game, **description)`: a named position built from a readable description (each game documents
  what its descriptions may say in its scenario module).
- `act(state, kind, **args)`, `find_action`, `can`, `choices`, `matches`: drive a position by what actions mean.
- `rules_fired(state)`, `event_texts(state, player)`: what happened, by rule ID and text.
"""

from .checks import CheckReport, GameCheckError, check_game, documented_rule_ids
from .drive import act, can, choices, event_texts, find_action, matches, rules_fired, scenario

__all__ = [
    "CheckReport",
    "GameCheckError",
    "act",
    "can",
    "check_game",
    "choices",
    "documented_rule_ids",
    "event_texts",
    "find_action",
    "matches",
    "rules_fired",
    "scenario",
]
