"""The web client at the table, as a person uses it: games played to their end by clicking
what the page shows (cells of the grid, cards, buttons by their words, a group of
choices), never an action id; the choices in reach at a phone's width; never more than
about 40 buttons at once; a single choice played for you and said; resigning; the
lobby's lists refreshing by themselves and the Copy button of a friend's link.

The person is scripted with a seeded random choice among what is offered (and, in
Rebel Space, a taste for attacking, so that games end sooner). Screenshots of each
board go to pytest's tmp folder, .screenshots/web/ and, with
TABLETOP_UPDATE_SCREENSHOTS=1, docs/images/web/.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import (
    CHOICE,
    FAST_AUTO,
    Redrawn,
    choices,
    click_any,
    click_text,
    finish,
    moved_on,
    new_game,
    shown_buttons,
    snap,
    status,
    step,
    wait_my_turn,
    wait_step_above,
)

sync_api = pytest.importorskip("playwright.sync_api")
PageError = sync_api.Error  # a click on something redrawn meanwhile: look again

MOST_BUTTONS = 40


def single_choice(page: Any) -> bool:
    """The page shows one choice and says it plays it for you."""
    return bool(page.locator("#choices button.only").count()) and "Only one choice" in (
        page.locator("#note").inner_text()
    )


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


# ------------------------------------------------------------ Space Station Assault
def play_station_assault(
    page: Any, rng: random.Random, *, until: int | None = None, check: Any = None
) -> Counter[str]:
    """Play the seat of ``page`` by clicking highlighted cells, hand cards and buttons,
    to the end (or until ``until`` decisions); ``check(page)`` at each decision."""
    n: Counter[str] = Counter()
    deadline = time.monotonic() + 120
    while wait_my_turn(page):
        assert time.monotonic() < deadline, n
        if until is not None and n["decisions"] >= until:
            break
        n["most"] = max(n["most"], shown_buttons(page))
        if check:
            check(page)
        before = step(page)
        try:
            if single_choice(page):
                n["auto"] += 1
            elif page.locator(".sa-cell.target").count():
                cells = page.locator(".sa-cell.target")
                cell = cells.nth(pick(rng, cells.count()))
                where = str(cell.get_attribute("data-cell", timeout=2000))
                there = int(cell.get_attribute("data-choices", timeout=2000))
                cell.click(timeout=2000)
                n["cell"] += 1
                if step(page) == before and page.locator("#show-all").count():
                    # several choices there: the buttons are narrowed to that cell
                    x, y = where.split(",")
                    assert f"({x},{y})" in page.locator("#narrowed").inner_text()
                    assert shown_buttons(page) == there
                    click_any(page, rng)
                    n["narrowed"] += 1
            elif page.locator("[data-zone='Your hand'] .card.target").count():
                cards = page.locator("[data-zone='Your hand'] .card.target")
                cards.nth(pick(rng, cards.count())).click(timeout=2000)
                n["hand card"] += 1
            else:
                click_any(page, rng)
                n["button"] += 1
        except (PageError, Redrawn):
            continue
        if moved_on(page, before):
            n["decisions"] += 1
    return n


def pick(rng: random.Random, count: int) -> int:
    """One of ``count`` things just counted on the page; none left (the page was drawn
    again between the look and the count: a bot moved, a choice was played for you) is a
    reason to look again."""
    if count == 0:
        raise Redrawn("nothing to click any more")
    return rng.randrange(count)


def merged(n: Counter[str], more: Counter[str]) -> Counter[str]:
    """Two plays' counts together: the most buttons shown is the larger, the rest add."""
    return Counter({k: max(n[k], more[k]) if k == "most" else n[k] + more[k] for k in n | more})


def test_station_assault_played_to_its_end_by_clicking_the_grid(
    context: Any, web_server: str, shots: Path
) -> None:
    context.add_init_script(FAST_AUTO)
    page = context.new_page()
    errors = watch_errors(page)
    new_game(page, web_server, "station_assault", ["you", "random"], {"max_waves": 1})
    page.wait_for_selector(CHOICE)
    snap(page, shots / "station_assault-start.png")
    rng = random.Random(25)
    n = play_station_assault(page, rng, until=9)
    snap(page, shots / "station_assault-mid.png")
    # the grid has its coordinates, and whole ship names
    assert page.locator(".sa-axis.x").count() >= 3 and page.locator(".sa-axis.y").count() >= 3
    # each ship's name whole: not cut, and a one-word name on one line (polled: a board
    # drawn again by a choice that plays itself is measured once it is laid out)
    fits = (
        "e => e.scrollWidth <= e.clientWidth + 1 && (e.textContent.includes(' ') || "
        "e.getBoundingClientRect().height < 1.6 * parseFloat(getComputedStyle(e).fontSize))"
    )
    cut = f"() => [...document.querySelectorAll('.sa-cell .ship-name')].filter(e => !({fits})(e))"
    try:
        page.wait_for_function(f"() => ({cut})().length === 0", timeout=5_000)
    except Exception:
        names = page.evaluate(f"() => ({cut})().map(e => e.textContent)")
        raise AssertionError(f"ship names cut or broken: {names}") from None
    more = play_station_assault(page, rng)
    n = merged(n, more)
    result = finish(page)
    assert "Scores:" in result
    snap(page, shots / "station_assault-end.png")
    # the lobby's game has a seed of its own: a game may offer no choice made on a hand
    # card alone, so up to two more games are played until one does
    for _ in range(2):
        if n["hand card"]:
            break
        new_game(page, web_server, "station_assault", ["you", "random"], {"max_waves": 1})
        page.wait_for_selector(CHOICE)
        more = play_station_assault(page, rng)
        n = merged(n, more)
        finish(page)
    print(f"Space Station Assault: {dict(n)}")
    assert n["cell"] >= 3 and n["hand card"] >= 1, n
    assert n["most"] <= MOST_BUTTONS, n
    assert page.locator("#log li").count() > 10
    assert not errors, errors


def test_at_a_phone_width_the_choices_come_before_the_board(
    chromium: Any, web_server: str, shots: Path
) -> None:
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.add_init_script(FAST_AUTO)
    try:
        page = phone.new_page()
        errors = watch_errors(page)
        new_game(page, web_server, "station_assault", ["you", "random"], {"max_waves": 1})
        tops: list[float] = []

        def check(page: Any) -> None:
            scrolled = float(page.evaluate("window.scrollY"))
            for sel in ("#prompt", "#choices"):
                box = page.locator(sel).bounding_box()
                tops.append(box["y"] + scrolled)
            assert max(tops) < 1000, tops  # in reach: not below 1000 px of board
            board = page.locator("#board").bounding_box()
            assert page.locator("#choices").bounding_box()["y"] < board["y"]

        n = play_station_assault(page, random.Random(3), until=8, check=check)
        assert n["decisions"] == 8, n
        snap(page, shots / "station_assault-phone.png", full_page=True)
        assert not errors, errors
    finally:
        phone.close()


# ------------------------------------------------------------ Rebel Space
def play_rebel_space(page: Any, rng: random.Random, shots: Path | None = None) -> Counter[str]:
    """Play the Rebel by clicking cards and buttons to the end. The person likes to
    attack: they draw 2, form every battle group they can (clicking its units, then
    "Form the group"), let the enemy through and damage the deck."""
    n: Counter[str] = Counter()
    deadline = time.monotonic() + 150
    while wait_my_turn(page):
        assert time.monotonic() < deadline, n
        n["most"] = max(n["most"], shown_buttons(page))
        if shots and n["decisions"] == 25:
            snap(page, shots / "rebel_space-mid.png")
        before = step(page)
        texts = choices(page)
        if not texts:  # (redrawn meanwhile: a choice on its way)
            continue
        try:
            picks = page.locator(".rs-card.pick")
            if single_choice(page):
                n["auto"] += 1
            elif picks.count():
                # a group is formed: click its units (they light up), then one button
                blocking = "Block with" in page.locator("#hint").inner_text()
                want = 1 if blocking else picks.count()
                for _ in range(want):
                    free = page.locator(".rs-card.pick:not(.picked)")
                    left = free.count()
                    if not left:
                        break
                    free.nth(rng.randrange(left)).click(timeout=2000)
                form = [t for t in choices(page) if t.startswith(("Form the group", "Block with"))]
                if not form:  # (a single choice was being played for the person meanwhile)
                    raise Redrawn("no Form button")
                assert page.locator(".rs-card.picked").count() >= 1  # they light up
                click_text(page, form[0])
                if not moved_on(page, before):
                    continue
                n["group formed"] += 1
                while page.locator("#choices button.offer[disabled]").count():
                    page.wait_for_timeout(20)  # the adds, then the close, one after another
                assert "stopped" not in page.locator("#note").inner_text()
                continue
            elif "Draw 2 cards" in texts:
                click_text(page, "Draw 2 cards")
            elif [t for t in texts if t.startswith("Form a new")]:
                click_text(page, rng.choice([t for t in texts if t.startswith("Form a new")]))
            elif [t for t in texts if "damages the deck" in t]:
                click_text(page, next(t for t in texts if "damages the deck" in t))
            elif [t for t in texts if t.startswith("Let ")]:
                click_text(page, next(t for t in texts if t.startswith("Let ")))
            elif page.locator(".rs-card.target").count() and rng.random() < 0.8:
                cards = page.locator(".rs-card.target")
                cards.nth(pick(rng, cards.count())).click(timeout=2000)
                n["card"] += 1
                if step(page) == before and page.locator("#show-all").count():
                    click_any(page, rng)  # narrowed to that card
                    n["narrowed"] += 1
            else:
                click_text(page, rng.choice(texts))
                n["button"] += 1
        except (PageError, Redrawn):
            continue
        if moved_on(page, before):
            n["decisions"] += 1
    return n


def test_rebel_space_played_to_its_end_by_clicking_cards(
    context: Any, web_server: str, shots: Path
) -> None:
    context.add_init_script(FAST_AUTO)
    page = context.new_page()
    errors = watch_errors(page)
    options = {"starting_hand": 20, "deploy_points": 20}
    new_game(page, web_server, "rebel_space", ["you", "random"], options)
    page.wait_for_selector(CHOICE)
    snap(page, shots / "rebel_space-start.png")
    n = play_rebel_space(page, random.Random(25), shots)
    result = finish(page)
    assert "Scores:" in result
    snap(page, shots / "rebel_space-end.png")
    print(f"Rebel Space: {dict(n)}")
    assert n["group formed"] >= 1 and n["card"] >= 3, n
    assert n["most"] <= MOST_BUTTONS, n
    # a single choice was played for the person, and the log says so
    assert n["auto"] >= 1, n
    said = page.locator("#log li.ev-auto").all_inner_texts()
    assert said and all(t.startswith("Only one choice: ") for t in said), said
    assert not errors, errors


def test_rebel_space_picks_only_heroes_that_fly_together(
    context: Any, web_server: str, shots: Path
) -> None:
    """RS-10: one Pilot to a Fighter. With one Stunt Fighters in the space group, Young
    Protagonist and Superior Pilot may each join, but not both: once one is picked the
    other does not light up, and "Form the group" forms it without stopping half way."""
    position = {
        "turn": "Rebel",
        "step": "attack_start",
        "zones": {
            "active0": ["Stunt Fighters", "Young Protagonist", "Superior Pilot"],
            "active1": ["Battle Walkers"],
        },
    }
    made = httpx.post(
        web_server + "/games",
        json={"pack": "rebel_space", "seats": ["human", "greedy"], "position": position},
    )
    assert made.status_code == 201, made.text
    gid, token = made.json()["id"], made.json()["seats"][0]["token"]
    context.add_init_script(FAST_AUTO)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{web_server}/#/play/{gid}/{token}")
    page.wait_for_selector(CHOICE)
    click_text(page, "Form a new space battle group")
    # alone, a Pilot cannot open the group: adding the Fighter is the one choice, played
    # for the person; then both Pilots may join, each on its own
    pilots = page.locator(".rs-card.pick", has_text="Pilot").or_(
        page.locator(".rs-card.pick", has_text="Young Protagonist")
    )
    pilots.nth(1).wait_for(timeout=10_000)
    page.locator(".rs-card.pick", has_text="Young Protagonist").click()
    assert page.locator(".rs-card.picked", has_text="Young Protagonist").count() == 1
    assert page.locator(".rs-card.pick", has_text="Superior Pilot").count() == 0
    snap(page, shots / "rebel_space-pilots.png")
    form = [t for t in choices(page) if t.startswith("Form the group")]
    assert form == ["Form the group (1 unit)"], choices(page)
    before = step(page)
    click_text(page, form[0])
    assert moved_on(page, before)
    while page.locator("#choices button.offer[disabled]").count():
        page.wait_for_timeout(20)  # the add, then the close
    assert "stopped" not in page.locator("#note").inner_text()
    grouped = page.locator(".rs-card .grp").all_inner_texts()
    assert sum("group 1" in g for g in grouped) == 2, grouped
    assert not errors, errors


# ------------------------------------------------------------ the choice panel
def test_a_long_list_of_choices_is_grouped_by_what_it_points_at(
    context: Any, web_server: str
) -> None:
    """Rebellion's set-up offers dozens of placements: the page shows a button per
    system (or unit), a click narrows, the filter box narrows by words, and "Show all"
    comes back; never more than 40 buttons."""
    page = context.new_page()
    errors = watch_errors(page)
    new_game(page, web_server, "rebellion_rote", ["random", "you"], {"max_rounds": 1})
    deadline = time.monotonic() + 30
    while not page.locator("#choices button.group").count():  # the first long decision
        assert time.monotonic() < deadline
        if wait_my_turn(page) and not page.locator("#choices button.group").count():
            before = step(page)
            with_key = page.locator(CHOICE).first
            try:
                with_key.click(timeout=2000)
            except (PageError, Redrawn):
                continue
            wait_step_above(page, before)
    total = int(page.locator("#show-all").count() == 0)  # the whole list is shown
    assert total
    groups = page.locator("#choices button.group")
    assert 2 <= shown_buttons(page) <= MOST_BUTTONS and groups.count() >= 2
    first = groups.first.inner_text()
    name, count = first[1:].strip().rsplit(" (", 1)
    size = int(count.split()[0])
    groups.first.click()
    assert name in page.locator("#narrowed").inner_text()
    assert shown_buttons(page) <= min(size, MOST_BUTTONS)
    assert page.locator("#choices button.choice[data-action]").count() + page.locator(
        "#choices button.group"
    ).count() == shown_buttons(page)
    page.click("#show-all")
    assert page.locator("#choices button.group").count() == groups.count()
    # the filter box narrows by words, and keeps the keys 1..9 on what it shows
    page.fill("#choice-filter", "TIE Fighter")
    words = choices(page)
    assert words and all(
        ("tie" in w.lower() and "fighter" in w.lower()) or w.endswith(" choices)") for w in words
    ), words
    page.click("#show-all")
    assert page.locator("#choice-filter").input_value() == ""
    before = step(page)
    page.keyboard.press("1")  # a group: narrows; then 1 plays its first choice
    if step(page) == before and page.locator("#show-all").count():
        page.keyboard.press("1")
    wait_step_above(page, before)
    assert not errors, errors


def test_resign_ends_the_game_after_a_second_click(context: Any, web_server: str) -> None:
    page = context.new_page()
    new_game(page, web_server, "station_assault", ["you", "random"], {})
    page.wait_for_selector("#resign")
    page.click("#resign")
    page.click("#resign-no")  # changed one's mind: nothing happens
    assert status(page) == "active"
    page.click("#resign")
    page.click("#resign-yes")
    assert "Black resigned." in finish(page)
    assert page.locator("#resign").count() == 0


# ------------------------------------------------------------ the lobby
def test_the_lobby_refreshes_by_itself_and_copies_a_friends_link(
    context: Any, web_server: str
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=web_server)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(web_server + "/")
    page.wait_for_selector("#games[data-refreshes]")
    # the options and seats read as words
    names = page.locator("#options .opt-name").all_inner_texts()
    assert names and not [n for n in names if "_" in n], names
    seat_words = page.locator("#seats select[data-seat='1'] option").all_inner_texts()
    assert "A friend (by link)" in seat_words and "Bot: random (instant)" in seat_words
    # a game made elsewhere shows up without a reload
    made = httpx.post(
        web_server + "/games",
        json={"pack": "rebel_space", "seats": ["human", "mcts:100"]},
    ).json()
    gid, token = made["id"], made["seats"][0]["token"]
    row = page.locator(f"#active-games li[data-game='{gid}']")
    row.wait_for(timeout=10_000)
    words = row.inner_text()
    assert "Rebel: a person" in words and "search bot, 100 iterations a move" in words, words
    assert "mcts" not in words and "human" not in words, words
    # it ends (here the person resigns elsewhere): it moves to the finished games,
    # with its record
    headers = {"Authorization": f"Bearer {token}"}
    assert httpx.post(f"{web_server}/games/{gid}/resign", headers=headers).status_code == 200
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # back to the lobby's window
    done = page.locator(f"#finished-games li[data-game='{gid}']")
    done.wait_for(timeout=6000)
    assert "Rebel resigned." in done.inner_text()
    record = httpx.get(web_server + str(done.locator("a.record").get_attribute("href")))
    assert record.status_code == 200 and record.json()["meta"]["resigned"] == 0
    # a friend's link, copied with one click
    new_game(page, web_server, "station_assault", ["you", "friend"], {})
    link = page.locator("#created input[data-seat='1']").input_value()
    page.click("#created button.copy[data-seat='1']")
    page.wait_for_selector("#created .copied:has-text('Copied.')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert not errors, errors
