"""`check_game`: the contract and property checks every game must pass, shipped for games outside this package
too (as PettingZoo ships `api_test`).

    from boardcade.testing import check_game
    check_game(load_game("qbert"))                  # raises GameCheckError naming the broken promise

Matches are played with a fixed seed (uniformly random moves, chance by its probabilities), and at sampled
steps the checker verifies: legal actions and chance outcomes, codec and action_info, illegal actions refused
with the state unchanged, independent clones, replay from history and from a record, JSON views, hidden
information (`resample_from_infostate` indistinguishable to the player), every view's decision kind and prompt
(one declared kind for all viewers, "over" at the end), events' rule IDs documented in the game's rules
document, returns and length bounds, and the declared GameType (teams, perfect information).
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import GameError, IllegalActionError
from ..core.game import CHANCE, TERMINAL, Game, State
from ..core.loop import sample_chance
from ..core.record import Record, record_from_json
from ..core.registry import game_names, game_spec, load_game


class GameCheckError(AssertionError):
    """A game broke a promise of the contract. The message says which, and how to reproduce it."""


@dataclass
class CheckReport:
    game: str
    matches: int = 0
    steps: int = 0
    checks: dict[str, int] = field(default_factory=dict)

    def count(self, name: str) -> None:
        self.checks[name] = self.checks.get(name, 0) + 1


def _fail(what: str, state: State | None = None) -> GameCheckError:
    where = "" if state is None else f" (reproduce: actions {state.history()} from the initial state)"
    return GameCheckError(what + where)


def _views(state: State) -> tuple:
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
            state.apply_action(action)  # type: ignore[arg-type]
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


def _decision(obs: dict[str, Any], p: int | None, state: State) -> str:
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
    report.count("terminal")


def _check_replay(state: State, report: CheckReport) -> None:
    game = state.game
    replay = game.new_initial_state()
    for a in state.history():
        replay.apply_action(a)
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


def check_game(
    game: Game | str,
    *,
    matches: int = 3,
    seed: int = 0,
    max_steps: int = 3000,
    every: int = 7,
    options: dict[str, Any] | None = None,
) -> CheckReport:
    """Play `matches` seeded random matches of `game` and check the contract along them (every `every`-th state
    in full, every state cheaply). Raises GameCheckError on the first broken promise; returns what was checked."""
    if isinstance(game, str):
        game = load_game(game, **(options or {}))
    report = CheckReport(game.name)
    _check_static(game, report)
    rule_ids = documented_rule_ids(game) if game.name in game_names() else None
    rng = random.Random(seed)
    for _ in range(matches):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            if steps % every == 0:
                _check_step(state, rng, report, rule_ids)
            legal = state.legal_actions()
            if not legal:
                raise _fail("a state that is not terminal has no legal action", state)
            state.apply_action(
                sample_chance(state, rng) if state.is_chance_node() else legal[int(rng.random() * len(legal))]
            )
            steps += 1
        report.steps += steps
        report.matches += 1
        if state.is_terminal():
            _check_end(state, report)
        _check_replay(state, report)
    return report
