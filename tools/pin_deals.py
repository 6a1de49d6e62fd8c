"""Write the pinned deals of ``tests/fixtures/``: what a deal number deals, kept forever.

    .venv/bin/python tools/pin_deals.py             # pin deals 1 and 2026 of every game
    .venv/bin/python tools/pin_deals.py eight_off   # one game (new games: this line)
    .venv/bin/python tools/pin_deals.py --check     # exit 1 if a pinned deal is missing or differs

A pinned deal is the position of a game's deal with its default options, in the text form
of :func:`patience.format_position`, in ``tests/fixtures/<game id>-<deal>.txt``;
``tests/test_deal.py`` deals each one again and compares. A deal never changes, so this tool
writes the files that are missing and never overwrites one that differs: it names it and
fails, since a changed deal is a breaking change (``py/patience/deal.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import patience  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
#: The deals pinned for every game: the first, and one far from it.
DEALS = (1, 2026)


def pinned(game_id: str, deal: int) -> tuple[Path, str]:
    """Return the file of a game's pinned deal and the text it must hold."""
    r = patience.rules(game_id)
    return FIXTURES / f"{game_id}-{deal}.txt", patience.format_position(r, r.deal(deal))


def pin(game_ids: list[str], deals: tuple[int, ...] = DEALS, write: bool = True
        ) -> tuple[list[Path], list[Path]]:
    """Write the missing pinned deals (unless ``write`` is false); return the files written
    (or missing) and those whose text differs from what the engine deals."""
    made: list[Path] = []
    differ: list[Path] = []
    for game_id in game_ids:
        for deal in deals:
            path, text = pinned(game_id, deal)
            if not path.exists():
                if write:
                    path.write_text(text, encoding="utf-8")
                made.append(path)
            elif path.read_text(encoding="utf-8") != text:
                differ.append(path)
    return made, differ


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help=f"games (default all: {', '.join(patience.GAMES)})")
    p.add_argument("--check", action="store_true", help="write nothing; fail on any gap")
    args = p.parse_args(argv)
    for game_id in args.games:
        patience.find_game(game_id)
    made, differ = pin(args.games or list(patience.GAMES), write=not args.check)
    for path in made:
        print(f"{'missing' if args.check else 'wrote'} {path.relative_to(ROOT)}")
    for path in differ:
        print(f"DIFFERS (a deal changed; not overwritten): {path.relative_to(ROOT)}")
    return 1 if differ or (args.check and made) else 0


if __name__ == "__main__":
    sys.exit(main())
