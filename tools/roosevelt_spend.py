"""Where Roosevelt's search spends its positions, beam by beam, and what other ways of spending
them would have won (issue 27; docs/solver.md, session 31, has what it found).

    python tools/roosevelt_spend.py log --deals 20001-20400 --out FILE [--cap 200000]
    python tools/roosevelt_spend.py log --won --passing 60 --out FILE   # deals from the study
    python tools/roosevelt_spend.py log --deals 27,156 --widths 48,64,40,80 --out FILE
    python tools/roosevelt_spend.py simulate FILE [FILE ...]

``log`` runs, on each deal, what ``api._onepass`` runs on a whole deal, one beam at a time:
the triage's two narrow beams (``triage.WIDTHS``), and on a deal one of them puts
``triage.PROMISE`` cards up, the reseeded beams (``reseed.WIDTH`` wide, seeds 1, 2, 3 …),
each to its end, until one wins or they have used ``--cap`` positions in all. One JSON line a
deal: per beam its seed (the triage's: its width, negated), positions, the most cards up it
rated, whether it won, and CPU seconds (``time.process_time``). A run given the same file
resumes. ``--won`` takes the deals the study's rows (docs/winnability/roosevelt.jsonl) have
won, ``--passing N`` every so many of those it gave its whole budget and did not win (they
passed the triage).

``simulate`` replays ways of spending a deal's budget on those logs, exactly: the beams are
the same whatever comes after them, so a beam cut at a budget wins there if and only if its
whole run won within it. A way is a budget per deal (as a function of the triage's best) and
the share of it the exact search takes after the beams (it never won a deal with more than 40
stock cards: its positions are counted as spent, at the deal's own CPU a position). It prints
each way's wins, positions, CPU seconds and seconds a win. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from patience.games import find_game  # noqa: E402
from patience.rules import Rules  # noqa: E402
from patience.solver import onepass, reseed, triage  # noqa: E402
from patience.solver.search import drain  # noqa: E402

ROWS = ROOT / "docs" / "winnability" / "roosevelt.jsonl"
# A beam of a log: seed (a triage beam: minus its width), positions, cards up, won, CPU s.
Beam = tuple[int, int, int, bool, float]


def deals_of(spec: str) -> list[int]:
    """Return the deals of ``A-B,C,...``."""
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def from_rows(won: bool, passing: int) -> list[int]:
    """Return the study's won deals (``won``) and ``passing`` of the deals it gave a whole
    budget of 100,000 without a win, spread evenly."""
    rows = [json.loads(line) for line in ROWS.read_text().splitlines() if line.strip()]
    last = {row["deal"]: row for row in rows if row.get("budget") == 100_000}
    wins = sorted(d for d, row in last.items() if row["verdict"] == "solved")
    full = sorted(d for d, row in last.items()
                  if row["verdict"] == "unknown" and row["nodes"] >= 100_000)
    step = max(1, len(full) // passing) if passing else 0
    return (wins if won else []) + (full[::step][:passing] if passing else [])


def run_beam(r: Rules, deal: int, width: int, seed: int | None, budget: int) -> Beam:
    """Run one beam to its end (or ``budget``); return its log entry."""
    reach = [0]
    start = time.process_time()
    verdict, _, nodes = drain(onepass.beam(r, r.deal(deal), budget, width, 0, seed, reach))
    return (-width if seed is None else seed, nodes, reach[0], verdict == "solved",
            round(time.process_time() - start, 4))


def log_deal(r: Rules, deal: int, cap: int,
             widths: Sequence[int] = (reseed.WIDTH,)) -> dict[str, object]:
    """Log the triage's beams and, past it, the reseeded beams until a win or ``cap``, their
    widths taken from ``widths`` in turn."""
    beams: list[Beam] = []
    for width in triage.WIDTHS:
        beams.append(run_beam(r, deal, width, None, 10 ** 9))
        if beams[-1][3]:
            return {"deal": deal, "beams": beams}
    if max(b[2] for b in beams) < triage.PROMISE:
        return {"deal": deal, "beams": beams}
    used, seed = 0, reseed.FIRST_SEED
    while used < cap:
        width = widths[(seed - reseed.FIRST_SEED) % len(widths)]
        beams.append(run_beam(r, deal, width, seed, 10 ** 9))
        used += beams[-1][1]
        if beams[-1][3]:
            break
        seed += 1
    return {"deal": deal, "beams": beams}


def log(deals: Iterable[int], out: Path, cap: int,
        widths: Sequence[int] = (reseed.WIDTH,)) -> None:
    """Log ``deals`` into ``out``, skipping those already there."""
    done = {json.loads(line)["deal"] for line in out.read_text().splitlines()
            if line.strip()} if out.exists() else set()
    r = Rules(find_game("roosevelt"), {})
    with out.open("a") as f:
        for deal in deals:
            if deal in done:
                continue
            row = log_deal(r, deal, cap, widths)
            f.write(json.dumps(row) + "\n")
            f.flush()


# A way of spending: the budget of a deal given the triage's best, and the exact search's
# share of it (``api._onepass``: a tenth).
Budget = Callable[[int], int]


def spend(beams: Sequence[Beam], budget: Budget, exact: float,
          stall: int = 0, most: int = 0) -> tuple[bool, int, float]:
    """Replay one deal's log under a way of spending; return won, positions and CPU s (a
    budget past the log's end is refused: the log must reach it). With ``stall``, the deal
    is given up (the rest of its budget unspent) once that many seeded beams in a row put
    the same most cards up; with ``most``, once that many seeded beams have run."""

    def given_up(ups: list[int]) -> bool:
        """Whether the seeded beams so far (the most cards up of each) end the deal."""
        return bool((stall and len(ups) >= stall and len(set(ups[-stall:])) == 1)
                    or (most and len(ups) >= most))

    used, cpu = 0, 0.0
    triage_beams = [b for b in beams if b[0] < 0]
    for _, nodes, _, won, sec in triage_beams:
        if won:
            return True, used + nodes, cpu + sec
        used += nodes
        cpu += sec
    best = max(b[2] for b in triage_beams)
    if best < triage.PROMISE:
        return False, used, cpu
    whole = budget(best)
    share = whole - int(whole * exact) - used
    rate = 0.0
    spent = 0
    ups: list[int] = []
    for _, nodes, up, won, sec in (b for b in beams if b[0] > 0):
        if given_up(ups):
            return False, used + spent, cpu
        ups.append(up)
        rate = sec / max(nodes, 1)
        if won and spent + nodes <= share:
            return True, used + spent + nodes, cpu + sec
        if spent + nodes >= share:
            cpu += rate * (share - spent)
            spent = share
            break
        spent += nodes
        cpu += sec
    else:
        if given_up(ups):
            return False, used + spent, cpu
        if not any(b[3] for b in beams) and spent < share:
            raise ValueError("the log stops short of the budget: log with a larger --cap")
    rest = whole - used - spent
    return False, used + spent + rest, cpu + rate * rest


# A way of spending, named: its budget, exact share, stall and most (:func:`spend`).
Way = tuple[str, Budget, float, int, int]
#: Session 30's way: 100,000 positions a deal, a tenth of them left to the exact search.
SESSION_30: Way = ("session 30: 100k, a tenth exact", lambda best: 100_000, 0.1, 0, 0)
#: The way adopted in session 31 (``api._onepass``): 100,000 positions a deal, at most
#: ``reseed.MOST`` seeded beams, and no exact search after them.
ADOPTED: Way = (f"adopted: 100k, at most {reseed.MOST} seeded beams, no exact",
                lambda best: 100_000, 0.0, 0, reseed.MOST)


def simulate(files: Sequence[Path]) -> None:
    """Print each way's wins, positions and CPU on the logs of ``files``."""
    logs = [json.loads(line) for f in files for line in f.read_text().splitlines()
            if line.strip()]
    ways: list[Way] = [
        SESSION_30,
        ADOPTED,
        ("100k, no exact", lambda best: 100_000, 0.0, 0, 0),
        *((f"100k, at most {n} seeded beams", lambda best: 100_000, 0.0, 0, n)
          for n in (1, 2, 3, 4, 5)),
        *((f"100k, stop after {n} seeded beams alike", lambda best: 100_000, 0.1, n, 0)
          for n in (3, 4)),
        ("60k, no exact", lambda best: 60_000, 0.0, 0, 0),
        ("150k, no exact", lambda best: 150_000, 0.0, 0, 0),
        ("best<45: 60k, else 150k, no exact",
         lambda best: 60_000 if best < 45 else 150_000, 0.0, 0, 0),
    ]
    print(f"{len(logs)} deals; passing the triage: "
          f"{sum(1 for g in logs if any(b[0] > 0 for b in g['beams']))}")
    for name, budget, exact, stall, most in ways:
        wins, nodes, cpu = 0, 0, 0.0
        won: list[int] = []
        try:
            for g in logs:
                w, n, c = spend([tuple(b) for b in g["beams"]], budget, exact, stall, most)
                wins += w
                nodes += n
                cpu += c
                if w:
                    won.append(g["deal"])
        except ValueError as e:
            print(f"{name}: {e}")
            continue
        per = f"{cpu / wins:.1f}" if wins else "-"
        print(f"{name}: {wins} won, {nodes:,} positions, {cpu:.1f} CPU s, {per} s a win; "
              f"won {won}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lg = sub.add_parser("log")
    lg.add_argument("--deals", default="")
    lg.add_argument("--won", action="store_true")
    lg.add_argument("--passing", type=int, default=0)
    lg.add_argument("--cap", type=int, default=200_000)
    lg.add_argument("--out", type=Path, required=True)
    lg.add_argument("--widths", default=str(reseed.WIDTH),
                    help="the reseeded beams' widths, taken in turn (comma-separated)")
    sm = sub.add_parser("simulate")
    sm.add_argument("files", type=Path, nargs="+")
    a = ap.parse_args(argv)
    if a.cmd == "log":
        deals = (deals_of(a.deals) if a.deals else []) + from_rows(a.won, a.passing)
        log(deals, a.out, a.cap, [int(w) for w in a.widths.split(",")])
    else:
        simulate(a.files)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
