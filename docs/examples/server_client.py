"""A client of `tabletop serve`: make a game against a bot, play it, read its record.

Run a server (`tabletop serve`), then: `python server_client.py http://127.0.0.1:8000`.
"""

# --8<-- [start:client]
from __future__ import annotations

import random
import sys
import time
from typing import Any

import httpx


def play(
    base: str, pack: str = "rebel_space", bot: str = "random", seed: int = 1
) -> dict[str, Any]:
    """Play seat 0 by random choices against a bot; return the finished game's record."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=30) as http:
        made = http.post("/games", json={"pack": pack, "seats": ["human", bot]}).json()
        game, token = made["id"], made["seats"][0]["token"]
        me = {"Authorization": f"Bearer {token}"}
        while True:
            body = http.get(f"/games/{game}", headers=me).json()
            if body["status"] != "active":
                break
            if not body["your_turn"]:  # the bot is thinking (or use the WebSocket)
                time.sleep(0.05)
                continue
            choice = rng.choice(body["legal_actions"])  # {"id", "notation", "text"}
            r = http.post(
                f"/games/{game}/actions",
                headers=me,
                json={"action_id": choice["id"], "seen": body["step"]},
            )
            if r.status_code == 409:  # stale: someone moved first; read again
                continue
            r.raise_for_status()
            for batch in r.json()["events"]:  # what this action caused, as seat 0 sees it
                for event in batch["events"]:
                    print(f"{batch['step']:4}  {event['text']}")
        print("result:", body["result"])
        record: dict[str, Any] = http.get(f"/games/{game}/record").json()
        return record


# --8<-- [end:client]

if __name__ == "__main__":
    play(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
