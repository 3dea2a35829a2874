"""Match records: a versioned JSON file holding everything needed to replay a match.

Format (version 2; version 1 had no "rules_version" and is read as rules version 1):
{
  "format": "boardcade-record", "version": 2,
  "game": "qbert", "rules_version": 2,          # the game's RULES_VERSION the match was played under
  "options": {...},                             # options as resolved (defaults filled in)
  "seats": ["human", "greedy"],                 # who sat where (free text per seat)
  "actions": [5, 0, 3, ...],                    # every applied action, chance outcomes included
  "result": [1.0, -1.0] | null,                 # returns() when the match ended, else null
  "started_at": "2026-11-30T15:00:00+00:00", "finished_at": "..." | null,
  "meta": {...}                                 # free extra data (e.g. where it was played)
}
Version 3 is version 2 plus "ending": {"rule", "seat", "text"}, written only for a match that ended outside its
game's rules (core/endings.py: a resignation, an agreed draw, out of time, an abort); its "result" is the one
that ending gives (null when aborted) and its actions stop where the match stopped.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .domain import ActionId
from .errors import GameError, IllegalActionError, RecordError
from .game import Game, State
from .registry import game_spec, load_game

FORMAT = "boardcade-record"
VERSION = 2
ENDING_VERSION = 3  # a record with an "ending"
READABLE_VERSIONS = (1, 2, 3)


class RulesVersionError(RecordError):
    """The record was played under a rules version this program can no longer replay."""


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def load_game_under_rules(name: str, options: dict[str, Any], rules_version: int | None) -> Game:
    """The game `name` as it was played under `rules_version` (None: the current rules): the current rules, or an
    older version the game's spec can still reproduce (`GameSpec.legacy_rules`, option values filled in for
    options the old match does not name). RulesVersionError, saying so, when that version is gone; GameError
    for an unknown game or bad options."""
    spec = game_spec(name)
    cls: type[Game] = spec.game_class()
    current = cls.RULES_VERSION
    version = current if rules_version is None else rules_version
    if version == current:
        return load_game(name, **options)
    if version in spec.legacy_rules:
        return load_game(name, **{**spec.legacy_rules[version], **options})
    playable = ", ".join(str(v) for v in sorted({current, *spec.legacy_rules}))
    raise RulesVersionError(
        f"this match was played under {name} rules version {version}; this program plays version "
        f"{current} and can replay versions {playable}, so the match is kept as a finished record"
    )


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seats: list[str]
    actions: list[ActionId] = field(default_factory=list)
    result: list[float] | None = None
    started_at: str = field(default_factory=now_iso)
    finished_at: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    rules_version: int | None = None  # None: the game's current rules version
    ending: dict[str, Any] | None = None  # how it ended outside the game's rules (core/endings.py), if it did

    @classmethod
    def for_state(cls, state: State, seats: list[str], **meta: Any) -> Record:
        rec = cls(
            state.game.name,
            dict(state.game.options),
            list(seats),
            meta=dict(meta),
            rules_version=state.game.RULES_VERSION,
        )
        rec.update(state)
        return rec

    def update(self, state: State) -> None:
        """Bring actions and result up to date with `state` (which must continue this record)."""
        self.actions = state.history()
        if state.is_terminal():
            self.result = list(state.returns())
            self.finished_at = self.finished_at or now_iso()

    def to_json(self) -> dict[str, Any]:
        out = {
            "format": FORMAT,
            "version": VERSION if self.ending is None else ENDING_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": self.seats,
            "actions": self.actions,
            "result": self.result,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "meta": self.meta,
        }
        if self.ending is not None:
            out["ending"] = self.ending
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.dumps())
        tmp.replace(path)
        return path

    def load_game(self) -> Game:
        """The game under the rules the match was played with (RulesVersionError when that is gone)."""
        try:
            return load_game_under_rules(self.game, self.options, self.rules_version)
        except RulesVersionError:
            raise
        except GameError as e:
            raise RecordError(f"record names a game or options that cannot be loaded: {e}") from None

    def states(self) -> Iterator[State]:
        """Every state from the initial one to the last, each a separate object. Checks each step."""
        state = self.load_game().new_initial_state()
        yield state.clone()
        for i, action in enumerate(self.actions):
            try:
                state.apply_action(action)
            except IllegalActionError as e:
                raise RecordError(f"illegal action {action}: {e}", step=i) from None
            yield state.clone()
        self._check_result(state)

    def replay(self) -> State:
        """The final state, after checking every step and the recorded result."""
        state = self.load_game().new_initial_state()
        for i, action in enumerate(self.actions):
            try:
                state.apply_action(action)
            except IllegalActionError as e:
                raise RecordError(f"illegal action {action}: {e}", step=i) from None
        self._check_result(state)
        return state

    def _check_result(self, state: State) -> None:
        n = len(self.actions)
        if self.ending is not None:
            self._check_ending(state)
            return
        if state.is_terminal():
            actual = [float(x) for x in state.returns()]
            if (
                self.result is None
                or len(self.result) != len(actual)
                or any(not math.isclose(a, b) for a, b in zip(actual, self.result, strict=True))
            ):
                raise RecordError(f"recorded result {self.result} does not match the game's result {actual}", step=n)
        elif self.result is not None:
            raise RecordError(f"record claims result {self.result} but the game is not over after its actions", step=n)

    def _check_ending(self, state: State) -> None:
        """A match that ended outside its game's rules: the game is not over by its own rules, and the result is
        the one the ending gives."""
        from .endings import ending_from_json

        ending = ending_from_json(self.ending, state.game)
        n = len(self.actions)
        if state.is_terminal():
            raise RecordError(f"record ends by {ending.rule}, but the game had already ended by its own rules", step=n)
        expected = ending.result(state.game)
        if expected is None:
            if self.result is not None:
                raise RecordError(
                    f"an aborted match ({ending.rule}) has no result, but the record claims {self.result}"
                )
            return
        if self.result is None or any(not math.isclose(a, b) for a, b in zip(expected, self.result, strict=False)):
            raise RecordError(f"recorded result {self.result} is not the result {expected} of its ending {ending.rule}")
        if len(self.result) != len(expected):
            raise RecordError(f"recorded result {self.result} is not the result {expected} of its ending {ending.rule}")


def _finite(x: int | float) -> bool:
    try:
        return math.isfinite(float(x))
    except OverflowError:  # an integer too large for a float
        return False


def record_from_json(data: Any) -> Record:
    """Parse and validate the structure of a record (not its moves: use replay for that)."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a boardcade record: 'format' must be {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:  # true and 1.0 are not version 1
        readable = ", ".join(map(str, READABLE_VERSIONS))
        raise RecordError(f"unsupported record version {data.get('version')!r}; this program reads versions {readable}")
    rules_version = data.get("rules_version", 1 if version == 1 else None)
    if version >= 2 and (type(rules_version) is not int or rules_version < 1):
        raise RecordError(f"field 'rules_version' must be a positive integer, got {rules_version!r}")
    checks = [
        ("game", str),
        ("options", dict),
        ("seats", list),
        ("actions", list),
    ]
    for key, typ in checks:
        if not isinstance(data.get(key), typ):
            raise RecordError(f"field {key!r} must be a {typ.__name__}")
    for i, a in enumerate(data["actions"]):
        if not isinstance(a, int) or isinstance(a, bool):
            raise RecordError(f"action {a!r} is not an integer", step=i)
    result = data.get("result")
    if result is not None and (
        not isinstance(result, list)
        or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and _finite(x) for x in result)
    ):
        raise RecordError("field 'result' must be null or a list of finite numbers")
    for key in ("started_at", "finished_at"):
        if data.get(key) is not None and not isinstance(data.get(key), str):
            raise RecordError(f"field {key!r} must be a string or null")
    ending = data.get("ending") if version >= ENDING_VERSION else None
    if version >= ENDING_VERSION and not isinstance(ending, dict):
        raise RecordError("a version 3 record holds an 'ending' object (how the match ended outside its rules)")
    return Record(
        game=data["game"],
        options=data["options"],
        seats=[str(s) for s in data["seats"]],
        actions=list(data["actions"]),
        result=None if result is None else [float(x) for x in result],
        started_at=data.get("started_at") or now_iso(),
        finished_at=data.get("finished_at"),
        meta=meta if isinstance(meta := data.get("meta"), dict) else {},
        rules_version=rules_version,
        ending=ending,
    )


def load_record(path: str | Path) -> Record:
    """Read a record file. Structural problems raise RecordError; call `.replay()` to check the moves."""
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
    return record_from_json(data)


@dataclass
class OpenedRecord:
    """A stored match as it can be shown: `state` is the replayed state, or None when the match was played
    under rules this program can no longer replay; then `note` says so and the record is shown as finished."""

    record: Record
    state: State | None
    note: str | None = None

    @property
    def playable(self) -> bool:
        return self.state is not None


def open_record(record: Record) -> OpenedRecord:
    """Replay a stored match under the rules it was played with. A match of a rules version that is no longer
    available (or that no longer replays under the compatible version) is never dropped: it comes back with
    `state=None` and a note. A record of the current rules that does not replay is tampered: RecordError."""
    try:
        return OpenedRecord(record, record.replay())
    except RulesVersionError as e:
        return OpenedRecord(record, None, str(e))
    except RecordError as e:
        current = record.load_game().RULES_VERSION
        if record.rules_version is None or record.rules_version == current:
            raise
        note = (
            f"this match was played under {record.game} rules version {record.rules_version}, and it no longer "
            f"replays under the current rules ({e}); it is kept as a finished record"
        )
        return OpenedRecord(record, None, note)
