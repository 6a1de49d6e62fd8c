"""Cards as small integers, with text round trips.

A card is an ``int`` from 0 to 51: ``(rank - 1) * 4 + suit``, with suits in the order
clubs, diamonds, hearts, spades (the order Microsoft's FreeCell generator uses). Two-deck
games hold each card twice; the two copies are the same value.

>>> card = parse_card("Th")
>>> card_str(card), rank(card), suit_letter(card), is_red(card)
('TH', 10, 'H', True)
"""

from __future__ import annotations

from .errors import PositionError

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
)
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
ACE = 1
KING = 13

# Lookup tables: faster than arithmetic on the move path.
RANK: tuple[int, ...] = tuple(c // 4 + 1 for c in range(52))
SUIT: tuple[int, ...] = tuple(c % 4 for c in range(52))
RED: tuple[bool, ...] = tuple(c % 4 in (1, 2) for c in range(52))


def make_card(rank_: int, suit_: int) -> int:
    """Return the card of a rank (1 to 13) and a suit index (0 to 3)."""
    if not (1 <= rank_ <= 13 and 0 <= suit_ <= 3):
        raise ValueError(f"no card of rank {rank_} and suit {suit_}")
    return (rank_ - 1) * 4 + suit_


def rank(card: int) -> int:
    """Return the rank of a card: 1 (Ace) to 13 (King)."""
    return RANK[card]


def suit_letter(card: int) -> str:
    """Return the suit letter of a card: C, D, H or S."""
    return SUITS[SUIT[card]]


def is_red(card: int) -> bool:
    """Tell whether a card is a diamond or a heart."""
    return RED[card]


def card_str(card: int) -> str:
    """Print a card as two characters, rank then suit: ``AS``, ``TD``, ``KH``."""
    return RANKS[RANK[card] - 1] + SUITS[SUIT[card]]


def card_name(card: int) -> str:
    """Name a card in words for people and screen readers: ``10 of diamonds``."""
    return f"{RANK_NAMES[RANK[card] - 1]} of {SUIT_NAMES[SUIT[card]]}"


def parse_card(text: str) -> int:
    """Parse a card such as ``"Th"``, ``"10h"`` or ``"QS"`` (case does not matter)."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise PositionError(f"not a card: {text!r} (expected rank A23456789TJQK then suit CDHS)")
    return RANKS.index(t[0]) * 4 + SUITS.index(t[1])
