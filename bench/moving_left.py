"""Moving Left's beams on the fast board (``solver/leftfast.py``, ``solver/leftbeam.py``),
measured (docs/solver.md, session 32): a scan of deals with the cards-up distribution, the
same beams on relaxed boards (how far wins are), and where the best line stalls.

    PYTHONPATH=py python bench/moving_left.py scan 1 400 --width 25
    PYTHONPATH=py python bench/moving_left.py scan 1 20 --width 25 --board loose
    PYTHONPATH=py python bench/moving_left.py stall 1 6 --width 25
    PYTHONPATH=py python bench/moving_left.py scan 1 20 --search playouts --budget 40000
    PYTHONPATH=py python bench/moving_left.py scan 1 7 --search nested --width 6

Searches: ``beam`` (``leftbeam.beam``, ``--width`` wide), ``playouts`` (``leftnest.playouts``,
greedy playouts in seeded orders until ``--budget``: the page's and the study's since session
33), ``nested`` (``leftnest.nested`` at nesting 1, ``--width`` positions a stock card, one
order).

Boards: ``real`` (the game), ``up`` (every tableau card dealt face up), ``loose`` (every waste
card plays, not only the top one), ``loose<k>`` (the waste's top k cards play). A relaxed
board's "wins" are not wins of the real game and are not replayed; a real one is, through the
checked API.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

import patience
from patience.cards import KING, RANK, card_str
from patience.game import State
from patience.rules import Rules
from patience.solver import leftbeam, leftnest
from patience.solver.api import _check
from patience.solver.leftfast import CARD, FOUNDATION, ON, WASTE, Board, Pos, Step, _put, _raised
from patience.solver.search import drain


class LooseBoard(Board):
    """A board whose waste is a row of free cards (step ``(WASTE, i, b, 1)``: card ``i``),
    or its top ``DEPTH`` cards where that is not 0."""

    DEPTH = 0

    def steps(self, pos: Pos, back: bool = True, turn: bool = True) -> list[tuple[Step, Pos]]:
        out = super().steps(pos, back, turn)
        ups, downs, found, waste, p = pos
        n = self.n
        tops = [u[-1] if u else -1 for u in ups]
        for i in range(max(0, len(waste) - self.DEPTH) if self.DEPTH else 0, len(waste) - 1):
            c = waste[i]
            rest = waste[:i] + waste[i + 1:]
            j = self._rise(found, c)
            if j >= 0:
                out.append(((WASTE, i, FOUNDATION, 1), (ups, downs, _raised(found, j), rest, p)))
            for b in range(n):
                top = tops[b]
                if ON[c][top] if top >= 0 else b == n - 1 and RANK[c] == KING:
                    out.append(((WASTE, i, b, 1),
                                self._fix((_put(ups, b, c), downs, found, rest, p))))
        return out

    def finish(self, pos: Pos) -> list[Step] | None:
        if pos[4] < len(self.deck):
            return None
        while self.up(pos) < self.cards:
            ups, downs, found, waste, p = pos
            first = max(0, len(waste) - self.DEPTH) if self.DEPTH else 0
            i = next((i for i in range(first, len(waste)) if self._rise(found, waste[i]) >= 0),
                     -1)
            if i >= 0:
                pos = (ups, downs, _raised(found, self._rise(found, waste[i])),
                       waste[:i] + waste[i + 1:], p)
                continue
            a = next((a for a, u in enumerate(ups) if u and self._rise(found, u[-1]) >= 0), -1)
            if a < 0:
                return None
            pos = self._take(pos, a, 1, FOUNDATION, ups[a][-1])
        return []


def loose(k: int) -> type[LooseBoard]:
    """A ``LooseBoard`` whose waste's top ``k`` cards play."""
    return type(f"Loose{k}", (LooseBoard,), {"DEPTH": k})


def face_up(r: Rules, s: State) -> State:
    """``s`` with every tableau card face up."""
    down = list(s.down)
    for t in r.T:
        down[t] = 0
    return State(s.piles, tuple(down), s.recycles, s.score)


def board_kind(name: str) -> type[Board]:
    """The board named on the command line."""
    if name in ("real", "up"):
        return Board
    if name == "loose":
        return LooseBoard
    return loose(int(name.removeprefix("loose")))


def run(r: Rules, deal: int, width: int, board: str, seed: int | None,
        weights: tuple[int, ...], budget: int,
        search: str = "beam") -> tuple[dict[str, object], Board, Pos | None]:
    """One search on one deal: its row, its board and the position with the most cards up
    (the beam's only)."""
    s = r.deal(deal)
    if board == "up":
        s = face_up(r, s)
    kind = board_kind(board)
    reach = [0]
    best: list[Pos] = []
    t = time.process_time()
    if search == "playouts":
        verdict, moves, nodes = drain(leftnest.playouts(r, s, budget, up=reach))
    elif search == "nested":
        verdict, moves, nodes = drain(leftnest.nested(r, s, budget, 1, width, seed=seed,
                                                      weights=weights, up=reach))
    else:
        verdict, moves, nodes = drain(leftbeam.beam(r, s, budget, width, 0, seed, weights,
                                                    reach, kind, best))
    if verdict == "solved" and kind is Board:
        _check(r, s, moves)
    row: dict[str, object] = {"deal": deal, "search": search, "board": board, "width": width,
                              "seed": seed,
                              "verdict": verdict, "nodes": nodes, "up": reach[0],
                              "cpu": round(time.process_time() - t, 2)}
    return row, kind(r, s), best[0] if best else None


def stall(board: Board, pos: Pos) -> list[str]:
    """Where the cards the foundations want next lie in ``pos``: each with its places."""
    ups, downs, found, waste, p = pos
    out = []
    for suit in range(4):
        for i in (2 * suit, 2 * suit + 1):
            h = found[i]
            if h == 13 or (i % 2 and found[i - 1] == h):
                continue
            c = CARD[suit][h + 1]
            places = []
            for t in range(board.n):
                if c in ups[t]:
                    places.append(f"t{t + 1} up under {len(ups[t]) - 1 - ups[t].index(c)}")
                hid = board.hidden[t][:downs[t]]
                if c in hid:
                    places.append(f"t{t + 1} face down under "
                                  f"{downs[t] - hid.index(c) - 1 + len(ups[t])}")
            places += [f"waste under {len(waste) - 1 - j}" for j, w in enumerate(waste) if w == c]
            places += ["stock" for j in range(p, len(board.deck)) if board.deck[j] == c]
            out.append(f"{card_str(c)}: {'; '.join(places)}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("scan", "stall"))
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--width", type=int, default=25)
    ap.add_argument("--board", default="real")
    ap.add_argument("--search", choices=("beam", "playouts", "nested"), default="beam")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--weights", default=",".join(map(str, leftbeam.WEIGHTS)))
    ap.add_argument("--budget", type=int, default=10**9)
    a = ap.parse_args()
    r = patience.rules("moving_left")
    weights = tuple(int(w) for w in a.weights.split(","))
    ups: Counter[int] = Counter()
    won = 0
    cpu = 0.0
    for deal in range(a.first, a.last + 1):
        row, board, best = run(r, deal, a.width, a.board, a.seed, weights, a.budget, a.search)
        if a.what == "stall" and best is not None and row["verdict"] != "solved":
            row["waste"], row["down"] = len(best[3]), sum(best[1])
            row["stock_left"] = len(board.deck) - best[4]
            row["wanted"] = stall(board, best)
        print(json.dumps(row), flush=True)
        won += row["verdict"] == "solved"
        cpu += float(str(row["cpu"]))
        ups[int(str(row["up"])) // 10 * 10] += 1
    print(f"won {won} of {a.last - a.first + 1} in {cpu:.1f} CPU-s; best cards up by tens: "
          f"{dict(sorted(ups.items()))}")


if __name__ == "__main__":
    main()
