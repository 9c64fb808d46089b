"""``boardlight export`` and ``boardlight replay``: game records out of the event log."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from boardlight.commands import SUMMARIES
from boardlight.config import DEFAULT_SAID, load_settings
from boardlight.eventlog import EventLog, LogError, replay, replay_events
from boardlight.textboard import draw
from controller.records import EventRecord, GameRecord
from controller.rules import find_game
from controller.said import english

RECORD_SCHEMA = "boardlight.game"
RECORD_VERSION = 1


def register(sub: Any) -> None:
    p = sub.add_parser(
        "export", help=SUMMARIES["export"],
        description="Write one game of the event log as JSON lines (schema boardlight.game "
                    "v1: a header line, then one line per event) or as a move list in the "
                    "game's notation (Abalone: the Aba-Pro notation of docs/games/abalone.md).")
    _db_options(p)
    p.add_argument("--format", choices=("jsonl", "notation"), default="jsonl",
                   help="jsonl (default) or notation")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    p.add_argument("--list", action="store_true", help="list the games in the log instead")
    p.set_defaults(run=run_export)
    r = sub.add_parser(
        "replay", help=SUMMARIES["replay"],
        description="Replay a game through the rules core and print the board after each "
                    "move: from an exported JSON-lines record, or from the event log.")
    r.add_argument("record", nargs="?", metavar="FILE",
                   help="an exported .jsonl record (default: the event log, see --db)")
    _db_options(r)
    r.add_argument("--to", type=int, metavar="PLY", help="print only the position after PLY")
    r.add_argument("--step", action="store_true", help="wait for Enter after each move")
    r.set_defaults(run=run_replay)


def _db_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="PATH", help="the event log (default: [storage] db of the "
                   "config file)")
    p.add_argument("--config", metavar="FILE", help=f"config file (default {DEFAULT_SAID})")
    p.add_argument("--game-id", type=int, metavar="N", help="which game (default: the latest)")


def _open(args: argparse.Namespace) -> EventLog:
    db = args.db or load_settings(args.config).db
    if not db:
        raise LogError("no event log given: use --db PATH or set [storage] db in the config")
    if not Path(db).exists():
        raise LogError(f"there is no event log at {db}")
    return EventLog(db, owner=False)  # only reads: runs beside the service that writes it


def _pick(log: EventLog, game_id: int | None) -> GameRecord:
    if game_id is not None:
        return log.game(game_id)
    games = log.games()
    if not games:
        raise LogError(f"{log.path} holds no games yet")
    return games[-1]


def _iso(ts: float | None) -> str | None:
    return None if ts is None else time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(ts))


def export_lines(log: EventLog, record: GameRecord) -> list[dict[str, Any]]:
    header = {"schema": RECORD_SCHEMA, "version": RECORD_VERSION, "game": record.game,
              "variant": record.variant, "seed": record.seed, "start": record.start,
              "started": _iso(record.started), "finished": _iso(record.finished),
              "result": record.result, "meta": record.meta}
    events = [{"seq": e.seq, "kind": e.kind, "ply": e.ply, "seat": e.seat, "move": e.move,
               "position": e.position, "t": e.t, "wall": _iso(e.wall), "data": e.data}
              for e in log.events(record.id)]
    return [header, *events]


def notation(log: EventLog, record: GameRecord) -> str:
    game = find_game(record.game)
    r = replay(log, record.id, partial=True)
    seats = game.seats(r.states[0])
    lines = [f'[Game "{game.title}"]', f'[Variant "{record.variant}"]',
             f'[Date "{time.strftime("%Y.%m.%d", time.localtime(record.started))}"]',
             f'[Seats "{" ".join(seats)}"]']
    if record.start != game.position_text(game.setup(record.variant, seed=record.seed)):
        lines.append(f'[Start "{record.start}"]')
    if record.result:
        winners = record.result.get("winners") or []
        lines.append(f'[Result "{" ".join(winners) or "draw"}"]')
        # The termination's name (a log written before terminations were typed: its reason).
        how = record.result.get("termination") or record.result.get("reason", "")
        lines.append(f'[Termination "{how}"]')
    if r.broken:
        lines.append(f'[Note "the record replays only this far: {r.broken}"]')
    lines.append("")
    per_round = len(seats)
    for k in range(0, len(r.moves), per_round):
        lines.append(f"{k // per_round + 1}. " + " ".join(r.moves[k:k + per_round]))
    return "\n".join(lines) + "\n"


def run_export(args: argparse.Namespace) -> int:
    log = _open(args)
    if args.list:
        for g in log.games():
            state = "unfinished" if g.finished is None else (
                "won by " + " ".join(g.result["winners"]) if g.result and g.result["winners"]
                else "drawn" if g.result else "finished")
            r = replay(log, g.id, partial=True)
            if r.broken:
                state += " (does not replay past its move " + str(len(r.moves)) + ")"
            print(f"{g.id}\t{g.game} {g.variant}\t{_iso(g.started)}\t"
                  f"{len(r.moves)} moves\t{state}")
        return 0
    record = _pick(log, args.game_id)
    text = (notation(log, record) if args.format == "notation" else
            "".join(json.dumps(x, separators=(",", ":")) + "\n"
                    for x in export_lines(log, record)))
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote game {record.id} ({record.game} {record.variant}) to {args.output}",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _from_file(path: str) -> tuple[GameRecord, list[EventRecord]]:
    try:
        lines = [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines()
                 if x.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        raise LogError(f"cannot read the record {path}: {exc}") from None
    if not lines or lines[0].get("schema") != RECORD_SCHEMA:
        raise LogError(f"{path} is not a Boardlight game record (no '{RECORD_SCHEMA}' header)")
    head = lines[0]
    if head.get("version") != RECORD_VERSION:
        raise LogError(f"{path} is record version {head.get('version')}; this Boardlight "
                       f"reads version {RECORD_VERSION}")
    try:
        record = GameRecord(0, head["game"], head["variant"], int(head["seed"]), head["start"],
                            0.0, None, head.get("result"), head.get("meta") or {})
        events = [EventRecord(int(e["seq"]), e["kind"], int(e["ply"]), e.get("seat"),
                              e.get("move"), e["position"], float(e["t"]), 0.0,
                              e.get("data") or {}) for e in lines[1:]]
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"{path}: a line lacks a field or has a wrong value ({exc})") from None
    return record, events


def run_replay(args: argparse.Namespace) -> int:
    if args.record:
        record, events = _from_file(args.record)
    else:
        log = _open(args)
        record = _pick(log, args.game_id)
        events = log.events(record.id)
    r = replay_events(record, events, partial=True)
    game = find_game(record.game)
    if args.to is not None and not 0 <= args.to <= len(r.moves):
        raise LogError(f"the record has no ply {args.to}; it has plies 0 to {len(r.moves)}")
    for ply, state in enumerate(r.states):
        if args.to is not None and ply != args.to:
            continue
        print(f"{game.title} {record.variant}: start" if ply == 0
              else f"ply {ply}: {r.seats[ply - 1]} {r.moves[ply - 1]}")
        print(draw(game, state))
        print(game.position_text(state))
        print()
        if args.step and sys.stdin.isatty() and ply < len(r.moves):
            input("Enter for the next move ")
    outcome = game.outcome(r.state)
    print(f"{len(r.moves)} moves; " + (f"over: {english(outcome.said, game)}" if outcome
                                        else "unfinished"))
    if r.broken:
        print(f"the record replays only this far: {r.broken}")
    return 0
