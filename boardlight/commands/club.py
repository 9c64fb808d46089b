"""``boardlight club``: the club server: every board of the room live, one screen for all.

It follows the club's boards on the MQTT broker and serves the room's pages (every board,
small and live; one click follows a board full size; a QR code for spectators' phones),
``GET /api/club/boards``, and the director's pages behind a token link (events, pairings
sent to the boards, results, standings, CSV export).  See docs/club.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boardlight.commands import SUMMARIES

DEFAULT_PORT = 8090


def register(sub: Any) -> None:
    p = sub.add_parser(
        "club", help=SUMMARIES["club"],
        description="Serve the club's pages: every board publishing to the broker, live; one "
                    "board full size; a QR code for spectators; the director's pages "
                    "(tournament: pairings sent to the boards, results, standings). It prints "
                    "the room's address and the director's link. Ctrl-C stops it.",
        epilog="Example: 'boardlight club --broker mqtt://director:SECRET@localhost:1883 "
               "--port 8090'. The boards run 'boardlight serve --club mqtt://... "
               "--board-name table-1'. docs/club.md has the broker's set-up.")
    p.add_argument("--broker", metavar="URL", required=True,
                   help="the club's MQTT broker, mqtt://[USER:PASS@]HOST:PORT (mqtts:// for "
                        "TLS); the user should be the director's (it sends the pairings)")
    p.add_argument("--club", metavar="NAME", default="club",
                   help="the club's name in the topics, as the boards use it (default 'club')")
    p.add_argument("--host", metavar="H", default="0.0.0.0",
                   help="address to listen on (default 0.0.0.0: phones on the network too)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P",
                   help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--data", metavar="DIR",
                   help="keep the tournament here (event.json), so a restart loses no round")
    p.add_argument("--ca-file", metavar="FILE", help="mqtts://: the broker's CA certificate")
    p.add_argument("--director-token", metavar="T",
                   help="the director link's token (default: a new random one each start)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import threading

    from boardlight.commands.serve import _stop_on_signals, addresses, lan_address
    from club.director import Director
    from club.mqtt import parse_broker_url
    from club.server import ClubServer
    from club.topics import check_name
    from club.web import create_club_app
    from web_ui.server import WebServer
    # Every open page holds a server thread; a small stack each keeps 200 pages' memory low
    # on a Pi (the pages' threads only wait and write).
    threading.stack_size(512 * 1024)
    url = parse_broker_url(args.broker)
    club = check_name(args.club, "club")
    data = Path(args.data) if args.data else None
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    stop = _stop_on_signals()
    server = ClubServer(url, club, ca_file=args.ca_file)
    try:
        director = Director(server, data / "event.json" if data else None)
        app = create_club_app(server, director, {"DIRECTOR_TOKEN": args.director_token})
        try:
            web = WebServer(app, args.host, args.port)
        except OSError as exc:
            print(f"boardlight club: error: cannot listen on {args.host}:{args.port}: "
                  f"{exc.strerror or exc}; is another server using the port? Try --port",
                  file=sys.stderr)
            return 2
        lan, local = addresses(args.host, web.port)
        app.config["PUBLIC_URL"] = lan
        # The room's own screen may be a browser on this machine at its network address.
        own = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host
        if own:
            app.config["SCREEN_ADDRESSES"] = (*app.config["SCREEN_ADDRESSES"], own)
        server.start()
        web.start()
        base = lan or local or ""
        print(f"Boardlight club {club!r}, following the boards on {url}.", flush=True)
        if lan:
            print(f"  The room's page, for the big screen and phones: {lan}/")
        if local:
            print(f"  On this machine: {local}/")
        print(f"  Director (keep this link to yourself): {base}/director/"
              f"{app.extensions['club'].director_token}")
        print(f"  Every board as JSON: {base}/api/club/boards")
        print("Press Ctrl-C to stop.", flush=True)
        if not server.wait_following(10):
            print(f"  (not connected to {url} yet: {server.conn.last_error or 'no answer'}; "
                  "still trying)", flush=True)
        else:
            print("  Connected to the broker, following the boards.", flush=True)
        stop.wait()
        print("Stopping...", flush=True)
        web.stop()
    finally:
        server.stop()
        stop.restore()
    print("Club server stopped.", flush=True)
    return 0
