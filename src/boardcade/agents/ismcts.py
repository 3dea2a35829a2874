"""Information-set Monte Carlo tree search (multiple-observer ISMCTS: one tree per player).

Each iteration:
1. *Determinise*: take a complete state the searching player cannot tell from the real one
   (`resample_from_infostate`), from a small pool that is filled lazily and cloned per iteration.
2. *Select* down the trees: the player to move picks with UCB1 in its *own* tree over the actions legal
   in this determinisation (counting for every child how often it was available, the ISMCTS availability
   count), and every tree follows that action; the mover's tree *expands* one untried action.
   Chance nodes are sampled by their probabilities. A chance outcome a player can see becomes a branch of
   that player's tree; one hidden from that player (the contract's `information_state_string` does not
   change with it) does not. So no player, the searcher or its opponents, plans on information it will
   not have (a single shared tree would let opponents "see" the searcher's hidden dice).
3. *Roll out* with the game's rollout policy for a bounded number of actions, then score the state with
   the game's evaluation (`returns()` at the end of the game).
4. *Back up* in every tree the score of the player who chose each edge (team mates share returns).

The budget is a number of iterations, a number of seconds, or both (whichever runs out first).
With an iteration budget only, the same seed gives the same moves on any machine.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.game import CHANCE, State
from ..core.loop import sample_chance
from .base import Agent
from .policies import GamePolicy, policy_for


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "hidden_chance")

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of the values of the player who chose the edge into this node
        self.avail = 0  # how many times this node's edge was legal when its parent was visited
        self.hidden_chance: list[bool] = []  # per chance step met while at this node: hidden from searcher?


class ISMCTSAgent(Agent):
    """ISMCTS with per-game rollout policies and evaluations (see `boardcade.agents.policies`).

    iterations: iteration budget (None = no limit; then `seconds` must be set).
    seconds: wall-time budget per decision (None = no limit).
    exploration: UCB1 constant (values are in [-1, 1]).
    rollout_depth: actions played in a rollout before the evaluation scores the state (None = game's choice).
    rollout_greedy: rollout moves compare this many random candidates by evaluation (0 = random; None = game's).
    determinizations: size of the pool of sampled hidden states reused across iterations.
    scale_iterations: multiply `iterations` by the game policy's `iteration_scale` (used by the levels).
    prior: virtual visits given to each root action at its one-ply value (the game's evaluation of the position
        after it, chance averaged, on one determinisation: what `greedy` looks at), so that a search with few
        iterations starts from greedy's view and rollouts must outweigh it (0 = none).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        rollout_greedy: int | None = None,
        determinizations: int = 32,
        name: str | None = None,
        scale_iterations: bool = False,
        prior: float = 0.0,
    ):
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs a budget: give iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if determinizations < 1:
            raise ValueError(f"determinizations must be at least 1, got {determinizations}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout_greedy = rollout_greedy
        self.determinizations = determinizations
        self.scale_iterations = scale_iterations
        if prior < 0:
            raise ValueError(f"prior must be at least 0, got {prior}")
        self.prior = prior
        if name:
            self.name = name
        self._policy: GamePolicy | None = None
        self._policy_game: str | None = None
        self.last_search: dict[str, Any] = {}

    def describe(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "exploration": self.exploration,
            "rollout_depth": self.rollout_depth,
            "rollout_greedy": self.rollout_greedy,
            "determinizations": self.determinizations,
            "prior": self.prior,
        }

    # ---- search ----------------------------------------------------------------------------
    def _policy_of(self, state: State) -> GamePolicy:
        if self._policy_game != state.game.name:
            self._policy = policy_for(state.game)
            self._policy_game = state.game.name
        return self._policy  # type: ignore[return-value]

    def step(self, state: State) -> int:
        return self.analyse(state)[0][0]

    def analyse(self, state: State) -> list[tuple[int, float]]:
        """Search `state` and return each root action with its share of the visits, best first (most visits;
        ties: higher mean value, then the earlier legal action): the first is the move `step` plays. Uses
        only what the player to move knows: every iteration starts from `resample_from_infostate`."""
        player = state.current_player()
        legal = state.legal_actions()
        if not legal or player < 0:
            raise ValueError(f"ISMCTS was asked to move when no player is to move (current player {player})")
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "forced": True}
            return [(legal[0], 1.0)]
        policy = self._policy_of(state)
        depth = self.rollout_depth if self.rollout_depth is not None else policy.rollout_depth
        rng = self.rng
        roots = [_Node() for _ in range(state.game.num_players)]
        root = roots[player]
        pool: list[State] = []
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 60
        if self.scale_iterations and self.iterations is not None:
            limit = max(1, round(self.iterations * policy.iteration_scale))
        if self.prior > 0:
            pool.append(state.resample_from_infostate(player, rng))
            for action in legal:
                node = root.children[(player, action)] = _Node()
                node.visits = node.avail = self.prior  # type: ignore[assignment]
                node.value = self.prior * self._one_ply(pool[0], action, player, policy)
        done = 0
        while done < limit:
            # The clock is read every iteration: one costs 0.3 ms (Atari's Centipede) to 20 ms (an MB Centipede
            # rollout to the end of the game), so checking only every few would overrun the cap.
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if len(pool) < self.determinizations:
                det = state.resample_from_infostate(player, rng)
                pool.append(det)
            else:
                det = pool[done % self.determinizations]
            self._iterate(roots, det.clone(), policy, depth)
            done += 1
        ranked = []
        for index, action in enumerate(legal):
            child = root.children.get((player, action))
            if child is not None and child.visits:
                ranked.append((-child.visits, -child.value / child.visits, index, action, child.visits))
        ranked.sort()
        total = sum(r[4] for r in ranked)
        self.last_search = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "forced": False,
            "visits": {r[3]: r[4] for r in ranked},
            "values": {r[3]: -r[1] for r in ranked},
        }
        if not ranked:  # (cannot happen with at least one iteration; kept for a zero-time budget)
            return [(legal[0], 1.0)]
        return [(r[3], r[4] / total) for r in ranked]

    @staticmethod
    def _one_ply(state: State, action: int, player: int, policy: GamePolicy) -> float:
        """`player`'s value of the position after `action`, chance outcomes right after it averaged."""
        child = state.clone()
        child.apply_action(action)
        if not child.is_chance_node():
            return policy.values(child)[player]
        total = 0.0
        for outcome, p in child.chance_outcomes():
            after = child.clone()
            after.apply_action(outcome)
            total += p * policy.values(after)[player]
        return total

    def _iterate(self, roots: list[_Node], state: State, policy: GamePolicy, depth: int) -> None:
        """One iteration over every player's tree at once (multiple-observer ISMCTS)."""
        rng = self.rng
        c = self.exploration
        n = len(roots)
        nodes = list(roots)
        paths: list[list[tuple[_Node, int]]] = [[] for _ in range(n)]  # per tree: (node, player who chose it)
        chance_seen = [0] * n
        expanded = False
        while not expanded:
            cur = state.current_player()
            if cur < 0 and cur != CHANCE:  # terminal
                break
            if cur == CHANCE:
                outcome = sample_chance(state, rng)
                key = (CHANCE, outcome)
                for q in range(n):
                    if self._chance_hidden(nodes[q], chance_seen[q], state, q):
                        chance_seen[q] += 1  # q does not see it: q's tree does not branch
                        continue
                    child = nodes[q].children.get(key)
                    if child is None:
                        child = nodes[q].children[key] = _Node()
                    nodes[q] = child
                    chance_seen[q] = 0
                state.apply_action(outcome)
                continue
            legal = state.legal_actions()
            children = nodes[cur].children  # the mover decides in its own tree
            untried = []
            for a in legal:
                child = children.get((cur, a))
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[0] if len(untried) == 1 else untried[int(rng.random() * len(untried))]
                children[(cur, action)] = _Node()
                children[(cur, action)].avail = 1
                expanded = True
            else:
                best, best_score = None, float("-inf")
                for a in legal:
                    ch = children[(cur, a)]
                    score = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = a, score
                action = best  # type: ignore[assignment]
            key = (cur, action)
            for q in range(n):
                child = nodes[q].children.get(key)
                if child is None:
                    child = nodes[q].children[key] = _Node()
                paths[q].append((child, cur))
                nodes[q] = child
                chance_seen[q] = 0
            state.apply_action(action)
        values = policy.rollout(state, rng, depth, self.rollout_greedy)
        for path in paths:
            for nd, mover in path:
                nd.visits += 1
                nd.value += values[mover]

    @staticmethod
    def _chance_hidden(node: _Node, index: int, state: State, searcher: int) -> bool:
        """Whether `searcher` cannot see this chance node's outcome; found once per position of its tree."""
        flags = node.hidden_chance
        if index < len(flags):
            return flags[index]
        outcomes = state.legal_actions()
        hidden = False
        if len(outcomes) >= 2:
            # Hidden (no branch) if two neighbouring outcomes at either end look the same to the searcher.
            pairs = {(outcomes[0], outcomes[1]), (outcomes[-2], outcomes[-1])}
            for x, y in pairs:
                a, b = state.clone(), state.clone()
                a.apply_action(x)
                b.apply_action(y)
                if a.information_state_string(searcher) == b.information_state_string(searcher):
                    hidden = True
                    break
        flags.append(hidden)
        return hidden
