"""Statistics for match results: Wilson intervals and Bradley-Terry ratings on the Elo scale."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
ELO = 400.0 / math.log(10.0)  # natural-log Bradley-Terry strength -> Elo points


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (95% by default) for a proportion; (0, 1) when n is 0. Draws may count as 0.5."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gauss-Jordan elimination with partial pivoting (a is small and well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col] / d
                row, prow = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * prow[k]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def bradley_terry(
    names: list[str], pairs: dict[tuple[str, str], list[float]], prior: float = 0.05
) -> dict[str, tuple[float, float]]:
    """Bradley-Terry ratings with a weak Gaussian prior (so unbeaten agents stay finite).

    pairs[(a, b)] = [score of a against b, games] with a draw worth 0.5 to each side.
    Returns name -> (rating, 95% half-width) in Elo points, centred on the mean rating.
    """
    n = len(names)
    if n == 0:
        return {}
    idx = {name: i for i, name in enumerate(names)}
    games = [(idx[a], idx[b], s, g) for (a, b), (s, g) in pairs.items() if g > 0 and a != b]
    r = [0.0] * n
    hess = [[0.0] * n for _ in range(n)]
    for _ in range(100):
        grad = [-prior * r[i] for i in range(n)]
        hess = [[(prior if i == j else 0.0) for j in range(n)] for i in range(n)]
        for i, j, s, g in games:
            p = 1.0 / (1.0 + math.exp(r[j] - r[i]))
            grad[i] += s - g * p
            grad[j] -= s - g * p
            w = g * p * (1.0 - p)
            hess[i][i] += w
            hess[j][j] += w
            hess[i][j] -= w
            hess[j][i] -= w
        step = _solve(hess, grad)
        r = [r[i] + step[i] for i in range(n)]
        if max(abs(x) for x in step) < 1e-9:
            break
    cov = _inverse(hess)
    mean = sum(r) / n
    out = {}
    for name, i in idx.items():
        # variance of r_i - mean(r): e_i - 1/n applied to the covariance on both sides
        c = [(1.0 if k == i else 0.0) - 1.0 / n for k in range(n)]
        var = sum(c[a] * cov[a][b] * c[b] for a in range(n) for b in range(n))
        out[name] = ((r[i] - mean) * ELO, Z95 * math.sqrt(max(var, 0.0)) * ELO)
    return out
