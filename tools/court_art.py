"""Draw the court figures (J, Q, K of each suit) into ``static/cards/court.svg``.

Run ``python tools/court_art.py`` after changing a drawing; the output is committed and served
as it is (one file, one request, cached by the service worker). Every figure is the project's
own drawing: a bust in the classic double-headed manner (the lower half is the upper half turned
half a circle), in the four colours of printed cards. The three ranks share the bust; a suit
changes the colours and the small suit sign beside the head, drawn in the page's suit colours
(clubs and diamonds a second time in the four-colour deck's).

The page shows each figure as an image of one view of the file,
``<img src="static/cards/court.svg#KS">`` (cards.js): one element per card, drawn once by the
browser, where a ``<use>`` would copy the figure's seventy elements into every card.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "cards" / "court.svg"

INK = "#1b1b1b"
SKIN = "#f7dcb8"
GOLD = "#e9b824"
RED = "#c8262e"
BLUE = "#24489c"
WHITE = "#fffdf8"
GREY = "#b9bcc4"

# The suit signs, as in the page's own sprite (index.html), drawn in a 100 x 100 box.
SUITS = {
    "S": "M50 4C38 24 10 38 10 60c0 14 12 23 24 21 6-1 10-4 12-8-1 9-5 16-12 23h32c-7-7-11-14"
         "-12-23 2 4 6 7 12 8 12 2 24-7 24-21C90 38 62 24 50 4z",
    "H": "M50 92C34 76 6 58 6 33 6 18 17 8 30 8c9 0 16 5 20 13 4-8 11-13 20-13 13 0 24 10 24 25"
         " 0 25-28 43-44 59z",
    "D": "M50 3 88 50 50 97 12 50z",
    "C": "M50 6a19 19 0 0 0-17 28A19 19 0 1 0 44 68c-1 11-6 19-13 26h38c-7-7-12-15-13-26a19 19 0 1"
         " 0 11-34A19 19 0 0 0 50 6z",
}

# Per suit: the robe, the robe's second colour (sleeve, lining) and the trim.
PALETTES = {
    "S": (BLUE, RED, GOLD),
    "H": (RED, BLUE, GOLD),
    "C": (RED, GOLD, BLUE),
    "D": (BLUE, GOLD, RED),
}


def fill(colour: str, d: str, stroke: bool = True) -> str:
    """Return a path filled with ``colour`` (a colour, or a suit's ``var(--x)``), outlined."""
    outline = f' stroke="{INK}" stroke-width="0.9" stroke-linejoin="round"' if stroke else ""
    return f'<path fill="{colour}"{outline} d="{d}"/>'


def line(d: str, width: float = 0.8) -> str:
    """Return an unfilled ink stroke."""
    return (f'<path fill="none" stroke="{INK}" stroke-width="{width}" stroke-linecap="round"'
            f' d="{d}"/>')


# The parts every figure shares, in the upper half (0 0 100 65). The robe's colours are written
# var(--robe), var(--second) and var(--trim), and replaced by each suit's own (the page's
# Content-Security-Policy allows no style attributes, so no custom properties).
BUST = "".join([
    # Shoulders and robe, down to the middle line.
    fill("var(--robe)", "M8 65C8 52 16 45 30 42L40 40Q50 47 60 40L70 42C84 45 92 52 92 65Z"),
    # Sleeve lining on either side.
    fill("var(--second)", "M8 65C8 55 12 49 20 45L26 65Z"),
    fill("var(--second)", "M92 65C92 55 88 49 80 45L74 65Z"),
    # The trim: a collar and a band down the front, with dots.
    fill("var(--trim)", "M36 41Q50 52 64 41L68 44Q50 58 32 44Z"),
    fill("var(--trim)", "M46 52H54V65H46Z"),
    '<g fill="#1b1b1b"><circle cx="50" cy="56" r="1.2"/><circle cx="50" cy="61" r="1.2"/></g>',
    # Neck and face.
    fill(SKIN, "M45 36H55V44Q50 47 45 44Z"),
    fill(SKIN, "M50 17C58 17 61 23 61 29C61 37 56 42 50 42C44 42 39 37 39 29C39 23 42 17 50 17Z"),
    # Eyes, brows, nose, mouth.
    '<g fill="#1b1b1b"><ellipse cx="45.5" cy="28" rx="1.1" ry="1.3"/>'
    '<ellipse cx="54.5" cy="28" rx="1.1" ry="1.3"/></g>',
    line("M43 25.3Q45.5 24 48 25.3M52 25.3Q54.5 24 57 25.3", 0.7),
    line("M50 29V33.5L48.6 34", 0.7),
    line("M47 37Q50 38.6 53 37", 0.8),
])

KING = ("".join([
    # The sword raised behind the shoulder.
    fill(GREY, "M82 4L85 4L85 40L82 40Z"),
    fill(GOLD, "M77 40H90V43H77Z"),
    fill("var(--second)", "M82 43H85V52H82Z"),
]), "".join([
    # Hair and a full beard.
    fill(WHITE, "M39 27C36 33 37 38 40 41C43 49 57 49 60 41C63 38 64 33 61 27"
                "C60 34 57 36 50 36C43 36 40 34 39 27Z"),
    line("M46 36.5Q50 35 54 36.5", 0.7),
    # The crown: a band and five points with jewels.
    fill(GOLD, "M37 22L36 8L42 14L46 5L50 12L54 5L58 14L64 8L63 22Z"),
    fill("var(--second)", "M37 18H63V23H37Z"),
    f'<g fill="{RED}" stroke="{INK}" stroke-width="0.5"><circle cx="36" cy="8" r="1.6"/>'
    '<circle cx="46" cy="5" r="1.6"/><circle cx="54" cy="5" r="1.6"/>'
    '<circle cx="64" cy="8" r="1.6"/></g>',
    # An orb held before him.
    fill(GOLD, "M24 49A5 5 0 1 1 34 49A5 5 0 1 1 24 49Z"),
    line("M29 44V40M27 42H31", 0.9),
]))

QUEEN = (
    # Long hair falling behind the face.
    fill(GOLD, "M50 14C36 14 34 26 35 36C36 44 33 50 30 54L40 52C41 46 40 40 40 30"
               "C40 24 44 20 50 20C56 20 60 24 60 30C60 40 59 46 60 52L70 54C67 50 64 44 65 36"
               "C66 26 64 14 50 14Z"),
    "".join([
    fill(GOLD, "M40 30C40 22 44 19 50 19C56 19 60 22 60 30C57 24 54 23 50 23C46 23 43 24 40 30Z"),
    # A low crown with a veil.
    fill("var(--second)", "M34 18C40 22 60 22 66 18L62 30C56 26 44 26 38 30Z"),
    fill(GOLD, "M39 18L40 9L45 14L50 7L55 14L60 9L61 18Q50 21 39 18Z"),
    f'<g fill="{WHITE}" stroke="{INK}" stroke-width="0.5"><circle cx="40" cy="9" r="1.4"/>'
    '<circle cx="50" cy="7" r="1.4"/><circle cx="60" cy="9" r="1.4"/></g>',
    # The flower she holds.
    line("M80 50C78 38 80 26 82 18", 1.4),
    fill("var(--trim)", "M76 12C76 18 79 21 82 21C85 21 88 18 88 12L85 15L82 9L79 15Z"),
    fill("#3d8b3d", "M80 34C74 32 72 28 72 26C77 26 80 29 80 34Z"),
    # A necklace.
    line("M40 44Q50 52 60 44", 0.7),
    f'<circle cx="50" cy="49.5" r="1.6" fill="{RED}" stroke="{INK}" stroke-width="0.5"/>',
    ]))

JACK = ("", "".join([
    # Short curled hair.
    fill(GOLD, "M39 30C37 24 39 17 46 15C50 13 56 14 59 17C62 20 62 26 61 30"
               "C60 26 58 24 56 24L44 24C42 24 40 26 39 30Z"),
    line("M38 31Q36 34 39 36M62 31Q64 34 61 36", 0.8),
    # A cap with a feather.
    fill("var(--second)", "M36 21C38 12 45 9 52 9C59 9 64 13 65 19C60 22 42 23 36 21Z"),
    fill("var(--trim)", "M36 21C44 24 58 24 65 19L65 22C58 26 44 26 36 24Z"),
    fill(WHITE, "M58 11C66 6 74 5 80 7C74 9 68 12 61 15Z"),
    line("M59 12.5C66 9 72 7.5 78 7.5", 0.5),
    # The halberd on his shoulder.
    line("M16 62L24 8", 1.6),
    fill(GREY, "M22 7C17 9 15 13 15 17L22 16Z"),
    fill(GREY, "M24 8L28 1L27 10Z"),
    # A moustache.
    line("M46.5 35.2Q50 34 53.5 35.2", 0.9),
]))

FIGURES = {"K": KING, "Q": QUEEN, "J": JACK}


def half(rank: str, suit: str) -> str:
    """Return the upper half of one figure, in its suit's colours, with the suit sign."""
    behind, front = FIGURES[rank]
    art = behind + BUST + front
    for name, colour in zip(("robe", "second", "trim"), PALETTES[suit], strict=True):
        art = art.replace(f"var(--{name})", colour)
    sign = f'<use href="#s{suit}" x="4" y="4" width="16" height="16"/>'
    return f'<g id="h{rank}{suit}">{art}{sign}</g>'


def symbol(rank: str, suit: str) -> str:
    """Return the ``<symbol>`` for one court card: two halves (each the top 56 of the 65 drawn),
    a frame round them and a line between them."""
    return (
        f'<symbol id="f{rank}{suit}" viewBox="0 0 100 112">'
        f'<rect x="0.6" y="0.6" width="98.8" height="110.8" rx="3" fill="{WHITE}"/>'
        f'<svg width="100" height="56" viewBox="0 0 100 56" overflow="hidden">'
        f'<use href="#h{rank}{suit}"/></svg>'
        f'<svg width="100" height="56" y="56" viewBox="0 0 100 56" overflow="hidden">'
        f'<use href="#h{rank}{suit}" transform="rotate(180 50 28)"/></svg>'
        f'<path d="M1 56H99" stroke="{INK}" stroke-width="0.8"/>'
        f'<rect x="0.6" y="0.6" width="98.8" height="110.8" rx="3" fill="none" stroke="{INK}"'
        f' stroke-width="1.2"/></symbol>'
    )


# The suit signs' colours, as the page's (app.css :root): two-colour, and four-colour for the
# suits that change (clubs green, diamonds blue).
INKS = {"S": "#1b1b1b", "H": "#c8102e", "C": "#1b1b1b", "D": "#c8102e"}
FOUR = {"C": "#137333", "D": "#1a55c4"}
W, H = 100, 112


def sprite() -> str:
    """Return the whole file: the parts in ``<defs>``, every figure drawn once in a grid, and a
    ``<view>`` per figure, so that ``court.svg#KS`` is an image of the king of spades alone
    (``#KC4``: the king of clubs in the four-colour deck). The file's own size is one figure's,
    the viewport every view is drawn into."""
    suits = "".join(f'<symbol id="s{s}" viewBox="0 0 100 100"><path fill="currentColor" d="{d}"/>'
                    f"</symbol>" for s, d in SUITS.items())
    halves = "".join(half(r, s) for r in FIGURES for s in SUITS)
    figures = "".join(symbol(r, s) for r in FIGURES for s in SUITS)
    cells = [(f"{r}{s}", f"{r}{s}", INKS[s]) for r in FIGURES for s in SUITS]
    cells += [(f"{r}{s}4", f"{r}{s}", FOUR[s]) for r in FIGURES for s in FOUR]
    cols = 6
    rows = -(-len(cells) // cols)
    drawn = []
    for i, (view, fig, ink) in enumerate(cells):
        x, y = i % cols * W, i // cols * H
        drawn.append(f'<use href="#f{fig}" x="{x}" y="{y}" width="{W}" height="{H}" color="{ink}"/>'
                     f'<view id="{view}" viewBox="{x} {y} {W} {H}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {cols * W} {rows * H}"'
            f' width="{W}" height="{H}">'
            f"<defs>{suits}{halves}{figures}</defs>{''.join(drawn)}</svg>\n")


def main() -> int:
    """Write the sprite; print its size."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(sprite(), encoding="utf-8")
    print(f"{OUT.relative_to(OUT.parents[2])}: {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
