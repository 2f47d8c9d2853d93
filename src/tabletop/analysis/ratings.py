"""Ratings from a round robin: Bradley-Terry by maximum likelihood, on the Elo scale.

The model: bot ``i`` has a strength ``s_i > 0`` and beats bot ``j`` with
probability ``s_i / (s_i + s_j)``. The strengths that make the observed
results most likely are found by Newton's method on ``t_i = ln s_i`` (the
log-likelihood is concave in them, and a step that does not raise it is
halved), and reported as ratings ``400 * log10(s_i / s_anchor)``: 400 points
are odds of 10 to 1, as in Elo.

* A draw counts as half a win to each bot (a game stopped unfinished at the
  step cap is a draw too).
* A prior of one virtual draw between every pair that played (half a win to
  each): without it a bot that won every game would have an infinite rating,
  with it a clean sweep of ``n`` games gives ``400 * log10((n + 0.5) / 0.5)``.
  Two bots at 15-5 rate ``400 * log10(15.5 / 5.5)`` (about 180) apart.
* The anchor is rated 0: ``random`` when it played, else the first bot.
* The intervals are 95% Wald intervals relative to the anchor: the inverse
  of the observed Fisher information (the negated Hessian of the
  log-likelihood, prior included, with the anchor held fixed) gives each
  rating's standard error, times 1.96. They say how well a rating is known
  against the anchor's, not against each other (the anchor's is ``[0, 0]``).

Pure Python: the Hessian has one row per bot, inverted by Gauss-Jordan.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .stats import wilson

__all__ = [
    "ELO",
    "PRIOR_DRAWS",
    "Pairing",
    "fit_ratings",
    "pick_anchor",
    "score_interval",
]

ELO = 400 / math.log(10)
"""Elo points per unit of log-strength: ``400 * log10(x) == ELO * ln(x)``."""
PRIOR_DRAWS = 1.0
"""Virtual draws added to every pair that played (each half a win to both)."""
Z95 = 1.96


@dataclass(frozen=True)
class Pairing:
    """The results of one pair of bots: ``a`` won ``wins_a``, ``b`` won ``wins_b``."""

    a: str
    b: str
    wins_a: int
    wins_b: int
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws


def score_interval(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a score of ``points`` in ``games`` (a draw is half a point).

    Wilson's formula takes a fractional count as it is: a score with draws
    is treated as that share of wins.
    """
    return wilson(points, games)  # type: ignore[arg-type]


def pick_anchor(bots: Sequence[str]) -> str:
    """The bot rated 0: ``random`` when it played, else the first bot."""
    if not bots:
        raise ValueError("no bots to rate")
    return next((b for b in bots if b.strip().lower() == "random"), bots[0])


def fit_ratings(
    bots: Sequence[str], pairings: Sequence[Pairing], anchor: str | None = None
) -> list[dict[str, Any]]:
    """The rating of each bot, best first: bot, rating, low, high, score, games.

    ``rating`` is in Elo points relative to ``anchor`` (default
    :func:`pick_anchor`), ``low``/``high`` its 95% Wald interval (see the
    module), ``score`` the bot's points (wins, and half of its draws) per
    game over all its games, without the prior. Every bot must be linked to
    every other by pairs that played (``ValueError`` otherwise: their
    ratings would have no common scale).
    """
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise ValueError("rating needs at least two bots")
    anchor = pick_anchor(names) if anchor is None else anchor
    if anchor not in names:
        raise ValueError(f"the anchor {anchor!r} is not one of the bots")
    idx = {b: k for k, b in enumerate(names)}
    k = len(names)
    won = [[0.0] * k for _ in range(k)]  # won[i][j]: i's points against j, prior included
    points, games = [0.0] * k, [0] * k
    for p in pairings:
        if p.a not in idx or p.b not in idx or p.a == p.b:
            raise ValueError(f"a pairing of {p.a!r} and {p.b!r} does not pair two of the bots")
        if min(p.wins_a, p.wins_b, p.draws) < 0:
            raise ValueError("wins and draws are counts, never negative")
        if not p.games:
            continue
        i, j = idx[p.a], idx[p.b]
        half = (p.draws + PRIOR_DRAWS) / 2
        won[i][j] += p.wins_a + half
        won[j][i] += p.wins_b + half
        points[i] += p.wins_a + p.draws / 2
        points[j] += p.wins_b + p.draws / 2
        games[i] += p.games
        games[j] += p.games
    _check_linked(names, won)
    a = idx[anchor]
    theta = _newton(won, a)
    cov = _covariance(won, theta, a)
    out: list[dict[str, Any]] = []
    for i, b in enumerate(names):
        rating = ELO * (theta[i] - theta[a])
        half_width = Z95 * ELO * math.sqrt(max(cov[i][i], 0.0))
        out.append(
            {
                "bot": b,
                "rating": rating,
                "low": rating - half_width,
                "high": rating + half_width,
                "score": points[i] / games[i] if games[i] else 0.0,
                "games": games[i],
            }
        )
    out.sort(key=lambda r: (-r["rating"], idx[r["bot"]]))
    return out


def _check_linked(names: list[str], won: list[list[float]]) -> None:
    """``ValueError`` unless every bot is reached from the first through pairs that played."""
    k = len(names)
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(k):
            if j not in seen and won[i][j] + won[j][i] > 0:
                seen.add(j)
                todo.append(j)
    if len(seen) < k:
        apart = ", ".join(names[j] for j in range(k) if j not in seen)
        raise ValueError(f"{apart} never played (even through others) {names[0]}: no common scale")


def _loglik(won: list[list[float]], theta: list[float]) -> float:
    total = 0.0
    k = len(theta)
    for i in range(k):
        for j in range(i + 1, k):
            d = theta[i] - theta[j]
            # won_ij * ln p_ij + won_ji * ln p_ji, with ln p = -ln(1 + e^-d), stably
            total -= won[i][j] * _log1pexp(-d) + won[j][i] * _log1pexp(d)
    return total


def _log1pexp(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _gradient_hessian(
    won: list[list[float]], theta: list[float]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and Hessian in ``theta``."""
    k = len(theta)
    grad = [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            n = won[i][j] + won[j][i]
            if i == j or not n:
                continue
            p = _sigmoid(theta[i] - theta[j])
            grad[i] += won[i][j] - n * p
            w = n * p * (1 - p)
            hess[i][i] -= w
            hess[i][j] += w
    return grad, hess


def _free(m: list[list[float]], a: int) -> list[list[float]]:
    """``m`` without the anchor's row and column."""
    return [[v for j, v in enumerate(row) if j != a] for i, row in enumerate(m) if i != a]


def _newton(won: list[list[float]], a: int, tol: float = 1e-12) -> list[float]:
    """The maximum-likelihood log-strengths, ``theta[a] == 0``."""
    k = len(won)
    theta = [0.0] * k
    best = _loglik(won, theta)
    for _ in range(200):
        grad, hess = _gradient_hessian(won, theta)
        g = [v for i, v in enumerate(grad) if i != a]
        if max(abs(v) for v in g) < tol:
            break
        step = _solve(_free(hess, a), [-v for v in g])  # H step = -g
        step.insert(a, 0.0)
        size = 1.0
        while True:
            trial = [t + size * s for t, s in zip(theta, step)]
            value = _loglik(won, trial)
            if value >= best or size < 1e-10:
                break
            size /= 2
        if value < best:
            break  # no step raises the likelihood: at the maximum within rounding
        theta, best = trial, value
    return theta


def _covariance(won: list[list[float]], theta: list[float], a: int) -> list[list[float]]:
    """The inverse observed information of the free log-strengths; zeros for the anchor."""
    _, hess = _gradient_hessian(won, theta)
    info = [[-v for v in row] for row in _free(hess, a)]
    inv = _inverse(info)
    k = len(theta)
    out = [[0.0] * k for _ in range(k)]
    free = [i for i in range(k) if i != a]
    for r, i in enumerate(free):
        for c, j in enumerate(free):
            out[i][j] = inv[r][c]
    return out


def _solve(m: list[list[float]], rhs: list[float]) -> list[float]:
    """``x`` with ``m x = rhs`` (Gauss-Jordan with partial pivoting)."""
    aug = [[*row, v] for row, v in zip(m, rhs)]
    _gauss_jordan(aug)
    return [row[-1] for row in aug]


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a square matrix (Gauss-Jordan with partial pivoting)."""
    n = len(m)
    aug = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(m)]
    _gauss_jordan(aug)
    return [row[n:] for row in aug]


def _gauss_jordan(aug: list[list[float]]) -> None:
    """Reduce ``[M | B]`` in place to ``[I | M^-1 B]``; ``ValueError`` if ``M`` is singular."""
    n = len(aug)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(aug[r][col]))
        if abs(aug[pivot][col]) < 1e-300:
            raise ValueError("singular matrix: some ratings are not determined by the results")
        aug[col], aug[pivot] = aug[pivot], aug[col]
        lead = aug[col][col]
        aug[col] = [v / lead for v in aug[col]]
        for r in range(n):
            if r != col and aug[r][col]:
                f = aug[r][col]
                aug[r] = [v - f * w for v, w in zip(aug[r], aug[col])]
