"""Write the known wins of the listed deals, for Hint in games whose search rarely finds one.

    nice -n 19 .venv/bin/python tools/lines.py          # Roosevelt, Moving Left, Forty Thieves
    .venv/bin/python tools/lines.py --set roosevelt --no-solve --workers 1

For each chosen set of ``tools/winnable.py`` (by default the games whose search seldom wins a
deal: a player's Hint there cannot wait for one), the deals ``static/data/winnable.json``
lists are looked up in the set's results file (``docs/winnability/``): a solved row with a
``"line"`` gives the deal's line. A listed deal with none (a row written before the study
kept lines) is solved again at the set's budget, on ``--workers`` processes, and its row,
line and all, appended to the results file; ``--no-solve`` solves nothing. A deal the search
no longer wins is said and left without a line (its row is not written: the list keeps it).

It writes ``static/data/lines/<set>.json`` (:mod:`patience.knownline`; every line replayed
to a win through ``Rules.play`` first) and names it in ``winnable.json``'s ``"lines"``
(``{key: "lines/<set>.json"}``), leaving the rest of that file as it is. The page loads a
list's lines only when one of its deals is on the table; the service worker keeps them
then, and never precaches them (``tools/pwa.py``), so a first visit does not pay for them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from winnable import OUT, RESULTS, SETS, Set  # noqa: E402

import patience  # noqa: E402
from patience import study  # noqa: E402
from patience.knownline import Lines, replay, split  # noqa: E402
from patience.solver import winnable_key  # noqa: E402

#: The games whose lists get lines unless --set says otherwise.
DEFAULT = ("roosevelt", "moving_left", "forty_thieves")
FOLDER = "lines"


def name(c: Set) -> str:
    """The set's lines file, relative to ``static/data/``."""
    return f"{FOLDER}/{Path(c.file or c.game).stem}.json"


def wins(r: patience.Rules, deal: int, line: str) -> bool:
    """Tell whether a line replays from the deal to a win through the checked API."""
    try:
        return r.is_won(replay(r, r.deal(deal), split(line))[-1])
    except patience.PatienceError:
        return False


def lines_of(c: Set, listed: list[int], results: Path, workers: int | None,
             solve: bool) -> Lines:
    """The known lines of a set's listed deals: from its results file, solving again (and
    appending the row of) each listed deal the file has no line for, when ``solve``."""
    r = patience.rules(c.game, c.options)
    key = winnable_key(r)
    path = c.results(results)
    rows = study.read_results([path]).rows
    found = {d: rows[key, c.budget, d].moves for d in listed
             if (key, c.budget, d) in rows and rows[key, c.budget, d].moves}
    missing = [d for d in listed if d not in found]
    if missing and solve:
        print(f"{key}: solving {len(missing)} listed deals again for their lines",
              file=sys.stderr, flush=True)
        with path.open("a", encoding="utf-8") as f:
            for row in study.rows(c.game, c.options, missing, c.budget, workers=workers):
                if row.verdict != "solved":
                    print(f"{key} deal {row.deal}: not won again at {c.budget:,} nodes"
                          f" ({row.verdict}); left without a line", file=sys.stderr)
                    continue
                f.write(row.line())
                f.flush()
                found[row.deal] = row.moves
    bad = [d for d, line in found.items() if not wins(r, d, line)]
    if bad:
        raise SystemExit(f"{key}: the lines of deals {bad} do not replay to a win")
    return Lines(key, c.budget, found)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", action="append", default=[], metavar="GAME",
                   help=f"only these games' sets (default: {', '.join(DEFAULT)})")
    p.add_argument("--data", type=Path, default=OUT,
                   help=f"winnable.json, read and named in (default {OUT})")
    p.add_argument("--results", type=Path, default=RESULTS,
                   help=f"the study's results files (default {RESULTS})")
    p.add_argument("--workers", type=int, help="worker processes (default: every core)")
    p.add_argument("--no-solve", action="store_true",
                   help="solve nothing: write the lines the results files hold")
    args = p.parse_args(argv)
    games = args.set or list(DEFAULT)
    data = json.loads(args.data.read_text(encoding="utf-8"))
    named: dict[str, str] = dict(data.get("lines") or {})
    for c in (c for c in SETS if c.game in games):
        key = winnable_key(patience.rules(c.game, c.options))
        listed = list(data.get("sets", {}).get(key, []))
        known = lines_of(c, listed, args.results, args.workers, not args.no_solve)
        if not known.lines:
            print(f"{key}: no listed deal has a line", file=sys.stderr)
            continue
        out = args.data.parent / name(c)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(known.data(), separators=(",", ":")) + "\n",
                       encoding="utf-8")
        named[key] = name(c)
        print(f"{key}: {len(known.lines)} of {len(listed)} listed deals have a line"
              f" ({out.stat().st_size:,} bytes)", file=sys.stderr)
    data["lines"] = dict(sorted(named.items()))
    args.data.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
