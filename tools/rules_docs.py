"""Write ``docs/rules/``: the project's own specification, generated from the game tables.

    python3 tools/rules_docs.py            # rewrite docs/rules/ and the README's opening
    python3 tools/rules_docs.py --check    # exit 1 if the committed files are out of date

One page per game (``docs/rules/<game id>.md``), made by :mod:`patience.rulespage` from the
game's table with its default options, and ``decisions.md``: what the engine settles where
the classic rule sheets leave a choice, with its numbers taken from the engine's constants.
A test (``tests/test_rules_docs.py``) fails when the committed files differ from what this
writes, so a change to a table or a constant must come with the regenerated pages.

The README's opening sentence names the games of the registry, counted in words; this tool
writes it too (``readme``), so a new game needs no hand edit of the README.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from patience import movegen, rulespage  # noqa: E402
from patience.game import Game  # noqa: E402
from patience.games import GAMES  # noqa: E402
from patience.rules import MAX_DEAL  # noqa: E402

DOCS = ROOT / "docs" / "rules"
README = ROOT / "README.md"
COUNTS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen",
          "Eighteen", "Nineteen", "Twenty")
NOTICE = ("<!-- Written by tools/rules_docs.py from the game tables; edit the tables or the "
          "tool, then run it again. -->")


def decisions() -> str:
    """Return ``decisions.md``: the choices the engine makes, in the project's words."""
    m = movegen
    games = "\n".join(f"- [{g.title}]({g.id}.md)" for g in GAMES.values())
    return f"""{NOTICE}

# Rule decisions

The classic rule sheets are written for people at a table and leave some points open; real
programs settle them differently. Patience settles each one here, once, so that the engine,
the rules pages, the solver and the tests all play the same game. The pages of the games
say the rest:

{games}

## Every game

- A face-down card left on top of a pile is turned face up by the move that uncovered it;
  there is no separate move to turn it.
- Undo and redo have no limit, and undoing never changes the deal.
- A deal is fixed by the game, its options and its number (1 to {MAX_DEAL}): the same three
  give the same cards in the same places on any machine, now and later. The shuffle is
  written out in `py/patience/deal.py`; changing it is a breaking change. FreeCell's numbers
  are Microsoft's, and the same generator carries on past 32000.
- A game is *stuck* when it has no legal move, or when all that is left is going through the
  stock and none of its cards could be played anywhere. Stuck is not the same as lost: only
  the solver can say that a game can no longer be won.
- Games with no scoring option score the cards on their foundations (the Pyramid the cards
  removed, Spider the cards that have left the table, TriPeaks and Golf the cards taken off
  the table).

## Klondike

- The options and their defaults are the table's: draw 1 (or 3), 3 passes (or 1, or no
  limit), standard scoring (or Vegas, or none), untimed, foundation take-back allowed, no
  peek.
- Standard scoring: {m.FOUNDATION_POINTS} points for a card put on a foundation,
  {m.TURN_UP_POINTS} for a card turned face up, {m.TAKEBACK_POINTS} for a card taken back
  from a foundation, {m.RECYCLE_POINTS} for turning the waste over when drawing three, and
  {m.RECYCLE_POINTS_DRAW_ONE} when drawing one (the sheets say nothing of drawing one; this
  is what Windows does).
- Timed play, with standard scoring only, takes {m.TIME_PENALTY} points every
  {m.TIME_PERIOD} seconds.
- The score is a running total that never goes below 0: each loss stops at 0 when it
  happens, so no debt is carried over for later points to pay off.
- Vegas starts at {m.VEGAS_START} and adds {m.VEGAS_CARD} for each card on the foundations.
  A balance carried from game to game is a statistic of the page, not part of a game.
- Take-back is on by default because the standard table has a price for it.

## Spider

- The 104 cards are always two decks' worth: in one suit, eight runs of spades; in two, four
  of spades and four of hearts; in four, two of each suit.
- The stock deals a row only when no column is empty.

## FreeCell

- A move of several cards is a shortcut for moving them one at a time through the empty free
  cells and columns, so it carries at most as many cards as that could; into an empty column,
  half as many.
- Cards on the foundations stay there.

## Pyramid

- The top card of the waste is free, like an uncovered card of the pyramid.
- The game is won when the pyramid is cleared, whatever the stock and waste still hold.

## Yukon, Streets and Alleys, Roosevelt

- Cards on the foundations stay there. Streets and Alleys moves one card at a time, as its
  sheet says. Roosevelt turns the stock by hand, one card at a time, once through.

## All in a Row

- The single foundation takes any card first, then a card one rank above or below its top,
  whatever the suit, with King and Ace next to each other.
- Nothing goes to the foundation by itself: every move is the player's.

## TriPeaks and Golf

- The deal turns one card from the stock onto the waste, so there is always a card to play
  on; nothing plays onto an empty waste.
- The stock is turned one card at a time, once through, with no second pass.
- A card goes on the waste when it is one rank above or below the top card, whatever the
  suit. TriPeaks counts King and Ace as neighbours by default, as Microsoft's does; an option
  keeps them apart. Golf keeps them apart by default, as the traditional rule does, and then
  nothing at all goes on a King (a King still goes on a Queen); its option makes them
  neighbours, and then a Queen or an Ace goes on a King.
- TriPeaks' peaks are four rows of 3, 6, 9 and 10 cards, each card of the upper rows
  overlapped by two of the row below. Only the bottom row is dealt face up; a card turns
  face up as soon as both cards over it are gone, and only face-up cards play.
- The game is won when the table is cleared, whatever the stock still holds. Streak and
  par scores of other programs are not kept: the score counts the cards taken off the table.

## Moving Left

- The piles close up from the right as part of the move that left a gap, turning up the card
  they uncover, until no gap is left; one undo takes all of it back.
- The top card of a foundation may come back to a pile.
{"".join(_own(g) for g in GAMES.values() if g.decisions)}"""


def _own(game: Game) -> str:
    """Return the section of ``decisions.md`` a game's table writes (``Game.decisions``)."""
    points = "\n".join(rulespage.wrap(point, "- ", "  ") for point in game.decisions)
    return f"\n## {game.title}\n\n{points}\n"


def pages() -> dict[str, str]:
    """Return every file of ``docs/rules/`` by name, with its text."""
    out = {f"{g.id}.md": NOTICE + "\n\n" + rulespage.markdown(rulespage.build(g))
           for g in GAMES.values()}
    out["decisions.md"] = decisions()
    return out


def readme(text: str) -> str:
    """Return the README with its opening paragraph naming the registry's games: "Ten
    solitaire games — Klondike, ... and Baker's Dozen — " and the rest of the paragraph as
    it stands, wrapped again."""
    head, first, rest = text.split("\n\n", 2)
    found = re.fullmatch(r"\w+ solitaire games — .*? — (.*)", " ".join(first.split()))
    if found is None:
        raise ValueError("the README's first paragraph does not open with the games")
    titles = [g.title for g in GAMES.values()]
    count = COUNTS[len(titles)] if len(titles) < len(COUNTS) else str(len(titles))
    names = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    opening = f"{count} solitaire games — {names} — {found.group(1)}"
    return "\n\n".join([head, rulespage.wrap(opening), rest])


def main() -> int:
    """Write the files, or with ``--check`` tell whether they are up to date."""
    check = "--check" in sys.argv[1:]
    stale = []
    text = README.read_text(encoding="utf-8")
    if readme(text) != text:
        stale.append("README.md")
        if not check:
            README.write_text(readme(text), encoding="utf-8")
    for name, text in pages().items():
        path = DOCS / name
        if path.exists() and path.read_text() == text:
            continue
        stale.append(name)
        if not check:
            DOCS.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if check and stale:
        print("out of date: " + ", ".join(stale) + " (run python3 tools/rules_docs.py)")
        return 1
    print(("rewrote " + ", ".join(stale)) if stale else "docs/rules is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
