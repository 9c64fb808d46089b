"""Remote play: two boards in two places, one game, over MQTT brokers (docs/remote.md).

``codes``: the short match code a player reads out or scans; ``topics``: where the two boards
write and read on the broker, and the envelope every message travels in, checked at the
edge; ``link``: one board's end of a match (in order, each message once, across lost
connections, a cut bridge and a power cut).
"""
