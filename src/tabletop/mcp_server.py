"""``tabletop mcp``: the text interface over the Model Context Protocol.

A language-model agent (or any MCP client) plays seats of games through these
tools (the server speaks MCP over standard input and output; the ``mcp``
package from PyPI, ``pip install 'tabletop[agents]'``):

* ``list_games``: the installed packs, their players and options;
* ``rules``: a game's rules in words (:func:`tabletop.text.rules_text`),
  optionally with every card and ruling;
* ``start_game``: a game of a pack with a kind for each seat: ``agent`` (a
  seat a client plays through the tools) or a bot (``random``, ``greedy``,
  ``mcts``, ``mcts:N``); the answer gives the game's id and one secret token
  per agent seat;
* ``observe``: a seat's observation (:mod:`tabletop.text`), full the first
  time, compact after;
* ``act``: a seat's reply (a choice's number, notation or words); a reply that
  names no single choice is refused with the closest choices, the game
  unchanged;
* ``game_status``: the public facts of a game (whose turn, over or not).

One server holds many games (:data:`MAX_GAMES` at once). A seat's token is
the only way to read or play that seat, and everything a token gives is that
seat's own text, so an agent only ever holds its own seat. Bots play their
seats inside the server, between the agents' moves. A request can name only
the library's own bots: no program, no module is started or imported for it.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from . import registry
from .bots.base import Bot
from .bots.factory import make_bot
from .bots.ismcts import ISMCTSBot
from .errors import TabletopError
from .state import State
from .text import SeatText, rules_text

if TYPE_CHECKING:
    from mcp.server import MCPServer

__all__ = ["AGENT", "MAX_GAMES", "GameHall", "McpError", "build_server", "run"]

AGENT = "agent"
"""The seat kind of a seat a client plays through the tools."""
MAX_GAMES = 256
"""The most games one server holds; a new game then replaces the oldest finished one."""
MAX_ITERATIONS = 5_000
"""The most ISMCTS iterations per decision a bot seat may ask for."""
MAX_SECONDS = 5.0
"""The most seconds per decision a timed bot seat may ask for."""
MAX_BOT_STEPS = 100_000
"""The most bot decisions in a row before the server gives up on a game."""

INSTRUCTIONS = """\
Play tabletop games seat by seat, in words. list_games shows the games; rules gives a
game's rules; start_game starts one with a kind for each seat ("agent" for a seat you
play, or a bot: random, greedy, mcts) and gives a token for each agent seat. With a
token, observe shows what that seat sees: the table, its cards, what happened since its
last decision and, when it is to decide, numbered choices. act answers with one choice:
its number, its notation (in brackets) or its words. A reply that names no single
choice is refused with the closest choices and the game is unchanged."""


class McpError(TabletopError):
    """A tool call the server refuses: an unknown game, token or seat kind."""


class _Table:
    """One game the server holds: its state, the kind of each seat, the bots and the
    text interface of each agent seat."""

    def __init__(self, game_id: str, state: State, kinds: list[str], seed: int) -> None:
        self.id = game_id
        self.state = state
        self.kinds = kinds
        self.bots: dict[int, Bot] = {
            p: make_bot(k, seed * 1_000 + p, imports=False)
            for p, k in enumerate(kinds)
            if k != AGENT
        }
        for p, bot in self.bots.items():
            _check_budget(kinds[p], bot)
        self.texts = {p: SeatText(p) for p, k in enumerate(kinds) if k == AGENT}

    def run_bots(self) -> None:
        """Let the bots play until an agent seat is to decide or the game is over."""
        state = self.state
        for _ in range(MAX_BOT_STEPS):
            cp = state.current_player
            if cp is None or cp in self.texts:
                return
            state.apply(self.bots[cp].choose(state))
        raise McpError(f"game {self.id}: the bots made {MAX_BOT_STEPS} decisions in a row")


class GameHall:
    """The games one server holds, and what each tool does with them (the MCP tools
    call these methods; a program may too)."""

    def __init__(self, max_games: int = MAX_GAMES) -> None:
        self.max_games = max_games
        self._tables: OrderedDict[str, _Table] = OrderedDict()
        self._tokens: dict[str, tuple[str, int]] = {}
        self.lock = threading.Lock()
        """Held by each tool call (:func:`build_server`): one call at a time changes games."""

    def list_games(self) -> str:
        """The installed packs: name, title, players, options."""
        lines = []
        for name in registry.games():
            game = registry.load(name)
            players = (
                str(game.min_players)
                if game.min_players == game.max_players
                else f"{game.min_players}-{game.max_players}"
            )
            lines.append(f"{name}: {game.title} ({players} players). {game.description}")
            for o in game.options_schema():
                choices = f"; one of {', '.join(map(str, o['choices']))}" if "choices" in o else ""
                lines.append(
                    f"  option {o['name']} (default {o['default']!r}{choices}): {o['help']}"
                )
        return "\n".join(lines)

    def rules(self, game: str, full: bool = False, options: dict[str, Any] | None = None) -> str:
        """A game's rules in words; ``full`` adds every card and every ruling."""
        return rules_text(registry.load(game), options, full=full)

    def start_game(
        self,
        game: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Start a game; ``seats`` gives each seat's kind (``agent`` or a bot)."""
        pack = registry.load(game)
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        state = pack.new_state(seed=seed, options=options)
        if not isinstance(seats, list) or len(seats) != state.num_players:
            raise McpError(
                f"{game} with these options has {state.num_players} seats: give a list of "
                f"{state.num_players} seat kinds ('agent' or a bot: random, greedy, mcts)"
            )
        kinds = [_seat_kind(k) for k in seats]
        self._make_room()
        game_id = secrets.token_hex(6)
        table = _Table(game_id, state, kinds, seed)
        tokens = {}
        for p in table.texts:
            token = secrets.token_urlsafe(16)
            self._tokens[token] = (game_id, p)
            tokens[str(p)] = token
        self._tables[game_id] = table
        table.run_bots()
        return {
            "game_id": game_id,
            "game": game,
            "seats": [
                {"seat": p, "name": state.player_name(p), "kind": k} for p, k in enumerate(kinds)
            ],
            "tokens": tokens,
            "note": "each token plays its own seat only: hand it to the agent of that seat",
        }

    def observe(self, token: str, full: bool | None = None) -> str:
        """The observation of the token's seat (full the first time, compact after)."""
        table, seat = self._seat(token)
        return table.texts[seat].observe(table.state, full=full)

    def act(self, token: str, reply: str) -> str:
        """Play the token's seat's reply; the answer is the choice taken and what the
        seat sees next (a refused reply raises, the game unchanged)."""
        table, seat = self._seat(token)
        text = table.texts[seat]
        action = text.read(table.state, reply)
        words = table.state.describe(action)
        text.decided(table.state)
        table.state.apply(action)
        table.run_bots()
        return f"Accepted: {words} [{action.notation()}]\n\n" + text.observe(table.state)

    def game_status(self, game_id: str) -> dict[str, Any]:
        """The public facts of a game: whose turn, the step, over or not, the returns."""
        table = self._tables.get(game_id)
        if table is None:
            raise McpError(f"no game {game_id[:40]!r} here (start_game gives a game's id)")
        state = table.state
        cp = state.current_player
        return {
            "game_id": game_id,
            "game": state.game.name,
            "step": len(state.history),
            "to_decide": cp,
            "to_decide_kind": None if cp is None else table.kinds[cp],
            "prompt": state.prompt,
            "over": state.is_terminal,
            "returns": state.returns(),
        }

    def _seat(self, token: str) -> tuple[_Table, int]:
        found = self._tokens.get(token) if isinstance(token, str) else None
        table = self._tables.get(found[0]) if found else None
        if found is None or table is None:
            raise McpError("unknown seat token: use a token start_game gave for this server")
        return table, found[1]

    def _make_room(self) -> None:
        """Drop the oldest finished game when the server is full (refuse if none is)."""
        if len(self._tables) < self.max_games:
            return
        for game_id, table in self._tables.items():
            if table.state.is_terminal:
                self._drop(game_id)
                return
        raise McpError(
            f"this server holds {self.max_games} games in progress already; finish one first"
        )

    def _drop(self, game_id: str) -> None:
        self._tables.pop(game_id, None)
        for token in [t for t, (g, _) in self._tokens.items() if g == game_id]:
            del self._tokens[token]


def _seat_kind(kind: object) -> str:
    """A seat kind from a request: ``agent`` or one of the library's bots."""
    if not isinstance(kind, str) or not kind.strip():
        raise McpError("a seat kind is 'agent' or a bot: random, greedy, mcts or mcts:N")
    spec = kind.strip()
    if spec.lower() == AGENT:
        return AGENT
    if spec.split(":", 1)[0].lower() not in ("random", "greedy", "mcts", "ismcts"):
        raise McpError(
            f"seat kind {spec[:40]!r}: write 'agent' or a bot: random, greedy, mcts, "
            f"mcts:N (at most {MAX_ITERATIONS} iterations) or mcts:Xs (at most "
            f"{MAX_SECONDS:g} s)"
        )
    return spec


def _check_budget(spec: str, bot: Bot) -> None:
    """Refuse a search bot that would think longer than a server allows."""
    if isinstance(bot, ISMCTSBot):
        if bot.time_s is not None and not 0 < bot.time_s <= MAX_SECONDS:
            raise McpError(f"{spec}: at most {MAX_SECONDS:g} seconds per decision")
        iterations = bot.iterations
        if bot.time_s is None and not (iterations and 1 <= iterations <= MAX_ITERATIONS):
            raise McpError(f"{spec}: at most {MAX_ITERATIONS} iterations per decision")


def build_server(hall: GameHall | None = None) -> MCPServer:
    """The MCP server with its tools over ``hall`` (a new one by default).

    Needs the ``mcp`` package (``pip install 'tabletop[agents]'``).
    """
    try:
        from mcp.server import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise McpError(
            "tabletop mcp needs the mcp package: pip install 'tabletop[agents]'"
        ) from exc
    hall = hall if hall is not None else GameHall()
    server = MCPServer("tabletop", instructions=INSTRUCTIONS)

    def call(fn: Any, *args: Any) -> Any:
        try:
            with hall.lock:
                return fn(*args)
        except TabletopError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(structured_output=False)
    def list_games() -> str:
        """The installed games: name, title, players and options."""
        return str(call(hall.list_games))

    @server.tool(structured_output=False)
    def rules(game: str, full: bool = False) -> str:
        """A game's rules in words; full=true adds every card's facts and every ruling."""
        return str(call(hall.rules, game, full))

    @server.tool()
    def start_game(
        game: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Start a game. seats: one kind per seat, "agent" for a seat played through
        observe/act, or a bot (random, greedy, mcts, mcts:N). Gives the game's id and a
        secret token for each agent seat."""
        result: dict[str, Any] = call(hall.start_game, game, seats, seed, options)
        return result

    @server.tool(structured_output=False)
    def observe(token: str, full: bool | None = None) -> str:
        """What the token's seat sees: the table, its cards, what happened since its last
        decision, and its numbered choices when it is to decide. Full the first time
        (with a short rules sheet), compact after; full=true asks for the full one."""
        return str(call(hall.observe, token, full))

    @server.tool(structured_output=False)
    def act(token: str, reply: str) -> str:
        """Answer the token's seat's decision with one choice: its number, its notation
        or its words. A refused reply leaves the game unchanged and names the closest
        choices. Gives the choice taken and what the seat sees next."""
        return str(call(hall.act, token, reply))

    @server.tool()
    def game_status(game_id: str) -> dict[str, Any]:
        """Public facts of a game: the step, who decides (seat and kind), over or not,
        the returns."""
        result: dict[str, Any] = call(hall.game_status, game_id)
        return result

    return server


def run() -> None:
    """Serve the tools over standard input and output until the client leaves."""
    build_server().run("stdio")
