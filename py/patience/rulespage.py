"""Rules pages built from the game tables: what the engine plays, said in words.

Every fact a page states comes from the game's :class:`~patience.game.Game` table, the options
chosen, the engine's constants (the scoring points of :mod:`patience.movegen`), or a deal the
engine makes (pile sizes, face-down cards, the stock); only the short introduction is
written by hand, in the game's own file (``Game.summary``). A page is a list of blocks
(headings, paragraphs, lists) that :func:`html` and :func:`markdown` print.

Every number a page states goes through :meth:`Page.num`, which records it under a name;
the tests check each recorded number against what the engine does in play.
"""

from __future__ import annotations

import html as _html
from collections.abc import Mapping
from dataclasses import dataclass, field

from . import movegen
from .game import AfterMove, Game
from .games.layouts import close_up, remove_runs, turn_up_free
from .rules import Rules
from .vocab import SUIT_UP

# What each after-move hook does, said once, next to nothing else: the hooks live in
# ``games/layouts.py`` and their words here. (The deal's steps say their own words.)
HOOK_WORDS: dict[AfterMove, str] = {
    close_up: "When a pile other than the last empties, the face-up cards of the pile to its "
              "right slide into the gap and the card they uncover turns face up; if that pile "
              "empties too, the next one slides, and so on. So empty piles only ever stand at "
              "the right-hand end. Undo takes the whole slide back in one step.",
    remove_runs: "A complete run of one suit from King down to Ace goes to the foundations at "
                 "once.",
    turn_up_free: "A face-down card turns face up as soon as no card overlaps it.",
}


@dataclass
class Page:
    """A rules page being written: its blocks, and the numbers it states by name."""

    title: str
    blocks: list[tuple[str, str | list[str]]] = field(default_factory=list)
    numbers: list[tuple[str, int]] = field(default_factory=list)

    def num(self, name: str, value: int) -> str:
        """Return a number as the page writes it, recording what it stands for."""
        self.numbers.append((name, value))
        return str(value) if value >= 0 else f"minus {-value}"

    def h3(self, text: str) -> None:
        """Add a heading."""
        self.blocks.append(("h3", text))

    def p(self, text: str) -> None:
        """Add a paragraph."""
        self.blocks.append(("p", text))

    def ul(self, items: list[str]) -> None:
        """Add a list (nothing when it is empty)."""
        if items:
            self.blocks.append(("ul", items))

    def text(self) -> str:
        """Return every sentence of the page, one a line (for the tests)."""
        out: list[str] = [self.title]
        for _, content in self.blocks:
            out.extend([content] if isinstance(content, str) else content)
        return "\n".join(out)


def _plural(n: int, word: str, words: str | None = None) -> str:
    return word if n == 1 else (words or word + "s")


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def build(game: Game, options: Mapping[str, object] | None = None) -> Page:
    """Return the rules page of a game with options (the defaults for those not given)."""
    r = Rules(game, options)
    page = Page(game.title)
    if game.summary:
        page.p(game.summary)
    _layout(page, r)
    _moves(page, r)
    _options(page, r)
    _scoring(page, r)
    _winning(page, r)
    return page


def _layout(page: Page, r: Rules) -> None:
    g = r.game
    s = r.deal(1)
    num = page.num
    sizes = [len(s.piles[t]) for t in r.T]
    downs = [s.down[t] for t in r.T]
    page.h3("Layout")
    deck = f"{num('decks', g.decks)} decks, {num('cards', g.cards)} cards" if g.decks > 1 \
        else f"{num('cards', g.cards)} cards"
    if g.cover:
        rows = 0
        while rows * (rows + 1) // 2 < len(sizes):
            rows += 1
        table = (f"{num('tableau cards', sum(sizes))} cards in {num('rows', rows)} rows, each "
                 "overlapping the row above it, all face up.") if not any(downs) else (
            f"{num('tableau cards', sum(sizes))} cards in rows, each overlapping the row above "
            "it: the cards nothing overlaps face up, the others face down.")
    else:
        table = f"{num('piles', len(sizes))} piles " + _sizes(page, sizes) + ", " + \
            _faces(page, sizes, downs) + "."
    stock = ""
    if r.stock >= 0:
        stock = f" The other {num('stock', len(s.piles[r.stock]))} cards are the stock."
    cells = ""
    if r.C:
        cells = f" {num('cells', len(r.C))} free cells each hold any one card."
    page.p(f"{deck}. {table}{stock}{cells} {foundation_words(page, r)}")
    for step in g.deal:
        said = step.words(num)
        if said is not None:
            page.p(said)
    if g.shuffle == "microsoft":
        page.p("Deal numbers are Microsoft's: a deal here has the layout of the game of the "
               "same number in Windows FreeCell.")


def foundation_words(page: Page, r: Rules) -> str:
    """Return the sentence saying what the foundations take."""
    return r.game.foundation.words(page.num, len(r.F))


def _sizes(page: Page, sizes: list[int]) -> str:
    num = page.num
    if len(set(sizes)) == 1:
        return f"of {num('pile size', sizes[0])} {_plural(sizes[0], 'card')}"
    if sizes == list(range(sizes[0], sizes[0] + len(sizes))):
        return f"of {num('pile size', sizes[0])} to {num('pile size', sizes[-1])} cards"
    groups: list[list[int]] = []
    for size in sizes:
        if groups and groups[-1][0] == size:
            groups[-1].append(size)
        else:
            groups.append([size])
    if len(groups) <= 3:
        return "(" + _list([f"{num('piles', len(g_))} of {num('pile size', g_[0])}"
                            for g_ in groups]) + ")"
    return "of " + _list([num("pile size", n) for n in sizes]) + " cards"


def _faces(page: Page, sizes: list[int], downs: list[int]) -> str:
    num = page.num
    ups = [n - d for n, d in zip(sizes, downs)]
    if not any(downs):
        return "all face up"
    if all(u == 1 for u in ups):
        return "only the top card of each face up"
    top = max(ups)
    if all(u == min(n, top) for u, n in zip(ups, sizes)):
        return (f"the top {num('face up', top)} cards of each face up (all the cards of a "
                "shorter pile)")
    return "the top " + _list([num("face up", u) for u in ups]) + " cards face up"


def _moves(page: Page, r: Rules) -> None:
    g = r.game
    page.h3("Moves")
    items = table_words(page, r)
    if r.stock >= 0:
        items.extend(stock_words(page, r))
    if g.foundation.takes_cards:
        items.append("The top card of a foundation may come back to a pile." if r.takeback
                     else "Cards on the foundations stay there.")
    if g.safety == "none" and g.after_move is None:
        items.append("Nothing is moved for you: every move is yours.")
    page.ul(items)


def table_words(page: Page, r: Rules) -> list[str]:
    """Return the sentences on how cards move on the table: building, lifting, empty piles,
    pairs, the foundation's own rule, face-down cards and what happens after a move."""
    g = r.game
    num = page.num
    items = g.play.words(num, r)
    if any(r.deal(1).down) and not r.below:
        items.append("A face-down card left on top of a pile turns face up at once.")
    if g.after_move is not None and g.after_move in HOOK_WORDS:
        items.append(HOOK_WORDS[g.after_move])
    return items


def stock_words(page: Page, r: Rules) -> list[str]:
    """Return the sentences on the stock (and the waste) of a game that has one."""
    out = r.game.stock.words(page.num, r.draw, r.max_recycles, len(r.T),
                             len(r.deal(1).piles[r.stock]))
    if r.peek:
        out.append("The next card of the stock is shown.")
    return out


def _options(page: Page, r: Rules) -> None:
    g = r.game
    if not g.options:
        return
    page.h3("Options")
    items = []
    for o in g.options:
        labels = o.labels or tuple(str(c) for c in o.choices)
        chosen = labels[o.choices.index(r.options[o.name])]
        for choice in o.choices:
            if isinstance(choice, int) and not isinstance(choice, bool):
                page.num(f"option {o.name}", choice)
        items.append(f"{o.label}: {chosen} (of {', '.join(labels)}).")
    page.ul(items)


def _scoring(page: Page, r: Rules) -> None:
    g = r.game
    num = page.num
    page.h3("Scoring")
    if r.scoring == "none":
        page.p("No score is kept.")
        return
    if r.standard:
        m = movegen
        recycle = m.RECYCLE_POINTS_DRAW_ONE if r.draw == 1 else m.RECYCLE_POINTS
        items = [
            f"A card put on a foundation: {num('foundation points', m.FOUNDATION_POINTS)} "
            "points.",
            f"A card turned face up: {num('turn up points', m.TURN_UP_POINTS)} points.",
            f"A card taken back from a foundation: {num('takeback points', m.TAKEBACK_POINTS)}"
            " points.",
            f"Turning the waste over, drawing {num('draw', r.draw)} "
            f"{_plural(r.draw, 'card')} at a time: {num('recycle points', recycle)} points.",
            f"The score never drops below {num('floor', 0)}: a loss that would take it lower "
            "stops there.",
        ]
        if r.timed:
            items.append(f"Timed: {num('time penalty', m.TIME_PENALTY)} points off every "
                         f"{num('time period', m.TIME_PERIOD)} seconds, taken as the time "
                         "passes and stopping at 0 like any loss: no debt is kept for later "
                         "points to pay off.")
        page.ul(items)
        return
    if r.scoring == "vegas":
        page.p(f"Vegas: you start at {num('vegas start', movegen.VEGAS_START)} and earn "
               f"{num('vegas card', movegen.VEGAS_CARD)} for each card on the foundations.")
        return
    page.p(f"The score counts the {g.foundation.counted()}.")


def _winning(page: Page, r: Rules) -> None:
    page.h3("Winning")
    if r.game.goal == "tableau":
        page.p("You win when the table is cleared, whatever is left in the stock and waste.")
    else:
        page.p(f"You win when all {page.num('cards', r.game.cards)} cards are on the "
               "foundations.")
    if r.game.foundation == SUIT_UP and (r.waste >= 0 or any(r.deal(1).down)):
        page.p("Once the stock and waste are empty and every card is face up, the game can "
               "finish itself.")


# Printing ---------------------------------------------------------------------------------


def html(page: Page) -> str:
    """Print a page as simple HTML (``h3``, ``p``, ``ul``/``li``), everything escaped."""
    out: list[str] = []
    for kind, content in page.blocks:
        if isinstance(content, str):
            out.append(f"<{kind}>{_html.escape(content)}</{kind}>")
        else:
            out.append("<ul>" + "".join(f"<li>{_html.escape(item)}</li>" for item in content)
                       + "</ul>")
    return "\n".join(out)


def markdown(page: Page, level: int = 2) -> str:
    """Print a page as Markdown: a title, then its sections one heading level down."""
    out = [f"{'#' * (level - 1)} {page.title}", ""]
    for kind, content in page.blocks:
        if kind == "h3":
            out += [f"{'#' * level} {content}", ""]
        elif isinstance(content, str):
            out += [wrap(content), ""]
        else:
            out += [wrap(item, "- ", "  ") for item in content] + [""]
    return "\n".join(out).rstrip() + "\n"


def wrap(text: str, first: str = "", rest: str = "", width: int = 96) -> str:
    """Wrap a sentence for Markdown at ``width`` characters."""
    lines: list[str] = []
    line = first
    for word in text.split():
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = rest
        line += word + " "
    lines.append(line.rstrip())
    return "\n".join(lines)
