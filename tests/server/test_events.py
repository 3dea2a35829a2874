"""The server's listener list (server/events.py, docs/server.md "Listeners"): who hears what a part tells."""

import asyncio

import pytest

from boardcade.server.events import AsyncEvent, Event, Listeners


def test_an_event_calls_its_listeners_in_the_order_they_subscribed_with_the_tellers_arguments():
    heard: list[tuple] = []
    event: Event = Event("ended_here")
    event.subscribe(lambda m: heard.append(("first", m)))
    event.subscribe(lambda m: heard.append(("second", m)))
    event("m1")
    assert heard == [("first", "m1"), ("second", "m1")]


def test_a_listener_that_raises_raises_to_the_teller_and_the_listeners_after_it_are_not_called():
    heard: list[str] = []

    def broken(m: str) -> None:
        raise RuntimeError("listener failed")

    event: Event = Event("arm_clock")
    event.subscribe(broken)
    event.subscribe(heard.append)
    with pytest.raises(RuntimeError, match="listener failed"):
        event("m1")
    assert heard == []


def test_an_unsubscribed_listener_no_longer_hears_and_an_event_nobody_hears_does_nothing():
    heard: list[str] = []
    event: Event = Event("ended_here")
    event.subscribe(heard.append)
    event.unsubscribe(heard.append)
    event("m1")
    assert heard == [] and event.listeners == []


def test_an_async_event_awaits_its_listeners_in_turn():
    heard: list[str] = []

    async def one(m: str) -> None:
        heard.append("one " + m)

    async def two(m: str) -> None:
        heard.append("two " + m)

    event: AsyncEvent = AsyncEvent("flag_fell")
    event.subscribe(one)
    asyncio.run(event("m1"))  # one listener: its own coroutine (a spawned failure is logged under its name)
    event.subscribe(two)
    asyncio.run(event("m2"))
    assert heard == ["one m1", "one m2", "two m2"]


def test_the_listener_list_has_one_event_per_thing_a_part_tells_none_heard_until_the_manager_subscribes():
    on = Listeners()
    names = ["ended_here", "ended_elsewhere", "arm_clock", "flag_fell", "chat_heard", "lobby_heard", "turn_started"]
    assert [getattr(on, n).name for n in names] == names
    assert all(getattr(on, n).listeners == [] for n in names)
