"""The web client end to end: a real server, a real headless Chromium, clicks only.

Each pack is played to its end by a person clicking against a bot (short games:
Space Station Assault with one wave, Rebel Space with big hands and deploy
points, Rebellion with one round, which ends as a draw; the person clicks the
first choice each time, within a step cap). Two browser contexts play one game as
two people, a second tab of a seat stays in step, a reload mid-game continues, a
spectator never sees a hand, bad links say what is wrong. Screenshots of each
board, at its start and mid-game, go to pytest's tmp folder and docs/images/web/.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

CHOICE = "#choices button.choice:not(.all):not([disabled])"


def new_game(page: Any, url: str, pack: str, seats: list[str], options: dict[str, Any]) -> str:
    """Make a game in the lobby (pack, options, seats), as a person does; its id."""
    page.goto(url + "/")
    page.select_option("#pack", pack)
    page.wait_for_selector(f"#seats[data-pack={pack}] select")
    for name, value in options.items():
        field = page.locator(f"#options [name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    for i, kind in enumerate(seats):
        page.select_option(f"#seats select[data-seat='{i}']", kind)
    page.click("#start")
    if "friend" in seats:  # the lobby shows the friends' links, and a link to play
        page.wait_for_selector("#created a.watch")
        return str(page.locator("#created a.watch").get_attribute("href").split("/")[2])
    page.wait_for_selector("#app[data-step]")
    return str(page.evaluate("location.hash").split("/")[2])


def step(page: Any) -> int:
    return int(page.locator("#app").get_attribute("data-step"))


def wait_step_above(page: Any, n: int, seconds: float = 15) -> None:
    """Wait until the page shows a step past ``n`` (polled: the page's CSP allows no eval)."""
    deadline = time.monotonic() + seconds
    while step(page) <= n:
        assert time.monotonic() < deadline, f"the page stayed at step {step(page)}"
        page.wait_for_timeout(20)


def click_through(page: Any, cap: int, seconds: float, stop_at: int | None = None) -> int:
    """Click the first choice whenever it is this page's turn, until the game ends (or the
    step reaches ``stop_at``); returns the clicks made."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while clicks < cap and time.monotonic() < deadline:
        if page.locator("#app").get_attribute("data-status") != "active":
            return clicks
        if stop_at is not None and step(page) >= stop_at:
            return clicks
        button = page.locator(CHOICE).first
        try:
            button.click(timeout=2000)
        except Exception:  # the bot's turn, or the buttons were redrawn: look again
            continue
        clicks += 1
    return clicks


def finish(page: Any) -> str:
    page.wait_for_selector("#end:not([hidden])", timeout=10_000)
    return str(page.locator("#result").inner_text())


def place_by_clicking_a_cell(page: Any) -> None:
    """Space Station Assault: play a ship by clicking a highlighted cell of the grid."""
    for _ in range(60):
        assert page.locator("#app").get_attribute("data-status") == "active"
        before = step(page)
        cell = page.locator(".sa-cell.target").first
        try:
            if page.locator(".sa-cell.target").count():
                where = cell.get_attribute("data-cell", timeout=2000)
                cell.click(timeout=2000)
                break
            page.locator(CHOICE).first.click(timeout=2000)
        except Exception:  # the bot's turn, or the page was redrawn: look again
            continue
        wait_step_above(page, before)
    else:
        pytest.fail("no cell to click")
    if page.locator("#choices button.all").count():  # several choices there: narrowed
        texts = page.locator(CHOICE).all_inner_texts()
        x, y = str(where).split(",")
        assert texts and all(f"at ({x},{y})" in t for t in texts), texts
        page.locator(CHOICE).first.click()
    wait_step_above(page, before)


GAMES = {
    "station_assault": ({"max_waves": 1}, 200),
    "rebel_space": ({"starting_hand": 20, "deploy_points": 20}, 500),
    "rebellion_rote": ({"max_rounds": 1}, 300),
}


@pytest.mark.parametrize("pack", list(GAMES))
def test_a_person_plays_a_whole_game_against_a_bot(
    pack: str, context: Any, web_server: str, shots: Path
) -> None:
    options, cap = GAMES[pack]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    gid = new_game(page, web_server, pack, ["you", "random"], options)
    page.wait_for_selector(CHOICE)
    page.screenshot(path=str(shots / f"{pack}-start.png"))
    # keyboard: the number key 1 plays the first choice
    before = step(page)
    page.keyboard.press("1")
    wait_step_above(page, before)
    if pack == "station_assault":
        place_by_clicking_a_cell(page)
    click_through(page, cap, 40, stop_at=before + 12)
    page.screenshot(path=str(shots / f"{pack}-mid.png"))
    click_through(page, cap, 40)
    result = finish(page)
    assert "Scores:" in result
    if pack == "rebellion_rote":
        assert result.startswith("A draw."), result  # one round, then the round limit
    page.screenshot(path=str(shots / f"{pack}-end.png"))
    assert page.locator("#turn").inner_text() == "The game is over."
    record = httpx.get(web_server + page.locator("#record").get_attribute("href")).json()
    assert record["game"] == pack if "game" in record else record
    assert not errors, errors
    assert gid


def test_two_people_in_two_browsers_and_a_second_tab_stay_in_step(
    chromium: Any, context: Any, web_server: str, shots: Path
) -> None:
    alice = context.new_page()
    new_game(alice, web_server, "rebel_space", ["you", "friend"], {})
    link = alice.locator("#created input[data-seat='1']").input_value()
    alice.click("#created a.play")
    alice.wait_for_selector("#app[data-step]")
    other = chromium.new_context(viewport={"width": 390, "height": 844})  # a phone
    try:
        bob = other.new_page()
        bob.goto(link)
        bob.wait_for_selector("#app[data-step]")
        second = context.new_page()  # Alice's second tab, same seat
        second.goto(alice.url)
        second.wait_for_selector("#app[data-step]")
        for _ in range(8):
            mover = (
                alice if alice.locator("#app").get_attribute("data-your-turn") == "true" else bob
            )
            before = step(mover)
            mover.locator(CHOICE).first.click()
            for p in (alice, bob, second):
                wait_step_above(p, before)
        n = step(alice)
        assert step(bob) == n and step(second) == n
        assert alice.locator("#log li").count() == second.locator("#log li").count()
        assert alice.locator("#log li").count() == bob.locator("#log li").count()
        bob.screenshot(path=str(shots / "rebel_space-phone.png"), full_page=True)
        # Alice's hand is face up for her, a count for Bob
        assert alice.locator("[data-zone=hand0] .rs-card").count() > 0
        assert bob.locator("[data-zone=hand0] .rs-card").count() == 0
        assert "cards" in bob.locator("[data-zone=hand0] .hidden-cards").inner_text()
    finally:
        other.close()


def test_a_reload_and_a_server_restart_mid_game_lose_nothing(context: Any, own_server: Any) -> None:
    page = context.new_page()
    new_game(page, own_server.url, "station_assault", ["you", "random"], {"max_waves": 1})
    click_through(page, 10, 20)
    page.wait_for_selector(CHOICE)
    at = step(page)
    log = page.locator("#log li").count()
    page.reload()
    page.wait_for_selector(CHOICE)
    assert step(page) == at and page.locator("#log li").count() == log
    # a dropped connection (the server stops, then starts again on the same file):
    # the page says so, reconnects with the step it saw, and the game goes on
    own_server.stop()
    page.wait_for_selector("#conn[data-state='reconnecting…']")
    own_server.start()
    page.wait_for_selector("#conn[data-state='live']", timeout=20_000)
    assert step(page) == at and page.locator("#log li").count() == log
    click_through(page, 200, 40)
    assert "Scores:" in finish(page)


def test_a_spectator_never_sees_a_hand(context: Any, chromium: Any, web_server: str) -> None:
    page = context.new_page()
    gid = new_game(page, web_server, "rebel_space", ["you", "random"], {})
    click_through(page, 8, 15)
    watcher = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        w = watcher.new_page()
        w.goto(f"{web_server}/#/watch/{gid}")
        w.wait_for_selector("#app[data-step]")
        assert "watching" in w.locator("h2.title").inner_text()
        assert w.locator("#choices button").count() == 0
        for hand in ("hand0", "hand1"):
            assert w.locator(f"[data-zone={hand}] .rs-card").count() == 0
            assert w.locator(f"[data-zone={hand}] .hidden-cards").count() == 1
        assert page.locator("[data-zone=hand0] .rs-card").count() > 0
    finally:
        watcher.close()


def test_bad_links_say_what_is_wrong(context: Any, web_server: str) -> None:
    page = context.new_page()
    page.goto(f"{web_server}/#/watch/NoSuchGame123")
    page.wait_for_selector("#bad-link")
    assert "No such game" in page.locator("#bad-link").inner_text()
    gid = new_game(page, web_server, "station_assault", ["you", "random"], {})
    page.goto(f"{web_server}/#/play/{gid}/{'x' * 32}")
    page.wait_for_selector("#bad-link")
    text = page.locator("#bad-link").inner_text()
    assert "not a seat of game" in text and "Watch as a spectator" in text
    page.goto(f"{web_server}/#/nowhere")
    assert "leads nowhere" in page.locator(".error-page").inner_text()
