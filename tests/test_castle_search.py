"""The depth-first search for open games played one card at a time (``solver/castle.py``)."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Rules, State
from patience.auto import safe_moves
from patience.solver import castle, solve
from patience.solver.search import drain, forced

from helpers import replays, setup


def dfs(r: Rules, s: State, budget: int, prune: bool = True,
        eager: bool = True) -> tuple[str, list[patience.Move], int]:
    return drain(castle.dfs(r, s, budget, prune=prune, eager=eager))


def walked(rng: random.Random, deal: int) -> tuple[Rules, State]:
    """Streets and Alleys deal ``deal`` after 5 to 30 random moves."""
    r = patience.rules("streets_and_alleys")
    s = r.deal(deal)
    for _ in range(rng.randint(5, 30)):
        moves = r.legal_moves(s)
        if not moves:
            break
        s = r.play(s, rng.choice(moves))
    return r, s


def closed_positions(r: Rules, s: State, limit: int) -> int | None:
    """Count the positions with no safe move left reachable from ``s`` (``None``: a win, or
    more than ``limit``): what the search expands when nothing is pruned."""
    s, _ = forced(r, s)
    seen = {r.key(s)}
    stack = [s]
    count = 0
    while stack:
        x = stack.pop()
        if r.is_won(x):
            return None
        count += 1
        if count > limit:
            return None
        for m in r.legal_moves(x):
            c = r.apply(x, m)
            k = r.key(c)
            if k in seen:
                continue
            seen.add(k)
            c, extra = forced(r, c)
            if extra:
                k = r.key(c)
                if k in seen:
                    continue
                seen.add(k)
            stack.append(c)
    return count


def test_it_fits_streets_and_alleys_only() -> None:
    r = patience.rules("streets_and_alleys")
    assert castle.fits(r, r.deal(1))
    for game in ("yukon", "freecell", "klondike", "bakers_dozen"):
        g = patience.rules(game)
        assert not castle.fits(g, g.deal(1))


@pytest.mark.parametrize("deal", [7, 15, 17, 19, 24, 25, 36, 39])
def test_a_lost_deal_runs_dry_after_exactly_the_positions_apart(deal: int) -> None:
    """Without the dead-end test and the wider safe moves, a lost deal runs dry after
    exactly the positions that ``Rules.key`` tells apart after the safe moves (a plain
    count): the Zobrist key merges no two that differ, the moves left out lead nowhere new.
    With them, sooner."""
    r = patience.rules("streets_and_alleys")
    s = r.deal(deal)
    plain = dfs(r, s, 100_000, prune=False, eager=False)
    assert plain[0] == "unwinnable"
    assert plain[2] == closed_positions(r, s, 100_000)
    pruned = dfs(r, s, 100_000)
    assert pruned[0] == "unwinnable" and pruned[2] < plain[2]


@pytest.mark.parametrize(("seed", "prune", "eager"),
                         [(1, True, False), (2, True, False), (3, False, True),
                          (4, False, True), (5, True, True)])
def test_the_dead_end_test_and_the_wider_safe_moves_change_no_verdict(
        seed: int, prune: bool, eager: bool) -> None:
    """On positions of random play from deals 1-40, the search with the dead-end test, the
    wider safe moves or both gives the verdict of the search with neither (which expands
    what the general search does, above), and its wins replay."""
    rng = random.Random(seed)
    verdicts = set()
    for deal in range(1, 41):
        r, s = walked(rng, deal)
        plain = dfs(r, s, 20_000, prune=False, eager=False)
        if plain[0] == "unknown":
            continue
        pruned = dfs(r, s, 20_000, prune=prune, eager=eager)
        assert pruned[0] == plain[0], patience.format_position(r, s)
        if plain[0] == "solved":
            assert replays(r, s, plain[1]) and replays(r, s, pruned[1])
        verdicts.add(plain[0])
    assert verdicts == {"solved", "unwinnable"}


def test_a_card_goes_up_once_every_card_two_ranks_lower_is_up() -> None:
    """The five of hearts may go up with every three up and a four still out: no card but
    a four goes on it, and a four can go up at once. The engine's rule waits for the fours;
    the search plays it."""
    r, s = setup("streets_and_alleys", {
        "f1": "AC 2C 3C 4C", "f2": "AD 2D 3D", "f3": "AH 2H 3H 4H", "f4": "AS 2S 3S 4S",
        "t1": "4D 5H"}, filler="t2")
    assert castle.fits(r, s)
    assert safe_moves(r, s) == []
    verdict, moves, nodes = dfs(r, s, 1_000)
    assert verdict == "solved" and nodes == 0 and replays(r, s, moves)


@pytest.mark.parametrize("deal", [21, 29, 30, 32])
def test_deals_solve_and_replay(deal: int) -> None:
    r = patience.rules("streets_and_alleys")
    s = r.deal(deal)
    verdict, moves, _ = dfs(r, s, 40_000)
    assert verdict == "solved" and replays(r, s, moves)


def test_lost_deals_are_proven() -> None:
    r = patience.rules("streets_and_alleys")
    assert dfs(r, r.deal(7), 40_000)[0] == "unwinnable"
    assert solve(r, r.deal(12), budget=40_000).verdict == "unwinnable"
