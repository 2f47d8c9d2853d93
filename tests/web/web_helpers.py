"""What the web tests do as a person does: make a game in the lobby, read what the page
shows (its step, its buttons by their words, the board's highlighted things), click.

Nothing here sends an action id: a click is on something the page shows.
"""

from __future__ import annotations

import time
from typing import Any

CHOICE = "#choices button.choice:not(.all):not([disabled])"
"""The choice buttons a person may press now (actions, groups of them, a board's offers)."""

FAST_AUTO = "localStorage.setItem('tabletop.autoMs', '120')"
"""An init script: a single choice is played for you after 0.12 s (not 0.8 s), to keep
the games short; the rule is the same."""


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


def status(page: Any) -> str:
    return str(page.locator("#app").get_attribute("data-status"))


def my_turn(page: Any) -> bool:
    return bool(page.locator("#app").get_attribute("data-your-turn") == "true")


def shown_buttons(page: Any) -> int:
    """How many choice buttons the page shows now (its own count, data-choices)."""
    return int(page.locator("#app").get_attribute("data-choices") or 0)


def wait_step_above(page: Any, n: int, seconds: float = 15) -> None:
    """Wait until the page shows a step past ``n`` (polled: the page's CSP allows no eval)."""
    deadline = time.monotonic() + seconds
    while step(page) <= n and status(page) == "active":
        if time.monotonic() > deadline:
            shown = page.locator("#controls").inner_text()
            raise AssertionError(f"the page stayed at step {step(page)}: {shown!r}")
        page.wait_for_timeout(20)


def moved_on(page: Any, before: int, seconds: float = 20) -> bool:
    """After a click: True once the page shows a step past ``before`` (or the game ended);
    False when it stays at ``before`` waiting for a choice again (the click only narrowed,
    or landed on a thing redrawn meanwhile): then look again."""
    deadline = time.monotonic() + seconds
    idle_since = None
    while step(page) <= before and status(page) == "active":
        if time.monotonic() > deadline:
            shown = page.locator("#controls").inner_text()
            raise AssertionError(f"the page stayed at step {step(page)}: {shown!r}")
        if my_turn(page) and page.locator(CHOICE).count():  # buttons enabled: nothing sent
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since > 1.0:
                return False
        else:
            idle_since = None
        page.wait_for_timeout(20)
    return True


def wait_my_turn(page: Any, seconds: float = 20) -> bool:
    """Wait until it is this page's turn with its choices drawn; False once the game is over."""
    deadline = time.monotonic() + seconds
    while True:
        if status(page) != "active":
            return False
        if my_turn(page) and page.locator(CHOICE).count():
            return True
        if time.monotonic() > deadline:
            shown = page.locator("#controls").inner_text()
            raise AssertionError(f"the page never showed a choice: {shown!r}")
        page.wait_for_timeout(20)


def click_through(page: Any, cap: int, seconds: float, stop_at: int | None = None) -> int:
    """Click the first choice whenever it is this page's turn, until the game ends (or the
    step reaches ``stop_at``); returns the clicks made."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while clicks < cap and time.monotonic() < deadline:
        if status(page) != "active":
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


def choices(page: Any) -> list[str]:
    """The words of the choice buttons shown now, in order (without their key 1..9, 0)."""
    out = []
    for i, raw in enumerate(page.locator(CHOICE).all_inner_texts()):
        key = str(i + 1) if i < 9 else "0" if i == 9 else ""
        text = raw.strip()
        out.append(text[len(key) :].strip() if key and text.startswith(key) else text)
    return out


class Redrawn(Exception):
    """The page changed between a look and a click (a bot moved, a choice was played for
    you): look again."""


def click_text(page: Any, text: str) -> None:
    """Press the choice button that reads ``text`` (as a person finds it)."""
    texts = choices(page)
    if text not in texts:
        raise Redrawn(f"{text!r} is not among {texts}")
    page.locator(CHOICE).nth(texts.index(text)).click(timeout=3000)


def click_any(page: Any, rng: Any) -> None:
    """Press one of the choice buttons shown, picked by ``rng`` (a person's whim)."""
    texts = choices(page)
    if not texts:
        raise Redrawn("no button shown")
    click_text(page, rng.choice(texts))


def snap(page: Any, path: Any, *, full_page: bool = False) -> None:
    """A screenshot as a person first sees the page: at its top, no card facts open."""
    page.mouse.move(1, 1)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#facts").evaluate("e => { e.hidden = true; }")
    page.screenshot(path=str(path), full_page=full_page)


def finish(page: Any) -> str:
    page.wait_for_selector("#end:not([hidden])", timeout=15_000)
    return str(page.locator("#result").inner_text())
