"""Links to a deal: ``?game=klondike&deal=617&draw=3&passes=unlimited``.

A link names the game, the deal number and the options that differ from the game's
defaults, in the order of the game's options, each value written as
:func:`patience.options.option_text` writes it (``3``, ``unlimited``, ``yes``/``no``). The
defaults are left out so that links stay short; every option of a game can still be named,
and one given at its default value is read the same. An option the link does not name is
read as its default when it changes play (so a link opens exactly the deal it was made
for), and as the player's own choice when it only changes the score or what is shown
(Klondike's scoring, timed play, peeking). The deal may be left out (``?game=yukon`` opens
the player's Yukon game).

>>> make_query("klondike", {"draw": 3, "passes": "unlimited", "scoring": "standard"}, 617)
'?game=klondike&deal=617&draw=3&passes=unlimited'
>>> parse_query("?game=klondike&deal=617&draw=3&passes=unlimited").deal
617
>>> parse_query("?game=chess")
Traceback (most recent call last):
...
patience.links.LinkError: this link names a game Patience does not have ("chess")
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import OptionsError, PatienceError
from .game import OptionValue
from .games import GAMES, find_game
from .options import option_text, parse_value, resolve
from .rules import MAX_DEAL

#: A query longer than this is not a link Patience made.
MAX_QUERY = 2000


class LinkError(PatienceError):
    """Raised for a link that does not name a game, options and deal Patience can play."""

    kind = "bad-link"


@dataclass(frozen=True)
class Link:
    """What a link asks for: a game, its full options, which were named, and a deal (or None)."""

    game: str
    options: dict[str, OptionValue]
    named: tuple[str, ...]
    deal: int | None


def _unquote(text: str) -> str:
    """Decode ``+`` and ``%XX`` escapes (UTF-8) of a query's name or value."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "%" and i + 2 < len(text) and _is_hex(text[i + 1:i + 3]):
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            out.extend(text[i].encode())
            i += 1
    return out.decode("utf-8", errors="replace")


def _shown(text: str) -> str:
    """Return a piece of a link short enough to quote in a message."""
    return text if len(text) <= 40 else text[:39] + "…"


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def _pairs(query: str) -> list[tuple[str, str]]:
    if len(query) > MAX_QUERY:
        raise LinkError("this link is too long to be one of Patience's")
    query = query[1:] if query.startswith("?") else query
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((_unquote(name).strip().lower(), _unquote(value).strip()))
    return pairs


#: The parameters a link of Patience may hold: the game, the deal, and any game's options.
_OURS: frozenset[str] = frozenset({"game", "deal"} | {o.name for g in GAMES.values()
                                                     for o in g.options})


def parse_query(query: str, own: Mapping[str, object] | None = None) -> Link | None:
    """Read a link's query (with or without its ``?``); None when it names nothing at all.

    The options are those the link names; the others are the game's defaults, except the
    ones that never change play (Klondike's scoring, timed play, peeking), which are taken
    from the player's own options for the game, ``own[game id]``, where it gives them.

    Raises :class:`LinkError` with a message a player understands for an unknown game, an
    option the game does not have or a value it does not take, or a bad deal number.
    """
    # Parameters Patience never writes (a sharing site's tracking tags such as utm_source or
    # fbclid) are left out; an option of some other game is still an error below.
    pairs = [(name, value) for name, value in _pairs(query) if name in _OURS]
    if not pairs:
        return None
    seen: dict[str, str] = {}
    for name, value in pairs:
        if name in seen and seen[name] != value:
            raise LinkError(f'this link gives "{_shown(name)}" twice, as "{_shown(seen[name])}" '
                            f'and "{_shown(value)}"')
        seen[name] = value
    game_id = seen.pop("game", None)
    if game_id is None:
        raise LinkError("this link does not say which game to play")
    game_id = game_id.lower()
    if game_id not in GAMES:
        raise LinkError(f'this link names a game Patience does not have ("{_shown(game_id)}")')
    game = find_game(game_id)
    deal_text = seen.pop("deal", None)
    deal = None
    if deal_text is not None:
        if not (deal_text.isascii() and deal_text.isdigit()) or len(deal_text) > 12:
            raise LinkError("a deal number is a whole number, and this link gives "
                            f'"{_shown(deal_text)}"')
        deal = int(deal_text)
        if not 1 <= deal <= MAX_DEAL:
            raise LinkError(f"{game.title} deals are numbered from 1 to {MAX_DEAL}; "
                            f"this link asks for deal {deal}")
    known = {o.name: o for o in game.options}
    given: dict[str, OptionValue] = {}
    for name, value in seen.items():
        option = known.get(name)
        if option is None:
            names = ", ".join(known)
            has = f"its options are {names}" if names else "it has no options"
            raise LinkError(f'{game.title} has no option "{_shown(name)}" ({has})')
        try:
            given[name] = parse_value(option, value)
        except OptionsError:
            allowed = ", ".join(option_text(c) for c in option.choices)
            raise LinkError(f'{game.title}\'s option "{name}" is one of {allowed}; this link '
                            f'gives "{_shown(value)}"') from None
    try:
        options = resolve(game, given)
    except OptionsError as e:
        raise LinkError(f"these {game.title} options do not go together: {e}") from None
    theirs = (own or {}).get(game_id)
    mine = {o.name: theirs[o.name] for o in game.options if isinstance(theirs, Mapping)
            and not o.play and o.name in theirs and o.name not in given}
    # If the player's own do not go with the link's options, the link's stand alone.
    with contextlib.suppress(OptionsError):
        options = resolve(game, {**mine, **given})
    return Link(game_id, options, tuple(n for n in known if n in given), deal)


def make_query(game_id: str, options: Mapping[str, object] | None, deal: object) -> str:
    """Return the query of a link to a deal with these options (defaults left out)."""
    game = find_game(game_id)
    full = resolve(game, options or {})
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise LinkError(f"a deal number is a whole number from 1 to {MAX_DEAL}, not {deal!r}")
    parts = [f"game={game.id}", f"deal={deal}"]
    parts += [f"{o.name}={option_text(full[o.name])}" for o in game.options
              if full[o.name] != o.default or type(full[o.name]) is not type(o.default)]
    return "?" + "&".join(parts)
