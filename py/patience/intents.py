"""What the player's gestures mean, and moves in words: the page's questions, answered here.

The page knows piles, card indexes and pointer events, nothing of the rules. It asks:

- :func:`move_for`: which legal move a drag makes (the cards of a pile from an index up,
  dropped on a pile), or why there is none;
- :func:`tap`: what a tap on a card does (a move, picking the card to pair, or why nothing);
- :func:`lift`: from which card up each pile may be picked up;
- :func:`describe` and :func:`words`: a move in words, before it is played (a hint) and after
  (what a screen reader says), naming the cards and any card turned face up.

Piles are named by their ids (``t3``), cards by their index in the pile, bottom first.
Nothing here reveals a face-down card before it is turned.
"""

from __future__ import annotations

import re
from typing import Any

from .cards import RANK, RANKS, SUIT, SUIT_SYMBOLS, card_name
from .explain import explain
from .game import Move, State
from .rules import Rules
from .vocab import WHOLE_RUNS

KIND_LABELS = {"stock": "Stock", "waste": "Waste", "f": "Foundation", "c": "Free cell",
               "t": "Pile"}
PILE_ID = re.compile(r"\b(stock|waste|[fct][0-9]+)\b")

FACE_DOWN = "That card is face down"
COVERED = "That card is covered"
NOWHERE = "That card has nowhere to go"
NO_CARD = "There is no card there"
STOCK_EMPTY = "The stock is empty"


def pile_label(name: str) -> str:
    """Name a pile for people and screen readers: ``t3`` is "Pile 3"."""
    if name in KIND_LABELS:
        return KIND_LABELS[name]
    return f"{KIND_LABELS[name[0]]} {name[1:]}"


def for_players(r: Rules, text: str) -> str:
    """Turn an engine message into a sentence: pile ids become labels, a capital first."""
    text = PILE_ID.sub(lambda m: pile_label(m.group(1)) if m.group(1) in r.index
                       else m.group(1), text)
    return text[:1].upper() + text[1:]


def is_stock_move(m: Move) -> bool:
    """Tell whether a move turns, deals or recycles the stock."""
    return m.src == "stock" or m.dst == "stock"


def tap_rank(r: Rules, s: State, m: Move) -> int:
    """Order a tap's candidate moves: foundations, building, empty piles, then cells."""
    dst = r.index.get(m.dst, -1)
    if dst in r.F:
        return 0
    if dst in r.T:
        return 1 if s.piles[dst] else 2
    return 3


def taps(r: Rules, s: State, moves: list[Move]) -> dict[str, str]:
    """Return the best move of each tap, keyed ``pile:count`` (``stock:0`` for the stock).

    In a game of pairs only the moves that take one card (a King) are taps: a pair needs a
    second card, which the player picks.
    """
    out: dict[str, str] = {}
    pairs = r.pairs
    for m in sorted(moves, key=lambda m: tap_rank(r, s, m)):
        if is_stock_move(m):
            out.setdefault("stock:0", str(m))
            continue
        if pairs and not r.removes_alone(m):
            continue
        out.setdefault(f"{m.src}:{m.n}", str(m))
    return out


def lift(r: Rules, s: State) -> dict[str, int]:
    """Return, for each pile that has cards that may be picked up, the lowest such index.

    Any index from there up starts a group the rules let move together (whether it has
    somewhere to go or not: dropping it where it may not go gets the reason). The stock is
    tapped, never lifted.
    """
    piles, down = s.piles, s.down
    out: dict[str, int] = {}
    if r.pairs:
        for i in [*r.T, r.waste]:
            if i >= 0 and piles[i] and r.free(s, i):
                out[r.names[i]] = len(piles[i]) - 1
        return out
    tops = [*r.C, *([r.waste] if r.waste >= 0 else []), *(r.F if r.takeback else ())]
    for i in tops:
        if piles[i]:
            out[r.names[i]] = len(piles[i]) - 1
    for t in r.T:
        pile = piles[t]
        if len(pile) > down[t]:
            out[r.names[t]] = len(pile) - r.run_length(pile, down[t])
    return out


def move_for(r: Rules, s: State, src: str, index: int, dst: str) -> dict[str, Any]:
    """Return the legal move a drag makes: ``{"move": text | None, "reason": text | None}``.

    The drag takes the cards of ``src`` from ``index`` up onto ``dst``. In a game of pairs,
    a card dropped on another pairs them however the engine writes the pair. The stock's own
    moves are found whatever the index. ``reason`` says why no move fits.
    """
    if src not in r.index or dst not in r.index:
        return {"move": None, "reason": for_players(r, explain(r, s, Move(src, dst)))}
    i = r.index[src]
    pile = s.piles[i]
    if not 0 <= index < len(pile) and src != "stock":
        return {"move": None, "reason": NO_CARD}
    n = len(pile) - index
    moves = r.legal_moves(s)
    for m in moves:
        if m.src == src and m.dst == dst and (m.n == n or is_stock_move(m)):
            return {"move": str(m), "reason": None}
    if r.pairs and n == 1:
        for m in moves:
            if m.src == dst and m.dst == src and m.n == 1:
                return {"move": str(m), "reason": None}
    if i != r.stock and index < s.down[i]:
        return {"move": None, "reason": FACE_DOWN}
    if src == "stock":
        return {"move": None, "reason": stock_reason(r, s)}
    return {"move": None, "reason": for_players(r, explain(r, s, Move(src, dst, n)))}


def stock_reason(r: Rules, s: State) -> str:
    """Say why the stock cannot be turned, dealt or recycled now."""
    stock = s.piles[r.stock]
    if stock:
        onto = "waste" if r.waste >= 0 else "tableau"
        return for_players(r, explain(r, s, Move("stock", onto, min(r.draw, len(stock)))))
    if r.waste >= 0 and s.piles[r.waste]:
        return for_players(r, explain(r, s, Move("waste", "stock", len(s.piles[r.waste]))))
    return STOCK_EMPTY


def tap(r: Rules, s: State, src: str, index: int) -> dict[str, Any]:
    """Return what a tap on card ``index`` of pile ``src`` does.

    ``{"move": text | None, "select": bool, "reason": text | None}``: the best move for the
    cards from that index up; or, in a game of pairs, ``select`` when the card can be picked
    to pair with another (the page then asks :func:`move_for` with the second card); or why
    nothing happens. A tap on the stock turns, deals or recycles it, whatever the index; a tap
    on an empty pile (index -1) does nothing and says nothing.
    """
    none: dict[str, Any] = {"move": None, "select": False, "reason": None}
    if src not in r.index:
        return {**none, "reason": for_players(r, explain(r, s, Move(src, src)))}
    moves = r.legal_moves(s)
    if src == "stock":
        stock = [m for m in moves if is_stock_move(m)]
        if stock:
            return {**none, "move": str(stock[0])}
        return {**none, "reason": stock_reason(r, s)}
    if index == -1:
        return none
    i = r.index[src]
    pile = s.piles[i]
    if not 0 <= index < len(pile):
        return {**none, "reason": NO_CARD}
    if index < s.down[i]:
        return {**none, "reason": FACE_DOWN}
    n = len(pile) - index
    if r.pairs:
        if n != 1 or not r.free(s, i):
            return {**none, "reason": COVERED}
        alone = [m for m in moves if m.src == src and r.removes_alone(m)]
        if alone:
            return {**none, "move": str(alone[0])}
        if any(not r.removes_alone(m) and src in (m.src, m.dst) for m in moves):
            return {**none, "select": True}
        if i not in r.T and i != r.waste:
            return {**none, "reason": NOWHERE}
        return {**none, "reason": f"The {card_name(pile[-1])} has no partner adding up to "
                                  f"{r.pair_total} now"}
    best = taps(r, s, moves).get(f"{src}:{n}")
    if best is not None:
        return {**none, "move": best}
    if i not in r.T and n > 1:
        return {**none, "reason": COVERED}
    return {**none, "reason": NOWHERE}


# Words ----------------------------------------------------------------------------------


def _kind(r: Rules, m: Move) -> str:
    if m.src == "stock":
        return "turn" if m.dst == "waste" else "deal"
    if m.dst == "stock":
        return "recycle"
    if r.pairs:
        return "remove" if r.removes_alone(m) else "pair"
    return "move"


def card_mark(card: int) -> str:
    """Name a card in its shortest readable form, rank and suit symbol: ``10\u2666``."""
    r = RANKS[RANK[card] - 1]
    return f"{'10' if r == 'T' else r}{SUIT_SYMBOLS[SUIT[card]]}"


def _names(cards: list[int]) -> str:
    """Join card names: "A", "A and B", "A, B and C"."""
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(r: Rules, s: State, m: Move) -> dict[str, Any]:
    """Describe a move against the position it is played from (nothing face down named).

    ``kind``: ``turn``, ``recycle``, ``deal``, ``pair``, ``remove`` or ``move``; ``hint``:
    the move as advice ("move the 5 of diamonds from Pile 4 to Pile 1"); ``brief``: the same
    advice short enough for one line on a phone ("5\u2666 to Pile 1"); ``done``: the move
    as news ("5 of diamonds from Pile 4 to Pile 1"); ``cards``: the cards it takes, as
    ``{"pile", "index"}`` (both cards of a pair); ``target``: where they go, as
    ``{"pile", "index"}`` with the index of the card they go onto or pair with (``None`` for
    an empty pile), or ``None`` for a deal onto every pile.
    """
    kind = _kind(r, m)
    src = r.index.get(m.src, -1)
    dst = r.index.get(m.dst, -1)
    src_pile = s.piles[src] if src >= 0 else ()
    dst_pile = s.piles[dst] if dst >= 0 else ()
    n = max(0, min(m.n, len(src_pile)))
    cards = [{"pile": m.src, "index": k} for k in range(len(src_pile) - n, len(src_pile))]
    target: dict[str, Any] | None = {"pile": m.dst,
                                     "index": len(dst_pile) - 1 if dst_pile else None}
    moving = src_pile[len(src_pile) - n:]
    brief = ""
    if kind == "turn":
        hint, done = "turn the stock", "Turned the stock"
    elif kind == "deal":
        hint, done = "deal a row", "Dealt a row"
        target = None
    elif kind == "recycle":
        hint, done = "turn the waste over", "Turned the waste over"
    elif kind == "pair" and src_pile and dst_pile:
        a, b = card_name(src_pile[-1]), card_name(dst_pile[-1])
        hint, done = f"remove the {a} with the {b}", f"Removed the {a} and the {b}"
        brief = f"remove {card_mark(src_pile[-1])} with {card_mark(dst_pile[-1])}"
        cards.append({"pile": m.dst, "index": len(dst_pile) - 1})
    elif kind == "remove" and src_pile:
        a = card_name(src_pile[-1])
        hint, done = f"remove the {a}", f"Removed the {a}"
        brief = f"remove {card_mark(src_pile[-1])}"
    elif kind in ("pair", "remove"):
        # Not a move of this position (asked after it was played): say it without names.
        hint, done = "remove the cards", "Removed the cards"
    else:
        what = card_name(moving[0]) if moving else "card"
        short = card_mark(moving[0]) if moving else "card"
        if n > 1:
            what += f" and {n - 1} more"
            short += f" and {n - 1} more"
        where = f"from {pile_label(m.src)} to {pile_label(m.dst)}"
        hint, done = f"move the {what} {where}", f"{what[:1].upper()}{what[1:]} {where}"
        brief = f"{short} to {pile_label(m.dst)}"
    return {"kind": kind, "text": str(m), "hint": hint, "brief": brief or hint, "done": done,
            "src": m.src, "dst": m.dst, "cards": cards, "target": target}


def words(r: Rules, before: State, m: Move, after: State) -> str:
    """Say a move just played: what moved, the cards turned from the stock, cards turned up.

    For example "Queen of spades from Pile 2 to Pile 5; the 4 of clubs is turned face up".
    """
    text = str(describe(r, before, m)["done"])
    if m.src == "stock" and m.dst == "waste" and r.waste >= 0:
        turned = list(after.piles[r.waste][len(before.piles[r.waste]):])
        if turned:
            text += ": " + _names(turned) + (" on top" if len(turned) > 1 else "")
    news: list[str] = []
    gone = _runs_gone(r, before, after)
    if gone:
        news.append(gone)
    if _closed_up(r, before, m, after):
        news.append("the piles to its right slide left to close the gap")
    up = turned_up(r, before, after)
    if up:
        news.append(f"the {_names(up)} {'is' if len(up) == 1 else 'are'} turned face up")
    return "; ".join([text, *news])


def turned_up(r: Rules, before: State, after: State) -> list[int]:
    """Return the cards face down before and face up after, in the pile they were in."""
    out: list[int] = []
    if not any(before.down):
        return out
    for t in r.T:
        old, new = before.piles[t], after.piles[t]
        for k in range(after.down[t], min(before.down[t], len(new), len(old))):
            if old[k] == new[k]:
                out.append(new[k])
    return out


def _closed_up(r: Rules, before: State, m: Move, after: State) -> bool:
    """Tell whether a move changed tableau piles it did not touch (Moving Left's close-up)."""
    if is_stock_move(m):
        return False
    touched = (m.src, m.dst)
    return any(before.piles[t] != after.piles[t] for t in r.T if r.names[t] not in touched)


def _runs_gone(r: Rules, before: State, after: State) -> str:
    """Say which whole runs went to the foundations by themselves (Spider)."""
    if r.game.foundation != WHOLE_RUNS:
        return ""
    runs = [after.piles[f][-1] for f in r.F
            if after.piles[f] and not before.piles[f]]
    if not runs:
        return ""
    suits = [card_name(c).split(" of ")[1] for c in runs]
    return ("a run of " + " and a run of ".join(suits)) + \
        (" goes" if len(runs) == 1 else " go") + " to the foundations"
