"""``/howto/<game>``: how to play each game at a Boardlight table, in the reader's language.

What a newcomer needs at the table: the goal, a turn, and how the board and the phone share
the work; one section per variant.  One template per game (``templates/howto/<game>.html``),
every word through the catalog.
"""

from __future__ import annotations

from flask import Blueprint, render_template
from werkzeug.exceptions import NotFound

from controller.rules import GAMES
from web_ui.games import assets
from web_ui.i18n import current, gettext, translator
from web_ui.vocab import game_name

bp = Blueprint("howto", __name__)


@bp.get("/howto/<name>")
def page(name: str) -> str:
    game = GAMES.get(name)
    if game is None or not assets(name)["howto"]:
        raise NotFound(gettext("there is no How to play page for %(name)r", name=name))
    return render_template(f"howto/{name}.html", title=game_name(game, translator(current())),
                           game=name, variants=list(game.variants))
