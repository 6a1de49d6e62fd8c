"""Reasons for illegal moves, in words a player understands.

``explain`` is only asked about a move that the generator did not list; it walks the rules
in the order a player would think of them and names the first one the move breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import card_name
from .game import Move, State
from .movegen import gives_back

if TYPE_CHECKING:
    from .rules import Rules


def explain(r: Rules, s: State, m: Move) -> str:
    """Return why ``m`` is not legal in ``s`` (assuming it is not)."""
    deals = r.stock >= 0 and r.waste < 0
    for name in (m.src, m.dst):
        if name not in r.index and not (name == "tableau" and deals):
            return f"{r.game.title} has no pile {name!r} (its piles: {', '.join(r.names)})"
    if m.src == "stock" or m.dst == "stock":
        return _stock(r, s, m)
    if "tableau" in (m.src, m.dst):
        return "only the stock deals a row onto the tableau"
    src, dst = r.index[m.src], r.index[m.dst]
    pile = s.piles[src]
    if src == dst:
        return "a move needs two different piles"
    if not pile:
        return f"{m.src} is empty"
    return r.game.play.refusal(r, s, m, src, dst)


def refusal(r: Rules, s: State, m: Move, src: int, dst: int) -> str:
    """Return why a move between two piles, its source not empty, breaks the building rules
    (``vocab.Building``)."""
    pile = s.piles[src]
    up = len(pile) - s.down[src]
    if m.n < 1 or m.n > up:
        return f"{m.src} has {up} face-up card{'s' if up != 1 else ''}, not {m.n}"
    if m.n > 1:
        if src not in r.T or dst not in r.T:
            return "only one card moves at a time to or from that pile"
        if m.n > r.run_length(pile, s.down[src]):
            return r.game.lift.refusal(r.game.build)
    card = pile[-m.n]
    if src in r.F and not r.takeback:
        return "cards on the foundations do not come back in this game"
    if dst in r.F:
        return _foundation(r, s.piles[dst], card)
    if dst in r.C:
        return f"{m.dst} holds a card already" if s.piles[dst] else \
            "only tableau cards go to a free cell"
    return _tableau(r, s, m, dst, card)


def _stock(r: Rules, s: State, m: Move) -> str:
    if r.stock < 0:
        return f"{r.game.title} has no stock"
    stock = s.piles[r.stock]
    if m.src == "stock":
        onto = "waste" if r.waste >= 0 else "tableau"
        if m.dst != onto:
            return f"the stock turns over onto the {onto} (stock>{onto})"
        if not stock:
            return "the stock is empty" + (
                "; turn the waste over to go through it again" if r.waste >= 0 else "")
        if r.waste < 0 and not all(s.piles[t] for t in r.T):
            return "a row is dealt only when no column is empty"
        return f"the stock turns {min(r.draw, len(stock))} card(s) at a time"
    if m.src != "waste" or r.waste < 0:
        return "cards go back to the stock only from the waste"
    if stock:
        return "the waste goes back only when the stock is empty"
    if r.waste < 0 or not s.piles[r.waste]:
        return "the waste is empty"
    if r.max_recycles is not None and s.recycles >= r.max_recycles:
        passes = r.max_recycles + 1
        return f"no passes left: this game allows {passes} pass{'es' if passes != 1 else ''}"
    return "the whole waste goes back at once"


def _foundation(r: Rules, found: tuple[int, ...], card: int) -> str:
    return r.game.foundation.refusal(found, card, card_name)


def _tableau(r: Rules, s: State, m: Move, dst: int, card: int) -> str:
    target = s.piles[dst]
    if dst not in r.T:
        return f"nothing goes onto {m.dst}"
    build = r.game.build
    if not build.builds:
        return f"{r.game.title} has no building on the tableau"
    if not target:
        refusal = r.game.empty.refusal(card, dst == r.T[-1], r.game.lift)
        if refusal is not None:
            return refusal
        if gives_back(r, s, m):
            return f"the {card_name(card)} would slide straight back where it is: that move " \
                "changes nothing"
        limit = r.move_limit(s, True)
        return f"with these free cells and empty columns at most {limit} cards move to an " \
            "empty column"
    top = target[-1]
    if not build.fits(card, top):
        return f"the {card_name(card)} cannot go on the {card_name(top)}: " + build.rule()
    return f"with these free cells and empty columns at most {r.move_limit(s, False)} " \
        "cards move at once"
