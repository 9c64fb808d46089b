"""Every bad request gets a 4xx and a JSON ``{"error": "..."}`` that says what was wrong.

Also here: reading a JSON body strictly, and the cross-site request check.  A browser sends
``Origin`` (or at least ``Referer``) with every POST; a state-changing request whose origin is
another host than the one it was sent to is refused, whatever it carries.  Bodies must be
JSON with ``Content-Type: application/json``, which a cross-site HTML form cannot send and a
cross-site script can only send after a CORS preflight that this server never approves; the
session cookie is ``SameSite=Strict`` on top.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import (
    BadRequest,
    Forbidden,
    HTTPException,
    MethodNotAllowed,
    NotFound,
    RequestEntityTooLarge,
    UnsupportedMediaType,
)

log = logging.getLogger(__name__)

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def error(code: int, message: str) -> Response:
    response = jsonify(error=message)
    response.status_code = code
    return response


def _describe(exc: HTTPException) -> str:
    if isinstance(exc, MethodNotAllowed):
        allowed = ", ".join(sorted(exc.valid_methods or ()))
        return f"{request.method} is not allowed on {request.path}; use {allowed}"
    if isinstance(exc, NotFound) and exc.description == NotFound.description:
        return f"{request.path} is not a page or endpoint of Boardlight (the table page is /)"
    if isinstance(exc, RequestEntityTooLarge):
        limit = request.max_content_length
        return f"the request body is too large: at most {limit} bytes are accepted"
    return exc.description or exc.name


def _wants_html() -> bool:
    """A person's browser opening a page (an old join link) gets the message as a page."""
    if request.method != "GET" or request.path.startswith(("/api/", "/events", "/static/")):
        return False
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "text/html"


def register_errors(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        code = exc.code or 500
        message = _describe(exc)
        if _wants_html():
            return render_template("error.html", code=code, message=message), code
        response = error(code, message)
        if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(exc.valid_methods))
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return error(500, "something went wrong on the server; the log says what")

    @app.before_request
    def same_origin_only() -> None:
        if request.method in UNSAFE:
            check_origin()


def check_origin() -> None:
    """Refuse a state-changing request that a page of another origin made."""
    host = (request.host or "").lower()
    origin = request.headers.get("Origin")
    if origin is not None:
        if origin == "null" or urlsplit(origin).netloc.lower() != host:
            raise Forbidden(f"cross-origin request refused: Origin {origin!r} is not this "
                            f"server ({host})")
        return
    referer = request.headers.get("Referer")
    if referer and urlsplit(referer).netloc.lower() != host:
        raise Forbidden(f"cross-origin request refused: it came from a page of "
                        f"{urlsplit(referer).netloc!r}, not of this server ({host})")


def json_object(fields: Collection[str], required: Collection[str] = ()) -> dict[str, Any]:
    """The request's JSON object body, with only ``fields`` and all of ``required``."""
    if request.mimetype != "application/json":
        raise UnsupportedMediaType("send the body as JSON with Content-Type: application/json")
    raw = request.get_data(cache=True)
    try:
        body = json.loads(raw) if raw.strip() else None
    except (ValueError, UnicodeDecodeError) as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(
            exc, json.JSONDecodeError) else ""
        raise BadRequest(f"the body is not valid JSON{where}") from None
    except RecursionError:  # '[[[[...' thousands deep: the parser gives up, we refuse
        raise BadRequest(f"the body nests too deeply: no request here nests more than "
                         f"{MAX_DEPTH} levels") from None
    if json_depth(body) > MAX_DEPTH:
        raise BadRequest(f"the body nests too deeply: no request here nests more than "
                         f"{MAX_DEPTH} levels")
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object, e.g. "
                         + json.dumps({k: "..." for k in (required or fields)}))
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r}; the fields are: "
                         f"{', '.join(sorted(fields)) or 'none'}")
    missing = [k for k in required if k not in body]
    if missing:
        raise BadRequest(f"missing field {missing[0]!r}")
    return body


MAX_DEPTH = 8


def json_depth(value: Any) -> int:
    """How deeply a parsed JSON value nests (without recursion: a refused body is cheap)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            todo += [(v, level + 1) for v in item.values()]
        elif isinstance(item, list):
            todo += [(v, level + 1) for v in item]
        else:
            deepest = max(deepest, level)
            continue
        deepest = max(deepest, level + 1)
    return deepest


def text_field(body: dict[str, Any], key: str, limit: int = 64) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(f"{key!r} must be a non-empty string, got {json.dumps(value)}")
    if len(value) > limit:
        raise BadRequest(f"{key!r} is longer than {limit} characters")
    return value.strip()
