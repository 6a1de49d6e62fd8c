"""The one-pass search (``solver/onepass.py``): which games it takes, and its verdicts against
a plain search of every reachable position on small and late positions of Roosevelt."""

from __future__ import annotations

import json
import random
from pathlib import Path

import patience
from patience import Rules, State
from patience.notation import parse_position
from patience.solver import onepass, solve, solve_steps
from patience.solver.search import drain

from helpers import (
    TWIN_WAITS,
    laid_out,
    plain_search,
    played_out,
    replays,
    setup,
    shuffled_play,
    small_two_deck,
    stepped,
)

ROOT = Path(__file__).resolve().parent.parent


def test_it_takes_roosevelt_only_among_the_games() -> None:
    taken = {g for g in patience.GAMES if onepass.fits(patience.rules(g))}
    assert taken == {"roosevelt"}
    # Klondike with one pass lifts runs and takes only Kings into a space.
    assert not onepass.fits(patience.rules("klondike", {"passes": 1}))


def agree(r: Rules, s: State) -> str | None:
    """Return the verdict of the search, checked against the plain search (``None`` where the
    plain search is too long) and against the search without merging by the pointer."""
    truth = plain_search(r, s, 20_000)
    if truth is None:
        return None
    want = "solved" if truth else "unwinnable"
    result = solve(r, s, budget=100_000)
    assert result.verdict == want, patience.format_position(r, s)
    assert drain(onepass.search(r, s, 100_000, merge=False))[0] == want
    return want


def test_verdicts_agree_with_a_plain_search_on_small_positions() -> None:
    rng = random.Random(5)
    verdicts = [agree(*small_two_deck("roosevelt", rng, 7, (7, 9), 3)) for _ in range(25)]
    assert verdicts.count("solved") >= 20


def test_verdicts_agree_with_a_plain_search_late_in_random_games() -> None:
    rng = random.Random(1)
    verdicts = [agree(*played_out("roosevelt", rng, 4)) for _ in range(8)]
    assert verdicts.count("unwinnable") >= 5


def test_a_win_from_the_stock_and_the_waste_replays() -> None:
    # The spades come in the wrong order (the KS turns first, the TS lies under the QH and
    # the JS): the empty piles hold them until they can go up.
    r, s = setup("roosevelt", {"stock": "9S KS", "waste": "TS QH JS", "t1": "KH",
                               "t2": "-", "t3": "-", "t4": "-", "t5": "-", "t6": "-",
                               "t7": "-"}, filler="t1")
    result = solve(r, s, budget=1_000)
    assert result.verdict == "solved"
    assert replays(r, s, result.moves)


def test_a_lost_position_is_proven_unwinnable() -> None:
    # Both 7s of spades lie in the waste under both 8s; one space takes one 8, and nothing
    # else builds (every card left is a spade).
    r, s = setup("roosevelt", {
        "stock": "-", "waste": "7S 7S 8S 8S", "t1": "9S", "t2": "9S", "t3": "TS", "t4": "TS",
        "t5": "JS", "t6": "JS QS KS QS KS", "t7": "-"})
    result = solve(r, s, budget=10_000)
    assert result.verdict == "unwinnable"
    assert plain_search(r, s, 10_000) is False


def test_a_stepped_search_yields_and_agrees() -> None:
    r = patience.rules("roosevelt")
    s = r.deal(3)
    # The beam takes nine tenths (270), the exact search the rest; each pass counts its own.
    steps = solve_steps(r, s, budget=300, every=10)
    seen, result = stepped(steps)
    assert seen == list(range(10, 301, 10))
    assert result.verdict == solve(r, s, budget=300).verdict == "unknown"
    assert result.nodes == 300


def straddled(rng: random.Random) -> tuple[Rules, State]:
    """Return a random small Roosevelt position whose suits' two piles stand one or two
    ranks apart (where a card's twin may want the pile it would go on), seven cards in the
    tableau, the rest in the stock and the waste."""
    r = patience.rules("roosevelt")
    tops = []
    for _ in range(4):
        h = rng.randint(9, 13)
        tops.append([h, max(8, h - rng.randint(1, 2))])
    play = shuffled_play(rng, tops)
    cut = rng.randint(0, len(play[7:]))
    return r, laid_out(rng, r, tops, play, 7, cut)


def test_a_card_waits_for_its_twin_to_have_a_place() -> None:
    # Safe by the one-deck rule, t1's 5S going up first loses a won game.
    r, s = parse_position(TWIN_WAITS)
    assert agree(r, s) == "solved"
    rng = random.Random(7)
    verdicts = [agree(*straddled(rng)) for _ in range(40)]
    assert verdicts.count(None) <= 10


def test_the_beam_wins_a_deal_the_exact_search_does_not() -> None:
    # Deal 126: the beam 30 wide wins it; the exact search alone runs out of positions.
    r = patience.rules("roosevelt")
    s = r.deal(126)
    verdict, moves, nodes = drain(onepass.beam(r, s, 100_000, 30))
    assert verdict == "solved" and nodes < 20_000
    assert replays(r, s, moves)
    assert drain(onepass.search(r, s, 20_000))[0] == "unknown"
    # solve() gives the beams nine tenths of its budget, the widest 109 wide over the 76
    # stock cards here, after beams of 13, 27 and 54.
    result = solve(r, s, budget=56_000)
    assert result.verdict == "solved" and replays(r, s, result.moves)
    # Too narrow, it finds nothing and says so: a beam proves no loss.
    assert drain(onepass.beam(r, s, 100_000, 4))[0] == "unknown"


def test_the_study_s_wins_come_back_in_the_same_positions_with_the_same_lines() -> None:
    # The search made cheaper a position must stay the same search: these rows of
    # docs/winnability/roosevelt.jsonl were written before session 31's changes (the triage's
    # beam 25 wide wins 2976, its beam 50 wide 536, the first reseeded beam 669).
    r = patience.rules("roosevelt")
    rows = {}
    for text in (ROOT / "docs" / "winnability" / "roosevelt.jsonl").read_text().splitlines():
        row = json.loads(text)
        if row.get("verdict") == "solved":
            rows[row["deal"]] = row
    for deal in (2976, 536, 669):
        result = solve(r, r.deal(deal), budget=100_000)
        assert result.verdict == "solved" and result.nodes == rows[deal]["nodes"]
        assert " ".join(str(m) for m in result.moves) == rows[deal]["line"]


def test_a_quiet_move_leaves_no_safe_move_and_the_waste_top_is_the_last_card_left() -> None:
    # The beam skips looking for safe moves after a move that puts no card up and uncovers
    # none that could go up: the closing finds none there either.
    r = patience.rules("roosevelt")
    play = onepass._Play(r, r.deal(27))
    rng = random.Random(3)
    pos, quiet = play.start, 0
    for _ in range(60):
        children = play.plays(pos)
        for _, step, child in children:
            tab, found, gone, p = child
            rest, steps = list(tab), [step]
            play.close(rest, found, gone, p, steps)
            if play.quiet(step, child):
                quiet += 1
                assert steps == [step]
        if not children or rng.random() < 0.3:
            pos = onepass._Beam(play, None, None, onepass._score).turn(pos)[1]
            if pos[3] >= play.n_deck:
                break
        else:
            tab, found, gone, p = rng.choice(children)[2]
            rest = list(tab)
            found, gone = play.close(rest, found, gone, p, [])
            pos = (tuple(rest), found, gone, p)
        gone, p = pos[2], pos[3]
        left = [i for i in range(p) if not gone >> i & 1]
        assert onepass._top(gone, p) == (left[-1] if left else -1)
    assert quiet > 50
