"""The reference firmware's files (copied to the Pico; this file is not).

On the development machine they are loaded by ``firmware_bridge.firmware_loader``, because
on the Pico they import each other as top-level modules (``import bl_proto``).
"""
