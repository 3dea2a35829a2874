"""Ratings of people and computer levels: the Weng-Lin model (openskill's PlackettLuce), one rating per game key.

A rating is a belief (mu, sigma) about a player's skill, in openskill's units (a new player: mu 25, sigma 25/3).
It is shown as a number centred on 1500: `shown = 1500 + SCALE * (mu - 25)`, with SCALE chosen so that, as in
Elo, 400 points between two settled players means 10:1 odds (PlackettLuce with beta = 25/6: a win is
1 / (1 + exp(-(mu1 - mu2) / c)) with c = sqrt(2) * beta for small sigmas, so 400 points = c * ln 10 in mu). Its
uncertainty is shown as +- 2 sigma in the same points. docs/server.md, "Ratings".

Game keys keep games whose variants seat different numbers of players apart: "qbert", "mb_centipede",
"atari_centipede/2", "atari_centipede/4". The openskill package is imported only where a rating is computed
(the `web` extra), so the rest of the package needs nothing new.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MU, SIGMA = 25.0, 25.0 / 3.0  # openskill's defaults: a new player
BETA = 25.0 / 6.0
SCALE = 400.0 / (math.sqrt(2.0) * BETA * math.log(10.0))  # about 29.5 shown points per unit of mu
CENTRE = 1500


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def interval(self) -> int:
        """The +- shown with the number: two standard deviations, in shown points."""
        return round(2 * self.sigma * SCALE)


def shown(mu: float) -> int:
    return round(CENTRE + SCALE * (mu - MU))


def mu_of(points: float) -> float:
    """The mu whose shown number is `points` (the ladder's fit is in shown points)."""
    return MU + (points - CENTRE) / SCALE


def game_key(game: str, num_players: int, player_counts: Sequence[int]) -> str:
    """The rating key of a match: the game's name, with "/n" where its variants seat different numbers."""
    return f"{game}/{num_players}" if len(set(player_counts)) > 1 else game


def team_ranks(teams: Sequence[Sequence[int]], result: Sequence[float]) -> list[int]:
    """Each team's place (1 best; equal scores share a place) from the match's returns (a team's first seat)."""
    scores = [result[team[0]] for team in teams]
    return [1 + sum(other > score for other in scores) for score in scores]


def rate(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """The new ratings of every team's members after a match ending in `ranks` (openskill PlackettLuce)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)
    before = [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    after = model.rate(before, ranks=list(ranks))
    return [[Rating(float(r.mu), float(r.sigma)) for r in team] for team in after]
