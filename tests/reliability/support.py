"""Shared pieces of the engine property tests: cases, Hypothesis settings, scripted random play, snapshots.

A `Script` drives one match: player choices come from `picks` (an index into `legal_actions()`, taken
modulo its length; once the picks run out a seeded RNG chooses) and chance outcomes from the same seeded RNG
with their real probabilities. Hypothesis generates and shrinks scripts, so a failure names the seed and
picks, and each test also notes the action history that reproduces it.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st

import boardcade
from boardcade.core import State, game_class, sample_chance

# Every registered game and variant, plus a short safety cap per game so capped endings are exercised too.
_CAPPED = {"qbert": {"max_turns_per_round": 4}, "atari_centipede": {"max_rounds": 3}, "mb_centipede": {"max_turns": 12}}
CASES = [
    (f"{name}-{label}", name, opts) for name in boardcade.game_names() for label, opts in game_class(name).VARIANTS
]
CASES += [(f"{name}-capped", name, opts) for name, opts in _CAPPED.items() if name in boardcade.game_names()]


def cases(game: str | None = None) -> list[tuple[str, str, dict]]:
    return [c for c in CASES if game is None or c[1] == game]


def case_ids(selected: list[tuple[str, str, dict]]) -> list[str]:
    return [c[0] for c in selected]


# Modest, deterministic runs (the whole directory stays well under a minute on two shared cores).
# BOARDCADE_PROPERTY_SCALE=10 multiplies the example counts for a longer soak.
SCALE = max(1, int(os.environ.get("BOARDCADE_PROPERTY_SCALE", "1")))


def examples(n: int) -> settings:
    return settings(
        max_examples=n * SCALE,
        deadline=None,
        database=None,
        derandomize=SCALE == 1,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@dataclass(frozen=True)
class Script:
    seed: int
    picks: tuple[int, ...]


scripts = st.builds(
    Script,
    st.integers(min_value=0, max_value=2**32 - 1),
    st.lists(st.integers(min_value=0, max_value=255), max_size=60).map(tuple),
)


class Driver:
    """Chooses the next action of a scripted match."""

    def __init__(self, script: Script):
        self.rng = random.Random(script.seed)
        self.picks = script.picks
        self.used = 0

    def pick(self, legal: list[int]) -> int:
        if self.used < len(self.picks):
            k = self.picks[self.used]
            self.used += 1
            return legal[k % len(legal)]
        return self.rng.choice(legal)

    def choose(self, state: State) -> int:
        if state.is_chance_node():
            return sample_chance(state, self.rng)
        return self.pick(state.legal_actions())


# Figures for docs/reliability.md: sequences and steps checked per (test, case); printed by conftest.py.
TALLY: Counter = Counter()


def count(test: str, case: str, steps: int) -> None:
    TALLY[(test, case, "sequences")] += 1
    TALLY[(test, case, "steps")] += steps


def walk(game, script: Script, max_steps: int | None = None):
    """Yield the state of a scripted match before each action and once at the end (one object, mutated)."""
    state = game.new_initial_state()
    driver = Driver(script)
    steps = 0
    while True:
        yield state
        if state.is_terminal() or (max_steps is not None and steps >= max_steps):
            return
        state.apply_action(driver.choose(state))
        steps += 1


def play(game, script: Script, max_steps: int | None = None) -> State:
    """The state a scripted match reaches after `max_steps` actions (or at its end)."""
    state = game.new_initial_state()
    for state in walk(game, script, max_steps):  # noqa: B007 - the last state is the result
        pass
    return state


@contextlib.contextmanager
def reproducer(case: str, state: State):
    """On failure, note the case and the action history that reaches the failing state."""
    try:
        yield
    except BaseException:
        note(f"case {case}: history that reproduces it = {state.history()}")
        raise


def internals(state: State) -> str:
    """Every field of a state (slots and __dict__), except the game and the legal-action cache."""
    fields = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(state, name):
                fields[name] = getattr(state, name)
    fields.update(getattr(state, "__dict__", {}))
    for name in ("game", "_legal_cache", "_event_views", "_history", "_events"):  # caches; last two: see snapshot()
        fields.pop(name, None)
    return repr(sorted(fields.items()))


def snapshot(state: State, views: bool = True) -> tuple:
    """What the contract shows about a state (observations for every viewer only when `views`, as they
    grow with the match), plus its history, events and internal fields."""
    n = state.game.num_players
    return (
        state.history(),
        state.current_player(),
        state.legal_actions(),
        state.chance_outcomes(),
        state.returns(),
        [state.observation(p) for p in [None, *range(n)]] if views else None,
        [state.information_state_string(p) for p in range(n)],
        state.events(),
        internals(state),
    )


def replay(game, actions: list[int]) -> State:
    state = game.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state
