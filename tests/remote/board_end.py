"""One board's end of a match as a process of its own, for the power-cut test: it prints each
message delivered to it as a JSON line (flushed), until it is killed.

    python -m tests.remote.board_end URL ME PARTNER MATCH STORE [CA_FILE]
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from club.mqtt import parse_broker_url
from remote.link import MatchLink
from remote.topics import Envelope


def main(argv: list[str]) -> None:
    url, me, partner, match, store = argv[:5]
    ca_file = argv[5] if len(argv) > 5 else None

    lock = threading.Lock()

    def say(line: str) -> None:
        # One write a line, under a lock: deliveries (the MQTT thread) and "ready" (this
        # thread) must not interleave within a line.
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def deliver(envelope: Envelope) -> None:
        say(envelope.encode().decode())

    link = MatchLink(parse_broker_url(url), me, partner, match, Path(store), deliver,
                     ca_file=ca_file).start()
    if not link.connection.wait_connected(20):
        sys.exit(f"{me} did not reach the broker: {link.connection.last_error}")
    say("ready")
    threading.Event().wait()


if __name__ == "__main__":
    main(sys.argv[1:])
