"""Fit a linear Roosevelt beam score to the study's won lines, and try it (issue 27; not kept:
docs/solver.md, session 30, says what it did).

    python tools/roosevelt_fit.py                      # fit, cross-check by folds
    python tools/roosevelt_fit.py --beams 2005 2031    # and a seeded beam under each score

For each won deal in ``docs/winnability/roosevelt.jsonl`` (rows with a line) the line is
replayed through the checked API and its position at each stock card (just before the next
turn) is a positive; a beam 48 wide under ``onepass``'s own score is run on the deal and the
positions it rated at the same stock card, other than the line's, are the negatives (a sample
of them). The weights minimise the pairwise logistic loss of positive against negative
(``FEATURES``, each term scaled by its spread), with a little L2. Four folds by deal say how
well each score ranks a held-out line's position among its level: the share of pairs ranked
right and the share of levels where the line's position beats every negative sampled. Both
are biased towards ``onepass``'s own score, under which the lines were found; ``--beams``
runs the real test, one beam 48 wide (seed 1, 25,000 positions) a deal under each score:
wins, the most cards up and CPU seconds. Standard library only, like the engine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402
from patience.cards import RANK, SUIT  # noqa: E402
from patience.knownline import replay, split  # noqa: E402
from patience.solver import api, onepass  # noqa: E402
from patience.solver.search import drain  # noqa: E402
from patience.solver.stockbeam import buried  # noqa: E402

ROWS = ROOT / "docs" / "winnability" / "roosevelt.jsonl"
WIDTH, BUDGET, NEGATIVES = 48, 40_000, 12
# Onepass's own score as weights of ``FEATURES`` (the base to compare with).
BASE = (10.0, -3.0, -5.0, -3.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

Level = tuple[list[int], list[list[int]]]

FEATURES = ("up", "disorder", "buried", "waste", "empty", "twin_lag", "suit_spread",
            "block_tableau", "block_waste", "ready", "tall")
# How many of the next stock cards ``ready`` looks at.
AHEAD = 12


def waste_of(play: onepass._Play, pos: onepass.Position) -> list[int]:
    """The waste's cards, bottom first."""
    deck, gone = play.deck, pos[2]
    return [deck[i] for i in range(pos[3]) if not gone >> i & 1]


def features(play: onepass._Play, tab: Sequence[tuple[int, ...]], found: tuple[int, ...],
             waste: list[int], p: int) -> list[int]:
    """The terms of ``FEATURES`` for a position: its tableau, foundations (per suit, highest
    first), waste (bottom first) and pointer."""
    onto = play.onto
    decks = len(found) // 4
    disorder = 0
    tall = 0
    tops: list[int] = []
    for pile in tab:
        if pile:
            tops.append(pile[-1])
        tall += max(0, len(pile) - 4)
        for i in range(1, len(pile)):
            if pile[i] not in onto[pile[i - 1]]:
                disorder += 1
    lows = [min(found[s * decks:(s + 1) * decks]) for s in range(4)]
    lag = sum(max(found[s * decks:(s + 1) * decks]) - lows[s] for s in range(4))
    # The cards the foundations take next (a card's id is (rank - 1) * 4 + suit), and how
    # many cards lie on their nearest copy.
    wanted = {h * 4 + s for s in range(4)
              for h in set(found[s * decks:(s + 1) * decks]) if h < 13}
    block_t = 0
    for c in wanted:
        depth = [len(pile) - 1 - i for pile in tab for i, d in enumerate(pile) if d == c]
        if depth:
            block_t += min(depth)
    block_w = 0
    for c in wanted:
        for i in range(len(waste) - 1, -1, -1):
            if waste[i] == c:
                block_w += len(waste) - 1 - i
                break
    ready = 0
    empty = len(tops) < len(tab)
    for c in play.deck[p:p + AHEAD]:
        low = SUIT[c] * decks
        if empty or RANK[c] - 1 in found[low:low + decks] or any(c in onto[t] for t in tops):
            ready += 1
    return [sum(found), disorder, buried(waste), len(waste), len(tab) - len(tops), lag,
            max(lows) - min(lows), block_t, block_w, ready, tall]


def rating(weights: Sequence[float]) -> onepass.Score:
    """A beam score weighing ``features`` by ``weights``."""

    def score(play: onepass._Play, pos: onepass.Position) -> int:
        """The rating of a position (higher is better), in thousandths."""
        f = features(play, pos[0], pos[1], waste_of(play, pos), pos[3])
        return round(1000 * sum(w * x for w, x in zip(weights, f, strict=True)))

    return score


def won_lines() -> dict[int, str]:
    """The won deals' lines (the last row of a deal counts)."""
    out: dict[int, str] = {}
    for text in ROWS.read_text().splitlines():
        row = json.loads(text)
        if "deal" in row and row.get("verdict") == "solved" and row.get("line"):
            out[row["deal"]] = row["line"]
    return out


def levels(deal: int, line: str, rng: random.Random) -> list[Level]:
    """The positive and the sampled negatives at every stock card of the deal's line."""
    r = patience.rules("roosevelt", {})
    root = r.deal(deal)
    play = onepass._Play(r, root)
    n_deck = play.n_deck
    moves = split(line)
    states = replay(r, root, moves)
    pos: dict[int, list[int]] = {}
    for s, m in zip(states, [*moves, ""], strict=True):
        p = n_deck - len(s.piles[r.stock])
        if m in {"stock>waste", ""} or p not in pos:
            heights = onepass._heights(r, s)
            pos[p] = features(play, [tuple(s.piles[t]) for t in r.T], heights,
                                     list(s.piles[r.waste]), p)
    rated: dict[int, list[tuple[int, list[int]]]] = {}

    def rate(play_: onepass._Play, q: onepass.Position) -> int:
        own = onepass._score(play_, q)
        rated.setdefault(q[3], []).append(
            (own, features(play_, q[0], q[1], waste_of(play_, q), q[3])))
        return own

    drain(onepass.beam(r, root, BUDGET, WIDTH, 0, 1, None, rate))
    out: list[Level] = []
    for p, plus in pos.items():
        # The positions the beam kept at this stock card (its ``WIDTH`` best), not every
        # one it rated: those are mostly half-played (a move still to make on the level),
        # and a fit against them learns to prefer the moves not yet made.
        kept = sorted(rated.get(p, []), key=lambda sf: -sf[0])[:WIDTH]
        others = [f for _, f in kept if f != plus]
        if others:
            out.append((plus, rng.sample(others, min(NEGATIVES, len(others)))))
    return out


def fit(data: list[Level], l2: float = 0.01, rounds: int = 300) -> list[float]:
    """Weights minimising the pairwise logistic loss (full-batch gradient descent on terms
    scaled by their spread)."""
    pairs = [[a - b for a, b in zip(plus, minus, strict=True)]
             for plus, minus_all in data for minus in minus_all]
    n = len(FEATURES)
    spread = [math.sqrt(sum(d[i] ** 2 for d in pairs) / len(pairs)) or 1.0 for i in range(n)]
    xs = [[d[i] / spread[i] for i in range(n)] for d in pairs]
    w = [BASE[i] * spread[i] / 10 for i in range(n)]
    rate = 0.5
    for _ in range(rounds):
        grad = [l2 * wi for wi in w]
        for x in xs:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            g = -1.0 / (1.0 + math.exp(min(z, 50.0))) / len(xs)
            for i in range(n):
                grad[i] += g * x[i]
        w = [wi - rate * gi for wi, gi in zip(w, grad, strict=True)]
    # Back to raw terms, scaled so that a card up weighs 10 (as in onepass's score).
    raw = [w[i] / spread[i] for i in range(n)]
    k = 10 / raw[0] if raw[0] > 0 else 1.0
    return [x * k for x in raw]


def judge(data: list[Level], w: list[float] | tuple[float, ...]) -> tuple[float, float]:
    """The share of pairs ranked right (ties count half) and of levels where the line's
    position beats all but at most a beam's width of the negatives sampled, scaled."""
    right = total = 0.0
    for plus, minus in data:
        sp = sum(a * b for a, b in zip(w, plus, strict=True))
        for m in minus:
            sm = sum(a * b for a, b in zip(w, m, strict=True))
            right += 1.0 if sp > sm else 0.5 if sp == sm else 0.0
            total += 1
    first = sum(1 for plus, minus in data
                if all(sum(a * b for a, b in zip(w, plus, strict=True))
                       >= sum(a * b for a, b in zip(w, m, strict=True)) for m in minus))
    return right / total, first / len(data)


def beams(deals: list[int], weights: Sequence[float]) -> None:
    """One beam 48 wide (seed 1, 25,000 positions) a deal under each score: a row a deal and
    score (verdict, most cards up, positions, CPU seconds), then the totals."""
    r = patience.rules("roosevelt", {})
    total: dict[str, list[float]] = {}
    for name, score in (("onepass", None), ("learnt", rating(weights))):
        for deal in deals:
            root = r.deal(deal)
            reach = [0]
            cpu = time.process_time()
            verdict, moves, nodes = drain(onepass.beam(r, root, 25_000, WIDTH, 0, 1, reach,
                                                       score))
            cpu = time.process_time() - cpu
            if verdict == "solved":
                api._check(r, root, moves)
            print(f"{name} {deal}: {verdict}, {reach[0]} up, {nodes} positions, {cpu:.2f} s",
                  flush=True)
            t = total.setdefault(name, [0, 0, 0])
            t[0] += verdict == "solved"
            t[1] += reach[0]
            t[2] += cpu
    for name, (won, up, cpu) in total.items():
        print(f"{name}: {won:.0f} of {len(deals)} won, {up / len(deals):.1f} cards up on"
              f" average, {cpu:.1f} CPU-s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--beams", type=int, nargs="*", default=[], metavar="DEAL",
                    help="then run a beam under each score on these deals")
    ap.add_argument("--cache", default="/tmp/roosevelt_fit.json",
                    help="where the levels are kept between runs")
    args = ap.parse_args(argv)
    rng = random.Random(27)
    cache = Path(args.cache)
    by_deal: dict[int, list[Level]] = {}
    if cache.exists():
        by_deal = {int(k): [(a, b) for a, b in v]
                   for k, v in json.loads(cache.read_text()).items()}
    for deal, line in sorted(won_lines().items()):
        if deal not in by_deal:
            by_deal[deal] = levels(deal, line, rng)
            print(f"deal {deal}: {len(by_deal[deal])} levels", flush=True)
            cache.write_text(json.dumps(by_deal))
    deals = sorted(by_deal)
    folds = 4
    for name, learn in (("onepass", False), ("learnt", True)):
        scores = []
        for k in range(folds):
            test = [lv for d in deals[k::folds] for lv in by_deal[d]]
            train = [lv for i, d in enumerate(deals) if i % folds != k for lv in by_deal[d]]
            scores.append(judge(test, fit(train) if learn else BASE))
        pairs = sum(s[0] for s in scores) / folds
        first = sum(s[1] for s in scores) / folds
        print(f"{name}: held-out folds, pairs ranked right {pairs:.1%},"
              f" line's position first {first:.1%}")
    w = fit([lv for d in deals for lv in by_deal[d]])
    print("weights:", ", ".join(f"{n} {x:.2f}" for n, x in zip(FEATURES, w, strict=True)))
    if args.beams:
        beams(args.beams, w)
    return 0


if __name__ == "__main__":
    sys.exit(main())
