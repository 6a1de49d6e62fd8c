"""The solver's fast move generators against the engine's legal moves, for every game in the
registry (issue 26, point 2).

Positions come from random legal play (``Rules.legal_moves``, ``Rules.apply``) from a few
deals of every variant the registry lists: each game with its default options and with each
choice of each option that changes play, one at a time. On each position:

- ``fold.make_legal`` (the moves of every best-first pass, and of Moving Left's beam) is a
  subset of the engine's legal moves that reaches the same positions (by ``Rules.key``): it
  leaves out only a move whose result the key merges with a kept move's (the same card into
  a second empty cell, foundation or alike pile, or a whole pile into an empty alike one,
  which goes nowhere new), so dropping it loses nothing.
- ``fold.make_expand`` (the children of those passes where a stock turns onto a waste):
  each child is a sequence of legal moves that ends where the child says; its plain moves
  reach what ``make_legal``'s reach less the stock moves; its folded children (stock turns,
  then a play from the waste) reach exactly what the engine reaches by turning the stock
  the same way and playing from the waste at each stop of the chain. The plain stock moves
  are left out on purpose (``fold.py`` says why no win is lost).
- Where ``freecell.fits``: ``freecell.moves`` is a subset of the legal moves that reaches
  the same positions (it offers one of each kind up to the order of empty columns and
  cells, and no safe move after them).
- Where ``spider.fits``: every step of ``spider._children`` is a legal move whose result is
  the piles the step says, with the runs it says completed. It is a subset on purpose (the
  search leaves out moves to find wins sooner and proves nothing lost;
  ``tests/test_spider_search.py`` checks that each move left out is of a kind it names).

- Where ``forty.fits`` (Forty Thieves): each step of ``forty.Forty.children`` is a line of
  legal moves (the stock turned as far as the step's deck place, then one play) that ends
  where ``Forty.play`` says, and the steps reach exactly what the engine's plain moves and
  its folded stock plays reach, less a lone card moved into an empty pile (which goes
  nowhere new).

- Where ``castle.fits`` (Streets and Alleys, Baker's Dozen): each move of
  ``castle.Castle.children`` is a legal move, and they reach what the engine's legal moves
  reach, less a lone card moved into an empty pile and a card into a second empty pile
  (which go nowhere new); where piles stay empty (Baker's Dozen), no move goes into one.

The depth-first searches of Klondike and Yukon (``klondike.dfs``), the Pyramid, All in a Row
and Roosevelt generate moves in closures inside their search functions, which no test can
call; their wins are replayed through the checked API (``solver._check``) and their own test
files compare their verdicts with plain searches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import patience
from patience.game import Move, State
from patience.rules import Rules
from patience.solver import castle, fold, forty, freecell, onepass, spider
from patience.solver.winnable import winnable_key

# Positions a variant: deals, random moves from each, every how many moves one is checked.
DEALS = (1, 2, 1001)
STEPS = 48
EVERY = 3
LEAST = 24


def variants() -> list[Rules]:
    """Every variant of every game in the registry: its defaults, and each choice of each
    option that changes play (``Option.play``), one at a time; one of each winnable key."""
    out: dict[str, Rules] = {}
    for gid, game in patience.GAMES.items():
        choices: list[dict[str, object]] = [{}]
        for o in game.options:
            if o.play:
                choices += [{o.name: c} for c in o.choices if c != o.default]
        for options in choices:
            r = patience.rules(gid, options)
            out.setdefault(winnable_key(r), r)
    return list(out.values())


VARIANTS = variants()


def positions(r: Rules, seed: int) -> Iterator[State]:
    """Positions met in random legal play from a few deals (the deals themselves included),
    at least ``LEAST`` of them: short games (All in a Row) take more deals."""
    rng = random.Random(seed)
    met = 0
    for deal in (*DEALS, *range(1002, 1100)):
        if met >= LEAST and deal not in DEALS:
            return
        s = r.deal(deal)
        for step in range(STEPS):
            if step % EVERY == 0:
                met += 1
                yield s
            legal = r.legal_moves(s)
            if not legal:
                break
            s = r.apply(s, rng.choice(legal))


def reach(r: Rules, s: State, moves: list[Move]) -> set[tuple[object, ...]]:
    """The keys of the positions that the moves lead to, less the position's own (a whole
    pile moved into an empty one where the piles are alike goes nowhere new)."""
    return {r.key(r.apply(s, m)) for m in moves} - {r.key(s)}


def is_stock(m: Move) -> bool:
    return m.src == "stock" or m.dst == "stock"


def test_every_game_and_variant_is_here() -> None:
    assert {r.game.id for r in VARIANTS} == set(patience.GAMES)
    assert {"spider:suits=1", "spider:suits=2", "spider:suits=4"} <= \
        {winnable_key(r) for r in VARIANTS}


@pytest.mark.parametrize("r", VARIANTS, ids=winnable_key)
def test_make_legal_keeps_every_position_the_engine_reaches(r: Rules) -> None:
    legal = fold.make_legal(r)
    for s in positions(r, 26):
        engine = r.legal_moves(s)
        fast = legal(s)
        assert set(fast) <= set(engine)
        assert len(set(fast)) == len(fast)
        assert reach(r, s, fast) == reach(r, s, engine)


def folded_chain(r: Rules, s: State) -> set[tuple[object, ...]]:
    """What the engine reaches by turning the stock as its stock moves go (one way each
    time), playing a card from the waste at each stop, until a stop repeats with no more
    passes left, or the stock cannot move."""
    out: set[tuple[object, ...]] = set()
    seen = {len(s.piles[r.waste])}
    while True:
        turns = [m for m in r.legal_moves(s) if is_stock(m)]
        if not turns:
            return out
        assert len(turns) == 1
        s = r.apply(s, turns[0])
        p = len(s.piles[r.waste])
        if p in seen:
            return out
        seen.add(p)
        out |= reach(r, s, [m for m in r.legal_moves(s)
                            if m.src == "waste" and not is_stock(m)])


@pytest.mark.parametrize("r", VARIANTS, ids=winnable_key)
def test_make_expand_children_are_legal_lines_and_miss_no_play(r: Rules) -> None:
    expand = fold.make_expand(r)
    legal = fold.make_legal(r)
    for s in positions(r, 27):
        children = expand(s)
        plain: set[tuple[object, ...]] = set()
        folded: set[tuple[object, ...]] = set()
        for line, child in children:
            at = s
            for m in line:
                assert m in r.legal_moves(at)
                at = r.apply(at, m)
            # The key, not the whole state: a folded child keeps the score from before the
            # turns (a recycle's penalty is not taken off); the search never reads it.
            assert r.key(at) == r.key(child)
            if fold.folds(r) and (len(line) > 1 or is_stock(line[0])):
                folded.add(r.key(child))
            elif r.key(child) != r.key(s):
                plain.add(r.key(child))
        if fold.folds(r):
            assert plain == reach(r, s, [m for m in legal(s) if not is_stock(m)])
            assert folded == folded_chain(r, s)
        else:
            assert not folded
            assert plain == reach(r, s, legal(s))


FREECELL_LIKE = [r for r in VARIANTS if freecell.fits(r, r.deal(1))]
SPIDER_LIKE = [r for r in VARIANTS if spider.fits(r)]


def test_the_own_generators_have_games() -> None:
    assert [r.game.id for r in FREECELL_LIKE] == ["freecell"]
    assert sorted(winnable_key(r) for r in SPIDER_LIKE) == \
        ["spider:suits=1", "spider:suits=2", "spider:suits=4"]


@pytest.mark.parametrize("r", FREECELL_LIKE, ids=winnable_key)
def test_freecell_moves_keep_every_position_the_engine_reaches(r: Rules) -> None:
    for s in positions(r, 28):
        engine = r.legal_moves(s)
        fast = freecell.moves(r, s)
        assert set(fast) <= set(engine)
        assert reach(r, s, fast) == reach(r, s, engine)


@pytest.mark.parametrize("r", SPIDER_LIKE, ids=winnable_key)
def test_spider_steps_are_legal_moves_played_as_the_engine_plays_them(r: Rules) -> None:
    checked = 0
    for s in positions(r, 29):
        ps = tuple(bytes((s.down[t],)) + bytes(s.piles[t]) for t in r.T)
        tops = [p[-1] if len(p) > 1 else -1 for p in ps]
        engine = r.legal_moves(s)
        for (i, j, n), src, dst, gone in spider._children(ps, tops):
            move = Move(r.names[r.T[i]], r.names[r.T[j]], n)
            assert move in engine
            after = r.apply(s, move)
            assert (bytes((after.down[r.T[i]],)) + bytes(after.piles[r.T[i]]),
                    bytes((after.down[r.T[j]],)) + bytes(after.piles[r.T[j]])) == (src, dst)
            assert gone == sum(1 for f in r.F if after.piles[f]) - \
                sum(1 for f in r.F if s.piles[f])
            checked += 1
    assert checked >= 20


FORTY_LIKE = [r for r in VARIANTS if forty.fits(r)]


def forty_moves(r: Rules, s: State, game: forty.Forty, step: onepass.Step) -> list[Move]:
    """The engine's moves for a step of ``forty.Forty`` from ``s``."""
    kind, a, b = step
    names = r.names
    if kind == onepass.UP:
        card = s.piles[r.T[a]][-1]
        return [Move(names[r.T[a]], next(names[f] for f in r.F
                                          if r.foundation_accepts(s.piles[f], card)))]
    if kind == onepass.RUN:
        return [Move(names[r.T[a]], names[r.T[b]])]
    turns = [Move("stock", "waste")] * max(0, a + 1 - game.p)
    if b == onepass.TO_FOUNDATION:
        card = game.deck[a]
        dst = next(names[f] for f in r.F if r.foundation_accepts(s.piles[f], card))
    else:
        dst = names[r.T[b]]
    return [*turns, Move("waste", dst)]


def test_forty_thieves_has_its_search() -> None:
    assert [r.game.id for r in FORTY_LIKE] == ["forty_thieves"]


@pytest.mark.parametrize("r", FORTY_LIKE, ids=winnable_key)
def test_forty_steps_are_legal_lines_that_miss_no_move(r: Rules) -> None:
    checked = 0
    for s in positions(r, 30):
        game = forty.Forty(r, s)
        start = game.position()
        got: set[tuple[object, ...]] = set()
        for step in game.children():
            game.restore(start)
            after = s
            for m in forty_moves(r, s, game, step):
                after = r.play(after, m)
            game.play(step)
            tab, _, gone, p = game.position()
            assert [tuple(after.piles[t]) for t in r.T] == list(tab)
            assert len(after.piles[r.stock]) == game.n_deck - p
            assert tuple(after.piles[r.waste]) == tuple(game.deck[i] for i in range(p)
                                                        if not gone >> i & 1)
            got.add(r.key(after))
            checked += 1
        game.restore(start)
        plain = [m for m in r.legal_moves(s) if not is_stock(m)
                 and not (m.src in {r.names[t] for t in r.T} and m.dst in
                          {r.names[t] for t in r.T} and not s.piles[r.index[m.dst]]
                          and len(s.piles[r.index[m.src]]) == 1)]
        assert got == reach(r, s, plain) | folded_chain(r, s)
    assert checked >= 100


CASTLE_LIKE = [r for r in VARIANTS if castle.fits(r, r.deal(1))]


def test_the_castle_search_has_its_games() -> None:
    assert sorted(r.game.id for r in CASTLE_LIKE) == ["bakers_dozen", "streets_and_alleys"]


@pytest.mark.parametrize("r", CASTLE_LIKE, ids=winnable_key)
def test_castle_moves_are_legal_and_miss_no_position(r: Rules) -> None:
    names, tableau = r.names, r.T
    checked = 0
    for s in positions(r, 31):
        game = castle.Castle(r, s, True, True, None)
        engine = r.legal_moves(s)
        fast: list[Move] = []
        for _, _, kind, a, b in game.children():
            if kind == castle.MOVE:
                fast.append(Move(names[tableau[a]], names[tableau[b]]))
            else:
                fast.append(next(m for m in engine if m.src == names[tableau[a]]
                                 and r.index[m.dst] in r.F))
        assert set(fast) <= set(engine)
        empties = [t for t in tableau if not s.piles[t]]
        wanted = [m for m in engine
                  if not (r.index[m.dst] in empties and (len(s.piles[r.index[m.src]]) == 1
                                                          or r.index[m.dst] != empties[0]))]
        assert reach(r, s, fast) == reach(r, s, wanted)
        if r.game.id == "bakers_dozen":
            assert not any(r.index[m.dst] in empties for m in fast)
        checked += len(fast)
    assert checked >= 20
