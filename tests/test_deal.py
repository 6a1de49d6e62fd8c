"""The shuffles and the pinned deals: a deal never changes, on any machine, ever."""

from __future__ import annotations

from pathlib import Path

import pytest

import patience
from patience.deal import SplitMix64, seed_for, shuffle

FIXTURES = Path(__file__).parent / "fixtures"
PINNED = sorted(p.name for p in FIXTURES.glob("*.txt"))


def test_splitmix64_matches_the_reference_outputs() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_the_seed_is_the_first_8_bytes_of_sha256_of_game_and_deal() -> None:
    assert seed_for("klondike", 1) == 0xA138F7285E253845


def test_shuffle_is_a_permutation_and_depends_on_game_and_deal() -> None:
    items = list(range(52))
    a = shuffle(items, "klondike", 1)
    assert sorted(a) == items and a != items
    assert a == shuffle(items, "klondike", 1)
    assert a != shuffle(items, "klondike", 2) and a != shuffle(items, "yukon", 1)


@pytest.mark.parametrize("name", PINNED)
def test_pinned_deal(name: str) -> None:
    text = (FIXTURES / name).read_text()
    r, _ = patience.parse_position(text)
    deal = int(name.rsplit("-", 1)[1].removesuffix(".txt"))
    assert patience.format_position(r, r.deal(deal)) == text


def test_every_game_has_pinned_deals() -> None:
    assert {name.split("-")[0] for name in PINNED} == set(patience.GAMES)


@pytest.mark.parametrize("bad", [0, -1, 2**31, 1.5, "7", True])
def test_deal_numbers_are_whole_numbers_from_1_to_2_to_the_31_minus_1(bad: object) -> None:
    with pytest.raises(patience.OptionsError, match="deal number"):
        patience.rules("klondike").deal(bad)  # type: ignore[arg-type]
