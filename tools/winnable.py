"""Write ``static/data/winnable.json``: deals the solver has won, for each game's main options.

    .venv/bin/python tools/winnable.py                      # every set, from docs/winnability/
    .venv/bin/python tools/winnable.py --set freecell --out /tmp/w.json
    .venv/bin/python tools/winnable.py --set bakers_dozen --merge   # one set into the file
    .venv/bin/python tools/winnable.py --ray HOST:6379      # on a Ray cluster ('.[study]')

For each set (a game with options) deals 1, 2, 3, ... are searched, each under the set's
node budget (never a time limit, so a run gives the same file on any machine), until
``target`` deals are solved or ``limit`` deals were tried. It is a use of the winnability
study (:mod:`patience.study`): the verdicts are the study's results files in
``docs/winnability/`` (``--results``), the same files ``docs/winnability.md`` is written
from. Deals a file lacks are solved by the study, which appends them to it (on every core,
``--workers``, or a Ray cluster, ``--ray``); a set whose file already covers it solves
nothing. The list is read in deal order, so it is the list a one-deal-at-a-time run would
give. Every listed deal is a verified win: ``solve`` replays its moves through
``Rules.play`` before it says "solved".

The file::

    {"version": 2,
     "command": "python tools/winnable.py",
     "sets": {"<key>": [deal numbers solved, ascending], ...},
     "budgets": {"<key>": nodes per deal, ...},
     "tried": {"<key>": deals tried (1..N), ...},
     "difficulty": {"<key>": {"<deal>": 1 | 2 | 3, ...}, ...},
     "lines": {"<key>": "lines/<set>.json", ...}}

``difficulty`` grades every listed deal 1 easy, 2 medium, 3 hard, from the search's effort
in the results files (``tools/difficulty.py``, :mod:`patience.difficulty`); version 1 had
none. ``lines`` names the files of the listed deals' known wins, written by
``tools/lines.py`` (:mod:`patience.knownline`); this tool keeps it as it is.

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
import math
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402
from patience import study  # noqa: E402
from patience.difficulty import grade_list  # noqa: E402
from patience.solver import winnable_key  # noqa: E402

OUT = ROOT / "static" / "data" / "winnable.json"
RESULTS = ROOT / "docs" / "winnability"


@dataclass(frozen=True)
class Set:
    """One list: a game and options, the node budget a deal, when to stop, and the study's
    results file it is read from (in ``--results``)."""

    game: str
    options: dict[str, object]
    budget: int
    target: int = 1000
    limit: int = 1200
    file: str = ""

    def results(self, folder: Path) -> Path:
        return folder / (self.file or f"{self.game}.jsonl")


# Budgets are the study's (docs/winnability.md); limits stop a set the solver finds hard
# before it costs hours. Roosevelt's list comes from a long study at low priority (issue 27:
# 200 won deals; its beams win a few deals in a hundred at 100,000 positions, some 5 s a
# deal), resumed across sessions: list it with --no-solve as far as the study went. Moving
# Left's likewise, since session 33's playouts won deals (about one in ten at 12,000, every
# win of deals 1-75 at 20,000 within 8,260; a few seconds a deal).
SETS: tuple[Set, ...] = (
    Set("freecell", {}, 50_000),
    Set("klondike", {"draw": 1}, 60_000, limit=1400, file="klondike-draw1.jsonl"),
    Set("klondike", {"draw": 3}, 60_000, limit=2000, file="klondike-draw3.jsonl"),
    Set("spider", {"suits": 1}, 100_000, limit=1100, file="spider1.jsonl"),
    Set("spider", {"suits": 2}, 200_000, limit=1200, file="spider2.jsonl"),
    Set("spider", {"suits": 4}, 200_000, limit=1400, file="spider4.jsonl"),
    Set("pyramid", {}, 100_000, limit=1800),
    Set("yukon", {}, 50_000, limit=1800),
    Set("streets_and_alleys", {}, 40_000, limit=3300),
    Set("all_in_a_row", {}, 300_000, limit=1800),
    Set("roosevelt", {}, 100_000, target=200, limit=60_000),
    Set("moving_left", {}, 12_000, target=200, limit=4000),
    # Golf decides most deals within 500,000 positions (deals 1-16: the longest loss proven
    # at 428,000; at 20,000 three deals in four stayed unknown), a few seconds each; about a
    # deal in five is won. Forty Thieves' beams (solver/forty.py) win about half the deals
    # at 100,000 positions, a minute each on a loaded machine: enough for a daily deal.
    Set("golf", {}, 500_000, target=200, limit=2500),
    # TriPeaks at its exact search's bench budget (solver/peaks.py decides every deal of 1-50
    # and 1001-1050 within 300,000 positions; at 20,000 one deal in nine stayed unknown).
    Set("tripeaks", {}, 400_000),
    # Baker's Dozen stays at 20,000 for now. At its bench budget, 200,000, a sample of 23 deals
    # (session 31, load 15-19) took some 67 s a deal unknown at 20,000 (134 of them) and 2 s
    # a deal otherwise: 2-3 hours on one worker. Set Set("bakers_dozen", {}, 200_000) here,
    # then: nice -n 19 .venv/bin/python tools/winnable.py --set bakers_dozen --merge --workers 1
    Set("forty_thieves", {}, 100_000, target=40, limit=120),
)
# A game in the registry with no line of its own above gets one: its default options and
# 20,000 nodes a deal.
SETS += tuple(Set(g, {}, 20_000) for g in patience.GAMES if all(c.game != g for c in SETS))


def listed_nodes(results: Path, key: str, budget: int, deals: list[int]) -> dict[int, int]:
    """Return the search effort (``nodes``) of each listed deal, from its results file."""
    rows = study.read_results([results]).rows
    return {d: rows[(key, budget, d)].nodes for d in deals if (key, budget, d) in rows}


def grades(results: Path, key: str, budget: int, deals: list[int]) -> dict[str, int]:
    """Return the grades of a list's deals as ``winnable.json`` holds them (``{"<deal>": 1 |
    2 | 3}``, :mod:`patience.difficulty`); a deal the results file lacks is graded Hard."""
    graded, _ = grade_list(listed_nodes(results, key, budget, deals))
    return {str(d): graded.get(d, 3) for d in deals}


def _count(verdicts: dict[int, str], c: Set) -> tuple[list[int], int]:
    """The deals won among 1, 2, ... as far as all are known, up to ``target`` won or
    ``limit`` tried; and how many were tried."""
    won: list[int] = []
    tried = 0
    while tried < c.limit and len(won) < c.target and tried + 1 in verdicts:
        tried += 1
        if verdicts[tried] == "solved":
            won.append(tried)
    return won, tried


def run_set(c: Set, workers: int | None = None, ray: str | None = None,
            results: Path | None = None, solve: bool = True,
            command: str = "") -> tuple[str, list[int], int]:
    """Solve deals 1, 2, ... of a set; return its key, the deals solved and how many were
    tried: the first ``target`` deals solved, in deal order, and the last deal that took.

    With ``results`` (a folder) the verdicts already in the set's results file are used and
    the new ones appended to it; ``solve=False`` solves nothing and lists what the file
    holds."""
    r = patience.rules(c.game, c.options)
    key = winnable_key(r)
    out = c.results(results) if results is not None else None
    verdicts: dict[int, str] = {}
    if out is not None:
        found = study.read_results([out]).rows
        verdicts = {d: row.verdict for (k, b, d), row in found.items()
                    if k == key and b == c.budget}
    while True:
        won, tried = _count(verdicts, c)
        if len(won) >= c.target or tried >= c.limit or not solve:
            return key, won, tried
        # Enough deals to reach the target at the rate won so far, a tenth more, and at
        # least two a worker; never past the limit.
        rate = max(len(won), 1) / max(tried, 1)
        n = max(2 * (workers or 2), math.ceil((c.target - len(won)) * 1.1 / rate))
        deals = [d for d in range(tried + 1, min(c.limit, tried + n) + 1)
                 if d not in verdicts]
        for row in study.run_study(r, deals, c.budget, out, workers=workers, ray=ray,
                                   command=command, stream=sys.stderr):
            verdicts[row.deal] = row.verdict


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
    p.add_argument("--results", type=Path, default=RESULTS,
                   help=f"the study's results files, read and appended to (default {RESULTS})")
    p.add_argument("--no-solve", action="store_true",
                   help="solve nothing: list each set as far as its results file goes")
    args = p.parse_args(argv)
    chosen = [c for c in SETS if not args.set or c.game in args.set
              or winnable_key(patience.rules(c.game, c.options)) in args.set]
    if not chosen:
        p.error("no such set")
    command = shlex.join(["python", "tools/winnable.py", *(argv if argv is not None
                                                         else sys.argv[1:])])
    data: dict[str, object] = {"version": 2, "command": command}
    sets: dict[str, list[int]] = {}
    budgets: dict[str, int] = {}
    tried: dict[str, int] = {}
    graded: dict[str, dict[str, int]] = {}
    if args.merge and args.out.exists():
        old = json.loads(args.out.read_text(encoding="utf-8"))
        # Keys other tools add to the file are kept.
        data.update({k: v for k, v in old.items()
                     if k not in ("version", "sets", "budgets", "tried", "difficulty")})
        # A run repeated (a growing study listed again) is named once.
        data["command"] = (old["command"] if old["command"].endswith(command)
                           else f"{old['command']} && {command}")
        sets, budgets, tried = old["sets"], old["budgets"], old["tried"]
        graded = old.get("difficulty", {})
    elif args.out.exists():
        # The files of the known wins (tools/lines.py) stay named.
        data["lines"] = json.loads(args.out.read_text(encoding="utf-8")).get("lines") or {}
    for c in chosen:
        start = time.perf_counter()
        key, won, n = run_set(c, args.workers, args.ray, args.results, not args.no_solve,
                              command)
        sets[key], budgets[key], tried[key] = won, c.budget, n
        graded[key] = grades(c.results(args.results), key, c.budget, won)
        print(f"{key}: {len(won)} of deals 1-{n} solved at {c.budget:,} nodes "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    data.update(sets=sets, budgets=budgets, tried=tried, difficulty=graded)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
