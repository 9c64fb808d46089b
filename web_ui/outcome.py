"""Post to the session and learn at once whether it refused.

Phone actions and button presses go to the session thread as events; the session answers a
refusal with a ``Rejected`` event.  The web request waits for that answer: after posting, it
queues a no-op call behind the event (``runner.call``); the runner runs calls in order, after
the listeners have seen every event posted before, so when the call returns, a refusal of
ours has been seen.  A session that is not running within ``timeout`` gives ``None``: the
request then answers 202 and the page's stream reports the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout

from controller.session.events import OutEvent, Rejected
from controller.session.messages import Message
from controller.session.runner import SessionRunner


def post_and_wait(runner: SessionRunner, post: Callable[[], None],
                  mine: Callable[[Rejected], bool], timeout: float) -> Message | bool | None:
    """Run ``post``; the session's reason if it refused (``True`` if it took it, ``None`` if
    it did not answer in time)."""
    refusals: list[Message] = []

    def listen(out: list[OutEvent]) -> None:
        refusals.extend(e.reason for e in out if isinstance(e, Rejected) and mine(e))

    runner.subscribe(listen)
    try:
        post()
        try:
            runner.call(lambda _session: None).result(timeout=timeout)
        except FutureTimeout:
            return None
    finally:
        runner.unsubscribe(listen)
    return refusals[0] if refusals else True
