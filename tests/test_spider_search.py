"""Spider's own search (patience.solver.spider): it wins, its moves are the rules' moves,
it leaves out only the moves it says it leaves out, and it never claims a deal lost."""

from __future__ import annotations

import random

import pytest

import patience
from patience.game import Move, State
from patience.rules import Rules
from patience.solver import solve, solve_steps, spider
from patience.solver.search import drain

from helpers import replays, stepped


def rules(suits: int) -> Rules:
    return patience.rules("spider", {"suits": suits})


def piles_of(r: Rules, s: State) -> spider.Piles:
    """The search's form of a position: each pile's face-down count, then its cards."""
    return tuple(bytes((s.down[t],)) + bytes(s.piles[t]) for t in r.T)


def tops_of(ps: spider.Piles) -> list[int]:
    return [p[-1] if len(p) > 1 else -1 for p in ps]


def test_only_spider_shaped_games_fit() -> None:
    for suits in (1, 2, 4):
        assert spider.fits(rules(suits))
    for game in patience.GAMES:
        if game != "spider":
            assert not spider.fits(patience.rules(game)), game


@pytest.mark.parametrize(("suits", "deal"), [(1, 1), (1, 2), (2, 1), (2, 2), (4, 2), (4, 8)])
def test_wins_small_deals_and_the_moves_replay(suits: int, deal: int) -> None:
    r = rules(suits)
    s = r.deal(deal)
    result = solve(r, s, budget=20_000)
    assert result.verdict == "solved"
    assert any(m.src == "stock" for m in result.moves)
    assert replays(r, s, result.moves)


def test_wins_from_the_middle_of_a_game() -> None:
    r = rules(2)
    s = r.deal(3)
    first = solve(r, s, budget=20_000)
    assert first.verdict == "solved"
    # Half way through the win (some deals made, maybe some runs gone), search again.
    for m in first.moves[:len(first.moves) // 2]:
        s = r.play(s, m)
    again = solve(r, s, budget=20_000)
    assert again.verdict == "solved"
    assert replays(r, s, again.moves)


def test_out_of_budget_is_unknown() -> None:
    r = rules(4)
    s = r.deal(1)
    assert solve(r, s, budget=0).verdict == "unknown"
    result = solve(r, s, budget=300)
    assert result.verdict == "unknown"
    assert result.moves == []
    assert result.nodes == 300


def stuck(r: Rules) -> State:
    """Seven runs gone, the Ace of spades alone in the first pile, twelve cards in the stock:
    no deal while nine piles are empty, and moving the Ace about changes nothing. Lost."""
    spades = [rank * 4 + 3 for rank in range(13)]
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    for f in r.F[:7]:
        piles[f] = tuple(reversed(spades))
    piles[r.stock] = tuple(spades[1:])
    piles[r.T[0]] = (spades[0],)
    return State(tuple(piles), tuple(0 for _ in r.names))


def test_a_search_that_runs_dry_says_unknown_never_unwinnable() -> None:
    r = rules(1)
    s = stuck(r)
    outcome = drain(spider.search(r, s, 100_000))
    assert outcome[0] == "unknown"
    assert outcome[2] < 100
    assert solve(r, s, budget=100_000).verdict == "unknown"


def test_the_search_yields_its_progress() -> None:
    r = rules(4)
    steps = solve_steps(r, r.deal(1), budget=1_000, every=100)
    seen, result = stepped(steps)
    assert result.verdict == "unknown"
    assert seen == list(range(100, 1_001, 100))


def random_positions(suits: int, seed: int, count: int) -> list[State]:
    """Positions met playing random legal moves (deals included) from a deal."""
    r = rules(suits)
    rng = random.Random(seed)
    s = r.deal(seed)
    out = [s]
    for _ in range(count):
        moves = r.legal_moves(s)
        if not moves:
            break
        s = r.apply(s, rng.choice(moves))
        out.append(s)
    return out


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_every_move_of_the_search_is_a_legal_move_played_as_the_rules_play_it(
        suits: int) -> None:
    r = rules(suits)
    checked = 0
    for seed in range(1, 6):
        for s in random_positions(suits, seed, 120):
            ps = piles_of(r, s)
            legal = r.legal_moves(s)
            for (i, j, m), src, dst, gone in spider._children(ps, tops_of(ps)):
                move = Move(r.names[r.T[i]], r.names[r.T[j]], m)
                assert move in legal
                after = r.apply(s, move)
                want = piles_of(r, after)
                assert (want[i], want[j]) == (src, dst)
                runs = sum(1 for f in r.F if after.piles[f]) - sum(
                    1 for f in r.F if s.piles[f])
                assert gone == runs
                checked += 1
    assert checked > 500


def test_the_moves_left_out_are_those_the_module_names() -> None:
    """Every legal move between piles that the search leaves out is one of its kinds: an
    off-suit build that splits a run or swaps the run from a card of that rank, a split onto
    the suit that completes nothing, a move into an empty pile other than the first, of part
    of a run, or of a whole pile."""
    left_out = 0
    for suits in (1, 2, 4):
        r = rules(suits)
        for seed in range(1, 4):
            for s in random_positions(suits, seed, 120):
                ps = piles_of(r, s)
                tops = tops_of(ps)
                kept = {Move(r.names[r.T[i]], r.names[r.T[j]], m)
                        for (i, j, m), *_ in spider._children(ps, tops)}
                first_empty = tops.index(-1) if -1 in tops else -1
                for move in r.legal_moves(s):
                    if move.src == "stock" or move in kept:
                        continue
                    left_out += 1
                    i = r.T.index(r.index[move.src])
                    j = r.T.index(r.index[move.dst])
                    p, n = ps[i], len(ps[i])
                    run = 1
                    while run < n - 1 - p[0] and p[n - run - 1] == p[n - run] + 4:
                        run += 1
                    assert move.n <= run
                    if tops[j] < 0:
                        assert j != first_empty or move.n < run or n - 1 == run
                        continue
                    card = p[n - move.n]
                    if tops[j] != card + 4:
                        under = n - run - 1
                        assert move.n < run or (
                            under > p[0] and p[under] >> 2 == (card >> 2) + 1)
                    else:
                        assert move.n < run
                        assert spider._complete(ps[j] + p[n - move.n:]) is None
    assert left_out > 100


def test_an_off_suit_swap_is_left_out_a_build_on_the_suit_is_not() -> None:
    r = rules(4)
    spade, heart, club = 3, 2, 0
    ten, nine, king = 9, 8, 12

    def card(rank: int, suit: int) -> int:
        return rank * 4 + suit

    # t1: the 9 of spades built on the 10 of hearts; t2 shows the 10 of clubs; t3 the 10
    # of spades; t4 a King; the other piles hold a King each (no pile empty).
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    piles[r.T[0]] = (card(king, club), card(ten, heart), card(nine, spade))
    piles[r.T[1]] = (card(king, heart), card(ten, club))
    piles[r.T[2]] = (card(king, spade), card(ten, spade))
    for t in r.T[3:]:
        piles[t] = (card(king, heart),)
    s = State(tuple(piles), tuple(0 for _ in r.names))
    ps = piles_of(r, s)
    kept = {step for step, *_ in spider._children(ps, tops_of(ps))}
    assert (0, 2, 1) in kept          # onto the 10 of spades: a link of one suit
    assert (0, 1, 1) not in kept      # onto the 10 of clubs: only swaps which 10 shows
    assert Move("t1", "t2") in r.legal_moves(s)
