"""Information-set Monte Carlo tree search (multiple-observer ISMCTS: one tree per player) that agrees with its
evaluation.

Each iteration:
1. *Determinise*: take a complete state the searching player cannot tell from the real one
   (`resample_from_infostate`), from a small pool that is filled lazily and cloned per iteration.
2. *Select* down the trees: the player to move picks in its *own* tree by PUCT over the actions legal in this
   determinisation: each action's value plus a bonus from its *prior*, a softmax of its one-ply value (the
   evaluation of the position right after it, what `greedy` looks at), which never vanishes; an action not yet
   tried counts at its one-ply value. Every tree follows the chosen action. ISMCTS availability counts stand in
   for the parent's visits.
3. *Chance*: outcomes are sampled by their probabilities. An outcome a player sees becomes a branch of that
   player's tree, one it does not see (Q*bert's d8 for the nasty player, a Centipede draw for the Gnome) does
   not, so nobody plans on information it will not have. Exchangeable outcomes in a row (Gnome dice rolled into
   the pool) make one branch keyed by their multiset. How each player sees a chance node comes from the game's
   rule (`SearchHints.chance_view`), decided once per kind of node; without one, information states are
   compared once per tree node.
4. *Expand one turn*: from the first node not yet expanded, the tree grows through the rest of that player's
   turn (each new node choosing by its priors), and the position is scored where the next player is to choose
   (or the match ends): evaluations are only ever compared at turn boundaries, never mid-turn.
5. *Back up*: an edge holds the mean of what came back to it for the player who chose it; but a decision
   followed by more decisions of the same player in the same turn receives the *best* line found after it, not
   the mean (a turn is one plan), so an action that postpones commitment is not flattered by averaging the
   bad ways of committing later. Team mates share returns.

The move played is the most visited root action (ties: higher value, then the earlier legal action).
The budget is a number of iterations, a number of seconds, or both (whichever runs out first); with an
iteration budget only, the same seed gives the same moves on any machine.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.game import CHANCE, State
from ..core.loop import sample_chance
from .base import Agent
from .policies import HIDDEN, PLAYOUT_CAP, SEEN, UNKNOWN, GamePolicy, policy_for

_POOL = -2  # key of a branch made of exchangeable chance outcomes (their multiset)
_PRIOR_CAP = 256  # one-ply priors for at most this many legal actions at a node; beyond, uniform
_EXTEND_CAP = 200  # decisions one iteration may add to a tree before it scores the position anyway


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "q0", "w", "weighed", "expanded", "scored", "hidden_chance")

    def __init__(self, q0: float = 0.0, w: float = 1.0) -> None:
        self.children: dict[tuple[int, Any], _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of what came back to this edge, for the player who chose it
        self.avail = 0  # how many times this edge was legal when its parent was visited
        self.q0 = q0  # one-ply value of this edge for its chooser (its value until visited)
        self.w = w  # unnormalised prior (see `_weigh`)
        self.weighed = 0  # how many children this node had when their priors were last computed
        self.expanded = False  # whether a decision was made at this node already
        self.scored = False  # (turn=False only) whether the node was scored as a leaf already
        self.hidden_chance: list[bool] = []  # per chance step met at this node (exact check): hidden?


class ISMCTSAgent(Agent):
    """ISMCTS with one-ply priors, turn-boundary evaluation and plan backups (see the module docstring).

    iterations: iteration budget (None = no limit; then `seconds` must be set).
    seconds: wall-time budget per decision (None = no limit).
    exploration: PUCT constant (values are divided by the spread of the values met in the tree).
    temperature: softmax temperature of the one-ply priors, relative to the spread of the one-ply values at the
        node (0 = uniform priors; one-ply values still seed untried actions).
    plan: over one player's consecutive decisions, back up the best line found (1), the most visited line (2), or
        the mean of everything below (0).
    turn: grow each iteration to the end of the turn and score there (True), or score right after one new node.
    rollout_depth: random actions played after the leaf before scoring (default 0; a game without an evaluation
        always plays to the end).
    before_chance: score a turn's end before the chance nodes that open the next turn (a Centipede's draw and the
        Gnome's refresh roll, Q*bert's character die and d6), whose odds the evaluation weighs itself, rather than
        after one sampled outcome of them.
    determinizations: size of the pool of sampled hidden states reused across iterations.
    scale_iterations: multiply `iterations` by the game's `SearchHints.iteration_scale` (used by the levels).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 1.0,
        temperature: float = 0.5,
        plan: int = 1,
        turn: bool = True,
        rollout_depth: int = 0,
        before_chance: bool = True,
        determinizations: int = 32,
        name: str | None = None,
        scale_iterations: bool = False,
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
        if temperature < 0:
            raise ValueError(f"temperature must be at least 0, got {temperature}")
        if exploration < 0:
            raise ValueError(f"exploration must be at least 0, got {exploration}")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth must be at least 0, got {rollout_depth}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.temperature = temperature
        self.plan = int(plan)
        if self.plan not in (0, 1, 2):
            raise ValueError(f"plan must be 0 (means), 1 (best line) or 2 (most visited line), got {plan}")
        self.turn = bool(turn)
        self.rollout_depth = rollout_depth
        self.before_chance = bool(before_chance)
        self.determinizations = determinizations
        self.scale_iterations = scale_iterations
        self.quiet = True  # search on quiet copies (no events); False only to measure what quiet mode saves
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
            "temperature": self.temperature,
            "plan": self.plan,
            "turn": self.turn,
            "rollout_depth": self.rollout_depth,
            "before_chance": self.before_chance,
            "determinizations": self.determinizations,
        }

    # ---- search ----------------------------------------------------------------------------
    def _policy_of(self, state: State) -> GamePolicy:
        if self._policy_game != state.game.name:
            self._policy = policy_for(state.game)
            self._policy_game = state.game.name
        return self._policy  # type: ignore[return-value]

    def step(self, state: State) -> int:
        return self.analyse(state)[0][0]

    def budget(self, state: State) -> int | None:
        """Iterations this agent searches in `state`'s game (None: time only)."""
        if self.iterations is None:
            return None
        if self.scale_iterations:
            return max(1, round(self.iterations * self._policy_of(state).iteration_scale))
        return self.iterations

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
        rng = self.rng
        roots = [_Node() for _ in range(state.game.num_players)]
        # Per tree: the lowest and highest values met (one-ply values and scored positions). PUCT divides values by
        # that spread, so exploration does not depend on the scale of the evaluation.
        self._bounds = [[math.inf, -math.inf] for _ in roots]
        root = roots[player]
        pool: list[State] = []
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.budget(state)
        if limit is None:
            limit = 1 << 60
        depth = self.rollout_depth if policy.has_evaluation else PLAYOUT_CAP
        done = 0
        while done < limit:
            # The clock is read every iteration: one may cost a few milliseconds, so checking only every few
            # iterations would overrun the cap.
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if len(pool) < self.determinizations:
                # Quiet: the search's own copies record no events and skip the legality checks (it applies only
                # actions it was offered).
                det = state.resample_from_infostate(player, rng).set_quiet(self.quiet)
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

    # ---- one iteration -----------------------------------------------------------------------
    def _child(self, node: _Node, state: State, cur: int, action: int, policy: GamePolicy, wide: float | None) -> _Node:
        """The child of `node` for `cur`'s `action`, made with its one-ply value when new (at a node with too many
        actions for that, `wide`: the value of the node itself)."""
        if wide is not None:
            q0 = wide
        else:
            after = state.clone()
            after.apply_action(action)
            q0 = policy.value_after(after, cur)
        child = node.children[(cur, action)] = _Node(q0, 1.0)
        bounds = self._bounds[cur]
        if q0 < bounds[0]:
            bounds[0] = q0
        if q0 > bounds[1]:
            bounds[1] = q0
        return child

    def _weigh(self, node: _Node, cur: int) -> None:
        """Priors of `cur`'s actions at `node`: a softmax of their one-ply values relative to their spread there, so
        the prior does not depend on the scale of the evaluation (the best action outweighs the worst by
        exp(1 / temperature))."""
        kids = [ch for key, ch in node.children.items() if key[0] == cur]
        tau = self.temperature
        lo = min(ch.q0 for ch in kids)
        hi = max(ch.q0 for ch in kids)
        spread = hi - lo
        for ch in kids:
            ch.w = math.exp((ch.q0 - hi) / (tau * spread)) if tau > 0 and spread > 1e-12 else 1.0
        node.weighed = len(node.children)

    def _select(self, node: _Node, state: State, cur: int, policy: GamePolicy) -> tuple[int, _Node]:
        """PUCT among the actions legal here, in `cur`'s own tree (`node`), on values divided by the spread of the
        values met in that tree (so exploration does not depend on the evaluation's scale)."""
        legal = state.legal_actions()
        children = node.children
        is_wide = len(legal) > _PRIOR_CAP
        wide = None
        kids = []
        for a in legal:
            child = children.get((cur, a))
            if child is None:
                if is_wide and wide is None:
                    wide = policy.value_after(state, cur)
                child = self._child(node, state, cur, a, policy, wide)
            kids.append((a, child))
        if node.weighed != len(children):
            self._weigh(node, cur)
        total_w = 0.0
        for _, child in kids:
            child.avail += 1
            total_w += child.w
        bounds = self._bounds[cur]
        span = bounds[1] - bounds[0]
        scale = 1.0 / span if span > 1e-12 else 0.0
        c = self.exploration / total_w
        best, best_child, best_score = -1, None, -math.inf
        jitter = self.rng.random if is_wide else None
        for a, child in kids:
            n = child.visits
            q = child.value / n if n else child.q0
            score = q * scale + c * child.w * math.sqrt(child.avail) / (1 + n)
            if jitter is not None:
                score += 1e-9 * jitter()
            if score > best_score:
                best, best_child, best_score = a, child, score
        node.expanded = True
        return best, best_child  # type: ignore[return-value]

    def _iterate(self, roots: list[_Node], state: State, policy: GamePolicy, depth: int) -> None:
        """One iteration over every player's tree at once (multiple-observer ISMCTS)."""
        rng = self.rng
        n = len(roots)
        nodes = list(roots)
        # per tree: its own decisions (edge node, node it was chosen at, follows its previous decision directly?)
        paths: list[list[tuple[_Node, _Node, bool]]] = [[] for _ in range(n)]
        pooled: list[list[Any]] = [[] for _ in range(n)]  # exchangeable outcomes seen, not branched on yet
        chance_seen = [0] * n  # chance steps met at the current node (exact check only)
        last = None  # who made the previous decision
        growing = None  # the player whose turn this iteration is adding to the tree (None: still selecting)
        grown = 0
        turn = self.turn
        ending = None  # while growing: the position before the chance nodes met since the last decision
        leaf = state
        while True:
            cur = state.current_player()
            if cur < 0 and cur != CHANCE:  # terminal
                leaf = state
                break
            if cur == CHANCE:
                if growing is not None and ending is None and self.before_chance:
                    ending = state.clone()
                outcome = sample_chance(state, rng)
                for q in range(n):
                    view = policy.chance_view(state, q)
                    if view is UNKNOWN:
                        view = not self._chance_hidden(nodes[q], chance_seen[q], state, q)
                        chance_seen[q] += 1
                    if view is HIDDEN:
                        continue
                    if view is SEEN:
                        if pooled[q]:
                            nodes[q] = _branch(nodes[q], (_POOL, tuple(sorted(pooled[q]))))
                            pooled[q] = []
                        nodes[q] = _branch(nodes[q], (CHANCE, outcome))
                        chance_seen[q] = 0
                    else:
                        pooled[q].append((view, outcome))
                state.apply_action(outcome)
                continue
            for q in range(n):
                if pooled[q]:
                    nodes[q] = _branch(nodes[q], (_POOL, tuple(sorted(pooled[q]))))
                    pooled[q] = []
                    chance_seen[q] = 0
            node = nodes[cur]
            if growing is not None:
                if not turn or cur != growing or grown >= _EXTEND_CAP:
                    # A turn boundary (or, with turn=False, the node after the new one): score the turn's end,
                    # before the chance nodes that open the next turn (the evaluation weighs those odds itself).
                    leaf = ending if ending is not None else state
                    break
                grown += 1
                ending = None
            elif not node.expanded:
                if not turn and node is not roots[cur] and not node.scored:
                    node.scored = True  # turn=False: a new node is scored once before anything is chosen there
                    break
                growing = cur
            action, child = self._select(node, state, cur, policy)
            paths[cur].append((child, node, last == cur))
            key = (cur, action)
            for q in range(n):
                if q == cur:
                    nodes[q] = child
                else:
                    nodes[q] = _branch(nodes[q], key)
                chance_seen[q] = 0
            last = cur
            state.apply_action(action)
        values = policy.playout(leaf, rng, depth) if depth else policy.values(leaf)
        plan = self.plan
        for q in range(n):
            path = paths[q]
            score = values[q]
            bounds = self._bounds[q]
            if score < bounds[0]:
                bounds[0] = score
            if score > bounds[1]:
                bounds[1] = score
            v = score
            for i in range(len(path) - 1, -1, -1):
                child, parent, same_turn = path[i]
                child.visits += 1
                child.value += v
                if plan and same_turn:
                    # The decision before this one leads here: worth the line the player would follow from here,
                    # the best one found (plan=1), or the most visited one (plan=2: the best the search trusts,
                    # less flattered by the luckiest of many lines tried once).
                    best, most = -math.inf, -1
                    for ch in parent.children.values():
                        n_ch = ch.visits
                        if n_ch:
                            m = ch.value / n_ch
                            if plan == 1:
                                if m > best:
                                    best = m
                            elif n_ch > most or (n_ch == most and m > best):
                                best, most = m, n_ch
                    v = best
                else:
                    v = score

    @staticmethod
    def _chance_hidden(node: _Node, index: int, state: State, searcher: int) -> bool:
        """Whether `searcher` cannot see this chance node's outcome, by comparing information states (for games
        without a `chance_view` rule); found once per position of its tree."""
        flags = node.hidden_chance
        if index < len(flags):
            return flags[index]
        hidden = chance_hidden_exactly(state, searcher)
        flags.append(hidden)
        return hidden


def chance_hidden_exactly(state: State, player: int) -> bool:
    """Whether `player` cannot tell apart two outcomes of the chance node `state`: neighbouring outcomes at either
    end leave the same information state (a single outcome reveals nothing either way: not hidden)."""
    outcomes = state.legal_actions()
    if len(outcomes) < 2:
        return False
    for x, y in {(outcomes[0], outcomes[1]), (outcomes[-2], outcomes[-1])}:
        a, b = state.clone().set_quiet(False), state.clone().set_quiet(False)  # an outcome may show in an event
        a.apply_action(x)
        b.apply_action(y)
        if a.information_state_string(player) == b.information_state_string(player):
            return True
    return False


def _branch(node: _Node, key: tuple[int, Any]) -> _Node:
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = _Node()
    return child
