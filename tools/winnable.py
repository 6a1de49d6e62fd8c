"""Write ``static/data/winnable.json``: deals the solver has won, for each game's main options.

    .venv/bin/python tools/winnable.py                      # every set (about 17 minutes)
    .venv/bin/python tools/winnable.py --set freecell --out /tmp/w.json
    .venv/bin/python tools/winnable.py --set bakers_dozen --merge   # one set into the file
    .venv/bin/python tools/winnable.py --ray HOST:6379      # on a Ray cluster ('.[study]')

For each set (a game with options) deals 1, 2, 3, ... are searched, each under the set's
node budget (never a time limit, so a run gives the same file on any machine), until
``target`` deals are solved or ``limit`` deals were tried. It is a use of the winnability
study (:mod:`patience.study`): the deals are shared among worker processes (every core, or
``--workers``) or a Ray cluster (``--ray``), a few ahead of the last one needed, and the
list is read in deal order, so it is the list a one-deal-at-a-time run would give. Every
listed deal is a verified win: ``solve`` replays its moves through ``Rules.play`` before it
says "solved".

The file::

    {"version": 1,
     "command": "python tools/winnable.py",
     "sets": {"<key>": [deal numbers solved, ascending], ...},
     "budgets": {"<key>": nodes per deal, ...},
     "tried": {"<key>": deals tried (1..N), ...}}

A key is ``patience.solver.winnable_key(rules)``: the game id, then ``:`` and the options
that change which deals can be won, ``name=value`` sorted by name and joined by ``,``
(``klondike:draw=1,passes=3,takeback=yes``, ``spider:suits=2``, ``freecell``). A deal
missing from a list is not known to be lost: it was unknown within the budget, or proven
unwinnable, or past the deals tried.

``--merge`` keeps the sets already in the file (``--out``) and replaces only those run, so a
new game's list needs no rerun of the others; the file's command then names both runs.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402
from patience import study  # noqa: E402
from patience.solver import winnable_key  # noqa: E402

OUT = ROOT / "static" / "data" / "winnable.json"


@dataclass(frozen=True)
class Set:
    """One list: a game and options, the node budget a deal, and when to stop."""

    game: str
    options: dict[str, object]
    budget: int
    target: int = 100
    limit: int = 150


# Budgets and limits keep the whole run under 20 minutes on a 2-core machine; sets the
# solver finds hard (Spider in 2 and 4 suits, Roosevelt, Moving Left) get fewer deals.
SETS: tuple[Set, ...] = (
    Set("freecell", {}, 50_000),
    Set("klondike", {"draw": 1}, 60_000, limit=160),
    Set("klondike", {"draw": 3}, 60_000, limit=300),
    Set("spider", {"suits": 1}, 20_000),
    Set("spider", {"suits": 2}, 20_000, limit=25),
    Set("spider", {"suits": 4}, 10_000, limit=10),
    Set("pyramid", {}, 100_000, limit=200),
    Set("yukon", {}, 20_000),
    Set("streets_and_alleys", {}, 20_000, limit=480),
    Set("all_in_a_row", {}, 300_000, limit=170),
    Set("roosevelt", {}, 10_000, limit=10),
    Set("moving_left", {}, 10_000, limit=10),
)
# A game in the registry with no line of its own above gets one: its default options and
# 20,000 nodes a deal.
SETS += tuple(Set(g, {}, 20_000) for g in patience.GAMES if all(c.game != g for c in SETS))


def run_set(c: Set, workers: int | None = None,
            ray: str | None = None) -> tuple[str, list[int], int]:
    """Solve deals 1, 2, ... of a set; return its key, the deals solved and how many were
    tried: the first ``target`` deals solved, in deal order, and the last deal that took."""
    r = patience.rules(c.game, c.options)
    verdicts: dict[int, str] = {}
    won: list[int] = []
    tried = 0
    found = study.rows(c.game, dict(r.options), range(1, c.limit + 1), c.budget,
                       workers=workers, ray=ray)
    try:
        for row in found:
            verdicts[row.deal] = row.verdict
            # Deals finish out of order; count them in order, as far as all are known.
            while tried + 1 in verdicts and len(won) < c.target:
                tried += 1
                if verdicts[tried] == "solved":
                    won.append(tried)
            if len(won) >= c.target or tried >= c.limit:
                break
    finally:
        found.close()
    return winnable_key(r), won, tried


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", action="append", default=[], metavar="KEY",
                   help="only these sets (their keys, or a game id for all its sets)")
    p.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    p.add_argument("--merge", action="store_true",
                   help="keep the other sets already in the file, replacing only these")
    p.add_argument("--workers", type=int, help="worker processes (default: every core)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="solve on Ray: a cluster's host:port, auto, or local")
    args = p.parse_args(argv)
    chosen = [c for c in SETS if not args.set or c.game in args.set
              or winnable_key(patience.rules(c.game, c.options)) in args.set]
    if not chosen:
        p.error("no such set")
    command = shlex.join(["python", "tools/winnable.py", *(argv if argv is not None
                                                         else sys.argv[1:])])
    data: dict[str, object] = {"version": 1, "command": command}
    sets: dict[str, list[int]] = {}
    budgets: dict[str, int] = {}
    tried: dict[str, int] = {}
    if args.merge and args.out.exists():
        old = json.loads(args.out.read_text(encoding="utf-8"))
        data["command"] = f"{old['command']} && {command}"
        sets, budgets, tried = old["sets"], old["budgets"], old["tried"]
    for c in chosen:
        start = time.perf_counter()
        key, won, n = run_set(c, args.workers, args.ray)
        sets[key], budgets[key], tried[key] = won, c.budget, n
        print(f"{key}: {len(won)} of deals 1-{n} solved at {c.budget:,} nodes "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    data.update(sets=sets, budgets=budgets, tried=tried)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
