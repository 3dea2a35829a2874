"""A game's turn as a table of phases: what is being decided, by whom, what is legal and what each action does.

A phased game names its phases once, as the plain integer attributes of a class (`Phase.SPIN`: the one name of
the phase in code, a number from 0), and declares one `PhaseRule` per phase, as data, keyed by that name: who
acts (chance, nobody at the end, or one of the game's roles, which the state turns into a seat), the phases that
may follow one action here (`next`, as boardgame.io's phase map declares), how the legal actions (or chance
outcomes) are listed, what each kind of action does there (one handler per action kind: the codec decodes the
action once, a table lookup, and the handler receives its decoded argument), why anything else is refused,
what the observation shows as the phase (`shown`, by default the name in lower case) and which decision
(core/prompts.py) it names. `phase_table` checks the rules against the names and orders them; the state routes
every contract call through the rule of its current phase, as boardgame.io's flow routes moves through its
phase map and catanatron dispatches once per action type; the procedures themselves are plain functions of the
state, grouped by phase in the game's own modules, each naming the rule ID it carries out in its docstring.

    class Phase:
        SPIN = 0
        GUN = 1
        ...

    PHASES = phase_table(Phase, [
        PhaseRule(Phase.SPIN, CHANCE, next=(Phase.GUN, ...), outcomes=spin_outcomes, chance=spin),
        PhaseRule(Phase.GUN, PLAYER, next=(Phase.SPIN, ...), legal=gun_positions, on={"gun": fire}, why=why_gun),
        ...
    ])

The phase names are plain ints rather than an `IntEnum` because the hot paths compare and index with them (an
enum member costs several times a plain class attribute to look up). `boardcade.testing.check_game` verifies
that every transition a match takes is declared, and `phase_graph` draws the declared table (each game's rules
document carries its graph). A `PhasedGame` builds, once per loaded game, each action's kind number and argument
from its codec and each phase's handler per kind; a `PhasedState` keeps its phase and the seat to move (`_cur`,
set by `_enter`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from .codec import Action, ActionCodec
from .errors import GameError
from .game import CHANCE, SHARE, TERMINAL, Game, State

S = TypeVar("S", bound="PhasedState")

# The line above the phase graph in a rules document (tests/core/test_phase_tables.py keeps the copy current).
GRAPH_NOTE = "<!-- The phase graph, drawn from the phase table (PhasedGame.phase_graph): do not edit by hand. -->"

# The usual role of a phase in which a player acts: "the player whose turn it is" (games may number more roles).
PLAYER = 0

Handler = Callable[[S, Any], None]


class PhaseRule(Generic[S]):
    """One phase of a game's turn (see the module docstring).

    phase: the phase (its number, named by the game's `Phase` class).
    actor: CHANCE, TERMINAL, or a role number >= 0 that the state's `_seat(role)` turns into a seat.
    next: the phases the state may be in after one action (or chance outcome) here, itself included when it may
        stay; empty only for the terminal phase.
    legal: state -> the sorted legal actions (a phase in which a player acts).
    on: action kind -> handler(state, argument) (a phase in which a player acts); the argument is the one the
        game decodes for the action (`PhasedGame.action_argument`).
    outcomes: state -> [(outcome, probability)] (a chance phase).
    fixed_outcomes: game -> [(outcome, probability)], for a chance phase whose outcomes never change during a
        game (a die): read once per loaded game instead of at every chance node.
    chance: handler(state, outcome) (a chance phase).
    why: (state, action) -> why that action is not legal now, for the player (default: a generic sentence).
    shown: what the observation's "phase" shows (default: the phase's name in lower case).
    decision: the decision kind the observation names (core/prompts.py), when the game declares decisions
        (default: what is shown).

    `key` (the phase's name in code) and `name` (what is shown) are filled in by `phase_table`.
    """

    __slots__ = (
        "phase",
        "key",
        "name",
        "actor",
        "next",
        "legal",
        "on",
        "outcomes",
        "fixed_outcomes",
        "chance",
        "why",
        "decision",
    )

    def __init__(
        self,
        phase: int,
        actor: int,
        *,
        next: Sequence[int] = (),  # noqa: A002 (boardgame.io's word)
        legal: Callable[[S], list[int]] | None = None,
        on: Mapping[str, Handler[S]] | None = None,
        outcomes: Callable[[S], list[tuple[int, float]]] | None = None,
        fixed_outcomes: Callable[[Any], list[tuple[int, float]]] | None = None,
        chance: Handler[S] | None = None,
        why: Callable[[S, int], str] | None = None,
        shown: str = "",
        decision: str = "",
    ):
        if actor == CHANCE:
            if (outcomes is None) == (fixed_outcomes is None) or chance is None or legal is not None or on:
                raise GameError(
                    f"chance phase {phase} needs outcomes (or fixed_outcomes), a chance handler and no player moves"
                )
        elif actor != TERMINAL and (legal is None or not on):
            raise GameError(f"phase {phase} needs its legal actions and a handler per action kind")
        if (actor == TERMINAL) != (not next):
            raise GameError(f"phase {phase} must declare its next phases (next=...), and only the terminal one none")
        self.phase = phase
        self.key = ""
        self.name = shown
        self.decision = decision
        self.actor = actor
        self.next = tuple(dict.fromkeys(next))  # (each once, in the order declared)
        self.legal = legal
        self.on: dict[str, Handler[S]] = dict(on or {})
        self.outcomes = outcomes
        self.fixed_outcomes = fixed_outcomes
        self.chance = chance
        self.why = why

    def handlers(self) -> list[Callable[..., Any]]:
        """The procedures that carry out this phase's actions (or chance outcomes)."""
        return [*self.on.values(), *([self.chance] if self.chance is not None else [])]

    def __repr__(self) -> str:
        return f"PhaseRule({self.key or self.phase!r})"


def phase_names(phases: type) -> dict[int, str]:
    """A `Phase` class's phases: number -> name in code (its upper-case integer attributes, numbered 0..n-1)."""
    found = {v: k for k, v in vars(phases).items() if k.isupper() and type(v) is int}
    if len(found) != sum(1 for k, v in vars(phases).items() if k.isupper() and type(v) is int):
        raise GameError(f"{phases.__name__} gives two phases one number")
    if sorted(found) != list(range(len(found))):
        raise GameError(f"{phases.__name__} must number its phases 0..{len(found) - 1}, got {sorted(found)}")
    return found


def phase_table(phases: type, rules: Sequence[PhaseRule[S]]) -> tuple[PhaseRule[S], ...]:
    """The game's rules, one per phase of `phases` (its `Phase` class), checked and ordered by phase number (the
    index the state's hot path uses); fills in each rule's `key` and shown `name`."""
    names = phase_names(phases)
    by_phase: dict[int, PhaseRule[S]] = {}
    for rule in rules:
        if rule.phase not in names:
            raise GameError(f"a rule names phase {rule.phase!r}, which {phases.__name__} does not declare")
        if rule.phase in by_phase:
            raise GameError(f"phase {names[rule.phase]} has two rules")
        unknown = [n for n in rule.next if n not in names]
        if unknown:
            raise GameError(f"phase {names[rule.phase]} declares unknown next phases {unknown}")
        by_phase[rule.phase] = rule
    missing = [names[p] for p in sorted(names) if p not in by_phase]
    if missing:
        raise GameError(f"{phases.__name__} phases without a rule: {', '.join(missing)}")
    table = tuple(by_phase[p] for p in range(len(names)))
    for rule in table:
        rule.key = names[rule.phase]
        rule.name = rule.name or rule.key.lower()
        rule.decision = rule.decision or rule.name
    return table


def phase_graph(table: Sequence[PhaseRule[Any]], first: int = 0, roles: Mapping[int, str] | None = None) -> str:
    """The declared table as a Mermaid flowchart (the phase graph a rules document shows): each phase by its
    name in code, with what the observation shows and who acts (`roles` names the game's roles; a chance node is
    drawn round, the end as a circle), and one line of arrows from each phase to its declared next phases."""
    who = {CHANCE: "chance", PLAYER: "player", **(roles or {})}
    lines = ["flowchart TD", f"    start(( )) --> {table[first].key}"]
    for rule in table:
        actor = "" if rule.actor == TERMINAL else f" ({who.get(rule.actor, f'role {rule.actor}')})"
        label = f'"{rule.key}: {rule.name}{actor}"'
        shape = "([{}])" if rule.actor == CHANCE else "((({})))" if rule.actor == TERMINAL else "[{}]"
        lines.append(f"    {rule.key}{shape.format(label)}")
    for rule in table:
        if rule.next:
            lines.append(f"    {rule.key} --> {' & '.join(table[n].key for n in rule.next)}")
    return "\n".join(lines) + "\n"


class PhasedGame(Game):
    """A game whose states follow a table of phases (`PHASES`, built by `phase_table`, indexed by phase number).

    On loading, the codec's actions are decoded once into `kind_of[action]` (the kind's number, its block in the
    codec) and `arg_of[action]` (`action_argument`), and each phase's handlers into `dispatch[phase][kind]`."""

    PHASES: ClassVar[Sequence[PhaseRule[Any]]] = ()
    # The kind of chance each chance phase draws (`Game.chance_kind`), by phase name; a chance phase left out is
    # a kind of its own, named after the phase.
    CHANCE_KINDS: ClassVar[Mapping[str, str]] = {}
    FIRST_PHASE: ClassVar[int] = 0  # the phase a match usually starts in (the phase graph's start)
    PHASE_ROLES: ClassVar[Mapping[int, str]] = {}  # the roles of the phases' actors, by name (the phase graph)

    kind_of: tuple[int, ...]
    arg_of: tuple[Any, ...]
    dispatch: tuple[tuple[Handler[Any] | None, ...], ...]
    # Per phase, read from PHASES once (the state's hot path indexes these): its actor, legal actions, chance.
    actor_of: tuple[int, ...]
    legal_of: tuple[Callable[[Any], list[int]], ...]
    outcomes_of: tuple[Callable[[Any], list[tuple[int, float]]], ...]
    fixed_outcomes_of: tuple[list[tuple[int, float]] | None, ...]
    chance_of: tuple[Handler[Any] | None, ...]
    chance_kind_of: tuple[str, ...]

    action_codec: ActionCodec  # the game's codec (never None for a phased game)

    def __init__(self, **options: Any):
        super().__init__(**options)
        codec = self.codec
        if codec is None:
            raise GameError(f"{type(self).__name__} needs an action codec to dispatch actions by kind")
        self.action_codec = codec
        table = [codec.decode(a) for a in range(codec.size)]
        self.kind_of = tuple(a.block for a in table)
        self.arg_of = tuple(self.action_argument(a) for a in table)
        self.prepare()
        self._build_phase_tables(codec)

    def prepare(self) -> None:
        """Build the game's own tables from its options and codec (the actions are decoded by now; the phase
        table is read after this)."""

    def _build_phase_tables(self, codec: ActionCodec) -> None:
        kinds = codec.kinds()
        dispatch = []
        for rule in self.PHASES:
            unknown = sorted(set(rule.on) - set(kinds))
            if unknown:
                raise GameError(f"phase {rule.name!r} handles unknown action kinds {unknown}; kinds: {kinds}")
            dispatch.append(tuple(rule.on.get(kind) for kind in kinds))
        self.dispatch = tuple(dispatch)
        self.actor_of = tuple(rule.actor for rule in self.PHASES)
        self.legal_of = tuple(rule.legal or _nothing for rule in self.PHASES)
        self.outcomes_of = tuple(rule.outcomes or _no_outcomes for rule in self.PHASES)
        self.fixed_outcomes_of = tuple(
            None if rule.fixed_outcomes is None else rule.fixed_outcomes(self) for rule in self.PHASES
        )
        self.chance_of = tuple(rule.chance for rule in self.PHASES)
        chance_phases = {rule.name for rule in self.PHASES if rule.actor == CHANCE}
        unknown = sorted(set(self.CHANCE_KINDS) - chance_phases)
        if unknown:
            raise GameError(
                f"CHANCE_KINDS names phases that are not chance phases: {unknown}; "
                f"chance phases: {sorted(chance_phases)}"
            )
        self.chance_kind_of = tuple(
            self.CHANCE_KINDS.get(rule.name, rule.name) if rule.actor == CHANCE else "" for rule in self.PHASES
        )

    def chance_kind(self, state: State) -> str:
        """The kind of chance the current chance phase of `state` draws (CHANCE_KINDS; default: the phase's name)."""
        return self.chance_kind_of[cast("PhasedState", state)._phase]

    @classmethod
    def phase_graph(cls) -> str:
        """The declared phase table as a Mermaid diagram, fenced as the game's rules document carries it."""
        graph = phase_graph(cls.PHASES, cls.FIRST_PHASE, cls.PHASE_ROLES)
        return f"{GRAPH_NOTE}\n```mermaid\n{graph}```\n"

    def action_argument(self, action: Action) -> Any:
        """What a handler receives for `action` (default: its one argument's value, None without arguments, the
        tuple of values with several)."""
        values = tuple(action.args.values())
        if not values:
            return None
        return values[0] if len(values) == 1 else values


class PhasedState(State):
    """A state that routes the contract through its game's phase table. Subclasses keep `_phase` and `_cur`
    through `_enter(phase)` and say which seat plays a role (`_seat`)."""

    FIELDS = {"_phase": SHARE, "_cur": SHARE}
    __slots__ = tuple(FIELDS)
    game: PhasedGame
    _phase: int  # the current phase (an index into the game's PHASES)
    _cur: int  # the seat to move, CHANCE or TERMINAL (from the phase's actor)

    def _seat(self, role: int) -> int:
        """The seat that plays `role` (a phase's actor >= 0) now. Every phased game's state says."""
        raise TypeError(f"{type(self).__name__} does not implement _seat() (which seat plays role {role})")

    def _enter(self, phase: int) -> None:
        """Make `phase` the current phase; the seat to move follows from its actor."""
        actor = self.game.actor_of[phase]
        self._phase = phase
        self._cur = actor if actor < 0 else self._seat(actor)

    def current_player(self) -> int:
        return self._cur

    def _copy_base_into(self, other: State) -> None:
        State._copy_base_into(self, other)
        other._phase = self._phase  # type: ignore[attr-defined]
        other._cur = self._cur  # type: ignore[attr-defined]

    def phase_rule(self) -> PhaseRule[Any]:
        """The rule of the current phase."""
        return self.game.PHASES[self._phase]

    def _legal_actions(self) -> list[int]:
        return self.game.legal_of[self._phase](self)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.game
        fixed = g.fixed_outcomes_of[self._phase]
        return fixed if fixed is not None else g.outcomes_of[self._phase](self)

    def _apply(self, action: int) -> None:
        g = self.game
        if self._cur == CHANCE:
            g.chance_of[self._phase](self, action)  # type: ignore[misc]
        else:
            g.dispatch[self._phase][g.kind_of[action]](self, g.arg_of[action])  # type: ignore[misc]

    def _why_illegal(self, action: int) -> str:
        g = self.game
        rule = g.PHASES[self._phase]
        if self._cur != CHANCE and not 0 <= action < g.num_distinct_actions:
            return f"it is outside this game's actions 0..{g.num_distinct_actions - 1}"
        if rule.why is not None:
            return rule.why(self, action)  # (at a chance node, any integer)
        if self._cur == CHANCE:
            return f"it is not one of this chance node's outcomes ('{rule.name}')"
        return f"while deciding '{rule.name}' only the listed actions are allowed"


def _nothing(state: Any) -> list[int]:
    return []


def _no_outcomes(state: Any) -> list[tuple[int, float]]:
    return []
