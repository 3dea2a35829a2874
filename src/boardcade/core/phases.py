"""A game's turn as a table of phases: what is being decided, by whom, what is legal and what each action does.

A phased game numbers its phases (an `IntEnum`, the numbers index the table) and declares one `PhaseRule` per
phase, as data: the name the observation shows, who acts (chance, nobody at the end, or one of the game's
roles, which the state turns into a seat), how the legal actions (or chance outcomes) are listed, what each
kind of action does there (one handler per action kind: the codec decodes the action once, a table lookup, and
the handler receives its decoded argument), why anything else is refused, and which decision (core/prompts.py)
the observation names. The state routes every contract call through the table of its current phase, as
boardgame.io's flow routes moves through its phase map and catanatron dispatches once per action type; the
procedures themselves are plain functions of the state, grouped by phase in the game's own modules.

    PHASES = (
        PhaseRule("spin", CHANCE, outcomes=spin_outcomes, chance=spin, decision="spin"),
        PhaseRule("gun", PLAYER, legal=gun_positions, on={"gun": move_gun_and_fire}, why=why_gun, decision="gun"),
        ...
    )

A `PhasedGame` builds, once per loaded game, each action's kind number and argument from its codec and each
phase's handler per kind; a `PhasedState` keeps its phase and the seat to move (`_cur`, set by `_enter`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from .codec import Action, ActionCodec
from .errors import GameError
from .game import CHANCE, SHARE, TERMINAL, Game, State

S = TypeVar("S", bound="PhasedState")

# The usual role of a phase in which a player acts: "the player whose turn it is" (games may number more roles).
PLAYER = 0

Handler = Callable[[S, Any], None]


class PhaseRule(Generic[S]):
    """One phase of a game's turn (see the module docstring).

    name: the observation's "phase".
    actor: CHANCE, TERMINAL, or a role number >= 0 that the state's `_seat(role)` turns into a seat.
    legal: state -> the sorted legal actions (a phase in which a player acts).
    on: action kind -> handler(state, argument) (a phase in which a player acts); the argument is the one the
        game decodes for the action (`PhasedGame.action_argument`).
    outcomes: state -> [(outcome, probability)] (a chance phase).
    fixed_outcomes: game -> [(outcome, probability)], for a chance phase whose outcomes never change during a
        game (a die): read once per loaded game instead of at every chance node.
    chance: handler(state, outcome) (a chance phase).
    why: (state, action) -> why that action is not legal now, for the player (default: a generic sentence).
    decision: the decision kind the observation names (core/prompts.py), when the game declares decisions.
    """

    __slots__ = ("name", "actor", "legal", "on", "outcomes", "fixed_outcomes", "chance", "why", "decision")

    def __init__(
        self,
        name: str,
        actor: int,
        *,
        legal: Callable[[S], list[int]] | None = None,
        on: Mapping[str, Handler[S]] | None = None,
        outcomes: Callable[[S], list[tuple[int, float]]] | None = None,
        fixed_outcomes: Callable[[Any], list[tuple[int, float]]] | None = None,
        chance: Handler[S] | None = None,
        why: Callable[[S, int], str] | None = None,
        decision: str = "",
    ):
        if actor == CHANCE:
            if (outcomes is None) == (fixed_outcomes is None) or chance is None or legal is not None or on:
                raise GameError(
                    f"chance phase {name!r} needs outcomes (or fixed_outcomes), a chance handler and no player moves"
                )
        elif actor != TERMINAL and (legal is None or not on):
            raise GameError(f"phase {name!r} needs its legal actions and a handler per action kind")
        self.name = name
        self.actor = actor
        self.legal = legal
        self.on: dict[str, Handler[S]] = dict(on or {})
        self.outcomes = outcomes
        self.fixed_outcomes = fixed_outcomes
        self.chance = chance
        self.why = why
        self.decision = decision or name

    def __repr__(self) -> str:
        return f"PhaseRule({self.name!r})"


class PhasedGame(Game):
    """A game whose states follow a table of phases (`PHASES`, indexed by phase number).

    On loading, the codec's actions are decoded once into `kind_of[action]` (the kind's number, its block in the
    codec) and `arg_of[action]` (`action_argument`), and each phase's handlers into `dispatch[phase][kind]`."""

    PHASES: ClassVar[Sequence[PhaseRule[Any]]] = ()
    # The kind of chance each chance phase draws (`Game.chance_kind`), by phase name; a chance phase left out is
    # a kind of its own, named after the phase.
    CHANCE_KINDS: ClassVar[Mapping[str, str]] = {}

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

    def phase_rule(self) -> PhaseRule[Any]:
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
