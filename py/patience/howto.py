"""How to play: a short guided walk through a game, built from its tables and a position.

The walk is two to four steps: the goal, how cards move on the table, the stock (for a game
that has one) and one real legal move of the position on the table. Every sentence comes
from the rules page's words (:mod:`patience.rulespage`) or the words of a move
(:func:`patience.intents.describe`); nothing is written here per game. Each step names the
piles it talks about (``marks``) so the page can point at them.

>>> import patience
>>> r = patience.rules("klondike")
>>> [step["title"] for step in steps(r, r.deal(1))]
['The goal', 'Moving cards', 'The stock', 'Try a move']
"""

from __future__ import annotations

from typing import Any

from . import rulespage
from .game import Move, State
from .intents import describe, is_stock_move, tap_rank
from .rules import Rules
from .suggest import suggest


def _piles(r: Rules, indexes: tuple[int, ...] | list[int]) -> list[dict[str, Any]]:
    """Mark whole piles, by their names."""
    return [{"pile": r.names[i], "index": None} for i in indexes]


def _goal(r: Rules, page: rulespage.Page) -> dict[str, Any]:
    """Say what wins the game, and point at where the cards go."""
    winning = _section(page, "Winning")
    text = [winning[0]]
    if r.game.goal == "foundations":
        text.append(rulespage.foundation_words(page, r))
        marks = _piles(r, r.F)
    else:
        marks = _piles(r, r.T)
    return {"title": "The goal", "text": text, "marks": marks, "move": None}


def _moving(r: Rules, page: rulespage.Page) -> dict[str, Any]:
    """Say how cards move on the table: building, lifting, empty piles, free cells."""
    text = rulespage.table_words(page, r)
    layout = " ".join(_section(page, "Layout"))
    if r.C and "free cells" in layout:
        text.append(next(s.strip() + "." for s in layout.split(".") if "free cells" in s))
    return {"title": "Moving cards", "text": text, "marks": _piles(r, [*r.C, *r.T]),
            "move": None}


def _stock(r: Rules, page: rulespage.Page) -> dict[str, Any]:
    """Say how the stock is played."""
    piles = [r.stock] + ([r.waste] if r.waste >= 0 else [])
    return {"title": "The stock", "text": rulespage.stock_words(page, r),
            "marks": _piles(r, piles), "move": None}


def pick_move(r: Rules, s: State) -> Move | None:
    """Return a legal move worth showing: the suggested one, a move of cards before a turn of
    the stock, a turn of the stock before taking a card back from a foundation (a poor first
    lesson), or ``None`` when there is no legal move."""
    moves = r.legal_moves(s)
    back = [m for m in moves if r.index.get(m.src, -1) in r.F]
    cards = [m for m in moves if not is_stock_move(m) and m not in back]
    stock = [m for m in moves if is_stock_move(m)]
    best = suggest(r, s)
    if best is not None and best not in back and (not cards or not is_stock_move(best)):
        return best
    if cards:
        return min(cards, key=lambda m: tap_rank(r, s, m))
    if stock:
        return stock[0]
    return back[0] if back else None


def _try(r: Rules, s: State) -> dict[str, Any] | None:
    """Show one legal move of the position, with its cards and where they go."""
    move = pick_move(r, s)
    if move is None:
        return None
    said = describe(r, s, move)
    marks = [{"pile": c["pile"], "index": c["index"]} for c in said["cards"]]
    target = said["target"]
    if target is not None and not any(m["pile"] == target["pile"] for m in marks):
        marks.append({"pile": target["pile"], "index": None})
    if not marks:
        marks.append({"pile": said["src"], "index": None})
    hint = said["hint"]
    return {"title": "Try a move", "text": [f"One move you can make now: {hint}."],
            "marks": marks, "move": said}


def _section(page: rulespage.Page, heading: str) -> list[str]:
    """Return the sentences of a section of a rules page (empty when it has none)."""
    out: list[str] = []
    inside = False
    for kind, content in page.blocks:
        if kind == "h3":
            inside = content == heading
        elif inside:
            out.extend([content] if isinstance(content, str) else content)
    return out


def steps(r: Rules, s: State) -> list[dict[str, Any]]:
    """Return the walk for a game with its options, at position ``s``.

    Each step is ``{"title", "text": [sentences], "marks": [{"pile", "index"}], "move"}``:
    ``index`` is ``None`` for a whole pile, else the first card meant; ``move`` is the move
    the last step shows, as :func:`patience.intents.describe` says it, else ``None``.
    """
    page = rulespage.build(r.game, r.options)
    out = [_goal(r, page), _moving(r, page)]
    if r.stock >= 0:
        out.append(_stock(r, page))
    shown = _try(r, s)
    if shown is not None:
        out.append(shown)
    return out
