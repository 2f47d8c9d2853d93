"""Saved games of a run: JSON lines written as games finish, read back to resume.

A records directory holds ``run.json`` (what the run is: game, version,
options, seed, bots, seating, step cap) and files ``games-SSSS-PPPP.jsonl``:
one line per finished game, each line a complete record
(:data:`tabletop.RECORD_FORMAT`, replayable with :func:`tabletop.replay`)
whose ``meta`` says the game's index in the run and the bot of each seat.
Only the driver writes, one line per game the moment its result arrives,
flushed; each session of a run (a first run, each resume) writes its own
files (``SSSS``), a new part (``PPPP``) every :data:`LINES_PER_FILE` games.

Reading back treats every line as data from a stranger: it goes through
:func:`tabletop.replay` (checked format, registered game, options, every
action legal, within :data:`~tabletop.limits.DEFAULT_LIMITS`), and must be a
game of this run (the seed of its index, the bots of its seats, finished or
stopped at the step cap). A line that is not (a last line cut short by a
crash, an edited file) is skipped and counted, and its game is played again.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ..errors import RecordError, TabletopError
from ..game import Game
from ..limits import DEFAULT_LIMITS, parse_json, short
from ..serial import replay
from .play import record_result, seat_bots, seat_sides

__all__ = [
    "LINES_PER_FILE",
    "RUN_FORMAT",
    "IndexSet",
    "RecordStore",
    "RecordsDirError",
    "SavedGames",
]

RUN_FORMAT = "tabletop.analysis-run/1"
LINES_PER_FILE = 10_000
"""Games per ``.jsonl`` file before the writer starts the next part."""
_FILE = re.compile(r"games-(\d{4,})-(\d{4,})\.jsonl")


class RecordsDirError(TabletopError):
    """A records directory that cannot be used for this run."""


class SavedGames:
    """What reading back a records directory found (besides the games themselves)."""

    def __init__(self) -> None:
        self.read = 0
        """Games read back and counted."""
        self.damaged = 0
        """Lines that are not a game of this run (skipped; their games are played again)."""
        self.duplicates = 0
        """Lines for a game index read already."""


class IndexSet:
    """A set of the game indices ``0 <= i < n`` in ``n / 8`` bytes."""

    def __init__(self, n: int) -> None:
        self.bits = bytearray((n + 7) // 8)

    def add(self, i: int) -> bool:
        """Add ``i``; ``False`` if it was there already."""
        byte, bit = divmod(i, 8)
        if self.bits[byte] >> bit & 1:
            return False
        self.bits[byte] |= 1 << bit
        return True

    def __contains__(self, i: int) -> bool:
        byte, bit = divmod(i, 8)
        return bool(self.bits[byte] >> bit & 1)


class RecordStore:
    """A run's records directory: its manifest, its writer, its reader."""

    def __init__(self, directory: str | os.PathLike[str], run: dict[str, Any]) -> None:
        self.path = Path(directory)
        self.run = run
        self._out: IO[str] | None = None
        self._lines = 0
        self._part = 0
        self._session = 0
        self.written = 0

    # ------------------------------------------------------------ manifest
    def open(self) -> None:
        """Create the directory and ``run.json``, or check that it is this run's."""
        self.path.mkdir(parents=True, exist_ok=True)
        manifest = self.path / "run.json"
        want = {"format": RUN_FORMAT, **self.run}
        if manifest.exists():
            saved = self._read_manifest(manifest)
            diffs = [k for k in want if saved.get(k) != want[k]]
            if diffs:
                k = diffs[0]
                raise RecordsDirError(
                    f"{self.path} holds the games of another run: its {k} is "
                    f"{short(saved.get(k), 60)}, this run's is {short(want[k], 60)}; "
                    "resume with the same arguments or choose another directory"
                )
        else:
            manifest.write_text(json.dumps(want, indent=1) + "\n", encoding="utf-8")
        sessions = [int(m.group(1)) for m in map(_FILE.fullmatch, self._names()) if m]
        self._session = max(sessions, default=-1) + 1

    def _read_manifest(self, path: Path) -> dict[str, Any]:
        try:
            raw = _read_regular(path, DEFAULT_LIMITS.max_bytes)
            data = parse_json(raw, "run.json", DEFAULT_LIMITS)
        except (OSError, RecordError, ValueError) as exc:
            raise RecordsDirError(f"{path} is not a run manifest: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != RUN_FORMAT:
            raise RecordsDirError(f"{path} is not a run manifest (format {RUN_FORMAT!r})")
        return data

    def _names(self) -> list[str]:
        return sorted(os.listdir(self.path))

    # ------------------------------------------------------------ writing
    def write(self, record: dict[str, Any]) -> None:
        """Append one finished game's record (a line, flushed)."""
        if self._out is None or self._lines >= LINES_PER_FILE:
            self.close()
            name = f"games-{self._session:04d}-{self._part:04d}.jsonl"
            self._part += 1
            self._out = open(self.path / name, "x", encoding="utf-8")  # noqa: SIM115
            self._lines = 0
        self._out.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._out.flush()
        self._lines += 1
        self.written += 1

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    # ------------------------------------------------------------ reading
    def read(
        self, game: Game, n: int, done: IndexSet, saved: SavedGames, *, cards: bool
    ) -> Iterator[dict[str, Any]]:
        """The results of the games of this run already saved (index below ``n``).

        Each is checked and yielded once (its index is added to ``done``), one
        at a time, so a run of any size resumes in flat memory; ``saved``
        counts what was read and what was skipped.
        """
        for name in self._names():
            if not _FILE.fullmatch(name):
                continue
            for line in _lines(self.path / name, DEFAULT_LIMITS.max_bytes):
                result = None if line is None else self._check(game, line, n, cards)
                if result is None:
                    saved.damaged += 1
                elif result["index"] >= n:
                    continue  # a game of a longer run: not asked for now
                elif not done.add(result["index"]):
                    saved.duplicates += 1
                else:
                    saved.read += 1
                    yield result

    def _check(self, game: Game, line: bytes, n: int, cards: bool) -> dict[str, Any] | None:
        """The result of one saved line, or ``None`` if it is not a game of this run."""
        try:
            data = parse_json(line, "saved game", DEFAULT_LIMITS)
        except RecordError:
            return None
        if not isinstance(data, dict):
            return None
        meta = data.get("meta")
        if not isinstance(meta, dict):
            return None
        index, bots = meta.get("index"), meta.get("bots")
        if type(index) is not int or not index >= 0 or type(bots) is not list:
            return None
        run = self.run
        if data.get("game") != game.name or data.get("seed") != run["seed"] + index:
            return None
        try:
            state = replay(data)
        except RecordError:
            return None
        if game.unstructure_options(state.options) != run["options"]:
            return None
        specs = seat_bots(run["bots"], state.num_players, index, run["rotate"], seat_sides(state))
        if bots != specs:
            return None
        steps = len(state.history)
        if steps > run["max_steps"] or (not state.is_terminal and steps != run["max_steps"]):
            return None  # not finished, and not stopped at this run's cap
        return record_result(state, index, run["seed"] + index, specs, cards)


def _read_regular(path: Path, limit: int) -> bytes:
    """A regular file's bytes, within ``limit`` (no FIFO, device or link followed)."""
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path} is not a regular file")
    if st.st_size > limit:
        raise ValueError(f"{path} is larger than {limit} bytes")
    return path.read_bytes()


def _lines(path: Path, limit: int) -> Iterator[bytes | None]:
    """The lines of a regular file, each within ``limit`` bytes (``None`` for one longer)."""
    try:
        st = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(st.st_mode):
        return
    with open(path, "rb") as fh:
        while True:
            line = fh.readline(limit + 1)
            if not line:
                return
            if len(line) > limit and not line.endswith(b"\n"):
                while True:  # skip the rest of an over-long line
                    rest = fh.readline(limit)
                    if not rest or rest.endswith(b"\n"):
                        break
                yield None
                continue
            if not line.endswith(b"\n"):
                yield None  # the last line, cut short: its game is played again
                return
            if line.strip():
                yield line
