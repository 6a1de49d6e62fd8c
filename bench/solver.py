"""Solver bench: verdicts and times over a fixed list of deals, for every game.

    python3 bench/solver.py               # the full run (long: FreeCell and All in a Row 1000)
    python3 bench/solver.py --quick       # 10 deals a game, a smoke run
    python3 bench/solver.py --deals 100   # deals 1-100 of every game
    python3 bench/solver.py --game freecell --game klondike-1
    python3 bench/solver.py --pyodide --deals 50   # the same table inside Pyodide under Node

Deals are 1..N of each game, the same every run. Each deal is searched under a node budget
(never a time limit), chosen so that one search takes at most about 10 s on an idle 2-core
machine; positions per second is the nodes expanded over the time taken, all deals together.
Where the issue sets a time aim (All in a Row 2 s, Klondike draw 1 10 s), the "aim" column
counts the deals decided within that time: on a busy machine, or in Pyodide, it reads low.
Issue 17's aims (Spider solved 99/90/60% for 1/2/4 suits; Pyramid, Yukon, Streets and Alleys
97% decided; FreeCell all solved with a median of at most 8 ms) are printed, met or not, for
the deals run: the issue measures them on 200 deals of each game with budgets of up to about
30 s a deal. Roosevelt and Moving Left are measured as issue 27 asks: the share of deals
1-400 won at the winnable list's budget, with the figure recorded before that issue's
searches printed under the table.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402
from patience.solver import solve  # noqa: E402


@dataclass(frozen=True)
class Config:
    """One line of the table: a game with options, how many deals, and the node budget."""

    label: str
    game: str
    options: dict[str, object]
    deals: int
    budget: int
    # The time aim for one deal, in seconds, where it sets one: the table then also
    # counts the deals decided within it.
    limit: float | None = None
    # Issue 17's aim for the line, where it sets one: a share of deals "solved" or "decided",
    # or the "median" time in ms (every deal solved too).
    target: tuple[str, float] | None = None
    # A figure recorded before a change to the line's search, printed under the table beside
    # the one measured (issue 27: Roosevelt's and Moving Left's won share).
    before: str = ""


CONFIGS: tuple[Config, ...] = (
    Config("freecell", "freecell", {}, 1000, 200_000, target=("median", 8.0)),
    Config("klondike-1", "klondike", {"draw": 1}, 200, 240_000, 10.0),
    Config("klondike-3", "klondike", {"draw": 3}, 100, 240_000),
    Config("spider-1", "spider", {"suits": 1}, 200, 200_000, target=("solved", 0.99)),
    Config("spider-2", "spider", {"suits": 2}, 200, 200_000, target=("solved", 0.90)),
    Config("spider-4", "spider", {"suits": 4}, 200, 600_000, target=("solved", 0.60)),
    Config("pyramid", "pyramid", {}, 200, 100_000, target=("decided", 0.97)),
    Config("yukon", "yukon", {}, 200, 400_000, target=("decided", 0.97)),
    Config("streets_and_alleys", "streets_and_alleys", {}, 200, 600_000,
           target=("decided", 0.97)),
    Config("all_in_a_row", "all_in_a_row", {}, 1000, 900_000, 2.0),
    # Issue 27 withdrew issue 17's "90% decided" for these two (no whole deal can be proven
    # lost); it measures the share of deals 1-400 won at the winnable list's budget.
    Config("roosevelt", "roosevelt", {}, 400, 100_000,
           before="before issue 27 (one beam on a third of the budget, then the exact search):"
                  " 0 of deals 1-50 won at 10,000 (the list's budget then), 2 of 1-50 (4.0%)"
                  " at 600,000, 3 of 1-400 (0.75%) with the beam alone 100 wide"),
    Config("moving_left", "moving_left", {}, 400, 100_000,
           before="before issue 27 (the general search): 0 of deals 1-50 won at 10,000 and"
                  " at 40,000; no search had won a Moving Left deal"),
)
# A game in the registry with no line of its own above gets one: its default options, deals
# 1-50 and the budget most lines use.
CONFIGS += tuple(Config(g, g, {}, 50, 40_000) for g in patience.GAMES
                 if all(c.game != g for c in CONFIGS))


def run(c: Config, deals: int, budget: int) -> str:
    """Solve deals 1..``deals`` and return the table row."""
    r = patience.rules(c.game, c.options)
    counts = {"solved": 0, "unwinnable": 0, "unknown": 0}
    times: list[float] = []
    nodes = 0
    in_time = 0
    for deal in range(1, deals + 1):
        start = time.perf_counter()
        result = solve(r, r.deal(deal), budget=budget)
        took = time.perf_counter() - start
        times.append(took)
        counts[result.verdict] += 1
        nodes += result.nodes
        if result.verdict != "unknown" and (c.limit is None or took <= c.limit):
            in_time += 1
    decided = (counts["solved"] + counts["unwinnable"]) / deals
    timely = f"{in_time / deals:.1%} within {c.limit:g} s" if c.limit is not None else "-"
    rate = nodes / sum(times) if sum(times) else 0.0
    median_ms = statistics.median(times) * 1000
    return (f"| {c.label} | {deals} | {budget:,} | {counts['solved']} | "
            f"{counts['unwinnable']} | {counts['unknown']} | {decided:.1%} | {timely} | "
            f"{target_text(c, counts['solved'] / deals, decided, median_ms)} | "
            f"{median_ms:,.0f} | {max(times) * 1000:,.0f} | {rate:,.0f} |")


def target_text(c: Config, solved: float, decided: float, median_ms: float) -> str:
    """Issue 17's aim for the line and whether this run met it, or "-" where it sets none."""
    if c.target is None:
        return "-"
    kind, value = c.target
    if kind == "median":
        met = median_ms <= value and solved == 1.0
        return (f"all solved, median ≤ {value:g} ms: {'met' if met else 'not met'}"
                f" ({solved:.1%}, {median_ms:,.1f} ms)")
    share = solved if kind == "solved" else decided
    return f"≥ {value:.0%} {kind}: {'met' if share >= value else 'not met'} ({share:.1%})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="10 deals a game")
    p.add_argument("--deals", type=int, help="deals 1..N of every game")
    p.add_argument("--budget", type=int, help="override every node budget")
    p.add_argument("--game", action="append", default=[],
                   help="only these lines (labels such as freecell, klondike-1)")
    p.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    args = p.parse_args(argv)
    if args.pyodide:
        rest = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--pyodide"]
        cmd = [sys.executable, str(ROOT / "tools" / "pyodide_tests.py"), "--script",
               "bench/solver.py", *rest]
        return subprocess.call(cmd, cwd=ROOT)
    configs = [c for c in CONFIGS if not args.game or c.label in args.game]
    if not configs:
        p.error(f"no such line; lines: {', '.join(c.label for c in CONFIGS)}")
    print(f"{platform.python_implementation()} {platform.python_version()} "
          f"on {sys.platform}\n")
    print("| game | deals | budget | solved | unwinnable | unknown | decided | time aim "
          "| issue 17's aim | median ms | max ms | positions/s |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|")
    for c in configs:
        deals = 10 if args.quick else (args.deals or c.deals)
        print(run(c, deals, args.budget or c.budget), flush=True)
    for c in configs:
        if c.before:
            print(f"\n{c.label}, {c.before}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
