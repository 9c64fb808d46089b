"""The host's side of the serial link: one reader thread that owns the connection.

It opens the port with pyserial's ``serial_for_url`` (a device path, a pty, ``socket://``),
shakes hands (hello, version check, full scan), then turns frames into the session's inbound
events and hands them to ``post``.  LED frames go out with ``show()`` from any thread.

When the port fails (the USB cable is pulled: ``SerialException``/``OSError`` on read, the
device path vanishes or now names another device) or the board stops answering its pings,
the link posts ``LinkStatus(connected=False)``, closes the port and reopens it with
exponential backoff; once the board is back it asks for hello and a full scan again, posts
``LinkStatus(connected=True)`` and the ``StableScan``, and shows the last LED frame again.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import serial

from controller.physical import BoardSpec, LedFrame, SenseMode, Value
from controller.session.events import (
    ButtonPress,
    InEvent,
    LinkStatus,
    StableChanges,
    StableScan,
)
from firmware_bridge.decoder import FrameDecoder
from firmware_bridge.errors import (
    BoardMismatchError,
    FrameError,
    LedFrameError,
    LinkError,
    ProtocolVersionError,
)
from firmware_bridge.messages import (
    AnyMessage,
    ButtonEvent,
    Changes,
    FullScan,
    GetHello,
    GetScan,
    Hello,
    Nak,
    Ping,
    Pong,
    ShowLeds,
    parse,
    to_frame,
)
from firmware_bridge.protocol import (
    BOARD_TO_HOST,
    PROTOCOL_VERSION,
    Frame,
    MessageType,
    NakReason,
)

log = logging.getLogger(__name__)

Post = Callable[[InEvent], None]
PortOpener = Callable[..., Any]
"""``serial.serial_for_url`` or anything with its signature (tests: a pty, ``loop://``)."""

MAX_READ = 4096


class LinkState(enum.Enum):
    HANDSHAKE = "handshake"  # port open, waiting for the board's hello
    AWAITING_SCAN = "awaiting-scan"  # asked for a full scan; changes before it are stale
    SYNCED = "synced"  # the host's view equals the board's; changes are posted


@dataclass(slots=True)
class LinkStats:
    connects: int = 0
    disconnects: int = 0
    open_failures: int = 0
    frames_in: int = 0
    frames_out: int = 0
    seq_gaps: int = 0
    scans_requested: int = 0
    stale_changes: int = 0
    malformed: int = 0
    unexpected: int = 0
    naks_sent: int = 0
    naks_received: int = 0
    pongs: int = 0
    last_rtt: float | None = None


class _LinkDown(Exception):
    """The connection is lost (internal: turned into LinkStatus(connected=False))."""


class SerialLink:
    """The link to the board's microcontroller at ``url``, for the board profile ``spec``.

    ``post(event)`` is called on the link's thread with ``LinkStatus``, ``StableScan``,
    ``StableChanges`` and ``ButtonPress`` events stamped with ``clock()``.  ``ping_interval``
    and ``timeout`` (no frame for that long: the link is down) are on ``clock``'s seconds;
    ``backoff`` (first, longest) delays between reconnection attempts are real seconds.
    """

    def __init__(self, url: str, spec: BoardSpec, post: Post, *,
                 clock: Callable[[], float] = time.monotonic, baudrate: int = 115200,
                 ping_interval: float = 1.0, timeout: float = 3.0,
                 backoff: tuple[float, float] = (0.1, 2.0), read_timeout: float = 0.02,
                 open_port: PortOpener = serial.serial_for_url) -> None:
        if timeout <= ping_interval:
            raise ValueError(f"the keep-alive timeout ({timeout} s) must be longer than the "
                             f"ping interval ({ping_interval} s)")
        self.url = url
        self.spec = spec
        self.post = post
        self.clock = clock
        self.baudrate = baudrate
        self.ping_interval = ping_interval
        self.timeout = timeout
        self.backoff = backoff
        self.read_timeout = read_timeout
        self._open_port = open_port
        self.stats = LinkStats()
        self.decoder = FrameDecoder()
        self.hello: Hello | None = None
        self.error: LinkError | None = None
        """The last permanent error (version or profile mismatch), until a good hello."""
        self.state = LinkState.HANDSHAKE
        self._tags = {tag.upper(): kind for tag, kind in spec.tags.items()}
        self._unknown_tags: set[str] = set()
        self._stop = threading.Event()
        self._connected = threading.Event()
        self._thread: threading.Thread | None = None
        self._write_lock = threading.Lock()
        self._port: Any = None
        self._tx_seq = 0
        self._rx_expect: int | None = None
        self._leds: ShowLeds | None = None
        self._reported: bool | None = None
        self._reported_detail = ""
        self._ping_token = 0
        self._ping_sent: dict[int, float] = {}
        self._scan_asked_at = 0.0

    # ---- public --------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def start(self) -> SerialLink:
        if self._thread is not None:
            return self
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="boardlight-serial-link",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        port = self._port
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                cancel()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self) -> SerialLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def wait_connected(self, timeout: float | None = None) -> bool:
        """Wait until the board is synced; raises the permanent error if there is one."""
        if self._connected.wait(timeout):
            return True
        if self.error is not None:
            raise self.error
        return False

    def show(self, frame: LedFrame) -> None:
        """Send an LED frame now if the board is connected; it is shown again after every
        reconnect, so the board always ends up showing the latest frame."""
        if len(frame) != len(self.spec.leds):
            raise LedFrameError(f"board {self.spec.name!r} has {len(self.spec.leds)} LEDs; "
                                f"the frame has {len(frame)} lights")
        message = ShowLeds(tuple(frame))
        try:
            message.serialize()
        except FrameError as exc:
            raise LedFrameError(str(exc)) from None
        with self._write_lock:
            self._leds = message
            if self._connected.is_set():
                self._send_locked(message, quiet=True)

    def request_scan(self) -> None:
        """Ask the board for a full scan (the session may want one after a long stall)."""
        with self._write_lock:
            if self._port is not None and self.hello is not None:
                self.state = LinkState.AWAITING_SCAN
                self._scan_asked_at = self.clock()
                self.stats.scans_requested += 1
                self._send_locked(GetScan(), quiet=True)

    # ---- connection lifecycle -------------------------------------------------------------

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            reason: str | None = None
            permanent = False
            try:
                port = self._open()
            except (serial.SerialException, OSError, ValueError) as exc:
                self.stats.open_failures += 1
                reason = f"cannot open {self.url}: {exc}"
            else:
                try:
                    self._serve(port)
                except _LinkDown as exc:
                    reason = str(exc)
                except LinkError as exc:
                    self.error = exc
                    reason = str(exc)
                    permanent = True
                    log.error("%s", exc)
                except (serial.SerialException, OSError) as exc:
                    reason = f"the port failed: {exc}"
                finally:
                    self._close(port)
                if self.state is LinkState.SYNCED:
                    delay = self.backoff[0]  # it worked: the next outage starts fast again
            if reason is None:
                break  # stopped
            self._went_down(reason, permanent)
            self._stop.wait(self.backoff[1] if permanent else delay)
            delay = min(delay * 2, self.backoff[1])

    def _open(self) -> Any:
        local = "://" not in self.url
        kwargs: dict[str, Any] = {"baudrate": self.baudrate, "timeout": self.read_timeout,
                                  "write_timeout": 1.0}
        if local:
            kwargs["exclusive"] = True
        port = self._open_port(self.url, **kwargs)
        log.debug("opened %s", self.url)
        return port

    def _close(self, port: Any) -> None:
        with self._write_lock:
            self._port = None
        try:
            port.close()
        except (serial.SerialException, OSError) as exc:
            log.debug("closing %s: %s", self.url, exc)

    def _device_id(self) -> int | None:
        if "://" in self.url:
            return None
        try:
            return os.stat(self.url).st_rdev
        except OSError:
            return None

    def _went_down(self, reason: str, permanent: bool) -> None:
        if self._connected.is_set():
            self._connected.clear()
            self.stats.disconnects += 1
            log.warning("board link down: %s", reason)
        if self._reported is not False or (permanent and reason != self._reported_detail):
            self._report(False, reason)

    def _report(self, connected: bool, detail: str, t: float | None = None) -> None:
        self._reported = connected
        self._reported_detail = detail
        self._post(LinkStatus(self.clock() if t is None else t, connected, detail))

    def _post(self, event: InEvent) -> None:
        try:
            self.post(event)
        except Exception:
            log.exception("posting %r failed", event)

    def _serve(self, port: Any) -> None:
        """Talk to the board until the link goes down (raises) or the link is stopped."""
        self.decoder.reset()
        with contextlib.suppress(serial.SerialException, OSError, AttributeError):
            port.reset_input_buffer()  # bytes from before this connection are stale
        with self._write_lock:
            self._port = port
            self._tx_seq = 0
        self.state = LinkState.HANDSHAKE
        self.hello = None
        self._rx_expect = None
        self._ping_sent.clear()
        device = self._device_id()
        now = self.clock()
        last_rx = now
        next_poke = now + self.ping_interval
        self._send(GetHello(PROTOCOL_VERSION))
        while not self._stop.is_set():
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                while waiting and len(data) < MAX_READ:
                    data += port.read(min(waiting, MAX_READ))
                    waiting = port.in_waiting
            now = self.clock()
            if data:
                frames = self.decoder.feed(data)
            elif self.decoder.pending:
                frames = self.decoder.flush()  # quiet: a partial frame will not complete
            else:
                frames = []
            for frame in frames:
                last_rx = now
                self._handle(frame, now)
            if self._stop.is_set():
                return
            if now - last_rx > self.timeout:
                raise _LinkDown(f"the board has not answered for {now - last_rx:.1f} s "
                                f"(keep-alive timeout {self.timeout:g} s)")
            if device is not None and self._device_id() != device:
                raise _LinkDown(f"{self.url} vanished or now names another device")
            if now >= next_poke:
                self._poke(now)
                next_poke = now + self.ping_interval

    def _poke(self, now: float) -> None:
        """Keep-alive, and the retries of a handshake step whose answer got lost."""
        if self.state is LinkState.HANDSHAKE:
            self._send(GetHello(PROTOCOL_VERSION))
        elif self.state is LinkState.AWAITING_SCAN and \
                now - self._scan_asked_at >= self.ping_interval:
            self._request_scan("the full scan did not come")
        else:
            self._ping_token = (self._ping_token + 1) & 0xFFFFFFFF
            self._ping_sent = {self._ping_token: now}
            self._send(Ping(self._ping_token))

    # ---- frames out ----------------------------------------------------------------------

    def _send(self, message: AnyMessage) -> None:
        with self._write_lock:
            self._send_locked(message)

    def _send_locked(self, message: AnyMessage, quiet: bool = False) -> None:
        port = self._port
        if port is None:
            return
        data = to_frame(message, self._tx_seq).serialize()
        self._tx_seq = (self._tx_seq + 1) & 0xFF
        try:
            port.write(data)
        except (serial.SerialException, OSError) as exc:
            if not quiet:
                raise
            # A caller's thread: the reader thread sees the failure and reconnects.
            log.debug("writing %s failed: %s", message.TYPE.name, exc)
            return
        self.stats.frames_out += 1
        if isinstance(message, Nak):
            self.stats.naks_sent += 1

    def _request_scan(self, why: str) -> None:
        log.info("asking the board for a full scan: %s", why)
        self.state = LinkState.AWAITING_SCAN
        self._scan_asked_at = self.clock()
        self.stats.scans_requested += 1
        self._send(GetScan())

    # ---- frames in -----------------------------------------------------------------------

    def _handle(self, frame: Frame, now: float) -> None:
        self.stats.frames_in += 1
        expected = self._rx_expect
        self._rx_expect = (frame.seq + 1) & 0xFF
        kind = frame.message_type
        if kind is not None and kind not in BOARD_TO_HOST:
            self.stats.unexpected += 1  # a host-to-board frame: an echo, not the board
            log.debug("ignoring a %s frame from the board", kind.name)
            return
        try:
            message = parse(frame)
        except FrameError as exc:
            self.stats.malformed += 1
            log.warning("bad frame from the board (type 0x%02X, seq %d): %s",
                        frame.type, frame.seq, exc)
            reason = NakReason.UNKNOWN_TYPE if kind is None else NakReason.BAD_PAYLOAD
            self._send(Nak(reason, frame.type, frame.seq))
            if self.state is LinkState.SYNCED and kind in (MessageType.CHANGES,
                                                           MessageType.FULL_SCAN):
                self._request_scan(f"a {kind.name} frame could not be read")
            return
        if isinstance(message, Hello):
            self._on_hello(message)  # a hello starts the board's sequence afresh
            return
        if expected is not None and frame.seq != expected:
            self.stats.seq_gaps += 1
            log.info("sequence gap: expected %d, got %d", expected, frame.seq)
            if self.state is LinkState.SYNCED and not isinstance(message, FullScan):
                self._request_scan(f"frames lost (expected seq {expected}, got {frame.seq})")
        if isinstance(message, FullScan):
            self._on_scan(message, now)
        elif isinstance(message, Changes):
            self._on_changes(message, now)
        elif isinstance(message, ButtonEvent):
            self._on_button(message, now)
        elif isinstance(message, Pong):
            sent = self._ping_sent.pop(message.token, None)
            if sent is not None:
                self.stats.pongs += 1
                self.stats.last_rtt = now - sent
        elif isinstance(message, Nak):
            self.stats.naks_received += 1
            try:
                what = MessageType(message.ref_type).name
            except ValueError:
                what = f"0x{message.ref_type:02X}"
            log.warning("the board refused our %s frame (seq %d): %s", what, message.ref_seq,
                        message.reason_name)

    def _on_hello(self, hello: Hello) -> None:
        if hello.protocol != PROTOCOL_VERSION:
            raise ProtocolVersionError(
                f"the board at {self.url} speaks protocol version {hello.protocol} (firmware "
                f"{hello.firmware_version}); this Boardlight speaks version "
                f"{PROTOCOL_VERSION}. Flash the firmware that ships with this Boardlight "
                f"(firmware_bridge/firmware, see its README) or update Boardlight.")
        spec = self.spec
        problems = []
        if hello.sense is not spec.sense:
            problems.append(f"sense mode {hello.sense} (profile: {spec.sense})")
        if hello.sensor_count != len(spec.sensors):
            problems.append(f"{hello.sensor_count} sensors (profile: {len(spec.sensors)})")
        if hello.led_count != len(spec.leds):
            problems.append(f"{hello.led_count} LEDs (profile: {len(spec.leds)})")
        if problems:
            raise BoardMismatchError(
                f"the board at {self.url} does not match the board profile {spec.name!r}: it "
                f"reports {', '.join(problems)}. Choose the profile of this board, or fix the "
                f"firmware's bl_config.py.")
        unknown = [b for b in hello.buttons if b not in spec.buttons]
        if unknown:
            log.warning("the board has buttons the profile %r does not name: %s", spec.name,
                        ", ".join(unknown))
        restarted = self.hello is not None
        self.hello = hello
        self.error = None
        log.info("board hello: firmware %s, protocol %d, %d %s sensors, %d LEDs, buttons %s",
                 hello.firmware_version, hello.protocol, hello.sensor_count, hello.sense,
                 hello.led_count, ", ".join(hello.buttons) or "none")
        if self.state is LinkState.HANDSHAKE:
            self._request_scan("connected")
        elif restarted and self.state is LinkState.SYNCED:
            self._request_scan("the board restarted")

    def _on_scan(self, scan: FullScan, now: float) -> None:
        hello = self.hello
        if hello is None:
            return  # from before our hello: stale
        if scan.sense is not self.spec.sense or len(scan.values) != len(self.spec.sensors):
            self.stats.malformed += 1
            log.warning("a full scan of %d %s values does not fit the profile",
                        len(scan.values), scan.sense)
            self._request_scan("the full scan did not fit the profile")
            return
        values = tuple(self._host_value(v) for v in scan.values)
        self.state = LinkState.SYNCED
        if not self._connected.is_set():
            self._connected.set()
            self.stats.connects += 1
            self._report(True, f"firmware {hello.firmware_version}, protocol {hello.protocol}, "
                               f"{hello.sensor_count} {hello.sense} sensors, "
                               f"{hello.led_count} LEDs", now)
        self._post(StableScan(now, values))
        with self._write_lock:
            if self._leds is not None:
                self._send_locked(self._leds, quiet=True)

    def _on_changes(self, changes: Changes, now: float) -> None:
        if self.state is not LinkState.SYNCED:
            self.stats.stale_changes += 1  # the full scan asked for will include them
            return
        count = len(self.spec.sensors)
        if changes.sense is not self.spec.sense or any(i >= count for i, _ in changes.changes):
            self.stats.malformed += 1
            self._request_scan("changes that do not fit the profile")
            return
        self._post(StableChanges(now, tuple((i, self._host_value(v))
                                            for i, v in changes.changes)))

    def _on_button(self, event: ButtonEvent, now: float) -> None:
        names = self.hello.buttons if self.hello is not None else ()
        name = names[event.index] if event.index < len(names) else f"button-{event.index}"
        self._post(ButtonPress(now, name))

    def _host_value(self, value: Value) -> Value:
        """Tag ids become piece kinds through the profile's tag table."""
        if self.spec.sense is not SenseMode.TAG or value == "":
            return value
        kind = self._tags.get(str(value))
        if kind is not None:
            return kind
        if value not in self._unknown_tags:
            self._unknown_tags.add(str(value))
            log.warning("tag %s is not in the tag table of profile %r", value, self.spec.name)
        return f"?{value}"
