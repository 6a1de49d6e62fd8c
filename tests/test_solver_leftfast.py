"""Moving Left's fast board (``solver/leftfast.py``) against the engine: on random positions
of random deals, its moves and the positions they leave are the engine's legal moves and
``Rules.apply``'s, its safe moves the engine's ``forced``, its finish the engine's."""

from __future__ import annotations

import random

import patience
from patience.auto import finish_moves
from patience.cards import parse_card
from patience.game import State
from patience.rules import Rules
from patience.solver import leftbeam, leftfast
from patience.solver.search import drain, forced

from helpers import replays, setup


def canon(r: Rules, s: State) -> tuple[object, ...]:
    """A position as the game sees it: foundations as their sorted tops (the piles are
    alike), every other pile as it is, face-down counts included."""
    f = tuple(sorted(s.piles[i][-1] if s.piles[i] else -1 for i in r.F))
    rest = tuple((s.piles[i], s.down[i]) for i in range(len(r.names)) if i not in r.F)
    return (f, rest)


def walk(r: Rules, deal: int, rng: random.Random, length: int) -> list[State]:
    """The positions of a random game of ``deal``: each legal move alike likely (turns of
    the stock less likely, so that games run long), plays off the foundations included."""
    s = r.deal(deal)
    seen = [s]
    for _ in range(length):
        moves = r.legal_moves(s)
        if not moves:
            break
        plays = [m for m in moves if m.src != "stock"]
        m = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(moves)
        s = r.apply(s, m)
        seen.append(s)
    return seen


def check(r: Rules, s: State) -> int:
    """Hold the fast board's moves, children, safe moves and finish at ``s`` equal to the
    engine's; return how many moves there were."""
    board = leftfast.Board(r, s)
    pos = board.start
    assert canon(r, board.state(pos)) == canon(r, s)
    engine = {canon(r, r.apply(s, m)) for m in r.legal_moves(s)}
    fast = board.steps(pos)
    assert {canon(r, board.state(c)) for _, c in fast} == engine
    for step, child in fast:
        moves = board.moves([step])
        assert moves[0] in r.legal_moves(s), step
        assert canon(r, r.apply(s, moves[0])) == canon(r, board.state(child)), step
    settled, steps = board.safe(pos)
    want, _ = forced(r, s)
    assert canon(r, board.state(settled)) == canon(r, want)
    replayed = s
    for m in board.moves(steps):
        replayed = r.apply(replayed, m)
    assert canon(r, replayed) == canon(r, want)
    won = board.finish(pos)
    assert (won is not None) == (not s.piles[r.stock] and finish_moves(r, s) is not None)
    return len(fast)


def test_the_fast_board_plays_as_the_engine_on_random_positions() -> None:
    r = patience.rules("moving_left")
    rng = random.Random(32)
    looked = kinds = 0
    seen_kinds: set[int] = set()
    for deal in rng.sample(range(1, 100_000), 40):
        for s in walk(r, deal, rng, 300)[::3]:
            looked += 1
            check(r, s)
            seen_kinds.update(step[0] for step, _ in leftfast.Board(r, s).steps(
                leftfast.Board(r, s).start))
    kinds = len(seen_kinds)
    assert looked > 1000
    assert kinds == 5      # every kind of step met: runs, up, waste, back, turn


def test_the_close_up_cascades_and_turns_the_card_it_uncovers() -> None:
    # t1 holds a lone AH, t2 a face-up run and nothing else, t3 a 9C over a face-down 2C.
    # Playing AH up empties t1: t2's run slides to t1, t3's 9C to t2, and t3's 2C turns up.
    r, s = setup("moving_left", {
        "waste": "-",
        "t1": "AH", "t2": "7S 6H", "t3": "2C | 9C", "t4": "KS",
        "t5": "-", "t6": "-", "t7": "-", "t8": "-", "t9": "-", "t10": "-",
    })
    check(r, s)
    board = leftfast.Board(r, s)
    child = next(c for step, c in board.steps(board.start) if step[0] == leftfast.UP
                 and step[1] == 0)
    assert child[0][:3] == (board.start[0][1], board.start[0][2], (board.hidden[2][0],))
    assert child[1][:3] == (0, 0, 0)


def test_a_king_into_the_empty_rightmost_pile_slides_left_and_a_lone_one_is_no_move() -> None:
    r, s = setup("moving_left", {
        "waste": "KH",
        "t1": "3C | 9D", "t2": "KS", "t3": "-", "t4": "-", "t5": "-", "t6": "-",
        "t7": "-", "t8": "-", "t9": "-", "t10": "-",
    })
    check(r, s)
    board = leftfast.Board(r, s)
    kings = [(step, c) for step, c in board.steps(board.start) if step[2] == 9]
    # The waste's KH goes to t10 and slides left to t3; t2's lone KS would slide straight
    # back, so it is no move.
    assert [step[0] for step, _ in kings] == [leftfast.WASTE]
    assert kings[0][1][0][2] == (parse_card("KH"),) and not any(kings[0][1][0][3:])


# Hearts and spades at 7 on all four of their piles, the 24 cards above in play, 9 of them in
# the stock (``test_solver_stockbeam.LATE``): both 8S may go up at once, on two piles.
LATE = {
    "stock": "TS 9H TS 9S QH JH TH JS QS",
    "waste": "-",
    "t1": "8H | JS", "t2": "KH | 8H", "t3": "KS | 8S", "t4": "KS | 8S", "t5": "TH | QH",
    "t6": "9S", "t7": "9H", "t8": "JH", "t9": "QS", "t10": "KH",
}


def test_the_fast_beam_wins_a_late_position_and_its_moves_replay() -> None:
    r, s = setup("moving_left", LATE)
    check(r, s)
    verdict, moves, nodes = drain(leftbeam.beam(r, s, 10_000, 4))
    assert verdict == "solved" and 0 < nodes < 10_000
    assert replays(r, s, moves)
    assert sum(1 for m in moves if m.src == "stock") == 9


def test_the_fast_beam_proves_nothing_and_a_seed_repeats_it() -> None:
    r = patience.rules("moving_left")
    assert drain(leftbeam.beam(r, r.deal(1), 300, 4)) == ("unknown", [], 300)
    first = drain(leftbeam.beam(r, r.deal(2), 2_000, 8, seed=3))
    assert drain(leftbeam.beam(r, r.deal(2), 2_000, 8, seed=3)) == first
    reach = [0]
    assert drain(leftbeam.triaged(r, r.deal(2), 3_000, widths=(4,), promise=104,
                                  reach=reach))[0] == "unknown"
    assert 0 < reach[0] < 104
