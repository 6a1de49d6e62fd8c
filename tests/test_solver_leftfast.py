"""Moving Left's fast board (``solver/leftfast.py``) against the engine: on random positions
of random deals and on made-up ones (twin foundations at any height, Kings to the empty
rightmost pile and back off the foundations, runs lifted from a pile's middle, a pile of
face-up cards only emptying into the close-up's cascade), its moves and the positions they
leave are the engine's legal moves and ``Rules.apply``'s, its safe moves the engine's
``forced``, its finish the engine's."""

from __future__ import annotations

import random

import patience
from patience.auto import finish_moves
from patience.cards import KING, RANK, RED, parse_card
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


def made_up(r: Rules, rng: random.Random) -> State:
    """A position no walk from a deal is likely to reach: the two foundations of each suit
    at heights of their own, 0 to 13 (full ones often); up to ten piles, each a few
    face-down cards (often none: a pile of face-up cards only) under a King or a random
    card and a built run, sometimes with a stray card beneath the run (so it is lifted from
    the middle); some empty piles on the right; a few cards in the waste, the rest in the
    stock."""
    piles: list[tuple[int, ...]] = [() for _ in r.names]
    down = [0] * len(r.names)
    pack = list(r.pack())
    found = list(r.F)
    rng.shuffle(found)
    for suit in range(4):
        for twin in range(2):
            height = rng.choice([0, 0, rng.randint(1, 12), rng.randint(1, 12), 13, 13])
            cards = tuple(leftfast.CARD[suit][k] for k in range(1, height + 1))
            piles[found[2 * suit + twin]] = cards
            for c in cards:
                pack.remove(c)
    rng.shuffle(pack)
    for t in r.T[:rng.randint(0, len(r.T))]:
        hidden = tuple(pack.pop() for _ in range(min(rng.choice([0, 0, 0, 1, 2, 4]), len(pack))))
        if not pack:
            break
        kings = [c for c in pack if RANK[c] == KING]
        up = [kings[0] if kings and rng.random() < 0.3 else pack[-1]]
        pack.remove(up[0])
        while rng.random() < 0.6:
            fits = [c for c in pack if RANK[c] + 1 == RANK[up[-1]] and RED[c] != RED[up[-1]]]
            if not fits:
                break
            up.append(rng.choice(fits))
            pack.remove(up[-1])
        if pack and rng.random() < 0.2:
            up.insert(0, pack.pop())
        piles[t] = hidden + tuple(up)
        down[t] = len(hidden)
    piles[r.waste] = tuple(pack.pop() for _ in range(rng.randint(0, min(6, len(pack)))))
    piles[r.stock] = tuple(pack)
    return State(tuple(piles), tuple(down))


def test_the_fast_board_plays_as_the_engine_on_made_up_positions() -> None:
    # Each of the moves a walk rarely makes is met, and there the fast board is the engine.
    r = patience.rules("moving_left")
    rng = random.Random(26)
    met: dict[str, int] = dict.fromkeys(("king back", "king right", "mid run", "cascade",
                                         "twins apart", "full"), 0)
    for _ in range(1500):
        s = made_up(r, rng)
        check(r, s)
        board = leftfast.Board(r, s)
        ups, downs, found = board.start[0], board.start[1], board.start[2]
        met["twins apart"] += any(found[2 * k] != found[2 * k + 1] > 0 for k in range(4))
        met["full"] += 13 in found
        for (kind, a, b, m), _child in board.steps(board.start):
            if kind == leftfast.BACK and RANK[a] == KING:
                met["king back"] += 1
            if kind == leftfast.TAB:
                met["king right"] += b == board.n - 1 and not ups[b]
                met["mid run"] += m < len(ups[a])
                met["cascade"] += m == len(ups[a]) and downs[a] == 0
    assert all(met.values()), met


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
