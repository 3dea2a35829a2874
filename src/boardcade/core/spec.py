"""What a game is made of (`GameSpec`), and the static facts of a loaded game (`GameType`).

One folder per game owns everything about it; its `spec.py` declares a `GameSpec` that names each part.
The registry (`boardcade.core.registry`) reads specs, so the CLI, agents, server, web app and research
interfaces find a game's heuristic, terminal renderer, raster picture, tensors, search hints, rules document and
web module in one place, and a game living outside this package registers exactly the same way.

Parts are given either as objects or as lazy references "package.module:attribute" (imported on first use,
so listing games never imports numpy or a game's engine).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .domain import Seat
from .errors import GameError

Ref = Any  # an object, or a "module:attribute" string naming it
TablesT = TypeVar("TablesT", covariant=True)


class TensorViews(Protocol[TablesT]):
    """What a game's tensors module's `encode_state(state, player, views, game)` writes into (the encoder's
    `Views`, boardcade.interop.tensors): `flat`, the game block as a float32 memoryview (index 0 = the first
    element of the game's first field; the buffer is zero on entry), and `tables`, what the module's
    `prepare(game)` returned, built once per encoder."""

    @property
    def flat(self) -> memoryview[float]: ...

    @property
    def tables(self) -> TablesT: ...


def resolve(ref: Ref) -> Any:
    """The object a reference names ("module:attribute", or "module" for a whole module)."""
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class SearchHints:
    """What search agents should know about a game beyond the contract.

    iteration_scale: levels multiply their iteration budgets by this (a costly evaluation -> fewer iterations).
    chance_view: `view(state, player)` at a chance node: False when `player` will not see the outcome, True when
        it will, or a tag (a string) when it will and outcomes in a row with the same tag are exchangeable (dice
        rolled into a pool). Without one, search compares information states per node (exact but slow); a game
        with perfect information needs none.
    why: the measurement that justified the hints (shown in docs, kept with the data).
    """

    iteration_scale: float = 1.0
    chance_view: Ref | None = None
    why: str = ""

    def part(self, name: str) -> Any:
        """A hint that is a reference (`chance_view`), imported on first use; None if absent."""
        ref = getattr(self, name)
        return None if ref is None else resolve(ref)


@dataclass(frozen=True)
class GameType:
    """Static facts of one loaded game (options resolved): what interop adapters, the arena and the server
    read instead of guessing from random play.

    teams: seats that win and lose together, one tuple per side (a seat alone is a side of one).
    perfect_information: no player ever lacks information another has (no hidden hand or roll).
    chance: the game has explicit chance nodes.
    zero_sum: returns add up to 0 in every terminal state (team mates share a side's result).
    rules_version: bumped whenever a rules change could make an old match replay differently; stored in
        records and by the server, so a stored match is replayed under the rules it was played with.
    """

    name: str
    num_players: int
    teams: tuple[tuple[Seat, ...], ...]
    perfect_information: bool
    chance: bool
    zero_sum: bool
    rules_version: int

    def team_of(self, player: Seat) -> int:
        for i, side in enumerate(self.teams):
            if player in side:
                return i
        raise ValueError(f"player {player} is not seated in {self.name} ({self.num_players} players)")


@dataclass(frozen=True)
class OptionWords:
    """How a rule option is put to a player choosing it (the new-match form): a label, a one-line explanation
    in plain words, and words for its values (a closed set's values, by value; those not named show as they
    are). The option's own `doc` stays the precise, rule-referenced text for developers and `--help`."""

    label: str
    explain: str
    values: dict[Any, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game, declared in its folder's `spec.py` and read by the registry.

    name, title, pitch: identifier (`load_game(name)`), display title, one-line pitch for the home page.
    game: the `Game` subclass.
    package: the package holding the game's resources (rules document, web module); defaults to the
        package of `game` when that is a reference.
    rules_doc: the numbered rules document, a path inside `package` (e.g. "rules/qbert.md").
    web_module: the ES module that draws the board in the browser, a path inside `package`.
    heuristic: `evaluate(state, player) -> float` in [-1, 1] (greedy agent, search evaluation).
    renderer: `render(observation) -> rich renderable` (terminal board).
    raster: `draw(observation) -> numpy uint8 array (height, width, 3)`: the board as a small RGB picture
        (Gymnasium's `render_mode="rgb_array"`, videos of agents); a fixed size per loaded game.
    tensors: module with `fields(game)`, `fill(obs, views, game)` and optional `BOUNDS` (tensor encoding); the
        direct path adds `encode_state(state, player, views: TensorViews, game)` and `prepare(game)`.
    scenario: `build(game, **description) -> State`: a named position from a readable description
        (`boardcade.testing.scenario`).
    search: `SearchHints` for search agents.
    legacy_rules: older rules versions that can still be replayed -> option values to fill in for options the
        old record does not name (an empty dict when none are needed). A version missing here is no longer
        playable: stored matches of it open as finished records with a note.
    rule_prefix: the prefix of the game's rule IDs (e.g. "QB"); rule IDs look like QB-3.5.
    draws: whether the game's rules can end a match in a draw (a digital safety cap aside), so that players may
        also agree one (END-2, core/endings.py): a bool, or `draws(options) -> bool` when an option decides.
    option_words: option name -> `OptionWords`: each rule option in a player's words (label, one-line
        explanation, words for its values); an option without an entry is shown by its name and doc.
    variant_words: variant label (the game's VARIANTS, the name the server knows it by) -> its name in a player's
        words; a variant without an entry is shown by its label.
    """

    name: str
    title: str
    game: Ref
    pitch: str = ""
    package: str | None = None
    rules_doc: str | None = None
    web_module: str | None = None
    heuristic: Ref | None = None
    renderer: Ref | None = None
    raster: Ref | None = None
    tensors: Ref | None = None
    scenario: Ref | None = None
    search: SearchHints = field(default_factory=SearchHints)
    legacy_rules: dict[int, dict[str, Any]] = field(default_factory=dict)
    rule_prefix: str = ""
    draws: bool | Callable[[dict[str, Any]], bool] = False
    option_words: dict[str, OptionWords] = field(default_factory=dict)
    variant_words: dict[str, str] = field(default_factory=dict)

    def allows_draws(self, options: dict[str, Any]) -> bool:
        """True if a match with these (resolved) options can end in a draw by the rules."""
        return bool(self.draws(options) if callable(self.draws) else self.draws)

    def part(self, name: str) -> Any:
        """The named part (heuristic, renderer, raster, tensors, scenario, game), imported on first use; None if
        absent."""
        ref = getattr(self, name)
        return None if ref is None else resolve(ref)

    def game_class(self) -> type:
        cls: type = resolve(self.game)
        return cls

    def resource_package(self) -> str | None:
        if self.package:
            return self.package
        if isinstance(self.game, str):
            return self.game.partition(":")[0].rpartition(".")[0] or None
        return getattr(self.game, "__module__", "").rpartition(".")[0] or None

    def resource_text(self, path: str | None) -> str | None:
        """Text of a resource shipped with the game (None when absent). Works from a wheel or a checkout."""
        if not path:
            return None
        package = self.resource_package()
        if package is None:
            candidate = Path(path)
            return candidate.read_text(encoding="utf-8") if candidate.is_file() else None
        try:
            item = resources.files(package).joinpath(*path.split("/"))
            return item.read_text(encoding="utf-8") if item.is_file() else None
        except (FileNotFoundError, ModuleNotFoundError):
            return None

    def rules_text(self) -> str | None:
        return self.resource_text(self.rules_doc)

    def web_text(self) -> str | None:
        return self.resource_text(self.web_module)

    def check(self) -> None:
        """Raise GameError when the spec cannot describe a game."""
        if not self.name or not self.name.replace("_", "").isalnum() or not self.name[0].isalpha():
            raise GameError(f"game name {self.name!r} must be a letter followed by letters, digits or '_'")
        if not self.title:
            raise GameError(f"game {self.name!r} needs a title")
