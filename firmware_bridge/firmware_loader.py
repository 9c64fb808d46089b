"""Loads the reference firmware's logic modules into this Python, as the Pico would.

The firmware's files import each other as top-level modules (``import bl_proto``), so they are
registered in ``sys.modules`` under those names.  Only the logic is loaded here; ``bl_hw`` and
``main`` need the ``machine``/``rp2`` modules of a real Pico (the tests provide fakes).
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from firmware_bridge.errors import EmulatorError

FIRMWARE_DIR = Path(__file__).resolve().with_name("firmware")
LOGIC_MODULES = ("bl_proto", "bl_scan", "bl_leds", "bl_board")
"""In dependency order."""


@dataclass(frozen=True)
class Firmware:
    proto: ModuleType
    scan: ModuleType
    leds: ModuleType
    board: ModuleType


def load_module(name: str) -> ModuleType:
    """The firmware module ``name`` (``bl_proto``, ...), loaded once per process."""
    path = FIRMWARE_DIR / f"{name}.py"
    loaded = sys.modules.get(name)
    if loaded is not None:
        if Path(getattr(loaded, "__file__", "") or "").resolve() != path:
            raise EmulatorError(f"another module named {name!r} is already imported "
                                f"({loaded!r}); the firmware cannot be loaded beside it")
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise EmulatorError(f"cannot load the firmware module {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_firmware() -> Firmware:
    proto, scan, leds, board = (load_module(name) for name in LOGIC_MODULES)
    return Firmware(proto=proto, scan=scan, leds=leds, board=board)
