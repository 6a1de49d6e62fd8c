"""An exact depth-first search for games with one pass through a stock turned one card at a
time, whose tableau lifts one card at a time and takes any card into an empty pile
(Roosevelt).

A position is the tableau, the foundations and what is left of the stock and the waste. With
one pass, the stock and the waste are one list in playing order (``deck``) with a pointer:
the cards past the pointer are the stock, all still there; the cards before it that are
still there are the waste, of which only the last plays. So the stock and the waste are
the set of deck places played (``gone``) and the pointer. The key of a position is its
tableau, blind to the order of the piles (they are alike), and ``gone``: the foundations
hold every other card, and which cards of each suit are up fixes how high each of the
suit's piles stands (a card the decks hold twice is up twice to the rank both its piles
passed, once above it). The pointer is left out of the key: the search keeps, for each key,
the least pointer met, and drops a position met before with the pointer no further on, which
reaches it by turning the stock alone (the same cards in the same places, as in Klondike's
search, ``klondike.py``). With the turns folded into plays (below) the pointer stands right
after the last deck place played, so this seldom merges more than the key alone would; it
keeps the key small.

Moves are those of ``fold.py``: a run of stock turns is folded into the play of the card it
brings up, so a child is a tableau move, a play of the waste's top card, or turns then a
play of the card turned last. A card goes into an empty pile only from a pile that holds
more than that card (else the position is the same, the piles being alike), and into the
first empty pile only. Safe moves to the foundations (the rule of ``patience.safe_moves``,
which counts both decks: a card goes up safely when every card that could be put on it is
up, and every pile of its suit stands at the rank below it, for its twin) are played at
once after every move, as in ``search.py``.

When the search runs dry every reachable position (up to the key and those rules) was
expanded: the game is unwinnable. A win is replayed through the checked API by ``solve``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator

from ..cards import RANK, RED, SUIT
from ..game import Move, State
from ..rules import Rules
from ..vocab import ALTERNATE, ANY_CARD, ONE_CARD, SUIT_UP, TO_WASTE
from . import drive
from .result import Outcome
from .search import finished
from .stockbeam import buried

# A step of the search, replayed into engine moves at the end: a tableau pile's top card up
# (UP, pile, -1), a tableau card onto another pile (RUN, from, to), the card at a deck
# place played after the turns that bring it up (DECK, place, pile or TO_FOUNDATION).
Step = tuple[int, int, int]
UP, RUN, DECK = 0, 1, 2
TO_FOUNDATION = -1
# A position: the tableau piles, the foundations' heights (per suit, highest first), the
# deck places played (a bit mask), the pointer.
Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]


def fits(r: Rules) -> bool:
    """Tell whether the game of ``r`` has the shape this search handles."""
    g = r.game
    return (one_pass(r) and g.build == ALTERNATE and g.safety == "alt"
            and g.foundations == 4 * g.decks)


def one_pass(r: Rules) -> bool:
    """Tell whether the game of ``r`` has one pass through a stock turned one card at a time
    to a waste, a tableau of alike piles lifting one card and taking any card when empty,
    foundations built up in suit to be filled, and nothing else (no cells, no takeback): the
    shape of this search's position, whatever the tableau builds (``forty.fits``)."""
    g = r.game
    return (g.stock == TO_WASTE and r.draw == 1 and r.max_recycles == 0
            and g.foundation == SUIT_UP and g.lift == ONE_CARD
            and g.empty == ANY_CARD and not r.C and g.after_move is None
            and not r.takeback and g.symmetric and not r.pairs and not r.below
            and g.goal == "foundations")


class _Play:
    """The game of one position as the searches see it: the deck in playing order, the
    start (safe moves played), a position's moves, safe moves, and the certain win."""

    def __init__(self, r: Rules, root: State) -> None:
        decks = r.game.decks
        n_t = len(r.T)
        deck = tuple(root.piles[r.waste]) + tuple(reversed(root.piles[r.stock]))
        # onto[b]: the cards that may go on card b.
        onto = [[a for a in range(52) if RANK[a] + 1 == RANK[b] and RED[a] != RED[b]]
                for b in range(52)]
        chain_for, put, safe = _foundations(decks)
        close = _closer(n_t, deck, chain_for, put, safe)
        first: list[Step] = []
        tab0 = [tuple(root.piles[t]) for t in r.T]
        p0 = len(root.piles[r.waste])
        found0, gone0 = close(tab0, _heights(r, root), 0, p0, first)
        self.n_t, self.deck, self.n_deck, self.onto = n_t, deck, len(deck), onto
        self.close, self.safe = close, safe
        self.children = _mover(deck, onto, chain_for, put, True)
        # The moves that turn no card: all the beam looks at (a beam turns a level at a time).
        self.plays = _mover(deck, onto, chain_for, put, False)
        self.won = _winner(r.game.cards, len(deck), onto)
        # The steps into the start (its safe moves) and the start.
        self.first = first
        self.start: Position = (tuple(tab0), found0, gone0, p0)
        # What ``_score`` worked out before: the cards out of order in a pile, by the pile;
        # the waste's terms by the places played, for one pointer.
        self._disorder: dict[tuple[int, ...], int] = {}
        self._waste: dict[int, int] = {}
        self._waste_p = -1

    def quiet(self, step: Step, child: Position) -> bool:
        """Tell whether ``child``, a move ``step`` from a position with no safe move left,
        has none either: a move that puts no card up leaves the foundations as they were, so
        only a card it uncovers or moves could have become safe (``close`` would find no
        other)."""
        kind, a, b = step
        if kind == UP or b == TO_FOUNDATION:
            return False
        tab, found, gone, p = child
        safe = self.safe
        if safe(found, tab[b][-1]):
            return False
        if kind == RUN:
            left = tab[a]
            return not (left and safe(found, left[-1]))
        w = _top(gone, p)
        return w < 0 or not safe(found, self.deck[w])

    def disorder(self, tab: tuple[tuple[int, ...], ...]) -> int:
        """Count the tableau's cards not built on the card under them."""
        known, onto = self._disorder, self.onto
        n = 0
        for pile in tab:
            d = known.get(pile)
            if d is None:
                d = 0
                for i in range(1, len(pile)):
                    if pile[i] not in onto[pile[i - 1]]:
                        d += 1
                if len(known) >= _REMEMBERED:
                    known.clear()
                known[pile] = d
            n += d
        return n

    def waste_term(self, gone: int, p: int) -> int:
        """The score's terms for the waste: -5 a card on a lower card of its suit
        (``buried``), -3 a card."""
        if p != self._waste_p:
            self._waste.clear()
            self._waste_p = p
        got = self._waste.get(gone)
        if got is None:
            deck = self.deck
            waste = [deck[i] for i in range(p) if not gone >> i & 1]
            got = -5 * buried(waste) - 3 * len(waste)
            self._waste[gone] = got
        return got


# The most piles whose disorder ``_Play`` remembers (then it forgets them all and starts over).
_REMEMBERED = 1 << 16


def _heights(r: Rules, root: State) -> tuple[int, ...]:
    """Return the foundations' heights at ``root``: per suit, highest first."""
    decks = r.game.decks
    heights = [0] * (4 * decks)
    for suit in range(4):
        tops = sorted((len(root.piles[f]) for f in r.F
                       if root.piles[f] and SUIT[root.piles[f][0]] == suit), reverse=True)
        for i, h in enumerate(tops[:decks]):
            heights[suit * decks + i] = h
    return tuple(heights)


# Foundations: the pile that takes a card (or -1), the foundations with one pile raised,
# whether a card goes up safely.
Chain = Callable[[tuple[int, ...], int], int]
Put = Callable[[tuple[int, ...], int], tuple[int, ...]]
Safe = Callable[[tuple[int, ...], int], bool]


def _foundations(decks: int) -> tuple[Chain, Put, Safe]:
    """Return the foundations' functions for ``decks`` decks: ``chain_for``, ``put``,
    ``safe``. Each suit's piles stand highest first (``put`` keeps them so), so a suit's
    lowest pile is its last: the functions look it up rather than take a ``min``."""
    # Per card: the rank below it, the suit's first and lowest pile, and the lowest piles of
    # the two suits of the other colour.
    need = [RANK[c] - 1 for c in range(52)]
    first = [SUIT[c] * decks for c in range(52)]
    lowest = [SUIT[c] * decks + decks - 1 for c in range(52)]
    others = [(1, 2) if not RED[c] else (0, 3) for c in range(52)]
    low_a = [others[c][0] * decks + decks - 1 for c in range(52)]
    low_b = [others[c][1] * decks + decks - 1 for c in range(52)]

    def chain_for(found: tuple[int, ...], c: int) -> int:
        """Return the foundation (index into ``found``) that takes card ``c``, or -1."""
        want = need[c]
        i = first[c]
        end = i + decks
        while i < end:
            if found[i] == want:
                return i
            i += 1
        return -1

    def put(found: tuple[int, ...], i: int) -> tuple[int, ...]:
        """Return the foundations with pile ``i`` one higher, each suit's kept in order."""
        f = list(found)
        f[i] += 1
        base = i - i % decks
        while i > base and f[i - 1] < f[i]:
            f[i - 1], f[i] = f[i], f[i - 1]
            i -= 1
        return tuple(f)

    def safe(found: tuple[int, ...], c: int) -> bool:
        """Tell whether ``c`` may go up and could never be wanted in the tableau (every card
        of the next rank down of the other colour is up, in both decks) nor its twin left
        without a place (every pile of its suit stands at the rank below or higher)."""
        below = need[c]
        # A pile takes it (one stands at rk - 1) and none is lower: the lowest stands there.
        if found[lowest[c]] != below:
            return False
        return below <= 1 or (found[low_a[c]] >= below and found[low_b[c]] >= below)

    return chain_for, put, safe


def _top(gone: int, p: int) -> int:
    """Return the deck place of the waste's top card, or -1 when the waste is empty: the
    highest place below the pointer not played."""
    return (~gone & ((1 << p) - 1)).bit_length() - 1


# Safe moves played on a position: the tableau (changed in place), the foundations, the deck
# places played, the pointer, the steps (extended); it returns the foundations and places.
Close = Callable[[list[tuple[int, ...]], tuple[int, ...], int, int, list[Step]],
                 tuple[tuple[int, ...], int]]


def _closer(n_t: int, deck: tuple[int, ...], chain_for: Chain, put: Put, safe: Safe) -> Close:
    """Return ``close``, which plays safe moves until there are none."""

    def close(tab: list[tuple[int, ...]], found: tuple[int, ...], gone: int, p: int,
              steps: list[Step]) -> tuple[tuple[int, ...], int]:
        """Play safe moves until there are none (``tab`` changed in place, ``steps``
        extended); return the foundations and the deck places played."""
        again = True
        while again:
            again = False
            for t in range(n_t):
                pile = tab[t]
                if pile and safe(found, pile[-1]):
                    found = put(found, chain_for(found, pile[-1]))
                    tab[t] = pile[:-1]
                    steps.append((UP, t, -1))
                    again = True
            w = _top(gone, p)
            if w >= 0 and safe(found, deck[w]):
                found = put(found, chain_for(found, deck[w]))
                gone |= 1 << w
                steps.append((DECK, w, TO_FOUNDATION))
                again = True
        return found, gone

    return close


# A move of a position (before safe moves): its order, its step, the position it leads to.
Child = tuple[int, Step, Position]


def _mover(deck: tuple[int, ...], onto: list[list[int]], chain_for: Chain,
           put: Put, turns: bool) -> Callable[[Position], list[Child]]:
    """Return ``children``, which gives the moves of a position, in the order to try them:
    with ``turns``, the plays of every stock card after the turns that bring it up too."""
    n_deck = len(deck)
    # parents[c]: the two cards ``c`` may go on (-1 twice for a King).
    parents = [(*(b for b in range(52) if c in onto[b]), -1, -1)[:2] for c in range(52)]
    # Per foundations met: the foundation that takes each card a foundation takes (as
    # ``chain_for`` has it: the first pile of the suit at the rank below).
    taking: dict[tuple[int, ...], dict[int, int]] = {}

    def takes(found: tuple[int, ...]) -> dict[int, int]:
        """Return the cards the foundations ``found`` take, each with its foundation."""
        got = taking.get(found)
        if got is None:
            decks = len(found) // 4
            got = {}
            for i in range(len(found) - 1, -1, -1):
                if found[i] < 13:
                    got[4 * found[i] + i // decks] = i
            if len(taking) >= _REMEMBERED:
                taking.clear()
            taking[found] = got
        return got

    def children(pos: Position) -> list[Child]:
        """Return the moves of a position (before safe moves): order, step, position."""
        tab, found, gone, p = pos
        up = takes(found)
        # The moves by their order (0 first), each kept in the order made: a stable sort.
        ups: list[Child] = []
        plays: list[Child] = []
        builds: list[Child] = []
        spaces: list[Child] = []
        # where[c]: the piles whose top card is c; empty: the first empty pile (-1: none).
        where: dict[int, list[int]] = {}
        empty = -1
        for t, pile in enumerate(tab):
            if pile:
                c = pile[-1]
                if c in where:
                    where[c].append(t)
                else:
                    where[c] = [t]
            elif empty < 0:
                empty = t

        for t, pile in enumerate(tab):
            if not pile:
                continue
            c = pile[-1]
            lifted = pile[:-1]
            if c in up:
                rest = list(tab)
                rest[t] = lifted
                ups.append((0, (UP, t, -1), (tuple(rest), put(found, up[c]), gone, p)))
            x, y = parents[c]
            ds = where.get(x)
            more = where.get(y)
            if more:
                ds = sorted(ds + more) if ds else more
            for d in ds or ():
                rest = list(tab)
                rest[t] = lifted
                rest[d] = tab[d] + (c,)
                builds.append((3, (RUN, t, d), (tuple(rest), found, gone, p)))
            if empty >= 0 and lifted:
                rest = list(tab)
                rest[t] = lifted
                rest[empty] = (c,)
                spaces.append((6, (RUN, t, empty), (tuple(rest), found, gone, p)))
        w = (~gone & ((1 << p) - 1)).bit_length() - 1      # _top(gone, p)
        if w >= 0:
            c = deck[w]
            after = gone | 1 << w
            if c in up:
                plays.append((1, (DECK, w, TO_FOUNDATION), (tab, put(found, up[c]), after, p)))
            x, y = parents[c]
            ds = where.get(x)
            more = where.get(y)
            if more:
                ds = sorted(ds + more) if ds else more
            for d in ds or ():
                rest = list(tab)
                rest[d] = tab[d] + (c,)
                builds.append((3, (DECK, w, d), (tuple(rest), found, after, p)))
            if empty >= 0:
                rest = list(tab)
                rest[empty] = (c,)
                spaces.append((6, (DECK, w, empty), (tuple(rest), found, after, p)))
        if not turns:
            return ups + plays + builds + spaces
        # The plays of every stock card after the turns that bring it up (orders 2, 5, 7).
        later_up: list[Child] = []
        later_builds: list[Child] = []
        later_spaces: list[Child] = []
        for q in range(p, n_deck):
            c = deck[q]
            after = gone | 1 << q
            if c in up:
                later_up.append((2, (DECK, q, TO_FOUNDATION),
                                 (tab, put(found, up[c]), after, q + 1)))
            x, y = parents[c]
            ds = where.get(x)
            more = where.get(y)
            if more:
                ds = sorted(ds + more) if ds else more
            for d in ds or ():
                rest = list(tab)
                rest[d] = tab[d] + (c,)
                later_builds.append((5, (DECK, q, d), (tuple(rest), found, after, q + 1)))
            if empty >= 0:
                rest = list(tab)
                rest[empty] = (c,)
                later_spaces.append((7, (DECK, q, empty), (tuple(rest), found, after, q + 1)))
        return ups + plays + later_up + builds + later_builds + spaces + later_spaces

    return children


def _winner(total: int, n_deck: int, onto: list[list[int]]) -> Callable[[Position], bool]:
    """Return ``won``, which tells a position won for certain."""

    def won(pos: Position) -> bool:
        """Tell whether the game is won for certain: the stock and the waste played out and
        every pile built down in alternating colours (the lowest card left can then always
        go up, and so on)."""
        tab, found, gone, _ = pos
        if sum(found) == total:
            return True
        if gone != (1 << n_deck) - 1:
            return False
        for pile in tab:
            for i in range(1, len(pile)):
                if pile[i] not in onto[pile[i - 1]]:
                    return False
        return True

    return won


class _Walk(drive.ByValue[Position, Child, Step]):
    """The exact search's game for ``drive.depth_first``: a move is a child of ``_mover``,
    played with the safe moves after it; a position is met where its key was met with the
    pointer no further on (``merge``), else where it was met as it stands."""

    def __init__(self, play: _Play, merge: bool) -> None:
        self.play, self.merge, self.now = play, merge, play.start
        self.close, self.moves, self.is_won = play.close, play.children, play.won
        # Met keys, with the least pointer met.
        self.best: dict[object, int] = {}
        self.unmet = play.n_deck + 1

    def fresh(self, pos: Position) -> bool:
        """Tell whether no position met reaches ``pos`` by turning the stock; remember it."""
        tab, _, gone, p = pos
        k = (tuple(sorted(tab)), gone) if self.merge else (tuple(sorted(tab)), gone, p)
        if self.best.get(k, self.unmet) <= p:
            return False
        self.best[k] = p
        return True

    def start(self) -> list[tuple[Position, list[Step]]]:
        """Remember the start; its records are the safe moves into it."""
        self.fresh(self.now)
        return [(self.now, self.play.first)]

    def step(self, plan: Child) -> tuple[Position, list[Step]] | None:
        """Play a child and the safe moves after it, unless the position was met."""
        _, step, child = plan
        steps = [step]
        if not self.play.quiet(step, child):
            tab, found, gone, p = child
            rest = list(tab)
            found, gone = self.close(rest, found, gone, p, steps)
            child = (tuple(rest), found, gone, p)
        return (child, steps) if self.fresh(child) else None

    def children(self) -> list[Child]:
        """Return the moves of the position, in the order to try them."""
        return self.moves(self.now)

    def won(self) -> bool:
        """Tell whether the position is won for certain."""
        return self.is_won(self.now)


def search(r: Rules, root: State, budget: int, every: int = 0,
           merge: bool = True) -> Generator[int, None, Outcome]:
    """Search ``root`` depth first (``drive.depth_first``); return the verdict, the winning
    moves and the nodes.

    A generator like ``search.best_first``: it yields the nodes expanded so far every
    ``every`` nodes (never when ``every`` is 0) and returns the outcome. ``fits(r)`` must
    hold. ``merge`` drops a position whose key was met with the pointer no further on;
    without it a position is dropped only when met exactly as it stands (the tests compare
    the two).
    """
    play = _Play(r, root)
    verdict, path, nodes = yield from drive.depth_first(_Walk(play, merge), budget, every)
    if verdict != "solved":
        return verdict, [], nodes
    return verdict, _replay(r, root, play.deck, drive.steps_of(path)), nodes


def beam(r: Rules, root: State, budget: int, width: int, every: int = 0,
         seed: int | None = None, reach: list[int] | None = None,
         score: Score | None = None) -> Generator[int, None, Outcome]:
    """Look for a win stock card by stock card (``drive.beam``), keeping the ``width`` best
    positions; return ``solved`` with the moves, or ``unknown`` (it proves nothing).

    From each kept position the beam reaches every position it can without turning
    (tableau moves, plays of the waste's top card, safe moves after each), at most
    ``40 * width`` of them a level (by ``_Play``'s key, each once); the ``width`` best of
    those, by ``_score``, then turn the next card. Positions of equal score keep the order
    they were reached in; with a ``seed`` their order is shuffled by it instead (a restart
    that keeps other positions: cheap diversity). ``reach[0]``, if given, is raised to the
    most cards up in a position the beam rated. ``score`` rates positions in place of
    ``_score`` (``lookahead.score``).
    """
    play = _Play(r, root)
    verdict, steps, nodes = yield from drive.beam(
        _Beam(play, seed, reach, score or _score), play.start, tuple(play.first), budget,
        width, 40, every)
    return verdict, _replay(r, root, play.deck, steps) if verdict == "solved" else [], nodes


class DeckBeam:
    """What a beam's game (``drive.Beamed``) on this search's positions has whatever its
    tableau builds (``forty.py``'s too): the key, the end of the stock, the seed and the
    noise it shuffles ties with."""

    def __init__(self, n_deck: int, seed: int | None) -> None:
        self.n_deck, self.seed = n_deck, seed
        self.noise = random.Random(seed)

    def key(self, pos: Position) -> object:
        """The tableau, blind to the order of its piles, and the deck places played."""
        return tuple(sorted(pos[0])), pos[2]

    def out(self, pos: Position) -> bool:
        """The pointer past the deck."""
        return pos[3] >= self.n_deck


class _Beam(DeckBeam):
    """The beam's game (``drive.Beamed``) on ``_Play``'s positions."""

    def __init__(self, play: _Play, seed: int | None, reach: list[int] | None,
                 score: Score) -> None:
        super().__init__(play.n_deck, seed)
        self.play, self.reach, self.score = play, reach, score

    def expand(self, pos: Position) -> list[tuple[tuple[Step, ...], Position]]:
        """The children that turn no card, safe moves played after each."""
        close, quiet = self.play.close, self.play.quiet
        p = pos[3]
        out: list[tuple[tuple[Step, ...], Position]] = []
        for _, step, child in self.play.plays(pos):
            if quiet(step, child):
                out.append(((step,), child))
                continue
            tab, found, gone, _ = child
            rest = list(tab)
            steps = [step]
            found, gone = close(rest, found, gone, p, steps)
            out.append((tuple(steps), (tuple(rest), found, gone, p)))
        return out

    def finish(self, pos: Position) -> tuple[Step, ...] | None:
        """No step where the position is won for certain (``_replay`` finishes it)."""
        return () if self.play.won(pos) else None

    def turn(self, pos: Position) -> tuple[tuple[Step, ...], Position]:
        """The next card turned (no step: ``_replay`` turns as a play needs), safe moves
        played after it."""
        tab, found, gone, p = pos
        rest = list(tab)
        steps: list[Step] = []
        found, gone = self.play.close(rest, found, gone, p + 1, steps)
        return tuple(steps), (tuple(rest), found, gone, p + 1)

    def order(self, level: list[Position]) -> list[int]:
        """Best ``_score`` first; ties in the order reached, or shuffled by the seed."""
        if self.reach is not None:
            self.reach[0] = max([self.reach[0], *(sum(pos[1]) for pos in level)])
        places = list(range(len(level)))
        if self.seed is not None:
            self.noise.shuffle(places)
        score = self.score
        places.sort(key=lambda j: -score(self.play, level[j]))
        return places


# A beam's rating of a position: higher is better.
Score = Callable[["_Play", Position], int]


def _score(play: _Play, pos: Position) -> int:
    """Rate a position for the beam: cards up, less cards out of order in the tableau
    (not built on the card under them), waste cards lying on a lower card of their suit
    in the waste, and waste cards; plus empty piles. (Weights from a few deals.)"""
    tab, found, gone, p = pos
    return (10 * sum(found) - 3 * play.disorder(tab) + play.waste_term(gone, p)
            + 2 * tab.count(()))


def _first(child: tuple[int, Step, Position]) -> int:
    return child[0]


def _replay(r: Rules, root: State, deck: tuple[int, ...], steps: list[Step]) -> list[Move]:
    """Turn the search's steps into engine moves from ``root``, then finish the game."""
    names, T, F = r.names, r.T, r.F
    line = drive.Replay(r, root)
    play = line.play
    # Deck places turned so far: the pointer.
    p = len(root.piles[r.waste])

    def foundation_for(card: int) -> str:
        return next(names[f] for f in F if r.foundation_accepts(line.s.piles[f], card))

    for kind, a, b in steps:
        if kind == UP:
            play(Move(names[T[a]], foundation_for(line.s.piles[T[a]][-1])))
        elif kind == RUN:
            play(Move(names[T[a]], names[T[b]]))
        else:
            while p <= a:
                play(Move("stock", "waste"))
                p += 1
            card = deck[a]
            play(Move("waste", foundation_for(card) if b == TO_FOUNDATION else names[T[b]]))
    return finished(r, line.s, line.moves)
