"""A beam over the stock for one-pass games the engine plays as it stands (Moving Left):
it looks for a win, stock card by stock card, and proves nothing.

A level is the positions with the same number of stock cards left. From each kept position
the beam reaches every position it can without turning the stock (the engine's legal moves,
less plays off the foundations and moves whose result ``Rules.key`` merges with another's,
each followed by the table's safe moves), breadth first, at most ``REACH * width`` positions
a level; the ``width`` best of those by ``score`` then turn the next card. Positions met twice
in a level (by ``Rules.key``) count once. With the stock empty, a position is won when the
automatic finish (``auto.finish_moves``) wins it. ``solve`` replays every win through the
checked API.

Unlike ``onepass.beam`` it works on engine states and moves, so it takes any rule the engine
has (face-down cards, runs moved as units, Moving Left's close-up from the right), at a few
times the cost a position.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..auto import finish_moves, safe_moves
from ..cards import RANK, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import SUIT_UP
from .fold import make_legal

Outcome = tuple[str, list[Move], int]
# A beam's position, the one it came from, and the moves between.
Node = tuple[State, "Node | None", tuple[Move, ...]]
# Positions reached a level, per position kept.
REACH = 40
# The weights of ``score``: a card up, a face-down card, a card on a lower one of its suit,
# a waste card, an empty pile.
WEIGHTS = (10, -4, -3, -2, 3)


def fits(r: Rules) -> bool:
    """Tell whether the game has two decks and one pass through a stock turned one card to
    a waste (``onepass.fits`` takes those that lift one card and show every card)."""
    return (r.game.decks > 1 and r.stock >= 0 and r.waste >= 0 and r.draw == 1
            and r.max_recycles == 0 and not r.pairs and r.game.foundation == SUIT_UP)


def score(r: Rules, s: State) -> int:
    """Rate a position (higher is better): cards up, less face-down cards, cards in the
    tableau or the waste lying on a lower card of their suit (which must wait for it), and
    waste cards; plus empty piles. (Weights from a few Moving Left deals.)"""
    piles, down = s.piles, s.down
    up = sum(len(piles[f]) for f in r.F)
    hidden = buried = 0
    for t in (*r.T, r.waste):
        low = [14, 14, 14, 14]
        hidden += down[t]
        for c in piles[t]:
            if low[SUIT[c]] < RANK[c]:
                buried += 1
            else:
                low[SUIT[c]] = RANK[c]
    empty = sum(1 for t in r.T if not piles[t])
    w = WEIGHTS
    return (w[0] * up + w[1] * hidden + w[2] * buried + w[3] * len(piles[r.waste])
            + w[4] * empty)


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None) -> Generator[int, None, Outcome]:
    """Look for a win keeping the ``width`` best positions each stock card; return
    ``solved`` with the moves or ``unknown``. A generator like ``onepass.beam`` (nodes are
    the positions expanded). A ``seed`` breaks ties between equal scores at random (else
    the order reached), for restarts that look elsewhere."""
    legal = make_legal(r)
    stock, key = r.names[r.stock], r.key
    noise = random.Random(seed)
    from_foundation = {r.names[f] for f in r.F}

    def settle(s: State) -> tuple[State, tuple[Move, ...]]:
        done: list[Move] = []
        while True:
            # One at a time: two safe moves of a list may want the same foundation.
            safe = safe_moves(r, s)
            if not safe:
                return s, tuple(done)
            s = r.apply(s, safe[0])
            done.append(safe[0])

    first, moves0 = settle(root)
    level: list[Node] = [(first, None, moves0)]
    nodes = 0
    while True:
        seen = {key(n[0]) for n in level}
        reached = list(level)
        i = 0
        while i < len(reached) and len(reached) < REACH * width:
            node = reached[i]
            i += 1
            if nodes >= budget:
                return "unknown", [], nodes
            nodes += 1
            if every and not nodes % every:
                yield nodes
            for m in legal(node[0]):
                if m.src == stock or m.src in from_foundation:
                    continue
                child, safe = settle(r.apply(node[0], m))
                k = key(child)
                if k not in seen:
                    seen.add(k)
                    reached.append((child, node, (m, *safe)))
        if not reached[0][0].piles[r.stock]:
            for node in reached:
                finish = finish_moves(r, node[0])
                if finish is not None:
                    return "solved", _path(node) + finish, nodes
            return "unknown", [], nodes
        rated = sorted(reached, key=lambda n: (-score(r, n[0]), noise.random()
                                              if seed is not None else 0))
        level = []
        for node in rated[:width]:
            s, safe = settle(r.apply(node[0], Move(stock, r.names[r.waste])))
            level.append((s, node, (Move(stock, r.names[r.waste]), *safe)))


def _path(node: Node) -> list[Move]:
    """Return the moves from the start into a beam's position."""
    out: list[tuple[Move, ...]] = []
    at: Node | None = node
    while at is not None:
        out.append(at[2])
        at = at[1]
    return [m for ms in reversed(out) for m in ms]
