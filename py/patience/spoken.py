"""Undo and redo in words, for the screen-reader line (the bridge's ``lastWords``).

A move just played is said by :func:`patience.intents.words`. Undo and redo say which move
they took back or played again, with what that changes on the table: "Took back: 7 of spades
from Pile 3 to Pile 5; the 4 of clubs is turned face down again", "Replayed: Turned the
stock: 9 of hearts". Nothing face down is named that the player has not seen.
"""

from __future__ import annotations

from . import intents
from .cards import card_name
from .game import Move, State
from .rules import Rules
from .vocab import WHOLE_RUNS

TOOK_BACK = "Took back"
REPLAYED = "Replayed"


def _names(cards: list[int]) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def took_back(r: Rules, before: State, m: Move, after: State) -> str:
    """Say an undo: move ``m`` took ``before`` to ``after`` and has just been taken back."""
    done = str(intents.describe(r, before, m)["done"])
    if intents.is_stock_move(m) or r.pairs:
        done = done[:1].lower() + done[1:]
    text = f"{TOOK_BACK}: {done}"
    if m.src == "stock" and m.dst == "waste" and r.waste >= 0:
        back = list(after.piles[r.waste][len(before.piles[r.waste]):])
        if back:
            text += f"; the {_names(back)} {'goes' if len(back) == 1 else 'go'} back to " \
                    "the stock"
    news: list[str] = []
    if r.game.foundation == WHOLE_RUNS:
        gone = sum(1 for f in r.F if after.piles[f] and not before.piles[f])
        if gone:
            news.append("the run comes back from the foundations" if gone == 1
                        else "the runs come back from the foundations")
    if not intents.is_stock_move(m) and any(
            before.piles[t] != after.piles[t] for t in r.T
            if r.names[t] not in (m.src, m.dst)):
        news.append("the piles slide back to the right")
    down = intents.turned_up(r, before, after)   # the cards an undo turns down again
    if down:
        news.append(f"the {_names(down)} {'is' if len(down) == 1 else 'are'} turned face "
                    "down again")
    return "; ".join([text, *news])


def replayed(r: Rules, before: State, m: Move, after: State) -> str:
    """Say a redo: move ``m`` has just been played again from ``before``."""
    return f"{REPLAYED}: {intents.words(r, before, m, after)}"
