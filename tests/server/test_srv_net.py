"""Who a client is, the pace of creations, and the fair queue of bot decisions (unit
tests of tabletop.server.net and bots.FairQueue; the servers' tests are in
test_srv_hostile.py)."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

import pytest

from tabletop.server.bots import BotJob, FairQueue
from tabletop.server.net import Buckets, ConnectionGuard, Proxies, client_key, client_of


def test_client_keys() -> None:
    assert client_key("203.0.113.7") == "203.0.113.7"
    assert client_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"  # a host's /64
    assert client_key("2001:db8:1:2:ffff::9") == client_key("2001:db8:1:2::1")
    assert client_key("::ffff:198.51.100.4") == "198.51.100.4"
    assert client_key("not an address" * 10) == ("not an address" * 10)[:64]


def scope(peer: str, *headers: tuple[str, str]) -> dict[str, Any]:
    return {
        "client": (peer, 5555),
        "headers": [(k.encode(), v.encode()) for k, v in headers],
    }


def test_the_forwarded_address_counts_only_from_a_trusted_proxy() -> None:
    local = Proxies(["127.0.0.1", "::1"])
    xff = ("x-forwarded-for", "198.51.100.1, 203.0.113.7")
    assert client_of(scope("127.0.0.1", xff), local) == "203.0.113.7"
    assert client_of(scope("::1", xff), local) == "203.0.113.7"
    assert client_of(scope("192.0.2.9", xff), local) == "192.0.2.9"  # not a proxy: its own
    assert client_of(scope("127.0.0.1"), local) == "127.0.0.1"  # nothing forwarded
    # The rightmost address that is not a trusted proxy: a client's own claims are left of it.
    chain = Proxies(["127.0.0.1", "10.0.0.0/8"])
    many = ("X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.1.2.3")  # (any case of the name)
    assert client_of(scope("127.0.0.1", many), chain) == "203.0.113.7"
    two_lines = [("x-forwarded-for", "6.6.6.6"), ("x-forwarded-for", "203.0.113.8:4711")]
    assert client_of(scope("127.0.0.1", *two_lines), local) == "203.0.113.8"
    fwd = ("forwarded", 'for=6.6.6.6;proto=http, for="[2001:db8::17]:4711";by=x')
    assert client_of(scope("127.0.0.1", fwd), local, "forwarded") == "2001:db8::/64"
    assert client_of(scope("127.0.0.1", fwd), local) == "127.0.0.1"  # the other header
    assert client_of(scope("127.0.0.1", xff), Proxies([])) == "127.0.0.1"
    with pytest.raises(ValueError, match="trusted proxy"):
        Proxies(["localhost"])


def test_buckets_give_a_minute_s_worth_then_one_at_a_time() -> None:
    now = [0.0]
    b = Buckets(6, clock=lambda: now[0])  # 6 a minute: one every 10 s
    assert [b.take("a") for _ in range(6)] == [0.0] * 6
    assert b.take("a") == pytest.approx(10.0)
    assert b.take("b") == 0.0  # another client has its own
    now[0] = 10.0
    assert b.take("a") == 0.0 and b.take("a") > 0
    assert Buckets(0).take("a") == 0.0  # no limit


def test_the_connection_guard() -> None:
    g = ConnectionGuard(2, 4, Proxies(["127.0.0.1"]))
    assert g.acquire("192.0.2.1") == ("192.0.2.1", "")
    assert g.acquire("192.0.2.1") == ("192.0.2.1", "")
    assert g.acquire("192.0.2.1") == (None, "client")
    assert g.acquire("127.0.0.1") == ("", "")  # a trusted proxy: only the total
    assert g.acquire("127.0.0.1") == ("", "")
    assert g.acquire("192.0.2.2") == (None, "total")
    g.release("192.0.2.1")
    assert g.acquire("192.0.2.2") == ("192.0.2.2", "")
    assert g.open == {"192.0.2.1": 1, "192.0.2.2": 1} and g.count == 4


class FakePool:
    """Decisions answered when the test says so, in the order they reached the pool."""

    def __init__(self) -> None:
        self.started: list[tuple[str, Future[int]]] = []

    def submit(self, job: BotJob) -> Future[int]:
        f: Future[int] = Future()
        f.set_running_or_notify_cancel()
        self.started.append((job.game_id, f))
        return f


def job(gid: str) -> BotJob:
    return BotJob(game_id=gid, pack="p", options={}, seed=1, actions=(), seat=0, spec="mcts")


def test_the_fair_queue_serves_a_new_client_before_a_busy_one() -> None:
    async def main() -> list[str]:
        pool = FakePool()
        q = FairQueue(pool, 1)  # type: ignore[arg-type]
        flood = [asyncio.create_task(q.decide(job(f"f{i}"), "attacker")) for i in range(5)]
        await asyncio.sleep(0.05)
        assert [g for g, _ in pool.started] == ["f0"]  # one in the pool at a time
        mine = asyncio.create_task(q.decide(job("mine"), "player"))
        await asyncio.sleep(0.05)
        pool.started[0][1].set_result(7)  # the running search ends
        await asyncio.sleep(0.05)
        assert await flood[0] == 7
        for _ in range(5):
            pool.started[-1][1].set_result(1)
            await asyncio.sleep(0.05)
        await asyncio.gather(mine, *flood)
        return [g for g, _ in pool.started]

    order = asyncio.run(main())
    assert order[:2] == ["f0", "mine"]  # next after the search running now
    assert sorted(order[2:]) == ["f1", "f2", "f3", "f4"]


def test_a_cancelled_decision_leaves_its_place() -> None:
    async def main() -> None:
        pool = FakePool()
        q = FairQueue(pool, 1)  # type: ignore[arg-type]
        first = asyncio.create_task(q.decide(job("a"), "x"))
        gone = asyncio.create_task(q.decide(job("b"), "y"))
        later = asyncio.create_task(q.decide(job("c"), "z"))
        await asyncio.sleep(0.05)
        gone.cancel()
        first.cancel()  # cancelled while its worker thinks: the worker stays busy until done
        await asyncio.sleep(0.05)
        assert [g for g, _ in pool.started] == ["a"] and len(q.running) == 1
        pool.started[0][1].set_result(0)
        await asyncio.sleep(0.05)
        assert [g for g, _ in pool.started] == ["a", "c"]
        pool.started[1][1].set_result(3)
        assert await later == 3
        assert not q.running and not q.waiting

    asyncio.run(main())
