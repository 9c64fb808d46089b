"""A thin wrapper around paho-mqtt: broker URLs, reconnects with backoff, the last will.

``mqtt://[USER:PASS@]HOST[:PORT]`` (port 1883) or ``mqtts://...`` (TLS, port 8883; the CA
file is given apart).  paho's own network thread connects, reconnects with a growing delay
(``reconnect``: the least and the most seconds between tries) and calls back here; callbacks
run on that thread and must not block.
"""

from __future__ import annotations

import contextlib
import logging
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode

from controller.errors import BoardError

log = logging.getLogger(__name__)

SCHEMES = {"mqtt": 1883, "mqtts": 8883}


class BrokerURLError(BoardError, ValueError):
    """A broker address that cannot be used."""


@dataclass(frozen=True)
class BrokerURL:
    host: str
    port: int
    tls: bool = False
    username: str | None = None
    password: str | None = None

    def __str__(self) -> str:  # never prints the password
        user = f"{self.username}@" if self.username else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}"

    def with_user(self, username: str | None, password: str | None) -> BrokerURL:
        return BrokerURL(self.host, self.port, self.tls, username, password)


def parse_broker_url(text: str) -> BrokerURL:
    """``mqtt://user:pass@host:port``; every mistake is named with the fix."""
    if not isinstance(text, str) or not text.strip():
        raise BrokerURLError("the broker address is empty; give mqtt://HOST:PORT")
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError as exc:
        raise BrokerURLError(f"broker address {text!r}: {exc}") from None
    if parts.scheme not in SCHEMES:
        raise BrokerURLError(f"broker address {text!r} must start with mqtt:// (or mqtts:// "
                             "for TLS), e.g. mqtt://club.local:1883")
    if not parts.hostname:
        raise BrokerURLError(f"broker address {text!r} has no host; e.g. mqtt://club.local:1883")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise BrokerURLError(f"broker address {text!r}: only mqtt://[USER:PASS@]HOST:PORT, "
                             "nothing after the port")
    return BrokerURL(parts.hostname, port or SCHEMES[parts.scheme], parts.scheme == "mqtts",
                     unquote(parts.username) if parts.username else None,
                     unquote(parts.password) if parts.password else None)


OnMessage = Callable[[str, bytes, bool], None]   # topic, payload, retained


class Connection:
    """One client connection to the broker, kept up by paho's network thread.

    A client that logs in connects with its user name as its client id (``client_id`` is
    used only without one): the shipped broker config binds them
    (``use_username_as_clientid``), so no user can take another's client id and kick it off.
    """

    def __init__(self, url: BrokerURL, client_id: str, *, clean_session: bool = True,
                 will: tuple[str, bytes] | None = None, ca_file: str | None = None,
                 keepalive: int = 15, reconnect: tuple[float, float] = (1, 15),
                 on_connect: Callable[[], None] | None = None,
                 on_disconnect: Callable[[str], None] | None = None,
                 on_message: OnMessage | None = None,
                 on_publish: Callable[[int], None] | None = None) -> None:
        self.url = url
        client_id = url.username or client_id
        self.client_id = client_id
        self._client = paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                   clean_session=clean_session, protocol=paho.MQTTv311)
        self._client.max_inflight_messages_set(100)
        if url.username:
            self._client.username_pw_set(url.username, url.password)
        if url.tls:
            self._client.tls_set(ca_certs=ca_file, cert_reqs=ssl.CERT_REQUIRED)
        if will is not None:
            self._client.will_set(will[0], will[1], qos=1, retain=True)
        low, high = reconnect  # whole seconds: paho's unit; at least one
        self._client.reconnect_delay_set(min_delay=max(1, round(low)),
                                         max_delay=max(1, round(high)))
        self._client.on_connect = self._connected
        self._client.on_disconnect = self._disconnected
        self._client.on_message = self._message
        self._client.on_publish = self._published
        self._client.on_subscribe = self._subscribed
        self.keepalive = keepalive
        self.on_connect = on_connect
        self.on_disconnect = on_disconnect
        self.on_message = on_message
        self.on_publish = on_publish
        self.connected = threading.Event()
        self.subscribed = threading.Event()  # the broker acknowledged a subscription (SUBACK)
        self.last_error = ""
        self.connects = 0

    # ---- paho's thread ---------------------------------------------------------------------

    def _connected(self, _c: Any, _u: Any, _flags: Any, reason: Any, _props: Any) -> None:
        if reason.is_failure:
            self.last_error = f"the broker refused the connection: {reason}"
            log.warning("%s: %s", self.url, self.last_error)
            return
        self.connects += 1
        self.connected.set()
        if self.on_connect:
            self.on_connect()

    def _subscribed(self, _c: Any, _u: Any, _mid: int, reasons: Any, _props: Any) -> None:
        if all(not r.is_failure for r in reasons):
            self.subscribed.set()

    def _disconnected(self, _c: Any, _u: Any, _flags: Any, reason: Any, _props: Any) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        self.subscribed.clear()
        if was:
            self.last_error = f"lost the broker ({reason})"
            log.info("%s: %s", self.url, self.last_error)
        if self.on_disconnect:
            self.on_disconnect(str(reason))

    def _message(self, _c: Any, _u: Any, msg: Any) -> None:
        if self.on_message:
            try:
                self.on_message(msg.topic, msg.payload, bool(msg.retain))
            except Exception:  # a bad message must never stop the network thread
                log.exception("handling a message on %s failed", msg.topic)

    def _published(self, _c: Any, _u: Any, mid: int, _reason: Any, _props: Any) -> None:
        if self.on_publish:
            self.on_publish(mid)

    # ---- any thread ------------------------------------------------------------------------

    def start(self) -> Connection:
        self._client.connect_async(self.url.host, self.url.port, keepalive=self.keepalive)
        self._client.loop_start()
        return self

    def stop(self, last: tuple[str, bytes] | None = None, timeout: float = 2.0) -> None:
        """Disconnect (after publishing ``last``, retained, if still connected) and stop."""
        if last is not None and self.connected.is_set():
            info = self._client.publish(last[0], last[1], qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout)
        self._client.disconnect()
        self._client.loop_stop()

    def publish(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> int | None:
        """The message id, or None when it could not be handed to the broker now."""
        info = self._client.publish(topic, payload, qos=qos, retain=retain)
        if info.rc != MQTTErrorCode.MQTT_ERR_SUCCESS:
            return None
        return int(info.mid)

    def subscribe(self, topic: str, qos: int = 1) -> None:
        self._client.subscribe(topic, qos=qos)

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)
