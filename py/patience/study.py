"""The winnability study: solve many deals of a game under a node budget, on every core or on
a Ray cluster, and say what share of deals can be won.

    python -m patience.study GAME [--option NAME=VALUE ...] --deals 1-N --budget NODES
                             [--workers W] [--ray ADDRESS|auto|local] [--out FILE] [--table]
                             [--decided-only]
    python -m patience.study --report FILE [FILE ...] [--markdown]

Each deal is solved by :func:`patience.solver.solve` under the node budget (never a time
limit, so a deal gets the same verdict on any machine). The deals are shared among worker
processes (``concurrent.futures.ProcessPoolExecutor``, ``--workers`` of them, every core by
default), one task a deal, collected as they complete. With ``--ray ADDRESS`` they go to a
Ray cluster instead (``pip install '.[study]'``): ``ADDRESS`` is the head's ``host:port``,
``auto`` for the cluster this machine belongs to (after ``ray start``), or ``local`` to
start a Ray of its own on this machine.

With ``--out FILE`` one JSON line a deal is appended as each completes and flushed::

    {"key": "freecell", "deal": 7, "budget": 50000, "verdict": "solved",
     "nodes": 312, "seconds": 0.041, "line": "t1>f1 t3>t5 ..."}

``line``, in a solved row only, is the win found, its moves in the engine's notation
separated by spaces (rows written before lines were kept have none: ``tools/lines.py``
solves those deals again for theirs).

``key`` is :func:`patience.solver.winnable_key` of the rules. A run given the same file
again resumes: deals already there for the same key and budget are skipped. Lines for other
variants or budgets are kept and left alone; a line that cannot be read (a run stopped in the
middle of writing it) is skipped with a warning. At the end of a run one line
``{"run": {...}}`` records the command, the deals, workers and wall time.

With ``--decided-only`` only the deals solved or proven lost get a line, for a budget that
decides few deals (a dead-end test alone, at budget 0): the run's line then names the deals
it ``covered`` (as ranges) and the seconds the left-out deals took (``left_out_seconds``),
and a deal it covered with no line of its own reads back as ``unknown`` at ``nodes`` equal
to the budget (:func:`read_results`), so the table, the page and a resumed run see every
deal as before.

The table gives, for each variant and budget, the deals tried, solved, proven unwinnable
and unknown (the budget ran out), and the winnable share as a 95% interval. Its lower bound
is the lower end of the Wilson score interval of solved/tried (every unknown deal counted
as lost); its upper bound is the upper end of the Wilson interval of (solved+unknown)/tried
(every unknown deal counted as won). Both ends are sound whatever the unknown deals turn out
to be, so many unknowns make the interval wide.

This module is for the command line and tools; the page never imports it.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import multiprocessing
import os
import shlex
import signal
import sys
import textwrap
import time
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from .errors import PatienceError
from .game import Published
from .games import GAMES, find_game
from .options import parse_words
from .rules import Rules
from .solver import solve, winnable_key

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

VERDICTS = ("solved", "unwinnable", "unknown")


def published() -> dict[str, Published]:
    """Return what the games' tables say has been published of each variant, by its key
    (:func:`winnable_key`): a share with its source, or none known (``share`` ``None``)."""
    return {winnable_key(Rules(g, dict(p.options))): p for g in GAMES.values() for p in g.published}


@dataclass(frozen=True)
class Row:
    """One deal's answer: the variant's key, the deal, the budget and what the solver said."""

    key: str
    deal: int
    budget: int
    verdict: str
    nodes: int
    seconds: float
    #: A win's moves in the engine's notation, space-separated: ``"line"`` in the file,
    #: left out when empty (a row of no win, or one written before lines were kept).
    moves: str = ""

    def line(self) -> str:
        """Return the row as one JSON line (with its newline)."""
        data: dict[str, object] = asdict(self)
        del data["moves"]
        if self.moves:
            data["line"] = self.moves
        return json.dumps(data, separators=(",", ":")) + "\n"


def solve_deal(game: str, options: dict[str, object], deal: int, budget: int) -> Row:
    """Solve one deal (a worker's task)."""
    r = Rules(find_game(game), options)
    start = time.perf_counter()
    result = solve(r, r.deal(deal), budget=budget)
    return Row(winnable_key(r), deal, budget, result.verdict, result.nodes,
               round(time.perf_counter() - start, 3),
               " ".join(str(m) for m in result.moves) if result.verdict == "solved" else "")


# Running the deals ---------------------------------------------------------------------------

def _worker_start() -> None:
    """A worker process ends at once on SIGTERM (the parent handles it to record its run)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pool_rows(game: str, options: dict[str, object], deals: Iterator[int], budget: int,
               workers: int) -> Generator[Row, None, None]:
    """Yield the rows of ``deals`` as worker processes finish them.

    A few tasks a worker are in flight at a time, so a caller that stops early (closing the
    generator) wastes little: the tasks not started are cancelled.
    """
    ahead = max(1, workers) * 3
    # Workers start from a clean server process, not a fork of this one (which may hold
    # threads, Ray's for one, whose locks a fork would copy held).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=max(1, workers), mp_context=context,
                             initializer=_worker_start) as pool:
        pending: set[Future[Row]] = set()
        try:
            while True:
                for deal in deals:
                    pending.add(pool.submit(solve_deal, game, options, deal, budget))
                    if len(pending) >= ahead:
                        break
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for job in done:
                    yield job.result()
        finally:
            for job in pending:
                job.cancel()


def import_ray() -> Any:
    """Return the ``ray`` module, or exit with a message saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SystemExit("--ray needs Ray, an optional extra: pip install '.[study]' "
                         "(or pip install 'ray>=2.9')") from None


def ray_init(ray: Any, address: str, workers: int | None = None) -> None:
    """Join the Ray cluster at ``address`` (``local`` starts one on this machine).

    The engine's package goes with the tasks (``runtime_env``), so the cluster's machines
    need Ray and Python but not this project.
    """
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    here = str(Path(__file__).resolve().parent)
    kwargs: dict[str, Any] = {"runtime_env": {"py_modules": [here]}, "log_to_driver": False}
    if address == "local":          # a Ray of our own: no dashboard, the CPUs asked for
        kwargs["include_dashboard"] = False
        if workers:
            kwargs["num_cpus"] = workers
    ray.init(address=address, **kwargs)


def _ray_rows(game: str, options: dict[str, object], deals: Iterator[int], budget: int,
              address: str, workers: int | None) -> Generator[Row, None, None]:
    """Yield the rows of ``deals`` as Ray tasks finish them (one task a deal)."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        ray_init(ray, address, workers)
    pending: list[Any] = []
    try:
        task = ray.remote(num_cpus=1, max_retries=2)(solve_deal)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        ahead = max(2, cpus * 3)
        while True:
            for deal in deals:
                pending.append(task.remote(game, options, deal, budget))
                if len(pending) >= ahead:
                    break
            if not pending:
                return
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done)
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def rows(game: str, options: dict[str, object], deals: Iterable[int], budget: int, *,
         workers: int | None = None, ray: str | None = None) -> Generator[Row, None, None]:
    """Yield a row for each deal, in the order they complete.

    On ``workers`` processes (every core by default; 1 solves in this process), or on Ray
    at address ``ray``. The deals are taken from ``deals`` lazily, a few ahead of the
    workers, so the caller may stop early.
    """
    it = iter(deals)
    if ray is not None:
        return _ray_rows(game, options, it, budget, ray, workers)
    n = workers or os.cpu_count() or 1
    if n <= 1:
        return (solve_deal(game, options, d, budget) for d in it)
    return _pool_rows(game, options, it, budget, n)


# The results file ----------------------------------------------------------------------------

def _row_of(data: object) -> Row | None:
    """Return the row a parsed line holds, or None when it is not one."""
    if not isinstance(data, dict):
        return None
    key, deal, budget = data.get("key"), data.get("deal"), data.get("budget")
    verdict, nodes, seconds = data.get("verdict"), data.get("nodes"), data.get("seconds")
    if not (isinstance(key, str) and verdict in VERDICTS and isinstance(verdict, str)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in (deal, budget, nodes))
            and isinstance(seconds, (int, float)) and not isinstance(seconds, bool)):
        return None
    assert isinstance(deal, int) and isinstance(budget, int) and isinstance(nodes, int)
    line = data.get("line", "")
    return Row(key, deal, budget, verdict, nodes, float(seconds),
               line if isinstance(line, str) and verdict == "solved" else "")


@dataclass
class Results:
    """What a results file holds: the rows (the last line of a deal wins) and the runs."""

    rows: dict[tuple[str, int, int], Row]
    runs: list[dict[str, Any]]
    unreadable: int = 0


def _left_out(results: Results) -> None:
    """Add the rows a ``--decided-only`` run left out: each deal its line says it covered
    that has no row of that variant and budget is ``unknown``, the budget's nodes spent, the
    run's ``left_out_seconds`` shared among them."""
    for run in results.runs:
        key, budget, covered = run.get("key"), run.get("budget"), run.get("covered")
        if not (isinstance(key, str) and isinstance(budget, int)
                and isinstance(covered, str)):
            continue
        missing = [d for d in parse_deals(covered) if (key, budget, d) not in results.rows]
        seconds = float(run.get("left_out_seconds", 0)) / max(len(missing), 1)
        for d in missing:
            results.rows[key, budget, d] = Row(key, d, budget, "unknown", budget, seconds)


def read_results(paths: Iterable[Path]) -> Results:
    """Read results files; a missing file is empty, a line that cannot be read is counted.
    The deals a ``--decided-only`` run left out are read as its line says (``_left_out``)."""
    out = Results({}, [])
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                out.unreadable += 1
                continue
            row = _row_of(data)
            if row is not None:
                out.rows[row.key, row.budget, row.deal] = row
            elif isinstance(data, dict) and isinstance(data.get("run"), dict):
                out.runs.append(data["run"])
            else:
                out.unreadable += 1
    _left_out(out)
    return out


def _open_for_append(path: Path) -> TextIO:
    """Open a results file to append to, ending a torn last line first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    f = path.open("a+", encoding="utf-8")
    if f.tell() > 0:
        f.seek(f.tell() - 1)
        if f.read(1) != "\n":
            f.write("\n")
    return f


# The table -----------------------------------------------------------------------------------

def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of ``k`` successes in ``n`` trials, as shares."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At k = 0 and k = n an end is 0 or 1 exactly; floating point may miss it by an ulp.
    low = 0.0 if k <= 0 else max(0.0, centre - half)
    return low, 1.0 if k >= n else min(1.0, centre + half)


@dataclass(frozen=True)
class Line:
    """One line of the table: a variant at a budget."""

    key: str
    budget: int
    tried: int
    solved: int
    unwinnable: int
    unknown: int
    seconds: float
    deals: tuple[int, ...] = ()

    @property
    def interval(self) -> tuple[float, float]:
        """The winnable share's 95% interval: the Wilson lower end of solved/tried and the
        Wilson upper end of (solved+unknown)/tried."""
        return (wilson(self.solved, self.tried)[0],
                wilson(self.solved + self.unknown, self.tried)[1])


def table(found: Iterable[Row]) -> list[Line]:
    """Gather rows into one line per variant and budget, in the order first met."""
    groups: dict[tuple[str, int], list[Row]] = {}
    for row in found:
        groups.setdefault((row.key, row.budget), []).append(row)
    out = []
    for (key, budget), group in groups.items():
        count = {v: sum(r.verdict == v for r in group) for v in VERDICTS}
        out.append(Line(key, budget, len(group), count["solved"], count["unwinnable"],
                        count["unknown"], sum(r.seconds for r in group),
                        tuple(sorted(r.deal for r in group))))
    return out


def ranges(deals: Sequence[int]) -> str:
    """Deal numbers, sorted, as ranges: ``1-200``, ``1-37, 39``."""
    parts: list[str] = []
    for d in sorted(set(deals)):
        if parts and int(parts[-1].rpartition("-")[2]) == d - 1:
            parts[-1] = parts[-1].partition("-")[0] + f"-{d}"
        else:
            parts.append(str(d))
    return ", ".join(parts)


def percent(share: float) -> str:
    """A share as a percentage with one decimal, or more (up to four) where one would round
    a share that is neither 0 nor 1 to 0.0% or 100.0%: an interval's upper end of 0.99966 is
    99.97%, not a 100.0% that eight deals proven lost rule out."""
    for digits in range(1, 5):
        text = f"{100 * share:.{digits}f}"
        if share in (0.0, 1.0) or float(text) not in (0.0, 100.0):
            return text + "%"
    # Closer to 0 or 1 than four decimals show: the nearest four-decimal value inside.
    return f"{(99.9999 if share > 0.5 else 0.0001):.4f}%"


def format_table(lines: Sequence[Line]) -> str:
    """The table as text for a terminal."""
    head = ("variant", "budget", "tried", "solved", "unwinnable", "unknown", "winnable (95%)")
    body = [(ln.key, f"{ln.budget:,}", str(ln.tried), str(ln.solved), str(ln.unwinnable),
             str(ln.unknown), f"{percent(ln.interval[0])} - {percent(ln.interval[1])}")
            for ln in lines]
    widths = [max(len(r[i]) for r in (head, *body)) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths)))
                     for r in (head, *body))


def _wall(runs: Sequence[dict[str, Any]], key: str, budget: int) -> float:
    return sum(float(r.get("seconds", 0)) for r in runs
               if r.get("key") == key and r.get("budget") == budget)


def _para(text: str) -> list[str]:
    """A paragraph wrapped for the page, then a blank line."""
    return [*textwrap.wrap(text, 96, break_on_hyphens=False), ""]


def _names(keys: Sequence[str]) -> str:
    return ", ".join(f"`{k}`" for k in keys)


def markdown(results: Results) -> str:
    """The study's page, ``docs/winnability.md``, from its results."""
    lines = table(results.rows[k] for k in sorted(results.rows, key=_order))
    runs = results.runs
    out = ["# How many deals can be won: the winnability study", ""]
    out += _para("Written by `python -m patience.study --report docs/winnability/*.jsonl"
                 " --markdown` from the results files in [winnability/](winnability/) (one"
                 " JSON line a deal); do not edit it by hand. The commands that made the files"
                 " are listed at the end; run again, they skip the deals already there.")
    out += _para("Each deal was searched by the solver under a node budget (never a time"
                 " limit, so the same verdicts come on any machine): *solved* (a win found and"
                 " replayed through the rules), *unwinnable* (proven lost: every reachable"
                 " position explored, or cards that provably hold each other down) or"
                 " *unknown* (the budget ran out first). The winnable share is a 95% interval"
                 " that holds whatever the unknown deals turn out to be: its lower end is the"
                 " lower end of the Wilson score interval of solved/tried (every unknown deal"
                 " counted lost), its upper end the upper end of the Wilson interval of"
                 " (solved+unknown)/tried (every unknown deal counted won).")
    out += ["| variant | budget | deals | solved | unwinnable | unknown | winnable (95%) |"
            " published |",
            "|---|---:|---|---:|---:|---:|---|---|"]
    known = published()
    for ln in lines:
        low, high = ln.interval
        figure = known.get(ln.key)
        note = f"{figure.share} ({figure.source})" if figure and figure.share else "-"
        if figure and figure.share is None:
            note = ("none known: ours only a floor" if ln.unknown * 2 > ln.tried
                    else "none known: first here")
        out.append(f"| `{ln.key}` | {ln.budget:,} | {ln.tried} ({ranges(ln.deals)})"
                   f" | {ln.solved} | {ln.unwinnable}"
                   f" | {ln.unknown} ({percent(ln.unknown / max(ln.tried, 1))})"
                   f" | {percent(low)} - {percent(high)} | {note} |")
    out += ["", "## Reading the table", ""]
    tight = [ln.key for ln in lines if ln.tried and ln.unknown * 10 <= ln.tried]
    middle = [ln.key for ln in lines
              if ln.tried and ln.tried < ln.unknown * 10 and ln.unknown * 2 <= ln.tried]
    # A variant at two budgets is named once.
    wide = list(dict.fromkeys(ln.key for ln in lines if ln.tried and ln.unknown * 2 > ln.tried))
    if tight:
        out += _para("Decided for at least nine deals in ten, so the interval's width comes"
                     " mostly from the number of deals tried: " + _names(tight) + ".")
    if middle:
        out += _para("Unknown for between a tenth and a half of the deals, so the interval"
                     " is wider than the sample alone would make it: " + _names(middle) + ".")
    if wide:
        out += _para("**Unknown for most deals**: the interval is wide and says little beyond"
                     " its lower end, a share of deals that can certainly be won (a floor, not"
                     " an estimate): " + _names(wide) + ". A larger budget, or a better"
                     " search for these games, would narrow it.")
        out += _floors([ln for ln in lines if ln.key in wide])
    for ln in lines:
        share = known.get(ln.key, Published()).share
        if share is None:
            continue
        value = float(share.rstrip("%")) / 100
        low, high = ln.interval
        where = "inside" if low <= value <= high else "outside"
        out += _para(f"`{ln.key}`: the published {share} is {where} our interval"
                     f" ({percent(low)} - {percent(high)}).")
    out += _para("The published figures are Blake and Gent's (*The Winnability of Klondike"
                 " Solitaire and Many Other Patience Games*), from large samples of deals"
                 " solved by their exact solver, Solvitaire; ours come from a few thousand"
                 " deals at most under small budgets: a check on our solver and a first look,"
                 " not a better figure. Their Klondike figures are for unlimited passes through the"
                 " stock, which our `passes=unlimited` lines match; the game's default of 3"
                 " passes can only win fewer deals. Where the table says *none known*, we"
                 " know of no published winnable share for that variant (Yukon, Roosevelt,"
                 " Moving Left, All in a Row, Spider in 1 and 2 suits): ours are the first, as"
                 " far as we know, though where most deals stayed unknown they are only a"
                 " floor.")
    out += ["## How it was run", ""]
    total_wall = sum(float(r.get("seconds", 0)) for r in runs)
    cpu = sum(ln.seconds for ln in lines)
    workers = sorted({str(r.get("workers")) for r in runs})
    out += _para(f"{len(runs)} runs, {total_wall / 60:.0f} minutes of wall time in all"
                 f" ({cpu / 60:.0f} minutes of solving summed over the workers), on"
                 f" {' or '.join(workers)} worker processes of a 2-core machine that was busy"
                 " with other work. Per variant:")
    for ln in lines:
        out.append(f"- `{ln.key}`: {_wall(runs, ln.key, ln.budget):,.0f} s wall,"
                   f" {ln.seconds:,.0f} s solving")
    out += ["", "The commands:", "", "```sh"]
    seen: list[str] = []
    for r in runs:
        command = str(r.get("command", ""))
        if command and command not in seen:
            seen.append(command)
    out += [*seen, "```", ""]
    stopped = sum(bool(r.get("stopped")) for r in runs)
    if stopped:
        out += _para(f"{stopped} of the runs were stopped before the end and resumed later.")
    if results.unreadable:
        out += _para(f"{results.unreadable} lines of the results files could not be read"
                     " and were skipped.")
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def _floors(lines: Sequence[Line]) -> list[str]:
    """Paragraphs for the variants unknown on most deals: the share of deals won as "at
    least" (found wins, counted against the deals tried), and what bounds it from above."""
    out: list[str] = []
    for ln in lines:
        if not ln.tried:
            continue
        low = ln.interval[0]
        out += _para(f"`{ln.key}` at {ln.budget:,} positions a deal: **at least"
                     f" {percent(ln.solved / ln.tried)} winnable (found wins)**, {ln.solved}"
                     f" of {ln.tried} deals won and replayed ({percent(low)} at the lower end"
                     f" of the 95% interval); {ln.unwinnable} proven lost.")
    if lines and not any(ln.unwinnable for ln in lines):
        out += _para("Above, nothing is known beyond the unknown deals: no deal of these"
                     " variants was proven lost by our searches, so the upper end of the"
                     " interval is all that bounds the share. A rule sheet's win rate is a"
                     " player's, not a bound. docs/solver.md has the searches, what they won"
                     " and what was tried to prove deals lost.")
    return out


def _order(k: tuple[str, int, int]) -> tuple[int, str, int, int]:
    """Sort rows by the game's place in the registry, then key, budget and deal."""
    game = k[0].split(":")[0]
    place = list(GAMES).index(game) if game in GAMES else len(GAMES)
    return place, k[0], k[1], k[2]


# The command line ----------------------------------------------------------------------------

def parse_deals(text: str) -> list[int]:
    """Read deal numbers: ``1-200``, ``7``, or a comma list of those (``1-10,20-30``)."""
    out: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            a = int(first)
            b = int(last) if dash else a
        except ValueError:
            raise ValueError(f"deals are written like 1-200 or 1-10,15, not {text!r}") from None
        if a < 1 or b < a:
            raise ValueError(f"deals are numbered from 1 up, low to high, not {part!r}")
        out += range(a, b + 1)
    return list(dict.fromkeys(out))


class Progress:
    """Progress on stderr: done of total, the verdicts so far, deals a second."""

    def __init__(self, key: str, total: int, stream: TextIO, every: float = 5.0) -> None:
        self.key, self.total, self.stream = key, total, stream
        self.count = dict.fromkeys(VERDICTS, 0)
        self.done = 0
        self.start = self.last = time.monotonic()
        self.tty = stream.isatty()
        self.every = 0.5 if self.tty else every

    def add(self, row: Row) -> None:
        self.done += 1
        self.count[row.verdict] += 1
        now = time.monotonic()
        if now - self.last >= self.every or self.done == self.total:
            self.last = now
            self.show(now)

    def show(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        text = (f"{self.key}: {self.done}/{self.total} done, {self.count['solved']} solved,"
                f" {self.count['unwinnable']} lost, {self.count['unknown']} unknown,"
                f" {rate:.2f} deals/s")
        end = "" if self.tty and self.done < self.total else "\n"
        print(("\r" if self.tty else "") + text, end=end, file=self.stream, flush=True)


def run_study(r: Rules, deals: Sequence[int], budget: int, out: Path | None, *,
              workers: int | None = None, ray: str | None = None,
              command: str = "", stream: TextIO | None = None,
              decided_only: bool = False) -> list[Row]:
    """Solve the deals not already in ``out`` for these rules and budget; return every row
    of this variant and budget (those found before and the new ones), in deal order.
    ``decided_only`` writes no line for an unknown deal, and the run's line says which deals
    it covered (see the module's text)."""
    key = winnable_key(r)
    old = read_results([out]) if out is not None else Results({}, [])
    if old.unreadable and stream is not None:
        print(f"{out}: skipped {old.unreadable} lines that could not be read",
              file=stream, flush=True)
    have = {d for (k, b, d) in old.rows if k == key and b == budget}
    todo = [d for d in deals if d not in have]
    progress = Progress(key, len(todo), stream or sys.stderr)
    if stream is not None and have:
        print(f"{key}: {len(deals) - len(todo)} of the {len(deals)} deals are in {out}"
              " already", file=stream, flush=True)
    start = time.monotonic()
    found = {d: row for (k, b, d), row in old.rows.items() if k == key and b == budget}
    f = _open_for_append(out) if out is not None else None
    done = 0
    covered: list[int] = []
    left_out = 0.0          # the seconds of the unknown deals a decided-only run leaves out
    try:
        for row in rows(r.game.id, dict(r.options), todo, budget, workers=workers, ray=ray):
            found[row.deal] = row
            done += 1
            covered.append(row.deal)
            if decided_only and row.verdict == "unknown":
                left_out += row.seconds
            elif f is not None:
                f.write(row.line())
                f.flush()
            if stream is not None:
                progress.add(row)
    finally:
        # The run's line, also when it was stopped: its wall time counts.
        if f is not None:
            if done:
                run = {"key": key, "budget": budget, "deals": done, "command": command,
                       "workers": "ray" if ray is not None else (workers or os.cpu_count()
                                                                  or 1),
                       "seconds": round(time.monotonic() - start, 1),
                       "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       "stopped": done < len(todo)}
                if decided_only:
                    run |= {"covered": ranges(covered), "left_out_seconds": round(left_out, 3)}
                f.write(json.dumps({"run": run}, separators=(",", ":")) + "\n")
            f.close()
    wanted = set(deals)
    return [found[d] for d in sorted(found) if d in wanted]


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m patience.study",
        description="Solve many deals under a node budget and print the winnable share.")
    p.add_argument("game", nargs="?", help=f"the game: {', '.join(GAMES)}")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. draw=3 (repeatable)")
    p.add_argument("--deals", default="1-100", help="deal numbers, e.g. 1-200 (default 1-100)")
    p.add_argument("--budget", type=int, default=20_000,
                   help="positions to expand at most a deal (default 20,000)")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: every core); with --ray local, the CPUs "
                        "of the Ray it starts")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on Ray: a cluster's host:port, auto, or local (needs the study "
                        "extra)")
    p.add_argument("--out", type=Path, help="append one JSON line a deal here, and resume")
    p.add_argument("--table", action="store_true",
                   help="print the table of every variant in --out, not only this one")
    p.add_argument("--decided-only", action="store_true",
                   help="with --out: write only the deals solved or proven lost (the run's "
                        "line names the deals it covered, the others read back as unknown)")
    p.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                   help="print the table of results files instead of solving")
    p.add_argument("--markdown", action="store_true",
                   help="with --report: print the study's page in Markdown")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (0 done, 2 bad input)."""
    p = _parser()
    args = p.parse_args(argv)
    if args.report:
        results = read_results(args.report)
        if args.markdown:
            print(markdown(results), end="")
        else:
            print(format_table(table(results.rows[k] for k in sorted(results.rows,
                                                                      key=_order))))
        return 0
    if args.game is None:
        p.error("name a game (or give --report FILE)")
    if args.decided_only and args.out is None:
        p.error("--decided-only needs --out FILE (it says which rows to leave out of it)")
    try:
        r = Rules(find_game(args.game), parse_words(args.option))
        deals = parse_deals(args.deals)
        if args.budget < 0:
            raise ValueError("--budget is a whole number from 0 up")
        if args.workers is not None and args.workers < 1:
            raise ValueError("--workers is a whole number from 1 up")
    except (PatienceError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    command = shlex.join(["python", "-m", "patience.study",
                          *(argv if argv is not None else sys.argv[1:])])
    # Stopped by a signal, the run still records what it did (see run_study).
    signal.signal(signal.SIGTERM, _stop)
    found = run_study(r, deals, args.budget, args.out, workers=args.workers, ray=args.ray,
                      command=command, stream=sys.stderr, decided_only=args.decided_only)
    if args.table and args.out is not None:
        results = read_results([args.out])
        print(format_table(table(results.rows[k] for k in sorted(results.rows, key=_order))))
    else:
        print(format_table(table(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
