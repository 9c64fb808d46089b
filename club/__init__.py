"""Club nights: many boards, one MQTT broker, one screen for the room.

Boards publish their public table state, their events and their presence under a versioned
topic tree (``club.topics``); the club server (``club.server``, ``club.web``) follows every
board and serves the room's pages; ``club.tournament`` pairs players and keeps standings.
See ``docs/club.md``.
"""
