"""The bridge's methods for the Games dialog's pictures and the How to play walk.

A mixin of :class:`patience.bridge.Bridge`: strings in, JSON text out, a failure as ``{"error":
{"kind": ..., "message": ...}}``, never an exception.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from .errors import PatienceError
from .errors import error_json as _error
from .games import find_game
from .games.layouts import standard_layout
from .intents import pile_label
from .pilekeys import closed_piles, empty_marks, pile_keys, pile_kinds
from .rules import Rules
from .session import Session
from .view import view

# The walk (:mod:`patience.howto`, with the rules page and the suggestions it words) is
# imported when it is first asked for, not with the bridge: the page's engine starts without
# it, and its first move does not wait for it (issue 28).

# The deal every picture of a game shows: a fixed one, so a game always looks the same.
PREVIEW_DEAL = 1


def rules_of(game_id: str, options_json: str) -> Rules:
    """Return a game's rules with the options given as JSON text (empty: the defaults);
    raise ``PatienceError``, ``ValueError`` or ``TypeError`` when they are not the game's."""
    return Rules(find_game(game_id), json.loads(options_json or "{}"))


_LAYOUTS: weakref.WeakKeyDictionary[Rules, dict[str, Any]] = weakref.WeakKeyDictionary()


def table_layout(r: Rules) -> dict[str, Any]:
    """Return where the piles go (the game's own layout, or the usual one), the kind of each
    pile, the key that goes straight to it and the piles no card goes into once empty
    (:mod:`patience.pilekeys`).

    Worked out once for each ``Rules`` (it depends on nothing else) and kept while they live:
    every snapshot sends it, and some layouts deal a game to plan its piles. Callers only
    serialise it; they must not change it.
    """
    made = _LAYOUTS.get(r)
    if made is None:
        made = {**(r.game.layout or standard_layout)(r), "kinds": pile_kinds(r),
                "keys": pile_keys(r), "closed": closed_piles(r), "empty": empty_marks(r)}
        _LAYOUTS[r] = made
    return made


class GuideApi:
    """Pictures of each game's opening layout, and the walk through the game on the table."""

    session: Session | None

    def preview(self, game_id: str, options_json: str = "{}") -> str:
        """Return a picture of a game's opening: the snapshot fields the page draws.

        A fixed deal (:data:`PREVIEW_DEAL`) with the options given (the defaults for those not
        given), face-down cards as ``null``: ``{"game", "title", "options", "deal", "layout",
        "piles", "free", "labels", "taps"}`` (``taps`` empty: a picture is not played).
        """
        try:
            r = rules_of(game_id, options_json)
        except (PatienceError, ValueError, TypeError) as e:
            return _error(e)
        s = r.deal(PREVIEW_DEAL)
        seen = view(r, s)
        return json.dumps({"game": r.game.id, "title": r.game.title, "options": r.options,
                           "deal": PREVIEW_DEAL, "layout": table_layout(r), "piles": seen["piles"],
                           "free": seen["free"], "labels": {n: pile_label(n) for n in r.names},
                           "taps": {}})

    def howto(self) -> str:
        """Return the How to play walk of the game on the table, at its present position.

        ``{"game", "title", "steps": [...]}``; see :func:`patience.howto.steps` for a step.
        """
        from . import howto  # noqa: PLC0415 (see the module's imports)

        if self.session is None:
            return json.dumps({"error": {"kind": "no-game",
                                         "message": "no game in play: deal or load one first"}})
        r, s = self.session.rules, self.session.state
        return json.dumps({"game": r.game.id, "title": r.game.title,
                           "steps": howto.steps(r, s)})
