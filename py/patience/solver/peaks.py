"""An exact depth-first search for the games that play cards onto the waste (TriPeaks,
Golf: ``vocab.OntoWaste``), positions as bit masks.

A position is three small numbers: which cards are still on the table (a bit a card), how
many cards are left in the stock, and the rank on top of the waste. Nothing else matters
to what can follow: the stock is turned one card at a time in a fixed order, there is one
pass, and nothing comes back off the waste. A table card is free when every card covering
it (the one above it in its pile, and the cards of any pile overlapping it) is gone.

Every move is searched: each free card that fits on the waste's top, then turning the
stock. Plays from the table come first, the card uncovering the most first. Two positions
are merged: where nothing free fits on the waste's top, only a turn follows whatever the
top is, so the top counts as none. A position is dropped when one with the same table and
top and as many stock cards or more was searched out and lost (more stock is never worse:
a win from fewer cards is played from more by turning the extra cards at its first turn),
and so is one that three counts show lost (``_stranded``). When the search runs dry the
position is unwinnable. A win is given back as the real game's moves
and replayed through the checked API by ``patience.solver.solve``.
"""

from __future__ import annotations

from collections.abc import Generator

from ..cards import RANK
from ..game import Move, State
from ..rules import Rules
from ..vocab import OntoWaste
from . import drive
from .result import Outcome


def fits(r: Rules) -> bool:
    """Tell whether this search takes the game of ``r``: cards played onto the waste, a
    stock turned one card at a time in one pass, no foundation or cell, won by clearing the
    table."""
    return (isinstance(r.game.play, OntoWaste) and r.stock >= 0 and r.waste >= 0 and r.draw == 1
            and r.max_recycles == 0 and not r.F and not r.C and r.game.goal == "tableau")


class _Table:
    """The search's tables for one position: the table's cards, what covers each, which
    ranks fit on which."""

    def __init__(self, r: Rules, s: State) -> None:
        self.slots: list[tuple[int, int]] = []       # (pile, index) of each table card
        place: dict[tuple[int, int], int] = {}
        for t in r.T:
            for i in range(len(s.piles[t])):
                place[(t, i)] = len(self.slots)
                self.slots.append((t, i))
        self.rank = [RANK[s.piles[t][i]] for t, i in self.slots]
        self.cover = [0] * len(self.slots)
        for n, (t, i) in enumerate(self.slots):
            if (t, i + 1) in place:
                self.cover[n] |= 1 << place[(t, i + 1)]
            for over in r.below.get(t, ()):
                for j in range(len(s.piles[over])):
                    self.cover[n] |= 1 << place[(over, j)]
        self.stock = [RANK[c] for c in s.piles[r.stock]]
        waste = s.piles[r.waste]
        self.top = RANK[waste[-1]] if waste else 0
        # onto[a][b]: a card of rank a goes on one of rank b (rank 0: an empty waste).
        play = r.game.play
        assert isinstance(play, OntoWaste)
        card = {RANK[c]: c for c in range(52)}
        self.onto = [[a > 0 and b > 0 and play.fits(r, card[a], card[b]) for b in range(14)]
                     for a in range(14)]
        # near[a]: the ranks a card of rank a may go on, as bits.
        self.near = [sum(1 << b for b in range(1, 14) if self.onto[a][b]) for a in range(14)]
        # Ranks nothing goes on (a King, in Golf), and whether every play changes the rank's
        # parity (no wrap: King and Ace are not neighbours).
        self.ends = [a > 0 and not any(self.onto[x][a] for x in range(14)) for a in range(14)]
        self.parity = all(abs(a - b) == 1 for a in range(14) for b in range(14)
                          if self.onto[a][b])
        # The table's cards as bits: by rank, of odd rank, of a rank nothing goes on.
        self.by_rank = [sum(1 << i for i, a in enumerate(self.rank) if a == b)
                        for b in range(14)]
        self.odd_cards = sum(1 << i for i, a in enumerate(self.rank) if a & 1)
        self.end_cards = sum(1 << i for i, a in enumerate(self.rank) if self.ends[a])
        # For the stock's first k cards: its ranks as bits, and the odd and even hosts.
        self.stock_ranks = [0]
        self.hosts = [(0, 0)]
        for a in self.stock:
            self.stock_ranks.append(self.stock_ranks[-1] | 1 << a)
            o, e = self.hosts[-1]
            if not self.ends[a]:
                o, e = (o + 1, e) if a & 1 else (o, e + 1)
            self.hosts.append((o, e))


def _stranded(g: _Table, mask: int, k: int, top: int) -> bool:
    """Tell whether the table cannot be cleared from here, by three counts.

    A card comes up on the waste from the table or the stock, and the cards played from the
    table form chains, each on a card of the stock or on the waste's top (its host), each
    card a neighbour of the one before. So: (1) each table card needs a card it may go on
    still to come, on the table, in the stock's ``k`` cards or on the waste's top; (2) a
    card nothing goes on (Golf's King) ends its chain, so such cards on the table are no
    more than the hosts; (3) without wrap every play changes the rank's parity, so a chain
    holds as many odd as even cards or one more of the parity its host lacks: the table's
    odd cards less its even ones lie between minus the odd hosts and the even hosts.
    """
    odd_hosts, even_hosts = g.hosts[k]
    if top and not g.ends[top]:
        if top & 1:
            odd_hosts += 1
        else:
            even_hosts += 1
    if (mask & g.end_cards).bit_count() > odd_hosts + even_hosts:
        return True
    if g.parity:
        odd = (mask & g.odd_cards).bit_count()
        if not -odd_hosts <= odd - (mask.bit_count() - odd) <= even_hosts:
            return True
    near = g.stock_ranks[k] | 1 << top
    by_rank = g.by_rank
    ranks = 0
    for a in range(1, 14):
        if mask & by_rank[a]:
            ranks |= 1 << a
    near |= ranks
    need = g.near
    return any(ranks >> a & 1 and not need[a] & near for a in range(1, 14))


# A position: the table's cards left (a bit each), the stock's cards left, the waste's top
# rank. A move is what it plays: a table card (its number), or ``n`` (as many as the table's
# cards): a turn of the stock.
Position = tuple[int, int, int]


class _Walk:
    """The search's game for ``drive.depth_first`` (an ``InPlace`` one, its members
    closures over the position ``now``, as the search is small and its steps many): a
    position no better than one lost is not entered (every position left by ``undo`` was
    searched out without a win; none on the path can come again, as every move takes a card
    from the table or the stock), one that ``_stranded`` shows lost has no moves.
    A record is the position a move left and what it played (as ``drive.ByValue``'s)."""

    def __init__(self, g: _Table) -> None:
        n = len(g.rank)
        rank, cover, onto, stock = g.rank, g.cover, g.onto, g.stock
        # How many cards each card holds down, directly or not: freeing more comes first.
        under = [sum(1 << j for j in range(n) if cover[j] >> i & 1) for i in range(n)]
        grew = True
        while grew:
            grew = False
            for i in range(n):
                more = under[i]
                for j in drive.bits(under[i]):
                    more |= under[j]
                if more != under[i]:
                    under[i], grew = more, True
        weight = [u.bit_count() for u in under]
        # fit[b]: the table's cards that go on a card of rank b, as bits.
        fit = [sum(1 << i for i in range(n) if onto[rank[i]][b]) for b in range(14)]
        root: Position = ((1 << n) - 1, len(stock), g.top)
        now = root
        # lost[mask << 4 | top]: the most stock cards left with which the table ``mask``
        # under the waste's ``top`` was searched out and lost (a position left by ``undo``:
        # it had no win). More stock is never worse, so fewer cards left are lost too.
        lost: dict[int, int] = {}
        Recs = list[tuple[Position, list[int]]]

        def enter(act: int) -> Recs | None:
            nonlocal now
            mask, k, top = before = now
            if act == n:
                k -= 1
                top = stock[k]
            else:
                mask &= ~(1 << act)
                top = rank[act]
            if not any(not cover[i] & mask for i in drive.bits(mask & fit[top])):
                # Nothing free goes on the top, and nothing freed later will (a card is
                # freed only by a play, which covers the top): only a turn follows, the
                # same whatever the top, so all such tops are one (0, an empty waste's).
                top = 0
            if lost.get(mask << 4 | top, -1) >= k:
                return None
            now = (mask, k, top)
            return [(before, [act])]

        def undo(recs: Recs) -> None:
            nonlocal now
            mask, k, top = now
            lost[mask << 4 | top] = k
            now = recs[0][0]

        def children() -> list[int]:
            """The plays of free cards that fit on the waste, the card uncovering the most
            first, then the turn of the stock; none when the position is stranded."""
            mask, k, top = now
            if _stranded(g, mask, k, top):
                return []
            # Each play as its card's weight, then the card (7 bits: 127 cards at most).
            plays = [weight[i] << 7 | i for i in drive.bits(mask & fit[top])
                     if not cover[i] & mask]
            plays.sort(reverse=True)
            out = [x & 127 for x in plays]
            if k:
                out.append(n)
            return out

        def start() -> Recs:
            return [(root, [])]

        self.start, self.enter, self.undo, self.children = start, enter, undo, children
        self.won = lambda: not now[0]
        self.lost = drive.never


def search(r: Rules, s: State, budget: int,
           every: int = 0) -> Generator[int, None, Outcome]:
    """Search ``s`` exactly: ``drive.depth_first`` on ``_Walk`` (its verdict, the winning
    moves and the nodes expanded; it yields every ``every`` nodes, never when 0)."""
    g = _Table(r, s)
    verdict, path, nodes = yield from drive.depth_first(_Walk(g), budget, every)
    return verdict, _moves(r, g, drive.steps_of(path)) if verdict == "solved" else [], nodes


def _moves(r: Rules, g: _Table, path: list[int]) -> list[Move]:
    """Return the real game's moves for a line of the search."""
    names, waste = r.names, r.names[r.waste]
    n = len(g.slots)
    return [Move("stock", waste) if a == n else Move(names[g.slots[a][0]], waste)
            for a in path]
