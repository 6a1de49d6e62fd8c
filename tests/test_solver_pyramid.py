"""The Pyramid's own search (``patience.solver.pyramid``): wins replay, losses agree with a
plain search of every reachable position, and its shortcuts (turns folded, Kings, the
dead-end test) change no verdict."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Rules, State
from patience.game import Move
from patience.solver import pyramid, solve, solve_steps
from patience.solver.search import drain

from helpers import plain_search, random_moves, replay_wins, setup, stepped

PASSES: list[object] = [1, 3, "unlimited"]


def small_position(rng: random.Random, passes: object) -> tuple[Rules, State]:
    """Return a random position small enough to search every reachable position of: a few
    pyramid places (anywhere, or the bottom rows), a short stock and waste, some passes
    used; the other cards on the foundation."""
    r = patience.rules("pyramid", {"passes": passes})
    cards = list(range(52))
    rng.shuffle(cards)
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    n = rng.randint(4, 12)
    places = rng.sample(range(28), n) if rng.random() < 0.5 else list(range(28 - n, 28))
    for i in places:
        piles[r.T[i]] = (cards.pop(),)
    piles[r.stock] = tuple(cards.pop() for _ in range(rng.randint(0, 8)))
    piles[r.waste] = tuple(cards.pop() for _ in range(rng.randint(0, 3)))
    piles[r.F[0]] = tuple(cards)
    most = 2 if r.max_recycles is None else r.max_recycles
    return r, State(tuple(piles), (0,) * len(r.names), rng.randint(0, most), 0)


def played_position(rng: random.Random, passes: object) -> tuple[Rules, State]:
    """Return a position of a real deal after 30 to 90 random moves (removals preferred)."""
    r = patience.rules("pyramid", {"passes": passes})
    s = r.deal(rng.randint(1, 10**6))
    for _ in range(rng.randint(30, 90)):
        moves = r.legal_moves(s)
        if not moves:
            break
        removals = [m for m in moves if "stock" not in (m.src, m.dst)]
        s = r.apply(s, rng.choice(removals if removals and rng.random() < 0.8 else moves))
    return r, s


def agree(r: Rules, s: State, limit: int) -> str | None:
    """Solve ``s`` and search it plainly; assert they agree, return the verdict (``None``
    when the plain search needs more than ``limit`` positions)."""
    plain = plain_search(r, s, limit)
    if plain is None:
        return None
    result = solve(r, s, budget=10**6)
    assert result.verdict == ("solved" if plain else "unwinnable"), (r, s)
    if plain:
        replay_wins(r, s, result)
    return result.verdict


@pytest.mark.parametrize("passes", PASSES)
def test_small_positions_agree_with_a_plain_search(passes: object) -> None:
    rng = random.Random(f"pyramid small {passes}")
    verdicts = [agree(*small_position(rng, passes), 200_000) for _ in range(60)]
    # Both verdicts come up, so the comparison can fail either way.
    assert verdicts.count("solved") >= 3
    assert verdicts.count("unwinnable") >= 3
    assert verdicts.count(None) <= 3


@pytest.mark.parametrize("passes", PASSES)
def test_positions_of_random_play_agree_with_a_plain_search(passes: object) -> None:
    rng = random.Random(f"pyramid played {passes}")
    verdicts = [agree(*played_position(rng, passes), 100_000) for _ in range(25)]
    assert verdicts.count("unwinnable") >= 2
    assert verdicts.count(None) <= 5


@pytest.mark.parametrize(("passes", "deals"), [(1, (13, 20)), (3, (1, 7, 15)),
                                               ("unlimited", (7, 15, 19))])
def test_positions_near_wins_agree_with_a_plain_search(passes: object,
                                                       deals: tuple[int, ...]) -> None:
    # Some way along a win, then up to three random moves: won or lost.
    rng = random.Random(f"pyramid near {passes}")
    r = patience.rules("pyramid", {"passes": passes})
    lines = {d: solve(r, r.deal(d), budget=100_000).moves for d in deals}
    verdicts = []
    for _ in range(20):
        deal = rng.choice(deals)
        s = r.deal(deal)
        for m in lines[deal][:rng.randint(len(lines[deal]) // 3, len(lines[deal]))]:
            s = r.apply(s, m)
        verdicts.append(agree(r, random_moves(rng, r, s, 0, 3), 100_000))
    assert verdicts.count("solved") >= 3
    assert verdicts.count("unwinnable") >= 1
    assert verdicts.count(None) <= 5


@pytest.mark.parametrize(("passes", "won", "lost"), [
    (1, [13, 20], [1, 4, 6, 14]),
    (3, [1, 4, 7, 15], [2, 3, 19]),
    ("unlimited", [7, 15, 19], [2, 3, 5]),
])
def test_deals_are_decided(passes: object, won: list[int], lost: list[int]) -> None:
    r = patience.rules("pyramid", {"passes": passes})
    for deal in won:
        replay_wins(r, r.deal(deal), solve(r, r.deal(deal), budget=100_000))
    for deal in lost:
        result = solve(r, r.deal(deal), budget=100_000)
        assert (result.verdict, result.moves) == ("unwinnable", [])


def test_more_passes_never_lose_a_won_deal() -> None:
    verdicts = {p: [solve(r, r.deal(d), budget=100_000).verdict for d in range(1, 31)]
                for p in PASSES for r in [patience.rules("pyramid", {"passes": p})]}
    for fewer, more in ((1, 3), (3, "unlimited")):
        for deal, (a, b) in enumerate(zip(verdicts[fewer], verdicts[more]), 1):
            assert "unknown" not in (a, b)
            assert not (a == "solved" and b == "unwinnable"), (deal, fewer, more)
    assert verdicts[1].count("solved") < verdicts[3].count("solved")


def test_a_waste_card_comes_back_only_with_a_pass_left() -> None:
    # The six of diamonds lies under the five of clubs, which nothing removes: only
    # turning the waste over brings the six up to go with the seven.
    piles = {"stock": "-", "waste": "6D 5C", "t28": "7H"}
    r, s = setup("pyramid", piles, {"passes": 3}, filler="f1")
    result = solve(r, s)
    replay_wins(r, s, result)
    assert "waste>stock:2" in [str(m) for m in result.moves]
    r, s = setup("pyramid", piles, {"passes": 3}, filler="f1", recycles=2)
    assert solve(r, s).verdict == "unwinnable"
    r, s = setup("pyramid", piles, {"passes": 1}, filler="f1")
    assert solve(r, s).verdict == "unwinnable"
    assert plain_search(r, s, 1_000) is False


def test_kings_on_the_waste_are_removed_on_the_way() -> None:
    # Under the King of spades, the seven that goes with the six; no pass left.
    r, s = setup("pyramid", {"stock": "KH 9C", "waste": "7D KS", "t28": "6C", "t27": "4D"},
                 {"passes": 1}, filler="f1")
    result = solve(r, s)
    replay_wins(r, s, result)
    assert [str(m) for m in result.moves][:2] == ["waste>f1", "waste>t28"]


def test_a_card_no_partner_can_reach_is_a_dead_end() -> None:
    # The six's only seven covers it; the stock holds no seven.
    r, s = setup("pyramid", {"stock": "AS", "waste": "-", "t1": "6S", "t2": "7H", "t3": "QC"},
                 filler="f1")
    g = pyramid._Pyramid(r, s)
    tm, sm, _, _ = g.start(s)
    assert g.stranded(tm, sm)
    # A seven for the six and a six for the seven in the stock: partners, and a win.
    r, s = setup("pyramid", {"stock": "AS 7C 6D", "waste": "-", "t1": "6S", "t2": "7H",
                             "t3": "QC"}, filler="f1")
    g = pyramid._Pyramid(r, s)
    assert not g.stranded(*g.start(s)[:2])
    replay_wins(r, s, solve(r, s))
    assert plain_search(r, s, 10_000) is True


def test_an_emptied_place_between_two_cards_lets_them_pair() -> None:
    # The ten (t4) is covered by t7 and t8; t8 is empty though t13 (a three) lies over it.
    # Once the three on t7 goes, the ten is free and pairs with the three on t13.
    r, s = setup("pyramid", {"stock": "JC 2H 2S 7S 4S 4D 9C 9H", "waste": "7D TH",
                             "t1": "KS", "t2": "QD", "t4": "TS", "t5": "KC", "t6": "8C",
                             "t7": "3H", "t13": "3C", "t15": "AS", "t16": "6C", "t18": "5C",
                             "t22": "6S"}, {"passes": 1}, filler="f1")
    replay_wins(r, s, solve(r, s))
    assert plain_search(r, s, 100_000) is True


def test_only_a_pyramid_of_single_cards_fits() -> None:
    r = patience.rules("pyramid")
    assert pyramid.fits(r, r.deal(1))
    k = patience.rules("klondike")
    assert not pyramid.fits(k, k.deal(1))


@pytest.mark.parametrize("budget", [0, 1, 10, 100])
def test_budget_is_respected(budget: int) -> None:
    r = patience.rules("pyramid")
    result = solve(r, r.deal(19), budget=budget)     # 5,308 positions to prove lost
    assert (result.verdict, result.moves) == ("unknown", [])
    assert result.nodes <= budget


def test_a_stepped_search_pauses_and_agrees() -> None:
    r = patience.rules("pyramid")
    whole = solve(r, r.deal(19), budget=100_000)
    steps = solve_steps(r, r.deal(19), budget=100_000, every=500)
    seen, got = stepped(steps)
    assert got == whole
    assert seen == list(range(500, whole.nodes + 1, 500))


def test_the_moves_given_back_are_the_engines() -> None:
    r = patience.rules("pyramid", {"passes": "unlimited"})
    s = r.deal(15)
    verdict, moves, _ = drain(pyramid.search(r, s, 100_000))
    assert verdict == "solved"
    for m in moves:
        assert isinstance(m, Move)
        assert m in r.legal_moves(s)
        s = r.apply(s, m)
    assert r.is_won(s)
