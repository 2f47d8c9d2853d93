"""Game analysis: many bot-vs-bot games, here, in a process pool or on Ray, and a report.

>>> from tabletop.analysis import analyze, format_table
>>> report = analyze("station_assault", n=20, bots=["mcts", "random"], workers=2)  # doctest: +SKIP
>>> print(format_table(report))                                                    # doctest: +SKIP

Game ``i`` (``0 <= i < n``) is always played from seed ``seed + i`` with bots
seeded from ``(seed, i, seat)``, in whichever worker process or Ray node
plays it, and the report is made of counts that do not depend on the order
the games finish in: it is the same for the same seed whatever the backend
and the number of workers, as long as the bots' budgets are in iterations (a
bot with a time budget, ``mcts:0.05s``, searches as far as the machine
allows, so its games differ between runs).

The report gives, from the contract alone:

* wins per seat, per bot and per bot in each seat (so who sat where), with
  95% Wilson intervals; when the bots differ the seats rotate by default;
* the first player's advantage: the win rate of the player who makes the
  first decision of the game, minus a fair share ``1 / players`` (not
  reported when differing bots keep fixed seats: it would be the bot's);
* draws (every player has the same return) and cap-outs (games stopped
  unfinished after ``max_steps`` decisions);
* game length in decisions and in turns (a turn is a run of consecutive
  decisions by the same player), mean, median and max;
* the branching factor: the mean number of legal actions per decision, and
  the share of forced decisions (a single legal action);
* for card games (``GAME.cards`` not empty), per card: how often it was
  played (as the pack says, :meth:`tabletop.State._played_card`) and its
  owner's win rate in the games they played it and in those they did not.

Modules: :mod:`~tabletop.analysis.play` (one game, a batch),
:mod:`~tabletop.analysis.backends` (local, process pool, Ray),
:mod:`~tabletop.analysis.store` (records as JSON lines, resume),
:mod:`~tabletop.analysis.stats` (the counts), :mod:`~tabletop.analysis.report`
(text, markdown, plots), :mod:`~tabletop.analysis.run` (a run),
:mod:`~tabletop.analysis.ladder` (a round robin among bots, rated) and
:mod:`~tabletop.analysis.ratings` (Bradley-Terry ratings with intervals).
"""

from __future__ import annotations

from .ladder import LadderError, committed_ladder, format_ladder, ladder, write_ladder
from .play import (
    Batch,
    GameTask,
    bot_seed,
    play_batch,
    play_game,
    played_card,
    seat_bots,
    seat_sides,
)
from .ratings import Pairing, fit_ratings
from .report import (
    PLOTS_SKIPPED,
    format_markdown,
    format_table,
    make_plots,
    summarise,
    write_report,
)
from .run import BACKENDS, analyze, batch_size_for, run_games
from .stats import wilson

__all__ = [
    "BACKENDS",
    "PLOTS_SKIPPED",
    "Batch",
    "GameTask",
    "LadderError",
    "Pairing",
    "analyze",
    "batch_size_for",
    "bot_seed",
    "committed_ladder",
    "fit_ratings",
    "format_ladder",
    "format_markdown",
    "format_table",
    "ladder",
    "make_plots",
    "play_batch",
    "play_game",
    "played_card",
    "run_games",
    "seat_bots",
    "seat_sides",
    "summarise",
    "wilson",
    "write_ladder",
    "write_report",
]
