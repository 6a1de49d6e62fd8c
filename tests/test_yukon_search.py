"""Klondike's depth-first search (``solver/klondike.py``) on Yukon: no stock, and any
face-up card lifted with the cards on it, built or not."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import patience
from patience import Rules, State, parse_position
from patience.solver import klondike, solve
from patience.solver.heuristic import WEIGHTS, make_heuristic
from patience.solver.proofs import Sharing
from patience.solver.search import best_first, drain

from helpers import plain_search, random_moves, replays, restarted, suits_up_to


def dfs(r: Rules, s: State, budget: int, prune: bool = True, merge: bool = True,
        seed: int | None = None) -> tuple[str, list[patience.Move], int]:
    return drain(klondike.dfs(r, s, budget, prune=prune, merge=merge, seed=seed))


def small_yukon(rng: random.Random, low: int) -> tuple[Rules, State]:
    """A random Yukon position with a few cards left: each suit up to a random rank from
    ``low`` to the Queen, the rest dealt to the seven piles with some face down, then up to
    30 random moves (so that cards lie on twins, built or not)."""
    r = patience.rules("yukon")
    play, piles, down = suits_up_to(rng, r, low)
    cut = sorted(rng.choices(range(len(play) + 1), k=len(r.T) - 1))
    for t, a, b in zip(r.T, [0, *cut], [*cut, len(play)]):
        piles[t] = tuple(play[a:b])
        down[t] = rng.randint(0, max(0, b - a - 1))
    return r, random_moves(rng, r, State(tuple(piles), tuple(down), 0, 0), 0, 30)


def small_known(seed: int) -> Iterator[tuple[int, Rules, State, bool]]:
    """60 random small positions (``small_yukon``, from ``seed``), numbered, each with
    whether a plain search of every reachable position wins it."""
    rng = random.Random(seed)
    for k in range(60):
        r, s = small_yukon(rng, 5 + k % 3)
        truth = plain_search(r, s, 200_000)
        assert truth is not None
        yield k, r, s, truth


def test_it_fits_yukon() -> None:
    assert klondike.fits(patience.rules("yukon"))
    assert not klondike.fits(patience.rules("streets_and_alleys"))


@pytest.mark.parametrize("deal", [30])
def test_it_exhausts_exactly_the_positions_the_general_search_does(deal: int) -> None:
    """With the dead-end test and merging off, a lost deal runs dry after exactly the
    positions the general search expands: the same moves, keys that tell apart the same
    positions (a card lifted from under its twin, or onto a card of its own pile, is no
    move)."""
    r = patience.rules("yukon")
    s = r.deal(deal)
    verdict, _, nodes = dfs(r, s, 300_000, prune=False, merge=False)
    general = drain(best_first(r, s, 300_000, make_heuristic(r, WEIGHTS)))
    assert verdict == general[0] == "unwinnable"
    assert nodes == general[2]


@pytest.mark.parametrize(("seed", "low"), [(1, 6), (2, 5), (3, 7)])
def test_merging_and_the_dead_end_test_change_no_verdict(seed: int, low: int) -> None:
    """On random small positions, the search with merging, with the dead-end test and with
    both gives the verdict of a plain search of every reachable position, and its wins
    replay."""
    rng = random.Random(seed)
    verdicts = set()
    fewer = 0
    for _ in range(100):
        r, s = small_yukon(rng, low)
        truth = plain_search(r, s, 200_000)
        assert truth is not None
        verdicts.add(truth)
        plain = dfs(r, s, 200_000, prune=False, merge=False)
        for prune, merge in ((False, True), (True, False), (True, True)):
            got = dfs(r, s, 200_000, prune=prune, merge=merge)
            assert (got[0] == "solved") is truth, (prune, merge, patience.format_position(r, s))
            if truth:
                assert replays(r, s, got[1])
            fewer += got[2] < plain[2]
        assert (plain[0] == "solved") is truth
    assert verdicts == {True, False}
    assert fewer >= 30


def test_a_run_on_a_twin_that_takes_the_other_twin_is_not_merged_away() -> None:
    """J♥ K♥ lie on Q♠ (not a build: Yukon lifts any face-up card), Q♣ is free. Moving J♥ K♥
    onto Q♣ lets Q♠ go onto K♥, which frees 6♣ and wins; the position with the two queens'
    runs swapped must not count as one with this one."""
    r, s = parse_position("""yukon
f1: AC 2C 3C 4C 5C
f2: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H TH
f4: AS 2S 3S 4S 5S 6S 7S 8S 9S
t1: 7C
t2: TS JC KS QC
t3: KD | JS QH 6C QS JH KH
t4: 8C
t5: KC
t6: 9C
t7: TC
""")
    assert plain_search(r, s, 100_000) is True
    for prune, merge in ((False, False), (False, True), (True, True)):
        verdict, moves, _ = dfs(r, s, 100_000, prune=prune, merge=merge)
        assert verdict == "solved" and replays(r, s, moves)


@pytest.mark.parametrize("deal", [1, 12, 15])
def test_deals_solve_and_replay(deal: int) -> None:
    r = patience.rules("yukon")
    s = r.deal(deal)
    verdict, moves, _ = dfs(r, s, 40_000)
    assert verdict == "solved" and replays(r, s, moves)


def test_short_best_first_passes_find_a_win_the_depth_first_search_meets_late() -> None:
    """Deal 40: the depth-first search alone wins after about 222,000 positions; the solver
    runs it on 20,000 first, then short best-first passes, one of which wins in under 100."""
    r = patience.rules("yukon")
    s = r.deal(40)
    assert dfs(r, s, 20_000)[0] == "unknown"
    result = solve(r, s, budget=200_000)
    assert result.verdict == "solved" and replays(r, s, result.moves)
    assert result.nodes < 30_000


@pytest.mark.parametrize("seed", [1, 2])
def test_a_shuffled_order_changes_no_verdict(seed: int) -> None:
    """On random small positions, the search with its moves shuffled by a seed gives the
    verdict of a plain search of every reachable position (the order decides which
    positions come first, not which are expanded), and its wins replay."""
    verdicts = set()
    for k, r, s, truth in small_known(seed):
        verdicts.add(truth)
        got = dfs(r, s, 200_000, seed=seed * 1000 + k)
        assert (got[0] == "solved") is truth, patience.format_position(r, s)
        if truth:
            assert replays(r, s, got[1])
    assert verdicts == {True, False}


def test_a_shuffled_search_is_the_same_every_time() -> None:
    r = patience.rules("yukon")
    s = r.deal(5)
    first = dfs(r, s, 5_000, seed=7)
    assert first[0] == "solved"
    assert dfs(r, s, 5_000, seed=7) == first
    # Other seeds, other orders: other wins, after other numbers of positions.
    assert all(dfs(r, s, 5_000, seed=k)[2] != first[2] for k in range(8, 12))


def test_a_restart_wins_a_deal_the_search_in_its_own_order_does_not() -> None:
    """Deal 161: the depth-first search in its own order is still searching at 60,000
    positions (and at 400,000); the solver's third restart (seed 3, 2,000 positions) wins
    it, and the win replays."""
    r = patience.rules("yukon")
    s = r.deal(161)
    assert dfs(r, s, 60_000)[0] == "unknown"
    verdict, moves, _ = dfs(r, s, 2_000, seed=3)
    assert verdict == "solved" and replays(r, s, moves)


@pytest.mark.parametrize(("seed", "unit"), [(1, 10), (2, 40)])
def test_restarts_sharing_their_proofs_give_the_plain_search_s_verdict(
        seed: int, unit: int) -> None:
    """On random small positions, restarts far too short to decide alone (``unit``
    positions times Luby's sequence), sharing the positions they prove lost
    (``proofs.Sharing``), give the verdict of a plain search of every reachable position:
    a won position is never called lost, its win replays, and a lost one is proven."""
    verdicts = set()
    for _, r, s, truth in small_known(seed):
        got = restarted(klondike.dfs, r, s, 400_000, unit, seed, set())
        assert got[0] == ("solved" if truth else "unwinnable"), patience.format_position(r, s)
        if truth:
            assert replays(r, s, got[1])
        verdicts.add(truth)
    assert verdicts == {True, False}


def test_a_fresh_shared_set_changes_nothing_and_fills_as_the_search_goes() -> None:
    """With an empty shared set the search meets the positions ``Klondike`` meets, in the
    same order (the same outcome and nodes); cut off, it leaves the components it closed
    proven."""
    r = patience.rules("yukon")
    for deal, seed in ((5, 7), (18, 2)):
        s = r.deal(deal)
        proven: set[int] = set()
        assert drain(klondike.dfs(r, s, 3_000, seed=seed, proven=proven)) == \
            dfs(r, s, 3_000, seed=seed)
        assert proven


TWINS = """klondike draw=1 passes=unlimited takeback=no
stock: 7C 8C 9C TC JC QC 5D 6D 7D 8D 9D TD JD QD KD 4H 6H 7H 8H 9H TH JH QH KH 5S 7S 8S 9S TS JS QS
waste: -
f1: AC 2C 3C 4C 5C
f2: AD 2D 3D 4D
f3: AH 2H 3H
f4: AS 2S 3S 4S
t1: 6C 5H
t2: 6S
t3: KC
t4: KS
t5: -
t6: -
t7: -
"""


def test_a_game_s_own_undo_leaves_the_proofs_path_alone() -> None:
    """``proofs.Sharing`` wraps the game rather than extending it: Klondike's move
    generator plays and takes back twin swaps with its own ``undo``, which pops no proof
    frame, and only the wrapper's ``undo`` (a position left) does."""
    # 6♠ uncovered, its twin 6♣ holding 5♥, clubs up to the 5: the generator tries the
    # swap of 5♥ onto 6♠ and 6♣ going up.
    r, s = parse_position(TWINS)
    game = klondike.Klondike(r, s, True, True, None)
    assert game.twins and game.pairs()
    shared = Sharing(game, set())
    shared.start()
    frames = list(shared.proofs.frames)
    plans = shared.children()
    assert any(p[6][0] >= 0 for p in plans)
    assert shared.proofs.frames == frames
    recs = next(x for x in map(shared.enter, plans) if x is not None)
    assert len(shared.proofs.frames) == 2
    shared.undo(recs)
    assert shared.proofs.frames == frames


def test_the_dead_end_test_is_asked_after_every_move() -> None:
    """In Yukon the dead-end test is asked after every move, not only after a card turned
    or a pile emptied: deal 30, lost, is proven in 284 positions (1,229 when it was asked
    only there)."""
    r = patience.rules("yukon")
    assert dfs(r, r.deal(30), 10_000) == ("unwinnable", [], 284)
