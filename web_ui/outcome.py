"""Post to the session and learn at once whether it refused.

Phone actions and button presses go to the session thread as requests, each with its own id
(``SessionRunner.ask``); the session's refusal carries that id, so each request hears its
own answer and no other (two identical taps are two requests).  The answer comes once the
listeners have seen what the request came to.  A session that does not answer within
``timeout`` gives ``None``: the request then answers 202 and the page's stream reports the
outcome.
"""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

from controller.session.messages import Message


def answer(asked: Future[Message | None], timeout: float) -> Message | bool | None:
    """The session's reason if it refused the request (``True`` if it took it, ``None`` if
    it did not answer in time)."""
    try:
        refusal = asked.result(timeout=timeout)
    except FutureTimeout:
        return None
    return refusal if refusal is not None else True
