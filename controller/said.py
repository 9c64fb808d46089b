"""What the core says, without words: a key and typed parameters.

The rules core and the game session never build a sentence for a player.  They name what they
mean as a ``Message`` (a key and its parameters: ``Message.of("abalone.push", ...)``) whose
parameters are plain data (numbers, short strings that are no words: a cell's printed name)
or typed values that the wording layer knows how to say in any language:

* ``Who(seat)``: a seat, said as the players call it ("Black", "Schwarz");
* ``Piece(kind, n)``: ``n`` pieces of a kind ("black marble", "2 Sonnen-Plättchen");
* ``Cell(name, level)``: a cell of the board, by the name printed beside it (a pyramid's
  upper levels add the level);
* ``Zone(kind, owner, piece, number, name)``: a place beside the board (a tray, a reserve,
  a supply of one kind of tile, a slot of the played action tiles, a pole), by its kind and
  whose it is, never by an id;
* ``To(place)`` and ``From(place)``: a place as a destination ("on C3", "in Black's tray") or
  a source ("off C3", "from Black's reserve"), since languages say these differently;
* ``Card(value, suit)``: a playing card;
* a nested ``Message`` (a clause), and tuples of any of these (said as a list).

``say(message, speaker)`` is the one function that fills a message's template with its
parameters in words; a ``Speaker`` supplies the language (the catalog, names, list and
number formats) and the templates.  ``Plain(game)`` speaks English with the game's own
names, for the command line and for error texts; the pages speak through ``web_ui.words``.

Templates are data, marked for the catalogs with ``N_`` (a sentence) or ``Np_`` (a sentence
and its plural, chosen by the parameter ``n``): each game keeps its own in its package
(``controller/rules/<game>/words.py``), the words every game shares are in
``controller/rules/words.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, Protocol, get_args

Template = str | tuple[str, str]
"""A sentence with ``%(name)s`` placeholders, or a sentence and its plural (chosen by ``n``)."""


def N_(text: str) -> str:
    """Marks a sentence for the catalogs; it is translated where it is said."""
    return text


def Np_(one: str, many: str) -> tuple[str, str]:
    """Marks a sentence and its plural for the catalogs (the parameter ``n`` chooses)."""
    return one, many


# --------------------------------------------------------------------------------------------
# Typed parameters
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Who:
    """A seat at the table."""

    seat: str


@dataclass(frozen=True, slots=True)
class Piece:
    """``n`` pieces of one kind (a kind of the game's ``pieces``): one is said without a
    number ("black marble"), more with it ("2 black marbles"), ``n`` 0 means the kind in
    general, said in the plural without a number ("sun tiles")."""

    kind: str
    n: int = 1


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell of the board, by the name printed beside the board; ``level``: the level of a
    pyramid's position (0 is the base), None on a flat board."""

    name: str
    level: int | None = None


ZoneKind = Literal["tray", "supply", "pile", "reserve", "taken", "eliminated", "used", "pole"]
"""``tray``: an owner's pieces pushed off (Abalone); ``supply``: an owner's pieces still to
place (Abalone's free placement); ``pile``: the tiles of one ``piece`` kind not yet drawn
(Crosswise); ``reserve``: an owner's pieces waiting to come in (DRHOMBIX, Rhombus);
``taken``: the pieces an owner took off (DRHOMBIX's ant game); ``eliminated``: an owner's
pieces out of the game (Rhombus); ``used``: slot ``number`` of the played action tiles of a
``piece`` kind (Crosswise); ``pole``: a pole of the Plimus board, by its compass ``name``."""

ZONE_KINDS: tuple[str, ...] = get_args(ZoneKind)
COMPASS = ("NE", "NW", "SE", "SW", "N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class Zone:
    """A place beside the board, said by its kind and whose (or what) it holds."""

    kind: ZoneKind
    owner: str | None = None
    piece: str | None = None
    number: int | None = None
    name: str | None = None


Place = Cell | Zone


@dataclass(frozen=True, slots=True)
class To:
    """A place as where something goes ("on C3", "in Black's tray")."""

    place: Place


@dataclass(frozen=True, slots=True)
class From:
    """A place as where something comes from ("off C3", "from Black's reserve")."""

    place: Place


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``value`` one of 2-10, J, Q, K, A; ``suit`` C, D, H or S."""

    value: str
    suit: str

    @classmethod
    def of(cls, code: str) -> Card:
        """``"QC"`` -> Card("Q", "C")."""
        return cls(code[:-1], code[-1])


SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
CARD_VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

TYPES: dict[str, type] = {"who": Who, "piece": Piece, "cell": Cell, "zone": Zone, "to": To,
                          "from": From, "card": Card}
_TYPE_NAME = {cls: name for name, cls in TYPES.items()}


# The parameter values that are neither lists nor mappings (``_frozen`` keeps them as they are).
_SINGLE = frozenset({str, int, bool, type(None), *TYPES.values()})


# --------------------------------------------------------------------------------------------
# The message
# --------------------------------------------------------------------------------------------


def _frozen(value: Any) -> Any:
    """Lists and dicts as tuples, so that a message is hashable and compares by value."""
    if type(value) in _SINGLE:   # (the usual parameter: asked first, without the ABC check)
        return value
    if isinstance(value, Mapping):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Message:
    """Something to say: a key and its parameters (see the module's doc)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Message:
        return cls(key, tuple(sorted((k, _frozen(v)) for k, v in params.items())))

    def __getitem__(self, name: str) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(f"message {self.key!r} has no parameter {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: to_json(v) for k, v in self.params}}

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """A message as ``to_json`` wrote it; raises ``ValueError`` saying what does not fit
        (whatever comes from outside the process is read through this)."""
        return _message(data, 0)


def value_from_json(data: Any) -> Any:
    """A parameter as ``to_json`` wrote it; raises ``ValueError`` saying what does not fit."""
    return _value(data, 0, "value")


def to_json(value: Any) -> Any:
    """A parameter as JSON: typed values as objects with their ``type``."""
    if isinstance(value, Message):
        return {"type": "said", **value.to_json()}
    name = _TYPE_NAME.get(type(value))
    if name is not None:
        out: dict[str, Any] = {"type": name}
        for f in fields(value):
            v = getattr(value, f.name)
            if v is not None:
                out[f.name] = to_json(v)
        return out
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value


KEY = re.compile(r"^[a-z][a-z0-9]*([.\-][a-z0-9]+)*$")
NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
MOST_ITEMS = 200
MOST_TEXT = 200
MOST_DEPTH = 12


def _message(data: Any, depth: int) -> Message:
    if not isinstance(data, Mapping) or set(data) - {"key", "params", "type"}:
        raise ValueError(f"a message is an object with 'key' and 'params', not {data!r:.80}")
    key, params = data.get("key"), data.get("params", {})
    if not isinstance(key, str) or not KEY.match(key) or len(key) > 80:
        raise ValueError(f"a message's key is a dotted lowercase name, not {key!r:.80}")
    if not isinstance(params, Mapping) or len(params) > 32:
        raise ValueError(f"the parameters of {key!r} are not an object of at most 32 entries")
    out = {}
    for name, value in params.items():
        if not isinstance(name, str) or not NAME.match(name):
            raise ValueError(f"{key!r} has a parameter named {name!r:.40}")
        out[name] = _value(value, depth + 1, f"{key}.{name}")
    return Message.of(key, **out)


def _value(data: Any, depth: int, where: str) -> Any:
    if depth > MOST_DEPTH:
        raise ValueError(f"{where}: nested more than {MOST_DEPTH} deep")
    if data is None or isinstance(data, bool):
        return data
    if isinstance(data, int):
        if abs(data) > 10**9:
            raise ValueError(f"{where}: the number {data} is out of range")
        return data
    if isinstance(data, str):
        if len(data) > MOST_TEXT or not data.isprintable():
            raise ValueError(f"{where}: a text of at most {MOST_TEXT} printable characters")
        return data
    if isinstance(data, list):
        if len(data) > MOST_ITEMS:
            raise ValueError(f"{where}: a list of more than {MOST_ITEMS} items")
        return tuple(_value(v, depth + 1, where) for v in data)
    if isinstance(data, Mapping):
        kind = data.get("type")
        if kind == "said":
            return _message(data, depth)
        cls = TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"{where}: {kind!r:.40} is no type of parameter; types: said, "
                             + ", ".join(TYPES))
        names = {f.name for f in fields(cls)}
        extra = set(data) - names - {"type"}
        if extra:
            raise ValueError(f"{where}: a {kind} has no {sorted(extra)[0]!r:.40}")
        args = {n: _value(v, depth + 1, where) for n, v in data.items() if n != "type"}
        value = cls(**args)
        _check(value, where)
        return value
    raise ValueError(f"{where}: {type(data).__name__} is no parameter value")


def _check(value: Any, where: str) -> None:
    """A typed value's fields have the types and values it documents."""
    def text(v: Any, optional: bool = False) -> bool:
        return (optional and v is None) or (isinstance(v, str) and 0 < len(v) <= 40)

    def count(v: Any, optional: bool = False) -> bool:
        return (optional and v is None) or (isinstance(v, int) and not isinstance(v, bool)
                                            and 0 <= v <= 1000)

    ok = True
    if isinstance(value, Who):
        ok = text(value.seat)
    elif isinstance(value, Piece):
        ok = text(value.kind) and count(value.n)
    elif isinstance(value, Cell):
        ok = text(value.name) and count(value.level, optional=True)
    elif isinstance(value, Zone):
        ok = (value.kind in ZONE_KINDS and text(value.owner, True) and text(value.piece, True)
              and count(value.number, True)
              and (value.name is None or value.name in COMPASS))
    elif isinstance(value, (To, From)):
        ok = isinstance(value.place, (Cell, Zone))
    elif isinstance(value, Card):
        ok = value.value in CARD_VALUES and value.suit in SUIT_SIGNS
    if not ok:
        raise ValueError(f"{where}: {value!r:.80} does not fit its type")


# --------------------------------------------------------------------------------------------
# Saying it
# --------------------------------------------------------------------------------------------


class Speaker(Protocol):
    """A language and a game's names: what ``say`` needs to put a message in words."""

    def template(self, key: str) -> Template | None:
        """The template of ``key`` (the game's own first, then the words every game
        shares), or None."""

    def gettext(self, text: str) -> str: ...

    def ngettext(self, one: str, many: str, n: int) -> str: ...

    def seat(self, seat: str) -> str: ...

    def piece(self, kind: str, n: int = 1) -> str: ...

    def listed(self, items: Sequence[str]) -> str: ...

    def number(self, n: int) -> str: ...


def say(message: Message, speaker: Speaker) -> str:
    """``message`` in words: its template in the speaker's language, each parameter said."""
    template = speaker.template(message.key)
    if template is None:
        raise KeyError(f"no words for {message.key!r}")
    params = {name: word(value, speaker) for name, value in message.params}
    if isinstance(template, tuple):
        n = message.get("n")
        count = n if isinstance(n, int) else 1
        if isinstance(n, int):
            params["n"] = speaker.number(n)
        text = speaker.ngettext(template[0], template[1], count)
    else:
        text = speaker.gettext(template)
    return text % params if params else text


def word(value: Any, speaker: Speaker) -> str:
    """One parameter in words."""
    if isinstance(value, Message):
        return say(value, speaker)
    if isinstance(value, Who):
        return speaker.seat(value.seat)
    if isinstance(value, Piece):
        return speaker.piece(value.kind, value.n)
    if isinstance(value, (Cell, Zone)):
        return say(place_message(value, ""), speaker)
    if isinstance(value, To):
        return say(place_message(value.place, ".to"), speaker)
    if isinstance(value, From):
        return say(place_message(value.place, ".from"), speaker)
    if isinstance(value, Card):
        return value.value + SUIT_SIGNS.get(value.suit, value.suit)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return speaker.number(value)
    if isinstance(value, tuple):
        if value and all(isinstance(v, To) for v in value):
            return _places(value, ".to", speaker)
        if value and all(isinstance(v, From) for v in value):
            return _places(value, ".from", speaker)
        return speaker.listed([word(v, speaker) for v in value])
    if value is None:
        return ""
    return str(value)


def _places(places: tuple[To | From, ...], form: str, speaker: Speaker) -> str:
    """Places as destinations or sources, the board's cells said together ("on C3, D4 and
    E5"), each other place in its own words ("into Black's tray")."""
    cells = tuple(v.place.name for v in places if isinstance(v.place, Cell)
                  and v.place.level is None)
    parts = [say(Message.of(f"place.cells{form}", cells=cells), speaker)] if cells else []
    parts += [word(v, speaker) for v in places
              if not (isinstance(v.place, Cell) and v.place.level is None)]
    return speaker.listed(parts)


def place_message(place: Place, form: str) -> Message:
    """A place as the message that says it: ``place.cell`` (``.to``, ``.from``) with the
    cell's name, ``place.level`` for a pyramid's upper position, ``place.<kind>`` for a
    zone with its owner, its piece, its number and its compass point (``place.pole`` says a
    pole by its ``compass.<name>``)."""
    if isinstance(place, Cell):
        if place.level is None:
            return Message.of(f"place.cell{form}", cell=place.name)
        return Message.of(f"place.level{form}", cell=place.name, level=place.level + 1)
    params: dict[str, Any] = {}
    kind: str = place.kind
    if kind == "pole" and place.name is None:
        kind = "pole-numbered"  # a builder's board whose poles have no compass point
    if place.owner is not None:
        params["owner"] = Who(place.owner)
    if place.piece is not None:
        params["piece"] = Piece(place.piece, 0)
    if place.number is not None:
        params["number"] = place.number
    if place.name is not None:
        params["name"] = Message.of(f"compass.{place.name.lower()}")
    return Message.of(f"place.{kind}{form}", **params)


class Plain:
    """English with a game's own names, for the command line and error texts (the pages
    speak through ``web_ui.words``, in the reader's language)."""

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def template(self, key: str) -> Template | None:
        from controller.rules.words import WORDS
        own = getattr(self.game, "words", None) or {}
        return own.get(key) or WORDS.get(key)

    def gettext(self, text: str) -> str:
        return text

    def ngettext(self, one: str, many: str, n: int) -> str:
        return one if n == 1 else many

    def seat(self, seat: str) -> str:
        return str(self.game.seat_name(seat)) if self.game is not None else seat

    def piece(self, kind: str, n: int = 1) -> str:
        if self.game is None:
            return kind
        name = str(self.game.piece_name(kind, plural=n != 1))
        return name if n in (0, 1) else f"{n} {name}"

    def listed(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]

    def number(self, n: int) -> str:
        return str(n)


def english(message: Message, game: Any = None) -> str:
    """``message`` in plain English (the command line, logs, error texts)."""
    return say(message, Plain(game))
