"""Pig's evaluation for the greedy and search agents: the score lead, plus this turn's total when it is yours."""


def evaluate(state, player: int) -> float:
    obs = state.observation(player)
    mine, theirs = obs["scores"][player], obs["scores"][1 - player]
    pending = (obs["turn_total"] or 0) if obs["player_to_roll"] == player else 0
    target = state.game.options["target"]
    return max(-1.0, min(1.0, (mine + 0.5 * pending - theirs) / target))
