"""The web client end to end: a real server, a real headless Chromium, clicks only.

Rebellion is played to its end by a person clicking the first choice each time
against a bot (one round, which ends as a draw; the other packs are played by
clicking their tables in test_web_table.py). Two browser contexts play one game as
two people, a second tab of a seat stays in step, a reload mid-game continues, a
spectator never sees a hand, bad links say what is wrong. Screenshots go to
pytest's tmp folder and docs/images/web/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import CHOICE, click_through, finish, new_game, step, wait_step_above

GAMES = {
    "rebellion_rote": ({"max_rounds": 1}, 300),
}
"""Space Station Assault and Rebel Space are played to their end by clicking the table in
test_web_table.py."""


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
    page.screenshot(path=str(shots / f"keys-{pack}-start.png"))
    # keyboard: the number key 1 plays the first choice
    before = step(page)
    page.keyboard.press("1")
    if step(page) == before and page.locator("#show-all").count():
        page.keyboard.press("1")  # the first was a group of choices: 1 again plays its first
    wait_step_above(page, before)
    click_through(page, cap, 40, stop_at=before + 12)
    page.screenshot(path=str(shots / f"keys-{pack}-mid.png"))
    click_through(page, cap, 40)
    result = finish(page)
    assert "Scores:" in result
    if pack == "rebellion_rote":
        assert result.startswith("A draw."), result  # one round, then the round limit
    page.screenshot(path=str(shots / f"keys-{pack}-end.png"))
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
            if not mover.locator("#choices button.only").count():  # (one choice: played for you)
                mover.locator(CHOICE).first.click()
            for p in (alice, bob, second):
                wait_step_above(p, before)
        for p in (alice, bob, second):  # (a single choice on its way: let it land)
            p.wait_for_timeout(1000)
        n = step(alice)
        assert step(bob) == n and step(second) == n
        told = "#log li:not(.ev-auto)"  # what the server told (a tab says what it played)
        assert alice.locator(told).count() == second.locator(told).count()
        assert alice.locator(told).count() == bob.locator(told).count()
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
