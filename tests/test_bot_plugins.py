"""Bring your own bot: specs, entry points, module:attr, the kit's bot check."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.bots import (
    BotSpecError,
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    installed_bots,
    make_bot,
)
from tabletop.cli import main
from tabletop.testing import check_bot

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


@pytest.fixture()
def examples() -> Iterator[Any]:
    """docs/examples on the path: ``write_a_bot:...`` specs import from there."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        import write_a_bot

        yield write_a_bot
    finally:
        sys.path.remove(str(EXAMPLES))


@pytest.fixture()
def plugin(tmp_path: Path, examples: Any) -> Iterator[str]:
    """An installed distribution declaring one bot in the ``tabletop.bots`` group."""
    dist = tmp_path / "my_bots-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-bots\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[tabletop.bots]\nfirst-attack = write_a_bot:Aggressor\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield "first-attack"
    finally:
        sys.path.remove(str(tmp_path))


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out, inp=io.StringIO("")), out.getvalue()


# ------------------------------------------------------------------ specs
def test_built_in_specs_in_any_case() -> None:
    assert isinstance(make_bot("Random", 1), RandomBot)
    assert isinstance(make_bot("GREEDY", 1), GreedyBot)
    bot = make_bot("mcts:30", 1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 30
    bot = make_bot("ismcts:0.5s", 1)
    assert isinstance(bot, ISMCTSBot) and bot.time_s == 0.5


def test_module_attr_bot_is_built_with_its_seed(examples: Any) -> None:
    bot = make_bot("write_a_bot:Aggressor", 7)
    assert isinstance(bot, examples.Aggressor)
    assert bot.rng.random() == make_bot("write_a_bot:Aggressor", 7).rng.random()
    assert bot.rng.random() != make_bot("write_a_bot:Aggressor", 8).rng.random()


def test_a_factory_without_seed_gets_reset_and_an_instance_is_copied() -> None:
    module = type(sys)("my_bot_module")

    class Counting:
        def __init__(self) -> None:
            self.seed: int | None = None

        def reset(self, seed: int) -> None:
            self.seed = seed

        def choose(self, state: tabletop.State) -> tabletop.Action:
            return state.legal_actions()[0]

    module.Counting = Counting  # type: ignore[attr-defined]
    module.shared = Counting()  # type: ignore[attr-defined]
    sys.modules["my_bot_module"] = module
    try:
        a = make_bot("my_bot_module:Counting", 3)
        assert a.seed == 3  # type: ignore[attr-defined]
        b, c = make_bot("my_bot_module:shared", 4), make_bot("my_bot_module:shared", 5)
        assert b is not c and b is not module.shared  # type: ignore[attr-defined]
        assert (b.seed, c.seed, module.shared.seed) == (4, 5, None)  # type: ignore[attr-defined]
        module.nothing = 42  # type: ignore[attr-defined]
        with pytest.raises(BotSpecError, match="names a int, not a bot"):
            make_bot("my_bot_module:nothing", 1)
        module.maker = lambda: object()  # type: ignore[attr-defined]
        with pytest.raises(BotSpecError, match="no choose"):
            make_bot("my_bot_module:maker", 1)
    finally:
        del sys.modules["my_bot_module"]


def test_bad_specs_say_what_to_do() -> None:
    with pytest.raises(BotSpecError, match=r"unknown bot 'genius'.*module:attr"):
        make_bot("genius", 1)
    with pytest.raises(BotSpecError, match="cannot import module 'no_such_bot_module'"):
        make_bot("no_such_bot_module:Bot", 1)
    with pytest.raises(BotSpecError, match="has no 'Nope'"):
        make_bot("tabletop.bots:Nope", 1)
    with pytest.raises(BotSpecError, match="takes no argument"):
        make_bot("random:3", 1)
    with pytest.raises(BotSpecError, match="write mcts:N"):
        make_bot("mcts:many", 1)
    with pytest.raises(BotSpecError, match="a bot spec is a string"):
        make_bot(3, 1)  # type: ignore[arg-type]
    assert issubclass(BotSpecError, tabletop.TabletopError)


def test_imports_can_be_refused() -> None:
    with pytest.raises(BotSpecError, match="not accepted here"):
        make_bot("tabletop.bots:RandomBot", 1, imports=False)
    assert isinstance(make_bot("random", 1, imports=False), RandomBot)


def test_an_installed_bot_by_name(plugin: str, examples: Any) -> None:
    assert installed_bots()[plugin] == "write_a_bot:Aggressor"
    assert isinstance(make_bot(plugin, 1, imports=False), examples.Aggressor)
    code, text = run("list")
    assert code == 0 and "installed bots" in text and "first-attack" in text


# ------------------------------------------------------------------ the commands
def test_simulate_and_analyze_take_user_bots(examples: Any) -> None:
    code, text = run(
        "simulate", "station_assault", "-n", "2", "--bots", "write_a_bot:Aggressor,random",
        "--json", "--quiet",
    )  # fmt: skip
    assert code == 0, text
    assert json.loads(text[text.index("{") :])["games"] == 2
    code, text = run(
        "analyze", "station_assault", "-n", "2", "--bots", "write_a_bot:Lookahead,random",
        "--workers", "2", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0, text
    report = json.loads(text[text.index("{") :])
    assert {b["bot"] for b in report["by_bot"]} == {"write_a_bot:Lookahead", "random"}


def test_the_example_bots_play_a_ladder(examples: Any, tmp_path: Path) -> None:
    from tabletop.analysis.ladder import ladder

    bots = ["random", "write_a_bot:Aggressor", "write_a_bot:Lookahead"]
    result = ladder("station_assault", bots, 2, seed=1, records=tmp_path)
    assert {r["bot"] for r in result["ratings"]} == set(bots)
    assert sum(p["games"] for p in result["pairs"]) == 6
    assert (tmp_path / "random--write_a_bot-aggressor").is_dir()


def test_play_vs_a_user_bot(examples: Any) -> None:
    out = io.StringIO()
    code = main(
        ["play", "station_assault", "--seed", "1", "--vs", "write_a_bot:Aggressor"],
        out=out,
        inp=io.StringIO("q\n"),
    )
    assert code == 0
    assert run("simulate", "station_assault", "-n", "1", "--bots", "nobody:Here")[0] == 2


# ------------------------------------------------------------------ the kit's check
@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("rebel_space", None),
        ("station_assault", None),
        ("station_assault", {"mode": "teams", "players": 4}),
        ("rebellion_rote", None),
        ("rebellion_rote", {"players": 4}),
    ],
)
def test_the_library_s_bots_read_only_what_their_seat_knows(
    game: str, options: dict[str, Any] | None
) -> None:
    for spec in ("random", "greedy", "mcts:12"):
        assert check_bot(spec, game, options, positions=4) == 4


def test_the_example_bots_keep_the_contract(examples: Any) -> None:
    for bot in (examples.Aggressor, examples.Lookahead, examples.MonteCarlo):
        assert check_bot(bot, "station_assault", positions=4) == 4
    assert check_bot(lambda s: examples.MonteCarlo(s, playouts=12), "rebel_space", positions=3)


class PeeksAtTheDice:
    """Reads the state's RNG: the future of the dice and shuffles."""

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state: tabletop.State) -> tabletop.Action:
        legal = state.legal_actions()
        return legal[state.rng.copy().below(len(legal))]


class PeeksAtHands:
    """Reads the other hands."""

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state: tabletop.State) -> tabletop.Action:
        legal = state.legal_actions()
        me = state.current_player
        hidden = sum(
            sum(cards)
            for name, cards in state.zones.items()
            if name.startswith("hand") and not name.endswith(str(me))
        )
        return legal[hidden % len(legal)]


class Meddles:
    """Changes the state it is shown."""

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state: tabletop.State) -> tabletop.Action:
        legal = state.legal_actions()
        state.apply(legal[0])
        return legal[0]


def test_the_check_catches_a_bot_that_cheats() -> None:
    with pytest.raises(AssertionError, match="read something the seat may not know"):
        check_bot(PeeksAtTheDice, "rebel_space")
    with pytest.raises(AssertionError, match="read something the seat may not know"):
        check_bot(PeeksAtHands, "rebel_space")
    with pytest.raises(AssertionError, match="changed the state"):
        check_bot(Meddles, "station_assault")


def test_resample_depends_only_on_what_the_seat_knows() -> None:
    game = tabletop.load("rebel_space")
    state = game.new_state(seed=5)
    bot = RandomBot(1)
    for _ in range(40):
        state.apply(bot.choose(state))
    me = state.current_player
    assert me is not None
    other = state.resample(me, 11)
    assert tabletop.dumps(state.resample(me, 3)) == tabletop.dumps(other.resample(me, 3))
    assert tabletop.dumps(state.resample(me, 3)) != tabletop.dumps(state.resample(me, 4))
