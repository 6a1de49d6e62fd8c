"""The depth-first search for open games played one card at a time (``solver/castle.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

import patience
from patience import Rules, State
from patience.auto import safe_moves
from patience.solver import castle, restart, solve
from patience.solver.result import Outcome
from patience.solver.search import drain, forced
from patience.vocab import IN_SUIT

from helpers import random_moves, replays, restarted, setup


def dfs(r: Rules, s: State, budget: int, prune: bool = True,
        eager: bool = True) -> tuple[str, list[patience.Move], int]:
    return drain(castle.dfs(r, s, budget, prune=prune, eager=eager))


def walked(rng: random.Random, deal: int,
           game: str = "streets_and_alleys") -> tuple[Rules, State]:
    """Deal ``deal`` of ``game`` (Streets and Alleys) after 5 to 30 random moves."""
    r = patience.rules(game)
    return r, random_moves(rng, r, r.deal(deal), 5, 30)


def decided_walks(seed: int, walk: Callable[[random.Random, int], tuple[Rules, State]] = walked,
                  ) -> Iterator[tuple[Rules, State, Outcome]]:
    """Deals 1-40 after random moves (``walk``, from ``seed``), each with what the plain
    search (no dead-end test, no wider safe moves) says in 20,000 positions; those it
    leaves unknown are left out."""
    rng = random.Random(seed)
    for deal in range(1, 41):
        r, s = walk(rng, deal)
        plain = dfs(r, s, 20_000, prune=False, eager=False)
        if plain[0] != "unknown":
            yield r, s, plain


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


def test_it_fits_streets_and_alleys_and_bakers_dozen_only() -> None:
    r = patience.rules("streets_and_alleys")
    assert castle.fits(r, r.deal(1))
    bakers = patience.rules("bakers_dozen")
    assert castle.fits(bakers, bakers.deal(1))
    for game in ("yukon", "freecell", "klondike", "eight_off"):
        g = patience.rules(game)
        assert not castle.fits(g, g.deal(1))
    # A game of its shape that builds in suit is not one it was written for.
    in_suit = replace(r.game, id="in_suit", build=IN_SUIT)
    s = patience.Rules(in_suit)
    assert not castle.fits(s, s.deal(1))


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
    verdicts = set()
    for r, s, plain in decided_walks(seed):
        pruned = dfs(r, s, 20_000, prune=prune, eager=eager)
        assert pruned[0] == plain[0], patience.format_position(r, s)
        if plain[0] == "solved":
            assert replays(r, s, plain[1]) and replays(r, s, pruned[1])
        verdicts.add(plain[0])
    assert verdicts == {"solved", "unwinnable"}


def bakers_walked(rng: random.Random, deal: int) -> tuple[Rules, State]:
    """Baker's Dozen deal ``deal`` after 20 to 120 random moves, most of them up where one
    goes up (so that some positions are near a win, most lost)."""
    r = patience.rules("bakers_dozen")
    s = r.deal(deal)
    up = {r.names[f] for f in r.F}
    for _ in range(rng.randint(20, 120)):
        moves = r.legal_moves(s)
        if not moves:
            break
        ups = [m for m in moves if m.dst in up]
        s = r.play(s, rng.choice(ups if ups and rng.random() < 0.7 else moves))
    return r, s


def test_bakers_dozen_s_empty_piles_change_no_verdict() -> None:
    """Baker's Dozen's piles stay empty: the search offers no move into one and its dead-end
    test counts no space ever. On positions of random play from deals 1-40, with the
    dead-end test and the wider safe moves it gives the verdict of the search with neither
    (which expands what the general search does), and its wins replay."""
    verdicts = []
    for r, s, plain in decided_walks(1, bakers_walked):
        pruned = dfs(r, s, 20_000)
        assert pruned[0] == plain[0], patience.format_position(r, s)
        assert pruned[2] <= plain[2]
        if plain[0] == "solved":
            assert replays(r, s, plain[1]) and replays(r, s, pruned[1])
        verdicts.append(plain[0])
    assert verdicts.count("solved") >= 3 and verdicts.count("unwinnable") >= 20


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


def test_luby_sequence_and_restarts() -> None:
    assert [restart.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2,
                                                      4, 8]
    plan = restart.restarts(10_500, unit=1_000)
    assert [share for _, share in plan] == [1_000, 1_000, 2_000, 1_000, 1_000, 2_000, 2_500]
    assert [seed for seed, _ in plan] == list(range(1, 8))
    assert restart.restarts(0) == []


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_shuffled_order_changes_no_verdict(seed: int) -> None:
    """On positions of random play from deals 1-40, the search with its moves shuffled by a
    seed never contradicts the plain search (which expands what the general search does):
    a lost position runs dry after exactly the positions of the search in its own order
    (the order decides which come first, not which are expanded); a won one is won, or
    left unknown where the shuffled order finds no win within the budget."""
    verdicts = []
    for r, s, plain in decided_walks(seed):
        for k in range(3):
            shuffled = drain(castle.dfs(r, s, 20_000, seed=seed * 100 + k))
            if plain[0] == "unwinnable":
                assert shuffled[0] == "unwinnable", patience.format_position(r, s)
                assert shuffled[2] == dfs(r, s, 20_000)[2]
            else:
                assert shuffled[0] in ("solved", "unknown"), patience.format_position(r, s)
                if shuffled[0] == "solved":
                    assert replays(r, s, shuffled[1])
            verdicts.append(shuffled[0])
    assert {"solved", "unwinnable"} <= set(verdicts)


def test_a_shuffled_search_is_the_same_every_time() -> None:
    r = patience.rules("streets_and_alleys")
    s = r.deal(6)
    first = drain(castle.dfs(r, s, 5_000, seed=7))
    assert drain(castle.dfs(r, s, 5_000, seed=7)) == first


@pytest.mark.parametrize("deal", [81, 137])
def test_restarts_win_deals_the_search_in_its_own_order_does_not(deal: int) -> None:
    """Deals the search in its own order left unknown at 300,000 positions; the solver's
    restarts win them, and the win replays."""
    r = patience.rules("streets_and_alleys")
    s = r.deal(deal)
    assert dfs(r, s, 60_000)[0] == "unknown"
    assert solve(r, s, budget=100_000).verdict == "unknown"
    result = solve(r, s, budget=120_000)
    assert result.verdict == "solved" and replays(r, s, result.moves)


def test_the_solver_s_passes_change_no_verdict() -> None:
    """On positions of random play from deals 1-40, the solver's passes (best-first, the
    search in its own order, then restarts) give the verdict of the plain search."""
    rng = random.Random(3)
    verdicts = set()
    for deal in range(1, 41):
        r, s = walked(rng, deal)
        plain = dfs(r, s, 20_000, prune=False, eager=False)
        if plain[0] == "unknown":
            continue
        result = solve(r, s, budget=110_000)
        assert result.verdict == plain[0], patience.format_position(r, s)
        if plain[0] == "solved":
            assert replays(r, s, result.moves)
        verdicts.add(plain[0])
    assert verdicts == {"solved", "unwinnable"}


@pytest.mark.parametrize(("seed", "unit"), [(1, 20), (2, 50), (3, 200)])
def test_restarts_sharing_their_proofs_never_contradict_the_plain_search(
        seed: int, unit: int) -> None:
    """On positions of random play from deals 1-40, restarts far too short to decide alone
    (``unit`` positions times Luby's sequence), sharing the positions they prove lost
    (``proofs.Sharing``), give the plain search's verdict: a won position is never called
    lost (and its win replays), and a lost one is proven by the restarts together in fewer
    positions than they would need apart."""
    verdicts = set()
    for r, s, plain in decided_walks(seed):
        verdict, moves, _ = restarted(castle.dfs, r, s, 200_000, unit, seed, set())
        assert verdict == plain[0], patience.format_position(r, s)
        if verdict == "solved":
            assert replays(r, s, moves)
        verdicts.add(verdict)
    assert verdicts == {"solved", "unwinnable"}


def test_restarts_sharing_their_proofs_prove_a_loss_sooner() -> None:
    """Deal 12 is lost; Luby's restarts of 1,000 positions apart prove it after 77,891
    positions (a restart long enough to run dry), sharing their proofs after 15,271."""
    r = patience.rules("streets_and_alleys")
    s = r.deal(12)
    for proven, total in ((None, 77_891), (set[int](), 15_271)):
        verdict, _, used = restarted(castle.dfs, r, s, 200_000, proven=proven)
        assert (verdict, used) == ("unwinnable", total)
