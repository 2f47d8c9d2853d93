"""The numbers of a run, folded in game by game in constant memory.

:class:`Tally` keeps counts only (integers, and histograms of game lengths),
so adding the games in any order gives the same report: whatever the number
of workers, the order results arrive in, or which games were read back from
saved records. The per-game list of the report is kept up to
:data:`PER_GAME_LIMIT` games, then dropped (the records hold every game).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..game import Game

__all__ = ["PER_GAME_LIMIT", "Tally", "spread", "wilson"]

PER_GAME_LIMIT = 10_000
"""Runs with more games than this leave ``per_game`` out of the report."""
_PER_GAME_KEYS = ("index", "seed", "bots", "returns", "terminal", "decisions", "turns")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # the interval always contains p (guard against rounding at p = 0 or 1)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def rate(wins: int, games: int) -> dict[str, Any]:
    """``wins`` of ``games`` as a rate with its 95% Wilson interval."""
    lo, hi = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def spread(histogram: Counter[int]) -> dict[str, float]:
    """Mean, median, min and max of the values a histogram counts (exact)."""
    total = sum(histogram.values())
    if not total:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    values = sorted(histogram)
    return {
        "mean": sum(v * c for v, c in histogram.items()) / total,
        "median": _median(values, histogram, total),
        "min": values[0],
        "max": values[-1],
    }


def _median(values: list[int], histogram: Counter[int], total: int) -> float:
    """The median (the mean of the two middle values for an even count)."""
    lo_rank, hi_rank = (total - 1) // 2, total // 2
    seen = 0
    lo: int | None = None
    for v in values:
        seen += histogram[v]
        if lo is None and seen > lo_rank:
            lo = v
        if seen > hi_rank:
            assert lo is not None
            return (lo + v) / 2
    raise AssertionError("unreachable")  # pragma: no cover


class Tally:
    """The counts of a run so far; :meth:`add` a game's result, :meth:`report` at the end."""

    def __init__(self, num_players: int) -> None:
        np = self.num_players = num_players
        self.games = 0
        self.seat_wins = [0] * np
        self.bot_seat: dict[tuple[str, int], list[int]] = {}
        self.first_games = self.first_wins = 0
        self.draws = self.capped = 0
        self.decisions: Counter[int] = Counter()
        self.turns: Counter[int] = Counter()
        self.legal_sum = self.forced = self.max_legal = 0
        self.card_times: Counter[str] = Counter()
        self.card_seat: dict[tuple[str, int], list[int]] = {}
        """(card, seat) -> [games in which that seat played it, of which won]"""
        self.per_game: list[dict[str, Any]] | None = []
        self.played = 0
        """Games played by this run (not read back from saved records)."""
        self.seconds = 0.0
        """Time spent in the games played, summed over workers."""
        self.played_decisions = 0
        """Decisions of the games played by this run."""
        self.seat_specs: list[str] | None = None
        """The bot of each seat in the first game added (the same in every game when the
        seats do not rotate)."""

    def add(self, r: dict[str, Any]) -> None:
        """Fold in one game's result (from :func:`~tabletop.analysis.play.play_game`)."""
        self.games += 1
        if r.get("seconds") is not None:
            self.played += 1
            self.seconds += float(r["seconds"])
            self.played_decisions += r["decisions"]
        winners = set(r["winners"])
        if self.seat_specs is None:
            self.seat_specs = list(r["bots"])
        self.draws += bool(r["draw"])
        self.capped += not r["terminal"]
        self.decisions[r["decisions"]] += 1
        self.turns[r["turns"]] += 1
        self.legal_sum += r["legal_sum"]
        self.forced += r["forced"]
        self.max_legal = max(self.max_legal, r["max_legal"])
        for p in range(self.num_players):
            won = p in winners
            self.seat_wins[p] += won
            cell = self.bot_seat.setdefault((r["bots"][p], p), [0, 0])
            cell[0] += won
            cell[1] += 1
            for card, times in r["plays"][p].items():
                self.card_times[card] += times
                row = self.card_seat.setdefault((card, p), [0, 0])
                row[0] += 1
                row[1] += won
        if r["first_player"] is not None:
            self.first_games += 1
            self.first_wins += r["first_player"] in winners
        if self.per_game is not None:
            if self.games > PER_GAME_LIMIT:
                self.per_game = None
            else:
                self.per_game.append({k: r[k] for k in _PER_GAME_KEYS})

    # ------------------------------------------------------------ the report
    def report(
        self,
        game: Game,
        *,
        bots: list[str],
        seed: int,
        options: dict[str, Any] | None,
        rotate: bool,
    ) -> dict[str, Any]:
        """The report (see :func:`tabletop.analysis.analyze`) of the games added so far."""
        n, np = self.games, self.num_players
        names = [game.player_name(p, game.make_options(options)) for p in range(np)]
        by_bot: dict[str, list[int]] = {}
        for (b, _), (w, g) in self.bot_seat.items():
            cell = by_bot.setdefault(b, [0, 0])
            cell[0] += w
            cell[1] += g
        confounded = not rotate and len(set(bots)) > 1
        total = sum(v * c for v, c in self.decisions.items())
        per_game = None
        if self.per_game is not None:
            per_game = sorted(self.per_game, key=lambda g: int(g["index"]))
        return {
            "game": game.name,
            "title": game.title,
            "version": game.version,
            "games": n,
            "seed": seed,
            "bots": list(bots),
            "rotate": rotate,
            "options": options,
            "players": names,
            "seating": _seating(bots, np, names, rotate, self.seat_specs),
            "seats": [
                {"seat": p, "name": names[p], **rate(self.seat_wins[p], n)} for p in range(np)
            ],
            "by_bot": [{"bot": b, **rate(w, g)} for b, (w, g) in sorted(by_bot.items())],
            "by_bot_and_seat": [
                {"bot": b, "seat": p, "name": names[p], **rate(w, g)}
                for (b, p), (w, g) in sorted(self.bot_seat.items())
            ],
            "first_player": self._first_player(np, confounded),
            "draws": rate(self.draws, n),
            "capped": rate(self.capped, n),
            "decisions": spread(self.decisions),
            "turns": spread(self.turns),
            "branching": {
                "mean": self.legal_sum / max(total, 1),
                "forced_share": self.forced / max(total, 1),
                "max": self.max_legal,
            },
            "cards": self._cards(names) if game.cards else None,
            "lengths": [[v, self.decisions[v]] for v in sorted(self.decisions)],
            "per_game": per_game,
        }

    def _first_player(self, np: int, confounded: bool) -> dict[str, Any]:
        first = rate(self.first_wins, self.first_games)
        if confounded:
            # The same bot sits in the same seat every game: the first player's
            # results are that bot's as much as the seat's.
            first["advantage"] = None
            first["advantage_ci95"] = None
            first["note"] = (
                "not measured: the seats were not rotated, so the first player's results "
                "are those of the bot in that seat (rotate the seats to measure it)"
            )
        else:
            first["advantage"] = first["rate"] - 1 / np
            first["advantage_ci95"] = [first["ci95"][0] - 1 / np, first["ci95"][1] - 1 / np]
        return first

    def _cards(self, names: list[str]) -> list[dict[str, Any]]:
        """Per card: how often it was played, and its owner's wins with and without it.

        A card's owners are the seats that played it at least once in the run
        (a side's own cards, or every seat's for a shared deck). For each
        owner seat and game, the card was played in it or not; *with* and
        *without* are the seat's win rates over those two sets of games.
        """
        rows = []
        n = self.games
        for card in sorted(self.card_times, key=lambda c: (-self.card_times[c], c)):
            owners = sorted(p for (c, p) in self.card_seat if c == card)
            with_g = sum(self.card_seat[card, p][0] for p in owners)
            with_w = sum(self.card_seat[card, p][1] for p in owners)
            without_g = len(owners) * n - with_g
            without_w = sum(self.seat_wins[p] for p in owners) - with_w
            played, not_played = rate(with_w, with_g), rate(without_w, without_g)
            rows.append(
                {
                    "card": card,
                    "owners": [names[p] for p in owners],
                    "times": self.card_times[card],
                    "per_game": self.card_times[card] / max(n, 1),
                    "games": with_g,
                    "played": played,
                    "not_played": not_played,
                    "difference": played["rate"] - not_played["rate"] if without_g else None,
                }
            )
        return rows


def _seating(
    bots: list[str], np: int, names: list[str], rotate: bool, specs: list[str] | None = None
) -> dict[str, Any]:
    """Which bot sat where: the rule, and for fixed seats the bot of each seat (bots are
    dealt to sides, so the seats of one team share a bot: ``State.side_of``)."""
    if rotate:
        k = len(bots)
        return {
            "rotated": True,
            "rule": f"game i gives side s the bot bots[(s + i) mod {k}] (a team's seats share "
            "it), so each bot plays every side",
            "fixed": None,
        }
    seat_bot = specs or [bots[p % len(bots)] for p in range(np)]
    return {
        "rotated": False,
        "rule": f"side s has bots[s mod {len(bots)}] in every game (a team's seats share it)",
        "fixed": [{"seat": p, "name": names[p], "bot": seat_bot[p]} for p in range(np)],
    }
