"""The table features in the web client (issue 26): rematch, the coach link, the
step-through replay, turn timers. Each test short: games made through the API, then
what a person sees and clicks."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from web_helpers import finish

pytest.importorskip("playwright.sync_api")


def make(url: str, seats: list[str], pack: str = "rebel_space", **kw: Any) -> dict[str, Any]:
    r = httpx.post(url + "/games", json={"pack": pack, "seats": seats, **kw}, timeout=20)
    assert r.status_code == 201, r.text
    return dict(r.json())


def play_url(url: str, made: dict[str, Any], seat: int) -> str:
    return f"{url}/#/play/{made['id']}/{made['seats'][seat]['token']}"


def wait_hash(page: Any, part: str, seconds: float = 15) -> str:
    """Wait until the page's address holds ``part`` (polled: the page's CSP allows no
    eval); the fragment."""
    deadline = time.monotonic() + seconds
    while True:
        frag = str(page.evaluate("location.hash"))
        if part in frag:
            return frag
        assert time.monotonic() < deadline, frag
        page.wait_for_timeout(50)


def errors_of(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_rematch_button_and_the_other_seats_link(web_server: str, context: Any) -> None:
    made = make(web_server, ["human", "human"])
    a, b = context.new_page(), context.new_page()
    errs = errors_of(a) + errors_of(b)
    a.goto(play_url(web_server, made, 0))
    b.goto(play_url(web_server, made, 1))
    a.click("#resign")
    a.click("#resign-yes")
    finish(a)
    finish(b)
    a.click("#rematch")
    deadline = time.monotonic() + 15
    while made["id"] in wait_hash(a, "#/play/"):
        assert time.monotonic() < deadline
        a.wait_for_timeout(50)
    a.wait_for_selector("#app[data-step]")
    new_id = a.evaluate("location.hash").split("/")[2]
    # the other seat's page learns of the rematch and offers it
    b.click("#play-rematch", timeout=10_000)
    wait_hash(b, new_id)
    b.wait_for_selector("#app[data-step]")
    seat_a = a.locator("#app").get_attribute("data-seat")
    seat_b = b.locator("#app").get_attribute("data-seat")
    assert {seat_a, seat_b} == {"0", "1"} and seat_a == "1"
    assert not errs


def test_coach_link_shows_the_seats_view_read_only_and_revokes(
    web_server: str, context: Any
) -> None:
    made = make(web_server, ["human", "human"])
    player, coach = context.new_page(), context.new_page()
    errs = errors_of(player) + errors_of(coach)
    player.goto(play_url(web_server, made, 0))
    player.wait_for_selector("#app[data-step]")
    player.click("#share-view")
    link = player.locator("#coach-link").input_value()
    assert f"#/coach/{made['id']}/" in link and made["seats"][0]["token"] not in link
    coach.goto(link)
    coach.wait_for_selector("#app[data-read-only=true]")
    assert coach.locator("#app").get_attribute("data-seat") == "0"
    assert "coaching" in coach.locator(".title").inner_text()
    assert coach.locator("#choices button.choice").count() == 0
    assert coach.locator("#resign, #share-view").count() == 0
    if player.locator("#app").get_attribute("data-your-turn") == "true":
        assert "Their choices" in coach.locator("#hint").inner_text()
    player.click("#revoke-view")
    coach.wait_for_selector("#conn[data-state=revoked]")
    player.wait_for_selector("#share-view")  # once the player's own answer is in
    assert player.locator("#share-view").count() == 1
    assert not errs


def test_replay_steps_through_a_finished_game(web_server: str, context: Any) -> None:
    made = make(web_server, ["human", "random"], seed=77)
    gid, tok = made["id"], made["seats"][0]["token"]
    # a few moves through the API, then a resignation: a finished game of a few steps
    for _ in range(6):
        body = httpx.get(
            f"{web_server}/games/{gid}", headers={"Authorization": f"Bearer {tok}"}
        ).json()
        if body["your_turn"]:
            httpx.post(
                f"{web_server}/games/{gid}/actions",
                headers={"Authorization": f"Bearer {tok}"},
                json={"action_id": body["legal_actions"][0]["id"], "seen": body["step"]},
            )
        time.sleep(0.2)
    httpx.post(f"{web_server}/games/{gid}/resign", headers={"Authorization": f"Bearer {tok}"})
    steps = httpx.get(f"{web_server}/games/{gid}").json()["step"]
    assert steps >= 2
    page = context.new_page()
    errs = errors_of(page)
    page.goto(f"{web_server}/#/replay/{gid}")
    page.wait_for_selector("#app[data-shown='0']")
    assert "set-up" in page.locator("#replay-where").inner_text()
    assert page.locator("#replay-events li").count() >= 1
    assert page.locator("#board").inner_text().strip()
    page.click("#replay-next")
    page.wait_for_selector("#app[data-shown='1']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#app[data-shown='{steps}'][data-status=resigned]")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#app[data-shown='{steps - 1}'][data-status=active]")
    page.locator("#replay-slider").fill("1")
    page.wait_for_selector("#app[data-shown='1']")
    page.click("#replay-prev")
    page.wait_for_selector("#app[data-shown='0']")
    assert page.locator("#replay-prev").is_disabled()
    assert not errs


def test_turn_timer_counts_down_and_says_the_time_out(web_server: str, context: Any) -> None:
    made = make(web_server, ["human", "human"], timer={"kind": "move", "seconds": 2})
    page = context.new_page()
    errs = errors_of(page)
    page.goto(play_url(web_server, made, 0))
    page.wait_for_selector("#timer:not([hidden])")
    left = float(page.locator("#timer").get_attribute("data-remaining") or "nan")
    assert 0 < left <= 2
    assert "to choose" in page.locator("#timer").inner_text()
    page.wait_for_selector("#log li.ev-timeout", timeout=10_000)
    assert "time ran out" in page.locator("#log li.ev-timeout").first.inner_text()
    assert not errs


def test_lobby_makes_a_game_with_a_chess_clock(web_server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(web_server + "/")
    page.select_option("#pack", "rebel_space")
    page.wait_for_selector("#seats[data-pack=rebel_space] select")
    page.select_option("#timer-choice", "clock-600")
    page.click("#start")
    page.wait_for_selector("#app[data-step] #timer:not([hidden])")
    assert page.locator("#timer").inner_text().count("10:00") >= 1
