"""``agent:COMMAND``: a local program plays a seat through the text interface.

The program is started once per bot (the command split like a shell would,
:func:`shlex.split`, and run without a shell) and kept for the game. At each
decision of its seat it reads, on its standard input, the seat's observation
(:mod:`tabletop.text`: full the first time, compact after) followed by a line
``END``, and answers one line on its standard output: a choice's number, its
notation or its words. A refused reply is answered with a block that starts
``REFUSED:`` and the parser's message, then the decision again, then ``END``;
after :data:`RETRIES` refused replies the bot gives up.

Bounds: each reply must come within ``timeout`` seconds and be at most
``max_line`` characters; a program that is too slow, answers too long a line,
exits or keeps answering what is no choice raises :class:`AgentError`
(a :class:`~tabletop.TabletopError`), which names the program and what it did.
A command that names no program found raises
:class:`~tabletop.bots.BotSpecError` when the bot is made, before any game.

The program sees only the observation text, which is a function of what the
seat may know, so it cannot read what its seat may not.
"""

from __future__ import annotations

import os
import selectors
import shlex
import shutil
import subprocess
import time
import weakref
from typing import IO

from ..errors import TabletopError
from ..model import Action
from ..state import State
from ..text import ReplyError, SeatText, decision_text
from .factory import BotSpecError

__all__ = ["MAX_LINE", "RETRIES", "TIMEOUT", "AgentBot", "AgentError"]

TIMEOUT = 60.0
"""Seconds an agent may take for one reply, by default."""
MAX_LINE = 4096
"""The longest reply line read, in characters, by default."""
RETRIES = 2
"""How many more tries a refused reply gets before the bot gives up."""
END = "END"
"""The line that ends each block the agent reads."""


class AgentError(TabletopError):
    """An agent program that cannot start, is too slow, answers too long a line, exits,
    or keeps answering what is no legal choice (the game cannot go on with it)."""


class AgentBot:
    """A bot played by a local program over its standard input and output (see the
    module). ``command`` is the program and its arguments as one string."""

    def __init__(
        self,
        command: str,
        seed: int = 0,
        *,
        timeout: float = TIMEOUT,
        max_line: int = MAX_LINE,
        retries: int = RETRIES,
    ) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise BotSpecError(f"agent command {command[:80]!r} does not split: {exc}") from None
        if not argv:
            raise BotSpecError("agent: give the program to run, as in agent:python3 my_agent.py")
        if shutil.which(argv[0]) is None:
            raise BotSpecError(
                f"agent program {argv[0][:80]!r} not found (not a file, nor on the PATH)"
            )
        self.command = command
        self.argv = argv
        self.seed = seed
        self.timeout = timeout
        self.max_line = max_line
        self.retries = retries
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._seats: dict[int, SeatText] = {}
        self._game: tuple[str, int] | None = None

    def reset(self, seed: int) -> None:
        """A new game: the next observations start full again."""
        self.seed = seed
        self._seats.clear()
        self._game = None

    def choose(self, state: State) -> Action:
        """The action the program answers for the seat to decide in ``state``."""
        seat = state.current_player
        if seat is None:
            raise AgentError("agent: the game is over; there is nothing to choose")
        self._follow(state)
        text = self._seats.setdefault(seat, SeatText(seat))
        block = text.observe(state)
        for attempt in range(self.retries + 1):
            reply = self._ask(block)
            try:
                action = text.read(state, reply)
            except ReplyError as exc:
                if attempt == self.retries:
                    raise AgentError(
                        f"agent {self._name()} gave {self.retries + 1} replies that name no "
                        f"single choice; the last: {exc}"
                    ) from None
                block = f"REFUSED: {exc}\n\n" + decision_text(state, seat)
                continue
            text.decided(state)
            return action
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Stop the program (it is stopped anyway when the bot is dropped)."""
        proc, self._proc = self._proc, None
        if proc is not None:
            _stop(proc)

    # ------------------------------------------------------------ the program
    def _follow(self, state: State) -> None:
        """Start again (full observations) when ``state`` is another game."""
        key = (state.game.name, state.num_players)
        if self._game != key or any(len(state.log) < t.since for t in self._seats.values()):
            self._seats.clear()
            self._game = key

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,
                shell=False,
                close_fds=True,
            )
        except OSError as exc:
            raise AgentError(f"agent {self._name()} could not start: {exc}") from None
        weakref.finalize(self, _stop, proc)
        self._proc = proc
        self._buffer = b""
        return proc

    def _ask(self, block: str) -> str:
        """Write ``block`` and ``END``; read one reply line within the bounds."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        lines = [line if line != END else " " + line for line in block.rstrip("\n").split("\n")]
        try:
            proc.stdin.write(("\n".join([*lines, END]) + "\n").encode())
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.close()
            raise AgentError(f"agent {self._name()} exited (it reads no more input)") from None
        return self._read_line(proc.stdout)

    def _read_line(self, out: IO[bytes]) -> str:
        deadline = time.monotonic() + self.timeout
        fd = out.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > self.max_line:
                    self.close()
                    raise AgentError(
                        f"agent {self._name()} answered a line longer than {self.max_line} "
                        "characters; answer one short line per decision"
                    )
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.close()
                    raise AgentError(
                        f"agent {self._name()} did not answer within {self.timeout:g} s"
                    )
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.close()
                    raise AgentError(f"agent {self._name()} exited before answering")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        if len(line) > self.max_line:
            self.close()
            raise AgentError(
                f"agent {self._name()} answered a line longer than {self.max_line} characters"
            )
        return line.decode("utf-8", errors="replace").strip()

    def _name(self) -> str:
        return repr(self.command if len(self.command) <= 60 else self.command[:57] + "...")

    def __repr__(self) -> str:
        return f"AgentBot({self.command!r})"


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Close the program's input and end it (kill it if it does not end soon)."""
    for stream in (proc.stdin, proc.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
    if proc.poll() is None:
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
