"""The Roosevelt beam score that looks at the stock (``solver/lookahead.py``): onepass's own
score plus a fixed worth for each of the next stock cards that would have a place, and the
beam under it keeps its wins sound."""

from __future__ import annotations

import patience
from patience.cards import RANK, SUIT
from patience.solver import lookahead, onepass
from patience.solver.search import drain

from helpers import replays


def test_the_score_adds_a_place_for_each_next_stock_card_that_has_one() -> None:
    r = patience.rules("roosevelt")
    play = onepass._Play(r, r.deal(27))
    tab, found, _, p = play.start
    extra = lookahead.score(play, play.start) - onepass._score(play, play.start)
    tops = [pile[-1] for pile in tab if pile]
    placed = [c for c in play.deck[p:p + lookahead.AHEAD]
              if RANK[c] - 1 in found[SUIT[c] * 2:SUIT[c] * 2 + 2]
              or any(c in play.onto[t] for t in tops)]
    assert extra == lookahead.PLACE * len(placed)
    assert 0 < len(placed) < lookahead.AHEAD


def test_with_an_empty_pile_every_next_stock_card_has_a_place() -> None:
    r = patience.rules("roosevelt")
    play = onepass._Play(r, r.deal(27))
    tab, found, gone, p = play.start
    emptied = ((), *tab[1:])
    pos = (emptied, found, gone, p)
    extra = lookahead.score(play, pos) - onepass._score(play, pos)
    assert extra == lookahead.PLACE * lookahead.AHEAD
    # Near the end of the stock only the cards left count.
    late = (emptied, found, gone, play.n_deck - 3)
    assert lookahead.score(play, late) - onepass._score(play, late) == lookahead.PLACE * 3


def test_a_beam_under_the_score_wins_a_deal_soundly() -> None:
    # Deal 1236: a beam 50 wide wins it under this score, and none of onepass's own score
    # (the triage's two and seven reseeded beams within 100,000 positions) did.
    r = patience.rules("roosevelt")
    s = r.deal(1236)
    verdict, moves, nodes = drain(onepass.beam(r, s, 100_000, 50, score=lookahead.score))
    assert verdict == "solved" and 0 < nodes < 100_000
    assert replays(r, s, moves)
    plain = drain(onepass.beam(r, s, 100_000, 50))
    assert plain[0] == "unknown"
