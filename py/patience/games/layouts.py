"""Helpers for the game tables: drawing the table, the after-move hooks, the pack.

A layout says where the page draws the piles: rows of slots on a grid of ``columns`` card
widths. A row is ``{"kind": "row", "slots": [...]}`` whose slots are ``None`` (a gap) or
``{"pile": id, "fan": "none" | "down" | "right" | "stack"}``. An ``{"kind": "overlap",
"width": w, "step": s, "slots": [{"pile": id, "x": x, "y": y}, ...]}`` row places piles of
one card each (a pyramid, peaks) on a finer grid, where they may overlap: ``x`` counts half
card widths from the left (a card spans 2, so ``x`` and ``x + 1`` straddle two cards of
another row) and ``w`` is the width in half cards; ``y`` counts rows down, each ``s`` card
heights below the one above, so the rows below cover the lower part of the cards above and
are drawn over them. A layout may say ``"deepest"``: the most cards a fanned pile will ever
hold, for a game whose piles never grow, so the page plans its cards for no more; or
``"plan"``: the cards a fanned pile is planned for where the page's own estimate (from the
number of cards in the game) would be far too many (two decks over seven piles). A layout
whose plain piles are many beside few fanned ones may say ``"aside": true``: on a wide table
the page may then put them down the sides of the tableau, where that makes the cards larger.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

from ..cards import RANK
from ..game import OptionValue

if TYPE_CHECKING:
    from ..rules import Rules

P = TypeVar("P")

#: Card heights the peaks' rows may open to on a tall table (:func:`peaks_layout`).
PEAKS_REACH = 0.75


def spider_pack(options: dict[str, OptionValue]) -> list[int]:
    """Return Spider's 104 cards: two decks' worth in 1, 2 or 4 suits (spades, then hearts)."""
    suits = {1: (3,), 2: (3, 2), 4: (0, 1, 2, 3)}[int(options["suits"])]
    copies = 8 // len(suits)
    return [rank * 4 + suit for suit in suits for _ in range(copies) for rank in range(13)]


def remove_runs(r: Rules, piles: list[tuple[int, ...]], down: list[int]) -> None:
    """Move every King-to-Ace run of one suit on top of a tableau pile to a foundation."""
    for t in r.T:
        pile = piles[t]
        if len(pile) - down[t] < 13 or RANK[pile[-1]] != 1:
            continue
        if all(pile[-k] + 4 == pile[-k - 1] for k in range(1, 13)):
            f = next(f for f in r.F if not piles[f])
            piles[f] = pile[-13:]
            piles[t] = pile[:-13]
            if down[t] and down[t] >= len(piles[t]):
                down[t] -= 1


def close_up(r: Rules, piles: list[tuple[int, ...]], down: list[int]) -> None:
    """Close the tableau up from the right (Moving Left), cascading until no gap is left.

    While a pile other than the rightmost is empty and the pile to its right has face-up
    cards, those cards move into the gap and the card they uncover is turned face up.
    """
    moved = True
    while moved:
        moved = False
        for a, b in zip(r.T, r.T[1:]):
            if not piles[a] and len(piles[b]) > down[b]:
                piles[a] = piles[b][down[b]:]
                down[a] = 0
                piles[b] = piles[b][:down[b]]
                if down[b]:
                    down[b] -= 1
                moved = True


def turn_up_free(r: Rules, piles: list[tuple[int, ...]], down: list[int]) -> None:
    """Turn face up every face-down card no longer covered by another (TriPeaks)."""
    for t, over in r.below.items():
        if down[t] and not any(piles[j] for j in over):
            down[t] = 0


# Layouts -------------------------------------------------------------------------------------


def row(piles: Sequence[str | None], fans: dict[str, str] | None = None,
        fan: str = "none") -> dict[str, Any]:
    """Return a row of slots: the piles (``None`` a gap), each fanned as ``fans`` says."""
    return {"kind": "row", "slots": [
        None if p is None else {"pile": p, "fan": (fans or {}).get(p, fan)} for p in piles]}


def pile_names(r: Rules) -> tuple[list[str], list[str], list[str]]:
    """Return the ids of the foundations, the free cells and the tableau piles."""
    return ([r.names[i] for i in r.F], [r.names[i] for i in r.C], [r.names[i] for i in r.T])


def standard_layout(r: Rules) -> dict[str, Any]:
    """Lay out the usual table: stock, waste, cells and foundations above, the tableau below.

    The top row is as wide as the tableau (or wider); the stock, waste and cells go left and
    the foundations right, or the foundations are centred when there is neither a stock nor
    a cell. The waste fans right when more than one card is turned at a time.
    """
    f, c, t = pile_names(r)
    stock = ["stock"] if r.stock >= 0 else []
    waste = ["waste"] if r.waste >= 0 else []
    width = max(len(t), len(c) + len(f) + len(stock) + len(waste))
    gaps = width - len(stock) - len(waste) - len(c) - len(f)
    top: list[str | None] = [*stock, *waste, *c, *([None] * gaps), *f]
    if not stock and not c:
        top = [None] * (gaps // 2) + f + [None] * (gaps - gaps // 2)
    fan_waste = "right" if r.draw > 1 else "none"
    return {"columns": width, "rows": [row(top, {"waste": fan_waste}), row(t, fan="down")]}


def overlap(places: Sequence[tuple[str, int, int]], step: float = 0.5,
            reach: float | None = None) -> dict[str, Any]:
    """Return an overlapping row: each pile at ``(pile, x, y)``, ``x`` in half card widths
    and ``y`` in rows ``step`` card heights apart; the slots go top row first, the order the
    page draws them in (a lower card over the cards it covers). With ``reach``, the rows may
    stand up to that many card heights apart where the table has height to spare."""
    ordered = sorted(places, key=lambda p: p[2])
    row_: dict[str, Any] = {"kind": "overlap", "width": max(x for _, x, _ in places) + 2,
                            "step": step}
    if reach is not None:
        row_["reach"] = reach
    row_["slots"] = [{"pile": p, "x": x, "y": y} for p, x, y in ordered]
    return row_


def pyramid_layout(r: Rules) -> dict[str, Any]:
    """Lay out a pyramid: stock, waste and the discard pile above, the pyramid below, each
    row half a card further out than the one above and over its lower half."""
    f, _, t = pile_names(r)
    rows = 0
    while rows * (rows + 1) // 2 < len(t):
        rows += 1
    places = [(t[r_ * (r_ + 1) // 2 + p], rows - 1 - r_ + 2 * p, r_)
              for r_ in range(rows) for p in range(r_ + 1) if r_ * (r_ + 1) // 2 + p < len(t)]
    return {"columns": rows, "rows": [
        row(["stock", "waste", *[None] * (rows - 3), f[0]], {"waste": "none"}),
        overlap(places)]}


def waste_below_layout(r: Rules) -> dict[str, Any]:
    """Lay out the tableau fanned down with the stock and waste centred below it (Golf).

    For a game whose tableau piles never take a card: the deepest a pile gets is what the
    deal gives it, and the page plans its cards for that (``"deepest"``).
    """
    _, _, t = pile_names(r)
    s = r.deal(1)
    mid = (len(t) - 2) // 2
    return {"columns": len(t), "deepest": max(len(s.piles[i]) for i in r.T), "rows": [
        row(t, fan="down"), row([*[None] * mid, "stock", "waste", *[None] * (len(t) - mid - 2)])]}


def two_rows_layout(r: Rules) -> dict[str, Any]:
    """Lay out a single foundation above the tableau split into two rows (All in a Row)."""
    f, _, t = pile_names(r)
    width = (len(t) + 1) // 2
    return {"columns": width, "rows": [row([*[None] * (width // 2), f[0]], {f[0]: "stack"}),
                                       row(t[:width], fan="down"), row(t[width:], fan="down")]}


def three_rows_layout(r: Rules) -> dict[str, Any]:
    """Lay out stock and waste on the left above the tableau, the foundations in two rows on
    the right, as wide as the tableau (Roosevelt: eight foundations over seven piles).

    As wide as the tableau, the cards are as large as a one-deck game's on a phone, whose
    width is what limits them; a row of eight foundations would make them an eighth smaller.
    The piles are planned (``"plan"``) for their deal and half a suit built on it, as a
    one-deck game's are, not for a share of two decks: where the height limits the cards (a
    laptop), they are then as large as the height allows, and only a longer pile makes them
    smaller while it lasts. On a wide table (a laptop) the stock, waste and foundations may
    stand beside the tableau instead (``"aside"``), as the height then limits the cards.
    """
    f, _, t = pile_names(r)
    half = (len(f) + 1) // 2
    width = max(len(t), 2 + half)
    left = width - half
    s = r.deal(1)
    dealt = max(len(s.piles[i]) for i in r.T)
    return {"columns": width, "plan": dealt + 7, "aside": True, "rows": [
        row(["stock", "waste", *[None] * (left - 2), *f[:half]]),
        row([*[None] * left, *f[half:], *[None] * (2 * half - len(f))]),
        row(t, fan="down")]}


def pyramid_cover(tableau: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Return which piles cover each pile of a pyramid laid out row by row, apex first.

    The pile at place ``pos`` of row ``row`` is covered by the piles at ``pos`` and
    ``pos + 1`` of the next row; the last row is covered by nothing.
    """
    rows = 0
    while rows * (rows + 1) // 2 < len(tableau):
        rows += 1
    out: dict[int, tuple[int, ...]] = {}
    for row_ in range(rows - 1):
        for pos in range(row_ + 1):
            k = row_ * (row_ + 1) // 2 + pos
            out[tableau[k]] = (tableau[k + row_ + 1], tableau[k + row_ + 2])
    return out


def _peak_rows(tableau: Sequence[P]) -> tuple[int, list[Sequence[P]]]:
    """Split peaks' piles into their rows, tips first: ``n`` peaks have rows of ``n``,
    ``2n``, ``3n`` and ``3n + 1`` cards."""
    n = (len(tableau) - 1) // 9
    if 9 * n + 1 != len(tableau) or n < 1:
        raise ValueError(f"peaks take 9n + 1 piles, not {len(tableau)}")
    cuts = (0, n, 3 * n, 6 * n, 9 * n + 1)
    return n, [tableau[a:b] for a, b in pairwise(cuts)]


def peaks_cover(tableau: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Return which piles cover each pile of peaks laid out row by row, tips first
    (TriPeaks: three peaks of 3, 6, 9 and 10 cards).

    The tip of peak ``p`` is covered by cards ``2p`` and ``2p + 1`` of the second row; card
    ``2p + k`` of that row by cards ``3p + k`` and ``3p + k + 1`` of the third; card ``j``
    of the third by cards ``j`` and ``j + 1`` of the bottom row, which nothing covers.
    """
    n, (tips, second, third, bottom) = _peak_rows(tableau)
    out: dict[int, tuple[int, ...]] = {}
    for p in range(n):
        out[tips[p]] = (second[2 * p], second[2 * p + 1])
        for k in range(2):
            out[second[2 * p + k]] = (third[3 * p + k], third[3 * p + k + 1])
    for j, pile in enumerate(third):
        out[pile] = (bottom[j], bottom[j + 1])
    return out


def peaks_layout(r: Rules) -> dict[str, Any]:
    """Lay out the peaks as players know them, the stock and waste centred below.

    Each card sits half a card to the side of each of the two cards covering it, in the row
    below and over its lower half: the bottom row's card ``j`` at ``2j`` half cards, the
    third row's between two of them, and so on up to the tips (:func:`overlap`). On a tall
    table (a phone upright) the rows open up to three quarters of a card apart, so the peaks
    take the height the width leaves them and each covered card shows more of itself.
    """
    _, _, t = pile_names(r)
    n, (tips, second, third, bottom) = _peak_rows(t)
    width = 3 * n + 1
    places = [(pile, 2 * j, 3) for j, pile in enumerate(bottom)]
    places += [(pile, 2 * j + 1, 2) for j, pile in enumerate(third)]
    for p in range(n):
        places += [(second[2 * p + k], 6 * p + 2 * k + 2, 1) for k in range(2)]
        places.append((tips[p], 6 * p + 3, 0))
    mid = (width - 2) // 2
    return {"columns": width, "rows": [
        overlap(places, reach=PEAKS_REACH),
        row([*[None] * mid, "stock", "waste", *[None] * (width - mid - 2)])]}

