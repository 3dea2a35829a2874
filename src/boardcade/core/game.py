"""The game contract every game, agent, server, CLI and adapter speaks (OpenSpiel-shaped).

A `Game` is static: its name, options, sizes and tables. A `State` is one position in one match.
Players are 0..num_players-1; `CHANCE` marks a chance node, `TERMINAL` the end.
Actions are small integers; chance outcomes are integers too (their own range, `max_chance_outcomes`).
"""

from __future__ import annotations

import json
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple, NotRequired, Self, TypedDict, TypeVar, cast

from .codec import ActionCodec
from .domain import ActionId, Seat, Viewer
from .errors import IllegalActionError
from .options import Option, resolve_options
from .prompts import DEFAULT_DECISIONS, Decisions
from .spec import GameType

CHANCE = -1
TERMINAL = -4

# How `clone()` copies a field a state declares in FIELDS.
SHARE = 0  # the value itself: numbers, strings, tuples, static tables, objects never changed in place
COPY = 1  # a shallow copy (`.copy()`): a list, dict or set of such values
COPY_EACH = 2  # a list whose items are copied too (`[x.copy() for x in v]`): lists of lists, of pieces
_COPY_KINDS = (SHARE, COPY, COPY_EACH)


class EventView(TypedDict):
    """An event as a viewer reads it in an observation."""

    rule: str
    text: str
    step: int


class Observation(TypedDict):
    """The keys every game's observation carries (`State._observation_common`); each game's own TypedDict adds its
    keys to these. "decision" and "prompt" (core/prompts.py) are added last, by `State._with_decision`."""

    game: str
    viewer: Viewer
    move_number: int
    current_player: Seat  # or CHANCE / TERMINAL
    is_terminal: bool
    returns: list[float] | None
    legal_actions: list[dict[str, Any]]  # action_info of each legal action, for the seat to move only
    events: list[EventView]
    decision: NotRequired[str]
    prompt: NotRequired[str]


ObservationT = TypeVar("ObservationT", bound=Observation)


class Event(NamedTuple):
    """Something that happened, with the rule that made it happen.

    visible_to: None when every player and spectators may see it, else the tuple of players who may.
    step: the number of actions applied before the action that produced the event.
    """

    rule: str
    text: str
    visible_to: tuple[Seat, ...] | None
    step: int

    def visible(self, player: Viewer) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> EventView:
        return {"rule": self.rule, "text": self.text, "step": self.step}


_new_tuple = tuple.__new__


class Game(ABC):
    """Base of every game. Subclasses set the class attributes and implement `new_initial_state`.

    Static facts are declared, never guessed: PERFECT_INFORMATION, HAS_CHANCE, ZERO_SUM, RULES_VERSION and
    `teams()` make up `game_type`; the action codec (`make_codec`, default the class's CODEC) names every action.
    """

    name: str = ""
    title: str = ""
    OPTIONS: tuple[Option, ...] = ()
    num_distinct_actions: int = 0
    max_chance_outcomes: int = 0
    PERFECT_INFORMATION: bool = False
    HAS_CHANCE: bool = True
    ZERO_SUM: bool = True
    # Bump when a rules change could make a stored match replay differently (see GameSpec.legacy_rules).
    RULES_VERSION: int = 1
    CODEC: ActionCodec | None = None
    # Named variants worth testing and benchmarking separately: (label, options) pairs.
    VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (("default", {}),)
    # The game's decision kinds and their prompts (core/prompts.py); None: every decision is a generic "move".
    # Any: each game's own observation type (Decisions[QbertObservation], ...), which `Game` does not name.
    DECISIONS: Decisions[Any] | None = None

    def __init__(self, **options: Any):
        self.options: dict[str, Any] = resolve_options(self.name, self.OPTIONS, options)
        self.codec: ActionCodec | None = self.make_codec()
        self._type: GameType | None = None

    # A Game is static (options, codec, tables): copies share it, and pickling rebuilds it from its options.
    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def __copy__(self) -> Game:
        return self

    def __reduce__(self) -> tuple[Callable[..., Game], tuple[Any, ...]]:
        return (_rebuild_game, (type(self), dict(self.options)))

    def make_codec(self) -> ActionCodec | None:
        """The action codec for these options (default: the class's CODEC)."""
        return self.CODEC

    def teams(self) -> tuple[tuple[Seat, ...], ...]:
        """Seats that win and lose together, one tuple per side (default: every seat alone)."""
        return tuple((p,) for p in range(self.num_players))

    @property
    def game_type(self) -> GameType:
        if self._type is None:
            self._type = GameType(
                name=self.name,
                num_players=self.num_players,
                teams=self.teams(),
                perfect_information=self.PERFECT_INFORMATION,
                chance=self.HAS_CHANCE,
                zero_sum=self.ZERO_SUM,
                rules_version=self.RULES_VERSION,
            )
        return self._type

    # Sizes that may depend on options: subclasses override as properties where they do.
    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats (may depend on options)."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """Upper bound on applied actions in one match, chance outcomes included."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first action (often a chance node)."""

    def player_name(self, player: Seat) -> str:
        return f"Player {player + 1}"

    def chance_kind(self, state: State) -> str:
        """The kind of chance the chance node `state` draws ("dice", "cards", "spinner", ...; a game may name
        finer kinds, e.g. one per die or per deck). The arena's duplicate deals draw each kind from its own seeded
        generator, so two matches dealt alike see the same n-th roll of each die as long as they stay alike.
        Default: one kind, "chance"."""
        return "chance"

    def action_to_string(self, player: Seat, action: ActionId) -> str:
        """Name of `action` for `player` (CHANCE for chance outcomes) without a state at hand."""
        if player != CHANCE and self.codec is not None and 0 <= action < self.codec.size:
            return self.codec.label(action)
        return f"action {action}"

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}{', ' if opts else ''}{opts})"


def _rebuild_game(cls: type[Game], options: dict[str, Any]) -> Game:
    return cls(**options)


def _build_clone(cls: type[State], fields: dict[str, int]) -> Any:
    """`clone()` for a state class, from its declared fields: straight-line code, one line per field, as fast as
    one written by hand (like dataclasses' generated methods)."""
    if not fields:
        raise TypeError(
            f"{cls.__name__} cannot be copied: declare its fields in FIELDS (see State) or implement clone()"
        )
    for name, how in fields.items():
        if not name.isidentifier() or how not in _COPY_KINDS:
            raise TypeError(f"{cls.__name__}.FIELDS[{name!r}]: a field name and SHARE, COPY or COPY_EACH")
    lines = [
        "def clone(self):",
        "    if type(self) is not _cls:",  # a subclass inheriting this method gets its own
        "        return _generic(self)",
        "    new = _new(_cls)",
        "    new.game = self.game",
        "    new._history = self._history.copy()",
        "    new._events = self._events if self._quiet else self._events.copy()",  # see _copy_base_into
        "    new._legal_cache = self._legal_cache",
        "    new._result = self._result",
        "    new._capped = self._capped",
        "    new._event_views = None",
        "    new._quiet = self._quiet",
    ]
    for name, how in fields.items():
        if how == SHARE:
            lines.append(f"    new.{name} = self.{name}")
        elif how == COPY:
            lines.append(f"    new.{name} = self.{name}.copy()")
        else:
            lines.append(f"    new.{name} = [x.copy() for x in self.{name}]")
    lines.append("    return new")
    # State's clone as the class holds it (`State.clone` would be the compiled mode's C method, which Cython cannot
    # hand out as a Python object with the right signature).
    namespace: dict[str, Any] = {"_new": cls.__new__, "_cls": cls, "_generic": State.__dict__["clone"]}
    exec("\n".join(lines), namespace)  # noqa: S102 (generated from identifiers checked above)
    clone = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = f"An independent copy (built from the FIELDS of {cls.__name__} and its bases)."
    return clone


# Per state class: its generated clone (see State.clone), and the classes checked to implement every hook.
_CLONES: dict[type, Any] = {}
_COMPLETE: set[type] = set()
# The hooks every game's state implements (State's own versions only say so).
_HOOKS = ("current_player", "_legal_actions", "_chance_outcomes", "_apply", "observation", "resample_from_infostate")


def _check_hooks(cls: type) -> None:
    """Refuse to build a state of a class that leaves one of State's hooks unimplemented (as an abstract base
    class would: State is a plain class so that the compiled mode can make it a compiled class)."""
    missing = [name for name in _HOOKS if next(k for k in cls.__mro__ if name in k.__dict__) is State]
    if missing:
        raise TypeError(f"{cls.__name__} cannot be instantiated: it does not implement {', '.join(missing)}")
    _COMPLETE.add(cls)


def _missing(state: State, hook: str) -> TypeError:
    return TypeError(f"{type(state).__name__} does not implement {hook}() (every game's state must)")


def _blank_state(cls: type[State]) -> State:
    """A state of `cls` with no field set yet (unpickling fills them in)."""
    blank: State = cls.__new__(cls)
    return blank


# The protected parts of `State` (and `PhasedState`, core/phases.py) that a game's engine modules may use; the
# rest of State's protected names are the contract's own machinery. tests/core/test_engine_dialect.py holds every
# game to this list, and docs/contract.md explains each.
ENGINE_CALLS = (
    "_emit",  # record an event: _emit(rule_id, text, visible_to=None)
    "_finish",  # end the match, the one way: _finish(returns, rule_id, text, capped=False)
    "_replace_event",  # rewrite a past event of a resampled clone: _replace_event(index, text=...)
    "_observation_common",  # the keys every observation starts with
    "_with_decision",  # end an observation with its "decision" and "prompt" (core/prompts.py)
    "_view_part",  # keep a part of the views until its inputs change
    "_enter",  # PhasedState: make a phase current (the seat to move follows from its actor)
    "_copy_base_into",  # a clone written out (compiled mode): copy the contract's own fields, then the state's
)
ENGINE_HOOKS = (  # what an engine implements (a phased game gets all but _seat from PhasedState)
    "_legal_actions",
    "_chance_outcomes",
    "_apply",
    "_why_illegal",
    "_seat",
)
ENGINE_FIELDS = (
    "_phase",  # read: the current phase (PhasedState)
    "_history",  # read; resample_from_infostate may rewrite a hidden chance outcome on its clone
    "_events",  # read (rewrite only through _replace_event)
    "_quiet",  # read: quiet mode, test it before building a costly event text
    "_legal_cache",  # write: the legal actions a procedure has just computed for the next decision
    "_capped",  # write: a safety cap ended part of the match (the end itself: _finish(..., capped=True))
)


class State:
    """One position. Subclasses implement the `_`-prefixed hooks; the public contract lives here.

    Subclasses keep `_history` (applied actions) and `_events` (Event list) up to date through `_emit`. A state
    declares its own fields once, in `FIELDS` (name -> SHARE, COPY or COPY_EACH: how a copy takes it), with
    `__slots__ = tuple(FIELDS)` and a type annotation per field; `clone()` is built from that list (the fields of
    every class in its hierarchy) the first time a state of the class is copied. A state without FIELDS, and one
    compiled by the optional compiled build (boardcade.compiled), implements `clone` itself, copying its own
    fields after `_copy_base_into`.

    The hooks (`current_player`, `_legal_actions`, `_chance_outcomes`, `_apply`, `observation`,
    `resample_from_infostate`) must be implemented: a state of a class that leaves one out cannot be built.

    Quiet mode (`set_quiet()`), for rollouts and learners that read no events: the state records no events and
    `apply_action` trusts its caller to pass an action it listed as legal (no legality check). Engines test
    `self._quiet` before building a costly event text. Outcomes (history, returns, legal actions, observations
    apart from their events and the game-over prompt drawn from them) are the same in both modes; tests prove
    it on seeded matches of every game.
    """

    __slots__ = ("game", "_history", "_events", "_legal_cache", "_result", "_capped", "_event_views", "_quiet")
    FIELDS: ClassVar[dict[str, int]] = {}

    game: Game
    _quiet: bool  # quiet mode (see set_quiet)

    def __init__(self, game: Game):
        if type(self) not in _COMPLETE:
            _check_hooks(type(self))
        self.game = game
        self._history: list[int] = []
        self._events: list[Event] = []
        self._legal_cache: list[int] | None = None
        self._result: tuple[float, ...] | None = None  # set once, by _finish
        self._capped = False
        # Caches derived from the events, kept incrementally (viewer -> events as JSON; event_cache slots).
        self._event_views: dict[Any, list[Any]] | None = None
        self._quiet = False

    # ---- hooks for subclasses -------------------------------------------------------------
    def current_player(self) -> int:
        """The player to move, CHANCE or TERMINAL."""
        raise _missing(self, "current_player")

    def _legal_actions(self) -> list[ActionId]:
        """Sorted legal actions of the current (non-chance, non-terminal) player."""
        raise _missing(self, "_legal_actions")

    def _chance_outcomes(self) -> list[tuple[ActionId, float]]:
        """(outcome, probability) pairs of the current chance node."""
        raise _missing(self, "_chance_outcomes")

    def _apply(self, action: ActionId) -> None:
        """Apply an action already checked to be legal."""
        raise _missing(self, "_apply")

    def reveals(self, action: ActionId) -> bool:
        """True if taking decision `action` now shows someone something hidden until then (a card played from a
        hidden hand): taking it back would tell them what they should not know, so it is an undo barrier
        (core/undo.py). Chance outcomes and events visible to some players only are barriers anyway. Default
        False; a game with hidden information a decision can uncover says which decisions do."""
        return False

    def _why_illegal(self, action: ActionId) -> str:
        """A player-facing reason why `action` is not legal now (override for better reasons)."""
        return "it is not one of the legal actions here"

    def returns(self) -> list[float]:
        """+1 win, -1 loss, 0 draw per player at the end; all 0 before."""
        if self._result is None:
            return [0.0] * self.game.num_players
        return list(self._result)

    def observation(self, player: Viewer) -> Observation:
        """JSON view with only what `player` may know (None = spectator)."""
        raise _missing(self, "observation")

    def resample_from_infostate(self, player: Seat, rng: random.Random) -> State:
        """A consistent state `player` cannot tell from this one."""
        raise _missing(self, "resample_from_infostate")

    def clone(self) -> Self:
        """An independent copy (built from FIELDS; see the class docstring)."""
        cls = type(self)
        clone = _CLONES.get(cls)
        if clone is None:
            fields: dict[str, int] = {}
            for klass in reversed(cls.__mro__):
                fields.update(klass.__dict__.get("FIELDS", {}))
            clone = _CLONES[cls] = _build_clone(cls, fields)
            try:
                # later copies call it directly
                cls.clone = clone  # type: ignore[method-assign]
            except TypeError:
                pass  # a compiled class, which cannot take methods (and has its own clone when it is fast)
        copy: Self = clone(self)
        return copy

    # Pickling (OpenSpiel's serialisation, process pools): every slot of every class, the same in both modes (the
    # compiled mode's State, a C type, would otherwise pickle only its own fields).
    def __reduce__(self) -> tuple[Callable[[type[State]], State], tuple[type[State]], dict[str, Any]]:
        return (_blank_state, (type(self),), self.__getstate__())

    def __getstate__(self) -> dict[str, Any]:
        state = {
            name: getattr(self, name)
            for cls in type(self).__mro__
            for name in cls.__dict__.get("__slots__", ())
            if hasattr(self, name)
        }
        state.update(getattr(self, "__dict__", ()))  # a state class without __slots__ keeps its fields there
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def action_to_string(self, action: ActionId) -> str:
        return self.game.action_to_string(self.current_player(), action)

    def roles(self) -> list[str]:
        """Role name per player for the match (for win rates per role)."""
        return [self.game.player_name(p) for p in range(self.game.num_players)]

    def safety_cap_hit(self) -> bool:
        """True when a digital safety cap (not a rulebook ending) ended any part of the match."""
        return self._capped

    def stats(self) -> dict[str, float]:
        """Game-specific figures about the match so far (e.g. {"turns": 31}) for simulation reports."""
        return {}

    # ---- the public contract --------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self, player: Seat | None = None) -> list[ActionId]:
        """Sorted legal actions (chance outcomes at a chance node); [] when terminal or not `player`'s turn."""
        cur = self.current_player()
        if cur == TERMINAL or (player is not None and player != cur):
            return []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_now()
        return list(cache)

    def _legal_now(self) -> list[ActionId]:
        """The legal actions (chance outcomes at a chance node) of a state that is not terminal, kept until the
        next action: the list itself, read only (play loops draw from it without a copy; see `_apply_legal`)."""
        cache = self._legal_cache
        if cache is None:
            if self.current_player() == CHANCE:
                cache = [a for a, _ in self._chance_outcomes()]
            else:
                cache = self._legal_actions()
            self._legal_cache = cache
        return cache

    def _apply_legal(self, action: ActionId) -> None:
        """Apply an action taken from `_legal_now()` (or a chance outcome drawn from `_chance_outcomes()`) of
        this state: what `apply_action` does once the action is known to be legal (play loops, which draw only
        legal actions, skip the check)."""
        self._legal_cache = None
        self._apply(action)
        self._history.append(action)

    def chance_outcomes(self) -> list[tuple[ActionId, float]]:
        """[(outcome, probability)] at a chance node, else []. A fresh list: callers may change it freely."""
        if not self.is_chance_node():
            return []
        return list(self._chance_outcomes())

    def set_quiet(self, quiet: bool = True) -> State:
        """Switch quiet mode on (or off); returns the state. A quiet state records no events (those recorded
        before stay; nothing of the quiet stretch is recorded later) and its `apply_action` does not check the
        action: pass only actions (or chance outcomes) this state listed as legal, never a terminal state's.
        Clones and resampled states of a quiet state are quiet. Meant for a whole rollout or learner episode:
        match records, the server and anything that shows events keep the normal mode."""
        quiet = bool(quiet)
        if self._quiet and not quiet:
            self._events = self._events.copy()  # quiet copies share their events (_copy_base_into)
        self._quiet = quiet
        return self

    @property
    def quiet(self) -> bool:
        """True in quiet mode (see `set_quiet`)."""
        return self._quiet

    def apply_action(self, action: ActionId) -> None:
        """Apply a legal action (or chance outcome). Anything else raises IllegalActionError, state unchanged.
        In quiet mode the action is trusted, not checked (see `set_quiet`)."""
        if self._quiet:
            self._legal_cache = None
            self._apply(action)
            self._history.append(action)
            return
        try:
            action = operator.index(action)
        except TypeError:
            raise IllegalActionError(f"action must be an integer, got {action!r}", None) from None
        cur = self.current_player()
        if cur == TERMINAL:
            raise IllegalActionError("the game is over; no action is legal", action, [])
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = (
                [a for a, _ in self._chance_outcomes()] if cur == CHANCE else self._legal_actions()
            )
        if action not in legal:
            raise self._illegal(action, cur, legal)
        self._legal_cache = None
        self._apply(action)
        self._history.append(action)

    def _illegal(self, action: int, cur: int, legal: list[int]) -> IllegalActionError:
        """The error for an action that is not legal now: why, and what is."""
        who = "chance" if cur == CHANCE else self.game.player_name(cur)
        allowed = ", ".join(f"{a} ({self.action_to_string(a)})" for a in legal)
        return IllegalActionError(
            f"action {action} is not legal for {who}: {self._why_illegal(action)}. Legal now: {allowed}",
            action,
            list(legal),
        )

    def history(self) -> list[ActionId]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def events(self, player: int | None = -2) -> list[Event]:
        """All events (default), or those visible to `player` (None = spectator)."""
        if player == -2:
            return list(self._events)
        return [e for e in self._events if e.visible_to is None or (player is not None and player in e.visible_to)]

    def information_state_string(self, player: Seat) -> str:
        return json.dumps(self.observation(player), sort_keys=True, separators=(",", ":"))

    def observation_string(self, player: Viewer) -> str:
        return json.dumps(self.observation(player), sort_keys=True, separators=(",", ":"))

    def action_info(self, action: ActionId) -> dict[str, Any]:
        """Structured description of a legal action (or chance outcome) for user interfaces and tests:
        "action", "kind", "args" (from the game's codec) and "label"; games add context keys such as
        "target" so a front end can place the choice on the board."""
        codec = self.game.codec
        if codec is not None and not self.is_chance_node() and 0 <= action < codec.size:
            info = codec.info(action)
            info["label"] = self.action_to_string(action)
            return info
        return {
            "action": action,
            "kind": "chance" if self.is_chance_node() else "action",
            "args": {},
            "label": self.action_to_string(action),
        }

    def _observation_common(self, player: Viewer) -> Observation:
        """Keys every game's observation carries (games add their own on top). A game that declares DECISIONS
        ends its observation with `_with_decision(obs)`; for one that does not, the generic ones are added here."""
        cur = self.current_player()
        terminal = cur == TERMINAL
        obs: Observation = {
            "game": self.game.name,
            "viewer": player,
            "move_number": len(self._history),
            "current_player": cur,
            "is_terminal": terminal,
            "returns": list(self.returns()) if terminal else None,
            "legal_actions": [self.action_info(a) for a in self.legal_actions()]
            if player is not None and player == cur
            else [],
            "events": self._events_json(player),
        }
        if self.game.DECISIONS is None:
            self._with_decision(obs)
        return obs

    def _with_decision(self, obs: ObservationT) -> ObservationT:
        """Add "decision" and "prompt" to a finished observation (from the game's DECISIONS and that view alone)."""
        decisions = self.game.DECISIONS or DEFAULT_DECISIONS
        obs["decision"], obs["prompt"] = decisions.describe(obs, self.game.player_name)
        return obs

    def _events_json(self, player: Viewer) -> list[EventView]:
        """The events `player` may see, as JSON dicts, kept incrementally: each event is serialised once per
        viewer, however often the view is asked for (a fresh list; the dicts are shared, read-only)."""
        views = self._event_views
        if views is None:
            views = self._event_views = {}
        key = player if player is not None and player >= 0 else None
        cached = views.get(key)
        if cached is None:
            cached = views[key] = [0]  # slot 0: how many events have been read
        seen = cached[0]
        events = self._events
        if seen < len(events):
            for e in events[seen:]:
                if e.visible_to is None or (key is not None and key in e.visible_to):
                    cached.append({"rule": e.rule, "text": e.text, "step": e.step})
            cached[0] = len(events)
        return cached[1:]

    def event_count(self) -> int:
        """How many events the match has produced so far (all viewers)."""
        return len(self._events)

    def events_since(self, start: int, player: int | None = -2) -> list[Event]:
        """Events from index `start` on: all (default), or those visible to `player` (None = spectator)."""
        new = self._events[start:]
        if player == -2:
            return new
        return [e for e in new if e.visible_to is None or (player is not None and player in e.visible_to)]

    def event_cache(self, key: Any) -> list[Any]:
        """A list kept with this state for a reader that folds the events incrementally (with `event_count`
        and `events_since`): empty at first; emptied when a past event is rewritten (resampling); a clone
        starts with none. Keys are the reader's own (a tuple naming it); `str` keys are reserved."""
        views = self._event_views
        if views is None:
            views = self._event_views = {}
        cache = views.get(key)
        if cache is None:
            cache = views[key] = []
        return cache

    def _view_part(self, key: str, inputs: Any, build: Callable[[], Any]) -> Any:
        """A part of an observation kept with this state between observations: built by `build()` the first
        time, and again only when `inputs` (a cheap value naming everything the part is built from: its fields,
        and the viewer if it depends on who looks) differ, by `==`, from those it was last built from. Otherwise
        the very same object is returned, so that whoever builds views one move after another (the server, a
        renderer) pays only for the parts that changed, and can tell unchanged parts by identity.
        Observations are read-only for their readers: a part may be shared by several observations. Parts are
        forgotten when a past event is rewritten (resampling); a clone starts with none."""
        if self._event_views is None:
            self._event_views = {}
        views = cast("dict[Any, Any]", self._event_views)  # str keys are the core's own (event_cache)
        parts: dict[str, tuple[Any, Any]] | None = views.get("parts")
        if parts is None:
            parts = views["parts"] = {}
        kept = parts.get(key)
        if kept is not None and kept[0] == inputs:
            return kept[1]
        value = build()
        parts[key] = (inputs, value)
        return value

    def take_views_from(self, earlier: State) -> bool:
        """Take over what `earlier` kept for building views (each viewer's events as JSON, the parts of its views,
        readers' event caches), when this state is `earlier` played on: a clone of it with actions applied since,
        so that its events begin with all of `earlier`'s. `earlier` is left with none (it may be used again; it
        rebuilds them). Returns False, taking nothing, if this state does not follow on from `earlier`."""
        kept = earlier._event_views
        n = len(earlier._events)
        if kept is None or len(self._events) < n or (n and self._events[n - 1] is not earlier._events[n - 1]):
            return False
        if len(self._history) < len(earlier._history) or self.game is not earlier.game:
            return False
        earlier._event_views = None
        self._event_views = kept
        return True

    def _emit(self, rule: str, text: str, visible_to: tuple[int, ...] | None = None) -> None:
        if self._quiet:
            return
        # tuple.__new__ straight away: the same Event, without NamedTuple's generated __new__ (a Python call)
        self._events.append(_new_tuple(Event, (rule, text, visible_to, len(self._history))))

    def _replace_event(self, index: int, **changes: Any) -> None:
        """Change a past event (only `resample_from_infostate` does, on its clone); keeps the JSON views true.
        A quiet state recorded no event to change."""
        if self._quiet:
            return
        self._events[index] = self._events[index]._replace(**changes)
        self._event_views = None

    def _finish(self, result: list[float] | tuple[float, ...], rule: str, text: str, capped: bool = False) -> None:
        """End the match (the one way every game ends): fix the returns, say why, and mark a safety-cap ending.

        The game's `current_player()` must answer TERMINAL from now on (games set their phase to OVER).
        """
        self._result = tuple(float(x) for x in result)
        self._capped = self._capped or capped
        self._emit(rule, text)

    def _copy_base_into(self, other: State) -> None:
        """Copy the contract's own fields (PhasedState: and the phase) into `other`, a blank state of the same
        class: the start of a `clone()` written out field by field (see the class docstring)."""
        other.game = self.game
        other._history = self._history.copy()
        # A quiet state never changes its events (no _emit, no _replace_event), so its copies share the list until
        # one leaves quiet mode (set_quiet copies it then): a search's copies skip copying the match's events.
        other._events = self._events if self._quiet else self._events.copy()
        other._legal_cache = self._legal_cache
        other._result = self._result
        other._capped = self._capped
        other._event_views = None
        other._quiet = self._quiet

    def __str__(self) -> str:
        return json.dumps(self.observation(None), indent=1)
