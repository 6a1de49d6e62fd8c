"""Forty Thieves' relaxed game (``solver/fortybound.py``): a sound dead-end test, and how far
it reaches."""

from __future__ import annotations

import random

import patience
from patience.solver import fortybound, solve

from helpers import plain_search, played_out, setup

# Eight Kings on eight piles, the Queens of their suits under them; both Jacks of clubs on
# the last two piles with both Tens of clubs under them (the clubs' foundations stand at 9
# and 8, the 9C to come from the stock). No King can go up (a card of its suit lies under
# one), no Jack has a Queen to go on: no pile can ever be emptied.
LOCKED = {
    "t1": "QC KC", "t2": "QC KC", "t3": "QD KD", "t4": "QD KD", "t5": "QH KH",
    "t6": "QH KH", "t7": "QS KS", "t8": "QS KS", "t9": "TC JC", "t10": "TC JC",
    "stock": "9C", "waste": "-",
}


def test_piles_that_can_never_empty_lose() -> None:
    r, s = setup("forty_thieves", LOCKED)
    assert fortybound.lost(r, s)
    assert plain_search(r, s, 20_000) is False
    result = solve(r, s, budget=1_000)
    assert result.verdict == "unwinnable" and result.nodes == 0


def test_a_parent_to_come_from_the_stock_opens_a_pile() -> None:
    # The same with a Queen of clubs to come: once turned it may go on a King of clubs, a
    # Jack of clubs on it, the Ten under it up, and its pile is empty. A test blind to the
    # stock would call this lost.
    r, s = setup("forty_thieves", {**LOCKED, "t1": "KC", "stock": "QC 9C"})
    assert not fortybound.lost(r, s)


def test_a_lower_card_seen_in_the_waste_frees_a_king() -> None:
    # The Queen of hearts under t5's King lies in the waste instead: with every lower heart
    # seen, the King may go up (when the hearts' foundation reaches the Queen), so its pile
    # can empty. A test looking only at the tableau's tops would call this lost.
    r, s = setup("forty_thieves", {**LOCKED, "t5": "KH", "waste": "QH"})
    assert not fortybound.lost(r, s)


def test_an_empty_pile_is_never_lost_to_it() -> None:
    r, s = setup("forty_thieves", {**LOCKED, "t10": "-", "waste": "TC JC"})
    assert not fortybound.lost(r, s)


def test_it_never_calls_a_won_position_lost() -> None:
    # Soundness against a plain search of every reachable position: LOCKED with a few cards
    # taken off the foundations into the stock and the waste, or a pile's King moved to the
    # waste (lost or not, by the cards that come), and late positions of random games.
    rng = random.Random(7)
    pool = ["9C", "9C", "JD", "JD", "JH", "JH", "JS", "JS"]
    lost = won = 0
    for k in range(16):
        if k % 4 == 3:
            r, s = played_out("forty_thieves", rng, 2)
        else:
            cards = rng.sample(pool, rng.randint(1, 4))
            cut = rng.randint(0, len(cards))
            piles = {**LOCKED, "stock": " ".join(cards[:cut]) or "-",
                     "waste": " ".join(cards[cut:]) or "-"}
            if rng.random() < 0.5:
                t = rng.choice(["t1", "t3", "t5", "t7"])
                piles[t] = piles[t].split()[0]
                piles["waste"] = (piles["waste"].replace("-", "") + " " + LOCKED[t].split()[1])
            r, s = setup("forty_thieves", piles)
        truth = plain_search(r, s, 50_000)
        if fortybound.lost(r, s):
            lost += 1
            assert truth is False, patience.format_position(r, s)
        elif truth:
            won += 1
    assert lost >= 4 and won >= 4


def test_no_deal_of_the_first_hundred_is_lost_to_the_relaxation() -> None:
    # What the bound is worth at the deal (docs/solver.md): some pile of every deal can be
    # emptied in the relaxed game, so it proves no deal lost; it answers positions late in a
    # game that have no space left.
    r = patience.rules("forty_thieves")
    assert not any(fortybound.lost(r, r.deal(d)) for d in range(1, 101))
