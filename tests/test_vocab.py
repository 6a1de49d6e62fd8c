"""The rule vocabulary: each value carries its test, its words and its refusal, and a value
that leaves one out cannot be made."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from patience.cards import parse_card
from patience.vocab import (
    ALTERNATE,
    ANY_CARD,
    ANY_FACE_UP,
    ANY_SUIT,
    BUILT_RUN,
    IN_SUIT,
    KING_ONLY,
    KING_RIGHTMOST,
    NO_BUILDING,
    ONE_CARD,
    STAYS_EMPTY,
    SUIT_RUN,
    Build,
    DealStep,
    Empty,
    Foundation,
    Lift,
    Play,
    Stock,
)


def c(text: str) -> int:
    return parse_card(text)


def test_each_build_has_its_own_test() -> None:
    assert ALTERNATE.fits(c("9H"), c("TS")) and not ALTERNATE.fits(c("9H"), c("TD"))
    assert IN_SUIT.fits(c("9H"), c("TH")) and not IN_SUIT.fits(c("9H"), c("TD"))
    assert ANY_SUIT.fits(c("9H"), c("TD")) and not ANY_SUIT.fits(c("9H"), c("JD"))
    assert not NO_BUILDING.fits(c("9H"), c("TS")) and not NO_BUILDING.builds


def test_a_run_refusal_names_the_games_own_build() -> None:
    assert BUILT_RUN.refusal(ALTERNATE) == \
        "only a run built down in alternating colours moves as a unit"
    assert BUILT_RUN.refusal(IN_SUIT) == "only a run built down in one suit moves as a unit"
    assert BUILT_RUN.refusal(ANY_SUIT) == "only a run built down by rank moves as a unit"
    assert ONE_CARD.refusal(IN_SUIT) == "only one card moves at a time"


def test_run_lengths() -> None:
    on = bytes(1 if IN_SUIT.fits(a, b) else 0 for a in range(52) for b in range(52))
    pile = (c("KS"), c("QH"), c("JH"), c("TH"))
    assert BUILT_RUN.length(on, pile, 4) == 3
    assert SUIT_RUN.length(on, pile, 4) == 3
    assert ANY_FACE_UP.length(on, pile, 4) == 4
    assert ONE_CARD.length(on, pile, 4) == 1


def test_empty_pile_words_are_true_of_what_lifts() -> None:
    assert KING_ONLY.words(ONE_CARD) == "Only a King goes into an empty pile."
    assert "run headed" in KING_ONLY.words(BUILT_RUN)
    assert "run" not in KING_RIGHTMOST.words(ONE_CARD)
    assert ANY_CARD.words(ONE_CARD) == "Any card goes into an empty pile."
    assert KING_ONLY.refusal(c("QS"), False, ONE_CARD) == "only a King fills an empty pile"
    assert KING_ONLY.refusal(c("KS"), False, ONE_CARD) is None
    assert KING_RIGHTMOST.refusal(c("KS"), False, BUILT_RUN) == \
        "only the rightmost pile can be filled, and only with a King"
    assert STAYS_EMPTY.refusal(c("KS"), True, ONE_CARD) == "an emptied pile stays empty"
    assert not STAYS_EMPTY.accepts(c("KS"), True) and KING_RIGHTMOST.accepts(c("KS"), True)


@pytest.mark.parametrize("kind", [Build, Lift, Empty, Foundation, Stock, DealStep, Play])
def test_a_value_that_leaves_out_a_method_cannot_be_made(kind: type) -> None:
    """Every method of a kind is abstract: a new value without one is refused (by mypy
    --strict before it runs, and here when it is made)."""
    half: type = dataclass(frozen=True)(type("Half", (kind,), {}))
    abstract: frozenset[str] = getattr(kind, "__abstractmethods__")  # noqa: B009
    if kind is Stock:
        assert abstract == {"words"}
    else:
        assert abstract
    with pytest.raises(TypeError, match="abstract"):
        half()
