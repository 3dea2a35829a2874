"""`check_game`: the contract and property checks every game must pass, shipped for games outside this package
too (as PettingZoo ships `api_test`).

    from boardcade.testing import check_game
    check_game(load_game("qbert"))                  # raises GameCheckError naming the broken promise

Matches are played with a fixed seed (uniformly random moves, chance by its probabilities), and at sampled
steps the checker verifies: legal actions and chance outcomes, codec and action_info, illegal actions refused
with the state unchanged, independent clones, replay from history and from a record, JSON views, hidden
information (`resample_from_infostate` indistinguishable to the player), every view's decision kind and prompt
(one declared kind for all viewers, "over" at the end), events' rule IDs documented in the game's rules
document, returns and length bounds, and the declared GameType (teams, perfect information). At every step of a
phased game (core/phases.py), the phase it moves to must be one its table declares as next. The matches are
played by the one play loop (core/loop.py).

The parts the game's GameSpec declares are checked too: its renderer draws every view, its heuristic gives every
player a value in [-1, 1] and leaves the state unchanged, its tensors stay inside their declared bounds (where
numpy is installed; `CheckReport.skipped` says what could not run), and its scenario builder's position survives
a clone and a pickle and plays on alike. Finally the same seed must give the same match.
"""

from __future__ import annotations

import io
import json
import math
import pickle
import random
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.domain import ActionId, Seat, Viewer
from ..core.errors import GameError, IllegalActionError
from ..core.game import CHANCE, TERMINAL, Game, Observation, State
from ..core.loop import play, random_decider, same_for_all, sample_chance
from ..core.phases import PhasedState, PhaseRule
from ..core.record import Record, record_from_json
from ..core.registry import game_names, game_spec, load_game
from ..core.spec import GameSpec


class GameCheckError(AssertionError):
    """A game broke a promise of the contract. The message says which, and how to reproduce it."""


@dataclass
class CheckReport:
    game: str
    matches: int = 0
    steps: int = 0
    checks: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  # checks that could not run here, and why

    def count(self, name: str) -> None:
        self.checks[name] = self.checks.get(name, 0) + 1

    def skip(self, what: str) -> None:
        if what not in self.skipped:
            self.skipped.append(what)


def _fail(what: str, state: State | None = None) -> GameCheckError:
    where = "" if state is None else f" (reproduce: actions {state.history()} from the initial state)"
    return GameCheckError(what + where)


# What a step must leave unchanged when it is refused: history, player to move, legal actions, returns, and the
# observation and information-state strings of every viewer.
_Views = tuple[list[ActionId], Seat, list[ActionId], list[float], list[str], list[str]]


def _views(state: State) -> _Views:
    n = state.game.num_players
    return (
        state.history(),
        state.current_player(),
        state.legal_actions(),
        state.returns(),
        [state.observation_string(p) for p in [None, *range(n)]],
        [state.information_state_string(p) for p in range(n)],
    )


def documented_rule_ids(game: Game) -> set[str] | None:
    """Rule IDs defined in the game's rules document (None when the game has no document or no prefix)."""
    try:
        spec = game_spec(game.name)
    except GameError:
        return None
    text = spec.rules_text()
    if not text or not spec.rule_prefix:
        return None
    return set(re.findall(rf"\b{re.escape(spec.rule_prefix)}-[0-9]+(?:\.[0-9]+)*\b", text))


def _check_static(game: Game, report: CheckReport) -> None:
    gt = game.game_type
    n = game.num_players
    if n < 1 or gt.num_players != n:
        raise _fail(f"game_type.num_players {gt.num_players} disagrees with num_players {n}")
    seats = sorted(p for side in gt.teams for p in side)
    if seats != list(range(n)):
        raise _fail(f"teams {gt.teams} must seat every player 0..{n - 1} exactly once")
    codec = game.codec
    if codec is not None and codec.size != game.num_distinct_actions:
        raise _fail(
            f"the action codec has {codec.size} actions but num_distinct_actions is {game.num_distinct_actions}"
        )
    if game.max_game_length < 1:
        raise _fail("max_game_length must be positive")
    report.count("static")


def _check_step(state: State, rng: random.Random, report: CheckReport, rule_ids: set[str] | None) -> None:
    game = state.game
    n = game.num_players
    cur = state.current_player()
    legal = state.legal_actions()
    if not legal:
        raise _fail("a state that is not terminal has no legal action", state)
    if legal != sorted(set(legal)):
        raise _fail(f"legal_actions() must be sorted and unique, got {legal}", state)
    if cur == CHANCE:
        outcomes = state.chance_outcomes()
        if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            raise _fail(f"chance probabilities must be positive and sum to 1: {outcomes}", state)
        if [a for a, _ in outcomes] != legal:
            raise _fail("chance_outcomes() and legal_actions() disagree at a chance node", state)
        if not all(0 <= a < game.max_chance_outcomes for a in legal):
            raise _fail(f"chance outcomes must lie in 0..{game.max_chance_outcomes - 1}: {legal}", state)
        if not game.game_type.chance:
            raise _fail("the game declares no chance but reached a chance node", state)
    else:
        if not 0 <= cur < n:
            raise _fail(f"current_player() {cur} is neither a seat, CHANCE nor TERMINAL", state)
        if state.chance_outcomes() != []:
            raise _fail("chance_outcomes() must be [] at a player's node", state)
        if not all(0 <= a < game.num_distinct_actions for a in legal):
            raise _fail(f"actions must lie in 0..{game.num_distinct_actions - 1}: {legal}", state)
    for a in legal:
        info = state.action_info(a)
        if info.get("action") != a or not isinstance(info.get("label"), str) or not info["label"]:
            raise _fail(f"action_info({a}) needs the action and a non-empty label: {info}", state)
        if not isinstance(info.get("kind"), str) or not isinstance(info.get("args"), dict):
            raise _fail(f"action_info({a}) needs a 'kind' text and an 'args' object: {info}", state)
        json.dumps(info)
    report.count("legal actions and action_info")

    # Returned lists are fresh copies.
    state.legal_actions().clear()
    if state.legal_actions() != legal:
        raise _fail("clearing the list legal_actions() returned changed the state", state)

    # Illegal actions are refused and leave the state as it was.
    before = _views(state)
    limit = game.max_chance_outcomes if cur == CHANCE else game.num_distinct_actions
    bad = [a for a in (-1, limit, limit + 7, *range(min(limit, 40))) if a not in legal][:4]
    for action in [*bad, "x", 1.5, None]:
        try:
            state.apply_action(action)
        except IllegalActionError as e:
            if not str(e):
                raise _fail(f"refusing {action!r} must say why", state) from None
        else:
            raise _fail(f"illegal action {action!r} was accepted", state)
    if _views(state) != before:
        raise _fail("an illegal action changed the state", state)
    report.count("illegal actions refused")

    # Views are JSON, for every seat and spectators, and show events only to those who may see them.
    decisions = set()
    for p in [None, *range(n)]:
        obs = state.observation(p)
        json.dumps(obs)
        if obs.get("current_player") != cur:
            raise _fail(f"observation({p})['current_player'] disagrees with current_player()", state)
        shown = obs.get("events")
        if shown is not None and shown != [e.to_json() for e in state.events() if e.visible(p)]:
            raise _fail(f"observation({p}) shows events that player may not see (or hides some it may)", state)
        decisions.add(_decision(obs, p, state))
    if len(decisions) != 1:
        raise _fail(f"viewers disagree on the decision being taken: {sorted(decisions)}", state)
    if game.game_type.perfect_information and any(e.visible_to is not None for e in state.events()):
        raise _fail("a game declared perfect-information has events hidden from some players", state)
    if rule_ids is not None:
        unknown = sorted({e.rule for e in state.events()} - rule_ids)
        if unknown:
            raise _fail(f"events cite rule IDs the rules document does not define: {', '.join(unknown)}", state)
    report.count("views")

    # Hidden information: what a player is shown does not change when hidden parts are resampled.
    for p in range(n):
        other = state.resample_from_infostate(p, rng)
        if other.information_state_string(p) != state.information_state_string(p):
            raise _fail(f"resample_from_infostate({p}) changed what player {p} knows", state)
        if other.observation(p) != state.observation(p):
            raise _fail(f"resample_from_infostate({p}) changed player {p}'s observation", state)
        if game.game_type.perfect_information and other.observation(None) != state.observation(None):
            raise _fail("a perfect-information game resampled into a different state", state)
    report.count("hidden information")

    # Clones are independent.
    twin = state.clone()
    twin.apply_action(sample_chance(twin, rng) if cur == CHANCE else legal[int(rng.random() * len(legal))])
    if _views(state) != before:
        raise _fail("playing on a clone changed the original", state)
    report.count("clones")


def _decision(obs: Observation, p: Viewer, state: State) -> str:
    """The view's "decision", checked: a kind the game declares, with a "prompt" text (core/prompts.py)."""
    decision, prompt = obs.get("decision"), obs.get("prompt")
    if not isinstance(decision, str) or not decision or not isinstance(prompt, str) or not prompt:
        raise _fail(
            f"observation({p}) needs a 'decision' kind and a 'prompt' text, got {decision!r}, {prompt!r}", state
        )
    declared = state.game.DECISIONS
    if declared is not None and decision not in declared.kinds:
        raise _fail(f"observation({p}) shows decision {decision!r}, which the game does not declare", state)
    return decision


def _check_end(state: State, report: CheckReport) -> None:
    game = state.game
    if state.current_player() != TERMINAL or state.legal_actions() != []:
        raise _fail("a terminal state must have current_player() TERMINAL and no legal action", state)
    for p in [None, *range(game.num_players)]:
        if _decision(state.observation(p), p, state) != "over":
            raise _fail(f"observation({p})['decision'] must be 'over' at the end", state)
    returns = state.returns()
    if len(returns) != game.num_players or not all(-1.0 <= r <= 1.0 for r in returns):
        raise _fail(f"returns {returns} must give each of {game.num_players} players a value in [-1, 1]", state)
    gt = game.game_type
    for side in gt.teams:
        if len({returns[p] for p in side}) != 1:
            raise _fail(f"team mates {side} must share their result: {returns}", state)
    if gt.zero_sum and not math.isclose(sum(returns[side[0]] for side in gt.teams), 0.0, abs_tol=1e-9):
        raise _fail(f"a zero-sum game ended with returns {returns}", state)
    if state.move_number() > game.max_game_length:
        raise _fail(f"the match took {state.move_number()} actions, over max_game_length {game.max_game_length}")
    # Texts a player reads say "1 hop", "3 hops": never "hop(s)" (core.prompts.counted).
    clumsy = next((e.text for e in state.events() if "(s)" in e.text), None)
    if clumsy is not None:
        raise _fail(f"an event's text counts with '(s)' (write '1 hop', '3 hops'): {clumsy!r}", state)
    report.count("terminal")


def _check_replay(state: State, report: CheckReport) -> None:
    game = state.game
    replay = game.new_initial_state()
    for step, a in enumerate(state.history()):
        try:
            replay.apply_action(a)
        except GameError as e:  # the replay went another way (e.g. a game drawing randomness of its own)
            raise _fail(f"replaying the history does not give the same state: step {step} fails ({e})", state) from None
    if _views(replay) != _views(state):
        raise _fail("replaying the history does not give the same state", state)
    record = record_from_json(json.loads(Record.for_state(state, ["check"] * game.num_players).dumps()))
    try:
        again = record.replay()
    except GameError as e:
        raise _fail(f"the match's record does not replay: {e}", state) from None
    if again.history() != state.history() or again.returns() != state.returns():
        raise _fail("the match's record replays to a different result", state)
    report.count("replay and records")


def _rendered(renderer: Any, obs: Any) -> str:
    from rich.console import Console  # rich is one of boardcade's own dependencies

    console = Console(file=io.StringIO(), width=100, record=True, color_system=None, force_terminal=False)
    console.print(renderer(obs))
    return console.export_text()


def _check_parts(state: State, spec: GameSpec | None, report: CheckReport) -> None:
    """The spec's parts on this state: the renderer draws every view, the heuristic gives each player a value in
    [-1, 1] and changes nothing, and the tensors of every seat stay inside their declared bounds."""
    if spec is None:
        return
    game = state.game
    n = game.num_players
    before = _views(state)
    renderer = spec.part("renderer")
    if renderer is not None:
        for p in [None, *range(n)]:
            if not _rendered(renderer, state.observation(p)).strip():
                raise _fail(f"the renderer drew nothing for observation({p})", state)
        report.count("renderer")
    heuristic = spec.part("heuristic")
    if heuristic is not None:
        for p in range(n):
            value = heuristic(state, p)
            if not isinstance(value, (int, float)) or not -1.0 <= float(value) <= 1.0:
                raise _fail(f"the heuristic gave player {p} the value {value!r}, outside [-1, 1]", state)
        if _views(state) != before:
            raise _fail("the heuristic changed the state it evaluated", state)
        report.count("heuristic in [-1, 1]")
    if spec.tensors is not None:
        try:
            from ..interop.tensors import encoder_for  # needs numpy (an extra): checked where it is installed
        except ImportError:
            report.skip("tensors (numpy is not installed)")
            return
        encoder = encoder_for(game)
        for p in [None, *range(n)]:
            vector = encoder.encode(state.observation(p))
            outside = [i for i, v in enumerate(vector.tolist()) if not encoder.low[i] <= v <= encoder.high[i]]
            if len(vector) != encoder.size or outside:
                where = ", ".join(f"{_block_of(encoder.fields, i)}={vector[i]}" for i in outside[:5])
                raise _fail(f"the tensor of observation({p}) leaves its bounds: {where}", state)
        report.count("tensors in bounds")


def _block_of(fields: list[tuple[str, tuple[int, ...]]], index: int) -> str:
    """The name of the tensor block holding element `index`, and the element's place in it."""
    start = 0
    for name, shape in fields:
        size = math.prod(shape)
        if index < start + size:
            return f"{name}[{index - start}]"
        start += size
    return f"element {index}"


def _play_checked(
    game: Game,
    rng: random.Random,
    report: CheckReport,
    rule_ids: set[str] | None,
    spec: GameSpec | None,
    max_steps: int,
    every: int,
    parts_every: int,
) -> State:
    """One seeded random match through the one play loop (core/loop.py), checked along the way: every
    `every`-th state in full, the spec's parts at every `parts_every`-th full check."""
    state = game.new_initial_state()
    checked = [0]

    def check(s: State) -> None:
        _check_step(s, rng, report, rule_ids)
        if checked[0] % parts_every == 0:
            _check_parts(s, spec, report)
        checked[0] += 1

    def decide(s: State) -> int:
        legal = s.legal_actions()
        if not legal:
            raise _fail("a state that is not terminal has no legal action", s)
        return legal[int(rng.random() * len(legal))]

    phase = [state.phase_rule() if isinstance(state, PhasedState) else None]

    def after(s: State, player: int, action: int) -> None:
        if phase[0] is not None and isinstance(s, PhasedState):
            _check_transition(s, phase[0], action, report)
            phase[0] = s.phase_rule()
        if s.move_number() % every == 0 and not s.is_terminal():
            check(s)

    check(state)
    play(state, same_for_all(decide), rng, on_step=after, max_steps=max_steps)
    report.steps += state.move_number()
    report.matches += 1
    if state.is_terminal():
        _check_parts(state, spec, report)
        _check_end(state, report)
    _check_replay(state, report)
    return state


def _check_transition(state: PhasedState, before: PhaseRule[Any], action: int, report: CheckReport) -> None:
    """A phased game only moves between phases its table declares (each rule's `next`)."""
    after = state.phase_rule()
    if after.phase not in before.next:
        declared = ", ".join(state.game.PHASES[n].key for n in before.next)
        raise _fail(
            f"action {action} in phase {before.key} led to phase {after.key}, which the phase table does not "
            f"declare as a next phase of {before.key} (declared: {declared})",
            state,
        )
    report.count("declared phase transitions")


def _check_same_seed(game: Game, seed: int, max_steps: int, report: CheckReport) -> None:
    """The same seed gives the same match: two random matches played from one seed agree step by step."""
    first = play(
        game.new_initial_state(),
        same_for_all(random_decider(random.Random(seed))),
        random.Random(seed),
        max_steps=max_steps,
    )
    second = play(
        game.new_initial_state(),
        same_for_all(random_decider(random.Random(seed))),
        random.Random(seed),
        max_steps=max_steps,
    )
    if _views(first) != _views(second) or first.events() != second.events():
        raise _fail(f"two matches played from seed {seed} differ (the game must draw no randomness of its own)", first)
    report.count("same seed, same match")


def _check_scenario(game: Game, spec: GameSpec | None, rng: random.Random, report: CheckReport) -> None:
    """Scenarios round-trip: the position the game's scenario builder makes from an empty description passes the
    contract checks, and a clone, a pickled copy and the original play on alike under the same seed."""
    if spec is None or spec.scenario is None:
        return
    state = spec.part("scenario")(game)
    if not isinstance(state, State) or state.game is not game:
        raise _fail("the scenario builder must return a state of the game it is given")
    if state.is_terminal():
        report.count("scenario round trip")
        return
    _check_step(state, rng, report, None)
    copies = [state.clone(), pickle.loads(pickle.dumps(state))]
    for copy in copies:
        if _views(copy) != _views(state):
            raise _fail("a copy of a scenario's position (clone or pickle) differs from it", state)
    seed = rng.randrange(2**31)
    ends = []
    for s in [state, *copies]:
        play(s, same_for_all(random_decider(random.Random(seed))), random.Random(seed), max_steps=300)
        ends.append(_views(s))
    if any(end != ends[0] for end in ends[1:]):
        raise _fail("a scenario's position and its copies played on differently under the same seed", state)
    report.count("scenario round trip")


def check_game(
    game: Game | str,
    *,
    matches: int = 3,
    seed: int = 0,
    max_steps: int = 3000,
    every: int = 7,
    parts_every: int = 5,
    options: dict[str, Any] | None = None,
) -> CheckReport:
    """Play `matches` seeded random matches of `game` and check the contract along them (every `every`-th state
    in full, every state cheaply), and the parts its GameSpec declares (renderer, heuristic and tensors at every
    `parts_every`-th full check, the scenario builder), and that the same seed gives the same match. Raises
    GameCheckError on the first broken promise; returns what was checked (and what could not be)."""
    if isinstance(game, str):
        game = load_game(game, **(options or {}))
    report = CheckReport(game.name)
    _check_static(game, report)
    registered = game.name in game_names()
    rule_ids = documented_rule_ids(game) if registered else None
    spec = game_spec(game.name) if registered else None
    rng = random.Random(seed)
    for _ in range(matches):
        _play_checked(game, rng, report, rule_ids, spec, max_steps, every, parts_every)
    _check_same_seed(game, seed, max_steps, report)
    _check_scenario(game, spec, rng, report)
    return report
