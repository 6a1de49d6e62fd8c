"""Card ids for the page's motion: each physical card keeps its id wherever it goes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import patience
from patience.bridge import Bridge
from patience.identity import Tracker, carry_ids, fresh_ids


def snap_of(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict) and "error" not in data, data
    return data


def where(snap: dict[str, Any]) -> dict[int, tuple[str, int]]:
    """Map each id to its pile and index."""
    return {cid: (pile, i) for pile, ids in snap["ids"].items() for i, cid in enumerate(ids)}


def test_a_moved_card_keeps_its_id_and_the_others_stay_put() -> None:
    b = Bridge()
    before = snap_of(b.new("freecell", "{}", 1))
    moved = before["ids"]["t8"][-1]                       # the 10 of clubs
    after = snap_of(b.play("t8>c1", 0))
    assert after["ids"]["c1"] == [moved]
    assert after["ids"]["t8"] == before["ids"]["t8"][:-1]
    for pile in ("t1", "t2", "t7"):
        assert after["ids"][pile] == before["ids"][pile]
    back = snap_of(b.undo(0))
    assert back["ids"] == before["ids"]


def test_a_spider_deal_takes_the_stocks_top_ten_to_the_ten_piles() -> None:
    b = Bridge()
    before = snap_of(b.new("spider", '{"suits": 1}', 3))
    stock = before["ids"]["stock"]
    after = snap_of(b.play("stock>tableau:10", 0))
    arrived = [after["ids"][f"t{i}"][-1] for i in range(1, 11)]
    assert sorted(arrived) == sorted(stock[-10:])
    assert after["ids"]["stock"] == stock[:-10]


def test_fresh_ids_depend_on_pile_sizes_only() -> None:
    # Nothing about a face-down card's value can be read from its id.
    assert fresh_ids(((5, 9), (), (1,))) == fresh_ids(((0, 0), (), (7,))) == [[0, 1], [], [2]]


def test_two_copies_of_a_card_keep_two_ids() -> None:
    before = ((3, 3), (), ())
    ids = carry_ids(before, [[10, 11], [], []], ((3,), (3,), ()))
    assert ids[0] == [10] and ids[1] == [11]


@pytest.mark.parametrize("game_id", list(patience.GAMES))
def test_ids_stay_a_fixed_set_through_random_play_undo_and_restart(game_id: str) -> None:
    rng = random.Random(game_id)
    b = Bridge()
    snap = snap_of(b.new(game_id, "{}", 5))
    start = snap["ids"]
    every = sorted(i for ids in start.values() for i in ids)
    assert len(every) == len(set(every))
    for step in range(60):
        moves = snap["moves"]
        if not moves or snap["status"] != "playing":
            break
        before = snap
        snap = snap_of(b.play(rng.choice(moves)["text"], 0))
        now = sorted(i for ids in snap["ids"].values() for i in ids)
        assert now == every, step
        # Every pile's cards are as many as its ids.
        assert all(len(snap["ids"][p]) == len(snap["piles"][p]) for p in snap["piles"])
        # A card that was face up before and is still on the table shows the same face.
        old = where(before)
        for pile, ids in snap["ids"].items():
            for i, cid in enumerate(ids):
                p0, i0 = old[cid]
                was, now_card = before["piles"][p0][i0], snap["piles"][pile][i]
                if was is not None and now_card is not None:
                    assert was == now_card, (step, cid)
    restarted = snap_of(b.restart(0))
    assert sorted(i for ids in restarted["ids"].values() for i in ids) == every


def test_a_new_game_gets_ids_no_earlier_game_used() -> None:
    t = Tracker()
    t.ids(((1, 2), (3,)))
    assert t.ids(((1,), (3, 2))) == [[0], [2, 1]]
    t.reset()
    assert t.ids(((1,), (3, 2))) == [[3], [4, 5]]


def test_a_new_deal_in_the_bridge_shares_no_id_with_the_last() -> None:
    b = Bridge()
    old = snap_of(b.new("klondike", "{}", 1))["ids"]
    new = snap_of(b.new("klondike", "{}", 2))["ids"]
    assert not {i for p in old.values() for i in p} & {i for p in new.values() for i in p}
