"""All in a Row, as docs/rules/all_in_a_row.md and docs/rules/decisions.md say."""

from __future__ import annotations

import itertools
import random

import pytest

import patience
from patience import IllegalMoveError, Rules, State, safe_moves
from patience.cards import RANK
from patience.solver import solve
from patience.solver.row import _code, _trail, _walk

from helpers import legal, move, near_solutions, plain_search, setup


def test_thirteen_piles_of_four_face_up_and_one_foundation() -> None:
    r = patience.rules("all_in_a_row")
    s = r.deal(1)
    assert [len(s.piles[t]) for t in r.T] == [4] * 13 and not any(s.down)
    assert len(r.F) == 1 and r.stock < 0


def test_any_card_starts_the_foundation() -> None:
    r = patience.rules("all_in_a_row")
    s = r.deal(2)
    assert legal(r, s) == {f"t{i}>f1" for i in range(1, 14)}


def test_then_one_rank_up_or_down_whatever_the_suit() -> None:
    r, s = setup("all_in_a_row", {"f1": "TH", "t1": "9C", "t2": "JS", "t3": "8D", "t4": "TC"},
                 filler="t13")
    assert {"t1>f1", "t2>f1"} <= legal(r, s)
    assert "t3>f1" not in legal(r, s) and "t4>f1" not in legal(r, s)
    with pytest.raises(IllegalMoveError, match="one rank above or below"):
        r.play(s, move("t3>f1"))


@pytest.mark.parametrize(("top", "card"), [("KH", "AS"), ("AD", "KC")])
def test_king_and_ace_are_adjacent(top: str, card: str) -> None:
    r, s = setup("all_in_a_row", {"f1": top, "t1": card}, filler="t13")
    assert "t1>f1" in legal(r, s)


def test_no_tableau_moves_at_all_and_emptied_piles_stay_empty() -> None:
    r, s = setup("all_in_a_row", {"f1": "5H", "t1": "-", "t2": "4C", "t3": "3D"},
                 filler="t13")
    assert all(m.dst == "f1" for m in r.legal_moves(s))
    for bad in ("t2>t1", "t3>t2"):
        with pytest.raises(IllegalMoveError):
            r.play(s, move(bad))


def test_nothing_moves_automatically() -> None:
    r = patience.rules("all_in_a_row")
    assert safe_moves(r, r.deal(1)) == []


# The solver's search (patience.solver.row) ---------------------------------------------------

def run_walk(ranks: list[list[int]], top: int, last: int) -> tuple[bool, list[int], int]:
    """Run one direction of the search to its end."""
    walk = _walk(ranks, top, last)
    next(walk)
    try:
        walk.send(10 ** 9)
    except StopIteration as end:
        done: tuple[bool, list[int], int] = end.value
        return done
    raise AssertionError("the walk paused before its limit")


def on_an_eight(piles: dict[str, str]) -> tuple[Rules, State]:
    """Return the position with ``piles`` (the nine to the King of spades) and every other
    card on the foundation, the eight of spades on top."""
    cards = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    return setup("all_in_a_row", {"f1": " ".join(cards[:-5]), **piles})


def test_the_backward_search_must_end_next_to_the_foundation() -> None:
    # On an eight, nothing plays: no nine or seven is free. Turned over the piles make a
    # walk, nine to King, but its last card, the King, could not follow the eight.
    piles = {"t1": "9S TS", "t2": "JS", "t3": "QS", "t4": "KS"}
    assert run_walk([[9, 10], [11], [12], [13]], 8, 0)[0] is False
    assert run_walk([[10, 9], [11], [12], [13]], 0, 0)[0] is True
    won, _, nodes = run_walk([[10, 9], [11], [12], [13]], 0, 8)
    assert not won
    assert nodes <= 7  # 10 if _trail let the walk end anywhere
    # Counts alone: one card each of nine to King after an eight end on the King, which
    # is not next to the eight.
    count = [0] * 9 + [1] * 5
    assert _trail(count, 8) and _trail(count, 8, 1 << 12)
    assert not _trail(count, 8, 1 << 6 | 1 << 8)
    # A single card: its walk is that card, which must go on the eight.
    assert run_walk([[5]], 0, 8)[0] is False
    assert run_walk([[7]], 0, 8)[:2] == (True, [0])
    r, s = on_an_eight(piles)
    assert solve(r, s, budget=1_000).verdict == "unwinnable"
    assert plain_search(r, s, 1_000) is False
    # The nine on top of its pile: backward the walk must run King down to the nine.
    assert run_walk([[9, 10], [11], [12], [13]], 0, 8)[:2] == (True, [3, 2, 1, 0, 0])
    r, s = on_an_eight({**piles, "t1": "TS 9S"})
    result = solve(r, s, budget=1_000)
    assert [str(m) for m in result.moves] == ["t1>f1", "t1>f1", "t2>f1", "t3>f1", "t4>f1"]


def test_each_direction_alone_agrees_with_a_plain_search() -> None:
    """Positions along and near solutions: forward alone, backward alone (the piles turned
    over, the last card next to the foundation) and a plain search give one verdict, and a
    backward win read backward replays."""
    r = patience.rules("all_in_a_row")
    truths = set()
    for start in near_solutions(r, (5, 13, 27), seed=11):
        s = start
        ranks = [[RANK[c] for c in s.piles[t]] for t in r.T]
        top = RANK[s.piles[r.F[0]][-1]]
        truth = plain_search(r, s, 100_000)
        assert truth is not None
        assert run_walk(ranks, top, 0)[0] is truth
        won, path, _ = run_walk([p[::-1] for p in ranks], 0, top)
        assert won is truth
        for t in reversed(path):
            s = r.play(s, move(f"{r.names[r.T[t]]}>f1"))
        assert r.is_won(s) is truth
        truths.add(truth)
    assert truths == {True, False}


@pytest.mark.parametrize(("deal", "verdict"), [
    (343, "unwinnable"), (811, "unwinnable"), (852, "solved")])
def test_deals_hard_forward_are_decided_backward(deal: int, verdict: str) -> None:
    # The forward search alone needs 765,585 positions to refute deal 343, over 4 million
    # for deal 811, and 596,552 to solve deal 852; backward, a few hundred each.
    r = patience.rules("all_in_a_row")
    s = r.deal(deal)
    result = solve(r, s, budget=20_000)
    assert result.verdict == verdict
    for m in result.moves:
        s = r.play(s, m)
    assert r.is_won(s) is (verdict == "solved")


def trail_by_hand(count: list[int], top: int, ends: int) -> bool:
    """``_trail`` the long way: for each last rank, solve the crossings edge by edge."""
    for end in range(1, 14):
        if not ends >> (end - 1) & 1:
            continue
        d = [2 * count[x] + (x == top) - (x == end) for x in range(1, 14)]
        a = [0] * 13
        for x in range(1, 13):
            a[x] = d[x] - a[x - 1]
        twice = d[0] - a[12]
        if twice < 0 or twice & 1:
            continue
        e0 = twice >> 1
        edges = [a[x] + (e0 if x % 2 == 0 else -e0) for x in range(13)]
        if min(edges) < 0:
            continue
        if sum(1 for x in range(13) if edges[x] > 0 and edges[x - 1] == 0) <= 1:
            return True
    return False


def test_the_trail_test_agrees_with_the_long_way() -> None:
    rng = random.Random(5)
    answers = set()
    for _ in range(20_000):
        p = rng.random()
        count = [0] + [rng.choice((0, 1, 1, 2, 3, 4)) if rng.random() < p else 0
                       for _ in range(13)]
        top = rng.randint(1, 13)
        ends = rng.choice((0x1FFF, rng.randrange(1, 0x2000)))
        answer = _trail(count, top, ends)
        assert answer is trail_by_hand(count, top, ends), (count, top, ends)
        answers.add(answer)
    assert answers == {True, False}


def test_the_key_merges_exactly_piles_with_the_same_ranks_left() -> None:
    """Every choice of heights: two get one code exactly when they leave the same rank
    sequences (as a multiset), whichever piles hold them."""
    rng = random.Random(3)
    merged = 0
    for _ in range(30):
        ranks = [[rng.randint(1, 2) for _ in range(rng.randint(0, 3))]
                 for _ in range(rng.randint(1, 5))]
        root, losses = _code(ranks)
        codes: dict[int, tuple[tuple[int, ...], ...]] = {}
        for heights in itertools.product(*(range(len(p) + 1) for p in ranks)):
            code = root - sum(losses[t][h] for t, pile in enumerate(ranks)
                              for h in range(heights[t] + 1, len(pile) + 1))
            left = tuple(sorted(tuple(p[:h]) for p, h in zip(ranks, heights)))
            assert codes.setdefault(code, left) == left, (ranks, heights)
            merged += 1
        assert len(set(codes.values())) == len(codes)
        merged -= len(codes)
    assert merged > 0
