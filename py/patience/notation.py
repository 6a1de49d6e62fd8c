"""Text round trips: moves and whole positions.

A move is ``src>dst`` or ``src>dst:N`` (N cards), by pile id: ``t1>f2``, ``t3>t5:4``,
``stock>waste:3``, ``waste>stock:21``, ``stock>tableau:10``.

A position is one line naming the game and its options, then one line a pile, bottom card
first; face-down cards stand before a ``|``; the stock is face down; ``-`` is an empty pile::

    klondike draw=1 passes=3 scoring=standard timed=no takeback=yes peek=no
    stock: 5H 3C ...
    t2: 9S | TD
"""

from __future__ import annotations

import re
from collections import Counter

from .cards import card_str, parse_card
from .errors import MoveParseError, OptionsError, PositionError
from .game import Move, State
from .games import find_game
from .options import option_text
from .rules import Rules

MOVE_RE = re.compile(r"^\s*([a-z]+[0-9]*)\s*>\s*([a-z]+[0-9]*)\s*(?::\s*([0-9]{1,3}))?\s*$")


def parse_move(r: Rules, text: str) -> Move:
    """Read a move in the engine's notation, checking that its piles exist in the game."""
    m = MOVE_RE.match(text.lower()) if isinstance(text, str) else None
    if m is None:
        raise MoveParseError(f"not a move: {text!r} (write it as t1>f1, or t3>t5:4 for 4 cards)")
    src, dst, n = m.group(1), m.group(2), int(m.group(3) or 1)
    for name in (src, dst):
        if name not in r.index and not (name == "tableau" and r.stock >= 0 and r.waste < 0):
            raise MoveParseError(f"{r.game.title} has no pile {name!r} in {text!r} "
                                 f"(its piles: {', '.join(r.names)})")
    return Move(src, dst, n)


def header(r: Rules) -> str:
    """Return the first line of a position text: the game id and every option."""
    return " ".join([r.game.id] + [f"{k}={option_text(v)}" for k, v in r.options.items()])


def format_position(r: Rules, s: State) -> str:
    """Print a position as text, face-down cards included; ``parse_position`` reads it back."""
    lines = [header(r)]
    for i, name in enumerate(r.names):
        pile = s.piles[i]
        if not pile:
            lines.append(f"{name}: -")
            continue
        cards = [card_str(c) for c in pile]
        d = s.down[i]
        if d and i != r.stock:
            cards.insert(d, "|")
        lines.append(f"{name}: " + " ".join(cards))
    if r.waste >= 0:
        lines.append(f"recycles: {s.recycles}")
    if r.standard:
        lines.append(f"score: {s.score}")
    return "\n".join(lines) + "\n"


def parse_rules(line: str) -> Rules:
    """Read a position's first line into the rules it names."""
    words = line.split()
    if not words:
        raise PositionError("a position starts with a line naming the game")
    options: dict[str, object] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise PositionError(f"an option is written name=value, not {word!r}")
        options[key] = value
    try:
        return Rules(find_game(words[0]), options)
    except OptionsError as e:
        raise PositionError(str(e)) from e


def parse_position(text: str) -> tuple[Rules, State]:
    """Read a position text back into its rules and position, checking that it adds up."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        raise PositionError("the position text is empty")
    r = parse_rules(lines[0])
    piles: dict[str, tuple[int, ...]] = {}
    downs: dict[str, int] = {}
    counters = {"recycles": 0, "score": 0}
    for line in lines[1:]:
        name, colon, rest = line.partition(":")
        name = name.strip().lower()
        if not colon:
            raise PositionError(f"a pile line is written name: cards, not {line!r}")
        if name in counters:
            if not re.fullmatch(r"[0-9]{1,9}", rest.strip()):
                raise PositionError(f"{name} is a whole number, not {rest.strip()[:40]!r}")
            counters[name] = int(rest)
            continue
        if name not in r.index:
            raise PositionError(f"{r.game.title} has no pile {name!r}")
        if name in piles:
            raise PositionError(f"pile {name} is given twice")
        words = rest.split()
        if words == ["-"]:
            words = []
        down = words.index("|") if "|" in words else 0
        if "|" in words and (words.count("|") > 1 or r.index[name] not in r.T):
            raise PositionError(f"{name}: only a tableau pile has face-down cards, and one '|'")
        cards = tuple(parse_card(w) for w in words if w != "|")
        piles[name] = cards
        downs[name] = down if name != "stock" else 0
    missing = [n for n in r.names if n not in piles]
    if missing:
        raise PositionError(f"the position has no line for {', '.join(missing)}")
    s = State(tuple(piles[n] for n in r.names), tuple(downs[n] for n in r.names),
              counters["recycles"], counters["score"] if r.standard else 0)
    check_position(r, s)
    return r, s


def check_position(r: Rules, s: State) -> None:
    """Raise ``PositionError`` unless the position holds the game's cards in a legal shape."""
    have = Counter(c for pile in s.piles for c in pile)
    want = Counter(r.pack())
    if have != want:
        short = ", ".join(f"{n} x {card_str(c)}" for c, n in sorted((want - have).items()))
        extra = ", ".join(f"{n} x {card_str(c)}" for c, n in sorted((have - want).items()))
        raise PositionError("the cards do not add up: "
                            + "; ".join(p for p in (short and f"missing {short}",
                                                    extra and f"extra {extra}") if p))
    for i in r.single:
        if len(s.piles[i]) > 1:
            raise PositionError(f"{r.names[i]} holds one card at most")
    for t in r.T:
        # A card that others overlap may lie face down (TriPeaks' peaks); any other top card
        # is face up.
        if s.piles[t] and s.down[t] >= len(s.piles[t]) and r.free(s, t):
            raise PositionError(f"{r.names[t]}: the top card of a tableau pile is face up")
    for f in r.F:
        _check_foundation(r, r.names[f], s.piles[f])
    if r.max_recycles is not None and not 0 <= s.recycles <= r.max_recycles:
        raise PositionError(f"recycles must be 0 to {r.max_recycles} in this game")


def _check_foundation(r: Rules, name: str, pile: tuple[int, ...]) -> None:
    if not r.game.foundation.holds(pile):
        raise PositionError(f"{name} is not a foundation this game can build: "
                            + " ".join(card_str(c) for c in pile))
