"""What is being decided, in words: each game's decision kinds and their prompts, for every viewer.

Every observation carries two keys (docs/contract.md):
- `"decision"`: a stable identifier of the kind of decision now being taken ("seed", "spider_move", a chance
  node's kind such as "spin", and "over" at the end), the same for every viewer;
- `"prompt"`: player-facing text. The seat that decides reads the question, with its live numbers ("Seed a
  mushroom in column c4 (2 left this turn)."); everyone else and spectators read what is happening, naming the
  deciding seat ("Red is moving the Spider or the Scorpion."); at a chance node, what is being rolled, spun or
  drawn; at the end, the result.

A game declares its decisions as data, in its folder (`games/<game>/prompts.py`): a table from a key to a
`Prompt` of two format templates, and a small `pick(obs, facts, player_name)` function that reads the viewer's
own observation, adds the facts the templates use to `facts` and returns the key. A key is a decision kind, or
"kind.variant" for another wording of the same kind (the identifier stays "kind"). Because the prompt is built
from the viewer's observation alone, it can never say what that viewer may not know.

Facts the core fills in before `pick`: `who` (the deciding seat's player name, when a seat decides), and at the
end `ending` (the last event the viewer sees: the rule that ended the match) and `result` ("Green wins", "a
draw").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, TypeAlias, TypeVar

from .domain import Seat
from .errors import GameError


def counted(n: int, word: str) -> str:
    """`n` and the noun, singular for one: "1 hop", "3 hops", "0 moves" (game texts never write "hop(s)")."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)?")


class Prompt(NamedTuple):
    """The wording of one decision kind (or variant): `str.format` templates over the picked facts.

    you: the question put to the seat that decides (None where nobody decides: chance nodes, the end).
    others: what every other viewer and spectators are told; it may use only facts all of them may know.
    """

    you: str | None
    others: str


# A game's observation type (a TypedDict extending core.game.Observation, which imports this module: hence the
# bound by shape).
ObsT = TypeVar("ObsT", bound=Mapping[str, Any])

# `pick(obs, facts, player_name) -> key`, on the game's own observation type (QbertObservation, ...).
Pick: TypeAlias = Callable[[ObsT, dict[str, Any], Callable[[Seat], str]], str]


class Decisions(Generic[ObsT]):
    """A game's decision kinds with their prompts (`table`), and the function that picks one for a view (typed
    on the game's observation: `Decisions[QbertObservation]`)."""

    __slots__ = ("table", "kinds", "_pick", "_kind_of")

    def __init__(self, table: Mapping[str, Prompt], pick: Pick[ObsT]):
        for key, entry in table.items():
            if not _KEY.fullmatch(key):
                raise GameError(f"decision key {key!r} must be a lower-case kind, or kind.variant")
            if not isinstance(entry, Prompt) or not entry.others:
                raise GameError(f"decision {key!r} needs a Prompt with a text for the other viewers")
        if "over" not in table:
            raise GameError("a game's decisions must declare 'over' (the result, at the end)")
        self.table: dict[str, Prompt] = dict(table)
        self._kind_of = {key: key.partition(".")[0] for key in table}
        self.kinds: frozenset[str] = frozenset(self._kind_of.values())
        self._pick = pick

    def describe(self, obs: ObsT, player_name: Callable[[Seat], str]) -> tuple[str, str]:
        """(decision, prompt) for the viewer whose observation `obs` is (built by `_observation_common`)."""
        cur = obs["current_player"]
        facts: dict[str, Any] = {}
        if cur >= 0:
            facts["who"] = player_name(cur)
        elif obs["is_terminal"]:
            events = obs["events"]
            facts["ending"] = events[-1]["text"].rstrip(".!") if events else "the match is over"
            facts["result"] = result_text(obs["returns"], player_name)
        key = self._pick(obs, facts, player_name)
        entry = self.table.get(key)
        if entry is None:
            raise GameError(f"decision {key!r} is not declared; declared: {', '.join(sorted(self.table))}")
        mine = cur >= 0 and obs["viewer"] == cur
        template = entry.you if mine and entry.you is not None else entry.others
        return self._kind_of[key], template.format_map(facts)


def result_text(returns: list[float] | None, player_name: Callable[[Seat], str]) -> str:
    """The result in words: "Green wins", "Red Gnome and Red Centipede win", or "a draw"."""
    if not returns:
        return "a draw"
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    if best <= 0 and len(winners) == len(returns):
        return "a draw"
    names = [player_name(p) for p in winners]
    return f"{names[0]} wins" if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]} win"


def _default_pick(obs: Mapping[str, Any], facts: dict[str, Any], player_name: Callable[[Seat], str]) -> str:
    cur = obs["current_player"]
    return "move" if cur >= 0 else "over" if obs["is_terminal"] else "chance"


# For a game that declares no decisions of its own: every decision is a generic "move".
DEFAULT_DECISIONS: Decisions[Mapping[str, Any]] = Decisions(
    {
        "move": Prompt("Your turn: choose one of the legal actions.", "{who} is deciding."),
        "chance": Prompt(None, "Chance decides the next step."),
        "over": Prompt(None, "Game over: {result}."),
    },
    _default_pick,
)
