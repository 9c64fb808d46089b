from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from boardlight.service import Service, ServiceOptions
from controller.session.session import SessionConfig
from tests.support.toygame import TOY
from tests.web_ui.support import HOST_TOKEN, wait_until
from web_ui import create_app

FAST = SessionConfig(settle=0.25, settle_min=0.2)


@pytest.fixture
def abalone() -> Iterator[Service]:
    service = Service(ServiceOptions(game="abalone")).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service
    service.stop()


@pytest.fixture
def toy() -> Iterator[Service]:
    # Seed 3 deals n a red and a blue token: laying one, the sensors cannot tell which.
    service = Service(ServiceOptions(game=TOY, seed=3, session=FAST)).start()
    wait_until(service.table, lambda s: s["status"] == "playing")
    yield service
    service.stop()


@pytest.fixture
def app(abalone: Service) -> Flask:
    return create_app(abalone, {"HOST_TOKEN": HOST_TOKEN})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def toy_app(toy: Service) -> Flask:
    return create_app(toy, {"HOST_TOKEN": HOST_TOKEN})


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless (``tests/web_ui/browser.py``); fails when it is missing."""
    from tests.web_ui.browser import launch
    yield from launch()
