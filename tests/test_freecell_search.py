"""FreeCell's own search (solver/freecell.py): its wins replay, its moves are the engine's,
and it calls a position unwinnable only when it has seen all of it."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Rules, State
from patience.cards import card_str
from patience.solver import freecell, solve
from patience.solver.search import drain

from helpers import plain_search, random_moves, setup, stepped


def children(r: Rules, s: State, moves: list[patience.Move]) -> set[tuple[object, ...]]:
    """Return the keys of the positions the moves lead to, the position itself left out."""
    return {r.key(r.apply(s, m)) for m in moves} - {r.key(s)}


def test_fits_freecell_only() -> None:
    r = patience.rules("freecell")
    assert freecell.fits(r, r.deal(1))
    for game in ("klondike", "streets_and_alleys", "bakers_dozen", "yukon", "spider"):
        other = patience.rules(game)
        assert not freecell.fits(other, other.deal(1))


# 1464: the one deal of 1001-2000 the passes before the move-costed one did not win within
# 200,000 positions (a trap of full cells that every greedy order sinks into).
@pytest.mark.parametrize("deal", [1, 2, 3, 7, 100, 617, 1464, 1941])
def test_pinned_deals_win_and_replay(deal: int) -> None:
    r = patience.rules("freecell")
    s = r.deal(deal)
    verdict, moves, nodes = drain(freecell.solve_passes(r, s, 200_000))
    assert verdict == "solved" and 0 < nodes <= 200_000
    for m in moves:
        s = r.play(s, m)
    assert r.is_won(s)
    assert solve(r, r.deal(deal), budget=200_000).verdict == "solved"


def random_positions(count: int, seed: int) -> list[tuple[Rules, State]]:
    """Return positions of random play from the first deals."""
    rng = random.Random(seed)
    r = patience.rules("freecell")
    out = []
    for _ in range(count):
        s = r.deal(rng.randint(1, 1000))
        out.append((r, random_moves(rng, r, s, 0, 60)))
    return out


@pytest.mark.parametrize("position", random_positions(40, 3))
def test_moves_reach_what_the_engines_reach(position: tuple[Rules, State]) -> None:
    # Every move the search makes is legal, and it reaches every position the engine's
    # moves reach (up to the order of the columns and of the cells): nothing is lost.
    r, s = position
    legal = set(r.legal_moves(s))
    mine = freecell.moves(r, s)
    assert set(mine) <= legal
    assert children(r, s, mine) == children(r, s, list(legal))


@pytest.mark.parametrize(("cells", "empties", "most"), [
    (0, 0, 1), (1, 0, 2), (4, 0, 5), (0, 1, 2), (2, 1, 6), (4, 1, 10), (2, 2, 12),
    (1, 3, 16)])
def test_a_run_moves_as_far_as_the_cells_and_columns_allow(cells: int, empties: int,
                                                           most: int) -> None:
    # A run of 11, from the Queen of clubs down, onto the King of hearts: at most
    # (1 + free cells) doubled for each empty column; into an empty column, one doubling
    # fewer, and every length up to that.
    piles = {"t1": "KH", "t2": "KS QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C"}
    names = [f"t{i}" for i in range(3, 9)]
    for name, card in zip(names, ["QH", "QD", "JH", "JS", "TH", "TS"][:6 - empties]):
        piles[name] = card
    for name in names[6 - empties:]:
        piles[name] = "-"
    for i, card in enumerate(["9H", "9S", "8H", "8S"]):
        piles[f"c{i + 1}"] = card if i >= cells else "-"
    r, s = setup("freecell", piles, filler="t1")
    moves = freecell.moves(r, s)
    assert set(moves) <= set(r.legal_moves(s))
    assert [m.n for m in moves if (m.src, m.dst) == ("t2", "t1")] == \
        ([11] if most >= 11 else [])
    to_empty = [m.n for m in moves if m.src == "t2" and m.dst in names[6 - empties:]]
    assert to_empty == (list(range(1, min(11, most // 2) + 1)) if empties else [])
    # The engine agrees on the longest run it takes.
    legal = [m.n for m in r.legal_moves(s) if (m.src, m.dst) == ("t2", "t1")]
    assert legal == ([11] if most >= 11 else [])


def small(seed: int) -> tuple[Rules, State]:
    """Return a small position: the clubs and spades from the Five up dealt at random, three
    or four of them into the cells, the rest into the columns; every other card up. Black
    cards never build on each other, so the positions are few enough to see them all."""
    rng = random.Random(seed)
    cards = [k * 4 + suit for k in range(4, 13) for suit in (0, 3)]
    rng.shuffle(cards)
    piles: dict[str, list[int]] = {f"t{i}": [] for i in range(1, 9)}
    for i in range(rng.randint(3, 4)):
        piles[f"c{i + 1}"] = [cards.pop()]
    for i, card in enumerate(cards):
        piles[f"t{1 + (i if i < 8 else rng.randrange(8))}"].append(card)
    text = {name: " ".join(card_str(c) for c in cs) or "-" for name, cs in piles.items()}
    return setup("freecell", text)


@pytest.mark.parametrize("cost", [0, 3])
def test_small_positions_against_an_exhaustive_plain_search(cost: int) -> None:
    # The search says unwinnable exactly where the plain search of every reachable position
    # (no safe moves played, no move left out) finds no win, whatever a move costs.
    verdicts = {"solved": 0, "unwinnable": 0}
    for seed in range(40):
        r, s = small(seed)
        assert freecell.fits(r, s)
        verdict, moves, _ = drain(freecell.search(r, s, 100_000, freecell.FIRST, cost=cost))
        plain = plain_search(r, s, 100_000)
        assert plain is not None
        assert verdict == ("solved" if plain else "unwinnable")
        verdicts[verdict] += 1
        for m in moves:
            s = r.play(s, m)
        assert r.is_won(s) == (verdict == "solved")
    assert verdicts["solved"] and verdicts["unwinnable"]


def test_an_exhausted_position_is_unwinnable() -> None:
    # The ace of spades under its two, one free cell, no space and nothing to build.
    r, s = setup("freecell", {"c1": "JS", "c2": "QS", "c3": "KS", "t1": "AS 3S 2S",
                              "t2": "4S", "t3": "5S", "t4": "6S", "t5": "7S", "t6": "8S",
                              "t7": "9S", "t8": "TS"})
    assert freecell.fits(r, s)
    verdict, _, nodes = drain(freecell.search(r, s, 1_000, freecell.FIRST))
    assert verdict == "unwinnable"
    # Cut one position short of all of them, it proves nothing.
    assert drain(freecell.search(r, s, nodes - 1, freecell.FIRST))[0] == "unknown"
    result = solve(r, s, budget=10_000)
    assert (result.verdict, result.moves) == ("unwinnable", [])


def test_a_search_cut_short_never_says_unwinnable() -> None:
    # Deal 11982 cannot be won; under a budget too small to see all of it, no pass says so.
    r = patience.rules("freecell")
    s = r.deal(11982)
    for budget in (0, 1, 100, 5_000):
        result = solve(r, s, budget=budget)
        assert result.verdict == "unknown"
        assert result.nodes <= budget
    steps = freecell.search(r, s, 2_000, freecell.FIRST, every=500)
    seen, outcome = stepped(steps)
    assert outcome[0] == "unknown"
    assert seen == [500, 1000, 1500, 2000]


def test_yields_count_on_from_the_passes_before() -> None:
    r = patience.rules("freecell")
    steps = freecell.solve_passes(r, r.deal(11982), 400, every=50)
    got, (verdict, _, nodes) = stepped(steps)
    assert verdict == "unknown" and nodes == 400
    # The first pass's 40 positions, the move-costed pass's 80 (its fifty counted on from
    # 40), three restarts of 40, then the last pass's 160: its fifties, counted on from 240.
    assert got == [40 + 50, 240 + 50, 240 + 100, 240 + 150]


@pytest.mark.parametrize("cost", [0, 3])
def test_a_paused_search_goes_on_as_one_search(cost: int) -> None:
    # Run in three parts, the search expands what one run with the whole budget expands.
    r = patience.rules("freecell")
    s = r.deal(336 if cost == 0 else 1464)
    whole = drain(freecell.search(r, s, 30_000, freecell.FIRST, cost=cost))
    paused = freecell.Paused(r, s, freecell.FIRST, cost)
    parts = [drain(paused.run(budget)) for budget in (5_000, 1, 30_000 - 5_001)]
    assert [p[0] for p in parts] == ["unknown", "unknown", whole[0]]
    assert sum(p[2] for p in parts) == whole[2]
    assert parts[-1][1] == whole[1]


@pytest.mark.parametrize(("deal", "cost"), [(336, 0), (336, 3), (1464, 3), (1464, 1)])
def test_a_frontier_score_is_the_score_plus_the_cost_of_the_moves(deal: int,
                                                                  cost: int) -> None:
    # Every score on the frontier, built from its parent's, is what scoring the position
    # afresh gives plus the cost of each move of the search that led to it.
    r = patience.rules("freecell")
    paused = freecell.Paused(r, r.deal(deal), freecell.OTHERS[0], cost)
    assert drain(paused.run(1_000)) == ("unknown", [], 1_000)
    fc = paused.fc
    assert len(paused.frontier) > 100
    for h, _, cols, cells, found, _, parent, _ in paused.frontier:
        fresh = fc.score(list(cols), list(cells), list(found))
        assert h == fresh + cost * (paused.depths[parent] + 1)
    # The moves a position's depth counts are its path's, the safe moves left out.
    assert max(paused.depths) > 10


def test_a_costed_move_changes_the_order_not_the_verdict() -> None:
    # Deal 336 is FIRST's longest of 1-1000 (about 43,000 positions); counting each move at
    # one point leads to a win far sooner, and the win replays.
    r = patience.rules("freecell")
    s = r.deal(336)
    plain = drain(freecell.search(r, s, 20_000, freecell.FIRST))
    costed = drain(freecell.search(r, s, 20_000, freecell.FIRST, cost=1))
    assert plain[0] == "unknown"
    assert costed[0] == "solved" and costed[2] < 1_000
    for m in costed[1]:
        s = r.play(s, m)
    assert r.is_won(s)
