"""Grade the listed deals Easy, Medium or Hard, and show on held-out deals that the grades
predict how often a greedy player wins.

    nice -n 15 .venv/bin/python tools/difficulty.py                # docs/difficulty.md
    .venv/bin/python tools/difficulty.py --sample 30 --playouts 3 --out /tmp/d.md

The grade is the solver's effort on the deal (:mod:`patience.difficulty`): the ``nodes`` of
its won search in the study's results files (``docs/winnability/``), which cost nothing more
to read; ``tools/winnable.py`` writes them into ``winnable.json``.

The check: each list's thresholds are fit on its odd-numbered deals; on its even-numbered
deals (up to ``--sample`` of each grade, the lowest numbers first) a greedy player plays
``--playouts`` games a deal: the first always takes the move whose result the solver's own
heuristic likes best (the ordering behind Hint's rule of thumb, :mod:`patience.suggest`),
never going back to a position seen; the others take the second best one move in five
(seeded, so a rerun gives the same table). The table gives each grade's share of games won.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from winnable import OUT as DATA  # noqa: E402
from winnable import RESULTS, SETS, Set, listed_nodes  # noqa: E402

import patience  # noqa: E402
from patience.difficulty import GRADES, grade_list  # noqa: E402
from patience.game import Move, State  # noqa: E402
from patience.solver import winnable_key  # noqa: E402
from patience.solver.heuristic import make_heuristic  # noqa: E402

OUT = ROOT / "docs" / "difficulty.md"
#: Moves a playout may make before it counts as lost.
MOVE_CAP = 600
#: How often a randomised playout takes the second-best move.
SLIP = 0.2


def playout(game: str, options: dict[str, object], deal: int, seed: int) -> bool:
    """Play a deal greedily (seed 0) or with slips (another seed); return whether it won."""
    return greedy_game(game, options, deal, seed)[0]


def greedy_game(game: str, options: dict[str, object], deal: int,
                seed: int) -> tuple[bool, list[Move]]:
    """Play a deal greedily (seed 0) or with slips; return whether it won and the moves."""
    r = patience.rules(game, options)
    h: Callable[..., int] = make_heuristic(r)
    rng = random.Random(seed)
    s = r.deal(deal)
    seen = {r.key(s)}
    played: list[Move] = []
    for _ in range(MOVE_CAP):
        if r.is_won(s):
            return True, played
        ranked: list[tuple[int, int, State, tuple[object, ...], Move]] = []
        for m in r.legal_moves(s):
            child = r.apply(s, m)
            k = r.key(child)
            if k not in seen:
                ranked.append((h(child), len(ranked), child, k, m))
        if not ranked:
            return False, played
        ranked.sort(key=lambda t: (t[0], t[1]))
        pick = 1 if seed and len(ranked) > 1 and rng.random() < SLIP else 0
        _, _, s, k, m = ranked[pick]
        seen.add(k)
        played.append(m)
    return r.is_won(s), played


def _job(args: tuple[str, dict[str, object], int, int]) -> tuple[int, bool]:
    game, options, deal, seed = args
    return deal, playout(game, options, deal, seed)


def check_set(c: Set, results: Path, data_sets: dict[str, list[int]], sample: int,
              playouts: int, pool: ProcessPoolExecutor) -> tuple[str, list[tuple[int, int, int]],
                                                                    tuple[int, int], int]:
    """Grade a set and play its held-out deals; return its key, per grade (grade, games,
    won), its cuts and the deals listed."""
    game, options, budget = c.game, c.options, c.budget
    key = winnable_key(patience.rules(game, options))
    deals = data_sets.get(key, [])
    graded, cuts = grade_list(listed_nodes(c.results(results), key, budget, deals))
    held: dict[int, list[int]] = {g: [] for g in GRADES}
    for d, g in graded.items():
        if d % 2 == 0 and len(held[g]) < sample:
            held[g].append(d)
    jobs = [(game, options, d, seed) for g in GRADES for d in held[g] for seed in range(playouts)]
    wins: dict[int, int] = {}
    for deal, won in pool.map(_job, jobs, chunksize=4):
        wins[deal] = wins.get(deal, 0) + won
    rows = [(g, len(held[g]) * playouts, sum(wins.get(d, 0) for d in held[g])) for g in GRADES]
    return key, rows, cuts, len(deals)


#: Below this share of games won in every grade, the greedy player is too weak to tell.
TOO_FEW = 0.03


def reading(rows: list[tuple[int, int, int]]) -> str:
    """Say what a set's row shows: whether the win rate falls from Easy to Hard.

    >>> reading([(1, 100, 30), (2, 100, 20), (3, 100, 10)])
    'predicts'
    >>> reading([(1, 100, 2), (2, 100, 0), (3, 100, 1)])
    'no signal: the player wins almost none'
    >>> reading([(1, 100, 4), (2, 100, 4), (3, 100, 5)])
    'does not predict'
    """
    rates = [w / g if g else 0.0 for _, g, w in rows]
    if all(r < TOO_FEW for r in rates):
        return "no signal: the player wins almost none"
    falls = rates[0] > rates[-1] and all(a >= b for a, b in itertools.pairwise(rates))
    return "predicts" if falls else "does not predict"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sample", type=int, default=40, help="held-out deals of each grade a set")
    p.add_argument("--playouts", type=int, default=4, help="games a held-out deal")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--set", action="append", default=[], help="only these games")
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    start = time.perf_counter()
    lines = [
        "# How hard is a listed deal?",
        "",
        "Made by `nice -n 15 .venv/bin/python tools/difficulty.py "
        f"--sample {args.sample} --playouts {args.playouts}` from the study's results files "
        "and `static/data/winnable.json`; the measure and the player are described in "
        "`py/patience/difficulty.py` and `tools/difficulty.py`.",
        "",
        "Each listed deal's grade is the solver's effort to win it (the `nodes` of its search "
        "in `docs/winnability/`): a list's thirds by effort, cut on its odd-numbered deals. "
        "The table plays the even-numbered deals, which the cuts never saw: up to "
        f"{args.sample} of each grade, {args.playouts} games each by a greedy player (the "
        "move the solver's heuristic likes best, no position twice; all but the first game "
        f"take the second-best move one time in {round(1 / SLIP)}). A grade that predicts "
        "wins Easy more often than Medium, and Medium more often than Hard.",
        "",
        "| list | deals | Easy up to (nodes) | Medium up to | Easy won | Medium won | Hard won "
        "| reading |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        for c in SETS:
            if args.set and c.game not in args.set:
                continue
            key, rows, cuts, n = check_set(c, RESULTS, data["sets"], args.sample,
                                           args.playouts, pool)
            if not n:
                lines.append(f"| {key} | 0 | | | | | | no deals listed yet |")
                continue
            cells = [f"{w}/{g} ({100 * w / g:.0f}%)" if g else "-" for _, g, w in rows]
            lines.append(f"| {key} | {n} | {cuts[0]:,} | {cuts[1]:,} | " + " | ".join(cells)
                         + f" | {reading(rows)} |")
            print(lines[-1], file=sys.stderr, flush=True)
    load = os.getloadavg()[0]
    lines += ["", f"({time.perf_counter() - start:.0f} s on {args.workers} workers at "
              f"`nice -n 15`, the machine's load average {load:.0f} at the end.)", ""]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
