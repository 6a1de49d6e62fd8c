"""Solve a deal or a position from the command line.

    python -m patience.solve GAME --deal N [--option name=value ...] [--budget NODES] [--json]
    python -m patience.solve --position FILE [--budget NODES] [--json]   (FILE may be -)

Prints the verdict, the moves in the engine's notation, the nodes searched and the time
taken (``--json``: one JSON object). Bad input is reported on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from .errors import PatienceError
from .game import State
from .games import GAMES, find_game
from .notation import parse_position
from .options import parse_words
from .rules import Rules
from .solver import DEFAULT_BUDGET, solve


class UsageError(Exception):
    """Bad input on the command line: reported with exit status 2."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m patience.solve",
        description="Solve a deal or a position: solved, unwinnable or unknown.")
    p.add_argument("game", nargs="?", help=f"the game: {', '.join(GAMES)}")
    p.add_argument("--deal", type=int, help="the deal number")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. draw=3 (repeatable)")
    p.add_argument("--position", metavar="FILE",
                   help="read a position text from FILE (- for stdin) instead of a deal")
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                   help=f"positions to expand at most (default {DEFAULT_BUDGET})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _position(args: argparse.Namespace) -> tuple[Rules, State]:
    """Return the rules and the position the arguments ask for."""
    if args.position is not None:
        if args.deal is not None or args.option:
            raise UsageError("--position takes the game and options from the position text; "
                             "do not give --deal or --option with it")
        try:
            if args.position == "-":
                text = sys.stdin.read()
            else:
                with open(args.position, encoding="utf-8") as f:
                    text = f.read()
        except OSError as e:
            raise UsageError(f"cannot read {args.position}: {e.strerror or e}") from e
        r, s = parse_position(text)
        if args.game is not None and args.game != r.game.id:
            raise UsageError(f"the position is a {r.game.id} position, not {args.game}")
        return r, s
    if args.game is None:
        raise UsageError("name a game (or give --position FILE)")
    if args.deal is None:
        raise UsageError("give --deal N (or --position FILE)")
    r = Rules(find_game(args.game), parse_words(args.option))
    return r, r.deal(args.deal)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (0 done, 2 bad input)."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    try:
        if args.budget < 0:
            raise UsageError("--budget is a whole number from 0 up")
        r, s = _position(args)
    except (UsageError, PatienceError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    result = solve(r, s, budget=args.budget)
    seconds = time.perf_counter() - start
    if args.json:
        data = {"game": r.game.id, "options": r.options, **result.to_dict(),
                "seconds": round(seconds, 3)}
        print(json.dumps(data))
    else:
        print(f"{r.game.title}: {result.verdict}")
        if result.verdict == "solved":
            print(f"moves ({len(result.moves)}): {result.notation()}")
        hidden = "; used face-down or stock cards" if result.used_hidden else ""
        print(f"{result.nodes} nodes in {seconds:.3f} s{hidden}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
